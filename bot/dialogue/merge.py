"""Folding what a message states into the incident being built.

A correction overrides what it contradicts and keeps the rest: facts,
offender, dealer and calls stated in the new message replace the old ones;
an irregularity replaces the old one only when the message names it
confidently. When the newest statement contradicts calls given earlier, the
statement wins: first the calls after the irregular one are set aside (they
are what showed an acceptance or a replacement), then all of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from rules_core import FACTS, IncidentError, Seat, parse_call, parse_fact_value, parse_seat
from rules_core.calls import InvalidCallError, InvalidSeatError
from rules_core.model import FactValue
from rules_core.replay import derive

from .state import Draft

__all__ = ["Statement", "read_statement", "fold", "without_later_calls", "without_calls",
           "calls_show_irregularity", "calls_beside_the_point", "calls_end_the_auction",
           "looks_like_correction", "CONFIDENT", "RELATIVES"]

#: Below this classification confidence, the dialogue asks "did you mean...?".
CONFIDENT = 0.6

RELATIVES = ("self", "partner", "lho", "rho")

#: Facts that name players relative to the offender (his LHO, partner...).
RELATIVE_FACTS = ("lho_accepts", "turn_of", "rho_action", "partner_called_since",
                  "lho_called_since", "correct_player_called", "offender_side",
                  "offender_called_before", "lho_accepts_replacement")

_CORRECTION = re.compile(
    r"^\s*(non|no|nope|en fait|en réalité|actually|in fact|correction|pardon|sorry|oups|oops|"
    r"plutôt|rather|wait|attends|erreur|mistake|i mean|je veux dire)\b",
    re.IGNORECASE,
)


def looks_like_correction(text: str) -> bool:
    """'non, c'était Ouest', 'en fait…', 'actually…': a correction, not a new incident."""
    return bool(_CORRECTION.match(text))


@dataclass(slots=True)
class Statement:
    """What one message states, read from the understanding's classification."""

    irregularity: str | None = None
    confidence: float = 0.0
    candidates: list[tuple[str, float]] = field(default_factory=list)
    lang: str | None = None
    dealer: str | None = None
    calls: list[list[str]] = field(default_factory=list)
    offender: str | None = None
    offender_relative: str | None = None
    facts: dict[str, Any] = field(default_factory=dict)
    law_ref: str | None = None
    law_query: str | None = None

    @property
    def says_something(self) -> bool:
        return bool(self.calls or self.offender or self.offender_relative or self.facts
                    or self.dealer or (self.irregularity and self.confident))

    @property
    def confident(self) -> bool:
        return self.irregularity is not None and self.confidence >= CONFIDENT


