"""Facts the text states are read (issue 11 item 3), so the dialogue never asks them."""

from __future__ import annotations

import pytest

from bot.dialogue import Conversations
from bot.dialogue.merge import CONFIDENT
from bot.understanding import classify
from rules_core import Incident, rule


def _reads(text: str, irregularity: str, expected: dict[str, object]) -> None:
    """``text`` is read as ``irregularity`` with each of the ``expected`` facts."""
    result = classify(text)
    assert result.irregularity == irregularity, result
    for fact, value in expected.items():
        assert result.facts.get(fact) == value, (fact, result.facts)


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # the writer refuses for his side (Law 27A1: the LHO's option, spoken by the pair)
        ("my LHO bid 1H over my 1S, I don't accept, he corrects to 2H, natural",
         "insufficient_bid",
         {"offender_relative": "lho", "call": "1H", "lho_accepts": False, "artificial": False,
          "replacement": "lowest_same_denomination"}),
        # "North then passed" after the refusal is the auction going on (Law 31A1), not 28B
        ("East opened 1♥ out of turn, South did not accept it and North then passed",
         "bid_out_of_rotation", {"offender": "E", "call": "1H", "lho_accepts": False}),
        ("N 1K, E 1T, S refuse, E corrige en 2T",
         "insufficient_bid",
         {"offender": "E", "call": "1C", "lho_accepts": False,
          "replacement": "lowest_same_denomination"}),
        ("TD: dealer N. W opened 1S before N called. N does not accept.",
         "bid_out_of_rotation", {"offender": "W", "lho_accepts": False, "turn_of": "lho"}),
        # 31B vs 31A: the replayed call out of turn decides whose turn it was (South's,
        # West's RHO), not the first call written (North's)
        ("TBL 12 DLR N. N 1S  E P  W 2H (S SKIPPED). N DID NOT ACCEPT.",
         "bid_out_of_rotation", {"offender": "W", "turn_of": "rho", "lho_accepts": False}),
        # 31A: "I" inside the LHO's quoted words is the LHO, not the writer
        ("I was South and East had dealt. Before East had called, my partner North opened "
         "1NT. East simply said 'I'll accept that' and passed.", "bid_out_of_rotation",
         {"offender": "N", "lho_accepts": True}),
        # 37A: "n'a pas parlé depuis" is the LHO not having called since
        ("N devait passer. N a dit 2♥. E n'a pas parlé depuis.",
         "call_when_obliged_to_pass", {"offender": "N", "call": "2H", "lho_called_since": False}),
        # 37A: the LHO told not calling in other words ("I have not said anything after
        # that", "sans rien annoncer"); not "a passé sans rien dire" (he passed)
        ("I am West. South had to pass throughout but bid 3♦. I have not said anything "
         "after that.", "call_when_obliged_to_pass",
         {"offender": "S", "call": "3D", "lho_called_since": False}),
        ("Je suis Sud. Est devait passer jusqu'à la fin et a dit 3♣. J'ai rappelé l'arbitre "
         "sans rien annoncer.", "call_when_obliged_to_pass",
         {"offender": "E", "call": "3C", "lho_called_since": False}),
        # 30A: the answer to "whether she wanted to accept" told after a semicolon, up
        # to its comma; "accept my pass" names the pass, it is no second one
        ("I am South. I passed before West, the dealer, had said a word. The director asked "
         "West whether she wanted to accept my pass; she didn't, so it was cancelled.",
         "pass_out_of_rotation",
         {"offender": "S", "lho_accepts": False, "calls": [{"seat": "S", "call": "P"}]}),
        # 37A / 17C: a call told as a noun ("nobody has made a call since")
        ("North had to pass throughout but bid 3♣. Nobody has made a call after it.",
         "call_when_obliged_to_pass", {"offender": "N", "call": "3C", "lho_called_since": False}),
        ("Sud devait passer et a dit 2♦. Personne n'a fait d'annonce depuis.",
         "call_when_obliged_to_pass", {"offender": "S", "call": "2D", "lho_called_since": False}),
        # 21B1: the misinformed writer passed, "mon partenaire aussi" / "partenaire pas encore"
        ("je suis sud. ouest n'a pas alerté le 2♣ de son partenaire. j'ai passé, mon "
         "partenaire aussi", "misinformation", {"offender": "W", "partner_called_since": True}),
        ("je suis N. E dit que le 2♠ de son partenaire est faible, c'est fort. j'ai passé, "
         "partenaire pas encore.", "misinformation",
         {"offender": "E", "partner_called_since": False}),
        # 25A: "before N or E called": neither the LHO nor the partner had called
        ("S 1♣ – W 1♠ – N 1NT – E 2♥ (pulled for 3♥, box slip). Seen before S or W called.",
         "change_of_call",
         {"offender": "E", "call": "2H", "lho_called_since": False,
          "partner_called_since": False}),
    ],
)
def test_stated_facts_are_read(text: str, irregularity: str, expected: dict[str, object]) -> None:
    result = classify(text)
    assert result.irregularity == irregularity
    for fact, value in expected.items():
        assert result.facts.get(fact) == value, fact


@pytest.mark.parametrize(
    ("text", "replacement"),
    [
        # 27B1(a): the lowest sufficient bid in the same denomination, over the highest bid before
        ("In the auction 1♠ - 2♣ - 2♥ my partner has bid 2♦ after the 2♥, clearly insufficient. "
         "He wants to correct to 3♦.", "lowest_same_denomination"),
        ("IB. offender put 1H over 2C, then replaced with 1NT", "insufficient"),
        ("Est a dit 1♥ sur le 1♠ de Nord, Sud refuse, Est corrige en 2♥",
         "lowest_same_denomination"),
    ],
)
def test_the_replacement_is_read(text: str, replacement: str) -> None:
    _reads(text, "insufficient_bid", {"replacement": replacement})


@pytest.mark.parametrize(
    ("text", "over"),
    [
        ("west explained easts double as takeout, it is penalty in their system; we are still "
         "in the auction", False),
        ("Nord a expliqué le 2♦ de Sud comme naturel, c'était un transfert, enchères en cours",
         False),
        ("East explained 2NT as minors, it was a strong raise; we found out at the end of "
         "the hand", True),
        # the lead not yet faced: the auction period is not over (Law 17D)
        ("East explained 2NT as minors, it was a strong raise; we found out after the final "
         "pass, before the opening lead", False),
    ],
)
def test_whether_the_auction_is_over_is_read(text: str, over: bool) -> None:
    result = classify(text)
    assert result.irregularity == "misinformation"
    assert result.facts.get("auction_over") is over


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # the writer's seat stated, the offender told relative to him
        ("my RHO just bid 1S after my partners 1NT. Im sitting East.", "N"),
        ("2♦ sur 2♥ par mon rho, je suis est, et jai deja passe dessus sans voir", "N"),
        ("Opponent make 1NT, then my partner bid 1 heart. West is my partner.", "W"),
        ("je suis Sud, mon ptn a ouvert 1♣ hors tour", "N"),
    ],
)
def test_the_writers_seat_places_a_relative_offender(text: str, offender: str) -> None:
    assert classify(text).facts.get("offender") == offender


@pytest.mark.parametrize(
    ("text", "call"),
    [
        # Law 25: the call first made is the one the change of call is about
        ("pard pulled the wrong card, 2H instead of 2S, noticed straight away", "2H"),
        ("my partner said 2 clubs then said no wait 2 diamonds. is that allowed", "2C"),
        ("il a tiré le carton passe au lieu de 2♦, il a corrigé tout de suite", "P"),
        # the changer's own call, not the call another player made in between
        ("South bid 3H, West passed, then South said 'Actually I'll have 4H.' We called the "
         "TD; he said it's a change of mind after LHO called so 3H stands.", "3H"),
        ("Tbl 12 Bd 2 Dlr N. N opened 1♣, E overcalled 1♥, and only then N said he'd pulled "
         "the wrong card -- meant 1♦.", "1C"),
        # "Nord peut reprendre sa déclaration" is the LHO's option (25A6), not the change
        ("Étui 4. Enchères : N 1♦ ; E passe ; S 1♠ ; O 2♠ (carton). Faits : le joueur assis en "
         "Ouest déclare avoir sorti le carton 2♠ au lieu du carton 2♥, situé juste à côté "
         "(erreur mécanique). Il s'en est aperçu immédiatement. Décision : substitution "
         "autorisée (Loi 25A) ; Nord peut reprendre sa déclaration s'il l'avait faite.", "2S"),
    ],
)
def test_a_change_of_call_names_the_call_first_made(text: str, call: str) -> None:
    _reads(text, "change_of_call", {"call": call})


@pytest.mark.parametrize(
    ("text", "law_ref"),
    [
        ("read me L16B pls", "16B"),
        ("L39 text?", "39"),
        ("Quelle loi s'applique pour une ouverture hors tour ? J'aimerais en lire le texte.", None),
    ],
)
def test_a_request_for_the_text_of_a_law_is_a_lookup(text: str, law_ref: str | None) -> None:
    _reads(text, "law_lookup", {"law_ref": law_ref})


def test_an_incident_asking_which_law_is_still_the_incident() -> None:
    assert classify("Est a dit 1♥ sur mon 1♠, quelle loi ?").irregularity == "insufficient_bid"


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # Law 16B: a remark quoted, a face, a tempo: unauthorized information
        ("My LHO said 'oh no' when his partner bid 3NT. Then he bid 4♠. Is this allowed?",
         "unauthorized_information"),
        ("Quand son partenaire a annoncé 4 cœurs, l'adversaire a dit « t'es sûr ? », puis son "
         "partenaire a enlevé à 4 piques.", "unauthorized_information"),
        ("son partenaire a fait une grimace quand il a vu le contre", "unauthorized_information"),
        # a call said aloud in quotes is no remark
        ("my RHO said 4♠ and after my pass said 'sorry 4♥'", "change_of_call"),
    ],
)
def test_remarks_and_faces(text: str, irregularity: str) -> None:
    assert classify(text).irregularity == irregularity


