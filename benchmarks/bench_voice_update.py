"""Voice notes through the whole Telegram stack: from the update to the bot's last reply.

The real Application polls a fake Bot API server running in another process
on 127.0.0.1, which also serves the notes' files. For each note the bot
fetches it (getFile, then a download), transcribes it in the worker with the
speech model (loaded before timing), echoes the transcript and takes the
dialogue step. Measured per note, from the moment the update is queued on
the server to the moment the bot has sent its last reply, and the part of it
spent in ``Transcriber.transcribe`` (decoding and Whisper).

Then the cost to everybody else: typed messages from other chats, one at a
time, while a 20 s note is being transcribed, against the same messages with
the bot idle.

The notes are the speech fixtures padded with a quiet room to 5 s and 20 s
(as bench_voice.py makes them). Telegram's flood limits are off.

Run on demand, from the repository root::

    python benchmarks/bench_voice_update.py [--runs 5] [--threads N]
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from telegram import Update  # noqa: E402
from telegram.ext import ContextTypes, TypeHandler  # noqa: E402

from benchmarks.bench_voice import note_of  # noqa: E402
from bot.telegram import Settings, build_application  # noqa: E402
from bot.voice import Recognizer, Transcriber, Transcript  # noqa: E402
from tests.fakes.bot_api import TOKEN, FakeBotApi  # noqa: E402
from tests.fakes.updates import private_chat, text_update, user, voice_update  # noqa: E402

#: (label, fixture, seconds, the user's Telegram language: the transcription hint)
CASES = (
    ("5 s English", "en_insufficient_bid.ogg", 5, "en"),
    ("20 s English", "en_incident_long.ogg", 20, "en"),
    ("5 s French", "fr_probleme_table.ogg", 5, "fr"),
    ("20 s French", "fr_incident_long.ogg", 20, "fr"),
    ("5 s English, no hint", "en_insufficient_bid.ogg", 5, "de"),
)
TYPED = "Est a dit 1♥ sur mon 1♠, Sud refuse"


class _Timed(Transcriber):
    """The real transcriber, remembering how long each note took in it."""

    def __init__(self, recognizer: Recognizer) -> None:
        super().__init__(recognizer)
        self.seconds: list[float] = []

    async def transcribe(self, data: bytes | bytearray, lang_hint: str | None = None
                         ) -> Transcript:
        started = time.perf_counter()
        try:
            return await super().transcribe(data, lang_hint)
        finally:
            self.seconds.append(time.perf_counter() - started)


def _file_id(label: str) -> str:
    return "".join(char if char.isalnum() else "-" for char in label)


def _serve(port_out: multiprocessing.Queue, notes: dict[str, bytes]) -> None:  # type: ignore[type-arg]
    fake = FakeBotApi()
    for label, data in notes.items():
        fake.add_file(_file_id(label), data)
    port_out.put(fake.port)
    fake.serve()


def _push(port: int, updates: list[dict[str, Any]]) -> None:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/_push", data=json.dumps(updates).encode(), method="POST",
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        response.read()


def _p(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


class _Bench:
    def __init__(self, port: int, db: Path, threads: int | None) -> None:
        self.port = port
        self.transcriber = _Timed(Recognizer(cpu_threads=threads))
        settings = Settings(token=TOKEN, base_url=f"http://127.0.0.1:{port}/bot",
                            base_file_url=f"http://127.0.0.1:{port}/file/bot", db_path=db,
                            rate_limit=False)
        self.app = build_application(settings, transcriber=self.transcriber)
        self.finished: dict[int, float] = {}
        self.waiters: dict[int, asyncio.Event] = {}
        self.next_id = 1
        self.next_chat = 5000

        async def done(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            self.finished[update.update_id] = time.perf_counter()
            self._waiter(update.update_id).set()

        self.app.add_handler(TypeHandler(Update, done), group=99)

    def _waiter(self, update_id: int) -> asyncio.Event:
        return self.waiters.setdefault(update_id, asyncio.Event())

    def voice(self, label: str, seconds: int, size: int, lang: str) -> dict[str, Any]:
        self.next_chat += 1
        update = voice_update(self.next_id, private_chat(self.next_chat), _file_id(label),
                              duration=seconds, file_size=size,
                              sender=user(self.next_chat, lang))
        self.next_id += 1
        return update

    def typed(self) -> dict[str, Any]:
        self.next_chat += 1
        update = text_update(self.next_id, private_chat(self.next_chat), TYPED,
                             sender=user(self.next_chat, "fr"))
        self.next_id += 1
        return update

    async def send(self, update: dict[str, Any]) -> float:
        """Seconds from queueing ``update`` on the server to the bot's last reply."""
        update_id = int(update["update_id"])
        event = self._waiter(update_id)
        started = time.perf_counter()
        await asyncio.get_running_loop().run_in_executor(None, _push, self.port, [update])
        await asyncio.wait_for(event.wait(), 120)
        return self.finished[update_id] - started


