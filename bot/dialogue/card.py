"""The ruling as the table reads it: a short card first, then the director's details.

The card (at most ``CARD_MAX_CHARS`` characters and ``CARD_MAX_LINES``
lines: one phone screen, read aloud in ten seconds) names the irregularity,
the offender by seat, the Law, and what happens now, player by player, by
seat and role ("West (East's partner) must pass..."), in neutral wording.
When the offender still has a choice, each group of choices with the same
consequences is one line. The details say which paragraphs apply and on
which facts, what follows each choice in full, what to watch later (lead
restriction, unauthorised information, a possible adjusted score), and
what was assumed without asking. Every ruling ends with the reminder that
the director rules at the table.

Both are plain text; ``card_emphasis`` lists the pieces a front end with
markup shows in bold (the headline, the players named).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel.support import NullTranslations

from bot.i18n import N_, translator
from bot.render import (
    DIRECTOR_REMINDER,
    QUESTIONS,
    SEAT_NAMES,
    button_label,
    french_contractions,
    irregularity_title,
    is_regulation_item,
    names_for,
    option_label,
    outcome_sentences,
    question_text,
    value_label,
)
from rules_core import Edition, Option, Outcome, Question, Ruling, Seat
from rules_core.calls import Call, bid, parse_call
from rules_core.excerpts import law_of
from rules_core.model import FactValue

from .board import RELATIVE_OFFSETS
from .laws import quoted_refs

__all__ = [
    "ruling_card",
    "call_text",
    "card_emphasis",
    "ruling_details",
    "ruling_from_result",
    "choice_label",
    "card_laws",
    "main_law",
    "lowest_same_denomination",
    "edition_line",
    "fact_line",
    "named_player",
    "ROLE_NAMES",
    "RELATIVE_NAMES",
    "place_of",
    "places_named",
    "CARD_MAX_CHARS",
    "CARD_MAX_LINES",
]

#: The table card fits one phone screen.
CARD_MAX_CHARS = 600
CARD_MAX_LINES = 8

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
        ("partner", N_("may call freely at their turn (the cancelled call is unauthorised "
                       "information: 16C2)")),
    ),
    O.LHO_MUST_REPEAT_CALL: (("lho", N_("repeats their previous call")),),
}

# 30B1(a), 31B1, 32B1: the partner's own turn is free, and he may be the
# player in turn (one line: "calls now" and "may call freely" are the same turn)
# or may have called at it already.
PARTNER_CALLS_NOW_FREELY = N_("calls now, freely: it was their turn (the cancelled call is "
                              "unauthorised information: 16C2)")
PARTNER_CALLED_FREELY = N_("has already called at their turn, freely (the cancelled call is "
                           "unauthorised information: 16C2)")
# 30B1(b)(ii), 31A2(b), 32A2(b): the bar follows the offender's call that is
# not comparable, whatever turn the partner calls at first; "their next turn"
# alone reads as the turn the partner is about to call at.
PASS_AFTER_NOT_COMPARABLE = N_("must pass at their next turn after the non-comparable call by "
                               "{offender} (once)")
PASS_AFTER_THE_CALL = N_("must pass at their next turn after the call by {offender} (once)")

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
    O.WRONG_BOARD_OTHER_BOARD,
)


def edition_line(edition: Edition | str, lang: str) -> str:
    t = translator(lang)
    if str(edition) == "2007":
        return t.gettext("Edition: Laws 2007 (the wording of the French seed texts).")
    return t.gettext("Edition: Laws 2017 (in force).")


#: A player named by seat with their role, the role said from the offender's seat.
SEAT_ROLES: Mapping[str, str] = {
    "offender": N_("{seat} (offender)"),
    "partner": N_("{seat} (partner of {offender})"),
    "lho": N_("{seat} (left-hand opponent of {offender})"),
    "rho": N_("{seat} (right-hand opponent of {offender})"),
}


def _fill(template: str, lang: str, **names: str) -> str:
    text = template.format(**names)
    return french_contractions(text) if lang == "fr" else text


def _lang_of(t: NullTranslations) -> str:
    return "fr" if t is translator("fr") else "en"


def _seat_role(seat: Seat | None, role: str, relative: str | None, t: NullTranslations,
               offender: Seat | None = None) -> str:
    """'West (partner of East)', or the role alone when no seat is known."""
    role_name = t.gettext(ROLE_NAMES[role])
    if seat is None:
        text = role_name
        if relative == "self" and role != "offender":
            # The writer is the offender: the others are simply "your partner"...
            text = t.gettext(RELATIVE_NAMES[role])
        elif relative:
            # Seen from the writer: when the offender is "your partner", the
            # offender's partner is "you".
            text = t.gettext("{role} ({relative})").format(
                role=role_name, relative=t.gettext(RELATIVE_NAMES[place_of(relative, role)])
            )
        return text[:1].upper() + text[1:]
    if offender is None:
        return t.gettext("{seat} ({role})").format(seat=t.gettext(SEAT_NAMES[seat]),
                                                   role=role_name)
    return _fill(t.gettext(SEAT_ROLES[role]), _lang_of(t), seat=t.gettext(SEAT_NAMES[seat]),
                 offender=t.gettext(SEAT_NAMES[offender]))


#: Where the player the incident names is not an offender (the misinformed
#: player, the player asking): never "by you" of a victim.
NAMED_PLAYER: Mapping[str, str] = {
    "misinformation": N_("{title} — misinformed player: {who}"),
    # 33: the player whose call counts as made after the other's; no offender
    # when that puts it in rotation
    "simultaneous_calls": N_("{title} — the later call: {who}"),
    "auction_review": N_("{title} — asked by {who}"),
    "auction_period": N_("{title} — asked by {who}"),
}


def named_player(irregularity: str, title: str, who: str, lang: str,
                 facts: Mapping[str, FactValue] | None = None) -> str | None:
    """The title with the player it names, when that player is not an offender.
    Misinformation names the misinformed player unless the explainer's side
    noticed (20F4, 20F5): then the player named is the one who explained."""
    template = NAMED_PLAYER.get(irregularity)
    if template is None or (irregularity == "misinformation" and (facts or {}).get(
            "who_noticed", "misinformed") != "misinformed"):
        return None
    if irregularity == "simultaneous_calls" and (facts or {}).get("in_rotation") is not True:
        return None  # deemed subsequent out of rotation: its maker is an offender
    return translator(lang).gettext(template).format(title=title, who=who)


RELATIVE_NAMES: Mapping[str, str] = {
    "self": N_("you"),
    "partner": N_("your partner"),
    "lho": N_("your left-hand opponent"),
    "rho": N_("your right-hand opponent"),
}


def place_of(offender_relative: str, role: str) -> str:
    """Where the player in ``role`` sits seen from the writer, given where the
    offender sits seen from the writer ("partner" + "lho" -> "rho")."""
    steps = (RELATIVE_OFFSETS[offender_relative]
             + RELATIVE_OFFSETS["self" if role == "offender" else role]) % len(RELATIVE_OFFSETS)
    return next(place for place, offset in RELATIVE_OFFSETS.items() if offset == steps)


def places_named(offender_relative: str | None, lang: str) -> dict[str, str]:
    """Each role's place seen from the writer, in words ({"partner": "you", ...});
    empty when the offender's place is not known."""
    if offender_relative not in RELATIVE_OFFSETS:
        return {}
    t = translator(lang)
    return {role: t.gettext(RELATIVE_NAMES[place_of(offender_relative, role)])
            for role in ROLE_NAMES}


