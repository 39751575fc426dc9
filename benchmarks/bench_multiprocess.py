"""Updates per second with 1 and 2 ``arbitre telegram`` webhook processes
sharing one PostgreSQL.

Run on demand (not part of the test suite), from the repository root::

    python benchmarks/bench_multiprocess.py [--chats 200] [--rounds 1]

The harness of tests/test_multiprocess.py (tests/multiprocess_cluster.py):
a throw-away PostgreSQL server (tests/support/pg_server.py: the server
binaries are needed), the fake Bot API on 127.0.0.1, N real webhook
processes, and a front that POSTs each chat's updates to the process its
chat is sticky to. ``--chats`` people write at once, each waiting for the
bot's answer before writing again (three messages each: a description, the
option chosen, a Law); updates per second = inputs answered / wall time,
with the answers checked as the test checks them. Every process, the fake
Bot API, the front and PostgreSQL share this machine's cores: on one
machine a second process adds what the cores left idle, not a second
machine's worth.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # runnable without installing the project

from tests.fakes.bot_api import FakeBotApi  # noqa: E402
from tests.multiprocess_cluster import Cluster, judge, run_conversations  # noqa: E402
from tests.support.pg_server import PgServer, find_bin_dir  # noqa: E402


def measure(server: PgServer, processes: int, chats: int) -> float:
    fake = FakeBotApi().start()
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-mp-") as workdir:
        cluster = Cluster(fake, server.fresh_url(), Path(workdir))
        try:
            cluster.start_bots(processes)
            outcome = asyncio.run(run_conversations(cluster, chats))
        finally:
            cluster.stop()
            fake.stop()
    verdict = judge(outcome)
    if verdict.problems:
        raise SystemExit(f"{len(verdict.problems)} chats got wrong answers: "
                         f"{verdict.problems[0][:300]}")
    print(f"{processes} process(es): {outcome.inputs} updates from {chats} chats in "
          f"{outcome.seconds:.1f} s = {outcome.per_second:.0f} updates/s", flush=True)
    return outcome.per_second


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chats", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=1, help="measurements per setting")
    args = parser.parse_args()
    bin_dir = find_bin_dir()
    if bin_dir is None:
        print("No PostgreSQL server binaries: apt-get install postgresql", file=sys.stderr)
        return 1
    server = PgServer(bin_dir).start()
    try:
        print(f"{os.cpu_count()} cores on this machine; webhook processes on PostgreSQL "
              f"{bin_dir.parent.name}", flush=True)
        best = {n: max(measure(server, n, args.chats) for _ in range(args.rounds))
                for n in (1, 2)}
    finally:
        server.stop()
    print(f"best: 1 process {best[1]:.0f} updates/s, 2 processes {best[2]:.0f} updates/s "
          f"(x{best[2] / best[1]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
