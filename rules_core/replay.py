"""Replaying the board as it was played at the table, irregular calls
included: each irregularity in turn, what the calls tell about it, and what it
leaves behind (an accepted call made legal, a player who must pass).

The calls are what was said before the director was called: what follows the
irregular call in the list happened before rectification (an acceptance by
the LHO, a premature replacement, the player in turn calling anyway), unless
the table states otherwise (a call made after the ruling).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .auction import Auction
from .calls import Call, CallKind, Relation, Seat, Strain, bid
from .model import REPLACEMENTS, Edition, FactValue, Irregularity

__all__ = ["Derivation", "derive", "substitute"]

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
    #: earlier irregular calls that the calls themselves settled (accepted,
    #: or replaced without rectification), in table order
    earlier: tuple[Derivation, ...] = ()
    #: stated facts that settled an earlier irregularity, not this one
    used: frozenset[str] = frozenset()
    #: where the irregular call is in the list of calls
    index: int | None = None


@dataclass(slots=True)
class _Board:
    """The board as replayed so far: the legal auction and who must pass."""

    auction: Auction
    #: seat -> "next" (must pass at his next turn) or "throughout"
    barred: dict[Seat, str] = field(default_factory=dict)
    settled: list[Derivation] = field(default_factory=list)
    #: stated facts that settled an earlier irregularity (not the one ruled)
    used: set[str] = field(default_factory=set)
    edition: Edition = Edition.E2017
    #: offender -> seat that must pass at its next turn once he has called
    #: (2017 30B1(b)(ii), 31B2, 32B2: a call that is not comparable)
    pending: dict[Seat, Seat] = field(default_factory=dict)

    def bar(self, seat: Seat, how: str) -> None:
        if self.barred.get(seat) != "throughout":
            self.barred[seat] = how

    def called(self, seat: Seat, call: Call) -> None:
        """A call at ``seat``'s turn (in rotation): a pass meets a bar for one turn."""
        self.auction = self.auction.with_call(call, seat)
        if self.barred.get(seat) == "next":
            del self.barred[seat]
        if seat in self.pending:
            self.bar(self.pending.pop(seat), "next")


def derive(
    dealer: Seat | None,
    calls: Calls,
    stated: Mapping[str, FactValue] | None = None,
    edition: Edition = Edition.E2017,
) -> Derivation:
    """Replay the board: find each irregular call and what the calls say about it.

    An irregular call that the calls (with the ``stated`` facts) settle --
    accepted by the LHO (27A1, 29A), rectified and followed by the offender's
    own legal call (27B, 36B, 38), or rectified after the player in turn
    called (28B, 30A) -- becomes part of the board, with the obligations it
    leaves (a player who must pass at his next turn or for the rest of the
    auction), and the replay goes on; the next irregularity is then the one
    ruled (one at a time), a call breaking an obligation included (Law 37),
    and a call at the turn of an RHO who must pass is in rotation (28A).
    Without a later one, the last settled one is ruled.
    """
    stated = stated or {}
    assumed: dict[str, FactValue] = {}
    if dealer is None:
        # The first call listed is taken as the dealer's; reported, not hidden.
        dealer = calls[0][0]
        assumed["dealer"] = dealer.name
    board = _Board(Auction(dealer), edition=edition)
    index = 0
    while index < len(calls):
        auction = board.auction
        seat, call = calls[index]
        later = calls[index + 1 :]
        if _said_again(auction, seat, call):
            index += 1
            continue  # the same call said twice by the same player changes nothing
        expected = auction.next_seat
        if (
            not auction.has_ended
            and seat != expected
            and seat == expected.lho
            and expected in board.barred
            and _legal(auction, seat, call)
        ):
            # 28A: a call at the RHO's turn when the RHO must pass is in rotation.
            if board.barred[expected] == "next":
                del board.barred[expected]
            board.settled.append(
                Derivation(
                    _OUT_OF_ROTATION[call.kind], seat,
                    {"turn_of": "rho", "rho_must_pass": True}, {}, dict(assumed), call, auction,
                )
            )
            board.called(seat, call)
            index += 1
            continue
        found = _check(auction, seat, call, later)
        if seat in board.barred and not call.is_pass and (
            found is None or found[0] is Irregularity.INSUFFICIENT_BID
        ):
            # Law 37 (2007 and 2017): any call by a player required to pass,
            # an insufficient bid included, is cancelled (37B) or stands with
            # every later call when his LHO called over it (37A); Law 27 has
            # nothing left to rectify. Only 19A1/19B1 doubles are excepted (36).
            found = _violation(board, seat, later)
        if found is None:
            board.called(seat, call)
            index += 1
            deprived = _deprived(board.auction, board.settled)
            if deprived is not None:
                return deprived
            continue
        irregularity, facts, limits = found
        facts.update(_since(irregularity, seat, later, facts))
        derivation = Derivation(
            irregularity, seat, facts, limits, dict(assumed), call, auction,
            _change_facts(auction, seat, call), tuple(board.settled), frozenset(board.used),
            index,
        )
        consumed = _settle(board, irregularity, seat, call, facts, later, stated)
        if consumed is None:
            return derivation
        board.settled.append(derivation)
        index += consumed
        deprived = _deprived(board.auction, board.settled)
        if deprived is not None:
            return deprived
    if board.settled:
        # The last settled irregularity is ruled, with the stated facts it used.
        last = board.settled[-1]
        if stated.get("lho_accepts") is False and last.facts.get("lho_accepts") is True:
            # The table says the LHO's call came after the ruling, not as an
            # acceptance: what is stated about time wins over the order.
            facts = {f: v for f, v in last.facts.items() if f != "lho_accepts"}
            return Derivation(
                last.irregularity, last.offender, facts, last.limits, last.assumed,
                last.irregular_call, last.auction, last.change_facts, last.earlier,
                last.used, last.index,
            )
        return last
    if board.auction.is_passed_out:
        return Derivation(Irregularity.PASSED_OUT, None, {}, {}, assumed, None, board.auction)
    return Derivation(None, None, {}, {}, assumed, None, board.auction)


