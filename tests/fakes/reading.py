"""Reading what the bot sent to the fake Bot API, for the Telegram tests."""

from __future__ import annotations

import html
import re

from .bot_api import ApiCall

__all__ = ["sent_texts", "shown_text", "edited_texts", "buttons", "asking"]


def shown_text(call: ApiCall) -> str:
    """A message's text as the user reads it (HTML tags removed, entities decoded)."""
    text = str(call.params.get("text", ""))
    if call.params.get("parse_mode") == "HTML":
        text = html.unescape(re.sub(r"</?(b|i|u|s|code|pre|blockquote)( [^>]*)?>", "", text))
    return text


def sent_texts(calls: list[ApiCall]) -> list[str]:
    """The texts of every sendMessage, in order, as the user reads them."""
    return [shown_text(c) for c in calls if c.method == "sendMessage"]


def edited_texts(calls: list[ApiCall]) -> list[str]:
    """The new texts of every editMessageText, in order, as the user reads them."""
    return [shown_text(c) for c in calls if c.method == "editMessageText"]


def buttons(call: ApiCall) -> list[tuple[str, str]]:
    """(label, callback data, or the URL of a link button) of each inline button."""
    markup = call.params.get("reply_markup") or {}
    return [(b["text"], b.get("callback_data") or b.get("url", ""))
            for row in markup.get("inline_keyboard", []) for b in row]


def asking(calls: list[ApiCall]) -> ApiCall:
    """The message that carries answer buttons (sent, or a message edited into it)."""
    for call in calls:
        if call.method in ("sendMessage", "editMessageText") and any(
                d.startswith("a:") for _, d in buttons(call)):
            return call
    raise AssertionError(f"no question among {sent_texts(calls)}")
