"""Calls and seats (Laws 18-19 vocabulary), checked against the Law, not the code.

Each case names the paragraph it checks: Law 18A (a bid names 1 to 7 odd
tricks in a denomination; pass, double and redouble are calls, not bids),
Law 18E (rank of denominations), Law 17C (clockwise rotation, hence LHO,
partner, RHO).
"""

from __future__ import annotations

import pytest

from rules_core import (
    DOUBLE,
    PASS,
    REDOUBLE,
    CallKind,
    Incident,
    IncidentError,
    InvalidCallError,
    InvalidSeatError,
    Relation,
    Seat,
    Strain,
    bid,
    parse_call,
    parse_seat,
)

# (paragraph, spelling, canonical call)
SPELLINGS = [
    ("18A bid, suit symbol", "1♥", "1H"),
    ("18A bid, English letter", "1H", "1H"),
    ("18A bid, lower case", "1h", "1H"),
    ("18A bid, French word", "1 coeur", "1H"),
    ("18A bid, French word with ligature", "1 cœur", "1H"),
    ("18A bid, French number and ligature", "un cœur", "1H"),
    ("18A bid, upper-case French", "UN CŒUR", "1H"),
    ("18A bid, plural French word", "2 coeurs", "2H"),
    ("18A bid, club symbol", "1♣", "1C"),
    ("18A bid, French trèfle", "3 trèfles", "3C"),
    ("18A bid, diamond symbol", "2♦", "2D"),
    ("18A bid, French carreau", "deux carreaux", "2D"),
    ("18A bid, spade symbol", "4♠", "4S"),
    ("18A bid, French pique", "4 piques", "4S"),
    ("18A bid, English word", "four spades", "4S"),
    ("18A no trump, French SA", "1SA", "1NT"),
    ("18A no trump, French SA lower", "1sa", "1NT"),
    ("18A no trump, English NT", "1NT", "1NT"),
    ("18A no trump, French words", "1 sans atout", "1NT"),
    ("18A no trump, French words hyphen", "2 sans-atout", "2NT"),
    ("18A no trump, French number words", "trois sans atout", "3NT"),
    ("18A no trump, English words", "3 no trump", "3NT"),
    ("18A no trump, English words", "1 no trump", "1NT"),
    ("18A seven no trump", "7SA", "7NT"),
    ("18A surrounding spaces", "  1 ♥  ", "1H"),
    ("18A pass is a call", "P", "P"),
    ("18A pass, French", "passe", "P"),
    ("18A pass, French capitalised", "Passe", "P"),
    ("18A pass, English", "pass", "P"),
    ("19A double", "X", "X"),
    ("19A double, French", "contre", "X"),
    ("19A double, English", "double", "X"),
    ("19A double, lower case", "x", "X"),
    ("19B redouble", "XX", "XX"),
    ("19B redouble, French", "surcontre", "XX"),
    ("19B redouble, English", "redouble", "XX"),
]


@pytest.mark.parametrize(("paragraph", "text", "canonical"), SPELLINGS)
def test_spellings_parse_to_the_canonical_call(paragraph: str, text: str, canonical: str) -> None:
    call = parse_call(text)
    assert str(call) == canonical, paragraph
    # Round trip: the canonical spelling reads back as the same call.
    assert parse_call(str(call)) == call


# (paragraph, text that is not a call)
NOT_CALLS = [
    ("18A nothing said", ""),
    ("18A blank", "   "),
    ("18A no such call", "Q"),
    ("18A no such denomination", "1X"),
    ("18A zero tricks", "0H"),
    ("18A a word", "banana"),
    ("18A fourteen tricks cannot be named", "14S"),
    ("18A two denominations", "1♥♥"),
    ("18A level without denomination", "3"),
]


@pytest.mark.parametrize(("paragraph", "text"), NOT_CALLS)
def test_text_that_is_not_a_call_is_refused(paragraph: str, text: str) -> None:
    with pytest.raises(InvalidCallError):
        parse_call(text)


def test_huge_level_is_an_invalid_call() -> None:
    with pytest.raises(InvalidCallError):
        parse_call("1" * 5000 + "S")


def test_huge_level_in_an_incident_is_an_incident_error() -> None:
    with pytest.raises(IncidentError):
        Incident.from_dict({"dealer": "N", "calls": [["N", "1" * 5000 + "S"]]})


