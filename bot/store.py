"""SQLite persistence: each chat's dialogue state and the ruling log.

Standard library ``sqlite3`` in WAL mode, one transaction per dialogue step,
so a restart resumes where the conversation stopped. The ruling log keeps
only what an appeal or a club review needs: the description, the facts, the
ruling, the edition and the time; no names, no user ids beyond the chat id
the log belongs to.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import platformdirs

__all__ = ["Store", "LogEntry", "StoreError", "open_store", "default_db_path",
           "default_retention_days", "Clock", "system_clock", "DEFAULT_RETENTION_DAYS"]

Clock = Callable[[], datetime]

#: How long chat states and rulings are kept after their last change.
DEFAULT_RETENTION_DAYS = 365


class StoreError(ValueError):
    """The database cannot be used as configured; the message says what to do."""


def system_clock() -> datetime:
    return datetime.now(UTC)


def default_db_path() -> Path:
    """``ARBITRE_DB`` when set, else ``arbitre.sqlite3`` in the user's data directory."""
    configured = os.environ.get("ARBITRE_DB", "").strip()
    if configured:
        return Path(configured).expanduser()
    return Path(platformdirs.user_data_dir("arbitre")) / "arbitre.sqlite3"


def default_retention_days(environ: Mapping[str, str] | None = None) -> int:
    """``ARBITRE_RETENTION_DAYS`` when set (a whole number of days, at least 1),
    else 365.

    :raises StoreError: for anything else.
    """
    env = os.environ if environ is None else environ
    text = env.get("ARBITRE_RETENTION_DAYS", "").strip()
    if not text:
        return DEFAULT_RETENTION_DAYS
    try:
        days = int(text)
    except ValueError:
        days = 0
    if days < 1:
        raise StoreError(f"ARBITRE_RETENTION_DAYS={text!r} is not a number of days: set it "
                         f"to a whole number of days, such as {DEFAULT_RETENTION_DAYS}")
    return days


