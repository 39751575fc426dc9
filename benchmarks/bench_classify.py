"""How fast ``bot.understanding.classify`` reads one message, and the memory it uses.

Run on demand (not part of the test suite)::

    python benchmarks/bench_classify.py [--rounds 5]

Messages are the labelled corpus (tests/corpus/descriptions.jsonl). The process
is pinned to one core where the system allows it. Reported:

* the first pass over every message once, caches cold (first message of the
  run also pays for loading and normalising the lexicons, shown apart);
* later passes, caches warm (a bot sees the same words again and again);
* a 10 000-character message (bounded work);
* memory: the resident set size the import and the lexicons add, Python
  allocations (tracemalloc) at peak during one more pass over the corpus, and
  the process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CORPUS = ROOT / "tests" / "corpus" / "descriptions.jsonl"


def _texts() -> list[str]:
    with CORPUS.open(encoding="utf-8") as handle:
        return [json.loads(line)["text"] for line in handle if line.strip()]


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def _timed(classify, texts: list[str]) -> list[float]:
    times = []
    for text in texts:
        start = time.perf_counter()
        classify(text)
        times.append(time.perf_counter() - start)
    return times


def _summary(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    print(
        f"{label:28} median {_ms(statistics.median(times))}  p95 {_ms(p95)}  "
        f"max {_ms(ordered[-1])}  ({len(times)} messages)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="warm passes over the corpus")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    texts = _texts()

    before = _rss_mb()
    start = time.perf_counter()
    from bot.understanding import classify

    classify("N 1S E 1H")  # loads and normalises the lexicons
    load = time.perf_counter() - start
    print(f"import + lexicons + first message: {_ms(load)}, +{_rss_mb() - before:.0f} MB resident")

    cold = _timed(classify, texts)
    _summary("first pass (cold caches)", cold)

    warm: list[float] = []
    for _ in range(args.rounds):
        warm.extend(_timed(classify, texts))
    _summary(f"{args.rounds} more passes (warm)", warm)

    long_text = ("Est a dit 1♥ sur mon 1♠ et Sud a refusé, " * 250)[:10_000]
    _summary("10 000-character message", _timed(classify, [long_text] * 20))

    tracemalloc.start()
    _timed(classify, texts)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak Python allocations while classifying the corpus: {peak / 1e6:.1f} MB")
    print(f"max resident set size of the process: {_rss_mb():.0f} MB")


if __name__ == "__main__":
    main()
