"""Laws about information at the table: 16B (unauthorised information,
hesitations), 20 (review and explanation of calls), 21B (misinformation)."""

from __future__ import annotations

from ..engine import Context, Verdict, verdict
from ..model import Outcome as O

__all__ = ["unauthorized_information", "auction_review", "misinformation"]


def unauthorized_information(ctx: Context) -> Verdict:
    """Law 16B: partner may not choose a logical alternative demonstrably
    suggested; rights reserved at once; the director may adjust after play."""
    return verdict(
        "16B1",
        "16B2",
        "16B3",
        outcomes=(O.UNAUTHORIZED_INFORMATION, O.ADJUSTED_SCORE_POSSIBLE, O.EXPLAIN_RIGHTS),
    )


def auction_review(ctx: Context) -> Verdict:
    """Law 20B-E: review at one's own turn, answered by an opponent, whole."""
    return verdict("20B", "20C", "20D", "20E", outcomes=(O.EXPLAIN_RIGHTS,))


def misinformation(ctx: Context) -> Verdict:
    """Law 21B: a call made on misinformation may be changed while partner has
    not called and the auction period lasts; otherwise an adjusted score."""
    if ctx.yes("partner_called_since") or ctx.yes("auction_over"):
        return verdict("21B3", outcomes=(O.ADJUSTED_SCORE_POSSIBLE, O.EXPLAIN_RIGHTS))
    laws = ("21B1(a)", "21B1(b)", "21B2", "16C") if ctx.is_2017 else ("21B1", "21B2", "16C")
    return verdict(
        *laws,
        outcomes=(
            O.MAY_CHANGE_CALL,
            O.LHO_MAY_WITHDRAW_CALL,
            O.UNAUTHORIZED_INFORMATION,
            O.ADJUSTED_SCORE_POSSIBLE,
        ),
    )
