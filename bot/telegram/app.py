"""Building and running the Telegram bot.

``build_application(settings)`` gives a ready python-telegram-bot
``Application`` (tests point ``settings.base_url`` at a fake Bot API);
``run(settings)`` checks that Telegram accepts the token, then polls
(polling.Poller), or serves a webhook when ``ARBITRE_WEBHOOK_URL`` is set.
It fails loudly, for a supervisor to see: a token Telegram refuses (at start
or later) or a database file that disappears stops the process with one
sentence (``SettingsError`` / ``StoreError``; exit status 2 from the CLI). The Application owns one
voice-note ``Transcriber``, closed at shutdown, and purges what is older than
the retention period at start and then daily.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib.util
import logging
import signal
import sys
from urllib.parse import urlsplit

from telegram import Bot, Update
from telegram.error import InvalidToken, NetworkError, TelegramError
from telegram.ext import AIORateLimiter, Application, ApplicationBuilder
from telegram.request import HTTPXRequest

from bot.dialogue import Conversations, open_conversations
from bot.store import StoreError
from bot.transcription_queue import TranscriptionQueue, open_queue

from .gate import make_gate
from .handlers import ArbitreHandlers
from .health import HealthServer, Heartbeat
from .inbox import InboxQueue
from .menus import COMMAND_MENUS, set_default_menus
from .orphans import adopt_orphans
from .polling import TOKEN_REFUSED, Poller
from .sender import Sender
from .settings import Settings, SettingsError, TokenFilter
from .voice import VoiceNotes

__all__ = ["build_application", "run", "check_connection", "serve_polling", "COMMAND_MENUS",
           "PURGE_EVERY", "STORE_CHECK_EVERY"]

log = logging.getLogger(__name__)

#: Seconds between two retention purges while the bot runs.
PURGE_EVERY = 24 * 3600.0
#: Seconds between two checks that the database file is still there.
STORE_CHECK_EVERY = 2.0
#: Seconds between two checks, serving a webhook, that Telegram still
#: accepts the token (polling notices at its next poll).
TOKEN_CHECK_EVERY = 10.0
#: The interpreter's thread switch interval while the bot runs (seconds).
SWITCH_INTERVAL = 0.001

async def _post_init(app: Application) -> None:  # type: ignore[type-arg]
    await set_default_menus(app.bot)


def build_application(
    settings: Settings, conversations: Conversations | None = None,
    transcriber: TranscriptionQueue | None = None,
) -> Application:  # type: ignore[type-arg]
    """The bot, wired to the dialogue and its store, not started.

    ``transcriber`` hears the voice notes; None makes one (cheap: its model
    loads on the first note, or at start with ``settings.warm_up_voice``),
    closed at shutdown. A transcriber passed in stays the caller's to close.
    """
    if conversations is None:
        conversations = open_conversations(settings.db_path, edition=settings.edition)
    owns_transcriber = transcriber is None
    # In this process on SQLite; speech workers' PostgreSQL queue on PostgreSQL.
    voice = VoiceNotes(transcriber if transcriber is not None else open_queue(settings.db_path))
    warming: list[asyncio.Task[None]] = []
    sender = Sender(conversations.store)
    sweeping = asyncio.Event()
    # Polling or webhook, each update is kept in the inbox before Telegram is
    # told it was received, and handled once (inbox.py).
    inbox = InboxQueue(conversations.store)

    async def post_init(app: Application) -> None:  # type: ignore[type-arg]
        await _post_init(app)
        # What was received but not handled before a restart comes first.
        inbox.replay(app.bot)
        warming.append(asyncio.create_task(
            _purge_daily(conversations, settings.retention_days)))
        # What was committed but not delivered before a restart goes out now.
        sweeping.clear()
        warming.append(asyncio.create_task(sender.run(app.bot, sweeping)))
        # On PostgreSQL: what another process received, then died before handling.
        warming.append(asyncio.create_task(adopt_orphans(app, conversations.store)))
        if settings.warm_up_voice:
            # In the background: polling starts at once, a first note just waits.
            warming.append(asyncio.create_task(voice.warm_up()))

    builder: ApplicationBuilder = (  # type: ignore[type-arg]
        Application.builder()
        .token(settings.token)
        .base_url(settings.base_url)
        .base_file_url(settings.base_file_url)
        .concurrent_updates(settings.concurrency)
        .update_queue(inbox)
        .post_init(post_init)
    )
    if settings.rate_limit:
        builder = builder.rate_limiter(AIORateLimiter(max_retries=2))
    app = builder.build()
    app.bot_data["conversations"] = conversations
    app.bot_data["sender"] = sender
    gate = make_gate(settings.allowed_chats, settings.per_minute, conversations.store)
    ArbitreHandlers(conversations, voice, gate, sender).register(app)

    async def stop_sending(_: Application) -> None:  # type: ignore[type-arg]
        # After the last update is handled, before the HTTP client closes:
        # the messages being sent are confirmed, the rest waits in the outbox.
        sweeping.set()
        await sender.close()

    async def close(_: Application) -> None:  # type: ignore[type-arg]
        await stop_sending(app)
        for task in warming:
            task.cancel()  # the load itself ends in the worker, which close() abandons
            with contextlib.suppress(asyncio.CancelledError):
                await task
        conversations.store.close()
        if owns_transcriber:
            voice.transcriber.close()

    app.post_stop = stop_sending
    app.post_shutdown = close
    return app


async def _purge_daily(conversations: Conversations, days: int) -> None:
    """The retention purge now, then every day, until cancelled at shutdown."""
    while True:
        try:
            conversations.purge_expired(days)
        except Exception:  # a failed purge is retried tomorrow; the bot goes on
            log.exception("the retention purge failed")
        await asyncio.sleep(PURGE_EVERY)


async def check_connection(settings: Settings, timeout: float = 10.0) -> str:
    """Ask Telegram who the bot is (getMe); its username.

    :raises SettingsError: one sentence saying what to fix, never the token,
        when Telegram refuses the token or cannot be reached.
    """
    host = urlsplit(settings.base_url).netloc or settings.base_url
    # Own request objects: a failed initialize() leaves the Bot's open, and
    # its shutdown() would not close them.
    requests = (HTTPXRequest(), HTTPXRequest())
    bot = Bot(settings.token, base_url=settings.base_url,
              base_file_url=settings.base_file_url, request=requests[0],
              get_updates_request=requests[1])
    try:
        async with asyncio.timeout(timeout):
            await bot.initialize()  # getMe
            username = bot.username
    except InvalidToken:
        raise SettingsError("Telegram refused the token: copy it again from @BotFather "
                            "into TELEGRAM_BOT_TOKEN") from None
    except (NetworkError, TimeoutError):
        raise SettingsError(f"Cannot reach the Telegram Bot API at {host}: check the network, "
                            "or TELEGRAM_API_BASE_URL if you use a local Bot API "
                            "server") from None
    except TelegramError as error:
        raise SettingsError(f"The Bot API at {host} refused to start the bot "
                            f"({TokenFilter(settings.token).scrub(str(error))}): check "
                            "TELEGRAM_API_BASE_URL") from None
    finally:
        for request in requests:
            await request.shutdown()
    return username


def _one_line_for_bad_answers(record: logging.LogRecord) -> bool:
    """python-telegram-bot logs an unreadable answer from the API (malformed
    JSON) with a traceback; the sender or the poller already says what failed
    and retries, so the line stays and its traceback goes."""
    if record.name.startswith("telegram.request") and record.exc_info:
        record.exc_info = None
        record.exc_text = None
    return True


def _webhook_path(token: str) -> str:
    """A path only Telegram knows, derived from the token but not revealing it."""
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def run(settings: Settings) -> None:
    """Serve until interrupted: polling, or a webhook when configured."""
    # The event loop waits at most 1 ms (not 5) for the GIL held by the step
    # thread: Telegram's confirmation of a message is committed sooner.
    sys.setswitchinterval(SWITCH_INTERVAL)
    scrub = TokenFilter(settings.token)
    for handler in logging.getLogger().handlers:
        handler.addFilter(_one_line_for_bad_answers)  # before the scrub formats tracebacks
        handler.addFilter(scrub)
    # httpx's INFO line for every request is noise (scrubbed: it carries the
    # token in the URL); kept when the operator asks for DEBUG.
    if logging.getLogger().getEffectiveLevel() > logging.DEBUG:
        logging.getLogger("httpx").setLevel(logging.WARNING)
    if settings.webhook_url and importlib.util.find_spec("tornado") is None:
        raise SettingsError("ARBITRE_WEBHOOK_URL is set, but webhooks need "
                            "python-telegram-bot[webhooks] installed")
    app = build_application(settings)  # opens the database first: StoreError if it cannot
    try:
        username = asyncio.run(check_connection(settings))
    except BaseException:
        asyncio.run(_close_unstarted(app))
        raise
    log.info("Telegram accepts the token: this is @%s", username)
    # Edited messages are answered with a hint (handlers.on_edited); channel
    # posts and the rest are not asked for at all.
    allowed = [Update.MESSAGE, Update.EDITED_MESSAGE, Update.CALLBACK_QUERY]
    try:
        if settings.webhook_url:
            path = _webhook_path(settings.token)
            log.info("serving a webhook on port %d", settings.webhook_port)
            stopped = _watch_while_serving_webhook(app)
            HealthServer(app, settings.health_port, settings.webhook_listen).install()
            app.run_webhook(
                listen=settings.webhook_listen,
                port=settings.webhook_port,
                url_path=path,
                webhook_url=settings.webhook_url.rstrip("/") + "/" + path,
                secret_token=settings.webhook_secret or None,
                allowed_updates=allowed,
            )
            if stopped:
                raise stopped[0]
        else:
            log.info("polling for updates")
            beat = Heartbeat(settings.heartbeat_file) if settings.heartbeat_file else None
            asyncio.run(serve_polling(app, allowed, beat))
    except InvalidToken:  # e.g. the start-up getMe, refused since check_connection
        raise SettingsError(TOKEN_REFUSED) from None


async def serve_polling(app: Application, allowed: list[str],  # type: ignore[type-arg]
                        heartbeat: Heartbeat | None = None) -> None:
    """Initialise, poll until SIGINT/SIGTERM, shut down cleanly; each
    successful poll beats ``heartbeat`` (health.py), removed at the end.

    :raises SettingsError: when Telegram refuses the token meanwhile.
    :raises StoreError: when the database file disappears meanwhile.
    """
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    conversations: Conversations = app.bot_data["conversations"]
    poller = Poller(app, allowed)
    gone: list[StoreError] = []
    tasks: list[asyncio.Task[None]] = []
    if heartbeat is not None:
        poller.on_poll = heartbeat.beat
    try:
        await app.initialize()
        if app.post_init is not None:
            await app.post_init(app)
        await app.bot.delete_webhook()
        await app.start()
        tasks = [asyncio.create_task(poller.run(stop)),
                 asyncio.create_task(_watch_store(conversations, stop, gone))]
        await stop.wait()
    finally:
        stop.set()  # each task returns soon after
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if app.running:
            await app.stop()
            if app.post_stop is not None:
                await app.post_stop(app)
            if not gone and poller.fatal is None:
                await poller.confirm()
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
        if heartbeat is not None:
            heartbeat.clear()
    if poller.fatal is not None:
        raise SettingsError(poller.fatal)
    if gone:
        raise gone[0]


def _watch_while_serving_webhook(app: Application) -> list[ValueError]:  # type: ignore[type-arg]
    """A webhook never polls, so nothing would notice a revoked token: ask
    Telegram who the bot is every ``TOKEN_CHECK_EVERY`` seconds; a refusal
    stops the webhook, and the list returned then holds why (one sentence).
    (A database gone is reported by /healthz, health.py.)"""
    stopped: list[ValueError] = []
    started = app.post_init

    async def watch() -> None:
        while True:
            await asyncio.sleep(TOKEN_CHECK_EVERY)
            try:
                await app.bot.get_me()
            except InvalidToken:
                log.critical("%s", TOKEN_REFUSED)
                stopped.append(SettingsError(TOKEN_REFUSED))
                app.stop_running()
                return
            except TelegramError as error:  # down for now, or another refusal: next time
                log.warning("Telegram did not say who the bot is (%s)", error)

    tasks: list[asyncio.Task[None]] = []
    stopping = app.post_stop

    async def post_init(application: Application) -> None:  # type: ignore[type-arg]
        if started is not None:
            await started(application)
        tasks.append(asyncio.create_task(watch()))

    async def post_stop(application: Application) -> None:  # type: ignore[type-arg]
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if stopping is not None:
            await stopping(application)

    app.post_init = post_init
    app.post_stop = post_stop
    return stopped


async def _watch_store(conversations: Conversations, stop: asyncio.Event,
                       gone: list[StoreError]) -> None:
    """Stop the bot when its database file is deleted or replaced: what it
    would write next would be lost with the file."""
    while not stop.is_set():
        try:
            conversations.store.check_present()
        except StoreError as error:
            log.critical("%s", error)
            gone.append(error)
            stop.set()
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), STORE_CHECK_EVERY)


async def _close_unstarted(app: Application) -> None:  # type: ignore[type-arg]
    """Release what ``build_application`` opened, when the bot never started."""
    if app.post_shutdown is not None:
        await app.post_shutdown(app)
