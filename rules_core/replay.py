"""Replaying the calls as they were made at the table, irregular ones
included, to find the first irregularity and every fact the calls tell.

The calls are what was said before the director was called: what follows the
irregular call in the list happened before rectification (an acceptance by
the LHO, a premature replacement, the player in turn calling anyway).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .auction import Auction
from .calls import Call, CallKind, Relation, Seat, Strain, bid
from .model import REPLACEMENTS, FactValue, Irregularity

__all__ = ["Derivation", "derive"]

Calls = Sequence[tuple[Seat, Call]]


@dataclass(frozen=True, slots=True)
class Derivation:
    """What the calls show: the irregularity (or none), its offender, the facts."""

    irregularity: Irregularity | None
    offender: Seat | None
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    #: facts whose value the calls narrow to fewer choices than the contract lists
    limits: Mapping[str, tuple[FactValue, ...]] = field(default_factory=dict)
    assumed: Mapping[str, FactValue] = field(default_factory=dict)
    irregular_call: Call | None = None
    auction: Auction | None = None
    #: facts that hold if the description calls this a change of call (Law 25)
    change_facts: Mapping[str, FactValue] = field(default_factory=dict)


def derive(dealer: Seat | None, calls: Calls) -> Derivation:
    """Find the first irregular call and what the calls say about it."""
    assumed: dict[str, FactValue] = {}
    if dealer is None:
        # The first call listed is taken as the dealer's; reported, not hidden.
        dealer = calls[0][0]
        assumed["dealer"] = dealer.name
    auction = Auction(dealer)
    for index, (seat, call) in enumerate(calls):
        later = calls[index + 1 :]
        if _said_again(auction, seat, call):
            continue  # the same call said twice by the same player changes nothing
        found = _check(auction, seat, call, later)
        if found is not None:
            irregularity, facts, limits = found
            if irregularity is Irregularity.INSUFFICIENT_BID and "replacement" in facts:
                # The calls show the lowest sufficient bid in the same strain:
                # 27B1(a) if the insufficient bid was natural, as reported.
                if facts["replacement"] == "lowest_same_denomination":
                    assumed["artificial"] = False
            facts.update(_since(irregularity, seat, later, facts))
            return Derivation(
                irregularity, seat, facts, limits, assumed, call, auction,
                _change_facts(auction, seat),
            )
        auction = auction.with_call(call)
    if auction.is_passed_out:
        return Derivation(Irregularity.PASSED_OUT, None, {}, {}, assumed, None, auction)
    return Derivation(None, None, {}, {}, assumed, None, auction)


_Found = tuple[Irregularity, dict[str, FactValue], dict[str, tuple[FactValue, ...]]]


def _said_again(auction: Auction, seat: Seat, call: Call) -> bool:
    return bool(auction.calls) and auction.seat_of(len(auction.calls) - 1) == seat and (
        auction.calls[-1] == call
    )


# Where the LHO's calling over the call is his acceptance (27A1, 29A), whether he
# has called is told by lho_accepts, asked now when the calls stop here.
_ACCEPTED_BY_CALLING = {
    Irregularity.INSUFFICIENT_BID,
    Irregularity.PASS_OUT_OF_ROTATION,
    Irregularity.BID_OUT_OF_ROTATION,
    Irregularity.DOUBLE_OUT_OF_ROTATION,
}


def _since(
    irregularity: Irregularity, seat: Seat, later: Calls, facts: Mapping[str, FactValue]
) -> dict[str, FactValue]:
    """Who has called since the irregular call, where the facts do not say already."""
    since: dict[str, FactValue] = {
        "partner_called_since": any(s == seat.partner for s, _ in later),
        "lho_called_since": any(s == seat.lho for s, _ in later),
    }
    if irregularity in _ACCEPTED_BY_CALLING and since["lho_called_since"] is False:
        del since["lho_called_since"]
    return {fact: value for fact, value in since.items() if fact not in facts}


def _change_facts(auction: Auction, seat: Seat) -> dict[str, FactValue]:
    """Read as a change of the offender's previous call: who called in between."""
    entries = auction.entries()
    last = max((i for i, (s, _) in enumerate(entries) if s == seat), default=None)
    if last is None:
        return {}
    between = [s for s, _ in entries[last + 1 :]]
    return {
        "lho_called_since": seat.lho in between,
        "partner_called_since": seat.partner in between,
    }