def test_bid_above_seven_is_representable_for_law_38() -> None:
    """Law 38 rules on a bid of more than seven: it must be readable, not refused."""
    call = parse_call("8NT")
    assert call.is_bid and call.level == 8 and call.strain is Strain.NT


def test_every_canonical_call_round_trips() -> None:
    """Every one of the 35 bids, pass, double and redouble round-trips (18A)."""
    calls = [bid(level, strain) for level in range(1, 8) for strain in Strain]
    calls += [PASS, DOUBLE, REDOUBLE]
    assert len(set(calls)) == 38
    for call in calls:
        assert parse_call(str(call)) == call
        assert parse_call(call.symbol) == call


# Law 18E: the rank of denominations, clubs lowest, no trump highest.
def test_18E_rank_of_denominations() -> None:
    assert [s.name for s in sorted(Strain)] == ["C", "D", "H", "S", "NT"]


# (paragraph, higher, lower) -- Law 18B: a bid supersedes if it names more tricks,
# or the same number in a higher-ranking denomination.
OUTRANKS = [
    ("18B same level, higher denomination", "1D", "1C"),
    ("18B same level, higher denomination", "1NT", "1S"),
    ("18B same level, higher denomination", "2S", "2H"),
    ("18B higher level, any denomination", "2C", "1NT"),
    ("18B higher level, any denomination", "7C", "6NT"),
]


@pytest.mark.parametrize(("paragraph", "higher", "lower"), OUTRANKS)
def test_18B_supersedes(paragraph: str, higher: str, lower: str) -> None:
    assert parse_call(higher).outranks(parse_call(lower)), paragraph
    assert not parse_call(lower).outranks(parse_call(higher)), paragraph


def test_18B_same_bid_does_not_supersede_itself() -> None:
    assert not parse_call("1S").outranks(parse_call("1S"))


def test_18A_pass_double_redouble_are_calls_not_bids() -> None:
    assert [c.kind for c in (PASS, DOUBLE, REDOUBLE)] == [
        CallKind.PASS,
        CallKind.DOUBLE,
        CallKind.REDOUBLE,
    ]
    assert not any(c.is_bid for c in (PASS, DOUBLE, REDOUBLE))
    assert parse_call("1C").is_bid


# Law 17C: calls proceed clockwise N, E, S, W. (seat, lho, partner, rho)
SEATS = [
    ("N", "E", "S", "W"),
    ("E", "S", "W", "N"),
    ("S", "W", "N", "E"),
    ("W", "N", "E", "S"),
]


@pytest.mark.parametrize(("seat", "lho", "partner", "rho"), SEATS)
def test_17C_lho_partner_rho(seat: str, lho: str, partner: str, rho: str) -> None:
    s = parse_seat(seat)
    assert (s.lho.name, s.partner.name, s.rho.name) == (lho, partner, rho)
    assert s.relation_to(parse_seat(lho)) is Relation.LHO
    assert s.relation_to(parse_seat(partner)) is Relation.PARTNER
    assert s.relation_to(parse_seat(rho)) is Relation.RHO
    assert s.relation_to(s) is Relation.SELF
    for relation in Relation:
        assert s.relation_to(s.seat_at(relation)) is relation
    assert s.same_side(s.partner) and not s.same_side(s.lho) and not s.same_side(s.rho)


# (spelling, seat)
SEAT_SPELLINGS = [
    ("N", Seat.N), ("n", Seat.N), ("Nord", Seat.N), ("north", Seat.N),
    ("E", Seat.E), ("Est", Seat.E), ("east", Seat.E),
    ("S", Seat.S), ("Sud", Seat.S), ("South", Seat.S),
    ("W", Seat.W), ("O", Seat.W), ("Ouest", Seat.W), ("west", Seat.W),
]  # fmt: skip


@pytest.mark.parametrize(("text", "seat"), SEAT_SPELLINGS)
def test_seat_spellings(text: str, seat: Seat) -> None:
    assert parse_seat(text) is seat


@pytest.mark.parametrize("text", ["", "Q", "NE", "nordest", "1"])
def test_bad_seats_are_refused(text: str) -> None:
    with pytest.raises(InvalidSeatError):
        parse_seat(text)
