"""One chat's conversation state, as plain JSON-able data.

Everything a restart needs to resume lives here: the language, the edition,
the incident being built, the question waiting for an answer, and the board
left open after a ruling. Stored as JSON by ``bot.store``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from bot.i18n import normalise_language
from rules_core import Seat, parse_call
from rules_core.calls import InvalidCallError
from rules_core.model import FactValue
from rules_core.replay import derive

from .implied import implied_facts

__all__ = ["Draft", "Pending", "ChatState", "MAX_DESCRIPTION"]

#: The ruling log keeps at most this much of what was said about one incident.
MAX_DESCRIPTION = 2000


@dataclass(slots=True)
class Draft:
    """The incident as described so far (the contract's incident, plus who wrote it)."""

    irregularity: str | None = None
    dealer: str | None = None
    calls: list[list[str]] = field(default_factory=list)  # [[seat, call], ...]
    offender: str | None = None
    facts: dict[str, FactValue] = field(default_factory=dict)
    #: "self" / "partner" / "lho" / "rho", seen from the writer, when no seat was named
    offender_relative: str | None = None
    #: what was said about this incident, kept for the ruling log only
    description: list[str] = field(default_factory=list)

    def to_incident(self, edition: str) -> dict[str, Any]:
        """The contract's incident; with the facts the stated ones settle
        (``implied.py``), so that they are not asked."""
        irregularity, shown = self._shown()
        facts = implied_facts(self.irregularity or irregularity, self.facts, shown)
        incident: dict[str, Any] = {"edition": edition, "facts": facts}
        if self.irregularity:
            incident["irregularity"] = self.irregularity
        if self.dealer:
            incident["dealer"] = self.dealer
        if self.calls:
            incident["calls"] = [list(c) for c in self.calls]
        if self.offender:
            incident["offender"] = self.offender
        return incident

    def _shown(self) -> tuple[str | None, dict[str, Any]]:
        """The irregularity and the facts the calls show, replayed (none when
        there are no calls or one cannot be read)."""
        if not self.calls:
            return None, {}
        try:
            calls = [(Seat[s], parse_call(c)) for s, c in self.calls]
        except (KeyError, InvalidCallError):
            return None, {}
        derivation = derive(Seat[self.dealer] if self.dealer else None, calls)
        kind = derivation.irregularity.value if derivation.irregularity else None
        return kind, dict(derivation.facts)

    def remember(self, text: str) -> None:
        used = sum(len(t) for t in self.description)
        room = MAX_DESCRIPTION - used
        if room > 0 and text.strip():
            self.description.append(text.strip()[:room])

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Draft:
        return cls(
            irregularity=data.get("irregularity"),
            dealer=data.get("dealer"),
            calls=[list(c) for c in data.get("calls", [])],
            offender=data.get("offender"),
            facts=dict(data.get("facts", {})),
            offender_relative=data.get("offender_relative"),
            description=list(data.get("description", [])),
        )


@dataclass(slots=True)
class Pending:
    """The question on screen: what a button press or a typed answer answers.

    ``kind``: ``fact`` (a rules-core question), ``menu`` (what may have
    happened, when a message could not be placed), ``irregularity`` (which
    kind, after a group of the menu), ``law`` (which Law to read: the next
    message is the reference), ``option`` (the offender's choice after a ruling with options;
    each value is a list of [fact, value] steps), ``seat`` (which seat the
    offender sits in), ``offender_place`` (where the offender sits, seen from the
    writer), ``writer`` (which seat the writer sits in, to place calls
    reported by place), ``resolve`` (which of two contradicting statements is
    right).
    """

    kind: str
    fact: str
    values: list[Any]
    qid: int = 0
    #: for ``option``: the [fact, value] steps each value stands for
    steps: list[list[list[Any]]] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pending:
        return cls(kind=data["kind"], fact=data["fact"], values=list(data["values"]),
                   qid=int(data.get("qid", 0)), steps=list(data.get("steps", [])))


@dataclass(slots=True)
class ChatState:
    lang: str = "fr"
    #: set by /langue: the user chose, so the text's language no longer switches it
    lang_pinned: bool = False
    #: set by the first message written in words: later messages no longer switch it
    lang_settled: bool = False
    edition: str = "2017"
    draft: Draft | None = None
    pending: Pending | None = None
    #: the last ruling (contract result object), once given
    ruling: dict[str, Any] | None = None
    #: the board left open after a ruling (bot.dialogue.board)
    board: dict[str, Any] | None = None
    #: messages and taps spent on the current incident (for the log and tests)
    steps: int = 0
    #: serial of the last question asked (buttons carry it)
    qid: int = 0
    #: serial of the /oublier confirmation on screen (0: none)
    forget_qid: int = 0
    #: the ruling log's row for the incident on the table (0: none yet); a later
    #: ruling on the same incident replaces it
    logged_id: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None, *, lang: str = "fr",
                  edition: str = "2017") -> ChatState:
        if not data:
            return cls(lang=lang, edition=edition)
        draft = data.get("draft")
        pending = data.get("pending")
        return cls(
            lang=normalise_language(data.get("lang") or lang),
            lang_pinned=bool(data.get("lang_pinned", False)),
            lang_settled=bool(data.get("lang_settled", False)),
            edition=data.get("edition", edition),
            draft=Draft.from_json(draft) if draft else None,
            pending=Pending.from_json(pending) if pending else None,
            ruling=data.get("ruling"),
            board=data.get("board"),
            steps=int(data.get("steps", 0)),
            qid=int(data.get("qid", 0)),
            forget_qid=int(data.get("forget_qid", 0)),
            logged_id=int(data.get("logged_id", 0)),
        )
