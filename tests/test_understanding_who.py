"""Who did it and what call: the writer's seat told in many ways, relative
seats, the subject of a call, the call first made in a change of call (Law
25), the two players of simultaneous calls (Law 33). The irregularity is
given, so that these tests read the offender and the call only."""

from __future__ import annotations

import pytest

from bot.understanding import classify
from bot.understanding.extract import facts_for, read
from bot.understanding.normalise import normalise
from rules_core.calls import Seat


def _facts_are(text: str, irregularity: str, expected: dict[str, object]) -> None:
    """Read as ``irregularity``, ``text`` gives each of the ``expected`` facts."""
    facts = facts_for(read(text), irregularity)
    for fact, value in expected.items():
        assert facts.get(fact) == value, (fact, facts)


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        # the writer's seat told by itself or before his clause
        ("Nord, c'est moi. Le donneur a passé.", Seat.N),
        ("West here. My RHO opened 1D.", Seat.W),
        ("Seat: West. My RHO redoubled my partner's 1♠ opening.", Seat.W),
        ("Seat East. I bid 2♠ and then said 'no, 3♠'.", Seat.E),
        ("Position : Nord. Mon adversaire de droite a contré.", Seat.N),
        ("En Ouest, j'ai vu mon partenaire ouvrir.", Seat.W),
        ("As East, I had passed.", Seat.E),
        ("Je joue Sud ce soir avec un ami.", Seat.S),
        ("I played North at table 4.", Seat.N),
        ("I sat East for this round.", Seat.E),
        ("jss nord, partenaire a ouvert", Seat.N),
        # where partner sits tells where the writer sits
        ("My partner sits East. South opened 1D and I passed.", Seat.W),
        ("Mon partenaire est en Sud ce soir.", Seat.N),
        ("Mon partenaire en Nord a passé trop tôt.", Seat.S),  # (not North: partner's seat)
        # "en" and a seat in a sentence whose player is the writer
        ("J'ai passé en Ouest, puis mon partenaire a contré.", Seat.W),
        ("Souci en Nord : j'ai sorti le mauvais carton.", Seat.N),
        ("J'étais assise en Est hier soir.", Seat.E),
        # a pronoun for a player named relative to the writer, then his seat
        ("My partner passed out of turn, she is North.", Seat.S),
        ("Ma gauche a contré trop tôt, il est Ouest.", Seat.S),
        ("lho opened before me, hes east", Seat.N),
        # said outright, the seat wins over an apposition that merges two players
        ("ma partenaire a ouvert, c'était à E (moi je suis N)", Seat.N),
        # "as North" in the writer's clause; the dealer's title then the seat; "that's me"
        ("I opened 1♣ as North, East jumped to 2♦.", Seat.N),
        ("I was dealer, South, and opened 1NT.", Seat.S),
        ("South bid 2NT, and West — that's me — came in with 2 hearts.", Seat.W),
        # a sentence of where the writer sat, the "I" dropped
        ("Sat West. Partner opened 1♠ and I passed.", Seat.W),
        ("Sitting North, I opened 1NT.", Seat.N),
        ("I held North. East opened 2NT and I overcalled.", Seat.N),
        ("sitting south my right hand opponent took ages", Seat.S),
        ("Playing South I said two hearts and corrected at once.", Seat.S),
        # the seat right after the dealer's title, closing the clause
        ("pass out of turn by lefty b4 any bid, im the dealer (W)", Seat.W),
        # the dealer stated, then the writer says he dealt: he sits there
        ("Bd 3 Dlr S. I was dealer and still sorting my cards when partner put 1♥ out.",
         Seat.S),
        ("Donneur Ouest. J'étais donneur et ma gauche a ouvert 1♠.", Seat.W),
        # a bid the writer tells as his, made by one seat only in the auction written
        ("Bd 13 Dlr S\nS    W    N    E\n1♥   P    ?\n"
         "I took my hand out of board 14. I've already opened 1♥ with it.", Seat.S),
        ("Sitting South in the Thursday pairs, board 5. My LHO doubled out of turn.", Seat.S),
        ("South opened 1♠, I passed in the West seat, North raised to 2♠.", Seat.W),
        # the writer's seat told after his act: "I dealt, sitting West"
        ("Board 8, so I dealt, sitting West, and opened 1♥.", Seat.W),
        # a player placed at a seat, then told where he sits from the writer
        ("West opened 1♥ and then I doubled. West, who is on my left, did not accept it.",
         Seat.S),
    ],
)
def test_the_writers_seat(text, seat):
    assert read(text).entities.anchor == seat


