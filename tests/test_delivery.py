"""Delivery you can trust (bot/telegram/sender.py, the inbox in polling.py):
replies written to the outbox with the step and sent until Telegram
confirms (5xx, resets, 429 with retry_after), a failed edit falls back to a
new message, a restart sends what was committed but not delivered, once; an
update received is handled once, even across a crash; one busy group never
makes a private chat wait. On each store back end (SQLite, PostgreSQL)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.store_api import open_store
from tests.fakes.bot_api import BOT_USERNAME, ApiCall
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import buttons, sent_texts
from tests.fakes.updates import (
    callback_update,
    group_chat,
    private_chat,
    sticker_update,
    text_update,
    user,
)
from tests.support.pg_server import count_rows

INCIDENT = "Est a dit 1♥ sur mon 1♠"
Fault = Callable[[str, dict[str, Any]], tuple[int, dict[str, Any]] | None]


def _failing(method: str, times: int, status: int = 500, **extra: Any) -> Fault:
    """``method`` fails ``times`` times with ``status``, then works."""
    left = [times]

    def fault(called: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        if called != method or left[0] <= 0:
            return None
        left[0] -= 1
        return status, {"ok": False, "error_code": status, "description": "injected",
                        **extra}

    return fault


@pytest.fixture
async def harness(db_target: str | Path) -> AsyncIterator[TelegramHarness]:
    bot = TelegramHarness(db_target)
    await bot.start()
    yield bot
    await bot.close()


def _outbox(bot: TelegramHarness) -> int:
    """Replies not yet delivered, as the database holds them."""
    return count_rows(bot.db_path, "outbox")


async def _until(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def _say(bot: TelegramHarness, chat_id: int, text: str) -> list[ApiCall]:
    return await bot.send(text_update(bot.next_id(), private_chat(chat_id), text,
                                      sender=user(chat_id)))


@pytest.mark.parametrize("fault", [
    _failing("sendMessage", 2, 500),
    _failing("sendMessage", 1, 502),
    _failing("sendMessage", 1, 429, parameters={"retry_after": 1}),
])
async def test_a_reply_survives_api_errors_and_comes_once(harness: TelegramHarness,
                                                          fault: Fault) -> None:
    harness.fake.override = fault
    calls = await _say(harness, 41, INCIDENT)
    texts = [t for t in sent_texts(calls)]
    assert len(texts) == 1 and "Enchère insuffisante" in texts[0]
    assert _outbox(harness) == 0


async def test_retry_after_is_honoured(harness: TelegramHarness) -> None:
    harness.fake.override = _failing("sendMessage", 1, 429, parameters={"retry_after": 2})
    started = time.monotonic()
    calls = await _say(harness, 42, "/aide")
    assert sent_texts(calls) and time.monotonic() - started >= 2.0


async def test_a_failed_edit_becomes_a_new_message_and_the_user_goes_on(
        harness: TelegramHarness) -> None:
    asked = [c for c in await _say(harness, 43, INCIDENT) if c.method == "sendMessage"][-1]
    harness.fake.override = _failing("editMessageText", 5, 400)  # "message to edit not found"
    _, data = buttons(asked)[0]
    calls = await harness.send(callback_update(harness.next_id(), private_chat(43),
                                               harness.message_dict(asked, 9), data,
                                               sender=user(43)))
    # The press would turn the question into the card; the edit failing, the
    # card comes as a new message: the user is not left with "Sorry" or nothing.
    assert not [c for c in calls if c.method == "editMessageText"]
    assert any(text.startswith("⚖️") for text in sent_texts(calls))
    assert _outbox(harness) == 0


async def test_a_restart_sends_what_was_committed_but_not_delivered_once(
        harness: TelegramHarness) -> None:
    harness.wait_delivery = False
    harness.fake.override = lambda method, params: (
        (503, {"ok": False, "error_code": 503, "description": "down"})
        if method == "sendMessage" else None)
    await _say(harness, 44, INCIDENT)
    await _until(lambda: _outbox(harness) == 1)
    await harness.stop()  # the process ends with the reply still undelivered
    harness.fake.override = None
    mark = harness.fake.mark()
    await harness.start()
    await _until(lambda: _outbox(harness) == 0)
    delivered = [c for c in harness.fake.calls[mark:] if c.method == "sendMessage"]
    assert len(delivered) == 1 and "Enchère insuffisante" in str(delivered[0].params["text"])


async def test_an_update_received_but_not_handled_is_handled_after_a_restart(
        harness: TelegramHarness) -> None:
    await harness.stop()
    update = text_update(9001, private_chat(45), INCIDENT, sender=user(45))
    store = open_store(harness.db_path)  # received, confirmed, then a crash
    assert store.record_update(9001, update)
    store.close()
    mark = harness.fake.mark()
    await harness.start()
    await _until(lambda: any(c.method == "sendMessage" and c.params.get("chat_id") in (45, "45")
                             for c in harness.fake.calls[mark:]))
    # Telegram sending it again (its confirmation lost) does not make a second answer.
    harness.wait_delivery = False
    harness.fake.push(update)
    await asyncio.sleep(1.5)
    answers = [c for c in harness.fake.calls[mark:] if c.method == "sendMessage"
               and str(c.params.get("chat_id")) == "45"]
    assert len(answers) == 1


async def test_a_busy_group_never_makes_a_private_chat_wait(db_target: str | Path) -> None:
    """Two handler slots; a group floods the bot past Telegram's per-group
    limit (20 a minute, AIORateLimiter): the private chat is answered at once."""
    bot = TelegramHarness(db_target, concurrency=2, wait_delivery=False)
    await bot.start()
    try:
        group = group_chat(-4000)
        for member in range(40):
            bot.fake.push(text_update(bot.next_id(), group, f"@{BOT_USERNAME} /aide",
                                      sender=user(5000 + member)))
        await _until(lambda: len([c for c in bot.fake.calls_to("sendMessage")
                                  if str(c.params.get("chat_id")) == "-4000"]) >= 20)
        started = time.monotonic()
        bot.fake.push(text_update(bot.next_id(), private_chat(46), "/aide", sender=user(46)))
        await _until(lambda: any(str(c.params.get("chat_id")) == "46"
                                 for c in bot.fake.calls_to("sendMessage")), timeout=20)
        waited = time.monotonic() - started
        assert waited < 3.0, f"the private chat waited {waited:.1f} s behind the group"
    finally:
        await bot.close()


async def test_a_reply_no_step_wrote_marks_its_update_handled_with_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint (here: to a sticker) is written to the outbox in one transaction
    with the mark that its update is handled: a crash right after (before the
    end-of-update mark) does not make a restart answer it again."""
    from bot.telegram.handlers import ArbitreHandlers

    async def crashed_before_the_end(*_: object) -> None:
        return None

    monkeypatch.setattr(ArbitreHandlers, "on_handled", crashed_before_the_end)
    bot = TelegramHarness(tmp_path / "hint.sqlite3", wait_delivery=False)
    await bot.start()
    try:
        bot.fake.override = lambda method, params: (
            (503, {"ok": False, "error_code": 503, "description": "down"})
            if method == "sendMessage" else None)
        await bot.send(sticker_update(bot.next_id(), private_chat(47), sender=user(47)))
        await _until(lambda: _outbox(bot) == 1)
        await bot.stop()
        with sqlite3.connect(bot.db_path) as db:  # no payload left to replay
            assert db.execute("SELECT COUNT(*) FROM inbox WHERE handled = 0").fetchone() == (0,)
        bot.fake.override = None
        mark = bot.fake.mark()
        await bot.start()
        await _until(lambda: _outbox(bot) == 0)
        await asyncio.sleep(1.0)
        answers = [c for c in bot.fake.calls[mark:] if c.method == "sendMessage"
                   and str(c.params.get("chat_id")) == "47"]
        assert len(answers) == 1
    finally:
        await bot.close()


