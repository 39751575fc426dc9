"""Is the bot serving? What a supervisor, a load balancer or Docker's
HEALTHCHECK asks.

* Polling: the poller writes a **heartbeat** file after each successful
  getUpdates (at most every ``BEAT_EVERY`` seconds, written beside and renamed
  over the old one, so a reader never sees half of it; removed at a clean
  stop). ``arbitre health`` reads it: healthy when the last successful poll is
  recent and the database answers a real write (doctor's check), otherwise one
  sentence saying why. The heartbeat is a file, not a row: a health probe
  must not compete with the bot for the database, and must still say
  "not polling" when the database is fine.
* Webhook: ``HealthServer`` answers ``GET /healthz`` on its own port
  (``ARBITRE_HEALTH_PORT``, default 8081): 200 and a small JSON object when
  the webhook is being served and the store answers a real write, 503 with
  the reason otherwise. Its own port, because python-telegram-bot builds its
  webhook server inside ``Updater.start_webhook`` with one route and no public
  way to add another; and a probe port need not be exposed to Telegram
  through the reverse proxy. ``arbitre health`` asks it when
  ``ARBITRE_WEBHOOK_URL`` is set, so one command serves both modes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import httpx
import platformdirs
import tornado.httpserver
import tornado.web
from telegram.ext import Application

from bot.i18n import N_
from bot.store_api import default_db

__all__ = ["Heartbeat", "HealthServer", "heartbeat_path", "health_port", "check_health",
           "BEAT_EVERY", "MAX_AGE", "DEFAULT_HEALTH_PORT", "STORE_TIMEOUT"]

log = logging.getLogger(__name__)

#: Seconds between two heartbeat writes at most (a busy bot polls many times a second).
BEAT_EVERY = 5.0
#: A heartbeat older than this means the bot is not polling: a long poll lasts
#: 10 s, a failed one is retried within 30 s.
MAX_AGE = 90.0
DEFAULT_HEALTH_PORT = 8081
#: Seconds the store has to answer a probe.
STORE_TIMEOUT = 5.0

Environ = Mapping[str, str]
#: an English message id (translated when shown) and its arguments
Reason = tuple[str, dict[str, str]]


def heartbeat_path(environ: Environ | None = None) -> Path:
    """``ARBITRE_HEARTBEAT_FILE``; else beside the SQLite database (its name
    plus ``.heartbeat``, in the state directory); else, for a database
    server, in the user's state directory."""
    env = os.environ if environ is None else environ
    configured = env.get("ARBITRE_HEARTBEAT_FILE", "").strip()
    if configured:
        return Path(configured).expanduser()
    target = default_db(env)
    if isinstance(target, str):  # a PostgreSQL URL
        return Path(platformdirs.user_state_dir("arbitre")) / "polling.heartbeat"
    return target.with_name(target.name + ".heartbeat")


def health_port(environ: Environ | None = None) -> int:
    """``ARBITRE_HEALTH_PORT`` (default 8081), checked.

    :raises ValueError: one sentence naming the variable.
    """
    env = os.environ if environ is None else environ
    text = env.get("ARBITRE_HEALTH_PORT", "").strip() or str(DEFAULT_HEALTH_PORT)
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 < port < 65536:
        raise ValueError(f"ARBITRE_HEALTH_PORT={text!r} is not a port number: set it to a "
                         f"number such as {DEFAULT_HEALTH_PORT}")
    return port


class Heartbeat:
    """The poller's proof of life: ``{"pid": ..., "at": <unix time>}`` in a file."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self._clock = clock
        self._last = float("-inf")
        self._failed = False

    def beat(self) -> None:
        """Record a successful poll (written at most every ``BEAT_EVERY`` s).
        A file that cannot be written is logged once; the bot goes on."""
        now = self._clock()
        if now - self._last < BEAT_EVERY:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent,
                                                 prefix=self.path.name + ".", suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    out.write(json.dumps({"pid": os.getpid(), "at": now}))
                os.replace(temporary, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        except OSError as error:
            if not self._failed:
                log.warning("the heartbeat file %s cannot be written (%s): `arbitre health` "
                            "will report the bot as not polling", self.path, error)
            self._failed = True
            return
        self._last, self._failed = now, False

    def clear(self) -> None:
        """At a clean stop: no heartbeat, so no one takes the bot for running."""
        with contextlib.suppress(OSError):
            self.path.unlink()


def read_heartbeat(path: Path, now: float, max_age: float) -> Reason | None:
    """None when ``path`` shows a poll within ``max_age`` seconds, else why not."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        at = float(data["at"])
    except FileNotFoundError:
        return (N_("The bot is not polling: no heartbeat in {path} (not started, or "
                   "stopped)."), {"path": str(path)})
    except (OSError, ValueError, KeyError, TypeError) as error:
        return (N_("The heartbeat {path} cannot be read ({reason})."),
                {"path": str(path), "reason": type(error).__name__})
    age = now - at
    if age > max_age:
        return (N_("The bot's last successful poll was {seconds} s ago (more than {limit} s): "
                   "Telegram cannot be reached, or the bot is stuck."),
                {"seconds": str(round(age)), "limit": str(round(max_age))})
    return None


