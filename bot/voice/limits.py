"""How much audio the bot accepts in one voice note.

Telegram records Opus at roughly 16-32 kbit/s, so two minutes weigh about
half a megabyte: the size cap only stops files that are not voice notes, the
duration cap keeps one user from holding the single transcription worker.
"""

from __future__ import annotations

__all__ = ["MAX_SECONDS", "MAX_BYTES", "SAMPLE_RATE"]

MAX_SECONDS = 120
MAX_BYTES = 5 * 1024 * 1024
#: What Whisper listens to: 16 kHz mono float32.
SAMPLE_RATE = 16_000