@pytest.mark.parametrize(
    "text",
    [
        # Law 37: the pass out of turn is why he had to pass; the bid is the irregularity
        "My partner must pass one time because of his pass out of turn, but at his turn he "
        "bid 2♣.",
        "Est avait passé hors tour et devait donc passer à son tour suivant, mais il a dit 1SA.",
        # two seats of two phrases ("de S) → N") are no pair named (N/S)
        "T4 É18. N obligé de passer (27B2 après insuff. de S) → N dit 3♠. E pas parlé.",
        # 38C then 37: the side barred after a bid above seven ("NS pass for rest of
        # auction", "we both pass rest of auction") and a call by one of them
        "B29 T14: S bid 8♠, cancelled, NS pass for rest of auction. Later N bid 4♠; E (LHO) "
        "passed over it b4 I got there.",
        "I'm East. bid 8S by mistake earlier, TD said we both pass rest of auction. my partner "
        "then bid 4NT lol",
        # "avant O" is when North passed; North is the one who must pass (30B1(a))
        "D9 dlr O : N passe avant O → doit passer à son prochain tour. Il annonce 1♥ ; E passe "
        "par-dessus avant l'appel.",
    ],
)
def test_a_call_by_a_player_obliged_to_pass(text: str) -> None:
    assert classify(text).irregularity == "call_when_obliged_to_pass"


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # the obligation is the rectification told; the calls after it are named, not
        # made by the barred player: the call out of rotation is the incident (31A2, 30B)
        ("Est a ouvert 1♣. Sud a passé, Ouest a dit 3SA. L'arbitre a jugé que le 3SA n'était "
         "pas comparable au 1SA d'ouverture hors tour d'Ouest et qu'Est devait passer à son "
         "prochain tour. Est a clairement profité de l'information du 1SA annulé.",
         "bid_out_of_rotation"),
        ("Nord ouvre 1SA, je passe, et Sud pose le carton Surcontre. Personne n'avait contré ! "
         "L'arbitre a annulé le surcontre, Sud a dit 3SA, et Nord devait passer pendant tout le "
         "reste des enchères. Ensuite tout le monde a passé, 3SA fait.", "inadmissible_double"),
        # an obligation a side argues for, not one in force (32A2 ruled, then appealed)
        ("Dealer South. South opened 1♦ and West passed. Before North had called, East doubled "
         "1♦ for takeout. South did not accept the double. North responded 1♠ and East doubled "
         "again. The director ruled it comparable; West bid 2♥. North-South argue that West "
         "should have been required to pass at his next turn.", "double_out_of_rotation"),
        # the director's own report: "un contre d'appel de 1♠", "une ouverture de 1♣"
        # name calls weighed, not calls made by the barred partner (31A2)
        ("Rapport de l'arbitre. Donneur Est. Sud a ouvert 1♣ avant qu'Est n'ait parlé ; Ouest "
         "n'a pas accepté. Est a ouvert 1♠ et Sud a contré. J'ai estimé qu'un contre d'appel "
         "de 1♠ n'avait pas la même signification qu'une ouverture de 1♣, et Nord a dû passer "
         "une fois.", "bid_out_of_rotation"),
    ],
)  # fmt: skip
def test_an_obligation_kept_is_no_call_when_obliged_to_pass(text: str, irregularity: str) -> None:
    # Law 37 needs a call by the barred player; "3SA fait", "du 1SA annulé" name calls
    assert classify(text).irregularity == irregularity


@pytest.mark.parametrize(
    ("text", "offender", "call"),
    [
        # Law 33: of two calls made at once, the one out of turn is the irregularity
        ("simultaneous calls N/E, E 2H", "E", "2H"),
        ("Appels simultanés S (2♣) et O (passe), tour de S.", "W", "P"),
        ("Two players put bidding card together at same time, West 2♠ and North pass. "
         "It was West turn.", "N", "P"),
    ],
)
def test_simultaneous_calls_name_the_player_out_of_turn(text: str, offender: str,
                                                         call: str) -> None:
    result = classify(text)
    assert result.irregularity == "simultaneous_calls"
    assert (result.facts.get("offender"), result.facts.get("call")) == (offender, call)


@pytest.mark.parametrize(
    ("text", "irregularity", "call"),
    [
        # Law 37: the barred player's call is the one made after the bar, even a double
        ("The opponent West has to pass (director said) and he doubled 4♠.",
         "call_when_obliged_to_pass", "X"),
        ("E barred after the ruling (1S out of turn by E, told E must pass throughout). "
         "At his next turn E bid 3C.", "call_when_obliged_to_pass", "3C"),
        # Law 36: a redouble of an undoubled bid; the double named is the one never made
        ("Mon adversaire de gauche a surcontré alors que personne n'avait contré.",
         "inadmissible_double", "XX"),
    ],
)
def test_the_irregular_call_is_the_one_told_as_made(text: str, irregularity: str,
                                                    call: str) -> None:
    result = classify(text)
    assert result.irregularity == irregularity
    assert result.facts.get("call") == call


@pytest.mark.parametrize(
    ("text", "unintended"),
    [
        # Law 25A: a slip of the hand; 25B: a change of mind
        ("Sud a sorti 1♠ alors qu'il voulait 1♣, les cartons étaient côte à côte.", True),
        ("My partner bid 5♣ and then 5♦ very fast, he says he pulled the wrong one by mistake.",
         True),
        ("Mon partenaire a dit trois sans-atout, puis s'est ravisé et a dit quatre piques.", False),
        # the director's finding stands over what the opponents were "quite sure" of (25A)
        ("North pulled out the 4S card meaning 4H. The director decided it was a genuine "
         "mechanical slip and let him change it. East and West were quite sure North had "
         "simply changed his mind.", True),
        # a lapse in concentration is no slip (25A, 2017)
        ("West said 1S, then 'sorry, 1NT'. The director said it was a lapse in "
         "concentration about what he meant to bid.", False),
    ],
)
def test_a_slip_and_a_change_of_mind_are_told_apart(text: str, unintended: bool) -> None:
    result = classify(text)
    assert result.irregularity == "change_of_call"
    assert result.facts.get("unintended") is unintended


@pytest.mark.parametrize(
    ("text", "any_bid_before"),
    [
        # Law 30A: a pass out of rotation before any bid; 30B: after one
        ("POOT by N, E's turn, first call of the auction", False),
        ("Passe hors tour d'Ouest avant le donneur, Nord.", False),
        ("South passed out of turn. East had not yet called. The auction had begun with "
         "1 Diamond by North.", True),
        ("my RHO said pass too early, it was my turn, and we had 1♣ - 1♥ before", True),
    ],
)
def test_whether_a_bid_came_before_the_pass_out_of_rotation(text: str,
                                                            any_bid_before: bool) -> None:
    result = classify(text)
    assert result.irregularity == "pass_out_of_rotation"
    assert result.facts.get("any_bid_before") is any_bid_before


@pytest.mark.parametrize(
    ("text", "turn_of"),
    [
        # Law 31A: the first call of the auction out of rotation was the dealer's turn
        ("My partner opened 1♥ but it was not his turn, the dealer was me.", "partner"),
        ("The player on my right open out of turn 1♦. I am dealer. What I do?", "lho"),
        ("LHO jumped in with 1D. dealer was pard, who hadnt called yet.", "lho"),
        # "c'était à lui": the player named before, not the writer who opened (31)
        ("j'ai sauté mon partenaire : j'ai ouvert 1♠ alors que c'était à lui, oups", "partner"),
    ],
)
def test_the_dealers_turn_for_a_first_call_out_of_rotation(text: str, turn_of: str) -> None:
    _reads(text, "bid_out_of_rotation", {"turn_of": turn_of})


@pytest.mark.parametrize(
    "text",
    [
        # Law 25A1: a change before the LHO called; the text says he had not
        "RHO bid 2♠ and then changed for 3♠ before anybody call. RHO said was mistake in the box.",
        "The opponent East put 1NT and then took back and put 2♣. South had not bid.",
        "Ouest pose 1♦ puis se ravise et met 1♥ avant que Nord ait parlé.",
    ],
)
def test_the_lho_had_not_called_yet(text: str) -> None:
    result = classify(text)
    assert result.irregularity == "change_of_call"
    assert result.facts.get("lho_called_since") is False


@pytest.mark.parametrize(
    ("text", "rho_action"),
    [
        # Law 31A: what the offender's RHO, whose turn it was, did after the refusal
        ("Dlr S. W opened 1H out of turn, N did not accept. S then passed.", "pass"),
        ("Donneur Nord. Est a ouvert 1♠ hors tour, Sud refuse. Nord a ensuite dit 1SA.", "call"),
        # the refused call named again in the ruling ("cancelled my 1NT") is no call after it
        ("The dealer is South, and I am West. I have opened 1NT before South has said "
         "anything. North did not want to accept. The director has cancelled my 1NT, and South "
         "has opened 1H.", "call"),
        # the RHO told not to have called yet: both courses of 31A1/31A2 are set out
        ("Est a ouvert 1♥ alors que c'était à Nord. Sud n'accepte pas. Nord n'a pas encore parlé.",
         "undecided"),
        ("East opened 1H out of turn at North's turn, South did not accept, North has not "
         "called yet", "undecided"),
    ],
)
def test_what_the_rho_did_after_a_bid_out_of_rotation(text: str, rho_action: str) -> None:
    _reads(text, "bid_out_of_rotation", {"rho_action": rho_action})


@pytest.mark.parametrize(
    ("text", "irregularity", "rho_action"),
    [
        # 31A after 27A2: an insufficient bid out of rotation, the RHO's call told (audit 10, 34)
        ("Donneur Nord. Nord 1♥, Est passe, et Ouest dit 1♦ alors que c'était à Sud de parler "
         "(enchère insuffisante et hors tour). Nord n'accepte pas. Sud a ensuite dit 1♠.",
         "insufficient_bid", "call"),
        # the refused call named again by the director is no call made (audit 10, 59)
        ("Donneur Est. Est passe, puis Ouest ouvre 1♠ alors que c'était à Sud de parler. "
         "J'étais l'arbitre : Nord n'a pas voulu accepter, j'ai annulé le 1♠. Sud a ensuite "
         "passé, et Ouest a répété 1♠.", "bid_out_of_rotation", "pass"),
    ],
)  # fmt: skip
def test_what_the_rho_did_after_the_refusal_read_past_the_ruling(
    text: str, irregularity: str, rho_action: str
) -> None:
    _reads(text, irregularity, {"rho_action": rho_action})


