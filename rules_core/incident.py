"""What happened at the table, read from the contract's incident object.

``Incident.from_dict`` validates everything (seats, calls, fact ids and
values) and raises ``IncidentError`` with a sentence a director can act on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .calls import Call, InvalidCallError, InvalidSeatError, Seat, parse_call, parse_seat
from .model import FACTS, Edition, FactValue, Irregularity

__all__ = ["Incident", "IncidentError", "parse_fact_value"]


class IncidentError(ValueError):
    """The incident cannot be read or cannot have happened."""


_TRUE = {"true", "yes", "oui", "1"}
_FALSE = {"false", "no", "non", "0"}


def parse_fact_value(fact: str, value: Any) -> FactValue:
    """Check ``value`` against the fact's allowed values (``"true"`` reads as true).

    :raises IncidentError: for an unknown fact or a value it cannot take.
    """
    if fact not in FACTS:
        raise IncidentError(f"unknown fact {fact!r} (known facts: {', '.join(sorted(FACTS))})")
    allowed = FACTS[fact]
    if isinstance(value, str) and True in allowed:
        lowered = value.strip().lower()
        if lowered in _TRUE:
            value = True
        elif lowered in _FALSE:
            value = False
    if isinstance(value, bool) or isinstance(value, str):
        if any(value == a and type(value) is type(a) for a in allowed):
            return value
    shown = ", ".join(str(a).lower() if isinstance(a, bool) else a for a in allowed)
    raise IncidentError(f"fact {fact!r} cannot be {value!r} (expected one of: {shown})")


@dataclass(frozen=True, slots=True)
class Incident:
    edition: Edition = Edition.E2017
    irregularity: Irregularity | None = None
    dealer: Seat | None = None
    calls: tuple[tuple[Seat, Call], ...] = ()
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    offender: Seat | None = None

    @classmethod
    def from_dict(cls, data: Any, default_edition: Edition = Edition.E2017) -> Incident:
        """Read the contract's incident object.

        :raises IncidentError: with a one-sentence reason.
        """
        if not isinstance(data, Mapping):
            raise IncidentError("an incident must be a JSON object")
        known_keys = {"edition", "irregularity", "dealer", "calls", "facts", "offender"}
        unknown = sorted(set(data) - known_keys)
        if unknown:
            raise IncidentError(f"unknown key(s) {', '.join(map(repr, unknown))} in the incident")
        edition = _edition(data.get("edition"), default_edition)
        irregularity = _irregularity(data.get("irregularity"))
        dealer = _seat(data.get("dealer"), "dealer")
        offender = _seat(data.get("offender"), "offender")
        calls = _calls(data.get("calls"))
        facts_in = data.get("facts") or {}
        if not isinstance(facts_in, Mapping):
            raise IncidentError("'facts' must be an object of fact ids to values")
        facts = {str(k): parse_fact_value(str(k), v) for k, v in facts_in.items()}
        if irregularity is None and not calls:
            raise IncidentError(
                "the incident names no irregularity and gives no calls: say what happened"
            )
        return cls(edition, irregularity, dealer, calls, facts, offender)


def _edition(value: Any, default: Edition) -> Edition:
    if value is None:
        return default
    try:
        return Edition(str(value))
    except ValueError:
        raise IncidentError(f"unknown edition {value!r} (expected 2017 or 2007)") from None


def _irregularity(value: Any) -> Irregularity | None:
    if value is None:
        return None
    try:
        return Irregularity(str(value))
    except ValueError:
        known = ", ".join(i.value for i in Irregularity)
        raise IncidentError(f"unknown irregularity {value!r} (known: {known})") from None


def _seat(value: Any, what: str) -> Seat | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise IncidentError(f"{what} must be a seat N, E, S or W, not {value!r}")
    try:
        return parse_seat(value)
    except InvalidSeatError:
        raise IncidentError(f"{what} {value!r} is not a seat (N, E, S or W)") from None


def _calls(value: Any) -> tuple[tuple[Seat, Call], ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise IncidentError("'calls' must be a list of {\"seat\": ..., \"call\": ...} objects")
    calls = []
    for index, entry in enumerate(value, start=1):
        if isinstance(entry, Mapping) and set(entry) >= {"seat", "call"}:
            seat_text, call_text = entry["seat"], entry["call"]
        elif isinstance(entry, list | tuple) and len(entry) == 2:
            seat_text, call_text = entry
        else:
            raise IncidentError(f"call {index} must be an object with 'seat' and 'call'")
        seat = _seat(seat_text, f"the seat of call {index}")
        if seat is None:
            raise IncidentError(f"call {index} has no seat")
        if not isinstance(call_text, str):
            raise IncidentError(f"call {index} must be written as text, e.g. \"1H\"")
        try:
            calls.append((seat, parse_call(call_text)))
        except InvalidCallError as error:
            raise IncidentError(f"call {index}: {error}") from None
    return tuple(calls)
