"""Rulings, law by law and edition by edition, read from the Law and checked
against the core's answer.

The cases live in ``tests/cases/*.toml``; each names the paragraph it checks
(``law``) and, for the 2007 edition, the seed file it follows (``seed``). A
case lists what must hold, never the whole answer:

- ``status``: ``"ruling"``, ``"question"`` or ``"error"`` (the incident
  contradicts itself; ``error`` is a fragment of the message);
- ``question`` / ``question_options``: the fact asked and its options;
- ``laws`` / ``laws_absent``: paragraphs that must (not) be cited;
- ``outcomes`` / ``absent``: outcome ids that must (not) be present;
- ``assumed``: facts the ruling must have taken without asking (and said so);
- ``choices``: the values the ruling's options offer for the offender's choice;
- ``[[case.options]]``: for the option(s) reached by ``when``, the same checks;
- ``offender``: the offender the calls show;
- ``xfail``: the code disagrees with the Law here; the reason names the
  paragraph (strict: the test fails as soon as the code is fixed, so the
  mark must then be removed).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules_core import Incident, IncidentError, Question, Ruling, rule

CASES_DIR = Path(__file__).parent / "cases"
EDITIONS = ("2017", "2007")
CASE_KEYS = {
    "law", "edition", "editions", "seed", "what", "incident", "status", "question",
    "question_options", "laws", "laws_absent", "outcomes", "absent", "choices", "options",
    "offender", "xfail", "assumed", "error",
}  # fmt: skip
OPTION_KEYS = {"when", "laws", "laws_absent", "outcomes", "absent"}


def _load() -> list[Any]:
    params = []
    for path in sorted(CASES_DIR.glob("*.toml")):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        for index, case in enumerate(data.get("case", [])):
            unknown = set(case) - CASE_KEYS
            assert not unknown, f"{path.name} case {index}: unknown keys {unknown}"
            editions = case.get("editions") or [case["edition"]]
            for edition in editions:
                assert edition in EDITIONS
                marks = []
                if "xfail" in case:
                    marks.append(pytest.mark.xfail(strict=True, reason=case["xfail"]))
                case_id = f"{path.stem}:{case['law']}:{edition}:{case.get('what', index)}"
                params.append(pytest.param(edition, case, id=case_id, marks=marks))
    return params


CASES = _load()


def _option_dicts(result: Ruling) -> list[dict[str, Any]]:
    return [option.to_dict() for option in result.options]


def _check_laws_outcomes(where: str, laws: list[str], outcomes: list[str], spec: Any) -> None:
    for law in spec.get("laws", []):
        assert law in laws, f"{where}: {law} not cited in {laws}"
    for law in spec.get("laws_absent", []):
        assert law not in laws, f"{where}: {law} cited in {laws}"
    for outcome in spec.get("outcomes", []):
        assert outcome in outcomes, f"{where}: {outcome} missing from {outcomes}"
    for outcome in spec.get("absent", []):
        assert outcome not in outcomes, f"{where}: {outcome} present in {outcomes}"


@pytest.mark.parametrize(("edition", "case"), CASES)
def test_ruling_case(edition: str, case: dict[str, Any]) -> None:
    incident = {**case["incident"], "edition": edition}
    if case["status"] == "error":
        with pytest.raises(IncidentError, match=case["error"]):
            rule(Incident.from_dict(incident))
        return
    result = rule(Incident.from_dict(incident))
    if case["status"] == "question":
        assert isinstance(result, Question), result
        if "question" in case:
            assert result.fact == case["question"]
        if "question_options" in case:
            assert list(result.options) == case["question_options"]
        return
    assert isinstance(result, Ruling), result
    if "offender" in case:
        assert result.offender is not None and result.offender.name == case["offender"]
    _check_laws_outcomes("ruling", list(result.laws), [str(o) for o in result.outcomes], case)
    for fact, value in case.get("assumed", {}).items():
        assert result.assumed.get(fact) == value, result.assumed
    options = _option_dicts(result)
    if "choices" in case:
        assert [o["value"] for o in options] == case["choices"]
    for spec in case.get("options", []):
        assert set(spec) <= OPTION_KEYS
        when = spec["when"]
        matching = [o for o in options if all(o["when"].get(k) == v for k, v in when.items())]
        assert matching, f"no option for {when} in {options}"
        for option in matching:
            # An option's consequence is the ruling's common part plus its own.
            laws = list(result.laws) + option["laws"]
            outcomes = [str(o) for o in result.outcomes] + option["outcomes"]
            _check_laws_outcomes(f"option {when}", laws, outcomes, spec)


def test_every_2007_case_names_its_seed_and_every_case_a_paragraph() -> None:
    for param in CASES:
        edition, case = param.values
        assert case["law"], case
        if edition == "2007":
            assert case.get("seed"), f"2007 case without its seed file: {case}"


def test_case_counts_cover_both_editions() -> None:
    """Every law checked in 2017 is also checked in 2007 (and the reverse), except the
    paragraphs that exist in one edition only (15A, 36C; 17D; 30B2/B3 lettering)."""
    by_law: Counter[tuple[str, str]] = Counter()
    for param in CASES:
        edition, case = param.values
        number = "".join(ch for ch in case["law"].split("/")[0] if ch.isdigit())[:2]
        by_law[(number, edition)] += 1
    laws = {number for number, _ in by_law}
    for number in laws - {"15", "17"}:
        assert by_law[(number, "2017")] and by_law[(number, "2007")], number


# --- Reviews that do not fit a table row ------------------------------------


def _rule(incident: dict[str, Any]) -> Any:
    return rule(Incident.from_dict(incident))


def test_2017_27B1a_from_the_calls_is_not_assumed_silently() -> None:
    result = _rule(
        {
            "edition": "2017",
            "dealer": "N",
            "calls": [["N", "1NT"], ["E", "2D"], ["S", "2C"], ["S", "3C"]],
            "facts": {"lho_accepts": False},
        }
    )
    assert isinstance(result, Question) or set(result.assumed) - {"dealer"}


def test_34_accepting_a_pass_out_of_rotation_asks_whether_the_auction_ended() -> None:
    # N 1S, E P, then W passes at S's turn (W's RHO); N (W's LHO) accepts.
    result = _rule(
        {
            "dealer": "N",
            "calls": [["N", "1S"], ["E", "P"], ["W", "P"]],
            "facts": {"lho_accepts": True},
        }
    )
    if isinstance(result, Question):
        assert result.fact == "ends_auction"
    else:
        cited = set(result.laws) | {law for o in result.options for law in o.laws}
        assert "17D3" in cited


def test_passed_out_contradicted_by_a_contract_is_refused() -> None:
    with pytest.raises(IncidentError):
        _rule(
            {
                "irregularity": "passed_out",
                "dealer": "N",
                "calls": [["N", "1S"], ["E", "P"], ["S", "P"], ["W", "P"]],
            }
        )


def test_passed_out_needs_four_passes() -> None:
    with pytest.raises(IncidentError):
        _rule(
            {
                "irregularity": "passed_out",
                "dealer": "N",
                "calls": [["N", "P"], ["E", "P"], ["S", "P"]],
            }
        )


def test_2017_25A_slip_out_of_rotation_is_still_out_of_rotation() -> None:
    result = _rule(
        {
            "edition": "2017",
            "dealer": "N",
            "calls": [["N", "1S"], ["W", "2H"]],
            "facts": {"unintended": True, "partner_called_since": False, "lho_accepts": False},
        }
    )
    assert isinstance(result, Ruling)
    cited = set(result.laws) | {law for o in result.options for law in o.laws}
    assert "25A1" in cited
    assert cited & {"29B", "31B1", "31B2", "31A2(a)", "31A2(b)"}
    assert "no_further_rectification" not in {str(o) for o in result.outcomes}


def test_2007_30B3_is_a_change_of_call_not_a_cancelled_call() -> None:
    result = _rule(
        {
            "edition": "2007",
            "irregularity": "pass_out_of_rotation",
            "facts": {
                "turn_of": "lho",
                "lho_accepts": False,
                "any_bid_before": True,
                "unintended": False,
            },
        }
    )
    assert isinstance(result, Ruling)
    outcomes = {str(o) for o in result.outcomes}
    assert "treated_as_change_of_call" in outcomes
    assert not outcomes & {"call_cancelled", "auction_reverts"}


# Editions must cite their own numbering (laws-2017.md §4).
_NOT_IN_2017 = {"16D", "16D2", "17E", "23", "30B2(a)", "30B2(b)", "30B3", "17D"}
_NOT_IN_2007 = {"72C", "23A", "23C", "16C2", "17D3", "15A", "30B1(b)(i)", "30B1(b)(ii)"}


@pytest.mark.parametrize(("edition", "case"), [p for p in CASES if not p.marks])
def test_each_edition_cites_its_own_numbering(edition: str, case: dict[str, Any]) -> None:
    if case["status"] == "error":
        return  # no ruling: test_ruling_case checks the error
    result = _rule({**case["incident"], "edition": edition})
    if not isinstance(result, Ruling):
        return
    cited = set(result.laws) | {law for option in result.options for law in option.laws}
    wrong = cited & (_NOT_IN_2017 if edition == "2017" else _NOT_IN_2007)
    assert not wrong, f"{edition} ruling cites {wrong}"
    outcomes = {str(o) for o in result.outcomes}
    # One partner restriction at a time (laws-2017.md §6 lists which law gives which).
    assert not {"partner_must_pass_next_turn", "partner_must_pass_throughout"} <= outcomes
    assert not {"substitution_allowed", "substitution_cancelled"} <= outcomes
    assert not {"call_cancelled", "call_stands"} <= outcomes
    for option in result.options:
        assert option.laws and option.outcomes, "an option must say its consequence"