@pytest.mark.parametrize(
    ("text", "replacement"),
    [
        # Law 27B: the call the offender makes after the refusal is the replacement
        # a sufficient bid that is not the lowest in the same denomination: whether
        # it is comparable (27B1(b)) is the director's judgement, left open
        ("Nord ouvre 1♥, Est dit 1♦, Sud refuse. Est dit alors 1SA.", None),
        ("Nord ouvre 1♥, Est dit 1♦, Sud refuse. Est dit alors 1SA, pas comparable.",
         "other_bid"),
        ("sud 2♥, ouest 2♦ insuffisant, nord refuse, et ouest sort 2♣ !! encore plus bas",
         "insufficient"),
        ("LHO opened 1♥, partner bid 1♦ and then apologized and put out 2♦.",
         "lowest_same_denomination"),
        ("2♠ - 2♥ by opponent. I don't accept. Now he not know what he bid, he think.",
         "undecided"),
        ("W 1♥, E 2♦ insufficient over N's 2♥. I declined it. East has not yet chosen what to "
         "replace it with.", "undecided"),
        ("N 1♠, E 1♥ insuffisant, refusé. Est ne sait pas par quoi remplacer.", "undecided"),
        ("My partner (South) bid 2H over their 2S by accident and fixed it to 3H.",
         "lowest_same_denomination"),
    ],
)
def test_the_replacement_of_an_insufficient_bid(text: str, replacement: str) -> None:
    _reads(text, "insufficient_bid", {"replacement": replacement})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Law 27A/29A: a refusal said as an answer, or with a French "pas" after the verb
        ("Est a dit 1♥ sur le 1♠ de Nord. Sud accepte? non il refuse.", {"lho_accepts": False}),
        ("East bid 1H over North's 1S. No, South refuses.", {"lho_accepts": False}),
        ("East bid 1H over North's 1S. No he doesn't accept.", {"lho_accepts": False}),
        ("Est a dit 1♥ sur le 1♠ de Nord. Non il accepte pas.", {"lho_accepts": False}),
        ("Est a dit 1♥ sur le 1♠ de Nord. Sud accepte, pas de souci.", {"lho_accepts": True}),
        ("west bid 2h over my 2s, i said no i dont accept", {"lho_accepts": False}),
        # a refusal with a verb between ("doesnt want to accept"); the question
        # asked is no acceptance, the answer after it is the refusal
        ("East bid 1H over North's 1S. South doesnt want to accept.", {"lho_accepts": False}),
        ("East bid 1H over North's 1S. The director asked South whether he wished to accept "
         "the bid, and South said no.", {"lho_accepts": False}),
        # the answer in a short sentence of its own after the question
        ("I sat North and opened 1NT, East bid 2S, my partner 3H, and my RHO put down 3D. The "
         "director asked whether I wished to accept it. I did not.", {"lho_accepts": False}),
        ("Nord ouvre 1♠, Est dit 1♥. L'arbitre demande à Sud s'il accepte. Il a dit non.",
         {"lho_accepts": False}),
        ("Est a dit 1♥ sur le 1♠ de Nord. J'étais Sud, l'arbitre m'a demandé si j'acceptais : "
         "j'ai refusé.", {"lho_accepts": False}),
        # the option explained is no answer; the answer told after it is
        ("Nord ouvre 1♣, Est 1♠, Sud 1♦. L'arbitre explique à Ouest qu'il peut accepter "
         "l'enchère. Ouest refuse.", {"lho_accepts": False}),
        ("East bid 1H over North's 1S. South could have accepted it by calling, but chose "
         "not to.", {"lho_accepts": False}),
        ("Est a dit 1♥ sur le 1♠ de Nord. J'ai expliqué à Sud qu'il pouvait accepter en "
         "parlant, mais il a préféré pas.", {"lho_accepts": False}),
        # a form's question and its answer
        ("Dlr S. S P, W 1D, N P, E 1C. LHO (S) accepts? NO", {"lho_accepts": False}),
        ("Est a dit 1♥ sur le 1♠ de Nord. Sud accepte ? non.", {"lho_accepts": False}),
        ("East bid 1H over North's 1S. LHO accepts? yes", {"lho_accepts": True}),
        # any form of the words (imperfect, noun, "declines", "condoned"), by a side
        ("Bd 6. 1S (N) - 1H (E). Insufficient. S declines, E to correct.",
         {"lho_accepts": False}),
        ("Nord a dit 1♥ sur le 1♠ d'Ouest, Est a dit qu'il acceptait pas.",
         {"lho_accepts": False}),
        ("Board 14, West opener 1♥, North 1♠, East 1♦. North side says no accept.",
         {"lho_accepts": False}),
        ("N 1S, E 1H. North-South refuse.", {"lho_accepts": False}),
        ("N 1S, E 1H. The 1H was condoned by South.", {"lho_accepts": True}),
        # an answer said to the director's question, the question itself not a statement
        ("East bid 1H over North's 1S. The director asked South if he accepted; South said no.",
         {"lho_accepts": False}),
        ("East pass over North's 1S, then East bid 1H. The director asked South whether he "
         "accepts it. He said yes.", {"lho_accepts": True}),
        # 27B: the replacement is the offender's call after the refusal, not an option
        # the director told, nor a call only named again ("he forgot the 1♠")
        ("South 1♦ over East's 1♥. West is not accepting. I am South, I want to bid 2♦ now.",
         {"lho_accepts": False, "replacement": "lowest_same_denomination"}),
        ("Nord ouvre 1♥, Est dit 1♦, Sud n'accepte pas. L'arbitre dit qu'Est pouvait dire 2♦. "
         "Est a choisi de passer.", {"lho_accepts": False}),
    ],
)  # fmt: skip
def test_a_refusal_stated_in_any_form_is_read(text: str, expected: dict[str, object]) -> None:
    _reads(text, "insufficient_bid", expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 31A1: the story after a refusal is not the auction before it; the dealer told
        # with a copula far from the word; the first bid by a non-dealer (turn of the dealer)
        ("Dealer South. West opened 1♥ out of rotation. North chose not to accept it. "
         "South then passed and West bid 1♥ again.",
         {"offender": "W", "turn_of": "rho", "lho_accepts": False, "rho_action": "pass"}),
        # the refusal told as an acceptance not wanted; what the RHO did after it (31A1)
        ("I was South. West dealt and passed, my partner passed, and before East had said "
         "anything I put out 2♣, our strong artificial opener. West, on my left, did not want to "
         "accept it, so the director cancelled it. He told us that because 2♣ was artificial he "
         "would look at what it showed. East then passed and I had to repeat my 2♣.",
         {"offender": "S", "lho_accepts": False, "rho_action": "pass"}),
        ("The dealer, according to the board, was South. However, West opened the bidding "
         "with 1♦.", {"offender": "W", "dealer": "S", "turn_of": "rho"}),
    ],
)  # fmt: skip
def test_a_narrative_bid_out_of_rotation(text: str, expected: dict[str, object]) -> None:
    _reads(text, "bid_out_of_rotation", expected)


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # 28B: the player whose turn it was told calling next, with no refusal told
        ("Dealer East. South opened 1♠ before East called. East then passed.",
         "bid_out_of_rotation", {"offender": "S", "correct_player_called": True}),
        ("east opened 1d, then west said wait im dealer and opened 1s", "bid_out_of_rotation",
         {"offender": "E", "correct_player_called": True}),
        ("donneur nord, est passe, puis nord ouvre 1♥", "pass_out_of_rotation",
         {"offender": "E", "correct_player_called": True}),
        # after a refusal it is the rectification, not 28B
        ("Donneur Nord. Est a ouvert 1♠ hors tour, Sud refuse. Nord a ensuite dit 1SA.",
         "bid_out_of_rotation", {"correct_player_called": False}),
        # 23A: the comparable call as the text judges it
        ("Au second tour, Est a dit 3♣ avant son partenaire. L'arbitre a jugé qu'en répétant 3♣ "
         "à son tour il ferait une enchère comparable.", "bid_out_of_rotation",
         {"comparable": True}),
        ("nord a passe hors tour, puis a son tour il a encore passe, larbitre dit que cest "
         "comparable donc pas de sanction", "pass_out_of_rotation", {"comparable": True}),
        # the judgement, not the rule explained before it ("if his call is comparable …")
        ("Dealer South. South opened 1H and East doubled before West had called. South did not "
         "accept. The TD told East that if his next call was comparable there would be no "
         "further rectification. East doubled again; the TD judged it not comparable.",
         "double_out_of_rotation", {"comparable": False}),
        ("Donneur Sud. Sud ouvre 1♥ et Est contre avant Ouest. Sud refuse. L'arbitre dit à Est "
         "que si son enchère est comparable au contre retiré, rien de plus. Est dit 2♠ : pas "
         "comparable, juge l'arbitre.", "double_out_of_rotation", {"comparable": False}),
    ],
)  # fmt: skip
def test_the_call_in_turn_and_a_comparable_call(
    text: str, irregularity: str, expected: dict[str, object]
) -> None:
    _reads(text, irregularity, expected)


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # 17D1: the auction period ends when the opening lead is faced, however told
        ("Partner explained my 4♦ as natural, it is a splinter. I am declarer now and the "
         "opening lead is not yet made.", "misinformation", {"auction_over": False}),
        ("2SA expliqué fitté, en fait bicolore mineur. Déclarant O, entame pas encore faite.",
         "misinformation", {"auction_over": False}),
        ("Alerte oubliée sur 2 sans-atout (Jacoby). Entame faite.", "misinformation",
         {"auction_over": True}),
        ("il m'a dit que 4♦ etait un splinter, cetait un cue-bid. jai entamé a cause de ca",
         "misinformation", {"auction_over": True}),
        ("after the auction ended west said '5 clubs' and then realized. north hadnt led yet",
         "call_after_final_pass", {"auction_over": False}),
        ("Explanation after the auction: 'transfer' but the bidder had a natural hand. The "
         "lead was already on the table.", "misinformation", {"auction_over": True}),
        # found at the end of the play (21B3); found while a player was still to call (21B1)
        ("Explication fausse : Nord a alerté 2♦ comme Multi, c'était faible à carreau. On l'a "
         "découvert à la fin du coup.", "misinformation", {"auction_over": True}),
        ("North opened 1NT. East asked, South said 12-14; they play 15-17. East passed. Then "
         "before West called, the mistake came out.", "misinformation",
         {"auction_over": False}),
    ],
)  # fmt: skip
def test_whether_the_opening_lead_was_faced(
    text: str, irregularity: str, expected: dict[str, object]
) -> None:
    _reads(text, irregularity, expected)


@pytest.mark.parametrize(
    "text",
    [
        # 36B: the call told in prose after (or placed after) a listing is replayed with it
        "The auction was 1♥ (S) – 1♠ (W) – double (N) – redouble (E) – pass (S) – pass (W), "
        "and now North redoubled again.",
        "North redoubled after 1H (S) - 1S (W) - X (N) - XX (E) - P - P.",
    ],
)
def test_a_call_told_beside_a_listing_is_replayed_with_it(text: str) -> None:
    result = classify(text)
    assert result.irregularity == "inadmissible_double", result
    assert result.facts.get("offender") == "N"
    assert result.facts.get("call") == "XX"


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # 25A, 36, 37, 38: the offender's LHO told silent, however said
        ("S : 2♦ → 2♥ aussitôt (« mauvais carton »). O n'a pas parlé. Involontaire. 25A.",
         "change_of_call", {"offender": "S", "lho_called_since": False}),
        ("S: 2♦ → 2♥ at once (wrong card). W not called. Unintended. 25A.",
         "change_of_call", {"offender": "S", "lho_called_since": False}),
        ("Donneur N. 7♠ (N) 8♥ (E). S n'a pas parlé. Loi 38.", "bid_above_seven",
         {"offender": "E", "lho_called_since": False}),
        # a player told calling is not silent
        ("N's double came at W's turn. E didn't care and bid 2H over it",
         "double_out_of_rotation", {"lho_accepts": True}),
        # "before anyone noticed", "before we called the TD": nobody saw, the writer
        # called the director; the LHO's call told stands (36A)
        ("North opened 1S, East passed, South redoubled (nobody had doubled!). West then bid "
         "2D before anyone noticed.", "inadmissible_double",
         {"offender": "S", "lho_called_since": True}),
        ("Dealer N: 1S - pass - XX - 2D. The XX was inadmissible (no double). West bid 2D over "
         "it before we called the TD.", "inadmissible_double",
         {"offender": "S", "lho_called_since": True}),
    ],
)  # fmt: skip
def test_a_player_told_silent(text: str, irregularity: str, expected: dict[str, object]) -> None:
    _reads(text, irregularity, expected)


@pytest.mark.parametrize(
    ("text", "replacement"),
    [
        # 27B: the replacement told as a choice or a replacing word, after the call
        ("IB 3C over 3D, replaced by pass. Partner barred?", "pass"),
        ("Ma gauche a ouvert 1♠, ma droite a dit 2♠, et moi j'ai dit 2♥. Ma gauche ne l'a pas "
         "accepté. J'ai choisi de passer.", "pass"),
        ("East opened 1♠ and South put out 1♥. West didn't accept it. The director said I "
         "could bid 2♥. I chose 2♥.", "lowest_same_denomination"),
        # a double told comparable (27B1(b))
        ("N ouvre 1♣, E intervient 1♠, S dit 1♥. O refuse. Un contre promet lui aussi 4 cœurs : "
         "enchère comparable. S contre.", "comparable"),
        # 27C: replaced before the director ruled, the insufficient bid named as the
        # one replaced ("son 1♦"), not the replacement
        ("Enchère insuffisante : Nord 1♥, Est 1♦. Avant l'arrivée de l'arbitre, Est a remplacé "
         "son 1♦ par 2♦.", "lowest_same_denomination"),
        ("Nord ouvre 1♥, Est dit 1♦ puis tout de suite, sans attendre l'arbitre, il corrige en "
         "2♦. Sud n'a pas parlé.", "lowest_same_denomination"),
        # "finit par passer": the pass he ended with (27B2)
        ("Ouest ouvre 1♠, Nord annonce 1♥ (insuffisant). Est refuse. Nord finit par passer.",
         "pass"),
        # the same bid as the one it was insufficient against is still insufficient (27B4)
        ("Nord ouvre 1♥, Est dit 1♦, Sud refuse. Est dit alors 1♥ (toujours insuffisant !). "
         "Sud n'accepte pas non plus.", "insufficient"),
    ],
)  # fmt: skip
def test_the_replacement_told_as_a_choice(text: str, replacement: str) -> None:
    result = classify(text)
    assert result.irregularity == "insufficient_bid", result
    assert result.facts.get("replacement") == replacement, result.facts


