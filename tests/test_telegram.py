"""End to end: the real python-telegram-bot Application, polling a fake Bot
API server on 127.0.0.1, with the real dialogue, understanding and rules core.

Each test drives the bot with updates and reads the API calls it made.
Handler errors fail the test (the harness records them).
"""

from __future__ import annotations

from tests.fakes.bot_api import BOT_ID, BOT_USERNAME, ApiCall
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import asking as _asking
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


def _ruling_text(calls: list[ApiCall]) -> str:
    for text in _texts(calls):
        if text.startswith("⚖️"):
            return text
    raise AssertionError(f"no ruling among {_texts(calls)}")


async def _say(bot: TelegramHarness, chat: dict[str, object], text: str,
               lang: str = "fr") -> list[ApiCall]:
    return await bot.send(text_update(bot.next_id(), chat, text,
                                      sender=user(language_code=lang)))


async def _press(bot: TelegramHarness, chat: dict[str, object], asking: ApiCall,
                 label_part: str) -> list[ApiCall]:
    data = next(d for label, d in _buttons(asking) if label_part in label)
    message = bot.message_dict(asking, message_id=77)
    return await bot.send(callback_update(bot.next_id(), chat, message, data))


async def test_start_in_french_and_english_and_commands_menus(bot: TelegramHarness) -> None:
    menus = bot.fake.calls_to("setMyCommands")
    codes = sorted(str(c.params.get("language_code", "")) for c in menus)
    assert codes == ["", "en", "fr"]
    french = next(c for c in menus if c.params.get("language_code") == "fr")
    assert [c["command"] for c in french.params["commands"]][:3] == ["start", "aide", "loi"]

    fr = _texts(await _say(bot, private_chat(1), "/start", "fr"))
    en = _texts(await _say(bot, private_chat(2), "/start", "en-GB"))
    assert "Décrivez" in fr[0] and "/annuler" in fr[0]
    assert "Describe" in en[0]


async def test_insufficient_bid_to_a_ruling_through_a_button(bot: TelegramHarness) -> None:
    chat = private_chat(10)
    first = await _say(bot, chat, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    asking = _asking(first)
    assert "Enchère insuffisante" in asking.params["text"]
    # The offender's choice of replacement: one button per choice, ids in the data.
    after = await _press(bot, chat, asking, "autre enchère suffisante")
    edits = [c for c in after if c.method == "editMessageText"]
    assert edits and "✔" in edits[0].params["text"]
    assert any(c.method == "answerCallbackQuery" for c in after)
    card = _ruling_text(after)
    assert "Ouest" in card and "passer" in card  # West, East's partner, is barred
    assert "27B2" in "\n".join(_texts(after))


async def test_typed_correction_changes_the_ruling(bot: TelegramHarness) -> None:
    chat = private_chat(11)
    await _say(bot, chat, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    asking = _asking(await _say(bot, chat, "non, c'était Ouest"))
    assert "\nNord (adversaire de gauche" in asking.params["text"]  # West's LHO now
    card = _ruling_text(await _press(bot, chat, asking, "Non"))
    assert card.startswith("⚖️ Enchère insuffisante, par Ouest")


async def test_law_command_shows_the_excerpt(bot: TelegramHarness) -> None:
    texts = _texts(await _say(bot, private_chat(12), "/loi 27B"))
    assert texts and "27" in texts[0]
    assert len(texts[0]) > 40


async def test_history_sends_the_rulings_as_a_file(bot: TelegramHarness) -> None:
    chat = private_chat(13)
    first = await _say(bot, chat, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    await _press(bot, chat, _asking(first), "autre enchère suffisante")
    calls = await _say(bot, chat, "/historique")
    assert [c.params["action"] for c in calls if c.method == "sendChatAction"] == [
        "upload_document"]
    documents = [c for c in calls if c.method == "sendDocument"]
    assert len(documents) == 1
    name, content = documents[0].files["document"]
    assert name.endswith(".txt")
    assert "27B2" in content.decode("utf-8")
    assert "Est a dit 1♥ sur mon 1♠" in content.decode("utf-8")


async def test_in_a_group_the_bot_answers_only_when_addressed(bot: TelegramHarness) -> None:
    group = group_chat(-100)
    assert _texts(await _say(bot, group, "Est a dit 1♥ sur mon 1♠")) == []
    addressed = await _say(bot, group, f"@{BOT_USERNAME} Est a dit 1♥ sur mon 1♠, Sud refuse")
    assert _texts(addressed)
    assert addressed[-1].params.get("chat_id") in (-100, "-100")
    reply_to_bot = text_update(bot.next_id(), group, "/aide",
                               reply_to={"message_id": 5, "date": 0, "chat": group,
                                         "from": {"id": BOT_ID, "is_bot": True,
                                                  "first_name": "Arbitre"}})
    assert _texts(await bot.send(reply_to_bot))


async def test_restart_mid_dialogue_resumes(bot: TelegramHarness) -> None:
    chat = private_chat(14)
    asking = _asking(await _say(bot, chat, "Est a dit 1♥ sur mon 1♠, Sud refuse"))
    await bot.restart()
    after = await _press(bot, chat, asking, "passe")
    assert "27B2" in "\n".join(_texts(after))


async def test_bad_input_gets_a_helpful_reply(bot: TelegramHarness) -> None:
    chat = private_chat(15)
    sticker = _texts(await bot.send(sticker_update(bot.next_id(), chat)))
    assert sticker and "texte" in sticker[0]
    long = _texts(await _say(bot, chat, "x" * 10_000))
    assert long and "10000" in long[0]
    stale = await bot.send(callback_update(bot.next_id(), chat, {"message_id": 3, "date": 0,
                                                                 "text": "?"}, "a:99:0"))
    assert _texts(stale)


async def test_a_vague_message_gets_the_menu_and_a_ruling_through_it(
        bot: TelegramHarness) -> None:
    """Issue 11 item 4: at most eight buttons, then the usual questions."""
    chat = private_chat(16)
    menu = _asking(await _say(bot, chat, "problème aux enchères à la table 3"))
    labels = [label for label, data in _buttons(menu) if data.startswith("a:")]
    assert 2 <= len(labels) <= 8 and "Enchère insuffisante" in labels
    asking = _asking(await _press(bot, chat, menu, "Enchère insuffisante"))
    asking = _asking(await _press(bot, chat, asking, "Non"))
    after = await _press(bot, chat, asking, "autre enchère suffisante")
    assert "27B2" in "\n".join(_texts(after))


async def test_language_command_sets_this_chats_command_menu(bot: TelegramHarness) -> None:
    """Issue 17 item 18: after /langue en, the chat's own menu is English."""
    chat = private_chat(17)
    calls = await _say(bot, chat, "/langue en")
    menus = [c for c in calls if c.method == "setMyCommands"]
    assert menus, [c.method for c in calls]
    (menu,) = menus
    assert menu.params["scope"] == {"type": "chat", "chat_id": 17}
    assert [c["command"] for c in menu.params["commands"]][:3] == ["start", "help", "law"]
    back = await _say(bot, chat, "/language fr")
    (french,) = [c for c in back if c.method == "setMyCommands"]
    assert [c["command"] for c in french.params["commands"]][:3] == ["start", "aide", "loi"]
