"""Replaying the calls as made at the table (contract: "never ask a derived fact").

Each case names the paragraph whose facts the calls tell: the irregularity,
the offender, whose turn it was, whether a bid came before, whether the LHO
(or the player in turn) called over the irregular call. Seats: N, E, S, W
clockwise; the LHO of N is E, his RHO is W.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import Incident, Question, parse_call, parse_seat, rule
from rules_core.replay import derive


def calls_of(text: str) -> list[tuple[Any, Any]]:
    """``"N:1S E:1H"`` -> [(Seat.N, 1S), (Seat.E, 1H)]."""
    out = []
    for item in text.split():
        seat, call = item.split(":")
        out.append((parse_seat(seat), parse_call(call)))
    return out


def incident(dealer: str, text: str, **extra: Any) -> dict[str, Any]:
    return {
        "dealer": dealer,
        "calls": [[item.split(":")[0], item.split(":")[1]] for item in text.split()],
        **extra,
    }


# (paragraph, dealer, calls, irregularity, offender, facts the calls must tell)
CASES: list[tuple[str, str, str, str | None, str | None, dict[str, Any]]] = [
    # Law 27: insufficient bids.
    ("27A in rotation, TD called at once", "N", "N:1S E:1H",
     "insufficient_bid", "E", {"in_rotation": True}),
    ("27A1 LHO calls over it: accepted", "N", "N:1S E:1H S:P",
     "insufficient_bid", "E", {"in_rotation": True, "lho_accepts": True}),
    ("27A1 LHO bids over it: accepted", "N", "N:1S E:1H S:2S",
     "insufficient_bid", "E", {"in_rotation": True, "lho_accepts": True}),
    ("27C premature replacement, lowest same denomination", "N", "N:1S E:1H E:2H",
     "insufficient_bid", "E",
     {"premature_replacement": True, "same_strain_lowest": True}),
    ("27C premature replacement in no trump", "N", "N:2C E:1NT E:2NT",
     "insufficient_bid", "E",
     {"premature_replacement": True, "same_strain_lowest": True}),
    ("27C premature replacement, same level is enough", "N", "N:2D E:2C E:3C",
     "insufficient_bid", "E",
     {"premature_replacement": True, "same_strain_lowest": True}),
    ("27C premature replacement, a jump is not the lowest", "N", "N:1S E:1H E:3H",
     "insufficient_bid", "E", {"premature_replacement": True}),
    ("27C premature replacement by a pass", "N", "N:1S E:1H E:P",
     "insufficient_bid", "E", {"premature_replacement": True}),
    ("27C premature replacement by a double", "N", "N:1S E:1H E:X",
     "insufficient_bid", "E", {"premature_replacement": True}),
    ("27B4 second insufficient bid", "N", "N:1S E:1H E:1S",
     "insufficient_bid", "E", {"premature_replacement": True, "replacement": "insufficient"}),
    ("27B4 LHO calls over the second insufficient bid", "N", "N:1S E:1H E:1S S:P",
     "insufficient_bid", "E",
     {"replacement": "insufficient", "lho_accepts_replacement": True}),
    ("27B4 second insufficient bid replaced again", "N", "N:1S E:1H E:1S E:2H",
     "insufficient_bid", "E",
     {"replacement": "insufficient", "lho_accepts_replacement": False}),
    ("27A2 insufficient bid out of rotation, partner's turn", "N", "N:1S W:1H",
     "insufficient_bid", "W", {"in_rotation": False, "turn_of": "partner"}),
    ("27A2 insufficient bid out of rotation, RHO's turn", "N", "N:1S S:1H",
     "insufficient_bid", "S", {"in_rotation": False, "turn_of": "rho"}),
    ("27A2: the RHO calls next; before or after the ruling is not in the order", "N",
     "N:1S S:1H E:P", "insufficient_bid", "S",
     {"in_rotation": False, "turn_of": "rho", "rho_action": "pass"}),
    # Laws 28-32: calls out of rotation.
    ("30 pass at RHO's turn, before any bid", "N", "E:P",
     "pass_out_of_rotation", "E",
     {"turn_of": "rho", "any_bid_before": False, "offender_called_before": False}),
    ("30 pass at partner's turn, before any bid", "N", "S:P",
     "pass_out_of_rotation", "S", {"turn_of": "partner", "any_bid_before": False}),
    ("30 pass at LHO's turn, before any bid", "N", "W:P",
     "pass_out_of_rotation", "W",
     {"turn_of": "lho", "any_bid_before": False, "offender_called_before": False}),
    ("30 pass at RHO's turn, after a bid", "N", "N:1S S:P",
     "pass_out_of_rotation", "S", {"turn_of": "rho", "any_bid_before": True}),
    ("30 pass at partner's turn, after a bid", "N", "N:1S W:P",
     "pass_out_of_rotation", "W", {"turn_of": "partner", "any_bid_before": True}),
    ("29A pass accepted by the LHO calling", "N", "N:1S W:P N:2S",
     "pass_out_of_rotation", "W", {"lho_accepts": True}),
    ("31 bid at RHO's turn", "N", "N:1S S:2H",
     "bid_out_of_rotation", "S", {"turn_of": "rho", "call_kind": "bid"}),
    ("31 bid at partner's turn", "N", "N:1S W:2H",
     "bid_out_of_rotation", "W", {"turn_of": "partner", "offender_called_before": False}),
    ("31 bid at LHO's turn, offender has not called", "N", "W:1S",
     "bid_out_of_rotation", "W",
     {"turn_of": "lho", "offender_called_before": False, "any_bid_before": False}),
    ("28B/31A: the RHO, whose turn it was, calls next (time asked, his call known)", "N",
     "N:1S S:2H E:P", "bid_out_of_rotation", "S",
     {"turn_of": "rho", "rho_action": "pass", "lho_accepts": False}),
    ("29A LHO calls over a bid out of rotation", "N", "N:1S S:2H W:P",
     "bid_out_of_rotation", "S", {"lho_accepts": True, "correct_player_called": False}),
    ("32 double at partner's turn", "N", "N:1S W:X",
     "double_out_of_rotation", "W", {"turn_of": "partner", "call_kind": "double"}),
    ("32 double at RHO's turn", "N", "N:1S E:P W:X",
     "double_out_of_rotation", "W", {"turn_of": "rho", "call_kind": "double"}),
    ("32 redouble out of rotation", "N", "N:1S E:X N:XX",
     "double_out_of_rotation", "N", {"turn_of": "partner", "call_kind": "redouble"}),
    # Law 25: the same player calling twice.
    ("25 same player calls again before his LHO", "N", "N:1S N:2S",
     "change_of_call", "N",
     {"turn_of": "lho", "offender_called_before": True, "partner_called_since": False,
      "lho_called_since": False}),
    ("25B1 LHO calls over the changed call", "N", "N:1S N:2S E:P",
     "change_of_call", "N", {"lho_accepts": True}),
    ("25 a bid changed to a pass", "N", "N:1S E:P S:2S S:P",
     "change_of_call", "S", {"call_kind": "pass", "offender_called_before": True}),
    # Law 36: inadmissible doubles and redoubles (Law 19 not met).
    ("36 double of partner's bid, in turn", "N", "N:1S E:P S:X",
     "inadmissible_double", "S", {"out_of_rotation": False, "lho_called_since": False}),
    ("36 double with no bid, in turn", "N", "N:X",
     "inadmissible_double", "N", {"out_of_rotation": False}),
    ("36 double of a double, in turn", "N", "N:1S E:X S:X",
     "inadmissible_double", "S", {"out_of_rotation": False}),
    ("36 redouble with no double", "N", "N:1S E:XX",
     "inadmissible_double", "E", {"out_of_rotation": False}),
    ("36 redouble of partner's double", "N", "N:1S E:X S:P W:XX",
     "inadmissible_double", "W", {"out_of_rotation": False}),
    ("36A LHO called over the inadmissible double", "N", "N:1S E:P S:X W:P",
     "inadmissible_double", "S", {"lho_called_since": True}),
    ("36B4 inadmissible double out of rotation", "N", "N:1S S:X",
     "inadmissible_double", "S", {"out_of_rotation": True, "lho_called_since": False}),
    ("36B4 double out of rotation before any bid", "N", "W:X",
     "inadmissible_double", "W", {"out_of_rotation": True}),
    # Law 38: bid above seven.
    ("38 bid of eight", "N", "N:7NT E:8S", "bid_above_seven", "E", {"lho_called_since": False}),
    ("38D LHO called over it", "N", "N:7NT E:8S S:P",
     "bid_above_seven", "E", {"lho_called_since": True}),
    ("38 bid above seven out of rotation is still Law 38", "N", "N:7NT S:8C",
     "bid_above_seven", "S", {}),
    # Law 39: calls after the final pass.
    ("39B declarer bids after the final pass", "N", "N:1S E:P S:P W:P N:2S",
     "call_after_final_pass", "N",
     {"offender_side": "declaring", "call_kind": "bid", "lho_called_since": False}),
    ("39B dummy passes after the final pass", "N", "N:1S E:P S:P W:P S:P",
     "call_after_final_pass", "S", {"offender_side": "declaring", "call_kind": "pass"}),
    ("39B defender passes after the final pass", "N", "N:1S E:P S:P W:P E:P",
     "call_after_final_pass", "E", {"offender_side": "defending", "call_kind": "pass"}),
    ("39C defender doubles after the final pass", "N", "N:1S E:P S:P W:P E:X",
     "call_after_final_pass", "E", {"offender_side": "defending", "call_kind": "double"}),
    ("39B LHO called over the defender's bid", "N", "N:1S E:P S:P W:P W:2H N:P",
     "call_after_final_pass", "W", {"offender_side": "defending", "lho_called_since": True}),
    ("39 declarer is the partner who named the strain first", "N",
     "N:1H E:P S:1S W:P N:2S E:P S:P W:P N:3S",
     "call_after_final_pass", "N", {"offender_side": "declaring"}),
    # Laws 34/17D3 and 22A.
    ("34/17D3 three passes, one out of rotation, S skipped", "N", "N:1S E:P W:P N:P",
     "pass_out_of_rotation", "W", {"ends_auction": True, "lho_accepts": True}),
    ("22A passed out", "N", "N:P E:P S:P W:P", "passed_out", None, {}),
    ("22A passed out, dealer W", "W", "W:P N:P E:P S:P", "passed_out", None, {}),
    # No irregularity.
    ("17-22 a normal auction", "N", "N:1S E:P S:2S W:P N:P E:P", None, None, {}),
]  # fmt: skip


FIELDS = ("paragraph", "dealer", "calls", "irregularity", "offender", "facts")


@pytest.mark.parametrize(FIELDS, CASES)
def test_derived_facts(
    paragraph: str,
    dealer: str,
    calls: str,
    irregularity: str | None,
    offender: str | None,
    facts: dict[str, Any],
) -> None:
    derivation = derive(parse_seat(dealer), calls_of(calls))
    got = None if derivation.irregularity is None else str(derivation.irregularity)
    assert got == irregularity, paragraph
    assert (None if derivation.offender is None else derivation.offender.name) == offender
    for fact, value in facts.items():
        assert derivation.facts.get(fact) == value, f"{paragraph}: {fact}"


@pytest.mark.parametrize(FIELDS, [c for c in CASES if c[3] is not None])
def test_never_ask_what_the_calls_tell(
    paragraph: str,
    dealer: str,
    calls: str,
    irregularity: str | None,
    offender: str | None,
    facts: dict[str, Any],
) -> None:
    """Contract: the core never asks a derived fact; the question, if any, is about
    something the calls cannot show."""
    derivation = derive(parse_seat(dealer), calls_of(calls))
    for edition in ("2017", "2007"):
        result = rule(Incident.from_dict(incident(dealer, calls, edition=edition)))
        assert result.irregularity == irregularity, paragraph
        if isinstance(result, Question):
            assert result.fact not in derivation.facts, f"{paragraph} ({edition})"
            assert result.fact not in facts


def test_dealer_is_assumed_from_the_first_call_and_reported() -> None:
    """17B: without a dealer, the first call is taken as the dealer's, and said so."""
    derivation = derive(None, calls_of("E:1S S:P W:P N:P"))
    assert derivation.irregularity is None
    assert derivation.assumed == {"dealer": "E"}
    result = rule(Incident.from_dict({"calls": [["N", "1S"], ["E", "1H"]]}))
    assert result.irregularity == "insufficient_bid"


