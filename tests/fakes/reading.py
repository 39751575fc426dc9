"""Reading what the bot sent to the fake Bot API, for the Telegram tests."""

from __future__ import annotations

from .bot_api import ApiCall

__all__ = ["sent_texts", "buttons", "asking"]


def sent_texts(calls: list[ApiCall]) -> list[str]:
    """The texts of every sendMessage, in order."""
    return [str(c.params["text"]) for c in calls if c.method == "sendMessage"]


def buttons(call: ApiCall) -> list[tuple[str, str]]:
    """(label, callback data) of each inline button of one message."""
    markup = call.params.get("reply_markup") or {}
    return [(b["text"], b["callback_data"]) for row in markup.get("inline_keyboard", [])
            for b in row]


def asking(calls: list[ApiCall]) -> ApiCall:
    """The message that carries answer buttons."""
    for call in calls:
        if call.method == "sendMessage" and any(d.startswith("a:") for _, d in buttons(call)):
            return call
    raise AssertionError(f"no question among {sent_texts(calls)}")