@pytest.mark.parametrize(
    "text",
    [
        # "en" and a seat said of another player is not where the writer sits
        "Ouest a ouvert 1♥ en Sud ? non, Ouest a ouvert et Sud a passé.",
        # "Sitting West, partner doubled": partner's seat, by the grammar of the sentence
        "Sitting West, partner doubled too early.",
        # a bid named as a thing, not one the writer made
        "Dlr S. S 1NT, W P. I was satisfied it was a normal 1NT.",
    ],
)
def test_no_writers_seat_from_another_players_seat(text):
    assert read(text).entities.anchor is None


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # relative seats resolved from the writer's stated seat
        ("Je suis Est. Ma gauche a ouvert 1♥ alors que c'était à mon partenaire.",
         "bid_out_of_rotation", "S"),
        # the seat written after the writer's own call is his, not his neighbour's (27)
        ("jouvre 2♠ (nord), ma gauche annonce 2♣ , elle dit qu'elle a pas vu mon enchère.",
         "insufficient_bid", "E"),
        ("I'm West. My left opponent opened 1NT before his partner, the dealer.",
         "bid_out_of_rotation", "N"),
        ("I am South. Lefty passed before my partner had called.",
         "pass_out_of_rotation", "W"),
        # "North, who I thought was barred": the writer is no apposition of North
        ("I'm West. I opened 1♣, North bid 1♥ and my partner 1♠. North, who I thought was "
         "barred, then doubled.", "call_when_obliged_to_pass", "N"),
        # a relative word of a named player: "le partenaire de Sud", "the LHO of my partner"
        ("Le partenaire de Ouest a contré avant son tour.", "double_out_of_rotation", "E"),
        ("I am North. The LHO of my partner passed when it was my turn.",
         "pass_out_of_rotation", "W"),
        # "donneur Sud, mon adversaire de gauche …" names two players, not one
        ("Donneur Est, mon adversaire de gauche a passé avant lui. Je suis Ouest.",
         "pass_out_of_rotation", "N"),
        # the subject of a call stands before a relative clause, not after "de"/"before"
        ("Je suis Nord. Ouest, qui n'avait pas vu l'enchère de mon partenaire, a posé 1♦.",
         "insufficient_bid", "W"),
        ("Je suis Sud, donneur. Mon partenaire a ouvert avant moi 1♠.",
         "bid_out_of_rotation", "N"),
        # "I'm South, dealer was East": the dealer is the seat named after his title,
        # and the pass with no subject is the writer's (30: South at East's turn)
        ("Passed before my turn. I'm South, dealer was East.", "pass_out_of_rotation", "S"),
        # the seat told with the partner's redouble, "Sat West." (32: East at North's turn)
        ("Sat West. Partner opened 1♠, South doubled, I passed and then partner redoubled "
         "before North had called.", "double_out_of_rotation", "E"),
        # the writer told refusing is the offender's LHO, not the offender (31, 27)
        ("I refused his 1NT out of turn, I am South", "bid_out_of_rotation", "E"),
        ("I did not accept the 1NT opening out of turn. I am South.", "bid_out_of_rotation",
         "E"),
        ("je n'accepte pas le 1♥ insuffisant, je suis Nord", "insufficient_bid", "W"),
        # lower-case seats in French shorthand after a board number (25)
        ("etui 16 / n sort un contre au lieu du passe, retourne le carton dès qu'il le voit.",
         "change_of_call", "N"),
        # "my partner North", "Partner (West)": one player, whose seat tells the writer's
        # (31: the writer South opened at his partner North's turn; West at East's)
        ("My partner North was dealer. I opened 2NT before she had even looked at her cards.",
         "bid_out_of_rotation", "S"),
        ("Partner (West) opened 1D out of turn. It was my turn, I'm dealer.",
         "bid_out_of_rotation", "W"),
        # "c'était Est le donneur et moi qui suis sud": East dealt, the writer opened (31)
        ("bon alors c'était Est le donneur et moi qui suis sud j'ai ouvert un cœur avant lui",
         "bid_out_of_rotation", "S"),
        # "(!)" ends no sentence; "she" is not the dealer named aside (30)
        ("donneur O. O 1♠ – N 2♥ – E passe – puis Ouest (!) dit passe à la place de Sud.",
         "pass_out_of_rotation", "W"),
        ("Sioned sat West, dealer South, and she passed before South had called.",
         "pass_out_of_rotation", "W"),
        # whose explanation the text says was wrong, before who alerted or was asked (21B)
        ("West opened 2♣. I asked his partner East what it meant and he said 'strong'. East "
         "bid 2♦, West alerted. So East's explanation of 2♣ had been wrong.",
         "misinformation", "E"),
        ("bd 29: E's wrong explanation of W's 4♣ (splinter v. natural) surfaced after the lead.",
         "misinformation", "E"),
        ("Ouest a alerté. L'explication de Nord était fausse, Est a passé.", "misinformation",
         "N"),
        # the writer's seat told aside does not cut the player from his verb (16B, 21B)
        ("A tempo query: my LHO — I'm West — took a very long time over my 1♠ opening "
         "before passing.", "unauthorized_information", "N"),
        ("my partner (I am South) gave a wrong explanation of my 2♥ bid.", "misinformation",
         "N"),
        # "by" after a call names its maker, not the explainer (20F, 21B)
        ("South explained 2♥ by North as transfer. After the final pass North (declarer) said "
         "the explanation was wrong.", "misinformation", "S"),
        ("W's X explained by E as t/o; it was penalty.", "misinformation", "E"),
        # the explanation "given by his partner" (21B, 20F5): the partner of the player named
        ("Après l'entame, Est a dit que l'explication donnée par son partenaire pendant les "
         "enchères était fausse.", "misinformation", "W"),
        ("Est, devenu déclarant, a signalé avant l'entame que l'explication donnée pendant les "
         "enchères par son partenaire Ouest était erronée.", "misinformation", "W"),
        # asked "son partenaire": the partner of the LHO named before, the writer South's RHO
        ("J'étais en Sud. Après le 2♦ de mon adversaire de gauche, j'ai demandé à son "
         "partenaire ce que cela signifiait ; il m'a répondu « faible ». C'était un Multi.",
         "misinformation", "E"),
        # the writer answering ("I said 'natural'"), a player "when I asked", "his partner's X"
        ("I was North. South opened 1♣, West passed, I bid 1♥, East passed and South rebid 2♦. "
         "East asked me what 2♦ showed and I said 'natural, could be minimum'. In our system "
         "it's a reverse.", "misinformation", "N"),
        ("North opened 2NT, and South, when I asked, said it showed 'a weak minor two-suiter'. "
         "I'm sitting West. It turned out 2NT was 20-22 balanced.", "misinformation", "S"),
        ("im E. S said his partner's X was takeout but it's penalty on their card lol.",
         "misinformation", "S"),
        # ... "me répond": the writer is who was answered
        ("Moi je suis en Nord. Son partenaire Ouest ouvre 2♥, je demande, et Colette (Est) me "
         "répond « faible, six cœurs ». C'était un bicolore.", "misinformation", "E"),
        # ... not the owner of the call explained
        ("Sud a donné une explication fausse du 4♣ de Nord. Nord sera déclarant.",
         "misinformation", "S"),
        ("West explained wrong the bid of his partner, we discover it after the last pass.",
         "misinformation", "W"),
        # a director's "S expl 2C": the explanation's noun right after its giver (21B)
        ("t9 b5 D:W. 1NT(W) 2C(N) X(E) - S expl 2C 'majors', agmt = one-suiter (CC). Corrected "
         "by N after final P, before lead.", "misinformation", "S"),
        # the partner told he would have to pass is the rectification's, not who showed (24)
        ("I'm East. While I was sorting my hand during the bidding two cards fell face up on "
         "the table. The director said my partner would have to pass at his next turn.",
         "card_exposed_during_auction", "E"),
        # the call only meant inside the apposition is no call: Sud pulled the pass card (25)
        ("J'étais en Ouest. Sud, en voulant prendre le carton 1♠, a tiré le carton vert du "
         "passe, qui était juste à côté dans la boîte. J'ai passé derrière sans réfléchir.",
         "change_of_call", "S"),
        # the call in a player's relative clause is his, not the apposition's subject (31)
        ("Le donneur, Est, a été devancé par le joueur assis en Nord, qui a ouvert de 1♥ au "
         "tour de son adversaire de gauche.", "bid_out_of_rotation", "N"),
        # a player named in an aside in parentheses is not the caller after it (32)
        ("Planche 12 : Sud ouvre 1♥, Ouest passe, et Est (oups, c'était à Nord) contre.",
         "double_out_of_rotation", "E"),
        ("ok so W was dealer but my partner E (im W lol) opened 1d before i did anything. S "
         "said no accept.", "bid_out_of_rotation", "E"),
        ("le gars en face de moi (nord, moi jsuis sud) a passé mais c'était à est de parler.",
         "pass_out_of_rotation", "N"),
        # a pause told in the note on a call, not the next call's maker; a question
        # put to partner in quoted words (16B)
        ("Bd 8 T2. N 1S - E 2H - S 3S (Stop card) - W P after ~45 s (well beyond Stop pause) - "
         "N P - E 4H. BIT by W = UI for E.", "unauthorized_information", "W"),
        ("When East bid 3NT, West ask him 'are you sure?'. I think it is not allowed.",
         "unauthorized_information", "W"),
        # a director's note naming where the information came from (16B)
        ("T19 D3 — O alerte le 2♦ de E et explique spontanément « multi, faible » ; E, qui "
         "avait oublié, se reprend au tour suivant. UI de O.", "unauthorized_information", "W"),
        ("b3 t14 D:N. 1S(N) - E fumbled in box, then 2H. W later raised to 4H. UI E->W, 16B.",
         "unauthorized_information", "E"),
        # an abbreviation's dot in parentheses ends no sentence: "O (déf.) « contre »" (39)
        ("T19 D8 — 4♥ par N, passe finale, O (déf.) « contre ». Avant entame.",
         "call_after_final_pass", "W"),
        # "répondre à son partenaire": whom East answered, not who bid 1♠ (27)
        ("Ouest donneur ouvre 1♥, Nord intervient 2♦, Est veut répondre à son partenaire et "
         "pose 1♠ sur la table.", "insufficient_bid", "E"),
        # the player another believed had called is not the caller of what follows;
        # "ce passe" pointed at is no call that ends the doubler's clause (19A)
        ("Colette, who sat North, thought West had bid something and reached for the Double "
         "card. So she doubled her own partner's 2S.", "inadmissible_double", "N"),
        ("J'étais Nord. Est passe. Mon partenaire Sud prend ce passe pour une ouverture et pose "
         "un Contre. Ouest n'avait pas encore parlé.", "inadmissible_double", "S"),
        # an opponent named by no seat, bidding over a known player's call: the one after
        # him, never the player he bid over (27)
        ("an opponent bid 1H over my partner's 1S. I am North.", "insufficient_bid", "W"),
        ("l'adversaire a dit 1♥ sur le 1♠ de mon partenaire. Je suis Nord.", "insufficient_bid",
         "W"),
        ("An opponent bid 1♦ over North's 1♠.", "insufficient_bid", "E"),
        # the player opposite ("mon vis-à-vis"), the one "at my left"
        ("mon vis-a-vis a contré avant son tour, jsuis Est. on fait comment",
         "double_out_of_rotation", "W"),
        ("J'étais Sud. Pendant les enchères, mon vis-à-vis a fait tomber sa Dame de cœur.",
         "card_exposed_during_auction", "N"),
        ("my partner bid 7♠, East and me pass, and the opponent at my left said 8NT. I am South.",
         "bid_above_seven", "W"),
        # the writer's seat at a note's head: "myself south", then another player
        ("myself south my right hand opponent dropped the two of clubs face up while bidding",
         "card_exposed_during_auction", "E"),
        # a player named by where he sits ("le monsieur en Ouest")
        ("Arbitre table 2. Le monsieur en Ouest a dit 2♣ après que tout le monde a passé.",
         "call_after_final_pass", "W"),
        # a player placed from a role: the dealer's LHO, the declarer's LHO (26B: 39)
        ("Dealer North. The dealer's LHO opened 1S.", "bid_out_of_rotation", "E"),
        ("le donneur c'était est mais c'est l'adversaire de gauche du donneur qui a ouvert un "
         "sans atout en premier", "bid_out_of_rotation", "S"),
        ("Contrat 2♠ par Sud après trois passes. L'adversaire de gauche du déclarant contre.",
         "call_after_final_pass", "W"),
        # "the opener" alone: the player who made the first bid told (36)
        ("I was East. The chap on my left opened 1♠, partner passed, his partner raised to 2♠ "
         "and I passed. Then the opener redoubled – nobody had doubled anything.",
         "inadmissible_double", "S"),
        # first names given a seat with words between ("en Est, un certain Bernard, en
        # Ouest son épouse Colette"): Colette is West (27)
        ("moi en Sud ; en Est, un certain Bernard, en Ouest son épouse Colette. Colette ouvre "
         "1♥, mon partenaire passe, Bernard répond 1♠, je passe, et Colette annonce 1♦.",
         "insufficient_bid", "W"),
        # "the dealer" as a verb's subject: the dealer told before (37)
        ("East was the dealer and opened 1♦. Later East passed out of rotation and had to "
         "pass at his next turn. The dealer forgot and bid 3♦ when his turn came.",
         "call_when_obliged_to_pass", "E"),
        # "c'est moi le donneur (Sud)": the writer's seat after the dealer's title (30)
        ("ma partenaire a passé avant que j'ouvre, pis c'est moi le donneur (Sud). Est a pas "
         "accepté.", "pass_out_of_rotation", "N"),
        # "at his right-hand opponent's turn": the longer spelling rule wins (37)
        ("Board 10: South, having passed out of rotation at his right-hand opponent's turn, was "
         "obliged to pass at his next turn but bid 1NT instead.", "call_when_obliged_to_pass",
         "S"),
        # "his partner must pass … this partner doubled": the barred player is the
        # partner of the player named before him, and "this/le partenaire" is he (37)
        ("I am South. My LHO bid 1D over my 1S and the director said his partner must pass "
         "to the end. Later this partner doubled 4♠.", "call_when_obliged_to_pass", "E"),
        ("je suis O. mon adv de droite a fait une enchere insuffisante et l'arbitre a dit que "
         "son partenaire devait passer jusqu'a la fin. la le partenaire sort 3SA.",
         "call_when_obliged_to_pass", "N"),
        # a bar told of a side names no one player: the one told calling under it (37)
        ("T.3 : N-S doivent passer jusqu'au bout. Plus tard Sud contre le 4♥ d'Est.",
         "call_when_obliged_to_pass", "S"),
        # the writer's seat told in an aside is not the subject of the verb after it (16B)
        ("My right opponent (I sit South) made a big sigh when his partner bid 3NT.",
         "unauthorized_information", "E"),
        # "let fall the king": a card shown, by the player the apposition names (24)
        ("I was North. The lady at my right, West, let fall the king of spades face up.",
         "card_exposed_during_auction", "W"),
    ],
)  # fmt: skip
def test_offender_from_relative_seats(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "call"),
    [
        # Law 25: the call first made, not the one meant or changed to
        ("Est a sorti 2♣ en voulant 2♦, corrigé aussitôt.", "2C"),
        ("lapsus de Nord : 3♥ pour 3♦, repris tout de suite", "3H"),
        ("My partner wanted to change his 2NT into 3NT after my pass.", "2NT"),
        ("Ouest a voulu changer son 1♠ en 2♠ alors que j'avais parlé.", "1S"),
        ("North bid 4♦, East passed, then North wanted to change to 4♥.", "4D"),
        ("E 2♥ (voulait 2♠), S passe, E s'en rend compte.", "2H"),
        ("N: 1NT. E: pass. Then N says 'sorry, 2C' and wants to change.", "1NT"),
        # replayed: the same player calling twice before his LHO, the first call
        ("Dealer N. N 1♣, E P, S 1♥, S 1♠.", "1H"),
        # the call taken back, not the calls of the listing before it (25)
        ("bd 4 T10, Dlr W. 1♥ (W) - 1♠ (N) - 2♥ (E) - S says '2 spades', stops, 'naw, 3 "
         "spades'.", "2S"),
        ("Bd 15 T6. N 1NT - E 2S - S X, imm. repl. by P (\"no, sorry, meant pass\"). W had not "
         "called.", "X"),
        ("Mon partenaire Est a réfléchi longtemps sur le 4♠ adverse, a dit « contre », puis "
         "presque aussitôt « non, passe ».", "X"),
        # "3 sans" is 3NT said short; "droite dit" is the writer's RHO (25)
        ("Notes pour Claire : d.12, S a dit « 3 sans » puis « non, 3 piques ».", "3NT"),
        ("droite dit 1P puis change 1SA, autorisé?", "1S"),
        ("Bd 8 Tbl 2. Dlr W. W 1C N 1S E 2H S 2S W 3C -- W immed. says \"3H, sorry, wrong "
         "card\". N not yet called.", "3C"),
        # "at the club" is no club bid; "changed it" tells the change (25)
        ("At the club last night, dealer North opened 1♦, East overcalled 1♠ and my partner "
         "South bid 2♣; then he noticed he had wanted 2♥ and changed it before West called.",
         "2C"),
        # "remplacer son passe par 1♠", "replaced the pass with a double": the call replaced
        ("Nord a posé le carton passe ; Est a passé, puis Sud a déclaré 2♥. Seulement alors "
         "Nord a voulu remplacer son passe par 1♠.", "P"),
        # "a card with 1 heart on it" is the card made, not a call changed to (25)
        ("My partner put down a card with 1 heart on it and then took it back and put 1 spade.",
         "1H"),
        # the meant call, then in the next sentence a card with no maker: the call made (25A)
        ("I was South and the dealer, and I meant to open 2NT. The card that hit the table was "
         "2♠. I put 2NT on top and said sorry.", "2S"),
        ("Dealer: N. Facts: N bid 3NT; E passed; N then said he wanted 4♥ instead. S had not "
         "called. Q: Does 3NT stand?", "3NT"),
        # "the 4H card was a mis-pull for 4S": the call made a few words before the one meant
        ("Bd 23 T5, Dlr W. 1S – P – 4H – P – P – P. E says the 4H card was a mis-pull for 4S; "
         "noticed only when dummy came down.", "4H"),
        # a pass recalled in an aside ("who had passed earlier") is no call in the order told
        ("South opened 1♦, West passed, North bid 1♥, and East, who had passed earlier, now "
         "came in with 2♣. A moment later he said 'no, make that 2♠'.", "2C"),
        # "pulls 3♥ not 3♠" reads like "instead of": the call first made (25A)
        ("Partner pulls 3♥ not 3♠ (cards stuck together), sees it before my RHO calls.", "3H"),
        # the meant call, then the card made in the next sentence by the same writer (25A)
        ("my rho opened 1C and i wanted to respond 1NT. but the card i had pulled out was 1D, "
         "i saw it at once", "1D"),
        # the writer's seat named at the next call: his own pass, not the call made (25B)
        ("Est a sorti 3♠ puis il a dit non je voulais 3♥, il avait réfléchi. Moi Sud j'ai passé "
         "derrière sur le 3♥.", "3S"),
        # "meant to open, 1♦": the intention a comma away, not the card made (25A)
        ("West opened, or meant to open, 1D, but actually put 1C on the table. Then West said "
         "'Oh, I meant 1D' and wanted to change it.", "1C"),
        # "« pardon, deux cœurs, je voulais dire deux cœurs »": the meant call said first
        # is the change, not the call first made (25)
        ("Sud ouvre 1♥, je passe, et Nord dit « deux piques ». Est passe. Nord fronce les "
         "sourcils et dit aussitôt : « pardon, deux cœurs, je voulais dire deux cœurs ».", "2S"),
        # "meaning to raise me to 4♥": the call meant, and "me" raised, not raising (25)
        ("I was South and my partner Iain sat North. East opened 1♦, I overcalled 1♥, West "
         "passed, and Iain, meaning to raise me to four hearts, pulled out the four spade "
         "card. He noticed at once.", "4S"),
        # "intending, I assure you, to say 1NT": an aside inside the intention (25)
        ("I sat East. West opened 1♣, North overcalled 1♥, and I, intending, I assure you, to "
         "say one no trump, said 'one spade', then 'sorry, one no trump'.", "1S"),
        # "three no" is the 3NT said first; "no, four hearts" the change (25B)
        ("North said 'three no', then, a few seconds later, 'no, four hearts'. She had "
         "changed her mind.", "3NT"),
    ],
)
def test_call_first_made_in_a_change_of_call(text, call):
    assert facts_for(read(text), "change_of_call").get("call") == call


