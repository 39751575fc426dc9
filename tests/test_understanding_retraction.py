"""The versions of a story its writer takes back (bot.understanding.retraction)."""

import pytest

from bot.understanding import classify
from bot.understanding.retraction import without_retractions


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # the restatement tells the same events again: from their first telling
        ("Partner opens 1D, RHO passes... no sorry, partner opens 1D and RHO overcalls 1S.",
         "partner opens 1D and RHO overcalls 1S."),
        # a player named and taken back: the last clause only
        ("Sud ouvre 1♥, je passe, Nord dit 2♥, et Nord… non, pardon, Sud surcontre.",
         "Sud ouvre 1♥, je passe, Nord dit 2♥, et Sud surcontre."),
        # the correction opens its own sentence: the sentence before is taken back
        ("N barred, bid 2C? no sorry, N's call was fine. W barred, bid 2H.",
         "N's call was fine. W barred, bid 2H."),
        ("Dlr N. 1C (N), sorry I mean N opened 1D, then E bid 1C.",
         "Dlr N. N opened 1D, then E bid 1C."),
        ("Donneur N. Sud ouvre 1♠ avant Nord ? non... Bon : Nord ouvre 1♦",
         "Donneur N. Nord ouvre 1♦"),
        # one name taken back for another, inside an aside
        ("mon partenaire (Sud... non, Nord, je suis Sud) a fait tomber la dame de cœur.",
         "mon partenaire (Nord, je suis Sud) a fait tomber la dame de cœur."),
        ("W 1H, N pass, E 2H; South doubled at North's turn? No. Correction: W 1H, N pass, "
         "South doubled before East had called.",
         "W 1H, N pass, South doubled before East had called."),
        # a seat put right: "sorry, it was West", "I was West, no, East"
        ("East dropped the ace face up, sorry, it was West. A single honour.",
         "West dropped the ace face up. A single honour."),
        ("Est a fait tomber la dame. Pardon, c'était Ouest, pas Est. Une seule carte.",
         "Ouest a fait tomber la dame. Une seule carte."),
        ("I was West, no, East, I mix them up. I passed before South.",
         "I was East, I mix them up. I passed before South."),
        ("im south. no sorry north, we swapped this round.", "im north, we swapped this round."),
        ("i was north no hang on south and i was the dealer",
         "i was south and i was the dealer"),
        # owning up between the apology and the seat
        ("After the third pass East said 'double', I am sorry, I make a mistake, it was West "
         "who said it.",
         "After the third pass West said 'double' who said it."),
        # "no sorry, I mean": the "I mean" is the marker's, not the restatement's
        ("Partner opens 1D, RHO passes... no sorry, I mean partner opens 1D and RHO overcalls 1S.",
         "partner opens 1D and RHO overcalls 1S."),
        # "wait no": the clause before taken back, the restatement kept
        ("im south. my lho opened 1H before the dealer... wait no, my lho IS the dealer. so "
         "it was east who opened 1H.",
         "im south. my lho IS the dealer. so it was east who opened 1H."),
        # one word taken back for another inside a phrase
        ("J'ai demandé à Ouest... non, pardon, à Est, ce que voulait dire 3♣.",
         "J'ai demandé à Est, ce que voulait dire 3♣."),
        ("mon adversaire de gauche... non, de droite, Ouest, a étalé sa main.",
         "mon adversaire de droite, Ouest, a étalé sa main."),
        ("I asked West... no, sorry, East what it meant.", "I asked East what it meant."),
        # the maker of a call, put right after "par"/"by"
        ("Un 1♥ a été annoncé par Ouest — non, excusez, je me trompe, par Est, avant Nord.",
         "Un 1♥ a été annoncé par Est, avant Nord."),
        ("A double was made by West, no sorry, by East, out of turn.",
         "A double was made by East, out of turn."),
        # not a clause restated after a comma ("I, North... no, West is next")
        ("South opened 1♦, and West and I, North... no, West is next after South.",
         "South opened 1♦, and West and I, North... no, West is next after South."),
    ],
)  # fmt: skip
def test_the_version_taken_back_is_left_out(text: str, kept: str) -> None:
    assert without_retractions(text) == kept


@pytest.mark.parametrize(
    "text",
    [
        # a player's own correction, a change of call (Law 25): his words, no player after them
        "South bid 2S, then said no sorry, 3S.",
        "He bid 2♠, « non pardon, 3♠ » dit-il.",
        "N put 1S then 'no sorry, partner, 1NT'",
        # "I mean" with nothing to set it off, and no player after it
        "Je suis le patron de la vidéo. Je veux dire mon dot-m.",
        "My partner did not call yet, I am his partner I mean I did not call yet.",
        # "I mean" going on to explain, and "correction" the noun
        "West passed out of turn, I mean North had not called yet.",
        "The TD allowed the correction. West then bid 2S.",
        # a bare "... no," going on to explain, not a name for a name
        "South opened 1 diamond, and West and I, North... no, West is next after South.",
        # whose turn it was is no seat put right
        "North passed, sorry, it was West's turn.",
        "N a ouvert, non c'était à Ouest de parler.",
    ],
)
def test_a_players_words_and_plain_speech_are_kept(text: str) -> None:
    assert without_retractions(text) == text


def test_the_story_is_read_in_the_version_kept() -> None:
    # audit 10, 28: North opened 1♦ (not 1♣); East's 1♣ is the insufficient bid
    result = classify("Dlr N. 1C (N), sorry I mean N opened 1D, then E bid 1C. Insufficient.")
    assert result.irregularity == "insufficient_bid"
    assert (result.facts.get("offender"), result.facts.get("call")) == ("E", "1C")
