"""The legal auction (Laws 17-19, 22), checked against the Law.

17B dealer calls first, 17C clockwise; 18C/18D sufficient and insufficient
bids; 19A1 a double only of the last bid, made by an opponent, with only
passes since; 19B1 the same for a redouble of a double; 22A the auction ends
after three passes following a bid, or four passes (passed out); 22B the
last bid is the contract, declarer being the first of the declaring side to
name its denomination.
"""

from __future__ import annotations

import pytest

from rules_core import Auction, Seat, parse_call, parse_seat


def auction(dealer: str, calls: str) -> Auction:
    a = Auction(parse_seat(dealer))
    for text in calls.split():
        a = a.with_call(parse_call(text))
    return a


# (paragraph, dealer, calls, next seat)
TURNS = [
    ("17B dealer calls first", "N", "", "N"),
    ("17B dealer calls first", "W", "", "W"),
    ("17C then clockwise", "N", "1S", "E"),
    ("17C then clockwise", "N", "1S P", "S"),
    ("17C then clockwise", "N", "1S P 2S", "W"),
    ("17C then clockwise, back to dealer", "N", "1S P 2S P", "N"),
    ("17C from another dealer", "S", "P P", "N"),
    ("17C from dealer W", "W", "1C", "N"),
]


@pytest.mark.parametrize(("paragraph", "dealer", "calls", "seat"), TURNS)
def test_17_whose_turn(paragraph: str, dealer: str, calls: str, seat: str) -> None:
    assert auction(dealer, calls).next_seat is parse_seat(seat), paragraph


# (paragraph, calls, bid, sufficient?)
SUFFICIENCY = [
    ("18C any first bid is sufficient", "", "1C", True),
    ("18C after passes any bid is sufficient", "P P", "1C", True),
    ("18C higher denomination same level", "1H", "1S", True),
    ("18C higher level lower denomination", "1S", "2C", True),
    ("18D same level lower denomination", "1S", "1H", False),
    ("18D the same bid again", "1S", "1S", False),
    ("18D lower level", "2C", "1NT", False),
    ("18D sufficiency is against the last bid, not the last call", "1S X", "1H", False),
    ("18C after a double, a higher bid is sufficient", "1S X", "1NT", True),
    ("18D against the last bid after passes", "1NT P P", "1S", False),
]


@pytest.mark.parametrize(("paragraph", "calls", "bid", "sufficient"), SUFFICIENCY)
def test_18_sufficiency(paragraph: str, calls: str, bid: str, sufficient: bool) -> None:
    assert auction("N", calls).is_sufficient(parse_call(bid)) is sufficient, paragraph


# (paragraph, dealer, calls, may the next player double?, may he redouble?)
DOUBLES = [
    ("19A1 no bid yet: no double", "N", "", False, False),
    ("19A1 only passes: no double", "N", "P P", False, False),
    ("19A1 opponent's last bid", "N", "1S", True, False),
    ("19A1 opponent's bid, passes since", "N", "1S P P", True, False),
    ("19A1 partner's bid: no double", "N", "1S P", False, False),
    ("19A1 a bid since: the new bid may be doubled", "N", "1S 2H", True, False),
    ("19A1 no double of a double; 19B1 opponent's double: redouble", "N", "1S X", False, True),
    ("19A1 partner's bid after an opponent's: no double", "N", "1S 2H 2S P", False, False),
    ("19B1 partner's double: no redouble", "N", "1S X P", False, False),
    ("19B1 opponent's double, passes since", "N", "1S X P P", False, True),
    ("19B1 no redouble of a redouble", "N", "1S X XX", False, False),
    ("19A1 a new bid after a double supersedes it", "N", "1S X 2S", True, False),
]


@pytest.mark.parametrize(("paragraph", "dealer", "calls", "double", "redouble"), DOUBLES)
def test_19_doubles_and_redoubles(
    paragraph: str, dealer: str, calls: str, double: bool, redouble: bool
) -> None:
    a = auction(dealer, calls)
    seat = a.next_seat
    assert a.can_double(seat) is double, paragraph
    assert a.can_redouble(seat) is redouble, paragraph
    assert a.is_admissible(parse_call("X"), seat) is double
    assert a.is_admissible(parse_call("XX"), seat) is redouble


