"""Normalisation of free text: suits, numbers, seats, the writer, speech-to-text
confusions and typos, each spelling to the same canonical tokens."""

from __future__ import annotations

import pytest

from bot.understanding.normalise import MAX_CHARS, correct_word, normalise


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # suits, levels and no trump in every spelling
        ("1♥", "1 ♥"),
        ("1H", "1 ♥"),
        ("1 coeur", "1 ♥"),
        ("un cœur", "1 ♥"),
        ("Un Cœur", "1 ♥"),
        ("1 chœur", "1 ♥"),
        ("one heart", "1 ♥"),
        ("four harts", "4 ♥"),
        ("deux piques", "2 ♠"),
        ("1 pic", "1 ♠"),
        ("two spayed", "2 ♠"),
        ("3 carreaux", "3 ♦"),
        ("2 diamonds", "2 ♦"),
        ("1 trèfle", "1 ♣"),
        # Dutch suit names in a Dutch or Flemish player's English or French
        ("1 harten", "1 ♥"),
        ("2 schoppen", "2 ♠"),
        ("3 ruiten", "3 ♦"),
        ("1 klaveren", "1 ♣"),
        ("1SA", "1 NT"),
        ("1 SA", "1 NT"),
        ("1NT", "1 NT"),
        ("trois sans atout", "3 NT"),
        ("2 sans à tout", "2 NT"),
        ("one no trump", "1 NT"),
        ("2 no trumps", "2 NT"),
        ("8NT", "8 NT"),
        ("he bid for spades", "he bid 4 ♠"),
        # compass seats, and "est" the verb
        ("N 1S E 1H", "N 1 ♠ E 1 ♥"),
        ("sa remarque est une information", "sa remarque est 1 information"),
        # a player named by his first name where his seat is given stands for the seat
        ("Ann (South) pulled 3♣; Ann then said 3♦", "S pulled 3 ♣ S then said 3 ♦"),
        # a first name and a surname: the first name too; a title is no name
        ("Liam Fitzgerald, sitting West, bid 2S. Liam then said sorry",
         "W W bid 2 ♠ W then said sorry"),
        ("Mrs Daly was South. Mrs Daly passed.", "mrs S mrs S passed"),
        # a teacher's student named with a seat is that seat wherever named
        ("My student was sitting North. My student bid 2♦.", "N N bid 2 ♦"),
        # "He was sitting North" after a sentence naming one player by first name and surname
        ("A member, Tom Brennan, wrote to me. He was sitting North. Brennan passed.",
         "a member N N wrote to ME he was sitting N N passed"),
        ("Bob, sitting West, opened 1H. Then Bob said sorry", "W opened 1 ♥ then W said sorry"),
        ("Jacqueline, en Ouest, a ouvert 1♥", "W a ouvert 1 ♥"),
        # French elisions: "s'il" is "si il" (a question asked), "s'est" is "se est"
        ("l'arbitre demande s'il accepte, ce qui s'est passé",
         "le arbitre demande si il accepte ce qui se est passe"),
        ("Marc en Est pose 2♦", "E pose 2 ♦"),
        ("my wife Margaret was North. Margaret bid 1♦", "MY wife N N bid 1 ♦"),
        ("So John, East, bids 3♦. John then said sorry", "so E bids 3 ♦ E then said sorry"),
        ("Paul jouait en Est. Paul dit 1♦", "E E dit 1 ♦"),
        # a seat set off by commas, closing its clause; a seat before the name;
        # "North was Philip"; "my partner Maeve East"; "Declan, being North"
        ("Opponents were Helen, West, and Barry, East. Barry passed.", "OPP were W and E E passed"),
        ("N Carl, S Greg; E Dot, W Fran. Fran 1D, Carl pass", "N N S S E E W W W 1 ♦ N pass"),
        ("North was Philip and South was Vera. Vera dealt.", "N was N and S was S S dealt"),
        ("Nord : Corentin ; Est : Maëlle. Maëlle ouvre 1SA.", "N N E E E ouvre 1 NT"),
        ("I was North, against Gary East and Holly West. Gary passed.",
         "ME was N against E and W E passed"),
        # "en Est Colette", "En Nord il y avait Édouard" (a capital with an accent);
        # "Réal" is no "real"; "mon amie" is no "aime"
        ("En Nord il y avait Édouard, en Est Colette. Édouard passe.",
         "en N il y avait N en E E N passe"),
        ("contre nous Réal en Nord. Réal dit 1♠", "contre WE N N dit 1 ♠"),
        ("la table de mon amie Lucienne", "la table de MY amie lucienne"),
        # "n°" is the number sign, never North
        ("il a pris l'étui n° 13 au lieu du N°14", "il a pris le etui numero 13 au lieu du "
         "numero 14"),
        ("I sat West, my partner Maeve East. Maeve bid 1♥", "ME sat W MY PARTNER E E bid 1 ♥"),
        ("my partner, Declan, being North. Declan opened 1♣.", "MY PARTNER N N opened 1 ♣"),
        ("Mme Roux, qui joue en Ouest, nous écrit. Mme Roux passe", "mme W WE ecrit mme W "
         "passe"),
        # a player named by his kinship with the writer, once his seat is told
        ("J'étais Ouest, maman Est. Maman pose 1♠", "ME etais W E E pose 1 ♠"),
        ("I was South, my wife North. Then my wife bid 1S", "ME was S N then N bid 1 ♠"),
        ("my wife said 1H", "MY wife said 1 ♥"),
        # "She was sitting West" after the sentence naming one player: hers
        ("On behalf of my friend Jane. She was sitting West. Jane passed",
         "on behalf of MY friend W she was sitting W W passed"),
        ("We played in Paris. He was North.", "WE played in paris he was N"),
        # the kin the writer plays with is his partner
        ("Je joue avec mon mari. Ouest a demandé à mon mari", "ME joue avec MY PARTNER W a "
         "demande a MY PARTNER"),
        # an aside about a named player goes on past his seat: still an aside
        ("Mr Hargreaves, who sits North and is kind, dropped a card",
         "mr N is kind dropped a card"),
        # a hand's holdings are no calls ("♠x" is no double); one card named stays
        ("holding ♠x ♥KQJ98 ♦Q9x ♣AJ10x, bid 1♥", "holding bid 1 ♥"),
        # suit lengths are no calls ("held five spades and four hearts"); "had bid 2♥" is
        ("he held five spades and four hearts", "he holding"),
        ("he had bid 2 hearts", "he had bid 2 ♥"),
        # after a possessive, or in words from five up in parentheses, a length too
        ("avec mes six piques", "avec holding"),
        ("2♠ (six spades, invitational)", "2 ♠ holding invitational"),
        ("my partner bid (2 hearts)", "MY PARTNER bid 2 ♥"),
        # the writer's seat told in an aside inside a clause: the clause read whole
        ("my LHO — I'm West — took ages", "MY LHO took ages ME am W"),
        ("Nord (je suis Sud) a passé", "N a passe ME suis S"),
        # honour points are no bid; a side said to play a method is one side
        ("une passe forte (13H+, artificielle)", "1 passe force points artificielle"),
        ("N-S jouent une passe forte", "ns jouent 1 passe force"),
        ("N-S doivent passer", "N S doivent passer"),
        ("the ♥Q fell", "the ♥ q fell"),
        # a spaced dash between calls is nothing (in prose it is a comma: test_who)
        ("1♠ - 1♥ - 2♣", "1 ♠ 1 ♥ 2 ♣"),
        ("1♥ / - / 2♠", "1 ♥ p 2 ♠"),
        ("Mike (E) bid 2H", "E bid 2 ♥"),  # not "like", the nearest known word
        # ... but not a capitalised word before a seat with no word of sitting
        ("Simultané : E 3♦", "simultanee E 3 ♦"),
        ("Chu en Sud", "ME suis en S"),  # Québec's "je suis", no name
        ("XX w/o X by S", "xx without x by S"),  # "w/o" is "without", not West
        # a dash alone between slashes is a pass; between calls it separates them
        ("1c / 1p / 2c / - / - / 2p", "1 ♥ 1 ♠ 2 ♥ p p 2 ♠"),
        ("1♠ - 1♥", "1 ♠ 1 ♥"),
        ("nord 1 pique est 1 coeur", "N 1 ♠ E 1 ♥"),
        ("Est a dit 1♥ sur mon 1♠", "E a dit 1 ♥ sur MY 1 ♠"),
        ("est a dit deux coeurs", "E a dit 2 ♥"),
        ("c'est à Sud de parler", "ce est a S de parler"),
        ("il est à l'heure", "il est a le heure"),
        ("donneur est", "donneur E"),
        ("l'Est a passé", "le E a passe"),
        ("O X", "W x"),
        ("Ouest, North, south, West", "W N S W"),
        ("S's turn", "S turn"),
        ("East's turn", "E turn"),
        ("nord un pique et un coeur", "N 1 ♠ E 1 ♥"),  # "et" heard for "Est"
        ("nord et sud", "N et S"),
        # the writer and the players around him
        ("mon adversaire de gauche", "MY LHO"),
        ("l'adversaire de droite", "le RHO"),
        ("à ma gauche", "MY LHO"),
        ("my left-hand opponent", "MY LHO"),
        ("the player on my right", "the MY RHO"),
        ("mon partenaire", "MY PARTNER"),
        ("his partner", "his PARTNER"),
        ("LHO", "LHO"),
        ("j'ai passé", "ME ai passe"),
        ("I passed", "ME passed"),
        ("I'm West", "ME am W"),
        ("I'M SOUTH", "ME am S"),
        ("g sorti 3♣", "ME ai sorti 3 ♣"),  # SMS French: "j'ai sorti"
        # "'d have", "'d rather": would, a call not made; "i havent" kept whole
        ("I'd have bid 5♦", "ME would have bid 5 ♦"),
        ("I'd rather pass", "ME would rather pass"),
        ("i havent called", "ME have not called"),
        # numbers for law references
        ("la loi vingt-sept", "la loi 27"),
        ("la loi trente et un", "la loi 31"),
        ("law thirty one", "law 31"),
        # apostrophes missing, typos, accents, case
        ("c etait a ouest", "ce etait a W"),
        ("il n a pas vu", "il ne a pas vu"),
        ("doubel out of trun by wset", "double out of turn by W"),
        ("encher insufisante", "enchere insuffisante"),
        ("chnage of cal by sotuh", "change of cal by S"),
        ("ÉTUI", "etui"),
        ("waht does lwa 39 say", "what does law 39 say"),
        # the club as a place is no suit; a call in clubs still is
        ("at the club last night, 1 club by N", "at the clubroom last night 1 ♣ by N"),
        ("au club hier, 2 trèfles", "au clubroom hier 2 ♣"),
        # "un club" as a place is no call of one club
        ("je joue dans un club à Namur, il dit un trèfle",
         "ME joue dans 1 clubroom a namur il dit 1 ♣"),
        ("I play at a club in Utrecht and he bid one club",
         "ME play at a clubroom in utrecht and he bid 1 ♣"),
        # a word of the language is not "corrected" into another ("sauté" is no "haute")
        ("j'ai sauté mon partenaire", "ME ai saute MY PARTNER"),
        ("inadmisable dbl", "inadmissible double"),
        # directors' abbreviations
        ("EI Sud", "enchere insuffisante S"),
        ("BOOT", "boot"),
    ],
)
def test_normalised_text(text, expected):
    assert normalise(text).text == expected


