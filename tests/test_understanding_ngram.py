"""The learned layer (bot/understanding/ngram.py): the shapes it reads, and
numpy's application of a trained model equal to scikit-learn's."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from bot.understanding import ngram

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("canonical", "expected"),
    [
        ("W ouvre 1 ♣ N passe", "SEAT ouvre BID SEAT passe"),
        ("ME bid 7 NT then LHO bid 8 ♦", "ME bid BID then LHO bid HIGHBID"),
        ("S bid 2 ♥ over E 3 ♠", "SEAT bid BID over SEAT BID"),
        ("law 27 b 1 please", "law 27 b 1 please"),  # a law's number is no bid
        ("board 12 was played at table 3", "board 12 was played at table 3"),
        ("PARTNER opened 1 NT", "PARTNER opened BID"),
        ("nord a dit 10 ♠", "nord a dit HIGHBID"),
    ],
)
def test_bids_and_seats_are_made_classes(canonical: str, expected: str) -> None:
    assert ngram.abstract(canonical) == expected


def _trainer() -> ModuleType:
    pytest.importorskip("sklearn")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("train_ngram", ROOT / "tools" / "train_ngram.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TRAIN = [
    ("E ouvre 1 ♥ alors que N est donneur", "bid_out_of_rotation"),
    ("W opened 1 ♠ but N was dealer", "bid_out_of_rotation"),
    ("S opened 2 ♣ out of turn, E was dealer", "bid_out_of_rotation"),
    ("LHO bid 1 ♥ over MY 1 ♠", "insufficient_bid"),
    ("E dit 1 ♦ sur le 1 ♠ de N", "insufficient_bid"),
    ("RHO said 2 ♣ after PARTNER 2 ♥", "insufficient_bid"),
    ("the director was called after a long pause", "unauthorized_information"),
    ("PARTNER hesitated a long time then passed", "unauthorized_information"),
    ("long pause by E before he passed", "unauthorized_information"),
]


def test_numpy_application_equals_scikit_learn(monkeypatch: pytest.MonkeyPatch) -> None:
    trainer = _trainer()
    texts, labels = [t for t, _ in TRAIN], [label for _, label in TRAIN]
    union, model = trainer.build()
    model.fit(union.fit_transform(texts), labels)
    fitted = trainer.fit(texts, labels)
    assert fitted["abstract"] and any(g.startswith(ngram.ABSTRACT) for g in fitted["vocab"])
    monkeypatch.setattr(ngram, "_model", lambda: fitted)
    for text in ("N opened 1 ♦ but W was dealer", "LHO said 1 ♣ over 1 ♥",
                 "a long pause by PARTNER"):
        expected = dict(zip(model.classes_, model.predict_proba(union.transform([text]))[0],
                            strict=True))
        found = ngram.probabilities(text)
        assert set(found) == set(expected)
        assert np.allclose([found[k] for k in expected], list(expected.values()), atol=1e-4)