def test_19_double_and_redouble_by_seat() -> None:
    """19A1/19B1 looked at from every seat, whatever the turn: who made the bid matters."""
    a = auction("N", "1S")
    assert [a.can_double(s) for s in Seat] == [False, True, False, True]
    b = auction("N", "1S X")
    assert [b.can_redouble(s) for s in Seat] == [True, False, True, False]


def test_19B1_redouble_when_in_turn_over_a_double() -> None:
    """19B1: South may redouble East's double of North's bid."""
    a = auction("N", "1S X")
    assert a.next_seat is Seat.S
    assert a.can_redouble(Seat.S)


# (paragraph, call, admissible?) -- Law 35/38: a bid above seven is inadmissible.
@pytest.mark.parametrize(
    ("paragraph", "call", "admissible"),
    [("38 seven is the highest bid", "7NT", True), ("38 eight is above seven", "8C", False),
     ("35 a pass is always admissible", "P", True)],
)  # fmt: skip
def test_35_admissible(paragraph: str, call: str, admissible: bool) -> None:
    a = auction("N", "1S")
    assert a.is_admissible(parse_call(call), a.next_seat) is admissible, paragraph


# (paragraph, calls, ended?, passed out?)
ENDS = [
    ("22A not ended: nothing said", "", False, False),
    ("22A not ended: three passes only", "P P P", False, False),
    ("22A passed out: four passes", "P P P P", True, True),
    ("22A ended: three passes after a bid", "1S P P P", True, False),
    ("22A ended: a bid in fourth seat then three passes", "P P P 1S P P P", True, False),
    ("22A not ended: two passes after a bid", "1S P P", False, False),
    ("22A not ended: three passes after the bid but one is before it", "P 1S P P", False, False),
    ("22A ended: three passes after a double", "1S X P P P", True, False),
    ("22A ended: three passes after a redouble", "1S X XX P P P", True, False),
    ("22A not ended: a double then two passes", "1S P P X P P", False, False),
]


@pytest.mark.parametrize(("paragraph", "calls", "ended", "passed_out"), ENDS)
def test_22A_end_of_auction(paragraph: str, calls: str, ended: bool, passed_out: bool) -> None:
    a = auction("N", calls)
    assert a.has_ended is ended, paragraph
    assert a.is_passed_out is passed_out, paragraph


# (paragraph, dealer, calls, contract, declarer)
CONTRACTS = [
    ("22B last bid is the contract", "N", "1S P P P", "1S", "N"),
    ("22B declarer first named the denomination", "N", "1S P 4S P P P", "4S", "N"),
    ("22B partner first named it", "N", "1H P 1S P 4S P P P", "4S", "S"),
    ("22B the other side's bid of it does not count", "N", "1C 1S 2S P P P", "2S", "S"),
    ("22B defenders' double", "N", "1S X P P P", "1SX", "N"),
    ("22B redoubled", "N", "1S X XX P P P", "1SXX", "N"),
    ("22B a bid after a double clears it", "N", "1S X 2S P P P", "2S", "N"),
    ("22B dealer E, fourth-hand opening", "E", "P P P 1NT P 3NT P P P", "3NT", "N"),
    ("22B the opponents overcalled first in NT", "N", "1C 1NT 2NT P 3NT P P P", "3NT", "S"),
]


@pytest.mark.parametrize(("paragraph", "dealer", "calls", "contract", "declarer"), CONTRACTS)
def test_22B_contract_and_declarer(
    paragraph: str, dealer: str, calls: str, contract: str, declarer: str
) -> None:
    result = auction(dealer, calls).contract()
    assert result is not None
    assert f"{result.level}{result.strain}{'X' * result.doubled}" == contract, paragraph
    assert result.declarer is parse_seat(declarer), paragraph
    assert result.dummy is result.declarer.partner
    assert result.is_declaring_side(result.dummy)
    assert not result.is_declaring_side(result.declarer.lho)


def test_22_no_contract_when_passed_out() -> None:
    assert auction("N", "P P P P").contract() is None