_SCHEMA = """
CREATE TABLE IF NOT EXISTS chat_state (
    chat_key TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS ruling_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_key TEXT NOT NULL,
    at TEXT NOT NULL,
    edition TEXT NOT NULL,
    description TEXT NOT NULL,
    facts TEXT NOT NULL,
    ruling TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ruling_log_chat ON ruling_log (chat_key, id);
"""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One ruling as the log keeps it."""

    id: int
    at: datetime
    edition: str
    description: str
    facts: dict[str, Any]
    ruling: dict[str, Any]


class Store:
    """Chat states and the ruling log in one SQLite file.

    Thread-safe: one connection guarded by a lock (the bot runs on one event
    loop; the lock keeps the console and tests honest too).
    """

    def __init__(self, path: str | Path, clock: Clock = system_clock) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._clock = clock
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            self._setup()
        except BaseException:
            self._db.close()  # e.g. not a database: no connection left behind
            raise

    def _setup(self) -> None:
        self._db.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL: a commit survives the process being killed; only a power
        # cut may lose the last commits (the next checkpoint makes them durable).
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA secure_delete=ON")  # erased rulings are overwritten
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def now(self) -> datetime:
        return self._clock()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One dialogue step: everything in it is written, or nothing."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error:
                # A failed commit (disk full) leaves the transaction open: close
                # it, or every later step would fail on BEGIN.
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def load_state(self, chat_key: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT state FROM chat_state WHERE chat_key = ?", (chat_key,)
            ).fetchone()
        if row is None:
            return None
        try:
            data = json.loads(row[0])
        except json.JSONDecodeError:
            return None  # a damaged row starts the chat afresh rather than failing forever
        return data if isinstance(data, dict) else None

    def save_state(self, db: sqlite3.Connection, chat_key: str, state: dict[str, Any]) -> None:
        db.execute(
            "INSERT INTO chat_state (chat_key, state, updated) VALUES (?, ?, ?) "
            "ON CONFLICT (chat_key) DO UPDATE SET state = excluded.state, "
            "updated = excluded.updated",
            (chat_key, json.dumps(state, ensure_ascii=False), self.now().isoformat()),
        )

    def log_ruling(
        self,
        db: sqlite3.Connection,
        chat_key: str,
        *,
        edition: str,
        description: str,
        facts: dict[str, Any],
        ruling: dict[str, Any],
        replaces: int | None = None,
    ) -> int:
        """Log a ruling; its row id. ``replaces``: the row of an earlier ruling
        on the same incident (before the offender's choice, or under another
        edition), which this one replaces: one incident, one entry."""
        values = (
            self.now().isoformat(),
            edition,
            description,
            json.dumps(facts, ensure_ascii=False),
            json.dumps(ruling, ensure_ascii=False),
        )
        if replaces is not None:
            updated = db.execute(
                "UPDATE ruling_log SET at = ?, edition = ?, description = ?, facts = ?, "
                "ruling = ? WHERE id = ? AND chat_key = ?", (*values, replaces, chat_key))
            if updated.rowcount:
                return replaces
        cursor = db.execute(
            "INSERT INTO ruling_log (at, edition, description, facts, ruling, chat_key) "
            "VALUES (?, ?, ?, ?, ?, ?)", (*values, chat_key))
        return int(cursor.lastrowid or 0)

    def recent_rulings(self, chat_key: str, limit: int = 20) -> list[LogEntry]:
        """The chat's latest rulings, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, at, edition, description, facts, ruling FROM ruling_log "
                "WHERE chat_key = ? ORDER BY id DESC LIMIT ?",
                (chat_key, limit),
            ).fetchall()
        return [
            LogEntry(row[0], datetime.fromisoformat(row[1]), row[2], row[3],
                     json.loads(row[4]), json.loads(row[5]))
            for row in rows
        ]

    def count_rulings(self, chat_key: str) -> int:
        with self._lock:
            row = self._db.execute(
                "SELECT COUNT(*) FROM ruling_log WHERE chat_key = ?", (chat_key,)).fetchone()
        return int(row[0])

    def forget(self, db: sqlite3.Connection, chat_key: str) -> int:
        """Erase the chat's state and its rulings; how many rulings were erased."""
        db.execute("DELETE FROM chat_state WHERE chat_key = ?", (chat_key,))
        return db.execute("DELETE FROM ruling_log WHERE chat_key = ?", (chat_key,)).rowcount

    def purge(self, days: int) -> tuple[int, int]:
        """Erase rulings logged, and chat states left untouched, more than
        ``days`` ago; (states, rulings) erased."""
        cutoff = (self.now() - timedelta(days=days)).isoformat()
        with self.transaction() as db:
            # julianday(): the stored times are ISO 8601 with an offset, which
            # do not always sort as text (fractions of a second are optional).
            states = db.execute("DELETE FROM chat_state WHERE julianday(updated) < "
                                "julianday(?)", (cutoff,)).rowcount
            rulings = db.execute("DELETE FROM ruling_log WHERE julianday(at) < julianday(?)",
                                 (cutoff,)).rowcount
        if states or rulings:
            self.checkpoint()
        return states, rulings

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database and empty it, so erased
        rows no longer linger in the log file."""
        with self._lock:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def open_store(path: str | Path, clock: Clock = system_clock) -> Store:
    """The store at ``path``, checked writable.

    :raises StoreError: with one sentence saying what to do, when the file
        cannot be created, is not a database, or cannot be written.
    """
    try:
        store = Store(path, clock=clock)
    except (OSError, sqlite3.Error) as error:
        raise StoreError(_unusable(path, error)) from None
    try:
        with store.transaction():
            pass  # BEGIN IMMEDIATE takes the write lock: the file is writable
    except sqlite3.Error as error:
        store.close()
        raise StoreError(_unusable(path, error)) from None
    return store


def _unusable(path: str | Path, error: BaseException) -> str:
    return (f"Cannot write the database {path} ({error}): set ARBITRE_DB to a file in a "
            "writable directory")