def _role_seat(offender: Seat | None, role: str) -> Seat | None:
    if offender is None:
        return None
    return {
        "offender": offender,
        "partner": offender.partner,
        "lho": offender.lho,
        "rho": offender.rho,
    }[role]


def _who(offender: Seat | None, role: str, relative: str | None, t: NullTranslations,
         named: set[str] | None = None) -> str:
    """A player by seat and role the first time the card names them (``named``
    collects who was named), by seat alone after that."""
    seat = _role_seat(offender, role)
    if named is not None and role in named:
        if seat is None:
            # Said again: the role alone ("your partner" when the writer offends).
            again = relative if relative == "self" and role != "offender" else None
            return _seat_role(None, role, again, t)
        return t.gettext(SEAT_NAMES[seat])
    if named is not None:
        named.add(role)
    return _seat_role(seat, role, relative, t, offender)


def _now_lines(
    outcomes: tuple[Outcome, ...],
    offender: Seat | None,
    facts: Mapping[str, FactValue],
    relative: str | None,
    t: NullTranslations,
    named: set[str] | None = None,
    edition: Edition = Edition.E2017,
    auction_over: bool = False,
) -> list[str]:
    # "The change is cancelled: the first call stands" already says the call stands.
    said = (O.CALL_STANDS,) if O.SUBSTITUTION_CANCELLED in outcomes else ()
    # What the tables below do not word (answers to procedural questions) is
    # said in full: it is the whole answer. In the order of the ruling: "the
    # card counts as a call made" comes before "the new call replaces it".
    told = (*NOW_TABLE, *NOW_BY_ROLE, *LATER, O.AUCTION_REVERTS, O.NO_FURTHER_RECTIFICATION)
    table: list[str] = []
    for outcome in outcomes:
        if outcome in NOW_TABLE and outcome not in said:
            table.append(t.gettext(NOW_TABLE[outcome]))
        elif outcome not in told:
            table += outcome_sentences((outcome,), offender, edition, _lang_of(t))
    by_role: dict[str, list[str]] = {}
    for outcome in outcomes:
        for role, line in NOW_BY_ROLE.get(outcome, ()):
            text = _role_line(outcome, line, facts, offender, t)
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
    elif O.AUCTION_REVERTS in outcomes and facts.get("rho_action") in (None, "undecided"):
        # else the RHO has called
        turn = facts.get("turn_of")
        free_line = t.gettext(NOW_BY_ROLE[O.PARTNER_MAY_CALL_FREELY][0][1])
        if isinstance(turn, str) and turn in ROLE_NAMES:
            if facts.get(f"{turn}_called_since") is True:
                pass  # the player in turn has called at it since: not "calls now"
            elif turn == "partner" and free_line in by_role.get(turn, []):
                # 30B1(a), 31B1, 32B1: the turn he calls at now is the free one
                by_role[turn].remove(free_line)
                by_role[turn].insert(0, t.gettext(PARTNER_CALLS_NOW_FREELY))
            else:
                by_role.setdefault(turn, []).insert(0, t.gettext("calls now: it was their turn"))
        else:
            table.append(t.gettext("The auction goes back to the player whose turn it was."))
    lines = table
    for role in ("offender", "partner", "lho", "rho"):
        if role in by_role:
            lines.append("• " + t.gettext("{who}: {what}.").format(
                who=_who(offender, role, relative, t, named),
                what=t.gettext("; ").join(by_role[role])))
    free = [r for r in ("lho", "rho") if r not in by_role]
    # Opponents are told they call freely only when the offending side is
    # restricted (a partner free at his turn restricts nobody).
    restricted = any(
        r in by_role for r in ("offender", "partner")
    ) and O.PARTNER_MAY_CALL_FREELY not in outcomes
    if restricted and free and O.CALL_STANDS not in outcomes:
        names = t.gettext(" and ").join(
            t.gettext(SEAT_NAMES[seat]) if (seat := _role_seat(offender, r)) is not None
            else _seat_role(None, r, relative, t) for r in free
        )
        names = names[:1].upper() + names[1:].lower() if offender is None else names
        lines.append("• " + t.gettext("{who}: call freely.").format(who=names))
    if O.NO_FURTHER_RECTIFICATION in outcomes and (not lines or not by_role):
        if auction_over or facts.get("offender_side") is not None or "after_passed_out" in facts:
            # Law 39: the call came after the final pass; the auction is over.
            lines.append(t.gettext("No further rectification: the auction is over."))
        else:
            lines.append(t.gettext("No further rectification: the auction continues."))
    return lines


