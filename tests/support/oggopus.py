"""PCM -> a voice note as Telegram clients record it: Opus in OGG, 48 kHz mono.

The bot itself only decodes (bot/voice/audio.py); this is the other direction, used to make the
test fixtures, the long notes of the tests and the benchmark's notes, and it
pins down the format the decoder is written for.
"""

from __future__ import annotations

import io

import av
import numpy as np

__all__ = ["encode_voice_note", "TELEGRAM_RATE", "TELEGRAM_BITRATE"]

TELEGRAM_RATE = 48_000
TELEGRAM_BITRATE = 32_000


def encode_voice_note(samples: np.ndarray, rate: int, *, bitrate: int = TELEGRAM_BITRATE) -> bytes:
    """Mono samples in [-1, 1] at ``rate`` Hz -> OGG/Opus bytes at 48 kHz mono.

    :raises ValueError: if ``samples`` is not one-dimensional.
    """
    mono = np.asarray(samples, dtype=np.float32)
    if mono.ndim != 1:
        raise ValueError(f"expected mono samples (one dimension), got shape {mono.shape}")
    buffer = io.BytesIO()
    # Bit-exact: a fixed stream serial and no encoder tag, so the same samples
    # always give the same bytes (remade fixtures don't churn in git).
    with av.open(buffer, mode="w", format="ogg", options={"fflags": "+bitexact"}) as container:
        stream = container.add_stream("libopus", rate=TELEGRAM_RATE)
        stream.layout = "mono"
        stream.bit_rate = bitrate
        resampler = av.AudioResampler(format="flt", layout="mono", rate=TELEGRAM_RATE)
        step = max(1, rate)  # one second per frame keeps memory flat for long notes
        for start in range(0, mono.size, step):
            frame = av.AudioFrame.from_ndarray(
                mono[None, start : start + step], format="flt", layout="mono"
            )
            frame.sample_rate = rate
            for resampled in resampler.resample(frame):
                container.mux(stream.encode(resampled))
        for resampled in resampler.resample(None):
            container.mux(stream.encode(resampled))
        container.mux(stream.encode(None))
    return buffer.getvalue()
