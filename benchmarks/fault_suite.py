"""The long fault campaign (tests/fault_campaign.py): the real ``arbitre
telegram`` process against a fault-injecting fake Bot API, killed with
SIGKILL at random points; prints the figures.

    .venv/bin/python benchmarks/fault_suite.py [--inputs 300] [--kills 25]
        [--fault-rate 0.2] [--seed 1] [--feed-seconds 90] [--recover-seconds 120]

Exit status 1 when an input is left without an answer, answered twice, a
message is rewritten, or the token appears in the bot's output.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fault_campaign import run_campaign  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=300)
    parser.add_argument("--kills", type=int, default=25)
    parser.add_argument("--fault-rate", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--feed-seconds", type=float, default=90.0)
    parser.add_argument("--recover-seconds", type=float, default=120.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        figures = run_campaign(Path(workdir), inputs=args.inputs, kills=args.kills,
                               fault_rate=args.fault_rate, seed=args.seed,
                               feed_seconds=args.feed_seconds,
                               recover_seconds=args.recover_seconds)
    print(figures.summary())
    if figures.missing:
        print("without an answer:", figures.missing[:20])
    if figures.duplicated:
        print("answered twice:", figures.duplicated[:20])
        print("ms from Telegram taking the first copy to the kill:", figures.kill_gaps_ms[:20])
    if figures.overwritten:
        print("a message rewritten:", figures.overwritten[:20])
    return 1 if (figures.missing or figures.duplicated or figures.overwritten
                 or figures.token_leaks) else 0


if __name__ == "__main__":
    sys.exit(main())