def _role_line(outcome: Outcome, line: str, facts: Mapping[str, FactValue],
               offender: Seat | None, t: NullTranslations, option: bool = False) -> str:
    """What one outcome asks of a player, in the words its facts call for:
    the partner's bar after the offender's call that is not comparable says
    after which call (``option``: on the line of that choice), and a partner
    free at his own turn who has called at it since is not told to call."""
    if outcome is O.PARTNER_MUST_PASS_NEXT_TURN and facts.get("comparable") is False:
        lang = _lang_of(t)
        template = PASS_AFTER_THE_CALL if option else PASS_AFTER_NOT_COMPARABLE
        return _fill(t.gettext(template), lang, offender=names_for(offender, lang).offender)
    if outcome is O.PARTNER_MAY_CALL_FREELY and facts.get("partner_called_since") is True:
        return t.gettext(PARTNER_CALLED_FREELY)
    return t.gettext(line)


#: Irregularities that happen once the auction is over.
AFTER_AUCTION = ("call_after_final_pass", "passed_out")


def _auction_over(ruling: Ruling) -> bool:
    return ruling.irregularity in AFTER_AUCTION or ruling.facts.get("auction_over") is True


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
           t: NullTranslations, named: set[str] | None = None, brief: bool = False,
           edition: Edition = Edition.E2017,
           when: Mapping[str, FactValue] | None = None) -> str:
    """The consequences in a few words; ``brief`` leaves out what is for later;
    ``when``: the facts of the choice they follow."""
    parts: list[str] = []
    for outcome in outcomes:
        if brief and outcome in LATER:
            continue
        if outcome in SHORT:
            parts.append(t.gettext(SHORT[outcome]))
        for role, line in NOW_BY_ROLE.get(outcome, ()):
            who = _who(offender, role, relative, t, named)
            if parts and offender is None:  # mid-sentence: "…; the offender replaces it"
                bare = who == _seat_role(None, role, None, t)
                who = getattr(names_for(None, _lang_of(t)), role) if bare else (
                    who[:1].lower() + who[1:])
            what = _role_line(outcome, line, when or {}, offender, t, option=True)
            parts.append(t.gettext("{who} {what}").format(who=who, what=what))
    if not parts:
        # Answers to a procedural question (when and how to call the director).
        parts = [s.rstrip(".") for s in outcome_sentences(
            tuple(o for o in outcomes if o not in LATER), offender, edition, _lang_of(t))]
    if not parts:
        parts.append(t.gettext("see the details"))
    text = t.gettext("; ").join(dict.fromkeys(parts))
    return text[:1].upper() + text[1:]


