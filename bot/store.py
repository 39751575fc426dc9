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
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from bot.i18n import N_

if TYPE_CHECKING:
    from bot.store_api import Transaction

__all__ = ["Store", "Attempt", "LogEntry", "decode_state", "StoreError", "StoreGone",
           "SchemaTooNew", "open_store", "default_db_path", "default_retention_days", "Clock",
           "system_clock", "DEFAULT_RETENTION_DAYS", "Problem", "diagnose", "ADVICE"]

Clock = Callable[[], datetime]

#: How long chat states and rulings are kept after their last change.
DEFAULT_RETENTION_DAYS = 365


class StoreError(ValueError):
    """The database cannot be used as configured; the message says what to do."""


class StoreGone(StoreError):
    """The database file was deleted or replaced while the process ran: what
    it would write now would be lost."""


class SchemaTooNew(StoreError):
    """The database was made by a newer Arbitre: its schema is not one this
    version knows, so nothing is written in it."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class Problem(Enum):
    """What is wrong with a database file, each with its own advice."""

    #: cannot be created, opened for writing, or written (permissions, full disk)
    UNWRITABLE = "unwritable"
    #: not an SQLite database at all, or its header is damaged
    NOT_A_DATABASE = "not_a_database"
    #: an SQLite database whose pages are damaged (PRAGMA quick_check)
    DAMAGED = "damaged"
    #: the file system holding it has no space left
    DISK_FULL = "disk_full"
    #: made by a newer Arbitre (a schema version this one does not know)
    NEWER = "newer"


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


#: The schema's versions, oldest first: a database at version n (``PRAGMA
#: user_version``) gets the scripts after the n-th, each in one transaction.
#: Version 1 is the schema as it stood before versions were counted (its
#: statements are idempotent, so an older file takes it as it is). Never edit
#: a version once released: a change is a new script at the end, here and in
#: ``bot.store_pg.MIGRATIONS`` (the two back ends hold the same tables).
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
CREATE TABLE IF NOT EXISTS inbox (
    update_id INTEGER PRIMARY KEY,
    payload TEXT,
    received TEXT NOT NULL,
    handled INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id INTEGER NOT NULL,
    payload TEXT NOT NULL,
    created TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS outbox_chat ON outbox (chat_id, id);
CREATE TABLE IF NOT EXISTS store_health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    checked TEXT NOT NULL
);
"""
MIGRATIONS: tuple[str, ...] = (
    _SCHEMA,
    # 2: exactly once (bot/telegram/sender.py): per chat, the highest message id
    # known (``floor``) and the highest one the bot sent outside the outbox
    # (``barrier``); on an outbox row, the floor when its first send began.
    """
    ALTER TABLE outbox ADD COLUMN attempt_floor INTEGER;
    CREATE TABLE IF NOT EXISTS chat_floor (
        chat_id INTEGER PRIMARY KEY,
        floor INTEGER NOT NULL DEFAULT 0,
        barrier INTEGER NOT NULL DEFAULT 0
    );
    """,
)


@dataclass(frozen=True, slots=True)
class Attempt:
    """What a send of an outbox row starts from (``begin_attempt``).

    ``previous``: the chat's floor when an earlier send of this row began
    (None for a first send): the row may then already be in the chat, above
    it. ``floor``: the highest message id known in the chat now. ``barrier``:
    the highest id of a message the bot sent outside the outbox (0: none);
    no id at or below it may be probed by a row whose ``previous`` is under it.
    """

    previous: int | None
    floor: int
    barrier: int


#: Tries at switching a new file to WAL while another process holds it.
WAL_ATTEMPTS = 50


