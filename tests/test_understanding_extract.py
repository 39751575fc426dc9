"""Facts read from one description, and the classification around them.

Every row states what the text says and nothing more; the extraction must
give those facts (it may give others the calls show)."""

from __future__ import annotations

import pytest

from bot.understanding import classify
from bot.understanding.extract import facts_for, read

ROWS = [
    # offender, call, whose turn it was (seen from the offender)
    ("Est a ouvert 1♥ alors que c'était à Sud", "bid_out_of_rotation",
     {"offender": "E", "call": "1H", "turn_of": "lho"}),
    ("my LHO opened out of turn, it was my turn", "bid_out_of_rotation",
     {"offender_relative": "lho", "turn_of": "rho"}),
    ("mon partenaire a contré alors que c'était mon tour", "double_out_of_rotation",
     {"offender_relative": "partner", "call": "X", "turn_of": "partner"}),
    ("donneur Nord, est passe", "pass_out_of_rotation",
     {"offender": "E", "call": "P", "dealer": "N", "turn_of": "rho"}),
    ("North dealt. I'm South. My LHO opened 1H.", "bid_out_of_rotation",
     {"offender": "W", "call": "1H", "dealer": "N", "turn_of": "lho"}),
    ("my partner passed out of turn, I am North and East was the dealer",
     "pass_out_of_rotation", {"offender": "S", "dealer": "E", "turn_of": "rho"}),
    # whose turn it was is not the offender when named again (a director's note)
    ("Double out of turn at RHO's turn; RHO then bid 2S; offender chose 3C.",
     "double_out_of_rotation", {"turn_of": "rho", "call": "X"}),
    # the seat after "but" starts another clause: North deals (audit 11, 10; 29A)
    ("N is dealer but E opened 1S. S bid 2H right over it before anyone noticed.",
     "bid_out_of_rotation", {"offender": "E", "dealer": "N", "lho_accepts": True}),
    # the calls in order, replayed by the rules core
    ("N 1S E 1H", "insufficient_bid",
     {"offender": "E", "call": "1H", "calls": [{"seat": "N", "call": "1S"},
                                               {"seat": "E", "call": "1H"}]}),
    ("Est a dit 1♥ sur mon 1♠", "insufficient_bid", {"offender": "E", "call": "1H"}),
    ("il a dit 2 trèfles sur le 2 carreaux de mon partenaire", "insufficient_bid",
     {"call": "2C"}),
    ("Mon adversaire de droite a annoncé 1♦ par-dessus l'ouverture 1♥ de mon partenaire",
     "insufficient_bid", {"offender_relative": "rho", "call": "1D"}),
    # acceptance, by name or by calling over it
    ("Est a dit 1♥ sur mon 1♠, Sud a accepté", "insufficient_bid",
     {"offender": "E", "lho_accepts": True}),
    ("Est a dit 1♥ sur mon 1♠, Sud refuse", "insufficient_bid",
     {"offender": "E", "lho_accepts": False}),
    ("insufficient bid by East, LHO refused", "insufficient_bid",
     {"offender": "E", "lho_accepts": False}),
    ("Sud a contré hors tour, Ouest a passé derrière", "double_out_of_rotation",
     {"offender": "S", "call": "X", "lho_accepts": True}),
    # the replacement the offender names (27B)
    ("Sud a dit 1♥ sur le 1♠ d'Ouest, il veut corriger en 2♥", "insufficient_bid",
     {"offender": "S", "call": "1H", "replacement": "lowest_same_denomination"}),
    # artificial, unintended
    ("Ouverture hors tour de mon partenaire (2♣ fort, conventionnel)", "bid_out_of_rotation",
     {"offender_relative": "partner", "call": "2C", "artificial": True}),
    ("il a sorti le mauvais carton", "change_of_call", {"unintended": True}),
    ("he changed his mind and bid 2S instead of 1S", "change_of_call", {"unintended": False}),
    # a slip denied, or a change of mind told, outweighs words of mere wanting (25B)
    ("Nord a dit 2♥ puis 3♥ : pas une erreur mécanique, il voulait dire 3♥ depuis le début",
     "change_of_call", {"unintended": False}),
    ("East bid 2C, then 'no, 2D': the director found a change of mind, not a slip, "
     "although East meant 2D", "change_of_call", {"unintended": False}),
    # a change of mind only asked about is not told
    ("Est a sorti le mauvais carton, 2♥ au lieu de 2♠, et l'a remplacé aussitôt. Ou est-ce un "
     "changement d'avis ?", "change_of_call", {"unintended": True}),
    ("West pulled the wrong card, 2H for 2S, and fixed it. Or was it really a change of mind?",
     "change_of_call", {"unintended": True}),
    # ... and how the call came out tells a slip (25A)
    ("I meant to bid 1♠ but the 1NT card came out, I fixed it at once", "change_of_call",
     {"unintended": True}),
    ("Sud a dit 2♣ puis 2♦ dans le même souffle", "change_of_call", {"unintended": True}),
    # who called since
    ("Ouest a sorti 3♦ au lieu de 3♥, son partenaire a déjà parlé", "change_of_call",
     {"offender": "W", "partner_called_since": True}),
    ("Ouest a enchéri 8 carreaux, Nord a passé derrière", "bid_above_seven",
     {"offender": "W", "call": "8D", "lho_called_since": True}),
    # whose turn, relative to the writer, seen from the offender (28-32)
    ("partner passed at my RHO's turn", "pass_out_of_rotation", {"turn_of": "lho"}),
    ("ma partenaire a ouvert 1♥ au tour de mon adversaire de gauche", "bid_out_of_rotation",
     {"turn_of": "rho"}),
    # who called since, told without a seat: the first to call after him is his LHO (17C)
    ("Sud a sorti 2♠ au lieu de 2♥ et l'a remplacé aussitôt, personne d'autre n'avait parlé",
     "change_of_call", {"lho_called_since": False, "partner_called_since": False}),
    ("North pulled 3C instead of 3D and fixed it before the next player", "change_of_call",
     {"lho_called_since": False}),
    ("Est a dit 8♠ ; aucune autre annonce n'a suivi", "bid_above_seven",
     {"lho_called_since": False}),
    ("West had to pass throughout but bid 3♦; the next player already passed over it",
     "call_when_obliged_to_pass", {"lho_called_since": True}),
    ("Nord a dit 8♥, personne n'a enchéri avant lui, puis le joueur suivant a passé derrière",
     "bid_above_seven", {"lho_called_since": True}),
    # "before the call of X", "avant l'appel de X": X had not called
    ("Ouest a sorti 3♣ au lieu de 3♦ et corrigé avant l'enchère de son partenaire",
     "change_of_call", {"offender": "W", "partner_called_since": False}),
    ("North pulled 4S instead of 4H by mistake and fixed it before the call of East",
     "change_of_call", {"offender": "N", "lho_called_since": False}),
    # a listed call read as made by a player told silent is not his (he has not called)
    ("Dlr N. N 1♠, E 2♦, S XX (2♦ not doubled). W not called yet.",
     "inadmissible_double", {"offender": "S", "lho_called_since": False}),
    # cards exposed
    ("carte exposée : le roi de pique", "card_exposed_during_auction", {"cards": "one_honour"}),
    ("deux cartes de Nord sont tombées pendant les enchères", "card_exposed_during_auction",
     {"offender": "N", "cards": "several"}),
    ("West led the 5 of clubs before the auction ended", "card_exposed_during_auction",
     {"offender": "W", "cards": "led"}),
    ("pendant les enchères Ouest a fait tomber le 4 de trèfle", "card_exposed_during_auction",
     {"offender": "W", "cards": "one_low"}),
    # the side of a call after the final pass, the lead, the end of the auction
    ("after the final pass, dummy doubled", "call_after_final_pass",
     {"call": "X", "offender_side": "declaring"}),
    ("contre de Sud sur l'ouverture de son partenaire, découvert après l'entame",
     "inadmissible_double", {"offender": "S", "call": "X", "after_opening_lead": True}),
    # the auction period ends when the lead is faced (17D1; contract: auction_over)
    ("wrong explanation by my RHO, found out during the play", "misinformation",
     {"offender_relative": "rho", "auction_over": True}),
    ("explication erronée de mon adversaire de droite, vue après l'entame", "misinformation",
     {"offender_relative": "rho", "auction_over": True}),
    # who the description is about when no call is named
    ("remarque à la table : j'aurais contré, dit Nord", "unauthorized_information",
     {"offender": "N"}),
    ("Ouest m'a expliqué que le contre était punitif, c'était un contre d'appel",
     "misinformation", {"offender": "W"}),
    # a replacement told says the LHO did not accept the insufficient bid (27B)
    ("Nord 1♠, Est 1♥ insuffisant, remplacé par passe", "insufficient_bid",
     {"replacement": "pass", "lho_accepts": False}),
    ("N 1S E 1H, E corrects to 2H", "insufficient_bid",
     {"replacement": "lowest_same_denomination", "lho_accepts": False}),
    ("N 1S E 1H, LHO accepted", "insufficient_bid", {"lho_accepts": True}),
    # acceptance and refusal in everyday words (27A, 31)
    ("Nord a dit 1♥ sur le 1♠ d'Ouest, Est a dit pas grave et a continué", "insufficient_bid",
     {"offender": "N", "lho_accepts": True}),
    ("North bid 1H over West's 1S; East said fine, carry on", "insufficient_bid",
     {"offender": "N", "lho_accepts": True}),
    ("West bid 1S out of turn; North said no thanks", "bid_out_of_rotation",
     {"offender": "W", "lho_accepts": False}),
    # the replacement as the director judged it (27B1(a), 27B1(b), 27B2)
    ("Est a dit 1♥ sur 1♠, Sud a refusé, Est a remplacé par 2♥ et l'arbitre l'a jugé "
     "comparable", "insufficient_bid", {"replacement": "comparable"}),
    ("W bid 2C over 2D, N declined, W then bid 3C, natural with the same meaning",
     "insufficient_bid", {"replacement": "lowest_same_denomination"}),
    ("S bid 1H over 1S, W refused, S then bid 2H, not comparable as his 1H was a transfer",
     "insufficient_bid", {"replacement": "other_bid"}),
    # "comparable" only supposed or offered is no judgement: the bid made is the lowest
    ("Nord 1♠, Est 1♥, Sud refuse. Est pourrait contrer si c'est comparable ; il choisit 2♥.",
     "insufficient_bid", {"replacement": "lowest_same_denomination"}),
    ("East opened 1S, South bid 1H, West refused. The TD said South could also double if "
     "comparable; South bid 2H.", "insufficient_bid", {"replacement": "lowest_same_denomination"}),
    # a call named again is not the bid it was insufficient against
    ("Enchère insuffisante 2♣ de Nord sur l'ouverture 2♦. Refusée. Nord a remplacé par 3♣ ; "
     "son 2♣ et son 3♣ sont naturels.", "insufficient_bid",
     {"replacement": "lowest_same_denomination"}),
    ("My partner bid 2C over their 2D. Refused. She replaced it with 3C; her 2C and 3C were "
     "both natural.", "insufficient_bid", {"replacement": "lowest_same_denomination"}),
    # a call after the contract is stated or before the opening lead: Law 39, not 31
    ("Le contrat est 4♠ par Sud. Avant l'entame, Est dit 5♣.", "call_after_final_pass",
     {"offender": "E", "call": "5C"}),
    ("The contract is 4S by South. Before the opening lead East bid 5C.",
     "call_after_final_pass", {"offender": "E", "call": "5C"}),
    ("Final contract 3NT by N; W then said double", "call_after_final_pass", {"offender": "W"}),
    # ... but a word on what a call meant before the lead is about an explanation (20F)
    ("Before the opening lead, North said his 2D was not a transfer", "misinformation", {}),
    # law lookups
    ("/loi 27B1(a)", "law_lookup", {"law_ref": "27B1(a)"}),
    ("que dit la loi sur le contre hors tour", "law_lookup", {"law_query": "contre hors tour"}),
    ("show me law 16", "law_lookup", {"law_ref": "16"}),
    ("peux-tu me lire la loi vingt-cinq", "law_lookup", {"law_ref": "25"}),
    ("what does the law about exposed cards say", "law_lookup", {"law_query": "exposed cards"}),
    # any word naming a Law, or a reference that cannot be a call, read by normalise_ref
    ("rule 31", "law_lookup", {"law_ref": "31"}),
    ("what does 27B1b say", "law_lookup", {"law_ref": "27B1(b)"}),
    ("loi 25A", "law_lookup", {"law_ref": "25A"}),
    ("Law 27B1b please", "law_lookup", {"law_ref": "27B1(b)"}),
    ("règle 16", "law_lookup", {"law_ref": "16"}),
    ("Law 30B1(b)(ii)", "law_lookup", {"law_ref": "30B1(b)(ii)"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity", "facts"), ROWS)
def test_facts_stated_in_the_text(text, irregularity, facts):
    result = classify(text)
    assert result.irregularity == irregularity, result
    for fact, value in facts.items():
        assert result.facts.get(fact) == value, (fact, result.facts)


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        # nothing said about acceptance, the turn or the dealer: nothing given
        ("Est a dit 1♥ sur mon 1♠", ("lho_accepts", "dealer", "turn_of")),
        # two calls told, the dealer guessed: not proof of a bid out of rotation (27, not 31)
        ("my LHO bid 2H over my partner's 2S, I'm East, I accept",
         ("in_rotation", "turn_of", "calls")),
        # the LHO asked whether he accepts, and undecided: not an acceptance (31)
        ("1NT(E) oot - N's turn. S (E's LHO) asked whether he accepts; undecided.",
         ("lho_accepts",)),
        ("il a sorti le mauvais carton", ("offender", "offender_relative", "call")),
        ("carte exposée pendant les enchères", ("cards", "call")),
        ("que dit la loi 27", ("offender", "call", "law_query")),
        # a writer talking about the incident is not its offender
        ("je veux juste savoir si Ouest pouvait demander un rappel des enchères",
         ("offender_relative",)),
        # the calls ended, the lead untold: the auction period may still run
        # (21B1 until the lead is faced), so it is asked, not guessed (17D1)
        ("wrong explanation by my RHO, the auction is over", ("auction_over",)),
        ("explication fausse de Nord, remarquée après le dernier passe", ("auction_over",)),
        # "nobody had doubled" says why a redouble is inadmissible, not who called after it
        ("Nord a surcontré alors que personne n'avait contré", ("lho_called_since",)),
        # a bare LHO/RHO while the offender is another than the writer: whose? asked (28-32)
        ("pard passed out of turn, LHO's turn", ("turn_of",)),
        # "an opponent bid 1H over …": his own call, nobody told calling after it (27A)
        ("an opponent bid 1H over my partner's 1S.", ("lho_accepts",)),
        ("mon partenaire a contré alors que c'était à l'adversaire de droite", ("turn_of",)),
        # a slip and a change of mind both told: the director's finding is asked (25A/25B)
        ("Ouest a dit 3♣ puis 3♦, il dit qu'il s'est trompé de mot mais je pense qu'il a "
         "changé d'avis", ("unintended",)),
        ("West says it was a slip of the tongue, I say he changed his mind: 3C then 3D",
         ("unintended",)),
        # the LHO's option explained is no acceptance (27A, 31A)
        ("East bid 1H over North's 1S. South could have accepted it by calling.",
         ("lho_accepts",)),
        # the player whose turn it was, named again, is no offender
        ("Double out of turn at RHO's turn; RHO then bid 2S; offender chose 3C.",
         ("offender_relative",)),
    ],
)  # fmt: skip
def test_facts_not_stated_are_not_given(text, absent):
    result = classify(text)
    for fact in absent:
        assert fact not in result.facts, (fact, result.facts)


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # misleading words: denied, or in the background of the real incident
        ("Ce n'est pas une enchère insuffisante : Est a contré hors tour",
         "double_out_of_rotation"),
        ("no hesitation at all, West simply bid 1S when it was North's turn",
         "bid_out_of_rotation"),
        ("Pas hors tour : Ouest a contré le 1♥ de son partenaire", "inadmissible_double"),
        ("Après l'enchère insuffisante de Sud, Nord devait passer mais il a contré",
         "call_when_obliged_to_pass"),
        ("revue des enchères après le dernier passe", "auction_review"),
        ("la loi sur le passe hors tour s'il te plaît", "law_lookup"),
        ("je crois que c'est la loi 27, mais Est a passé hors tour", "pass_out_of_rotation"),
        # terse director notes and voice transcripts
        ("BOOT W 2H N dealer", "bid_out_of_rotation"),
        ("EI O 1♣/1♦ N accepte", "insufficient_bid"),
        ("euh alors nord a dit un cœur mais c'était pas son tour c'était à est",
         "bid_out_of_rotation"),
        ("quatre pase on redonne", "passed_out"),
        ("he doubled his partner's bid", "inadmissible_double"),
        ("il a parlé avant son tour", "bid_out_of_rotation"),
        ("hésitation avant de passer", "unauthorized_information"),
    ],
)  # fmt: skip
def test_classification_of_hard_cases(text, irregularity):
    assert classify(text).irregularity == irregularity


