"""Auctions in the notations clubs and directors use (issue 11 item 1, issue 17 item 1):
the calls are read, replayed by the rules core, and the irregularity and its
offender come from the replay."""

from __future__ import annotations

import pytest

from bot.understanding import classify
from bot.understanding.extract import read
from bot.understanding.normalise import normalise
from bot.understanding.notation import read_listing


@pytest.mark.parametrize(
    ("text", "irregularity", "offender", "call"),
    [
        # seat after the call, in parentheses; "S to call" is who is next
        ("1♠ (N) – 1♥ (E), S to call", "insufficient_bid", "E", "1H"),
        ("1♦ (N) 1♠ (E) 1♥ (S)", "insufficient_bid", "S", "1H"),  # South, not East
        # the four seats glued as one word give the columns: South's double of a redouble (36)
        ("WNES: 1S X XX X - only noticed after the opening lead.", "inadmissible_double", "S",
         "X"),
        # 39: a late call in a grid by the player the text names, not the next seat in rotation
        ("N   E   S   O\n1♥  p   2♥  p\np   p\nOuest a dit 3♦ après les trois passes, c'était fini",
         "call_after_final_pass", "W", "3D"),
        # each seat joined to its call by a dash: 27, East's 1♠ under North's 1NT
        ("T9 B26 Dlr W. W-1D N-1NT E-1S. IB (E). S won't acc.", "insufficient_bid", "E", "1S"),
        # the prose going on after a listing, in the same sentence: its calls follow it (31)
        ("East dealt and opened 1♣, South passed, West bid 1♥, North passed, East rebid 1NT, "
         "and West - impatient as always - put 3NT on the table before South had called.",
         "bid_out_of_rotation", "W", "3NT"),
        # "donn. N" is the dealer; "S –, O –, E –" are passes (33: East's 1♠ the later; 30)
        ("T8 D20 donn. N — N 1♦ et E 1♠ posés en même temps → 33", "simultaneous_calls", "E",
         "1S"),
        ("T12 D9 donn. S : S –, O –, E – (OOR, tour de N). S n'accepte pas.",
         "pass_out_of_rotation", "E", "P"),
        # the note is on a bid: not a pass or double out of rotation (31)
        ("T6 B4 Dlr N, None. 1NT(E) oot - N's turn, nobody has called yet.",
         "bid_out_of_rotation", "E", "1NT"),
        # a bid above seven is left out of the listing, its seat still after it (38)
        ("T11 B30 Dlr W: 7♥(W) 7♠(N) X(E) P(S) 8♥(W)!? N not yet called", "bid_above_seven",
         "W", "8H"),
        # a diagram's columns, words between them and the calls (27: South's 1♦)
        ("auction in W N E S order: 1♣ 1♥ 1♠ 1♦ - i just didnt see the spade card",
         "insufficient_bid", "S", "1D"),
        # "the 2♣ was by S": the maker after "was by" (37)
        ("Auction (W N E S): P 1♦ 1♠ 2♣ - but the 2♣ was by S, who had to pass this turn",
         "call_when_obliged_to_pass", "S", "2C"),
        # the seat opens a note in parentheses (32: West doubled at East's turn)
        ("1S (N) X (W oot)", "double_out_of_rotation", "W", "X"),
        # seat after the call with no parentheses, the separator after the seat
        # (32: East redoubled at his partner West's turn; 36: East redoubled an
        # undoubled bid; North doubled his partner's 1♥)
        ("Bd 27 Dlr E: 1NT E – X S – XX E, at W's turn.", "double_out_of_rotation", "E", "XX"),
        ("D26, dlr N : 1♠ N / X E / XX N au tour de S.", "double_out_of_rotation", "N", "XX"),
        ("D23 : 1♠ N – XX E, à son tour, sans contre préalable.", "inadmissible_double", "E",
         "XX"),
        ("Dne 11 dlr S : 1♥ S – P – X N (contre du partenaire !)", "inadmissible_double", "N",
         "X"),
        # ... not the seat before the call, the separator before the seat (27)
        ("N 1S – E 1H – S 2C", "insufficient_bid", "E", "1H"),
        # a lower-case seat after a colon starts a clause (31: West at South's turn)
        ("bid out of turn: w opened 2nt when it was souths turn (s dealt). n didnt accept.",
         "bid_out_of_rotation", "W", "2NT"),
        # "North dealt and passed": North's pass (30: West passed at his partner's turn)
        ("Board 16. North dealt and passed. West then passed as well – but it was East's "
         "turn, not his. Nobody had bid yet.", "pass_out_of_rotation", "W", "P"),
        ("1♠ (N) 1♥ (E, insuff.)", "insufficient_bid", "E", "1H"),
        # ... but a note naming whose turn it was does not name the caller
        ("Bd 32 Dlr E. E 1NT S P W 2♣ N ? — S X (N's turn).", "double_out_of_rotation", "S", "X"),
        # a dealer and calls with no seat: the rotation gives the seats
        ("Dlr N. 1S 1H", "insufficient_bid", "E", "1H"),
        ("donneur S : 1♣ - 1♦ - 1♥ - 1♦", "insufficient_bid", "E", "1D"),
        # a run of calls, then one whose caller is named
        ("4♠ P P P. Then W bid 5♦ before the opening lead", "call_after_final_pass", "W", "5D"),
        # French suit letters T/K/C/P: C is coeur when the other letters are French
        ("TD: N 1P E 1C S ?", "insufficient_bid", "E", "1H"),
        ("slt arbitre N ouvre 1P E dit 1C cest insuffisant non?", "insufficient_bid", "E", "1H"),
        # English letters: C is clubs
        ("N 1S E 1C", "insufficient_bid", "E", "1C"),
        # seats after the calls, one out of rotation (31: East called at North's turn)
        ("Dlr S. 1H (S) P (W) 1S (E)", "bid_out_of_rotation", "E", "1S"),
        # "Dlr" names the dealer in prose too (31: South opened at East's turn)
        ("Dlr E. S opened 1C. W passed.", "bid_out_of_rotation", "S", "1C"),
        # a bare run after the dealer, then prose naming its calls again (36)
        ("Dlr N. 1H P 2H P X - N doubled S's 2H", "inadmissible_double", "N", "X"),
        # every call with its seat after a dealer, a call named again after (36)
        ("Dlr E 1S, S P, W 2D, N P, E X (his partner's 2D)", "inadmissible_double", "E", "X"),
        # the seat named before "then bid" (39: a call after the final pass)
        ("Bd 3: 4H P P P; S then bid 4S", "call_after_final_pass", "S", "4S"),
        # a board header names the dealer, then a single call (31: not the dealer's turn)
        ("Bd 10 S/All. W 1S", "bid_out_of_rotation", "W", "1S"),
        ("Board 3 N/None. E 1H", "bid_out_of_rotation", "E", "1H"),
        ("Étui 7 O/Tous. S 1♣", "bid_out_of_rotation", "S", "1C"),
        # the seat before "dealer" dealt; the one after it opens (31: South at East's turn)
        ("Board 26, E dealer: S bid 1NT", "bid_out_of_rotation", "S", "1NT"),
        ("N dealer, E 1S", "bid_out_of_rotation", "E", "1S"),
        # a player set aside as the dealer is not the caller (31: West at North's turn)
        ("O ouvre alors que N était donneur, enchère : 1♣", "bid_out_of_rotation", "W", "1C"),
        # "after everyone passed": the call told before the words is the late one (39)
        ("Le monsieur en Ouest a dit 2♣ après que tout le monde a passé sur le 1SA de mon "
         "partenaire. Nous on est déclarant, lui il est en défense.", "call_after_final_pass",
         "W", "2C"),
        # a listing in rotation closes the auction; the same seat's pass after it (39)
        ("dn S. S 1SA, O –, N 3SA, E –, S –, O –. Puis O repose un carton passe.",
         "call_after_final_pass", "W", "P"),
        # the dealer noun between the seat and its call (31: West bid at East's turn)
        ("Table 4 : Nord donneur passe, et Ouest dit 1♥ directement.", "bid_out_of_rotation",
         "W", "1H"),
        # one pass told for several players ("W, N and E passed"): three passes replayed (39)
        ("N 1S, E P, S 4S, W, N and E passed. Then W doubled.", "call_after_final_pass", "W",
         "X"),
        # one arrow in a listing: the same player replaces his call (25)
        ("Bd 11. N 1NT E P S 2C? -> 2D. TD called by W.", "change_of_call", "S", "2C"),
        ("Bd 8. Dlr S. 1D-P-1H-P-1S -> 1NT. TD called by W.", "change_of_call", "S", "1S"),
        ("N 1S E 2H S 3C => 3D, W ?", "change_of_call", "S", "3C"),
        # a bare listing is the whole story: 1♠ X XX are regular, 1♥ is insufficient (27);
        # with no seat written, nobody is named
        ("1p x xx 1c", "insufficient_bid", None, "1H"),
        # the four seats as a diagram's columns: the first column made the first call
        ("N / E / S / W — 1NT / 2♣ / 2♦ / 1♥ — W changed to 2♥", "insufficient_bid",
         "W", "1H"),
        ("W N E S: 1H P 2H P 1S", "insufficient_bid", "W", "1S"),
        # lower-case seats in a director's shorthand: "1h(e)", "dlr n", "s's turn" (31, 30)
        ("bd 1 dlr n. 1h(e) before n had called — n's turn.", "bid_out_of_rotation", "E", "1H"),
        ("bd 23 dlr s. p(w) at s's turn, nothing bid yet.", "pass_out_of_rotation", "W", "P"),
        # seats in parentheses before the calls (27: South's 1♦ under East's 1♥)
        ("d.15 T7 : (N) 1♣ (E) 1♥ (S) 1♦ → refusé par O", "insufficient_bid", "S", "1D"),
        # a listing, then prose naming its calls again (36: West doubled a doubled 1♠)
        ("Dlr N.\nN 1♠  E X  S P  W X  N 2♠\nW's double of an already-doubled 1♠ was not "
         "spotted until after N's 2♠.", "inadmissible_double", "W", "X"),
        ("Dnr O : O 1♦, N X, E P, S X — S contre le 1♦ déjà contré par son partenaire.",
         "inadmissible_double", "S", "X"),
        # a note naming the player skipped is not the caller's seat (31: West at South's turn)
        ("TBL 12 DLR N. N 1S  E P  W 2H (S SKIPPED). N DID NOT ACCEPT.", "bid_out_of_rotation",
         "W", "2H"),
        # "E then doubled" after the listing: East's call, after the final pass (39)
        ("Bd 7. Auction: 1♥ (S) – P – 4♥ (N) – P – P – P. E then doubled. S has not called "
         "since.", "call_after_final_pass", "E", "X"),
        # the seat after a call starts the next clause when the caller is named before it
        ("Dealer North. N pass, E pass, then W bids 1♥ — South, whose turn it was, hasn't "
         "called.", "bid_out_of_rotation", "W", "1H"),
        # the dealer's calls with no seat, then a seat out of the rotation (32: West
        # doubled at South's turn; at his partner East's turn)
        ("B19 T12. Dlr N: 1♣ P, W dbl OOT (S to call).", "double_out_of_rotation", "W", "X"),
        ("Dlr S 1H P 2H, W X", "double_out_of_rotation", "W", "X"),
        # a seat in parentheses saying whose turn it was is not the call's maker (32)
        ("Bd 3 dlr S: 1♦ P, then E X (N to call). S bid 1♠ = accepted.",
         "double_out_of_rotation", "E", "X"),
        ("Donneur O : 1♠ P, puis S 2♣ (N à parler). E refuse.", "bid_out_of_rotation", "S", "2C"),
        ("Bd 2. W 1NT / N ? / S X (N was to call) / W 2C over it. No rectification.",
         "double_out_of_rotation", "S", "X"),
        ("Donneur O : 1♠, puis S 2♣ (N devait parler). E refuse.", "bid_out_of_rotation", "S",
         "2C"),
        # a short note in parentheses after a seat does not break the listing (27)
        ("Bd 20 D:S. 2♠ S (weak) – 2♥ W (insuff.). N accepted, bid 3♠.", "insufficient_bid",
         "W", "2H"),
        ("T1 B8 D:W. 3♠ W (pre) – 3♥ N (insuff.). E no.", "insufficient_bid", "N", "3H"),
        # the director's marks, then who made the call (27)
        ("Bd 14 Dlr N Vul NS: 1♦ (N) 1♥?? by E. Called at once. Not accepted.",
         "insufficient_bid", "E", "1H"),
        # every call told with its seat, each bid above the last: the replay's call after
        # the final pass, not the insufficient bid a story of this shape often is (39)
        ("Two boards ago: South 1♥, West 1♠, North 2♥, East 2♠, South passed and West passed, "
         "North passed... then East bid 3♣. Auction over?", "call_after_final_pass", "E", "3C"),
        # calls spaced apart: a dash among them is a pass (31: West's 3♦ at East's turn)
        ("T2 d20 don. O : 1♦ X 1♠ – 2♦ – 3♦ (O, au tour d'E). N refuse. E ?",
         "bid_out_of_rotation", "W", "3D"),
        # dashes side by side are passes, so the auction was over before East doubled (39)
        ("d1 don. N : 1♥ – 2♥ – – – puis E X. Entame pas faite. Décision ?",
         "call_after_final_pass", "E", "X"),
        # (not a long dash of prose after the calls, nor passes "-" among "–" separators)
        ("d24 dnr N 1♠ P 4♠ P P P — X d'O après le 3e P.", "call_after_final_pass", "W", "X"),
        ("D13 dnr S : 1P – - – 4P – - – - – -. Puis N (futur mort) : 5P. Annulé.",
         "call_after_final_pass", "N", "5S"),
    ],
)
def test_a_listing_is_replayed(
    text: str, irregularity: str, offender: str | None, call: str
) -> None:
    result = classify(text)
    assert result.irregularity == irregularity
    assert result.facts.get("offender") == offender
    assert result.facts.get("call") == call


