"""Bidding diagrams drawn as a grid (issue 11 item 1): each cell goes to the
seat whose column it sits under, empty cells before the dealer and ``.`` for a
player who has not called included, and the calls are then read as a listing."""

from __future__ import annotations

import pytest

from bot.understanding import classify
from bot.understanding.grid import linearise_grids


@pytest.mark.parametrize(
    ("text", "written"),
    [
        # blank cells before the dealer: the first call is under its own seat
        ("Dlr E\nN    E    S    W\n     P    1S   P\n2S   P",
         "Dlr E.\n E P, S 1S, W P, N 2S, E P."),
        # dashes before the dealer are empty, after the first call a pass
        ("donneur Nord\nN     E     S     O\n1SA   -     2♣    2♦\n2♥    -     2♠    -",
         "donneur Nord.\n N 1SA, E P, S 2♣, O 2♦, N 2♥, E P, S 2♠, O P."),
        ("Dlr S\nN    E    S    W\n-    -    1C   1D\n1S   1H*  2C   2H",
         "Dlr S.\n S 1C, W 1D, N 1S, E 1H*, S 2C, W 2H."),
        # the writer marked in the header ("me (S)", "N (partner)" a note); a
        # pointer after a row's last cell is no cell
        ("me (S)   W     N (partner)   E\n1♥       P     2♣            P\n"
         "2♥       P     1NT  <-- here",
         " S (me). S 1♥, W P, N 2♣, E P, S 2♥, W P, N 1NT."),
        ("| N | E | S (moi) | W |\n| 1S | P | 2S | P |",
         " S (me). N 1S, E P, S 2S, W P."),
        # "?" is the player to call: the dash after it is no pass, nobody called
        ("Dlr W\nO      N      E      S\n?      -      1♥",
         "Dlr W.\n O ?, E 1♥."),
        # "." is a player who has not called; "(end)" closes the auction
        ("Dlr N\nN     E     S     W\n.           1NT   2♠",
         "Dlr N.\n S 1NT, W 2♠."),
        ("Dlr N\nN    E    S    W\n1S   P    2S   P\nP    P    (end)\nThen W doubled.",
         "Dlr N.\n N 1S, E P, S 2S, W P, N P, E P.\nThen W doubled."),
        # cells between pipes; a director's arrow for a call cancelled and replaced
        ("E     | S          | O    | N\n1♣    | passe      |      | 1♠",
         " E 1♣, S passe, N 1♠."),
        ("Dlr E\nN    E    S    O\n     1♥   P    4♥\nP    5♥   8♠→P P",
         "Dlr E.\n E 1♥, S P, O 4♥, N P, E 5♥, S 8♠→P, O P."),
        # a digit and its strain apart ("1 SA") are one cell
        ("N    E    S    O\n1 SA   P    3 SA   P",
         " N 1SA, E P, S 3SA, O P."),
        # … and the cells after it keep their columns
        ("N     E     S     W\n1 SA        2 ♥\nP     X",
         " N 1SA, S 2♥, N P, E X."),
        # columns set by tabs; a rule drawn under the header
        ("N\tE\tS\tW\n\t1S\tP\t2S\nP\tP", " E 1S, S P, W 2S, N P, E P."),
        ("N    E    S    W\n---- ---- ---- ----\n1S   P    2S   P",
         " N 1S, E P, S 2S, W P."),
        # a header too tight to place cells by position: short rows read in turn,
        # the first from the dealer stated, else ending at the last column
        ("Dealer N\nN E S W\n1S P\n2S X", "Dealer N.\n N 1S, E P, S 2S, W X."),
        ("W N E S\n1H 2S\n3H P P", " E 1H, S 2S, W 3H, N P, E P."),
        ("Dlr S\nN E S W\n1H 1S P\n2H", "Dlr S.\n S 1H, W 1S, N P, E 2H."),
        # footnote marks (also a space after the call), a note in words closing a cell
        ("N    E    S    W\n1♠   2♥   P¹   X ?", " N 1♠, E 2♥, S P¹, W X?."),
        ("N   E   S   W\n1♣  P   1♦ (out of turn, W to call)",
         " N 1♣, E P, S 1♦(out of turn, W to call)."),
        # dashes before the first call are empty cells, under the dealer too ("—" for
        # a player who had not called); a call under a seat before the dealer's is kept
        ("N(D)   E   S   W\n—      1♥ (OOT)", " E 1♥(OOT)."),
        ("Dlr S\nN    E    S    W\nP (oot)", "Dlr S.\n N P(oot)."),
        # a dealer's mark in the header; two-letter seats; "All Pass" is three passes
        ("No   Ea   So(D)   We\n          1♣     1♥\n2♣   All Pass",
         " S 1♣, W 1♥, N 2♣, E P, S P, W P."),
        # a dash after the closing passes is an empty cell; "X → Y" is one cell
        ("N    E    S    W\n1♥   P    4♥   P\nP    P\n-    X",
         " N 1♥, E P, S 4♥, W P, N P, E P, E X."),
        ("W         N    E    S\n               1♠   P\n2♣* → 3♣ P", " E 1♠, S P, W 2♣*→3♣, N P."),
        ("O    N      E    S\n                1 SA\nP    2 Ca(1)  2 Pi  2 Co(2) → 3 Co",
         " S 1SA, O P, N 2Ca(1), E 2Pi, S 2Co(2)→3Co."),
        ("Nord | Est | Sud | Ouest\n1 Co | 2 Tr | 2 Pi | tous passent",
         " Nord 1Co, Est 2Tr, Sud 2Pi, Ouest P, Nord P, Est P."),
        # pipes: an empty first cell, and a border before the first column
        ("Dlr E\n N | E | S | W\n   | 1D | 1NT | 1S", "Dlr E.\n E 1D, S 1NT, W 1S."),
        ("| N | E | S | W |\n| 1D | 1NT |", " N 1D, E 1NT."),
        # slashes divide the cells as pipes do; three seats when the auction stops there
        ("N  /  E  /  S  /  O\n1T / 1K / 1P / passe\n   / contre",
         " N 1T, E 1K, S 1P, O passe, E contre."),
        ("N   /  E     /  S\n1SA / passe / contre", " N 1SA, E passe, S contre."),
        ("N / E / S\n1NT / AP", " N 1NT, E P, S P, W P."),
        # dots that space the columns out; three seats far apart; a "?" two spaces on
        ("N . . . . E . . . . S . . . . W\n1♥ . . . 1♠ . . . 1♥", " N 1♥, E 1♠, S 1♥."),
        ("Dn E\nS  W  N\nP  ?  2C*", "Dn E.\n S P, W ?, N 2C*."),
        ("Nord  Est  Sud  Ouest\n1♦    1♠   surctr", " Nord 1♦, Est 1♠, Sud surctr."),
        # "pas" under a seat is a pass; the line above the grid ends its sentence
        ("E is dealer\nN    E    S    W\npas", "E is dealer.\n N P."),
    ],
)  # fmt: skip
def test_a_grid_is_written_as_a_listing(text, written):
    assert linearise_grids(text) == written


