"""Help the director decide whether a call is comparable (Law 23A, 2017).

The three tests of Law 23A are asked one at a time, each with a worked
example; the first "yes" makes the call comparable, three "no" make it not
comparable. The conclusion recalls Law 23C (the score may still be adjusted)
and offers to answer the question on screen with it. The steps carry their
state in the button data (``cmp:<step>``), so the helper reads no state of
its own; each step replaces the message whose button was pressed.

The helper informs: the director decides. In a group, the helper's button
is a deep link to a private chat with the bot carrying the incident
(``/start cmp-insufficient_bid-E-1H``: the irregularity, the offender and
the call, nothing anybody typed): directors ask the offender about the
intended meaning away from the table, with the incident recalled on top;
the director then answers the group's question with its own buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_, translator
from bot.render import SEAT_NAMES, irregularity_title
from rules_core import InvalidCallError, Irregularity, Seat, parse_call

from .card import call_text
from .replies import Action, Reply
from .state import Pending

__all__ = ["COMPARABLE_DATA", "COMPARABLE_START", "helps_with", "helper_action", "comparable_step",
           "answer_index", "incident_token", "start_payload", "opening_step"]

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


def incident_token(irregularity: str | None, offender: str | None, call: str | None) -> str:
    """The incident as a deep link may carry it (letters, digits, ``_`` and
    ``-`` only): ``insufficient_bid-E-1H``; ``0`` for what is not known."""
    return "-".join((irregularity or "0", offender or "0", call or "0"))


def helper_action(lang: str, token: str = "") -> Action:
    t = translator(lang)
    data = f"{COMPARABLE_DATA}1" + (f":{token}" if token else "")
    return Action("🤔 " + t.gettext("Comparable?"), data)


def start_payload(data: str) -> str | None:
    """The ``/start`` payload of a deep link for the helper's button ``data``
    (None for any other button)."""
    first = f"{COMPARABLE_DATA}1"
    if data == first:
        return COMPARABLE_START
    if data.startswith(first + ":"):
        return f"{COMPARABLE_START}-{data[len(first) + 1:]}"
    return None


def _incident_line(token: str, lang: str) -> str | None:
    """``insufficient_bid-E-1H`` -> "About: Insufficient bid, by East (1♥)"; None
    when the token is not one the bot makes."""
    parts = token.split("-")
    if len(parts) != 3 or parts[0] not in {i.value for i in Irregularity}:
        return None
    t = translator(lang)
    line = irregularity_title(parts[0], lang)
    if parts[1] in Seat.__members__:
        line = t.gettext("{title}, by {seat}").format(
            title=line, seat=t.gettext(SEAT_NAMES[Seat[parts[1]]]))
    if parts[2] != "0":
        try:
            line += f" ({call_text(parse_call(parts[2]), t)})"
        except InvalidCallError:
            return None
    return t.gettext("About: {incident}").format(incident=line)


def opening_step(argument: str, lang: str) -> Reply | None:
    """``/start cmp`` or ``/start cmp-<incident>``: the first test, with the
    incident recalled when the link carries one it can read."""
    if argument != COMPARABLE_START and not argument.startswith(COMPARABLE_START + "-"):
        return None
    step = comparable_step(f"{COMPARABLE_DATA}1", lang, None)
    if step is None:
        return None
    about = _incident_line(argument[len(COMPARABLE_START) + 1:], lang) if "-" in argument else None
    text = f"{about}\n\n{step.text}" if about else step.text
    return Reply(text, actions=step.actions, replaces=False)


def comparable_step(data: str, lang: str, pending: Pending | None) -> Reply | None:
    """The helper's next message for the button ``data``; None for data it does
    not know. ``pending``: the question on screen, answered by the conclusion."""
    t = translator(lang)
    step = data[len(COMPARABLE_DATA):]
    if step.startswith("1:"):  # the first test, from a button that carries the incident
        step = "1"
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
