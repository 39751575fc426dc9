"""Facts a stated fact settles are added before the incident goes to the rules
core, so that they are never asked (issue 11 item 3); each row cites its Law."""

from __future__ import annotations

from typing import Any

import pytest

from bot.dialogue.implied import implied_facts
from bot.dialogue.state import Draft

ROWS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # 27B: a replacement follows a refusal
    ("insufficient_bid", {"replacement": "pass"}, {"replacement": "pass", "lho_accepts": False}),
    # 27B: so does a replacement told by its kind ("I'd like to double instead")
    ("insufficient_bid", {"replacement_call_kind": "double"},
     {"replacement_call_kind": "double", "lho_accepts": False}),
    # 27B4: a second insufficient bid follows a refusal of the first
    ("insufficient_bid", {"lho_accepts_replacement": True},
     {"lho_accepts_replacement": True, "lho_accepts": False}),
    # 31A: what the RHO did at his turn follows a refusal
    ("bid_out_of_rotation", {"rho_action": "pass"}, {"rho_action": "pass", "lho_accepts": False}),
    # 32A: the same for a double out of rotation
    ("double_out_of_rotation", {"rho_action": "call"},
     {"rho_action": "call", "lho_accepts": False}),
    # 30B1: the offender's own call at his turn follows a refusal
    ("pass_out_of_rotation", {"comparable": True}, {"comparable": True, "lho_accepts": False}),
    # 17C: the partner calls after the LHO
    ("change_of_call", {"partner_called_since": True},
     {"partner_called_since": True, "lho_called_since": True}),
    ("change_of_call", {"lho_called_since": False},
     {"lho_called_since": False, "partner_called_since": False}),
    # 39 with 36: a double after the final pass is a defender's
    ("call_after_final_pass", {"call_kind": "double"},
     {"call_kind": "double", "offender_side": "defending"}),
    # nothing settled: a bid after the final pass may be either side's
    ("call_after_final_pass", {"call_kind": "bid"}, {"call_kind": "bid"}),
    # nothing settled: the LHO's calling says nothing of the partner's
    ("change_of_call", {"lho_called_since": True}, {"lho_called_since": True}),
    # a stated fact is never overridden
    ("bid_out_of_rotation", {"rho_action": "pass", "lho_accepts": True},
     {"rho_action": "pass", "lho_accepts": True}),
    # a fact of another irregularity settles nothing here (31A only)
    ("insufficient_bid", {"rho_action": "pass"}, {"rho_action": "pass"}),
]  # fmt: skip


@pytest.mark.parametrize(("irregularity", "stated", "settled"), ROWS)
def test_stated_facts_settle_others(irregularity: str, stated: dict[str, Any],
                                    settled: dict[str, Any]) -> None:
    assert implied_facts(irregularity, stated) == settled


def test_what_the_calls_show_is_left_to_the_calls() -> None:
    # N 1S, E 1H, S 2H: South called over the insufficient bid (accepted, 27A1);
    # a replacement said in words does not make it refused.
    draft = Draft(irregularity="insufficient_bid", dealer="N",
                  calls=[["N", "1S"], ["E", "1H"], ["S", "2H"]], facts={"replacement": "pass"})
    assert "lho_accepts" not in draft.to_incident("2017")["facts"]


def test_the_incident_carries_the_settled_facts() -> None:
    draft = Draft(irregularity="bid_out_of_rotation", offender="E",
                  facts={"turn_of": "rho", "rho_action": "pass"})
    assert draft.to_incident("2017")["facts"] == {"turn_of": "rho", "rho_action": "pass",
                                                  "lho_accepts": False}
    assert draft.facts == {"turn_of": "rho", "rho_action": "pass"}  # the draft keeps what was said