@pytest.mark.parametrize(
    ("text", "offender", "call"),
    [
        # Law 33: of two players calling at once, the one whose turn it was not
        ("Mon adversaire de droite et moi avons parlé en même temps. C'était mon tour. "
         "Moi 1♠, lui passe.", "rho", "P"),
        ("My partner and I called at the same time. It was my turn. I bid 2H, he passed.",
         "partner", "P"),
        ("West and North called together after 1C; North said it was not his turn.",
         "N", None),
        # the call of the one player the story is about (33: West's 2♦, the writer's pass)
        ("s and w both bid at the same time. it was s turn. w said 2d", "W", "2D"),
        ("me and my lho called at the same time but it was his turn. i'm west, i said pass",
         "W", "P"),
        # the two calls told by pronouns, the one in turn told after them (33)
        ("Nord et moi (Est) avons posé nos cartons en même temps : lui 1♦, moi contre. "
         "C'était à lui de parler.", "E", "X"),
        ("im west i was the dealer, north and i bid at the same time, i said 1 club he said 1 "
         "heart", "N", "1H"),
        # the dealer in turn for the first calls; the calls in the order the players are named
        ("Donne 4 : Est, donneur, et Sud ont posé leurs cartons en même temps, Est 1♣, Sud 1♠.",
         "S", "1S"),
        ("Dealer West: West and North bid at the same time, 1D and 1S.", "N", "1S"),
        # "passe pour lui, 2♥ pour mon partenaire": the call's owner written after it
        ("Je suis Sud. C'était au tour de mon adversaire de gauche. Lui et mon partenaire ont "
         "sorti leurs cartons en même temps : passe pour lui, 2♥ pour mon partenaire.",
         "N", "2H"),
        ("T3 appels simultanés E/S, tour de E", "S", None),
        # "whose turn it was not" names the player out of turn, not the one in turn
        ("Dealer South opened 1D and at the same moment West, whose turn it was not, put down "
         "1S.", "W", "1S"),
        # the second player named after the words "at the same moment"
        ("I'm North. West opened 1♣ and it was my turn: I bid 1♥, and at that very same moment "
         "South, my partner, put down a double card.", "S", "X"),
        # whose turn it was not told: the one after the last call told before them
        ("Donneur Sud, il passe. Moi Ouest je dis 1 trèfle et en même temps Est (mon "
         "partenaire) pose 1 carreau.", "E", "1D"),
        # (a call of theirs already in the grid is no earlier call)
        ("N  E  S  W\n1♦ P  1♠\nand W passed at the same moment S bid 1♠", "W", "P"),
        # "c'était mon tour après Sud" names whose turn it was, not a third caller
        ("donneur sud\nmoi ouest j'ai contré en même temps que nord posait 1♥, pile au même "
         "moment, c'était mon tour après sud", "N", "1H"),
        # "when East's turn came" is a later turn, not whose turn it was
        ("Board 5, North dealer, I'm South. North reached for the 1D card and at the same "
         "moment East put his pass card down. The director said that when East's turn came "
         "he could call as he liked.", "E", "P"),
    ],
)  # fmt: skip
def test_simultaneous_calls_offender(text, offender, call):
    facts = facts_for(read(text), "simultaneous_calls")
    assert offender in (facts.get("offender"), facts.get("offender_relative"))
    if call is not None:
        assert facts.get("call") == call


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        # glued French elisions are the verb, never a seat or a typo of "cent"
        ("cest ouest", ("ce", "est", "W")),
        ("cetait Est", ("ce", "etait", "E")),
        # "2e" is an ordinal, not a level and East
        ("le 2e 1SA", ("le", "2", "e", "1", "NT")),
        # relative seats written short
        ("ma gauche a passé", ("MY", "LHO", "a", "passe")),
        ("my right opponent", ("MY", "RHO")),
        # French shorthand: a lower-case seat as the subject of an act, or a call's maker
        ("o a passé", ("W", "a", "passe")),
        ("n a dit 2c", ("N", "a", "dit", "2", "♥")),
        ("le 1♦ de n", ("le", "1", "♦", "de", "N")),
        ("c t a n de parler", ("c", "t", "a", "N", "de", "parler")),
        ("o devait passer", ("W", "devait", "passer")),
        ("e n'a pas parlé", ("E", "ne", "a", "pas", "parle")),
        # ... but "n a pas" typed without its apostrophe is still "n'a pas"
        ("il n a pas parlé", ("il", "ne", "a", "pas", "parle")),
        # "three no" said short is no-trump, "3, no, 4♥" a correction
        ("North said 'three no'.", ("N", "said", "3", "NT", "|")),
        ("he bid three, no, four hearts", ("he", "bid", "3", ",", "no", ",", "4", "♥")),
        ("he bid three no four hearts", ("he", "bid", "3", "no", "4", "♥")),
        # "g ouvert" is "j'ai ouvert"; "Dnr" the dealer; "skipped" no typo of "slipped"
        ("g ouvert 2♦", ("ME", "ai", "ouvert", "2", "♦")),
        ("Dnr O", ("donneur", "W")),
        ("S SKIPPED", ("S", "skipped")),
    ],
)
def test_words_for_seats(text, tokens):
    assert normalise(text).tokens == tokens


@pytest.mark.parametrize(
    ("text", "irregularity", "offender", "call"),
    [
        # "X of S's 1NT": the player after "of" owns the doubled call, he did not double
        ("E X of W's 2♠", "inadmissible_double", "E", "X"),
        ("N: XX of S's undoubled 4♦. Called at once.", "inadmissible_double", "N", "XX"),
        # "XX by W" after a seatless run: the dealer starts the rotation
        ("Dlr N. 1♥ P P XX by N. No double before.", "inadmissible_double", "N", "XX"),
    ],
)  # fmt: skip
def test_directors_notation_offender_and_call(text, irregularity, offender, call):
    facts = facts_for(read(text), irregularity)
    assert (facts.get("offender"), facts.get("call")) == (offender, call)


@pytest.mark.parametrize(
    ("text", "call"),
    [
        # 27: the bid seen or thought of is the reason, the insufficient bid the one made
        ("Ma gauche ouvre 2♦ et je dis 2♣ (j'avais lu 1♦).", "2C"),
        ("RHO opened 1NT and I bid 1S, I had read 1C.", "1S"),
        ("I sat East and opened 1S, South overcalled 2D and North cue-bid 2S. My eyes saw 2D "
         "and nothing else, and I put down 2H.", "2H"),
        # the bid it was over, named again after it ("not enough over 1S"), is no second 1♠
        ("I am sitting South. East has opened 1S, I have doubled, West has redoubled, and then "
         "my partner North has bid 1D, which is not enough over 1S.", "1D"),
        ("My LHO opened 2H but I thought it was 1H, so I said 1S.", "1S"),
        ("Il croyait avoir entendu 1♠ et il a dit 1♥ sur 2♣.", "1H"),
        # "I think it is 1♠": the bid believed made, not made (27)
        ("I am South. East opened 2♥. I did not see the level, I think it is 1♥, and I bid "
         "2♣.", "2C"),
    ],
)
def test_the_insufficient_bid_not_the_bid_imagined(text, call):
    assert facts_for(read(text), "insufficient_bid").get("call") == call


@pytest.mark.parametrize(
    ("text", "irregularity", "offender", "call"),
    [
        # a seat after the call and its cue words, closing the clause, is the caller
        ("passe HT E, donneur S", "pass_out_of_rotation", "E", "P"),
        ("X oot W. Dlr N.", "double_out_of_rotation", "W", "X"),
        # "out of turn" is a cue: the seat after it is whose turn it was
        ("S XX out of turn — N's turn.", "double_out_of_rotation", "S", "XX"),
        # "a passer" typed for "a passé"
        ("donneur N, O a passer avant N", "pass_out_of_rotation", "W", "P"),
        # 21B: the player who said what a call meant is the one who explained it
        ("Bd 4 Dlr N. 1H (N) 2C (E) 2H (S) P (W). N asked, W said 2C natural; per EW card 2C "
         "= both majors.", "misinformation", "W", None),
        # 37: the call a director's note flags as made under the bar
        ("bd 18 dlr N. 1C then W 1H OOT at E's turn, NA, E P thru. E P S 1S W 2H N P E 3D "
         "(barred). L37A", "call_when_obliged_to_pass", "E", "3D"),
        ("Donne 13 / D: S / E 1C HT au tour de S, NA. O passe tout du long (L31B). S 1K O 2C — "
         "interdit. L37.", "call_when_obliged_to_pass", "W", "2H"),
        ("N barred throughout. Later N X of 4H (barred), E P.", "call_when_obliged_to_pass",
         "N", "X"),
        # the seat in parentheses is the call's maker; a seat after the call is
        # not: "repl. by 1S -> N barred" names the barred player, no call flagged
        ("Bd 26 T3 Dlr E: 1D (E) 1C (S) ins., repl. by 1S -> N barred. Later 3S (N) while "
         "barred.", "call_when_obliged_to_pass", "N", "3S"),
        # "the 1♥ came from the player after me / my partner's LHO": who made it (27)
        ("I'm South. I opened 1♠ and the 1♥ bid came from the player after me.",
         "insufficient_bid", "W", "1H"),
        ("I'm West. My partner opened 1♠ and the 1♥ came from my partner's LHO.",
         "insufficient_bid", "S", "1H"),
        ("Je suis Est. J'ai ouvert 1♠ et l'enchère de 1♥ vient de celui qui parle après moi.",
         "insufficient_bid", "S", "1H"),
        # 37: the double made under the bar, not the bid it doubled ("doubled East's 4♥",
        # "X sur 2♠ de N")
        ("Earlier ruling: N and S to pass for the rest of the auction. Then N doubled East's "
         "4♥ anyway.", "call_when_obliged_to_pass", "N", "X"),
        ("37. E barré (36B2) → X sur 3♦ de S. S pas encore reparlé.",
         "call_when_obliged_to_pass", "E", "X"),
        # "under": the bid told first was made below the one told second (27)
        ("caddie: 4♣ under 4♦, table 12, N", "insufficient_bid", "N", "4C"),
        ("E a mis 2♦ sous le 2♥ de S", "insufficient_bid", "E", "2D"),
        # a relative clause between the player and his call, with a call of its own
        ("I opened 1S, South bid 2C, and West, who I'm fairly sure did not see the 2C, bid 1H.",
         "insufficient_bid", "W", "1H"),
        # a call seen inside the aside is another's; the player before it made the next
        ("North opened 1NT, East overcalled 2H, and South, not seeing the 2H, bid 2C.",
         "insufficient_bid", "S", "2C"),
        ("Nord ouvre 1SA, Est intervient à 2♥ et Sud, sans voir le 2♥, dit 2♣.",
         "insufficient_bid", "S", "2C"),
        # the call the words "had not called yet" follow, of two by the same player (31)
        ("Moi en Est. Donneur Nord. 1♥ (N), passe (moi), 2♣ (S), et là Nord il annonce 3♣ "
         "directement, Ouest avait pas encore parlé. J'ai dit non, je n'accepte pas.",
         "bid_out_of_rotation", "N", "3C"),
        # the card told coming out of a player's box is his call, whoever is named before
        ("I'm South and my partner's dealing and the green pass card comes flying out of "
         "East's box before she's even opened.", "pass_out_of_rotation", "E", "P"),
        ("je suis Ouest, Nord donne et le carton vert il sort de la boîte de mon partenaire Est "
         "avant que Nord ait bougé", "pass_out_of_rotation", "E", "P"),
        # (not a box named for another reason: "avant que je touche ma boîte")
        ("Donneur Est, je suis Sud. Est ouvre 1♥ et avant même que je touche ma boîte elle dit "
         "« oups » et remplace par 1♠.", "change_of_call", "E", "1H"),
    ],
)  # fmt: skip
def test_caller_written_around_the_call(text, irregularity, offender, call):
    facts = facts_for(read(text), irregularity)
    assert (facts.get("offender"), facts.get("call")) == (offender, call)


@pytest.mark.parametrize(
    ("text", "offender", "call"),
    [
        # Law 39: the call after the final pass, not the contract named again
        ("Contract 4♠ by N after three passes. Then E, who was on lead, said double. "
         "The director cancelled the double.", "E", "X"),
        ("Auction 1NT (S) 3NT (N) and three passes, then W wanted to double 3NT and "
         "said double.", "W", "X"),
        # "put on the table 3♠": a place, not table 3
        ("Après trois passes, Ouest a posé sur la table 2♥ sans voir que c'était fini.",
         "W", "2H"),
        # a subject before a relative clause: "North, who is the partner of declarer, bid"
        ("S 1♠, W P, N 2♠, all pass. Then N, who is the partner of the declarer, put out 3♠.",
         "N", "3S"),
        # "ended our 2♠", "we ended in 3NT": the contract named, not the call after the end
        ("after 3 passes ended our 2♠ my RHO suddenly said double. im west. can she do that",
         "S", "X"),
        # the contract told again with its maker ("1NT by South") is no call after the end
        ("I am West, my wife East. South opened 1NT, I pass, North pass, my wife pass. So "
         "auction finish, 1NT by South. Then my wife said 2♥.", "E", "2H"),
        # "so did partner": a second pass, partner's, that ended the auction
        ("North opened 1♠, my partner East passed, South raised to 4♠, and I passed. North "
         "passed and so did partner, which ended the auction. Then partner put the Double card "
         "on the table.", "E", "X"),
        # "3 passes finales (3♠ S)": the contract named after the closing passes (39)
        ("Après 3 P finales (3♠ S), O annonce 4♥. N muet, pas d'entame.", "W", "4H"),
        # "Dominique, Stéphane et moi avons passé": three passes, the writer's among them;
        # "Corinne, qui n'avait pas vu mon passe, a posé 4♠": the subject before the
        # aside, "mon passe" a call recalled in it (39)
        ("J'étais en Est. Stéphane, en Nord, donneur, a ouvert d'un sans-atout, j'ai passé, "
         "Corinne, en Sud, a conclu à trois sans-atout, et Dominique, Stéphane et moi avons "
         "passé. C'est alors que Corinne, qui n'avait pas vu mon passe, a posé un carton "
         "quatre piques.", "S", "4S"),
        # "et Ouest joue 3SA": the contract played, not a call after the end (39)
        ("Ouest a ouvert 1SA, Est a conclu à 3SA. Sud a passé, Ouest a passé, Nord a passé : "
         "les enchères sont donc finies et Ouest joue 3SA. Mais Sud a dit « contre » !",
         "S", "X"),
        # "we're in 4♠", "on est à 3SA": the contract the side is in (39)
        ("Auction's finished, we're in 4♠, I'm declarer (South). West, who's on lead, "
         "suddenly put a 5♣ card out of his box!", "W", "5C"),
        # "la 3e passe", "le 3e passe": the third pass, not a call "3" and a pass
        ("Donne 9, enchères terminées à 2SA par N. Après la 3e passe, N pose 3♣.", "N", "3C"),
        ("1SA de S, fin des enchères. Après le 3e passe, O dit 2♦.", "W", "2D"),
    ],
)  # fmt: skip
def test_call_after_the_final_pass(text, offender, call):
    facts = facts_for(read(text), "call_after_final_pass")
    assert (facts.get("offender"), facts.get("call")) == (offender, call)


