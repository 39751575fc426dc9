"""Delivery you can trust: the outbox and its sender (design.md, "Where the
next parts go").

Each dialogue step's replies are written to the store's ``outbox`` in the
step's own transaction (``Sender.sink``, set as ``STEP_SINK`` around the
step by ``Sender.step``), together with the mark that its update is handled
(the ``inbox``). The sender then drains the outbox, one chat at a time and in
order, until Telegram confirms each message:

* ``retry_after`` (429) is waited as Telegram asks; timeouts, resets and 5xx
  are retried with a growing back-off; the row stays until Telegram says the
  message is there, so a restart sends what was committed but never
  delivered, and a delivered row is deleted at once, the id Telegram gave
  the message recorded in the same transaction;
* an edit that fails ("message to edit not found", cannot be edited) becomes
  a new message; a message Telegram refuses outright (chat gone, bot
  blocked) is logged and dropped rather than retried for ever.

Exactly once, though the Bot API has no idempotency key. Per chat the store
keeps a floor: the highest message id known there (the users' messages and
the pressed ones, raised in the transaction that marks their update handled,
and every message of the bot whose send Telegram confirmed). Before the HTTP
call that sends a new message, the floor is committed on its row
(``begin_attempt``); Telegram gives ids in a chat in increasing order, so if
the message got there it is above that floor. When the row must be sent
again with the earlier outcome unknown (a timeout, a reset, a 5xx, a lost
answer, a restart after ``kill -9``), it is first looked for (``probe``):
the ids just above the floor are edited with exactly the message's content
(text, parse mode, link-preview option (none, on both), buttons). "Message is not modified"
means this very message is there: its id is recorded and it is not sent
again. A user's message or a document refuses the edit, an id without a
message is "not found": the probe goes on, and after three ids without a
message (or twenty in all) the row is sent. An edit is idempotent and needs
none of this; a document is not probed (it is sent again).

Why the probe cannot rewrite a message: in a chat, every message of this bot
above the floor is either recorded or the row being probed, because every
message goes out through this outbox, one at a time per chat, and the next
row's send begins only once the previous one is recorded. So an edit that
went through (another text was there) means that invariant was broken: it is
logged as a warning and the reply counted as shown. Two ways round the
outbox remain, each made a barrier no probe crosses (the row is then sent
again: a possible second copy, never a rewritten message): the error
handler's message when the store itself fails (``tell`` sends it directly
and records its id as soon as the store allows, in memory until then), and
a row given up after sends whose outcome stayed unknown (its id unknown:
no probe in the chat until its next confirmed message). With PostgreSQL and
several processes, the row's lease is checked when the send begins and
before each probed id; a process whose lease was taken stops sending that
chat. What is left: a process that loses its lease while its send is in
flight, or a send Telegram holds longer than ``SEND_READ_TIMEOUT`` and
takes later, can land after the probe found nothing and the row was sent
again (a second copy, unrecorded: a later row's probe could then rewrite
that copy, never a message shown once); a crash while the store fails,
after the direct error message and before its id was recorded, leaves that
message unknown to the next process.

Throughput isolation: handlers do not wait for their chat's messages to go
out. Each chat's messages are sent by that chat's own delivery task, so a
per-chat flood limit (AIORateLimiter) delays that chat only and never holds a
handler slot another chat needs.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from typing import Any

from telegram import Bot, InlineKeyboardMarkup, InputFile, Message, ReplyParameters, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, Forbidden, InvalidToken, RetryAfter, TelegramError
from telegram.ext import ExtBot

from bot.dialogue import STEP_SINK, Reply
from bot.store_api import Attempt, ChatStore, Transaction

from .sending import chunks, keyboard, private_link, to_html

__all__ = ["Sender", "payloads", "edit_target", "probe", "seen", "Seen", "Found", "NotOurs",
           "RETRY_EVERY"]

log = logging.getLogger(__name__)

#: Seconds between two sweeps of the outbox for messages still undelivered.
RETRY_EVERY = 1.0
#: Attempts within one delivery before the message waits for the next sweep.
ATTEMPTS_PER_TURN = 4
#: Attempts in all before a message is given up (logged, dropped).
MAX_ATTEMPTS = 60
#: Seconds a clean stop waits for the messages being sent to be confirmed.
CLOSE_GRACE = 10.0
FIRST_BACKOFF = 0.5
MAX_BACKOFF = 15.0
#: Seconds to wait for Telegram's answer to a message sent. Long (PTB's
#: default is 5): a message Telegram takes slowly and answers late would, past
#: the wait, be sent again (the Bot API has no idempotency key).
SEND_READ_TIMEOUT = 30.0
#: Ids a probe tries above a reply's floor, and how many in a row with no
#: message end it: a reply lands just above the floor, after at most the few
#: messages users wrote meanwhile.
PROBE_SPAN = 20
PROBE_GAPS = 3

#: The update being handled in this task, for the sink.
_UPDATE: ContextVar[Update | None] = ContextVar("arbitre_update", default=None)
#: The replies the current step wrote to the outbox (so they are not written twice).
_WRITTEN: ContextVar[list[list[Reply]] | None] = ContextVar("arbitre_written", default=None)
#: Replies to write ahead of the next step's, in its transaction (a voice note's echo).
_PREFACE: ContextVar[list[Reply] | None] = ContextVar("arbitre_preface", default=None)


def payloads(bot: Bot, chat_id: int, replies: list[Reply], reply_to: int | None = None,
             edit: int | None = None) -> list[dict[str, Any]]:
    """The Bot API calls that show ``replies`` (HTML): each piece of text, its
    keyboard under the last piece, and any document. With ``edit`` (the id of
    the message whose button was pressed), the first reply replaces that
    message when it fits in one; if the edit fails, it is sent instead."""
    link = private_link(bot, chat_id)
    calls: list[dict[str, Any]] = []
    for position, reply in enumerate(replies):
        pieces = chunks(reply.text) if reply.text else []
        markup = keyboard(reply, link)
        if position == 0 and edit is not None and len(pieces) == 1 and reply.document is None:
            calls.append({"method": "editMessageText", "message_id": edit,
                          "text": to_html(pieces[0], reply.emphasis),
                          "parse_mode": ParseMode.HTML,
                          "reply_markup": markup.to_dict() if markup else None,
                          "fallback": "send"})
            continue
        for index, piece in enumerate(pieces):
            last = index == len(pieces) - 1
            calls.append({"method": "sendMessage", "text": to_html(piece, reply.emphasis),
                          "parse_mode": ParseMode.HTML,
                          "reply_markup": markup.to_dict() if markup and last else None,
                          "reply_to": reply_to})
            reply_to = None  # only the first message answers the user's
        if reply.document is not None:
            name, content = reply.document
            calls.append({"method": "sendDocument", "name": name,
                          "content": base64.b64encode(content).decode("ascii")})
    return calls


def edit_target(update: Update, replies: list[Reply]) -> int | None:
    """The message a button press turns into the first reply: the pressed
    one, when the press was an accepted answer (the next question or the
    card replaces the question)."""
    query = update.callback_query
    message = query.message if query is not None else None
    if not isinstance(message, Message) or not message.is_accessible or not replies:
        return None
    first = replies[0]
    return message.message_id if first.answered is not None or first.replaces else None


class Sender:
    def __init__(self, store: ChatStore) -> None:
        self.store = store
        self._chat_locks: dict[int, asyncio.Lock] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        #: messages given up (refused by Telegram), for the log and tests
        self.dropped = 0
        self._closing = False
        #: chats where a message went out outside the outbox (its id, or None
        #: if unknown) not yet recorded in the store: no probe there
        self._direct_sent: dict[int, int | None] = {}
        #: chats where the error handler's direct message is on its way
        self._telling: set[int] = set()

    # --- writing, in the step's transaction ----------------------------------

    def begin(self, update: Update) -> None:
        """At the start of handling ``update`` (in its own task): each step's
        replies go to the outbox in the step's transaction, with the update
        marked handled."""
        _UPDATE.set(update)
        _WRITTEN.set([])
        _PREFACE.set(None)
        STEP_SINK.set(self.sink)

    def preface(self, replies: list[Reply]) -> None:
        """``replies`` go out ahead of the next step's, written in its
        transaction: a crash leaves both or neither (a voice note's echo and
        the step on its transcript, never the echo twice)."""
        _PREFACE.set(list(replies))

    def sink(self, db: Transaction, chat_key: str, replies: list[Reply]) -> None:
        update = _UPDATE.get()
        chat_id = _chat_id(chat_key)
        if update is None or chat_id is None:
            return
        preface = _PREFACE.get() or []
        _PREFACE.set(None)
        calls = payloads(update.get_bot(), chat_id, preface + replies, _reply_to(update),
                         None if preface else edit_target(update, replies))
        for call in calls:
            self.store.enqueue(db, chat_id, call)
        self.store.mark_handled(db, update.update_id)
        self.note_incoming(db, update)
        written = _WRITTEN.get()
        if written is not None:
            written.append(replies)

    def note_incoming(self, db: Transaction, update: Update) -> None:
        """In the transaction marking ``update`` handled: its message (the
        user's, or the bot's whose button was pressed) raises the chat's floor."""
        message = update.effective_message
        if message is not None and update.effective_chat is not None:
            self.store.note_message(db, update.effective_chat.id, message.message_id)

    def written(self, replies: list[Reply]) -> bool:
        """Whether the current step already wrote ``replies`` to the outbox."""
        return any(replies is done for done in (_WRITTEN.get() or []))

    def enqueue(self, bot: Bot, chat_id: int, replies: list[Reply],
                reply_to: int | None = None, retire: int | None = None) -> None:
        """Replies that no step wrote (refusals, hints, voice echoes), in a
        transaction of their own, which also marks the update being handled
        as handled: a restart does not answer it again; ``retire``: the id of
        a message whose buttons go (its question is closed)."""
        calls = payloads(bot, chat_id, replies, reply_to)
        if retire is not None:
            calls.insert(0, {"method": "editMessageReplyMarkup", "message_id": retire,
                             "reply_markup": None})
        if not calls:
            return
        update = _UPDATE.get()
        with self.store.transaction() as db:
            for call in calls:
                self.store.enqueue(db, chat_id, call)
            if update is not None:
                self.store.mark_handled(db, update.update_id)
                self.note_incoming(db, update)

    # --- delivering ------------------------------------------------------------

    def kick(self, bot: ExtBot[None], chat_id: int) -> asyncio.Task[None]:
        """Deliver the chat's pending messages in the background (one task per
        chat); the task, to await when the caller wants to."""
        task = self._tasks.get(chat_id)
        if task is not None and not task.done():
            self._again.add(chat_id)  # pending rows written meanwhile: go round again
            return task
        task = asyncio.create_task(self._deliver_chat(bot, chat_id))
        self._tasks[chat_id] = task
        return task

    async def drained(self, chat_id: int) -> None:
        """Wait until the chat's delivery task (if any) has finished."""
        while (task := self._tasks.get(chat_id)) is not None and not task.done():
            with contextlib.suppress(Exception):
                await asyncio.shield(task)

    async def run(self, bot: ExtBot[None], stop: asyncio.Event) -> None:
        """Sweep the outbox until ``stop``: what a restart finds committed but
        undelivered, and what failed before, goes out."""
        while not stop.is_set():
            try:
                chats = self.store.pending_chats()
            except Exception:  # the store failing is reported elsewhere
                log.exception("could not read the outbox")
                chats = []
            for chat_id in chats:
                self.kick(bot, chat_id)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), RETRY_EVERY)

    async def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop delivering: each chat finishes the message it is sending (cut
        short, Telegram might show it and the next process send it again),
        what is left stays in the outbox for the next start."""
        self._closing = True
        tasks = [task for task in self._tasks.values() if not task.done()]
        if tasks:
            await asyncio.wait(tasks, timeout=grace)
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _deliver_chat(self, bot: ExtBot[None], chat_id: int) -> None:
        while True:
            self._again.discard(chat_id)
            for row_id, _, call, attempts in self.store.pending(chat_id):
                if self._closing or not await self._deliver(bot, row_id, chat_id, call,
                                                            attempts):
                    return  # still failing: the next sweep tries again, in order
            if chat_id not in self._again:
                return

    async def _deliver(self, bot: ExtBot[None], row_id: int, chat_id: int,
                       call: dict[str, Any], attempts: int) -> bool:
        """Send one message until Telegram confirms it; False to try later."""
        delay = FIRST_BACKOFF
        sent_id: int | None = None
        for _ in range(ATTEMPTS_PER_TURN):
            try:
                if call["method"] == "sendMessage":
                    sent_id = await self._send_new(bot, row_id, chat_id, call)
                else:
                    sent = await _call(bot, chat_id, call)
                    if call["method"] == "sendDocument" and isinstance(sent, Message):
                        sent_id = sent.message_id
            except NotOurs:
                return False  # delivered meanwhile, or the chat's lease passed on
            except RetryAfter as error:
                wait = error.retry_after
                delay_s = wait if isinstance(wait, int | float) else wait.total_seconds()
                log.info("Telegram asks to wait %.0f s before sending", delay_s)
                if self._closing:
                    return False
                await asyncio.sleep(delay_s)
                continue
            except BadRequest as error:
                if call["method"] in ("editMessageText", "editMessageReplyMarkup"):
                    if "not modified" in str(error).lower() or not call.get("fallback"):
                        break  # already shows it, or nothing to say instead
                    log.info("an edit failed (%s): sent as a new message", error)
                    call = {**call, "method": "sendMessage", "reply_to": None}
                    continue
                log.warning("Telegram refused a message (%s): dropped", error)
                self.dropped += 1
                break
            except Forbidden as error:  # blocked by the user, removed from the group
                log.info("cannot write to this chat (%s): message dropped", error)
                self.dropped += 1
                break
            except InvalidToken:
                return False  # the poller ends the process
            except TelegramError as error:  # network errors, timeouts, 5xx
                attempts += 1
                self.store.attempted(row_id)
                if attempts >= MAX_ATTEMPTS:
                    log.error("a message could not be delivered after %d attempts: dropped",
                              attempts)
                    self.dropped += 1
                    if call["method"] in ("sendMessage", "sendDocument"):
                        # It may be in the chat, unrecorded: no probe over it.
                        self._direct(chat_id, None)
                    break
                log.info("sending failed (%s: %s); retrying in %.1f s",
                         type(error).__name__, error, delay)
                if self._closing:
                    return False
                await asyncio.sleep(delay)
                delay = min(MAX_BACKOFF, delay * 2)
                continue
            break
        else:
            return False
        self.store.delivered(row_id, chat_id, sent_id)
        return True

    async def _send_new(self, bot: ExtBot[None], row_id: int, chat_id: int,
                        call: dict[str, Any]) -> int | None:
        """Send the row's new message once: the chat's floor committed on the
        row first; when an earlier send's outcome is unknown, the chat is
        probed for it before (no second copy). The message's id.

        :raises NotOurs: the row is no longer this process's to send.
        """
        self._flush_direct(chat_id)  # a message sent outside the outbox: its barrier first
        attempt = self.store.begin_attempt(row_id, chat_id)
        if attempt is None:
            raise NotOurs
        if attempt.previous is not None:
            if self._may_probe(chat_id, attempt):
                found = await probe(_prober(bot, chat_id, call), attempt.previous,
                                    lambda: self._still_ours(row_id))
                if found.message_id is not None:
                    if found.edited:
                        log.warning("a reply's probe edited a message of this bot that was "
                                    "not recorded (id %d): counted as delivered",
                                    found.message_id)
                    else:
                        log.info("a reply whose confirmation was lost is in the chat: "
                                 "not sent again")
                    return found.message_id
            else:
                log.info("a reply whose outcome is unknown is sent again: a message of "
                         "this bot sent outside the outbox may be above it")
        if not self._still_ours(row_id):
            raise NotOurs
        sent = await _call(bot, chat_id, call)
        return sent.message_id if isinstance(sent, Message) else None

    def _still_ours(self, row_id: int) -> bool:
        return not self._closing and self.store.holds(row_id)

    def _may_probe(self, chat_id: int, attempt: Attempt) -> bool:
        """Whether every message of this bot above the row's floor is recorded
        or the row's own: not when a message went out outside the outbox
        above it (the barrier), or may have with its id not yet recorded."""
        if chat_id in self._direct_sent or chat_id in self._telling:  # not recorded yet
            return False
        assert attempt.previous is not None
        return attempt.barrier != -1 and attempt.barrier <= attempt.previous

    # --- messages outside the outbox -------------------------------------------

    async def tell(self, bot: ExtBot[None], chat_id: int, text: str) -> None:
        """One plain message for the error handler: through the outbox when
        the store takes it; when the store itself fails, sent directly and
        its id recorded (now or as soon as the store allows) as a barrier
        that no probe crosses (a probe could rewrite it)."""
        try:
            with self.store.transaction() as db:
                self.store.enqueue(db, chat_id, {"method": "sendMessage", "text": text})
        except Exception as error:  # the store failing: say it anyway
            log.info("the store failed (%s): the error message goes out directly", error)
        else:
            self.kick(bot, chat_id)
            return
        self._telling.add(chat_id)  # no probe in this chat while it goes
        sent: int | None = None
        try:
            message = await bot.send_message(chat_id, text, read_timeout=SEND_READ_TIMEOUT)
            sent = message.message_id
        except TelegramError:
            log.exception("could not tell the user about the error")
        finally:
            self._telling.discard(chat_id)
            self._direct(chat_id, sent)

    def _direct(self, chat_id: int, message_id: int | None) -> None:
        """A message that went out (or may have) outside the outbox, to record:
        kept as the highest id of those not recorded yet, or None while one
        of them has an unknown id."""
        if chat_id in self._direct_sent:
            prior = self._direct_sent[chat_id]
            message_id = None if prior is None or message_id is None else max(prior,
                                                                                message_id)
        self._direct_sent[chat_id] = message_id
        self._flush_direct(chat_id)

    def _flush_direct(self, chat_id: int) -> None:
        if chat_id not in self._direct_sent:
            return
        try:
            self.store.note_direct(chat_id, self._direct_sent[chat_id])
        except Exception as error:
            log.info("could not record a message sent outside the outbox yet (%s)", error)
            return
        del self._direct_sent[chat_id]


class NotOurs(Exception):
    """The row was delivered meanwhile, or its chat leased to another process."""


class Seen(Enum):
    """What an edit with a reply's very content says about one message id."""

    #: "message is not modified": this very reply is there
    OURS = "ours"
    #: the edit went through: a message of this bot that nothing recorded
    EDITED = "edited"
    #: no message with this id in the chat (yet, or deleted)
    GAP = "gap"
    #: a message that is not this reply (the user's, a document, another's)
    OTHER = "other"


