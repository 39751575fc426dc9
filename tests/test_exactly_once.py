"""Exactly once (bot/telegram/sender.py): a reply Telegram took but whose
answer was lost (a timeout, a reset, a kill -9) is found by a probe, an edit
with its very content on the ids above the chat's floor when its send began,
and is not sent again; the probe never rewrites another message. The probe's
reading of Telegram's answers, its walk over the ids, and the sender's
decisions on each store back end (SQLite, PostgreSQL)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from telegram import InlineKeyboardMarkup
from telegram.error import TimedOut
from telegram.ext import ExtBot

from bot.store_api import ChatStore, is_database_url, open_store
from bot.telegram.sender import Found, NotOurs, Seen, Sender, probe, seen
from tests.fakes.bot_api import TOKEN, FakeBotApi


@pytest.fixture(autouse=True)
def _no_probe_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    """In process, nothing is on its way when a probe starts: no grace to
    wait (the real processes of the fault suite and the multi-process test
    keep it)."""
    monkeypatch.setattr("bot.telegram.sender.PROBE_GRACE", 0.0)


NOT_MODIFIED = ("Message is not modified: specified new message content and reply markup "
                "are exactly the same as a current content and reply markup of the message")


@pytest.mark.parametrize(("answer", "meaning"), [
    (NOT_MODIFIED, Seen.OURS),                                   # this very reply is there
    ("Message can't be edited", Seen.OTHER),                     # a user's message
    ("There is no text in the message to edit", Seen.OTHER),     # a document
    ("Message to edit not found", Seen.GAP),                     # no such id (yet)
    ("MESSAGE_ID_INVALID", Seen.GAP),
    (None, Seen.EDITED),                                         # a bot message nothing recorded
])
def test_telegrams_answer_to_the_probes_edit_is_read(answer: str | None, meaning: Seen) -> None:
    assert seen(answer) is meaning


#: What a chat holds above the floor (10), id by id from 11: "ours" (this
#: reply), "user", "doc", "bot" (another message of this bot, unrecorded),
#: "gap" (deleted or never there); ids past the list do not exist.
_ANSWERS = {"ours": NOT_MODIFIED, "user": "Message can't be edited",
            "doc": "There is no text in the message to edit", "gap": "Message to edit not found",
            "bot": None}


@pytest.mark.parametrize(("chat", "found", "probed"), [
    (["ours"], Found(11), [11]),                                 # just above the floor
    (["user", "user", "ours"], Found(13), [11, 12, 13]),         # users wrote meanwhile
    (["gap", "doc", "gap", "ours"], Found(14), [11, 12, 13, 14]),
    ([], Found(None), [11, 12, 13]),                             # never landed: three gaps
    (["user"], Found(None), [11, 12, 13, 14]),
    (["gap", "gap", "gap", "ours"], Found(None), [11, 12, 13]),  # past three gaps: sent again
    (["user"] * 30, Found(None), list(range(11, 31))),           # bounded: 20 ids at most
    (["bot"], Found(11, edited=True), [11]),                     # the invariant broken
])
async def test_the_probe_walks_up_from_the_floor_to_the_reply(
        chat: list[str], found: Found, probed: list[int]) -> None:
    tried: list[int] = []

    async def edit(message_id: int) -> str | None:
        tried.append(message_id)
        index = message_id - 11
        return _ANSWERS[chat[index]] if index < len(chat) else _ANSWERS["gap"]

    assert await probe(edit, 10, lambda: True) == found
    assert tried == probed


async def test_the_probe_stops_when_the_row_is_no_longer_this_processs() -> None:
    calls = 0

    async def edit(message_id: int) -> str | None:
        nonlocal calls
        calls += 1
        return _ANSWERS["gap"]

    with pytest.raises(NotOurs):
        await probe(edit, 10, lambda: calls < 1)
    assert calls == 1  # the lease is checked before each edit


async def test_a_network_error_leaves_the_outcome_unknown() -> None:
    async def edit(message_id: int) -> str | None:
        raise TimedOut()

    with pytest.raises(TimedOut):
        await probe(edit, 10, lambda: True)


# --- the sender's decisions, against the fake Bot API and each store ----------

CHAT = 77
REPLY = {"method": "sendMessage", "text": "⚖️ <b>Ruling</b>", "parse_mode": "HTML",
         "reply_markup": {"inline_keyboard": [[{"text": "Law", "callback_data": "law:27"}]]}}


@pytest.fixture
async def wired(db_target: str | Path) -> AsyncIterator[tuple[FakeBotApi, ExtBot[None], ChatStore]]:
    fake = FakeBotApi().start()
    bot: ExtBot[None] = ExtBot(TOKEN, base_url=fake.base_url, base_file_url=fake.base_file_url)
    await bot.initialize()
    store = open_store(db_target)
    try:
        yield fake, bot, store
    finally:
        await bot.shutdown()
        store.close()
        fake.stop()


async def _other_bot_message(bot: ExtBot[None], text: str = "Another message") -> int:
    return (await bot.send_message(CHAT, text)).message_id


async def _reply_taken(bot: ExtBot[None]) -> int:
    """Telegram took the reply; the answer never came back."""
    return (await bot.send_message(CHAT, REPLY["text"], parse_mode="HTML",
                                   reply_markup=_markup(bot))).message_id


def _markup(bot: ExtBot[None]) -> InlineKeyboardMarkup | None:
    return InlineKeyboardMarkup.de_json(REPLY["reply_markup"], bot)


async def _users_then_reply(bot: ExtBot[None], fake: FakeBotApi) -> None:
    fake.new_message_id(CHAT)
    fake.new_message_id(CHAT)
    await _reply_taken(bot)


Before = Callable[[ExtBot[None], FakeBotApi, ChatStore], Awaitable[Any]]


async def _taken(bot: ExtBot[None], fake: FakeBotApi, store: ChatStore) -> None:
    await _reply_taken(bot)


async def _lost(bot: ExtBot[None], fake: FakeBotApi, store: ChatStore) -> None:
    return None


async def _users_wrote(bot: ExtBot[None], fake: FakeBotApi, store: ChatStore) -> None:
    await _users_then_reply(bot, fake)


async def _direct_above(bot: ExtBot[None], fake: FakeBotApi, store: ChatStore) -> None:
    # The error handler's message while the store failed, recorded since:
    # the probe must not cross it (it would rewrite it).
    store.note_direct(CHAT, await _other_bot_message(bot))


async def _direct_unknown(bot: ExtBot[None], fake: FakeBotApi, store: ChatStore) -> None:
    await _other_bot_message(bot)
    store.note_direct(CHAT, None)  # sent, its id never known


@pytest.mark.parametrize(("before", "edits", "sends"), [
    (_taken, 1, 0),         # "not modified" on the first id: delivered, not sent again
    (_users_wrote, 3, 0),   # two users' messages, then the reply
    (_lost, 3, 1),          # three ids without a message: sent
    (_direct_above, 0, 1),  # a message sent outside the outbox above the floor: no probe
    (_direct_unknown, 0, 1),
], ids=["taken", "users-wrote", "lost", "direct-above", "direct-unknown"])
async def test_a_reply_sent_before_with_its_outcome_unknown_is_shown_once(
        wired: tuple[FakeBotApi, ExtBot[None], ChatStore], before: Before, edits: int,
        sends: int) -> None:
    fake, bot, store = wired
    first = fake.new_message_id(CHAT)  # the user's message the reply answers
    with store.transaction() as db:
        store.note_message(db, CHAT, first)
        store.enqueue(db, CHAT, REPLY)
    store.pending(CHAT)  # leased to this store (PostgreSQL)
    ((row_id, *_),) = store.pending(CHAT)
    attempt = store.begin_attempt(row_id, CHAT)  # the first send began...
    assert attempt is not None and attempt.previous is None and attempt.floor == first
    await before(bot, fake, store)  # ...and its answer was lost (or it never landed)
    mark = fake.mark()
    await Sender(store).kick(bot, CHAT)
    calls = fake.calls[mark:]
    assert len([c for c in calls if c.method == "editMessageText"]) == edits
    assert len([c for c in calls if c.method == "sendMessage"]) == sends
    assert fake.rewritten == []  # no message ever rewritten
    assert store.pending(CHAT) == []
    shown = [key for key, content in fake._shown.items()
             if key[0] == CHAT and content[0] == REPLY["text"]]
    assert len(shown) == 1  # the reply is in the chat once
    # The floor rose to it: the next reply's probe starts above it.
    with store.transaction() as db:
        store.enqueue(db, CHAT, {**REPLY, "text": "Next"})
    ((next_row, *_),) = store.pending(CHAT)
    assert (store.begin_attempt(next_row, CHAT) or attempt).floor >= shown[0][1]


async def test_a_row_no_longer_this_processs_is_neither_probed_nor_sent(
        wired: tuple[FakeBotApi, ExtBot[None], ChatStore], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    fake, bot, store = wired
    with store.transaction() as db:
        store.enqueue(db, CHAT, REPLY)
    ((row_id, *_),) = store.pending(CHAT)
    store.begin_attempt(row_id, CHAT)
    monkeypatch.setattr(store, "holds", lambda row: False)  # the lease passed on
    mark = fake.mark()
    await Sender(store).kick(bot, CHAT)
    assert fake.calls[mark:] == []


def test_a_process_whose_lease_was_taken_may_no_longer_send(db_target: str | Path) -> None:
    if not is_database_url(db_target):
        pytest.skip("one process on an SQLite file: no lease")
    first, second = open_store(db_target), open_store(db_target)
    try:
        with first.transaction() as db:
            first.enqueue(db, CHAT, REPLY)
        ((row_id, *_),) = first.pending(CHAT)
        assert first.holds(row_id) and first.begin_attempt(row_id, CHAT) is not None
        assert second.pending(CHAT) == [] and not second.holds(row_id)
        _lose_liveness(first, db_target)
        assert [row[0] for row in second.pending(CHAT)] == [row_id]
        assert not first.holds(row_id) and first.begin_attempt(row_id, CHAT) is None
        attempt = second.begin_attempt(row_id, CHAT)
        assert attempt is not None and attempt.previous is not None  # the second probes
    finally:
        first.close()
        second.close()


def _lose_liveness(store: ChatStore, url: str | Path) -> None:
    """End the connection that marks ``store``'s process alive, and wait until
    the server has let its lock go: a client closing its end returns before
    the server's backend exits, so a check made at once may still see it."""
    pid = store._alive.info.backend_pid  # type: ignore[attr-defined]
    with psycopg.connect(str(url), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 10000)", (pid,))
    store._alive.close()  # type: ignore[attr-defined]


