"""Telegram update dicts as the Bot API sends them (fresh for every step)."""

from __future__ import annotations

import time
from typing import Any

from .bot_api import BOT_ID, BOT_USERNAME

__all__ = ["user", "private_chat", "group_chat", "channel_chat", "text_update",
           "callback_update", "sticker_update", "voice_update", "audio_update",
           "media_update", "edited_update", "channel_post_update", "forwarded_update",
           "inline_callback_update"]


def user(user_id: int = 42, language_code: str | None = "fr") -> dict[str, Any]:
    data: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": "Joueur"}
    if language_code:
        data["language_code"] = language_code
    return data


def private_chat(chat_id: int) -> dict[str, Any]:
    return {"id": chat_id, "type": "private", "first_name": "Joueur"}


def group_chat(chat_id: int) -> dict[str, Any]:
    return {"id": chat_id, "type": "group", "title": "Club"}


def channel_chat(chat_id: int) -> dict[str, Any]:
    return {"id": chat_id, "type": "channel", "title": "Club news"}


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _entities(text: str) -> list[dict[str, Any]]:
    """The bot_command and mention entities Telegram would mark."""
    entities = []
    if text.startswith("/"):
        command = text.split()[0]
        entities.append({"type": "bot_command", "offset": 0, "length": _utf16_len(command)})
    mention = "@" + BOT_USERNAME
    at = text.find(mention)
    if at >= 0 and not text.startswith("/"):
        entities.append({"type": "mention", "offset": _utf16_len(text[:at]),
                         "length": _utf16_len(mention)})
    return entities


def _message(update_id: int, chat: dict[str, Any], sender: dict[str, Any]) -> dict[str, Any]:
    return {"message_id": update_id, "date": int(time.time()), "chat": chat, "from": sender}


def text_update(update_id: int, chat: dict[str, Any], text: str, *,
                sender: dict[str, Any] | None = None,
                reply_to: dict[str, Any] | None = None) -> dict[str, Any]:
    message = _message(update_id, chat, sender or user())
    message["text"] = text
    entities = _entities(text)
    if entities:
        message["entities"] = entities
    if reply_to is not None:
        message["reply_to_message"] = reply_to
    return {"update_id": update_id, "message": message}


def sticker_update(update_id: int, chat: dict[str, Any],
                   sender: dict[str, Any] | None = None) -> dict[str, Any]:
    message = _message(update_id, chat, sender or user())
    message["sticker"] = {"file_id": "s1", "file_unique_id": "su1", "type": "regular",
                          "width": 512, "height": 512, "is_animated": False,
                          "is_video": False}
    return {"update_id": update_id, "message": message}


def voice_update(update_id: int, chat: dict[str, Any], file_id: str, *, duration: int,
                 file_size: int | None, sender: dict[str, Any] | None = None,
                 reply_to: dict[str, Any] | None = None,
                 caption: str | None = None) -> dict[str, Any]:
    """A voice note as Telegram announces it: the file's id, duration and size,
    not its bytes (the bot fetches them with getFile). ``file_size`` is
    optional in the Bot API: None leaves it out."""
    message = _message(update_id, chat, sender or user())
    voice: dict[str, Any] = {"file_id": file_id, "file_unique_id": f"u-{file_id}",
                             "duration": duration, "mime_type": "audio/ogg"}
    if file_size is not None:
        voice["file_size"] = file_size
    message["voice"] = voice
    if caption is not None:
        message["caption"] = caption
        entities = _entities(caption)
        if entities:
            message["caption_entities"] = entities
    if reply_to is not None:
        message["reply_to_message"] = reply_to
    return {"update_id": update_id, "message": message}


def audio_update(update_id: int, chat: dict[str, Any], file_id: str, *, duration: int,
                 file_size: int, mime_type: str,
                 sender: dict[str, Any] | None = None) -> dict[str, Any]:
    """An audio file (sent from the file picker rather than recorded)."""
    message = _message(update_id, chat, sender or user())
    message["audio"] = {"file_id": file_id, "file_unique_id": f"u-{file_id}",
                        "duration": duration, "file_size": file_size,
                        "mime_type": mime_type, "file_name": f"{file_id}.ogg"}
    return {"update_id": update_id, "message": message}


