"""The ruling as the table reads it: a short card first, then the director's details.

The card says what happens now, player by player, by seat and role, in
neutral wording. The details say which paragraphs apply and on which facts,
what to watch later (lead restriction, unauthorised information, a possible
adjusted score), and what was assumed without asking. Every ruling ends with
the reminder that the director rules at the table.
"""

from __future__ import annotations

from collections.abc import Mapping

from babel.support import NullTranslations

from bot.i18n import N_, translator
from bot.render import (
    DIRECTOR_REMINDER,
    QUESTIONS,
    SEAT_NAMES,
    irregularity_title,
    option_label,
    outcome_sentences,
    question_text,
    value_label,
)
from rules_core import Edition, Outcome, Question, Ruling, Seat
from rules_core.model import FactValue

__all__ = ["ruling_card", "ruling_details", "edition_line", "fact_line", "ROLE_NAMES"]

O = Outcome  # noqa: E741 - short alias for the tables below

ROLE_NAMES: Mapping[str, str] = {
    "offender": N_("offender"),
    "partner": N_("offender's partner"),
    "lho": N_("offender's left-hand opponent"),
    "rho": N_("offender's right-hand opponent"),
}

# What each player does now, by role; several lines may fall to one player.
NOW_BY_ROLE: Mapping[Outcome, tuple[tuple[str, str], ...]] = {
    O.OFFENDER_SUBSTITUTES_LEGAL_CALL: (("offender", N_("replaces it with a legal call")),),
    O.OFFENDER_MUST_REPEAT: (("offender", N_("repeats the call made out of rotation")),),
    O.OFFENDER_CALLS_AGAIN: (("offender", N_("calls again, with the right cards")),),
    O.OFFENDER_MUST_PASS_NEXT_TURN: (("offender", N_("must pass at their next turn")),),
    O.OFFENDER_MUST_PASS_THROUGHOUT: (
        ("offender", N_("must pass at every turn until the auction ends")),
    ),
    O.PARTNER_MUST_PASS_NEXT_TURN: (("partner", N_("must pass at their next turn (once)")),),
    O.PARTNER_MUST_PASS_THROUGHOUT: (
        ("partner", N_("must pass at every turn until the auction ends")),
    ),
    O.OFFENDING_SIDE_MUST_PASS_THROUGHOUT: (
        ("offender", N_("must pass at every turn until the auction ends")),
        ("partner", N_("must pass at every turn until the auction ends")),
    ),
    O.PARTNER_MAY_NOT_DOUBLE_THIS_TURN: (
        ("partner", N_("at this turn may bid or pass, but not double or redouble")),
    ),
    O.LHO_MAY_WITHDRAW_CALL: (("lho", N_("may take back the call made over it")),),
    O.PARTNER_MAY_CALL_FREELY: (
        ("partner", N_("calls freely at their turn, without using the cancelled call")),
    ),
    O.LHO_MUST_REPEAT_CALL: (("lho", N_("repeats their previous call")),),
}

# What happens to the irregular call itself: one line for the whole table.
NOW_TABLE: Mapping[Outcome, str] = {
    O.CALL_STANDS: N_("The call stands."),
    O.CALL_CANCELLED: N_("The irregular call is cancelled."),
    O.SUBSTITUTION_ALLOWED: N_("The new call replaces the first one."),
    O.SUBSTITUTION_CANCELLED: N_("The change is cancelled: the first call stands."),
    O.SUBSEQUENT_CALLS_CANCELLED: N_("Every call made after it is cancelled too."),
    O.TREATED_AS_CHANGE_OF_CALL: N_("It counts as a change of call."),
    O.DEEMED_SUBSEQUENT_CALL: N_("The call made at the same time counts as made after the "
                                 "one in turn."),
    O.CARDS_FACE_UP_UNTIL_AUCTION_ENDS: N_("The exposed card(s) stay face up on the table "
                                           "until the auction ends."),
    O.BOARD_NOT_PLAYED_NO_REDEAL: N_("The board is not played; there is no redeal."),
    O.ARTIFICIAL_ADJUSTED_SCORE: N_("The director awards an artificial adjusted score."),
    O.ADJUSTED_SCORE_AWARDED: N_("The director awards an adjusted score."),
    O.EXPLAIN_RIGHTS: N_("The director explains each player's rights and duties."),
    O.MAY_CHANGE_CALL: N_("The misinformed player may change their last call, provided their "
                          "partner has not called since."),
    O.MISINFORMED_LHO_MAY_CHANGE: N_("If so, that player's left-hand opponent may then change a "
                                     "call made after it."),
    O.SCORE_AS_IF_NOT_MADE: N_("The contract is scored as if the inadmissible double or "
                               "redouble had not been made."),
}

