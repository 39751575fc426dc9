"""The Telegram front end's configuration, read from the environment once.

The token is a secret: it never appears in ``repr``, and ``TokenFilter``
scrubs it from every log record (httpx logs request URLs, which carry it).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Settings", "SettingsError", "TokenFilter", "DEFAULT_API", "DEFAULT_FILE_API"]

DEFAULT_API = "https://api.telegram.org/bot"
DEFAULT_FILE_API = "https://api.telegram.org/file/bot"


class SettingsError(ValueError):
    """A configuration value that cannot be used; the message names the variable."""


@dataclass(frozen=True)
class Settings:
    token: str = field(repr=False)
    base_url: str = DEFAULT_API
    base_file_url: str = DEFAULT_FILE_API
    db_path: Path | None = None
    edition: str = "2017"
    #: public HTTPS URL Telegram posts updates to; polling when empty
    webhook_url: str = ""
    webhook_port: int = 8443
    webhook_listen: str = "0.0.0.0"
    webhook_secret: str = field(default="", repr=False)
    #: Telegram's flood limits (30 messages/s overall, 20/min per group)
    rate_limit: bool = True
    #: updates handled at once (each chat's own stay in order); more only adds
    #: contention in the HTTP connection pool (bench_telegram: 4 is fastest)
    concurrency: int = 4
    #: load the speech model at start (from_env: yes), not on the first voice note
    warm_up_voice: bool = False

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
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
        db = env.get("ARBITRE_DB", "").strip()
        return cls(
            token=token,
            base_url=env.get("TELEGRAM_API_BASE_URL", "").strip() or DEFAULT_API,
            base_file_url=env.get("TELEGRAM_API_BASE_FILE_URL", "").strip() or DEFAULT_FILE_API,
            db_path=Path(db).expanduser() if db else None,
            edition=env.get("ARBITRE_EDITION", "2017").strip() or "2017",
            webhook_url=env.get("ARBITRE_WEBHOOK_URL", "").strip(),
            webhook_port=port,
            webhook_secret=env.get("ARBITRE_WEBHOOK_SECRET", "").strip(),
            warm_up_voice=True,
        )


class TokenFilter(logging.Filter):
    """Replaces the token by ``<token>`` in log messages and their arguments."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self._token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self._token:
            message = record.getMessage()
            if self._token in message:
                record.msg = message.replace(self._token, "<token>")
                record.args = None
        return True
