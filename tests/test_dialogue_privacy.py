"""What is kept, for how long, and how a chat erases it: /oublier with its
confirmation, the retention purge, a database that cannot be used, a damaged
state row; and the English corrections read like the French ones. On each
store back end (SQLite, PostgreSQL) where the store is what is tested."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue import Conversations, Reply, open_conversations
from bot.store import (
    DEFAULT_RETENTION_DAYS,
    StoreError,
    default_retention_days,
    open_store,
)
from tests.support.pg_server import table_columns

NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
INCIDENT = "Est a dit 1♥ sur mon 1♠, Sud refuse"


class Clock:
    def __init__(self) -> None:
        self.now = NOON

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def chats(db_target: str | Path, clock: Clock) -> Iterator[Conversations]:
    conversations = open_conversations(db_target, edition="2017", clock=clock)
    yield conversations
    conversations.store.close()


def _ruled(chats: Conversations, key: str, lang: str = "fr") -> None:
    """Two incidents ruled, two entries in the log (one incident, one entry)."""
    for replacement in ("other_bid", "pass"):
        chats.command(key, "annuler", None, lang)
        chats.text(key, INCIDENT, lang)
        replies = chats.answer(key, replacement)
        assert any(r.ruling for r in replies)


def _action(replies: list[Reply], position: int) -> str:
    (reply,) = replies
    return reply.actions[position].data


def _raw_state(chats: Conversations, key: str) -> dict[str, Any] | None:
    return chats.store.load_state(key)


def test_forget_asks_first_then_erases_this_chat_only(chats: Conversations) -> None:
    _ruled(chats, "tg:1")
    _ruled(chats, "tg:2")
    other_state = _raw_state(chats, "tg:2")
    asked = chats.command("tg:1", "oublier")
    assert "Effacer" in asked[0].text and "définitif" in asked[0].text
    assert [a.label for a in asked[0].actions] == ["Effacer", "Garder"]
    # Nothing is erased until the button is pressed.
    assert chats.store.count_rulings("tg:1") == 2
    done = chats.button("tg:1", _action(asked, 0))
    assert "Effacé" in done[0].text
    assert chats.store.count_rulings("tg:1") == 0
    assert _raw_state(chats, "tg:1") is None
    assert chats.command("tg:1", "historique")[0].document is None
    # The other chat keeps its conversation and its log.
    assert chats.store.count_rulings("tg:2") == 2
    assert _raw_state(chats, "tg:2") == other_state


def test_forget_in_english_and_keep(chats: Conversations) -> None:
    _ruled(chats, "tg:3", lang="en")
    chats.command("tg:3", "language", "en")
    asked = chats.command("tg:3", "forget")
    assert asked[0].text.startswith("Erase this chat's conversation and its 2 logged rulings")
    kept = chats.button("tg:3", _action(asked, 1))
    assert kept[0].text == "Nothing was erased."
    assert chats.store.count_rulings("tg:3") == 2
    # The confirmation is spent: its erase button no longer erases.
    stale = chats.button("tg:3", _action(asked, 0))
    assert stale[0].text == "That button is no longer in use."
    assert chats.store.count_rulings("tg:3") == 2


def test_forged_and_stale_erase_buttons_erase_nothing(chats: Conversations) -> None:
    _ruled(chats, "tg:4")
    for data in ("forget:1", "forget:", "forget:abc", "forget:0", "keep:9999"):
        assert chats.button("tg:4", data)[0].text == "Ce bouton n'est plus utilisé."
    first = chats.command("tg:4", "oublier")
    second = chats.command("tg:4", "oublier")
    assert chats.button("tg:4", _action(first, 0))[0].text == "Ce bouton n'est plus utilisé."
    assert chats.store.count_rulings("tg:4") == 2
    # Another chat's button data does not reach this chat's confirmation.
    assert chats.button("tg:5", _action(second, 0))[0].text == "Ce bouton n'est plus utilisé."
    assert chats.store.count_rulings("tg:4") == 2
    assert "Effacé" in chats.button("tg:4", _action(second, 0))[0].text


def test_forget_in_a_chat_never_seen_creates_nothing(chats: Conversations) -> None:
    (reply,) = chats.command("tg:6", "forget", None, "en-US")
    assert reply.text == "I keep nothing about this chat." and not reply.actions
    assert _raw_state(chats, "tg:6") is None


def test_forget_keeps_a_pending_question_answerable(chats: Conversations) -> None:
    asking = chats.text("tg:7", "Est a dit 1♥ sur mon 1♠")
    question = next(r for r in asking if r.question)
    chats.command("tg:7", "oublier")
    assert question.qid is not None
    answered = chats.button("tg:7", f"a:{question.qid}:1")
    assert answered[0].answered  # the question was still open


def test_retention_purges_old_rulings_and_idle_chats(chats: Conversations,
                                                     clock: Clock) -> None:
    _ruled(chats, "tg:old")
    clock.now = NOON + timedelta(days=200)
    _ruled(chats, "tg:recent")
    clock.now = NOON + timedelta(days=366)
    assert chats.purge_expired(365) == (1, 2)
    assert _raw_state(chats, "tg:old") is None and chats.store.count_rulings("tg:old") == 0
    assert _raw_state(chats, "tg:recent") is not None
    assert chats.store.count_rulings("tg:recent") == 2
    clock.now = NOON + timedelta(days=200 + 366)
    assert chats.purge_expired(365) == (1, 2)
    assert chats.purge_expired(365) == (0, 0)


def test_erased_rows_leave_no_copy_in_the_file(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "erase.sqlite3"
    chats = open_conversations(path, edition="2017", clock=clock)
    chats.text("tg:8", "Est a dit 1♥ sur mon 1♠, Sud refuse, Zanzibar-Quetzal")
    chats.answer("tg:8", "other_bid")
    asked = chats.command("tg:8", "oublier")
    chats.button("tg:8", _action(asked, 0))
    chats.store.close()
    leftovers = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    assert b"Zanzibar-Quetzal" not in leftovers


def test_retention_setting() -> None:
    assert default_retention_days({}) == DEFAULT_RETENTION_DAYS == 365
    assert default_retention_days({"ARBITRE_RETENTION_DAYS": " 30 "}) == 30
    for bad in ("0", "-3", "a year", "1.5"):
        with pytest.raises(StoreError, match="ARBITRE_RETENTION_DAYS"):
            default_retention_days({"ARBITRE_RETENTION_DAYS": bad})


def test_an_unusable_database_is_one_clear_sentence(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with pytest.raises(StoreError) as raised:
        open_store(blocker / "arbitre.sqlite3")
    assert "set ARBITRE_DB to a file in a writable directory" in str(raised.value)
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not SQLite" * 100)
    with pytest.raises(StoreError, match="ARBITRE_DB"):
        open_store(garbage)


def test_a_damaged_state_row_starts_the_chat_afresh(chats: Conversations) -> None:
    chats.text("tg:9", INCIDENT)
    with chats.store.transaction() as db:
        chats.store.save_state(db, "tg:9", {"lang": "en", "pending": {"values": 3}})
    replies = chats.text("tg:9", "East bid 1H over my 1S, South does not accept", "en")
    assert any(r.ruling for r in replies)
    with chats.store.transaction() as db:
        db.execute("UPDATE chat_state SET state = '[not json' WHERE chat_key = 'tg:9'")
    assert chats.command("tg:9", "aide")[0].text


def test_a_lone_surrogate_is_stored_not_fatal(chats: Conversations) -> None:
    replies = chats.text("tg:10", "Est a dit 1♥ \ud800 sur mon 1♠")
    assert replies and replies[0].text


def test_state_keeps_no_names_nor_message_ids(chats: Conversations,
                                             db_target: str | Path) -> None:
    chats.text("tg:11", INCIDENT, "fr-FR")
    state = _raw_state(chats, "tg:11")
    assert state is not None
    assert set(state) == {"lang", "lang_pinned", "lang_settled", "edition", "draft", "pending",
                          "ruling", "board", "steps", "qid", "forget_qid", "logged_id"}
    assert state["draft"]["description"] == [INCIDENT]
    assert table_columns(db_target, "ruling_log") == {"id", "chat_key", "at", "edition",
                                                      "description", "facts", "ruling"}


@pytest.mark.parametrize(
    ("first", "correction", "offender", "laws"),
    [
        ("East bid 1H over my 1S, South does not accept", "no, it was West", "W", None),
        ("East bid 1H over my 1S, South does not accept", "South accepted", "E", "27A1"),
        ("East bid 1H over my 1S", "no, South accepted", "E", "27A1"),
        ("East bid 1H over my 1S", "South did not accept it", "E", None),
        ("Est a dit 1♥ sur mon 1♠, Sud refuse", "non, c'était Ouest", "W", None),
        ("Est a dit 1♥ sur mon 1♠", "Sud a accepté", "E", "27A1"),
        ("Est a dit 1♥ sur mon 1♠", "Sud n'a pas accepté", "E", None),
    ],
)
def test_short_corrections_in_both_languages(chats: Conversations, first: str,
                                             correction: str, offender: str,
                                             laws: str | None) -> None:
    chats.text("tg:c", first)
    replies = chats.text("tg:c", correction)
    state = _raw_state(chats, "tg:c")
    assert state is not None and state["draft"]["offender"] == offender
    ruling = next((r.ruling for r in replies if r.ruling), None)
    if laws is not None:
        assert ruling is not None and laws in ruling["laws"]
    else:
        # Read, and the dialogue went on (a question or a ruling), not "I could not tell".
        assert any(r.question or r.ruling for r in replies), [r.text for r in replies]
    if correction.startswith(("Sud n'a", "South did not")):
        assert state["draft"]["facts"].get("lho_accepts") is False


def test_acceptance_by_a_seat_that_cannot_accept_is_not_read(chats: Conversations) -> None:
    chats.text("tg:d", "East bid 1H over my 1S")
    chats.text("tg:d", "West accepted")  # East's partner: not his to accept
    state = _raw_state(chats, "tg:d")
    assert state is not None and "lho_accepts" not in state["draft"]["facts"]