def test_sentence_breaks_and_commas_are_tokens_but_not_text():
    result = normalise("Sud passe. Ouest, contre !")
    assert result.tokens == ("S", "passe", "|", "W", ",", "contre", "|")
    assert result.text == "S passe W contre"


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        # an ellipsis glued to a word, the clause going on: a pause, no sentence end
        ("mon partenaire Ouest... contre !", ("MY", "PARTNER", "W", "contre", "|")),
        ("Sud répète... 2♦.", ("S", "repete", "2", "♦", "|")),
        # a capital after it, or calls left out before a listing: a break
        ("Il passe... Puis Est ouvre.", ("il", "passe", "|", "puis", "E", "ouvre", "|")),
        ("dnr S : … 7♠ (S)", ("donneur", "S", "|", "7", "♠", "S")),
    ],
)
def test_an_ellipsis_ends_a_sentence_only_when_one_ends(text, tokens):
    assert normalise(text).tokens == tokens


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        # texting shorthand: "ct" is a double, "que ct" is "que c'était"
        ("O a ct le 1co de N", ("W", "a", "contre", "le", "1", "♥", "de", "N")),
        ("alors que ct a moi", ("alors", "que", "ce", "etait", "a", "ME")),
        # "cété à O": "c'était" typed short; "Don. S": the dealer, no sentence ends
        ("cété a O de parler", ("ce", "etait", "a", "W", "de", "parler")),
        ("Don. S. E passe", ("donneur", "S", "|", "E", "passe")),
    ],
)
def test_ct_is_a_double_unless_it_is_cetait(text, tokens):
    assert normalise(text).tokens == tokens


