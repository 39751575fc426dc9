"""benchmarks/score_corpus.py: aggregate scores only, misses only for tuning files."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _scorer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("score_corpus",
                                                  ROOT / "benchmarks" / "score_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["score_corpus"] = module
    spec.loader.exec_module(module)
    return module


ITEMS = [
    {"id": "x-1", "lang": "en", "style": "terse", "text": "N 1S E 1H",
     "irregularity": "insufficient_bid", "offender": "E", "call": "1H", "facts": {}},
    {"id": "x-2", "lang": "fr", "style": "vague", "text": "problème aux enchères à la table 3",
     "irregularity": None, "offender": None, "call": None, "facts": {}},
]


def _write(path: Path) -> Path:
    path.write_text("".join(json.dumps(i) + "\n" for i in ITEMS), encoding="utf-8")
    return path


def test_scores_are_aggregates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scorer = _scorer()
    assert scorer.main([str(_write(tmp_path / "blind.jsonl"))]) == 0
    out = capsys.readouterr().out
    assert "all" in out and "100.0 % (2/2)" in out  # the vague one: no confident irregularity
    assert "offender where stated" in out and "N 1S E 1H" not in out


def test_misses_are_refused_for_a_blind_file(tmp_path: Path) -> None:
    scorer = _scorer()
    with pytest.raises(SystemExit):
        scorer.main([str(_write(tmp_path / "blind.jsonl")), "--misses"])


def test_a_file_right_after_fact_misses_is_scored_not_taken_for_a_fact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scorer = _scorer()
    tuning = sorted(scorer.TUNING)[:2]
    first, second = (_write(tmp_path / name) for name in tuning)
    assert scorer.main(["--misses", "--fact-misses", str(first), str(second)]) == 0
    assert "(4/4)" in capsys.readouterr().out  # both files' two items, not the second's alone


def test_cross_validation_is_refused_for_a_blind_file(tmp_path: Path) -> None:
    scorer = _scorer()
    with pytest.raises(SystemExit):
        scorer.main([str(_write(tmp_path / "blind.jsonl")), "--cv", "2"])


def test_grouped_cross_validation_is_refused_for_a_blind_file(tmp_path: Path) -> None:
    scorer = _scorer()
    with pytest.raises(SystemExit):
        scorer.main([str(_write(tmp_path / "blind.jsonl")), "--cv-by-file"])


def test_grouped_folds_are_whole_files() -> None:
    # leave one file out: an author's lines are never on both sides of a fold
    scorer = _scorer()
    items = [{"_file": f, "n": n} for n, f in enumerate(["a", "b", "a", "c", "b"])]
    folds = scorer.by_file(items)
    assert [[i["n"] for i in fold] for fold in folds] == [[0, 2], [1, 4], [3]]


def _question_scorer() -> ModuleType:
    _scorer()  # score_questions reuses score_corpus's loading and guard
    spec = importlib.util.spec_from_file_location("score_questions",
                                                  ROOT / "benchmarks" / "score_questions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_question_scores_are_aggregates(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # "N 1S E 1H": the insufficient bid is ruled after one question (lho_accepts,
    # not stated); the vague message is not a conversation to score.
    scorer = _question_scorer()
    assert scorer.main([str(_write(tmp_path / "blind.jsonl"))]) == 0
    out = capsys.readouterr().out
    assert "all" in out and "100.0 % (1/1)" in out and "N 1S E 1H" not in out


def test_question_misses_are_refused_for_a_blind_file(tmp_path: Path) -> None:
    scorer = _question_scorer()
    with pytest.raises(SystemExit):
        scorer.main([str(_write(tmp_path / "blind.jsonl")), "--misses"])