_OUT_OF_ROTATION = {
    CallKind.PASS: Irregularity.PASS_OUT_OF_ROTATION,
    CallKind.BID: Irregularity.BID_OUT_OF_ROTATION,
    CallKind.DOUBLE: Irregularity.DOUBLE_OUT_OF_ROTATION,
    CallKind.REDOUBLE: Irregularity.DOUBLE_OUT_OF_ROTATION,
}


def _violation(board: _Board, seat: Seat, later: Calls) -> _Found:
    """Law 37: a bid, double or redouble by a player who must pass."""
    facts: dict[str, FactValue] = {
        "barred_throughout": board.barred[seat] == "throughout",
        "lho_called_since": any(s == seat.lho for s, _ in later),
    }
    return Irregularity.CALL_WHEN_OBLIGED_TO_PASS, facts, {}


def _settle(
    board: _Board,
    irregularity: Irregularity,
    seat: Seat,
    call: Call,
    facts: Mapping[str, FactValue],
    later: Calls,
    stated: Mapping[str, FactValue],
) -> int | None:
    """Update the board when the calls (and stated facts) settle this irregular
    call; return how many calls were read, or None when a ruling is needed."""
    auction = board.auction
    own_next = bool(later) and later[0][0] == seat
    lho_over_next = len(later) > 1 and later[1][0] == seat.lho

    def use(*names: str) -> None:
        board.used.update(n for n in names if n in stated)

    if irregularity is Irregularity.CALL_WHEN_OBLIGED_TO_PASS:
        if facts.get("lho_called_since") is True:
            # 37A: the call and all later calls stand; a bar for the rest of
            # the auction still holds.
            if board.barred.get(seat) == "next":
                del board.barred[seat]
            board.auction = auction.with_call(call, seat)
            return 1
        return None
    if irregularity in _ACCEPTED_BY_CALLING and facts.get("lho_accepts") is True:
        if facts.get("ends_auction") is True:
            return None
        # 27A1 / 29A: accepted; the call is legal and the rotation goes on from it.
        board.auction = auction.with_call(call, seat)
        return 1
    if irregularity is Irregularity.BID_ABOVE_SEVEN:
        # 38B: cancelled with every later call (those over it too, the auction
        # taken back to the offender); 38C: a pass substituted, both offenders
        # pass throughout.
        back = 0 if own_next else (
            _reverted_at(auction, seat, later) if seat == auction.next_seat else None
        )
        if back is not None and later[back][0] == seat and later[back][1].is_pass:
            board.auction = auction.with_call(later[back][1], seat)
            board.bar(seat, "throughout")
            board.bar(seat.partner, "throughout")
            return back + 2
        return None
    if irregularity is Irregularity.INADMISSIBLE_DOUBLE:
        in_turn = facts.get("out_of_rotation") is False
        if in_turn and own_next and _legal(auction, seat, later[0][1]):
            # 36B1-2: cancelled, the offender's legal call substituted; his
            # partner passes throughout.
            board.auction = auction.with_call(later[0][1], seat)
            board.bar(seat.partner, "throughout")
            return 2
        if facts.get("lho_called_since") is True:
            # 36A: it and every later call cancelled, no rectification.
            back = _reverted_at(auction, seat, later)
            return None if back is None else back + 1
        return None
    if irregularity is Irregularity.INSUFFICIENT_BID and facts.get("premature_replacement"):
        replacement = later[0][1]
        if not _legal(auction, seat, replacement):
            return None
        declined = stated.get("lho_accepts") is False or lho_over_next
        natural = not any(stated.get(f) is True for f in ("artificial", "replacement_artificial"))
        kind = facts.get("replacement")
        if kind is None and replacement.is_pass:
            kind = "pass"  # 27B2: a pass is never 27B1, whatever it meant
        said = stated.get("replacement")
        lowest_natural = facts.get("same_strain_lowest") is True and natural
        from_stated = kind is None and said not in (None, "undecided") and not (
            lowest_natural and _insufficient_later(replacement, later[1:])
        )
        if from_stated:
            # What the director stated the replacement to be (27B1(a) judges
            # what each bid specifies) wins over the bids taken as natural,
            # unless a later insufficient bid is the one it may describe.
            kind = said
        if kind is None and facts.get("same_strain_lowest") is True and natural:
            kind = "lowest_same_denomination"  # both natural, as assumed and stated
        if not declined or kind is None:
            return None
        if kind == "double_redouble":
            # 27B3: the double or redouble is cancelled; the offender's own
            # legal call that follows stands, his partner passes throughout.
            return _double_for_insufficient(board, seat, later, use, from_stated)
        if kind in ("other_bid", "pass"):
            board.bar(seat.partner, "throughout")  # 27B2
        elif kind not in ("comparable", "lowest_same_denomination"):
            return None  # 27B1(a) and (b): no further rectification; others need a ruling
        if not lho_over_next:
            use("lho_accepts")
        if from_stated:
            use("replacement")
        board.auction = auction.with_call(replacement, seat)
        return 2
    rho_next = bool(later) and later[0][0] == auction.next_seat
    out_of_turn = irregularity in _STATED_TIME or (
        irregularity is Irregularity.INSUFFICIENT_BID and facts.get("in_rotation") is False
    )
    if (
        out_of_turn
        and facts.get("turn_of") == "rho"
        and rho_next
        and "correct_player_called" in stated
    ):
        before = stated["correct_player_called"] is True
        if before:
            # 28B: the call out of rotation is cancelled; no rectification.
            # The RHO's call settled it, not the LHO's: a stated lho_accepts
            # is left for the irregularity ruled, and so is the time stated
            # (the table said the player in turn called first; a later call
            # out of rotation is read the same way, never asked again).
            return 1
        if irregularity is Irregularity.PASS_OUT_OF_ROTATION:
            # 30A: cancelled after the ruling; the offender passes at his next turn.
            use("correct_player_called", "lho_accepts", "artificial")
            board.bar(seat, "next")
            return 1
        if later[0][1].is_pass and call.is_bid:
            # 31A1: the RHO passes; the offender repeats his bid at his turn
            # (an insufficient one is then judged under Law 27 in turn).
            repeated = len(later) > 1 and later[1] == (seat, call)
            if repeated:
                use("correct_player_called", "lho_accepts")
                return 1
        if not later[0][1].is_pass and len(later) > 1 and later[1][0] == seat:
            return _after_rho_called(board, irregularity, seat, facts, later[1][1], stated, use)
        return None
    if (
        out_of_turn
        and facts.get("turn_of") == "partner"
        and rho_next
        and facts.get("lho_accepts") is False
    ):
        return _reverted_to_partner(board, irregularity, seat, call, stated, use)
    return None


