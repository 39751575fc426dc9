"""The commands menu Telegram shows beside the message field.

French is the default menu (the Laws' language) and English speakers get
theirs through Telegram's ``language_code``. A chat that picks its language
with /langue gets the menu of that language for that chat
(``BotCommandScopeChat``), whatever its members' own settings say.
"""

from __future__ import annotations

from collections.abc import Mapping

from telegram import Bot, BotCommand, BotCommandScopeChat
from telegram.error import TelegramError

from bot.i18n import N_, translator

__all__ = ["COMMAND_MENUS", "menu", "set_default_menus", "set_chat_menu"]

#: The commands menu per language: (command, description).
COMMAND_MENUS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "fr": (
        ("start", N_("Start")),
        ("aide", N_("How to describe an incident")),
        ("loi", N_("Read a Law, e.g. /loi 27B")),
        ("langue", N_("Change the language")),
        ("edition", N_("Edition of the Laws (2017 or 2007)")),
        ("details", N_("Details of the last ruling")),
        ("annuler", N_("Start over")),
        ("historique", N_("Recent rulings, as a file")),
        ("oublier", N_("Erase this chat's conversation and rulings")),
    ),
    "en": (
        ("start", N_("Start")),
        ("help", N_("How to describe an incident")),
        ("law", N_("Read a Law, e.g. /law 27B")),
        ("language", N_("Change the language")),
        ("edition", N_("Edition of the Laws (2017 or 2007)")),
        ("details", N_("Details of the last ruling")),
        ("cancel", N_("Start over")),
        ("history", N_("Recent rulings, as a file")),
        ("forget", N_("Erase this chat's conversation and rulings")),
    ),
}


def menu(lang: str) -> list[BotCommand]:
    t = translator(lang)
    return [BotCommand(name, t.gettext(description)) for name, description in COMMAND_MENUS[lang]]


async def set_default_menus(bot: Bot) -> None:
    await bot.set_my_commands(menu("fr"))
    for lang in COMMAND_MENUS:
        await bot.set_my_commands(menu(lang), language_code=lang)


async def set_chat_menu(bot: Bot, chat_id: int, lang: str) -> bool:
    """The menu of ``lang`` for this chat only; False when Telegram refused it
    (the chat still works: the menu is a convenience)."""
    try:
        await bot.set_my_commands(menu(lang), scope=BotCommandScopeChat(chat_id))
    except TelegramError:
        return False
    return True
