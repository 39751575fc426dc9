"""When one message's calls and words disagree (issue 11 item 3): which lists
give way to the words, and which are shown as read."""

from __future__ import annotations

import pytest

from bot.dialogue.merge import calls_beside_the_point, calls_show_irregularity
from bot.dialogue.state import Draft

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
