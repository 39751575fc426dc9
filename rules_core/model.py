"""The contract's vocabulary as data: editions, irregularity ids, facts with
their allowed values, outcome ids, and the two results (Question, Ruling).

Ids are stable (shared/contract.md): add new ones, never rename one.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .calls import Seat

__all__ = [
    "Edition",
    "Irregularity",
    "Outcome",
    "FactValue",
    "FACTS",
    "Question",
    "Option",
    "Ruling",
    "Result",
]

FactValue = bool | str


class Edition(enum.StrEnum):
    E2017 = "2017"
    E2007 = "2007"


class Irregularity(enum.StrEnum):
    INSUFFICIENT_BID = "insufficient_bid"
    PASS_OUT_OF_ROTATION = "pass_out_of_rotation"
    BID_OUT_OF_ROTATION = "bid_out_of_rotation"
    DOUBLE_OUT_OF_ROTATION = "double_out_of_rotation"
    CHANGE_OF_CALL = "change_of_call"
    INADMISSIBLE_DOUBLE = "inadmissible_double"
    CALL_WHEN_OBLIGED_TO_PASS = "call_when_obliged_to_pass"
    BID_ABOVE_SEVEN = "bid_above_seven"
    CALL_AFTER_FINAL_PASS = "call_after_final_pass"
    SIMULTANEOUS_CALLS = "simultaneous_calls"
    CARD_EXPOSED_DURING_AUCTION = "card_exposed_during_auction"
    WRONG_BOARD = "wrong_board"
    MISINFORMATION = "misinformation"
    UNAUTHORIZED_INFORMATION = "unauthorized_information"
    AUCTION_REVIEW = "auction_review"
    PASSED_OUT = "passed_out"
    # Added by the project: questions about the auction period itself (Laws 17, 22).
    AUCTION_PERIOD = "auction_period"


class Outcome(enum.StrEnum):
    CALL_STANDS = "call_stands"
    CALL_CANCELLED = "call_cancelled"
    AUCTION_REVERTS = "auction_reverts"
    OFFENDER_MUST_REPEAT = "offender_must_repeat"
    OFFENDER_SUBSTITUTES_LEGAL_CALL = "offender_substitutes_legal_call"
    NO_FURTHER_RECTIFICATION = "no_further_rectification"
    OFFENDER_MUST_PASS_NEXT_TURN = "offender_must_pass_next_turn"
    OFFENDER_MUST_PASS_THROUGHOUT = "offender_must_pass_throughout"
    PARTNER_MUST_PASS_NEXT_TURN = "partner_must_pass_next_turn"
    PARTNER_MUST_PASS_THROUGHOUT = "partner_must_pass_throughout"
    OFFENDING_SIDE_MUST_PASS_THROUGHOUT = "offending_side_must_pass_throughout"
    PARTNER_MAY_NOT_DOUBLE_THIS_TURN = "partner_may_not_double_this_turn"
    LEAD_RESTRICTIONS = "lead_restrictions"
    UNAUTHORIZED_INFORMATION = "unauthorized_information"
    ADJUSTED_SCORE_POSSIBLE = "adjusted_score_possible"
    TREATED_AS_CHANGE_OF_CALL = "treated_as_change_of_call"
    SUBSTITUTION_ALLOWED = "substitution_allowed"
    SUBSTITUTION_CANCELLED = "substitution_cancelled"
    LHO_MAY_WITHDRAW_CALL = "lho_may_withdraw_call"
    MAY_CHANGE_CALL = "may_change_call"
    SUBSEQUENT_CALLS_CANCELLED = "subsequent_calls_cancelled"
    DEEMED_SUBSEQUENT_CALL = "deemed_subsequent_call"
    CARDS_FACE_UP_UNTIL_AUCTION_ENDS = "cards_face_up_until_auction_ends"
    PENALTY_CARDS_IF_DEFENDER = "penalty_cards_if_defender"
    ARTIFICIAL_ADJUSTED_SCORE = "artificial_adjusted_score"
    BOARD_NOT_PLAYED_NO_REDEAL = "board_not_played_no_redeal"
    SCORE_AS_IF_NOT_MADE = "score_as_if_not_made"
    EXPLAIN_RIGHTS = "explain_rights"
    # Added by the project (the contract allows new ids).
    ADJUSTED_SCORE_AWARDED = "adjusted_score_awarded"
    OFFENDER_CALLS_AGAIN = "offender_calls_again"
    LHO_MUST_REPEAT_CALL = "lho_must_repeat_call"
    CARDS_PICKED_UP_IF_DECLARER = "cards_picked_up_if_declarer"
    #: 2017 23B: once the offender has made a comparable call, the information
    #: from the cancelled call no longer restricts his side (16C2 does not apply).
    COMPARABLE_CALL_LIFTS_UI = "comparable_call_lifts_ui"
    # Law 20 and the bidding-box regulation: rights and procedures.
    REPEAT_CALL_ALLOWED = "repeat_call_allowed"
    REVIEW_ALLOWED = "review_allowed"
    REVIEW_NOT_ALLOWED = "review_not_allowed"
    WHOLE_REVIEW_ONLY = "whole_review_only"
    ANSWERED_BY_OPPONENT = "answered_by_opponent"
    ALL_MUST_CORRECT_REVIEW = "all_must_correct_review"
    MAY_ASK_WHO_LEADS = "may_ask_who_leads"
    EXPLANATION_ALLOWED = "explanation_allowed"
    EXPLANATION_NOT_ALLOWED = "explanation_not_allowed"
    ANSWERED_BY_CALLERS_PARTNER = "answered_by_callers_partner"
    NO_QUESTION_FOR_PARTNERS_BENEFIT = "no_question_for_partners_benefit"
    MUST_CORRECT_OWN_EXPLANATION = "must_correct_own_explanation"
    MUST_NOT_CORRECT_DURING_AUCTION = "must_not_correct_during_auction"
    CALL_DIRECTOR_AFTER_FINAL_PASS = "call_director_after_final_pass"
    CALL_DIRECTOR_AT_END_OF_PLAY = "call_director_at_end_of_play"
    RESERVE_RIGHTS = "reserve_rights"
    CALL_MADE = "call_made"
    CALL_NOT_MADE = "call_not_made"
    PROCEDURAL_PENALTY_POSSIBLE = "procedural_penalty_possible"
    STOP_CARD_WAIT = "stop_card_wait"
    AUCTION_PERIOD_EXPLAINED = "auction_period_explained"
    WRONG_BOARD_OTHER_BOARD = "wrong_board_other_board"
    # 37A: a bar for the rest of the auction outlives the accepted call.
    PASS_OBLIGATION_CONTINUES = "pass_obligation_continues"
    # 21B2: the misinformed player's LHO may change a call made after the changed one.
    MISINFORMED_LHO_MAY_CHANGE = "misinformed_lho_may_change"
    # 30B1(a), 31B1, 32B1: the offender's partner calls freely at his turn (16C2).
    PARTNER_MAY_CALL_FREELY = "partner_may_call_freely"
    # A whole table playing a board not designated for the round (2017 15B, 2007 15C).
    BOARD_CANCELLED = "board_cancelled"
    AUCTION_AND_PLAY_COMPLETED = "auction_and_play_completed"
    AUCTION_RESTARTED_CALLS_REPEATED = "auction_restarted_calls_repeated"


_BOOL = (True, False)

#: fact id -> allowed values, in the order buttons show them.
FACTS: Mapping[str, tuple[FactValue, ...]] = {
    "lho_accepts": _BOOL,
    "in_rotation": _BOOL,
    "replacement": (
        "lowest_same_denomination",
        "comparable",
        "other_bid",
        "pass",
        "double_redouble",
        "insufficient",
        "undecided",
    ),
    "both_natural": _BOOL,
    "turn_of": ("rho", "partner", "lho"),
    "offender_called_before": _BOOL,
    "correct_player_called": _BOOL,
    "artificial": _BOOL,
    "any_bid_before": _BOOL,
    "rho_action": ("pass", "call", "undecided"),
    "comparable": (True, False, "undecided"),
    "repeats_denomination": (True, False, "undecided"),
    "unintended": _BOOL,
    "partner_called_since": _BOOL,
    "lho_called_since": _BOOL,
    "out_of_rotation": _BOOL,
    "after_opening_lead": _BOOL,
    "offender_side": ("declaring", "defending"),
    "call_kind": ("pass", "bid", "double", "redouble"),
    "cards": ("one_low", "one_honour", "led", "several"),
    "auction_over": _BOOL,
    # Added by the project (the contract allows new ids).
    "lho_accepts_replacement": _BOOL,  # 27B4: LHO accepts a second insufficient bid
    "ends_auction": _BOOL,  # 17D3/34: an accepted pass out of rotation was one of three passes
    # seed 17D: the new call repeats (does not differ significantly from) the cancelled one
    "repeats_call": (True, False, "undecided"),
    "premature_replacement": _BOOL,  # 27C: replaced before the director ruled
    "after_passed_out": _BOOL,  # 39A: the call came after four passes (no contract)
    "after_final_pass": _BOOL,  # 25: the change was made after the final pass
    # 27B1(a): the replacement is the lowest sufficient bid in the strain the
    # insufficient bid named (what each bid specifies decides, not the name)
    "same_strain_lowest": _BOOL,
    "replacement_artificial": _BOOL,  # the replacement bid was artificial
    # 27B: the kind of call the offender replaced the insufficient bid with (or
    # means to), told without the 23A judgement (comparable or not)
    "replacement_call_kind": ("pass", "bid", "double", "redouble"),
    "simultaneous": _BOOL,  # 33: made at the same moment as the call in turn
    # Law 15: the whole table is playing a board not designated for the round
    "whole_table": _BOOL,
    "previously_played": _BOOL,  # 15B1: a player at the table has played the board before
    "rho_must_pass": _BOOL,  # 28A: the call was made at the turn of an RHO required to pass
    # 37A: the offender was required to pass for the rest of the auction
    "barred_throughout": _BOOL,
    # 17D3: the player the auction reverts to (the one deprived of his turn)
    "reverts_to": ("N", "E", "S", "W"),
    # Law 20: what is asked, when, by whom.
    "request": ("review", "explanation", "repeat_call", "who_leads"),
    "phase": ("auction", "after_final_pass", "play"),
    "asker_role": ("declarer", "dummy", "defender"),
    "own_turn": _BOOL,  # the asker asks at his own turn to call (or to play)
    "first_turn_to_play": _BOOL,  # 20C2: the review after the auction is at one's first turn
    "obliged_to_pass": _BOOL,  # 20B: a player obliged to pass has no review
    # 20F4/20F5: who noticed the wrong explanation.
    "who_noticed": ("misinformed", "explainer", "explainer_partner"),
    # 16B and the bidding-box regulation: where the information came from.
    "source": (
        "hesitation", "remark", "gesture", "box_fumbling", "stop_card_not_used",
        "stop_card_not_respected",
    ),  # fmt: skip
    "box_category_swap": _BOOL,  # BB6: pass/double/redouble swapped with a bid, or the reverse
    "box_card": ("touched", "withdrawn", "on_tray"),  # BB3: when a call counts as made
    "screens": _BOOL,
    # Laws 17 and 22: which question about the auction period.
    "topic": ("start", "first_call", "rotation", "end", "clarification_period", "contract"),
}


#: The offender's possible replacements of an insufficient bid (27B), in the
#: order a director explains them.
REPLACEMENTS: tuple[FactValue, ...] = tuple(v for v in FACTS["replacement"] if v != "undecided")


@dataclass(frozen=True, slots=True)
class Question:
    """The one fact the core still needs, with the values it may take."""

    irregularity: str
    offender: Seat | None
    fact: str
    options: tuple[FactValue, ...]
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    #: The edition ruled under: a fact's question may be worded per edition
    #: (2007 27B1(b) asks for the same or a more precise meaning, not 23A).
    edition: Edition | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": "question",
            "irregularity": self.irregularity,
            "offender": None if self.offender is None else self.offender.name,
            "question": {"fact": self.fact, "options": list(self.options)},
        }


_CHOICE_LABELS: Mapping[tuple[str, FactValue], str] = {
    ("comparable", True): "comparable",
    ("comparable", False): "not_comparable",
    ("repeats_denomination", True): "repeats_denomination",
    ("repeats_denomination", False): "other_denomination",
    ("repeats_call", True): "same_call",
    ("repeats_call", False): "different_call",
    ("rho_action", "pass"): "rho_passes",
    ("rho_action", "call"): "rho_calls",
}


@dataclass(frozen=True, slots=True)
class Option:
    """One course still open at the table and what would follow from it.

    ``when`` lists the choices that lead there, outermost first (e.g. the
    RHO calls, then the offender makes a comparable call); the last one is the
    offender's own choice.
    """

    when: tuple[tuple[str, FactValue], ...]
    laws: tuple[str, ...]
    outcomes: tuple[Outcome, ...]

    @property
    def fact(self) -> str:
        return self.when[-1][0]

    @property
    def value(self) -> FactValue:
        return self.when[-1][1]

    def to_dict(self) -> dict[str, Any]:
        label = _CHOICE_LABELS.get((self.fact, self.value), self.value)
        return {
            "replacement": label,
            "fact": self.fact,
            "value": self.value,
            "when": {fact: value for fact, value in self.when},
            "laws": list(self.laws),
            "outcomes": [str(o) for o in self.outcomes],
        }


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the Laws prescribe: paragraphs applied, outcomes, the edition."""

    irregularity: str
    offender: Seat | None
    edition: Edition
    laws: tuple[str, ...]
    outcomes: tuple[Outcome, ...]
    options: tuple[Option, ...] = ()
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    assumed: Mapping[str, FactValue] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "status": "ruling",
            "irregularity": self.irregularity,
            "offender": None if self.offender is None else self.offender.name,
            "edition": str(self.edition),
            "laws": list(self.laws),
            "outcomes": [str(o) for o in self.outcomes],
        }
        if self.options:
            result["options"] = [o.to_dict() for o in self.options]
        if self.facts:
            result["facts"] = dict(self.facts)
        if self.assumed:
            result["assumed"] = dict(self.assumed)
        return result


Result = Question | Ruling
