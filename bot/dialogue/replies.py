"""What the dialogue engine answers, front-end neutral.

A ``Reply`` is one message: its text, the question it asks (answered by a
button press or a typed value), the ruling it carries (the contract's result
object), extra action buttons, and an optional file. Front ends decide how
to show it: Telegram as a message with an inline keyboard, the console with
numbered options, ``--jsonl`` as one JSON line.

Button data carries ids, never label text: ``a:<qid>:<index>`` answers
question ``qid`` with its ``index``-th value (a stale button is recognised); ``fr:<edition>:<refs>``
shows the French original of law excerpts; ``det:<qid>`` the details of the
ruling given with serial ``qid``; ``law:<edition>:<ref>`` one excerpt and
``l07:<ref>`` its 2007 seed wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Choice", "QuestionView", "Action", "Reply", "answer_data", "parse_answer_data"]


@dataclass(frozen=True, slots=True)
class Choice:
    value: Any
    label: str


@dataclass(frozen=True, slots=True)
class QuestionView:
    """A question with one button per value; ``fact`` is the contract's fact id
    (or ``irregularity``, ``option``, ``seat``, ``resolve`` for the dialogue's own)."""

    fact: str
    choices: tuple[Choice, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "options": [{"value": c.value, "label": c.label} for c in self.choices],
        }


@dataclass(frozen=True, slots=True)
class Action:
    """A button that is not an answer (e.g. show the French original)."""

    label: str
    data: str


@dataclass(frozen=True, slots=True)
class Reply:
    text: str
    question: QuestionView | None = None
    ruling: dict[str, Any] | None = None
    actions: tuple[Action, ...] = ()
    #: (file name, content) to send as a document
    document: tuple[str, bytes] | None = None
    #: the serial of the question asked, carried in its buttons' data
    qid: int | None = None
    #: on the first reply to an accepted answer: the label of the choice made
    #: (Telegram replaces the question's message with this reply)
    answered: str | None = None
    #: what opens on demand under a ruling's card: paragraphs, facts,
    #: assumptions, excerpts (the console's /details, ``details`` in --jsonl)
    details: str | None = None
    #: pieces of ``text`` a front end with markup shows in bold
    emphasis: tuple[str, ...] = ()
    #: this reply takes the place of the message whose button was pressed
    #: (a step of a helper), as the first reply to an accepted answer does
    replaces: bool = False


def answer_data(qid: int, index: int) -> str:
    """Button data for the ``index``-th value of question ``qid`` (a few bytes;
    Telegram allows 64)."""
    return f"a:{qid}:{index}"


def parse_answer_data(data: str) -> tuple[int, int] | None:
    parts = data.split(":")
    if len(data) > 64 or len(parts) != 3 or parts[0] != "a":  # Telegram: 64 bytes at most
        return None
    if not parts[1].isdecimal() or not parts[2].isdecimal():  # "᧚" is a digit, not decimal
        return None
    return int(parts[1]), int(parts[2])
