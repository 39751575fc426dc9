"""End to end: the real python-telegram-bot Application, polling a fake Bot
API server on 127.0.0.1, with the real dialogue, understanding and rules core.

Each test drives the bot with updates and reads the API calls it made.
Handler errors fail the test (the harness records them).
"""

from __future__ import annotations

import pytest

from tests.fakes.bot_api import BOT_ID, BOT_USERNAME, ApiCall
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import asking as _asking
from tests.fakes.reading import buttons as _buttons
from tests.fakes.reading import edited_texts as _edited
from tests.fakes.reading import sent_texts as _texts
from tests.fakes.updates import (
    callback_update,
    group_chat,
    inline_query_update,
    private_chat,
    sticker_update,
    text_update,
    user,
)


def _ruling_text(calls: list[ApiCall]) -> str:
    for text in _texts(calls) + _edited(calls):
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
    after = await _press(bot, chat, asking, "Une autre enchère")
    # The press turns the question's message into the card: nothing is added.
    assert [c.method for c in after if c.method != "answerCallbackQuery"] == [
        "editMessageText"]
    assert any(c.method == "answerCallbackQuery" for c in after)
    card = _ruling_text(after)
    assert "Ouest (partenaire d'Est) : doit passer" in card  # West, East's partner, is barred
    assert card.startswith("⚖️ Enchère insuffisante, par Est — Loi 27B2")


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
    await _press(bot, chat, _asking(first), "Une autre enchère")
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
    after = await _press(bot, chat, asking, "Passe")
    assert "27B2" in _ruling_text(after)


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
    after = await _press(bot, chat, asking, "Une autre enchère")
    assert "27B2" in _ruling_text(after)


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

# --- issue 13: the card, the details on demand, editing, HTML ---------------

INSUFFICIENT_FR = "Nord a ouvert 1♠, Est a dit 1♥, Sud refuse"


async def test_the_card_is_html_with_a_bold_headline_and_seats(bot: TelegramHarness) -> None:
    chat = private_chat(30)
    asking = _asking(await _say(bot, chat, INSUFFICIENT_FR))
    assert asking.params["parse_mode"] == "HTML"
    html = str(asking.params["text"])
    assert html.startswith("<b>⚖️ Enchère insuffisante, par Est — Loi 27</b>\n<b>Est (fautif)</b>")
    assert "<b>Ouest (partenaire d'Est)</b>" in html  # the fake checked the markup
    # The choices in a few words; 27B1(a) names no bid while the bids are not
    # known natural (what a bid specifies is then the director's to say).
    labels = [label for label, data in _buttons(asking) if data.startswith("a:")]
    assert labels[0] == "Enchère minimale, même(s) dénom."
    assert {"Une autre enchère", "Passe", "Contre / Surcontre"} <= set(labels)
    assert all(len(label) <= 32 for label, _ in _buttons(asking))
    assert [label for label, data in _buttons(asking) if not data.startswith("a:")] == [
        "🤔 Comparable ?", "🔎 Détails", "📖 Loi 27B1(a)", "📖 Loi 27B1(b)", "📖 Loi 27B2"]


async def test_user_text_is_escaped(bot: TelegramHarness) -> None:
    """What the user typed comes back escaped: the fake Bot API parses the
    HTML as Telegram does and would refuse a stray tag or ampersand."""
    calls = await _say(bot, private_chat(31), "/loi <b>zz & yy</b> <script>")
    (sent,) = [c for c in calls if c.method == "sendMessage"]
    assert sent.params["parse_mode"] == "HTML"
    assert "&lt;b&gt;zz &amp; yy&lt;/b&gt; &lt;script&gt;" in str(sent.params["text"])
    assert "<b>zz & yy</b> <script>" in _texts(calls)[0]  # as the user reads it
    described = await _say(bot, private_chat(32), "Est a dit 1♥ sur mon 1♠ <i>&</i>")
    assert _texts(described)  # answered, not refused by Telegram


