"""`arbitre hear FILE…` (shared/contract.md): a voice note -> one JSON line per file."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest

from bot.cli import main
from bot.voice import Recognizer
from bot.voice.audio import decode_voice_note
from bot.voice.limits import SAMPLE_RATE

FIXTURES = Path(__file__).parent / "fixtures" / "voice"
KEYS = {"file", "text", "heard", "reliable", "lang", "classification"}


@pytest.fixture
def hear(recognizer: Recognizer, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """`arbitre hear` in process, on the session's model (loaded once)."""
    monkeypatch.setattr("bot.voice.Recognizer", lambda *args, **kwargs: recognizer)

    def run(*argv: str) -> tuple[int, list[dict[str, object]]]:
        out = io.StringIO()
        code = main(["hear", *argv], io.StringIO(""), out)
        return code, [json.loads(line) for line in out.getvalue().splitlines()]

    return run


def _wav(path: Path, samples: np.ndarray) -> Path:
    pcm = (np.clip(samples, -1, 1) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(pcm.tobytes())
    return path


def test_a_clear_note_gives_its_text_and_classification(hear) -> None:  # type: ignore[no-untyped-def]
    name = str(FIXTURES / "en_incident_long.ogg")
    code, [line] = hear(name)
    assert code == 0
    assert set(line) == KEYS
    assert line["file"] == name and line["lang"] == "en" and line["reliable"] is True
    assert "insufficient" in str(line["text"]).lower()
    classification = line["classification"]
    assert isinstance(classification, dict)
    assert classification["irregularity"] == "insufficient_bid"


def test_a_wav_file_is_heard_like_a_voice_note(hear, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    samples = decode_voice_note((FIXTURES / "en_incident_long.ogg").read_bytes())
    code, [line] = hear("--lang", "en", str(_wav(tmp_path / "note.wav", samples)))
    assert code == 0 and line["reliable"] is True
    assert line["classification"]["irregularity"] == "insufficient_bid"  # type: ignore[index]


def test_noise_is_not_reliable_and_places_nothing(hear) -> None:  # type: ignore[no-untyped-def]
    code, lines = hear(str(FIXTURES / "noise.ogg"), str(FIXTURES / "silence.ogg"))
    assert code == 0 and len(lines) == 2
    for line in lines:
        assert set(line) == KEYS and line["reliable"] is False
        assert line["classification"]["irregularity"] is None  # type: ignore[index]


def test_bad_files_get_the_error_line_and_the_others_are_still_heard(
    hear, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    text_file = tmp_path / "notes.ogg"
    text_file.write_text("this is not a voice note")
    empty = tmp_path / "empty.ogg"
    empty.write_bytes(b"")
    missing = tmp_path / "missing.ogg"
    code, lines = hear(str(text_file), str(empty), str(missing), str(FIXTURES / "silence.ogg"))
    assert code == 2
    assert [line.get("status") for line in lines] == ["error", "error", "error", None]
    for line, path in zip(lines[:3], (text_file, empty, missing), strict=True):
        assert set(line) == {"status", "error"} and str(path) in str(line["error"])
    assert lines[3]["file"] == str(FIXTURES / "silence.ogg")


def test_the_command_line_never_shows_a_traceback(tmp_path: Path) -> None:
    junk = tmp_path / "junk.wav"
    junk.write_bytes(b"RIFF\x00\x00junk")
    done = subprocess.run([sys.executable, "-m", "bot", "hear", str(junk)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    (line,) = done.stdout.splitlines()
    assert json.loads(line)["status"] == "error"
    usage = subprocess.run([sys.executable, "-m", "bot", "hear"],
                           capture_output=True, text=True, timeout=120)
    assert usage.returncode == 2 and json.loads(usage.stdout)["status"] == "error"
