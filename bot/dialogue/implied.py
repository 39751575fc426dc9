"""Facts that a stated fact settles, so that the dialogue never asks them.

A user who says what the RHO did after the call out of rotation ("South then
passed") has said that it was not accepted: the rectification of Laws 31A and
32A follows a refusal only. The understanding reads the fact said; this table
adds the facts it settles, by the Laws, before the incident goes to the rules
core (issue 11 item 3: a fact the text states is never asked). A fact stated
or shown by the calls is never overridden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["IMPLIED", "implied_facts"]

_ANY = None

#: (fact stated, its value or _ANY, irregularities or _ANY, fact settled, value), with the Law.
IMPLIED: tuple[tuple[str, Any, frozenset[str] | None, str, Any], ...] = (
    # 27B: the offender replaces his insufficient bid only when it is not accepted
    ("replacement", _ANY, frozenset({"insufficient_bid"}), "lho_accepts", False),
    ("replacement_call_kind", _ANY, frozenset({"insufficient_bid"}), "lho_accepts", False),
    # 27B4: a second insufficient bid follows a refusal of the first
    ("lho_accepts_replacement", _ANY, frozenset({"insufficient_bid"}), "lho_accepts", False),
    # 31A, 32A: what the RHO does at his turn follows a refusal
    ("rho_action", _ANY, frozenset({"bid_out_of_rotation", "double_out_of_rotation"}),
     "lho_accepts", False),
    # 30B1, 31A2, 31B, 32: the offender's call at his own turn follows a refusal
    ("comparable", _ANY,
     frozenset({"pass_out_of_rotation", "bid_out_of_rotation", "double_out_of_rotation"}),
     "lho_accepts", False),
    # 31A2 (2007): the same
    ("repeats_denomination", _ANY, frozenset({"bid_out_of_rotation"}), "lho_accepts", False),
    # rotation: the partner calls after the LHO (Law 17C)
    ("partner_called_since", True, _ANY, "lho_called_since", True),
    ("lho_called_since", False, _ANY, "partner_called_since", False),
    # 39: a double after the final pass doubles the opponents' contract (a
    # double of one's own side is inadmissible, Law 36): the offender defends
    ("call_kind", "double", frozenset({"call_after_final_pass"}), "offender_side", "defending"),
)  # fmt: skip


def implied_facts(irregularity: str | None, facts: Mapping[str, Any],
                  shown: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``facts`` with the facts they settle added; a fact already stated, or
    in ``shown`` (what the calls show), is kept as it is."""
    settled = dict(facts)
    known = {**(shown or {}), **facts}
    for fact, value, kinds, implied, implied_value in IMPLIED:
        if fact not in known or implied in known or implied in settled:
            continue
        if value is not _ANY and known[fact] != value:
            continue
        if kinds is not None and irregularity not in kinds:
            continue
        settled[implied] = implied_value
    return settled
