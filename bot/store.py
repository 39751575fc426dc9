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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

__all__ = ["Store", "LogEntry", "default_db_path", "Clock", "system_clock"]

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


def default_db_path() -> Path:
    """``ARBITRE_DB`` when set, else ``arbitre.sqlite3`` in the user's data directory."""
    configured = os.environ.get("ARBITRE_DB", "").strip()
    if configured:
        return Path(configured).expanduser()
    return Path(platformdirs.user_data_dir("arbitre")) / "arbitre.sqlite3"


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
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable at checkpoints
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
            self._db.execute("COMMIT")

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
    ) -> None:
        db.execute(
            "INSERT INTO ruling_log (chat_key, at, edition, description, facts, ruling) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                chat_key,
                self.now().isoformat(),
                edition,
                description,
                json.dumps(facts, ensure_ascii=False),
                json.dumps(ruling, ensure_ascii=False),
            ),
        )

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