def test_an_accepted_irregular_call_is_legal_and_a_double_of_it_is_not_irregular() -> None:
    """27A1: South's double accepts East's insufficient 1H, which is then the
    bid South may double (19A1): East's insufficient bid is the one ruled."""
    derivation = derive(parse_seat("N"), calls_of("N:1S E:1H S:X"))
    assert str(derivation.irregularity) == "insufficient_bid"
    assert derivation.offender is not None and derivation.offender.name == "E"


def test_a_later_irregularity_is_ruled_on_its_own() -> None:
    """27A1 then 27: 1S (1H accepted by South's 1D), and 1D is itself insufficient."""
    derivation = derive(parse_seat("N"), calls_of("N:1S E:1H S:1D"))
    assert str(derivation.irregularity) == "insufficient_bid"
    assert derivation.offender is not None and derivation.offender.name == "S"
    assert [str(d.irregularity) for d in derivation.earlier] == ["insufficient_bid"]


def test_27C_premature_replacement_leaves_the_lho_his_option() -> None:
    derivation = derive(parse_seat("N"), calls_of("N:1S E:1H E:2H"))
    assert "lho_accepts" not in derivation.facts


def test_the_same_call_repeated_is_not_a_change_of_call() -> None:
    derivation = derive(parse_seat("N"), calls_of("N:P E:P E:P"))
    assert derivation.irregularity is None
