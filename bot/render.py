"""Words for the rules core's ids: irregularities, facts, values, outcomes.

The rules core returns ids only; every sentence a player reads is built here
from gettext messages (domain "render"), in the reader's language. Players are
named by seat when the offender's seat is known, by role otherwise, in
neutral wording ("the offender's partner", never "he").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from babel.support import NullTranslations

from rules_core import Edition, Option, Outcome, Question, Ruling, Seat
from rules_core.model import FactValue

from .i18n import N_, translator

__all__ = [
    "Names",
    "names_for",
    "irregularity_title",
    "seat_name",
    "question_text",
    "value_label",
    "button_label",
    "button_title",
    "BUTTON_MAX",
    "option_label",
    "outcome_sentences",
    "ruling_statement",
    "ruling_texts",
    "is_regulation_item",
    "DIRECTOR_REMINDER",
    "french_contractions",
]

IRREGULARITY_TITLES: Mapping[str, str] = {
    "insufficient_bid": N_("Insufficient bid"),
    "pass_out_of_rotation": N_("Pass out of rotation"),
    "bid_out_of_rotation": N_("Bid out of rotation"),
    "double_out_of_rotation": N_("Double or redouble out of rotation"),
    "change_of_call": N_("Change of call"),
    "inadmissible_double": N_("Inadmissible double or redouble"),
    "call_when_obliged_to_pass": N_("Call by a player obliged to pass"),
    "bid_above_seven": N_("Bid above seven"),
    "call_after_final_pass": N_("Call after the final pass"),
    "simultaneous_calls": N_("Simultaneous calls"),
    "card_exposed_during_auction": N_("Card exposed or led during the auction"),
    "wrong_board": N_("Wrong board"),
    "misinformation": N_("Call based on misinformation"),
    "unauthorized_information": N_("Unauthorised information (hesitation, remark, gesture)"),
    "auction_review": N_("Review and explanation of the auction"),
    "passed_out": N_("All four players passed"),
    "auction_period": N_("The auction period (Laws 17 and 22)"),
    "law_lookup": N_("Reading a law"),
}

SEAT_NAMES: Mapping[Seat, str] = {
    Seat.N: N_("North"),
    Seat.E: N_("East"),
    Seat.S: N_("South"),
    Seat.W: N_("West"),
}

# The questions the rules core may ask, worded for the person at the table.
QUESTIONS: Mapping[str, str] = {
    "lho_accepts": N_("Does {lho} accept the call (accepting means calling over it)?"),
    "in_rotation": N_("Was the insufficient bid made in turn?"),
    "replacement": N_("What does {offender} replace the insufficient bid with?"),
    "both_natural": N_("Were both the insufficient bid and its replacement natural "
                       "(not artificial)?"),
    "turn_of": N_("Whose turn was it to call, seen from {offender}?"),
    "offender_called_before": N_("Had {offender} already called in this auction?"),
    "correct_player_called": N_("Did the player whose turn it was call before the director "
                                "ruled?"),
    "artificial": N_("Was the irregular call artificial (conventional)?"),
    "any_bid_before": N_("Had anyone bid before the call out of rotation?"),
    "rho_action": N_("What does {rho} do now?"),
    "comparable": N_("Is the call {offender} makes now comparable to the withdrawn one "
                     "(same or similar meaning, a subset of it, or the same purpose)?"),
    "repeats_denomination": N_("Does {offender}'s new call repeat the denomination of the "
                               "bid out of rotation?"),
    "unintended": N_("Was the call unintended (a mechanical error or a slip of the tongue, "
                     "not a change of mind)?"),
    "partner_called_since": N_("Has {partner} called since?"),
    "lho_called_since": N_("Has {lho} called since?"),
    "out_of_rotation": N_("Was the inadmissible double or redouble also out of rotation?"),
    "after_opening_lead": N_("Was it discovered only after the opening lead was faced?"),
    "offender_side": N_("Is the offender on the declaring side or defending?"),
    "call_kind": N_("What kind of call was it?"),
    "replacement_call_kind": N_("What kind of call replaces the insufficient bid?"),
    "cards": N_("Which card(s) were exposed?"),
    "auction_over": N_("Has the opening lead been faced (the end of the auction period)?"),
    "lho_accepts_replacement": N_("Does {lho} accept the second insufficient bid?"),
    "ends_auction": N_("Did that pass complete three passes, ending the auction?"),
    "repeats_call": N_("With the right cards, does {offender}'s new call match the cancelled "
                       "one (no significant difference)?"),
    "premature_replacement": N_("Did {offender} replace the call before the director ruled?"),
    "rho_must_pass": N_("Was the call made at the turn of a right-hand opponent who was "
                        "required to pass?"),
    "barred_throughout": N_("Was {offender} required to pass for the rest of the auction?"),
    "whole_table": N_("Is the whole table playing a board not designated for this round?"),
    "previously_played": N_("Has any player at the table already played this board?"),
    "simultaneous": N_("Was the call made at the same moment as the call in turn?"),
    "reverts_to": N_("Which player missed a turn to call?"),
    "same_strain_lowest": N_("Is the replacement the lowest sufficient bid in the strain the "
                             "insufficient bid named?"),
    "replacement_artificial": N_("Was the replacement bid artificial (conventional)?"),
    "after_passed_out": N_("Did the call come after all four players had passed?"),
    "after_final_pass": N_("Was the call changed after the final pass?"),
    "request": N_("What is being asked for?"),
    "phase": N_("When is it asked?"),
    "asker_role": N_("Who is asking?"),
    "own_turn": N_("Is it the asker's own turn to call (or to play)?"),
    "first_turn_to_play": N_("Is it the asker's first turn to play?"),
    "obliged_to_pass": N_("Is the asker obliged by Law to pass?"),
    "who_noticed": N_("Who noticed that the explanation was wrong?"),
    "source": N_("Where did the information come from?"),
    "box_category_swap": N_("Was a pass, double or redouble card swapped for a bid card, "
                            "or the reverse?"),
    "box_card": N_("What happened to the bidding card?"),
    "screens": N_("Is the table playing with screens?"),
    "topic": N_("What do you want to know about the auction period?"),
}

VALUE_LABELS: Mapping[tuple[str, FactValue], str] = {
    ("replacement", "lowest_same_denomination"): N_("The lowest sufficient bid in the same "
                                                    "denomination"),
    ("replacement", "comparable"): N_("A comparable call"),
    ("replacement", "other_bid"): N_("Another sufficient bid"),
    ("replacement", "pass"): N_("A pass"),
    ("replacement", "double_redouble"): N_("A double or redouble"),
    ("replacement", "insufficient"): N_("Another insufficient bid"),
    ("replacement", "undecided"): N_("Not decided yet"),
    ("turn_of", "rho"): N_("Their right-hand opponent's ({rho})"),
    ("turn_of", "partner"): N_("Their partner's ({partner})"),
    ("turn_of", "lho"): N_("Their left-hand opponent's ({lho})"),
    ("rho_action", "pass"): N_("Passes"),
    ("rho_action", "call"): N_("Bids, doubles or redoubles"),
    ("rho_action", "undecided"): N_("Has not called yet"),
    ("comparable", "undecided"): N_("Not decided yet"),
    ("repeats_denomination", "undecided"): N_("Not decided yet"),
    ("repeats_call", "undecided"): N_("Not decided yet"),
    ("offender_side", "declaring"): N_("Declaring side"),
    ("offender_side", "defending"): N_("Defending side"),
    ("call_kind", "pass"): N_("A pass"),
    ("call_kind", "bid"): N_("A bid"),
    ("call_kind", "double"): N_("A double"),
    ("call_kind", "redouble"): N_("A redouble"),
    ("replacement_call_kind", "pass"): N_("A pass"),
    ("replacement_call_kind", "bid"): N_("A bid"),
    ("replacement_call_kind", "double"): N_("A double"),
    ("replacement_call_kind", "redouble"): N_("A redouble"),
    ("cards", "one_low"): N_("A single low card (below honour rank)"),
    ("cards", "one_honour"): N_("A single honour"),
    ("cards", "led"): N_("A card led prematurely"),
    ("cards", "several"): N_("Two cards or more"),
    ("request", "review"): N_("A review of the auction"),
    ("request", "explanation"): N_("An explanation of a call"),
    ("request", "repeat_call"): N_("A call not heard clearly"),
    ("request", "who_leads"): N_("Whose lead it is"),
    ("phase", "auction"): N_("During the auction"),
    ("phase", "after_final_pass"): N_("After the final pass, before the opening lead"),
    ("phase", "play"): N_("During the play"),
    ("asker_role", "declarer"): N_("Declarer"),
    ("asker_role", "dummy"): N_("Dummy"),
    ("asker_role", "defender"): N_("A defender"),
    ("who_noticed", "misinformed"): N_("The side that received it"),
    ("who_noticed", "explainer"): N_("The player who gave it"),
    ("who_noticed", "explainer_partner"): N_("The partner of the player who gave it"),
    ("source", "hesitation"): N_("A hesitation"),
    ("source", "remark"): N_("A remark"),
    ("source", "gesture"): N_("A gesture or mannerism"),
    ("source", "box_fumbling"): N_("Fumbling in the bidding box"),
    ("source", "stop_card_not_used"): N_("A jump bid without the Stop card"),
    ("source", "stop_card_not_respected"): N_("The Stop card not respected"),
    ("box_card", "touched"): N_("Touched, not taken out"),
    ("box_card", "withdrawn"): N_("Deliberately taken out of the box"),
    ("box_card", "on_tray"): N_("Placed on the tray (screens)"),
    ("topic", "start"): N_("When it starts"),
    ("topic", "first_call"): N_("Who calls first"),
    ("topic", "rotation"): N_("The order of calls"),
    ("topic", "end"): N_("When it ends"),
    ("topic", "clarification_period"): N_("The clarification period"),
    ("topic", "contract"): N_("How the contract is set"),
}

YES, NO = N_("Yes"), N_("No")

#: A button label fits a phone's width: at most this many characters.
BUTTON_MAX = 32

# Shorter words for the values whose label above is a sentence (buttons).
BUTTON_LABELS: Mapping[tuple[str, FactValue], str] = {
    ("replacement", "lowest_same_denomination"): N_("Lowest bid, same denomination(s)"),
    ("turn_of", "rho"): N_("Right-hand opponent ({rho})"),
    ("turn_of", "partner"): N_("Partner ({partner})"),
    ("turn_of", "lho"): N_("Left-hand opponent ({lho})"),
    ("cards", "one_low"): N_("One low card"),
    ("phase", "after_final_pass"): N_("After the final pass"),
    ("who_noticed", "explainer_partner"): N_("The explainer's partner"),
    ("source", "box_fumbling"): N_("Fumbling in the bidding box"),
    ("source", "stop_card_not_used"): N_("Jump bid without Stop card"),
    ("box_card", "withdrawn"): N_("Taken out on purpose"),
}

# The same when no seat is known.
BUTTON_LABELS_NO_SEAT: Mapping[tuple[str, FactValue], str] = {
    ("turn_of", "rho"): N_("Right-hand opponent"),
    ("turn_of", "partner"): N_("Partner"),
    ("turn_of", "lho"): N_("Left-hand opponent"),
}

# Irregularity names as buttons ("did you mean...?").
BUTTON_TITLES: Mapping[str, str] = {
    "double_out_of_rotation": N_("Double/redouble out of turn"),
    "call_when_obliged_to_pass": N_("Call when obliged to pass"),
    "bid_above_seven": N_("Bid above seven"),
    "call_after_final_pass": N_("Call after the final pass"),
    "card_exposed_during_auction": N_("Card exposed in the auction"),
    "misinformation": N_("Misinformation"),
    "unauthorized_information": N_("Unauthorised information"),
    "auction_review": N_("Review of the auction"),
    "auction_period": N_("The auction period"),
}

# How each option is introduced when the offender has not chosen yet.
CHOICE_LABELS: Mapping[tuple[str, FactValue], str] = {
    ("comparable", True): N_("If {offender} makes a comparable call"),
    ("comparable", False): N_("If {offender} makes a call that is not comparable"),
    ("rho_action", "pass"): N_("If {rho} passes"),
    ("rho_action", "call"): N_("If {rho} bids, doubles or redoubles"),
    ("repeats_denomination", True): N_("If {offender} repeats the denomination"),
    ("repeats_denomination", False): N_("If {offender} names another denomination"),
    ("repeats_call", True): N_("If {offender} repeats the same call"),
    ("repeats_call", False): N_("If {offender} makes a different call"),
    ("replacement", "lowest_same_denomination"): N_("If {offender} bids the lowest sufficient "
                                                    "bid specifying the same denomination(s)"),
    ("replacement", "comparable"): N_("If {offender} makes a comparable call"),
    ("replacement", "other_bid"): N_("If {offender} makes another sufficient bid"),
    ("replacement", "pass"): N_("If {offender} passes"),
    ("replacement", "double_redouble"): N_("If {offender} tries to double or redouble"),
    ("replacement", "insufficient"): N_("If {offender} makes another insufficient bid"),
    ("offender_side", "declaring"): N_("If the partner of the player who explained becomes "
                                       "declarer or dummy"),
    ("offender_side", "defending"): N_("If the partner of the player who explained becomes a "
                                       "defender"),
}

OUTCOMES: Mapping[Outcome, str] = {
    Outcome.CALL_STANDS: N_("The call stands and the auction continues."),
    Outcome.CALL_CANCELLED: N_("The irregular call is cancelled."),
    Outcome.AUCTION_REVERTS: N_("The auction goes back to the player whose turn it was."),
    Outcome.OFFENDER_MUST_REPEAT: N_("{offender} must repeat the call made out of rotation."),
    Outcome.OFFENDER_SUBSTITUTES_LEGAL_CALL: N_("{offender} must replace it with a legal "
                                                "call."),
    Outcome.NO_FURTHER_RECTIFICATION: N_("No further rectification."),
    Outcome.OFFENDER_MUST_PASS_NEXT_TURN: N_("{offender} must pass at their next turn to "
                                             "call."),
    Outcome.OFFENDER_MUST_PASS_THROUGHOUT: N_("{offender} must pass at every turn for the rest "
                                              "of the auction."),
    Outcome.PARTNER_MUST_PASS_NEXT_TURN: N_("{partner} must pass the next time it is their "
                                            "turn to call (once)."),
    Outcome.PARTNER_MUST_PASS_THROUGHOUT: N_("{partner} must pass at every turn for the rest of "
                                             "the auction."),
    Outcome.OFFENDING_SIDE_MUST_PASS_THROUGHOUT: N_("{offender} and {partner} must both pass at "
                                                    "every turn for the rest of the auction."),
    Outcome.PARTNER_MAY_NOT_DOUBLE_THIS_TURN: N_("At this turn {partner} may bid or pass, but "
                                                 "not double or redouble."),
    Outcome.UNAUTHORIZED_INFORMATION: N_("This information is authorised for the non-offending "
                                         "side and unauthorised for {offender} and {partner}: "
                                         "among logical alternatives, they may not choose one "
                                         "it could demonstrably have suggested."),
    Outcome.ADJUSTED_SCORE_POSSIBLE: N_("At the end of play the director may adjust the score "
                                        "if the non-offending side was damaged."),
    Outcome.TREATED_AS_CHANGE_OF_CALL: N_("This counts as a change of call (Law 25)."),
    Outcome.SUBSTITUTION_ALLOWED: N_("The substituted call stands."),
    Outcome.SUBSTITUTION_CANCELLED: N_("The substitution is cancelled: the original call "
                                       "stands."),
    Outcome.LHO_MAY_WITHDRAW_CALL: N_("{lho} may withdraw the call made over it; that "
                                      "information is unauthorised for {offender}'s side."),
    Outcome.MAY_CHANGE_CALL: N_("The misinformed player may change their last call, provided "
                                "their partner has not called since."),
    Outcome.MISINFORMED_LHO_MAY_CHANGE: N_("If the misinformed player changes a call, that "
                                           "player's left-hand opponent may then change a call "
                                           "made after it; information from a withdrawn call is "
                                           "unauthorised for the side that gave the wrong "
                                           "explanation (Law 16C)."),
    Outcome.PARTNER_MAY_CALL_FREELY: N_("{partner} may make any legal call at their proper "
                                        "turn, but information from the cancelled call is "
                                        "unauthorised for them (Law 16C2)."),
    Outcome.COMPARABLE_CALL_LIFTS_UI: N_("Once {offender} has made the comparable call, the "
                                         "information from the cancelled call is no longer "
                                         "unauthorised for {offender} and {partner} (Law 23B)."),
    Outcome.SUBSEQUENT_CALLS_CANCELLED: N_("Every later call is cancelled too."),
    Outcome.DEEMED_SUBSEQUENT_CALL: N_("The call made at the same time as the one in turn "
                                       "counts as made after it."),
    Outcome.CARDS_FACE_UP_UNTIL_AUCTION_ENDS: N_("The exposed card(s) stay face up on the table "
                                                 "until the auction ends."),
    Outcome.PENALTY_CARDS_IF_DEFENDER: N_("If {offender} becomes a defender, the exposed card(s) "
                                          "become penalty cards."),
    Outcome.ARTIFICIAL_ADJUSTED_SCORE: N_("The director awards an artificial adjusted score."),
    Outcome.BOARD_NOT_PLAYED_NO_REDEAL: N_("The hands go back into the board without play; "
                                           "there is no redeal."),
    Outcome.SCORE_AS_IF_NOT_MADE: N_("The contract is scored as if the inadmissible double or "
                                     "redouble had not been made."),
    Outcome.EXPLAIN_RIGHTS: N_("The director explains each player's rights and duties."),
    Outcome.ADJUSTED_SCORE_AWARDED: N_("The director awards an adjusted score."),
    Outcome.OFFENDER_CALLS_AGAIN: N_("{offender} calls again, with the right cards."),
    Outcome.LHO_MUST_REPEAT_CALL: N_("{lho} must repeat their previous call."),
    Outcome.CARDS_PICKED_UP_IF_DECLARER: N_("If {offender} becomes declarer or dummy, the "
                                            "card(s) go back into the hand."),
    Outcome.REPEAT_CALL_ALLOWED: N_("A player who did not hear a call clearly may ask at once "
                                    "for it to be repeated."),
    Outcome.REVIEW_ALLOWED: N_("The player may have all previous calls repeated."),
    Outcome.REVIEW_NOT_ALLOWED: N_("The player has no right to a review at this point."),
    Outcome.WHOLE_REVIEW_ONLY: N_("The review covers every call: no partial review, and it may "
                                  "not be stopped before the end."),
    Outcome.ANSWERED_BY_OPPONENT: N_("Only an opponent answers a request for a review."),
    Outcome.ALL_MUST_CORRECT_REVIEW: N_("Every player, dummy and a player obliged to pass "
                                        "included, must correct at once an error in the "
                                        "review."),
    Outcome.MAY_ASK_WHO_LEADS: N_("After the final pass, a defender may ask whether it is "
                                  "their lead."),
    Outcome.EXPLANATION_ALLOWED: N_("The player may ask for an explanation of the opponents' "
                                    "calls, made or possible but not made, at their own turn."),
    Outcome.EXPLANATION_NOT_ALLOWED: N_("The player may not ask for an explanation now."),
    Outcome.ANSWERED_BY_CALLERS_PARTNER: N_("The partner of the player who made the call "
                                            "answers."),
    Outcome.NO_QUESTION_FOR_PARTNERS_BENEFIT: N_("A question may not be asked only for "
                                                 "partner's benefit, nor to draw a wrong "
                                                 "answer."),
    Outcome.MUST_CORRECT_OWN_EXPLANATION: N_("The player who gave the wrong explanation must "
                                             "call the director and correct it before the "
                                             "clarification period ends."),
    Outcome.MUST_NOT_CORRECT_DURING_AUCTION: N_("The partner of the player who explained must "
                                                "not correct it during the auction, nor show "
                                                "in any way that an error was made."),
    Outcome.CALL_DIRECTOR_AFTER_FINAL_PASS: N_("As declarer or dummy: call the director and "
                                               "tell the opponents after the final pass."),
    Outcome.CALL_DIRECTOR_AT_END_OF_PLAY: N_("As a defender: call the director and tell the "
                                             "opponents at the end of play."),
    Outcome.RESERVE_RIGHTS: N_("The opponents may reserve their rights at once, or call the "
                               "director."),
    Outcome.CALL_MADE: N_("The call counts as made."),
    Outcome.CALL_NOT_MADE: N_("No call was made: the card did not count."),
    Outcome.PROCEDURAL_PENALTY_POSSIBLE: N_("The director may give a procedural penalty for "
                                            "inattention."),
    Outcome.STOP_CARD_WAIT: N_("After a jump bid with the Stop card, the next player waits "
                               "about ten seconds before calling, showing thought either "
                               "way."),
    Outcome.AUCTION_PERIOD_EXPLAINED: N_("See the Law excerpt below."),
    Outcome.BOARD_CANCELLED: N_("The board is cancelled for both sides at this table."),
    Outcome.AUCTION_AND_PLAY_COMPLETED: N_("The auction and play are completed and the score "
                                           "stands; the director may have the right board played "
                                           "between these pairs later."),
    Outcome.AUCTION_RESTARTED_CALLS_REPEATED: N_("The right players take their seats and a new "
                                                 "auction begins in which every call must be "
                                                 "repeated; if any call differs, the board is "
                                                 "cancelled."),
    Outcome.PASS_OBLIGATION_CONTINUES: N_("If {offender} was required to pass for the rest of "
                                          "the auction, they must still pass whenever it is "
                                          "their turn."),
    Outcome.WRONG_BOARD_OTHER_BOARD: N_("When the board whose cards were taken is played, it "
                                        "is played normally if {offender} repeats the cancelled "
                                        "call ({lho} then repeats theirs); if the call differs "
                                        "in any way, the director awards an artificial adjusted "
                                        "score."),
}

# Lead restrictions differ by edition (Law 26 as amended in June 2017).
LEAD_RESTRICTIONS: Mapping[Edition, str] = {
    Edition.E2017: N_("If {offender} becomes a defender, declarer may forbid {partner} to lead "
                      "one suit that {offender} did not specify in the legal auction, for as "
                      "long as {partner} keeps the lead (Law 26B)."),
    Edition.E2007: N_("If {offender} becomes a defender, declarer may forbid {partner}'s lead of "
                      "one suit; only where the withdrawn call related to a specific suit may "
                      "declarer require or forbid the lead of that suit (Law 26)."),
}

DIRECTOR_REMINDER = N_("The director rules at the table: Arbitre is the director's aid.")


# French contracts "de le" and "à le", and elides "de" and "que" before a
# vowel: names put into templates must read "du joueur fautif", "d'Est", "qu'Est".
_FRENCH_CONTRACTIONS = (
    (re.compile(r"\b([Dd])e le "), r"\1u "),
    (re.compile(r"\b([Àà]) le "), lambda m: ("Au " if m.group(1) == "À" else "au ")),
    (re.compile(r"\b([Dd])e ([AEIOUaeiouÉé])"), r"\1'\2"),
    (re.compile(r"\b([Qq])ue ([AEIOUaeiouÉé])"), r"\1u'\2"),
)


def french_contractions(text: str) -> str:
    for pattern, replacement in _FRENCH_CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return text


@dataclass(frozen=True, slots=True)
class Names:
    """How to name each player of the incident in one language."""

    offender: str
    partner: str
    lho: str
    rho: str
    lang: str = "en"

    def fill(self, template: str) -> str:
        text = template.format(
            offender=self.offender, partner=self.partner, lho=self.lho, rho=self.rho
        )
        return french_contractions(text) if self.lang == "fr" else text


def names_for(offender: Seat | None, lang: str) -> Names:
    t = translator(lang)
    if offender is None:
        return Names(
            t.gettext("the offender"),
            t.gettext("the offender's partner"),
            t.gettext("the offender's left-hand opponent"),
            t.gettext("the offender's right-hand opponent"),
            lang,
        )
    return Names(
        t.gettext(SEAT_NAMES[offender]),
        t.gettext(SEAT_NAMES[offender.partner]),
        t.gettext(SEAT_NAMES[offender.lho]),
        t.gettext(SEAT_NAMES[offender.rho]),
        lang,
    )


# In a question the reader must know who is meant: a seat with its role.
SEATS_WITH_ROLES = (
    N_("{seat} (the offender)"),
    N_("{seat} (the offender's partner)"),
    N_("{seat} (the offender's left-hand opponent)"),
    N_("{seat} (the offender's right-hand opponent)"),
)


def described_names(offender: Seat | None, lang: str,
                    places: Mapping[str, str] | None = None,
                    writer_offends: bool = False) -> Names:
    """Names for questions: "South (the offender's left-hand opponent)"; with
    no seat, the role and, from ``places`` (role -> where that player sits
    seen from the writer, in words), "the offender's partner (you)"; when the
    writer is the offender (``writer_offends``), "your partner"."""
    if offender is None:
        names = names_for(None, lang)
        if not places:
            return names
        roles = ("offender", "partner", "lho", "rho")
        plain = (names.offender, names.partner, names.lho, names.rho)
        placed = []
        for name, role in zip(plain, roles, strict=True):
            if role not in places:
                placed.append(name)
            elif writer_offends and role != "offender":
                placed.append(places[role])  # simply "your partner"
            else:
                placed.append(f"{name} ({places[role]})")
        return Names(placed[0], placed[1], placed[2], placed[3], lang)
    t = translator(lang)
    seats = (offender, offender.partner, offender.lho, offender.rho)
    named = [
        t.gettext(template).format(seat=t.gettext(SEAT_NAMES[seat]))
        for template, seat in zip(SEATS_WITH_ROLES, seats, strict=True)
    ]
    return Names(named[0], named[1], named[2], named[3], lang)


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def irregularity_title(irregularity: str, lang: str) -> str:
    title = IRREGULARITY_TITLES.get(irregularity)
    return translator(lang).gettext(title) if title else irregularity


def seat_name(seat: Seat, lang: str) -> str:
    return translator(lang).gettext(SEAT_NAMES[seat])


# 21B: who called since is counted from the misinformed player, not from the
# side that gave the explanation.
MISINFORMATION_QUESTIONS: Mapping[str, str] = {
    "lho_called_since": N_("Has the misinformed player's left-hand opponent called since?"),
}
MISINFORMED_PARTNER = (N_("the misinformed player's partner"),
                       N_("{seat} (the misinformed player's partner)"))


#: The 2007 code has no comparable call (Law 23A is 2017): its 27B1(b) asks
#: whether the replacement has the same or a more precise meaning.
QUESTIONS_2007: Mapping[str, str] = {
    "comparable": N_("In your opinion, does the replacement call have the same meaning as the "
                     "insufficient bid, or a more precise one (wholly contained in its possible "
                     "meanings)?"),
}


#: 27B1 (2017) when the replacement is a bid already made but what it
#: specifies is the director's judgement (a bid artificial, or that may be):
#: the strain a bid names is not what it specifies.
REPLACEMENT_JUDGED = N_(
    "In the director's judgement, what is the bid {offender} made in place of the "
    "insufficient bid? Law 27B1(a) needs the lowest sufficient bid that specifies the same "
    "denomination(s) as the withdrawn bid (an artificial bid does not specify the strain it "
    "names); 27B1(b) a comparable call (Law 23A: same or similar meaning, a subset of it, or "
    "the same purpose); otherwise 27B2.")

#: The choices of that judgement.
_JUDGED_CHOICES = ("lowest_same_denomination", "comparable", "other_bid")


def question_text(question: Question, lang: str,
                  places: Mapping[str, str] | None = None, writer_offends: bool = False) -> str:
    t = translator(lang)
    names = described_names(question.offender, lang, places, writer_offends)
    template = QUESTIONS[question.fact]
    if str(question.edition) == "2007":
        template = QUESTIONS_2007.get(question.fact, template)
    elif question.fact == "replacement" and tuple(question.options) == _JUDGED_CHOICES:
        template = REPLACEMENT_JUDGED
    if question.irregularity == "misinformation":
        # 21B: the player the core rules for is the misinformed one, not an
        # offender: the questions name them so.
        bare, seated = MISINFORMED_PARTNER
        partner = (t.gettext(seated).format(seat=seat_name(question.offender.partner, lang))
                   if question.offender is not None else t.gettext(bare))
        if question.offender is None and places and "partner" in places:
            partner = f"{partner} ({places['partner']})"
        names = replace(names, partner=partner)
        template = MISINFORMATION_QUESTIONS.get(question.fact, template)
    return _capitalise(names.fill(t.gettext(template)))


def value_label(fact: str, value: FactValue, lang: str, offender: Seat | None = None) -> str:
    """The button label for one value of a fact."""
    t = translator(lang)
    label = VALUE_LABELS.get((fact, value))
    if label is None:
        label = YES if value is True else NO if value is False else str(value)
    return _capitalise(names_for(offender, lang).fill(t.gettext(label)))


def button_label(fact: str, value: FactValue, lang: str, offender: Seat | None = None,
                 call: str | None = None) -> str:
    """A value as a button: a few words (``call``, the lowest sufficient bid in
    the same denomination, names it)."""
    if (fact, value) == ("replacement", "lowest_same_denomination") and call:
        return translator(lang).gettext("{call} — same denomination").format(call=call)
    template = (BUTTON_LABELS_NO_SEAT.get((fact, value)) if offender is None else None
                ) or BUTTON_LABELS.get((fact, value))
    if template is None:
        return value_label(fact, value, lang, offender)
    names = names_for(offender, lang)
    return _capitalise(names.fill(translator(lang).gettext(template)))


def button_title(irregularity: str, lang: str) -> str:
    """An irregularity's name as a button."""
    title = BUTTON_TITLES.get(irregularity)
    return translator(lang).gettext(title) if title else irregularity_title(irregularity, lang)


