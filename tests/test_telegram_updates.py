"""Every kind of update, through the real Application and a fake Bot API on
127.0.0.1: what gets a short answer, what gets silence, and that nothing
raises or touches another chat's state (the harness fails a test on any
handler error)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.fakes.bot_api import BOT_ID, BOT_USERNAME, ApiCall
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import asking as _asking
from tests.fakes.reading import buttons as _buttons
from tests.fakes.reading import sent_texts as _texts
from tests.fakes.updates import (
    MEDIA,
    callback_update,
    channel_chat,
    channel_post_update,
    edited_update,
    forwarded_update,
    group_chat,
    inline_callback_update,
    media_update,
    private_chat,
    sticker_update,
    text_update,
    user,
)

INCIDENT = "Est a dit 1♥ sur mon 1♠"
READS_ONLY_EN = "I can read text messages and voice notes only"
READS_ONLY_FR = "Je ne lis que les messages texte et les messages vocaux"






def _state_row(bot: TelegramHarness, chat_id: int) -> str | None:
    """The chat's stored state, as the database holds it (None: nothing kept)."""
    with sqlite3.connect(bot.db_path) as db:
        row = db.execute("SELECT state FROM chat_state WHERE chat_key = ?",
                         (f"tg:{chat_id}",)).fetchone()
    return None if row is None else str(row[0])


async def _say(bot: TelegramHarness, chat: dict[str, object], text: str,
               lang: str = "fr", user_id: int = 42) -> list[ApiCall]:
    return await bot.send(text_update(bot.next_id(), chat, text,
                                      sender=user(user_id, language_code=lang)))


def _bot_message(message_id: int = 5) -> dict[str, object]:
    return {"message_id": message_id, "date": 0, "chat": {"id": 0, "type": "private"},
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "Arbitre",
                     "username": BOT_USERNAME}}


# --- messages without text ------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(set(MEDIA) - {"new_members"}))
async def test_media_get_one_sentence_in_the_users_own_language(bot: TelegramHarness,
                                                                kind: str) -> None:
    chat_id = 300 + sorted(MEDIA).index(kind)
    english = user(chat_id, language_code="en-GB")
    (text,) = _texts(await bot.send(media_update(bot.next_id(), private_chat(chat_id), kind,
                                                 sender=english)))
    assert text.startswith(READS_ONLY_EN)
    assert _state_row(bot, chat_id) is None  # nothing kept for a sticker or a photo


async def test_a_sticker_in_a_new_chat_answers_in_telegrams_language(
        bot: TelegramHarness) -> None:
    chat = private_chat(320)
    english = _texts(await bot.send(sticker_update(bot.next_id(), chat,
                                                   sender=user(320, "en"))))
    assert english[0].startswith(READS_ONLY_EN)
    french = _texts(await bot.send(sticker_update(bot.next_id(), private_chat(321),
                                                  sender=user(321, "fr-CA"))))
    assert french[0].startswith(READS_ONLY_FR)
    # Once the chat has a language, it wins over Telegram's.
    await _say(bot, private_chat(322), "/langue fr", lang="en", user_id=322)
    chosen = _texts(await bot.send(sticker_update(bot.next_id(), private_chat(322),
                                                  sender=user(322, "en"))))
    assert chosen[0].startswith(READS_ONLY_FR)


async def test_in_a_group_media_are_answered_only_in_reply_to_the_bot(
        bot: TelegramHarness) -> None:
    group = group_chat(-330)
    assert await bot.send(media_update(bot.next_id(), group, "photo")) == []
    replying = media_update(bot.next_id(), group, "photo",
                            reply_to={**_bot_message(), "chat": group, "date": 1})
    assert _texts(await bot.send(replying))


async def test_service_messages_get_silence(bot: TelegramHarness) -> None:
    assert await bot.send(media_update(bot.next_id(), group_chat(-331), "new_members")) == []
    assert await bot.send(media_update(bot.next_id(), private_chat(331), "new_members")) == []