@pytest.mark.parametrize(
    ("text", "call"),
    [
        # Law 25: a meant call with nobody named is no anchor for a later "allowed 1♦"
        ("Dlr N. N 1♠, but says meant 1NT. Allowed 1NT.", "1S"),
        # "no," then the new call: the call before it is the one first made
        ("Mon partenaire a dit 2♦ et aussitôt « non, 2♥ ».", "2D"),
        # a holding is no call: "I saw I have only 4 hearts"
        ("I bid 3♥, then saw I have only 4 ♥ and said no, 2♥.", "3H"),
        # "a hand with six hearts", "a decent hand and five hearts": cards held, not bids (25)
        ("I write for my friend Anne, who sat East. North dealt and opened 1C. Anne had a weak "
         "hand with six hearts and meant to jump to 2H, but the 2S card came out stuck to it. "
         "She saw it at once, said 'oh, that is not what I meant', and put 2H down instead.",
         "2S"),
    ],
)
def test_change_of_call_first_call_among_other_words(text, call):
    assert facts_for(read(text), "change_of_call").get("call") == call


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 20F1, 21B: the player asked about a call is the one who explained it
        ("I asked South about the 3♦ bid of North; she answered 'weak'.", "S"),
        ("J'ai demandé à Ouest ce que voulait dire le 2♣ d'Est, réponse « Stayman ».", "W"),
        ("East asked North about 2♥ and was told it was natural.", "N"),
        # passive: the player asked is the subject ("asked by", "interrogé par/sur")
        ("Nord, interrogé par Ouest sur le 2♦ de Sud, a dit « faible ».", "N"),
        ("W, asked by N about E's double, replied 'penalty'.", "W"),
        ("Sud interrogé sur le 1SA d'Est a répondu « 12-14 ».", "S"),
        # the asker is not the explainer: the one who said the quoted words is
        ("S asked, W said 'transfer'. The card says natural.", "W"),
        ("E demande ; N : « fort, 18+ ». Faux d'après la feuille.", "N"),
        # the verb's subject is the player named nearest before it, not a possessor
        ("2♠ (W) - E explains 'both majors'; the card says weak.", "E"),
        ("le 3♣ de Nord, Sud l'a expliqué comme naturel.", "S"),
        # "sa partenaire m'explique": the partner of the player named before her
        ("J'étais en Est. Ma voisine de gauche ouvre 2♣ et, à ma question, sa partenaire "
         "m'explique : « fort, forcing de manche ». Je passe.", "N"),
        # "m'affirme": a telling, the writer its object
        ("Je jouais Sud. Ouest ouvre 2♦ ; je demande ce que signifie le 2♦, et mon adversaire "
         "de droite m'affirme : « faible dans une majeure ». Je passe.", "E"),
        # 20F: a call told not alerted, its maker named: the alert was his partner's
        ("N 1♣, E 2♦ (not alerted, it was a transfer), S passed.", "W"),
        ("Le 2♣ de Sud non alerté : c'était un Stayman.", "N"),
        ("W's 3♣ was never alerted although it showed spades.", "E"),
        # ... and "his partner did not alert it", a few words further on
        ("I was West. The opener was my RHO, he opened 1♣ and his partner did not alert it.",
         "N"),
        ("im north my right hand opponent opened one no trump and her partner didnt announce it",
         "E"),
        # "alerted" alone: the one who then explained wrongly
        ("S 2♦ alerted, N: 'weak in hearts'. It was a multi.", "N"),
        ("W's 2♣ explained by E as natural; the card says Stayman.", "E"),
        # 20F: the partner told saying nothing, giving no alert (not the call's maker)
        ("I'm South. West opened 1NT and East said nothing — no announcement, no alert.", "E"),
        ("Est ouvre 2♦ — un Multi — et Ouest, son partenaire, n'alerte pas.", "W"),
        # "n'a rien annoncé, ni Texas ni alerte", "didn't say anything - no alert" (20F)
        ("Ouest a dit 2♦ et Est n'a rien annoncé, ni Texas ni alerte.", "E"),
        ("West bid 2D and East didn't say anything - no alert, no announcement.", "E"),
        ("pas dalerte sur le 2♦ d'E c'etait un transfert, son partenaire O a rien dit", "W"),
        ("North opened 1NT, South bid 2♦ — NO alert from North — and I passed.", "N"),
        ("West opened 1♠, North pass, East 2♣ and West no alert. It was Drury.", "W"),
        # "répond 1♦" is a call, not an explanation
        ("Nord ouvre 1♣, Sud répond 1♦. Je demande, Nord me dit « 4 cartes ».", "N"),
        # 20F1: saying what another player's call means is explaining it
        ("B3 T6: S said N's 2NT = minors; card 20-21. E P on it.", "S"),
        ("Je suis Est, Sud m'a dit que le 2 coeurs de Nord etait naturel.", "S"),
        # the agent of "asked by" asked; the one asked explained
        ("Facts: W, asked by N, explained E's 2NT as 'both minors'.", "W"),
        # 20F: "2S (N) not alerted (S)": the call's maker, then who failed to alert
        ("B15 T3: 2S (N) not alerted (S), it's Michaels-style.", "S"),
        ("B15 T3: 2S (N) not alerted, it's Michaels-style.", "S"),
        # a director's label names the offender: "MI (E)"
        ("Bd 4: N 2NT, E P, S 3C. MI (E): said 'both minors'.", "E"),
        # the agent of a passive explanation, a missing alert's owner, a verb-first note
        ("d.30 — X d'O expliqué « d'appel » par E ; carte EO : punitif.", "E"),
        ("Bd 18 T7. W X of 1H explained by E as t/o; agreement = pen.", "E"),
        ("16h20 T3 É9 : défaut d'alerte de Nord sur le 3♣ de Sud (Puppet).", "N"),
        ("Étui 9 : O 2♦, explic. E « faible », fiche : multi.", "E"),
        ("Bd 13 T1. E 1NT (W expl. 12-14; agreement 15-17) - S 2C.", "W"),
        ("North, asked by my player, explained South's 2D as natural.", "N"),
        # 20F1: the one who answered with a range of points, not the one who asked
        ("Board 22. Facts: West asked about South's 1NT opening; North said 12–14. The N/S "
         "agreement is 15–17.", "N"),
        # ... and a call named with its convention is no answer ("dit 2♣ Stayman")
        ("Je suis Sud, j'ouvre 1SA, mon partenaire dit 2♣ Stayman, Est contre, et Ouest "
         "l'explique comme « rien de spécial ».", "W"),
        # the explaining told as going wrong ("s'est trompé en expliquant")
        ("Est s'est trompé en expliquant le 4♣ de son partenaire : il a dit « naturel ».", "E"),
        # "à Est ce que …" is the seat asked, not "est-ce que"
        ("Je suis Sud. Quand j'ai demandé à Est ce que voulait dire le 3♣ de son partenaire, "
         "il m'a répondu « naturel ». Sur leur feuille, c'est « fit ♥ ».", "E"),
        # the player told telling another what a call meant; not one telling his own
        # intent ("il aurait contré") or telling someone off (21B)
        ("I'm North. South opened 1♣ and when I asked, West said it could be as short as two. "
         "The auction went on.", "W"),
        ("Dlr E; E 1♦, S X, W 1♠, N 2♣; E asked, N told him S's double was takeout; "
         "their card says penalty.", "N"),
        ("Table 4, Est n'a pas alerté le 2♦ (Texas) de son partenaire. Sud dit qu'il aurait "
         "contré.", "E"),
        # "Partner opened 1♣ and I alerted and said '…'": the writer explained, not partner
        ("I am South. Partner opened 1♣ and I alerted and said 'can be short, two cards'.",
         "S"),
        # 20F: the writer, whose seat is told, asked by an opponent, explained
        ("I was South. My partner bid 2♣ and when East asked me I said 'natural'. It was "
         "Stayman.", "S"),
        # 20F: the player told explaining wrongly, the writer too where his seat is told
        ("I was North. Partner opened 2NT and East asked her about my 3♥; she said "
         "'transfer'. West had asked me about the 2NT and I had explained it wrongly.", "N"),
        ("Sud a ouvert 1SA. Nord a mal expliqué le 2♦ de son partenaire à Ouest.", "N"),
        # "Ouest me demande": "me" the object, the writer (his seat told) explained
        ("J'étais Nord et j'ai ouvert 1SA. Est intervient à 2♥ et mon partenaire dit 2SA. "
         "Ouest me demande ce que ça veut dire et je réponds « naturel ».", "N"),
        ("Ouest ouvre 1♦, Est répond 1♠. Pas d'alerte d'Est sur le 1♦ à aucun moment.", "E"),
        # "a dit que ça ne changeait rien" is no silence
        ("Je suis Est. Mon mari Ouest ouvre 1SA et je dis 4SA. Sud demande à mon mari ce que "
         "c'est, et il répond « quantitatif ». Nord a dit que ça ne changeait rien.", "W"),
        # "the opener" told not alerting: the maker of the first bid (20F)
        ("I sat South. My LHO opened 1C, North passed, and my RHO responded 1D. No alert from "
         "the opener.", "W"),
        ("Writing this for my friend Bill, who sat South. His left-hand opponent opened 1C, "
         "North passed, and his right-hand opponent responded 1D. No alert from the opener.",
         "W"),
        # "Sud dit 2♥ (texas …)": South's call and the writer's note on it; North, who
        # did not alert it, is the one (20F)
        ("Nord ouvre 1SA, Est passe, Sud dit 2♥ (texas pour les piques), et Nord n'alerte "
         "pas. Ouest contre.", "N"),
        # "partner asked about it" is who asked, not who was asked; the one who answered
        ("Sitting North, I passed as dealer, East passed, South passed and West opened 1♠. I "
         "passed, East bid 2♣, and my partner asked about it. West said 'Drury: a spade fit "
         "with about 10-11 points'. With that, partner kept quiet. At the end of the hand East "
         "said they had never agreed Drury.", "W"),
        # an adverb between forgetting and the alert
        ("J'étais en Nord, j'ouvre 2♦ multi et ma partenaire, en Sud, oublie complètement "
         "d'alerter. Est passe, Sud dit 2♥.", "S"),
        # 20F: "pas alerté par S" names who did not alert; "ils n'ont pas alerté le 2♣
        # de mon adversaire de gauche": the maker's partner
        ("1NT(S) 2♦(W) P(N) 2♥(E). 2♦ pas alerté par E (transfert).", "E"),
        ("ils ont pas alerté le 2♣ de mon adversaire de gauche, je suis nord", "W"),
        ("They did not alert the 2♦ of my RHO. I am West.", "N"),
        # the writer who only reports ("je souhaite signaler") is not the one who explained
        ("Je souhaite signaler une explication erronée : Est a qualifié le 2♣ d'Ouest de "
         "« naturel », alors que c'était un Stayman.", "E"),
        # "E, whose duty it was, did not alert it": the subject past his relative clause
        ("I sat North. East opened 1NT, South passed, West bid 2♦, and East, whose duty it "
         "was, did not alert it, so I passed.", "E"),
    ],
)  # fmt: skip
def test_misinformation_the_player_who_explained(text, offender):
    assert facts_for(read(text), "misinformation").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 20B: the player who gave a wrong review, not the one who asked for it
        ("I'm South and asked for a review before my lead; West gave it but left out his "
         "partner's 2♦.", "W"),
        ("À mon tour j'ai demandé le rappel des enchères ; Nord a omis le contre de son "
         "partenaire. Je suis Est.", "N"),
        ("je suis ouest, j'ai demandé un rappel et nord a oublié le 2♣ de son partenaire", "N"),
        ("Rappel demandé par O avant l'entame : E l'a récité en oubliant le 2♦ de S.", "E"),
        # the reviewer named by a pronoun in the next sentence
        ("À mon tour j'ai demandé à Nord, mon adversaire de gauche, de me répéter les "
         "enchères. Il a oublié le contre de son partenaire. Je suis Ouest.", "N"),
    ],
)  # fmt: skip
def test_auction_review_the_player_who_gave_it_wrong(text, offender):
    assert facts_for(read(text), "auction_review").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 16B: the player told hesitating, in his own clause
        ("N 1♥, E 2♣, S paused about 20 seconds then passed. N bid 3♥.", "S"),
        ("Ouest a réfléchi longtemps avant de passer, puis Est a réveillé.", "W"),
        ("E 1S, S took a good minute and then passed, W 2S.", "S"),
        ("Nord, après une longue pause, passe. Sud reparle à 3♠.", "N"),
        # the noun of the hesitation followed by the player who made it
        ("1♠ (N) - P - longue hésitation E puis P. O réveille.", "E"),
        ("1H (W) P 2H; huddle S then pass. N balanced.", "S"),
        ("1♣ (S) 1♥ (O), longue réflexion de N avant son passe, E passe.", "N"),
        # the maker of a call named after it: "passe d'Est après une longue pause"
        ("1♠ de Sud, passe d'Ouest après une pause de trente secondes, 2♠ de Nord.", "W"),
        # a sigh or a remark is the same kind of source
        ("After 3NT by West, North sighed loudly and passed; South led a spade.", "N"),
        # a face, a gesture, a question, a remark out loud, seconds counted
        ("N 1♥ (alerted by S; N made a face when S explained it). S then bid 4♥.", "N"),
        ("Dlr W. W 1♦, N P, E 1♠, S P, W P (after sighing loudly). E then bid 2♠.", "W"),
        ("The lady on my right, East, kept tapping the box while her partner thought.", "E"),
        ("Ouest a secoué la tête, puis a passé ; sa partenaire a geste de la main.", "W"),
        ("Est pose une question à son propre partenaire en pleine enchère ; O dit 4♥.", "E"),
        ("1♣ - passe - 1♠ - ? N réfléchit 25 s puis passe. S réveille.", "N"),
        ("South opened 1♥ and said out loud 'oops' before passing 2♥.", "S"),
        # a remark: the player told saying quoted words
        ("Dear TD, North said 'not again' while passing; South then bid 4♠.", "N"),
        ("Je suis E. Mon partenaire O a dit « aïe » quand S a ouvert 1♠.", "W"),
        # a player after "about" or "alerted" is an object
        ("N asked about E's 3♦, was told 'natural', said 'I thought so' and passed.", "N"),
        # the one who used it, or a player after "over"/"après", is not the source
        ("West hesitated over North's 4♠, and I think East used the hesitation.", "W"),
        ("Break in tempo by S over W's 3♦: 15 seconds. N then bid 4♠.", "S"),
        # an opinion of the writer is no hesitation ("I think")
        ("N opened 1♠ and I think S hesitated before passing.", "S"),
        ("Nord a ouvert 1♥ et je crois qu'Est a hésité avant de passer.", "E"),
        # "Im North, my RHO…" are two players, not an apposition (16B: West thought)
        ("Im North, my RHO thought for ages over 2H and then passed and his partner "
         "balanced with 3C.", "W"),
        # a gesture during another's thinking: the gesture's maker (16B)
        ("O tapote la feuille de conventions pendant la réflexion d'E. E choisit 4♥.", "W"),
        # "30 S" is thirty seconds, not South (16B: East waited, then passed)
        ("T7. SAUT A 3P DE N AVEC STOP. E ATTEND PLUS DE 30 S PUIS PASSE. O REVEILLE A 4C.",
         "E"),
        # "we think East hesitated": an opinion opening another clause (16B: East)
        ("me and my partner think east hesitated a long time before passing and then west "
         "bid four hearts", "E"),
        # "At our table North…" names no turn; "I (West) think" is the writer speaking (16B)
        ("At our table North put out the Stop card before an ordinary 2♥ rebid. South went "
         "straight to game. I (West) think the Stop card was used to send a message.", "N"),
        # a hand hovering over the box is a tempo's maker (16B)
        ("West's fingers hovered over the 4♥ card for a while, then he pulled 2♥ instead. "
         "North passed and East jumped to 4♥.", "W"),
        # a player after "told"/"vers" is an object, not the one who gave it (16B)
        ("East held the Stop card a moment, then bid 2♥; West raised to game. East told West "
         "he'd been thinking about a jump.", "E"),
        ("E a poussé son carton passe vers O avec insistance (geste vu de tous). O a passé.",
         "E"),
        # "le partenaire de l'ouvreur": the partner of the player who opened (16B)
        ("J'étais Sud. Mon adversaire de gauche ouvre 1SA, mon partenaire passe, et le "
         "partenaire de l'ouvreur marque une pause d'une vingtaine de secondes avant de passer.",
         "E"),
        # "le 2♣ de Nord, mon partenaire": North owns the call, partner is another player
        ("Je suis Ouest. Après le 2♣ de Nord, mon partenaire a demandé « c'est alerté, ça ? » "
         "en regardant le carton, puis il a passé.", "E"),
        # 16B: a remark said "with a smile" before the quoted words is still his remark
        ("Dealer N. North opened 1♠ and South, putting 2♠ on the table, said with a grin "
         "'more than a raise, partner'. North bid 4♠.", "S"),
        # the opponents speaking of the writer's pause: the writer paused, not them
        ("I was North. I thought for a long time and passed. East-West said that my pause "
         "told partner I had extras.", "N"),
        ("J'étais Ouest. Donneur Est. Est passe, Nord ouvre 1SA, je passe, et Sud dit 2♦. "
         "Nord a regardé le carton, a froncé les sourcils, et a fini par alerter.", "N"),
        # the writer, his seat told, taking his time (not "I think East used it")
        ("Honest question. I was West. Partner opened 1NT, South bid 2♠ and I thought about "
         "it for quite a long time, then passed. Partner then bid 3♥.", "W"),
        ("I am North and I think East used the hesitation. West thought a long time and "
         "passed.", "W"),
        # "the long think from Gerald": the noun, and who it came from
        ("South opened 1♥. North bid 2♣ and East, Gerald, a sweet man who knows all the "
         "tricks, passed. The director said the long think from Gerald suggested values.", "E"),
        # "while my partner East was thinking, she added…": the moment, not the source
        ("I was West. Mrs Patel, sitting South, opened 1♥ and alerted her partner's 2♥. "
         "While my partner East was thinking, she added 'you do remember that, don't you?'",
         "S"),
        ("Sitting West, director please. North opened 1♠, partner bid 2♥, I bid 4♥. My LHO "
         "then thought for a good thirty seconds and passed.", "N"),
        # a gesture told far into the player's own sentence
        ("I was North. I opened 1♠, East overcalled 2♦ and partner raised to 3♠. West then bid "
         "4♦, and as he put the card down on the table he grinned at his partner and tapped "
         "it twice.", "W"),
        ("My partner East opened 1♥ and South doubled. Later South doubled again, but he "
         "slapped the red card down so hard that the table shook.", "S"),
        ("East opened 2NT and his partner West tutted and rolled his eyes at the ceiling. I "
         "passed and West bid 3NT. I'm South.", "W"),
    ],
)  # fmt: skip
def test_unauthorized_information_the_player_who_hesitated(text, offender):
    assert facts_for(read(text), "unauthorized_information").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # the irregular call named again without its maker: the one player told making it
        ("W 1♥, N P, E XX. A redouble with no double before it.", "inadmissible_double", "E"),
        ("Ouest ouvre 1♦, Nord passe, Est surcontre. Surcontre inadmissible, il est annulé.",
         "inadmissible_double", "E"),
        ("S 4♥ P P P, then W doubled. The double came after the final pass.",
         "call_after_final_pass", "W"),
        ("Après 3 passes sur le 2♠ de Sud, Ouest contre. Contre après le passe final, annulé.",
         "call_after_final_pass", "W"),
    ],
)  # fmt: skip
def test_offender_is_the_maker_of_the_call_named_again(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 24: the player whose own clause tells his card shown, not the writer or the dealer
        ("I was South. During the auction my LHO West dropped the king of clubs face up.", "W"),
        ("Je suis Nord. Pendant les enchères, Est a laissé tomber un petit pique.", "E"),
        ("Dealer S, after 1♣ by S, E fumbled his cards and the ace of hearts was seen.", "E"),
        ("Donneur O. Avant la fin des enchères, Sud a entamé face visible le 4♦.", "S"),
        ("While the bidding went on, North held his hand so low that I saw a queen.", "N"),
        ("Pendant les enchères (N 1♠, E passe), Ouest a renversé ses cartes sur la table.", "W"),
        # the writer's seat told aside is not the player who showed the card (24)
        ("partner (im south) led a card face up before the auction ended!! ♦J", "N"),
        ("Pendant les enchères, mon partenaire (Nord, moi Sud) a laissé tomber une carte face "
         "visible : le 4 de trèfle.", "N"),
        ("mon adv de gauche (jsuis O) a montré son as de pique sans faire expres pendant les "
         "encheres.", "N"),
        # "ma main a glissé": the writer's own hand, not the players who saw it (24)
        ("Je suis Nord, ma main a glissé pendant les ench. et Est et Ouest ont vu 3 de mes "
         "cartes. Mon part. doit passer ?", "N"),
        # "face up", "face visible" further on in his clause (24)
        ("I was North. West opened 1♦ and then my LHO, instead of calling, put the ♠K face up "
         "on the table.", "E"),
        ("Sud 1♠, Ouest passe, Nord 2♠. Est a passé puis a posé le valet de trèfle face "
         "visible sur le tapis.", "E"),
        # the player named in a clause of time only thought (24)
        ("Je suis Ouest. Pendant que Sud réfléchissait à son ouverture, j'ai fait tomber le 3 "
         "de cœur.", "W"),
        ("I am South. While North was thinking about his rebid, East dropped a small club.",
         "E"),
        # the player named after a listing, his clause set off by commas (audit 10, 50)
        ("Donneur Sud : 1♣ (S) 1♥ (O) 1♠ (N), et là Est, en prenant un carton, a fait tomber "
         "deux cartes face visible (le 5♥ et la D♠). C'est à lui de parler.", "E"),
        # a director's note: the seat in parentheses after the act, not the dealer
        ("Bd 18 T11 Dlr W: SK dropped face up (E) during the auction.", "E"),
        ("Étui 18 T11 Dnr O : R♠ tombé face visible (E) pendant les enchères.", "E"),
        ("B24 T13 Dlr N: ♠A of W shown to whole table, auction unfinished", "W"),
        # the pronoun of a clause of time: North, not West who called before (audit 11, 25)
        ("Dlr E. E 1D, S 1S, W 2D, and while North was thinking he dropped the king of spades "
         "face up on the table. It was North's turn to call.", "N"),
        # an aside that names the writer does not end the player's clause
        ("N   E   S   O\n1♦  p   ?\nmon partenaire Sud (je suis Nord) a fait tomber une carte, "
         "le 2♣, tout le monde l'a vue", "S"),
        # a count of cards written suit first is no bid ("deux (♥A" is not 2♥; audit 11, 48)
        ("donneur S : 1♦ - passe - 1♠ - et là Est, en rangeant ses cartes, en expose deux "
         "(♥A et ♣7). C'est au tour d'Est de parler.", "E"),
        # the dealer may be the subject himself, when no heading sets him apart
        ("Dealer North exposed the ♠A while taking out his bidding card.", "N"),
        # an aside about a named player that goes on past his seat
        ("I was West. Mrs Blake, who sits South and has been playing at the club since long "
         "before any of us arrived, dropped the ♥K face up while we were bidding.", "S"),
        # a player named from the writer, then where he sits, set off by commas
        ("Je vous écris de la table 4. Pendant les enchères, ma voisine de droite, en Ouest, a "
         "fait tomber son roi de cœur face visible.", "W"),
        # the cards shown listed after a colon with commas: his clause is the one before
        ("J'étais en Nord et j'ai ouvert 1♦. Est, à ma gauche, a fait tomber trois cartes face "
         "visible : le 2♠, le 9♥ et l'as de trèfle.", "E"),
        # another player's clause ends where the writer's own act begins (24)
        ("South opened 1♠, I passed in the West seat, North raised to 2♠. Thinking the "
         "auction was over, I turned the five of diamonds face up. North and East passed, "
         "and I then had to lead the five of diamonds.", "W"),
        # the writer's "club lead" is no card shown; "she dropped" is (24)
        ("I was West, my partner Lily East. While Lily was reaching for her box she dropped "
         "the queen of hearts face up. I had to pass, though I wanted to double for a club "
         "lead.", "E"),
    ],
)  # fmt: skip
def test_card_exposed_the_player_who_showed_it(text, offender):
    assert facts_for(read(text), "card_exposed_during_auction").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # a player named inside a clause set off by commas is not the caller
        ("N opened 1♠ and E, without waiting for his partner, put the double card out.",
         "double_out_of_rotation", "E"),
        ("Nord ouvre 1♥, Est passe, et Sud, qui à mon avis rêvait, contre le 1♥ de Nord.",
         "inadmissible_double", "S"),
        ("I'm North. W opened 1♦, and E, who I suppose was tired, redoubled.",
         "inadmissible_double", "E"),
        # an apposition names the same player: "Nord, mon partenaire, a ouvert"
        ("Je suis Sud. Donneur Ouest. Nord, mon partenaire, a ouvert 1♠ avant Ouest.",
         "bid_out_of_rotation", "N"),
        ("My partner, who is East, passed before the dealer. I am West.",
         "pass_out_of_rotation", "E"),
    ],
)  # fmt: skip
def test_caller_before_a_clause_set_off_by_commas(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 39: the player told calling after the text says the calls ended,
        # not the contract's maker named there
        ("2♥ (N) P P P, then W put out one more pass card.", "W"),
        ("4♠ par Est, passe passe passe. Sud contre ensuite, avant l'entame.", "S"),
        ("After the final pass, with 3NT by South as the contract, West doubled.", "W"),
        ("Après trois passes sur le 5♣ de Nord, Ouest dit encore passe.", "W"),
        ("Auction over (1NT by E, three passes). Then N bid 2♦.", "N"),
        ("The auction ended with three passes after E/W bid 3♥. Then South doubled.", "S"),
        ("N 1♠, S 4♠, all pass. Then W doubled before the lead.", "W"),
        ("Ouest a dit « 5♦ » après les trois passes, 4♥ par Nord.", "W"),
        ("I am North and declarer in 3♠. After three passes East redoubled.", "E"),
        # "Est 3SA, tous passent": the contract and its passes, not a call after them (39)
        ("Les enchères étaient finies : Est 3SA, tous passent. Puis mon partenaire Nord a "
         "contré. Trop tard !", "N"),
        # "Est, le même qui avait répondu 1♥, dit 2♥": a relative clause's call is the
        # subject's own, the verb after it still his (39)
        ("Donne 18 : Ouest ouvre 1♦, Nord passe, Est 1♥, Sud passe, Ouest 1SA, et trois "
         "passes. Fini. Là, Est, le même qui avait répondu 1♥, dit « 2♥ ». Annulé.", "E"),
        # "3SA joué par Sud": the contract named after the end, not a call made then (39)
        ("À la table 7, où je marquais, les enchères étaient finies : 3SA joué par Sud, trois "
         "passes derrière. Et là Nord, qui allait être le mort, a annoncé 4♥.", "N"),
        # the late call's maker named after it, not the player who called over it (39)
        ("T9 d.2 — après les trois passes finales, contre de S (défense). O (déclarant) dit "
         "passe avant mon arrivée.", "S"),
        ("The auction was over: 2♠ by East, three passes. I'm North, and my partner South "
         "then said 'three hearts'. West hadn't called since.", "S"),
        # the end told in prose after a two-call start the listing reader saw (39)
        ("I'm South. On board 1, North dealt and opened 1♠, East overcalled 2♣, I bid 4♠, and "
         "West, North and East passed. Then East suddenly bid 5♣, as if the auction were still "
         "open.", "E"),
        # "so 4♥ by East was the contract": the end retold, not a call by East (39)
        ("East opened 1H, South passed, West bid 4H, and North, East and South all passed, "
         "so 4H by East was the contract. North then bid 4S.", "N"),
        ("Est ouvre 1♥, tout le monde passe, 1♥ par Est devient le contrat. Sud dit alors "
         "2♠.", "S"),
    ],
)  # fmt: skip
def test_call_after_final_pass_the_player_who_called_after_the_end(text, offender):
    assert facts_for(read(text), "call_after_final_pass").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # a seat in parentheses right after the irregular call is its maker
        ("Board 3, dealer N. 1♦ (S) before N. Refused by W.", "bid_out_of_rotation", "S"),
        ("Donne 4. passe (N) 2♣ (E) — E voulait 2♦, carton voisin, corrigé avant S.",
         "change_of_call", "E"),
        ("Dlr W: P (W) 1♠ (N) 1♥ (E) insufficient. S has not called.", "insufficient_bid", "E"),
        # the seat first in the note, then a note on it naming another ("at North's turn")
        ("Board 23, Dealer South. 1NT (S) – pass (W) – pass (E, at North's turn) – pass (S).",
         "pass_out_of_rotation", "E"),
    ],
)  # fmt: skip
def test_offender_from_the_seat_in_parentheses_after_the_call(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 25: the player whose own clause tells him changing or meaning another call
        ("Dlr N. N 1♥, E P, S 2♣, W P, N then: 'no, 2♦ please'.", "N"),
        ("E 2♥, S passe, E : « pardon, je voulais 2♠ ». O n'a rien dit.", "E"),
        ("W 1♦ P 1♠ P, W 2♣ then said she meant 2♦; N had not called.", "W"),
        ("Nord 3♣, Est passe, Nord se ravise : 3♦. Sud n'a pas parlé.", "N"),
        # a quoted "I" is the player who speaks, not the writer
        ("S 4♠, W P, then S: 'sorry, I wanted 4♥'.", "S"),
        # a player named in "before X calls" / "unless X accepts" is not the changer (25A, 25B)
        ("Donneur E. E 1♣, S 1♦. Sud, avant qu'Ouest ne parle, veut remplacer son 1♦ par 1♥.",
         "S"),
        ("W opened 2♦ and, after a long pause, tried to replace it with 3♦. 2♦ stands unless "
         "North accepts the substituted call.", "W"),
        ("Dlr S. S 1♥ - W 1♠ -> W repl. by 2♠ at once, N not yet called.", "W"),
        # the call a named player takes back, no other player named between (25)
        ("bd 4 T10, Dlr W. 1♥ (W) - 1♠ (N) - 2♥ (E) - S says '2 spades', stops, 'naw, 3 "
         "spades'. W hasnae bid.", "S"),
        ("T6 É1 Dnr N. N P E P S 1♦ O 1♠ N 2♣?? lapsus pr 2♦, corr. apr. passe d'E.", "N"),
        ("Table 15, board 1. North, dealer, passed; East passed; South opened One Spade. West "
         "thereupon said 'double', and very shortly afterwards said 'no, pass, I'm sorry'.", "W"),
        # "a tiré 1♣ et 1♦ collés": the cards stuck together, not East (25)
        ("15h55 T9 — S a tiré 1♣ et 1♦ collés, pose 1♣ (voulait 1♦) ; corrigé avant que N "
         "parle.", "S"),
        # a director's listing, then the player who says he intended another call (25A)
        ("Donne 4. Donneur : Sud. S passe, O 1♥, N 1♠, E 2♥, S 2♠, O passe. Sud déclare alors "
         "avoir voulu annoncer 3♠ et précise que le carton 2♠ a été tiré par erreur.", "S"),
        # the LHO who "n'a pas voulu accepter" is not the one who changed (25B)
        ("Sophie était en Ouest. Elle a posé 1SA, puis elle a voulu changer pour 1♦. Nord, son "
         "adversaire de gauche, n'a pas voulu accepter le changement.", "W"),
        # his words after a colon, even in a story the writer tells (25A)
        ("Dealer North, he put 1H on table. I bid 1S over it. Then North say: sorry, I wanted "
         "1D, I took wrong card. I am East.", "N"),
        # a report's field names the offender
        ("Bd 20 Dlr W Auction: 1NT (W) P (N) 2♣ (E) P (S) 2♦ (W) Claim: E says his 2♣ was a "
         "misclick, meant 2♦. Raised only after W (partner) had bid. Offender: E", "E"),
        # "il" after "avant même qu'Est ne parle" stands for the player before, not East (25A)
        ("Est a ouvert 1♥, notre Sud a contré, Ouest a dit 2♥, et notre Nord a posé le carton "
         "3♣ ; puis, avant même qu'Est ne parle, il l'a remplacé par 3♦.", "N"),
        # a card that "came out" with no maker: the one who meant another or replaced it (25A)
        ("I'm North. Partner opened 1NT and I meant to bid 2♦, a transfer, but the 2♥ card "
         "came out. I replaced it with 2♦.", "N"),
    ],
)  # fmt: skip
def test_change_of_call_the_player_who_changed(text, offender):
    assert facts_for(read(text), "change_of_call").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # a report's field: on its own line, "présumé" between, after a separator
        ("Bd 7 Dlr N\nCards shown: S held the ♠A face up\nOffender: W\nRuling 24.",
         "card_exposed_during_auction", "W"),
        ("Étui 4 — N 1♥, E passe après une très longue réflexion, S passe, O réveille 2♣ — "
         "Fautif présumé : E (tempo)", "unauthorized_information", "E"),
        ("Table 2 / S 1♠ / W pause then pass / N 2♠ / alleged offender: W",
         "unauthorized_information", "W"),
        ("FICHE n° 4 Donne : 2 / Donneur : Nord Infraction : rupture de tempo Joueur : Est — "
         "passe lent sur le 3♠ adverse Action du partenaire : réveil", "unauthorized_information",
         "E"),
        # (16B) a player named after "du fautif" is no field: no colon, no capital
        ("N 1♠, E hésite longuement puis passe ; le partenaire du fautif (Ouest) réveille.",
         "unauthorized_information", "E"),
    ],
)  # fmt: skip
def test_a_reports_offender_field(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 33: of two players calling at once, the one who does not sit after
        # the last player told calling before them
        ("W opened 1♦ and then N and S called together: N 1♠, S pass.", "S"),
        ("Donneur E. E 1♣, S passe, puis O et N posent leur carton en même temps.", "N"),
        ("After N's 2♥, E and W both called at the same moment.", "W"),
        ("After S 1♦ and W pass, N's 1♠ and E's 2♣ were made simultaneously.", "E"),
        # a note's words are the player's own up to the next player named; "(en tour)" (33)
        ("bd 30 dlr s. 1c(s) and 1s(w) hit the table together — s's turn, w's card deemed "
         "subsequent.", "W"),
        ("Simult. : S (en tour) 2♦, O 2♠ au même instant. O = décl. subséquente (33).", "W"),
        # "pas son tour": the nearest player named before it (33)
        ("Ouest donneur a dit passe et au meme moment Nord a posé 1 coeur alors que c'etait pas "
         "son tour, ca compte?", "N"),
        # the player told "whose turn it was" is not the offender
        ("At table 7 North, whose turn it was, and East called at the same moment, North 1 no "
         "trump and East pass.", "E"),
    ],
)  # fmt: skip
def test_simultaneous_calls_the_one_not_next_in_turn(text, offender):
    assert facts_for(read(text), "simultaneous_calls").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # the writer's seat told aside, right after the player who called
        ("Donneur Sud. Mon partenaire Ouest (moi je suis Est) a ouvert 1♦ avant Sud.",
         "bid_out_of_rotation", "W"),
        ("Dealer E. South, my partner (I am North), passed before East had called.",
         "pass_out_of_rotation", "S"),
        ("Notre E (mon partenaire, je suis O) a contré avant son tour.",
         "double_out_of_rotation", "E"),
        # said outright and then acting, the writer is the caller
        ("I was West and opened 1♠ before the dealer, North.", "bid_out_of_rotation", "W"),
    ],
)  # fmt: skip
def test_writers_seat_told_aside_is_not_the_caller(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # a player named relative to the dealer, whose seat is told
        ("The partner of the dealer passed first. The dealer was East.",
         "pass_out_of_rotation", "W"),
        ("Donneur Sud. Le joueur à gauche du donneur a ouvert avant lui.",
         "bid_out_of_rotation", "W"),
        # the dealer's seat not told: no seat is guessed
        ("The partner of the dealer passed first.", "pass_out_of_rotation", None),
    ],
)  # fmt: skip
def test_offender_named_relative_to_the_dealer(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # the player named before a clause set off by commas or dashes made the call;
        # players named inside it did not (27: East's 1♥ over North's 1♠)
        ("Donneur Nord. J'étais en Sud. Ma partenaire ouvre 1♠. Est, un joueur que je "
         "connais bien et qui n'a rien d'un tricheur, pose tranquillement 1♥.",
         "insufficient_bid", "E"),
        ("Dealer West. West passed, North opened 1♦ and East overcalled 1♠. South, holding "
         "♠x ♥KQJ98 ♦Q9x ♣AJ10x, reached for the 1♥ card.", "insufficient_bid", "S"),
        ("I was West. North answered 2♠, partner passed again, and then South - who I swear "
         "wasn't looking at the table - put out 2♥.", "insufficient_bid", "S"),
        # a comma inside the clause set off by dashes (27: East's 1♥ over North's 1♠)
        ("West dealt and opened 1♦, my partner Bob (North) overcalled 1♠, and then East — "
         "nice lady, a bit hard of hearing — bid 1♥.", "insufficient_bid", "E"),
        # the apposition names the seat of a player told by relation
        ("Mon partenaire, qui est Nord, a passé alors que c'était à Est de parler.",
         "pass_out_of_rotation", "N"),
        # "she'd taken her hand from board 12": the pronoun's player holds the wrong board
        # (15A: West, not North who passed after her)
        ("I'm East. My partner Ella (West) dealt, but she'd taken her hand from board 12 "
         "instead of board 16, and she opened 1H. North passed.", "wrong_board", "W"),
        # "I was North with Tess South": the player named after "with" sits there (38)
        ("I was North with Tess South, against Callum East and Zara West. Zara dealt and "
         "opened 3♠, I doubled, Callum bid 7♠ and then Tess said 'eight hearts'.",
         "bid_above_seven", "S"),
        # a dash-set clause holds the wrong board (15A)
        ("Est ouvre 1♠, Sud — avec les cartes de la planche 22 — contre.", "wrong_board", "S"),
        # "had" the auxiliary of a call, not a hand held (15A: the opener holds board 19)
        ("I'm East and East is dealer. I pulled my hand out of board 19 instead of 18. Opened "
         "1S, South passed, partner raised to 2S. TD said that since partner had already called "
         "after my wrong-board bid the board couldn't be re-bid.", "wrong_board", "E"),
        ("Donne 6, Est donneur a ouvert 1SA avec les cartes de l'étui suivant. Moi Sud j'ai "
         "passé, Ouest aussi.", "wrong_board", "E"),
        # "my partner in the West seat, who is …, put out 1♦": the seat is one mention (27)
        ("I was East. North dealt and opened 1♥, I passed, South passed, and my partner in "
         "the West seat, who is eighty-three and sharp as a tack most days, reached into the "
         "box and put out 1♦.", "insufficient_bid", "W"),
        # "the South player, a jolly man …," is one subject (38: South's eight clubs)
        ("East-West bid to 7S, and the South player, a jolly man who had been drinking, "
         "announced 'Eight clubs!'", "bid_above_seven", "S"),
        # "the same chap" is the player just named; his own earlier call inside the
        # clause is no call made there (30: South passes at West's turn)
        ("I sat West. North opened 1H, East passed and my right-hand opponent responded 2C. "
         "Before I could reach for my box, the same chap, having had second thoughts about "
         "his own 2C, pulled out a Pass card. It was my turn, not his.",
         "pass_out_of_rotation", "S"),
        ("Je suis Ouest. Nord ouvre 1♥, Est passe, mon adversaire de droite dit 2♣. Puis le "
         "même joueur pose un carton passe alors que c'était à moi.", "pass_out_of_rotation",
         "S"),
        # a time word between the subject and the apposition (39)
        ("East opened 1H and everyone passed. North then, still mulling over a sacrifice, "
         "put a 2S card on the table.", "call_after_final_pass", "N"),
    ],
)  # fmt: skip
def test_the_subject_before_an_apposition(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # a cleft sentence puts the offender forward; the writer's seat in SMS (27)
        ("opp bid 1h over my 1s lol. im N, i opened, its E who did it.", "insufficient_bid", "E"),
        ("c'est Est qui a contré hors tour", "double_out_of_rotation", "E"),
        # ... or names who "someone" told before was (38)
        ("someone bid 8♠ at our table lol, it was W. N hasnt called yet", "bid_above_seven", "W"),
        ("quelqu'un a dit 8♥ à notre table, c'était Sud. Ouest n'a pas parlé.",
         "bid_above_seven", "S"),
        # "dlr was me (N)": the writer's seat, so his LHO is East (31)
        ("lho opened 1s oot, dlr was me (N). td??", "bid_out_of_rotation", "E"),
        # "im declarer, S": the writer's seat after his title (39: his LHO doubled)
        ("lho doubled after the auction ended. im declarer, S", "call_after_final_pass", "W"),
        # a lower-case seat before "opens" (31)
        ("dealer s. n opens 1h out of turn. e hasnt called. what do", "bid_out_of_rotation", "N"),
        # 24: the player named before a clause set off by commas shows the card
        ("Sud 3♠... et là Est, croyant que les enchères étaient finies, pose face visible sa "
         "carte d'entame, le Valet de cœur, alors qu'Ouest n'avait pas encore parlé.",
         "card_exposed_during_auction", "E"),
    ],
)  # fmt: skip
def test_who_the_text_puts_forward(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "offender", "call"),
    [
        # 25: "I" inside a player's quoted words is that player, so his second bid is
        # his own change of call, not another player's insufficient bid
        ("My partner, East, opened 1NT and then said 'oh, I've only got eleven, I'll make "
         "it one club.' South hadn't bid.", "E", "1NT"),
        ("N 2♣ → N dit « j'ai pris 2♣ pour 2♦ ». E n'a pas parlé.", "N", "2C"),
        # the writer tells the story, the speaker of "I meant" is another player (25A):
        # a quote closed with its sentence ("two spades.") opens no other
        ('My partner opened 1♣ and West said "two spades." I passed, East raised to three '
         'spades, and only then did West say "hang on, I meant two hearts!" I was North.',
         "W", "2S"),
        ("Je suis Est et j'ouvre 1♣. Sud pose 1♠, mon partenaire Ouest passe, et Sud s'écrie : "
         "« oh non, je voulais mettre 1♥ ! » Les deux cartons sont côte à côte dans la boîte.",
         "S", "1S"),
        # his words after a colon, or told in reported speech (25A)
        ("I was North and became declarer in 4♠ (I'd bid 3♠, my partner raised). After the "
         "final pass my partner said she had meant to pass my 3♠ rather than bid 4♠ — her hand "
         "slipped on the bidding box.", "S", "4S"),
        # the player named in "before South had called" is not the speaker
        ('Dealer North opened 1♦ and East took out the 2♠ card. She noticed straight away, '
         'before South had even reached for his box, and said "oh, that\'s not what I meant".',
         "E", "2S"),
    ],
)  # fmt: skip
def test_the_first_person_in_quoted_words_is_the_speaker(text, offender, call):
    facts = facts_for(read(text), "change_of_call")
    assert (facts.get("offender"), facts.get("call")) == (offender, call)
    assert classify(text).irregularity == "change_of_call"


