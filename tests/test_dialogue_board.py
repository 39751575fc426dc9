"""The board after a ruling: reported calls read, bars enforced, bars expiring."""

from __future__ import annotations

import pytest

from bot.dialogue.board import (
    bars_needing_seat,
    open_board,
    parse_board_calls,
    place_offender,
    play,
)
from rules_core import Seat, parse_call


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("S 2♠", [("S", "2S")]),
        ("Ouest passe", [("W", "P")]),
        ("West passes", [("W", "P")]),
        ("Nord: 3SA, Est contre", [("N", "3NT"), ("E", "X")]),
        ("N 1 coeur E passe S 2 sans atout", [("N", "1H"), ("E", "P"), ("S", "2NT")]),
        ("Sud a passé", [("S", "P")]),
    ],
)
def test_reported_calls_are_read(text: str, expected: list[tuple[str, str]]) -> None:
    calls = parse_board_calls(text)
    assert calls is not None
    assert [(seat.name, str(call)) for seat, call in calls] == expected


@pytest.mark.parametrize(
    "text", ["Est a dit 1♥ sur mon 1♠", "non, c'était Ouest", "S", "S banane", "", "2♠"]
)
def test_descriptions_are_not_board_calls(text: str) -> None:
    assert parse_board_calls(text) is None


def _ruling(outcomes: list[str], offender: str | None = "E",
            irregularity: str = "insufficient_bid") -> dict[str, object]:
    return {"status": "ruling", "irregularity": irregularity, "offender": offender,
            "edition": "2017", "laws": [], "outcomes": outcomes}


def test_partner_barred_throughout_violates_with_a_bid_and_stays_barred() -> None:
    board = open_board(_ruling(["partner_must_pass_throughout", "lead_restrictions"]))
    assert board is not None
    assert [e.kind for e in play(board, Seat.W, parse_call("P"))] == ["ok"]
    events = play(board, Seat.W, parse_call("2S"))
    assert [(e.kind, e.seat, e.bar) for e in events] == [("violation", "W", "pass_throughout")]
    assert [e.kind for e in play(board, Seat.W, parse_call("P"))] == ["ok"]


def test_once_only_bar_expires_after_that_turn() -> None:
    board = open_board(_ruling(["partner_must_pass_next_turn"],
                               irregularity="bid_out_of_rotation"))
    assert board is not None
    assert [e.kind for e in play(board, Seat.W, parse_call("P"))] == ["bar_served"]
    assert [e.kind for e in play(board, Seat.W, parse_call("3C"))] == ["ok"]


def test_no_double_bar_allows_a_bid_but_not_a_double() -> None:
    board = open_board(_ruling(["partner_may_not_double_this_turn"]))
    assert board is not None
    assert play(board, Seat.W, parse_call("X"))[0].kind == "violation"
    assert play(board, Seat.W, parse_call("2H"))[0].kind == "bar_served"


def test_three_passes_after_a_bid_end_the_auction() -> None:
    board = open_board(_ruling(["partner_must_pass_throughout", "lead_restrictions"]))
    assert board is not None
    kinds = []
    for seat, call in [(Seat.S, "2S"), (Seat.W, "P"), (Seat.N, "P"), (Seat.E, "P")]:
        kinds += [e.kind for e in play(board, seat, parse_call(call))]
    assert kinds[-1] == "over"
    assert board["over"] is True
    assert board["leads"] == ["E"]


def test_a_ruling_with_nothing_to_watch_opens_no_board() -> None:
    assert open_board(_ruling(["call_stands", "no_further_rectification"])) is None


def test_bars_by_role_wait_for_the_offender_seat() -> None:
    board = open_board(_ruling(["partner_must_pass_throughout"], offender=None),
                       offender_relative="lho")
    assert board is not None
    assert bars_needing_seat(board)
    place_offender(board, Seat.E)
    assert not bars_needing_seat(board)
    assert play(board, Seat.W, parse_call("1NT"))[0].kind == "violation"


