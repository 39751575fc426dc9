"""Irregularities around the calls themselves: Law 24 (card exposed during
the auction), Law 33 (simultaneous calls), Law 22A (passed out), the wrong
board (2017 Law 15A; seed Law 17D) and Law 34 (three passes, one out of
rotation: 2017 17D3, seed 17E)."""

from __future__ import annotations

from ..engine import Context, Verdict, verdict
from ..model import FactValue
from ..model import Outcome as O
from .common import enforced_pass_damage, ui_withdrawn

__all__ = [
    "card_exposed_during_auction",
    "simultaneous_calls",
    "passed_out",
    "wrong_board",
    "three_passes_one_out_of_rotation",
    "auction_period",
]


def card_exposed_during_auction(ctx: Context) -> Verdict:
    """Law 24: face up until the auction ends; A low card; B honour or led; C several."""
    cards = ctx.get("cards")
    kept = (
        O.CARDS_FACE_UP_UNTIL_AUCTION_ENDS,
        O.UNAUTHORIZED_INFORMATION,
        O.PENALTY_CARDS_IF_DEFENDER,
    )
    tail: tuple[str, ...] = ("24D", "24E") if ctx.is_2017 else ()
    if cards == "one_low":
        return verdict("24", "24A", *tail, outcomes=(O.NO_FURTHER_RECTIFICATION, *kept))
    paragraph = "24C" if cards == "several" else "24B"
    laws = (paragraph, "24B") if paragraph == "24C" else (paragraph,)
    return verdict(
        "24",
        *laws,
        enforced_pass_damage(ctx),
        *tail,
        outcomes=(O.PARTNER_MUST_PASS_NEXT_TURN, *kept, O.ADJUSTED_SCORE_POSSIBLE),
    )


def simultaneous_calls(ctx: Context) -> Verdict:
    """Law 33: the call made with that of the player in turn is a subsequent
    call; when it is then in rotation, it stands and nothing else follows."""
    if ctx.known("in_rotation") is True:
        return verdict(
            "33", outcomes=(O.DEEMED_SUBSEQUENT_CALL, O.CALL_STANDS, O.NO_FURTHER_RECTIFICATION)
        )
    return verdict("33", outcomes=(O.DEEMED_SUBSEQUENT_CALL,))


def passed_out(ctx: Context) -> Verdict:
    """All four pass: 2017 Law 22B (17D2 "If no player bids (see Law 22B)");
    the seed's Law 22A. The board is not played, there is no redeal."""
    return verdict("22B" if ctx.is_2017 else "22A", outcomes=(O.BOARD_NOT_PLAYED_NO_REDEAL,))


def wrong_board(ctx: Context) -> Verdict:
    if ctx.known("whole_table") is True:
        return _wrong_board_for_the_round(ctx)
    if ctx.is_2017:
        # 15A [T, S3]: the call and all later calls are cancelled.
        if ctx.yes("partner_called_since"):
            return verdict(
                "15A",
                # No result can be obtained on this board: an artificial
                # adjusted score (Law 12C2).
                outcomes=(
                    O.CALL_CANCELLED, O.SUBSEQUENT_CALLS_CANCELLED, O.ARTIFICIAL_ADJUSTED_SCORE,
                ),
            )
        return verdict(
            "15A",
            "16C",
            outcomes=(
                O.CALL_CANCELLED,
                O.SUBSEQUENT_CALLS_CANCELLED,
                O.OFFENDER_CALLS_AGAIN,
                O.UNAUTHORIZED_INFORMATION,
            ),
        )
    # Seed 17D (1997 wording): the call is cancelled and the offender calls
    # again. On this board an adjusted score only if the LHO has called since
    # and the new call differs significantly; the board whose cards were taken
    # has its own rule when it is played (LHO_MUST_REPEAT_CALL / adjusted).
    head = verdict(
        "17D",
        outcomes=(O.CALL_CANCELLED, O.OFFENDER_CALLS_AGAIN, O.WRONG_BOARD_OTHER_BOARD),
    )
    if not ctx.yes("lho_called_since"):
        return head.then(verdict(outcomes=(O.NO_FURTHER_RECTIFICATION,)))

    def after(repeated: FactValue) -> Verdict:
        if repeated is True:
            return verdict("17D", outcomes=(O.NO_FURTHER_RECTIFICATION,))
        return verdict("17D", outcomes=(O.ARTIFICIAL_ADJUSTED_SCORE,))

    return head.then(ctx.choice("repeats_call", (True, False), after))


def _wrong_board_for_the_round(ctx: Context) -> Verdict:
    """A whole table bidding a board not designated for it in this round: not
    one player's cards from a wrong board (15A / seed 17D)."""
    if ctx.is_2017:
        # 2017 15B [T, pzbs 2017 L15]: cancelled if anyone at the table has
        # played it; otherwise completed and the score stands.
        if ctx.yes("previously_played"):
            return verdict("15B", outcomes=(O.BOARD_CANCELLED, O.ARTIFICIAL_ADJUSTED_SCORE))
        return verdict("15B", outcomes=(O.AUCTION_AND_PLAY_COMPLETED,))
    # 2007 15C [R, consistent with the 1997 text]: the auction is cancelled,
    # the right players seated, a second auction with the same calls.
    return verdict(
        "15C",
        outcomes=(O.CALL_CANCELLED, O.SUBSEQUENT_CALLS_CANCELLED,
                  O.AUCTION_RESTARTED_CALLS_REPEATED),
    )


def three_passes_one_out_of_rotation(ctx: Context) -> Verdict:
    """Law 34 with 17D3 (2017) / 17E (seed): the auction does not end; it
    reverts to the player who missed his turn; later passes are cancelled."""
    return verdict(
        "34",
        "17D3" if ctx.is_2017 else "17E2",
        ui_withdrawn(ctx),
        outcomes=(O.AUCTION_REVERTS, O.SUBSEQUENT_CALLS_CANCELLED, O.UNAUTHORIZED_INFORMATION),
    )


_AUCTION_PERIOD_2017 = {
    "start": ("17A",),
    "first_call": ("17B",),
    "rotation": ("17C",),
    "end": ("17D1", "22A"),
    "clarification_period": ("17D1",),
    "contract": ("22A",),
}
# The seed's Laws 17 and 22 (1997 wording, quoted for edition 2007).
_AUCTION_PERIOD_SEED = {
    "start": ("17A",),
    "first_call": ("17B",),
    "rotation": ("17C",),
    "end": ("17E", "22A"),
    "clarification_period": ("17E",),
    "contract": ("22B",),
}


def auction_period(ctx: Context) -> Verdict:
    """Laws 17 and 22: when the auction period starts and ends, who calls first."""
    topic = str(ctx.get("topic"))
    table = _AUCTION_PERIOD_2017 if ctx.is_2017 else _AUCTION_PERIOD_SEED
    return verdict(*table[topic], outcomes=(O.AUCTION_PERIOD_EXPLAINED,))
