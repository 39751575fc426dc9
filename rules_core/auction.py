"""A legal auction (Laws 17-19, 22): whose turn it is, what is sufficient or
admissible, when the auction ends and what the contract is.

An ``Auction`` holds only calls made in rotation; irregular calls are found by
``rules_core.replay`` before they would be appended.
"""

from __future__ import annotations

from dataclasses import dataclass

from .calls import Call, CallKind, Seat, Strain

__all__ = ["Auction", "Contract"]


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid, its doubling and the declarer (Law 22B)."""

    level: int
    strain: Strain
    doubled: int  # 0, 1 (doubled) or 2 (redoubled)
    declarer: Seat

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    def is_declaring_side(self, seat: Seat) -> bool:
        return seat.same_side(self.declarer)

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.doubled} {self.declarer}"


@dataclass(frozen=True, slots=True)
class Auction:
    """Calls made in rotation from ``dealer`` (Law 17B-C).

    ``seats`` is empty while every call was made in turn; once a call out of
    rotation is accepted (29A) and becomes legal, it holds the seat of every
    call, and the rotation continues from the player who made the last one.
    """

    dealer: Seat
    calls: tuple[Call, ...] = ()
    seats: tuple[Seat, ...] = ()

    def seat_of(self, index: int) -> Seat:
        if self.seats:
            return self.seats[index]
        return Seat((self.dealer + index) % 4)

    @property
    def next_seat(self) -> Seat:
        """Whose turn it is (Law 17C): the LHO of the last caller."""
        if not self.calls:
            return self.dealer
        return self.seat_of(len(self.calls) - 1).lho

    def with_call(self, call: Call, seat: Seat | None = None) -> Auction:
        """A new auction with ``call`` made by ``seat`` (``next_seat`` by
        default, or another seat whose call was accepted); no legality check."""
        if seat is None or (seat == self.next_seat and not self.seats):
            if not self.seats:
                return Auction(self.dealer, (*self.calls, call))
            seat = self.next_seat
        seats = self.seats or tuple(self.seat_of(i) for i in range(len(self.calls)))
        return Auction(self.dealer, (*self.calls, call), (*seats, seat))

    def entries(self) -> list[tuple[Seat, Call]]:
        return [(self.seat_of(i), c) for i, c in enumerate(self.calls)]

    def _last_bid_index(self) -> int | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i].is_bid:
                return i
        return None

    def last_bid(self) -> tuple[Seat, Call] | None:
        index = self._last_bid_index()
        return None if index is None else (self.seat_of(index), self.calls[index])

    @property
    def has_bid(self) -> bool:
        return any(c.is_bid for c in self.calls)

    def has_called(self, seat: Seat) -> bool:
        return any(s == seat for s, _ in self.entries())

    def is_sufficient(self, call: Call) -> bool:
        """Law 18C-D: a bid is sufficient when it outranks the last bid (a pass,
        double or redouble is never an insufficient bid)."""
        if not call.is_bid:
            return True
        last = self.last_bid()
        return last is None or call.outranks(last[1])

    def _last_non_pass(self) -> tuple[Seat, Call] | None:
        for seat, call in reversed(self.entries()):
            if not call.is_pass:
                return seat, call
        return None

    def can_double(self, seat: Seat) -> bool:
        """Law 19A1: only the last bid, made by an opponent, with only passes since."""
        last = self._last_non_pass()
        return last is not None and last[1].is_bid and not last[0].same_side(seat)

    def can_redouble(self, seat: Seat) -> bool:
        """Law 19B1: only the last double, made by an opponent, with only passes since."""
        last = self._last_non_pass()
        return (
            last is not None
            and last[1].kind is CallKind.DOUBLE
            and not last[0].same_side(seat)
        )

    def is_admissible(self, call: Call, seat: Seat) -> bool:
        """Law 35: doubles and redoubles must satisfy Law 19; bids at most seven."""
        if call.kind is CallKind.DOUBLE:
            return self.can_double(seat)
        if call.kind is CallKind.REDOUBLE:
            return self.can_redouble(seat)
        if call.is_bid:
            return call.level <= 7
        return True

    @property
    def has_ended(self) -> bool:
        """Law 22A (2017; 17E in the seeds): four passes, or three passes after a call."""
        n = len(self.calls)
        if n >= 4 and not self.has_bid and all(c.is_pass for c in self.calls):
            return True
        return n >= 4 and self.has_bid and all(c.is_pass for c in self.calls[-3:])

    @property
    def is_passed_out(self) -> bool:
        return self.has_ended and not self.has_bid

    def contract(self) -> Contract | None:
        """Law 22B: the final bid becomes the contract; declarer is the first
        player of the declaring side to have named its strain."""
        index = self._last_bid_index()
        if index is None:
            return None
        seat, final = self.seat_of(index), self.calls[index]
        if final.strain is None:  # unreachable: a bid always has a strain
            return None
        doubled = 0
        for call in self.calls[index + 1 :]:
            if call.kind is CallKind.DOUBLE:
                doubled = 1
            elif call.kind is CallKind.REDOUBLE:
                doubled = 2
        declarer = next(
            s
            for s, c in self.entries()
            if c.is_bid and c.strain == final.strain and s.same_side(seat)
        )
        return Contract(final.level, final.strain, doubled, declarer)