def _reverted_at(auction: Auction, seat: Seat, later: Calls) -> int | None:
    """36A, 38B: the LHO called over the irregular call before rectification;
    it and every later call are cancelled and the auction reverts to the
    player whose turn it was. The index in ``later`` of that player's call
    out of the rotation that followed (the auction taken back), or None
    when the calls do not show it."""
    turn = auction.next_seat
    expected = seat.lho
    for count, (caller, _) in enumerate(later):
        if caller == expected:
            expected = caller.lho
            continue
        return count if caller == turn and count > 0 else None
    return None


def _insufficient_later(highest: Call, later: Calls) -> bool:
    """Whether a later bid in ``later`` does not outrank the bids before it."""
    for _, call in later:
        if call.is_bid:
            if not call.outranks(highest):
                return True
            highest = call
    return False


def _double_for_insufficient(
    board: _Board, seat: Seat, later: Calls, use: Callable[..., None], from_stated: bool
) -> int | None:
    """27B3: a double or redouble for an insufficient bid, then the offender's
    own legal call: that call is his substitute, his partner passes throughout."""
    if len(later) < 2 or later[1][0] != seat or not _legal(board.auction, seat, later[1][1]):
        return None
    use("lho_accepts")
    if from_stated:
        use("replacement")
    board.auction = board.auction.with_call(later[1][1], seat)
    board.bar(seat.partner, "throughout")
    return 3