#: The 2007 code has no comparable call (23A) and its 27B1(a) asks for the
#: lowest sufficient bid in the same denomination; its 27B1(b) asks for the
#: same or a more precise meaning (seed 004).
CHOICE_LABELS_2007: Mapping[tuple[str, FactValue], str] = {
    ("comparable", True): N_("If the replacement has the same or a more precise meaning"),
    ("comparable", False): N_("If the replacement has neither the same nor a more precise "
                              "meaning"),
    ("replacement", "lowest_same_denomination"): N_("If {offender} bids the lowest sufficient "
                                                    "bid in the same denomination"),
    ("replacement", "comparable"): N_("If {offender} makes a call with the same or a more "
                                      "precise meaning"),
}


def option_label(option: Option, lang: str, offender: Seat | None = None,
                 edition: Edition | None = None) -> str:
    """'If the RHO bids, doubles or redoubles, and if the offender makes a comparable call'."""
    t = translator(lang)
    names = names_for(offender, lang)
    labels = ({**CHOICE_LABELS, **CHOICE_LABELS_2007} if edition is Edition.E2007
              else CHOICE_LABELS)
    parts: list[str] = []
    for fact, value in option.when:
        template = labels.get((fact, value))
        text = names.fill(t.gettext(template)) if template else str(value)
        parts.append(text if not parts else text[:1].lower() + text[1:])
    return _capitalise(t.gettext(", then ").join(parts))