async def test_details_and_each_excerpt_one_press_away(bot: TelegramHarness) -> None:
    chat = private_chat(33)
    asking = _asking(await _say(bot, chat, INSUFFICIENT_FR))
    card_calls = await _press(bot, chat, asking, "Passe")
    (card,) = [c for c in card_calls if c.method == "editMessageText"]
    assert len(_edited(card_calls)[0]) <= 600
    labels = [label for label, _ in _buttons(card)]
    assert labels[0] == "🔎 Détails" and "📖 Loi 27B2" in labels

    details = await _press(bot, chat, card, "Détails")
    assert len(bot.messages(details)) == 1  # one press, at most one message
    text = _texts(details)[0]
    assert "Loi 27B2" in text and "Sur ces faits" in text  # paragraphs and facts
    assert "entame" in text  # what to watch later: the lead restriction (26B)

    excerpt = await _press(bot, chat, card, "Loi 27B2")
    assert len(bot.messages(excerpt)) == 1
    (shown,) = _texts(excerpt)
    assert shown.startswith("Loi 27B2 — Enchère insuffisante (Code 2017)")
    assert "Ancienne rédaction" not in shown  # the 2007 wording is one more press away
    (message,) = bot.messages(excerpt)
    seed = await _press(bot, chat, message, "2007")
    assert len(bot.messages(seed)) == 1
    assert _texts(seed)[0].startswith("Loi 27B2 — Enchère insuffisante (Code 2007)")


async def test_english_card_details_and_french_original(bot: TelegramHarness) -> None:
    chat = private_chat(34)
    first = await _say(bot, chat, "North dealt. East bid 1H out of turn, South does not accept",
                       "en")
    calls = first
    presses = 0
    while not any("⚖️" in t for t in _texts(calls) + _edited(calls)):
        asking = _asking(calls)
        calls = await _press(bot, chat, asking, _buttons(asking)[0][0])
        presses += 1
    assert presses <= 2
    card = _ruling_text(calls)
    assert card.startswith("⚖️ Bid out of rotation, by East — Law 31")
    carrier = next(c for c in calls if c.method in ("sendMessage", "editMessageText")
                   and "⚖️" in str(c.params["text"]))
    law = next(label for label, _ in _buttons(carrier) if label.startswith("📖"))
    excerpt = await _press(bot, chat, carrier, law)
    (message,) = bot.messages(excerpt)
    assert [label for label, _ in _buttons(message)][-1] == "French original"
    french = await _press(bot, chat, message, "French original")
    assert len(bot.messages(french)) == 1 and "Loi 31" in _texts(french)[0]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "Est a dit 1♥ sur mon 1♠"),
        ("en", "North opened 1S, East bid 1H"),
        ("fr", "Nord donneur, Est a ouvert 1♥ alors que c'était à Nord"),
        ("en", "East bid 1H out of turn, North was dealer"),
        ("en", "South passed out of turn, North was dealer"),
        ("fr", "Ouest a changé son enchère de 1♥ en 1♠"),
        ("en", "West said 1H then changed it to 1S"),
    ],
)
async def test_a_new_user_reaches_the_card_in_two_presses(bot: TelegramHarness, lang: str,
                                                          text: str) -> None:
    """Issue 13: typed incident to card in at most two presses, whichever
    answers are given (each path is walked), each press adding no message."""
    paths: list[list[int]] = [[]]
    chat_id = 40 + abs(hash(text)) % 1000 * 10
    walked = 0
    while paths:
        path = paths.pop()
        walked += 1
        chat = private_chat(chat_id + walked)
        calls = await _say(bot, chat, text, lang)
        for index in path:
            asking = _asking(calls)
            data = [d for _, d in _buttons(asking) if d.startswith("a:")][index]
            calls = await bot.send(callback_update(
                bot.next_id(), chat, bot.message_dict(asking, message_id=77), data))
            assert [c.method for c in calls if c.method in ("sendMessage", "editMessageText")
                    ] == ["editMessageText"], path
        if any(t.startswith("⚖️") for t in _texts(calls) + _edited(calls)):
            continue
        assert len(path) < 2, (text, path, _texts(calls) + _edited(calls))
        asking = _asking(calls)
        answers = [d for _, d in _buttons(asking) if d.startswith("a:")]
        paths += [path + [i] for i in range(len(answers))]
    assert walked >= 3