# --- edits, channels, forwards ------------------------------------------------------------


async def test_an_edited_message_gets_a_hint_in_private_and_changes_nothing(
        bot: TelegramHarness) -> None:
    chat = private_chat(340)
    await _say(bot, chat, INCIDENT, user_id=340)
    before = _state_row(bot, 340)
    calls = await bot.send(edited_update(bot.next_id(), chat, "Ouest a dit 1♥ sur mon 1♠",
                                         sender=user(340, "fr")))
    (hint,) = _texts(calls)
    assert "nouveau message" in hint
    assert _state_row(bot, 340) == before
    # An edited command is not run again either.
    (hint,) = _texts(await bot.send(edited_update(bot.next_id(), chat, "/annuler",
                                                  sender=user(340, "en"))))
    assert _state_row(bot, 340) == before
    english = private_chat(341)
    (hint,) = _texts(await bot.send(edited_update(bot.next_id(), english, "East bid 1H",
                                                  sender=user(341, "en"))))
    assert hint.startswith("I do not read edited messages")
    assert _state_row(bot, 341) is None


async def test_an_edited_message_in_a_group_gets_silence(bot: TelegramHarness) -> None:
    group = group_chat(-342)
    edited = edited_update(bot.next_id(), group, f"@{BOT_USERNAME} {INCIDENT}")
    assert await bot.send(edited) == []


@pytest.mark.parametrize("edited", [False, True])
async def test_channel_posts_get_silence(bot: TelegramHarness, edited: bool) -> None:
    channel = channel_chat(-1000350)
    for text in (INCIDENT, "/start", f"@{BOT_USERNAME} /loi 27"):
        calls = await bot.send(channel_post_update(bot.next_id(), channel, text,
                                                   edited=edited))
        assert calls == []
    assert _state_row(bot, -1000350) is None


async def test_a_forwarded_description_is_read_like_a_typed_one(bot: TelegramHarness) -> None:
    calls = await bot.send(forwarded_update(bot.next_id(), private_chat(360),
                                            "Est a dit 1♥ sur mon 1♠"))
    assert "Enchère insuffisante" in _asking(calls).params["text"]


# --- commands with junk arguments --------------------------------------------------------


async def test_commands_with_junk_arguments_get_a_short_answer(bot: TelegramHarness) -> None:
    chat = private_chat(370)
    (long_law,) = _texts(await _say(bot, chat, "/loi " + "x" * 10_000, user_id=370))
    assert "trop long" in long_law and len(long_law) < 300
    edition = await _say(bot, chat, "/edition 1997", user_id=370)
    (asked,) = [c for c in edition if c.method == "sendMessage"]
    assert "Current: 2017" in asked.params["text"] or "Actuelle" in asked.params["text"]
    assert [d for _, d in _buttons(asked)] == ["ed:2017", "ed:2007"]
    language = await _say(bot, chat, "/langue xx", user_id=370)
    (asked,) = [c for c in language if c.method == "sendMessage"]
    assert [d for _, d in _buttons(asked)] == ["lang:fr", "lang:en"]
    for junk in ("/edition " + "9" * 5000, "/langue " + "é" * 3000, "/historique 1 2 3",
                 "/annuler maintenant", "/start payload-" + "z" * 60, "/aide\u0000"):
        assert _texts(await _say(bot, chat, junk, user_id=370)), junk


async def test_unknown_commands_get_the_help_where_they_are_for_the_bot(
        bot: TelegramHarness) -> None:
    (help_text,) = _texts(await _say(bot, private_chat(380), "/regles", user_id=380))
    assert "/loi" in help_text
    group = group_chat(-380)
    assert await _say(bot, group, "/regles") == []  # maybe another bot's command
    assert await _say(bot, group, "/aide@AnotherBot") == []
    assert await _say(bot, group, "/regles@OtherBot") == []
    assert _texts(await _say(bot, group, f"/regles@{BOT_USERNAME}"))
    assert _texts(await _say(bot, group, f"/aide@{BOT_USERNAME}"))


