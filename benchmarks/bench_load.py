"""200 conversations at once through the whole Telegram stack, checked and timed.

Each chat is a person who waits for the bot's answer before writing again
(a description, a typed choice, a /loi), all chats at the same time, against
the fake Bot API on 127.0.0.1 (in this process: its threads share the
interpreter with the bot, so the figures are on the safe side). Every chat
must get only its own replies and its own two rulings in the log
(tests/load_conversations.py); then updates per second and the latency of
one update (from the moment it is queued to the bot's last reply) are shown.

Run on demand: ``python benchmarks/bench_load.py [--chats 200] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fakes.harness import TelegramHarness  # noqa: E402
from tests.load_conversations import LoadResult, run_load  # noqa: E402


async def _run(chats: int, rounds: int) -> list[LoadResult]:
    results = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as directory:
            # Telegram's flood limits cap what Telegram accepts, not what the bot handles.
            bot = TelegramHarness(Path(directory) / "load.sqlite3", rate_limit=False)
            await bot.start()
            try:
                results.append(await run_load(bot, chats))
            finally:
                await bot.close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3, help="fresh bot and database each")
    args = parser.parse_args()
    for number, result in enumerate(asyncio.run(_run(args.chats, args.rounds)), start=1):
        print(f"round {number}: {result.chats} conversations at once, {result.updates} updates "
              f"in {result.seconds:.2f} s: {result.per_second:.0f} updates/s; latency p50 "
              f"{result.p50 * 1000:.0f} ms, p95 {result.percentile(0.95) * 1000:.0f} ms; "
              "every chat got its own replies and rulings")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