class _BrokenStore:
    """A store whose writes fail until ``mend`` (a full disk, say)."""

    def __init__(self, store: ChatStore) -> None:
        self._store = store
        self.broken = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    @contextmanager
    def transaction(self, chat_key: str | None = None) -> Iterator[Any]:
        if self.broken:
            raise OSError("disk full")
        with self._store.transaction(chat_key) as db:
            yield db

    def note_direct(self, chat_id: int, message_id: int | None) -> None:
        if self.broken:
            raise OSError("disk full")
        self._store.note_direct(chat_id, message_id)


async def test_the_error_message_goes_out_directly_only_when_the_store_fails_and_bars_probes(
        wired: tuple[FakeBotApi, ExtBot[None], ChatStore]) -> None:
    fake, bot, store = wired
    sender = Sender(store)
    await sender.tell(bot, CHAT, "Sorry, through the outbox")
    await sender.drained(CHAT)
    assert [c.params["text"] for c in fake.calls_to("sendMessage")] == [
        "Sorry, through the outbox"]
    broken = _BrokenStore(store)
    sender = Sender(broken)  # type: ignore[arg-type]
    await sender.tell(bot, CHAT, "Sorry, not saved")
    (direct,) = [key for key, content in fake._shown.items() if content[0] == "Sorry, not saved"]
    broken.broken = False
    with store.transaction() as db:  # a reply whose send began below the direct message
        store.enqueue(db, CHAT, REPLY)
    ((row_id, *_),) = store.pending(CHAT)
    attempt = store.begin_attempt(row_id, CHAT)
    assert attempt is not None and attempt.floor < direct[1]
    mark = fake.mark()
    await sender.kick(bot, CHAT)  # records the direct message first: no probe over it
    assert [c.method for c in fake.calls[mark:]] == ["sendMessage"]
    assert fake.rewritten == []
    again = store.begin_attempt(row_id, CHAT)
    assert again is None  # delivered
    with store.transaction() as db:
        store.enqueue(db, CHAT, REPLY)
    ((row_id, *_),) = store.pending(CHAT)
    assert (store.begin_attempt(row_id, CHAT) or attempt).barrier == direct[1]