def _store_reason(environ: Environ) -> Reason | None:
    from bot.doctor import Level, check_database

    finding = check_database(environ)
    if finding.level is Level.PROBLEM:
        return finding.message, dict(finding.args)
    return None


def _webhook_reason(port: int, timeout: float) -> Reason | None:
    url = f"http://127.0.0.1:{port}/healthz"
    try:
        response = httpx.get(url, timeout=timeout)
    except httpx.HTTPError:
        return (N_("Nothing answers at {url}: the bot is not running, or "
                   "ARBITRE_HEALTH_PORT differs from the bot's."), {"url": url})
    if response.status_code == 200:
        return None
    try:
        reason = str(response.json().get("reason", ""))
    except (ValueError, AttributeError):
        reason = ""
    return (N_("{url} answered HTTP {status}: {reason}"),
            {"url": url, "status": str(response.status_code), "reason": reason or "?"})


def check_health(environ: Environ | None = None, max_age: float = MAX_AGE,
                 timeout: float = 10.0) -> Reason | None:
    """None when the bot serves, else why not (a message id and its arguments).

    Webhook mode (``ARBITRE_WEBHOOK_URL`` set): the bot's own ``/healthz``.
    Polling: the heartbeat, then the database.

    :raises ValueError: when ``ARBITRE_HEALTH_PORT`` is not a port.
    """
    env = os.environ if environ is None else environ
    if env.get("ARBITRE_WEBHOOK_URL", "").strip():
        return _webhook_reason(health_port(env), timeout)
    return read_heartbeat(heartbeat_path(env), time.time(), max_age) or _store_reason(env)


Probe = Callable[[], Awaitable[tuple[int, dict[str, Any]]]]


class _HealthzHandler(tornado.web.RequestHandler):
    def initialize(self, probe: Probe) -> None:
        self.probe = probe

    async def get(self) -> None:
        status, body = await self.probe()
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body))


class HealthServer:
    """``GET /healthz`` for a webhook bot, on its own port, in the bot's event loop.

    ``install(app)`` starts it after the Application's ``post_init`` and stops
    it after its ``post_stop``.
    """

    def __init__(self, app: Application, port: int,  # type: ignore[type-arg]
                 listen: str = "0.0.0.0") -> None:
        self.app = app
        self.port = port
        self.listen = listen
        self._server: tornado.httpserver.HTTPServer | None = None

    def install(self) -> None:
        app = self.app
        post_init, post_stop = app.post_init, app.post_stop

        async def start_then(application: Application) -> None:  # type: ignore[type-arg]
            if post_init is not None:
                await post_init(application)
            self.start()

        async def stop_then(application: Application) -> None:  # type: ignore[type-arg]
            await self.stop()
            if post_stop is not None:
                await post_stop(application)

        app.post_init = start_then
        app.post_stop = stop_then

    def start(self) -> None:
        web = tornado.web.Application(
            [(r"/healthz", _HealthzHandler, {"probe": self.probe})],
            log_function=lambda handler: None)  # no access line per probe
        self._server = tornado.httpserver.HTTPServer(web)
        self._server.listen(self.port, self.listen)
        log.info("health checks answered at http://%s:%d/healthz", self.listen, self.port)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            await self._server.close_all_connections()
            self._server = None

    async def probe(self) -> tuple[int, dict[str, Any]]:
        updater = self.app.updater
        if not (self.app.running and updater is not None and updater.running):
            return 503, {"status": "unavailable",
                         "reason": "the bot is not serving updates (starting or stopping)"}
        store = self.app.bot_data["conversations"].store

        def check() -> None:
            store.check_present()
            store.health_check()

        try:
            await asyncio.wait_for(asyncio.to_thread(check), STORE_TIMEOUT)
        except TimeoutError:
            return 503, {"status": "unavailable",
                         "reason": f"the store did not answer within {STORE_TIMEOUT:.0f} s"}
        except Exception as error:  # any failure of the store is the answer, not a crash
            return 503, {"status": "unavailable",
                         "reason": f"the store failed: {type(error).__name__}: {error}"}
        return 200, {"status": "ok", "mode": "webhook", "bot": "serving", "store": "ok"}