async def _run(port: int, db: Path, notes: dict[str, bytes], runs: int,
               threads: int | None) -> None:
    bench = _Bench(port, db, threads)
    app = bench.app
    await app.initialize()
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=1)
    await app.start()
    try:
        started = time.perf_counter()
        await bench.transcriber.warm_up()
        print(f"cores available: {len(os.sched_getaffinity(0))}, Whisper threads: "
              f"{bench.transcriber.recognizer.cpu_threads}; model load "
              f"{time.perf_counter() - started:.2f} s (before timing)")
        for update in (bench.typed(), bench.voice("5 s English", 5, len(notes["5 s English"]),
                                                  "en")):
            await bench.send(update)  # warm up: catalogs, lexicons, connections

        print(f"\n{'note':<24}{'bytes':>8}{'median s':>10}{'min s':>8}{'max s':>8}"
              f"{'in Whisper':>12}{'the rest':>10}")
        for label, _fixture, seconds, lang in CASES:
            totals, whisper = [], []
            for _ in range(runs):
                before = len(bench.transcriber.seconds)
                totals.append(await bench.send(
                    bench.voice(label, seconds, len(notes[label]), lang)))
                whisper.append(sum(bench.transcriber.seconds[before:]))
            median = statistics.median(totals)
            in_whisper = statistics.median(whisper)
            print(f"{label:<24}{len(notes[label]):>8}{median:>10.2f}{min(totals):>8.2f}"
                  f"{max(totals):>8.2f}{in_whisper:>12.2f}{median - in_whisper:>10.2f}")

        idle = [await bench.send(bench.typed()) for _ in range(40)]
        busy: list[float] = []
        for _ in range(runs):
            note = bench.voice("20 s English", 20, len(notes["20 s English"]), "en")
            event = bench._waiter(int(note["update_id"]))
            await asyncio.get_running_loop().run_in_executor(None, _push, port, [note])
            while bench.transcriber.pending == 0:  # until the note is in the worker
                await asyncio.sleep(0.005)
            while bench.transcriber.pending:
                busy.append(await bench.send(bench.typed()))
            await asyncio.wait_for(event.wait(), 120)
        print(f"\ntyped messages from other chats, update to last reply: idle p50 "
              f"{statistics.median(idle) * 1000:.0f} ms, p95 {_p(idle, 0.95) * 1000:.0f} ms; "
              f"during a 20 s note's transcription p50 {statistics.median(busy) * 1000:.0f} ms, "
              f"p95 {_p(busy, 0.95) * 1000:.0f} ms ({len(busy)} messages)")
    finally:
        await app.updater.stop()
        await app.stop()
        await app.shutdown()
        bench.transcriber.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed notes per case (default 5)")
    parser.add_argument("--threads", type=int, default=None, help="CPU threads for Whisper")
    args = parser.parse_args()
    notes = {label: note_of(fixture, seconds) for label, fixture, seconds, _ in CASES}
    ports: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    server = multiprocessing.Process(target=_serve, args=(ports, notes), daemon=True)
    server.start()
    try:
        port = ports.get(timeout=10)
        with tempfile.TemporaryDirectory() as directory:
            asyncio.run(_run(port, Path(directory) / "bench.sqlite3", notes,
                             max(1, args.runs), args.threads))
    finally:
        server.terminate()
        server.join(5)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
