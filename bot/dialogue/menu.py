"""What may have happened: the menu offered when a message cannot be placed.

No message ends in a dead end. When the understanding cannot place a message
with confidence, the dialogue offers at most eight grouped choices; a group
of several irregularities ("call out of turn") is followed by a second
question ("which kind?"). Every value is a contract irregularity id: a group
stands under its first member, and any member's id is accepted as an answer
to the menu (a machine may name the kind directly).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.i18n import N_, translator
from bot.render import button_title

from .replies import Choice

__all__ = ["GROUPS", "LAW_TO_READ", "menu_values", "group_of", "menu_choices", "kind_choices",
           "likely_group", "group_label", "LIKELY"]

#: The id of "a Law to read": not an incident, a look-up.
LAW_TO_READ = "law_lookup"

#: (the members, in order, the label of the group) — at most eight groups.
GROUPS: Sequence[tuple[tuple[str, ...], str]] = (
    (("insufficient_bid",), N_("Insufficient bid")),
    (("bid_out_of_rotation", "pass_out_of_rotation", "double_out_of_rotation",
      "simultaneous_calls"), N_("Call out of turn")),
    (("change_of_call",), N_("Change of call / bidding-box slip")),
    (("call_after_final_pass",), N_("Call after the auction ended")),
    (("misinformation",), N_("Misinformation / alert")),
    (("unauthorized_information",), N_("Hesitation / remark / Stop card")),
    (("card_exposed_during_auction", "wrong_board"), N_("Card exposed or wrong board")),
    ((LAW_TO_READ,), N_("A Law to read")),
)

#: How each member of a group is offered at the "which kind?" question.
KIND_LABELS: Mapping[str, str] = {
    "bid_out_of_rotation": N_("A bid out of turn"),
    "pass_out_of_rotation": N_("A pass out of turn"),
    "double_out_of_rotation": N_("A double or redouble out of turn"),
    "simultaneous_calls": N_("Two players called at the same time"),
    "card_exposed_during_auction": N_("A card exposed or led during the auction"),
    "wrong_board": N_("Cards from the wrong board"),
}

_GROUP_OF = {member: members for members, _ in GROUPS for member in members}


def group_of(irregularity: str) -> tuple[str, ...] | None:
    """The members of the group ``irregularity`` belongs to (None: not on the menu)."""
    return _GROUP_OF.get(irregularity)


#: A candidate at least this share of the best one's score is likely too.
LIKELY = 0.5


def likely_group(candidates: Iterable[tuple[str, float]]) -> list[str] | None:
    """The members of the one group of several that holds every likely
    candidate (``my partner said something out of turn``: a bid or a double out
    of rotation, the kind unknown), the likely ones first; None when the
    likely candidates are not all in one such group. The menu then asks which
    kind at once: the group is not in doubt."""
    ranked = sorted(candidates, key=lambda c: -c[1])
    if not ranked or ranked[0][1] <= 0:
        return None
    likely = [k for k, score in ranked if score >= LIKELY * ranked[0][1]]
    groups = {_GROUP_OF.get(k) for k in likely}
    if len(groups) != 1:
        return None
    members = groups.pop()
    if members is None or len(members) < 2:
        return None
    return list(dict.fromkeys([*(k for k, _ in ranked if k in members), *members]))


def group_label(irregularity: str, lang: str) -> str:
    """The label of the group ``irregularity`` stands in ("Call out of turn")."""
    labels = {member: label for members, label in GROUPS for member in members}
    return translator(lang).gettext(labels[irregularity])


def menu_values(likely: Iterable[str] = ()) -> list[str]:
    """The menu's values: the groups of the ``likely`` irregularities first
    (the understanding's candidates, best first), then the others in order."""
    heads = [members[0] for members, _ in GROUPS]
    first = [_GROUP_OF[i][0] for i in likely if i in _GROUP_OF and i != LAW_TO_READ]
    ordered = list(dict.fromkeys(first + heads))
    # "A Law to read" stays last: it is not an incident.
    ordered.remove(LAW_TO_READ)
    return ordered + [LAW_TO_READ]


def menu_choices(values: Sequence[str], lang: str) -> list[Choice]:
    t = translator(lang)
    labels = {members[0]: label for members, label in GROUPS}
    return [Choice(v, t.gettext(labels[v])) for v in values]


def kind_choices(members: Sequence[str], lang: str) -> list[Choice]:
    t = translator(lang)
    return [Choice(m, t.gettext(KIND_LABELS[m]) if m in KIND_LABELS
                   else button_title(m, lang)) for m in members]
