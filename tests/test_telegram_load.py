"""Fifty conversations at once through the whole Telegram stack (the fake
Bot API on 127.0.0.1): none dropped, none mixed up — each chat gets only
its own replies, and its own ruling in the log (tests/load_conversations.py).
``benchmarks/bench_load.py`` runs the same with 200 chats and measures."""

from __future__ import annotations

from pathlib import Path

from tests.fakes.harness import TelegramHarness
from tests.load_conversations import run_load

CHATS = 50


async def test_fifty_conversations_at_once_each_get_their_own_ruling(tmp_path: Path) -> None:
    # Telegram's flood limits are Telegram's to enforce: off, as in the benchmark.
    bot = TelegramHarness(tmp_path / "load.sqlite3", rate_limit=False)
    await bot.start()
    try:
        result = await run_load(bot, CHATS)
    finally:
        await bot.close()
    assert result.updates == 3 * CHATS