def _check(auction: Auction, seat: Seat, call: Call, later: Calls) -> _Found | None:
    lho_called = any(s == seat.lho for s, _ in later)
    if auction.has_ended:
        if auction.is_passed_out:
            return Irregularity.PASSED_OUT, {}, {}
        contract = auction.contract()
        declaring = contract is not None and contract.is_declaring_side(seat)
        return (
            Irregularity.CALL_AFTER_FINAL_PASS,
            {
                "call_kind": call.kind.value,
                "offender_side": "declaring" if declaring else "defending",
                "lho_called_since": lho_called,
            },
            {},
        )
    if call.is_bid and call.level > 7:
        return Irregularity.BID_ABOVE_SEVEN, {"lho_called_since": lho_called}, {}
    expected = auction.next_seat
    if seat != expected:
        return _out_of_rotation(auction, seat, call, later)
    if call.is_bid and not auction.is_sufficient(call):
        return _insufficient(auction, seat, call, later)
    if not auction.is_admissible(call, seat):
        facts: dict[str, FactValue] = {"out_of_rotation": False, "lho_called_since": lho_called}
        if not _ends_with_three_passes(later):
            facts["after_opening_lead"] = False  # the calls show the auction still open
        return Irregularity.INADMISSIBLE_DOUBLE, facts, {}
    return None


def _ends_with_three_passes(later: Calls) -> bool:
    return len(later) >= 3 and all(call.is_pass for _, call in later[-3:])


def _out_of_rotation(auction: Auction, seat: Seat, call: Call, later: Calls) -> _Found:
    expected = auction.next_seat
    turn = seat.relation_to(expected)
    called_before = auction.has_called(seat)
    next_seat = later[0][0] if later else None
    facts: dict[str, FactValue] = {
        "turn_of": turn.value,
        "offender_called_before": called_before,
        "any_bid_before": auction.has_bid,
        "call_kind": call.kind.value,
    }
    if turn is Relation.LHO and called_before:
        # The same player called again before his LHO: a change of call (Law 25).
        facts.update(partner_called_since=False, lho_called_since=False)
        if next_seat is not None:
            facts["lho_accepts"] = next_seat == seat.lho
        return Irregularity.CHANGE_OF_CALL, facts, {}
    if next_seat is not None:
        facts["lho_accepts"] = next_seat == seat.lho
    if turn is Relation.RHO:
        # 28B: the player in turn called before rectification, or nobody did yet.
        facts["correct_player_called"] = next_seat == expected
    if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        if not auction.is_admissible(call, seat):
            lho_called = any(s == seat.lho for s, _ in later)
            inadmissible: dict[str, FactValue] = {
                "out_of_rotation": True, "lho_called_since": lho_called, "turn_of": turn.value,
            }
            if not _ends_with_three_passes(later):
                inadmissible["after_opening_lead"] = False
            return Irregularity.INADMISSIBLE_DOUBLE, inadmissible, {}
        return Irregularity.DOUBLE_OUT_OF_ROTATION, facts, {}
    if call.is_pass:
        limits: dict[str, tuple[FactValue, ...]] = {}
        passes = _trailing_passes(auction) + 1 if auction.has_bid else 0
        if passes >= 3:
            facts["ends_auction"] = True  # itself the third pass: 17D3, the auction goes on
        elif facts.get("lho_accepts") is True:
            facts["ends_auction"] = _deprives_a_player(auction, seat, later)
        elif next_seat is None and passes == 2:
            # If the LHO accepts by passing, that completes three passes (17D3).
            limits["ends_auction"] = (True, False)
        return Irregularity.PASS_OUT_OF_ROTATION, facts, limits
    if not auction.is_sufficient(call):
        facts["in_rotation"] = False
        return Irregularity.INSUFFICIENT_BID, facts, {}
    return Irregularity.BID_OUT_OF_ROTATION, facts, {}


