"""Near-misses of the embedded speech model (issue 11 item 5, text side): what it
writes for bridge words is read as the words meant."""

from __future__ import annotations

import pytest

from bot.understanding import classify


@pytest.mark.parametrize(
    ("transcript", "irregularity", "call"),
    [
        ("East did one heart over my once paid", "insufficient_bid", "1H"),  # one spade
        ("West past out and turned", "pass_out_of_rotation", "P"),  # passed out of turn
        ("south out turned free hearts", "bid_out_of_rotation", "3H"),
    ],
)
def test_speech_near_misses(transcript: str, irregularity: str, call: str) -> None:
    result = classify(transcript)
    assert result.irregularity == irregularity
    assert result.facts.get("call") == call


def test_a_long_explanation_is_a_wrong_explanation() -> None:
    assert classify("North gave a long explanation of the two club bid").irregularity == (
        "misinformation"
    )
