"""The dialogue as a new user meets it: real understanding, real rules core,
a real (temporary) store. Counts the messages and taps a ruling costs."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.dialogue import Conversations, Reply

CHAT = "test:1"
NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


def _ruling(replies: list[Reply]) -> dict[str, Any] | None:
    return next((r.ruling for r in replies if r.ruling), None)


def _question(replies: list[Reply]) -> Reply | None:
    return next((r for r in replies if r.question), None)


def _drive(chat: Conversations, text: str, answers: Mapping[str, Any],
           lang: str = "fr") -> tuple[dict[str, Any], int]:
    """Send ``text``, answer each question from ``answers``, stop at the first
    ruling whose choices are all made; the ruling and the steps it took."""
    replies = chat.text(CHAT, text, lang)
    steps = 1
    while True:
        ruling = _ruling(replies)
        asking = _question(replies)
        if ruling is not None and (asking is None or asking.question is None
                                   or asking.question.fact not in answers):
            return ruling, steps
        assert asking is not None and asking.question is not None, [r.text for r in replies]
        fact = asking.question.fact
        assert fact in answers, f"unexpected question {fact}: {asking.text}"
        values = [c.value for c in asking.question.choices]
        assert answers[fact] in values, (fact, values)
        replies = chat.answer(CHAT, answers[fact])
        steps += 1
        assert steps <= 10, "the dialogue does not converge"


def test_insufficient_bid_in_french_in_two_steps(chat: Conversations) -> None:
    ruling, steps = _drive(chat, "Est a dit 1♥ sur mon 1♠, Sud refuse",
                           {"option": "other_bid", "lho_accepts": False})
    assert steps <= 3
    assert ruling["irregularity"] == "insufficient_bid" and ruling["offender"] == "E"
    assert "27B2" in ruling["laws"]
    assert "partner_must_pass_throughout" in ruling["outcomes"]


def test_insufficient_bid_in_english(chat: Conversations) -> None:
    ruling, steps = _drive(chat, "East bid 1H over my 1S, South does not accept",
                           {"option": "lowest_same_denomination", "lho_accepts": False},
                           lang="en")
    assert steps <= 3
    assert "27B1(a)" in ruling["laws"]
    assert chat.language(CHAT) == "en"


def test_bid_out_of_rotation_in_at_most_three_steps(chat: Conversations) -> None:
    ruling, steps = _drive(
        chat, "Ouest a ouvert 1♥ alors que c'était à Nord de parler. Nord n'accepte pas.",
        {"lho_accepts": False, "turn_of": "lho", "offender_called_before": False,
         "option": False},
    )
    assert steps <= 3
    assert ruling["irregularity"] == "bid_out_of_rotation" and ruling["offender"] == "W"
    assert "29B" in ruling["laws"]


def test_change_of_call_in_at_most_three_steps(chat: Conversations) -> None:
    ruling, steps = _drive(
        chat, "Sud a dit 1♠ puis a changé pour 1SA, un lapsus, son partenaire n'a pas parlé",
        {"unintended": True, "partner_called_since": False, "lho_called_since": False},
    )
    assert steps <= 3
    assert ruling["irregularity"] == "change_of_call"
    assert "25A1" in ruling["laws"]


def test_a_corrected_offender_drops_the_facts_seen_from_the_old_one(
    chat: Conversations,
) -> None:
    chat.text(CHAT, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    replies = chat.text(CHAT, "non, c'était Ouest")
    asking = _question(replies)
    # South was East's left-hand opponent; West's is North: asked again.
    assert asking is not None and asking.question is not None
    assert asking.question.fact == "lho_accepts"
    assert "\nNord (adversaire de gauche du fautif)" in asking.text
    ruling = _ruling(chat.answer(CHAT, False))
    assert ruling is not None and ruling["offender"] == "W"
    assert ruling["irregularity"] == "insufficient_bid"  # kept


def test_a_typed_correction_overrides_and_keeps_the_rest(chat: Conversations) -> None:
    chat.text(CHAT, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    ruling = _ruling(chat.text(CHAT, "non, Sud a accepté"))
    assert ruling is not None
    assert ruling["offender"] == "E"  # kept
    assert "27A1" in ruling["laws"]  # the acceptance replaced the refusal


def test_an_impossible_auction_asks_what_to_correct(chat: Conversations) -> None:
    replies = chat.text(CHAT, "Nord a ouvert 1♠, Est a dit 2♠, enchère insuffisante")
    assert _ruling(replies) is None
    assert "corriger" in replies[-1].text


def test_cancel_forgets_the_incident(chat: Conversations) -> None:
    chat.text(CHAT, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    assert "effacé" in chat.command(CHAT, "annuler")[0].text
    assert _ruling(chat.answer(CHAT, "other_bid")) is None


def test_the_board_stays_open_and_enforces_the_bar(chat: Conversations) -> None:
    _drive(chat, "Est a dit 1♥ sur mon 1♠, Sud refuse", {"option": "other_bid"})
    replies = chat.text(CHAT, "S 2♥ O 2♠")
    assert "Loi 37" in replies[0].text
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "call_when_obliged_to_pass"
    assert ruling["offender"] == "W"
    end = chat.text(CHAT, "N passe E passe S passe")
    assert "26B" in end[-1].text and "Les enchères sont terminées" in end[-1].text


def test_empty_and_overlong_messages_get_a_clear_answer(chat: Conversations) -> None:
    assert "vide" in chat.text(CHAT, "   ")[0].text
    assert "10000" in chat.text(CHAT, "x" * 10_000)[0].text


def test_law_lookup_by_command_and_by_words(chat: Conversations) -> None:
    assert "27" in chat.command(CHAT, "loi", "27B")[0].text
    english = chat.command("test:en", "law", "27B", "en")
    assert english[0].actions and english[0].actions[0].data.startswith("fq:")


@pytest.mark.parametrize(
    ("text", "law"),
    [
        # the words match no excerpt, but they name the irregularity whose Law is meant
        ("what does the lawbook say about hesitations", "Law 16"),
        ("Quelle est la règle exacte quand quelqu'un ouvre hors tour ?", "Loi 31"),
    ],
)
def test_a_law_asked_for_by_its_topic_is_read(chat: Conversations, text: str, law: str) -> None:
    (reply,) = chat.text("test:en", text, "en")
    assert reply.text.startswith(law), reply.text


def test_history_lists_the_ruling(chat: Conversations) -> None:
    _drive(chat, "Est a dit 1♥ sur mon 1♠, Sud refuse", {"option": "other_bid"})
    (reply,) = chat.command(CHAT, "historique")
    assert reply.document is not None
    name, content = reply.document
    assert "2026-03-14 12:00" in content.decode("utf-8")
    assert "27B2" in content.decode("utf-8")


def test_calls_after_a_ruling_with_nothing_in_force_do_not_rewrite_the_incident(
    chat: Conversations,
) -> None:
    """27A1: the call stands and nothing is in force; 'S 2♠' is the auction going on."""
    chat.text(CHAT, "Nord 1♠ Est 1♥")
    ruling = _ruling(chat.answer(CHAT, True))
    assert ruling is not None and ruling["laws"] == ["27A1"]
    replies = chat.text(CHAT, "S 2♠")
    assert _ruling(replies) is None and _question(replies) is None
    assert "aucune restriction" in replies[-1].text


def test_out_of_turn_stated_in_words_is_not_refuted_by_a_partial_list(
    chat: Conversations,
) -> None:
    """'c'était à son partenaire': the two calls named are not the whole auction."""
    ruling, steps = _drive(
        chat,
        "Est a passé hors tour, c'était à son partenaire de parler, après l'ouverture 1♣ de Nord",
        {"lho_accepts": False},
    )
    assert ruling["irregularity"] == "pass_out_of_rotation" and ruling["offender"] == "E"
    assert "30B1(a)" in ruling["laws"]
    assert steps <= 2


def test_seed_edition_reads_the_bid_before_the_pass_from_the_words(
    chat: Conversations,
) -> None:
    """Seed 002 Law 30B2: after a bid, a pass at partner's turn bars the offender
    for the rest of the auction; 'après l'ouverture' says a bid came first."""
    chat.command(CHAT, "edition", "2007", "fr")
    ruling, steps = _drive(
        chat,
        "Est a passé hors tour, c'était à son partenaire de parler, après l'ouverture 1♣ de Nord",
        {"lho_accepts": False},
    )
    assert ruling["edition"] == "2007"
    assert {"30B2(a)", "30B2(b)"} <= set(ruling["laws"])
    assert "offender_must_pass_throughout" in ruling["outcomes"]
    assert steps <= 2