def test_original_spans_give_back_the_words_as_written():
    result = normalise("que dit la loi sur l'enchère insuffisante")
    start = result.tokens.index("enchere")
    assert result.original(start, len(result.tokens)) == "enchère insuffisante"


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("insufisante", "insuffisante"),
        ("trun", "turn"),  # the nearest by length wins a tie with "trunk"
        ("sounth", "south"),
        ("wets", "west"),
        ("dame", "dame"),  # a card, not "same"
        ("chance", "chance"),  # an everyday word, not "change"
        ("contrat", "contrat"),  # not "contre": two edits away
        ("hor", "hor"),  # three letters: only a swap of neighbours is corrected
        ("lwa", "law"),
        ("xyzzyq", "xyzzyq"),
        # real words never brought to a bridge word of another meaning
        ("considere", "considere"),  # not "reconsidere", a change of mind (25B)
        ("rencontre", "rencontre"),  # a match, not "recontre" (a second double)
        ("bound", "bound"),  # "bound to pass", not "round"
        ("rights", "rights"),  # "reserve rights", not "righty" (a right-hand opponent)
        ("perd", "perd"),  # "on perd de 3 IMP", not "pard" (a partner)
        ("eleve", "eleve"),  # an "élève", not "eleven"
        ("ayant", "ayant"),  # not "avant" (before)
        ("devrait", "devrait"),  # "il devrait passer" is no obligation told ("devait")
        ("interdire", "interdire"),  # "interdire une couleur": no player barred
        ("soutenu", "soutenu"),  # "j'aurais soutenu", not "souvenu" (reminded, 16B)
        ("noir", "noir"),  # "noir sur blanc", not "voir"
        ("aces", "aces"),  # "asking for aces", not "ages"
        ("vert", "vert"),  # "le carton vert", the pass card, not "very"
        ("remainder", "remainder"),  # "pass for the remainder", not "demander"
        ("placed", "placed"),  # "placed at the same time", not "played"
        ("waited", "waited"),  # not "wanted", a call only meant (25)
        ("action", "action"),  # not "auction"
        ("droits", "droits"),  # "ses droits", not "droite" (a right-hand opponent)
        ("worth", "worth"),  # not "north"
        ("considered", "considered"),  # not "reconsidered", a change of mind (25B)
        ("offending", "offending"),  # not "defending"
        ("caused", "caused"),  # not "paused", a hesitation (16B)
        ("post", "post"),  # "first post", not "oost" (East in Dutch)
    ],
)
def test_misspellings_are_brought_back_only_when_close(word, expected):
    assert correct_word(word) == expected


