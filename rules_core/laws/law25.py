"""Law 25: legal and illegal changes of call (bidding-box slips included).

2017 [T, laws-2017.md S1]: A unintended call (mechanical error or slip of the
tongue), until partner calls; B intended change, accepted or cancelled.
2007 [R, not in the seeds; seed 003 quotes its test]: A inadvertent call
corrected "sans pause pour réfléchir"; B as 2017 but Law 26 does not apply
when the substitution is cancelled.
"""

from __future__ import annotations

from ..engine import Context, Verdict, verdict
from ..model import Outcome as O
from .common import lead_restriction, ui_withdrawn

__all__ = ["change_of_call"]


def change_of_call(ctx: Context) -> Verdict:
    if ctx.yes("unintended"):
        if ctx.yes("partner_called_since"):
            # 25A4 (2017) / 25A (2007): no substitution once partner has called.
            return verdict(
                "25A4" if ctx.is_2017 else "25A",
                outcomes=(O.CALL_STANDS, O.SUBSTITUTION_CANCELLED),
            )
        if ctx.is_2017 and ctx.known("auction_over") is True:
            # 25A5: none after the end of the auction period.
            return verdict("25A5", outcomes=(O.CALL_STANDS, O.SUBSTITUTION_CANCELLED))
        return _unintended_corrected(ctx)
    return _intended_change(ctx)


def _unintended_corrected(ctx: Context) -> Verdict:
    if not ctx.is_2017:
        # 2007 25A: the intended call stands without rectification if legal.
        return verdict("25A", outcomes=(O.SUBSTITUTION_ALLOWED, O.NO_FURTHER_RECTIFICATION))
    result = verdict(
        "25A1",
        "25A2",
        outcomes=(O.SUBSTITUTION_ALLOWED, O.NO_FURTHER_RECTIFICATION),
    )
    if ctx.default("lho_called_since", False):
        # 25A6 [T]: the LHO may withdraw the call he made over the unintended one.
        result = result.then(
            verdict("25A6", "16C", outcomes=(O.LHO_MAY_WITHDRAW_CALL, O.UNAUTHORIZED_INFORMATION))
        )
    return result


def _intended_change(ctx: Context) -> Verdict:
    ui = ui_withdrawn(ctx)
    if ctx.yes("lho_accepts"):
        # 25B1: the LHO accepts the substitution by calling over it; Law 26 may apply.
        return verdict(
            "25B1",
            lead_restriction(ctx),
            ui,
            outcomes=(O.SUBSTITUTION_ALLOWED, O.LEAD_RESTRICTIONS, O.UNAUTHORIZED_INFORMATION),
        )
    if ctx.is_2017:
        # 25B2 [T, S1]: cancelled, original call stands, "Law 26 may apply"; 25B3: 16C.
        return verdict(
            "25B2",
            "25B3",
            lead_restriction(ctx),
            ui,
            outcomes=(
                O.SUBSTITUTION_CANCELLED,
                O.CALL_STANDS,
                O.LEAD_RESTRICTIONS,
                O.UNAUTHORIZED_INFORMATION,
            ),
        )
    # 2007 25B2 [R]: cancelled, original call stands; Law 26 does not apply, but 16D.
    return verdict(
        "25B2",
        ui,
        outcomes=(O.SUBSTITUTION_CANCELLED, O.CALL_STANDS, O.UNAUTHORIZED_INFORMATION),
    )
