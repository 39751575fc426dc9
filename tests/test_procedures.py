"""Issue 7's procedural rules, table-driven, each case naming its paragraph
(and, for the 2007 edition, the seed file it follows).

Law 20 (seed 001), Laws 17 and 22 (seed 000 for 2007), 16B with the
bidding-box regulation (seed 003), 20F4/20F5 with 21B.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import Edition, Incident, Question, Ruling, rule

BOTH = ("2017", "2007")


def ruling(incident: dict[str, Any]) -> Ruling:
    result = rule(Incident.from_dict(incident))
    assert isinstance(result, Ruling), result
    return result


# (paragraph, editions, irregularity, facts, laws that must be cited, outcomes present, absent)
CASES: list[tuple[str, tuple[str, ...], str, dict[str, Any], set[str], set[str], set[str]]] = [
    ("20A call not heard (seed 001 A)", BOTH, "auction_review", {"request": "repeat_call"},
     {"20A"}, {"repeat_call_allowed"}, set()),
    ("20B review at own turn (seed 001 B)", BOTH, "auction_review",
     {"request": "review", "phase": "auction"},
     {"20B", "20D", "20E"},
     {"review_allowed", "whole_review_only", "answered_by_opponent", "all_must_correct_review"},
     {"review_not_allowed"}),
    ("20B no review when obliged to pass", BOTH, "auction_review",
     {"request": "review", "phase": "auction", "obliged_to_pass": True},
     {"20B"}, {"review_not_allowed"}, {"review_allowed"}),
    ("20B review only at one's own turn", BOTH, "auction_review",
     {"request": "review", "phase": "auction", "own_turn": False},
     {"20B"}, {"review_not_allowed"}, {"review_allowed"}),
    ("20C1 defender asks who leads (seed 001 C1)", BOTH, "auction_review",
     {"request": "who_leads"}, {"20C1"}, {"may_ask_who_leads"}, set()),
    ("20C2 declarer reviews at first turn to play", BOTH, "auction_review",
     {"request": "review", "phase": "after_final_pass", "asker_role": "declarer"},
     {"20C2", "20D", "20E"}, {"review_allowed", "answered_by_opponent"}, set()),
    ("20C2 dummy has no review", BOTH, "auction_review",
     {"request": "review", "phase": "after_final_pass", "asker_role": "dummy"},
     {"20C2"}, {"review_not_allowed"}, {"review_allowed"}),
    ("20C2 review lapses after the first turn to play", BOTH, "auction_review",
     {"request": "review", "phase": "play", "asker_role": "defender",
      "first_turn_to_play": False},
     {"20C2", "20F2"}, {"review_not_allowed", "explanation_allowed"}, {"review_allowed"}),
    ("20C2 defender at first turn to play", BOTH, "auction_review",
     {"request": "review", "phase": "play", "asker_role": "defender",
      "first_turn_to_play": True},
     {"20C2"}, {"review_allowed"}, set()),
    ("20F1 explanation during the auction, partner of the caller answers", BOTH,
     "auction_review", {"request": "explanation", "phase": "auction"},
     {"20F1", "20G1", "20G2"},
     {"explanation_allowed", "answered_by_callers_partner", "no_question_for_partners_benefit"},
     set()),
    ("20F1 only at one's own turn to call", BOTH, "auction_review",
     {"request": "explanation", "phase": "auction", "own_turn": False},
     {"20F1"}, {"explanation_not_allowed"}, {"explanation_allowed"}),
    ("20F2 declarer during play", BOTH, "auction_review",
     {"request": "explanation", "phase": "play", "asker_role": "declarer"},
     {"20F2"}, {"explanation_allowed"}, set()),
    ("20F2 not dummy", BOTH, "auction_review",
     {"request": "explanation", "phase": "play", "asker_role": "dummy"},
     {"20F2"}, {"explanation_not_allowed"}, {"explanation_allowed"}),
    ("20F4 own wrong explanation: call the director before the clarification period ends",
     BOTH, "misinformation", {"who_noticed": "explainer"},
     {"20F4(a)", "20F4(b)", "21B"}, {"must_correct_own_explanation"}, set()),
    ("20F5(b)(ii) partner's wrong explanation, declaring side", BOTH, "misinformation",
     {"who_noticed": "explainer_partner", "offender_side": "declaring"},
     {"20F5(a)", "20F5(b)(ii)"},
     {"must_not_correct_during_auction", "call_director_after_final_pass"},
     {"call_director_at_end_of_play"}),
    ("20F5(b)(i) partner's wrong explanation, defending side", BOTH, "misinformation",
     {"who_noticed": "explainer_partner", "offender_side": "defending"},
     {"20F5(a)", "20F5(b)(i)"},
     {"must_not_correct_during_auction", "call_director_at_end_of_play"},
     {"call_director_after_final_pass"}),
    ("16B hesitation: reserve rights, LA not demonstrably suggested, adjust after play", BOTH,
     "unauthorized_information", {"source": "hesitation"},
     {"16B1", "16B2", "16B3"},
     {"unauthorized_information", "reserve_rights", "adjusted_score_possible"}, set()),
    ("seed 003 point 3: fumbling in the box is unauthorised information", BOTH,
     "unauthorized_information", {"source": "box_fumbling"},
     {"16B1", "BB3"}, {"unauthorized_information"}, set()),
    ("seed 003 point 7: Stop card", BOTH, "unauthorized_information",
     {"source": "stop_card_not_used"}, {"BB7"}, {"stop_card_wait"}, set()),
    ("seed 003 point 3: a card only touched is no call", BOTH, "change_of_call",
     {"box_card": "touched"}, {"BB3"}, {"call_not_made", "unauthorized_information"},
     {"call_made"}),
    ("seed 003 point 3: behind screens a call is made on the tray", BOTH, "change_of_call",
     {"box_card": "withdrawn", "screens": True}, {"BB3"}, {"call_not_made"}, {"call_made"}),
    ("seed 003 point 6: pass swapped for a bid is never inadvertent -> 25B", BOTH,
     "change_of_call", {"box_category_swap": True, "lho_accepts": False},
     {"BB6", "BB5", "25B2"}, {"substitution_cancelled", "call_stands"},
     {"substitution_allowed"}),
    ("seed 003 point 4: wrong card pulled by mistake, corrected at once", BOTH,
     "change_of_call",
     {"box_card": "withdrawn", "unintended": True, "partner_called_since": False},
     {"BB3", "BB4"}, {"call_made", "substitution_allowed", "procedural_penalty_possible"},
     set()),
    ("17B dealer calls first (seed 000 17B)", BOTH, "auction_period", {"topic": "first_call"},
     {"17B"}, {"auction_period_explained"}, set()),
    ("17A start of the auction period", BOTH, "auction_period", {"topic": "start"},
     {"17A"}, set(), set()),
]


@pytest.mark.parametrize(
    ("paragraph", "editions", "irregularity", "facts", "laws", "present", "absent"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_procedure(
    paragraph: str,
    editions: tuple[str, ...],
    irregularity: str,
    facts: dict[str, Any],
    laws: set[str],
    present: set[str],
    absent: set[str],
) -> None:
    for edition in editions:
        result = ruling({"edition": edition, "irregularity": irregularity, "facts": facts})
        cited = set(result.laws) | {law for o in result.options for law in o.laws}
        assert laws <= cited, (paragraph, edition, result.laws)
        outcomes = {str(o) for o in result.outcomes}
        assert present <= outcomes, (paragraph, edition, outcomes)
        assert not (absent & outcomes), (paragraph, edition, outcomes)


@pytest.mark.parametrize(
    ("topic", "laws_2017", "laws_2007"),
    [
        ("end", {"17D1", "22A"}, {"17E", "22A"}),
        ("clarification_period", {"17D1"}, {"17E"}),
        ("contract", {"22A"}, {"22B"}),
        ("rotation", {"17C"}, {"17C"}),
    ],
)
def test_auction_period_cites_each_editions_paragraph(
    topic: str, laws_2017: set[str], laws_2007: set[str]
) -> None:
    """2017 17D (clarification period) against the seed's 17E (1997 wording)."""
    for edition, laws in (("2017", laws_2017), ("2007", laws_2007)):
        result = ruling({"edition": edition, "irregularity": "auction_period",
                         "facts": {"topic": topic}})
        assert set(result.laws) == laws


def test_review_asks_what_is_asked_first_then_when() -> None:
    first = rule(Incident.from_dict({"irregularity": "auction_review"}))
    assert isinstance(first, Question) and first.fact == "request"
    second = rule(Incident.from_dict({"irregularity": "auction_review",
                                      "facts": {"request": "explanation"}}))
    assert isinstance(second, Question) and second.fact == "phase"


def test_partner_of_explainer_gets_both_timings_when_side_unknown() -> None:
    """20F5(b): during the auction the side is not known yet: both moments are explained."""
    result = ruling({"irregularity": "misinformation",
                     "facts": {"who_noticed": "explainer_partner"}})
    assert {o.value for o in result.options} == {"declaring", "defending"}
    assert "must_not_correct_during_auction" in {str(o) for o in result.outcomes}


def test_misinformation_defaults_to_the_misinformed_side_and_says_so() -> None:
    """21B: without saying who noticed, the misinformed side's remedy; assumption visible."""
    result = ruling({"irregularity": "misinformation",
                     "facts": {"partner_called_since": False, "auction_over": False}})
    assert "21B1(a)" in result.laws
    assert result.assumed == {"who_noticed": "misinformed"}
    assert Edition.E2017 == result.edition