@pytest.mark.parametrize(
    ("text", "unintended"),
    [
        # 25A: a slip told in the writer's own words
        ("Dlr E. E 1NT from box, immediately replaced with 1C: card stuck to adjacent one.", True),
        ("mon adv a sorti 2♠ de la boite puis la remis et a pose 2♥ a la place, il dit que cest "
         "une erreur de doigt", True),
        ("pard thumbed 2S from the box meaning 2NT, pulled it straight back", True),
        ("donneur O : 1♥ – 1♠ (N), N retire aussitôt et pose 1SA : carton voisin, sans "
         "réflexion.", True),
        # 25B: a change of mind, or a slip denied
        ("North bid 2♥, after a few seconds he took back and placed 2♠. He said he has decided "
         "that 2♠ is better.", False),
        ("E 1♠, puis : « non, 2♠ ! ». Pas un carton mal pris : E avait mal évalué sa main.",
         False),
    ],
)  # fmt: skip
def test_a_slip_or_a_change_of_mind_in_own_words(text: str, unintended: bool) -> None:
    result = classify(text)
    assert result.irregularity == "change_of_call", result
    assert result.facts.get("unintended") is unintended, result.facts


@pytest.mark.parametrize(
    ("text", "side"),
    [
        # 39: the offender's side from a player told declaring or defending
        ("The auction ended 1♠ (N) – pass – 4♠ – pass – pass – pass. After the final pass, East "
         "said 'double' before the opening lead. North is declarer.", "defending"),
        ("T6 : enchère de S après le dernier passe (3♣ sur 2♠ final d'E/O). S défendra. 39.",
         "defending"),
    ],
)  # fmt: skip
def test_the_offenders_side_after_the_final_pass(text: str, side: str) -> None:
    result = classify(text)
    assert result.irregularity == "call_after_final_pass", result
    assert result.facts.get("offender_side") == side, result.facts


def test_an_opening_told_again_after_the_call_is_not_a_second_bid() -> None:
    # 39, not 27: "partner opened 1NT" is the 1NT already told, no bid under
    # the 2♥ and no call by the 2♥'s LHO since
    result = classify("after 1NT p p p, my LHO said 2H. I am N, partner opened 1NT.")
    assert result.irregularity == "call_after_final_pass", result
    assert (result.facts.get("offender"), result.facts.get("call")) == ("E", "2H"), result.facts
    assert "lho_called_since" not in result.facts, result.facts


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # 15, 25: a player told calling since the irregular call ("already", "after")
        ("played the wrong board! north picked up board 8's hand and bid 1NT. only noticed "
         "after his partner responded", "wrong_board", {"partner_called_since": True}),
        ("Le gars a mis le carton passe, pis après que son partner a callé, y veut changer pour "
         "contre.", "change_of_call", {"partner_called_since": True}),
        # 39B: the LHO told calling "par-dessus" after a listed auction (audit 10, 44)
        ("Donneur Ouest : 1♠ (O) - contre (N) - passe (E) - passe (S) - passe (O) - "
         "surcontre (N) ?! Est a dit 2♥ par-dessus avant que l'on s'en rende compte.",
         "call_after_final_pass", {"offender": "N", "lho_called_since": True}),
        # not the call an insufficient bid was made over ("2♣ par-dessus le 2♦ de Nord")
        ("On était Est-Ouest, lui en Ouest. Il a dit 2♣ par-dessus le 2♦ de Nord, Nord a refusé "
         "et il a changé pour passe.", "insufficient_bid", {"lho_accepts": False}),
    ],
)  # fmt: skip
def test_a_player_told_calling_since(
    text: str, irregularity: str, expected: dict[str, object]
) -> None:
    _reads(text, irregularity, expected)


@pytest.mark.parametrize(
    ("text", "side"),
    [
        # Law 39: the side that made the contract's bid declares
        ("The contract was 3♥ by North after three passes, then East said double.", "defending"),
        ("Enchères finies sur 2♠ de Sud, puis Nord a dit 3♠ après le dernier passe.",
         "declaring"),
        ("I bid 4♠, everyone passed, then my LHO redoubled after the final pass.", "defending"),
        # the player on lead defends, whether or not he has led yet
        ("After the final pass West, who was to lead, bid 5♣.", "defending"),
        # the words about one player stop at the next one named
        ("The auction ended with 2♠ by North, East (on lead) then bid 3♦.", "defending"),
        ("Après les trois passes, Est a dit 4♥ ; Sud n'avait pas encore entamé.", "declaring"),
        # the side told in words
        ("After the auction ended, my RHO doubled. We were the declarers.", "defending"),
        ("Après la fin des enchères, mon partenaire a contré. Nous étions en défense.",
         "defending"),
    ],
)
def test_the_offenders_side_from_the_contract_and_the_lead(text: str, side: str) -> None:
    _reads(text, "call_after_final_pass", {"offender_side": side})


@pytest.mark.parametrize(
    ("text", "unintended"),
    [
        # a slip denied is a change of mind told (Law 25B), and thought denied a slip (25A)
        ("South put 2♣ then swapped it for 2♦ before West called; it was not a slip.", False),
        ("Ouest a posé 3♣ puis l'a remplacé par 3♦, ce n'était pas involontaire.", False),
        ("Nord a posé 1♠ puis l'a changé pour 1SA aussitôt, sans réflexion.", True),
        ("East pulled 2♥ then replaced it by 2♠, the cards were stuck.", True),
        ("Est a mis 2♦ puis 3♦, il avait mal compté ses points.", False),
        # 25A: the card pulled in place of another; 25B: the player's own second thoughts
        ("Ouest a tiré le carton contre au lieu du passe et l'a retourné aussitôt.", True),
        ("Sud sort 4♥ à la place du 4♠, il corrige de suite, Ouest n'a pas parlé.", True),
        ("I opened 1♣ and changed it to 1NT: I had changed my mind. LHO has not called.",
         False),
        ("W put 2♠, then after a moment's reflection replaced it with 3♠. N not called.", False),
        # a Law set aside is a finding too: "not 25A" is a change of mind (25B)
        ("N 2♣ then 'sorry, 2♦': lost concentration, not 25A. E declined, 2♣ stands.", False),
        # an opponent's claim is not what happened: the director's finding says it
        ("I meant 2NT and the 2♠ card came out, the cards are next to each other. West "
         "claimed I had changed my mind; the TD found a mechanical error.", True),
    ],
)
def test_a_slip_or_a_change_of_mind_in_any_words(text: str, unintended: bool) -> None:
    result = classify(text)
    assert result.irregularity == "change_of_call"
    assert result.facts.get("unintended") is unintended


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # words after the call tell a call after it, past the calls the text lists
        ("Nord a contré le 2♠ de son partenaire Sud, Est a parlé ensuite.", "lho_called_since"),
        ("West doubled his partner's 1♥ and North bid 2♣ afterwards.", "lho_called_since"),
        ("Surcontre inadmissible d'Ouest, Nord avait déjà passé derrière.", "lho_called_since"),
    ],
)
def test_a_call_told_after_the_inadmissible_double(text: str, fact: str) -> None:
    result = classify(text)
    assert result.irregularity == "inadmissible_double"
    assert result.facts.get(fact) is True


_READ_FACT_TEXTS = [
    "The contract was 3♥ by North after three passes, then East said double.",
    "Après la fin des enchères, mon partenaire a contré. Nous étions en défense.",
    "South put 2♣ then swapped it for 2♦ before West called; it was not a slip.",
    "Nord a posé 1♠ puis l'a changé pour 1SA aussitôt, sans réflexion.",
    "Nord a contré le 2♠ de son partenaire Sud, Est a parlé ensuite.",
    # words telling a call the listed calls miss or misplace: they rule, never a refutation
    "Surcontre inadmissible d'Ouest, Nord avait déjà passé derrière.",
    "West passed out of turn; North had not called. The auction had begun with 1♣ by East.",
]


@pytest.mark.parametrize("text", _READ_FACT_TEXTS)
def test_a_fact_read_from_the_text_is_never_asked(chat: Conversations, text: str) -> None:
    # issue 11 item 3: the dialogue asks only what the text left open
    read = classify(text).facts
    assert read, "the text states facts"
    replies = chat.text("tg:11", text)
    for _ in range(8):
        questions = [r.question for r in replies if r.question is not None]
        if not questions:
            break
        assert questions[-1].fact not in read, questions[-1].fact
        replies = chat.answer("tg:11", questions[-1].choices[0].value)
    assert any(r.ruling for r in replies)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 28-32: the players told not to have called show whose turn it was
        ("West doubled out of turn; his partner had not called yet.",
         {"turn_of": "partner"}),
        ("Sud a ouvert 1♦ hors tour. Est n'avait pas encore parlé.",
         {"turn_of": "rho"}),
        # 30B, 31B, 32: the offender had called before (a later round, a call of his told)
        ("Au 3e tour, Nord a dit 2♠ avant son adversaire de droite.",
         {"offender_called_before": True}),
        ("In the second round East passed before his partner.",
         {"offender_called_before": True}),
        ("N opened 1♣, E passed, S bid 1♥ and N passed before West.",
         {"offender_called_before": True}),
        # his earlier call told without naming it (audit 10, 26)
        ("East doubled when it was South's turn. East had already called earlier in the"
         " auction.", {"offender_called_before": True}),
        ("Est a contré alors que c'était à Sud de parler. Est avait déjà parlé avant.",
         {"offender_called_before": True}),
        # the first call of the auction, by another than the dealer
        ("Donneur Nord. Est a ouvert 1♠ le premier.", {"offender_called_before": False}),
    ],
)  # fmt: skip
def test_whose_turn_and_whether_the_offender_had_called(
    text: str, expected: dict[str, object]
) -> None:
    result = classify(text)
    assert result.irregularity in ("bid_out_of_rotation", "pass_out_of_rotation",
                                   "double_out_of_rotation"), result
    for fact, value in expected.items():
        assert result.facts.get(fact) == value, (fact, result.facts)


@pytest.mark.parametrize(
    ("text", "any_bid_before"),
    [
        # Law 30: a dealer named and no bid told before the pass: it came before any bid
        ("Dealer North. East passed out of turn.", False),
        ("Donneur Ouest ; Sud a passé hors tour.", False),
        # the opener named: his opening came before the pass
        ("The opener's partner passed out of turn, it was my turn.", True),
        ("Le partenaire de l'ouvreuse a passé avant son tour.", True),
    ],
)
def test_whether_a_bid_came_before_the_pass_from_the_dealer_or_opener(
    text: str, any_bid_before: bool
) -> None:
    result = classify(text)
    assert result.irregularity == "pass_out_of_rotation", result
    assert result.facts.get("any_bid_before") is any_bid_before, result.facts


@pytest.mark.parametrize(
    ("text", "replacement"),
    [
        # 27B2: the partner told barred says the replacement was not comparable
        ("West bid 2♦ over 2♠, North refused and West replaced it with 3NT; East was barred.",
         "other_bid"),
        ("Ouest a dit 1♣ sur 1♥, Nord refuse, Ouest dit alors 2SA et son partenaire doit passer "
         "jusqu'à la fin.", "other_bid"),
        # the brief's own wording: a stated natural replacement at the lowest level
        ("N opened 1S, E bid 1H, S refused; he replaced it with 2H natural",
         "lowest_same_denomination"),
    ],
)  # fmt: skip
def test_the_replacement_from_what_the_director_told(text: str, replacement: str) -> None:
    result = classify(text)
    assert result.irregularity == "insufficient_bid", result
    assert result.facts.get("replacement") == replacement, result.facts