# Offender and call as people write them: each row is one generalisation (the
# shape, not a memorised sentence), with the Law whose offender it names.
STATED = [
    # "est" followed by a player's verb is East, not the verb (31A: the offender)
    ("donneur nord, est ouvre 1sa avant que nord parle", "bid_out_of_rotation",
     {"offender": "E", "call": "1NT", "dealer": "N"}),
    ("donneur sud. est annonce 1♥ avant ouest", "bid_out_of_rotation",
     {"offender": "E", "call": "1H", "dealer": "S"}),
    # a call only meant is not a call made (27: the insufficient bid is the one said)
    ("West meant to bid 2H but bid 1H over North's 1S.", "insufficient_bid",
     {"offender": "W", "call": "1H"}),
    ("Ouest voulait dire 2♥ mais a dit 1♥ sur le 1♠ de Nord.", "insufficient_bid",
     {"offender": "W", "call": "1H"}),
    ("Dealer N. N 1S, E meant 2H but said 1H.", "insufficient_bid",
     {"offender": "E", "call": "1H"}),
    # 25A: the call first made, not the one wanted
    ("My partner pulled 2D by mistake, he wanted 2H.", "change_of_call",
     {"offender_relative": "partner", "call": "2D", "unintended": True}),
    ("J'ai voulu dire 1♠ mais j'ai sorti 1SA par erreur, je suis Sud.", "change_of_call",
     {"offender": "S", "call": "1NT"}),
    # the writer's seat told as "my partner is South", "I am North" (27: RHO's bid)
    ("RHO bid 3♦ over 3♠ of my partner. My partner is South, I am North. I am not accepting.",
     "insufficient_bid", {"offender": "W", "call": "3D", "lho_accepts": False}),
    ("Mon partenaire est Nord. Mon adversaire de gauche a dit 1♥ sur son 1♠.",
     "insufficient_bid", {"offender": "W", "call": "1H"}),
    # a seat written after the call, closing its clause; "tour de N" is whose turn (31)
    ("ouverture hors tour 1♠ O, N a accepte en disant 2♥", "bid_out_of_rotation",
     {"offender": "W", "call": "1S", "lho_accepts": True}),
    ("Ouv. hors tour O 1♦ (tour de N), N refuse.", "bid_out_of_rotation",
     {"offender": "W", "call": "1D", "turn_of": "lho", "lho_accepts": False}),
    # 32: the call told just before whose turn it was, not the one in the pluperfect
    ("Surcontre prématuré de Sud : Ouest avait contré, et Sud a surcontré avant que Nord "
     "ne parle.", "double_out_of_rotation", {"offender": "S", "call": "XX"}),
    ("South doubled, then East redoubled before West could call. It was West turn.",
     "double_out_of_rotation", {"offender": "E", "call": "XX", "turn_of": "partner"}),
    # 16B: the one who let the information pass: who hesitated or remarked (named
    # after the word too), not who used it; after a Stop card, who did not wait
    ("BIT by E, W bid on", "unauthorized_information", {"offender": "E"}),
    ("hésitation de S (15 s env.) avant passe. N reparle 3♠.", "unauthorized_information",
     {"offender": "S"}),
    ("West thought a long time and passed. Then East reopened with double. I am North and I "
     "think East used the hesitation.", "unauthorized_information", {"offender": "W"}),
    ("South placed the Stop card and then made a jump to 3 Spades, and West passed after "
     "hardly one second.", "unauthorized_information", {"offender": "W"}),
    # a lower-case seat letter opening a clause before a player's verb (terse notes)
    ("e used the stop card and jumped, s didnt wait at all and passed in half a sec. n then "
     "balanced", "unauthorized_information", {"offender": "S"}),
    ("e dealt, s opened 1d. w accepted by bidding 1s", "bid_out_of_rotation",
     {"offender": "S", "call": "1D", "turn_of": "rho"}),
    ("tbl 4 bd 9 - w misclicked 3s instead of 3h, asked undo before n bid", "change_of_call",
     {"offender": "W", "call": "3S"}),
    ("bd 12 dlr e. mid-auction w dropped the ♥q face up", "card_exposed_during_auction",
     {"offender": "W"}),
    # ... after a director's out-of-turn note, and before "cond." (barred)
    ("X HT o, accepté.", "double_out_of_rotation", {"offender": "W", "lho_accepts": True}),
    ("1H OOT e. s accepted", "bid_out_of_rotation", {"offender": "E", "lho_accepts": True}),
    ("o cond. a passer, dit 2♠, n a passé dessus.", "call_when_obliged_to_pass",
     {"offender": "W", "call": "2S"}),
    # 33: of two calls made together, the one not in turn (told outright, deemed
    # subsequent, or the other than the one in turn), and its call
    ("Dlr W. W 1C; N 1H and E P placed simultaneously. N in turn. E's P deemed subsequent.",
     "simultaneous_calls", {"offender": "E", "call": "P"}),
    ("Dlr N 1NT. E P and W 2C simultaneously (W out of turn, E in turn).",
     "simultaneous_calls", {"offender": "W", "call": "2C"}),
    ("West opened 1♠, North passed and then East and South both called at the same moment — "
     "East 2♠ which was his turn, and South's double.", "simultaneous_calls",
     {"offender": "S", "call": "X"}),
    ("Donneur S : 1♦ (S). O passe et N 1♠ en même temps (O à son tour). 1♠ de N réputé "
     "postérieur.", "simultaneous_calls", {"offender": "N", "call": "1S"}),
    # 25: the slip is the call the same player made before the one he meant
    ("Dlr S 1D, W 2H card placed, W says meant 2S (adjacent card), corrects immediately.",
     "change_of_call", {"offender": "W", "call": "2H"}),
    ("W dealt and pulled 1NT, meaning 1♣; the cards are adjacent in this box.",
     "change_of_call", {"offender": "W", "call": "1NT"}),
    # 38: a seat in parentheses after the call before is that call's, not the next one's
    ("Dlr N. 7♠ (N) 8♥ (E). S has not called. 38.", "bid_above_seven",
     {"offender": "E", "call": "8H", "lho_called_since": False}),
    # 37: the barred player's own call after the bar, not an earlier call nor a pass
    ("N barred throughout (36B after S XX'd partner's bid). N bid 4S. E/W call TD.",
     "call_when_obliged_to_pass", {"offender": "N", "call": "4S"}),
    ("North made an insufficient bid, the director said South must pass for the rest of "
     "the auction. South passed twice, fine. Then South forgot and bid 3NT.",
     "call_when_obliged_to_pass", {"offender": "S", "call": "3NT"}),
    # 39: "all pass", "tout le monde passe" close the auction; the call after them is the one
    ("Hello. The auction was over: East 3NT, all pass. Then my partner North doubled.",
     "call_after_final_pass", {"offender": "N", "call": "X"}),
    ("enchères finies (4♥ de Sud, tout le monde passe) et Ouest dit contre après coup.",
     "call_after_final_pass", {"offender": "W", "call": "X"}),
    # 39: a bid told "after 3 passes" is the late call, not the contract; "defending 4H" is
    ("E bid 4S after 3 passes. E-W defending 4H.", "call_after_final_pass",
     {"offender": "E", "call": "4S"}),
    # 37: another player's call right after the bar, or the cause named again, is not it
    ("Dlr N - N 1C - E X - S P - W XX (inadmissible), W substitutes 1H, E must pass "
     "throughout - N 1S - E 3H - S not called yet.", "call_when_obliged_to_pass",
     {"offender": "E", "call": "3H"}),
    ("Dealer E. S doubled out of turn. E did not accept. TD: N must pass throughout (the "
     "double was not comparable). E 1H, S 1S, W 2H, N 3S. East had not called yet.",
     "call_when_obliged_to_pass", {"offender": "N", "call": "3S"}),
    # 30A: "to pass at next turn", "bound to pass" ("bound" is no "round")
    ("B11 Dlr N. E passed OOR at N's turn -> E to pass at next turn. N 1♦, E 1♠ regardless.",
     "call_when_obliged_to_pass", {"offender": "E", "call": "1S"}),
    ("Dlr E. S passed before E had called; W did not accept. E opened 1♦. S was bound to "
     "pass but bid 2♣.", "call_when_obliged_to_pass", {"offender": "S", "call": "2C"}),
    # 15A: the player told holding another board's cards, and his call
    ("Étui 6 : E a la main de l'étui 7. N 1♣, E 1♥ (mauvaise main), S 1♠. Découvert "
     "maintenant. 15A.", "wrong_board", {"offender": "E", "call": "1H"}),
    ("Strange situation: at table 4 South took the cards of board 15 instead of 16 and he "
     "opened 1♠. West passed, North bid 2♦.", "wrong_board", {"offender": "S", "call": "1S"}),
    # "ce passe" names the pass told before, it is no second call (30A: South)
    ("Après 1♥ d'Ouest, Nord passe, et avant qu'Est ne parle, Sud passe. Ce passe est "
     "naturel. Ouest n'accepte pas.", "pass_out_of_rotation", {"offender": "S", "call": "P"}),
    # "he" after "after South's 7♠" is not South (38)
    ("West got carried away in a competitive auction and after South's seven spades he "
     "said 'eight clubs'.", "bid_above_seven", {"offender": "W", "call": "8C"}),
    # "recontre": a second double of a doubled bid (19A, 36)
    ("je suis sud, nord ouvre 1♠, est contre, je passe, et mon adv de gauche (Ouest) "
     "recontre le 1♠ deja contré !!", "inadmissible_double", {"offender": "W", "call": "X"}),
    # "au tour de mon partenaire" names whose turn it was, not who made the call (31)
    ("enchère de ma gauche au tour de mon partenaire : 3♣", "bid_out_of_rotation",
     {"offender_relative": "lho", "call": "3C", "turn_of": "lho"}),
    # 15A: the player told holding another board's cards, in a note or a story
    ("Bd 4 Dlr N. N P, E 2S holding board 5's hand. Found after S P. L15.", "wrong_board",
     {"offender": "E", "call": "2S"}),
    # (one player's cards with two boards named is 15A, not a whole table on a wrong board)
    ("Board 14 (dlr E). E P, S 1S, W P, N 2S. N's hand turns out to be from board 15.",
     "wrong_board", {"offender": "N", "call": "2S", "whole_table": None}),
    ("At table 4 South took the cards of board 15 instead of 16 and he opened 1♠.",
     "wrong_board", {"offender": "S", "call": "1S", "whole_table": None}),
    ("Bd 22 dlr E. 1♦ (E) P (S) 2♥ (W) – W holding bd 23's cards. N hadn't called.",
     "wrong_board", {"offender": "W", "call": "2H"}),
    ("Problème d'étui : les cartes d'Ouest venaient du 5 alors qu'on joue le 6. Il avait déjà "
     "ouvert 1♦, et N avait contré derrière.", "wrong_board", {"offender": "W"}),
    # 30-32: whose turn it was, named by side, relative to the writer or to the offender
    ("I redoubled too early, it was still the turn of my right opponent.",
     "double_out_of_rotation", {"offender_relative": "self", "call": "XX", "turn_of": "rho"}),
    ("In the auction my partner has passed out of his turn. It was turn of the opponent on "
     "his left.", "pass_out_of_rotation", {"offender_relative": "partner", "turn_of": "lho"}),
    ("my partner thought it was her turn and said 1 no trump. it was actually the man on her "
     "right", "bid_out_of_rotation", {"offender_relative": "partner", "turn_of": "rho"}),
    # a player named by his place from another: "the man before me", "on her left"
    ("I said no bid before it was my turn. the man before me was still thinking",
     "pass_out_of_rotation", {"offender_relative": "self", "turn_of": "rho"}),
    ("Hello, my partner opened 1♥ but the dealer was the opponent on her left. I am North.",
     "bid_out_of_rotation", {"offender": "S", "turn_of": "lho"}),
    # 28-31: a seat told not to be the dealer is not the dealer
    ("Est n'était pas donneur : le donneur était Nord. Est a passé.",
     "pass_out_of_rotation", {"offender": "E", "dealer": "N", "turn_of": "rho"}),
    # the writer's seat in other words: "in the North position", "Position : Ouest, c'est moi"
    ("I am sitting in the North position. My left-hand opponent opened 1 Spade, my partner "
     "passed, my right-hand opponent passed, and I said 1 Heart.",
     "insufficient_bid", {"offender": "N", "call": "1H"}),
    ("Position : Ouest, c'est moi. Donneur : Nord. J'ai passé avant Nord.",
     "pass_out_of_rotation", {"offender": "W", "turn_of": "lho"}),
    # 31A: a line ending without a stop ends its sentence ("* dealer" is no "dealer N")
    ("Bd 10\nN      E*     S      W\n1♠\n* dealer\nN opened 1♠ before E, the dealer, had "
     "called. E refused it.", "bid_out_of_rotation",
     {"offender": "N", "dealer": "E", "lho_accepts": False}),
    # a slice of cake is no heart ("deux parts de far" is no 2♥)
    ("Au club, mardi, entre deux parts de far. D=N. N:1P E:1C. Sud refuse.",
     "insufficient_bid", {"offender": "E", "call": "1H", "lho_accepts": False}),
    # a first name paired with a seat after "and": "I was South and Tom North"
    ("I was sitting South and Tom North. West was dealer and opened 1♠, and Tom put down 1♥ "
     "straight over it.", "insufficient_bid", {"offender": "N", "call": "1H"}),
    ("J'étais Est et Anne Ouest. Nord a ouvert 1♠, j'ai passé, Sud a dit 2♥, et Anne a "
     "annoncé 2♦.", "insufficient_bid", {"offender": "W", "call": "2D"}),
    # a name after its seat ("our West, Tony, passed"), or after a list's comma
    ("Board 3, dealer South. South opened 1♥, our West, Tony, passed, and North responded "
     "1♠. Then Tony put down 1♦.", "insufficient_bid", {"offender": "W", "call": "1D"}),
    ("Our pair North-South: Graham North, Pat South. East opened 1♥, Pat passed, West raised "
     "to 2♥. Then Pat put another pass card down.", "pass_out_of_rotation", {"offender": "S"}),
    # a name that is also a word, told outright ("Bill was West")
    ("Bill was West. North opened 1NT and Bill bid 1♠.", "insufficient_bid",
     {"offender": "W", "call": "1S"}),
    # 31B: calls all told in the pluperfect keep the order they are told in
    ("J'étais Ouest. Nord avait ouvert 1♦, Est avait passé, Sud avait dit 1♠. C'était à moi "
     "de parler, mais Sud a enchaîné avec 2♠ avant moi.", "bid_out_of_rotation",
     {"offender": "S", "call": "2S", "offender_called_before": True}),
    # 25A: the card meant ("meant to take out the 1♠ card") is not the call made
    ("I meant to take out the 1♠ card but pulled 1NT — a mechanical error.",
     "change_of_call", {"call": "1NT", "unintended": True}),
    # a seat, then where it sits from another: "Nord, à sa droite," is North
    ("Est donnait. Avant qu'il ait parlé, Nord, à sa droite, a posé un carton passe. Est ne "
     "l'a pas accepté.", "pass_out_of_rotation", {"offender": "N", "lho_accepts": False}),
    # 25A: "his partner East", when East is his partner, is East ("hasn't bud": bid)
    ("I'm South. West pulled 2NT when he meant 2♠. He noticed immediately, before his partner "
     "East had called.", "change_of_call", {"offender": "W", "partner_called_since": False}),
    ("I meant 2 hearts but pulled 2 clubs from the box, my partner hasn't bud yet, can I change",
     "change_of_call", {"call": "2C", "partner_called_since": False}),
    # 27: the bid an insufficient one was under, named again ("insuffisant après 2♥",
    # "East pointed out that 2♣ was lower than 2♦"), is no new call
    ("Donneur Nord. Nord ouvre 1♦, Patrick, en Est, intervient 1♥, Sud dit 1♠, Sylvie, en "
     "Ouest, soutient à 2♥, et Nord, voulant répéter ses carreaux, pose 2♦ — insuffisant après "
     "2♥.", "insufficient_bid", {"offender": "N", "call": "2D"}),
    ("East dealer. East opened 1♠, I was South and passed, West bid 2♦ and my partner Harold "
     "(North) then bid 2♣. Then East pointed out that 2♣ was lower than 2♦.",
     "insufficient_bid", {"offender": "N", "call": "2C"}),
    # a letter to a player: "South, your partner Sophie," makes "you" North
    ("Harry, here it is. South, your partner Sophie, dealt and opened 1♥. West overcalled 1♠. "
     "You, not having noticed the overcall, responded 1♠.", "insufficient_bid",
     {"offender": "N", "call": "1S"}),
    # 27A1: the offender untold, the player named accepting is his LHO
    ("1C sur 1P, N a accepté", "insufficient_bid", {"call": "1H", "lho_accepts": True}),
    # 30A: "declined to accept it", "a refusé d'accepter" are refusals
    ("Before South had called, West passed. North, on his left, declined to accept it.",
     "pass_out_of_rotation", {"offender": "W", "lho_accepts": False}),
    # 31A: calling the director rather than accepting is a refusal
    ("N opened 1S at East's turn. East called the director rather than accept the bid.",
     "bid_out_of_rotation", {"offender": "N", "lho_accepts": False}),
    ("N a ouvert 1♠ au tour d'Est. Est a préféré appeler l'arbitre plutôt que de l'accepter.",
     "bid_out_of_rotation", {"offender": "N", "lho_accepts": False}),
    ("N opened 1S at East's turn; East accepted.",
     "bid_out_of_rotation", {"offender": "N", "lho_accepts": True}),
    # 30A: a non-native "pas" said is a pass
    ("E is dealer\nN    E    S    W\npas\nNorth say pas before East. East dont accept.",
     "pass_out_of_rotation", {"offender": "N", "call": "P", "lho_accepts": False}),
    # 20F, 21B: the player told explaining or (not) alerting, active or passive
    ("Failure to alert. South 2♥ was 'hearts and a minor', North not alert. I am East.",
     "misinformation", {"offender": "N"}),
    ("W 2D alerted by E as \"weak, 6 cards\". System card: Multi. N asked. Wrong explanation "
     "by E.", "misinformation", {"offender": "E"}),
    # an option or an obligation told is not a call made (27B)
    ("My LHO opened 1NT and I overcall 1♠. The director say I can bid 2♠, or other bid and "
     "my partner must pass. I bid 2♠.", "insufficient_bid",
     {"call": "1S", "replacement": "lowest_same_denomination"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity", "facts"), STATED)
def test_offender_and_call_as_written(text, irregularity, facts):
    result = classify(text)
    assert result.irregularity == irregularity, result
    for fact, value in facts.items():
        assert result.facts.get(fact) == value, (fact, result.facts)


@pytest.mark.parametrize(
    ("text", "inadmissible"),
    [
        # Law 19A1: a double of an opponent's call is allowed
        ("My LHO doubled my opening", False),
        # 19A1 (36): the doubler's own side made the doubled call
        ("my partner doubled my opening", True),
        ("Mon partenaire a contré mon ouverture", True),
        ("I doubled my partner's opening", True),
    ],
)
def test_a_double_is_inadmissible_only_on_the_doublers_own_side(text, inadmissible):
    result = classify(text)
    assert (result.irregularity == "inadmissible_double") is inadmissible, result


# The irregular call (facts["call"]) read for a given irregularity, whatever the
# classifier says: which of the calls told is the one the law is about.
IRREGULAR_CALL = [
    # Law 39: the call made after the auction ended, not the contract nor the closing passes
    ("Contract 3♣ by West, pass pass pass, then North doubled.", "call_after_final_pass", "X"),
    ("4♥ P P P and East put a pass card once more.", "call_after_final_pass", "P"),
    ("My partner bid 5♦ after the last pass; I was declarer in 4♥.",
     "call_after_final_pass", "5D"),
    ("South redoubled after the bidding was over (3♠X by West, three passes).",
     "call_after_final_pass", "XX"),
    ("Les enchères étaient terminées à 3♦ pour nous. Puis ma gauche a dit 3♠.",
     "call_after_final_pass", "3S"),
    ("Après trois passes derrière leur 2♥, mon partenaire a surcontré alors que personne "
     "n'avait contré.", "call_after_final_pass", "XX"),
    ("Ouest a dit passe encore après le troisième passe. Contrat 1SA par Nord.",
     "call_after_final_pass", "P"),
    # 15A: the call made with the wrong cards is the one the story starts with
    ("Ma partenaire jouait la donne 8 au lieu de la 9. Elle avait ouvert 1♠, puis Est avait "
     "contré derrière.", "wrong_board", "1S"),
    ("Les enchères étaient terminées à 3♦ pour nous, puis ma gauche a passé encore une fois.",
     "call_after_final_pass", "P"),
    ("Auction over (4♥ by South). West put another pass card out.", "call_after_final_pass", "P"),
    ("Contrat 2♠ par Est, trois passes, puis Nord dit passe encore.",
     "call_after_final_pass", "P"),
    ("Après trois passes sur 3♥ de Sud, Ouest a passé encore.", "call_after_final_pass", "P"),
    # "said no bid": the pass
    ("I said no bid before my RHO had called.", "pass_out_of_rotation", "P"),
    ("My partner said no bid too early, it was the dealer's turn.", "pass_out_of_rotation", "P"),
    # Law 32: a redouble told after the double it redoubles is the call out of turn
    ("surcontre hors tour : mon partenaire a contré le 2♣ puis l'adversaire surcontre avant "
     "son partenaire", "double_out_of_rotation", "XX"),
    ("redouble out of turn: partner doubled their 3♦ and then the opponent redoubled before "
     "his partner", "double_out_of_rotation", "XX"),
    # Law 37: the call made under the bar, not the irregularity that caused it
    ("Est devait passer (contre hors tour de sa part) mais il a dit 3♣.",
     "call_when_obliged_to_pass", "3C"),
    ("N barred because of his insufficient 1♦ earlier; N then bid 2♠.",
     "call_when_obliged_to_pass", "2S"),
    ("Nord, obligé de passer à cause d'un surcontre inadmissible, a dit 4♠.",
     "call_when_obliged_to_pass", "4S"),
    ("West must pass throughout (1♠ insufficient, replaced by a double). West later bid 3♥.",
     "call_when_obliged_to_pass", "3H"),
    ("My RHO opened out of turn, we refused, so his partner was barred. I bid 1♥, RHO bid 1♠, "
     "and his partner, the barred player, bid 3♠.", "call_when_obliged_to_pass", "3S"),
    ("Ma gauche a ouvert hors tour, refusé, donc son partenaire devait passer. J'ai dit 1♦, ma "
     "gauche 1♥, et son partenaire, pourtant bâillonné, a dit 2♥.",
     "call_when_obliged_to_pass", "2H"),
    # Law 33: of two calls made at once, the one by another than the player in turn
    ("My partner and my LHO called together. It was partner's turn: partner bid 2♣, the "
     "opponent doubled.", "simultaneous_calls", "X"),
    ("Mon partenaire et l'adversaire de droite ont posé leur carton ensemble. C'était le tour "
     "de mon partenaire : lui 1♠, l'adversaire passe.", "simultaneous_calls", "P"),
    ("Ma gauche a passé au moment où je disais 1♥ ; c'était mon tour.",
     "simultaneous_calls", "P"),
    # Law 27: the bid named after "après"/"over"/"dopo" was made first; the one before is under it
    ("Ouest a dit 1SA après le 2♣ de Sud.", "insufficient_bid", "1NT"),
    ("21:02 T14 B9 — N 3♣ over W's 3♦, in turn. E passes → accepted.", "insufficient_bid",
     "3C"),
    # Law 27: the bid told after the insufficient one but made before it
    ("I bid 1♠ although 2♣ had already been bid.", "insufficient_bid", "1S"),
    ("Mon partenaire dit 2♦ alors que l'adversaire avait déjà dit 2♥.", "insufficient_bid", "2D"),
    ("She put 3♣ but 3♥ was already on the table.", "insufficient_bid", "3C"),
    # a bid only believed made ("thinking it was over 1NT") is the reason, not a call
    ("Nord ouvre 1♠, Est dit 2♦ et Sud annonce 2♣, pensant qu'Est avait dit 1♦.",
     "insufficient_bid", "2C"),
    ("Partner opened 2NT and RHO bid 2♣ Landy, thinking it was over 1NT.",
     "insufficient_bid", "2C"),
    ("Ouest 3♦ - Nord 3♣ insuffisant (Texas sur un 2SA imaginaire).", "insufficient_bid", "3C"),
    ("My LHO opened 1♥ and I overcalled 1♦, believing he had opened 1♣.",
     "insufficient_bid", "1D"),
    # "le joueur d'après": the next player, not a call named after "après"
    ("Nord dit 2♠ et le joueur d'après dit 2♦.", "insufficient_bid", "2D"),
    # Law 25: the call first made, not the one it was changed to
    ("She took out 3♦ instead of 3♥ and then put the 3♥ on the table.", "change_of_call", "3D"),
    ("Il a posé 1SA au lieu de 1♠, puis il a mis le 1♠.", "change_of_call", "1NT"),
    ("I doubled and right after 2♣, I saw my mistake.", "change_of_call", "X"),
    ("J'ai voulu dire 3♣ mais j'ai dit 3♦, puis tout de suite 3♣.", "change_of_call", "3D"),
    # the bidding box's green card is the pass card; "I have 5 hearts" is a holding
    ("I pulled the green card by mistake, then put 1♦ instead.", "change_of_call", "P"),
    ("She grabbed the green card, then put 2♣ instead.", "change_of_call", "P"),
    ("I bid 1♣ but I have 5 hearts, so I changed to 1♥.", "change_of_call", "1C"),
    ("With a decent hand and five hearts, I bid 1♣, then changed to 1♥ at once.",
     "change_of_call", "1C"),
    # the call made, told before the one meant as a contrast ("alors que", "while")
    ("Sud a dit 4♦ alors qu'il voulait dire 4♥, puis il a dit 4♥.", "change_of_call", "4D"),
    ("Mon partenaire a mis 2♣ alors qu'il voulait mettre 2♦, puis il a posé 2♦.",
     "change_of_call", "2C"),
    ("East bid 2♠ while he meant 2♥ and fixed it at once.", "change_of_call", "2S"),
    # a call another player may change, or one wanted to be accepted, is not the call made
    ("I opened 1♣ but wanted 1♦; North may then change his pass.", "change_of_call", "1C"),
    ("My partner bid 3♦, then said no, 3♥. LHO wanted to accept my pass.",
     "change_of_call", "3D"),
    # "I" inside a quotation is the player quoted: his call before it is the one first made
    ("I opened 1♦, LHO passed, partner bid 1♥ and then she said 'no, I wanted 1♠'.",
     "change_of_call", "1H"),
    ("Nord 1♣, Est passe, Sud 1♦ puis Sud : « non, je voulais 1♥ ».", "change_of_call", "1D"),
    ('West 2♦, North pass, then West said: "sorry, I meant 2♥".', "change_of_call", "2D"),
    # "devient", "becomes": the call changed to
    ("Changement d'avis : 2♣ devient 2♦.", "change_of_call", "2C"),
    ("Après que ma droite a passé : 1♦ devient 1♥.", "change_of_call", "1D"),
    ("After my LHO passed, my 1♦ became 1♥.", "change_of_call", "1D"),
    # "tout de suite" is "at once": the call told next was made next
    ("Ouest dit 1♠, Nord passe, puis Ouest dit tout de suite 2♠.", "change_of_call", "1S"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity", "call"), IRREGULAR_CALL)
def test_the_irregular_call_among_the_calls_told(text, irregularity, call):
    assert facts_for(read(text), irregularity).get("call") == call


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # Law 32: "contre de mon partenaire", "X by my partner" name the doubler,
        # not whose call was doubled; no call of his own side is doubled
        ("Contre prématuré de mon partenaire, l'adversaire à sa droite a ensuite passé",
         "double_out_of_rotation"),
        ("X avant son tour par ma partenaire ; ma droite n'avait rien dit",
         "double_out_of_rotation"),
        ("A double by my partner before his turn, my RHO then passed", "double_out_of_rotation"),
        # the partner named after the double is the subject of the next clause
        ("mon adversaire de gauche a contré trop vite, son partenaire n'avait pas encore parlé",
         "double_out_of_rotation"),
        # 36A: the call doubled is named, and it is the doubler's own side's
        ("Mon partenaire a contré l'ouverture de ma partenaire... pardon, mon ouverture",
         "inadmissible_double"),
        ("East doubled the opening of his partner", "inadmissible_double"),
        # "pd's turn": the turn named by the note's abbreviation for partner
        ("pd's turn and LHO doubled 2C", "double_out_of_rotation"),
    ],
)  # fmt: skip
def test_the_doubler_named_by_of_is_not_the_owner(text, irregularity):
    assert classify(text).irregularity == irregularity


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # Law 25: one player's bid put back at once, no other bid told for it
        # to be insufficient over (27 needs an earlier bid by another player)
        ("ma gauche : 2♣ non, 3♣", "change_of_call"),
        ("LHO said 1S no 2S", "change_of_call"),
        ("E : « 2♥... euh, 2♠ », d'une traite", "change_of_call"),
        ("N annonce 1♦. Pardon, 1♥, sans attendre", "change_of_call"),
        ("j'ai dit 2 trèfles et aussitôt 2 carreaux, mauvais carton", "change_of_call"),
        # Law 27: another player's bid told before it
        ("RHO opened 1S, I said 1H no 2H", "insufficient_bid"),
        # a director's arrow between one player's two calls: "replaced by"
        ("T3. O : 3♣ → 3♦. N pas encore parlé.", "change_of_call"),
        ("Bd 8. N: 2S -> 2NT. E to call.", "change_of_call"),
        # arrows through a whole sequence are no replacement
        ("Dlr N. 1♠ → 2♣ → 1♥ ?", "insufficient_bid"),
        # Law 38 governs a bid above seven, even taken back
        ("North said 8S by mistake, he wanted to double", "bid_above_seven"),
    ],
)  # fmt: skip
def test_a_bid_taken_back_at_once_is_a_change_of_call(text, irregularity):
    assert classify(text).irregularity == irregularity


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # Laws 30-32 by the call made out of turn: "hors tour de X" names the
        # offender, not whose turn it was, so X's call is the one out of turn
        ("3♦ hors tour de mon partenaire (c'était à ma gauche), ma gauche passe ensuite",
         "bid_out_of_rotation"),
        ("contre hors tour de ma droite, au tour de mon partenaire ; partenaire passe ensuite",
         "double_out_of_rotation"),
        # the turn holder is the first player named after "before": the
        # double told after him is the call out of turn
        ("Bd 5 Dlr N. N 1H E P, then E put X down before S (E's LHO) had called.",
         "double_out_of_rotation"),
        ("Donne 6. S 1♦ O P, puis O contre avant N (sa gauche), qui n'avait pas parlé.",
         "double_out_of_rotation"),
        # the kind denied is no anchor: the call told at another's turn is
        ("Pas un contre hors tour mais une ouverture : Sud a dit 1♠ quand c'était à Ouest.",
         "bid_out_of_rotation"),
    ],
)  # fmt: skip
def test_the_call_out_of_turn_is_the_offenders(text, irregularity):
    assert classify(text).irregularity == irregularity


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # Law 31B: the bid out of turn made again at the offender's turn is no
        # insufficient bid over itself
        ("Sud a ouvert 2♦ avant son tour. Ouest a refusé. À son tour, Sud a répété 2♦.",
         "bid_out_of_rotation"),
        ("East opened 1S before the dealer. Not accepted. Later East bid 1S again in turn.",
         "bid_out_of_rotation"),
        # Law 27: the same bid by another player is insufficient
        ("N 1♠, then E 1♠ too", "insufficient_bid"),
    ],
)  # fmt: skip
def test_the_same_bid_said_again_is_a_repetition(text, irregularity):
    assert classify(text).irregularity == irregularity


