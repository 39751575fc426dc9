"""The closed set of things the voice layer can tell a user.

Front ends route on these ids, never on the wording, and turn them into text
with ``bot.voice.messages.voice_message``.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["VoiceKind"]


class VoiceKind(StrEnum):
    TRANSCRIBING = "transcribing"  # shown while the note is being listened to
    UNDERSTOOD = "understood"  # echo of a reliable transcript
    UNCLEAR = "unclear"  # transcript too unreliable to rule on
    TOO_LONG = "too_long"
    TOO_BIG = "too_big"
    NOT_AUDIO = "not_audio"  # empty, corrupt, or not a sound file
    BUSY = "busy"  # the transcription queue is full
    MODEL_MISSING = "model_missing"
    MODEL_CORRUPT = "model_corrupt"
    FAILED = "failed"  # an unexpected error inside the speech engine
