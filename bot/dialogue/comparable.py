"""Help the director decide whether a call is comparable (Law 23A, 2017).

The three tests of Law 23A are asked one at a time, each with a worked
example; the first "yes" makes the call comparable, three "no" make it not
comparable. The conclusion recalls Law 23C (the score may still be adjusted)
and offers to answer the question on screen with it. The steps carry their
state in the button data (``cmp:<step>``), so the helper reads no state of
its own; each step replaces the message whose button was pressed.

The helper informs: the director decides. In a group, the helper's button
is a deep link to a private chat with the bot (``/start cmp``): directors
ask the offender about the intended meaning away from the table; the
director then answers the group's question with its own buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_, translator

from .replies import Action, Reply
from .state import Pending

__all__ = ["COMPARABLE_DATA", "COMPARABLE_START", "helps_with", "helper_action", "comparable_step",
           "answer_index"]

#: Button data prefix of the helper: ``cmp:1``..``cmp:3`` (a test),
#: ``cmp:yes:<n>`` / ``cmp:no`` (the conclusion), ``cmp:apply:1|0`` (answer with it).
COMPARABLE_DATA = "cmp:"
#: ``/start cmp``: the helper in a private chat (a group's deep link), so that
#: the questions about the offender's meaning are not asked in front of the table.
COMPARABLE_START = "cmp"

#: The tests of Law 23A, in order, with a worked example each.
TESTS: tuple[tuple[str, str, str], ...] = (
    ("23A1",
     N_("Test 1 of 3 (Law 23A1): does the new call have the same or a similar meaning "
        "as the withdrawn call?"),
     N_("Example: a 1NT opening out of turn (15–17, balanced) is cancelled; at their turn, "
        "after their right-hand opponent opens 1♣, the offender overcalls 1NT (15–18, "
        "balanced). Similar meaning: comparable.")),
    ("23A2",
     N_("Test 2 of 3 (Law 23A2): does the new call show only hands the withdrawn call "
        "could also show (a subset of its possible meanings)?"),
     N_("Example: a pass out of turn in first seat (any hand of 0–11 points) is cancelled; "
        "at their turn the offender opens a weak 2♠ (6–10 points, six spades). Every such "
        "hand could have passed: a subset, comparable.")),
    ("23A3",
     N_("Test 3 of 3 (Law 23A3): does the new call have the same purpose (for example an "
        "asking bid or a relay)?"),
     N_("Example: after partner's 1NT, the offender bids 2♣ Stayman without seeing the 2♣ "
        "overcall; the insufficient 2♣ is replaced by a double that, in the partnership's "
        "methods, also asks for a four-card major. Same purpose: comparable.")),
)

VERDICTS: Mapping[bool, str] = {
    True: N_("Comparable (Law {law}): no further rectification for the call itself."),
    False: N_("Not comparable: none of the three tests of Law 23A is met; the rectification "
              "for a call that is not comparable applies."),
}

REMINDER_23C = N_("Law 23C: if, at the end of play, the director judges that without the help "
                  "gained through the infraction the result could well have been different "
                  "and the non-offending side was damaged, the score is adjusted.")


def helps_with(values: list[Any], steps: list[list[list[Any]]], fact: str) -> bool:
    """Whether the question on screen turns on a comparable call (23A)."""
    return answer_index(values, steps, fact, True) is not None


def answer_index(values: list[Any], steps: list[list[list[Any]]], fact: str,
                 comparable: bool) -> int | None:
    """The index of the answer that says "comparable" (or "not comparable")."""
    if fact == "comparable":
        return values.index(comparable) if comparable in values else None
    for index, when in enumerate(steps):
        pairs = {(f, v) for f, v in when}
        if ("comparable", comparable) in pairs or (
                comparable and ("replacement", "comparable") in pairs):
            return index
    return None


def helper_action(lang: str) -> Action:
    t = translator(lang)
    return Action("🤔 " + t.gettext("Comparable?"), f"{COMPARABLE_DATA}1")


def comparable_step(data: str, lang: str, pending: Pending | None) -> Reply | None:
    """The helper's next message for the button ``data``; None for data it does
    not know. ``pending``: the question on screen, answered by the conclusion."""
    t = translator(lang)
    step = data[len(COMPARABLE_DATA):]
    if step in ("1", "2", "3"):
        number = int(step)
        _, question, example = TESTS[number - 1]
        yes = f"{COMPARABLE_DATA}yes:{number}"
        no = f"{COMPARABLE_DATA}{number + 1}" if number < len(TESTS) else f"{COMPARABLE_DATA}no"
        return Reply(t.gettext(question) + "\n\n" + t.gettext(example),
                     actions=(Action(t.gettext("Yes"), yes), Action(t.gettext("No"), no)),
                     replaces=number > 1)
    if step.startswith("yes:") and step[4:] in ("1", "2", "3"):
        law = TESTS[int(step[4:]) - 1][0]
        return _verdict(True, t.gettext(VERDICTS[True]).format(law=law), lang, pending)
    if step == "no":
        return _verdict(False, t.gettext(VERDICTS[False]), lang, pending)
    return None


def _verdict(comparable: bool, text: str, lang: str, pending: Pending | None) -> Reply:
    t = translator(lang)
    actions: tuple[Action, ...] = ()
    if pending is not None and answer_index(pending.values, pending.steps, pending.fact,
                                            comparable) is not None:
        label = t.gettext("Answer: comparable") if comparable else t.gettext(
            "Answer: not comparable")
        actions = (Action(label, f"{COMPARABLE_DATA}apply:{int(comparable)}"),)
    elif pending is not None and not comparable:
        text += "\n" + t.gettext("Choose, among the buttons of the question, the call made.")
    return Reply(text + "\n\n" + t.gettext(REMINDER_23C), actions=actions, replaces=True)
