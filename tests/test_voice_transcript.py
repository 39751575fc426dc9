"""The reliability rule and the language hint, without the model."""

from __future__ import annotations

import pytest

from bot.voice.recognizer import supported_language
from bot.voice.transcript import (
    MAX_COMPRESSION_RATIO,
    MAX_NO_SPEECH_PROB,
    MIN_AVG_LOGPROB,
    is_reliable,
)

CLEAR = {"avg_logprob": -0.6, "no_speech_prob": 0.1, "compression_ratio": 1.0}


def test_clear_speech_is_reliable() -> None:
    assert is_reliable("East bid one heart", **CLEAR)
    assert is_reliable("oui", **CLEAR)  # a one-word answer is enough when the model is sure


@pytest.mark.parametrize(
    ("text", "change"),
    [
        pytest.param("", {}, id="empty"),
        pytest.param("...", {}, id="punctuation-only"),
        pytest.param("I", {}, id="one-letter"),
        pytest.param("East bid", {"avg_logprob": MIN_AVG_LOGPROB - 0.01}, id="unsure"),
        pytest.param("you", {"no_speech_prob": MAX_NO_SPEECH_PROB + 0.01}, id="nobody-spoke"),
        pytest.param(
            "The ship has lost her, no they didn't" + ", no" * 24, {}, id="word-loop"
        ),
        pytest.param(
            "une partie de l'autre, " * 8,
            {"compression_ratio": MAX_COMPRESSION_RATIO + 0.1},
            id="repetition-loop",
        ),
    ],
)
def test_unreliable_transcripts(text: str, change: dict[str, float]) -> None:
    assert not is_reliable(text, **{**CLEAR, **change})


def test_a_passed_out_auction_is_not_a_loop() -> None:
    assert is_reliable("North pass, East pass, South pass, West pass, pass pass pass", **CLEAR)


def test_thresholds_are_inclusive() -> None:
    assert is_reliable(
        "Nord",
        avg_logprob=MIN_AVG_LOGPROB,
        no_speech_prob=MAX_NO_SPEECH_PROB,
        compression_ratio=MAX_COMPRESSION_RATIO,
    )


@pytest.mark.parametrize(
    ("hint", "expected"),
    [("fr", "fr"), ("fr-FR", "fr"), ("en_GB", "en"), ("EN", "en"), ("de", None), ("", None)],
)
def test_language_hints(hint: str, expected: str | None) -> None:
    assert supported_language(hint) == expected
    assert supported_language(None) is None