@pytest.mark.parametrize(
    ("text", "turn_of"),
    [
        ("B19 T12. Dlr N: 1♣ P, W dbl OOT (S to call).", "rho"),  # 32: South, West's RHO
        ("Dlr S 1H P 2H, W X", "partner"),  # 32: after North's 2♥ it was East's turn
    ],
)
def test_whose_turn_it_was_comes_from_the_replayed_rotation(text: str, turn_of: str) -> None:
    assert classify(text).facts.get("turn_of") == turn_of


def test_four_passes_are_a_passed_out_board_with_no_offender() -> None:
    # Law 22B: four passes, written as letters or with seats, offend nobody
    for text in ("P P P P", "N P E P S P W P"):
        result = classify(text)
        assert result.irregularity == "passed_out", text
        assert "offender" not in result.facts, text


def test_calls_with_no_seat_name_the_irregularity_but_no_offender() -> None:
    # Law 19B: a redouble of a redoubled bid is inadmissible; nobody is named
    result = classify("1H X XX XX")
    assert result.irregularity == "inadmissible_double"
    assert result.facts.get("call") == "XX"
    assert "offender" not in result.facts


def test_calls_in_parentheses_are_the_opponents() -> None:
    result = classify("(1♠) 1♥ par mon partenaire")
    assert result.irregularity == "insufficient_bid"
    assert result.facts.get("offender_relative") == "partner"


