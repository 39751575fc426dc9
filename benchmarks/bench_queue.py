"""Voice notes per second through the PostgreSQL transcription queue, with 1
and 2 speech workers.

Run on demand (not part of the test suite), from the repository root::

    python benchmarks/bench_queue.py [--notes 20] [--real 4]

It starts a throw-away PostgreSQL server (tests/support/pg_server.py: the
server binaries are needed), enqueues ``--notes`` notes at once and times
until the bot's side has collected every transcript, with workers that are
threads of this process, each with its own connections (as on separate
machines). Two engines:

* a fake one that takes 1 s per note (sleeping: what the queue itself costs,
  and how workers on separate machines would add up);
* with ``--real N`` (0 to skip), the embedded Whisper model on the 4 s
  English fixture clip, N notes, each worker loading its own model: on one
  machine the workers share its cores, so this shows the machine's limit,
  not a federation's.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # runnable without installing the project

from bot.transcription_queue import PgTranscriptionQueue, SpeechWorker  # noqa: E402
from bot.voice import Recognizer, Transcript  # noqa: E402
from tests.support.pg_server import PgServer, find_bin_dir  # noqa: E402

CLIP = ROOT / "tests" / "fixtures" / "voice" / "en_insufficient_bid.ogg"

Engine = Callable[[bytes, str | None], Transcript]


def one_second(data: bytes, hint: str | None) -> Transcript:
    time.sleep(1.0)
    return Transcript(text="pass", language=hint or "en", duration=1.0, avg_logprob=-0.2,
                      no_speech_prob=0.0, compression_ratio=1.0, reliable=True)


def measure(url: str, engines: list[Engine], audio: bytes, notes: int) -> float:
    """Notes per second: ``notes`` enqueued at once, until the last transcript is collected."""
    queue = PgTranscriptionQueue(url, max_pending=notes)
    workers = [SpeechWorker(url, engine, idle=0.02) for engine in engines]
    jobs = [queue.submit(audio, "en") for _ in range(notes)]
    stop = threading.Event()
    threads = [threading.Thread(target=w.run, args=(stop,)) for w in workers]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    waiting = set(jobs)
    while waiting:
        waiting = {job for job in waiting if queue.collect(job) is None}
        time.sleep(0.01)
    elapsed = time.monotonic() - began
    stop.set()
    for thread in threads:
        thread.join()
    done = [w.done for w in workers]
    for worker in workers:
        worker.close()
    queue.close()
    rate = notes / elapsed
    print(f"  {len(engines)} worker(s): {notes} notes in {elapsed:.2f} s = {rate:.2f} notes/s "
          f"(per worker: {done})")
    return rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=20, help="notes for the 1 s fake engine")
    parser.add_argument("--real", type=int, default=4,
                        help="notes for the real model (0: skip it)")
    args = parser.parse_args()
    bin_dir = find_bin_dir()
    if bin_dir is None:
        print("no PostgreSQL server binaries: apt-get install postgresql", file=sys.stderr)
        return 1
    server = PgServer(bin_dir).start()
    try:
        print(f"fake engine, 1 s per note, {args.notes} notes:")
        for count in (1, 2):
            measure(server.fresh_url(), [one_second] * count, b"note", args.notes)
        if args.real > 0:
            audio = CLIP.read_bytes()
            recognizers = [Recognizer(), Recognizer()]
            for recognizer in recognizers:
                recognizer.load()
            print(f"real model, {CLIP.name}, {args.real} notes:")
            for count in (1, 2):
                measure(server.fresh_url(), [r.transcribe_note for r in recognizers[:count]],
                        audio, args.real)
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
