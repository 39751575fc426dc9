"""Random conversations across several chats (tests/dialogue_fuzz.py): no
exception, every reply well formed, no state leak between chats.

A fixed seed keeps the suite reproducible; ``benchmarks/fuzz_dialogue.py``
runs tens of thousands of fresh cases on demand.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, seed, settings

from bot.dialogue import open_conversations
from tests.dialogue_fuzz import Step, play, scripts

CASES = 2000


@seed(20260314)
@settings(max_examples=CASES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scripts())
def test_random_conversations_never_break_nor_leak(script: list[Step]) -> None:
    conversations = open_conversations(":memory:", edition="2017")
    try:
        play(conversations, script)
    finally:
        conversations.store.close()