def test_a_regular_auction_in_french_letters_is_regular() -> None:
    # issue 17, item 1: C is coeur, P pique, SA sans-atout; nothing is irregular
    result = classify("Arb: N 1K E 1C S 1P O 1SA")
    assert result.irregularity is None
    assert [c["call"] for c in result.facts["calls"]] == ["1D", "1H", "1S", "1NT"]


@pytest.mark.parametrize(
    "text",
    ["N 1S E 1H", "il a dit 1♥ sur 1♠", "East said 1 heart and then I said 1 club",
     # "North is dealer" then prose: the entity reader's, and the dealer is North
     "North is dealer. East passed. North opened 1NT, East passed, and South bid 2♣"],
)
def test_prose_and_seat_first_lists_are_left_to_the_entity_reader(text: str) -> None:
    assert read_listing(normalise(text)) is None


def test_accepting_the_double_is_not_a_new_double() -> None:
    text = ("Dealer North opened 1♠; West doubled although it was East's turn. "
            "North does not accept the double.")
    result = classify(text)
    assert result.irregularity == "double_out_of_rotation"
    assert result.facts["offender"] == "W"
    assert [c["call"] for c in result.facts["calls"]] == ["1S", "X"]


def test_a_seat_in_parentheses_after_out_of_turn_is_whose_turn_it_was() -> None:
    # issue 17, item 6: East passed at North's turn (his RHO); South, his LHO, refuses
    result = classify("Arb: E passe hors tour (tour de N), S refuse")
    assert result.irregularity == "pass_out_of_rotation"
    assert result.facts["offender"] == "E"
    assert result.facts["turn_of"] == "rho"
    assert result.facts["lho_accepts"] is False


