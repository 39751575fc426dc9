"""Several bot processes on one PostgreSQL database (issue 15 item 2): an
update offered to all of them is claimed and handled by one only, and the
steps of one chat never run at the same time, so none is lost. Each worker
here has a store of its own (its own pool and connections, as a process
would), in a thread of its own."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from bot.store_api import ChatStore, open_store
from bot.store_pg import MIGRATIONS as PG_MIGRATIONS
from bot.store_pg import chat_lock_key
from tests.support.pg_server import PgServer, count_rows

UPDATES = 120
CHATS = 6
WORKERS = 3


def _run_workers(url: str, work: Callable[[ChatStore, int], None]) -> None:
    stores = [open_store(url) for _ in range(WORKERS)]
    errors: list[BaseException] = []
    start = threading.Barrier(WORKERS)

    def run(number: int) -> None:
        try:
            start.wait(timeout=30)
            work(stores[number], number)
        except BaseException as error:  # reported below, with the worker's traceback
            errors.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    for store in stores:
        store.close()
    assert not [t for t in threads if t.is_alive()], "a worker is stuck"
    if errors:
        raise errors[0]


def _key(update_id: int) -> str:
    return f"tg:{update_id % CHATS}"


def test_each_update_is_handled_once_and_a_chats_steps_one_at_a_time(
        pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    claimed: dict[int, list[int]] = {n: [] for n in range(WORKERS)}
    spans: dict[str, list[tuple[float, float]]] = {}
    spans_lock = threading.Lock()

    def work(store: ChatStore, number: int) -> None:
        # Every worker is offered every update, as after a webhook retry
        # landing on another process: the first to record it handles it.
        order = range(UPDATES) if number % 2 == 0 else reversed(range(UPDATES))
        for update_id in order:
            if not store.record_update(update_id, {"update_id": update_id}):
                continue
            claimed[number].append(update_id)
            key = _key(update_id)
            with store.transaction(key) as db:
                began = time.monotonic()
                state = store.load_state(key) or {"handled": []}
                time.sleep(0.002)  # a step's work: a race would lose the other's write here
                state["handled"].append(update_id)
                store.save_state(db, key, state)
                store.mark_handled(db, update_id)
                ended = time.monotonic()
            with spans_lock:
                spans.setdefault(key, []).append((began, ended))

    _run_workers(url, work)

    everything = [u for worker in claimed.values() for u in worker]
    assert sorted(everything) == list(range(UPDATES)), "an update handled twice, or never"
    assert all(claimed.values()), f"a worker claimed nothing: {claimed}"
    check = open_store(url)
    try:
        assert check.unhandled_updates() == []
        for chat in range(CHATS):
            key = f"tg:{chat}"
            state = check.load_state(key)
            assert state is not None
            # Nothing lost: every step of the chat saw the one before it.
            assert sorted(state["handled"]) == [u for u in range(UPDATES) if _key(u) == key]
    finally:
        check.close()
    for key, intervals in spans.items():
        ordered = sorted(intervals)
        overlaps = [(a, b) for a, b in zip(ordered, ordered[1:], strict=False) if b[0] < a[1]]
        assert not overlaps, f"two steps of {key} ran at once"


def test_the_chat_lock_key_is_stable_and_spread() -> None:
    """Every process must compute the same lock for a chat (no per-process
    hash seed), and different chats should rarely share one."""
    assert chat_lock_key("tg:42") == chat_lock_key("tg:42")
    assert chat_lock_key("tg:42") == -992360144  # blake2b: the same in every process and release
    keys = {chat_lock_key(f"tg:{n}") for n in range(10_000)}
    assert len(keys) > 9_980
    assert all(-(2**31) <= k < 2**31 for k in keys)


def test_a_chats_replies_are_delivered_by_one_process_at_a_time(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    first, second = open_store(url), open_store(url)
    try:
        with first.transaction("tg:5") as db:
            for text in ("one", "two", "three"):
                first.enqueue(db, 5, {"text": text})
            first.enqueue(db, 6, {"text": "elsewhere"})
        taken = first.pending(5)
        assert [p["text"] for _, _, p, _ in taken] == ["one", "two", "three"]
        # The other process sees chat 5 as being delivered: neither sends it
        # again nor sends it out of order; chat 6 is free for it.
        assert second.pending(5) == []
        assert [p["text"] for _, _, p, _ in second.pending()] == ["elsewhere"]
        assert [p["text"] for _, _, p, _ in second.pending(6)] == ["elsewhere"]
        first.delivered(taken[0][0])
        assert second.pending(5) == []
    finally:
        first.close()  # a clean stop gives its leases up
    try:
        assert [p["text"] for _, _, p, _ in second.pending(5)] == ["two", "three"]
    finally:
        second.close()


def test_the_replies_of_a_process_that_died_are_taken_over_at_once(
        pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    dying, survivor = open_store(url), open_store(url)
    try:
        with dying.transaction("tg:7") as db:
            dying.enqueue(db, 7, {"text": "in flight"})
        assert len(dying.pending(7)) == 1 and survivor.pending(7) == []
        # kill -9: its connections close, its liveness lock with them; the
        # lease it wrote stays in the table, but no longer counts.
        dying._alive.close()  # type: ignore[attr-defined]
        # The server ends that session on its own time (a few milliseconds); the
        # sender sweeps every second, the test asks every 10 ms.
        deadline = time.monotonic() + 10
        while not (taken := survivor.pending(7)) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [p["text"] for _, _, p, _ in taken] == ["in flight"]
    finally:
        dying.close()
        survivor.close()


def test_the_updates_a_dead_process_recorded_but_never_handled_are_adopted_once(
        pg_server: PgServer) -> None:
    """A webhook process answers Telegram 200 once the update is in the
    inbox; killed before handling it, another process takes it over, and
    only one does."""
    from bot.store_pg import PgStore

    url = pg_server.fresh_url()
    dying, survivor, third = (open_store(url) for _ in range(3))
    assert all(isinstance(s, PgStore) for s in (dying, survivor, third))
    try:
        for update_id in (12, 11, 13):
            assert dying.record_update(update_id, {"update_id": update_id})
        with dying.transaction("tg:7") as db:
            dying.mark_handled(db, 13)  # handled before the kill: nobody's any more
        assert survivor.record_update(20, {"update_id": 20})  # the survivor's own
        assert survivor.adopt_orphans() == [] and third.adopt_orphans() == []  # all alive
        # A process starting next to live ones replays none of their updates.
        assert third.unhandled_updates() == []
        assert [u for u, _ in survivor.unhandled_updates()] == [20]
        dying._alive.close()  # type: ignore[attr-defined]  # kill -9
        deadline = time.monotonic() + 10
        while not (adopted := survivor.adopt_orphans()) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert adopted == [(11, {"update_id": 11}), (12, {"update_id": 12})]
        # The survivor lives: nobody else takes them, nor its own update 20.
        assert third.adopt_orphans() == [] and survivor.adopt_orphans() == []
        with survivor.transaction("tg:7") as db:
            survivor.mark_handled(db, 11)
        survivor.close()  # it dies too, with 12 and 20 unhandled
        deadline = time.monotonic() + 10
        while not (adopted := third.adopt_orphans()) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [update_id for update_id, _ in adopted] == [12, 20]
    finally:
        dying.close()
        third.close()


def test_a_database_at_schema_1_is_migrated_keeping_what_it_holds(pg_server: PgServer) -> None:
    import psycopg

    url = pg_server.fresh_url()
    with psycopg.connect(url, autocommit=True) as conn:  # as the first release left it
        conn.execute(PG_MIGRATIONS[0].encode())
        conn.execute("CREATE TABLE arbitre_schema (version INTEGER PRIMARY KEY, applied "
                     "TIMESTAMPTZ NOT NULL DEFAULT now())")
        conn.execute("INSERT INTO arbitre_schema (version) VALUES (1)")
        conn.execute("INSERT INTO outbox (chat_id, payload, created) VALUES "
                     "(9, '{\"text\": \"kept\"}', now())")
    store = open_store(url)
    try:
        assert store.schema_version() == len(PG_MIGRATIONS) == 6  # type: ignore[attr-defined]
        assert [p["text"] for _, _, p, _ in store.pending(9)] == ["kept"]
        assert count_rows(url, "transcription_jobs") == 0  # version 3: the speech queue
        assert count_rows(url, "rate_limits") == 0  # version 5: the shared rate limit
    finally:
        store.close()


def test_two_processes_steps_on_one_chat_each_see_the_last(pg_server: PgServer) -> None:
    """The dialogue's own steps (bot.dialogue.session) take the chat's lock:
    two processes' /oublier requests on one chat each number their buttons
    after the other's, none lost."""
    from bot.dialogue import open_conversations

    url = pg_server.fresh_url()
    key, rounds = "tg:77", 15
    fronts = [open_conversations(url, edition="2017") for _ in range(2)]
    try:
        fronts[0].command(key, "langue", "en")
        start = int((fronts[0].store.load_state(key) or {})["qid"])
        barrier = threading.Barrier(2)

        def ask(number: int) -> None:
            barrier.wait(timeout=30)
            for _ in range(rounds):
                fronts[number].command(key, "oublier")

        threads = [threading.Thread(target=ask, args=(n,)) for n in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        state = fronts[1].store.load_state(key) or {}
        assert state["qid"] == start + 2 * rounds
    finally:
        for front in fronts:
            front.store.close()


#: A process opening the store at a given instant (argv: file, instant).
_OPEN_AT = """
import sys, time
from bot.store import open_store
at = float(sys.argv[2])
while time.time() < at:
    pass
store = open_store(sys.argv[1])
print(store.schema_version())
store.close()
"""


def test_processes_opening_one_new_sqlite_file_at_once_migrate_it_once(tmp_path: Path) -> None:
    """Two `arbitre chat --jsonl` (or a bot and `arbitre doctor`) started
    together on a new file: each opens it, none fails, and the schema ends at
    the last version (read inside the migration's transaction, never taken
    back a version by a process that read it before the other migrated)."""
    from bot.store import MIGRATIONS

    for round_ in range(4):
        path = tmp_path / f"shared{round_}.sqlite3"
        at = time.time() + 1.0
        procs = [subprocess.Popen([sys.executable, "-c", _OPEN_AT, str(path), str(at)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for _ in range(3)]
        for proc in procs:
            out, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err.decode()
            assert int(out) == len(MIGRATIONS)
