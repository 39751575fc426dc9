"""Laws about information at the table: 16B (unauthorised information:
hesitations, remarks, the bidding box, the Stop card), 20 (review and
explanation of calls, seed 001), 21B with 20F4/20F5 (misinformation)."""

from __future__ import annotations

from ..engine import Context, Verdict, verdict
from ..model import FactValue
from ..model import Outcome as O
from .common import ui_withdrawn

__all__ = ["unauthorized_information", "auction_review", "misinformation"]


def unauthorized_information(ctx: Context) -> Verdict:
    """Law 16B: partner may not choose a logical alternative demonstrably
    suggested; rights are reserved at once; the director may adjust after
    play. The bidding-box regulation adds fumbling (BB3) and the Stop card (BB7)."""
    result = verdict(
        "16B1",
        "16B2",
        "16B3",
        outcomes=(
            O.UNAUTHORIZED_INFORMATION,
            O.ADJUSTED_SCORE_POSSIBLE,
            O.EXPLAIN_RIGHTS,
            O.RESERVE_RIGHTS,
        ),
    )
    source = ctx.known("source")
    if source == "box_fumbling":
        return result.then(verdict("BB3"))
    if source in ("stop_card_not_used", "stop_card_not_respected"):
        return result.then(verdict("BB7", outcomes=(O.STOP_CARD_WAIT,)))
    return result


def auction_review(ctx: Context) -> Verdict:
    """Law 20: who may ask for a review or an explanation, when, and who answers."""
    request = ctx.get("request")
    if request == "repeat_call":
        # 20A: a call not clearly heard may be repeated at once.
        return verdict("20A", outcomes=(O.REPEAT_CALL_ALLOWED,))
    if request == "who_leads":
        # 20C1: after the final pass a defender may ask whether it is his lead.
        return verdict("20C1", outcomes=(O.MAY_ASK_WHO_LEADS,))
    phase = ctx.get("phase")
    if request == "review":
        return _review(ctx, phase)
    return _explanation(ctx, phase)


_REVIEW_GIVEN = (
    O.REVIEW_ALLOWED,
    O.WHOLE_REVIEW_ONLY,
    O.ANSWERED_BY_OPPONENT,
    O.ALL_MUST_CORRECT_REVIEW,
)


def _review(ctx: Context, phase: FactValue) -> Verdict:
    if phase == "auction":
        # 20B: at one's own turn to call, unless the Law obliges one to pass.
        if ctx.default("obliged_to_pass", False) or not ctx.default("own_turn", True):
            return verdict("20B", outcomes=(O.REVIEW_NOT_ALLOWED,))
        return verdict("20B", "20D", "20E", outcomes=_REVIEW_GIVEN)
    # 20C2: declarer or either defender, at his first turn to play; not dummy.
    if ctx.get("asker_role") == "dummy":
        return verdict("20C2", outcomes=(O.REVIEW_NOT_ALLOWED,))
    if phase == "play" and not ctx.yes("first_turn_to_play"):
        # The right lapses after one's first turn to play; explanations remain (20F2).
        return verdict("20C2", "20F2", outcomes=(O.REVIEW_NOT_ALLOWED, O.EXPLANATION_ALLOWED))
    return verdict("20C2", "20D", "20E", outcomes=_REVIEW_GIVEN)


def _explanation(ctx: Context, phase: FactValue) -> Verdict:
    asked_well = (
        O.EXPLANATION_ALLOWED,
        O.ANSWERED_BY_CALLERS_PARTNER,
        O.NO_QUESTION_FOR_PARTNERS_BENEFIT,
        O.UNAUTHORIZED_INFORMATION,
    )
    if phase == "auction":
        # 20F1: only at one's own turn to call, about the opponents' calls.
        if not ctx.default("own_turn", True):
            return verdict("20F1", outcomes=(O.EXPLANATION_NOT_ALLOWED,))
        return verdict("20F1", "20F3", "20G1", "20G2", outcomes=asked_well)
    # 20F2: after the final pass, any player but dummy, at his own turn to play.
    if ctx.get("asker_role") == "dummy":
        return verdict("20F2", outcomes=(O.EXPLANATION_NOT_ALLOWED,))
    return verdict("20F2", "20F3", "20G1", "20G2", outcomes=asked_well)


def misinformation(ctx: Context) -> Verdict:
    """Who noticed decides: the misinformed side (21B), the player who gave the
    explanation (20F4), or his partner (20F5)."""
    who = ctx.default("who_noticed", "misinformed")
    if who == "explainer":
        # 20F4: correct it by calling the director before the clarification period ends.
        return verdict(
            "20F4(a)",
            "20F4(b)",
            "21B",
            outcomes=(O.MUST_CORRECT_OWN_EXPLANATION, O.ADJUSTED_SCORE_POSSIBLE),
        )
    if who == "explainer_partner":
        # 20F5: say nothing during the auction; call the director at the first legal moment.
        head = verdict("20F5(a)", "20F5(b)", outcomes=(O.MUST_NOT_CORRECT_DURING_AUCTION,))
        return head.then(ctx.choice("offender_side", ("declaring", "defending"), _when_to_call))
    # Once the opening lead is faced nothing may be changed: whether partner
    # called since is then not asked (21B1(a) runs "until the end of the
    # auction period"; 21B3 when it is too late).
    if ctx.known("auction_over") is True or ctx.yes("partner_called_since") or ctx.yes(
        "auction_over"
    ):
        return verdict("21B3", outcomes=(O.ADJUSTED_SCORE_POSSIBLE, O.EXPLAIN_RIGHTS))
    # Information from withdrawn calls: 16C in 2017, 16D in the 2007 code (the
    # seed's "Loi 16 C" in 21B2 is the 1997 numbering).
    laws: tuple[str, ...] = ("21B1(a)", "21B1(b)", "21B2", ui_withdrawn(ctx))
    if not ctx.is_2017:
        laws = ("21B1", "21B2", ui_withdrawn(ctx))
    return verdict(
        *laws,
        # 21B1(a): the misinformed player may change his last call while his
        # partner has not called since; 21B2: the misinformed player's LHO may
        # then change a call made after it, Law 16C applying to withdrawn calls.
        outcomes=(
            O.MAY_CHANGE_CALL,
            O.MISINFORMED_LHO_MAY_CHANGE,
            O.ADJUSTED_SCORE_POSSIBLE,
        ),
    )


def _when_to_call(side: FactValue) -> Verdict:
    if side == "declaring":
        return verdict("20F5(b)(ii)", outcomes=(O.CALL_DIRECTOR_AFTER_FINAL_PASS,))
    return verdict("20F5(b)(i)", outcomes=(O.CALL_DIRECTOR_AT_END_OF_PLAY,))