# For later in the board: recalled in the details, and again when the auction ends.
LATER = (
    O.LEAD_RESTRICTIONS,
    O.UNAUTHORIZED_INFORMATION,
    O.ADJUSTED_SCORE_POSSIBLE,
    O.PENALTY_CARDS_IF_DEFENDER,
    O.CARDS_PICKED_UP_IF_DECLARER,
)


def edition_line(edition: Edition | str, lang: str) -> str:
    t = translator(lang)
    if str(edition) == "2007":
        return t.gettext("Edition: Laws 2007 (the wording of the French seed texts).")
    return t.gettext("Edition: Laws 2017 (in force).")


def _seat_role(seat: Seat | None, role: str, relative: str | None, t: NullTranslations) -> str:
    """'East (offender)', or the role alone when no seat is known."""
    role_name = t.gettext(ROLE_NAMES[role])
    if seat is None:
        text = role_name
        if role == "offender" and relative:
            text = t.gettext("{role} ({relative})").format(
                role=role_name, relative=t.gettext(RELATIVE_NAMES[relative])
            )
        return text[:1].upper() + text[1:]
    return t.gettext("{seat} ({role})").format(seat=t.gettext(SEAT_NAMES[seat]), role=role_name)


RELATIVE_NAMES: Mapping[str, str] = {
    "self": N_("you"),
    "partner": N_("your partner"),
    "lho": N_("your left-hand opponent"),
    "rho": N_("your right-hand opponent"),
}


def _role_seat(offender: Seat | None, role: str) -> Seat | None:
    if offender is None:
        return None
    return {
        "offender": offender,
        "partner": offender.partner,
        "lho": offender.lho,
        "rho": offender.rho,
    }[role]


def _now_lines(
    outcomes: tuple[Outcome, ...],
    offender: Seat | None,
    facts: Mapping[str, FactValue],
    relative: str | None,
    t: NullTranslations,
) -> list[str]:
    if O.SUBSTITUTION_CANCELLED in outcomes:  # says once that the first call stands
        outcomes = tuple(o for o in outcomes if o is not O.CALL_STANDS)
    table = [t.gettext(NOW_TABLE[o]) for o in outcomes if o in NOW_TABLE]
    by_role: dict[str, list[str]] = {}
    for outcome in outcomes:
        for role, line in NOW_BY_ROLE.get(outcome, ()):
            text = t.gettext(line)
            if text not in by_role.setdefault(role, []):
                by_role[role].append(text)
    reverts_to = facts.get("reverts_to")
    if O.AUCTION_REVERTS in outcomes and isinstance(reverts_to, str) and (
        reverts_to in Seat.__members__
    ):
        # 17D3: back to the player who missed his turn, named.
        table.append(t.gettext("The auction goes back to {seat}, who missed a turn to call; "
                               "the later passes are cancelled.").format(
            seat=t.gettext(SEAT_NAMES[Seat[reverts_to]])))
    elif O.AUCTION_REVERTS in outcomes:
        turn = facts.get("turn_of")
        if isinstance(turn, str) and turn in ROLE_NAMES:
            by_role.setdefault(turn, []).insert(0, t.gettext("calls now: it was their turn"))
        else:
            table.append(t.gettext("The auction goes back to the player whose turn it was."))
    lines = table
    for role in ("offender", "partner", "lho", "rho"):
        if role in by_role:
            who = _seat_role(_role_seat(offender, role), role, relative, t)
            lines.append("• " + t.gettext("{who}: {what}.").format(
                who=who, what=t.gettext("; ").join(by_role[role])))
    free = [r for r in ("lho", "rho") if r not in by_role]
    restricted = any(r in by_role for r in ("offender", "partner"))
    if restricted and free and O.CALL_STANDS not in outcomes:
        names = t.gettext(" and ").join(
            _seat_role(_role_seat(offender, r), r, None, t) for r in free
        )
        names = names[:1].upper() + names[1:].lower() if offender is None else names
        lines.append("• " + t.gettext("{who}: call freely.").format(who=names))
    if O.NO_FURTHER_RECTIFICATION in outcomes and (not lines or not by_role):
        if facts.get("offender_side") is not None or "after_passed_out" in facts:
            # Law 39: the call came after the final pass; the auction is over.
            lines.append(t.gettext("No further rectification: the auction is over."))
        else:
            lines.append(t.gettext("No further rectification: the auction continues."))
    return lines


# A few words per outcome, for the list of options (the details say the rest).
SHORT: Mapping[Outcome, str] = {
    O.NO_FURTHER_RECTIFICATION: N_("no further rectification"),
    O.LEAD_RESTRICTIONS: N_("lead restriction possible"),
    O.CALL_CANCELLED: N_("the call is cancelled"),
    O.CALL_STANDS: N_("the call stands"),
    O.SUBSTITUTION_ALLOWED: N_("the new call stands"),
    O.SUBSTITUTION_CANCELLED: N_("the first call stands"),
}


