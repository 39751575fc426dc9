"""Development probes (tests/corpus/probes.txt): descriptions written while
the lexicons and rules were developed, kept so that a later change that
breaks one of them is seen. They are tuning data, not scored data."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.understanding import IDS, classify

PROBES = Path(__file__).parent / "corpus" / "probes.txt"


def _probes() -> list[tuple[str, str]]:
    rows = []
    for line in PROBES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            irregularity, text = (part.strip() for part in line.split("|", 1))
            rows.append((irregularity, text))
    return rows


def test_probes_are_well_formed():
    rows = _probes()
    assert len(rows) >= 200
    assert {irregularity for irregularity, _ in rows} == set(IDS)


@pytest.mark.parametrize(("irregularity", "text"), _probes())
def test_probe(irregularity, text):
    assert classify(text).irregularity == irregularity