@pytest.mark.parametrize(
    "text",
    [
        # Law 31B: repeated at her turn, told "over" the next pass: no evidence
        # of an insufficient bid, not even a weak second candidate
        "Ma partenaire a ouvert 1♣ hors tour, ma gauche a refusé ; l'arbitre lui a fait "
        "répéter, et elle a redit 1♣ sur le passe de ma droite.",
        "Partner opened 1D out of turn and LHO declined. At her own turn she repeated 1D "
        "over RHO's pass.",
    ],
)
def test_a_repeated_bid_is_no_evidence_of_an_insufficient_bid(text):
    result = classify(text)
    assert result.irregularity == "bid_out_of_rotation"
    assert dict(result.candidates).get("insufficient_bid", 0.0) < 0.5, result.candidates


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        # a story told in the present tense: the verb after a player is a call
        ("North opens 1♥, East passes, South doubles and West redoubles", ["1H", "P", "X", "XX"]),
        ("Board 5, I'm East. South deals 1♠, partner passes, North raises to 2♠",
         ["1S", "P", "2S"]),
        # ... a count is not
        ("after three passes the auction was over", []),
        # ... nor cards held: a hand "with" or "and" a count of a suit
        ("Anne had a weak hand with six hearts and meant to jump to 2H", ["2H"]),
        ("Bill, with a decent hand and five hearts, chose to bid 1H", ["1H"]),
        ("avec 13 points et six piques, j'ai dit 1 Pique", ["1S"]),
        # ... while a call after a calling verb and "with" is one
        ("West came in with 2♠ and North replaced it with 3♠", ["2S", "3S"]),
    ],
)
def test_calls_told_in_the_present_tense(text: str, calls: list[str]) -> None:
    assert [str(c.call) for c in read(text).entities.calls] == calls