# The offender's choices as button labels: a few words, the actual call when known.
CHOICE_WORDS: Mapping[tuple[str, FactValue], str] = {
    ("replacement", "comparable"): N_("A comparable call"),
    ("replacement", "other_bid"): N_("Another bid"),
    ("replacement", "pass"): N_("Pass"),
    ("replacement", "double_redouble"): N_("Double / Redouble"),
    ("replacement", "insufficient"): N_("Insufficient again"),
    ("comparable", True): N_("A comparable call"),
    ("comparable", False): N_("A call not comparable"),
    ("rho_action", "pass"): N_("{rho} passes"),
    ("rho_action", "call"): N_("{rho} calls"),
    ("repeats_denomination", True): N_("Same denomination"),
    ("repeats_denomination", False): N_("Another denomination"),
    ("repeats_call", True): N_("The same call"),
    ("repeats_call", False): N_("A different call"),
    ("offender_side", "declaring"): N_("Declaring side"),
    ("offender_side", "defending"): N_("Defending side"),
}


#: The same, after an earlier step ("North calls, comparable").
NEXT_CHOICE_WORDS: Mapping[tuple[str, FactValue], str] = {
    ("comparable", True): N_("comparable"),
    ("comparable", False): N_("not comparable"),
    ("repeats_denomination", True): N_("same denomination"),
    ("repeats_denomination", False): N_("other denomination"),
    ("repeats_call", True): N_("same call"),
    ("repeats_call", False): N_("different call"),
}


def lowest_same_denomination(calls: Sequence[Sequence[str]]) -> str | None:
    """The lowest sufficient bid in the denomination of the first insufficient
    bid of ``calls`` ([[seat, call], ...]), as shown ("2♥"); None when there is none."""
    highest: Call | None = None
    for _, text in calls:
        try:
            call = parse_call(text)
        except ValueError:
            return None
        if call.strain is None:
            continue
        if highest is not None and not call.outranks(highest):
            level = highest.level + (0 if call.rank[1] > highest.rank[1] else 1)
            return bid(level, call.strain).symbol if level <= 7 else None
        highest = call
    return None


