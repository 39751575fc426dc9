"""The store, on each back end (SQLite, PostgreSQL): chat state survives a
reopen, the ruling log keeps what a review needs, a failed step writes
nothing, the inbox takes an update once, the outbox keeps replies in order
until delivered, the retention purge and /oublier erase what they say, and
the schema carries its version."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.dialogue.state import ChatState, Draft, Pending
from bot.store import MIGRATIONS as SQLITE_MIGRATIONS
from bot.store import Store, StoreError
from bot.store_api import ChatStore, display_target, is_database_url, open_store
from bot.store_pg import MIGRATIONS as PG_MIGRATIONS
from tests.support.pg_server import PgServer

NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(db_target: str | Path) -> ChatStore:
    opened = open_store(db_target, clock=lambda: NOON)
    yield opened  # type: ignore[misc]
    opened.close()


def test_state_survives_a_reopen(db_target: str | Path) -> None:
    state = ChatState(lang="en", edition="2007", draft=Draft(irregularity="insufficient_bid",
                      facts={"lho_accepts": False}, description=["E 1H over my 1S"]),
                      pending=Pending("fact", "replacement", ["pass", "other_bid"], qid=3),
                      qid=3)
    store = open_store(db_target, clock=lambda: NOON)
    with store.transaction("tg:1") as db:
        store.save_state(db, "tg:1", state.to_json())
    store.close()
    reopened = open_store(db_target, clock=lambda: NOON)
    loaded = ChatState.from_json(reopened.load_state("tg:1"))
    assert loaded == state
    assert reopened.load_state("tg:2") is None
    reopened.close()


def test_ruling_log_is_newest_first_with_the_injected_time(store: ChatStore) -> None:
    for number in range(3):
        with store.transaction("tg:1") as db:
            store.log_ruling(db, "tg:1", edition="2017", description=f"incident {number}",
                             facts={"lho_accepts": False}, ruling={"laws": [str(number)]})
    with store.transaction("tg:9") as db:
        store.log_ruling(db, "tg:9", edition="2017", description="elsewhere", facts={},
                         ruling={})
    entries = store.recent_rulings("tg:1", limit=2)
    assert [e.description for e in entries] == ["incident 2", "incident 1"]
    assert entries[0].at == NOON
    assert entries[0].facts == {"lho_accepts": False}
    assert store.count_rulings("tg:1") == 3


def test_a_ruling_replaces_the_earlier_one_on_the_same_incident(store: ChatStore) -> None:
    with store.transaction("tg:1") as db:
        first = store.log_ruling(db, "tg:1", edition="2017", description="before the choice",
                                 facts={}, ruling={"laws": ["27B1"]})
    with store.transaction("tg:1") as db:
        again = store.log_ruling(db, "tg:1", edition="2007", description="after the choice",
                                 facts={}, ruling={"laws": ["27B2"]}, replaces=first)
    # Another chat's row id is never replaced: a new row instead.
    with store.transaction("tg:2") as db:
        other = store.log_ruling(db, "tg:2", edition="2017", description="other chat",
                                 facts={}, ruling={}, replaces=first)
    assert again == first and other != first
    (entry,) = store.recent_rulings("tg:1")
    assert (entry.edition, entry.description, entry.ruling) == ("2007", "after the choice",
                                                                {"laws": ["27B2"]})


def test_a_failed_step_writes_nothing(store: ChatStore) -> None:
    with pytest.raises(RuntimeError), store.transaction("tg:1") as db:
        store.save_state(db, "tg:1", {"lang": "en"})
        store.enqueue(db, 1, {"method": "sendMessage", "text": "never"})
        raise RuntimeError("the step failed")
    assert store.load_state("tg:1") is None
    assert store.pending() == []


def test_text_any_unicode_is_kept(store: ChatStore) -> None:
    """What a user may type (a NUL, astral characters) is logged, never a failed step."""
    with store.transaction("tg:1") as db:
        store.save_state(db, "tg:1", {"text": "a\x00b 🂡 ♥"})
        store.log_ruling(db, "tg:1", edition="2017", description="N\x00 1♥ 🂡", facts={},
                         ruling={"note": "\x00"})
    assert store.load_state("tg:1") == {"text": "a\x00b 🂡 ♥"}
    (entry,) = store.recent_rulings("tg:1")
    assert "1♥ 🂡" in entry.description and entry.ruling == {"note": "\x00"}


def test_the_inbox_takes_an_update_once(store: ChatStore) -> None:
    assert store.last_update_id() is None
    assert store.record_update(7, {"update_id": 7, "text": "un"})
    assert not store.record_update(7, {"update_id": 7, "text": "again"})
    assert store.record_update(8, {"update_id": 8})
    assert store.unhandled_updates() == [(7, {"update_id": 7, "text": "un"}), (8, {"update_id": 8})]
    with store.transaction("tg:1") as db:
        store.mark_handled(db, 7)
    assert store.is_handled(7) and not store.is_handled(8) and not store.is_handled(99)
    assert store.unhandled_updates() == [(8, {"update_id": 8})]
    assert store.last_update_id() == 8


def test_the_outbox_keeps_replies_in_order_until_delivered(store: ChatStore) -> None:
    with store.transaction("tg:5") as db:
        for text in ("one", "two"):
            store.enqueue(db, 5, {"text": text})
        store.enqueue(db, 6, {"text": "elsewhere"})
    rows = store.pending(5)
    assert [(chat, payload["text"], tries) for _, chat, payload, tries in rows] == [
        (5, "one", 0), (5, "two", 0)]
    store.attempted(rows[0][0])
    assert store.pending(5)[0][3] == 1
    store.delivered(rows[0][0])
    assert [p["text"] for _, _, p, _ in store.pending()] == ["two", "elsewhere"]
    assert len(store.pending(limit=1)) == 1


def test_forget_erases_the_chat_and_only_it(store: ChatStore) -> None:
    for chat in ("tg:1", "tg:2"):
        with store.transaction(chat) as db:
            store.save_state(db, chat, {"lang": "fr"})
            for _ in range(2):
                store.log_ruling(db, chat, edition="2017", description="x", facts={},
                                 ruling={})
    with store.transaction("tg:1") as db:
        assert store.forget(db, "tg:1") == 2
    store.checkpoint()
    assert store.load_state("tg:1") is None and store.count_rulings("tg:1") == 0
    assert store.load_state("tg:2") == {"lang": "fr"} and store.count_rulings("tg:2") == 2


def test_the_purge_erases_what_is_older_than_the_retention(db_target: str | Path) -> None:
    now = [NOON - timedelta(days=400)]
    store = open_store(db_target, clock=lambda: now[0])
    with store.transaction("tg:old") as db:
        store.save_state(db, "tg:old", {"lang": "fr"})
        store.log_ruling(db, "tg:old", edition="2017", description="old", facts={}, ruling={})
    assert store.record_update(1, {})
    with store.transaction() as db:
        store.mark_handled(db, 1)
    now[0] = NOON - timedelta(days=10, microseconds=1)  # times, not texts, compared
    with store.transaction("tg:new") as db:
        store.save_state(db, "tg:new", {"lang": "en"})
        store.log_ruling(db, "tg:new", edition="2017", description="new", facts={}, ruling={})
    now[0] = NOON
    assert store.purge(365) == (1, 1)
    assert store.load_state("tg:old") is None and store.count_rulings("tg:old") == 0
    assert store.load_state("tg:new") == {"lang": "en"} and store.count_rulings("tg:new") == 1
    # A handled update keeps its id a day only; then Telegram no longer resends it.
    assert not store.is_handled(1) and store.record_update(1, {})
    assert store.purge(365) == (0, 0)
    store.close()


def test_the_schema_carries_its_version_and_a_newer_one_is_refused(
        db_target: str | Path) -> None:
    store = open_store(db_target)
    latest = len(PG_MIGRATIONS if is_database_url(db_target) else SQLITE_MIGRATIONS)
    assert store.schema_version() == latest  # type: ignore[attr-defined]
    with store.transaction() as db:  # as a later Arbitre would leave it
        if is_database_url(db_target):
            db.execute("INSERT INTO arbitre_schema (version) VALUES (%s)", (latest + 1,))
        else:
            db.execute(f"PRAGMA user_version = {latest + 1}")
    store.close()
    with pytest.raises(StoreError, match="newer Arbitre"):
        open_store(db_target)


def test_an_sqlite_file_from_before_schema_versions_is_taken_as_version_1(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.executescript(SQLITE_MIGRATIONS[0])
        old.execute("INSERT INTO chat_state VALUES ('tg:1', '{\"lang\": \"en\"}', "
                    "'2026-01-01T00:00:00+00:00')")
    old.close()
    store = Store(path)
    assert store.schema_version() == len(SQLITE_MIGRATIONS)
    assert store.load_state("tg:1") == {"lang": "en"}
    store.close()


def test_a_url_is_shown_without_its_password() -> None:
    assert display_target("postgresql://bot:s3cret@db.club:5433/arbitre") == (
        "postgresql://bot:***@db.club:5433/arbitre")
    assert display_target("postgresql://bot@/arbitre?host=/run") == (
        "postgresql://bot@/arbitre?host=/run")
    assert display_target(Path("/var/lib/arbitre.sqlite3")) == "/var/lib/arbitre.sqlite3"


def test_an_unreachable_server_gets_one_sentence_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://bot:s3cret@/arbitre?host={tmp_path}&connect_timeout=2"
    with pytest.raises(StoreError) as raised:
        open_store(url)
    message = str(raised.value)
    assert "s3cret" not in message and "PostgreSQL" in message
    assert "check that the server runs" in message


def test_wal_mode(tmp_path: Path) -> None:
    store = Store(tmp_path / "w.sqlite3")
    with store.transaction() as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_both_back_ends_hold_the_same_tables_and_columns(tmp_path: Path,
                                                         pg_server: PgServer) -> None:
    """A table or column added to one back end's migrations and not the
    other's is found here, not by a federation in production."""
    sqlite_store = Store(tmp_path / "s.sqlite3")
    with sqlite_store.transaction() as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                           "AND name NOT LIKE 'sqlite_%'")]
        in_sqlite = {t: {r[1] for r in db.execute(f"PRAGMA table_info({t})")} for t in tables}
    sqlite_store.close()
    import psycopg

    url = pg_server.fresh_url()
    open_store(url).close()
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT table_name, column_name FROM information_schema.columns "
                            "WHERE table_schema = current_schema()").fetchall()
    in_pg: dict[str, set[str]] = {}
    for table, column in rows:
        in_pg.setdefault(table, set()).add(column)
    del in_pg["arbitre_schema"]  # PostgreSQL's version table (SQLite: PRAGMA user_version)
    in_pg["outbox"].discard("leased_by")  # several senders: PostgreSQL only
    in_pg["inbox"].discard("received_by")  # several receivers: PostgreSQL only
    del in_pg["transcription_jobs"]  # speech workers: PostgreSQL only (SQLite hears in-process)
    del in_pg["rate_limits"]  # the limit shared by processes: PostgreSQL only (SQLite: memory)
    assert in_pg == in_sqlite