def outcome_sentences(
    outcomes: tuple[Outcome, ...], offender: Seat | None, edition: Edition, lang: str
) -> list[str]:
    t = translator(lang)
    names = names_for(offender, lang)
    sentences = []
    for outcome in outcomes:
        template = LEAD_RESTRICTIONS[edition] if outcome is Outcome.LEAD_RESTRICTIONS else (
            OUTCOMES[outcome]
        )
        sentences.append(_capitalise(names.fill(t.gettext(template))))
    return sentences


def is_regulation_item(ref: str) -> bool:
    """A point of the national bidding-box regulation ("BB6"), not a Law."""
    return ref.startswith("BB")


def _laws_line(laws: tuple[str, ...], edition: Edition, t: NullTranslations) -> str:
    """The Laws applied, then the bidding-box regulation's points apart: they
    are not Laws (audit 10, conversation 36)."""
    own = [ref for ref in laws if not is_regulation_item(ref)]
    items = [ref for ref in laws if is_regulation_item(ref)]
    parts = []
    if own:
        parts.append(t.gettext("Laws applied ({edition} code): {laws}").format(
            edition=str(edition), laws=", ".join(own)))
    if items:
        parts.append(t.gettext("National bidding-box regulation: {items}").format(
            items=", ".join(items)))
    return t.gettext("; ").join(parts)


