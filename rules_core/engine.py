"""The small machinery every law procedure uses.

A law procedure is a function ``(ctx) -> Verdict`` that reads facts through
``ctx``. Reading a fact nobody has stated raises ``NeedFact``, which the judge
turns into the one question to ask: the procedures read like the Law's own
decision tree, and the question asked is always the next one the tree needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .model import FACTS, Edition, FactValue, Option, Outcome

__all__ = ["NeedFact", "Context", "Verdict", "verdict"]


class NeedFact(Exception):
    """Raised by ``Context.get`` when a fact is missing; carries the question."""

    def __init__(self, fact: str, options: tuple[FactValue, ...]) -> None:
        super().__init__(fact)
        self.fact = fact
        self.options = options


def _merge(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    return first + tuple(item for item in second if item not in first)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Paragraphs applied and outcomes, in the order the Law applies them."""

    laws: tuple[str, ...] = ()
    outcomes: tuple[Outcome, ...] = ()
    options: tuple[Option, ...] = ()

    def then(self, other: Verdict) -> Verdict:
        """This verdict followed by ``other`` (a chained law), without repeats."""
        outcomes = self.outcomes + tuple(o for o in other.outcomes if o not in self.outcomes)
        return Verdict(_merge(self.laws, other.laws), outcomes, self.options + other.options)


def verdict(*laws: str, outcomes: tuple[Outcome, ...] = ()) -> Verdict:
    return Verdict(tuple(laws), outcomes)


@dataclass(slots=True)
class Context:
    """What is known about one incident: the edition and the facts so far."""

    edition: Edition
    facts: Mapping[str, FactValue]
    limits: Mapping[str, tuple[FactValue, ...]] = field(default_factory=dict)
    assumed: dict[str, FactValue] = field(default_factory=dict)
    hypothetical: bool = False

    @property
    def is_2017(self) -> bool:
        return self.edition is Edition.E2017

    def with_facts(self, **facts: FactValue) -> Context:
        """The same incident with facts a law establishes itself (shares ``assumed``)."""
        return Context(
            self.edition, {**self.facts, **facts}, self.limits, self.assumed, self.hypothetical
        )

    def with_limits(self, **limits: tuple[FactValue, ...]) -> Context:
        """The same incident with the values some facts may still take narrowed."""
        return Context(
            self.edition, self.facts, {**self.limits, **limits}, self.assumed, self.hypothetical
        )

    def known(self, fact: str) -> FactValue | None:
        return self.facts.get(fact)

    def get(self, fact: str, options: tuple[FactValue, ...] | None = None) -> FactValue:
        """The fact's value; raises ``NeedFact`` (asking ``options``) when unknown."""
        if fact in self.facts:
            return self.facts[fact]
        if options is None:
            options = self.limits.get(fact, FACTS[fact])
        raise NeedFact(fact, options)

    def yes(self, fact: str) -> bool:
        """A true/false fact, asked when unknown."""
        return self.get(fact) is True

    def choice(
        self,
        fact: str,
        values: tuple[FactValue, ...],
        branch: Callable[[FactValue], Verdict],
    ) -> Verdict:
        """A choice the offender makes after the ruling (his replacement call).

        When it is made, rule on it. When it is not (absent or ``undecided``),
        explain every choice with its consequence, as a director does before
        the offender decides.
        """
        value = self.facts.get(fact, "undecided")
        if value != "undecided":
            return branch(value)
        if fact in self.limits:
            values = tuple(v for v in values if v in self.limits[fact])
        options: list[Option] = []
        saved, self.hypothetical = self.hypothetical, True
        try:
            for candidate in values:
                outcome = branch(candidate)
                if outcome.options:  # a further choice below this one
                    options.extend(
                        Option(((fact, candidate), *o.when), _merge(outcome.laws, o.laws),
                               outcome.outcomes + tuple(x for x in o.outcomes
                                                        if x not in outcome.outcomes))
                        for o in outcome.options
                    )
                else:
                    options.append(Option(((fact, candidate),), outcome.laws, outcome.outcomes))
        finally:
            self.hypothetical = saved
        return Verdict(options=tuple(options))

    def default(self, fact: str, value: FactValue) -> FactValue:
        """A fact that is rarely other than ``value``: used without asking, and
        reported in the ruling's ``assumed`` so the director can correct it."""
        if fact in self.facts:
            return self.facts[fact]
        self.assumed[fact] = value
        return value

    def when_known(self, fact: str, hypothesis: FactValue) -> FactValue:
        """A fact needed to rule: asked, except while explaining options, where
        the usual ``hypothesis`` is used to describe that option."""
        if fact in self.facts or not self.hypothetical:
            return self.get(fact)
        return hypothesis