def test_a_seat_written_after_a_call_is_its_caller() -> None:
    # 25A: "2♦ (S)" is South's call, changed by South (not "(N) 1♥", North's 1♥)
    text = ("Bd 7 T4 Dlr N. 1♣ (N) 1♥ (E) 2♦ (S) — S says at once wrong card, he wanted 2♥. "
            "W not yet called.")
    facts = facts_for(read(text), "change_of_call")
    assert (facts.get("offender"), facts.get("call")) == ("S", "2D")


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 16B: the player a remark, a gesture or a slow call is told of ("… de Nord")
        ("22h03 T2 É16 — remarque de Nord après le 2SA de Sud : « encore un de tes "
         "bicolores… ».", "N"),
        ("T5/É24. Haussement de sourcils de Sud pendant l'explication du 2♥ de Nord.", "S"),
        ("1♠ (S) – 2♥ (O) – 2♠ (N) – 4♥ (E) – P lent de S (≈ 40 s) – P – 4♠ (N).", "S"),
        ("S P – O 1P – N P – E 3P – S P – O 4P – N P (hés. nette) – E P – S X.", "N"),
        # a player sitting motionless, fingers hovering, a card struck on the table
        ("The dealer on my left opened 1H, partner passed, and my right-hand opponent then sat "
         "motionless for roughly forty seconds before producing 2H. I was South.", "E"),
        ("I was South. My left-hand opponent then fumbled: her fingers travelled to the 3H "
         "section of the bidding box, rested there, retreated, and drew out a Pass.", "W"),
        ("J'étais Sud. Ouest a dit 2 Carreaux, et son partenaire, mon adversaire de droite, a "
         "alors frappé le carton Alerte sur la table avec une telle vigueur que les verres ont "
         "tinté.", "E"),
        # "le 2♦ de Nord": the call's maker named inside the source's clause ends it not
        ("Faits : Sud a alerté le 2♦ de Nord avec insistance, en frappant plusieurs fois sur "
         "le carton Alerte et en soupirant. Nord a ensuite sauté à 4♥.", "S"),
        ("J'étais Est. Ma partenaire Ouest, en posant son carton Passe sur le 3♦ de Sud, a "
         "soupiré : « bon, je n'ai pas vraiment le choix... ».", "W"),
        # a tempo note on a call listed with no seat: the seat the listing gives it
        ("Bd 6, Dlr E. (1♥) - 2♦ - (P) - 3♦ (slow, ~20 sec, agreed by all) - (P) - 5♦ by S. "
         "EW reserve rights re the hesitation.", "N"),
        # ... not the player who confirmed it
        ("N a mis une douzaine de secondes avant de contrer 3♣ (hésitation confirmée par S).",
         "N"),
        # the player who put the Stop card out before a call that needed none
        ("Sud ouvre 1♦, Ouest passe, et Nord pose le carton Stop avant de dire 1♥, qui n'est "
         "pas un saut. Est passe, Sud saute à 4♥.", "N"),
        ("North opened 1♣ and South answered 1♠, but she put the Stop card out first and left "
         "it there a long time. West passed, North bid 4♠.", "S"),
        # quoted words right after the seat, or said further on in the player's clause
        ("T3 B9: W 'not again' said as she passed. UI (remark). E then bid 3♠.", "W"),
        ("I was North. South opened 1♦, West bid 1♠ and, reaching for the box, said 'well, "
         "here goes'. East raised to 3♠.", "W"),
    ],
)  # fmt: skip
def test_the_source_of_unauthorized_information(text, offender):
    assert facts_for(read(text), "unauthorized_information").get("offender") == offender


