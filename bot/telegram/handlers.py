"""The Telegram handlers: commands, messages, button presses, errors.

Every path ends in ``Conversations`` (bot.dialogue). In groups the bot
answers only a command, a message that mentions it, or a reply to one of its
messages. A voice note (``on_voice``, see voice.py) is echoed, and its
transcript then takes the same dialogue step as typed text.

What each kind of update gets:

* text, commands, voice notes, button presses: the dialogue; a command the
  bot does not know gets the help (in a group, only when it names the bot);
* stickers, photos, files, locations and other messages without text: one
  sentence saying what the bot reads (in a group, only in reply to the bot);
* an edited message: in a private chat, a hint to send the correction as a
  new message (the dialogue has moved on since); in a group, silence;
* channel posts, service messages (members joining...): silence, as a bot
  in a channel or a group should;
* an inline query (``@Bot 27B1``, ``@Bot enchère insuffisante``): the
  matching Law excerpts as results, in the user's Telegram language;
* a button press: always acknowledged; an answer turns the question's
  message into the next question or the card (edited in place); one whose
  question is closed, forged or too old says so; it only ever touches the
  chat its message is in. Replies are HTML, every dynamic string escaped.
* /oublier in a group: only for the group's administrators, checked with
  Telegram at the command and again at the press; only the administrator who
  asked may press the confirmation (gate.EraseGuard).

Every reply goes through the outbox (sender.py): written with the step that
made it, sent until Telegram confirms, an edit that fails sent as a new
message.

Before any of that, ``Gate`` (gate.py) may refuse: a chat outside
``ARBITRE_ALLOWED_CHATS`` gets one polite refusal then silence, and a user
over the per-minute limit one polite answer then silence.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import ParamSpec, TypeVar

from telegram import (
    CallbackQuery,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
    MessageEntity,
    Update,
)
from telegram.constants import ChatAction, ChatType
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.dialogue import COMMANDS, Conversations, Reply, parse_answer_data
from bot.dialogue.laws import inline_excerpts
from bot.i18n import normalise_language, translator
from bot.store import StoreError
from bot.voice.recognizer import supported_language

from .gate import EraseGuard, Gate, Verdict, is_group_admin
from .menus import set_chat_menu
from .sender import Sender, edit_target
from .voice import VOICE_NOTES, VoiceNotes, voice_media

__all__ = ["ArbitreHandlers", "chat_key"]

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE


def chat_key(chat_id: int) -> str:
    return f"tg:{chat_id}"


class _ChatLocks:
    """One lock per chat while it has work, so each chat's updates stay in
    order while different chats are served at once."""

    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, chat_id: int) -> AsyncIterator[None]:
        lock, users = self._locks.get(chat_id, (asyncio.Lock(), 0))
        self._locks[chat_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[chat_id]
            if users <= 1:
                del self._locks[chat_id]
            else:
                self._locks[chat_id] = (lock, users - 1)


_P = ParamSpec("_P")
_R = TypeVar("_R")


#: The one thread dialogue steps run in. One is enough (a step takes
#: milliseconds, and the GIL lets one thread think at a time anyway); more
#: would compete with the event loop for the GIL.
_STEPS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbitre-step")


async def _off_loop(step: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """A dialogue step in the step thread (with this task's context: the
    outbox sink). The event loop stays free meanwhile: the sender reads
    Telegram's confirmations and commits them at once (the shorter that
    wait, the fewer replies a crash can send twice), and other chats'
    updates are fetched."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(
        _STEPS, functools.partial(context.run, step, *args, **kwargs))


def _is_group(message: Message) -> bool:
    return message.chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


def _language_code(update: Update) -> str | None:
    user = update.effective_user
    return user.language_code if user else None


#: New messages only: not edits, not channel posts, not business messages.
_NEW = filters.UpdateType.MESSAGE