def test_long_text_is_bounded():
    result = normalise("passe " * 10_000)
    assert len(result.source) <= MAX_CHARS
    assert len(result.tokens) <= MAX_CHARS


@pytest.mark.parametrize("text", ["", "   ", "🙂🙂🙂", "\x00\x01\x02", "♥♥♥"])
def test_degenerate_text(text):
    result = normalise(text)
    assert isinstance(result.tokens, tuple)


def test_north_named_with_the_writer_keeps_its_seat() -> None:
    # Seat.N is 0: an apposition "Nord (moi)" must not lose it
    from bot.understanding.extract import read

    reading = read("Nord (moi) a ouvert 1♠, Est a dit 1♥")
    assert reading.entities.anchor is not None and reading.entities.anchor.name == "N"


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        # a capitalised word inside a sentence is a first name, no typo of a common word
        ("Hi Chris, about board 21", ("hi", "chris", ",", "about", "board", "21")),
        ("and Beth said", ("and", "beth", "said")),
        # ... while a misspelt seat is still a seat
        ("the Souht player bid", ("the", "S", "player", "bid")),
    ],
)
def test_first_names_are_not_corrected(text, tokens):
    assert normalise(text).tokens == tokens


def test_each_spelling_rule_is_written_once() -> None:
    from collections import Counter

    from bot.understanding.data import spelling_rules

    counts = Counter(source for source, _ in spelling_rules())
    assert [source for source, n in counts.items() if n > 1] == []
