"""Voice-note bytes -> 16 kHz mono float32 samples, in memory, with PyAV.

PyAV carries its own FFmpeg, so no system ffmpeg is needed, and the audio is
never written to disk. The caps are checked as early as possible: the size
before opening anything, the duration from the container's metadata before
decoding, and again while decoding, since metadata can be missing or lie.
"""

from __future__ import annotations

import io

import av
import numpy as np

from .errors import VoiceError
from .kinds import VoiceKind
from .limits import MAX_BYTES, MAX_SECONDS, SAMPLE_RATE

__all__ = ["check_size", "decode_voice_note", "metadata_seconds"]

# Telegram's own duration is rounded; don't refuse a note for a few milliseconds of padding.
_SLACK_SECONDS = 1.0


def check_size(data: bytes | bytearray, max_bytes: int = MAX_BYTES) -> None:
    """Refuse an empty or oversized payload before any decoding.

    :raises VoiceError: ``NOT_AUDIO`` when empty, ``TOO_BIG`` over ``max_bytes``.
    """
    if not data:
        raise VoiceError(VoiceKind.NOT_AUDIO, "the voice note is empty (0 bytes)")
    if len(data) > max_bytes:
        raise VoiceError(
            VoiceKind.TOO_BIG, f"the voice note weighs {len(data)} bytes; the cap is {max_bytes}"
        )


def metadata_seconds(container: av.container.InputContainer) -> float | None:
    """The duration the container claims, or None when it does not say."""
    if container.duration is not None and container.duration > 0:
        return container.duration / av.time_base
    stream = container.streams.audio[0]
    if stream.duration is not None and stream.time_base is not None and stream.duration > 0:
        return float(stream.duration * stream.time_base)
    return None


def decode_voice_note(
    data: bytes | bytearray,
    *,
    max_seconds: float = MAX_SECONDS,
    max_bytes: int = MAX_BYTES,
) -> np.ndarray:
    """Decode any audio FFmpeg reads (Telegram sends OGG/Opus) to 16 kHz mono float32.

    :raises VoiceError: ``TOO_BIG``, ``TOO_LONG``, or ``NOT_AUDIO`` for empty,
        corrupt or non-audio input.
    """
    check_size(data, max_bytes)
    try:
        container = av.open(io.BytesIO(data), mode="r")
    except (av.FFmpegError, EOFError, ValueError, OSError) as exc:
        raise VoiceError(VoiceKind.NOT_AUDIO, f"not a readable audio file: {exc}") from exc
    with container:
        if not container.streams.audio:
            raise VoiceError(
                VoiceKind.NOT_AUDIO, f"the file ({container.format.name}) has no audio stream"
            )
        claimed = metadata_seconds(container)
        if claimed is not None and claimed > max_seconds + _SLACK_SECONDS:
            raise VoiceError(
                VoiceKind.TOO_LONG,
                f"the voice note lasts {claimed:.1f} s; the cap is {max_seconds} s",
            )
        samples = _decode_stream(container, max_seconds)
    if samples.size == 0:
        raise VoiceError(VoiceKind.NOT_AUDIO, "the file holds no decodable sound")
    return samples


def _decode_stream(container: av.container.InputContainer, max_seconds: float) -> np.ndarray:
    limit = int((max_seconds + _SLACK_SECONDS) * SAMPLE_RATE)
    resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
    chunks: list[np.ndarray] = []
    total = 0
    try:
        for frame in container.decode(audio=0):
            for out in resampler.resample(frame):
                chunk = out.to_ndarray().reshape(-1)
                chunks.append(chunk)
                total += chunk.size
            if total > limit:
                raise VoiceError(
                    VoiceKind.TOO_LONG,
                    f"the voice note runs past the cap of {max_seconds} s while decoding",
                )
        for out in resampler.resample(None):
            chunks.append(out.to_ndarray().reshape(-1))
    except (av.FFmpegError, EOFError, ValueError, OSError) as exc:
        # A damaged tail still leaves what was decoded before it; a damaged head leaves nothing.
        if not chunks:
            raise VoiceError(VoiceKind.NOT_AUDIO, f"the audio cannot be decoded: {exc}") from exc
    if not chunks:
        return np.zeros(0, dtype=np.float32)
    return np.concatenate(chunks).astype(np.float32, copy=False)