#: A side of the table, by the seats in it.
SIDE_NAMES: Mapping[frozenset[Seat], str] = {
    frozenset({Seat.N, Seat.S}): N_("North-South"),
    frozenset({Seat.E, Seat.W}): N_("East-West"),
}

#: 21B: the player a misinformation ruling names is the misinformed one, a
#: non-offender; the offending side is the other one, which gave the wrong
#: explanation or failed to alert.
MISINFORMED_HEAD = N_("{title} given to {seat} by {side}.")


def _misinformed(ruling: Ruling) -> bool:
    """A misinformation ruling made for the misinformed player (21B), not for
    the side that explained and noticed (20F4, 20F5)."""
    if ruling.irregularity != "misinformation":
        return False
    noticed = ruling.facts.get("who_noticed", ruling.assumed.get("who_noticed", "misinformed"))
    return noticed == "misinformed"


def ruling_statement(ruling: Ruling, lang: str) -> str:
    """A short, complete statement of the ruling (used in `arbitre rule` and logs)."""
    t = translator(lang)
    title = irregularity_title(ruling.irregularity, lang)
    if ruling.offender is not None and _misinformed(ruling):
        side = SIDE_NAMES[frozenset({ruling.offender.lho, ruling.offender.rho})]
        head = t.gettext(MISINFORMED_HEAD).format(
            title=title, seat=seat_name(ruling.offender, lang), side=t.gettext(side)
        )
    elif ruling.offender is not None:
        head = t.gettext("{title} by {seat}.").format(
            title=title, seat=seat_name(ruling.offender, lang)
        )
    else:
        head = t.gettext("{title}.").format(title=title)
    if lang == "fr":
        head = french_contractions(head)
    outcomes = ruling.outcomes
    if Outcome.SUBSTITUTION_CANCELLED in outcomes:
        # "The substitution is cancelled: the original call stands" says it once.
        outcomes = tuple(o for o in outcomes if o is not Outcome.CALL_STANDS)
    if Outcome.OFFENDER_MUST_PASS_THROUGHOUT in outcomes:
        # 37A: the bar is known to run to the end; its conditional restatement goes.
        outcomes = tuple(o for o in outcomes if o is not Outcome.PASS_OBLIGATION_CONTINUES)
    reverts_to = ruling.facts.get("reverts_to")
    named = isinstance(reverts_to, str) and reverts_to in Seat.__members__
    if named:  # 17D3: the player the auction returns to is named below
        outcomes = tuple(o for o in outcomes if o is not Outcome.AUCTION_REVERTS)
    lines = [head, *outcome_sentences(outcomes, ruling.offender, ruling.edition, lang)]
    if named and isinstance(reverts_to, str):
        lines.append(t.gettext("The auction returns to {seat}, who missed a turn to call.").format(
            seat=seat_name(Seat[reverts_to], lang)))
    for option in ruling.options:
        consequences = " ".join(
            outcome_sentences(option.outcomes, ruling.offender, ruling.edition, lang)
        )
        lines.append(
            t.gettext("{choice}: {consequences} ({laws})").format(
                choice=option_label(option, lang, ruling.offender, ruling.edition),
                consequences=consequences,
                laws=", ".join(option.laws),
            )
        )
    for fact, value in ruling.assumed.items():
        if fact == "dealer" or fact not in QUESTIONS:
            continue
        # Nothing rests on an unstated assumption: it is said, to be corrected.
        asked = question_text(Question(ruling.irregularity, ruling.offender, fact, (value,)), lang)
        said = t.gettext("Assumed without asking: {question} {answer}. Say so if not.")
        lines.append(said.format(
            question=asked, answer=value_label(fact, value, lang, ruling.offender)))
    if ruling.laws:
        lines.append(_laws_line(ruling.laws, ruling.edition, t))
    return " ".join(lines)


def ruling_texts(ruling: Ruling) -> dict[str, str]:
    """The contract's ``text`` field: the statement in French and English."""
    return {lang: ruling_statement(ruling, lang) for lang in ("fr", "en")}