@pytest.mark.parametrize(
    ("text", "irregularity", "fact", "value"),
    [
        # Law 25: "already" before the player told calling since
        ("My LHO changed his 2♣ to 2♦, but already his partner had passed.",
         "change_of_call", "partner_called_since", True),
        ("Ouest a voulu changer son 1♥ en 1♠, mais déjà son partenaire avait parlé.",
         "change_of_call", "partner_called_since", True),
        # a note's bare LHO beside "pard" is the offender's: his acceptance (29A)
        ("pard passed out of turn and lho accepted, he bid 1♠", "pass_out_of_rotation",
         "lho_accepts", True),
    ],
)  # fmt: skip
def test_who_called_since_and_who_accepted_in_a_note(
    text: str, irregularity: str, fact: str, value: object
) -> None:
    result = classify(text)
    assert result.irregularity == irregularity, result
    assert result.facts.get(fact) == value, result.facts


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        # Law 24: cards named by rank and suit, in letters or words, counted
        ("During the bidding West dropped the ♥K face up.", "one_honour"),
        ("Pendant les enchères, Est a laissé voir le V♣.", "one_honour"),
        ("North showed the 6 of diamonds while the auction was going on.", "one_low"),
        ("Pendant les enchères, la carte 3♠ de Sud est tombée face visible.", "one_low"),
        ("During the auction South's ♦Q and ♣5 fell face up.", "several"),
        ("Pendant les enchères, le roi de ♥ et l'as de ♣ d'Ouest sont tombés.", "several"),
        ("During the auction two of his cards were exposed.", "several"),
        # a lead named as a rule or denied is not a card led
        ("During the auction the ♠9 of East was exposed, not led; lead restrictions?", "one_low"),
        # a bid told beside the card is not a second card
        ("After 1♠ by North, East dropped the ♦A face up during the auction.", "one_honour"),
    ],
)
def test_the_cards_exposed_during_the_auction(text: str, cards: str) -> None:
    result = classify(text)
    assert result.irregularity == "card_exposed_during_auction", result
    assert result.facts.get("cards") == cards, result.facts


@pytest.mark.parametrize(
    ("text", "turn_of"),
    [
        # the offender named with the turn word is not whose turn it was
        ("Passe hors tour de Nord, c'était à Est.", "lho"),
        ("Not at all a hesitation: South bid 1♥ when it was West's turn.", "lho"),
        ("Ouverture hors tour d'Est (1♣), son partenaire devait parler.", "partner"),
        # the player still thinking was the one whose turn it was
        ("West opened 1♦ while North was still thinking.", "lho"),
        ("Est a ouvert 1♠ ; Sud réfléchissait encore quand Nord a contré.", "partner"),
        # the player who was supposed to call first, or in whose place the offender called
        ("The lady on my right started the bidding with 1 heart, but I was supposed to start",
         "lho"),
        ("ok so i passed but it wasnt my turn, my partner was supposed to go first", "partner"),
        ("Mon partenaire a passé à ma place", "partner"),
        ("mon part a ouvert 1k a la place de ma droite", "lho"),
        ("lho passed out of turn when it was pds turn, we dont accept", "lho"),
        # an opening by another than the dealer: the dealer's turn (31)
        ("lho opened but i was dealer lol", "rho"),
        ("Partner opened 1NT when it was my deal.", "partner"),
        ("La dame en face de moi a dit 1 trèfle alors que c'était à moi de commencer.",
         "partner"),
        ("lho bid 2h b4 his rho had called", "rho"),
        # "c'était à ma droite": the turn told by side, the "à" kept (31A, 30A)
        ("J'ai ouvert 1♠ hors tour, c'était à ma droite.", "rho"),
        ("contre de ma part alors que c'était à ma gauche", "lho"),
        # the player who "was to speak", "must bid", "devait ouvrir"
        ("I doubled when my LHO was to speak.", "lho"),
        ("North passed when West must bid, after South's 1♥.", "rho"),
        ("Sud a ouvert 1♦ alors que son partenaire devait ouvrir.", "partner"),
        # "it was mine": the writer's turn, his seat told
        ("I'm West. Dlr E: 1♠ by East, South passes, and North doubled: not his turn, it "
         "was mine.", "rho"),
    ],
)
def test_whose_turn_it_was_beside_the_offender(text: str, turn_of: str) -> None:
    result = classify(text)
    assert result.facts.get("turn_of") == turn_of, result


@pytest.mark.parametrize(
    ("text", "fact", "value"),
    [
        # 27A1: a refusal told in the passive right after the offender's call
        ("1NT (S) 1S (W) not accepted", "lho_accepts", False),
        ("S 1NT W 1S refused", "lho_accepts", False),
        # a director's abbreviations: "acc." / "not acc."
        ("Bd 29. Dlr N. W: 1S oot (N's turn). N acc. by bidding 2H.", "lho_accepts", True),
        ("Dlr E. W 2C oot, E's turn. N not acc.", "lho_accepts", False),
        ("Bd 4 Dlr N. N 1S E 1H. IB. S NA. E repl. 2H (lowest same denom). L27B1a.",
         "lho_accepts", False),
        # 29A: the LHO calling over the call accepts it
        ("Nord a ouvert 1♥ hors tour et Est a enchéri dessus.", "lho_accepts", True),
        # 25A/25B: a change of mind said in other words, a box slip denied
        ("Nord a mis 1 pique, ensuite il change pour 1 sans atout. Il a changé son avis, "
         "ce n'est pas une erreur de la boîte.", "unintended", False),
        ("He put 3NT, then 2D instead, not a box slip", "unintended", False),
        ("J'ai passé puis je préfère dire 1SA", "unintended", False),
        # the Law a director's note cites says which: 25A a slip, 25B a change of mind
        ("1H/2C/4H/5C (S) then 'I'll pass instead'. W refuses. 5C stands, L25B",
         "unintended", False),
        ("N 2T → 2K, L25A", "unintended", True),
        # "not slip" denies the slip, not the change of mind told after it (25B)
        ("partner bid 3NT then immediately said no 4 hearts, it was not slip he just changed.",
         "unintended", False),
        # the box itself told as the cause (25A)
        ("I take 1C card but I want 1D. two cards together from box.", "unintended", True),
        ("I opened 1D but in my mind I said 1C, and my hand simply took the next card.",
         "unintended", True),
    ],
)
def test_facts_told_in_a_directors_shorthand(text: str, fact: str, value: object) -> None:
    assert classify(text).facts.get(fact) == value


@pytest.mark.parametrize(
    ("text", "fact", "value"),
    [
        # "not yet", "n'a pas appelé": the player named has not called since the call
        ("S must pass next turn but bid 1nt, W not yet. td?", "lho_called_since", False),
        ("Donne 52. N contre au tour où il devait passer. E n'a pas appelé.",
         "lho_called_since", False),
        ("B 27 Dlr E. E 4S S P, E: 'that was supposed to be 4H, stuck cards'. S had passed, "
         "W not yet.", "partner_called_since", False),
        # the director called before the next player's call (37, 36: the LHO had not called)
        ("T4 bd 11. N to pass throughout. N bid 2NT at his next turn; E called me before "
         "calling.", "lho_called_since", False),
        ("Dn 1, T5. N 1C – E P – S X (contre du partenaire !). Arbitre appelé avant O.",
         "lho_called_since", False),
        ("S obligé de passer (24B, as exposé) contre 2♠. Relevé avant O. 37A.",
         "lho_called_since", False),
        ("Dealer W. West opened 1H, North passed, East raised to 4H, and South, West and North "
         "all passed. South then doubled. West called the director before doing anything else.",
         "lho_called_since", False),
        # a bare "LHO" not yet called, the offender being partner: the next player,
        # not the writer's LHO, who called before partner (36, 38)
        ("pd doubled my 1S. LHO not called yet", "lho_called_since", False),
        # refusals as players say them: "ne prend pas", "wasn't having it"
        ("12h05 T14 Dlr S. S 1♦, O 1♠, N 2♦ — puis O contre 2♦ au tour d'E, son partenaire. "
         "N ne prend pas.", "lho_accepts", False),
        ("I opened 1S, partner raised to 2S, then said 'I'd rather make that 3S'. East, who "
         "was next, said he wasn't having that.", "lho_accepts", False),
        # two lower-case seats told silent; SMS "g deja repondu" is "j'ai déjà répondu" (25)
        ("etui 16 / n sort un contre au lieu du passe. s et e n'ont pas encore parlé.",
         "partner_called_since", False),
        ("n bid 2c, then 2d. s and e havent called", "lho_called_since", False),
        ("mon part a dit 2t au lieu de 2k, g deja repondu 2c, il peut changer?",
         "partner_called_since", True),
        ("Opps bid 7NT and my partner put down 8S as a 'joke'. LHO hasn't called yet.",
         "lho_called_since", False),
    ],
)
def test_who_has_called_since(text: str, fact: str, value: bool) -> None:
    assert classify(text).facts.get(fact) is value


@pytest.mark.parametrize(
    "text",
    [
        # Law 36: a double of the doubler's own side's call, named as an opening or a bid,
        # is inadmissible even when it was also out of turn
        "Ouest contrait donc l'ouverture de son partenaire, et en plus hors tour.",
        "contre de mon partenaire sur mon ouverture, c'était à son tour",
        "North doubled her own partner's opening.",
    ],
)
def test_a_double_of_the_own_sides_opening_is_inadmissible(text: str) -> None:
    assert classify(text).irregularity == "inadmissible_double"


def test_a_double_at_partners_turn_is_out_of_rotation() -> None:
    # Law 32: "at his partner's turn" says whose turn it was, not whose call was doubled
    assert classify("W doubled at his partner's turn").irregularity == "double_out_of_rotation"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 27A2: an insufficient bid out of rotation is the contract's insufficient_bid with
        # in_rotation false (the judge then applies Law 31)
        ("Nord ouvre 1♠, et avant qu'Est ait parlé, Ouest dit 1♥.",
         {"offender": "W", "call": "1H", "in_rotation": False}),
        # "qui n'était pas à son tour": the "ne" is the cue's own negation
        ("Sud, qui n'était pas à son tour, a dit un trèfle sur l'ouverture d'un carreau de "
         "Nord. C'était à Est de parler.", {"offender": "S", "call": "1C", "in_rotation": False}),
    ],
)  # fmt: skip
def test_an_insufficient_bid_out_of_rotation(text: str, expected: dict[str, object]) -> None:
    # read as either call (the words say a turn was missed, the calls a lower bid),
    # the calls replayed make it one incident: the judge rules 27A2, then Law 31
    result = classify(text)
    assert result.irregularity in ("insufficient_bid", "bid_out_of_rotation")
    assert {k: result.facts.get(k) for k in expected} == expected
    calls = result.facts.get("calls")
    if calls:
        ruled = rule(Incident.from_dict({
            "irregularity": result.irregularity, "calls": calls,
            "facts": {"lho_accepts": False},
        }))  # fmt: skip
        assert ruled.irregularity == "insufficient_bid"
        laws = getattr(ruled, "laws", None)  # (a question first when 31 needs one more fact)
        assert laws is None or "27A2" in laws and any(law.startswith("31") for law in laws)


