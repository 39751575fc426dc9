"""When one message's calls and words disagree (issue 11 item 3): which lists
give way to the words, and which are shown as read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.dialogue import open_conversations
from bot.dialogue.merge import (
    calls_beside_the_point,
    calls_end_the_auction,
    calls_show_irregularity,
)
from bot.dialogue.state import Draft
from bot.understanding.classifier import Classification

ROWS = [
    # the list stops before the offender's call: South's double is not in it (36)
    (Draft(irregularity="inadmissible_double", offender="S", calls=[["N", "1D"], ["E", "P"]]),
     False, True),
    # a list cannot show an explanation (21B) or a hesitation (16B)
    (Draft(irregularity="misinformation", offender="N", dealer="W",
           calls=[["W", "1C"], ["N", "1H"], ["E", "1S"], ["S", "2C"]]), False, True),
    (Draft(irregularity="unauthorized_information", dealer="E",
           calls=[["E", "1H"], ["S", "1S"], ["W", "2H"], ["N", "2S"]]), False, True),
    # a change of call shows only when both calls are listed (25)
    (Draft(irregularity="change_of_call", offender="N", calls=[["S", "1H"], ["W", "P"],
                                                              ["N", "3H"]]), False, True),
    # the offender's own call is in a legal list: a misread letter, shown as read (27)
    (Draft(irregularity="insufficient_bid", offender="E", calls=[["N", "1C"], ["E", "1D"]]),
     False, False),
    # the list shows an irregularity: the words are weighed against it instead (27)
    (Draft(irregularity="insufficient_bid", offender="E", calls=[["N", "1S"], ["E", "1H"]]),
     True, False),
    # no offender named and a list that may show the incident: shown as read
    (Draft(irregularity="bid_out_of_rotation", calls=[["N", "1H"]]), False, False),
]  # fmt: skip


@pytest.mark.parametrize(("draft", "irregular", "beside"), ROWS)
def test_which_lists_give_way(draft: Draft, irregular: bool, beside: bool) -> None:
    assert calls_show_irregularity(draft) is irregular
    assert calls_beside_the_point(draft) is beside


# --- the preface when a Law 39 list is set aside (audit: "The calls as written
# do not end the auction" for a list that did end it) ------------------------

def _draft(calls: list[tuple[str, str]], dealer: str | None = "N") -> Draft:
    return Draft(irregularity="call_after_final_pass", dealer=dealer,
                 calls=[[s, c] for s, c in calls])


_ENDED = [("N", "1H"), ("E", "P"), ("S", "4H"), ("W", "P"), ("N", "P"), ("E", "P")]

END_ROWS = [
    ("17E: three passes after the last bid end it, a pass read after them", _ENDED + [("E", "P")],
     True),
    ("17E: ... and the call after the final pass", _ENDED + [("E", "4S")], True),
    ("17E: 4♥ then 5♥ by the next side, the closing passes not read", [("N", "4H"), ("S", "5H")],
     False),
    ("17E: four passes end it", [("N", "P"), ("E", "P"), ("S", "P"), ("W", "P")], True),
    ("17E: two passes after the bid do not", [("N", "1H"), ("E", "P"), ("S", "P")], False),
]


@pytest.mark.parametrize(("paragraph", "calls", "ends"), END_ROWS)
def test_whether_the_calls_end_the_auction(paragraph: str, calls: list[tuple[str, str]],
                                           ends: bool) -> None:
    assert calls_end_the_auction(_draft(calls)) is ends, paragraph


NOT_ENDED = "do not end the auction"
ENDED_OTHER_CALL = "end the auction but do not show the call you said came after it"

# (paragraph, the calls read with "East said 4♠ after the final pass", the preface, not it)
PREFACES = [
    ("39: the list ends the auction; the call read after it is a pass, not the 4♠ said",
     _ENDED + [("E", "P")], ENDED_OTHER_CALL, NOT_ENDED),
    ("39: the list stops before the auction ends: it does not end it",
     [("N", "1H"), ("S", "4H"), ("E", "4S")], NOT_ENDED, ENDED_OTHER_CALL),
]


def _reading(calls: list[tuple[str, str]]) -> Callable[[str], Classification]:
    def classify(text: str) -> Classification:
        facts = {"offender": "E", "call": "4S", "dealer": "N", "call_kind": "bid",
                 "offender_side": "defending",
                 "calls": [{"seat": s, "call": c} for s, c in calls]}
        return Classification("call_after_final_pass", 1.0, (("call_after_final_pass", 1.0),),
                              facts, "en")
    return classify


@pytest.mark.parametrize(("paragraph", "calls", "said", "unsaid"), PREFACES)
def test_the_preface_says_why_the_calls_are_set_aside(
    tmp_path: Path, paragraph: str, calls: list[tuple[str, str]], said: str, unsaid: str
) -> None:
    chat = open_conversations(tmp_path / "d.sqlite3", edition="2017", classify=_reading(calls))
    try:
        text = "\n".join(r.text for r in chat.text("words:1", "East said 4S after the final "
                                                               "pass", "en"))
        assert said in text, (paragraph, text)
        assert unsaid not in text, (paragraph, text)
        assert "as written" not in text, (paragraph, text)
    finally:
        chat.store.close()


def test_a_list_with_the_call_after_the_final_pass_needs_no_preface(tmp_path: Path) -> None:
    """39A: the list shows East's 4♠ after the final pass: ruled on it, nothing set aside."""
    chat = open_conversations(tmp_path / "d.sqlite3", edition="2017",
                              classify=_reading(_ENDED + [("E", "4S")]))
    try:
        replies = chat.text("words:1", "East said 4S after the final pass", "en")
        text = "\n".join(r.text for r in replies)
        assert "set them aside" not in text and "39A" in text
    finally:
        chat.store.close()
