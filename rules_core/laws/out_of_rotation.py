"""Calls out of rotation: Laws 28B, 29 and then 30 (pass), 31 (bid) or 32
(double, redouble), in the order of checks of laws-2017.md §6.

2007 follows seed 002 word for word; 2017 follows laws-2017.md (comparable
call, partner barred only "when next it is his turn").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..engine import Context, Verdict, verdict
from ..model import FactValue
from ..model import Outcome as O
from .common import lead_restriction, ui_withdrawn
from .law25 import change_of_call
from .law36 import inadmissible_double

__all__ = ["call_out_of_rotation", "change_at_lho_turn", "CallKindOOR"]

CallKindOOR = Literal["pass", "bid", "double"]

_CHANGE_OF_CALL_PARAGRAPH = {
    ("pass", True): "30B2",
    ("bid", True): "31C",
    # [P] 32C is in the French 2017 text (S3); whether the English text has it
    # cannot be settled from the sources (laws-2017.md, review-2017-statements.md):
    # kept as the French text has it.
    ("double", True): "32C",
    ("pass", False): "30B3",
    # Seed note *** to 31B: later calls at the LHO's turn are changes of call,
    # Law 25 applies; 31B itself is for a player who had not called.
    ("bid", False): "25",
    ("double", False): "25",  # the seed's Law 32 is silent: a later call is a change of call
}


def _called_before(ctx: Context, kind: CallKindOOR) -> bool:
    """At the LHO's turn after a bid, the offender has just called: the turn
    that comes before his LHO's is his own. Untold, a double was most likely
    made after the offender's own call: before it nobody had called, and a
    double of nothing is rare; a bid or a pass was most likely the first call."""
    if "offender_called_before" not in ctx.facts and ctx.known("any_bid_before") is True:
        return True
    return ctx.default("offender_called_before", kind == "double") is True


_KIND_OF_CALL: dict[FactValue, CallKindOOR] = {
    "pass": "pass", "bid": "bid", "double": "double", "redouble": "double",
}


def change_at_lho_turn(ctx: Context) -> Verdict:
    """A change of call that the calls show as a second call by the same
    player at his LHO's turn: the paragraph that makes it one (2017 30B2, 31C,
    32C; 2007 30B3, the note to 31, Law 25) comes first, then Law 25."""
    kind = _KIND_OF_CALL.get(ctx.known("call_kind") or "")
    if kind is None or ctx.known("turn_of") != "lho" or not ctx.known("offender_called_before"):
        return change_of_call(ctx)
    if kind == "pass" and not ctx.is_2017 and ctx.known("any_bid_before") is not True:
        # Seed 30B3 speaks of a pass "après qu'un joueur a enchéri" only.
        return change_of_call(ctx)
    paragraph = _CHANGE_OF_CALL_PARAGRAPH[(kind, ctx.is_2017)]
    return verdict(paragraph, outcomes=(O.TREATED_AS_CHANGE_OF_CALL,)).then(change_of_call(ctx))


def call_out_of_rotation(ctx: Context, kind: CallKindOOR, insufficient: bool = False) -> Verdict:
    if ctx.known("rho_must_pass") is True:
        # 28A: made at the turn of an RHO required by law to pass: in rotation.
        return verdict("28A", outcomes=(O.CALL_STANDS, O.NO_FURTHER_RECTIFICATION))
    turn = ctx.get("turn_of")
    if turn == "lho" and kind == "pass" and not ctx.is_2017:
        ctx.get("any_bid_before")  # seed 30: decides 30A against 30B3 before anything else
    if turn == "lho" and _called_before(ctx, kind):
        # 30B2 / 31C / 32C (2017), 30B3 / 31 note *** (2007): a later call
        # at the LHO's turn is a change of call, made right after his own
        # call: neither his partner nor his LHO has called since.
        paragraph = _CHANGE_OF_CALL_PARAGRAPH[(kind, ctx.is_2017)]
        changed = ctx.with_facts(partner_called_since=False, lho_called_since=False)
        return verdict(paragraph, outcomes=(O.TREATED_AS_CHANGE_OF_CALL,)).then(
            change_of_call(changed)
        )
    if kind == "double" and turn == "lho":
        # At the LHO's turn before the offender ever called, nobody has bid:
        # the double is inadmissible too (Law 36B4, never acceptable).
        return inadmissible_double(ctx, out_of_rotation=True)
    # 29A: the offender's LHO may accept the call by calling over it.
    if ctx.yes("lho_accepts"):
        return verdict("29A", outcomes=(O.CALL_STANDS, O.NO_FURTHER_RECTIFICATION))
    # 28B: the RHO, whose turn it was, called before rectification.
    if turn == "rho" and _rho_called_before_ruling(ctx):
        return verdict(
            "28B",
            ui_withdrawn(ctx) + "2",
            outcomes=(O.CALL_CANCELLED, O.NO_FURTHER_RECTIFICATION, O.UNAUTHORIZED_INFORMATION),
        )
    head = verdict("29B", outcomes=(O.CALL_CANCELLED, O.AUCTION_REVERTS))
    if kind != "pass" and ctx.known("artificial") is True:
        head = head.then(verdict("29C"))
    if kind == "pass":
        rule = _pass_2017 if ctx.is_2017 else _pass_2007
        return head.then(rule(ctx, turn))
    if kind == "bid":
        rule = _bid_2017 if ctx.is_2017 else _bid_2007
        return head.then(rule(ctx, turn, insufficient=insufficient))
    rule = _double_2017 if ctx.is_2017 else _double_2007
    return head.then(rule(ctx, turn))


# --- 2017 -----------------------------------------------------------------


def _comparable_2017(ctx: Context, comparable: str, not_comparable: str) -> Verdict:
    """23A test on the offender's later call: (a)/(i) nothing more; (b)/(ii) partner passes once."""

    def branch(value: FactValue) -> Verdict:
        if value is True:
            return verdict(
                comparable,
                "23A",
                "23C",
                outcomes=(O.NO_FURTHER_RECTIFICATION, O.ADJUSTED_SCORE_POSSIBLE),
            )
        return verdict(
            not_comparable,
            "16C",
            "26B",
            "72C",
            outcomes=(
                O.PARTNER_MUST_PASS_NEXT_TURN,
                O.UNAUTHORIZED_INFORMATION,
                O.LEAD_RESTRICTIONS,
                O.ADJUSTED_SCORE_POSSIBLE,
            ),
        )

    return ctx.choice("comparable", (True, False), branch)


