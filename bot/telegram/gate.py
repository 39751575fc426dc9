"""Who the bot answers: the chats it is allowed in, and how often one person
may write.

``Gate`` decides, for each update that is meant for the bot, whether to
answer it, to say once why not, or to stay silent:

* the allowlist (``ARBITRE_ALLOWED_CHATS``): another chat gets one polite
  refusal, then silence, so a stranger cannot make the bot talk for ever;
* the rate limit (``ARBITRE_MAX_MESSAGES_PER_MINUTE`` per user, over a
  sliding minute): the first message over the limit gets a polite answer,
  the next ones silence until the minute has passed.

With several processes sharing PostgreSQL, the rate limit is counted in the
database instead (``MessageCounter``, ``PgStore.count_message``), so that a
user whose messages are spread over the processes still gets the limit once,
not once per process. That count is over *fixed* minutes (the window a
message falls in, aligned on the clock), not a sliding one: one atomic
upsert per message gives an exact count shared by every process and exactly
one polite answer per window; the price is that a burst straddling two
windows may pass up to twice the limit, which a flood guard can afford.
The database holds only user ids, window starts and counts. On SQLite (one
process) everything stays in memory as below.

``EraseGuard`` decides who may erase a group's conversation and ruling log
(/oublier): only the group's administrators, asked of Telegram
(getChatMember) when the command comes *and* again at the press, and only
the administrator who asked may press the confirmation. In a private chat,
the one person there decides.

Everything else lives in memory only (user and chat ids, times), and a
restart forgets it (a confirmation asked
before a restart must be asked again).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Collection
from enum import Enum
from typing import Protocol, runtime_checkable

from telegram import Bot
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot.store import StoreError

__all__ = ["Gate", "Verdict", "WINDOW_SECONDS", "MessageCounter", "make_gate", "EraseGuard",
           "is_group_admin"]

log = logging.getLogger(__name__)

#: The rate limit's window.
WINDOW_SECONDS = 60.0
#: How many refused chats and users are remembered before the oldest are dropped
#: (a flood of strangers must not grow the bot's memory without bound).
_REMEMBERED = 10_000
#: Every this many checks, users quiet for a whole window are forgotten.
_SWEEP_EVERY = 1_000


class Verdict(Enum):
    ANSWER = "answer"
    #: say why not, once
    REFUSE = "refuse"
    SILENT = "silent"


@runtime_checkable
class MessageCounter(Protocol):
    """A count of each user's messages shared by every process (``PgStore``)."""

    def count_message(self, user_id: int, window_seconds: float) -> int:
        """One more message: how many in the current window, this one included."""
        ...


class Gate:
    def __init__(self, allowed_chats: Collection[int] | None = None, per_minute: int = 0,
                 clock: Callable[[], float] = time.monotonic,
                 counter: MessageCounter | None = None) -> None:
        """``allowed_chats``: None lets every chat in; ``per_minute``: 0 is no
        limit; ``counter``: where the limit is counted when several processes
        share it (None: in this process's memory)."""
        self.allowed_chats = frozenset(allowed_chats) if allowed_chats is not None else None
        self.per_minute = per_minute
        self._counter = counter
        self._clock = clock
        self._refused_chats: dict[int, None] = {}  # insertion-ordered: oldest first
        self._recent: dict[int, deque[float]] = {}
        self._warned: set[int] = set()
        self._checks = 0

    def chat(self, chat_id: int) -> Verdict:
        """May the bot answer in this chat?"""
        if self.allowed_chats is None or chat_id in self.allowed_chats:
            return Verdict.ANSWER
        if chat_id in self._refused_chats:
            return Verdict.SILENT
        if len(self._refused_chats) >= _REMEMBERED:
            del self._refused_chats[next(iter(self._refused_chats))]
        self._refused_chats[chat_id] = None
        return Verdict.REFUSE

    @property
    def blocking(self) -> bool:
        """Whether ``user`` asks the database (so is called off the event loop)."""
        return self._counter is not None and self.per_minute > 0

    def user(self, user_id: int) -> Verdict:
        """One more message from this user: within the limit?"""
        if self.per_minute <= 0:
            return Verdict.ANSWER
        if self._counter is not None:
            return self._shared_user(self._counter, user_id)
        now = self._clock()
        self._checks += 1
        if self._checks % _SWEEP_EVERY == 0:
            self._sweep(now)
        recent = self._recent.get(user_id)
        if recent is None:
            if len(self._recent) >= _REMEMBERED:
                self._sweep(now)
            recent = self._recent[user_id] = deque()
        while recent and now - recent[0] >= WINDOW_SECONDS:
            recent.popleft()
        if len(recent) < self.per_minute:
            recent.append(now)
            self._warned.discard(user_id)
            return Verdict.ANSWER
        if user_id in self._warned:
            return Verdict.SILENT
        self._warned.add(user_id)
        return Verdict.REFUSE

    def _shared_user(self, counter: MessageCounter, user_id: int) -> Verdict:
        try:
            count = counter.count_message(user_id, WINDOW_SECONDS)
        except StoreError as error:
            # The step that follows fails and says so; the limit is not worth
            # a second, different error.
            log.warning("could not count a message for the rate limit (%s): answered", error)
            return Verdict.ANSWER
        if count <= self.per_minute:
            return Verdict.ANSWER
        return Verdict.REFUSE if count == self.per_minute + 1 else Verdict.SILENT

    def _sweep(self, now: float) -> None:
        for user_id in [u for u, times in self._recent.items()
                        if not times or now - times[-1] >= WINDOW_SECONDS]:
            del self._recent[user_id]
            self._warned.discard(user_id)


def make_gate(allowed_chats: Collection[int] | None, per_minute: int, store: object) -> Gate:
    """The bot's gate: the rate limit counted in ``store`` when it can share
    the count between processes (PostgreSQL), else in memory (SQLite)."""
    counter = store if isinstance(store, MessageCounter) else None
    return Gate(allowed_chats, per_minute, counter=counter)


async def is_group_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether Telegram says ``user_id`` administers ``chat_id`` now. When
    Telegram cannot tell, no: erasing is refused rather than allowed."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.warning("could not check a group administrator (%s): refused", type(error).__name__)
        return False
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


class EraseGuard:
    """Who asked for each group's pending erase confirmation, so that only
    they answer it. A confirmation is known by its serial (the button data's
    ``forget:<serial>`` / ``keep:<serial>``)."""

    def __init__(self) -> None:
        self._asked: dict[int, tuple[str, int]] = {}  # chat id -> (serial, user id)

    def asked(self, chat_id: int, serial: str, user_id: int) -> None:
        self._asked.pop(chat_id, None)
        if len(self._asked) >= _REMEMBERED:  # oldest first: insertion-ordered
            del self._asked[next(iter(self._asked))]
        self._asked[chat_id] = (serial, user_id)

    def asker(self, chat_id: int, serial: str) -> int | None:
        """Who asked for confirmation ``serial`` in this chat; None if unknown."""
        asked = self._asked.get(chat_id)
        return asked[1] if asked is not None and asked[0] == serial else None

    def answered(self, chat_id: int) -> None:
        self._asked.pop(chat_id, None)
