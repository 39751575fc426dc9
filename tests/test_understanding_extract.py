"""Facts read from one description, and the classification around them.

Every row states what the text says and nothing more; the extraction must
give those facts (it may give others the calls show)."""

from __future__ import annotations

import pytest

from bot.understanding import classify

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
    # who called since
    ("Ouest a sorti 3♦ au lieu de 3♥, son partenaire a déjà parlé", "change_of_call",
     {"offender": "W", "partner_called_since": True}),
    ("Ouest a enchéri 8 carreaux, Nord a passé derrière", "bid_above_seven",
     {"offender": "W", "call": "8D", "lho_called_since": True}),
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
    # 15A: the player told holding another board's cards, and his call
    ("Étui 6 : E a la main de l'étui 7. N 1♣, E 1♥ (mauvaise main), S 1♠. Découvert "
     "maintenant. 15A.", "wrong_board", {"offender": "E", "call": "1H"}),
    ("Strange situation: at table 4 South took the cards of board 15 instead of 16 and he "
     "opened 1♠. West passed, North bid 2♦.", "wrong_board", {"offender": "S", "call": "1S"}),
    # 30-32: whose turn it was, named by side, relative to the writer or to the offender
    ("I redoubled too early, it was still the turn of my right opponent.",
     "double_out_of_rotation", {"offender_relative": "self", "call": "XX", "turn_of": "rho"}),
    ("In the auction my partner has passed out of his turn. It was turn of the opponent on "
     "his left.", "pass_out_of_rotation", {"offender_relative": "partner", "turn_of": "lho"}),
    ("my partner thought it was her turn and said 1 no trump. it was actually the man on her "
     "right", "bid_out_of_rotation", {"offender_relative": "partner", "turn_of": "rho"}),
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
