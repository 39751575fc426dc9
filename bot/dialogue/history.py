"""/historique: the chat's recent rulings, listed and sent as a text file
(for an appeal or a club review)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.i18n import translator
from bot.render import DIRECTOR_REMINDER, irregularity_title, seat_name
from bot.store import LogEntry
from rules_core import Seat

from .card import named_player
from .replies import Reply

__all__ = ["history_replies", "history_file"]

#: How many rulings the message lists (the file has them all).
SHOWN = 10


def _when(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M %Z").strip()


def _headline(entry: LogEntry, lang: str) -> str:
    t = translator(lang)
    ruling = entry.ruling
    title = irregularity_title(str(ruling.get("irregularity", "")), lang)
    offender = ruling.get("offender")
    if isinstance(offender, str) and offender in Seat.__members__:
        seat = seat_name(Seat[offender], lang)
        irregularity = str(ruling.get("irregularity", ""))
        title = named_player(irregularity, title, seat, lang, ruling.get("facts")) or (
            t.gettext("{title} by {seat}").format(title=title, seat=seat))
    laws = ", ".join(ruling.get("laws", []))
    return t.gettext("{when} — {title} — Laws {laws} ({edition})").format(
        when=_when(entry.at), title=title, laws=laws, edition=entry.edition)


def history_file(entries: Sequence[LogEntry], lang: str, now: datetime) -> bytes:
    t = translator(lang)
    lines = [t.gettext("Arbitre — rulings log, written {when}").format(when=_when(now)),
             t.gettext(DIRECTOR_REMINDER), ""]
    for number, entry in enumerate(entries, start=1):
        lines.append(f"{number}. {_headline(entry, lang)}")
        if entry.description:
            lines.append(t.gettext("Described as:"))
            lines.extend("    " + line for line in entry.description.splitlines())
        text = entry.ruling.get("text", {})
        statement = text.get(lang) or text.get("fr") if isinstance(text, dict) else None
        if statement:
            lines.append(t.gettext("Ruling: {statement}").format(statement=statement))
        lines.append("")
    return "\n".join(lines).encode("utf-8")


def history_replies(entries: Sequence[LogEntry], lang: str, now: datetime) -> list[Reply]:
    t = translator(lang)
    if not entries:
        return [Reply(t.gettext("No ruling yet in this chat."))]
    listed = [t.gettext("Recent rulings in this chat:")]
    listed += [f"{n}. {_headline(e, lang)}" for n, e in enumerate(entries[:SHOWN], start=1)]
    name = f"arbitre-rulings-{now.strftime('%Y%m%d-%H%M')}.txt"
    return [Reply("\n".join(listed), document=(name, history_file(entries, lang, now)))]
