"""Dialogue replies as Telegram messages: HTML (every dynamic string escaped,
the pieces a reply emphasises in bold), text cut to Telegram's size, an
inline keyboard built from the question's choices and the actions.

The calls themselves go out through the outbox (sender.py ``payloads``),
never from here: every message of the bot must, for a reply whose answer was
lost to be found rather than sent twice.
"""

from __future__ import annotations

import html

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
)
from telegram.constants import MessageLimit

from bot.dialogue import Reply, answer_data
from bot.dialogue.comparable import start_payload

__all__ = ["keyboard", "chunks", "to_html", "private_link"]

#: Actions per keyboard row (their labels are a few words).
ACTIONS_PER_ROW = 3


def keyboard(reply: Reply, private_link: str | None = None) -> InlineKeyboardMarkup | None:
    """One row per choice, the actions on the last rows. ``private_link``
    (in a group: ``https://t.me/<bot>``) turns the comparable-call helper's
    button into a deep link to a private chat with the bot."""
    rows: list[list[InlineKeyboardButton]] = []
    if reply.question is not None and reply.qid is not None:
        rows += [
            [InlineKeyboardButton(choice.label, callback_data=answer_data(reply.qid, index))]
            for index, choice in enumerate(reply.question.choices)
        ]
    for start in range(0, len(reply.actions), ACTIONS_PER_ROW):
        rows.append([
            InlineKeyboardButton(a.label, url=f"{private_link}?start={start_payload(a.data)}")
            if private_link and start_payload(a.data) is not None
            else InlineKeyboardButton(a.label, callback_data=a.data)
            for a in reply.actions[start:start + ACTIONS_PER_ROW]])
    return InlineKeyboardMarkup(rows) if rows else None


def to_html(text: str, emphasis: tuple[str, ...] = ()) -> str:
    """``text`` escaped for Telegram's HTML, each emphasised piece in bold
    (every occurrence, never nested)."""
    spans: list[tuple[int, int]] = []
    for piece in emphasis:
        if not piece:
            continue
        start = text.find(piece)
        while start != -1:
            end = start + len(piece)
            if not any(s < end and start < e for s, e in spans):
                spans.append((start, end))
            start = text.find(piece, end)
    out, position = [], 0
    for start, end in sorted(spans):
        out += [html.escape(text[position:start], quote=False), "<b>",
                html.escape(text[start:end], quote=False), "</b>"]
        position = end
    out.append(html.escape(text[position:], quote=False))
    return "".join(out)


def chunks(text: str, limit: int = MessageLimit.MAX_TEXT_LENGTH) -> list[str]:
    """``text`` in pieces Telegram accepts, cut at paragraph or line ends when possible.

    The limit counts the text as shown; the pieces are cut before escaping,
    so an escaped piece may be longer in bytes, which Telegram accepts."""
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = rest.rfind("\n\n", 0, limit)
        if cut <= 0:
            cut = rest.rfind("\n", 0, limit)
        if cut <= 0:
            cut = rest.rfind(" ", 0, limit)
        if cut <= 0:
            cut = limit
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest.strip():
        pieces.append(rest)
    return pieces


def private_link(bot: Bot, chat_id: int) -> str | None:
    """In a group (negative ids), the link that opens a private chat with the bot."""
    return f"https://t.me/{bot.username}" if chat_id < 0 and bot.username else None
