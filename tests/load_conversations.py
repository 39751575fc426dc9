"""Many conversations at once through the Telegram stack, each checked for
getting its own replies and its own ruling (shared by
tests/test_telegram_load.py and benchmarks/bench_load.py).

Every chat is a person who waits for the bot's answer before writing again,
and all of them write at the same time. Chat ``i`` describes an insufficient
bid whose offender seat and language depend on ``i % 8``, chooses the
replacement that bars the offender's partner, then asks for one of the 25
Laws quoted (``i // 8``): with up to 200 chats no two chats expect the same
three answers, so a reply
sent to the wrong chat, or a step applied to another chat's state, shows.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import statistics
import time
from dataclasses import dataclass, field

from tests.fakes.bot_api import ApiCall
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import shown_text
from tests.fakes.updates import private_chat, text_update, user

__all__ = ["Expected", "expected", "LoadResult", "run_load", "FIRST_CHAT"]

FIRST_CHAT = 5000
_ORDER = ("N", "E", "S", "W")
#: Laws whose text Arbitre quotes: each chat asks for one.
LAWS = (*range(15, 35), 36, 37, 38, 39, 72)
_NAMES = {"fr": {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"},
          "en": {"N": "North", "E": "East", "S": "South", "W": "West"}}


@dataclass(frozen=True, slots=True)
class Expected:
    chat_id: int
    lang: str
    offender: str
    law: int
    messages: tuple[str, ...]

    def offender_name(self) -> str:
        return _NAMES[self.lang][self.offender]


def expected(index: int) -> Expected:
    variant = index % 8
    lang = "fr" if variant < 4 else "en"
    opener, offender, lho = (_ORDER[(variant + k) % 4] for k in range(3))
    names = _NAMES[lang]
    if lang == "fr":
        description = (f"{names[opener]} a ouvert 1♠, {names[offender]} a dit 1♥, "
                       f"{names[lho]} refuse")
        law = f"/loi {LAWS[index // 8 % len(LAWS)]}"
    else:
        description = (f"{names[opener]} opened 1S, {names[offender]} bid 1H, "
                       f"{names[lho]} does not accept")
        law = f"/law {LAWS[index // 8 % len(LAWS)]}"
    return Expected(FIRST_CHAT + index, lang, offender, LAWS[index // 8 % len(LAWS)],
                    (description, "3", law))


@dataclass
class LoadResult:
    chats: int
    updates: int
    seconds: float
    latencies: list[float] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return self.updates / self.seconds

    def percentile(self, share: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))]

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies)


def _texts(calls: list[ApiCall], chat_id: int) -> list[str]:
    return [shown_text(c) for c in calls
            if c.method == "sendMessage" and str(c.params.get("chat_id")) == str(chat_id)]


async def _converse(bot: TelegramHarness, want: Expected,
                    latencies: list[float]) -> list[list[str]]:
    """Each message in turn, waiting for the bot; what the chat received after each."""
    chat = private_chat(want.chat_id)
    received = []
    for text in want.messages:
        handled = bot.push(text_update(bot.next_id(), chat, text,
                                       sender=user(want.chat_id, want.lang)))
        start = time.perf_counter()
        # Handlers block until their replies are sent, and the chat has one message
        # in flight: what reached it meanwhile answers this message, or is a mix-up.
        calls = await handled()
        latencies.append(time.perf_counter() - start)
        received.append(_texts(calls, want.chat_id))
    return received


def _check(want: Expected, received: list[list[str]], db: sqlite3.Connection) -> None:
    title = "Enchère insuffisante" if want.lang == "fr" else "Insufficient bid"
    by = "par" if want.lang == "fr" else "by"
    card = f"⚖️ {title}, {by} {want.offender_name()}"
    options, choice, law = received
    assert options and options[0].startswith(card), (want, options)
    assert choice and choice[0].startswith(card), (want, choice)  # the choice made
    word = "Loi" if want.lang == "fr" else "Law"
    assert law and re.match(rf"{word} {want.law}\b", law[0]), (want, law)
    other = "Law " if want.lang == "fr" else "Loi "
    texts = options + choice + law
    assert not any(t.startswith(other) for t in texts), (want, texts)  # one language
    rows = db.execute("SELECT ruling FROM ruling_log WHERE chat_key = ? ORDER BY id",
                      (f"tg:{want.chat_id}",)).fetchall()
    assert len(rows) == 1, (want, rows)  # one incident, one entry: its final ruling
    assert all(f'"offender": "{want.offender}"' in row[0] for row in rows)
    assert '"27B2"' in rows[-1][0]


async def run_load(bot: TelegramHarness, chats: int) -> LoadResult:
    """``chats`` conversations at once; every check passes or this raises."""
    wants = [expected(i) for i in range(chats)]
    latencies: list[float] = []
    start = time.perf_counter()
    received = await asyncio.gather(*(_converse(bot, want, latencies) for want in wants))
    elapsed = time.perf_counter() - start
    with sqlite3.connect(bot.db_path) as db:
        for want, texts in zip(wants, received, strict=True):
            _check(want, texts, db)
    return LoadResult(chats, len(latencies), elapsed, latencies)
