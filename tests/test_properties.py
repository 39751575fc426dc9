"""Properties of the judge over any incident (contract.md: "Never a traceback").

- Any incident object gives a Question, a Ruling, or IncidentError; nothing else.
- A Question asks one fact from FACTS, with allowed values, never one given or
  derived from the calls.
- Answering every question leads to a ruling in a few taps, never asking twice.
- Rulings are deterministic and their JSON form is serialisable.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules_core import (
    FACTS,
    Auction,
    Incident,
    IncidentError,
    Irregularity,
    Question,
    Ruling,
    Seat,
    bid,
    parse_seat,
    rule,
)
from rules_core.calls import DOUBLE, PASS, REDOUBLE, Strain
from rules_core.judge import _deemed_subsequent
from rules_core.replay import derive

SETTINGS = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SEATS = ["N", "E", "S", "W"]
CANONICAL = [f"{level}{s}" for level in range(1, 8) for s in ("C", "D", "H", "S", "NT")]
CANONICAL += ["P", "X", "XX"]
SPELLINGS = ["1♥", "passe", "contre", "surcontre", "un cœur", "2 sans atout", "8NT", "9S"]
JUNK = ["", "Q", "1X", "0H", "banana", "14S", "   ", "1♥♥", "XXX", "7", "-", "∞"]

seat_text = st.one_of(st.sampled_from(SEATS), st.sampled_from(["n", "Nord", "O", "Q", ""]))
call_text = st.one_of(
    st.sampled_from(CANONICAL),
    st.sampled_from(SPELLINGS),
    st.sampled_from(JUNK),
    st.text(max_size=6),
)
entry = st.one_of(
    st.tuples(st.sampled_from(SEATS), st.sampled_from(CANONICAL)).map(list),
    st.tuples(seat_text, call_text).map(list),
    st.fixed_dictionaries({"seat": seat_text, "call": call_text}),
    st.sampled_from([None, 3, [], ["N"], ["N", "1S", "x"], {"seat": "N"}, ["N", 1]]),
)
fact_ids = st.one_of(st.sampled_from(sorted(FACTS)), st.sampled_from(["bogus", "", "Lho"]))
all_values = sorted({v for values in FACTS.values() for v in values}, key=repr)
fact_value = st.one_of(
    st.sampled_from(all_values),
    st.sampled_from(["true", "oui", "no", "maybe", 0, 1, None, [], {}, 2.5]),
)
incidents = st.fixed_dictionaries(
    {},
    optional={
        "edition": st.sampled_from(["2017", "2007", 2017, "1997", None]),
        "irregularity": st.one_of(
            st.sampled_from([str(i) for i in Irregularity]), st.sampled_from(["bogus", None])
        ),
        "dealer": st.one_of(seat_text, st.sampled_from([None, 1])),
        "offender": st.one_of(st.sampled_from(SEATS), st.just(None)),
        "calls": st.one_of(st.lists(entry, max_size=10), st.sampled_from([None, "1S", {}])),
        "facts": st.one_of(
            st.dictionaries(fact_ids, fact_value, max_size=5), st.sampled_from([None, [], "x"])
        ),
    },
)


def _rule_or_error(data: Any) -> Question | Ruling | None:
    try:
        incident = Incident.from_dict(data)
        return rule(incident)
    except IncidentError:
        return None


def _check_question(question: Question, given: dict[str, Any], derived: dict[str, Any]) -> None:
    assert question.fact in FACTS, question
    assert question.options, question
    for option in question.options:
        assert option in FACTS[question.fact], question
        assert type(option) in (bool, str)
    assert question.fact not in given, f"asked a given fact: {question}"
    assert question.fact not in derived, f"asked a derived fact: {question}"


def _given_for_the_ruled(incident: Incident) -> dict[str, Any]:
    """The stated facts, less those that settled an earlier irregularity of the
    board (``Derivation.used``): they answered for another call."""
    given = dict(incident.facts)
    if incident.calls:
        used = derive(incident.dealer, incident.calls, incident.facts, incident.edition).used
        given = {fact: value for fact, value in given.items() if fact not in used}
    return given


def _derived(incident: Incident, ruled: str) -> dict[str, Any]:
    """Facts the calls tell about the irregularity being ruled (a described
    irregularity the calls cannot show, e.g. Law 37, keeps only its own facts)."""
    if not incident.calls:
        return {}
    calls = incident.calls
    if incident.irregularity is Irregularity.SIMULTANEOUS_CALLS:
        # Law 33: the judge rules on the calls with the one deemed subsequent
        # last; what the listed order shows is not what is ruled.
        calls = _deemed_subsequent(incident.dealer, calls)
    derivation = derive(incident.dealer, calls, incident.facts, incident.edition)
    if derivation.irregularity is None or str(derivation.irregularity) != ruled:
        return {}
    return dict(derivation.facts)


@SETTINGS
@given(incidents)
def test_any_incident_gives_a_question_a_ruling_or_an_incident_error(data: dict[str, Any]) -> None:
    result = _rule_or_error(data)
    if result is None:
        return
    assert isinstance(result, Question | Ruling)
    json.dumps(result.to_dict())
    incident = Incident.from_dict(data)
    if isinstance(result, Question):
        _check_question(
            result, _given_for_the_ruled(incident), _derived(incident, result.irregularity)
        )
    else:
        for option in result.options:
            assert option.laws and option.outcomes
    # Deterministic: the same incident, the same answer.
    assert rule(Incident.from_dict(data)).to_dict() == result.to_dict()


@SETTINGS
@given(st.sampled_from(["2017", "2007"]), st.sampled_from(list(Irregularity)), st.randoms())
def test_answering_the_questions_reaches_a_ruling(
    edition: str, irregularity: Irregularity, rnd: Any
) -> None:
    """From a bare description, any chain of answers ends in a ruling within a few
    taps, and no fact is asked twice."""
    facts: dict[str, Any] = {}
    for _ in range(10):
        result = rule(
            Incident.from_dict(
                {"edition": edition, "irregularity": str(irregularity), "facts": facts}
            )
        )
        if isinstance(result, Ruling):
            assert len(facts) <= 6, f"{len(facts)} taps for {irregularity}: {facts}"
            return
        _check_question(result, facts, {})
        facts[result.fact] = rnd.choice(result.options)
    raise AssertionError(f"no ruling after 10 answers: {facts}")


def _legal_calls(auction: Auction) -> list[Any]:
    calls = [PASS]
    if auction.can_double(auction.next_seat):
        calls.append(DOUBLE)
    if auction.can_redouble(auction.next_seat):
        calls.append(REDOUBLE)
    calls += [bid(lv, s) for lv in range(1, 8) for s in Strain if auction.is_sufficient(bid(lv, s))]
    return calls


@SETTINGS
@given(
    st.sampled_from(SEATS),
    st.integers(min_value=0, max_value=12),
    st.randoms(),
    st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(CANONICAL + ["8C"])), max_size=3),
    st.sampled_from(["2017", "2007"]),
)
def test_table_auctions_with_irregular_calls(
    dealer: str, length: int, rnd: Any, tail: list[tuple[str, str]], edition: str
) -> None:
    """A legal auction, then any calls by anybody: the replay finds the first
    irregularity, and the judge answers without asking anything the calls tell."""
    auction = Auction(parse_seat(dealer))
    calls: list[list[str]] = []
    for _ in range(length):
        if auction.has_ended:
            break
        call = rnd.choice(_legal_calls(auction))
        calls.append([auction.next_seat.name, str(call)])
        auction = auction.with_call(call)
    calls += [list(t) for t in tail]
    data = {"edition": edition, "dealer": dealer, "calls": calls}
    result = _rule_or_error(data)
    if result is None:
        return
    incident = Incident.from_dict(data)
    derivation = derive(incident.dealer, incident.calls, incident.facts, incident.edition)
    if derivation.offender is not None and result.offender is not None:
        assert isinstance(result.offender, Seat)
        assert result.offender is derivation.offender
    if isinstance(result, Question):
        _check_question(result, {}, dict(derivation.facts))


valid_facts = st.sampled_from(sorted(FACTS)).flatmap(
    lambda fact: st.tuples(st.just(fact), st.sampled_from(FACTS[fact]))
)


@SETTINGS
@given(
    st.sampled_from(["2017", "2007"]),
    st.one_of(st.none(), st.sampled_from([str(i) for i in Irregularity])),
    st.sampled_from(SEATS),
    st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(CANONICAL)), max_size=8),
    st.lists(valid_facts, max_size=4),
)
# A stated fact that settled an earlier irregularity of the board (W's 1C not
# accepted by N, replaced by 6C) is not an answer about the later one (E's 1C:
# does S accept?): the judge asks it again, as one LHO's word is not another's.
@example(
    "2017",
    None,
    "N",
    [("S", "5D"), ("W", "1C"), ("W", "6C"), ("E", "1C")],
    [("lho_accepts", False)],
)
def test_well_formed_incidents(
    edition: str,
    irregularity: str | None,
    dealer: str,
    calls: list[tuple[str, str]],
    facts: list[tuple[str, Any]],
) -> None:
    """Well-formed incidents (valid seats, calls, fact ids and values), mostly
    readable: the same guarantees, exercised on questions and rulings."""
    data: dict[str, Any] = {"edition": edition, "dealer": dealer, "facts": dict(facts)}
    if irregularity is not None:
        data["irregularity"] = irregularity
    if calls:
        data["calls"] = [list(c) for c in calls]
    result = _rule_or_error(data)
    if result is None:
        return
    incident = Incident.from_dict(data)
    if isinstance(result, Question):
        _check_question(
            result, _given_for_the_ruled(incident), _derived(incident, result.irregularity)
        )
    else:
        assert str(result.edition) == edition
        for option in result.options:
            assert option.laws and option.outcomes
    assert rule(Incident.from_dict(data)).to_dict() == result.to_dict()
    json.dumps(result.to_dict())