async def test_an_error_message_whose_send_failed_bars_probes_until_the_next_confirmed_one(
        wired: tuple[FakeBotApi, ExtBot[None], ChatStore]) -> None:
    fake, bot, store = wired
    broken = _BrokenStore(store)
    sender = Sender(broken)  # type: ignore[arg-type]
    fake.override = lambda method, params: (200, {"__fault__": "lost"}) if (
        method == "sendMessage") else None  # taken, its id never known
    await sender.tell(bot, CHAT, "Sorry, not saved")
    fake.override = None
    broken.broken = False
    with store.transaction() as db:
        store.enqueue(db, CHAT, REPLY)
    ((row_id, *_),) = store.pending(CHAT)
    assert store.begin_attempt(row_id, CHAT) is not None  # its first send's outcome unknown
    mark = fake.mark()
    await sender.kick(bot, CHAT)
    sent = fake.calls[mark:]
    assert [c.method for c in sent] == ["sendMessage"] and fake.rewritten == []
    with store.transaction() as db:
        store.enqueue(db, CHAT, REPLY)
    ((row_id, *_),) = store.pending(CHAT)
    attempt = store.begin_attempt(row_id, CHAT)
    reply_id = max(key[1] for key in fake._shown if key[0] == CHAT)
    assert attempt is not None and attempt.barrier == attempt.floor == reply_id
