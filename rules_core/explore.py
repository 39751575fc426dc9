"""Walk every path through the law procedures: each question answered with
each of its values, from every irregularity, in both editions.

Used by the tests (every cited paragraph has an excerpt, no path crashes) and
by the benchmark (a realistic spread of incidents).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .incident import Incident
from .judge import rule
from .model import Edition, FactValue, Irregularity, Question, Ruling

__all__ = ["walk", "cited_paragraphs", "UNASKED_FACTS"]

#: Facts the procedures read when stated but never ask (defaults or derived).
UNASKED_FACTS: Mapping[str, tuple[FactValue, ...]] = {
    "artificial": (True,),
    "unintended": (True,),
    "premature_replacement": (True,),
    "ends_auction": (True,),
    "offender_called_before": (True,),
    "correct_player_called": (True,),
    "in_rotation": (False,),
    "out_of_rotation": (True,),
    "lho_called_since": (True,),
    "auction_over": (True,),
    "obliged_to_pass": (True,),
    "own_turn": (False,),
    "who_noticed": ("explainer", "explainer_partner"),
    "source": ("box_fumbling", "stop_card_not_used"),
    "box_category_swap": (True, False),
    "box_card": ("touched", "withdrawn", "on_tray"),
    "screens": (True,),
}


def walk(edition: Edition, irregularity: Irregularity) -> Iterator[tuple[Incident, Ruling]]:
    """Every ruling reachable for ``irregularity``, with the incident that gives it."""
    starts: list[dict[str, FactValue]] = [{}]
    starts += [{fact: value} for fact, values in UNASKED_FACTS.items() for value in values]
    seen: set[tuple[tuple[str, FactValue], ...]] = set()
    stack = list(starts)
    while stack:
        facts = stack.pop()
        key = tuple(sorted(facts.items(), key=lambda item: item[0]))
        if key in seen:
            continue
        seen.add(key)
        incident = Incident(edition=edition, irregularity=irregularity, facts=facts)
        result = rule(incident)
        if isinstance(result, Question):
            stack.extend({**facts, result.fact: value} for value in result.options)
        else:
            yield incident, result


def cited_paragraphs() -> dict[Edition, set[str]]:
    """Every paragraph any ruling or option can cite, by edition."""
    cited: dict[Edition, set[str]] = {edition: set() for edition in Edition}
    for edition in Edition:
        for irregularity in Irregularity:
            for _, ruling in walk(edition, irregularity):
                cited[edition].update(ruling.laws)
                for option in ruling.options:
                    cited[edition].update(option.laws)
    return cited
