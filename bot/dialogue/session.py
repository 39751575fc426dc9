"""One dialogue step as one transaction: load the chat's state, run the
engine, save the state and log the rulings, together or not at all.

Front ends (Telegram, the console) talk to ``Conversations`` only. It also
erases a chat on request (/oublier, after a confirmation button) and purges
what is older than the retention period.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from bot.i18n import normalise_language, translator
from bot.store import Clock, system_clock
from bot.store_api import ChatStore, Transaction, default_db, open_store

from .engine import Engine, Turn
from .history import history_replies
from .replies import Action, Reply
from .state import ChatState

__all__ = ["Conversations", "COMMANDS", "open_conversations", "STEP_SINK", "StepSink"]

log = logging.getLogger(__name__)

#: Command names (both languages) -> the engine step they run.
COMMANDS = {
    "start": "start",
    "aide": "help",
    "help": "help",
    "loi": "law",
    "law": "law",
    "langue": "language",
    "language": "language",
    "edition": "edition",
    "annuler": "cancel",
    "cancel": "cancel",
    "historique": "history",
    "history": "history",
    "oublier": "forget",
    "forget": "forget",
    "details": "details",
}

StepSink = Callable[[Transaction, str, list[Reply]], None]

#: Set by a front end around a step: called inside the step's transaction with
#: (connection, chat key, replies), so that what is answered is written (to the
#: Telegram outbox) with the step, or not at all (design.md, "Where the next
#: parts go").
STEP_SINK: ContextVar[StepSink | None] = ContextVar("step_sink", default=None)


def _to_sink(db: Transaction, chat_key: str, replies: list[Reply]) -> list[Reply]:
    sink = STEP_SINK.get()
    if sink is not None:
        sink(db, chat_key, replies)
    return replies


#: Button data of the erase confirmation: ``forget:<serial>`` / ``keep:<serial>``.
FORGET, KEEP = "forget:", "keep:"


class Conversations:
    def __init__(self, engine: Engine, store: ChatStore) -> None:
        self.engine = engine
        self.store = store

    def _step(self, chat_key: str, language_code: str | None,
              run: Callable[[ChatState], Turn]) -> list[Reply]:
        # The engine thinks outside the transaction, so the store is not held
        # while it does (the Telegram sender confirms deliveries meanwhile: the
        # shorter that wait, the fewer replies a crash can send twice). If the
        # chat's state changed in between, the step is run again inside it.
        before = self.store.load_state(chat_key)
        state = self._state(chat_key, language_code, before)
        turn = run(state)
        with self.store.transaction(chat_key) as db:
            if self.store.load_state(chat_key) != before:
                state = self._state(chat_key, language_code)
                turn = run(state)
            for logged in turn.logged:
                state.logged_id = self.store.log_ruling(
                    db, chat_key, edition=logged.edition, description=logged.description,
                    facts=logged.facts, ruling=logged.ruling,
                    replaces=state.logged_id or None,
                )
            self.store.save_state(db, chat_key, state.to_json())
            _to_sink(db, chat_key, turn.replies)
        return turn.replies

    def _state(self, chat_key: str, language_code: str | None,
               stored: dict[str, Any] | None = None) -> ChatState:
        if stored is None:
            stored = self.store.load_state(chat_key)
        if stored is not None:
            try:
                return ChatState.from_json(stored, edition=self.engine.edition)
            except (KeyError, TypeError, ValueError, AttributeError):
                # A row from an older or damaged version: start the chat afresh
                # rather than failing on every message.
                log.warning("chat state unreadable, started afresh")
        return self.engine.new_state(language_code)

    def text(self, chat_key: str, text: str, language_code: str | None = None) -> list[Reply]:
        """A typed message, or a voice note's transcript."""
        text = _clean(text)
        return self._step(chat_key, language_code, lambda s: self.engine.text(s, text))

    def answer(self, chat_key: str, value: object) -> list[Reply]:
        return self._step(chat_key, None, lambda s: self.engine.answer(s, value))

    def button(self, chat_key: str, data: str, language_code: str | None = None) -> list[Reply]:
        data = _clean(data)
        if data.startswith((FORGET, KEEP)):
            return self._confirm_forget(chat_key, data, language_code)
        return self._step(chat_key, language_code, lambda s: self.engine.button(s, data))

    def reset(self, chat_key: str, language_code: str | None = None) -> None:
        """Forget the chat's conversation (not its ruling log)."""
        with self.store.transaction(chat_key) as db:
            self.store.save_state(db, chat_key, self.engine.new_state(language_code).to_json())

    def drop(self, chat_key: str) -> None:
        """The conversation is over for good (a ``chat --jsonl`` run ended): its
        state goes, its ruling log stays."""
        with self.store.transaction(chat_key) as db:
            self.store.drop_state(db, chat_key)

    def language(self, chat_key: str, language_code: str | None = None) -> str:
        """The chat's language; for a chat not seen yet, the user's own
        (``language_code``, Telegram's) when it is French or English."""
        stored = self.store.load_state(chat_key)
        if stored:
            lang = stored.get("lang")
            if isinstance(lang, str):
                return normalise_language(lang)
        return normalise_language(language_code)

    def command(self, chat_key: str, name: str, argument: str | None = None,
                language_code: str | None = None) -> list[Reply]:
        """``/name argument``; unknown names get the help."""
        step = COMMANDS.get(name.lower(), "help")
        argument = _clean(argument) if argument is not None else None
        if step == "history":
            return self._history(chat_key, language_code)
        if step == "forget":
            return self._ask_forget(chat_key, language_code)
        engine = self.engine

        def run(state: ChatState) -> Turn:
            if step == "start":
                return engine.start(state, argument)
            if step == "law":
                return engine.law(state, argument)
            if step == "language":
                return engine.set_language(state, argument)
            if step == "edition":
                return engine.set_edition(state, argument)
            if step == "cancel":
                return engine.cancel(state)
            if step == "details":
                return engine.details_step(state)
            return engine.help(state)

        return self._step(chat_key, language_code, run)

    def _ask_forget(self, chat_key: str, language_code: str | None) -> list[Reply]:
        """/oublier: say what would be erased, and ask for a confirmation."""
        with self.store.transaction(chat_key) as db:
            stored = self.store.load_state(chat_key)
            rulings = self.store.count_rulings(chat_key)
            if stored is None and rulings == 0:  # nothing kept: nothing to create either
                t = translator(normalise_language(language_code))
                return _to_sink(db, chat_key,
                                [Reply(t.gettext("I keep nothing about this chat."))])
            state = self._state(chat_key, language_code)
            state.qid += 1  # the serial ties the buttons to this request only
            state.forget_qid = state.qid
            self.store.save_state(db, chat_key, state.to_json())
            t = translator(state.lang)
            text = t.ngettext(
                "Erase this chat's conversation and its {count} logged ruling? Everyone in the "
                "chat loses them, and it cannot be undone.",
                "Erase this chat's conversation and its {count} logged rulings? Everyone in the "
                "chat loses them, and it cannot be undone.", rulings).format(count=rulings)
            return _to_sink(db, chat_key, [Reply(text, actions=(
                Action(t.gettext("Erase"), f"{FORGET}{state.qid}"),
                Action(t.gettext("Keep"), f"{KEEP}{state.qid}")))])

    def _confirm_forget(self, chat_key: str, data: str,
                        language_code: str | None) -> list[Reply]:
        """The answer to the confirmation: erase, or keep; a stale or forged
        button changes nothing."""
        erase = data.startswith(FORGET)
        serial = data.split(":", 1)[1]
        with self.store.transaction(chat_key) as db:
            state = self._state(chat_key, language_code)
            t = translator(state.lang)
            if not state.forget_qid or serial != str(state.forget_qid):
                return _to_sink(db, chat_key,
                                [Reply(t.gettext("That button is no longer in use."))])
            if not erase:
                state.forget_qid = 0
                self.store.save_state(db, chat_key, state.to_json())
                return _to_sink(db, chat_key, [Reply(t.gettext("Nothing was erased."))])
            erased = self.store.forget(db, chat_key)
            settings = self._settings(state)
            if settings is not None:
                # The language and edition the chat chose are settings, not the
                # conversation: an English chat stays English after /forget.
                self.store.save_state(db, chat_key, settings.to_json())
                text = t.ngettext(
                    "Erased: this chat's conversation and {count} ruling. I keep only the "
                    "language and edition chosen for this chat.",
                    "Erased: this chat's conversation and {count} rulings. I keep only the "
                    "language and edition chosen for this chat.", erased).format(count=erased)
            else:
                text = t.ngettext(
                    "Erased: this chat's conversation and {count} ruling. I keep nothing more "
                    "about this chat.",
                    "Erased: this chat's conversation and {count} rulings. I keep nothing more "
                    "about this chat.", erased).format(count=erased)
            replies = _to_sink(db, chat_key, [Reply(text)])
        self.store.checkpoint()  # no copy of the erased rows left in the write-ahead log
        log.info("a chat erased its conversation and %d rulings", erased)
        return replies

    def _settings(self, state: ChatState) -> ChatState | None:
        """The chat's chosen settings alone, or None when it chose none."""
        if not state.lang_pinned and state.edition == self.engine.edition:
            return None
        return ChatState(lang=state.lang, lang_pinned=state.lang_pinned, edition=state.edition)

    def purge_expired(self, days: int) -> tuple[int, int]:
        """Erase what is older than the retention period; (states, rulings) erased."""
        states, rulings = self.store.purge(days)
        if states or rulings:
            log.info("retention: erased %d idle chats and %d rulings older than %d days",
                     states, rulings, days)
        return states, rulings

    def _history(self, chat_key: str, language_code: str | None) -> list[Reply]:
        state = self._state(chat_key, language_code)
        entries = self.store.recent_rulings(chat_key, limit=50)
        return history_replies(entries, state.lang, self.store.now())


def _clean(text: str) -> str:
    """``text`` as UTF-8 can hold it: a lone surrogate (possible in JSON input)
    would make the step fail when it is saved."""
    return text.encode("utf-8", "replace").decode("utf-8")


def open_conversations(
    db_path: str | Path | None = None,
    *,
    edition: str | None = None,
    clock: Clock = system_clock,
    classify: Callable[[str], Any] | None = None,
) -> Conversations:
    """The engine on the project's understanding and a store at ``db_path``
    (default: ``ARBITRE_DB`` or the user's data directory)."""
    if classify is None:
        from bot.understanding import classify as understand  # the project's understanding

        classify = understand
    if edition is None:
        edition = os.environ.get("ARBITRE_EDITION", "2017").strip() or "2017"
    store = open_store(db_path if db_path is not None else default_db(), clock=clock)
    return Conversations(Engine(classify, edition=edition), store)