def test_a_ruling_on_a_call_told_before_is_no_new_call() -> None:
    # 29A: "South's 1NT stands" retells the bid out of rotation West called over
    text = ("North was dealer, but South opened 1NT. West, not noticing, overcalled 2H. "
            "Auction continues normally, South's 1NT stands.")
    result = classify(text)
    assert (result.irregularity, result.facts.get("offender")) == ("bid_out_of_rotation", "S")


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # 36: the second redouble is of a redoubled bid; "Ouest n'a pas appelé" since
        ("Table 8, étui 6, donneur Nord. N 1♠, E contre, S passe, O passe, N surcontre, E "
         "passe, S surcontre. Sud surcontre une enchère déjà surcontrée ; Ouest n'a pas appelé.",
         "inadmissible_double", {"offender": "S", "call": "XX", "lho_called_since": False}),
        # 25A: "West hasn't called since" is no call since, though "called since" is in it
        ("I'm South and after West's 1NT and two passes I accidentally put out the double "
         "card instead of pass. West hasn't called since. can I still change it to pass??",
         "change_of_call", {"offender": "S", "call": "X", "lho_called_since": False}),
    ],
)  # fmt: skip
def test_facts_of_the_second_redouble_and_of_no_call_since(
    text: str, irregularity: str, expected: dict[str, object]
) -> None:
    result = classify(text)
    assert result.irregularity == irregularity
    assert {k: result.facts.get(k) for k in expected} == expected


def test_two_calls_linked_in_prose_do_not_hide_the_rest_of_the_story() -> None:
    # 31B: the prose names every caller; South's 1♠ at East's turn is the call out of turn
    text = ("South dealt and opened 1♣, West passed, North responded 1♥, and then — before "
            "East had called — South rebid 1♠. West declined to accept.")
    result = classify(text)
    assert result.irregularity == "bid_out_of_rotation"
    assert (result.facts.get("offender"), result.facts.get("call")) == ("S", "1S")


def test_an_obligation_the_director_ruled_and_kept_is_no_law_37() -> None:
    # 30B: the pass out of turn is the incident; "doit passer" is the director's ruling
    text = ("J'enrage pas. Donneur Est. Avant qu'Est ait parlé, mon partenaire Sud sort un carton "
            "passe. Ouest n'accepte pas. L'arbitre annule le passe, Est ouvre 1♣, et l'arbitre "
            "dit à Sud qu'il doit passer à son prochain tour. Sud a passé.")
    assert classify(text).irregularity == "pass_out_of_rotation"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 25A/25B: what the text says of the slip or the change of mind, and of who has called
        ("My partner put down 1 heart and then took it back and put 1 spade. She said her "
         "fingers slipped. I hadn't said anything yet.",
         {"unintended": True, "partner_called_since": False}),
        ("My partner say 2 spades and then he change to 3 spades because he think again",
         {"unintended": False}),
        ("Sud pose un carton 2SA puis le retire pour 3SA. Nord n'a encore rien dit.",
         {"partner_called_since": False}),
        ("1♣ posé par erreur, je voulais 1♦, personne n'a parlé depuis",
         {"unintended": True, "lho_called_since": False, "partner_called_since": False}),
        # a non-native speaker's change of mind; an exclamation set off by a comma
        # ("oh no, wrong card") denies nothing
        ("I am West, I open 1♦. My left opponent bids 2♥, then after two seconds he says 'no, "
         "no, 3♥' and changes the card; he says he changed his idea.", {"unintended": False}),
        ("Priya, West, was dealer and put 1NT on the table, then immediately said 'oh no, wrong "
         "card, I meant 1♠'. Tom, North, on her left, hadn't called.", {"unintended": True}),
        # nobody called since, told as "neither … nor", "before anyone else bid", or
        # with "the partner of me"
        ("Étui 20, donneur E. E sort 2♣ au lieu de 2♦, erreur mécanique, corrigé tout de suite. "
         "Ni O ni S n'ont parlé.", {"lho_called_since": False, "partner_called_since": False}),
        ("North pulled 2♣ for 2♦ and fixed it at once; neither East nor South had called.",
         {"lho_called_since": False, "partner_called_since": False}),
        ("i was south and meant to open 1 heart but my finger grabbed the 1♠ card instead, i "
         "swapped it right away before anyone else bid", {"lho_called_since": False}),
        ("Hello, I am North. I wanted to open 1♠ but I take from the box 1♥, the card is near. "
         "I see it immediately and I change, the partner of me has not yet bid.",
         {"partner_called_since": False}),
    ],
)  # fmt: skip
def test_change_of_call_facts_stated(text: str, expected: dict[str, object]) -> None:
    result = classify(text)
    assert result.irregularity == "change_of_call"
    assert {k: result.facts.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    ("text", "turn_of"),
    [
        # 30A/31: the first call of the auction made by another than the dealer; the
        # irregularity's name ("Pass out of rotation") is no call made before it
        ("Pass out of rotation, dealer E, W passed first, N accepts", "partner"),
        ("Don N. E ouvre 1♠ hors tour. S refuse.", "rho"),
    ],
)
def test_whose_turn_from_the_dealer(text: str, turn_of: str) -> None:
    assert classify(text).facts.get("turn_of") == turn_of


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        # 27B4: the LHO's answer to a second insufficient bid, told after the first refusal
        ("N ouvre 1SA, E passe, S 3♥, O passe, N 4♣ et E pose 2♠ sans regarder — insuffisant. "
         "S refuse. E corrige en 3♠, toujours insuffisant sur 4♣, et S refuse encore.", False),
        ("N 1H, E 1S, S 1D insufficient; W didn't accept; S then put out 1H, still "
         "insufficient; W happy to accept the 1H this time and bid 2S over it", True),
    ],
)  # fmt: skip
def test_the_lhos_answer_to_a_second_insufficient_bid(text: str, accepted: bool) -> None:
    result = classify(text)
    assert result.facts.get("replacement") == "insufficient"
    assert result.facts.get("lho_accepts_replacement") is accepted


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # Laws 30-32: "LHO's turn" names whose turn it was, not the offender
        ("XX oot, LHO's turn", "double_out_of_rotation", {"turn_of": "lho", "offender": None}),
        ("pass oot, was RHO's turn", "pass_out_of_rotation", {"turn_of": "rho"}),
        ("contre hors tour au tour du partenaire", "double_out_of_rotation",
         {"turn_of": "partner"}),
        # a call nobody is told making, at the writer's neighbour's turn: the writer's call
        ("X avant que ma droite parle", "double_out_of_rotation", {"turn_of": "rho"}),
        ("Contre au tour de mon partenaire", "double_out_of_rotation", {"turn_of": "partner"}),
        # "de ma part" is "by me", not "my partner"; a pass told after "avant que"
        # was not made, so it is no call by the player in turn (28B)
        ("contre de ma part avant que l'adversaire de droite passe", "double_out_of_rotation",
         {"turn_of": "rho", "correct_player_called": None, "offender_relative": "self"}),
        # Flemish seat names; lower-case seats as a player types them
        ("Oost thinks very long, maybe one minute, and then West bids 3♠.",
         "unauthorized_information", {"offender": "E"}),
        ("w dropped a card face up while we were bidding its the king of hearts",
         "card_exposed_during_auction", {"offender": "W", "cards": "one_honour"}),
        # shorthand: "jsuis", "adv de droite", "pss"
        ("jsuis S mon part a pss alors que c etait a mon adv de droite E de parler",
         "pass_out_of_rotation", {"offender": "N", "call": "P", "turn_of": "lho"}),
        # a side in parentheses after the seat is the same player
        ("Nord 1♦, puis Ouest (adv) a passé avant son partenaire Est.",
         "pass_out_of_rotation", {"offender": "W"}),
        ("Nord 1♦, puis Ouest (LHO) a passé avant son partenaire Est.",
         "pass_out_of_rotation", {"offender": "W"}),
        # "son partenaire avait parlé entre-temps": too late for 25A
        ("Ouest annonce « trois trèfles », il voulait dire trois carreaux. L'arbitre a dit que "
         "c'était trop tard, puisque son partenaire avait parlé entre-temps.", "change_of_call",
         {"offender": "W", "partner_called_since": True}),
        # a first-person story: a bare "Partner" is the writer's, here the offender's LHO
        ("I was South and my partner (North) and I are new. East opened 1♠, I passed, West "
         "bid 2♣, partner passed, East rebid 2♦, I passed. Then West put the Double card on top "
         "of his own partner's 2♦. Partner noticed before he made a call.", "inadmissible_double",
         {"offender": "W", "lho_called_since": False}),
    ],
)
def test_turns_and_players_as_new_authors_write_them(
    text: str, irregularity: str, expected: dict[str, object]
) -> None:
    _reads(text, irregularity, expected)


