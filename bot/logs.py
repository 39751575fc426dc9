"""Log records as one line per event, for journald, ``docker logs`` and log
shippers: a traceback is folded into its event's line, never spread over
several. ``ARBITRE_LOG_FORMAT=json`` writes one JSON object a line instead of
text. A ``scrub`` function (the token filter's) is applied to the finished
line as well, so a secret never reaches the output even from a record no
filter saw.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable, Mapping
from typing import TextIO

__all__ = ["LOG_FORMATS", "OneLineFormatter", "JsonFormatter", "log_format",
           "configure_logging"]

#: ``ARBITRE_LOG_FORMAT`` values
LOG_FORMATS = ("text", "json")

Scrub = Callable[[str], str]


def _same(text: str) -> str:
    return text


def _utc(record: logging.LogRecord) -> str:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
    return f"{stamp}.{int(record.msecs):03d}Z"


def _details(formatter: logging.Formatter, record: logging.LogRecord) -> str:
    """The record's traceback and stack, as formatted by ``logging`` (may be empty)."""
    parts = []
    if record.exc_info and not record.exc_text:
        record.exc_text = formatter.formatException(record.exc_info)
    if record.exc_text:
        parts.append(record.exc_text)
    if record.stack_info:
        parts.append(formatter.formatStack(record.stack_info))
    return "\n".join(parts).rstrip("\n")


class OneLineFormatter(logging.Formatter):
    """``2026-11-24T23:10:00.123Z INFO bot.telegram.app: message``; the
    message's own line breaks and a traceback's are written ``\\n``."""

    def __init__(self, scrub: Scrub = _same) -> None:
        super().__init__()
        self.scrub = scrub

    def format(self, record: logging.LogRecord) -> str:
        line = f"{_utc(record)} {record.levelname} {record.name}: {record.getMessage()}"
        details = _details(self, record)
        if details:
            line += " | " + details
        return self.scrub(line.replace("\r", "").replace("\n", "\\n"))


class JsonFormatter(logging.Formatter):
    """``{"time": ..., "level": ..., "logger": ..., "message": ...}``, with
    ``"error"`` holding the traceback when there is one."""

    def __init__(self, scrub: Scrub = _same) -> None:
        super().__init__()
        self.scrub = scrub

    def format(self, record: logging.LogRecord) -> str:
        event: dict[str, object] = {
            "time": _utc(record), "level": record.levelname, "logger": record.name,
            "message": record.getMessage(),
        }
        details = _details(self, record)
        if details:
            event["error"] = details
        # ensure_ascii: a line stays one line whatever the message holds. JSON
        # leaves a token's characters (and its percent-encoded form) as they
        # are, so scrubbing the finished line reaches every field.
        return self.scrub(json.dumps(event, ensure_ascii=True))


def log_format(environ: Mapping[str, str]) -> str:
    """``ARBITRE_LOG_FORMAT`` (``text`` unless set), checked.

    :raises ValueError: one sentence naming the variable.
    """
    value = environ.get("ARBITRE_LOG_FORMAT", "").strip().lower() or "text"
    if value not in LOG_FORMATS:
        raise ValueError(f"ARBITRE_LOG_FORMAT={value!r} is not a log format: set it to "
                         "text (one line per event) or json (one JSON object per line)")
    return value


def configure_logging(level: int, fmt: str = "text", scrub: Scrub = _same,
                      stream: TextIO | None = None) -> logging.Handler:
    """One handler on the root logger (replacing any), writing to standard error."""
    handler = logging.StreamHandler(sys.stderr if stream is None else stream)
    handler.setFormatter(JsonFormatter(scrub) if fmt == "json" else OneLineFormatter(scrub))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    return handler
