"""Tens of thousands of random conversations through the dialogue engine.

The same scripts and checks as tests/test_dialogue_fuzz.py (no exception,
every reply well formed, no state leak between chats), with fresh random
seeds and many more cases, against a database file like the bot's.

Run on demand: ``python benchmarks/fuzz_dialogue.py [--cases 20000] [--steps 16]``
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402

from bot.dialogue import open_conversations  # noqa: E402
from tests.dialogue_fuzz import Stats, Step, play, scripts  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--steps", type=int, default=16, help="most steps in one case")
    parser.add_argument("--memory", action="store_true",
                        help="an in-memory database instead of a file (faster)")
    args = parser.parse_args()
    stats = Stats()
    cases = [0]
    with tempfile.TemporaryDirectory() as directory:
        database = Path(directory) / "fuzz.sqlite3"

        @settings(max_examples=args.cases, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(scripts(args.steps))
        def run(script: list[Step]) -> None:
            cases[0] += 1
            path = ":memory:" if args.memory else database
            conversations = open_conversations(path, edition="2017")
            try:
                play(conversations, script, stats)
            finally:
                if not args.memory:  # a fresh file per case, as a fresh bot would have
                    with conversations.store.transaction() as db:
                        db.execute("DELETE FROM chat_state")
                        db.execute("DELETE FROM ruling_log")
                conversations.store.close()

        start = time.perf_counter()
        run()
        elapsed = time.perf_counter() - start
    print(f"{cases[0]} cases, {stats.steps} steps in {elapsed:.0f} s "
          f"({stats.steps / elapsed:.0f} steps/s): {stats.replies} replies, "
          f"{stats.questions} questions, {stats.rulings} rulings; steps by kind {stats.kinds}; "
          "no exception, no malformed reply, no leak between chats")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