def _short(outcomes: tuple[Outcome, ...], offender: Seat | None, relative: str | None,
           t: NullTranslations) -> str:
    parts: list[str] = []
    for outcome in outcomes:
        if outcome in SHORT:
            parts.append(t.gettext(SHORT[outcome]))
        for role, line in NOW_BY_ROLE.get(outcome, ()):
            who = _seat_role(_role_seat(offender, role), role, relative, t)
            parts.append(t.gettext("{who} {what}").format(who=who, what=t.gettext(line)))
    if not parts:
        parts.append(t.gettext("see the details"))
    text = t.gettext("; ").join(dict.fromkeys(parts))
    return text[:1].upper() + text[1:]


def ruling_card(ruling: Ruling, lang: str, relative: str | None = None) -> str:
    """What happens now at the table, per player: the first thing to read."""
    t = translator(lang)
    title = irregularity_title(ruling.irregularity, lang)
    if ruling.offender is not None:
        head = t.gettext("⚖️ {title}, by {seat}").format(
            title=title, seat=t.gettext(SEAT_NAMES[ruling.offender])
        )
    elif relative:
        head = t.gettext("⚖️ {title}, by {who}").format(
            title=title, who=t.gettext(RELATIVE_NAMES[relative])
        )
    else:
        head = t.gettext("⚖️ {title}").format(title=title)
    lines = [head]
    if ruling.options:
        lines.append(t.gettext("Now: the choice is the offender's. What follows each choice:"))
        for option in ruling.options:
            lines.append("• " + t.gettext("{choice}: {consequences} (Law {laws})").format(
                choice=option_label(option, lang, ruling.offender),
                consequences=_short(option.outcomes, ruling.offender, relative, t),
                laws=", ".join(option.laws),
            ))
        now = _now_lines(ruling.outcomes, ruling.offender, ruling.facts, relative, t)
        if now:  # what holds now (the partner free at his turn) before the choices
            lines[1:1] = now
    else:
        lines.append(t.gettext("Now at the table:"))
        lines.extend(_now_lines(ruling.outcomes, ruling.offender, ruling.facts, relative, t))
    return "\n".join(lines)


def fact_line(fact: str, value: FactValue, offender: Seat | None, irregularity: str,
              lang: str) -> str:
    """'Was the call unintended…? — No': a fact as the question it answers."""
    t = translator(lang)
    if fact in QUESTIONS:
        asked = question_text(Question(irregularity, offender, fact, (value,)), lang)
    else:
        asked = fact
    return t.gettext("{question} — {answer}").format(
        question=asked, answer=value_label(fact, value, lang, offender)
    )


def ruling_details(ruling: Ruling, lang: str, paragraph_titles: Mapping[str, str]) -> str:
    """The director's part: paragraphs and facts, what to watch later, what was assumed."""
    t = translator(lang)
    lines = [t.gettext("Director's details")]
    # The options name their own paragraphs on the card.
    cited = list(dict.fromkeys(ruling.laws))
    if cited:
        lines.append(t.gettext("Paragraphs applied:"))
        for law in cited:
            title = paragraph_titles.get(law)
            lines.append("• " + (t.gettext("Law {law}: {title}").format(law=law, title=title)
                                 if title else t.gettext("Law {law}").format(law=law)))
    stated = {f: v for f, v in ruling.facts.items() if f not in ruling.assumed}
    if stated:
        lines.append(t.gettext("On these facts:"))
        lines.extend(
            "• " + fact_line(f, v, ruling.offender, ruling.irregularity, lang)
            for f, v in stated.items()
        )
    later = [o for o in ruling.outcomes if o in LATER]
    for option in ruling.options:
        later.extend(o for o in option.outcomes if o in LATER and o not in later)
    if later:
        lines.append(t.gettext("To watch later:"))
        lines.extend(
            "• " + s for s in outcome_sentences(tuple(later), ruling.offender, ruling.edition, lang)
        )
    for fact, value in ruling.assumed.items():
        if fact == "dealer" and isinstance(value, str):
            lines.append(t.gettext("I assumed the first call listed was the dealer's ({seat}); "
                                   "say so if not.").format(
                seat=t.gettext(SEAT_NAMES[Seat[value]])))
        else:
            lines.append(t.gettext("I assumed: {fact}. Say so if not.").format(
                fact=fact_line(fact, value, ruling.offender, ruling.irregularity, lang)))
    lines.append(edition_line(ruling.edition, lang))
    lines.append(t.gettext(DIRECTOR_REMINDER))
    return "\n".join(lines)
