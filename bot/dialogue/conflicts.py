"""Why an incident cannot have happened, in the reader's words.

The rules core refuses an impossible incident with an English sentence for
machines; this module finds the same contradiction again from the calls and
says it in the reader's language, naming what to correct.
"""

from __future__ import annotations

from bot.i18n import translator
from bot.render import SEAT_NAMES, irregularity_title
from rules_core import Seat, parse_call
from rules_core.calls import InvalidCallError
from rules_core.replay import derive

from .card import fact_line
from .state import Draft

__all__ = ["explain_conflict", "calls_are_regular"]


def calls_are_regular(draft: Draft) -> bool:
    """No irregularity named, and the calls listed, replayed, show none."""
    if draft.irregularity or len(draft.calls) < 2:
        return False
    try:
        calls = [(Seat[s], parse_call(c)) for s, c in draft.calls]
    except (KeyError, InvalidCallError):
        return False
    dealer = Seat[draft.dealer] if draft.dealer else None
    return derive(dealer, calls).irregularity is None


def explain_conflict(draft: Draft, edition: str, lang: str) -> str:
    t = translator(lang)
    generic = t.gettext("the calls and the facts you gave do not fit together")
    if not draft.calls:
        return generic
    try:
        calls = [(Seat[s], parse_call(c)) for s, c in draft.calls]
    except (KeyError, InvalidCallError):
        return t.gettext("I could not read one of the calls")
    dealer = Seat[draft.dealer] if draft.dealer else None
    derivation = derive(dealer, calls)
    if derivation.irregularity is None:
        return t.gettext("the calls as I read them show no irregularity (check the seats and "
                         "their order)")
    derived = derivation.irregularity.value
    if draft.irregularity and draft.irregularity != derived:
        return t.gettext("the calls show {shown}, not {said}").format(
            shown=irregularity_title(derived, lang).lower(),
            said=irregularity_title(draft.irregularity, lang).lower())
    offender = derivation.offender
    if draft.offender and offender is not None and draft.offender != offender.name:
        return t.gettext("the calls show {shown} made the irregular call, not {said}").format(
            shown=t.gettext(SEAT_NAMES[offender]),
            said=t.gettext(SEAT_NAMES[Seat[draft.offender]]))
    for fact, value in derivation.facts.items():
        stated = draft.facts.get(fact)
        if stated is not None and stated != value:
            return t.gettext("the calls show \"{shown}\", but you said otherwise").format(
                shown=fact_line(fact, value, offender, derived, lang))
    return generic
