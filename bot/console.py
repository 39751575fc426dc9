"""``arbitre chat``: the dialogue at a terminal, or for a machine with ``--jsonl``.

For a person: replies are printed with numbered options (type the number)
and lettered actions (type the letter); ``/annuler``, ``/loi 27B``... work as
on Telegram. The conversation is saved, so a restart resumes it.

For a machine (``--jsonl``, shared/contract.md "Dialogue lines"): one JSON
object per input line, ``{"text": ...}`` or ``{"answer": <value>}``; one
line out per input, ``{"text", "details", "question", "ruling"}``: a
ruling's ``text`` is its table card, ``details`` what opens on demand
(paragraphs, facts, assumptions, excerpts). For a person, ``/details``
shows the last ruling's details, with a letter per Law excerpt. Each run is
its own conversation (its own key, so two runs on one database never mix),
dropped when the run ends; its rulings stay in the log. A line that cannot
be read gets an error line, and the run goes on.
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from collections.abc import Iterable
from typing import Any, TextIO

from bot.dialogue import Conversations, Reply
from bot.i18n import translator
from bot.jsonio import BadInput, dump_line, parse_json
from bot.store import StoreError

__all__ = ["run_chat", "run_jsonl", "jsonl_line", "CONSOLE_CHAT", "JSONL_CHAT"]

CONSOLE_CHAT = "console"
#: The prefix of a ``--jsonl`` run's conversation key (a random suffix per run).
JSONL_CHAT = "console-jsonl"

log = logging.getLogger(__name__)


def _split_command(text: str) -> tuple[str, str | None]:
    head, _, rest = text[1:].partition(" ")
    return head.split("@")[0], rest.strip() or None


def jsonl_line(replies: list[Reply]) -> dict[str, Any]:
    """The replies to one input as one contract line."""
    question = next((r.question for r in reversed(replies) if r.question), None)
    ruling = next((r.ruling for r in reversed(replies) if r.ruling), None)
    details = [r.details for r in replies if r.details]
    return {
        "text": "\n\n".join(r.text for r in replies if r.text),
        "details": "\n\n".join(details) if details else None,
        "question": question.to_dict() if question else None,
        "ruling": ruling,
    }


def _error_line(message: str) -> dict[str, Any]:
    return {"status": "error", "error": message, "text": message, "details": None,
            "question": None, "ruling": None}


def _read_jsonl(conversations: Conversations, key: str, line: str) -> list[Reply] | str:
    """Replies, or the sentence explaining why the line cannot be read."""
    try:
        data = parse_json(line)
    except BadInput as error:
        return str(error)
    if not isinstance(data, dict) or not ({"text", "answer"} & set(data)):
        return 'each line must be an object {"text": "..."} or {"answer": <value>}'
    if "answer" in data:
        return conversations.answer(key, data["answer"])
    text = data["text"]
    if not isinstance(text, str):
        return '"text" must be a string'
    if text.strip().startswith("/"):
        name, argument = _split_command(text.strip())
        return conversations.command(key, name, argument)
    return conversations.text(key, text)


def run_jsonl(conversations: Conversations, lines: Iterable[str], out: TextIO,
              lang: str | None = None, edition: str | None = None) -> int:
    """The dialogue for a machine; 2 when some line could not be read, else 0."""
    key = f"{JSONL_CHAT}:{uuid.uuid4().hex}"  # this run's own conversation
    status = 0
    try:
        if lang:
            conversations.command(key, "langue", lang)
        if edition:
            conversations.command(key, "edition", edition)
        for line in lines:
            if not line.strip():
                continue
            try:
                result = _read_jsonl(conversations, key, line)
            except (sqlite3.Error, StoreError) as error:  # rolled back: say so, never "kept"
                result = (f"not saved: the database could not be written ({error}), so this "
                          "line was not taken into account: send it again once it can be")
            except Exception as error:  # a bug: answered on this line, the run goes on
                log.debug("a line could not be handled", exc_info=True)
                result = (f"this line could not be handled ({type(error).__name__}): "
                          "please report it with the line that caused it")
            if isinstance(result, str):
                status = 2
            payload = _error_line(result) if isinstance(result, str) else jsonl_line(result)
            out.write(dump_line(payload))
            out.flush()
    finally:
        try:
            conversations.drop(key)
        except (sqlite3.Error, StoreError) as error:  # the answers are out already
            log.warning("this run's conversation could not be erased (%s)", error)
    return status


def _show(reply: Reply, out: TextIO, lang: str) -> list[str]:
    """Print one reply; returns the action data, in the order of their letters."""
    t = translator(lang)
    out.write(reply.text + "\n")
    if reply.question:
        for number, choice in enumerate(reply.question.choices, start=1):
            out.write(f"  {number}. {choice.label}\n")
    actions = []
    for letter, action in zip("abcdefgh", reply.actions, strict=False):
        out.write(f"  {letter}) {action.label}\n")
        actions.append(action.data)
    if reply.document:
        name, content = reply.document
        out.write(t.gettext("--- {name} ---").format(name=name) + "\n")
        out.write(content.decode("utf-8") + "\n")
    out.write("\n")
    return actions


def _person_step(conversations: Conversations, text: str, actions: list[str]) -> list[Reply]:
    """One line typed at the console: a letter (an action shown), a command,
    or words."""
    if len(text) == 1 and text in "abcdefgh":
        return conversations.button(CONSOLE_CHAT, actions["abcdefgh".index(text)])
    if text.startswith("/"):
        name, argument = _split_command(text)
        return conversations.command(CONSOLE_CHAT, name, argument)
    return conversations.text(CONSOLE_CHAT, text)


def run_chat(conversations: Conversations, stdin: TextIO, out: TextIO,
             lang: str | None = None, edition: str | None = None,
             intro: str | None = None) -> int:
    """The console chat for a person; ends at end of input or /quit."""
    if lang:
        conversations.command(CONSOLE_CHAT, "langue", lang)
    if edition:
        conversations.command(CONSOLE_CHAT, "edition", edition)
    current = conversations.language(CONSOLE_CHAT)
    t = translator(current)
    if intro:
        out.write(intro + "\n\n")
    replies = conversations.command(CONSOLE_CHAT, "start")
    out.write(t.gettext("Type your description, a number to answer, a letter for an action, "
                        "/quit to leave.") + "\n\n")
    actions: list[str] = []
    for reply in replies:
        actions = _show(reply, out, current) or actions
    while True:
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\n")
            return 0
        text = line.strip()
        if text in ("/quit", "/exit", "/quitter"):
            return 0
        if len(text) == 1 and text in "abcdefgh" and "abcdefgh".index(text) >= len(actions):
            # A letter from an older message: not a description (no menu).
            out.write(translator(current).gettext(
                "There is no action {letter}) under the last message: the letters are those "
                "shown just above.").format(letter=text) + "\n\n")
            continue
        try:
            replies = _person_step(conversations, text, actions)
        except (sqlite3.Error, StoreError):  # rolled back: say so, never "kept"
            out.write(translator(current).gettext(
                "Sorry, I could not save that, so it was not taken into account: please send "
                "it again in a moment.") + "\n\n")
            continue
        current = conversations.language(CONSOLE_CHAT)
        actions = []
        for reply in replies:
            actions = _show(reply, out, current) or actions