def _partner_free_2017(*laws: str) -> Verdict:
    """30B1(a) / 31B1 / 32B1: partner calls freely, but 16C2 applies."""
    return verdict(
        *laws, "16C2", outcomes=(O.PARTNER_MAY_CALL_FREELY, O.UNAUTHORIZED_INFORMATION)
    )


def _partner_free_then_offender_2017(
    ctx: Context, free: tuple[str, str], offender: str, comparable: str, not_comparable: str
) -> Verdict:
    """30B1 / 31B / 32B: the partner's free turn under 16C2 (30B1(a), 31B1,
    32B1), then the offender's call at his turn (30B1(b), 31B2, 32B2).

    23B: when that call is comparable, "Law 16C2 does not apply" from then on:
    the information from the cancelled call is no longer unauthorised for the
    offending side, so the ruling does not say it is; the partner's turn,
    under 16C2 when he called, stays on the card (32B1), and 23C keeps the
    director's adjustment at the end of play."""
    head = _partner_free_2017(*free)
    if ctx.known("comparable") is True:
        head = Verdict(
            head.laws, tuple(o for o in head.outcomes if o is not O.UNAUTHORIZED_INFORMATION)
        )
        lifted = verdict("23B", outcomes=(O.COMPARABLE_CALL_LIFTS_UI,))
        return head.then(verdict(offender)).then(
            _comparable_2017(ctx, comparable, not_comparable)
        ).then(lifted)
    return head.then(verdict(offender)).then(_comparable_2017(ctx, comparable, not_comparable))