@pytest.mark.parametrize(
    "text",
    [
        "N E S W are the four seats.",  # a sentence, not a header
        "N    E    S    W\nThe auction was a mess.",  # no row of calls under it
        "Nord    Sud    Est    Ouest\n1♥   P    2♥   P",  # not in rotation order
        "One line only: N E S W 1S P 2S P",
        "N / S\n1NT / 3NT",  # two seats are no header
    ],
)
def test_what_is_no_grid_is_left_as_written(text):
    assert linearise_grids(text) == text


@pytest.mark.parametrize(
    ("text", "irregularity", "offender", "call"),
    [
        # 39: a call after the auction ended; the grid's last pass is East's
        ("Bd 29 Dlr N\nN    E    S    W\n1S   P    2S   P\nP    P    (end)\n"
         "W (defender) then put a double on the table.", "call_after_final_pass", "W", "X"),
        # 19A/36: a redouble of partner's double
        ("Board 27, Dealer S\nN    E    S    W\n-    -    1S   X\nP    XX\n"
         "E redoubled his own partner's double.", "inadmissible_double", "E", "XX"),
        # 27: the insufficient bid is North's, under his column
        ("Incident 27 – donneur Nord\nN     E     S     O\n1SA   -     2♣    2♦\n"
         "2♥    -     2♠    -\n2♦\nNord remet 2♦ sous le 2♠. Est refuse.",
         "insufficient_bid", "N", "2D"),
        # 31: a bid at partner's turn, East's column empty
        ("Reg. — d.23 — Dlr S\n N    E    S    O\n           1♥   P\n 2♣   .         2♠\n"
         "Ouest pose 2♠ au tour de son partenaire Est.", "bid_out_of_rotation", "W", "2S"),
        # 31: an opening by East at partner's turn, the dealer's cell "?" (to call)
        ("Donne 5, donneur Ouest\nO      N      E      S\n?      -      1♥\n"
         "Est ouvre 1♥ alors que c'est à son partenaire, donneur, de parler.",
         "bid_out_of_rotation", "E", "1H"),
        # 31: an opening by South, dealer North's cell "." (not yet called)
        ("Bd 1  Dlr N\nN     E     S     W\n.           1NT   2♠\n"
         "S opened 1NT, dealer N had not called. W overcalled 2♠ over it, accepting.",
         "bid_out_of_rotation", "S", "1NT"),
        # 27: the last bid drawn, told again below the grid, is one call, not two
        ("Ouest Nord Est Sud\n1Co  2Tr  2Co  3Tr\n3Co  P    2SA\nEst a dit 2SA sur le 3Co, "
         "insuffisant. Sud refuse.", "insufficient_bid", "E", "2NT"),
        # 31: the call named with an article before the grid ("the 3♥ in East's
        # column") is the grid's own, not one more call by nobody
        ("The 3♥ in East's column was out of turn.\nS    W    N    E\n1♣   1♥   1♠   2♥\n"
         "2♠   P         3♥\nS did not accept.", "bid_out_of_rotation", "E", "3H"),
        # 30: one cell, under the writer's seat ("jetais": SMS for "j'étais")
        ("jetais ouest, donneur sud\nS    O    N    E\n     passe\nSud n'a pas accepté.",
         "pass_out_of_rotation", "W", "P"),
    ],
)  # fmt: skip
def test_a_grid_is_ruled_on_its_seats(text, irregularity, offender, call):
    result = classify(text)
    assert result.irregularity == irregularity
    assert (result.facts.get("offender"), result.facts.get("call")) == (offender, call)
