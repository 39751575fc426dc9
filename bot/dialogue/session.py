"""One dialogue step as one transaction: load the chat's state, run the
engine, save the state and log the rulings, together or not at all.

Front ends (Telegram, the console) talk to ``Conversations`` only.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.store import Clock, Store, default_db_path, system_clock

from .engine import Engine, Turn
from .history import history_replies
from .replies import Reply
from .state import ChatState

__all__ = ["Conversations", "COMMANDS", "open_conversations"]

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
}


class Conversations:
    def __init__(self, engine: Engine, store: Store) -> None:
        self.engine = engine
        self.store = store

    def _step(self, chat_key: str, language_code: str | None,
              run: Callable[[ChatState], Turn]) -> list[Reply]:
        with self.store.transaction() as db:
            stored = self.store.load_state(chat_key)
            if stored is None:
                state = self.engine.new_state(language_code)
            else:
                state = ChatState.from_json(stored, edition=self.engine.edition)
            turn = run(state)
            self.store.save_state(db, chat_key, state.to_json())
            for logged in turn.logged:
                self.store.log_ruling(
                    db, chat_key, edition=logged.edition, description=logged.description,
                    facts=logged.facts, ruling=logged.ruling,
                )
        return turn.replies

    def text(self, chat_key: str, text: str, language_code: str | None = None) -> list[Reply]:
        """A typed message, or a voice note's transcript."""
        return self._step(chat_key, language_code, lambda s: self.engine.text(s, text))

    def answer(self, chat_key: str, value: object) -> list[Reply]:
        return self._step(chat_key, None, lambda s: self.engine.answer(s, value))

    def button(self, chat_key: str, data: str, language_code: str | None = None) -> list[Reply]:
        return self._step(chat_key, language_code, lambda s: self.engine.button(s, data))

    def reset(self, chat_key: str, language_code: str | None = None) -> None:
        """Forget the chat's conversation (not its ruling log)."""
        with self.store.transaction() as db:
            self.store.save_state(db, chat_key, self.engine.new_state(language_code).to_json())

    def language(self, chat_key: str) -> str:
        stored = self.store.load_state(chat_key)
        return ChatState.from_json(stored).lang if stored else "fr"

    def command(self, chat_key: str, name: str, argument: str | None = None,
                language_code: str | None = None) -> list[Reply]:
        """``/name argument``; unknown names get the help."""
        step = COMMANDS.get(name.lower(), "help")
        if step == "history":
            return self._history(chat_key, language_code)
        engine = self.engine

        def run(state: ChatState) -> Turn:
            if step == "start":
                return engine.start(state)
            if step == "law":
                return engine.law(state, argument)
            if step == "language":
                return engine.set_language(state, argument)
            if step == "edition":
                return engine.set_edition(state, argument)
            if step == "cancel":
                return engine.cancel(state)
            return engine.help(state)

        return self._step(chat_key, language_code, run)

    def _history(self, chat_key: str, language_code: str | None) -> list[Reply]:
        stored = self.store.load_state(chat_key)
        state = (ChatState.from_json(stored) if stored
                 else self.engine.new_state(language_code))
        entries = self.store.recent_rulings(chat_key, limit=50)
        return history_replies(entries, state.lang, self.store.now())


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
    store = Store(db_path if db_path is not None else default_db_path(), clock=clock)
    return Conversations(Engine(classify, edition=edition), store)
