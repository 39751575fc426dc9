"""Fetching updates from Telegram (getUpdates), failing loudly where a
supervisor sees it.

python-telegram-bot's own Updater stops polling for good on one 401/404
("Invalid token. Aborting retry loop") while the process stays up, deaf; and
a malformed answer (``{"ok": true}`` without ``result``) makes it poll again
at once, with a CRITICAL traceback each time. ``Poller`` instead:

* on a refused token (401/404, ``InvalidToken``) records one sentence in
  ``fatal`` and sets the stop event: the process exits with status 2 and a
  supervisor restarts it or calls a human;
* backs off on anything else that fails (network errors, 5xx, 409, a
  malformed answer): 1 s, then x1.5 each time up to 30 s, one log line each;
  ``retry_after`` (429) is waited as Telegram asks;
* hands each update to the Application's queue, which records it in the
  store's inbox (inbox.py), and only then confirms it to Telegram (the offset
  of the next getUpdates): a crash loses nothing Telegram was told was
  received; an update Telegram sends again is not handled twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence

from telegram import Update
from telegram.error import InvalidToken, RetryAfter, TelegramError, TimedOut
from telegram.ext import Application

__all__ = ["Poller", "POLL_TIMEOUT", "MAX_BACKOFF", "TOKEN_REFUSED"]

log = logging.getLogger(__name__)

#: Seconds Telegram holds a getUpdates open when there is nothing new.
POLL_TIMEOUT = 10
#: The longest wait between two failed polls.
MAX_BACKOFF = 30.0
FIRST_BACKOFF = 1.0

TOKEN_REFUSED = ("Telegram refused the token while the bot was running (the token was revoked, "
                 "or the bot deleted): copy a valid token from @BotFather into "
                 "TELEGRAM_BOT_TOKEN and start the bot again")


class Poller:
    def __init__(self, app: Application,  # type: ignore[type-arg]
                 allowed_updates: Sequence[str] | None = None,
                 timeout: int = POLL_TIMEOUT) -> None:
        self.app = app
        self.allowed_updates = list(allowed_updates) if allowed_updates is not None else None
        self.timeout = timeout
        self.offset = 0
        #: why polling stopped for good (one sentence), or None
        self.fatal: str | None = None
        #: failed polls so far (for tests and the log)
        self.failures = 0
        #: called after each successful getUpdates (the health heartbeat)
        self.on_poll: Callable[[], None] | None = None

    async def run(self, stop: asyncio.Event) -> None:
        """Poll until ``stop`` is set; sets it too when the token is refused."""
        delay = 0.0
        while not stop.is_set():
            try:
                updates = await self._fetch(stop)
            except InvalidToken:
                self.fatal = TOKEN_REFUSED
                log.critical("%s", TOKEN_REFUSED)
                stop.set()
                return
            except RetryAfter as error:
                self.failures += 1
                delay = error.retry_after if isinstance(error.retry_after, int | float) \
                    else error.retry_after.total_seconds()
                log.warning("Telegram asks to wait %.0f s before polling again", delay)
            except TimedOut:
                delay = 0.0  # a long poll cut short: poll again at once
            except TelegramError as error:  # network errors, 5xx, 409 Conflict
                self.failures += 1
                delay = _next_backoff(delay)
                log.warning("polling failed (%s: %s); next try in %.1f s",
                            type(error).__name__, error, delay)
            except Exception as error:  # a malformed answer: not Telegram's usual shape
                self.failures += 1
                delay = _next_backoff(delay)
                log.warning("Telegram's answer to getUpdates could not be read (%s); next try "
                            "in %.1f s", type(error).__name__, delay)
            else:
                if self.on_poll is not None:
                    self.on_poll()
                delay = 0.0
                if updates is None:
                    return  # stopped while waiting
                try:
                    for update in updates:
                        await self.app.update_queue.put(update)  # into the inbox
                        self.offset = update.update_id + 1
                except Exception as error:  # the inbox cannot keep it (a full disk...)
                    self.failures += 1
                    delay = _next_backoff(delay)
                    log.error("an update could not be kept (%s: %s); it is not confirmed to "
                              "Telegram, asked again in %.1f s", type(error).__name__, error,
                              delay)
            if delay:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), delay)

    async def confirm(self) -> None:
        """Tell Telegram the updates handled so far are received (at a clean
        stop, once the queue is drained), so a restart does not see them again."""
        if not self.offset:
            return
        with contextlib.suppress(TelegramError, Exception):
            await self.app.bot.get_updates(offset=self.offset, timeout=0, limit=1,
                                           allowed_updates=self.allowed_updates)

    async def _fetch(self, stop: asyncio.Event) -> list[Update] | None:
        """One getUpdates, abandoned (None) if ``stop`` is set meanwhile."""
        poll = asyncio.ensure_future(self.app.bot.get_updates(
            offset=self.offset, timeout=self.timeout, allowed_updates=self.allowed_updates,
            read_timeout=self.timeout + 10))
        stopping = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait((poll, stopping), return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopping.cancel()
            if not poll.done():  # stopped (or cancelled): abandon the long poll
                poll.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await poll
        if poll.cancelled():
            return None
        return list(poll.result())


def _next_backoff(delay: float) -> float:
    return FIRST_BACKOFF if delay <= 0 else min(MAX_BACKOFF, delay * 1.5)