def _pass_2017(ctx: Context, turn: FactValue) -> Verdict:
    if ctx.default("artificial", False):
        # 30C: an artificial pass (or a pass of partner's artificial call) -> Law 31.
        return verdict("30C").then(_bid_2017(ctx, turn, artificial_pass=True))
    if turn == "rho":
        # 30A [R]: the offender must pass when next it is his turn.
        return verdict("30A", outcomes=(O.OFFENDER_MUST_PASS_NEXT_TURN, O.NO_FURTHER_RECTIFICATION))
    # 30B1: partner's turn, or the LHO's turn before the offender has called.
    return _partner_free_then_offender_2017(
        ctx, ("30B1", "30B1(a)"), "30B1(b)", "30B1(b)(i)", "30B1(b)(ii)"
    )


def _repeat(*laws: str, insufficient: bool = False) -> Verdict:
    if insufficient:
        # The repeated bid is still insufficient: Law 27 then applies to it.
        return verdict(*laws, "27", outcomes=(O.OFFENDER_MUST_REPEAT,))
    return verdict(*laws, outcomes=(O.OFFENDER_MUST_REPEAT, O.NO_FURTHER_RECTIFICATION))


def _bid_2017(
    ctx: Context, turn: FactValue, artificial_pass: bool = False, insufficient: bool = False
) -> Verdict:
    if turn == "rho":
        # 31A: the RHO now calls; what follows depends on his call.
        def after_rho(action: FactValue) -> Verdict:
            if action == "pass":
                return _repeat("31A1", insufficient=insufficient)
            return verdict("31A2").then(_comparable_2017(ctx, "31A2(a)", "31A2(b)"))

        return _after_rho_acts(ctx, after_rho)
    # 31B: partner's turn, or the LHO's turn before the offender has called.
    return _partner_free_then_offender_2017(ctx, ("31B", "31B1"), "31B2", "31A2(a)", "31A2(b)")


def _double_2017(ctx: Context, turn: FactValue) -> Verdict:
    if turn == "rho":
        # 32A: the RHO now calls.
        def after_rho(action: FactValue) -> Verdict:
            if action == "pass":
                return _repeat("32A1")
            return verdict("32A2").then(_comparable_2017(ctx, "32A2(a)", "32A2(b)"))

        return _after_rho_acts(ctx, after_rho)
    # 32B: partner's turn.
    return _partner_free_then_offender_2017(ctx, ("32B", "32B1"), "32B2", "32A2(a)", "32A2(b)")


# --- 2007 (seed 002) -------------------------------------------------------

_PARTNER_BARRED_2007 = (
    O.PARTNER_MUST_PASS_THROUGHOUT,
    O.LEAD_RESTRICTIONS,
    O.ADJUSTED_SCORE_POSSIBLE,
)


