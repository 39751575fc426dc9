"""Who the bot answers: the chats it is allowed in, and how often one person
may write.

``Gate`` decides, for each update that is meant for the bot, whether to
answer it, to say once why not, or to stay silent:

* the allowlist (``ARBITRE_ALLOWED_CHATS``): another chat gets one polite
  refusal, then silence, so a stranger cannot make the bot talk for ever;
* the rate limit (``ARBITRE_MAX_MESSAGES_PER_MINUTE`` per user, over a
  sliding minute): the first message over the limit gets a polite answer,
  the next ones silence until the minute has passed.

Everything lives in memory only (user and chat ids, times): nothing here is
written to the database, and a restart forgets it.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Collection
from enum import Enum

__all__ = ["Gate", "Verdict", "WINDOW_SECONDS"]

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


class Gate:
    def __init__(self, allowed_chats: Collection[int] | None = None, per_minute: int = 0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """``allowed_chats``: None lets every chat in; ``per_minute``: 0 is no limit."""
        self.allowed_chats = frozenset(allowed_chats) if allowed_chats is not None else None
        self.per_minute = per_minute
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

    def user(self, user_id: int) -> Verdict:
        """One more message from this user: within the limit?"""
        if self.per_minute <= 0:
            return Verdict.ANSWER
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

    def _sweep(self, now: float) -> None:
        for user_id in [u for u, times in self._recent.items()
                        if not times or now - times[-1] >= WINDOW_SECONDS]:
            del self._recent[user_id]
            self._warned.discard(user_id)