def test_new_ruling_keeps_the_bars_already_in_force() -> None:
    first = open_board(_ruling(["partner_must_pass_throughout", "lead_restrictions"]))
    second = open_board(
        _ruling(["offending_side_must_pass_throughout", "lead_restrictions"], offender="S",
                irregularity="call_when_obliged_to_pass"),
        previous=first,
    )
    assert second is not None
    assert {(b["seat"], b["kind"]) for b in second["bars"]} == {
        ("W", "pass_throughout"), ("S", "pass_throughout"), ("N", "pass_throughout")}
    assert second["leads"] == ["E", "S"]


def _ruled(incident: dict[str, object]) -> dict[str, object]:
    from rules_core import Incident, Ruling, rule

    result = rule(Incident.from_dict(incident))
    assert isinstance(result, Ruling), result
    return result.to_dict()


# The partner's bar after the offender's non-comparable call (audit: North's
# free call at his own turn was flagged as a Law 37 violation).
# (paragraph, incident, calls reported after the ruling, event kinds expected)
AFTER_THE_OFFENDERS_CALL = [
    ("31B1 then 31A2(b): North calls freely at his own turn; barred after South's call",
     {"dealer": "N", "calls": [["S", "1H"]], "facts": {"lho_accepts": False, "comparable": False}},
     [("N", "1S"), ("E", "P"), ("S", "2H"), ("W", "P"), ("N", "3H")],
     ["ok", "ok", "ok", "ok", "violation"]),
    ("30B1(a) then 30B1(b)(ii) at the LHO's turn: East free first, barred after West's call",
     {"dealer": "N", "calls": [["W", "P"]], "facts": {"lho_accepts": False, "comparable": False}},
     [("N", "1C"), ("E", "1S"), ("S", "P"), ("W", "2H"), ("N", "P"), ("E", "2S")],
     ["ok", "ok", "ok", "ok", "ok", "violation"]),
    ("30B1(b)(ii): the bar is served by a pass at that turn, once",
     {"dealer": "N", "calls": [["W", "P"]], "facts": {"lho_accepts": False, "comparable": False}},
     [("N", "1C"), ("E", "1S"), ("S", "P"), ("W", "2H"), ("N", "P"), ("E", "P"), ("S", "P"),
      ("W", "3H"), ("N", "P"), ("E", "4H")],
     ["ok", "ok", "ok", "ok", "ok", "bar_served", "ok", "ok", "ok", "ok"]),
    ("31A2(b) at the RHO's turn, the RHO has called: the partner's next turn is barred",
     {"dealer": "N", "calls": [["E", "1S"]],
      "facts": {"lho_accepts": False, "rho_action": "call", "comparable": False,
                "correct_player_called": False}},
     [("E", "2S"), ("S", "P"), ("W", "3S")],
     ["ok", "ok", "violation"]),
]


@pytest.mark.parametrize(("paragraph", "incident", "calls", "kinds"), AFTER_THE_OFFENDERS_CALL)
def test_partners_bar_after_the_offenders_call(
    paragraph: str, incident: dict[str, object], calls: list[tuple[str, str]], kinds: list[str]
) -> None:
    board = open_board(_ruled(incident))
    assert board is not None, paragraph
    seen = []
    for seat, call in calls:
        seen += [e.kind for e in play(board, Seat[seat], parse_call(call)) if e.kind != "over"]
    assert seen == kinds, paragraph


def test_partners_pending_bar_by_role_keeps_waiting_once_seated() -> None:
    """31B1/31A2(b) with the offender known by place only: seated later, the
    bar still waits for the offender's call."""
    board = open_board(_ruling(["call_cancelled", "auction_reverts", "partner_may_call_freely",
                                "unauthorized_information", "partner_must_pass_next_turn"],
                               offender=None, irregularity="bid_out_of_rotation"),
                       offender_relative="partner")
    assert board is not None
    place_offender(board, Seat.S)
    assert play(board, Seat.N, parse_call("1S"))[0].kind == "ok"
    assert play(board, Seat.S, parse_call("2H"))[0].kind == "ok"
    assert play(board, Seat.N, parse_call("3H"))[0].kind == "violation"
