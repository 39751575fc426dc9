"""The board after a ruling: the obligations in force, checked call by call.

A ruling may bar players (partner must pass throughout, the offender must
pass once, partner may not double at this turn). While the auction goes on
the user reports calls ("S 2♠", "Ouest passe"); each is checked against the
bars in force. A bid, double or redouble by a player obliged to pass is a new
irregularity (Law 37); a once-only bar expires after that player's turn; the
partner's bar that follows the offender's non-comparable call (30B1(b)(ii),
31A2(b), 32A2(b)) after a free turn of his own (30B1(a), 31B1, 32B1) is in
force only once the offender has called; at the end of the auction the lead
restriction (26B) and the other warnings of the ruling are recalled.

The board is plain JSON (kept in the chat state) and returns events as ids;
the dialogue words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.understanding.normalise import STRAINS, normalise
from rules_core import (
    Call,
    CallKind,
    InvalidCallError,
    Outcome,
    Seat,
    parse_call,
)

__all__ = ["Event", "open_board", "parse_board_calls", "read_reported_calls", "play",
           "bars_needing_seat", "place_offender", "place_writer", "seat_of", "relative_of",
           "writer_seat", "RELATIVE_OFFSETS"]

O = Outcome  # noqa: E741 - short alias for the tables below

#: outcome -> (whose bar, which bar)
_BARS: dict[Outcome, tuple[tuple[str, str], ...]] = {
    O.PARTNER_MUST_PASS_THROUGHOUT: (("partner", "pass_throughout"),),
    O.PARTNER_MUST_PASS_NEXT_TURN: (("partner", "pass_next"),),
    O.OFFENDER_MUST_PASS_THROUGHOUT: (("offender", "pass_throughout"),),
    O.OFFENDER_MUST_PASS_NEXT_TURN: (("offender", "pass_next"),),
    O.OFFENDING_SIDE_MUST_PASS_THROUGHOUT: (
        ("offender", "pass_throughout"),
        ("partner", "pass_throughout"),
    ),
    O.PARTNER_MAY_NOT_DOUBLE_THIS_TURN: (("partner", "no_double_next"),),
}

# Irregularities that imply a bid was already made when they occurred.
_AFTER_A_BID = {"insufficient_bid", "inadmissible_double", "call_when_obliged_to_pass"}

_STRENGTH = {"pass_throughout": 3, "pass_next": 2, "no_double_next": 1}


@dataclass(frozen=True, slots=True)
class Event:
    """What one reported call meant: ``kind`` is ``ok``, ``bar_served`` (a
    once-only bar expired), ``violation`` (a call its bar forbids),
    ``over`` (the auction has ended)."""

    kind: str
    seat: str | None = None
    call: str | None = None
    bar: str | None = None


def open_board(
    ruling: dict[str, Any],
    *,
    calls: list[list[str]] | None = None,
    previous: dict[str, Any] | None = None,
    offender_relative: str | None = None,
) -> dict[str, Any] | None:
    """The board after ``ruling`` (a contract result object), or None when the
    ruling leaves nothing to watch. Bars still in force on ``previous`` stay."""
    outcomes = [Outcome(o) for o in ruling.get("outcomes", [])]
    # 30B1(a), 31B1, 32B1: the partner's own turn is free; the once-only bar of
    # 30B1(b)(ii), 31A2(b), 32A2(b) follows the offender's call, which in
    # rotation comes after that free turn.
    free_first = O.PARTNER_MAY_CALL_FREELY in outcomes
    bars: list[dict[str, str]] = []
    for outcome in outcomes:
        for role, kind in _BARS.get(outcome, ()):
            bar = {"role": role, "kind": kind}
            if free_first and role == "partner" and kind == "pass_next":
                bar["after"] = "offender"  # in force once the offender has called
            bars.append(bar)
    lead = O.LEAD_RESTRICTIONS in outcomes
    ui = O.UNAUTHORIZED_INFORMATION in outcomes
    damage = O.ADJUSTED_SCORE_POSSIBLE in outcomes
    offender = ruling.get("offender")
    seat_bars = [_seated_bar(b, offender) if offender else b for b in bars]
    leads = [offender or offender_relative or ""] if lead else []
    if previous:
        seat_bars = _merge_bars(previous.get("bars", []), seat_bars)
        leads = list(dict.fromkeys([*previous.get("leads", []), *leads]))
        ui = ui or bool(previous.get("ui"))
        damage = damage or bool(previous.get("damage"))
    if not (seat_bars or leads or ui or damage):
        return None
    any_bid = ruling.get("irregularity") in _AFTER_A_BID or any(
        _is_bid(call) for _, call in (calls or [])
    )
    if previous:
        any_bid = any_bid or bool(previous.get("any_bid"))
    frame: dict[str, Any] = {k: previous[k] for k in ("writer", "placed")
                             if previous and k in previous}
    board: dict[str, Any] = {
        "offender": offender,
        "offender_relative": offender_relative,
        "bars": seat_bars,
        #: whose withdrawn calls may restrict the opening lead (26B): seats, or "" if unknown
        "leads": leads,
        "ui": ui,
        "damage": damage,
        "any_bid": any_bid,
        "passes": 0,
        "last_bid": None,
        "calls": [],
        "over": False,
        **frame,
    }
    if frame and offender is None and offender_relative in RELATIVE_OFFSETS:
        # A new offender named by place, on a board whose seats were made up.
        writer = Seat[frame["writer"]]
        place_offender(board, Seat((writer + RELATIVE_OFFSETS[offender_relative]) % 4))
    return board


def bars_needing_seat(board: dict[str, Any]) -> bool:
    """True while some bar is known only by role (the offender's seat is unknown)."""
    return any("seat" not in bar for bar in board.get("bars", []))


def place_offender(board: dict[str, Any], offender: Seat) -> None:
    """Name the seats of bars known by role once the offender's seat is known."""
    board["offender"] = offender.name
    board["leads"] = [lead or offender.name for lead in board.get("leads", [])]
    board["bars"] = [
        _seated_bar(b, offender.name) if "seat" not in b else b for b in board["bars"]
    ]


def _seat_of(offender: str, role: str) -> str:
    seat = Seat[offender]
    return (seat if role == "offender" else seat.partner).name


def _seated_bar(bar: dict[str, str], offender: str) -> dict[str, str]:
    """A bar known by role, named by seat (a pending bar keeps what it waits for)."""
    seated = {"seat": _seat_of(offender, bar["role"]), "kind": bar["kind"]}
    if "after" in bar:
        seated["after"] = bar["after"]
    return seated


def _merge_bars(old: list[dict[str, str]], new: list[dict[str, str]]) -> list[dict[str, str]]:
    """One bar per seat, the stronger one winning."""
    merged: dict[str, dict[str, str]] = {}
    for bar in [*old, *new]:
        key = bar.get("seat") or bar.get("role", "")
        kept = merged.get(key)
        if kept is None or _STRENGTH[bar["kind"]] > _STRENGTH[kept["kind"]]:
            merged[key] = bar
    return list(merged.values())


def _is_bid(call: str) -> bool:
    try:
        return parse_call(call).is_bid
    except InvalidCallError:
        return False


#: Who made a reported call, when not a compass seat: seen from the writer
#: (``self``, ``partner``, ``lho``, ``rho``) or ``he`` (the player the ruling is
#: about: "il a mis 2♥").
Who = Seat | str

# Normalised tokens (bot.understanding.normalise) naming a player.
_WHO: dict[tuple[str, ...], str] = {
    ("MY", "PARTNER"): "partner", ("PARTNER",): "partner", ("ME",): "self",
    ("MY", "LHO"): "lho", ("LHO",): "lho", ("MY", "RHO"): "rho", ("RHO",): "rho",
    ("il",): "he", ("elle",): "he", ("he",): "he", ("she",): "he",
}  # fmt: skip
_PASS = frozenset({"p", "passe", "pass", "passes", "passed", "passo", "passer"})
_DOUBLE = frozenset({"x", "contre", "double", "doubles", "doubled"})
_REDOUBLE = frozenset({"xx", "surcontre", "redouble", "redoubles", "redoubled"})
# Words between a player and the call ("Nord dit 2♠", "il a mis 2♥").
_FILLER = frozenset({
    "a", "dit", "annonce", "mis", "met", "fait", "encherit", "says", "said", "bids", "bid",
    "calls", "called", "has", "put", "puts", "made", "makes", "then", "puis", "ensuite",
})  # fmt: skip
# Words between two reported calls.
_BETWEEN = frozenset({",", "|", "et", "and", "puis", "then", "ensuite"})
_LEVELS = frozenset("1234567")


def _who_at(tokens: Sequence[str], i: int) -> tuple[Who, int] | None:
    if tokens[i] in {"N", "E", "S", "W"}:
        return Seat[tokens[i]], i + 1
    for width in (2, 1):
        who = _WHO.get(tuple(tokens[i : i + width]))
        if who is not None:
            return who, i + width
    return None


def _call_at(tokens: Sequence[str], i: int) -> tuple[Call, int] | None:
    word = tokens[i] if i < len(tokens) else ""
    if word in _PASS:
        return parse_call("P"), i + 1
    if word in _DOUBLE:
        return parse_call("X"), i + 1
    if word in _REDOUBLE:
        return parse_call("XX"), i + 1
    if word in _LEVELS and i + 1 < len(tokens) and tokens[i + 1] in STRAINS:
        return parse_call(word + tokens[i + 1]), i + 2
    return None


def read_reported_calls(text: str) -> list[tuple[Who, Call]] | None:
    """``"S 2♠, Ouest passe"`` -> [(S, 2S), (W, P)]; ``"mon partenaire passe et
    l'adversaire de droite dit 2♠"`` -> [("partner", P), ("rho", 2S)]. None
    unless the whole message is players and their calls (then it is a
    description, not the board)."""
    tokens = [t for t in normalise(text).tokens if t not in _BETWEEN]
    result: list[tuple[Who, Call]] = []
    i = 0
    while i < len(tokens):
        found = _who_at(tokens, i)
        if found is None:
            return None
        who, i = found
        while i < len(tokens) and tokens[i] in _FILLER:
            i += 1
        read = _call_at(tokens, i)
        if read is None:
            return None
        call, i = read
        result.append((who, call))
    return result or None


def parse_board_calls(text: str) -> list[tuple[Seat, Call]] | None:
    """The reported calls when every player is named by compass seat."""
    calls = read_reported_calls(text)
    if calls is None or not all(isinstance(who, Seat) for who, _ in calls):
        return None
    return [(who, call) for who, call in calls if isinstance(who, Seat)]


def writer_seat(board: dict[str, Any]) -> Seat | None:
    """Where the writer sits, when the board knows it (or has placed him)."""
    if board.get("writer"):
        return Seat[board["writer"]]
    relative, offender = board.get("offender_relative"), board.get("offender")
    if relative in RELATIVE_OFFSETS and offender:
        return Seat((Seat[offender] - RELATIVE_OFFSETS[relative]) % 4)
    return None


#: Where a player sits from the writer, in steps to the left.
RELATIVE_OFFSETS = {"self": 0, "lho": 1, "partner": 2, "rho": 3}


def place_writer(board: dict[str, Any]) -> Seat | None:
    """The writer's seat for calls reported by relative position; when the
    offender's seat is unknown but his place from the writer is, the writer
    is put in South and every seat named from there (the replies then name
    players by their place, not by these seats)."""
    seat = writer_seat(board)
    if seat is not None:
        return seat
    relative = board.get("offender_relative")
    if relative not in RELATIVE_OFFSETS or board.get("offender"):
        return None
    board["writer"] = Seat.S.name
    board["placed"] = True
    place_offender(board, Seat((Seat.S + RELATIVE_OFFSETS[relative]) % 4))
    return Seat.S


def seat_of(board: dict[str, Any], who: Who) -> Seat | None:
    """The seat of a reported caller, or None when the board cannot tell."""
    if isinstance(who, Seat):
        return who
    if who == "he":
        return Seat[board["offender"]] if board.get("offender") else None
    writer = writer_seat(board)
    if writer is None:
        return None
    return Seat((writer + RELATIVE_OFFSETS[who]) % 4)


def relative_of(board: dict[str, Any], seat: Seat) -> str | None:
    """How the writer names ``seat`` when the board placed him (else None)."""
    if not board.get("placed"):
        return None
    offset = (seat - Seat[board["writer"]]) % 4
    return next(r for r, o in RELATIVE_OFFSETS.items() if o == offset)


def _bar_for(board: dict[str, Any], seat: Seat) -> dict[str, str] | None:
    for bar in board["bars"]:
        if bar.get("seat") == seat.name and "after" not in bar:
            return bar
    return None


def play(board: dict[str, Any], seat: Seat, call: Call) -> list[Event]:
    """Record one call on ``board`` (mutated) and say what it means."""
    events: list[Event] = []
    bar = _bar_for(board, seat)
    if bar is not None:
        forbidden = (
            call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)
            if bar["kind"] == "no_double_next"
            else not call.is_pass
        )
        if forbidden:
            # The call is not recorded: the director cancels or rules on it.
            return [Event("violation", seat.name, str(call), bar["kind"])]
        if bar["kind"] != "pass_throughout":
            board["bars"].remove(bar)
            events.append(Event("bar_served", seat.name, str(call), bar["kind"]))
    board["calls"].append([seat.name, str(call)])
    if seat.name == board.get("offender"):
        for pending in board["bars"]:
            pending.pop("after", None)  # the offender has called: the bar is in force
    if call.is_pass:
        board["passes"] += 1
    else:
        board["passes"] = 0
        if call.is_bid:
            board["any_bid"] = True
            board["last_bid"] = str(call)
    if not events:
        events.append(Event("ok", seat.name, str(call)))
    needed = 3 if board["any_bid"] else 4
    if board["passes"] >= needed:
        board["over"] = True
        events.append(Event("over"))
    return events