def seen(error: str | None) -> Seen:
    """Telegram's answer to the probe's edit (None: it succeeded), read."""
    if error is None:
        return Seen.EDITED
    text = error.lower()
    if "not modified" in text:
        return Seen.OURS
    if "not found" in text or "message_id_invalid" in text:
        return Seen.GAP
    return Seen.OTHER


@dataclass(frozen=True, slots=True)
class Found:
    """Where a probe found the reply: its id, or None (send it)."""

    message_id: int | None
    edited: bool = False


async def probe(edit: Callable[[int], Awaitable[str | None]], floor: int,
                still_ours: Callable[[], bool], *, span: int = PROBE_SPAN,
                gaps: int = PROBE_GAPS) -> Found:
    """Look for a reply sent before with its outcome unknown, on the ids
    above ``floor`` (the chat's floor when that send began): ``edit(id)``
    edits the id with the reply's very content and gives Telegram's refusal
    (None: the edit went through). Stops at the first id holding the reply,
    after ``gaps`` ids in a row with no message, or after ``span`` ids.

    :raises NotOurs: when ``still_ours()`` says the row was taken (checked
        before each edit).
    :raises TelegramError: a network error: the outcome stays unknown.
    """
    missing = 0
    for message_id in range(floor + 1, floor + 1 + span):
        if not still_ours():
            raise NotOurs
        answer = seen(await edit(message_id))
        if answer is Seen.OURS:
            return Found(message_id)
        if answer is Seen.EDITED:
            return Found(message_id, edited=True)
        missing = missing + 1 if answer is Seen.GAP else 0
        if missing >= gaps:
            break
    return Found(None)


