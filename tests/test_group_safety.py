"""Group safety: in a group, /oublier (/forget) erases the group's log only
for its administrators, checked with Telegram (getChatMember) at the command
and again at the press, and only the administrator who asked may press the
confirmation."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fakes.bot_api import BOT_USERNAME, ApiCall
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import buttons, sent_texts
from tests.fakes.updates import callback_update, group_chat, private_chat, text_update, user

GROUP = -900
OWNER, ADMIN, MEMBER = 901, 902, 903
INCIDENT = f"@{BOT_USERNAME} Est a dit 1♥ sur mon 1♠, Sud refuse"


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TelegramHarness]:
    harness = TelegramHarness(tmp_path / "groups.sqlite3")
    harness.fake.set_admins(GROUP, owner=OWNER, administrators=(ADMIN,))
    await harness.start()
    yield harness
    await harness.close()


def _rulings(bot: TelegramHarness, chat_id: int) -> int:
    with sqlite3.connect(bot.db_path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM ruling_log WHERE chat_key = ?",
                              (f"tg:{chat_id}",)).fetchone()
    return int(count)


async def _say(bot: TelegramHarness, text: str, user_id: int,
               chat: dict[str, object] | None = None) -> list[ApiCall]:
    return await bot.send(text_update(bot.next_id(), chat or group_chat(GROUP), text,
                                      sender=user(user_id)))


async def _ask(bot: TelegramHarness, user_id: int) -> ApiCall:
    (asked,) = [c for c in await _say(bot, f"/oublier@{BOT_USERNAME}", user_id)
                if c.method == "sendMessage"]
    return asked


async def _press(bot: TelegramHarness, asked: ApiCall, index: int,
                 user_id: int) -> list[ApiCall]:
    data = buttons(asked)[index][1]
    return await bot.send(callback_update(bot.next_id(), group_chat(GROUP),
                                          bot.message_dict(asked, 77), data,
                                          sender=user(user_id)))


def _toasts(calls: list[ApiCall]) -> list[str]:
    return [str(c.params.get("text", "")) for c in calls if c.method == "answerCallbackQuery"]


@pytest.mark.parametrize("admin", [OWNER, ADMIN])
async def test_an_administrator_erases_the_group_log(bot: TelegramHarness, admin: int) -> None:
    await _say(bot, INCIDENT, MEMBER)
    assert _rulings(bot, GROUP) == 1
    asked = await _ask(bot, admin)
    assert [label for label, _ in buttons(asked)] == ["Effacer", "Garder"]
    done = await _press(bot, asked, 0, admin)
    assert "Effacé" in sent_texts(done)[-1]
    assert _rulings(bot, GROUP) == 0
    # Telegram was asked both times: at the command and at the press.
    checks = [c for c in bot.fake.calls if c.method == "getChatMember"]
    assert len(checks) == 2 and all(int(c.params["user_id"]) == admin for c in checks)


async def test_a_member_cannot_ask(bot: TelegramHarness) -> None:
    await _say(bot, INCIDENT, MEMBER)
    calls = await _say(bot, f"/oublier@{BOT_USERNAME}", MEMBER)
    (text,) = sent_texts(calls)
    assert "administrateurs" in text
    assert not any(buttons(c) for c in calls if c.method == "sendMessage")
    assert _rulings(bot, GROUP) == 1


async def test_only_the_administrator_who_asked_may_press(bot: TelegramHarness) -> None:
    await _say(bot, INCIDENT, MEMBER)
    asked = await _ask(bot, ADMIN)
    for other in (MEMBER, OWNER):  # a bystander, even another administrator
        for index in (0, 1):
            calls = await _press(bot, asked, index, other)
            assert sent_texts(calls) == [] and _rulings(bot, GROUP) == 1
            assert any("administrateur qui" in toast for toast in _toasts(calls))
    done = await _press(bot, asked, 1, ADMIN)  # "Garder"
    assert "Rien n'a été effacé" in sent_texts(done)[-1] and _rulings(bot, GROUP) == 1


async def test_an_administrator_demoted_before_the_press_erases_nothing(
        bot: TelegramHarness) -> None:
    await _say(bot, INCIDENT, MEMBER)
    asked = await _ask(bot, ADMIN)
    bot.fake.set_admins(GROUP, owner=OWNER)  # ADMIN is a member now
    calls = await _press(bot, asked, 0, ADMIN)
    assert sent_texts(calls) == [] and _rulings(bot, GROUP) == 1
    assert any("administrateurs" in toast for toast in _toasts(calls))


async def test_a_confirmation_from_before_a_restart_must_be_asked_again(
        bot: TelegramHarness) -> None:
    await _say(bot, INCIDENT, MEMBER)
    asked = await _ask(bot, ADMIN)
    await bot.restart()
    calls = await _press(bot, asked, 0, ADMIN)
    assert _rulings(bot, GROUP) == 1 and any("/oublier" in t for t in _toasts(calls))


async def test_a_private_chat_needs_no_administrator(bot: TelegramHarness) -> None:
    chat = private_chat(950)
    await _say(bot, "Est a dit 1♥ sur mon 1♠, Sud refuse", 950, chat)
    (asked,) = [c for c in await _say(bot, "/oublier", 950, chat) if c.method == "sendMessage"]
    done = await bot.send(callback_update(bot.next_id(), chat, bot.message_dict(asked, 5),
                                          buttons(asked)[0][1], sender=user(950)))
    assert "Effacé" in sent_texts(done)[-1] and _rulings(bot, 950) == 0
    assert not bot.fake.calls_to("getChatMember")
