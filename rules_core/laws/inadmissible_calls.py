"""Laws 37, 38, 39: calls that are inadmissible (Law 35B-D)."""

from __future__ import annotations

from ..engine import Context, Verdict, verdict
from ..model import Outcome as O
from .common import enforced_pass_damage, lead_restriction, ui_withdrawn

__all__ = ["call_when_obliged_to_pass", "bid_above_seven", "call_after_final_pass"]


def call_when_obliged_to_pass(ctx: Context) -> Verdict:
    """Law 37 [P: A from S7; B recalled, consistent with 2007]."""
    if ctx.yes("lho_called_since"):
        # 37A: the LHO called before rectification: that call and all later ones
        # stand; "if the offender was required to pass for the remainder of the
        # auction he must still pass whenever it is his turn".
        # pass_obligation_continues is that sentence (contract): given whenever
        # the bar may run to the end of the auction; when it is known to, the
        # bar itself is stated too. A bar for one turn only is spent.
        throughout = ctx.known("barred_throughout")
        still: tuple[O, ...] = (
            (O.OFFENDER_MUST_PASS_THROUGHOUT, O.PASS_OBLIGATION_CONTINUES) if throughout is True
            else () if throughout is False
            else (O.PASS_OBLIGATION_CONTINUES,)
        )
        return verdict("37A", outcomes=(O.CALL_STANDS, O.NO_FURTHER_RECTIFICATION, *still))
    # 37B: cancelled, a pass substituted, both offenders pass throughout.
    return verdict(
        "37B",
        lead_restriction(ctx),
        enforced_pass_damage(ctx),
        outcomes=(
            O.CALL_CANCELLED,
            O.OFFENDING_SIDE_MUST_PASS_THROUGHOUT,
            O.LEAD_RESTRICTIONS,
            O.ADJUSTED_SCORE_POSSIBLE,
        ),
    )


def bid_above_seven(ctx: Context) -> Verdict:
    """Law 38 [T]: never played; cancelled with later calls; offending side passes."""
    lho_called = ctx.yes("lho_called_since")
    outcomes: tuple[O, ...] = (O.CALL_CANCELLED,)
    if lho_called:
        outcomes += (O.SUBSEQUENT_CALLS_CANCELLED,)
    outcomes += (O.OFFENDING_SIDE_MUST_PASS_THROUGHOUT,)
    result = verdict("38A", "38B", "38C", outcomes=outcomes)
    if lho_called:
        # 38D: no recourse to 72C/26B once the LHO has called over it.
        return result.then(verdict("38D"))
    return result.then(
        verdict(
            "38D",
            enforced_pass_damage(ctx),
            lead_restriction(ctx),
            outcomes=(O.LEAD_RESTRICTIONS, O.ADJUSTED_SCORE_POSSIBLE),
        )
    )


def call_after_final_pass(ctx: Context) -> Verdict:
    """Law 39: cancelled (A); no more (B); or 26B for a defender's bid or double (C)."""
    head = verdict("39A", outcomes=(O.CALL_CANCELLED,))
    if ctx.known("after_passed_out") is True:
        # After four passes there is no declarer and no defender: the call is
        # cancelled and the board is not played (22B in 2017, 22A in the seeds).
        return head.then(
            verdict("22B" if ctx.is_2017 else "22A", outcomes=(O.BOARD_NOT_PLAYED_NO_REDEAL,))
        )
    if ctx.known("call_kind") == "pass":
        # 39B: a pass by a defender, or any call by the declaring side: the
        # side does not decide, so it is not asked.
        return head.then(verdict("39B", outcomes=(O.NO_FURTHER_RECTIFICATION,)))
    if ctx.get("offender_side") == "declaring":
        return head.then(verdict("39B", outcomes=(O.NO_FURTHER_RECTIFICATION,)))
    if ctx.get("call_kind") == "pass":
        return head.then(verdict("39B", outcomes=(O.NO_FURTHER_RECTIFICATION,)))
    # 2017 39B [T, S2] also ends it when the LHO called before rectification;
    # the 2007 text [R] has no such clause.
    if ctx.is_2017 and ctx.yes("lho_called_since"):
        return head.then(verdict("39B", outcomes=(O.NO_FURTHER_RECTIFICATION,)))
    return head.then(
        verdict(
            "39C",
            lead_restriction(ctx),
            ui_withdrawn(ctx) + "2",
            outcomes=(O.LEAD_RESTRICTIONS, O.UNAUTHORIZED_INFORMATION),
        )
    )
