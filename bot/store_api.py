"""The store as the dialogue and the front ends see it: one interface, two
back ends.

``bot.store`` keeps everything in one SQLite file (the embedded default, a
club's bot); ``bot.store_pg`` keeps it in a PostgreSQL database that several
bot processes share (``ARBITRE_DB=postgresql://...``, a federation's bot).
Callers type against ``ChatStore`` and open one with ``open_store``; the
handle a ``transaction()`` yields is only ever passed back to the store's own
write methods, so no caller depends on a driver.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from bot.store import Attempt, Clock, LogEntry, StoreError, default_db_path, system_clock

__all__ = ["ChatStore", "Transaction", "open_store", "is_database_url", "db_target",
           "default_db", "display_target", "LogEntry", "StoreError", "Attempt"]

#: What ``ARBITRE_DB`` may start with to name a PostgreSQL database.
URL_SCHEMES = ("postgresql://", "postgres://")


class Transaction(Protocol):
    """The open transaction of one step (an ``sqlite3.Connection`` or a
    ``psycopg.Connection``). Callers hand it back to the store's write methods
    and never run SQL on it: the placeholders differ between the drivers."""

    def execute(self, query: Any, params: Any = ..., /) -> Any: ...


class ChatStore(Protocol):
    """Chat states, the ruling log, the inbox of updates and the outbox of
    replies, with one transaction per dialogue step."""

    def now(self) -> datetime: ...

    def transaction(self, chat_key: str | None = None) -> AbstractContextManager[Transaction]:
        """One dialogue step: everything in it is written, or nothing. With
        ``chat_key``, the steps of that chat are serialised, across processes
        too where the database is shared."""
        ...

    def close(self) -> None: ...

    def check_present(self) -> None:
        """:raises StoreGone: when the database is no longer where it was opened."""
        ...

    def health_check(self) -> None:
        """A real write in a transaction and the back end's own consistency check."""
        ...

    def checkpoint(self) -> None:
        """Make erased rows disappear from the back end's logs where it can."""
        ...

    # chat state and ruling log
    def load_state(self, chat_key: str) -> dict[str, Any] | None: ...

    def save_state(self, db: Transaction, chat_key: str, state: dict[str, Any]) -> None: ...

    def drop_state(self, db: Transaction, chat_key: str) -> None: ...

    def log_ruling(self, db: Transaction, chat_key: str, *, edition: str, description: str,
                   facts: dict[str, Any], ruling: dict[str, Any],
                   replaces: int | None = None) -> int: ...

    def recent_rulings(self, chat_key: str, limit: int = 20) -> list[LogEntry]: ...

    def count_rulings(self, chat_key: str) -> int: ...

    def forget(self, db: Transaction, chat_key: str) -> int: ...

    def purge(self, days: int) -> tuple[int, int]: ...

    # inbox and outbox
    def record_update(self, update_id: int, payload: dict[str, Any]) -> bool: ...

    def is_handled(self, update_id: int) -> bool: ...

    def mark_handled(self, db: Transaction, update_id: int) -> None: ...

    def unhandled_updates(self) -> list[tuple[int, dict[str, Any]]]: ...

    def last_update_id(self) -> int | None: ...

    def enqueue(self, db: Transaction, chat_id: int, payload: dict[str, Any]) -> None: ...

    def pending(self, chat_id: int | None = None, limit: int = 100
                ) -> list[tuple[int, int, dict[str, Any], int]]: ...

    def pending_chats(self) -> list[int]:
        """The chats with messages to deliver (ids only: a cheap sweep)."""
        ...

    def delivered(self, message_id: int, chat_id: int | None = None,
                  sent_id: int | None = None) -> None:
        """Row ``message_id`` is delivered; ``sent_id``: the id Telegram gave
        the message in ``chat_id`` (the chat's floor rises to it)."""
        ...

    # exactly once (bot/telegram/sender.py)
    def note_message(self, db: Transaction, chat_id: int, message_id: int) -> None:
        """In the step's transaction: a message known in the chat raises its floor."""
        ...

    def note_direct(self, chat_id: int, message_id: int | None) -> None:
        """A message the bot sent outside the outbox: floor and barrier rise to
        its id (None: unknown; no probe until the next confirmed message)."""
        ...

    def begin_attempt(self, row_id: int, chat_id: int) -> Attempt | None:
        """Before sending a new message from a row: the floor committed on it."""
        ...

    def holds(self, row_id: int) -> bool:
        """Whether the row is still this store's to send (its lease, shared)."""
        ...

    def attempted(self, message_id: int) -> None: ...


def is_database_url(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a file."""
    return isinstance(target, str) and target.strip().lower().startswith(URL_SCHEMES)


def db_target(text: str) -> str | Path:
    """``ARBITRE_DB`` as written: a PostgreSQL URL as it is, a file path expanded."""
    text = text.strip()
    return text if is_database_url(text) else Path(text).expanduser()


def default_db(environ: Mapping[str, str] | None = None) -> str | Path:
    """``ARBITRE_DB`` when set (a file or a PostgreSQL URL), else the SQLite
    file in the user's data directory."""
    env = os.environ if environ is None else environ
    configured = env.get("ARBITRE_DB", "").strip()
    return db_target(configured) if configured else default_db_path()


def display_target(target: str | Path) -> str:
    """``target`` as it may be shown or logged: a URL without its password."""
    if not is_database_url(target):
        return str(target)
    parts = urlsplit(str(target).strip())
    if parts.password is None:
        return urlunsplit(parts)
    host = parts.hostname or ""
    if parts.port is not None:
        host += f":{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit(parts._replace(netloc=user + host))


def open_store(target: str | Path, clock: Clock = system_clock) -> ChatStore:
    """The store ``target`` names (a PostgreSQL URL, else an SQLite file),
    schema brought up to date and checked by a real write.

    :raises StoreError: with one sentence saying what to do.
    """
    if is_database_url(target):
        from bot.store_pg import open_pg_store

        return open_pg_store(str(target).strip(), clock=clock)
    from bot.store import open_store as open_sqlite_store

    return open_sqlite_store(target, clock=clock)