@pytest.mark.parametrize(("lang", "titles"), [
    ("fr", ("Enchère insuffisante", "Enchère hors tour", "Changement de déclaration")),
    ("en", ("Insufficient bid", "Bid out of rotation", "Change of call")),
])
async def test_help_gives_three_examples_each_one_press_from_its_incident(
        bot: TelegramHarness, lang: str, titles: tuple[str, str, str]) -> None:
    chat = private_chat(60 if lang == "fr" else 61)
    (help_message,) = bot.messages(await _say(bot, chat, "/aide", lang))
    examples = [(label, data) for label, data in _buttons(help_message)
                if data.startswith("ex:")]
    assert len(examples) == 3
    assert all(f"{n}. " in _texts([help_message])[0] for n in (1, 2, 3))
    for (label, _), title in zip(examples, titles, strict=True):
        calls = await _press(bot, chat, help_message, label)
        assert len(bot.messages(calls)) == 1
        assert title in _texts(calls)[0]


async def test_commands_menus_offer_details_in_both_languages(bot: TelegramHarness) -> None:
    menus = {str(c.params.get("language_code", "")): [x["command"] for x in c.params["commands"]]
             for c in bot.fake.calls_to("setMyCommands")}
    assert "details" in menus["fr"] and "details" in menus["en"]
    shown = _texts(await _say(bot, private_chat(62), "/details", "en"))
    assert shown == ["No ruling yet: describe what happened."]


async def test_the_recap_of_the_facts_is_one_press_away(bot: TelegramHarness) -> None:
    chat = private_chat(63)
    asking = _asking(await _say(bot, chat, "Ouest a changé son enchère de 1♥ en 1♠"))
    assert _buttons(asking)[-1][0] == "📋 Récap"
    then = _asking(await _press(bot, chat, asking, "Oui"))  # unintended
    recap = await _press(bot, chat, then, "Récap")
    assert len(bot.messages(recap)) == 1
    (text,) = _texts(recap)
    assert text.startswith("Ce que j'ai noté jusqu'ici :")
    assert "Changement de déclaration, par Ouest" in text
    assert "La déclaration était-elle involontaire" in text and "— Oui" in text


@pytest.mark.parametrize(("lang", "query", "first_title", "words"), [
    ("fr", "27B1", "Loi 27B1 — Enchère insuffisante", "enchère"),
    ("fr", "enchère insuffisante", "Loi 27 — Enchère insuffisante", "enchère"),
    ("en", "27B1", "Law 27B1 — Insufficient bid", "bid"),
    ("en", "insufficient bid", "Law 27 — Insufficient bid", "bid"),
])
async def test_inline_mode_offers_the_excerpts_in_the_users_language(
        bot: TelegramHarness, lang: str, query: str, first_title: str, words: str) -> None:
    calls = await bot.send(inline_query_update(bot.next_id(), query, sender=user(70, lang)))
    (answer,) = [c for c in calls if c.method == "answerInlineQuery"]
    results = answer.params["results"]
    assert results and results[0]["title"] == first_title
    assert len({r["id"] for r in results}) == len(results) <= 8
    posted = results[0]["input_message_content"]["message_text"]
    assert posted.startswith(first_title.split(" — ")[0]) and words in posted.lower()
    assert not bot.messages(calls)  # nothing is posted in any chat by the bot itself


async def test_inline_mode_with_nothing_found_answers_empty(bot: TelegramHarness) -> None:
    for query in ("xyzzy", "", "99"):
        calls = await bot.send(inline_query_update(bot.next_id(), query))
        (answer,) = [c for c in calls if c.method == "answerInlineQuery"]
        assert answer.params["results"] == []


def _message_of(calls: list[ApiCall]) -> ApiCall:
    """The message a step showed (sent, or the pressed one edited)."""
    return next(c for c in calls if c.method in ("sendMessage", "editMessageText"))