async def test_a_message_telegram_answers_late_is_not_sent_again(
        harness: TelegramHarness) -> None:
    """Telegram takes the message but answers after 6 s (past PTB's default
    5 s wait): the sender waits for the answer instead of sending it again."""
    slow = [True]

    def late(method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        if method == "sendMessage" and slow[0]:
            slow[0] = False
            return 200, {"__fault__": "slow", "seconds": 6.0}
        return None

    harness.fake.override = late
    harness.wait_delivery = False
    await _say(harness, 48, INCIDENT)
    await _until(lambda: _outbox(harness) == 0, timeout=20)
    await asyncio.sleep(1.5)  # a late copy, had one been sent, is taken by now
    answers = [c for c in harness.fake.calls_to("sendMessage")
               if str(c.params.get("chat_id")) == "48"]
    assert len(answers) == 1


async def test_an_edit_whose_confirmation_a_crash_lost_is_not_shown_twice(
        harness: TelegramHarness) -> None:
    """A press turned the question into the card; Telegram took the edit, the
    process died before marking it delivered. The next process edits again:
    Telegram's 'message is not modified' proves the card is shown, the row
    goes, and no second card comes as a new message."""
    asked = [c for c in await _say(harness, 49, INCIDENT) if c.method == "sendMessage"][-1]
    message_id = max(key[1] for key in harness.fake._shown if key[0] == 49)
    _, data = buttons(asked)[0]
    calls = await harness.send(callback_update(harness.next_id(), private_chat(49),
                                               harness.message_dict(asked, message_id), data,
                                               sender=user(49)))
    (edit,) = [c for c in calls if c.method == "editMessageText"]
    await harness.stop()
    row = {"method": "editMessageText", "message_id": message_id,
           "text": edit.params["text"], "parse_mode": edit.params.get("parse_mode"),
           "reply_markup": edit.params.get("reply_markup"), "fallback": "send"}
    store = open_store(harness.db_path)  # the delivered mark a kill -9 lost
    with store.transaction() as db:
        store.enqueue(db, 49, row)
    store.close()
    mark = harness.fake.mark()
    await harness.start()
    await _until(lambda: _outbox(harness) == 0)
    again = [c for c in harness.fake.calls[mark:] if str(c.params.get("chat_id")) == "49"]
    assert [c.method for c in again] == ["editMessageText"]  # answered 'not modified'