#: The 2007 Law 27B1(b) knows no comparable call (Law 23A is 2017): its test
#: is a call with the same or a more precise meaning.
CHOICE_WORDS_2007: Mapping[tuple[str, FactValue], str] = {
    ("replacement", "comparable"): N_("Same or more precise meaning"),
}


#: The writer's neighbours in a button's few words ("Your LHO passes").
SHORT_PLACES: Mapping[str, str] = {
    "partner": N_("your partner"),
    "lho": N_("your LHO"),
    "rho": N_("your RHO"),
}


#: 27B1(a) on a card's line, when no bid can be named (a bid artificial, or
#: not known natural): the Law's own words, per edition.
LOWEST_IN_WORDS: Mapping[str, str] = {
    "2017": N_("Lowest bid specifying the same denomination(s)"),
    "2007": N_("Lowest bid in the same denomination"),
}


def choice_label(option: Option, lang: str, offender: Seat | None = None,
                 lowest: str | None = None, edition: Edition | str = Edition.E2017,
                 relative: str | None = None, line: bool = False) -> str:
    """A button's words for one option: "2♥ — same denomination", "Pass";
    ``relative``: where the offender sits seen from the writer, when no seat is
    known ("Your left-hand opponent passes", not "RHO passes"); ``line``: on
    the card's line rather than a button (room for the Law's words)."""
    t = translator(lang)
    words = {**CHOICE_WORDS, **CHOICE_WORDS_2007} if str(edition) == "2007" else CHOICE_WORDS
    place = place_of(relative, "rho") if offender is None and relative in RELATIVE_OFFSETS else None
    rho = (t.gettext(SEAT_NAMES[offender.rho]) if offender is not None
           else t.gettext(SHORT_PLACES[place]) if place is not None and place in SHORT_PLACES
           else t.gettext("RHO"))  # the writer: "you passes" would not do
    parts = []
    for fact, value in option.when:
        if (fact, value) == ("replacement", "lowest_same_denomination"):
            if len(option.when) > 1:  # room for the next step's words
                parts.append(lowest or t.gettext("Lowest bid"))
            elif line and lowest is None:
                parts.append(t.gettext(LOWEST_IN_WORDS[str(edition)]))
            else:
                parts.append(button_label(fact, value, lang, offender, lowest))
        elif (fact, value) == ("rho_action", "call") and len(option.when) > 1:
            continue  # "comparable" implies that the RHO called
        elif parts and (fact, value) in NEXT_CHOICE_WORDS:
            parts.append(t.gettext(NEXT_CHOICE_WORDS[fact, value]))
        elif (fact, value) in words:
            parts.append(t.gettext(words[fact, value]).format(rho=rho))
        else:
            parts.append(value_label(fact, value, lang, offender))
    text = t.gettext(", ").join(parts)
    return text[:1].upper() + text[1:]


def main_law(ruling: Ruling) -> int | None:
    """The number of the Law the ruling turns on (29, the general procedure
    after a call out of rotation, gives way to 30, 31 or 32)."""
    refs = [law for option in ruling.options for law in option.laws[:1]] or list(ruling.laws)
    if not refs:
        return None
    return next((law_of(r) for r in refs if law_of(r) != 29), law_of(refs[0]))


def card_laws(ruling: Ruling) -> list[str]:
    """The paragraphs of the ruling, those of its main Law first (the card's buttons)."""
    main = main_law(ruling)
    refs = dict.fromkeys([*ruling.laws, *(o.laws[0] for o in ruling.options if o.laws)])
    return sorted(refs, key=lambda ref: law_of(ref) != main)


def _head_laws(ruling: Ruling) -> str:
    """The paragraphs named on the card: those of the irregularity's own Law."""
    refs = [law for option in ruling.options for law in option.laws[:1]] or list(ruling.laws)
    main = main_law(ruling)
    if main is None:
        return ""
    if ruling.options:
        return str(main)
    own = quoted_refs(r for r in refs if law_of(r) == main)  # 31A2(b), not 31A2 too
    return ", ".join(own[:2])