async def test_comparable_call_helper_asks_the_three_tests_one_at_a_time(
        bot: TelegramHarness) -> None:
    """Law 23A: each test in turn with an example; the first yes decides, the
    conclusion recalls 23C and answers the question on screen."""
    chat = private_chat(80)
    card = _asking(await _say(bot, chat, INSUFFICIENT_FR))
    first = await _press(bot, chat, card, "Comparable ?")
    assert len(bot.messages(first)) == 1
    assert _texts(first)[0].startswith("Critère 1 sur 3 (Loi 23A1)") and "Exemple" in _texts(
        first)[0]
    second = await _press(bot, chat, _message_of(first), "Non")
    assert not bot.messages(second) and _edited(second)[0].startswith("Critère 2 sur 3")
    verdict = await _press(bot, chat, _message_of(second), "Oui")
    text = _edited(verdict)[0]
    assert text.startswith("Comparable (Loi 23A2)") and "Loi 23C" in text
    ruled = await _press(bot, chat, _message_of(verdict), "Répondre : comparable")
    assert not bot.messages(ruled)
    assert _edited(ruled)[0].startswith("⚖️ Enchère insuffisante, par Est — Loi 27B1(b)")


async def test_comparable_call_helper_not_comparable_after_three_noes(
        bot: TelegramHarness) -> None:
    chat = private_chat(81)
    first = await _say(bot, chat, "North dealt. East bid 1H out of turn, South does not accept",
                       "en")
    calls = first
    while not any(label == "🤔 Comparable?" for c in calls
                  if c.method in ("sendMessage", "editMessageText") for label, _ in _buttons(c)):
        asking = _asking(calls)
        labels = [label for label, _ in _buttons(asking)]
        # 31A: North (the RHO) bids, so East then chooses his call (31A2).
        wanted = "Bids, doubles or redoubles"
        calls = await _press(bot, chat, asking, wanted if wanted in labels else labels[0])
    carrier = next(c for c in calls if c.method in ("sendMessage", "editMessageText")
                   and any(label == "🤔 Comparable?" for label, _ in _buttons(c)))
    step = await _press(bot, chat, carrier, "Comparable?")
    for _ in range(3):
        step = await _press(bot, chat, _message_of(step), "No")
    text = _edited(step)[0]
    assert text.startswith("Not comparable: none of the three tests of Law 23A")
    ruled = await _press(bot, chat, _message_of(step), "Answer: not comparable")
    assert _edited(ruled)[0].startswith("⚖️ Bid out of rotation, by East — Law 31A2")


async def test_in_a_group_the_comparable_helper_opens_a_private_chat(
        bot: TelegramHarness) -> None:
    """The questions about the offender's meaning are not asked in front of the
    table: in a group the helper's button is a deep link to a private chat."""
    group = group_chat(-200)
    calls = await _say(bot, group, f"@{BOT_USERNAME} {INSUFFICIENT_FR}")
    card = _asking(calls)
    markup = card.params["reply_markup"]["inline_keyboard"]
    (link,) = [b for row in markup for b in row if b["text"] == "🤔 Comparable ?"]
    # The link carries the incident (ids and calls only, nothing anybody typed).
    assert link == {"text": "🤔 Comparable ?",
                    "url": f"https://t.me/{BOT_USERNAME}?start=cmp-insufficient_bid-E-1H"}
    private = _texts(await _say(bot, private_chat(201), "/start cmp-insufficient_bid-E-1H"))
    assert len(private) == 1
    assert private[0].startswith("À propos de : Enchère insuffisante, par Est (1♥)")
    assert "Critère 1 sur 3 (Loi 23A1)" in private[0]
    # A link from elsewhere, or one tampered with: the tests alone, no incident.
    for payload in ("cmp", "cmp-nonsense-Q-9Z"):
        opened = _texts(await _say(bot, private_chat(202), f"/start {payload}"))
        assert len(opened) == 1 and opened[0].startswith("Critère 1 sur 3 (Loi 23A1)")
