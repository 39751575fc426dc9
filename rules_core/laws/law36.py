"""Law 36: inadmissible doubles and redoubles (Law 19 not met).

2017 [T, S3 + S4] adds 36C (found only after the opening lead). 2007 [R]:
A and B1-B4 as in 2017, citing old Law 23 and Law 26.
"""

from __future__ import annotations

from ..engine import Context, Verdict, verdict
from ..model import Outcome as O
from .common import enforced_pass_damage, lead_restriction

__all__ = ["inadmissible_double"]


def inadmissible_double(ctx: Context, out_of_rotation: bool | None = None) -> Verdict:
    # Found only after the opening lead was faced: the LHO has called since,
    # which is then not asked.
    if ctx.known("after_opening_lead") is True or ctx.yes("lho_called_since"):
        if ctx.is_2017 and ctx.yes("after_opening_lead"):
            # 36C: scored as if the inadmissible call had not been made.
            return verdict("36C", outcomes=(O.SCORE_AS_IF_NOT_MADE,))
        # 36A: it and every later call are cancelled; back to whose turn it was; no 26.
        return verdict(
            "36A",
            outcomes=(
                O.CALL_CANCELLED,
                O.SUBSEQUENT_CALLS_CANCELLED,
                O.AUCTION_REVERTS,
                O.NO_FURTHER_RECTIFICATION,
            ),
        )
    barred = (O.PARTNER_MUST_PASS_THROUGHOUT, O.LEAD_RESTRICTIONS, O.ADJUSTED_SCORE_POSSIBLE)
    tail = (enforced_pass_damage(ctx), lead_restriction(ctx))
    if out_of_rotation is None:
        out_of_rotation = ctx.default("out_of_rotation", False) is True
    if out_of_rotation:
        # 36B4: back to the player whose turn it was; the offender calls at his
        # turn; his partner passes throughout.
        return verdict(
            "36B",
        "36B1",
            "36B4",
            *tail,
            outcomes=(O.CALL_CANCELLED, O.AUCTION_REVERTS, *barred),
        )
    # 36B1-3: cancelled; the offender substitutes a legal call; partner passes throughout.
    return verdict(
        "36B",
        "36B1",
        "36B2",
        "36B3",
        *tail,
        outcomes=(O.CALL_CANCELLED, O.OFFENDER_SUBSTITUTES_LEGAL_CALL, *barred),
    )
