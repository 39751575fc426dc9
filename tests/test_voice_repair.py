"""Voice transcripts: bridge words the speech model mishears, put back by sound
(bot/voice/repair.py). The near-misses below are shapes Whisper base wrote for
espeak-ng notes (benchmarks/bench_voice_reliability.py), not a list the module
holds: it knows only the bridge vocabulary and how words sound."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.understanding import classify
from bot.voice.recognizer import _summarise
from bot.voice.repair import phonetic_key, repair


@pytest.mark.parametrize(
    ("lang", "heard", "meant"),
    [
        ("en", "over my once paid", "over my one spade"),
        ("en", "change it to two speeds", "change it to two spades"),
        ("en", "change it to 2spz", "change it to two spades"),
        ("en", "My partner has edited for a long time", "My partner hesitated for"),
        ("en", "We are living for Ron Bord.", "Wrong board"),
        ("en", "West Rob Tacard face up", "Stop card face up"),
        ("en", "alert the two diamond transters", "two diamond transfer"),
        ("en", "my left hand opponent double-nautum turn.", "double-out of turn"),
        ("fr", "nor à ouverte un pic", "un pique"),
        ("fr", "il a dit un keur", "un cœur"),
        ("fr", "Shaku ture ture", "hors tour"),
    ],
)
def test_near_misses_are_written_as_meant(lang: str, heard: str, meant: str) -> None:
    result = repair(heard, lang)
    assert meant in result.text, result
    assert result.changes


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # Bridge words heard right are never overwritten by a neighbour.
        ("en", "East bid one heart over my one spade. Insufficient bid."),
        ("en", "four passes after a long hesitation by South"),
        ("en", "partner explained 3C as a splinter, it was natural"),
        ("en", "West was bad, but he made two clubs."),  # "bad" is not *bid*
        ("en", "It was North's turn to call."),  # "was" is not *West*
        ("en", "Over my 2H opening LHO bid 2D. What now?"),
        ("fr", "Ouest a passé hors tour, c'était à Nord de parler."),
        ("fr", "Ouest a pris ses cartes dans le mauvais boîtier"),  # not "six cœurs"
        ("fr", "quatre passes après une longue hésitation de Sud"),
        ("fr", "Ouest devait passer mais il a dit deux trèfles."),  # "passer" stays
        ("de", "Ost hat ein Herz über mein Pik geboten"),  # another language: as is
        ("en", ""),
    ],
)
def test_what_is_readable_stays_as_it_is(lang: str, text: str) -> None:
    assert repair(text, lang).text == text


@pytest.mark.parametrize(
    ("lang", "heard", "meant"),
    [
        ("en", "once paid", "one spade"),
        ("en", "past", "pass"),
        ("fr", "keur", "cœur"),
        ("fr", "sans à tout", "sans atout"),
        ("fr", "sur contre", "surcontre"),
    ],
)
def test_near_misses_sound_alike(lang: str, heard: str, meant: str) -> None:
    assert phonetic_key(heard, lang) == phonetic_key(meant, lang)


def test_a_window_never_crosses_a_sentence_end() -> None:
    assert repair("Say once. Paid later.", "en").text == "Say once. Paid later."


def test_repairs_keep_the_capital_and_the_rest_of_the_text() -> None:
    result = repair("Once paid, then two speeds!", "en")
    assert result.text == "One spade, then two spades!"
    assert result.changes == (("Once paid", "One spade"), ("two speeds", "two spades"))


@pytest.mark.parametrize(
    ("heard", "irregularity"),
    [
        ("We are living for Ron Bord.", "wrong_board"),
        ("East did one heart over my once paid", "insufficient_bid"),
    ],
)
def test_a_repaired_transcript_is_understood(heard: str, irregularity: str) -> None:
    assert classify(repair(heard, "en").text).irregularity == irregularity


def _segment(text: str, avg_logprob: float = -0.3, no_speech_prob: float = 0.05) -> SimpleNamespace:
    return SimpleNamespace(
        text=text,
        tokens=list(range(8)),
        avg_logprob=avg_logprob,
        no_speech_prob=no_speech_prob,
        compression_ratio=1.1,
    )


def test_the_transcript_carries_both_texts_and_is_judged_on_the_model_words() -> None:
    transcript = _summarise([_segment(" We are living for Ron Bord.")], "en", 3.0)
    assert transcript.heard == "We are living for Ron Bord."
    assert transcript.text == "We are living for Wrong board."
    assert transcript.reliable
    # Nothing to repair in noise: the model's "you" stays what it is, and untrusted.
    noise = _summarise([_segment(" you", -1.2, 0.55)], "en", 3.0)
    assert (noise.text, noise.heard, noise.reliable) == ("you", "you", False)


@pytest.mark.parametrize(
    ("lang", "heard", "meant"),
    [
        # A level's homophone or figure before a strain's near-miss is a call.
        ("en", "then she said too hard", "then she said two hearts"),
        ("en", "partner bid free clubs", "partner bid three clubs"),
        ("en", "he opened 2 hurts", "he opened two hearts"),
        ("en", "I responded one or trump", "I responded one no trump"),
        ("en", "they reached 3-0 trumps", "they reached three no trumps"),
        ("fr", "ma partenaire a dit de cœur", "ma partenaire a dit deux cœurs"),
        ("fr", "il a ouvert toi keurs", "il a ouvert trois cœurs"),
        ("fr", "puis cat pic", "puis quatre piques"),
        # A seat's homophone heading a clause before a call verb is the seat.
        ("en", "Not bid two clubs. Beast doubled it.", "North bid two clubs. East doubled it."),
        ("en", "He hesitated; not bid on.", "He hesitated; North bid on."),
        ("fr", "Non a contré. Soude a dit passe.", "Nord a contré. Sud a dit passe."),
        ("fr", "Non n'accepte pas", "Nord n'accepte pas"),
        # Verb forms written as their homophones.
        ("en", "East past over it", "East passed over it"),
        ("en", "he doubled outer turn", "he doubled out of turn"),
        ("fr", "Ou est à passer avant moi", "Ouest a passé avant moi"),
        ("fr", "Nord ouvre. Et à déjà contrer.", "Nord ouvre. Est a déjà contré."),
        ("fr", "Sud a contrer autour, puis a passé", "Sud a contré hors tour, puis a passé"),
        # Unauthorized heard as two words.
        ("en", "Is this an authorised information?", "Is this unauthorized information?"),
    ],
)
def test_calls_and_seats_are_read_from_their_neighbours(lang: str, heard: str, meant: str) -> None:
    result = repair(heard, lang)
    assert result.text == meant, result
    assert result.changes


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # A preposition stays one unless a call verb comes before it.
        ("en", "he changed to hearts after the hesitation"),
        ("en", "we waited for spades to be led"),
        ("fr", "il a joué la dame de cœur"),
        ("fr", "une couleur de pique"),
        # Numbers before words that are not strains.
        ("en", "two cards, three tables, four players and two hands"),
        ("fr", "deux cartes, trois tables, quatre joueurs"),
        # A call already right is left as it was written.
        ("en", "North opened 4 spades"),
        # A negation is no seat: a comma follows it, or no call verb does.
        ("en", "Not really, he passed."),
        ("en", "It was not bid by me."),
        ("fr", "Non, il a passé."),
        ("fr", "Ouest a dit 1♥, non accepté."),
        ("fr", "Non contré. Non accepté."),
        ("en", "He passed, not bid. Not doubled."),
        ("fr", "Non merci."),
        ("en", "half past nine, the outer table"),
        ("fr", "Et a-t-il le droit ? Et a priori non."),
        ("fr", "il devait passer, elle a tourné autour de la table"),
        # Authorized information is a term of the Laws too.
        ("en", "That is authorised information."),
    ],
)
def test_context_rules_leave_ordinary_wording_alone(lang: str, text: str) -> None:
    assert repair(text, lang).text == text