@pytest.mark.parametrize(
    "text",
    [
        # a player's holding, an adverb between: no call 7♦ nor 6♠ (25, 27)
        "Il avait effectivement sept carreaux.",
        "She has really 6 spades.",
        "Elle avait 6 piques.",
    ],
)
def test_a_holding_is_no_call(text):
    assert read(text).entities.calls == []


def test_a_time_and_an_etui_are_no_calls_or_seats() -> None:
    # "22h03" is no heart, "É16" is étui 16, not East
    assert normalise("22h03 T2 É16").tokens == ("t", "2", "etui", "16")
    assert normalise("T6 é11 PHT").tokens[:4] == ("t", "6", "etui", "11")


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # Law 36: of two doubles with no bid between them, the second doubles a doubled bid
        ("Bonjour, Ouest 2♠, Nord contre, Est passe et Sud contre à nouveau le 2♠ déjà "
         "contré. Ouest avait déjà passé après.", "S"),
        ("Facts: Board 28. East bid 3♦, South doubled, West passed and North doubled again.",
         "N"),
        ("Dn 31, T6. S P – O 1T – N P – E 1K – S X – O P – N X (contre du X partenaire) – E P "
         "avant arbitre.", "N"),
        # a double only named ("un contre du camp de son partenaire") is no second double
        ("Nord ouvre 1♠, Est intervient 2♥, Sud passe. Et là Est pose un Contre sur sa propre "
         "intervention à 2♥ ! C'était un contre du camp de son propre partenaire.", "E"),
        # a two-call listing, then a third player's call told in prose: the story goes on
        ("I'm North. I opened 1♥, East doubled, my partner South redoubled, and West then "
         "doubled again - a double of a redouble. Before anyone said 'director' I bid 2♣.", "W"),
    ],
)  # fmt: skip
def test_the_inadmissible_double_is_the_second_one(text, offender):
    assert facts_for(read(text), "inadmissible_double").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # a letter to a player: once "you" is given a seat, "you" is that player (36, 25)
        ("Hi Chris, about board 21 where you doubled your partner's 1NT. You were South and "
         "North had opened 1NT; East passed and you doubled.", "inadmissible_double", "S"),
        ("Ma chère Zoé, tu étais Sud et donneuse. Tu as dit « passe », puis tout de suite « non, "
         "non, 1♠ », avant qu'Ouest ait ouvert la bouche.", "change_of_call", "S"),
        # the seat told after the addressee's act, or in parentheses after "toi" (32, 39)
        ("Élise, mercredi : donneur Nord 1SA, tu as contré en Ouest alors que c'était à Est. "
         "Nord a refusé.", "double_out_of_rotation", "W"),
        ("Bonjour Inès. Nord a ouvert 1SA, Est a passé, Sud a dit 3SA, puis toi (Ouest) tu as "
         "passé, et Nord et Est aussi. Trois passes. Tu as ensuite dit « contre ».",
         "call_after_final_pass", "W"),
    ],
)  # fmt: skip
def test_the_addressee_of_a_letter(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


def test_you_with_no_seat_is_nobody() -> None:
    # "you must pass": a rule told to the reader, no player
    assert normalise("you must pass").tokens == ("you", "must", "pass")


@pytest.mark.parametrize(
    ("text", "irregularity", "offender"),
    [
        # the writer's seat told ("jsuis N") says who he is; the one acting is the
        # other player named (16B: partner's remark), else the writer himself (24)
        ("jsuis N mon partenaire a dit ca craint ds sa barbe avt de pss c de l info non "
         "autorisee ou pas", "unauthorized_information", "S"),
        ("Je suis Est. Pendant les enchères j'ai laissé tomber le roi de pique face visible.",
         "card_exposed_during_auction", "E"),
    ],
)  # fmt: skip
def test_the_writers_seat_told_is_not_the_actor_unless_he_acts(text, irregularity, offender):
    assert facts_for(read(text), irregularity).get("offender") == offender


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # 16B: the player told letting out a remark, its quoted words a few words on
        ("On seeing East's 4♥ bid, West exclaimed 'really?!'. North–South believe the remark "
         "influenced East's subsequent pass.", "W"),
        ("Donne 31. Lors de l'alerte du 2♥ d'Ouest, Est a ajouté à voix haute « attention, "
         "c'est forcing ! », commentaire qui excède l'alerte réglementaire.", "E"),
    ],
)  # fmt: skip
def test_the_player_who_let_out_a_remark(text, offender):
    assert facts_for(read(text), "unauthorized_information").get("offender") == offender


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 37: the player named under the bar made the call, not the one who caused it
        ("Donne 8. N ouvre hors tour (1♣), refusé → S passe obligatoire jusqu'à la fin. "
         "S dit 2♦ plus tard.", {"offender": "S", "call": "2D"}),
        ("Faits : Est, obligé de passer après le contre inadmissible d'Ouest, a dit 2♠. "
         "Sud n'avait pas encore parlé.", {"offender": "E", "call": "2S"}),
        # "an opponent was barred" names no seat: no other player is taken for him
        ("Opponent was barred for the whole auction, still he bid 4♠, my partner passed "
         "after that.", {"offender": None, "offender_relative": None, "call": "4S"}),
        # the call that caused the bar, told "inadmissible X", is not the call made under it
        ("Bd 2. E barred throughout (pd W's inadmissible X, 36B). E bid 3NT. S not yet called.",
         {"offender": "E", "call": "3NT"}),
        ("E doubled even tho TD said she must pass throughout (W's inadmissible redbl). S "
         "passed after", {"offender": "E", "call": "X"}),
        # the player whose turn it was is not "he" who had to pass (30, 37)
        ("My partner West passed out of turn at South's turn, so he had to pass at his next "
         "turn. Instead he bid 1NT. I'm East.", {"offender": "W", "call": "1NT"}),
        # "mon contre interdit": the cause named as a thing, not a call flagged barred
        ("mon partenaire devait passer jusqu'à la fin (à cause de mon contre interdit) et il a "
         "redemandé 4♠. Je suis Sud.", {"offender": "N", "call": "4S"}),
        ("on doit passer tout le reste des enchères après un contre interdit, mon partenaire a "
         "oublié et il a surcontré. je suis est", {"offender": "W", "call": "XX"}),
        # his call told just before the bar it broke, after another event (27B2, then 37)
        ("Nord ouvre 1♥, Est dit 1♦ (insuffisant), Sud refuse, et Est remplace par 2♣ (pas "
         "comparable). Ensuite Sud passe et Ouest dit 2♥ alors qu'il devait passer.",
         {"offender": "W", "call": "2H"}),
        ("S opened 1♠, W bid 1♦ (insufficient), N refused and W bid 2♣ instead (not "
         "comparable). N passed, then E bid 2♥ although he had to pass.",
         {"offender": "E", "call": "2H"}),
        # the player named as whose turn it was is not the one barred (30, 37)
        ("T2 b4. W passed OOT at S's turn -> had to pass next turn. S 1♠, then W doubled "
         "anyway. N hadn't called.", {"offender": "W", "call": "X"}),
        # "pass for the remainder of the auction", then "forgetting the instruction, bid" (37)
        ("North opened 1♥; East put out 1♦, which I declined to accept, and he corrected it to "
         "2♣. The director instructed West to pass for the remainder of the auction. I passed, "
         "West passed as instructed, North rebid 2♥, East and I passed, and West, evidently "
         "forgetting the instruction, bid 3♣.", {"offender": "W", "call": "3C"}),
        # a grid tells the barred player's calls before the bar too: his last one (37)
        ("Au tour précédent, Ouest avait fait une enchère insuffisante qu'il a remplacée par "
         "passe, donc Est devait passer jusqu'à la fin des enchères.\n\nNord  Est   Sud   Ouest"
         "\n1Co   1Pi   2Co   passe\n3Co   3Pi\n\nEst a quand même dit 3♠.",
         {"offender": "E", "call": "3S"}),
        ("Bd 21. E was obliged to pass. E bids 3C. S passes and then N asks me. I think this "
         "means 3C stands.", {"offender": "E", "call": "3C", "lho_called_since": True}),
        # his partner named in parentheses inside his clause is not the doubler; the
        # writer, his LHO, called after the double (37)
        ("opp E had to pass (his partner's insuff bid) but doubled. I'm S, I passed before "
         "anyone noticed. stands??", {"offender": "E", "call": "X", "lho_called_since": True}),
        # a bare "partner" in an aside after the barred player's words is his, not the
        # doubler (37)
        ("E under obligation to pass (partner's BOOT, 31B) doubled 3♣; S bid 3♥ afterwards. "
         "37A.", {"offender": "E", "call": "X"}),
        # the bar told after his call, and no call after it: his last call before (37)
        ("T8 b16 dlr W: P 1S (E oot) cxl. N 1D E 2C (not comp.) S P W 2S — W had to pass this "
         "turn. N not called.", {"offender": "W", "call": "2S"}),
        # "S to pass next time", "should have passed": the bar told in a director's shorthand
        ("T9 B5 N 1D S P oot, cancelled, S to pass next time. E 1S S 2H (should have passed). "
         "W not called yet.", {"offender": "S", "call": "2H"}),
    ],
)  # fmt: skip
def test_call_when_obliged_to_pass_the_barred_player(text, expected):
    _facts_are(text, "call_when_obliged_to_pass", expected)


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # the bid a double is on is no call made: the double is (37, 39)
        ("RHO was barred after his pass out of turn, then X'd my 2♠.",
         "call_when_obliged_to_pass", {"call": "X"}),
        ("Est devait passer jusqu'à la fin ; au tour suivant il a contré 2♥ de Sud.",
         "call_when_obliged_to_pass", {"offender": "E", "call": "X"}),
        ("Contract 4♥ by S, all pass. Then W, a defender, doubled 4♥ before the lead.",
         "call_after_final_pass", {"offender": "W", "call": "X"}),
        ("Après les trois passes, Est a contré le contrat de 4♠ de Nord.",
         "call_after_final_pass", {"offender": "E", "call": "X"}),
        # "then put the 2♥ card": a call made with a card named before, not a replacement
        # nor the partner's 2♥ told again (27: East's 2♥ over North's 2♠)
        ("I sat South. North dealt and opened 1♦, East passed, I responded 1♠ and West came "
         "in with 2♥. North rebid 2♠. East then put the 2♥ card on the table. I did not "
         "accept it.", "insufficient_bid", {"offender": "E", "call": "2H"}),
        # "contre N et S", "contre nos adversaires": the pair played against, no double
        ("Moi en Est, mon partenaire en Ouest, contre Gérard en Nord et Josiane en Sud. Ouest "
         "ouvre 1♥, Nord intervient à 1♠, je dis 2♥ et Sud pose 1♦.", "insufficient_bid",
         {"offender": "S", "call": "1D", "calls": [
             {"seat": "W", "call": "1H"}, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "2H"},
             {"seat": "S", "call": "1D"}]}),
        ("Je jouais en Sud contre nos adversaires habituels. Nord ouvre 1♠, Est dit 1♥.",
         "insufficient_bid", {"offender": "E", "call": "1H"}),
        # a double followed by a bid in a written sequence is two calls, not one on the other
        ("Dlr N. N 1♠ E X S 2♥ W 1♥, insufficient.", "insufficient_bid",
         {"offender": "W", "call": "1H"}),
    ],
)  # fmt: skip
def test_the_bid_a_double_is_on_is_not_the_call_made(text, irregularity, expected):
    _facts_are(text, irregularity, expected)


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # 30, 31, 32: the call a note flags out of turn right after it, and the seat in
        # the note made it; "D:N" heads the board with its dealer
        ("Bd 18, D:E. E P; W P (oot - S's turn). N opened 1♣ = accepted.",
         "pass_out_of_rotation", {"offender": "W", "call": "P", "dealer": "E"}),
        ("T7 B3 D:S. 1♠ S – 2♥ W – P! E (oot, N to call). S did not accept.",
         "pass_out_of_rotation", {"offender": "E", "call": "P"}),
        ("B.8 D: W. P E (HT – dealer W had not called yet). S opened 1♠ over it.",
         "pass_out_of_rotation", {"offender": "E", "turn_of": "partner"}),
        # "repasse": a second pass, made out of turn
        ("Donneur E. E P, S 1♥, O P, N 2♥ — O repasse HT au tour de son partenaire. N refuse.",
         "pass_out_of_rotation", {"offender": "W", "call": "P", "turn_of": "partner"}),
        # the irregularity's own name is no flagged call
        ("Pass out of turn: dealer E, E 1♣, S 1♥, W 2♣, N pass, and South passed before "
         "East had called. West didn't accept.", "pass_out_of_rotation", {"offender": "S"}),
        # a seat alone after the irregularity's name made it; not after a title's colon
        ("T6 é11 PHT O dnr E", "pass_out_of_rotation", {"offender": "W", "dealer": "E"}),
        ("contre hors tour : Nord donneur 1♥, Est passe, Ouest contre avant Sud. Nord dit non.",
         "double_out_of_rotation", {"offender": "W"}),
        # a two-call listing inside the story told: the story replayed whole (30)
        ("Dealer West. West 1♣, I (North) pass, East 1♠, then West put pass before my partner "
         "South call. South not call yet.", "pass_out_of_rotation",
         {"offender": "W", "turn_of": "rho"}),
    ],
)  # fmt: skip
def test_a_call_flagged_out_of_turn_in_notation(text, irregularity, expected):
    _facts_are(text, irregularity, expected)