def callback_update(update_id: int, chat: dict[str, Any], bot_message: dict[str, Any],
                    data: str, sender: dict[str, Any] | None = None) -> dict[str, Any]:
    """A press on a button of ``bot_message`` (the message the bot sent)."""
    message = dict(bot_message)
    message.setdefault("from", {"id": BOT_ID, "is_bot": True, "first_name": "Arbitre",
                                "username": BOT_USERNAME})
    message["chat"] = chat
    return {
        "update_id": update_id,
        "callback_query": {
            "id": f"cb{update_id}",
            "from": sender or user(),
            "chat_instance": f"ci{chat['id']}",
            "data": data,
            "message": message,
        },
    }


#: What a message carries instead of text, as the Bot API sends it.
MEDIA: dict[str, dict[str, Any]] = {
    "photo": {"photo": [{"file_id": "p1", "file_unique_id": "pu1", "width": 90,
                         "height": 90, "file_size": 1000}]},
    "photo_with_caption": {"photo": [{"file_id": "p2", "file_unique_id": "pu2", "width": 90,
                                      "height": 90}],
                           "caption": "Est a dit 1♥ sur mon 1♠"},
    "document": {"document": {"file_id": "d1", "file_unique_id": "du1",
                              "file_name": "feuille.pdf", "mime_type": "application/pdf"}},
    "location": {"location": {"latitude": 48.85, "longitude": 2.35}},
    "contact": {"contact": {"phone_number": "+33100000000", "first_name": "Joueur"}},
    "dice": {"dice": {"emoji": "🎲", "value": 3}},
    "poll": {"poll": {"id": "po1", "question": "?", "options": [
        {"text": "a", "voter_count": 0, "persistent_id": "o1"},
        {"text": "b", "voter_count": 0, "persistent_id": "o2"}],
        "total_voter_count": 0, "is_closed": False, "is_anonymous": True,
        "type": "regular", "allows_multiple_answers": False,
        "allows_revoting": False, "members_only": False}},
    "video_note": {"video_note": {"file_id": "v1", "file_unique_id": "vu1", "length": 240,
                                  "duration": 3}},
    "new_members": {"new_chat_members": [{"id": 7, "is_bot": False, "first_name": "Nouveau"}]},
}


def media_update(update_id: int, chat: dict[str, Any], kind: str,
                 sender: dict[str, Any] | None = None,
                 reply_to: dict[str, Any] | None = None) -> dict[str, Any]:
    """A message carrying ``MEDIA[kind]`` and no text."""
    message = _message(update_id, chat, sender or user())
    message.update(MEDIA[kind])
    if reply_to is not None:
        message["reply_to_message"] = reply_to
    return {"update_id": update_id, "message": message}


def edited_update(update_id: int, chat: dict[str, Any], text: str,
                  sender: dict[str, Any] | None = None) -> dict[str, Any]:
    """A message the user edited after sending it."""
    message = _message(update_id, chat, sender or user())
    message["text"] = text
    message["edit_date"] = int(time.time())
    entities = _entities(text)
    if entities:
        message["entities"] = entities
    return {"update_id": update_id, "edited_message": message}


def channel_post_update(update_id: int, chat: dict[str, Any], text: str, *,
                        edited: bool = False) -> dict[str, Any]:
    """A post in a channel the bot administers (no sender: the channel speaks)."""
    message = {"message_id": update_id, "date": int(time.time()), "chat": chat,
               "sender_chat": chat, "text": text}
    entities = _entities(text)
    if entities:
        message["entities"] = entities
    return {"update_id": update_id,
            ("edited_channel_post" if edited else "channel_post"): message}


def forwarded_update(update_id: int, chat: dict[str, Any], text: str,
                     sender: dict[str, Any] | None = None) -> dict[str, Any]:
    """A text forwarded from someone else."""
    update = text_update(update_id, chat, text, sender=sender)
    update["message"]["forward_origin"] = {
        "type": "user", "date": int(time.time()) - 60,
        "sender_user": {"id": 99, "is_bot": False, "first_name": "Partenaire"}}
    return update


def inline_callback_update(update_id: int, data: str,
                           sender: dict[str, Any] | None = None) -> dict[str, Any]:
    """A press on a button of an inline-mode message: no chat, no message."""
    return {"update_id": update_id, "callback_query": {
        "id": f"cb{update_id}", "from": sender or user(), "chat_instance": "ci-inline",
        "inline_message_id": "im1", "data": data}}


def inline_query_update(update_id: int, query: str,
                        sender: dict[str, Any] | None = None) -> dict[str, Any]:
    """``@Bot <query>`` typed in any chat: an inline query (no chat, no message)."""
    return {"update_id": update_id, "inline_query": {
        "id": f"iq{update_id}", "from": sender or user(), "query": query, "offset": ""}}
