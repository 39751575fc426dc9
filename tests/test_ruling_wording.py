"""The ruling sentences say what the Law says (issues 12 item 10 and 17 items 7, 8, 11).

Each case names the paragraph whose wording it checks, in the reader's two
languages where the point is language-independent.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.dialogue.card import ruling_card
from bot.render import ruling_statement
from rules_core import Incident, Ruling, rule


def _ruling(incident: dict[str, Any]) -> Ruling:
    result = rule(Incident.from_dict(incident))
    assert isinstance(result, Ruling), result
    return result


# (paragraph, incident, edition, words the statement must hold, words it must not)
CASES = [
    ("17D3 names the player the auction returns to",
     {"dealer": "N", "calls": [["N", "1S"], ["W", "P"], ["N", "P"], ["E", "P"]]},
     "2017", ["returns to South"], ["goes back to the player whose turn it was"]),
    ("25B2 says once that the first call stands",
     {"dealer": "N", "calls": [["N", "1S"], ["E", "P"], ["E", "2H"]],
      "facts": {"lho_accepts": False}},
     "2017", ["the original call stands"], ["The call stands and the auction continues"]),
    ("26B (2017): a suit not specified; prohibit only",
     {"dealer": "N", "calls": [["N", "1S"], ["E", "1H"]],
      "facts": {"lho_accepts": False, "replacement": "other_bid"}},
     "2017", ["did not specify", "may forbid"], ["require", "did not name"]),
    ("26 (2007): require only for a call related to a specific suit",
     {"dealer": "N", "calls": [["N", "1S"], ["E", "1H"]],
      "facts": {"lho_accepts": False, "replacement": "other_bid", "both_natural": True}},
     "2007", ["only where the withdrawn call related to a specific suit"], []),
    ("27B1(b) in 2007 does not cite 23A, which 2007 does not have",
     {"dealer": "N", "calls": [["N", "1S"], ["E", "1H"]], "facts": {"lho_accepts": False}},
     "2007", [], ["23A"]),
    ("27B1(a)/(b) in 2007 (seed 004): lowest bid in the same denomination, same or more "
     "precise meaning; never a comparable call",
     {"dealer": "S", "calls": [["S", "1NT"], ["W", "1S"]], "facts": {"lho_accepts": False}},
     "2007", ["lowest sufficient bid in the same denomination",
              "same or a more precise meaning"], ["comparable", "specifying"]),
    ("27B1(b) in 2007, the replacement made, its meaning undecided: both ways in 2007 terms",
     {"dealer": "S", "calls": [["S", "1NT"], ["W", "1S"]],
      "facts": {"lho_accepts": False, "replacement": "lowest_same_denomination",
                "both_natural": False, "comparable": "undecided"}},
     "2007", ["If the replacement has the same or a more precise meaning",
              "If the replacement has neither the same nor a more precise meaning"],
     ["comparable"]),
    ("27B1(a): the bids taken as natural is said to the reader, not only in JSON "
     "(issue 12 item 7)",
     {"dealer": "N", "calls": [["N", "1S"], ["E", "1H"], ["E", "2H"]],
      "facts": {"lho_accepts": False}},
     "2017", ["Assumed without asking: Was the irregular call artificial (conventional)? No.",
              "Say so if not."], []),
    ("24B: information from the exposed card, nothing withdrawn (issue 12 item 10)",
     {"irregularity": "card_exposed_during_auction", "facts": {"cards": "one_honour"}},
     "2017", ["exposed card(s) stay face up"], ["withdrawn"]),
    ("16B: the rule itself, not a withdrawn call",
     {"irregularity": "unauthorized_information", "facts": {"source": "hesitation"}},
     "2017", ["logical alternatives", "demonstrably"], ["withdrawn call"]),
    ("23B: after a comparable call at the offender's turn (31B2 -> 31A2(a)), the cancelled "
     "call no longer restricts the offending side (audit 10, conversation 37)",
     {"dealer": "E", "calls": [["N", "1H"]], "facts": {"lho_accepts": False, "comparable": True}},
     "2017", ["no longer unauthorised for North and South (Law 23B)", "No further rectification"],
     ["they may not choose one it could demonstrably have suggested"]),
    ("23B: the same after a comparable double (32B2 -> 32A2(a), audit 10, conversation 10)",
     {"dealer": "N", "calls": [["N", "1H"], ["W", "X"]],
      "facts": {"lho_accepts": False, "comparable": True}},
     "2017", ["no longer unauthorised for West and East (Law 23B)"],
     ["they may not choose one it could demonstrably have suggested"]),
    ("32A2(b): a call not comparable leaves 16C in force, no 23B",
     {"dealer": "N", "calls": [["N", "1H"], ["W", "X"]],
      "facts": {"lho_accepts": False, "comparable": False}},
     "2017", ["they may not choose one it could demonstrably have suggested"], ["23B"]),
    ("21B1(a)/21B2: the misinformed player, then that player's LHO",
     {"irregularity": "misinformation",
      "facts": {"partner_called_since": False, "auction_over": False}},
     "2017", ["misinformed player may change their last call",
              "that player's left-hand opponent may then change a call made after it",
              "unauthorised for the side that gave the wrong explanation"], []),
]


# 21B: the player a misinformation ruling names is the misinformed one, a
# non-offender; the offending side is the one that explained (audit 10,
# conversations 21, 22, 53). (paragraph, misinformed seat, language, words, not)
MISINFORMED_HEADS = [
    ("21B1(a): North misinformed by East-West (conversation 21)", "N", "en",
     "Call based on misinformation given to North by East-West.", "by North."),
    ("21B1(a): West misinformed by North-South (conversation 22)", "W", "en",
     "Call based on misinformation given to West by North-South.", "by West."),
    ("21B1(a): Sud mal informé par Est-Ouest (conversation 53)", "S", "fr",
     "Déclaration fondée sur une fausse information donnée à Sud par Est-Ouest.", "de Sud."),
]


@pytest.mark.parametrize(("paragraph", "seat", "lang", "head", "not_head"), MISINFORMED_HEADS)
def test_misinformation_names_the_misinformed_player_and_the_offending_side(
        paragraph: str, seat: str, lang: str, head: str, not_head: str) -> None:
    ruling = _ruling({"edition": "2017", "irregularity": "misinformation", "offender": seat,
                      "facts": {"partner_called_since": False, "auction_over": False}})
    text = ruling_statement(ruling, lang)
    assert text.startswith(head), (paragraph, text)
    assert not_head not in text.split(".")[0] + ".", (paragraph, text)


def test_misinformation_noticed_by_the_explainer_names_him_as_offender() -> None:
    """20F4: the ruling is made for the player who explained (the offender):
    the misinformed wording is not used."""
    ruling = _ruling({"edition": "2017", "irregularity": "misinformation", "offender": "E",
                      "facts": {"who_noticed": "explainer"}})
    text = ruling_statement(ruling, "en")
    assert text.startswith("Call based on misinformation by East."), text
    assert "given to" not in text


# 30B2 -> 25B with a box swap (audit 10, conversation 36): the bidding-box
# regulation's points are not Laws.
_BOX_SWAP = {"edition": "2017", "irregularity": "change_of_call", "offender": "S",
             "facts": {"turn_of": "lho", "offender_called_before": True, "lho_accepts": False,
                       "call_kind": "pass", "any_bid_before": True, "partner_called_since": False,
                       "lho_called_since": False, "box_category_swap": True}}


@pytest.mark.parametrize(("lang", "laws", "items"), [
    ("en", "Laws applied (2017 code): 30B2, 25B2", "National bidding-box regulation: BB6, BB5"),
    ("fr", "Lois appliquées (Code 2017) : 30B2, 25B2",
     "Règlement national des boîtes à enchères : BB6, BB5"),
])
def test_bidding_box_points_are_not_listed_as_laws(lang: str, laws: str, items: str) -> None:
    ruling = _ruling(_BOX_SWAP)
    assert "BB6" in ruling.laws  # the core still cites it; the card files it apart
    text = ruling_statement(ruling, lang)
    assert laws in text and items in text, text
    assert "BB" not in text[text.index(laws):text.index(items)], text


def test_bidding_box_points_in_the_details_are_not_called_laws() -> None:
    from bot.dialogue.card import ruling_details
    from bot.dialogue.laws import law_actions

    ruling = _ruling(_BOX_SWAP)
    details = ruling_details(ruling, "en", {})
    assert "• BB6" in details and "Law BB" not in details, details
    assert details.index("• Law 16C") < details.index("• BB6"), details
    labels = [action.label for action in law_actions(ruling.laws, "2017", "en")]
    assert not any("Law BB" in label for label in labels), labels


@pytest.mark.parametrize(("paragraph", "incident", "edition", "present", "absent"), CASES)
def test_statement_wording(
    paragraph: str, incident: dict[str, Any], edition: str, present: list[str], absent: list[str]
) -> None:
    text = ruling_statement(_ruling({**incident, "edition": edition}), "en")
    for words in present:
        assert words in text, f"{paragraph}: {words!r} missing from {text!r}"
    for words in absent:
        assert words not in text, f"{paragraph}: {words!r} in {text!r}"


def test_39_card_says_the_auction_is_over() -> None:
    """Law 39: a call after the final pass; the auction does not 'continue'."""
    ruling = _ruling({"dealer": "N", "calls": [["N", "1S"], ["E", "P"], ["S", "4S"], ["W", "P"],
                                               ["N", "P"], ["E", "P"], ["S", "5C"]]})
    assert "39A" in ruling.laws
    assert "the auction is over" in ruling_card(ruling, "en")
    assert "les enchères sont terminées" in ruling_card(ruling, "fr")
    assert "continue" not in ruling_card(ruling, "en")


def test_31B_at_lho_turn_partner_free_before_the_conditional_bar() -> None:
    """31B1 then 31B2: the partner is free at his proper turn (16C2); the bar
    follows only a call by the offender that is not comparable, said in that order."""
    ruling = _ruling({"dealer": "N", "calls": [["W", "1S"]], "facts": {"lho_accepts": False}})
    card = ruling_card(ruling, "en")
    free = card.index("call freely at their turn")
    barred = card.index("must pass at their next turn")
    assert free < barred
    assert card.index("not comparable") < barred


# The partner's turn and the bar after the offender's call (audit: "calls now"
# and "must pass at their next turn" on one line read as the same turn).
# (paragraph, incident, language, words the card must hold, words it must not)
_PASS_AT_PARTNERS_TURN = {  # dealer E: E 1♥, S 1♠, E passes at W's turn
    "irregularity": "pass_out_of_rotation", "offender": "E",
    "facts": {"turn_of": "partner", "offender_called_before": True, "call_kind": "pass",
              "any_bid_before": True, "lho_accepts": False}}
CARD_CASES = [
    ("30B1(a): the partner free at their own turn, the LHO's turn first; 30B1(b)(ii) "
     "the bar after the offender's call, on the option's line",
     {"dealer": "N", "calls": [["W", "P"]], "facts": {"lho_accepts": False}}, "en",
     ["East (partner of West): may call freely at their turn",
      "North (left-hand opponent of West): calls now: it was their turn.",
      "A call not comparable: East must pass at their next turn after the call by West (once)"],
     ["East must pass at their next turn (once)"]),
    ("30B1(b)(ii) chosen: the bar follows West's non-comparable call",
     {"dealer": "N", "calls": [["W", "P"]], "facts": {"lho_accepts": False, "comparable": False}},
     "en",
     ["may call freely at their turn (the cancelled call is unauthorised information: 16C2); "
      "must pass at their next turn after the non-comparable call by West (once)."], []),
    ("31B1: the partner in turn calls now, freely; 31A2(b) the bar after the offender's call",
     {"dealer": "N", "calls": [["S", "1H"]], "facts": {"lho_accepts": False}}, "en",
     ["North (partner of South): calls now, freely: it was their turn (the cancelled call is "
      "unauthorised information: 16C2).",
      "North must pass at their next turn after the call by South (once)"],
     ["calls now: it was their turn", "may call freely at their turn"]),
    ("31B1, 31B2 -> 31A2(b) chosen, in French",
     {"dealer": "N", "calls": [["S", "1H"]], "facts": {"lho_accepts": False, "comparable": False}},
     "fr",
     ["Nord (partenaire de Sud) : déclare maintenant, librement : c'était son tour",
      "doit passer à son prochain tour après la déclaration non comparable de Sud (une fois)."],
     ["peut déclarer librement à son tour", "doit passer à son prochain tour (une fois)"]),
    ("30B1(a): the partner has called at their turn since the refusal; not told to call now",
     {**_PASS_AT_PARTNERS_TURN,
      "facts": {**_PASS_AT_PARTNERS_TURN["facts"], "partner_called_since": True,
                "comparable": False}}, "fr",
     ["Ouest (partenaire d'Est) : a déjà déclaré à son tour, librement",
      "doit passer à son prochain tour après la déclaration non comparable d'Est (une fois)."],
     ["déclare maintenant"]),
    ("30B1(a): the partner not yet called at their turn: told to call now, freely",
     {**_PASS_AT_PARTNERS_TURN,
      "facts": {**_PASS_AT_PARTNERS_TURN["facts"], "partner_called_since": False}}, "fr",
     ["Ouest (partenaire d'Est) : déclare maintenant, librement : c'était son tour",
      "Déclaration non comparable : Ouest doit passer à son prochain tour après la déclaration "
      "d'Est (une fois)"],
     ["a déjà déclaré"]),
    ("31A2(b) at the RHO's turn: the same bar, after the offender's call",
     {"dealer": "N", "calls": [["E", "1S"]],
      "facts": {"lho_accepts": False, "rho_action": "call", "comparable": False,
                "correct_player_called": False}}, "en",
     ["West (partner of East): must pass at their next turn after the non-comparable call by "
      "East (once)."], []),
    ("24: an exposed card bars the partner's very next turn, said as before",
     {"irregularity": "card_exposed_during_auction", "facts": {"cards": "one_honour"}}, "en",
     ["must pass at their next turn (once)"], ["after the"]),
]


@pytest.mark.parametrize(("paragraph", "incident", "lang", "present", "absent"), CARD_CASES)
def test_card_wording(paragraph: str, incident: dict[str, Any], lang: str, present: list[str],
                      absent: list[str]) -> None:
    card = ruling_card(_ruling(incident), lang)
    for words in present:
        assert words in card, f"{paragraph}: {words!r} missing from {card!r}"
    for words in absent:
        assert words not in card, f"{paragraph}: {words!r} in {card!r}"


def test_21B_asks_about_the_misinformed_players_partner() -> None:
    """21B1(a): 'provided that his partner has not subsequently called' is the
    misinformed player's partner, whoever the side that explained is."""
    from bot.render import question_text
    from rules_core import Question, Seat

    result = rule(Incident.from_dict({"irregularity": "misinformation", "offender": "E"}))
    assert isinstance(result, Question) and result.fact == "partner_called_since"
    text = question_text(Question("misinformation", Seat.E, "partner_called_since", (True, False)),
                         "en")
    # East is the misinformed player: his partner is West, named by seat.
    assert "West (the misinformed player's partner)" in text


def test_33_a_call_deemed_subsequent_in_rotation_stands() -> None:
    """Law 33: East's pass made with North's 1♣ counts as made after it; in
    rotation then, it stands and nothing follows: no "by East" as an offender."""
    ruling = rule(Incident.from_dict({
        "irregularity": "simultaneous_calls", "offender": "E", "dealer": "N",
        "calls": [{"seat": "N", "call": "1C"}, {"seat": "E", "call": "P"}],
    }))
    assert isinstance(ruling, Ruling)
    assert ruling.laws == ("33",)
    card = ruling_card(ruling, "en")
    assert "the later call: East" in card and "by East" not in card
    assert "The call stands." in card
    assert "déclaration réputée faite après : Est" in ruling_card(ruling, "fr")