def _headline(ruling: Ruling, relative: str | None, t: NullTranslations, lang: str) -> str:
    title = irregularity_title(ruling.irregularity, lang)
    who = (t.gettext(SEAT_NAMES[ruling.offender]) if ruling.offender is not None
           else t.gettext(RELATIVE_NAMES[relative]) if relative else None)
    named = named_player(ruling.irregularity, title, who, lang, ruling.facts) if who else None
    if named is not None:
        head = "⚖️ " + named
    elif ruling.offender is not None:
        head = t.gettext("⚖️ {title}, by {seat}").format(
            title=title, seat=t.gettext(SEAT_NAMES[ruling.offender])
        )
    elif relative:
        head = t.gettext("⚖️ {title}, by {who}").format(
            title=title, who=t.gettext(RELATIVE_NAMES[relative])
        )
    else:
        head = t.gettext("⚖️ {title}").format(title=title)
    laws = _head_laws(ruling)
    if laws:
        head += " — " + t.gettext("Law {law}").format(law=laws)
    return head


def _own_law(option: Option) -> str:
    """The paragraph an option rests on, as precisely as it is cited: 31A2(a)
    rather than 31A2 when both are."""
    first = option.laws[0]
    return next((law for law in option.laws[1:] if law.startswith(first)), first)


def _option_lines(ruling: Ruling, relative: str | None, lowest: str | None,
                  t: NullTranslations, lang: str, named: set[str], level: int) -> list[str]:
    """One line per group of choices with the same consequences; from
    ``level`` 1 without what is for later, at 2 without the consequences."""
    groups: dict[tuple[Outcome, ...], list[Option]] = {}
    for option in ruling.options:
        groups.setdefault(option.outcomes, []).append(option)
    lines = []
    for outcomes, options in groups.items():
        labels = " / ".join(choice_label(o, lang, ruling.offender, lowest, ruling.edition,
                                         relative, line=True) for o in options)
        laws = ", ".join(dict.fromkeys(_own_law(o) for o in options if o.laws))
        if level >= 2:
            lines.append("• " + t.gettext("{choice} (Law {laws})").format(choice=labels,
                                                                         laws=laws))
            continue
        # The facts the group's choices share ("comparable": False).
        when = {f: v for f, v in options[0].when if all((f, v) in o.when for o in options)}
        lines.append("• " + t.gettext("{choice}: {consequences} ({laws})").format(
            choice=labels, laws=laws,
            consequences=_short(outcomes, ruling.offender, relative, t, named, level >= 1,
                                ruling.edition, when)))
    return lines


#: Facts an option turns on that are not the offender's to choose.
NOT_CHOSEN = ("rho_action", "lho_accepts", "lho_accepts_replacement", "offender_side")

#: The paragraphs leaving the offender's partner free at their own turn.
PARTNER_FREE = ("30B1(a)", "31B1", "32B1")


def ruling_card(ruling: Ruling, lang: str, relative: str | None = None,
                lowest: str | None = None) -> str:
    """What happens now at the table, per player: the first thing to read.

    ``lowest``: the lowest sufficient bid in the same denomination, when the
    calls show it (the options then name it)."""
    # Too long for the screen: first what is for later, then the
    # consequences of each choice, stay in the details.
    for level in range(3):
        card = _card(ruling, lang, relative, lowest, level)
        if len(card) <= CARD_MAX_CHARS:
            break
    return card


