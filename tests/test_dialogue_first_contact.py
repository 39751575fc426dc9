"""What a new user met in the first hour (issue 17), each in the user's own
words, through the real understanding, rules core and store."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue import Conversations, Reply, open_conversations

CHAT = "first:1"
NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


@pytest.fixture
def chat(tmp_path: Path) -> Iterator[Conversations]:
    conversations = open_conversations(tmp_path / "dialogue.sqlite3", edition="2017",
                                       clock=lambda: NOON)
    yield conversations
    conversations.store.close()


def _ruling(replies: list[Reply]) -> dict[str, Any] | None:
    return next((r.ruling for r in reversed(replies) if r.ruling), None)


def _question(replies: list[Reply]) -> Any:
    return next((r.question for r in reversed(replies) if r.question), None)


def _text(replies: list[Reply]) -> str:
    return "\n".join(r.text for r in replies)


def test_a_continuation_in_relative_seats_reaches_law_37_for_the_barred_player(
        chat: Conversations) -> None:
    """Item 2: the LHO's insufficient bid, not accepted, replaced by another
    sufficient bid: his partner (the writer's RHO) must pass throughout; the
    calls reported by place continue the board."""
    chat.text(CHAT, "ladversaire de gauche a dit 1c sur mon 1p", "fr")
    chat.text(CHAT, "2")
    ruled = chat.text(CHAT, "3")
    assert "27B2" in (_ruling(ruled) or {})["laws"]
    replies = chat.text(CHAT, "il a mis 2c, mon partenaire passe et ladversaire de droite "
                              "dit 2p")
    text = _text(replies)
    assert "Votre partenaire passe : en règle." in text
    assert "Loi 37" in text
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "call_when_obliged_to_pass"
    assert any(law.startswith("37") for law in ruling["laws"])
    assert "par votre adversaire de droite" in text
    assert "Enchère insuffisante" not in text


def test_a_continuation_in_english_by_place(chat: Conversations) -> None:
    chat.text(CHAT, "my LHO bid 1H over my 1S", "en")
    chat.answer(CHAT, False)
    chat.answer(CHAT, "other_bid")
    replies = chat.text(CHAT, "he bid 2H, my partner passes and RHO said 2S")
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "call_when_obliged_to_pass"
    assert "by your right-hand opponent" in _text(replies)


def test_a_correction_of_the_offender_re_derives_the_law(chat: Conversations) -> None:
    """Item 3: dealer South; West opening is at his RHO's turn: Law 31A, not 31B."""
    first = chat.text(CHAT, "TD: dealer S. E opened 1H out of turn", "en")
    assert "East" in _text(first)
    corrected = chat.text(CHAT, "sorry no, it was W not E")
    assert "North (the offender's left-hand opponent)" in _text(corrected)
    replies = chat.text(CHAT, "2")
    ruling = _ruling(replies)
    assert ruling is not None and ruling["offender"] == "W"
    laws = [law for option in ruling.get("options", []) for law in option["laws"]]
    assert any(law.startswith("31A") for law in laws), ruling
    assert not any(law.startswith("31B") for law in ruling["laws"] + laws)
