"""The judge: an incident in, the next question or a ruling out.

The order of checks is that of laws-2017.md §6: what the calls show first,
then an unintended call (Law 25A overrides the rest), then the law of the
irregularity, which itself checks 28B and 29A before Laws 30-32.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .calls import Call, Seat
from .engine import Context, NeedFact, Verdict
from .incident import Incident, IncidentError
from .laws.inadmissible_calls import (
    bid_above_seven,
    call_after_final_pass,
    call_when_obliged_to_pass,
)
from .laws.information import auction_review, misinformation, unauthorized_information
from .laws.law25 import change_of_call
from .laws.law27 import insufficient_bid
from .laws.law36 import inadmissible_double
from .laws.out_of_rotation import call_out_of_rotation, change_at_lho_turn
from .laws.table_events import (
    auction_period,
    card_exposed_during_auction,
    passed_out,
    simultaneous_calls,
    three_passes_one_out_of_rotation,
    wrong_board,
)
from .model import FactValue, Irregularity, Question, Result, Ruling
from .model import Outcome as O
from .replay import derive, substitute

__all__ = ["rule", "PROCEDURES"]

I = Irregularity  # noqa: E741 - a short alias for the table below


def _pass_out_of_rotation(ctx: Context) -> Verdict:
    if ctx.known("ends_auction") is True:
        return three_passes_one_out_of_rotation(ctx)
    if "ends_auction" in ctx.limits and ctx.yes("lho_accepts") and ctx.yes("ends_auction"):
        # The LHO "accepts" with the pass that would end the auction: 17D3 keeps it open.
        return three_passes_one_out_of_rotation(ctx)
    return call_out_of_rotation(ctx, "pass")


#: Irregularity -> the law procedure that rules on it.
PROCEDURES: Mapping[Irregularity, Callable[[Context], Verdict]] = {
    I.INSUFFICIENT_BID: insufficient_bid,
    I.PASS_OUT_OF_ROTATION: _pass_out_of_rotation,
    I.BID_OUT_OF_ROTATION: lambda ctx: call_out_of_rotation(ctx, "bid"),
    I.DOUBLE_OUT_OF_ROTATION: lambda ctx: call_out_of_rotation(ctx, "double"),
    I.CHANGE_OF_CALL: change_at_lho_turn,
    I.INADMISSIBLE_DOUBLE: inadmissible_double,
    I.CALL_WHEN_OBLIGED_TO_PASS: call_when_obliged_to_pass,
    I.BID_ABOVE_SEVEN: bid_above_seven,
    I.CALL_AFTER_FINAL_PASS: call_after_final_pass,
    I.SIMULTANEOUS_CALLS: simultaneous_calls,
    I.CARD_EXPOSED_DURING_AUCTION: card_exposed_during_auction,
    I.WRONG_BOARD: wrong_board,
    I.MISINFORMATION: misinformation,
    I.UNAUTHORIZED_INFORMATION: unauthorized_information,
    I.AUCTION_REVIEW: auction_review,
    I.PASSED_OUT: passed_out,
    I.AUCTION_PERIOD: auction_period,
}

# Irregularities the calls cannot show: the description names them, and the
# calls only give context.
_NOT_IN_CALLS = {
    I.CALL_WHEN_OBLIGED_TO_PASS,
    I.SIMULTANEOUS_CALLS,
    I.CARD_EXPOSED_DURING_AUCTION,
    I.WRONG_BOARD,
    I.MISINFORMATION,
    I.UNAUTHORIZED_INFORMATION,
    I.AUCTION_REVIEW,
    I.AUCTION_PERIOD,
}

# A named irregularity that the calls show more precisely as another one.
_REFINED_BY_CALLS = {
    (I.DOUBLE_OUT_OF_ROTATION, I.INADMISSIBLE_DOUBLE),
    (I.BID_OUT_OF_ROTATION, I.INSUFFICIENT_BID),
    (I.INSUFFICIENT_BID, I.INSUFFICIENT_BID),
    (I.PASS_OUT_OF_ROTATION, I.CHANGE_OF_CALL),
    (I.BID_OUT_OF_ROTATION, I.CHANGE_OF_CALL),
    (I.DOUBLE_OUT_OF_ROTATION, I.CHANGE_OF_CALL),
}

# Calls out of rotation the description may call a change of call (Law 25).
_READ_AS_CHANGE = {I.PASS_OUT_OF_ROTATION, I.BID_OUT_OF_ROTATION, I.DOUBLE_OUT_OF_ROTATION}


def rule(incident: Incident) -> Result:
    """The next question, or the ruling, for ``incident``.

    :raises IncidentError: when the calls contradict the description.
    """
    irregularity, offender, facts, limits, assumed = _establish(incident)
    ctx = Context(incident.edition, {**facts, **_implied(facts, irregularity)}, limits=limits)
    try:
        result = _apply(ctx, irregularity)
        if irregularity is I.CHANGE_OF_CALL and O.SUBSTITUTION_ALLOWED in result.outcomes:
            result = _then_substituted(incident, offender, ctx, result)
    except NeedFact as need:
        return Question(
            str(irregularity), offender, need.fact, need.options, facts, incident.edition
        )
    return Ruling(
        str(irregularity),
        offender,
        incident.edition,
        result.laws,
        result.outcomes,
        result.options,
        facts,
        {**assumed, **ctx.assumed},
    )


# Two ids for one fact: whether the opening lead had been faced (the end of
# the auction period, 17D1) when the irregularity came to light.
_SAME_FACT = (("auction_over", "after_opening_lead"), ("after_opening_lead", "auction_over"))


def _implied(facts: Mapping[str, FactValue], irregularity: Irregularity) -> dict[str, FactValue]:
    """Facts that known facts imply: not asked, and not shown as stated."""
    implied: dict[str, FactValue] = {
        other: facts[known]
        for known, other in _SAME_FACT
        if known in facts and other not in facts
    }
    if facts.get("lho_accepts") is True and "lho_called_since" not in facts:
        # Acceptance is a call over the irregular call (25B1, 27A1, 29A; the
        # contract's lho_accepts): the LHO has called since.
        implied["lho_called_since"] = True
    if (
        facts.get("lho_called_since") is False
        and "partner_called_since" not in facts
        and _in_rotation_after(facts, irregularity)
    ):
        # In rotation the offender's partner calls after his LHO: when the LHO
        # has not called since, neither has the partner (25A1 "until his
        # partner makes a call", 21B1(a) "provided that his partner has not
        # subsequently called").
        implied["partner_called_since"] = False
    return implied


def _in_rotation_after(facts: Mapping[str, FactValue], irregularity: Irregularity) -> bool:
    """Whether the calls after the irregular one went in rotation from it: not
    so when it was made at the partner's turn (the auction reverts to him,
    before the LHO), nor when that turn is not known for a call out of rotation."""
    turn = facts.get("turn_of")
    if turn is not None:
        return turn != "partner"
    if facts.get("in_rotation") is False or facts.get("out_of_rotation") is True:
        return False
    return irregularity not in _STILL_OUT_OF_ROTATION


def _then_substituted(
    incident: Incident, offender: Seat | None, ctx: Context, result: Verdict
) -> Verdict:
    """25A1: the substituted call "stands and is subject to the appropriate
    Law": when the calls show it irregular in its place (an insufficient bid,
    an inadmissible double...), that Law is applied to it next."""
    if not incident.calls or offender is None:
        return result
    derivation = derive(incident.dealer, incident.calls, incident.facts, incident.edition)
    if derivation.offender != offender or derivation.index is None:
        return result
    if derivation.auction is None or derivation.irregular_call is None:
        return result
    later = incident.calls[derivation.index + 1 :]
    found = substitute(derivation.auction, offender, derivation.irregular_call, later)
    if found is None:
        return result
    irregularity, facts, limits = found
    then = Context(ctx.edition, {**ctx.facts, **facts}, limits=limits, assumed=ctx.assumed)
    kept = tuple(o for o in result.outcomes if o is not O.NO_FURTHER_RECTIFICATION)
    return Verdict(result.laws, kept, result.options).then(PROCEDURES[irregularity](then))


# A call out of rotation stays out of rotation when an unintended call in it is
# corrected: the intended call "is subject to the appropriate Law" (25A1).
_STILL_OUT_OF_ROTATION = {I.PASS_OUT_OF_ROTATION, I.BID_OUT_OF_ROTATION, I.DOUBLE_OUT_OF_ROTATION}

# Law 33: a call deemed subsequent is rectified as the irregular call it then is.
_DEEMED_SUBSEQUENT = {*_STILL_OUT_OF_ROTATION, I.INSUFFICIENT_BID, I.INADMISSIBLE_DOUBLE}


def _apply(ctx: Context, irregularity: Irregularity) -> Verdict:
    if ctx.known("simultaneous") is True and irregularity in _DEEMED_SUBSEQUENT:
        return simultaneous_calls(ctx).then(_apply_one(ctx, irregularity))
    return _apply_one(ctx, irregularity)


def _apply_one(ctx: Context, irregularity: Irregularity) -> Verdict:
    calls_irregularity = irregularity not in (I.CHANGE_OF_CALL, *_NOT_IN_CALLS, I.PASSED_OUT)
    if calls_irregularity and ctx.known("unintended") is True:
        # 25A overrides the rest: an unintended call may be replaced while
        # partner has not called.
        if not ctx.yes("partner_called_since"):
            corrected = change_of_call(ctx)
            out_of_rotation = irregularity in _STILL_OUT_OF_ROTATION or (
                irregularity is I.INSUFFICIENT_BID and ctx.known("in_rotation") is False
            )
            if out_of_rotation:
                kept = tuple(o for o in corrected.outcomes if o is not O.NO_FURTHER_RECTIFICATION)
                corrected = Verdict(corrected.laws, kept, corrected.options)
                return corrected.then(PROCEDURES[irregularity](ctx))
            return corrected
    return PROCEDURES[irregularity](ctx)


def _establish(
    incident: Incident,
) -> tuple[
    Irregularity,
    Seat | None,
    dict[str, FactValue],
    dict[str, tuple[FactValue, ...]],
    dict[str, FactValue],
]:
    given = incident.irregularity
    facts = dict(incident.facts)
    if not incident.calls:
        if given is None:
            raise IncidentError("the incident names no irregularity and gives no calls")
        return given, incident.offender, facts, {}, {}
    calls = incident.calls
    if given is I.SIMULTANEOUS_CALLS:
        calls = _deemed_subsequent(incident.dealer, calls)
    derivation = derive(incident.dealer, calls, incident.facts, incident.edition)
    for fact in derivation.used:
        # A stated fact that settled an earlier irregularity of the board.
        facts.pop(fact, None)
    if given is not None and derivation.irregularity != given:
        # The description names an earlier irregularity that the calls settled.
        for earlier in reversed(derivation.earlier):
            if earlier.irregularity is given:
                derivation = earlier
                break
    derived = derivation.irregularity
    if derived is I.CALL_AFTER_FINAL_PASS and (
        given is I.CHANGE_OF_CALL or (given is None and "unintended" in facts)
    ):
        # A change of call after the final pass, before the opening lead: Law
        # 25 runs through the clarification period (25A4/25A5, 2007 25A2/25A3).
        offender = derivation.offender
        assert derivation.auction is not None and derivation.irregular_call is not None
        if offender is not None and derivation.auction.has_called(offender):
            changed = dict(derivation.change_facts)
            if derivation.index is not None and derivation.index + 1 < len(calls):
                # 25B1: the call next in the list tells whether the LHO called
                # over the changed call (his acceptance).
                changed["lho_accepts"] = calls[derivation.index + 1][0] == offender.lho
            changed["after_final_pass"] = True
            for fact, value in changed.items():
                facts.setdefault(fact, value)
            return I.CHANGE_OF_CALL, offender, facts, {}, dict(derivation.assumed)
    if given is I.SIMULTANEOUS_CALLS and derived in _DEEMED_SUBSEQUENT:
        # Law 33: the call made with that of the player in turn is deemed
        # subsequent; made when it was not its maker's turn, it is then a
        # call out of rotation, rectified as such (30, 31 or 32), or, if it
        # doubles or redoubles what it may not, an inadmissible one (36B).
        facts.update({f: v for f, v in derivation.facts.items() if f not in facts})
        facts["simultaneous"] = True
        limits = {f: v for f, v in derivation.limits.items() if f not in facts}
        return derived, derivation.offender, facts, limits, dict(derivation.assumed)
    if given is I.PASSED_OUT and derived is not I.PASSED_OUT:
        raise IncidentError(
            "the calls do not show four passes and nothing else: the board was not passed out"
        )
    if given is not None and given is not derived and (given in _NOT_IN_CALLS or derived is None):
        if derived is None and given not in _NOT_IN_CALLS:
            raise IncidentError(
                f"the calls as given show no {given.value}: check the seats and the order"
            )
        offender = incident.offender
        if offender is not None and given in _CALLER_IS_OFFENDER:
            for fact, value in _called_since(offender, incident.calls).items():
                facts.setdefault(fact, value)
        if (
            given is I.MISINFORMATION
            and derived is None
            and derivation.auction is not None
            and not derivation.auction.has_ended
        ):
            # 21B1(a) runs "until the end of the auction period": calls with
            # no final pass show that the opening lead has not been faced.
            facts.setdefault("auction_over", False)
        if given is I.SIMULTANEOUS_CALLS and derived is None:
            # Law 33: deemed subsequent, the call is then in rotation and stands
            facts.setdefault("in_rotation", True)
        return given, offender, facts, {}, dict(derivation.assumed)
    if derived is None:
        raise IncidentError("the calls show no irregularity: add the call that went wrong")
    irregularity = derived
    derived_facts = dict(derivation.facts)
    if given is not None and given != derived:
        if given is I.CHANGE_OF_CALL and derived in _READ_AS_CHANGE:
            irregularity = I.CHANGE_OF_CALL
            # Who called since is counted from the call being changed.
            derived_facts.update(derivation.change_facts)
        elif (given, derived) not in _REFINED_BY_CALLS:
            raise IncidentError(
                f"the calls show a {derived.value}, not a {given.value}: "
                "check the seats and the order of the calls"
            )
    offender = derivation.offender
    if incident.offender is not None and offender is not None and incident.offender != offender:
        raise IncidentError(
            f"the calls show {offender.name} as the offender, not {incident.offender.name}"
        )
    for fact, value in derived_facts.items():
        if fact in facts and facts[fact] != value:
            raise IncidentError(
                f"the calls show {fact} = {_show(value)}, but the facts say {_show(facts[fact])}"
            )
        facts[fact] = value
    limits = {f: v for f, v in derivation.limits.items() if f not in facts}
    return irregularity, offender, facts, limits, dict(derivation.assumed)


def _deemed_subsequent(
    dealer: Seat | None, calls: tuple[tuple[Seat, Call], ...]
) -> tuple[tuple[Seat, Call], ...]:
    """Law 33: of two calls made at the same moment, the one by the player
    whose turn it was comes first; the other is deemed subsequent."""
    if len(calls) < 2 or dealer is None:
        return calls
    before = derive(dealer, calls[:-2])
    if before.irregularity is not None or before.auction is None:
        return calls
    expected = before.auction.next_seat
    (first, _), (second, _) = calls[-2], calls[-1]
    if first != expected and second == expected:
        return (*calls[:-2], calls[-1], calls[-2])
    return calls


# Described irregularities whose offender made the last call of his in the list
# (for misinformation, the misinformed player, whose last call 21B1(a) lets him
# change "provided that his partner has not subsequently called").
_CALLER_IS_OFFENDER = {I.CALL_WHEN_OBLIGED_TO_PASS, I.WRONG_BOARD, I.MISINFORMATION}


def _called_since(offender: Seat, calls: tuple[tuple[Seat, Call], ...]) -> dict[str, FactValue]:
    """After the offender's last call in the list: did his LHO or partner call?"""
    last = max((i for i, (seat, _) in enumerate(calls) if seat == offender), default=None)
    if last is None:
        return {}
    after = {seat for seat, _ in calls[last + 1 :]}
    return {
        "lho_called_since": offender.lho in after,
        "partner_called_since": offender.partner in after,
    }


def _show(value: FactValue) -> str:
    return str(value).lower() if isinstance(value, bool) else value

