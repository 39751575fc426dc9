"""The per-user message limit held across processes (issue 15 item 2): with
several bot processes sharing PostgreSQL, the gate counts each user's
messages in the database (``rate_limits``, fixed one-minute windows), so a
user whose messages are spread over two processes still gets the limit once.
Each "process" here is a store and a gate of its own on one database."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.store import Store, StoreError
from bot.store_api import open_store
from bot.telegram.gate import WINDOW_SECONDS, Gate, Verdict, make_gate
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import sent_texts
from tests.fakes.updates import private_chat, text_update, user
from tests.support.pg_server import PgServer, count_rows

#: The start of a window (aligned on the minute), so the tests know where it ends.
T0 = datetime(2026, 11, 25, 0, 0, tzinfo=UTC)


def _rows_of(url: str, user_id: int) -> list[tuple[datetime, int]]:
    import psycopg

    with psycopg.connect(url) as conn:
        return [(r[0], r[1]) for r in conn.execute(
            "SELECT window_start, count FROM rate_limits WHERE user_id = %s "
            "ORDER BY window_start", (user_id,))]


def test_the_limit_holds_across_two_processes_and_the_window_ends(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    now = [T0]
    stores = [open_store(url, clock=lambda: now[0]) for _ in range(2)]
    try:
        gates = [make_gate(None, 3, store) for store in stores]
        assert all(gate.blocking for gate in gates)
        # Alternating between the processes: three answered in all, not three each;
        # one polite answer (from whichever process gets the fourth), then silence.
        verdicts = [gates[n % 2].user(7) for n in range(6)]
        assert verdicts == [Verdict.ANSWER] * 3 + [Verdict.REFUSE, Verdict.SILENT,
                                                   Verdict.SILENT]
        assert gates[0].user(8) is Verdict.ANSWER  # another user has a count of their own
        now[0] = T0 + timedelta(seconds=WINDOW_SECONDS - 1)
        assert gates[1].user(7) is Verdict.SILENT  # still the same minute
        now[0] = T0 + timedelta(seconds=WINDOW_SECONDS)  # the next window
        assert [gates[n % 2].user(7) for n in range(5)] == [
            Verdict.ANSWER] * 3 + [Verdict.REFUSE, Verdict.SILENT]  # told again: a new burst
        # Only the user's current window is kept: the older one went with this message.
        assert _rows_of(url, 7) == [(now[0], 5)]
        # The purge takes what users who never came back left.
        now[0] = T0 + timedelta(hours=2)
        stores[0].purge(365)
        assert count_rows(url, "rate_limits") == 0
    finally:
        for store in stores:
            store.close()


def test_windows_are_aligned_on_the_clock_not_on_the_first_message(
        pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    now = [T0 + timedelta(seconds=50)]
    store = open_store(url, clock=lambda: now[0])
    try:
        gate = make_gate(None, 1, store)
        assert [gate.user(1) for _ in range(2)] == [Verdict.ANSWER, Verdict.REFUSE]
        now[0] = T0 + timedelta(seconds=61)  # 11 s later, but in the next window
        assert gate.user(1) is Verdict.ANSWER
    finally:
        store.close()


def test_no_limit_asks_nothing_of_the_database(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    store = open_store(url)
    try:
        gate = make_gate(None, 0, store)
        assert not gate.blocking
        assert gate.user(1) is Verdict.ANSWER
        assert count_rows(url, "rate_limits") == 0
    finally:
        store.close()


def test_on_sqlite_the_limit_stays_in_memory(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        gate = make_gate(None, 2, store)
        assert not gate.blocking
        assert [gate.user(1) for _ in range(4)] == [
            Verdict.ANSWER, Verdict.ANSWER, Verdict.REFUSE, Verdict.SILENT]
        assert 1 in gate._recent  # the in-memory sliding window, as before
    finally:
        store.close()


class _Down:
    """A shared counter whose database is out of reach."""

    def count_message(self, user_id: int, window_seconds: float) -> int:
        raise StoreError("PostgreSQL failed to count a message: connection refused")


def test_a_database_out_of_reach_does_not_silence_the_bot() -> None:
    gate = Gate(per_minute=1, counter=_Down())
    assert gate.user(1) is Verdict.ANSWER  # the step that follows says what is wrong


async def test_two_bots_on_one_database_answer_a_user_within_one_limit(
        pg_server: PgServer) -> None:
    """End to end through the fake Bot API: a user's messages alternate
    between two bot processes; the limit of 2 holds over both, and one of them
    (not each) says so politely."""
    into_minute = time.time() % WINDOW_SECONDS
    if into_minute > WINDOW_SECONDS - 15:  # the counts are per clock minute: not across two
        await asyncio.sleep(WINDOW_SECONDS - into_minute + 0.5)
    url = pg_server.fresh_url()
    bots = [TelegramHarness(url, per_minute=2) for _ in range(2)]
    try:
        for bot in bots:
            await bot.start()
        chat = private_chat(520)
        answers = []
        for n in range(5):  # distinct update ids: the two bots share one inbox
            update = text_update(9000 + n, chat, "/aide", sender=user(520, language_code="en"))
            answers.append(sent_texts(await bots[n % 2].send(update)))
        assert [len(a) > 0 for a in answers] == [True, True, True, False, False]
        assert "at most 2 messages a minute" in answers[2][0]
        assert all(not bot.errors for bot in bots)
    finally:
        for bot in bots:
            await bot.close()