def _after_rho_called(
    board: _Board,
    irregularity: Irregularity,
    seat: Seat,
    facts: Mapping[str, FactValue],
    own: Call,
    stated: Mapping[str, FactValue],
    use: Callable[..., None],
) -> int | None:
    """A bid or double at the RHO's turn, cancelled after the RHO called (31A2,
    32A2); the offender's own call at his turn is in the calls: the obligation
    it leaves on his partner goes on the board (2017: 31A2(b), 32A2(b), when
    it is not comparable; 2007: 31A2(a) repeating the denomination, 31A2(b)
    otherwise, 32A2)."""
    if irregularity not in (Irregularity.BID_OUT_OF_ROTATION, Irregularity.DOUBLE_OUT_OF_ROTATION):
        return None
    if board.edition is Edition.E2017:
        comparable = stated.get("comparable")
        if comparable is None:
            return None  # whether it is comparable decides; ruled now
        if comparable is False:
            board.pending[seat] = seat.partner
    elif irregularity is Irregularity.BID_OUT_OF_ROTATION and (
        facts.get("repeats_denomination") is True and own.is_bid
    ):
        board.pending[seat] = seat.partner  # 2007 31A2(a): at the partner's next turn
    else:
        board.bar(seat.partner, "throughout")  # 2007 31A2(b), 32A2
    use("correct_player_called", "rho_action")
    return 1


def _reverted_to_partner(
    board: _Board,
    irregularity: Irregularity,
    seat: Seat,
    call: Call,
    stated: Mapping[str, FactValue],
    use: Callable[..., None],
) -> int | None:
    """A call at the partner's turn, not accepted, the partner then calling at
    his turn: the call was cancelled (29B) and the obligations it leaves are
    on the board (2007: 30B2(a), 31B, 32A; 2017: 30B1(b)(ii), 31B2, 32B2).

    The calls show that the LHO did not accept (the partner called next, at
    his turn): a stated ``lho_accepts`` is not this call's answer. Stated
    true, it contradicts the calls: not settled, the contradiction is
    reported on this irregularity (both editions). Stated false, it is left
    for the irregularity ruled, never spent here and asked again there (the
    contract: facts given are answers)."""
    if stated.get("lho_accepts") is True:
        return None
    artificial = stated.get("artificial") is True
    passed = irregularity is Irregularity.PASS_OUT_OF_ROTATION and not artificial
    if board.edition is Edition.E2017:
        comparable = stated.get("comparable")
        if comparable is None:
            return None  # the offender's call to come decides; ruled now
        if comparable is False:
            board.pending[seat] = seat.partner
        use("comparable", "artificial")
        return 1
    if passed and not board.auction.has_bid:
        board.bar(seat, "next")  # 2007 30A: before any bid
    elif passed:
        board.bar(seat, "throughout")  # 2007 30B2(a)
    elif call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE) or call.is_bid or artificial:
        board.bar(seat.partner, "throughout")  # 2007 31B, 32A
    use("artificial")
    return 1


_STATED_TIME = {
    Irregularity.PASS_OUT_OF_ROTATION,
    Irregularity.BID_OUT_OF_ROTATION,
    Irregularity.DOUBLE_OUT_OF_ROTATION,
}