@pytest.mark.parametrize(
    ("text", "unintended"),
    [
        # Law 25A/25B: the director's finding settles what the players claimed
        ("Mon partenaire a dit « trois trèfles » puis « non, trois carreaux ». Il dit qu'il "
         "s'est trompé de mot. L'arbitre a décidé que c'était un changement d'avis.", False),
        ("South said 2H then 2S; East thinks she changed her mind, but the director "
         "decided it was a slip of the tongue.", True),
        ("mon part a dit 3K puis a changé davis pour 3SA", False),
        # a slip only supposed is no slip told: what the player says then decides
        ("Nord a dit 2♥ puis 2♠. L'arbitre a dit que si c'était une erreur mécanique, il "
         "pouvait changer. Nord dit qu'il a changé d'avis.", False),
        # the director, told a sentence before, then "decided it was …" (pronoun or none)
        ("South opened 1♥ and my LHO put 4♠ down, then said 'no, 4♥'. We called the "
         "director. She took him away, asked a few questions and decided it was a genuine "
         "mechanical error.", True),
        # a slip denied with "or" beside another denied one: a change of mind
        ("My RHO put the Pass card down, then picked it up and put 2♣ instead. This wasn't a "
         "stuck card or a slip, he'd just reconsidered. I hadn't called.", False),
        # a claim against a finding: the finding; a claim alone: the slip told
        ("Je pose 2♠ puis je veux mettre 3♥. J'ai prétendu que c'était une erreur de carton, "
         "mais l'arbitre a jugé que c'était une perte de concentration, pas une erreur "
         "mécanique.", False),
        ("Bd 3. W bid 2♦, at once changed to 2♥, claims slip (wrong card). N had not called.",
         True),
        # a player's grumbling is a claim, the slip told stands
        ("Partner put 2♦, then said 'no, two cards stuck together, I meant 2♥'. South "
         "grumbled that he had obviously changed his mind.", True),
        # the writer is the director called: his own finding (25A); a hedged claim after it
        ("Dealer North opened 1♦ and East took out the 2♠ card, she meant 2♥. South called me. "
         "I was satisfied that it was a pure mechanical error. North-South said she might have "
         "changed her mind.", True),
        ("Est ouvre 1♥. Sud sort le carton 2♣, il voulait 2♦. J'ai été appelé par Ouest. J'ai "
         "admis qu'il s'agissait d'une erreur mécanique. Est-Ouest contestaient, pensant à un "
         "changement d'avis.", True),
        # a slip asked about, then the change of mind told (25B)
        ("My partner opened 1♥ and I put down 2♣, then swapped it for 2♦. The director asked me "
         "whether I had just picked up the wrong card and I said no, I had changed my mind.",
         False),
        # the slip denied and a change of mind told, a card reached for beside them (25B)
        ("West put out the pass card, then picked it up, said 'no, sorry, two spades' and "
         "reached for the 2♠ card. It was not a mechanical error: he said he'd changed his "
         "mind.", False),
    ],
)
def test_the_directors_finding_on_slip_or_change_of_mind(text: str, unintended: bool) -> None:
    result = classify(text)
    assert result.irregularity == "change_of_call"
    assert result.facts.get("unintended") is unintended, result.facts


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # 15A: the maker of the call made with the other board's cards, in a
        # story told by someone else ("je conteste la décision d'un collègue")
        ("Je conteste la décision d'un collègue. Donne 15, Sud donneur ouvre 1SA — avec les "
         "cartes de l'étui 16, les deux étuis ayant été inversés sur la table. Ouest passe.",
         "wrong_board", "S"),
        # 36: the redouble a named player made, not the one named again in the ruling
        ("Étui 30. S 1♠ – O 2♥ – N contre (punitif) – E passe – S surcontre (le contre de son "
         "partenaire). Ouest a passé sans attendre. Surcontre inadmissible ; l'adversaire de "
         "gauche ayant déclaré avant rectification : Loi 36A, surcontre et passe annulés.",
         "inadmissible_double", "S"),
        ("Dealer N. N 1NT, E pass — then E realised she had the cards from the wrong board. "
         "S hasn't called.", "wrong_board", "E"),
        ("West opened 1NT, North passed, and East put the redouble card on the table. Nobody "
         "had doubled anything. The director cancelled the redouble, told East to make a legal "
         "call, and said his partner's redouble would be unauthorised information.",
         "inadmissible_double", "E"),
    ],
)
def test_the_offender_is_the_player_who_made_the_call(
    text: str, irregularity: str, offender: str
) -> None:
    result = classify(text)
    assert result.irregularity == irregularity
    assert result.facts.get("offender") == offender, result.facts


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # 37A/36A: the LHO told not having called ("before calling", "n'a pas déclaré")
        ("T5 : insuff. 1♥ (E) sur 1♠ (N), remplacée par 2♣ non comparable → O doit passer "
         "jusqu'à la fin. Plus tard O contre 3♠. N pas encore reparlé.",
         "call_when_obliged_to_pass", "W"),
        ("South was obliged to pass at his next turn. When it came, he doubled East's 1 spade. "
         "West noticed immediately, before calling.", "call_when_obliged_to_pass", "S"),
        ("Au lieu de cela, Nord surcontre. Est n'a pas déclaré.", "inadmissible_double", "N"),
    ],
)
def test_the_lho_told_not_having_called(text: str, irregularity: str, offender: str) -> None:
    result = classify(text)
    assert result.irregularity == irregularity
    assert result.facts.get("offender") == offender
    assert result.facts.get("lho_called_since") is False, result.facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 25A: the partner told having called (or not) since the slip
        ("mispulled 4H for 4S but partner already passed, can I still change it?",
         {"call": "4H", "partner_called_since": True}),
        ("West here: my 5♣ should be 5♦, slipped, partner still thinking",
         {"offender": "W", "call": "5C", "partner_called_since": False}),
        ("Bd 29. S pulled 2C meaning 2D. Not noticed: N had already responded. S claims slip.",
         {"offender": "S", "call": "2C", "partner_called_since": True}),
        # 25B: "swapped it for 1♠" names the call changed to; "held five spades" no call
        ("I was South and opened 1 club. West passed, and my partner North laid out 1 heart, "
         "then stared at it and swapped it for 1 spade, saying he had misread his hand — he "
         "held five spades and four hearts. East had not called.",
         {"offender": "N", "call": "1H", "lho_called_since": False}),
    ],
)
def test_a_change_of_call_and_who_called_since(text: str, expected: dict[str, object]) -> None:
    _reads(text, "change_of_call", expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 27A1: the LHO's refusal as players and directors write it
        # the writer disagreeing with the director is no answer of the LHO
        ("Ouest ouvre 1♠, Nord dit 1♥. Je ne suis pas d'accord avec la décision de l'arbitre.",
         {"offender": "N", "lho_accepts": None}),
        # "n'a pas voulu faire d'histoire, il a passé" is no refusal (he called over it)
        ("Est a dit 1♥ sur le 1♠ de Nord. Sud n'a pas voulu faire d'histoire, il a passé.",
         {"offender": "E", "lho_accepts": True}),
        ("B19 T6 Dlr N. 1NT 3D 3C. W decl. S repl. 4C nat.",
         {"offender": "S", "lho_accepts": False, "replacement": "lowest_same_denomination"}),
        # the bid told after "but" is the one the insufficient bid was under
        ("N bid 1NT but W opened 2C. E not accept. options?",
         {"offender": "N", "call": "1NT", "lho_accepts": False}),
        ("W opened 1S but N bid 1H", {"offender": "N", "call": "1H"}),
        # "I didn't want it to cause trouble, so I passed": the LHO called over it
        ("My RHO bid 1H over my partner's 1S. I didn't want it to cause trouble so I passed.",
         {"call": "1H", "lho_accepts": True}),
        # the calls replayed end with the insufficient bid; the words tell the LHO called
        # over it (27A1: accepted)
        ("Tbl 3 bd 12: E bid 1♠ over N's 1NT, S called over it. Anything else to do?",
         {"offender": "E", "lho_accepts": True}),
    ],
)
def test_an_insufficient_bid_refused_in_shorthand(text: str, expected: dict[str, object]) -> None:
    _reads(text, "insufficient_bid", expected)


def test_a_slip_only_supposed_is_asked() -> None:
    """25A/25B: "if it was a slip he could change it" tells neither."""
    result = classify("N bid 2H then changed to 2S. The director said that if it was a slip he "
                      "could change it.")
    assert result.irregularity == "change_of_call"
    assert "unintended" not in result.facts


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 30: "ce qui s'est passé" is no pass; "il" after "jsuis nord" is not the writer
        ("Monsieur l'arbitre, permettez-moi de vous décrire ce qui s'est passé à l'étui 27. "
         "J'étais Nord, donneur. J'ai ouvert 1♥. Est a passé, et avant que mon partenaire ne "
         "parle, Ouest a dit passe.", "W"),
        ("passe hors tour de mon adv de gauche, jsuis nord, il a passe avant ma propre enchere",
         "E"),
    ],
)
def test_who_passed_out_of_rotation(text: str, offender: str) -> None:
    result = classify(text)
    assert result.irregularity == "pass_out_of_rotation"
    assert result.facts.get("offender") == offender, result.facts


@pytest.mark.parametrize(
    ("text", "offender", "call"),
    [
        # 39: "2♠ by East (pass, pass, pass)" names the declarer, not East passing; "the
        # final pass" is named, not made by the player named after it
        ("Board 7. Contract 2♠ by East (pass, pass, pass). After the final pass South, a "
         "defender, bid 3♥. West, South's left-hand opponent, had not called over it.",
         "S", "3H"),
        ("board twenty nine the auction was over four hearts by south pass pass pass and then "
         "um north doubled north being dummy", "N", "X"),
    ],
)
def test_the_call_after_the_final_pass(text: str, offender: str, call: str) -> None:
    result = classify(text)
    assert result.irregularity == "call_after_final_pass"
    assert (result.facts.get("offender"), result.facts.get("call")) == (offender, call)


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        # 24: a card named by rank and suit after a showing verb is a card, not a bid
        ("Nord a montré le 2♥ pendant l'enchère.", "one_low"),
        ("durant les enchères, mon partenaire a montré un 2♣ sans faire exprès.", "one_low"),
        ("Bd 4. W dropped the QH face up during auction. E not yet called.", "one_honour"),
        # a bid "showing hearts" is no card shown: one honour exposed, not several
        ("After North's 2♥ showing hearts, East dropped the ♠K face up.", "one_honour"),
    ],
)
def test_the_card_exposed_named_by_rank_and_suit(text: str, cards: str) -> None:
    _reads(text, "card_exposed_during_auction", {"cards": cards})


def test_the_bid_above_seven_that_barred_a_side_is_not_the_barred_call() -> None:
    """38C then 37: "(8♣ de Nord annulé)" told after the bar is its cause; the call
    that broke it is South's redouble."""
    result = classify("T.3 : N-S doivent passer jusqu'au bout (8♣ de Nord annulé). Sud "
                      "surcontre le contre d'Est.")
    assert result.irregularity == "call_when_obliged_to_pass"
    assert (result.facts.get("offender"), result.facts.get("call")) == ("S", "XX")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 21B1(a): the misinformed player may change his call while HIS partner has not
        # called since; "my partner" is the writer's, the writer being misinformed
        ("Je suis Est. Nord m'a expliqué le 2♣ de Sud comme Stayman, c'était naturel. J'ai "
         "contré à cause de ça et mon partenaire n'a pas encore parlé.",
         {"partner_called_since": False}),
        ("I'm West, my RHO explained his partner's 2♥ as weak, it is strong on their card. I "
         "passed and my partner East has already called since.",
         {"partner_called_since": True}),
        # "not called since" is no call over it
        ("Dlr S. S 1♠ W P N 2♦ alerted, S explained 'inverted', it is natural. E doubled. "
         "E may change, partner W not called since.", {"partner_called_since": False}),
    ],
)  # fmt: skip
def test_misinformation_who_called_since_is_seen_from_the_misinformed(
    text: str, expected: dict[str, object]
) -> None:
    _reads(text, "misinformation", expected)


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # "personne a reparlé" without its "ne" is nobody calling since, not someone
        ("Nord a ouvert 1SA avec les cartes de l'étui 9, personne a reparlé depuis.",
         "wrong_board", {"lho_called_since": False, "partner_called_since": False}),
        ("Nord a ouvert avec les cartes de l'étui 9. Une personne a reparlé depuis.",
         "wrong_board", {"lho_called_since": None}),
        # the writer told not having called, his seat told: seen from the offender (36, 38)
        ("Contre d'une passe ! Donneur N. N passe, E contre. Moi S, je n'ai rien dit encore.",
         "inadmissible_double", {"offender": "E", "lho_called_since": False}),
        ("N bid 8NT 'to make sure'. me E. i havent called", "bid_above_seven",
         {"offender": "N", "lho_called_since": False}),
        ("EAST BID 8 CLUBS. I'M SOUTH AND I PASSED OVER IT WITHOUT NOTICING.",
         "bid_above_seven", {"offender": "E", "lho_called_since": True}),
        # "après Sud, j'ai…": the seat after a time word is no apposition of "je"
        ("Sud a surcontré le contre de son partenaire. Je suis Ouest, c'est mon tour après "
         "Sud, j'ai pas encore parlé.", "inadmissible_double",
         {"offender": "S", "lho_called_since": False}),
    ],
)  # fmt: skip
def test_who_called_since_as_players_type_it(
    text: str, irregularity: str, expected: dict[str, object]
) -> None:
    _reads(text, irregularity, expected)


