"""The board after a ruling: the obligations in force, checked call by call.

A ruling may bar players (partner must pass throughout, the offender must
pass once, partner may not double at this turn). While the auction goes on
the user reports calls ("S 2♠", "Ouest passe"); each is checked against the
bars in force. A bid, double or redouble by a player obliged to pass is a new
irregularity (Law 37); a once-only bar expires after that player's turn; at
the end of the auction the lead restriction (26B) and the other warnings of
the ruling are recalled.

The board is plain JSON (kept in the chat state) and returns events as ids;
the dialogue words them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules_core import (
    Call,
    CallKind,
    InvalidCallError,
    InvalidSeatError,
    Outcome,
    Seat,
    parse_call,
    parse_seat,
)

__all__ = ["Event", "open_board", "parse_board_calls", "play", "bars_needing_seat"]

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
    bars: list[dict[str, str]] = []
    for outcome in outcomes:
        for role, kind in _BARS.get(outcome, ()):
            bars.append({"role": role, "kind": kind})
    lead = O.LEAD_RESTRICTIONS in outcomes
    ui = O.UNAUTHORIZED_INFORMATION in outcomes
    damage = O.ADJUSTED_SCORE_POSSIBLE in outcomes
    offender = ruling.get("offender")
    seat_bars = [
        {"seat": _seat_of(offender, b["role"]), "kind": b["kind"]} if offender else b
        for b in bars
    ]
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
    return {
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
    }


def bars_needing_seat(board: dict[str, Any]) -> bool:
    """True while some bar is known only by role (the offender's seat is unknown)."""
    return any("seat" not in bar for bar in board.get("bars", []))


def place_offender(board: dict[str, Any], offender: Seat) -> None:
    """Name the seats of bars known by role once the offender's seat is known."""
    board["offender"] = offender.name
    board["leads"] = [lead or offender.name for lead in board.get("leads", [])]
    board["bars"] = [
        {"seat": _seat_of(offender.name, b["role"]), "kind": b["kind"]} if "seat" not in b else b
        for b in board["bars"]
    ]


def _seat_of(offender: str, role: str) -> str:
    seat = Seat[offender]
    return (seat if role == "offender" else seat.partner).name


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


# Verb forms people type for a call, read as the call itself.
_CALL_WORDS = {
    "passes": "P", "passed": "P", "passe": "P", "passé": "P", "pass": "P",
    "doubles": "X", "doubled": "X", "contré": "X", "contre": "X",
    "redoubles": "XX", "redoubled": "XX", "surcontré": "XX", "surcontre": "XX",
}  # fmt: skip
_FILLER = {"dit", "annonce", "a", "says", "said", "bids", "bid", "calls", "enchérit", ":", "-"}
_SPLIT = re.compile(r"[\s,;/]+|(?<=\S)(?=:)")


def parse_board_calls(text: str) -> list[tuple[Seat, Call]] | None:
    """``"S 2♠, Ouest passe"`` -> [(S, 2S), (W, P)]; None unless the whole
    message is seats and calls (then it is a description, not the board)."""
    tokens = [t for t in _SPLIT.split(text.strip()) if t and t not in {"et", "and", "puis", "then"}]
    result: list[tuple[Seat, Call]] = []
    i = 0
    while i < len(tokens):
        try:
            seat = parse_seat(tokens[i].rstrip(":"))
        except InvalidSeatError:
            return None
        i += 1
        while i < len(tokens) and tokens[i].lower() in _FILLER:
            i += 1
        call = None
        for width in (3, 2, 1):  # "2 sans atout" before "2"
            if i + width > len(tokens):
                continue
            words = tokens[i : i + width]
            if width == 1 and words[0].lower() in _CALL_WORDS:
                words = [_CALL_WORDS[words[0].lower()]]
            try:
                call = parse_call(" ".join(words))
            except InvalidCallError:
                continue
            i += width
            break
        if call is None:
            return None
        result.append((seat, call))
    return result or None


def _bar_for(board: dict[str, Any], seat: Seat) -> dict[str, str] | None:
    for bar in board["bars"]:
        if bar.get("seat") == seat.name:
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