def _legal(auction: Auction, seat: Seat, call: Call) -> bool:
    return auction.is_sufficient(call) and auction.is_admissible(call, seat)


def _deprived(auction: Auction, settled: list[Derivation]) -> Derivation | None:
    """17D3 (2017; 17E in the seeds) with Law 34: a call followed by three
    passes, one of them out of rotation, that deprived a player of his turn:
    the auction does not end and reverts to that player."""
    if len(auction.calls) < 4 or not all(c.is_pass for c in auction.calls[-3:]):
        return None
    last = len(auction.calls) - 4
    caller = auction.seat_of(last)
    passers = {auction.seat_of(i) for i in range(last + 1, len(auction.calls))}
    # A player whose turn passed by under 28A (he had to pass) lost no right to call.
    skipped = {
        d.offender.rho for d in settled if d.facts.get("rho_must_pass") and d.offender is not None
    }
    missing = [
        s for s in (caller.lho, caller.partner, caller.rho) if s not in passers | skipped
    ]
    if not missing:
        return None
    offenders = [
        d for d in settled
        if d.irregularity is Irregularity.PASS_OUT_OF_ROTATION and not d.facts.get("rho_must_pass")
    ]
    if not offenders:
        return None
    culprit = offenders[-1]
    facts = {**culprit.facts, "ends_auction": True, "reverts_to": missing[0].name}
    return Derivation(
        Irregularity.PASS_OUT_OF_ROTATION, culprit.offender, facts, {}, culprit.assumed,
        culprit.irregular_call, culprit.auction, culprit.change_facts, culprit.earlier,
        culprit.used, culprit.index,
    )


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


def _change_facts(auction: Auction, seat: Seat, call: Call) -> dict[str, FactValue]:
    """Read as a change of the offender's previous call: who called in between,
    and whether a bid replaces a pass, double or redouble or the reverse."""
    entries = auction.entries()
    last = max((i for i, (s, _) in enumerate(entries) if s == seat), default=None)
    if last is None:
        return {}
    between = [s for s, _ in entries[last + 1 :]]
    facts: dict[str, FactValue] = {
        "lho_called_since": seat.lho in between,
        "partner_called_since": seat.partner in between,
    }
    if entries[last][1].is_bid != call.is_bid:
        facts["box_category_swap"] = True
    return facts


def substitute(
    auction: Auction, seat: Seat, call: Call, later: Calls
) -> tuple[Irregularity, dict[str, FactValue], dict[str, tuple[FactValue, ...]]] | None:
    """25A1: the intended call "stands and is subject to the appropriate Law":
    judged in place of the call it replaces (an insufficient bid, an
    inadmissible double...); None when it is legal there."""
    entries = auction.entries()
    last = max((i for i, (s, _) in enumerate(entries) if s == seat), default=None)
    if last is None:
        return None
    seats = auction.seats[:last] if auction.seats else ()
    before = Auction(auction.dealer, auction.calls[:last], seats)
    if before.next_seat != seat:
        return None
    found = _check(before, seat, call, later)
    if found is None:
        return None
    irregularity, facts, limits = found
    facts.update(_since(irregularity, seat, later, facts))
    return irregularity, facts, limits


def _check(auction: Auction, seat: Seat, call: Call, later: Calls) -> _Found | None:
    lho_called = _lho_called_before_own(seat, later)
    if auction.has_ended:
        if auction.is_passed_out:
            # 39A: a call after the fourth pass is a call after the final pass.
            return (
                Irregularity.CALL_AFTER_FINAL_PASS,
                {"call_kind": call.kind.value, "after_passed_out": True},
                {},
            )
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
        if not _unnoticed_to_the_end(seat, later):
            facts["after_opening_lead"] = False  # the calls show it found during the auction
        return Irregularity.INADMISSIBLE_DOUBLE, facts, {}
    return None


def _lho_called_before_own(seat: Seat, later: Calls) -> bool:
    """Did the LHO call over the irregular call before its maker called again
    (a call after the offender's own replacement is not a call over it)?"""
    for who, _ in later:
        if who == seat:
            return False
        if who == seat.lho:
            return True
    return False


