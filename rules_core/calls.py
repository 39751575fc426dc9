"""Seats, strains and calls (Laws 18-19): the vocabulary of the auction.

Calls are immutable values that round-trip through their canonical spelling:
``str(parse_call("1 coeur")) == "1H"``.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass

__all__ = [
    "Seat",
    "Relation",
    "Strain",
    "CallKind",
    "Call",
    "PASS",
    "DOUBLE",
    "REDOUBLE",
    "InvalidCallError",
    "InvalidSeatError",
    "parse_call",
    "parse_seat",
    "bid",
]


class InvalidCallError(ValueError):
    """A call could not be read (syntax), e.g. ``"1X"`` or ``"banana"``."""


class InvalidSeatError(ValueError):
    """A seat could not be read, e.g. ``"Q"``."""


class Relation(enum.Enum):
    """Where a seat sits as seen from another one (the contract's ``turn_of`` values)."""

    SELF = "self"
    LHO = "lho"
    PARTNER = "partner"
    RHO = "rho"


class Seat(enum.IntEnum):
    """Compass seats in clockwise order, so that ``seat + 1`` is the left-hand opponent."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def lho(self) -> Seat:
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def rho(self) -> Seat:
        return Seat((self + 3) % 4)

    def relation_to(self, other: Seat) -> Relation:
        """Where ``other`` sits as seen from this seat."""
        return (Relation.SELF, Relation.LHO, Relation.PARTNER, Relation.RHO)[(other - self) % 4]

    def seat_at(self, relation: Relation) -> Seat:
        """The seat that is ``relation`` of this one."""
        offset = {Relation.SELF: 0, Relation.LHO: 1, Relation.PARTNER: 2, Relation.RHO: 3}
        return Seat((self + offset[relation]) % 4)

    def same_side(self, other: Seat) -> bool:
        return (self - other) % 2 == 0

    def __str__(self) -> str:
        return self.name


_SEAT_WORDS = {
    "n": Seat.N, "nord": Seat.N, "north": Seat.N,
    "e": Seat.E, "est": Seat.E, "east": Seat.E,
    "s": Seat.S, "sud": Seat.S, "south": Seat.S,
    "w": Seat.W, "o": Seat.W, "ouest": Seat.W, "west": Seat.W,
}  # fmt: skip


def parse_seat(text: str) -> Seat:
    """Read a seat: ``N E S W``, ``O`` (Ouest), or the word in French or English.

    :raises InvalidSeatError: for anything else.
    """
    key = _fold(text).strip()
    if key in _SEAT_WORDS:
        return _SEAT_WORDS[key]
    raise InvalidSeatError(f"unknown seat {text!r} (expected N, E, S or W)")


class Strain(enum.IntEnum):
    """Denominations in the rank order of Law 18E: clubs lowest, no trump highest."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    def __str__(self) -> str:
        return self.name


class CallKind(enum.Enum):
    PASS = "pass"
    BID = "bid"
    DOUBLE = "double"
    REDOUBLE = "redouble"


@dataclass(frozen=True, slots=True)
class Call:
    """One call: a pass, a double, a redouble, or a bid of ``level`` in ``strain``.

    Bids above seven are representable on purpose: Law 38 rules on them.
    """

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            if self.strain is None or not 1 <= self.level <= 13:
                raise InvalidCallError(f"a bid needs a level from 1 to 13 and a strain: {self!r}")
        elif self.level or self.strain is not None:
            raise InvalidCallError(f"only a bid has a level and a strain: {self!r}")

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def is_pass(self) -> bool:
        return self.kind is CallKind.PASS

    @property
    def rank(self) -> tuple[int, int]:
        """Order of bids (Law 18B): level first, then strain."""
        if self.strain is None:
            raise ValueError(f"{self} is not a bid")
        return (self.level, int(self.strain))

    def outranks(self, other: Call) -> bool:
        """True when this bid supersedes the bid ``other`` (Law 18B)."""
        return self.rank > other.rank

    @property
    def symbol(self) -> str:
        """Display form with suit symbols, e.g. ``1♥``."""
        if self.strain is None:
            return str(self)
        return f"{self.level}{self.strain.symbol}"

    def __str__(self) -> str:
        if self.kind is CallKind.PASS:
            return "P"
        if self.kind is CallKind.DOUBLE:
            return "X"
        if self.kind is CallKind.REDOUBLE:
            return "XX"
        return f"{self.level}{self.strain}"

    def __repr__(self) -> str:
        return f"parse_call({str(self)!r})"


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)


