"""A crash loses nothing already ruled: a real ``arbitre telegram`` process,
polling the fake Bot API, is killed with SIGKILL in the middle of a burst of
conversations; the database is checked as the crash left it; a new process
then resumes the conversation that was waiting for an answer and finishes
it. Every ruling a user saw is in the log, before and after the restart.

Each step is committed before its replies are sent (bot.dialogue.session),
so "seen by the user" implies "in the log". Updates the dead process had
not confirmed are delivered again to the new one, as Telegram does. (Updates
it had fetched, and so confirmed, but not handled yet are lost with it: those
users got no answer and write again; nothing ruled is lost.)

On each store back end: an SQLite file, and a PostgreSQL database (where the
killed process's transactions die with its connections).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bot.store_api import is_database_url
from tests.fakes.bot_api import TOKEN, ApiCall, FakeBotApi
from tests.fakes.reading import shown_text
from tests.fakes.updates import callback_update, private_chat, text_update, user

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30.0
BURST_CHATS = 15
WAITING_CHAT = 1000



class Bot:
    """``arbitre telegram`` in a subprocess; always killed at teardown."""

    def __init__(self, fake: FakeBotApi, db: Path | str, tmp: Path) -> None:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("ARBITRE_", "TELEGRAM_"))}
        env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url,
                   TELEGRAM_API_BASE_FILE_URL=fake.base_file_url, ARBITRE_DB=str(db),
                   # No speech model: nothing to load at start (text is what this tests).
                   ARBITRE_STT_MODEL=str(tmp / "no-model"), ARBITRE_LOG_LEVEL="WARNING")
        self.process = subprocess.Popen([sys.executable, "-m", "bot", "telegram"], cwd=ROOT,
                                        env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.communicate(timeout=TIMEOUT)


def _until(condition: Callable[[], bool], what: str, bot: Bot) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if bot.process.poll() is not None:
            raise AssertionError(f"the bot exited before {what}: {bot.process.stderr}")
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.005)


def _sent(fake: FakeBotApi, chat_id: int) -> list[ApiCall]:
    return [c for c in fake.calls_to("sendMessage") if str(c.params.get("chat_id")) ==
            str(chat_id)]


def _rulings_seen(fake: FakeBotApi) -> dict[int, int]:
    """Per chat, how many incidents the bot has shown a ruling for (the card
    starts with ⚖️; a press edits the question's message into it). Each chat
    here has one incident: a later ruling on it (the offender's choice typed
    after the options) replaces the earlier one in the log, and a message in
    flight when the process was killed is sent again by the next one (the Bot
    API has no idempotency key), so several cards count as one."""
    return {int(call.params["chat_id"]): 1
            for call in fake.calls_to("sendMessage") + fake.calls_to("editMessageText")
            if shown_text(call).startswith("⚖️")}


def _log(db: Path | str) -> dict[int, str]:
    """The ruling log as the database holds it: id -> chat."""
    if is_database_url(db):
        import psycopg

        with psycopg.connect(str(db)) as pg:
            return {int(i): str(c) for i, c in pg.execute("SELECT id, chat_key FROM ruling_log")}
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return {int(i): str(c) for i, c in
                connection.execute("SELECT id, chat_key FROM ruling_log")}


def _per_chat(log: dict[int, str]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for chat in log.values():
        counts[int(chat.split(":")[1])] = counts.get(int(chat.split(":")[1]), 0) + 1
    return counts


def test_sigkill_mid_conversation_loses_nothing_ruled(fake: FakeBotApi, db_target: Path | str,
                                                      tmp_path: Path) -> None:
    db = db_target
    first = Bot(fake, db, tmp_path)
    second: Bot | None = None
    try:
        assert fake.wait_polling(TIMEOUT), "the bot never polled"
        # One chat is left waiting for an answer.
        waiting = private_chat(WAITING_CHAT)
        update_id = fake.next_update_id()
        fake.push(text_update(update_id, waiting, "Ouest a dit 1♥ sur mon 1♠",
                              sender=user(WAITING_CHAT, "fr")))
        _until(lambda: bool(_sent(fake, WAITING_CHAT)), "the question", first)
        question = _sent(fake, WAITING_CHAT)[-1]
        assert fake.wait_polling(TIMEOUT, offset=update_id + 1)  # confirmed
        # A burst of conversations, each ruled twice; killed part way through.
        last = 0
        for step in ("Est a dit 1♥ sur mon 1♠, Sud refuse", "3"):
            for chat in range(1, BURST_CHATS + 1):
                last = fake.next_update_id()
                fake.push(text_update(last, private_chat(chat), step,
                                      sender=user(chat, "fr")))
        _until(lambda: sum(_rulings_seen(fake).values()) >= 5, "a few rulings", first)
        first.kill()
        assert first.process.returncode == -signal.SIGKILL

        # As the crash left it: consistent, and holding every ruling a user saw.
        seen = _rulings_seen(fake)
        after_crash = _log(db)
        for chat, count in seen.items():
            assert _per_chat(after_crash).get(chat, 0) >= count, (chat, count)

        second = Bot(fake, db, tmp_path)
        # What the dead process never confirmed is delivered again, and handled.
        assert fake.wait_polling(TIMEOUT, offset=last + 1)
        buttons = [b for row in question.params["reply_markup"]["inline_keyboard"] for b in row]
        answer = next(b["callback_data"] for b in buttons if "Non" in b["text"])
        message = {"message_id": 1, "date": int(time.time()), "text": question.params["text"],
                   "reply_markup": question.params["reply_markup"]}
        fake.push(callback_update(fake.next_update_id(), waiting, message, answer,
                                  sender=user(WAITING_CHAT, "fr")))
        _until(lambda: _rulings_seen(fake).get(WAITING_CHAT, 0) >= 1,
               "the ruling that finishes the waiting conversation", second)
        card = next(shown_text(c) for c in fake.calls_to("editMessageText")
                    if shown_text(c).startswith("⚖️")
                    and str(c.params["chat_id"]) == str(WAITING_CHAT))
        assert "Ouest" in card
        # Every burst chat asks for its history: it lists every ruling it was shown.
        mark = fake.mark()
        for chat in range(1, BURST_CHATS + 1):
            fake.push(text_update(fake.next_update_id(), private_chat(chat), "/historique",
                                  sender=user(chat, "fr")))

        def histories() -> dict[int, str]:
            answers: dict[int, str] = {}
            for call in fake.calls[mark:]:
                chat = int(call.params.get("chat_id", 0) or 0)
                if call.method == "sendDocument":
                    answers[chat] = call.files["document"][1].decode("utf-8")
                elif call.method == "sendMessage" and "Aucune décision" in str(
                        call.params.get("text")):
                    answers[chat] = ""
            return answers

        _until(lambda: len(histories()) == BURST_CHATS, "every chat's history", second)
        seen = _rulings_seen(fake)
        # Nothing fetched before the kill is lost (the inbox): every chat got its ruling.
        assert set(range(1, BURST_CHATS + 1)) <= set(seen), seen
        for chat, history in histories().items():
            listed = [line for line in history.splitlines() if line[:1].isdigit()]
            assert len(listed) >= seen.get(chat, 0), (chat, history)
    finally:
        first.kill()
        if second is not None:
            second.kill()
    final = _log(db)
    assert set(after_crash) <= set(final)  # no ruling lost across the restart
    assert all(final[i] == chat for i, chat in after_crash.items())
    counts = _per_chat(final)
    assert counts.get(WAITING_CHAT) == 1
    for chat, count in _rulings_seen(fake).items():
        assert counts.get(chat, 0) >= count
