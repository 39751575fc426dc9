"""Rulings per second, in process, over thousands of generated incidents.

Run on demand: ``python benchmarks/bench_rules.py [N]``. Two workloads:
- every path through the law procedures (rules_core.explore), both editions;
- random call sequences replayed from the table (a seeded generator, so the
  figure is repeatable), most of them holding an irregularity.
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from rules_core import Edition, Incident, IncidentError, Irregularity, rule
from rules_core.explore import walk

CALLS = ["P", "X", "XX"] + [f"{level}{strain}" for level in range(1, 9) for strain in "CDHS"] + [
    f"{level}NT" for level in range(1, 8)
]


def path_incidents() -> list[Incident]:
    return [
        incident
        for edition in Edition
        for irregularity in Irregularity
        for incident, _ in walk(edition, irregularity)
    ]


def random_incidents(count: int, seed: int = 2017) -> list[Incident]:
    rng = random.Random(seed)
    incidents = []
    while len(incidents) < count:
        dealer = rng.choice("NESW")
        seats = "NESW"
        start = seats.index(dealer)
        calls = []
        for i in range(rng.randint(1, 10)):
            seat = seats[(start + i) % 4]
            if rng.random() < 0.15:
                seat = rng.choice(seats)  # out of rotation, now and then
            calls.append({"seat": seat, "call": rng.choice(CALLS)})
        data = {"dealer": dealer, "calls": calls,
                "edition": rng.choice(["2017", "2007"])}
        try:
            incidents.append(Incident.from_dict(data))
        except IncidentError:
            continue
    return incidents


def measure(name: str, incidents: list[Incident], repeat: int = 3) -> None:
    best = float("inf")
    errors = 0
    for _ in range(repeat):
        errors = 0
        start = time.perf_counter()
        for incident in incidents:
            try:
                rule(incident)
            except IncidentError:
                errors += 1  # contradictions the core reports: counted, still timed
        best = min(best, time.perf_counter() - start)
    rate = len(incidents) / best
    print(f"{name}: {len(incidents)} incidents, {rate:,.0f} rulings/s "
          f"({best * 1e6 / len(incidents):.1f} µs each; {errors} reported as impossible)")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    paths = path_incidents()
    measure("law paths", paths)
    generated = random_incidents(count)
    measure("random table auctions", generated)
    tracemalloc.start()
    for incident in generated[:2000]:
        try:
            rule(incident)
        except IncidentError:
            pass
    _, peak = tracemalloc.get_traced_memory()
    print(f"peak traced memory while ruling 2000 incidents: {peak / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
