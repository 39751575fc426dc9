"""The SQLite store: chat state survives a reopen, the ruling log keeps what a
review needs, a failed step writes nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.dialogue.state import ChatState, Draft, Pending
from bot.store import Store

NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


def test_state_survives_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    state = ChatState(lang="en", edition="2007", draft=Draft(irregularity="insufficient_bid",
                      facts={"lho_accepts": False}, description=["E 1H over my 1S"]),
                      pending=Pending("fact", "replacement", ["pass", "other_bid"], qid=3),
                      qid=3)
    store = Store(path, clock=lambda: NOON)
    with store.transaction() as db:
        store.save_state(db, "tg:1", state.to_json())
    store.close()
    reopened = Store(path, clock=lambda: NOON)
    loaded = ChatState.from_json(reopened.load_state("tg:1"))
    assert loaded == state
    assert reopened.load_state("tg:2") is None
    reopened.close()


def test_ruling_log_is_newest_first_with_the_injected_time(tmp_path: Path) -> None:
    store = Store(tmp_path / "log.sqlite3", clock=lambda: NOON)
    for number in range(3):
        with store.transaction() as db:
            store.log_ruling(db, "tg:1", edition="2017", description=f"incident {number}",
                             facts={"lho_accepts": False}, ruling={"laws": [str(number)]})
    with store.transaction() as db:
        store.log_ruling(db, "tg:9", edition="2017", description="elsewhere", facts={},
                         ruling={})
    entries = store.recent_rulings("tg:1", limit=2)
    assert [e.description for e in entries] == ["incident 2", "incident 1"]
    assert entries[0].at == NOON
    assert entries[0].facts == {"lho_accepts": False}
    store.close()


def test_a_failed_step_writes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.sqlite3", clock=lambda: NOON)
    with pytest.raises(RuntimeError), store.transaction() as db:
        store.save_state(db, "tg:1", {"lang": "en"})
        raise RuntimeError("the step failed")
    assert store.load_state("tg:1") is None
    store.close()


def test_wal_mode(tmp_path: Path) -> None:
    store = Store(tmp_path / "w.sqlite3")
    with store.transaction() as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()