def _unnoticed_to_the_end(seat: Seat, later: Calls) -> bool:
    """36C: an inadmissible call found only after the opening lead stood
    unnoticed: the calls after it go on in rotation and end the auction. A
    call out of that rotation (the auction reverted, 36A/36B) shows it was
    rectified during the auction."""
    expected = seat.lho
    for caller, _ in later:
        if caller != expected:
            return False
        expected = caller.lho
    return _ends_with_three_passes(later)


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
        # Bidding-box regulation 6: a bid for a pass, double or redouble (or the
        # reverse) is never inadvertent.
        if "box_category_swap" in _change_facts(auction, seat, call):
            facts["box_category_swap"] = True
        if next_seat is not None:
            facts["lho_accepts"] = next_seat == seat.lho
        return Irregularity.CHANGE_OF_CALL, facts, {}
    if next_seat is not None:
        facts["lho_accepts"] = next_seat == seat.lho
    if turn is Relation.RHO and call.is_bid and len(later) > 1 and later[0][0] == expected:
        # 2007 31A2: after the RHO's call, the offender's own next call shows
        # whether he repeated the denomination of his bid out of rotation.
        own = next((c for s, c in later[1:] if s == seat), None)
        if own is not None and own.is_bid and not later[0][1].is_pass:
            facts["repeats_denomination"] = own.strain == call.strain
    if turn is Relation.RHO:
        if next_seat is None or next_seat != expected:
            # 28B: nobody called over it yet, or someone else did.
            facts["correct_player_called"] = False
        else:
            # The player in turn called next: before the director ruled (28B)
            # or after it (31A/32A)? The order cannot tell; asked, and his
            # call is what he did at his turn in the second case.
            facts["rho_action"] = "pass" if later[0][1].is_pass else "call"
    if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        if not auction.is_admissible(call, seat):
            lho_called = _lho_called_before_own(seat, later)
            inadmissible: dict[str, FactValue] = {
                "out_of_rotation": True, "lho_called_since": lho_called, "turn_of": turn.value,
            }
            if not _unnoticed_to_the_end(seat, later):
                inadmissible["after_opening_lead"] = False
            return Irregularity.INADMISSIBLE_DOUBLE, inadmissible, {}
        return Irregularity.DOUBLE_OUT_OF_ROTATION, facts, {}
    if call.is_pass:
        limits: dict[str, tuple[FactValue, ...]] = {}
        # Passes after the last call (17D3 counts from any call, a pass included).
        passes = _passes_after_last_call(auction) + 1
        if passes >= 3:
            facts["ends_auction"] = True  # itself the third pass: 17D3, the auction goes on
            facts["reverts_to"] = expected.name
        elif facts.get("lho_accepts") is True:
            pass  # accepted: the replay of the board finds whether a player was skipped
        elif next_seat is None and passes == 2:
            # If the LHO accepts by passing, that completes three passes (17D3).
            limits["ends_auction"] = (True, False)
        return Irregularity.PASS_OUT_OF_ROTATION, facts, limits
    if not auction.is_sufficient(call):
        facts["in_rotation"] = False
        return Irregularity.INSUFFICIENT_BID, facts, {}
    return Irregularity.BID_OUT_OF_ROTATION, facts, {}


def _passes_after_last_call(auction: Auction) -> int:
    """How many passes follow the last call that is itself followed only by
    passes (a bid, a double, or the first pass of an all-pass auction)."""
    if auction.calls and all(c.is_pass for c in auction.calls):
        return len(auction.calls) - 1
    return _trailing_passes(auction)


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
    if (
        replacement.is_bid
        and auction.is_sufficient(replacement)
        and call.strain is not None
        and not _opponents_named(auction, seat, replacement)
    ):
        facts["same_strain_lowest"] = replacement == _lowest_sufficient(auction, call.strain)
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


def _opponents_named(auction: Auction, seat: Seat, replacement: Call) -> bool:
    """Did an opponent bid the replacement's strain? Then it may be a cue bid:
    what it specifies (27B1(a)) is not told by the strain it names."""
    return replacement.strain is not Strain.NT and any(
        c.is_bid and c.strain == replacement.strain and s not in (seat, seat.partner)
        for s, c in auction.entries()
    )


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
        # 27B1(a) turns on the denomination(s) each bid *specifies*: the named
        # strain only tells it for natural bids (judged by the Law 27 procedure).
        return None, ("lowest_same_denomination", "comparable", "other_bid")
    if replacement.is_pass:
        return None, ("comparable", "pass")
    return None, ("comparable", "double_redouble")
