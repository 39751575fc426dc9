"""Updates per second through the whole Telegram stack, and latency.

The real Application polls a fake Bot API server that runs in another
process (so it does not share the bot's interpreter), on 127.0.0.1. Each
chat plays a realistic exchange: a description, a typed answer, calls on
the board, a /loi, a /annuler. Two measures:

* latency: one update at a time, from the moment it is queued on the server
  to the moment the bot has sent its last reply (p50, p95);
* throughput: many chats at once, updates handled per second.

Telegram's flood limits (AIORateLimiter) are off here: they cap what
Telegram accepts, not what the bot can handle.

Run on demand: ``python benchmarks/bench_telegram.py [--chats 200] [--cpu 0]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from telegram import Update  # noqa: E402
from telegram.ext import ContextTypes, TypeHandler  # noqa: E402

from bot.telegram import Settings, build_application  # noqa: E402
from tests.fakes.bot_api import TOKEN, FakeBotApi  # noqa: E402
from tests.fakes.updates import private_chat, text_update, user  # noqa: E402

EXCHANGE = (
    "Est a dit 1♥ sur mon 1♠, Sud refuse",
    "3",
    "O passe",
    "/loi 27B",
    "/annuler",
)


def _serve(port_out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    fake = FakeBotApi()
    port_out.put(fake.port)
    fake.serve()


def _push(port: int, updates: list[dict[str, object]]) -> None:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/_push", data=json.dumps(updates).encode(), method="POST",
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        response.read()


def _updates(first_id: int, chats: int) -> list[dict[str, object]]:
    """Round after round, each chat's next message (each chat stays in order)."""
    updates = []
    update_id = first_id
    for text in EXCHANGE:
        for chat in range(chats):
            updates.append(text_update(update_id, private_chat(1000 + chat), text,
                                       sender=user(1000 + chat, "fr")))
            update_id += 1
    return updates


async def _run(port: int, chats: int, db: Path) -> dict[str, float]:
    settings = Settings(token=TOKEN, base_url=f"http://127.0.0.1:{port}/bot",
                        base_file_url=f"http://127.0.0.1:{port}/file/bot", db_path=db,
                        rate_limit=False)
    app = build_application(settings)
    finished: dict[int, float] = {}
    waiters: dict[int, asyncio.Event] = {}

    async def done(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        finished[update.update_id] = time.perf_counter()
        waiters.setdefault(update.update_id, asyncio.Event()).set()

    app.add_handler(TypeHandler(Update, done), group=99)
    await app.initialize()
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=1)
    await app.start()
    loop = asyncio.get_running_loop()
    try:
        # Warm up (catalogs, lexicons, connections).
        for update in _updates(1, 2):
            await loop.run_in_executor(None, _push, port, [update])
            await asyncio.wait_for(
                waiters.setdefault(int(update["update_id"]), asyncio.Event()).wait(), 30)
        # Latency: one update at a time.
        latencies = []
        for update in _updates(100, 40):
            update_id = int(update["update_id"])
            event = waiters.setdefault(update_id, asyncio.Event())
            start = time.perf_counter()
            await loop.run_in_executor(None, _push, port, [update])
            await asyncio.wait_for(event.wait(), 30)
            latencies.append(finished[update_id] - start)
        # Throughput: every chat at once.
        burst = _updates(10_000, chats)
        for update in burst:
            waiters.setdefault(int(update["update_id"]), asyncio.Event())
        start = time.perf_counter()
        await loop.run_in_executor(None, _push, port, burst)
        await asyncio.wait_for(
            asyncio.gather(*(waiters[int(u["update_id"])].wait() for u in burst)), 600)
        elapsed = max(finished[int(u["update_id"])] for u in burst) - start
    finally:
        await app.updater.stop()
        await app.stop()
        await app.shutdown()
    latencies.sort()
    return {
        "updates": len(burst),
        "per_second": len(burst) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p95_ms": latencies[int(len(latencies) * 0.95) - 1] * 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=200)
    parser.add_argument("--cpu", type=int, default=None, help="pin the bot to this core")
    args = parser.parse_args()
    ports: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    server = multiprocessing.Process(target=_serve, args=(ports,), daemon=True)
    server.start()
    try:
        port = ports.get(timeout=10)
        if args.cpu is not None:
            os.sched_setaffinity(0, {args.cpu})
        with tempfile.TemporaryDirectory() as directory:
            result = asyncio.run(_run(port, args.chats, Path(directory) / "bench.sqlite3"))
    finally:
        server.terminate()
        server.join(5)
    print(f"{result['updates']} updates through the full stack: "
          f"{result['per_second']:.0f} updates/s; latency p50 {result['p50_ms']:.1f} ms, "
          f"p95 {result['p95_ms']:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