def bid(level: int, strain: Strain) -> Call:
    return Call(CallKind.BID, level, strain)


def _fold(text: str) -> str:
    """Lower case, no accents, œ→oe: ``"Cœur"`` → ``"coeur"``."""
    text = text.replace("œ", "oe").replace("Œ", "oe").lower()
    return "".join(
        c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)
    )


_NUMBER_WORDS = {
    "un": 1, "une": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3,
    "quatre": 4, "four": 4, "cinq": 5, "five": 5, "six": 6, "sept": 7, "seven": 7,
    "huit": 8, "eight": 8, "neuf": 9, "nine": 9,
}  # fmt: skip

# Letters follow the contract's English spelling (1C is clubs); the French
# letters that cannot clash with it are accepted too (T trèfle, K/Ca carreau,
# Co cœur, P/Pi pique: "1P" has no English meaning).
_STRAIN_WORDS = {
    "c": Strain.C, "club": Strain.C, "clubs": Strain.C, "t": Strain.C, "tr": Strain.C,
    "trefle": Strain.C, "trefles": Strain.C, "♣": Strain.C,
    "d": Strain.D, "diamond": Strain.D, "diamonds": Strain.D, "k": Strain.D, "ca": Strain.D,
    "carreau": Strain.D, "carreaux": Strain.D, "♦": Strain.D,
    "h": Strain.H, "heart": Strain.H, "hearts": Strain.H, "co": Strain.H,
    "coeur": Strain.H, "coeurs": Strain.H, "♥": Strain.H,
    "s": Strain.S, "spade": Strain.S, "spades": Strain.S, "p": Strain.S, "pi": Strain.S,
    "pique": Strain.S, "piques": Strain.S, "♠": Strain.S,
    "nt": Strain.NT, "n": Strain.NT, "sa": Strain.NT, "notrump": Strain.NT,
    "notrumps": Strain.NT, "sansatout": Strain.NT, "sansatouts": Strain.NT,
}  # fmt: skip

_SIMPLE_CALLS = {
    "p": PASS, "pass": PASS, "passe": PASS, "pas": PASS, "passo": PASS,
    "x": DOUBLE, "dbl": DOUBLE, "double": DOUBLE, "contre": DOUBLE, "ctr": DOUBLE,
    "xx": REDOUBLE, "rdbl": REDOUBLE, "redouble": REDOUBLE, "surcontre": REDOUBLE,
    "redbl": REDOUBLE, "sur-contre": REDOUBLE,
}  # fmt: skip

_BID_RE = re.compile(r"^(\d+|[a-z]+)\s*(.+)$")


def parse_call(text: str) -> Call:
    """Read a call in any common spelling.

    ``1♥ 1H "1 coeur" "un cœur" 1SA 1NT "sans atout" "no trump" P passe pass
    X contre double XX surcontre redouble`` are all understood.

    :raises InvalidCallError: for anything else, with the text in the message.
    """
    folded = _fold(text).strip()
    folded = re.sub(r"[\s\-_.]+", " ", folded).strip()
    for symbol in "♣♦♥♠":
        folded = folded.replace(symbol, " " + symbol)
    folded = re.sub(r"\s+", " ", folded).strip()
    if folded in _SIMPLE_CALLS:
        return _SIMPLE_CALLS[folded]
    match = _BID_RE.match(folded)
    if match:
        level_text, strain_text = match.groups()
        if level_text.isdecimal() and len(level_text) > 2:
            raise InvalidCallError(f"{text!r}: a bid names 1 to 7 tricks")
        level = int(level_text) if level_text.isdecimal() else _NUMBER_WORDS.get(level_text)
        strain_key = strain_text.replace(" ", "")
        strain = _STRAIN_WORDS.get(strain_key)
        if level is not None and strain is not None:
            if not 1 <= level <= 13:
                raise InvalidCallError(f"{text!r}: a bid names 1 to 7 tricks")
            return bid(level, strain)
    raise InvalidCallError(
        f"cannot read the call {text!r} (examples: 1H, 1♥, 1 coeur, 2NT, 2SA, P, X, XX)"
    )