@pytest.mark.parametrize(
    ("text", "irregularity", "expected"),
    [
        # the writer's seat told aside after his partner named, with or without a verb:
        # the partner made the call (25, 36)
        ("Mon partenaire (Nord, moi Sud) sort le carton 1♦ au lieu de 1♣, il corrige "
         "directement.", "change_of_call", {"offender": "N", "call": "1D"}),
        ("Mon partenaire Nord (moi j'étais Sud) a sorti 1♦ au lieu de 1♣.", "change_of_call",
         {"offender": "N", "call": "1D"}),
    ],
)  # fmt: skip
def test_the_writers_seat_told_aside_is_not_the_caller(text, irregularity, expected):
    _facts_are(text, irregularity, expected)


@pytest.mark.parametrize(
    ("text", "source"),
    [
        # 16B1: in a story told wholly by relations, the bare "partner" who took his time
        # is the source, not the opponent who placed the Stop card (audit 10, 24)
        ("LHO put out the STOP card and jumped to 3S. Partner took about 40 seconds, way "
         "more than the 10 second stop pause, then passed. RHO passed and I balanced with "
         "4H. The opponents say I used partners hesitation.", "partner"),
        ("pard tanked forever then passed, i balanced 3S. opps calling td for the huddle",
         "partner"),
        ("rho bid 3nt lho sat there 30 sec then passed. my pd led from kx", "lho"),
    ],
)  # fmt: skip
def test_the_hesitating_player_told_by_his_relation_only(text, source):
    assert facts_for(read(text), "unauthorized_information").get("offender_relative") == source