def _seat_or_none(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        return parse_seat(value).name
    except InvalidSeatError:
        return None


#: Irregularities whose claim is about whose turn it was.
_ROTATION_CLAIMS = frozenset(
    {"pass_out_of_rotation", "bid_out_of_rotation", "double_out_of_rotation"}
)


def read_statement(classification: Any) -> Statement:
    """Read the understanding's ``Classification`` (``to_dict`` / ``to_incident``),
    keeping only well-formed seats, calls and fact values."""
    data = classification.to_dict()
    incident = classification.to_incident() or {}
    extracted = dict(data.get("facts") or {})
    statement = Statement(
        irregularity=data.get("irregularity"),
        confidence=float(data.get("confidence") or 0.0),
        candidates=[
            (c["irregularity"], float(c.get("score") or 0.0))
            for c in data.get("candidates") or []
            if isinstance(c, dict) and c.get("irregularity")
        ],
        lang=data.get("lang"),
    )
    # The incident is the understanding's reading for the core; its raw facts
    # may hold seats and calls too, when it left them out of the incident.
    statement.dealer = _seat_or_none(incident.get("dealer") or extracted.get("dealer"))
    statement.offender = _seat_or_none(incident.get("offender") or extracted.get("offender"))
    if data.get("irregularity") == "misinformation" and extracted.get("misinformed"):
        # 21B is ruled for the misinformed player; the text names the explainer.
        statement.offender = _seat_or_none(extracted.get("misinformed"))
    raw_calls = incident.get("calls") or extracted.get("calls") or []
    if (incident and not incident.get("calls") and not statement.dealer
            and incident.get("irregularity") in _ROTATION_CLAIMS):
        # "it was his partner's turn" against a partial list read from a
        # guessed dealer: the list cannot refute whose turn it was.
        raw_calls = []
    for entry in raw_calls:
        seat, call = (entry.get("seat"), entry.get("call")) if isinstance(entry, dict) else (
            entry if isinstance(entry, list | tuple) and len(entry) == 2 else (None, None)
        )
        seat = _seat_or_none(seat)
        if seat is None or not isinstance(call, str):
            continue
        try:
            statement.calls.append([seat, str(parse_call(call))])
        except InvalidCallError:
            continue
    if _list_without_the_call(statement, extracted.get("call")):
        # "Donneur Nord : 1SA – 2♠ – contre de Nord au tour de son partenaire":
        # a legal list that leaves out the call out of rotation the words
        # name cannot refute them; the words rule.
        statement.calls = []
    facts = {**extracted, **(incident.get("facts") or {})}
    for fact, value in facts.items():
        if fact in FACTS:
            try:
                statement.facts[fact] = parse_fact_value(fact, value)
            except IncidentError:
                continue
    _artificial_replacement_by_kind(statement.facts)
    relative = extracted.get("offender_relative")
    if relative in RELATIVES and statement.offender is None:
        statement.offender_relative = relative
    for key in ("law_ref", "law_query"):
        value = extracted.get(key)
        if isinstance(value, str) and value.strip():
            setattr(statement, key, value.strip())
    return statement


def _list_without_the_call(statement: Statement, said: Any) -> bool:
    """A call out of rotation named in words, by a player named, that the
    legal list read with it leaves out."""
    if statement.irregularity not in _ROTATION_CLAIMS or not statement.calls:
        return False
    if statement.offender is None or not isinstance(said, str):
        return False
    try:
        named = [statement.offender, str(parse_call(said))]
    except InvalidCallError:
        return False
    # (the statement's calls are parsed already, their seats checked)
    return named not in statement.calls and not _replayed_irregular(
        statement.dealer, statement.calls
    )


#: A replacement read from the words by the call it names, not judged: the
#: kind of call it is (what ``replacement_call_kind`` says) and, for a bid,
#: whether it names the strain of the insufficient bid at the lowest level.
_READ_BY_NAME: dict[str, dict[str, FactValue]] = {
    "lowest_same_denomination": {"replacement_call_kind": "bid", "same_strain_lowest": True},
    "double_redouble": {"replacement_call_kind": "double"},
}


def _artificial_replacement_by_kind(facts: dict[str, Any]) -> None:
    """27B1 (2017) with an artificial bid: what a message names is a call, not
    the director's judgement of it.

    The understanding reads "replaced by 3♣" after a 2♣ Stayman as the lowest
    bid in the same denomination, and "he doubles instead" as 27B3. Once a bid
    is said artificial, neither holds by the name alone: 27B1(a) asks for a
    bid that *specifies* the same denomination(s) as the withdrawn one (a
    Stayman 2♣ specifies no clubs), and 27B3 applies "except as provided in
    B1(b)" — a double with the same purpose as an asking bid may be a
    comparable call (23A3). So the reading is kept as the kind of call it
    names, and the rules core asks the director's judgement (27B1(a), 27B1(b)
    or 27B2; 27B1(b) or 27B3) instead of ruling on the name.
    """
    artificial = facts.get("artificial") is True or facts.get("replacement_artificial") is True
    told = _READ_BY_NAME.get(str(facts.get("replacement")))
    if not artificial or told is None:
        return
    del facts["replacement"]
    for fact, value in told.items():
        facts.setdefault(fact, value)


def fold(draft: Draft, statement: Statement) -> Draft:
    """The draft with the statement's content laid over it."""
    merged = replace(draft, calls=[list(c) for c in draft.calls], facts=dict(draft.facts),
                     description=list(draft.description))
    if statement.confident and statement.irregularity != "law_lookup":
        merged.irregularity = statement.irregularity
    if statement.calls:
        merged.calls = [list(c) for c in statement.calls]
        merged.dealer = statement.dealer
    elif statement.dealer:
        merged.dealer = statement.dealer
    if statement.offender and draft.offender and statement.offender != draft.offender:
        # "Sud refuse" meant the offender's LHO when East offended, not when West
        # did: facts seen from the offender no longer hold, and are asked again.
        turn_seat = _turn_seat(draft.offender, draft.facts.get("turn_of"))
        for fact in RELATIVE_FACTS:
            merged.facts.pop(fact, None)
        if turn_seat is not None and turn_seat.name != statement.offender:
            # "it was North's turn" still holds: seen from the new offender.
            merged.facts["turn_of"] = Seat[statement.offender].relation_to(turn_seat).value
        if not statement.calls:
            merged.calls = _moved_calls(draft.calls, draft.offender, statement.offender)
    old_place = draft.offender_relative
    if (statement.offender_relative and old_place and not statement.offender
            and statement.offender_relative != old_place):
        # "en fait c'était mon adversaire de gauche": the same, by place.
        turn = _PLACE_STEPS.get(str(draft.facts.get("turn_of")))
        for fact in RELATIVE_FACTS:
            merged.facts.pop(fact, None)
        if turn is not None:
            steps = (_PLACE_STEPS[old_place] + turn - _PLACE_STEPS[statement.offender_relative]) % 4
            if steps:
                merged.facts["turn_of"] = _BY_STEPS[steps]
    if statement.offender:
        merged.offender = statement.offender
        merged.offender_relative = None
    elif statement.offender_relative:
        merged.offender_relative = statement.offender_relative
        if not statement.calls:
            merged.offender = None
    merged.facts.update(statement.facts)
    return merged


#: Steps to the left from a player to another: the writer's places, and
#: ``turn_of`` seen from the offender.
_PLACE_STEPS = {"self": 0, "lho": 1, "partner": 2, "rho": 3}
_BY_STEPS = {1: "lho", 2: "partner", 3: "rho"}


def _turn_seat(offender: str | None, turn_of: Any) -> Seat | None:
    """The seat whose turn it was, from ``turn_of`` seen from ``offender``."""
    if offender is None or turn_of not in ("lho", "partner", "rho"):
        return None
    seat = Seat[offender]
    return {"lho": seat.lho, "partner": seat.partner, "rho": seat.rho}[turn_of]


def _moved_calls(calls: list[list[str]], old: str, new: str) -> list[list[str]]:
    """"It was West, not East": the calls East was said to make were West's.
    When West already called in the list, the list cannot be mended so simply:
    the calls are dropped and the correction's seat is kept."""
    if any(seat == new for seat, _ in calls):
        return []
    return [[new if seat == old else seat, call] for seat, call in calls]


def _calls(draft: Draft) -> list[tuple[Seat, Any]]:
    return _parsed(draft.calls)


def _parsed(calls: list[list[str]]) -> list[tuple[Seat, Any]]:
    return [(Seat[s], parse_call(c)) for s, c in calls]


def _replayed_irregular(dealer: str | None, calls: list[list[str]]) -> bool:
    """The calls, replayed from ``dealer``, show an irregularity."""
    return derive(Seat[dealer] if dealer else None, _parsed(calls)).irregularity is not None


def calls_show_irregularity(draft: Draft) -> bool:
    """The draft's calls, replayed, show an irregularity (a legal list shows none)."""
    return bool(draft.calls) and _replayed_irregular(draft.dealer, draft.calls)


#: What a list of calls, replayed, can show (a change of call shows only when
#: both calls are listed).
_SHOWN_BY_CALLS = frozenset(
    {"insufficient_bid", "pass_out_of_rotation", "bid_out_of_rotation", "double_out_of_rotation",
     "inadmissible_double", "call_when_obliged_to_pass", "bid_above_seven",
     "call_after_final_pass", "passed_out"}
)


def calls_beside_the_point(draft: Draft) -> bool:
    """A legal list that cannot be the incident told: the irregularity is one
    a list does not show (an explanation, a hesitation, a card pulled and
    changed), or the offender named makes no call in it (the list stops
    before his call)."""
    if not draft.calls or calls_show_irregularity(draft):
        return False
    if draft.irregularity not in _SHOWN_BY_CALLS:
        return True
    return draft.offender is not None and all(seat != draft.offender for seat, _ in draft.calls)


def calls_end_the_auction(draft: Draft) -> bool:
    """The draft's calls, replayed, reach the end of the auction (Law 17E):
    three passes after a bid, or four passes; a call after them may follow."""
    if not draft.calls:
        return False
    dealer = Seat[draft.dealer] if draft.dealer else None
    auction = derive(dealer, _calls(draft)).auction
    return auction is not None and auction.has_ended


def without_later_calls(draft: Draft) -> Draft | None:
    """The draft cut just after its irregular call, or None if nothing would change."""
    if not draft.calls:
        return None
    calls = _calls(draft)
    dealer = Seat[draft.dealer] if draft.dealer else None
    for end in range(1, len(calls) + 1):
        if derive(dealer, calls[:end]).irregularity is not None:
            if end == len(calls):
                return None
            return replace(draft, calls=[list(c) for c in draft.calls[:end]])
    return None


def without_calls(draft: Draft) -> Draft | None:
    """The draft without calls, keeping the irregularity and offender they showed."""
    if not draft.calls:
        return None
    calls = _calls(draft)
    dealer = Seat[draft.dealer] if draft.dealer else None
    derivation = derive(dealer, calls)
    return replace(
        draft,
        calls=[],
        dealer=None,
        irregularity=draft.irregularity or (
            derivation.irregularity.value if derivation.irregularity else None),
        offender=draft.offender or (
            None if derivation.offender is None else derivation.offender.name),  # N is 0
    )