# --- button presses ------------------------------------------------------------------------


@pytest.mark.parametrize("data", [
    "zzz", "a:x:y", "a:1:999", "a:-1:0", "a:99999999999999999999:0", "lang:xx", "ed:1997",
    "fr:1999:27", "fr:2017:", "fq:2017:" + "x" * 56, "forget:abc", "keep:", "cancel",
    "a::", ":", "é" * 30,
])
async def test_forged_button_data_gets_a_short_answer(bot: TelegramHarness, data: str) -> None:
    chat = private_chat(390)
    await _say(bot, chat, INCIDENT, user_id=390)
    message = {**_bot_message(), "date": 1}
    calls = await bot.send(callback_update(bot.next_id(), chat, message, data,
                                           sender=user(390)))
    assert [c.method for c in calls].count("answerCallbackQuery") == 1
    assert _texts(calls)


async def test_a_stale_button_is_closed_and_the_open_question_still_works(
        bot: TelegramHarness) -> None:
    chat = private_chat(400)
    old = _asking(await _say(bot, chat, INCIDENT, user_id=400))
    new = _asking(await _say(bot, chat, "/annuler", user_id=400)
                  + await _say(bot, chat, "Ouest a dit 1♥ sur mon 1♠", user_id=400))
    stale = await bot.send(callback_update(bot.next_id(), chat, bot.message_dict(old, 7),
                                           _buttons(old)[0][1]))
    assert _texts(stale)[0].startswith("Cette question est close")
    answer = next(d for label, d in _buttons(new) if "Non" in label)
    after = await bot.send(callback_update(bot.next_id(), chat, bot.message_dict(new, 8),
                                           answer))
    # The question's message becomes the card (edited in place, nothing added).
    assert [c.method for c in after if c.method in ("sendMessage", "editMessageText")] == [
        "editMessageText"]
    assert "⚖️" in str(next(c for c in after if c.method == "editMessageText").params["text"])


async def test_a_button_from_another_chat_never_touches_this_one(bot: TelegramHarness) -> None:
    mine, other = private_chat(410), private_chat(411)
    asking = _asking(await _say(bot, mine, INCIDENT, user_id=410))
    before = _state_row(bot, 410)
    data = _buttons(asking)[0][1]
    # The same data pressed under a message in the other chat acts there only.
    calls = await bot.send(callback_update(bot.next_id(), other, bot.message_dict(asking, 9),
                                           data, sender=user(411)))
    assert all(c.params.get("chat_id") in (411, "411") for c in calls
               if c.method in ("sendMessage", "editMessageText"))
    assert _state_row(bot, 410) == before


async def test_a_press_with_no_message_is_only_acknowledged(bot: TelegramHarness) -> None:
    calls = await bot.send(inline_callback_update(bot.next_id(), "a:1:0"))
    assert [c.method for c in calls] == ["answerCallbackQuery"]


async def test_a_press_under_a_message_too_old_to_show_still_answers_an_open_question(
        bot: TelegramHarness) -> None:
    chat = private_chat(420)
    asking = _asking(await _say(bot, chat, INCIDENT, user_id=420))
    old_message = {**bot.message_dict(asking, 10), "date": 0}  # Telegram: inaccessible
    answer = next(d for label, d in _buttons(asking) if "Non" in label)
    calls = await bot.send(callback_update(bot.next_id(), chat, old_message, answer))
    assert not [c for c in calls if c.method == "editMessageText"]  # cannot be edited
    assert _texts(calls)
    state = json.loads(_state_row(bot, 420) or "{}")
    asked_qid = int(answer.split(":")[1])
    assert state["pending"] is None or state["pending"]["qid"] != asked_qid  # answered
