"""Held-out rulings written by an independent audit from the Law texts and the contract only.

Every case in tests/audit/*.jsonl (heldout.jsonl: first audit; heldout_round2.jsonl:
second audit) is fed through ONE `arbitre rule --jsonl` process; each expectation
states only what the Law requires or forbids:

- ``status``: ``ruling`` | ``question`` | ``question_or_options`` (a question, or a
  ruling carrying ``options``) | ``not_error`` (any answer; the law/outcome checks
  then apply only to a ruling, and ``fact_in`` only to a question);
- ``offender``, ``irregularity``; ``fact`` / ``fact_in`` for a question;
- ``laws_include`` (every one cited), ``laws_any`` (at least one), ``laws_exclude``
  (none cited). A paragraph is matched by itself or by a sub-paragraph of it
  (``25A`` is matched by ``25A1``, ``30B1(b)`` by ``30B1(b)(ii)``);
- ``outcomes_include`` / ``outcomes_any`` / ``outcomes_exclude`` on outcome ids;
- ``options``: for a ruling with options, per replacement value, the same law and
  outcome checks on that option; when a case has ``options`` and the ruling carries
  options, the top-level law/outcome checks are replaced by the per-option ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = ROOT / "tests" / "audit"


def _load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for path in sorted(CASES_DIR.glob("*.jsonl")):
        with path.open(encoding="utf-8") as handle:
            cases += [json.loads(line) for line in handle if line.strip()]
    return cases


CASES = _load_cases()


@cache
def _results() -> dict[str, dict[str, Any]]:
    """Runs every incident through a single `rule --jsonl` process."""
    stdin = "".join(json.dumps(case["incident"]) + "\n" for case in CASES)
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "rule", "--jsonl"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    if len(lines) != len(CASES):
        raise AssertionError(
            f"{len(CASES)} incidents in, {len(lines)} results out "
            f"(exit {proc.returncode}): {proc.stderr[-2000:]}"
        )
    return {case["id"]: json.loads(line) for case, line in zip(CASES, lines, strict=True)}


def _matches(cited: str, expected: str) -> bool:
    """True when the cited paragraph is the expected one or one of its sub-paragraphs."""
    if cited == expected:
        return True
    if not cited.startswith(expected):
        return False
    last, following = expected[-1], cited[len(expected)]
    if following == "(":
        return True
    return last.isdigit() != following.isdigit() and following.isalnum()


def _check_body(body: dict[str, Any], expect: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    laws = [str(law) for law in body.get("laws", [])]
    outcomes = list(body.get("outcomes", []))
    for law in expect.get("laws_include", []):
        if not any(_matches(cited, law) for cited in laws):
            problems.append(f"{where}: Law {law} not cited (cited {laws})")
    wanted = expect.get("laws_any", [])
    if wanted and not any(_matches(cited, law) for cited in laws for law in wanted):
        problems.append(f"{where}: none of {wanted} cited (cited {laws})")
    for law in expect.get("laws_exclude", []):
        bad = [cited for cited in laws if _matches(cited, law)]
        if bad:
            problems.append(f"{where}: {bad} cited, the Law excludes {law}")
    for outcome in expect.get("outcomes_include", []):
        if outcome not in outcomes:
            problems.append(f"{where}: outcome {outcome} missing (got {outcomes})")
    wanted = expect.get("outcomes_any", [])
    if wanted and not set(wanted) & set(outcomes):
        problems.append(f"{where}: none of the outcomes {wanted} (got {outcomes})")
    for outcome in expect.get("outcomes_exclude", []):
        if outcome in outcomes:
            problems.append(
                f"{where}: outcome {outcome} given, the Law excludes it (got {outcomes})"
            )
    return problems


def _check(case: dict[str, Any], result: dict[str, Any]) -> list[str]:
    expect = case["expect"]
    status = result.get("status")
    if status == "error":
        return [f"error: {result.get('error')}"]
    problems: list[str] = []
    wanted = expect["status"]
    has_options = status == "ruling" and bool(result.get("options"))
    if wanted == "ruling" and status != "ruling":
        problems.append(f"expected a ruling, got {status} {result.get('question')}")
    if wanted == "question" and status != "question":
        problems.append(
            f"expected a question, got {status} {result.get('laws')} {result.get('outcomes')}"
        )
    if wanted == "question_or_options" and status != "question" and not has_options:
        problems.append(
            "expected a question or options, got a flat ruling "
            f"{result.get('laws')} {result.get('outcomes')}"
        )
    if problems:
        return problems
    if "offender" in expect and result.get("offender") != expect["offender"]:
        problems.append(
            f"offender {result.get('offender')!r}, the Law's offender is {expect['offender']!r}"
        )
    if "irregularity" in expect and result.get("irregularity") != expect["irregularity"]:
        problems.append(
            f"irregularity {result.get('irregularity')!r}, expected {expect['irregularity']!r}"
        )
    if status == "question":
        fact = (result.get("question") or {}).get("fact")
        allowed = [expect["fact"]] if "fact" in expect else expect.get("fact_in")
        if allowed and fact not in allowed:
            problems.append(f"asked {fact!r}, the next fact the Law needs is one of {allowed}")
        return problems
    if status != "ruling":
        return problems + [f"unknown status {status!r}"]
    edition = case["incident"].get("edition", "2017")
    if result.get("edition") != edition:
        problems.append(f"ruled under edition {result.get('edition')!r}, asked {edition!r}")
    if wanted != "question_or_options" and not (has_options and "options" in expect):
        problems += _check_body(result, expect, "ruling")
    if has_options:
        by_value = {
            option.get("replacement", option.get("value")): option for option in result["options"]
        }
        for value, sub in expect.get("options", {}).items():
            if value not in by_value:
                problems.append(f"no option for {value!r}")
            else:
                problems += _check_body(by_value[value], sub, f"option {value}")
    return problems


#: Held-out cases the engine still fails, each with its diagnosis (from the
#: independent audits): a known defect, or a case the audits disagree on.
#: Strict: one that starts passing fails here until its line goes.
KNOWN_DEFECTS: dict[str, str] = {
    # fifth audit (heldout_round5.jsonl)
    "r5-15A-partner-2017":
        "disputed: 2017 15A, the offender's partner has called since. The project's "
        "2017 notes say 'adjusted score'; the engine awards an artificial one (no result "
        "can be obtained on the board, 12C2), as the fourth audit's r4-15-02 requires; "
        "this case asks for 'adjusted_score_possible'. The 2017 text itself is not in "
        "the sources to settle it.",
}


def _param(case: dict[str, Any]) -> Any:
    reason = KNOWN_DEFECTS.get(case["id"])
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(case, id=case["id"], marks=marks)


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_heldout_ruling(case: dict[str, Any]) -> None:
    result = _results()[case["id"]]
    problems = _check(case, result)
    shown = {
        key: result.get(key)
        for key in ("status", "offender", "laws", "outcomes", "question", "options")
        if key in result
    }
    assert not problems, (
        f"Law {case['law']}: {case['why']}\n  "
        + "\n  ".join(problems)
        + f"\n  program said: {shown}"
    )


def test_case_ids_unique() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids))
    assert set(KNOWN_DEFECTS) <= set(ids)