def _statements(script: str) -> list[str]:
    """A migration script cut into its statements (``sqlite3.complete_statement``
    tells where one ends), to run them inside one transaction."""
    statements, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        statements.append(pending.strip())
    return statements


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One ruling as the log keeps it."""

    id: int
    at: datetime
    edition: str
    description: str
    facts: dict[str, Any]
    ruling: dict[str, Any]


def decode_state(text: str) -> dict[str, Any] | None:
    """A chat state as either back end stores it (JSON text). A damaged row
    gives None: the chat starts afresh rather than failing for ever."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


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
        self._identity = self._file_identity()

    def _file_identity(self) -> tuple[int, int] | None:
        if self.path == ":memory:" or self.path.startswith("file:"):
            return None
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return info.st_dev, info.st_ino

    def check_present(self) -> None:
        """:raises StoreGone: when the file opened is no longer at its path
        (deleted, or replaced by another file)."""
        if self._identity is None:
            return
        if self._file_identity() != self._identity:
            raise StoreGone(f"The database file {self.path} was deleted or replaced while "
                            "running: nothing more can be saved. Restore it (or let a new one "
                            "be created) and start the bot again")

    def health_check(self) -> None:
        """A real write in a transaction, then ``PRAGMA quick_check``.

        :raises sqlite3.Error: when the file cannot be written.
        :raises StoreError: when its pages are damaged (the message says how).
        """
        with self.transaction() as db:
            db.execute("INSERT INTO store_health (id, checked) VALUES (1, ?) ON CONFLICT (id) "
                       "DO UPDATE SET checked = excluded.checked", (self.now().isoformat(),))
        with self._lock:
            rows = self._db.execute("PRAGMA quick_check").fetchall()
        findings = [line for row in rows for line in str(row[0]).splitlines()
                    if line.strip() and not line.startswith("***")]
        if findings != ["ok"]:
            raise sqlite3.DatabaseError(
                f"PRAGMA quick_check found {len(findings)} problem(s), the first: "
                f"{findings[0] if findings else '?'}")

    def _setup(self) -> None:
        self._use_wal()
        # WAL + NORMAL: a commit survives the process being killed; only a power
        # cut may lose the last commits (the next checkpoint makes them durable).
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA secure_delete=ON")  # erased rulings are overwritten
        self._migrate()

    def schema_version(self) -> int:
        with self._lock:
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _use_wal(self) -> None:
        """WAL mode. Another process opening the same new file at the same
        moment may hold its lock for a while, and this change does not wait
        for it as statements do: try again for a few seconds."""
        for attempt in range(WAL_ATTEMPTS):
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error).lower() or attempt == WAL_ATTEMPTS - 1:
                    raise
                time.sleep(0.1)

    def _migrate(self) -> None:
        """Each missing version in one transaction, the version read inside it:
        two processes starting at once on one file migrate it once (the
        second finds it done), and never take it back a version."""
        while True:
            with self._lock:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
                    if version > len(MIGRATIONS):
                        reason = f"schema version {version}, this one knows {len(MIGRATIONS)}"
                        raise SchemaTooNew(advice(self.path, Problem.NEWER, reason), reason)
                    if version < len(MIGRATIONS):
                        for statement in _statements(MIGRATIONS[version]):
                            self._db.execute(statement)
                        self._db.execute(f"PRAGMA user_version = {version + 1}")
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            if version >= len(MIGRATIONS) - 1:
                return

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def now(self) -> datetime:
        return self._clock()

    @contextmanager
    def transaction(self, chat_key: str | None = None) -> Iterator[sqlite3.Connection]:
        """One dialogue step: everything in it is written, or nothing. Steps
        are serialised (one connection, ``BEGIN IMMEDIATE``): ``chat_key``
        changes nothing here."""
        with self._lock:
            self.check_present()
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
        return None if row is None else decode_state(row[0])

    def save_state(self, db: Transaction, chat_key: str, state: dict[str, Any]) -> None:
        db.execute(
            "INSERT INTO chat_state (chat_key, state, updated) VALUES (?, ?, ?) "
            "ON CONFLICT (chat_key) DO UPDATE SET state = excluded.state, "
            "updated = excluded.updated",
            (chat_key, json.dumps(state, ensure_ascii=False), self.now().isoformat()),
        )

    def drop_state(self, db: Transaction, chat_key: str) -> None:
        db.execute("DELETE FROM chat_state WHERE chat_key = ?", (chat_key,))

    def log_ruling(
        self,
        db: Transaction,
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

    def forget(self, db: Transaction, chat_key: str) -> int:
        """Erase the chat's state and its rulings; how many rulings were erased."""
        db.execute("DELETE FROM chat_state WHERE chat_key = ?", (chat_key,))
        return db.execute("DELETE FROM ruling_log WHERE chat_key = ?", (chat_key,)).rowcount

    # --- inbox and outbox (design.md: written in the step's transaction) ----

    def record_update(self, update_id: int, payload: dict[str, Any]) -> bool:
        """Keep an update as received, before Telegram is told so; False when it
        was received before (it is then not handled again)."""
        with self.transaction() as db:
            cursor = db.execute(
                "INSERT INTO inbox (update_id, payload, received) VALUES (?, ?, ?) "
                "ON CONFLICT (update_id) DO NOTHING",
                (update_id, json.dumps(payload, ensure_ascii=False), self.now().isoformat()))
            return cursor.rowcount == 1

    def is_handled(self, update_id: int) -> bool:
        with self._lock:
            row = self._db.execute("SELECT handled FROM inbox WHERE update_id = ?",
                                   (update_id,)).fetchone()
        return bool(row and row[0])

    def mark_handled(self, db: Transaction, update_id: int) -> None:
        """In the step's transaction: the update is handled, and what it said is
        no longer kept here (only its id, against a second handling)."""
        db.execute("UPDATE inbox SET handled = 1, payload = NULL WHERE update_id = ?",
                   (update_id,))

    def unhandled_updates(self) -> list[tuple[int, dict[str, Any]]]:
        """Updates received but never handled (a crash came between), oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT update_id, payload FROM inbox WHERE handled = 0 "
                                    "AND payload IS NOT NULL ORDER BY update_id").fetchall()
        return [(int(row[0]), json.loads(row[1])) for row in rows]

    def last_update_id(self) -> int | None:
        with self._lock:
            row = self._db.execute("SELECT MAX(update_id) FROM inbox").fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def enqueue(self, db: Transaction, chat_id: int, payload: dict[str, Any]) -> None:
        """One message to deliver, in the step's transaction."""
        db.execute("INSERT INTO outbox (chat_id, payload, created) VALUES (?, ?, ?)",
                   (chat_id, json.dumps(payload, ensure_ascii=False), self.now().isoformat()))

    def pending(self, chat_id: int | None = None, limit: int = 100
                ) -> list[tuple[int, int, dict[str, Any], int]]:
        """Messages not yet delivered: (id, chat id, payload, attempts), in order."""
        query = "SELECT id, chat_id, payload, attempts FROM outbox"
        args: tuple[Any, ...] = ()
        if chat_id is not None:
            query += " WHERE chat_id = ?"
            args = (chat_id,)
        with self._lock:
            rows = self._db.execute(query + " ORDER BY id LIMIT ?", (*args, limit)).fetchall()
        return [(int(r[0]), int(r[1]), json.loads(r[2]), int(r[3])) for r in rows]

    def pending_chats(self) -> list[int]:
        """The chats with messages not yet delivered (ids only: cheap to ask
        every second, whatever the outbox holds)."""
        with self._lock:
            rows = self._db.execute("SELECT DISTINCT chat_id FROM outbox ORDER BY chat_id"
                                    ).fetchall()
        return [int(row[0]) for row in rows]

    def delivered(self, message_id: int, chat_id: int | None = None,
                  sent_id: int | None = None) -> None:
        """Telegram confirmed it: the row (and the text it held) goes; with
        ``sent_id`` (the id Telegram gave the message), the chat's floor is
        raised to it in the same transaction."""
        with self.transaction() as db:
            db.execute("DELETE FROM outbox WHERE id = ?", (message_id,))
            if chat_id is not None and sent_id is not None:
                self.note_message(db, chat_id, sent_id)
                db.execute("UPDATE chat_floor SET barrier = ? WHERE chat_id = ? "
                           "AND barrier = -1", (sent_id, chat_id))

    def note_message(self, db: Transaction, chat_id: int, message_id: int) -> None:
        """A message known in the chat (the user's, or the bot's confirmed):
        the chat's floor rises to it."""
        db.execute("INSERT INTO chat_floor (chat_id, floor) VALUES (?, ?) ON CONFLICT "
                   "(chat_id) DO UPDATE SET floor = MAX(floor, excluded.floor)",
                   (chat_id, message_id))

    def note_direct(self, chat_id: int, message_id: int | None) -> None:
        """A message the bot sent outside the outbox (the error handler's while
        the store failed, or a row given up after sends whose outcome is
        unknown): the floor and the probes' barrier rise to its id; None (its
        id unknown): the barrier waits for the chat's next confirmed message
        (-1 until then: no probe in the chat)."""
        with self.transaction() as db:
            if message_id is None:
                db.execute("INSERT INTO chat_floor (chat_id, barrier) VALUES (?, -1) "
                           "ON CONFLICT (chat_id) DO UPDATE SET barrier = -1", (chat_id,))
                return
            db.execute("INSERT INTO chat_floor (chat_id, floor, barrier) VALUES (?, ?, ?) "
                       "ON CONFLICT (chat_id) DO UPDATE SET floor = MAX(floor, "
                       "excluded.floor), barrier = MAX(barrier, excluded.barrier)",
                       (chat_id, message_id, message_id))

    def begin_attempt(self, row_id: int, chat_id: int) -> Attempt | None:
        """Before a send of a new message from row ``row_id``: its floor is
        committed on the row (kept from the first send on); None when the
        row is no longer this store's to send (delivered meanwhile)."""
        with self.transaction() as db:
            row = db.execute("SELECT attempt_floor FROM outbox WHERE id = ?",
                             (row_id,)).fetchone()
            if row is None:
                return None
            known = db.execute("SELECT floor, barrier FROM chat_floor WHERE chat_id = ?",
                               (chat_id,)).fetchone()
            floor, barrier = (int(known[0]), int(known[1])) if known else (0, 0)
            if row[0] is None:
                db.execute("UPDATE outbox SET attempt_floor = ? WHERE id = ?", (floor, row_id))
            return Attempt(None if row[0] is None else int(row[0]), floor, barrier)

    def holds(self, row_id: int) -> bool:
        """Whether row ``row_id`` is still this store's to send (one process
        here: while it is not delivered)."""
        with self._lock:
            return self._db.execute("SELECT 1 FROM outbox WHERE id = ?",
                                    (row_id,)).fetchone() is not None

    def attempted(self, message_id: int) -> None:
        with self.transaction() as db:
            db.execute("UPDATE outbox SET attempts = attempts + 1 WHERE id = ?", (message_id,))

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
            # Handled updates keep only their id, a day is enough against a resend.
            db.execute("DELETE FROM inbox WHERE handled = 1 AND julianday(received) < "
                       "julianday(?)", ((self.now() - timedelta(days=1)).isoformat(),))
        if states or rulings:
            self.checkpoint()
        return states, rulings

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database and empty it, so erased
        rows no longer linger in the log file."""
        with self._lock:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def open_store(path: str | Path, clock: Clock = system_clock) -> Store:
    """The store at ``path``, checked by a real write and ``PRAGMA quick_check``.

    :raises StoreError: with one sentence saying what to do, when the file
        cannot be created or written, is not a database, or is damaged.
    """
    try:
        store = Store(path, clock=clock)
    except (OSError, sqlite3.Error) as error:
        raise StoreError(advice(path, *classify_error(error, path))) from None
    try:
        store.health_check()
    except sqlite3.Error as error:
        store.close()
        raise StoreError(advice(path, *classify_error(error, path))) from None
    return store


#: Below this many free bytes, a write that failed is put down to a full disk.
DISK_FULL_BELOW = 1 << 20


def classify_error(error: BaseException, path: str | Path | None = None) -> tuple[Problem, str]:
    """What an error opening or checking a database (at ``path``) says about
    the file, and the error's own words."""
    text = str(error)
    lowered = text.lower()
    if "disk is full" in lowered or "no space left" in lowered:
        return Problem.DISK_FULL, text
    if "not a database" in lowered or "file is encrypted" in lowered:
        return Problem.NOT_A_DATABASE, text
    if "malformed" in lowered or "quick_check" in lowered or "corrupt" in lowered:
        return Problem.DAMAGED, text
    if path is not None and _space_left(path) < DISK_FULL_BELOW:
        return Problem.DISK_FULL, text  # SQLite often says only "disk I/O error"
    return Problem.UNWRITABLE, text


def _space_left(path: str | Path) -> int:
    """Free bytes on the file system holding ``path`` (its nearest existing
    folder); a large number when that cannot be told."""
    try:
        folder = Path(path).absolute().parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        return shutil.disk_usage(folder).free
    except OSError:  # e.g. a folder on the way this user may not enter
        return 1 << 62


def diagnose(path: str | Path) -> tuple[Problem, str] | None:
    """What is wrong with the database at ``path`` (created if absent), or None."""
    try:
        store = Store(path)
    except SchemaTooNew as error:
        return Problem.NEWER, error.reason
    except (OSError, sqlite3.Error) as error:
        return classify_error(error, path)
    try:
        store.health_check()
    except sqlite3.Error as error:
        return classify_error(error, path)
    finally:
        store.close()
    return None


#: What to do about each problem ({path}, {reason}): the bot's start-up error
#: (in English) and ``arbitre doctor`` (translated, domain "doctor").
ADVICE: Mapping[Problem, str] = {
    Problem.NOT_A_DATABASE: N_(
        "The file {path} is not an SQLite database, or its header is damaged ({reason}): if "
        "it is the bot's database, restore it from a backup (or move it aside to start an "
        "empty one); otherwise set ARBITRE_DB to another file."),
    Problem.DAMAGED: N_(
        "The database {path} is damaged ({reason}): stop the bot and restore it from a "
        "backup, or recover what it holds with: sqlite3 {path} .recover"),
    Problem.DISK_FULL: N_(
        "Cannot write the database {path}: the disk holding it is full ({reason}). Free some "
        "space on it (or set ARBITRE_DB to a file on another disk), then start again."),
    Problem.NEWER: N_(
        "The database {path} was made by a newer Arbitre ({reason}): upgrade Arbitre, or set "
        "ARBITRE_DB to another file."),
    Problem.UNWRITABLE: N_(
        "Cannot write the database {path} ({reason}): give the bot's user write access to the "
        "file and its directory, or set ARBITRE_DB to a file in a writable directory."),
}


def advice(path: str | Path, problem: Problem, reason: str) -> str:
    """One sentence: what is wrong with the database and what to do."""
    return ADVICE[problem].format(path=path, reason=reason)
