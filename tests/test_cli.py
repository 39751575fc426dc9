"""`arbitre rule` as the contract drives it: JSON in, JSON out, exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from bot.cli import main

INSUFFICIENT = {
    "edition": "2017",
    "irregularity": "insufficient_bid",
    "dealer": "N",
    "calls": [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}],
    "facts": {"lho_accepts": False, "replacement": "lowest_same_denomination"},
}


def run(argv: list[str], stdin: str) -> tuple[int, list[dict[str, object]]]:
    out = io.StringIO()
    code = main(argv, io.StringIO(stdin), out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_contract_example_rules_27B1a() -> None:
    code, [result] = run(["rule"], json.dumps(INSUFFICIENT))
    assert code == 0
    assert result["status"] == "ruling"
    assert result["laws"] == ["27B1(a)", "27D"]
    assert result["outcomes"] == ["no_further_rectification", "adjusted_score_possible"]
    assert result["offender"] == "E" and result["edition"] == "2017"
    text = result["text"]
    assert isinstance(text, dict) and "Est" in text["fr"] and "East" in text["en"]


def test_question_for_the_missing_fact() -> None:
    incident = {**INSUFFICIENT, "facts": {}}
    code, [result] = run(["rule"], json.dumps(incident))
    assert code == 0
    assert result["status"] == "question"
    assert result["question"] == {"fact": "lho_accepts", "options": [True, False]}


@pytest.mark.parametrize(
    ("stdin", "fragment"),
    [
        ("not json", "not valid JSON"),
        ("", "no incident"),
        ('{"irregularity": "nonsense"}', "unknown irregularity"),
        ('{"dealer": "Q", "calls": [["N", "1S"]]}', "not a seat"),
        ('{"calls": [["N", "1S"], ["E", "1Z"]]}', "cannot read the call"),
        ('{"calls": [["N", "1S"], ["E", "2H"]]}', "no irregularity"),
        ('{"irregularity": "insufficient_bid", "facts": {"lho_accepts": "maybe"}}', "cannot be"),
        ('{"facts": {"nope": true}, "irregularity": "passed_out"}', "unknown fact"),
        ("[1, 2]", "JSON object"),
    ],
)
def test_bad_input_exits_2_with_one_error_line(stdin: str, fragment: str) -> None:
    code, [result] = run(["rule"], stdin)
    assert code == 2
    assert result["status"] == "error"
    assert fragment in str(result["error"])


def test_jsonl_answers_each_line_and_flags_bad_ones() -> None:
    lines = [json.dumps(INSUFFICIENT), "{oops", json.dumps({**INSUFFICIENT, "edition": "2007"})]
    code, results = run(["rule", "--jsonl"], "\n".join(lines) + "\n")
    assert code == 2
    assert [r["status"] for r in results] == ["ruling", "error", "question"]
    assert results[2]["question"] == {"fact": "both_natural", "options": [True, False]}


def test_bad_arguments_are_reported_not_dumped() -> None:
    code, [result] = run(["rule", "--edition", "1997"], "{}")
    assert code == 2 and result["status"] == "error"


def test_console_script_runs_as_a_module() -> None:
    """The installed entry point and `python -m bot` share main(); no traceback."""
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "rule"],
        input=json.dumps(INSUFFICIENT),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["laws"] == ["27B1(a)", "27D"]
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["loi", "27B1(a)"], "Loi 27B1(a)"),
        (["loi", "Loi", "27", "B", "1", "a"], "Loi 27B1(a)"),
        (["loi", "enchère", "insuffisante"], "Loi 27"),
        (["loi", "insufficient", "bid", "--lang", "en"], "Law 27"),
        (["loi", "31A2", "--edition", "2007"], "répète la dénomination"),
        (["loi", "carton", "Stop"], "BB7"),
        (["loi", "qui", "déclare", "en", "premier"], "Loi 17B"),
        (["loi", "who", "speaks", "first", "--lang", "en"], "Law 17B"),
        (["loi", "tous", "les", "joueurs", "passent"], "Loi 22"),
        (["loi", "partner", "explained", "wrongly", "--lang", "en"], "Law 20F5"),
        (["loi", "rappel", "des", "enchères"], "Loi 20"),
        (["loi", "who", "can", "ask", "for", "a", "review", "--lang", "en"], "Law 20"),
        (["loi", "période", "des", "enchères"], "Loi 17"),
    ],
)
def test_loi_prints_the_excerpt(argv: list[str], expected: str) -> None:
    out = io.StringIO()
    assert main(argv, io.StringIO(""), out) == 0
    assert expected in out.getvalue()


def test_loi_without_a_match_answers_with_examples() -> None:
    out = io.StringIO()
    assert main(["loi", "pizza"], io.StringIO(""), out) == 0
    assert "27B1(a)" in out.getvalue()


def test_classify_text_argument_and_stdin() -> None:
    code, [result] = run(["classify", "Est a dit 1♥ sur mon 1♠, Sud refuse"], "")
    assert code == 0 and result["irregularity"] == "insufficient_bid"
    assert result["lang"] == "fr"
    code, [result] = run(["classify"], "my LHO opened out of turn")
    assert code == 0 and result["irregularity"] == "bid_out_of_rotation"


def test_classify_jsonl_plain_and_json_lines() -> None:
    lines = "N 1S E 1H\n" + json.dumps({"text": "que dit la loi 27"}) + "\n{broken\n\n"
    code, results = run(["classify", "--jsonl"], lines)
    assert code == 2
    assert [r.get("irregularity", r.get("status")) for r in results] == [
        "insufficient_bid", "law_lookup", "error"]


def test_classify_empty_text_is_null_not_an_error() -> None:
    code, [result] = run(["classify"], "")
    assert code == 0
    assert result["irregularity"] is None and result["confidence"] == 0