def test_simultaneous_calls_keep_their_calls() -> None:
    """Law 33: the calls told go to the rules core, which deems the later one
    and says whether it is then in rotation (it stands) or out of it."""
    result = classify("Dealer North. North bid 1C and East passed at exactly the same moment.")
    assert result.irregularity == "simultaneous_calls"
    assert result.facts.get("calls") == [{"seat": "N", "call": "1C"}, {"seat": "E", "call": "P"}]


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # 25B1: the LHO "dit passe par-dessus" the substituted call accepts it; the
        # changer's own « non, 2♠ » is no refusal
        ("Donneur E. Est 1♦, Sud 1♠, puis Sud change d'avis et dit « non, 2♠ » (il a "
         "réfléchi, ce n'est pas un lapsus). Ouest, son adversaire de gauche, a dit passe "
         "par-dessus le 2♠.",
         "change_of_call", {"offender": "S", "call": "1S", "lho_accepts": True,
                            "unintended": False}),
        # 30B2 (2017): "O dit non." is West's refusal; the law number after it is no
        # call taken back (only « non, 2♠ » is)
        ("dlr S. S P, O 1♣, N P, E 1♥, S P — O réfléchit et S repose un passe (HT, au tour "
         "d'O = son LHO, et S avait déjà parlé bien sûr). O dit non. 30B2 ?",
         "pass_out_of_rotation", {"offender": "S", "lho_accepts": False}),
        # 36C: found once the opening lead was faced; "pendant les enchères" is when
        # the double was made, not an auction still going on
        ("On a découvert à l'entame (elle était déjà retournée) que Nord avait contré le "
         "4♠ de son partenaire pendant les enchères.",
         "inadmissible_double", {"offender": "N", "after_opening_lead": True,
                                 "auction_over": True}),
        # 39: "3SA joué par Ouest" names the contract; the call after it is North's pass
        ("Fin des enchères: 3SA joué par Ouest, après le dernier passe, Nord (en défense, il "
         "entame) dit « passe » encore une fois.",
         "call_after_final_pass", {"offender": "N", "call": "P", "offender_side": "defending"}),
        # 27B1(a): 1♣ over 1♣ is insufficient against the same bid; 2♣ is the lowest
        # sufficient club, not "insufficient" against North's later 2♦
        ("Donneur Est. Est ouvre 1♣, Sud dit 1♣ aussi (insuffisant), Ouest refuse et Sud "
         "corrige en 2♣ naturel. Puis Nord dit 2♦ avant qu'Ouest ait parlé.",
         "insufficient_bid", {"offender": "S", "call": "1C", "lho_accepts": False,
                              "replacement": "lowest_same_denomination"}),
        # 25: "after some seconds" is a lapse of time, not the call 3♣ came after
        ("Board 7: East says 3♣, after some seconds he says 'no, 3♦'. It was a reflexion, "
         "not an error of the hand. South has not called.",
         "change_of_call", {"offender": "E", "call": "3C", "unintended": False,
                            "lho_called_since": False}),
        ("My partner (North) say 'three no trump' and after few seconds 'four spade, sorry'. "
         "He tell me it was not mistake of the tongue, he just think again. East pass already.",
         "change_of_call", {"offender": "N", "call": "3NT", "lho_accepts": True}),
        # 29A: only the offender's LHO (North) may accept; East, his partner, cannot
        ("Auction: dealer W. W pass, N 1C, then W (instead of E) bid 1S. East hasn't bid yet "
         "and doesn't accept it.",
         "bid_out_of_rotation", {"offender": "W", "call": "1S", "turn_of": "partner",
                                 "lho_accepts": None}),
        # 31: an exclamation in an aside ends no sentence: South bid at East's turn
        ("Dealer N. North opened 1H, then South (not East!) bid 1D before East had called.",
         "bid_out_of_rotation", {"offender": "S", "call": "1D", "turn_of": "rho"}),
        # 27B: the replacement told by its kind, its comparability (23A, 27B1(b)) left
        # to the director: a double (27B3 if not comparable), a jump (27B2)
        ("hi, my LHO opened 1H, I said 1D by mistake thinking it was 1C. Opps didn't "
         "accept. I'd like to double instead to show values. Pls what happens",
         "insufficient_bid", {"lho_accepts": False, "replacement_call_kind": "double"}),
        ("Bonjour, mon adversaire de gauche a ouvert 1♥, mon partenaire a dit 1♦. On a refusé. "
         "Il a remplacé par 3♦ en saut.",
         "insufficient_bid", {"lho_accepts": False, "replacement_call_kind": "bid",
                              "same_strain_lowest": False}),
        # 20F/21B: the RHO's partner (the writer's LHO) gave no alert; the writer,
        # misinformed, is the one who may change his pass (21B1(a))
        ("Pendant les enchères, mon adversaire de droite a ouvert 2♦ et son partenaire n'a pas "
         "alerté, j'ai passé. Ensuite ils m'ont dit que 2♦ était un multi.",
         "misinformation", {"offender_relative": "lho"}),
        # 21B3: "declarer's partner (dummy)" explained: the declaring side offended, not
        # the writer's partner
        ("We defended 3NT. After the hand, we found out that declarer's partner (dummy) had "
         "explained the 2C response as natural when it was Stayman-like puppet.",
         "misinformation", {"offender_side": "declaring", "offender_relative": None}),
        # 31C (2017) then 25: South's second call at West's turn, after his own 1♥
        ("Dealer N: 1C by North, East pass, South 1H. Then, before West had called, South put "
         "2H on the table as well. It was West's turn.",
         "bid_out_of_rotation", {"offender": "S", "call": "2H", "turn_of": "lho",
                                 "offender_called_before": True}),
    ],
)
def test_what_an_outside_audit_found_misread(
    text: str, irregularity: str, expected: dict[str, object]
) -> None:
    _reads(text, irregularity, expected)


def test_the_call_governed_by_before_is_the_one_after_it() -> None:
    # 31: "…, I passed, and before West could call North bid 1♦": the call out of
    # turn is North's bid in the clause of "before", not the pass told before it
    result = classify("Dealer North. North passed, East passed, South passed, and before West "
                      "could call North suddenly bid One Diamond! It was West's turn.")
    assert result.irregularity == "bid_out_of_rotation", result
    assert result.facts.get("offender") == "N" and result.facts.get("call") == "1D"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 21B1(a): the writer acted on the explanation, no explainer told: his partner
        ("J'ai enchéri sur une fausse explication, mon partenaire n'a pas encore parlé",
         {"partner_called_since": False}),
        ("I bid based on a wrong explanation, my partner hasn't called yet",
         {"partner_called_since": False}),
    ],
)  # fmt: skip
def test_the_writer_misinformed_and_his_partner(text: str, expected: dict[str, object]) -> None:
    _reads(text, "misinformation", expected)


def test_the_writer_who_explained_is_not_the_misinformed_player() -> None:
    facts = classify("I explained my partner's 2D as natural but it was a transfer; my LHO has "
                     "not called yet.").facts
    assert "partner_called_since" not in facts


_SLIP = "Dealer N. North bid 1S and immediately changed it to 1NT, a slip of the box. "
_LAPSUS = "Donneur N. Nord pose 1♠ et le remplace aussitôt par 1SA, erreur de carton. "


@pytest.mark.parametrize(
    "told",
    [
        # 25A: the LHO told silent in more words than "has not called"
        _SLIP + "East had not done anything yet.",
        _SLIP + "East hadn't even touched his box.",
        _SLIP + "East called the TD without making a call.",
        _SLIP + "East called the director instead of bidding.",
        _SLIP + "Before East said anything, he fixed it.",
        _SLIP + "Corrected before E.",
        _LAPSUS + "Est n'avait encore rien fait.",
        _LAPSUS + "Est ne s'était pas encore exprimé.",
        _LAPSUS + "Avant que Est dise quoi que ce soit.",
        _LAPSUS + "Est a appelé l'arbitre sans parler.",
        _LAPSUS + "Corrigé avant E.",
        # written bidding: nothing written yet
        _SLIP + "East hadn't written anything yet.",
        _LAPSUS + "Est n'a encore rien écrit.",
    ],
)
def test_the_lho_told_silent(told: str) -> None:
    _reads(told, "change_of_call", {"lho_called_since": False})


@pytest.mark.parametrize(
    "told",
    [
        _SLIP + "East bid 2S without calling the director.",
        # paying no attention is no silence: the writer then called over it (25B1)
        "Mon adversaire de droite, Est — j'étais en Sud —, a annoncé 2♣ puis, après réflexion, "
        "a remplacé par 2♦. Je n'ai pas fait attention et j'ai annoncé 2♥ par-dessus.",
    ],
)
def test_a_call_made_is_not_silence(told: str) -> None:
    assert classify(told).facts.get("lho_called_since") is not False


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 20/40B: a call made "without an alert": its maker's partner failed to alert; the
        # player after the call is misinformed (audit 11, 22)
        ("I'm South. Partner opened 1NT, RHO bid 2C without an alert — their card says it's "
         "Landy, both majors. I bid 2S natural thinking 2C was clubs, LHO passed. Partner "
         "hasn't called yet.", {"offender": "W", "misinformed": "S",
                                "partner_called_since": False}),
        ("Ouest a dit 2♦, non alerté ; c'était un multi. J'ai passé.",
         {"offender": "E", "misinformed": "N"}),
        # 21B: the player the explanation was told to (audit 11, 43)
        ("Donneur E. 1SA (E) - passe (S) - 2♣ (O) - passe (N) - 2♦ (E). Ouest appelle "
         "l'arbitre : il s'est trompé en expliquant le 1SA, c'est 12-14 et pas 15-17 comme il "
         "l'avait dit à Sud.", {"misinformed": "S", "partner_called_since": True}),
    ],
)  # fmt: skip
def test_a_call_not_alerted(text: str, expected: dict[str, object]) -> None:
    _reads(text, "misinformation", expected)


def test_another_calls_meaning_is_not_the_insufficient_bids() -> None:
    # 27B1: South's transfer is told beside West's natural 2♣; the 2♣ is not artificial
    facts = classify(
        "Nord, donneur, ouvre d'1 Sans-Atout ; Est, ma partenaire, intervient à 2 Trèfles "
        "(naturel), Sud dit 2 Carreaux (Texas), et moi, Ouest, je dis 2 Trèfles pour soutenir, "
        "alors que c'était insuffisant. Nord refuse. Je remplace par 3 Trèfles."
    ).facts
    assert facts.get("artificial") is not True, facts


def test_the_insufficient_bids_own_meaning_told_later() -> None:
    # "his 2♣ is Stayman, artificial": told of the same call named again
    _reads("On Board 2 dealer East opened 2NT, South passed and West bid 2♣ — he thought it was "
           "1NT. His 2♣ is Stayman, artificial. North has not accepted.", "insufficient_bid",
           {"artificial": True})


def test_a_replacement_told_as_the_offenders_intention() -> None:
    # 27B2: the pass he is going to make in place of his 1♣ (audit 10, 28)
    _reads("Dlr N. 1C (N), sorry I mean N opened 1D, then E bid 1C. Insufficient. S refuses it "
           "and E is going to pass instead.", "insufficient_bid",
           {"offender": "E", "call": "1C", "replacement": "pass"})


def test_the_same_call_by_another_player_keeps_its_own_meaning() -> None:
    # East's strong 2♣, then North's natural 2♣ under West's 2♦: North's is not artificial
    facts = classify(
        "I am North. East open 2♣ strong, my partner South pass, West bid 2♦ waiting, and I bid "
        "2♣ because I want to show my clubs - I did not see the 2♦. East did not accept."
    ).facts
    assert facts.get("artificial") is not True, facts


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # Law 33 is two players calling together, not a noisy table (a vague message: menu)
        ("au tournoi y a eu une embrouille pendant les enchères, tout le monde parlait en même "
         "temps et l'arbitre est venu. est-ce que j'ai le droit de contester après coup ?", None),
        ("Est et Sud ont parlé en même temps, tous les deux : 1♥ et 1♠.", "simultaneous_calls"),
    ],
)  # fmt: skip
def test_the_whole_table_at_once_is_no_simultaneous_call(text: str, irregularity) -> None:
    result = classify(text)
    if irregularity is None:  # placed with no confidence: the dialogue offers its menu
        assert result.irregularity is None or result.confidence < CONFIDENT, result
    else:
        assert result.irregularity == irregularity and result.confidence >= CONFIDENT, result