@pytest.mark.parametrize(
    "text",
    [
        # issue 17, item 4: a table on the wrong board, never an inadmissible double
        "Arb: table 3 joue la donne 12 au lieu de la 14, enchères en cours, "
        "personne n'a encore joué la 12",
        "TD: wrong board. they are bidding board 14 but should play board 12",
    ],
)
def test_a_table_on_another_board_is_a_wrong_board(text: str) -> None:
    result = classify(text)
    assert result.irregularity == "wrong_board"
    assert result.confidence >= 0.6


@pytest.mark.parametrize(
    ("text", "offender", "call", "side"),
    [
        # 39: a call told after the final pass, its seat written before it, the
        # others in parentheses or left to the rotation; the side from the contract
        ("4♥ (E) P P P; S X after the final pass.", "S", "X", "defending"),
        ("Auction ended 3NT (S) P P P. W X. Cancelled (39).", "W", "X", "defending"),
        ("2♥ (N) P P P; E 2♠. Cancelled. 39B.", "E", "2S", "defending"),
    ],
)
def test_a_call_after_the_final_pass_written_in_notation(
    text: str, offender: str, call: str, side: str
) -> None:
    result = classify(text)
    assert result.irregularity == "call_after_final_pass", result
    assert result.facts.get("offender") == offender
    assert result.facts.get("call") == call
    assert result.facts.get("offender_side") == side


def test_a_page_of_dashes_is_no_auction() -> None:
    # dashes side by side are passes only in a stretch an auction can fill: a page
    # of them (a 10 000-character message) is no listing of thousands of passes
    assert "p" not in normalise("- " * 2000).tokens
    assert normalise("1♥ – 2♥ – – – puis E X.").tokens.count("p") == 4


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        # a player's call in prose in his turn after the listing is his next call,
        # though he made the same one before (no irregularity: Law 16B's hesitation)
        ("Me E, dlr N: 1♠ 2♥ 2♠ P P 3♥, S tanks then passes, W P, N 3♠. TD?",
         "N 1S, E 2H, S 2S, W P, N P, E 3H, S P, W P, N 3S"),
        # ... but not one told as done before ("E had P'd"): the change of call (25)
        ("b21 dlr N: 1H P 1S P 1NT, N: 'no, 2C' — E had P'd over 1NT already. ?",
         "N 1H, E P, S 1S, W P, N 1NT, N 2C"),
    ],
)  # fmt: skip
def test_calls_told_beside_a_listing(text, calls):
    told = read(text).compass_calls
    assert told is not None
    assert ", ".join(f"{seat.name} {call}" for seat, call in told) == calls
