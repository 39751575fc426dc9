"""Decoding voice notes and the caps on them: no model needed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bot.voice import audio
from bot.voice.audio import check_size, decode_voice_note
from bot.voice.errors import VoiceError
from bot.voice.kinds import VoiceKind
from bot.voice.limits import MAX_BYTES, MAX_SECONDS, SAMPLE_RATE
from tests.support.oggopus import encode_voice_note

FIXTURES = Path(__file__).parent / "fixtures" / "voice"


def _kind(excinfo: pytest.ExceptionInfo[VoiceError]) -> VoiceKind:
    return excinfo.value.kind


def _ten_minutes_of_silence() -> bytes:
    return encode_voice_note(np.zeros(600 * 8000, dtype=np.float32), 8000)


def test_fixture_decodes_to_16khz_mono_float32() -> None:
    samples = decode_voice_note((FIXTURES / "en_insufficient_bid.ogg").read_bytes())
    assert samples.dtype == np.float32
    assert samples.ndim == 1
    assert 4.0 < samples.size / SAMPLE_RATE < 5.0  # espeak said the sentence in ~4.4 s
    assert 0.05 < float(np.abs(samples).max()) <= 1.5  # speech, not silence, not garbage


def test_encode_then_decode_keeps_pitch_and_duration() -> None:
    seconds, pitch = 2.0, 440.0
    t = np.arange(int(seconds * SAMPLE_RATE)) / SAMPLE_RATE
    note = encode_voice_note((0.5 * np.sin(2 * np.pi * pitch * t)).astype(np.float32), SAMPLE_RATE)
    assert note[:4] == b"OggS"
    samples = decode_voice_note(note)
    assert abs(samples.size / SAMPLE_RATE - seconds) < 0.1
    spectrum = np.abs(np.fft.rfft(samples))
    peak = np.fft.rfftfreq(samples.size, 1 / SAMPLE_RATE)[int(np.argmax(spectrum))]
    assert abs(peak - pitch) < 5


def test_encoder_refuses_stereo() -> None:
    with pytest.raises(ValueError, match="mono"):
        encode_voice_note(np.zeros((2, 100), dtype=np.float32), SAMPLE_RATE)


def test_fifty_megabytes_refused_before_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a payload over the size cap must not be opened")

    monkeypatch.setattr(audio.av, "open", never)
    payload = b"OggS" + bytes(50 * 1024 * 1024)
    with pytest.raises(VoiceError) as excinfo:
        decode_voice_note(payload)
    assert _kind(excinfo) is VoiceKind.TOO_BIG
    assert str(MAX_BYTES) in excinfo.value.detail


def test_ten_minute_note_refused_from_metadata_before_decoding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    note = _ten_minutes_of_silence()
    assert len(note) < MAX_BYTES  # small enough that only the duration can stop it

    def never(*_args: object) -> np.ndarray:
        raise AssertionError("a note over the duration cap must not be decoded")

    monkeypatch.setattr(audio, "_decode_stream", never)
    with pytest.raises(VoiceError) as excinfo:
        decode_voice_note(note)
    assert _kind(excinfo) is VoiceKind.TOO_LONG
    assert "600" in excinfo.value.detail


def test_duration_cap_holds_when_metadata_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    note = _ten_minutes_of_silence()
    monkeypatch.setattr(audio, "metadata_seconds", lambda _container: None)
    decoded: list[int] = []
    real_resampler = audio.av.AudioResampler

    class CountingResampler:
        """Counts the samples decoding produced, to see where it stopped."""

        def __init__(self, **kwargs: Any) -> None:
            self._inner = real_resampler(**kwargs)

        def resample(self, frame: Any) -> Any:
            out = self._inner.resample(frame)
            decoded.extend(chunk.samples for chunk in out)
            return out

    monkeypatch.setattr(audio.av, "AudioResampler", CountingResampler)
    with pytest.raises(VoiceError) as excinfo:
        decode_voice_note(note)
    assert _kind(excinfo) is VoiceKind.TOO_LONG
    assert "while decoding" in excinfo.value.detail
    # Decoding stopped just past the cap instead of running through ten minutes.
    assert sum(decoded) < (MAX_SECONDS + 10) * SAMPLE_RATE


def test_a_note_just_under_the_cap_is_accepted() -> None:
    note = encode_voice_note(np.zeros(MAX_SECONDS * 8000, dtype=np.float32), 8000)
    samples = decode_voice_note(note)
    assert abs(samples.size / SAMPLE_RATE - MAX_SECONDS) < 0.5


@pytest.mark.parametrize(
    "payload",
    [
        pytest.param(b"", id="empty"),
        pytest.param(np.random.default_rng(1).bytes(20_000), id="random-bytes"),
        pytest.param("Est a ouvert 1♥ sur mon 1♠".encode() * 50, id="text"),
        pytest.param(b"OggS\x00\x02" + bytes(100), id="ogg-magic-then-zeros"),
    ],
)
def test_not_audio_gets_a_clear_kind(payload: bytes) -> None:
    with pytest.raises(VoiceError) as excinfo:
        decode_voice_note(payload)
    assert _kind(excinfo) is VoiceKind.NOT_AUDIO
    assert excinfo.value.detail


def test_a_picture_is_not_audio() -> None:
    pixel = bytes.fromhex(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
        "0000000d4944415478da63f8cfc0f01f0005000201a5f5c3b80000000049454e44ae426082"
    )
    with pytest.raises(VoiceError) as excinfo:
        decode_voice_note(pixel)
    assert _kind(excinfo) is VoiceKind.NOT_AUDIO
    assert "no audio stream" in excinfo.value.detail


def test_a_note_cut_short_in_its_headers_is_not_audio() -> None:
    note = (FIXTURES / "en_insufficient_bid.ogg").read_bytes()
    with pytest.raises(VoiceError) as excinfo:
        decode_voice_note(note[:300])
    assert _kind(excinfo) is VoiceKind.NOT_AUDIO


def test_a_damaged_middle_keeps_the_sound_around_it() -> None:
    note = (FIXTURES / "en_insufficient_bid.ogg").read_bytes()
    whole = decode_voice_note(note)
    damaged = note[:4000] + np.random.default_rng(3).bytes(3000) + note[7000:]
    samples = decode_voice_note(damaged)
    assert 0 < samples.size < whole.size


def test_check_size_accepts_a_bytearray_under_the_cap() -> None:
    check_size(bytearray(b"x" * 10), max_bytes=10)
    with pytest.raises(VoiceError) as excinfo:
        check_size(bytearray(b"x" * 11), max_bytes=10)
    assert _kind(excinfo) is VoiceKind.TOO_BIG
