"""The real Application, polling a FakeBotApi: send an update, get the API
calls it caused. Handler errors are recorded and fail the test (PTB would
only log them)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from telegram import Update
from telegram.ext import Application, ContextTypes, TypeHandler

from bot.telegram import Settings, build_application
from bot.telegram.polling import Poller
from bot.voice import Transcriber

from .bot_api import TOKEN, ApiCall, FakeBotApi

__all__ = ["TelegramHarness"]

#: every wait is bounded: a stuck bot fails the test instead of hanging it
STEP_TIMEOUT = 15.0


class TelegramHarness:
    def __init__(self, db_path: Path | str, *, rate_limit: bool = True, concurrency: int = 4,
                 transcriber: Transcriber | None = None, wait_delivery: bool = True,
                 **settings: Any) -> None:
        """``transcriber``: the voice notes' (the caller's to close); None lets
        the bot make its own, whose model loads only if a voice note comes.
        ``settings``: other ``Settings`` fields (``allowed_chats``, ``per_minute``...)."""
        self.db_path = db_path
        self.transcriber = transcriber
        self._settings = settings
        self.fake = FakeBotApi().start()
        self.errors: list[BaseException] = []
        self.app: Application | None = None  # type: ignore[type-arg]
        self._rate_limit = rate_limit
        self._concurrency = concurrency
        self._done: dict[int, asyncio.Event] = {}
        #: whether an update counts as handled only once its replies are sent
        #: (False: as soon as the handler returns, as in production)
        self.wait_delivery = wait_delivery
        self._stop = asyncio.Event()
        self._polling: asyncio.Task[None] | None = None
        self.poller: Poller | None = None

    def settings(self) -> Settings:
        return Settings(token=TOKEN, base_url=self.fake.base_url,
                        base_file_url=self.fake.base_file_url, db_path=self.db_path,
                        rate_limit=self._rate_limit, concurrency=self._concurrency,
                        **self._settings)

    async def start(self) -> None:
        app = build_application(self.settings(), transcriber=self.transcriber)

        async def record_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
            assert context.error is not None
            self.errors.append(context.error)

        async def finished(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            if self.wait_delivery and update.effective_chat is not None:  # replies sent
                await app.bot_data["sender"].drained(update.effective_chat.id)
            self._event(update.update_id).set()

        app.add_error_handler(record_error)
        app.add_handler(TypeHandler(Update, finished), group=99)  # runs after the bot's own
        await app.initialize()
        if app.post_init is not None:  # run_polling() would call it here
            await app.post_init(app)
        await app.start()
        # The bot's own poller, as `arbitre telegram` runs it (1 s long polls).
        self._stop = asyncio.Event()
        self.poller = Poller(app, timeout=1)
        self._polling = asyncio.create_task(self.poller.run(self._stop))
        self.app = app

    async def stop(self) -> None:
        app, self.app = self.app, None
        if app is None:
            return
        self._stop.set()
        if self._polling is not None:
            await self._polling
            self._polling = None
        if app.running:
            await app.stop()
            if app.post_stop is not None:  # run_polling() would call it here
                await app.post_stop(app)
            if self.poller is not None and self.poller.fatal is None:
                await self.poller.confirm()
        await app.shutdown()
        if app.post_shutdown is not None:  # run_polling() would call it here: closes the store
            await app.post_shutdown(app)

    async def close(self) -> None:
        try:
            await self.stop()
        finally:
            self.fake.stop()

    async def restart(self) -> None:
        """A new process, as after a crash: same database, fresh Application."""
        await self.stop()
        await self.start()

    def _event(self, update_id: int) -> asyncio.Event:
        return self._done.setdefault(update_id, asyncio.Event())

    async def send(self, update: dict[str, Any]) -> list[ApiCall]:
        """Push ``update`` and wait until the bot has handled it; its API calls."""
        return await self.push(update)()

    def push(self, update: dict[str, Any]) -> Callable[[], Awaitable[list[ApiCall]]]:
        """Push ``update`` now; await the function returned to wait until it is
        handled and get the API calls made since (other chats' too)."""
        mark = self.fake.mark()
        event = self._event(update["update_id"])
        self.fake.push(update)

        async def handled() -> list[ApiCall]:
            await asyncio.wait_for(event.wait(), STEP_TIMEOUT)
            self.check()
            return self.fake.calls[mark:]

        return handled

    def check(self) -> None:
        if self.errors:
            raise AssertionError(f"a handler failed: {self.errors[0]!r}") from self.errors[0]

    def next_id(self) -> int:
        return self.fake.next_update_id()

    @staticmethod
    def messages(calls: list[ApiCall]) -> list[ApiCall]:
        return [c for c in calls if c.method == "sendMessage"]

    @staticmethod
    def message_dict(call: ApiCall, message_id: int = 0) -> dict[str, Any]:
        """The bot's message as Telegram would echo it in a callback query."""
        # A real date: Telegram sends date 0 only for a message it no longer shows.
        message: dict[str, Any] = {"message_id": message_id or 1, "date": int(time.time()),
                                   "text": call.params.get("text", "")}
        markup = call.params.get("reply_markup")
        if isinstance(markup, dict):
            message["reply_markup"] = markup
        return message
