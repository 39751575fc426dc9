"""Dialogue replies as Telegram messages: text cut to Telegram's size, an
inline keyboard built from the question's choices and the actions."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputFile, ReplyParameters
from telegram.constants import MessageLimit
from telegram.ext import ExtBot

from bot.dialogue import Reply, answer_data

__all__ = ["keyboard", "chunks", "send_replies"]


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    """One row per choice (labels are sentences), the actions on the last row."""
    rows: list[list[InlineKeyboardButton]] = []
    if reply.question is not None and reply.qid is not None:
        rows += [
            [InlineKeyboardButton(choice.label, callback_data=answer_data(reply.qid, index))]
            for index, choice in enumerate(reply.question.choices)
        ]
    if reply.actions:
        rows.append([InlineKeyboardButton(a.label, callback_data=a.data) for a in reply.actions])
    return InlineKeyboardMarkup(rows) if rows else None


def chunks(text: str, limit: int = MessageLimit.MAX_TEXT_LENGTH) -> list[str]:
    """``text`` in pieces Telegram accepts, cut at paragraph or line ends when possible."""
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


async def send_replies(bot: ExtBot[None], chat_id: int, replies: list[Reply],
                       reply_to: int | None = None) -> None:
    """Send each reply in order; the keyboard goes under its last piece."""
    for reply in replies:
        pieces = chunks(reply.text) if reply.text else []
        for position, piece in enumerate(pieces):
            last = position == len(pieces) - 1
            await bot.send_message(
                chat_id,
                piece,
                reply_markup=keyboard(reply) if last else None,
                reply_parameters=(
                    ReplyParameters(reply_to, allow_sending_without_reply=True)
                    if reply_to is not None else None
                ),
            )
            reply_to = None  # only the first message answers the user's
        if reply.document is not None:
            name, content = reply.document
            await bot.send_document(chat_id, InputFile(content, filename=name))
