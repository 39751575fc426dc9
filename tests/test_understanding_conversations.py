"""What a new user types reaches the right answer through the dialogue, and a
fact the text states is never asked (issue 11 items 1 and 3, issue 17 items 1, 4, 6)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot.dialogue import Conversations, Reply

NOON = datetime(2026, 1, 1, 12, tzinfo=UTC)
CHAT = "tg:7"  # a chat key is text (the PostgreSQL store holds it so)


def _ruling(replies: list[Reply]) -> dict[str, Any] | None:
    return next((r.ruling for r in replies if r.ruling), None)


def _asked(replies: list[Reply]) -> list[str]:
    return [r.question.fact for r in replies if r.question is not None]


def test_a_regular_auction_in_french_letters_is_said_to_be_regular(chat: Conversations) -> None:
    replies = chat.text(CHAT, "Arb: N 1K E 1C S 1P O 1SA")
    text = "\n".join(r.text for r in replies)
    assert "régulières" in text
    assert _ruling(replies) is None


def test_a_refusal_after_a_pass_out_of_turn_is_not_asked(chat: Conversations) -> None:
    # issue 17 item 6: East passed at North's turn (his RHO's); South refused
    replies = chat.text(CHAT, "Arb: E passe hors tour (tour de N), S refuse")
    assert _asked(replies) == []
    ruling = _ruling(replies)
    assert ruling is not None and ruling["offender"] == "E"
    assert "30A" in ruling["laws"]


def test_stated_refusal_and_replacement_are_not_asked(chat: Conversations) -> None:
    replies = chat.text(CHAT, "my LHO bid 1H over my 1S, I don't accept, he corrects to 2H, "
                              "natural")
    assert _asked(replies) == []
    ruling = _ruling(replies)
    assert ruling is not None and "27B1(a)" in ruling["laws"]


def test_the_auction_going_on_after_a_refusal_is_not_a_second_incident(
    chat: Conversations,
) -> None:
    replies = chat.text(CHAT, "East opened 1♥ out of turn, South did not accept it and North "
                              "then passed")
    # Law 31A1: North, whose turn it was, passed after the refusal: East must repeat his call
    assert _asked(replies) == []
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "bid_out_of_rotation"
    assert ruling["offender"] == "E"
    assert "31A1" in ruling["laws"]