class ArbitreHandlers:
    def __init__(self, conversations: Conversations, voice: VoiceNotes,
                 gate: Gate | None = None, sender: Sender | None = None) -> None:
        self.conversations = conversations
        self.sender = sender if sender is not None else Sender(conversations.store)
        self.voice = voice
        self.gate = gate if gate is not None else Gate()
        self.erase = EraseGuard()
        self._locks = _ChatLocks()

    def register(self, app: Application) -> None:  # type: ignore[type-arg]
        # Around every update: its steps write their replies to the outbox
        # (sender.py); once handled, it is marked so and its chat's messages go out.
        app.add_handler(TypeHandler(Update, self.on_begin), group=-1)
        app.add_handler(TypeHandler(Update, self.on_handled), group=98)
        app.add_handler(CommandHandler(list(COMMANDS), self.on_command, filters=_NEW))
        app.add_handler(MessageHandler(filters.COMMAND & _NEW, self.on_unknown_command))
        app.add_handler(CallbackQueryHandler(self.on_button))
        app.add_handler(InlineQueryHandler(self.on_inline))
        app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND & _NEW, self.on_text))
        # Before on_other, which would take the note.
        app.add_handler(MessageHandler(VOICE_NOTES & _NEW, self.on_voice))
        app.add_handler(MessageHandler(~filters.TEXT & ~filters.StatusUpdate.ALL & _NEW,
                                       self.on_other))
        app.add_handler(MessageHandler(filters.UpdateType.EDITED_MESSAGE, self.on_edited))
        app.add_error_handler(self.on_error)

    # --- every update ----------------------------------------------------------

    async def on_begin(self, update: Update, context: Context) -> None:
        if self.conversations.store.is_handled(update.update_id):
            raise ApplicationHandlerStop  # handled before a restart: never twice
        self.sender.begin(update)

    async def on_handled(self, update: Update, context: Context) -> None:
        try:
            with self.conversations.store.transaction() as db:
                self.conversations.store.mark_handled(db, update.update_id)
                self.sender.note_incoming(db, update)
        except (sqlite3.Error, StoreError) as error:  # the step already told the user
            log.warning("could not mark an update handled (%s)", error)
        if update.effective_chat is not None:
            self.sender.kick(context.bot, update.effective_chat.id)

    # --- what the user sends -----------------------------------------------

    async def on_command(self, update: Update, context: Context) -> None:
        message = update.effective_message
        if message is None or not message.text:
            return
        name = message.text.split()[0][1:].split("@")[0].lower()
        argument = " ".join(context.args or []) or None
        if not await self._admit(update, context, message):
            return
        erasing = COMMANDS.get(name) == "forget" and _is_group(message)
        if erasing and not await self._may_erase(update, context, message):
            return
        async with self._locks.hold(message.chat_id):
            if COMMANDS.get(name) == "history":  # a file is coming: say so meanwhile
                await context.bot.send_chat_action(message.chat_id, ChatAction.UPLOAD_DOCUMENT)
            replies = await _off_loop(self.conversations.command,
                                      chat_key(message.chat_id), name, argument,
                                      _language_code(update))
            if erasing and update.effective_user is not None:
                for action in (a for r in replies for a in r.actions):
                    if action.data.startswith("forget:"):  # only this user may confirm
                        self.erase.asked(message.chat_id, action.data.split(":", 1)[1],
                                         update.effective_user.id)
            await self._send(context, message, replies)
            if COMMANDS.get(name) == "language" and argument:
                await self._chat_menu(context, message.chat_id)

    async def on_unknown_command(self, update: Update, context: Context) -> None:
        """``/something`` the bot does not know: the help. In a group only when
        the command names this bot (``/x@ArbitreBot``): others may be another
        bot's."""
        message = update.effective_message
        if message is None or not message.text:
            return
        target = message.text.split()[0].partition("@")[2].lower()
        if target and target != (context.bot.username or "").lower():
            return  # addressed to another bot
        if _is_group(message) and not target and not self._replies_to_bot(message, context):
            return
        if not await self._admit(update, context, message):
            return
        async with self._locks.hold(message.chat_id):
            replies = await _off_loop(self.conversations.command,
                                      chat_key(message.chat_id), "help", None,
                                      _language_code(update))
            await self._send(context, message, replies)

    async def on_text(self, update: Update, context: Context) -> None:
        message = update.effective_message
        if message is None or message.text is None:
            return
        text = self._addressed_text(message, context)
        if text is None:
            return
        if not await self._admit(update, context, message):
            return
        await self.converse(update, context, text)

    async def on_edited(self, update: Update, context: Context) -> None:
        """An edited message is not read again (the dialogue has moved on);
        in a private chat, say how to correct instead."""
        message = update.edited_message
        if message is None or _is_group(message) or message.chat.type != ChatType.PRIVATE:
            return
        if not await self._admit(update, context, message):
            return
        lang = self.conversations.language(chat_key(message.chat_id), _language_code(update))
        t = translator(lang)
        await self._send(context, message, [Reply(t.gettext(
            "I do not read edited messages. Send the correction as a new message, for "
            "example: \"no, it was West\"."))])

    async def converse(self, update: Update, context: Context, text: str) -> None:
        """Typed text, or a voice note's transcript: one dialogue step."""
        message = update.effective_message
        if message is None:
            return
        async with self._locks.hold(message.chat_id):
            await self._dialogue_step(update, context, message, text)

    async def _dialogue_step(self, update: Update, context: Context, message: Message,
                             text: str) -> None:
        """``converse`` once the chat's lock is held."""
        # No "typing…" here: the reply comes within milliseconds, and the
        # extra round trip would cost a third of the bot's throughput.
        replies = await _off_loop(self.conversations.text,
                                  chat_key(message.chat_id), text, _language_code(update))
        await self._send(context, message, replies)

    async def on_voice(self, update: Update, context: Context) -> None:
        """A voice note: refused at once when too long, too big or the queue
        is full; else transcribed, echoed, and, when reliable, one dialogue
        step with the transcript."""
        message = update.effective_message
        media = voice_media(message) if message is not None else None
        if message is None or media is None:
            return
        if _is_group(message) and not self._voice_addressed(message, context):
            return
        if not await self._admit(update, context, message):
            return
        key = chat_key(message.chat_id)
        refusal = self.voice.refusal(media, self._voice_languages(key, update)[1])
        if refusal is not None:
            await self._send(context, message, [Reply(refusal)])
            return
        # The chat's lock for the whole note: its messages stay in order, and
        # what the user types meanwhile is read after the transcript.
        async with self._locks.hold(message.chat_id):
            hint, lang = self._voice_languages(key, update)
            heard = await self.voice.hear(context.bot, message.chat_id, media, hint, lang)
            if heard.text is None:
                await self._send(context, message, [Reply(heard.say)])
                return
            # The echo is written with the step's replies, in its transaction.
            self.sender.preface([Reply(heard.say)])
            await self._dialogue_step(update, context, message, heard.text)

    async def on_other(self, update: Update, context: Context) -> None:
        """Stickers, photos, other files: say what can be read."""
        message = update.effective_message
        if message is None:
            return
        if _is_group(message) and not self._replies_to_bot(message, context):
            return
        if not await self._admit(update, context, message):
            return
        lang = self.conversations.language(chat_key(message.chat_id), _language_code(update))
        t = translator(lang)
        text = t.gettext("I can read text messages and voice notes only. Describe the incident "
                         "in words, for example: \"East bid 1♥ over my 1♠\".")
        await self._send(context, message, [Reply(text)])

    async def on_button(self, update: Update, context: Context) -> None:
        """A press: always acknowledged (else the button spins), and read in the
        chat its message is in, whatever the data claims."""
        query = update.callback_query
        if query is None:
            return
        message = query.message
        if message is None or query.data is None:
            await query.answer()  # an inline-mode message or a game: not ours
            return
        lang = self.conversations.language(chat_key(message.chat.id), _language_code(update))
        t = translator(lang)
        chat = self.gate.chat(message.chat.id)
        if chat is not Verdict.ANSWER:
            await query.answer()  # the chat was told (or is told by its next message)
            return
        if await self._user_verdict(query.from_user.id) is not Verdict.ANSWER:
            # A toast, not a message: the chat is not flooded with refusals.
            await _toast(query, t.gettext(
                "Too many messages: wait a minute, then press again."))
            return
        chat_id = message.chat.id
        if query.data.startswith(("forget:", "keep:")) and message.chat.type in (
                ChatType.GROUP, ChatType.SUPERGROUP):
            refusal = await self._erase_refusal(context, chat_id, query.from_user.id,
                                                query.data, lang)
            if refusal is not None:
                await _toast(query, refusal)  # nothing changes, nobody else is disturbed
                return
            self.erase.answered(chat_id)
        await query.answer()
        async with self._locks.hold(chat_id):
            # The dialogue knows whether the question is still open, even under a
            # message too old for Telegram to show again (which cannot be edited).
            replies = await _off_loop(self.conversations.button,
                                      chat_key(chat_id), query.data, _language_code(update))
            editable = isinstance(message, Message) and message.is_accessible
            if editable and edit_target(update, replies) is None and (
                    parse_answer_data(query.data) is not None
                    or query.data.startswith(("forget:", "keep:"))):
                # A closed question: no more presses on it.
                self.sender.enqueue(context.bot, chat_id, [], retire=message.message_id)
            self._deliver(context, chat_id, replies)
            if query.data.startswith("lang:"):
                await self._chat_menu(context, chat_id)

    async def on_inline(self, update: Update, context: Context) -> None:
        """``@Bot 27B1`` in any chat: the excerpts, to post in the chat. Not
        counted by the per-minute gate: Telegram sends one query per pause in
        typing, and a look-up reads no state."""
        query = update.inline_query
        if query is None:
            return
        lang = normalise_language(query.from_user.language_code)
        found = inline_excerpts(query.query, lang, self.conversations.engine.edition)
        results = [
            InlineQueryResultArticle(
                id=f"{lang}:{answer.ref}"[:64], title=answer.title,
                description=answer.text.split("\n", 1)[-1][:120],
                input_message_content=InputTextMessageContent(answer.text),
            )
            for answer in found
        ]
        await query.answer(results, cache_time=300, is_personal=False)

    async def on_error(self, update: object, context: Context) -> None:
        """Log it, and tell the user: never a silent failure."""
        log.error("handling an update failed", exc_info=context.error)
        if not isinstance(update, Update) or update.effective_chat is None:
            return
        chat_id = update.effective_chat.id
        if update.channel_post is not None or update.edited_channel_post is not None:
            return  # never post in a channel
        try:
            lang = self.conversations.language(chat_key(chat_id), _language_code(update))
        except Exception:  # the store itself failing: still say something
            lang = normalise_language(_language_code(update))
        t = translator(lang)
        if isinstance(context.error, sqlite3.Error | StoreError):
            # The step's transaction was rolled back: say so, never "kept".
            text = t.gettext("Sorry, I could not save that, so it was not taken into account: "
                             "please send it again in a moment.")
        else:
            text = t.gettext("Sorry, something went wrong on my side: try again, or /cancel to "
                             "start over.")
        # Through the outbox (one message at a time per chat, its id recorded);
        # directly only when the store itself fails (sender.py, "tell").
        await self.sender.tell(context.bot, chat_id, text)

    # --- helpers -------------------------------------------------------------

    async def _may_erase(self, update: Update, context: Context, message: Message) -> bool:
        """/oublier in a group: only its administrators (asked of Telegram now)."""
        user = update.effective_user
        if user is not None and await is_group_admin(context.bot, message.chat_id, user.id):
            return True
        t = translator(self.conversations.language(chat_key(message.chat_id),
                                                   _language_code(update)))
        await self._send(context, message, [Reply(t.gettext(
            "Only this group's administrators can erase its conversation and rulings."))])
        return False

    async def _erase_refusal(self, context: Context, chat_id: int, user_id: int, data: str,
                             lang: str) -> str | None:
        """Why this press on an erase confirmation in a group is refused, or None.

        Only the administrator who asked may answer, and erasing needs them
        to be an administrator still (checked now, not only at the command)."""
        t = translator(lang)
        serial = data.split(":", 1)[1]
        asker = self.erase.asker(chat_id, serial)
        if asker is None:
            return t.gettext("This confirmation has expired: an administrator can send "
                             "/oublier again.")
        if asker != user_id:
            return t.gettext("Only the administrator who asked can answer this.")
        if data.startswith("forget:") and not await is_group_admin(context.bot, chat_id,
                                                                    user_id):
            return t.gettext("Only this group's administrators can erase its conversation "
                             "and rulings.")
        return None

    async def _chat_menu(self, context: Context, chat_id: int) -> None:
        """After /langue: this chat's commands menu in the language it chose."""
        await set_chat_menu(context.bot, chat_id,
                            self.conversations.language(chat_key(chat_id)))

    async def _user_verdict(self, user_id: int) -> Verdict:
        """The gate's rate limit for one more message; counted in the step
        thread, as the store's other calls, when the count is in the database."""
        if self.gate.blocking:
            return await _off_loop(self.gate.user, user_id)
        return self.gate.user(user_id)

    async def _admit(self, update: Update, context: Context, message: Message) -> bool:
        """Whether to answer this message (meant for the bot); when not, the
        one polite sentence the gate allows, then silence."""
        chat = self.gate.chat(message.chat_id)
        if chat is Verdict.REFUSE:
            t = translator(normalise_language(_language_code(update)))
            await self._send(context, message, [Reply(t.gettext(
                "Sorry, this Arbitre bot answers only in the chats its operator allowed. Ask "
                "the operator to add this chat (id {chat_id}).").format(
                    chat_id=message.chat_id))])
            log.info("a message from a chat not allowed was refused")
        if chat is not Verdict.ANSWER:
            return False
        user = update.effective_user
        verdict = await self._user_verdict(user.id) if user is not None else Verdict.ANSWER
        if verdict is Verdict.REFUSE:
            lang = self.conversations.language(chat_key(message.chat_id),
                                               _language_code(update))
            t = translator(lang)
            await self._send(context, message, [Reply(t.gettext(
                "You are writing faster than I can follow: I read at most {count} messages a "
                "minute from one person. Wait a minute, then send your last message again."
            ).format(count=self.gate.per_minute))])
            log.info("a user went over the per-minute limit")
        return verdict is Verdict.ANSWER

    def _deliver(self, context: Context, chat_id: int, replies: list[Reply],
                 reply_to: int | None = None) -> None:
        """Replies to the outbox (unless the step wrote them there already),
        then on their way; the handler does not wait for Telegram."""
        if not self.sender.written(replies):
            self.sender.enqueue(context.bot, chat_id, replies, reply_to)
        self.sender.kick(context.bot, chat_id)

    async def _send(self, context: Context, message: Message, replies: list[Reply],
                    quote: bool = True) -> None:
        reply_to = message.message_id if quote and _is_group(message) else None
        self._deliver(context, message.chat_id, replies, reply_to)

    def _voice_languages(self, key: str, update: Update) -> tuple[str | None, str]:
        """(transcription hint, language to answer in) for a voice note.

        The hint is the chat's language once it has one, else the user's
        Telegram language if French or English, else None (the likelier of
        the two)."""
        code = _language_code(update)
        known = self.conversations.store.load_state(key) is not None
        hint = self.conversations.language(key) if known else supported_language(code)
        return hint, hint or normalise_language(code)

    def _voice_addressed(self, message: Message, context: Context) -> bool:
        """In a group: a voice note that replies to the bot or whose caption mentions it."""
        if self._replies_to_bot(message, context):
            return True
        username = (context.bot.username or "").lower()
        return any(
            (entity.type == MessageEntity.MENTION and value[1:].lower() == username)
            or (entity.user is not None and entity.user.id == context.bot.id)
            for entity, value in message.parse_caption_entities(
                [MessageEntity.MENTION, MessageEntity.TEXT_MENTION]).items()
        )

    @staticmethod
    def _replies_to_bot(message: Message, context: Context) -> bool:
        original = message.reply_to_message
        return bool(original and original.from_user and original.from_user.id == context.bot.id)

    def _addressed_text(self, message: Message, context: Context) -> str | None:
        """The text meant for the bot, its mention removed; None when a group
        message is not for it."""
        text = message.text or ""
        if not _is_group(message):
            return text
        username = (context.bot.username or "").lower()
        mentioned = False
        for entity, value in message.parse_entities(
            [MessageEntity.MENTION, MessageEntity.TEXT_MENTION]
        ).items():
            if (entity.type == MessageEntity.MENTION and value[1:].lower() == username) or (
                entity.user is not None and entity.user.id == context.bot.id
            ):
                mentioned = True
                text = text.replace(value, " ")
        if mentioned or self._replies_to_bot(message, context):
            return " ".join(text.split())
        return None


async def _toast(query: CallbackQuery, text: str) -> None:
    """Acknowledge a press with a short notice over the chat."""
    await query.answer(text[:200])  # Telegram's limit for a callback answer