def test_a_long_relative_clause_after_a_named_player_does_not_hide_him() -> None:
    # the name replaced by its seat takes its comma with it: "Josiane (O), qui …, pose 1SA"
    text = ("Je suis en Nord, donneuse, j'ouvre 1♦. Est (à ma gauche) intervient 1♠, mon "
            "partenaire Bernard dit 2♣, et là Josiane (O), qui visiblement était restée bloquée "
            "sur mon ouverture et n'avait pas vu passer le 2♣, pose fièrement 1SA.")
    facts = facts_for(read(text), "insufficient_bid")
    assert (facts.get("offender"), facts.get("call")) == ("W", "1NT")


def test_a_player_told_in_parentheses_by_relation_does_not_crash_the_reader() -> None:
    # "(on my right)" is no seat letter noting a call's maker: the reader used to
    # look "MY" up as a seat (KeyError) — the player named there did not alert
    text = ("My partner opened 1C, the opponent on the left bid 1NT, and his partner (on my "
            "right) had not alerted.")
    assert facts_for(read(text), "misinformation").get("offender_relative") == "rho"


def test_a_short_apposition_then_a_relative_clause_keeps_the_subject() -> None:
    # "my RHO, a lovely old gent who … the 2♣ card, put 1♠": RHO made the 1♠ (27)
    text = ("I was South and dealer. I opened 1♥, LHO passed, partner responded 2♣, and my RHO, "
            "a lovely old gent who clearly hadn't seen the 2♣ card, put 1♠ on the table.")
    assert facts_for(read(text), "insufficient_bid").get("offender") == "E"
