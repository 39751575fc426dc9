"""Voice notes as jobs: heard in this process, or by speech workers anywhere.

Two implementations of ``TranscriptionQueue``, chosen by ``ARBITRE_DB``:

* in-process (SQLite, the embedded default): ``bot.voice.Transcriber``
  itself, one worker thread and a bounded count, as before;
* PostgreSQL (``PgTranscriptionQueue``): the bot inserts the note into the
  table ``transcription_jobs`` and waits for its transcript; ``arbitre
  worker`` processes (``SpeechWorker``), on this machine or others (GPU ones
  included), claim jobs, transcribe them and write the transcript back. The
  bot answers "busy" when more jobs wait than ``ARBITRE_VOICE_QUEUE_LIMIT``,
  whichever process counts them.

Plain ``SELECT ... FOR UPDATE SKIP LOCKED`` rather than procrastinate: a job
here is one row read once by one bot coroutine, with the audio deleted the
moment it is done, and procrastinate would add its own schema, its own async
worker and a task registry to what is one table and three statements, while
not holding the transcript for the waiting bot.

A job's life: ``waiting`` -> ``running`` (``claimed_by``, ``lease_until``,
``attempts`` + 1) -> ``done`` (the transcript) or ``failed`` (the
``VoiceKind`` and why); the audio is set to NULL in the same statement that
ends the job. The lease is not renewed: it is longer than any note takes. A
worker that dies mid-job leaves its lease to run out, and the next worker
to look claims the job again (up to
``MAX_ATTEMPTS`` claims: a note that kills every worker fails). A worker
whose lease was taken over writes nothing (its claim is checked by
``claimed_by`` and ``attempts``), so a job gets one result; the bot takes it
with ``DELETE ... RETURNING``, so it is answered once and the transcript does
not stay in the database either. A job nobody collects (its bot process
died, or gave up after ``DEFAULT_WAIT``) is deleted, audio and transcript,
by the next worker to look once it is ``ABANDONED`` seconds old.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any, Protocol

from bot.store import StoreError
from bot.voice import MAX_BYTES, MAX_SECONDS, Transcriber, Transcript, VoiceError, VoiceKind
from bot.voice.audio import check_size

__all__ = ["TranscriptionQueue", "QueueSettingError", "PgTranscriptionQueue", "SpeechWorker",
           "open_queue", "queue_limit", "LIMIT_ENV", "DEFAULT_LIMIT", "DEFAULT_LEASE",
           "MAX_ATTEMPTS", "ABANDONED"]

log = logging.getLogger(__name__)

#: Jobs that may wait before a new note gets "busy" (PostgreSQL queue).
LIMIT_ENV = "ARBITRE_VOICE_QUEUE_LIMIT"
DEFAULT_LIMIT = 10
#: Seconds a worker holds a job: longer than any note takes (the longest
#: allowed note takes about 15 s on two cores).
DEFAULT_LEASE = 120.0
#: Claims of one job before it is failed (a note that kills its workers).
MAX_ATTEMPTS = 3
#: Seconds a bot waits for a job before giving up (no worker running).
DEFAULT_WAIT = 300.0
#: Seconds after which a job's row is deleted whatever its state: its bot
#: has given up waiting (or died) long before.
ABANDONED = 2 * DEFAULT_WAIT

#: Seconds a worker waits before trying a database that failed again.
RETRY = 5.0

Transcribe = Callable[[bytes, str | None], Transcript]


class QueueSettingError(StoreError):
    """A queue setting the bot cannot run with; the message says what to fix."""


class TranscriptionQueue(Protocol):
    """Where the bot's voice notes are heard. ``Transcriber`` is one."""

    max_seconds: float
    max_bytes: int
    max_pending: int

    @property
    def pending(self) -> int:
        """Notes waiting to be heard (the bot says "busy" at ``max_pending``)."""
        ...

    async def transcribe(self, data: bytes | bytearray, lang_hint: str | None = None
                         ) -> Transcript:
        """:raises VoiceError: what to tell the user instead."""
        ...

    async def warm_up(self) -> None: ...

    def close(self) -> None: ...


def queue_limit(environ: Mapping[str, str] | None = None) -> int:
    """``ARBITRE_VOICE_QUEUE_LIMIT`` (jobs waiting before "busy"), else the default.

    :raises QueueSettingError: with the sentence to show when it is not a positive number.
    """
    env = os.environ if environ is None else environ
    text = env.get(LIMIT_ENV, "").strip()
    if not text:
        return DEFAULT_LIMIT
    if not text.isdigit() or int(text) < 1:
        raise QueueSettingError(f"{LIMIT_ENV}={text!r} is not a number of voice notes: give a "
                         "whole number of at least 1, or leave it unset")
    return int(text)


