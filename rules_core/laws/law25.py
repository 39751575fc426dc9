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
    box = ctx.known("box_card")
    if box is not None and not _call_made(ctx, box):
        # BB3: the card was only touched (or not yet on the tray behind
        # screens): no call was made, but hesitating between cards is
        # unauthorised information (Law 16).
        return verdict(
            "BB3", "16B1", outcomes=(O.CALL_NOT_MADE, O.UNAUTHORIZED_INFORMATION)
        )
    head = verdict("BB3", outcomes=(O.CALL_MADE,)) if box is not None else Verdict()
    if ctx.known("box_category_swap") is True:
        # BB6: swapping pass/double/redouble for a bid (or back) is never an
        # inadvertent slip: the cards are apart and of a different height.
        return head.then(verdict("BB6", "BB5")).then(_intended_change(ctx))
    return head.then(_change(ctx, bidding_box=box is not None or "box_category_swap" in ctx.facts))


def _call_made(ctx: Context, box: object) -> bool:
    """BB3: made when deliberately taken out of the box (without screens) or
    placed on the tray (with screens)."""
    if box == "on_tray":
        return True
    if box == "withdrawn":
        return not ctx.default("screens", False)
    return False


def _change(ctx: Context, bidding_box: bool) -> Verdict:
    if ctx.yes("unintended"):
        if ctx.yes("partner_called_since"):
            # 2017 25A4 / 2007 25A2: no substitution once partner has called.
            return verdict(
                "25A4" if ctx.is_2017 else "25A2",
                outcomes=(O.CALL_STANDS, O.SUBSTITUTION_CANCELLED),
            )
        if ctx.known("auction_over") is True or (
            ctx.known("after_final_pass") is True and ctx.yes("auction_over")
        ):
            # 2017 25A5 / 2007 25A3: none after the end of the auction period
            # (the opening lead faced); the clarification period is still open.
            # A change made after the final pass asks which it is.
            return verdict(
                "25A5" if ctx.is_2017 else "25A3",
                outcomes=(O.CALL_STANDS, O.SUBSTITUTION_CANCELLED),
            )
        corrected = _unintended_corrected(ctx)
        if bidding_box:
            # BB4: the regulation's three conditions restate 25A; a procedural
            # penalty for inattention remains possible.
            corrected = corrected.then(
                verdict("BB4", outcomes=(O.PROCEDURAL_PENALTY_POSSIBLE,))
            )
        return corrected
    return _intended_change(ctx)


def _unintended_corrected(ctx: Context) -> Verdict:
    # 25A1: the intended call stands (subject to the appropriate Law, chained
    # by the judge when the calls show it irregular); no Law 26 restrictions.
    if ctx.is_2017:
        result = verdict(
            "25A1", "25A2", outcomes=(O.SUBSTITUTION_ALLOWED, O.NO_FURTHER_RECTIFICATION)
        )
    else:
        result = verdict("25A1", outcomes=(O.SUBSTITUTION_ALLOWED, O.NO_FURTHER_RECTIFICATION))
    if ctx.default("lho_called_since", False):
        # 2017 25A6 / 2007 25A4: the LHO may withdraw the call he made over
        # the unintended one (authorised for his side, unauthorised for the other).
        result = result.then(
            verdict(
                "25A6" if ctx.is_2017 else "25A4",
                ui_withdrawn(ctx),
                outcomes=(O.LHO_MAY_WITHDRAW_CALL, O.UNAUTHORIZED_INFORMATION),
            )
        )
    return result


def _intended_change(ctx: Context) -> Verdict:
    # [?] After the final pass: laws-2017.md limits only A (25A5) to the auction period (17D1), 25B states no limit and 39A cancels calls after the final pass; neither it nor the seeds settle whether 25B1 acceptance (or a time limit) applies then: left as ruled.  # noqa: E501
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