def _pass_2007(ctx: Context, turn: FactValue) -> Verdict:
    if ctx.default("artificial", False):
        # 30C: an artificial pass -> Law 31, not this Law.
        return verdict("30C").then(_bid_2007(ctx, turn, artificial_pass=True))
    if not ctx.yes("any_bid_before"):
        # 30A: before any bid, the offender passes at his next turn; Law 23 may apply.
        return verdict(
            "30A",
            "23",
            outcomes=(O.OFFENDER_MUST_PASS_NEXT_TURN, O.ADJUSTED_SCORE_POSSIBLE),
        )
    if turn == "rho":
        # 30B1: after a bid, at the RHO's turn: pass at the next turn.
        return verdict("30B1", outcomes=(O.OFFENDER_MUST_PASS_NEXT_TURN,))
    if turn == "partner":
        # 30B2(a): the offender passes throughout; (b) partner may bid or pass, not double.
        # [?] A double or redouble by the partner at that turn anyway: seed 30B2(b) names no rectification, he is not "required to pass" (37) and it may be legal under 19 (36): not settled by the sources; not ruled.  # noqa: E501
        return verdict(
            "30B2",
            "30B2(a)",
            "30B2(b)",
            "23",
            outcomes=(
                O.OFFENDER_MUST_PASS_THROUGHOUT,
                O.PARTNER_MAY_NOT_DOUBLE_THIS_TURN,
                O.ADJUSTED_SCORE_POSSIBLE,
            ),
        )
    # 30B3: after a bid, at the LHO's turn: a change of call (Law 25).
    return verdict("30B3", outcomes=(O.TREATED_AS_CHANGE_OF_CALL,)).then(change_of_call(ctx))


def _bid_2007(
    ctx: Context, turn: FactValue, artificial_pass: bool = False, insufficient: bool = False
) -> Verdict:
    if turn == "rho":

        def after_rho(action: FactValue) -> Verdict:
            if action == "pass":
                return _repeat("31A1", insufficient=insufficient)
            if artificial_pass:
                return _bid_2007_other_denomination(ctx)
            return ctx.choice(
                "repeats_denomination",
                (True, False),
                lambda same: (
                    verdict(
                        "31A2(a)",
                        "23",
                        outcomes=(O.PARTNER_MUST_PASS_NEXT_TURN, O.ADJUSTED_SCORE_POSSIBLE),
                    )
                    if same is True
                    else _bid_2007_other_denomination(ctx)
                ),
            )

        return verdict("31A").then(_after_rho_acts(ctx, after_rho))
    # 31B: partner's turn, or the LHO's turn before the offender has called.
    return verdict("31B", "23", lead_restriction(ctx), outcomes=_PARTNER_BARRED_2007)


def _bid_2007_other_denomination(ctx: Context) -> Verdict:
    """31A2(b): another denomination, or an artificial pass: partner passes throughout."""
    return verdict("31A2(b)", lead_restriction(ctx), "23", outcomes=_PARTNER_BARRED_2007)


def _double_2007(ctx: Context, turn: FactValue) -> Verdict:
    # Preamble of seed Law 32: cancelled, and Law 26B lead restrictions may
    # apply -- except where B1 says "il n'y a pas de rectification".
    head = verdict("32", "26B", outcomes=(O.LEAD_RESTRICTIONS,))
    if turn == "partner":
        return head.then(verdict("32A", "23", outcomes=_PARTNER_BARRED_2007))

    def after_rho(action: FactValue) -> Verdict:
        if action == "pass":
            return _repeat("32B1")
        return head.then(verdict("32B2", "23", outcomes=_PARTNER_BARRED_2007))

    return _after_rho_acts(ctx, after_rho)


def _after_rho_acts(ctx: Context, after_rho: Callable[[FactValue], Verdict]) -> Verdict:
    """31A / 32A (2007 32B): what follows turns on the RHO's call. It is a
    fact of the table, asked when not told (the RHO has usually called by
    the time the director is asked); ``undecided`` (he has not called yet)
    explains both courses, as a director does before the RHO calls."""
    if "rho_action" not in ctx.facts and not ctx.hypothetical:
        ctx.get("rho_action")
    return ctx.choice("rho_action", ("pass", "call"), after_rho)


def _rho_called_before_ruling(ctx: Context) -> bool:
    """28B's fact. When the RHO's call is on record (``rho_action``), only the
    table can say whether it came before the director ruled: asked. When no
    call by him is told, he had not called: taken so, and said in the ruling."""
    if ctx.known("rho_action") in ("pass", "call"):
        return ctx.yes("correct_player_called")
    return ctx.default("correct_player_called", False) is True