def open_queue(target: str | Path | None, environ: Mapping[str, str] | None = None
               ) -> TranscriptionQueue:
    """The bot's queue for the store ``target``: PostgreSQL's shared one for a
    database URL, else a ``Transcriber`` in this process."""
    from bot.store_api import is_database_url

    if target is not None and is_database_url(target):
        return PgTranscriptionQueue(str(target), max_pending=queue_limit(environ))
    return Transcriber()


def _transcript_json(transcript: Transcript) -> str:
    return json.dumps(asdict(transcript), ensure_ascii=False)


def _transcript(text: str) -> Transcript:
    return Transcript(**json.loads(text))


class _Pool:
    """A small psycopg pool on the store's database, schema brought up to date."""

    def __init__(self, url: str, max_size: int) -> None:
        from psycopg_pool import ConnectionPool

        from bot.store_pg import open_pg_store

        open_pg_store(url).close()  # migrations, and a clear error when unreachable
        self.pool = ConnectionPool(url, min_size=1, max_size=max_size, open=True,
                                   kwargs={"autocommit": True},
                                   check=ConnectionPool.check_connection,
                                   name="arbitre-speech")

    def run(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """:raises StoreError: the database failed or is out of reach."""
        import psycopg

        try:
            with self.pool.connection() as conn:
                cursor = conn.execute(query.encode(), params)
                return cursor.fetchall() if cursor.description is not None else []
        except psycopg.Error as error:
            raise StoreError(f"PostgreSQL failed to run the speech queue: {error}") from error

    def close(self) -> None:
        self.pool.close()


class PgTranscriptionQueue:
    """The bot's side of the PostgreSQL queue: enqueue a note, await its transcript."""

    def __init__(self, url: str, *, max_pending: int = DEFAULT_LIMIT,
                 max_seconds: float = MAX_SECONDS, max_bytes: int = MAX_BYTES,
                 poll: float = 0.25, wait: float = DEFAULT_WAIT) -> None:
        if max_pending < 1:
            raise ValueError("max_pending must be at least 1")
        self.max_pending = max_pending
        self.max_seconds = max_seconds
        self.max_bytes = max_bytes
        self.poll = poll
        self.wait = wait
        self._db = _Pool(url, max_size=4)

    @property
    def pending(self) -> int:
        """Jobs waiting for a worker, across every bot process (0 when the
        database does not answer: ``transcribe`` then says why)."""
        try:
            rows = self._db.run("SELECT count(*) FROM transcription_jobs "
                                "WHERE state = 'waiting'")
        except StoreError as error:
            log.warning("%s", error)
            return 0
        return int(rows[0][0])

    def submit(self, data: bytes | bytearray, lang_hint: str | None = None) -> int:
        """Enqueue a note; its job id.

        :raises VoiceError: ``TOO_BIG``/``NOT_AUDIO`` on the payload, ``BUSY``
            when ``max_pending`` jobs already wait.
        """
        check_size(data, self.max_bytes)
        rows = self._db.run(
            "INSERT INTO transcription_jobs (audio, lang_hint) "
            "SELECT %s, %s WHERE (SELECT count(*) FROM transcription_jobs "
            "WHERE state = 'waiting') < %s RETURNING id",
            (bytes(data), lang_hint, self.max_pending))
        if not rows:
            raise VoiceError(VoiceKind.BUSY, f"{self.max_pending} voice notes already waiting")
        return int(rows[0][0])

    def collect(self, job: int) -> Transcript | None:
        """The transcript of a finished job, taken out of the table (once);
        None while it is not finished.

        :raises VoiceError: the job's failure.
        """
        rows = self._db.run(
            "DELETE FROM transcription_jobs WHERE id = %s AND state IN ('done', 'failed') "
            "RETURNING state, result, error_kind, error_detail", (job,))
        if not rows:
            return None
        state, result, kind, detail = rows[0]
        if state == "done":
            return _transcript(result)
        raise VoiceError(VoiceKind(kind), detail or "the speech worker failed")

    def cancel(self, job: int) -> None:
        """Drop a job (and its audio) nobody waits for any more."""
        self._db.run("DELETE FROM transcription_jobs WHERE id = %s", (job,))

    async def transcribe(self, data: bytes | bytearray, lang_hint: str | None = None
                         ) -> Transcript:
        """Enqueue the note and wait for a worker's transcript.

        :raises VoiceError: as ``submit``; the worker's failure; ``FAILED``
            when no worker took it within ``wait`` seconds or the database fails.
        """
        try:
            return await self._transcribe(data, lang_hint)
        except StoreError as error:
            raise VoiceError(VoiceKind.FAILED, str(error)) from error

    async def _transcribe(self, data: bytes | bytearray, lang_hint: str | None) -> Transcript:
        job = await asyncio.to_thread(self.submit, data, lang_hint)
        deadline = time.monotonic() + self.wait
        try:
            while time.monotonic() < deadline:
                transcript = await asyncio.to_thread(self.collect, job)
                if transcript is not None:
                    return transcript
                await asyncio.sleep(self.poll)
        except BaseException:
            with contextlib.suppress(StoreError):
                await asyncio.shield(asyncio.to_thread(self.cancel, job))
            raise
        await asyncio.to_thread(self.cancel, job)
        raise VoiceError(VoiceKind.FAILED, f"no speech worker answered within {self.wait:.0f} s "
                         "(is `arbitre worker` running?)")

    async def warm_up(self) -> None:
        """Nothing to load here (the workers hold the model): report the queue."""
        waiting = await asyncio.to_thread(lambda: self.pending)
        log.info("voice notes go to the PostgreSQL queue (%d waiting)", waiting)

    def close(self) -> None:
        self._db.close()


class SpeechWorker:
    """Claims jobs from the PostgreSQL queue, transcribes them, writes the result.

    ``transcribe`` is the speech engine: (audio bytes, language hint) ->
    ``Transcript``, raising ``VoiceError`` for a note it refuses.
    """

    def __init__(self, url: str, transcribe: Transcribe, *, name: str | None = None,
                 lease: float = DEFAULT_LEASE, idle: float = 0.2,
                 max_attempts: int = MAX_ATTEMPTS, abandoned: float = ABANDONED) -> None:
        self.transcribe = transcribe
        self.name = name or f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"
        self.lease = lease
        self.idle = idle
        self.max_attempts = max_attempts
        self.abandoned = abandoned
        self._db = _Pool(url, max_size=2)
        self.done = 0

    def claim(self) -> tuple[int, int, bytes, str | None] | None:
        """The oldest waiting job, or one whose worker's lease ran out: (id,
        attempt, audio, language hint); None when there is none. Abandoned
        jobs are deleted first, and jobs tried too often failed."""
        self._db.run("DELETE FROM transcription_jobs "
                     "WHERE created < now() - make_interval(secs => %s)", (self.abandoned,))
        self._db.run(
            "UPDATE transcription_jobs SET state = 'failed', audio = NULL, finished = now(), "
            "error_kind = %s, error_detail = %s WHERE state = 'running' "
            "AND lease_until < now() AND attempts >= %s",
            (VoiceKind.FAILED.value, "every speech worker that took this note stopped",
             self.max_attempts))
        rows = self._db.run(
            "UPDATE transcription_jobs SET state = 'running', claimed_by = %s, "
            "lease_until = now() + make_interval(secs => %s), attempts = attempts + 1, "
            "claimed = now() WHERE id = (SELECT id FROM transcription_jobs WHERE "
            "state = 'waiting' OR (state = 'running' AND lease_until < now()) "
            "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) "
            "RETURNING id, attempts, audio, lang_hint",
            (self.name, self.lease))
        if not rows:
            return None
        job, attempt, audio, hint = rows[0]
        return int(job), int(attempt), bytes(audio), hint

    def finish(self, job: int, attempt: int, transcript: Transcript | None = None,
               error: VoiceError | None = None) -> bool:
        """Write the job's result and delete its audio; False when the job is
        no longer this worker's (its lease was taken over)."""
        if transcript is not None:
            state, result, kind, detail = "done", _transcript_json(transcript), None, None
        else:
            assert error is not None
            state, result, kind, detail = "failed", None, error.kind.value, error.detail
        rows = self._db.run(
            "UPDATE transcription_jobs SET state = %s, result = %s, error_kind = %s, "
            "error_detail = %s, audio = NULL, finished = now(), lease_until = NULL "
            "WHERE id = %s AND state = 'running' AND claimed_by = %s AND attempts = %s "
            "RETURNING id", (state, result, kind, detail, job, self.name, attempt))
        return bool(rows)

    def run_once(self) -> bool:
        """Claim and hear one job; False when none was waiting."""
        claimed = self.claim()
        if claimed is None:
            return False
        job, attempt, audio, hint = claimed
        transcript: Transcript | None = None
        failure: VoiceError | None = None
        try:
            transcript = self.transcribe(audio, hint)
        except VoiceError as error:
            failure = error
        except Exception as exc:  # one bad note never stops the worker
            log.exception("speech job %d failed", job)
            failure = VoiceError(VoiceKind.FAILED, f"transcription failed: {exc!r}")
        del audio
        if self.finish(job, attempt, transcript, failure):
            self.done += 1
            log.info("speech job %d %s", job, "done" if failure is None else
                     f"failed: {failure.kind.value}")
        else:
            log.warning("speech job %d was taken over by another worker: result dropped", job)
        return True

    def run(self, stop: threading.Event | None = None) -> None:
        """Work until ``stop`` is set (forever without one)."""
        stop = stop if stop is not None else threading.Event()
        while not stop.is_set():
            try:
                worked = self.run_once()
            except StoreError as error:  # the database is away: retried, never fatal
                log.warning("%s; trying again in %.0f s", error, RETRY)
                stop.wait(RETRY)
                continue
            if not worked:
                stop.wait(self.idle)

    def close(self) -> None:
        self._db.close()
