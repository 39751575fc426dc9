"""The asyncio face of speech to text: one worker thread, a bounded queue.

Whisper keeps both cores busy for about a second per five seconds of audio.
Running it in a single worker thread keeps the bot's event loop free to answer
other chats; bounding the queue means a burst of voice notes gets an
immediate "busy" instead of an answer minutes later.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from .audio import check_size
from .errors import VoiceError
from .kinds import VoiceKind
from .limits import MAX_BYTES, MAX_SECONDS
from .recognizer import Recognizer
from .transcript import Transcript

__all__ = ["Transcriber", "DEFAULT_MAX_PENDING"]

log = logging.getLogger(__name__)

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: Notes running or waiting at once: one being transcribed and two waiting, so
#: nobody waits more than about a minute even for long notes.
DEFAULT_MAX_PENDING = 3


class Transcriber:
    """Transcribe voice notes off the event loop.

    ``await transcribe(data, lang_hint)`` returns a ``Transcript`` or raises
    ``VoiceError`` whose ``kind`` says what to tell the user. The model is
    loaded by the worker on the first note (or by ``warm_up``) and kept.
    """

    def __init__(
        self,
        recognizer: Recognizer | None = None,
        *,
        max_pending: int = DEFAULT_MAX_PENDING,
        max_seconds: float = MAX_SECONDS,
        max_bytes: int = MAX_BYTES,
    ) -> None:
        if max_pending < 1:
            raise ValueError("max_pending must be at least 1")
        self.recognizer = recognizer if recognizer is not None else Recognizer()
        self.max_pending = max_pending
        self.max_seconds = max_seconds
        self.max_bytes = max_bytes
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbitre-voice")
        self._lock = threading.Lock()  # the counter is released from the worker thread
        self._pending = 0

    @property
    def pending(self) -> int:
        """Notes being transcribed or waiting."""
        return self._pending

    async def transcribe(self, data: bytes | bytearray, lang_hint: str | None = None) -> Transcript:
        """Voice-note bytes -> transcript, in the worker thread.

        ``lang_hint`` is the chat's language ("fr", "en", "fr-FR"...); None or
        another language lets the model choose between French and English.

        :raises VoiceError: ``TOO_BIG`` and ``BUSY`` at once, without queueing;
            ``TOO_LONG``, ``NOT_AUDIO``, ``MODEL_MISSING``, ``MODEL_CORRUPT``
            or ``FAILED`` from the worker.
        """
        check_size(data, self.max_bytes)
        payload = bytes(data)  # the caller may reuse its buffer while we wait
        future = self._submit(self._job, payload, lang_hint)
        return await asyncio.wrap_future(future)

    async def warm_up(self) -> None:
        """Load the model now rather than on the first note.

        :raises VoiceError: ``MODEL_MISSING``, ``MODEL_CORRUPT`` or ``BUSY``.
        """
        await asyncio.wrap_future(self._submit(self.recognizer.load))

    def close(self) -> None:
        """Stop the worker; notes still waiting are cancelled."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _submit(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        with self._lock:
            if self._pending >= self.max_pending:
                raise VoiceError(
                    VoiceKind.BUSY, f"{self._pending} voice notes already queued or running"
                )
            self._pending += 1
        try:
            future = self._executor.submit(fn, *args, **kwargs)
        except RuntimeError as exc:  # submitted after close()
            self._release()
            raise VoiceError(VoiceKind.FAILED, "the transcriber is closed") from exc
        # Released when the work is really over (or cancelled), not when the
        # awaiting task gives up: the queue bound is about the worker.
        future.add_done_callback(lambda _future: self._release())
        return future

    def _release(self) -> None:
        with self._lock:
            self._pending -= 1

    def _job(self, data: bytes, lang_hint: str | None) -> Transcript:
        try:
            return self.recognizer.transcribe_note(
                data, lang_hint, max_seconds=self.max_seconds, max_bytes=self.max_bytes
            )
        except VoiceError:
            raise
        except Exception as exc:  # never let a voice note take the bot down
            log.exception("voice note transcription failed")
            raise VoiceError(VoiceKind.FAILED, f"transcription failed: {exc!r}") from exc
