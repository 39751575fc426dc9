"""The Telegram front end's configuration, read from the environment once.

The token is a secret: it never appears in ``repr``, and ``TokenFilter``
scrubs it from every log record, tracebacks included (httpx logs request
URLs, which carry it, and python-telegram-bot names it when Telegram refuses
it).
"""

from __future__ import annotations

import logging
import os
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from bot.store import DEFAULT_RETENTION_DAYS, StoreError, default_retention_days
from bot.store_api import db_target
from rules_core import Edition

from .health import health_port, heartbeat_path

__all__ = ["Settings", "SettingsError", "TokenFilter", "DEFAULT_API", "DEFAULT_FILE_API",
           "DEFAULT_PER_MINUTE"]

DEFAULT_API = "https://api.telegram.org/bot"
DEFAULT_FILE_API = "https://api.telegram.org/file/bot"
#: Messages one person may send in a minute: a description and its answers
#: take a handful; twenty is a person typing fast, not a script.
DEFAULT_PER_MINUTE = 20


class SettingsError(ValueError):
    """A configuration value that cannot be used; the message names the variable."""


@dataclass(frozen=True)
class Settings:
    token: str = field(repr=False)
    base_url: str = DEFAULT_API
    base_file_url: str = DEFAULT_FILE_API
    #: an SQLite file, or a PostgreSQL URL (``ARBITRE_DB``)
    db_path: Path | str | None = None
    edition: str = "2017"
    #: public HTTPS URL Telegram posts updates to; polling when empty
    webhook_url: str = ""
    webhook_port: int = 8443
    webhook_listen: str = "0.0.0.0"
    webhook_secret: str = field(default="", repr=False)
    #: the port of ``GET /healthz`` in webhook mode (health.py)
    health_port: int = 8081
    #: the file the poller's heartbeat is written to (None: none written)
    heartbeat_file: Path | None = None
    #: Telegram's flood limits (30 messages/s overall, 20/min per group)
    rate_limit: bool = True
    #: updates handled at once (each chat's own stay in order); more only adds
    #: contention in the HTTP connection pool (bench_telegram: 4 is fastest)
    concurrency: int = 4
    #: load the speech model at start (from_env: yes), not on the first voice note
    warm_up_voice: bool = False
    #: the only chats answered (None: all); others get one refusal, then silence
    allowed_chats: frozenset[int] | None = None
    #: messages one user may send per minute (0: no limit)
    per_minute: int = DEFAULT_PER_MINUTE
    #: days chat states and rulings are kept after their last change
    retention_days: int = DEFAULT_RETENTION_DAYS

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """:raises SettingsError: naming the variable and what to set it to."""
        env = os.environ if environ is None else environ
        token = env.get("TELEGRAM_BOT_TOKEN", "").strip()
        if not token:
            raise SettingsError("TELEGRAM_BOT_TOKEN is not set")
        port_text = env.get("ARBITRE_WEBHOOK_PORT", "8443").strip() or "8443"
        try:
            port = int(port_text)
        except ValueError:
            raise SettingsError(
                f"ARBITRE_WEBHOOK_PORT={port_text!r} is not a port number") from None
        edition = env.get("ARBITRE_EDITION", "2017").strip() or "2017"
        if edition not in {e.value for e in Edition}:
            raise SettingsError(f"ARBITRE_EDITION={edition!r} is not an edition: set it to "
                                "2017 (the Laws in force) or 2007")
        try:
            retention = default_retention_days(env)
        except StoreError as error:
            raise SettingsError(str(error)) from None
        db = env.get("ARBITRE_DB", "").strip()
        try:
            probe_port = health_port(env)
        except ValueError as error:
            raise SettingsError(str(error)) from None
        return cls(
            token=token,
            base_url=env.get("TELEGRAM_API_BASE_URL", "").strip() or DEFAULT_API,
            base_file_url=env.get("TELEGRAM_API_BASE_FILE_URL", "").strip() or DEFAULT_FILE_API,
            db_path=db_target(db) if db else None,
            edition=edition,
            webhook_url=env.get("ARBITRE_WEBHOOK_URL", "").strip(),
            webhook_port=port,
            webhook_secret=env.get("ARBITRE_WEBHOOK_SECRET", "").strip(),
            health_port=probe_port,
            heartbeat_file=heartbeat_path(env),
            warm_up_voice=True,
            allowed_chats=_allowed_chats(env.get("ARBITRE_ALLOWED_CHATS", "")),
            per_minute=_per_minute(env.get("ARBITRE_MAX_MESSAGES_PER_MINUTE", "")),
            retention_days=retention,
        )


def _allowed_chats(text: str) -> frozenset[int] | None:
    """``"-100123, 42"`` -> those chat ids; empty -> None (every chat)."""
    if not text.strip():
        return None
    ids = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            ids.add(int(part))
        except ValueError:
            raise SettingsError(
                f"ARBITRE_ALLOWED_CHATS has {part!r}, which is not a chat id: give chat ids "
                "separated by commas, such as -1001234567890,42") from None
    return frozenset(ids)


def _per_minute(text: str) -> int:
    if not text.strip():
        return DEFAULT_PER_MINUTE
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise SettingsError(
            f"ARBITRE_MAX_MESSAGES_PER_MINUTE={text.strip()!r} is not a number of messages: "
            f"set it to a whole number, such as {DEFAULT_PER_MINUTE} (0 for no limit)")
    return value


class TokenFilter(logging.Filter):
    """Replaces the token by ``<token>`` in log messages and their arguments."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self._token = token
        # As written, and as it appears percent-encoded in file URLs.
        self._forms = sorted({token, quote(token, safe="")} - {""}, key=len, reverse=True)

    def scrub(self, text: str) -> str:
        for form in self._forms:
            text = text.replace(form, "<token>")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._token:
            return True
        message = record.getMessage()
        scrubbed = self.scrub(message)
        if scrubbed != message:
            record.msg = scrubbed
            record.args = None
        if record.exc_info and record.exc_info[0] is not None:
            # Exception messages carry it too ("The token `...` was rejected"):
            # format the traceback now, scrubbed, in place of the exception.
            text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
            record.exc_text = self.scrub(text)
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self.scrub(record.exc_text)
        if record.stack_info:
            record.stack_info = self.scrub(record.stack_info)
        return True
