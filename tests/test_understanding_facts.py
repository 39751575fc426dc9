"""Facts the text states are read (issue 11 item 3), so the dialogue never asks them."""

from __future__ import annotations

import pytest

from bot.understanding import classify


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # the writer refuses for his side (Law 27A1: the LHO's option, spoken by the pair)
        ("my LHO bid 1H over my 1S, I don't accept, he corrects to 2H, natural",
         "insufficient_bid",
         {"offender_relative": "lho", "call": "1H", "lho_accepts": False, "artificial": False,
          "replacement": "lowest_same_denomination"}),
        # "North then passed" after the refusal is the auction going on (Law 31A1), not 28B
        ("East opened 1♥ out of turn, South did not accept it and North then passed",
         "bid_out_of_rotation", {"offender": "E", "call": "1H", "lho_accepts": False}),
        ("N 1K, E 1T, S refuse, E corrige en 2T",
         "insufficient_bid",
         {"offender": "E", "call": "1C", "lho_accepts": False,
          "replacement": "lowest_same_denomination"}),
        ("TD: dealer N. W opened 1S before N called. N does not accept.",
         "bid_out_of_rotation", {"offender": "W", "lho_accepts": False, "turn_of": "lho"}),
    ],
)
def test_stated_facts_are_read(text: str, irregularity: str, expected: dict[str, object]) -> None:
    result = classify(text)
    assert result.irregularity == irregularity
    for fact, value in expected.items():
        assert result.facts.get(fact) == value, fact


@pytest.mark.parametrize(
    ("text", "replacement"),
    [
        # 27B1(a): the lowest sufficient bid in the same denomination, over the highest bid before
        ("In the auction 1♠ - 2♣ - 2♥ my partner has bid 2♦ after the 2♥, clearly insufficient. "
         "He wants to correct to 3♦.", "lowest_same_denomination"),
        ("IB. offender put 1H over 2C, then replaced with 1NT", "insufficient"),
        ("Est a dit 1♥ sur le 1♠ de Nord, Sud refuse, Est corrige en 2♥",
         "lowest_same_denomination"),
    ],
)
def test_the_replacement_is_read(text: str, replacement: str) -> None:
    result = classify(text)
    assert result.irregularity == "insufficient_bid"
    assert result.facts.get("replacement") == replacement


@pytest.mark.parametrize(
    ("text", "over"),
    [
        ("west explained easts double as takeout, it is penalty in their system; we are still "
         "in the auction", False),
        ("Nord a expliqué le 2♦ de Sud comme naturel, c'était un transfert, enchères en cours",
         False),
        ("East explained 2NT as minors, it was a strong raise; we found out at the end of "
         "the hand", True),
        # the lead not yet faced: the auction period is not over (Law 17D)
        ("East explained 2NT as minors, it was a strong raise; we found out after the final "
         "pass, before the opening lead", False),
    ],
)
def test_whether_the_auction_is_over_is_read(text: str, over: bool) -> None:
    result = classify(text)
    assert result.irregularity == "misinformation"
    assert result.facts.get("auction_over") is over


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # the writer's seat stated, the offender told relative to him
        ("my RHO just bid 1S after my partners 1NT. Im sitting East.", "N"),
        ("2♦ sur 2♥ par mon rho, je suis est, et jai deja passe dessus sans voir", "N"),
        ("Opponent make 1NT, then my partner bid 1 heart. West is my partner.", "W"),
        ("je suis Sud, mon ptn a ouvert 1♣ hors tour", "N"),
    ],
)
def test_the_writers_seat_places_a_relative_offender(text: str, offender: str) -> None:
    assert classify(text).facts.get("offender") == offender


@pytest.mark.parametrize(
    ("text", "call"),
    [
        # Law 25: the call first made is the one the change of call is about
        ("pard pulled the wrong card, 2H instead of 2S, noticed straight away", "2H"),
        ("my partner said 2 clubs then said no wait 2 diamonds. is that allowed", "2C"),
        ("il a tiré le carton passe au lieu de 2♦, il a corrigé tout de suite", "P"),
    ],
)
def test_a_change_of_call_names_the_call_first_made(text: str, call: str) -> None:
    result = classify(text)
    assert result.irregularity == "change_of_call"
    assert result.facts.get("call") == call


@pytest.mark.parametrize(
    ("text", "law_ref"),
    [
        ("read me L16B pls", "16B"),
        ("L39 text?", "39"),
        ("Quelle loi s'applique pour une ouverture hors tour ? J'aimerais en lire le texte.", None),
    ],
)
def test_a_request_for_the_text_of_a_law_is_a_lookup(text: str, law_ref: str | None) -> None:
    result = classify(text)
    assert result.irregularity == "law_lookup"
    assert result.facts.get("law_ref") == law_ref


def test_an_incident_asking_which_law_is_still_the_incident() -> None:
    assert classify("Est a dit 1♥ sur mon 1♠, quelle loi ?").irregularity == "insufficient_bid"


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # Law 16B: a remark quoted, a face, a tempo: unauthorized information
        ("My LHO said 'oh no' when his partner bid 3NT. Then he bid 4♠. Is this allowed?",
         "unauthorized_information"),
        ("Quand son partenaire a annoncé 4 cœurs, l'adversaire a dit « t'es sûr ? », puis son "
         "partenaire a enlevé à 4 piques.", "unauthorized_information"),
        ("son partenaire a fait une grimace quand il a vu le contre", "unauthorized_information"),
        # a call said aloud in quotes is no remark
        ("my RHO said 4♠ and after my pass said 'sorry 4♥'", "change_of_call"),
    ],
)
def test_remarks_and_faces(text: str, irregularity: str) -> None:
    assert classify(text).irregularity == irregularity


@pytest.mark.parametrize(
    "text",
    [
        # Law 37: the pass out of turn is why he had to pass; the bid is the irregularity
        "My partner must pass one time because of his pass out of turn, but at his turn he "
        "bid 2♣.",
        "Est avait passé hors tour et devait donc passer à son tour suivant, mais il a dit 1SA.",
    ],
)
def test_a_call_by_a_player_obliged_to_pass(text: str) -> None:
    assert classify(text).irregularity == "call_when_obliged_to_pass"