def _deprives_a_player(auction: Auction, seat: Seat, later: Calls) -> bool:
    """Law 17D3 / 34: an accepted pass out of rotation completes three passes
    after a bid before the player who was skipped has called again."""
    if not auction.has_bid:
        return False
    skipped = auction.next_seat
    passes = _trailing_passes(auction) + 1  # with the pass out of rotation
    caller = seat.lho
    for who, call in later:
        if passes >= 3:
            break
        if who != caller or not call.is_pass or who == skipped:
            return False
        passes += 1
        caller = caller.lho
    return passes >= 3


def _trailing_passes(auction: Auction) -> int:
    passes = 0
    for call in reversed(auction.calls):
        if not call.is_pass:
            break
        passes += 1
    return passes


def _lowest_sufficient(auction: Auction, strain: Strain) -> Call:
    last = auction.last_bid()
    if last is None or last[1].strain is None:
        return bid(1, strain)
    level = last[1].level if strain > last[1].strain else last[1].level + 1
    return bid(level, strain)


def _insufficient(auction: Auction, seat: Seat, call: Call, later: Calls) -> _Found:
    facts: dict[str, FactValue] = {"in_rotation": True}
    limits: dict[str, tuple[FactValue, ...]] = {}
    possible = _possible_replacements(auction, call)
    if len(possible) < len(REPLACEMENTS):
        limits["replacement"] = possible
    if not later:
        return Irregularity.INSUFFICIENT_BID, facts, limits
    next_seat, replacement = later[0]
    if next_seat != seat:
        facts["lho_accepts"] = next_seat == seat.lho
        return Irregularity.INSUFFICIENT_BID, facts, limits
    # 27C: the offender replaced his bid before the director ruled. The
    # replacement stands unless the LHO accepts the insufficient bid (A1),
    # an option he keeps until he calls over the replacement.
    facts["premature_replacement"] = True
    kind, limit = _replacement_kind(auction, call, replacement)
    lho_called_over = len(later) > 1 and later[1][0] == seat.lho
    if kind is not None:
        facts["replacement"] = kind
        limits.pop("replacement", None)
    else:
        limits["replacement"] = limit
    if kind == "insufficient":
        if len(later) > 1:
            facts["lho_accepts_replacement"] = lho_called_over
    elif lho_called_over:
        facts["lho_accepts"] = False
    return Irregularity.INSUFFICIENT_BID, facts, limits


def _possible_replacements(auction: Auction, insufficient: Call) -> tuple[FactValue, ...]:
    """27B choices that the auction leaves open: over 7NT no bid is sufficient."""
    last = auction.last_bid()
    top = last is not None and last[1].level >= 7 and last[1].strain is Strain.NT
    lowest_ok = insufficient.strain is not None and (
        _lowest_sufficient(auction, insufficient.strain).level <= 7
    )
    return tuple(
        value
        for value in REPLACEMENTS
        if not (value == "lowest_same_denomination" and not lowest_ok)
        and not (value == "other_bid" and top)
    )


def _replacement_kind(
    auction: Auction, insufficient: Call, replacement: Call
) -> tuple[FactValue | None, tuple[FactValue, ...]]:
    """What the premature replacement was, or the choices it leaves (23A is judgement)."""
    if replacement.is_bid:
        if not auction.is_sufficient(replacement):
            return "insufficient", ()
        if insufficient.strain is not None and replacement == _lowest_sufficient(
            auction, insufficient.strain
        ):
            return "lowest_same_denomination", ()
        return None, ("comparable", "other_bid")
    if replacement.is_pass:
        return None, ("comparable", "pass")
    return None, ("comparable", "double_redouble")