def _card(ruling: Ruling, lang: str, relative: str | None, lowest: str | None,
          level: int) -> str:
    t = translator(lang)
    lines = [_headline(ruling, relative, t, lang)]
    named: set[str] = set()
    lines.extend(_now_lines(ruling.outcomes, ruling.offender, ruling.facts, relative, t, named,
                            ruling.edition, _auction_over(ruling)))
    if any(law in ruling.laws for law in PARTNER_FREE) and (
            ruling.facts.get("turn_of") != "partner"  # else "calls now" says it
    ) and O.PARTNER_MAY_CALL_FREELY not in ruling.outcomes:  # else the line above says it
        # 30B1(a), 31B1, 32B1: the partner's own turn comes first and is free;
        # only a non-comparable call by the offender bars it afterwards.
        lines.append("• " + t.gettext("{who}: {what}.").format(
            who=_who(ruling.offender, "partner", relative, t, named),
            what=t.gettext("may call freely at their turn (the cancelled call is unauthorised "
                           "information: 16C2)")))
    if ruling.options:
        if any(fact in NOT_CHOSEN for option in ruling.options for fact, _ in option.when):
            # 31A/32A: what the right-hand opponent does is not the offender's choice.
            lines.append(t.gettext("Next, depending on the calls:"))
        else:
            lines.append(t.gettext("{who} chooses:").format(
                who=_who(ruling.offender, "offender", relative, t, named)))
        lines.extend(_option_lines(ruling, relative, lowest, t, lang, named, level))
    return "\n".join(lines)


def card_emphasis(ruling: Ruling, lang: str, relative: str | None = None) -> tuple[str, ...]:
    """The pieces of the card shown in bold: the headline and every player named."""
    t = translator(lang)
    named = [_who(ruling.offender, role, relative, t) for role in ROLE_NAMES]
    return (_headline(ruling, relative, t, lang), *named)


def ruling_from_result(result: Mapping[str, Any]) -> Ruling:
    """The rules core's ruling back from the contract's result object."""
    offender = result.get("offender")
    return Ruling(
        irregularity=result["irregularity"],
        offender=Seat[offender] if offender else None,
        edition=Edition(result["edition"]),
        laws=tuple(result.get("laws", ())),
        outcomes=tuple(Outcome(o) for o in result.get("outcomes", ())),
        options=tuple(
            Option(tuple(dict(o["when"]).items()), tuple(o["laws"]),
                   tuple(Outcome(x) for x in o["outcomes"]))
            for o in result.get("options", ())
        ),
        facts=dict(result.get("facts", {})),
        assumed=dict(result.get("assumed", {})),
    )


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
    cited.sort(key=is_regulation_item)  # the bidding-box regulation's points after the Laws
    if cited:
        lines.append(t.gettext("Paragraphs applied:"))
        for law in cited:
            title = paragraph_titles.get(law)
            if is_regulation_item(law):
                # a point of the bidding-box regulation, not a Law
                lines.append("• " + (t.gettext("{ref}: {title}").format(ref=law, title=title)
                                     if title else law))
                continue
            lines.append("• " + (t.gettext("Law {law}: {title}").format(law=law, title=title)
                                 if title else t.gettext("Law {law}").format(law=law)))
    stated = {f: v for f, v in ruling.facts.items() if f not in ruling.assumed}
    if stated:
        lines.append(t.gettext("On these facts:"))
        lines.extend(
            "• " + fact_line(f, v, ruling.offender, ruling.irregularity, lang)
            for f, v in stated.items()
        )
    if ruling.options:
        lines.append(t.gettext("What follows each choice:"))
        for option in ruling.options:
            # What is for later is said once, under "To watch later".
            now = tuple(o for o in option.outcomes if o not in LATER) or (
                O.NO_FURTHER_RECTIFICATION,)
            lines.append("• " + t.gettext("{choice}: {consequences} ({laws})").format(
                choice=option_label(option, lang, ruling.offender, ruling.edition),
                consequences=" ".join(outcome_sentences(now, ruling.offender,
                                                        ruling.edition, lang)),
                laws=", ".join(option.laws),
            ))
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


#: How a call reads in a sentence ("West pass: fine").
CALL_WORDS = {"P": N_("pass"), "X": N_("double"), "XX": N_("redouble")}


#: No trump as each language writes it (French: SA, sans-atout).
NO_TRUMP = N_("NT")


def call_text(call: Any, t: Any) -> str:
    word = CALL_WORDS.get(str(call))
    if word:
        return str(t.gettext(word))
    symbol = str(call.symbol)
    if symbol.endswith("NT"):
        return symbol[:-2] + str(t.gettext(NO_TRUMP))
    return symbol
