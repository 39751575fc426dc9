"""Who the bot answers and what it forgets, end to end through the fake Bot
API: the per-user rate limit, the chat allowlist, /oublier (/forget) with its
confirmation button, groups; plus the gate's own clock-driven rules and the
settings that configure them."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import Store
from bot.telegram.app import COMMAND_MENUS
from bot.telegram.gate import WINDOW_SECONDS, Gate, Verdict
from bot.telegram.settings import DEFAULT_PER_MINUTE, Settings, SettingsError
from tests.fakes.bot_api import BOT_USERNAME, TOKEN, ApiCall
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import buttons as _buttons
from tests.fakes.reading import sent_texts as _texts
from tests.fakes.updates import (
    callback_update,
    group_chat,
    private_chat,
    sticker_update,
    text_update,
    user,
)

INCIDENT = "Est a dit 1♥ sur mon 1♠"
Factory = Callable[..., TelegramHarness]


@pytest.fixture
async def harnesses(tmp_path: Path) -> AsyncIterator[Factory]:
    started: list[TelegramHarness] = []

    def make(**settings: object) -> TelegramHarness:
        harness = TelegramHarness(tmp_path / f"bot{len(started)}.sqlite3", **settings)
        started.append(harness)
        return harness

    yield make
    for harness in started:
        await harness.close()




async def _say(bot: TelegramHarness, chat: dict[str, object], text: str, user_id: int,
               lang: str = "fr") -> list[ApiCall]:
    return await bot.send(text_update(bot.next_id(), chat, text,
                                      sender=user(user_id, language_code=lang)))


def _rows(bot: TelegramHarness, table: str, chat_id: int) -> int:
    with sqlite3.connect(bot.db_path) as db:
        return int(db.execute(f"SELECT COUNT(*) FROM {table} WHERE chat_key = ?",  # noqa: S608
                              (f"tg:{chat_id}",)).fetchone()[0])


# --- the rate limit -------------------------------------------------------------------------


async def test_over_the_limit_a_user_gets_one_polite_answer_then_silence(
        harnesses: Factory) -> None:
    bot = harnesses(per_minute=3)
    await bot.start()
    chat = private_chat(500)
    for _ in range(3):
        assert _texts(await _say(bot, chat, "/aide", 500, "en"))
    (polite,) = _texts(await _say(bot, chat, INCIDENT, 500, "en"))
    assert "at most 3 messages a minute" in polite
    assert await _say(bot, chat, INCIDENT, 500) == []
    assert await bot.send(sticker_update(bot.next_id(), chat, sender=user(500))) == []
    assert _rows(bot, "chat_state", 500) == 1  # the limited messages changed nothing
    # A press is acknowledged with a notice, not a message.
    press = await bot.send(callback_update(bot.next_id(), chat, {"message_id": 1, "date": 1},
                                           "a:1:0", sender=user(500)))
    assert [c.method for c in press] == ["answerCallbackQuery"]
    assert "minute" in str(press[0].params.get("text"))
    # Someone else is not held back by it.
    assert _texts(await _say(bot, private_chat(501), "/aide", 501))


async def test_in_a_group_the_limit_is_per_person(harnesses: Factory) -> None:
    bot = harnesses(per_minute=2)
    await bot.start()
    group = group_chat(-510)
    mention = f"@{BOT_USERNAME} {INCIDENT}"
    assert _texts(await _say(bot, group, mention, 510))
    assert await _say(bot, group, "bavardage sans le bot", 510) == []  # not for the bot:
    assert _texts(await _say(bot, group, "/aide", 510))  # ... and not counted either
    (polite,) = _texts(await _say(bot, group, "/aide", 510))
    assert "au plus 2 messages par minute" in polite
    assert _texts(await _say(bot, group, "/aide", 511))


def test_the_window_slides_and_idle_users_are_forgotten() -> None:
    now = [0.0]
    gate = Gate(per_minute=2, clock=lambda: now[0])
    assert [gate.user(1) for _ in range(4)] == [
        Verdict.ANSWER, Verdict.ANSWER, Verdict.REFUSE, Verdict.SILENT]
    now[0] = WINDOW_SECONDS - 1
    assert gate.user(1) is Verdict.SILENT
    now[0] = WINDOW_SECONDS  # the two answered messages leave the window
    assert [gate.user(1) for _ in range(3)] == [
        Verdict.ANSWER, Verdict.ANSWER, Verdict.REFUSE]  # told again: a new burst
    now[0] = 10 * WINDOW_SECONDS
    for other in range(2, 1002):  # a sweep runs every thousand checks
        gate.user(other)
    assert 1 not in gate._recent
    assert Gate(per_minute=0).user(1) is Verdict.ANSWER


# --- the allowlist ---------------------------------------------------------------------------


async def test_other_chats_get_one_refusal_then_silence(harnesses: Factory) -> None:
    bot = harnesses(allowed_chats=frozenset({600, -602}))
    await bot.start()
    assert _texts(await _say(bot, private_chat(600), "/aide", 600))
    stranger = private_chat(601)
    (refusal,) = _texts(await _say(bot, stranger, INCIDENT, 601, "en"))
    assert "only in the chats its operator allowed" in refusal and "601" in refusal
    assert await _say(bot, stranger, "/start", 601) == []
    assert await bot.send(sticker_update(bot.next_id(), stranger, sender=user(601))) == []
    press = await bot.send(callback_update(bot.next_id(), stranger,
                                           {"message_id": 1, "date": 1}, "a:1:0"))
    assert [c.method for c in press] == ["answerCallbackQuery"]
    assert _rows(bot, "chat_state", 601) == 0  # nothing kept about a stranger
    # A group not allowed: silence until addressed, then one refusal.
    group = group_chat(-603)
    assert await _say(bot, group, INCIDENT, 603) == []
    assert len(_texts(await _say(bot, group, f"@{BOT_USERNAME} bonjour", 603))) == 1
    assert await _say(bot, group, f"@{BOT_USERNAME} bonjour", 603) == []
    assert _texts(await _say(bot, group_chat(-602), f"@{BOT_USERNAME} {INCIDENT}", 604))


# --- /oublier ----------------------------------------------------------------------------------


async def test_forget_through_telegram_with_a_confirmation(harnesses: Factory) -> None:
    bot = harnesses()
    await bot.start()
    chat = private_chat(700)
    first = await _say(bot, chat, INCIDENT + ", Sud refuse", 700)
    assert _rows(bot, "ruling_log", 700) == 1
    await _say(bot, private_chat(701), INCIDENT + ", Sud refuse", 701)
    (asked,) = [c for c in await _say(bot, chat, "/oublier", 700) if c.method == "sendMessage"]
    assert [label for label, _ in _buttons(asked)] == ["Effacer", "Garder"]
    assert first and _rows(bot, "ruling_log", 700) == 1  # asked, not yet erased
    erase = _buttons(asked)[0][1]
    done = await bot.send(callback_update(bot.next_id(), chat, bot.message_dict(asked, 50),
                                          erase, sender=user(700)))
    assert any(c.method == "editMessageReplyMarkup" and not c.params.get("reply_markup")
               for c in done)  # the buttons are retired
    assert "Effacé" in _texts(done)[0]
    assert _rows(bot, "ruling_log", 700) == 0 and _rows(bot, "chat_state", 700) == 0
    assert _rows(bot, "ruling_log", 701) == 1  # another chat keeps its own
    again = await bot.send(callback_update(bot.next_id(), chat, bot.message_dict(asked, 50),
                                           erase, sender=user(700)))
    assert _texts(again) == ["Ce bouton n'est plus utilisé."]
    assert _rows(bot, "chat_state", 700) == 0  # a spent button creates nothing either
    (english,) = _texts(await _say(bot, private_chat(702), "/forget", 702, "en"))
    assert english == "I keep nothing about this chat."


async def test_the_commands_menus_offer_forget_in_both_languages(harnesses: Factory) -> None:
    bot = harnesses()
    await bot.start()
    assert ("oublier" in dict(COMMAND_MENUS["fr"])) and ("forget" in dict(COMMAND_MENUS["en"]))
    menus = {str(c.params.get("language_code", "")): c.params["commands"]
             for c in bot.fake.calls_to("setMyCommands")}
    assert any(c["command"] == "oublier" and "Effacer" in c["description"] for c in menus["fr"])
    assert any(c["command"] == "forget" and "Erase" in c["description"] for c in menus["en"])


# --- settings ------------------------------------------------------------------------------------


def test_gate_and_retention_settings_from_the_environment() -> None:
    base = {"TELEGRAM_BOT_TOKEN": TOKEN}
    default = Settings.from_env(base)
    assert default.allowed_chats is None and default.per_minute == DEFAULT_PER_MINUTE == 20
    assert default.retention_days == 365
    configured = Settings.from_env({**base, "ARBITRE_ALLOWED_CHATS": " -1001, 42 ,",
                                    "ARBITRE_MAX_MESSAGES_PER_MINUTE": "0",
                                    "ARBITRE_RETENTION_DAYS": "90"})
    assert configured.allowed_chats == frozenset({-1001, 42})
    assert configured.per_minute == 0 and configured.retention_days == 90


@pytest.mark.parametrize(("variable", "value"), [
    ("ARBITRE_ALLOWED_CHATS", "club,42"),
    ("ARBITRE_MAX_MESSAGES_PER_MINUTE", "-1"),
    ("ARBITRE_MAX_MESSAGES_PER_MINUTE", "lots"),
    ("ARBITRE_RETENTION_DAYS", "0"),
    ("ARBITRE_EDITION", "1997"),
])
def test_unusable_gate_settings_name_the_variable(variable: str, value: str) -> None:
    with pytest.raises(SettingsError, match=variable):
        Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, variable: value})


async def test_the_bot_purges_expired_rulings_as_it_starts(harnesses: Factory,
                                                           tmp_path: Path) -> None:
    bot = harnesses(retention_days=30)
    long_ago = datetime.now(UTC) - timedelta(days=31)
    store = Store(bot.db_path, clock=lambda: long_ago)
    with store.transaction() as db:
        store.save_state(db, "tg:800", {"lang": "fr"})
        store.log_ruling(db, "tg:800", edition="2017", description="il y a longtemps",
                         facts={}, ruling={})
    store.close()
    await bot.start()
    deadline = time.monotonic() + 10
    while _rows(bot, "ruling_log", 800) and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    assert _rows(bot, "ruling_log", 800) == 0 and _rows(bot, "chat_state", 800) == 0