def _prober(bot: ExtBot[None], chat_id: int,
            call: dict[str, Any]) -> Callable[[int], Awaitable[str | None]]:
    """The probe's edit for ``call`` (a new text message): exactly the text,
    parse mode, link-preview option and buttons it is sent with."""
    markup = call.get("reply_markup")
    reply_markup = InlineKeyboardMarkup.de_json(markup, bot) if markup else None

    async def edit(message_id: int) -> str | None:
        try:
            await bot.edit_message_text(call["text"], chat_id=chat_id, message_id=message_id,
                                        parse_mode=call.get("parse_mode"),
                                        reply_markup=reply_markup,
                                        read_timeout=SEND_READ_TIMEOUT)
        except BadRequest as error:
            return str(error)
        return None

    return edit


async def _call(bot: ExtBot[None], chat_id: int, call: dict[str, Any]) -> Message | bool | None:
    method = call["method"]
    markup = call.get("reply_markup")
    reply_markup = InlineKeyboardMarkup.de_json(markup, bot) if markup else None
    wait = SEND_READ_TIMEOUT
    if method == "sendMessage":
        reply_to = call.get("reply_to")
        return await bot.send_message(
            chat_id, call["text"], parse_mode=call.get("parse_mode"), reply_markup=reply_markup,
            reply_parameters=(ReplyParameters(reply_to, allow_sending_without_reply=True)
                              if reply_to else None), read_timeout=wait)
    if method == "editMessageText":
        return await bot.edit_message_text(call["text"], chat_id=chat_id,
                                           message_id=call["message_id"],
                                           parse_mode=call.get("parse_mode"),
                                           reply_markup=reply_markup, read_timeout=wait)
    if method == "editMessageReplyMarkup":
        return await bot.edit_message_reply_markup(chat_id=chat_id,
                                                   message_id=call["message_id"],
                                                   reply_markup=None, read_timeout=wait)
    if method == "sendDocument":
        return await bot.send_document(chat_id, InputFile(base64.b64decode(call["content"]),
                                                          filename=call["name"]),
                                       read_timeout=wait)
    log.error("unknown outbox call %r: dropped", method)
    return None


def _chat_id(chat_key: str) -> int | None:
    prefix, _, number = chat_key.partition(":")
    if prefix != "tg":
        return None
    try:
        return int(number)
    except ValueError:
        return None


def _reply_to(update: Update) -> int | None:
    """In a group, the bot's first message answers the user's message."""
    message = update.message
    if message is None or message.chat.type not in (ChatType.GROUP, ChatType.SUPERGROUP):
        return None
    return message.message_id
