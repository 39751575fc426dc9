"""Voice-note transcription: latency from bytes to transcript, and model memory.

Run on demand (not part of the test suite), from the repository root::

    python benchmarks/bench_voice.py [--runs 5] [--threads N] [--model DIR_OR_NAME]

It builds 5 s and 20 s Telegram-style notes (OGG/Opus, 48 kHz mono) from the
speech fixtures in tests/fixtures/voice, padded with a quiet room, and times
``Transcriber.transcribe`` on them: decoding, language choice when there is
no hint, and greedy decoding, as the bot would. Memory is the process's resident set size (RSS)
before and after the model is loaded. ``--model`` is passed as
ARBITRE_STT_MODEL, to compare a bigger model.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # runnable without installing the project

import numpy as np  # noqa: E402

from bot.voice.audio import decode_voice_note  # noqa: E402
from bot.voice.limits import SAMPLE_RATE  # noqa: E402
from tests.support.oggopus import encode_voice_note  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "voice"


def rss_mb() -> float:
    """Resident set size now, from /proc (Linux), else the peak from getrusage."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def note_of(fixture: str, seconds: float) -> bytes:
    """A voice note of exactly ``seconds``: the fixture (cut if longer), then a quiet room.

    Not the sentence said over and over: Whisper takes repetition for a loop.
    """
    wanted = int(seconds * SAMPLE_RATE)
    speech = decode_voice_note((FIXTURES / fixture).read_bytes())[:wanted]
    room = 0.001 * np.random.default_rng(0).standard_normal(wanted - speech.size)
    return encode_voice_note(np.concatenate([speech, room.astype(np.float32)]), SAMPLE_RATE)


async def bench(runs: int, threads: int | None) -> None:
    from bot.voice import Recognizer, Transcriber

    base = rss_mb()
    import faster_whisper  # noqa: F401  (the library's own footprint, apart from the model)

    with_library = rss_mb()
    recognizer = Recognizer(cpu_threads=threads)
    transcriber = Transcriber(recognizer)
    started = time.perf_counter()
    await transcriber.warm_up()
    load_seconds = time.perf_counter() - started
    loaded = rss_mb()
    load_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"cpu threads: {recognizer.cpu_threads}, os.cpu_count(): {os.cpu_count()}")
    print(f"model load (assembly/verification included): {load_seconds:.2f} s")
    print(
        f"RSS: {base:.0f} MB before, {with_library:.0f} MB with faster-whisper imported, "
        f"{loaded:.0f} MB with the model loaded (+{loaded - base:.0f} MB; "
        f"peak while loading {load_peak:.0f} MB)"
    )

    cases = [
        ("5 s English, hint en", note_of("en_insufficient_bid.ogg", 5), "en"),
        ("5 s English, no hint", note_of("en_insufficient_bid.ogg", 5), None),
        ("5 s French, hint fr", note_of("fr_probleme_table.ogg", 5), "fr"),
        ("20 s English, hint en", note_of("en_incident_long.ogg", 20), "en"),
        ("20 s English, no hint", note_of("en_incident_long.ogg", 20), None),
        ("20 s French, hint fr", note_of("fr_incident_long.ogg", 20), "fr"),
    ]
    print(f"\n{'note':<24}{'bytes':>8}{'median s':>10}{'min s':>8}{'x realtime':>12}  reliable")
    for label, note, hint in cases:
        timings = []
        for _ in range(runs):
            started = time.perf_counter()
            transcript = await transcriber.transcribe(note, hint)
            timings.append(time.perf_counter() - started)
        median = statistics.median(timings)
        print(
            f"{label:<24}{len(note):>8}{median:>10.2f}{min(timings):>8.2f}"
            f"{transcript.duration / median:>12.1f}  {transcript.reliable}"
        )
    transcriber.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nRSS after the runs: {rss_mb():.0f} MB (peak {peak:.0f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per note (default 5)")
    parser.add_argument("--threads", type=int, default=None, help="CPU threads for Whisper")
    parser.add_argument("--model", default=None, help="ARBITRE_STT_MODEL for this run")
    args = parser.parse_args()
    if args.model:
        os.environ["ARBITRE_STT_MODEL"] = args.model
    asyncio.run(bench(max(1, args.runs), args.threads))


if __name__ == "__main__":
    main()
