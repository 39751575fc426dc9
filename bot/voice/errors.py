"""The one exception of the voice layer: a refusal or failure with its kind.

``kind`` says what to tell the user (``voice_message``); ``detail`` is an
English sentence for the operator's log, saying what went wrong and what to do.
"""

from __future__ import annotations

from .kinds import VoiceKind

__all__ = ["VoiceError"]


class VoiceError(Exception):
    """A voice note that was refused or could not be transcribed."""

    def __init__(self, kind: VoiceKind, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail

    def __repr__(self) -> str:
        return f"VoiceError({self.kind.value!r}, {self.detail!r})"
