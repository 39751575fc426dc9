"""Who called what, read from normalised tokens: seat mentions (compass, or
relative to the writer or to the player spoken about), calls with the player
who made them, the order they were made in, the dealer, and where the writer
sits when the text says so.

Everything here is what the text states; nothing is guessed from bridge
logic except the order of calls (``sur``/``over``/``after`` put the call named
after them first).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from rules_core.calls import DOUBLE, PASS, REDOUBLE, Call, Relation, Seat, Strain, bid

from .normalise import BREAK, COMMA, SEATS

__all__ = ["Ref", "SeatMention", "CallMention", "Entities", "read_entities", "relation", "OFFSETS",
           "BY_OFFSET", "CALL_ENDS", "named_in_a_time_clause", "partners_written", "calls_in",
           "only_meant", "only_offered", "imagined", "names_whose_turn", "LAPSE", "ROLES",
           "DEALER_NOUNS", "DEALER_MARKS"]

OFFSETS = {Relation.SELF: 0, Relation.LHO: 1, Relation.PARTNER: 2, Relation.RHO: 3}
#: The relation a seat offset (clockwise from the writer or a player) names.
BY_OFFSET = {v: k for k, v in OFFSETS.items()}
_RELATIVE = {"PARTNER": Relation.PARTNER, "LHO": Relation.LHO, "RHO": Relation.RHO}
_THIRD_PERSON = frozenset({"son", "sa", "ses", "his", "her", "their", "leur", "leurs"})
_PRONOUNS = frozenset({"il", "elle", "he", "she"})
#: "he's", "she's" typed without the apostrophe: the pronoun all the same.
_PRONOUNS_RUN_ON = frozenset({"hes", "shes"})
_STRAIN_OF = {"♣": Strain.C, "♦": Strain.D, "♥": Strain.H, "♠": Strain.S, "NT": Strain.NT}
_PASS_WORDS = frozenset({"p", "passe", "pass", "passed", "passo"})
_DOUBLE_WORDS = frozenset({"x", "contre", "double", "doubled"})
_REDOUBLE_WORDS = frozenset({"xx", "surcontre", "redouble", "redoubled"})
# After these a number is a board, a law or a count, not a level.
_NOT_LEVEL_BEFORE = frozenset({"donne", "board", "etui", "loi", "law", "article", "table"})
# "X sur Y": the call Y came first.
_EARLIER_AFTER = frozenset({"sur", "over", "after", "apres", "derriere", "behind", "dessus"})
#: After "after": a lapse of time, not the call it came after.
LAPSE = frozenset(
    {"second", "seconds", "secs", "moment", "while", "pause", "minute", "minutes", "secondes",
     "seconde", "instant", "reflexion", "reflection", "hesitation"}
)  # fmt: skip
_PLUPERFECT = frozenset({"avait", "avais", "had", "avaient"})
#: "N bid 1NT but W opened 2C": an opening told in contrast after a bid came before it.
_CONTRAST = frozenset({"but", "mais", "whereas", "tandis"})
_OPENED = frozenset({"opened", "ouvert"})
# "l'homme d'après", "le joueur d'après": the next one, not a call named after "après".
_NEXT_ONE = frozenset({"de", "d"})
# "pass and directly after 1♥", "et juste après 1♥": afterwards; the call told next came next.
_SOON = frozenset(
    {"directly", "immediately", "right", "straight", "just", "juste", "aussitot",
     "immediatement", "tout", "soon", "shortly"}
)  # fmt: skip
_AND = frozenset({"and", "et", "then", "puis"})


def _afterwards(words: Sequence[str], k: int) -> bool:
    """``après`` at ``k`` means "next" or "afterwards", not "after the call named next"."""
    if k and words[k - 1] in _NEXT_ONE:
        return True
    if set(words[k + 1 : k + 4]) & LAPSE:
        return True  # "after some seconds he says 'no, 3♦'", "après quelques secondes"
    return k > 1 and words[k - 1] in _SOON and words[k - 2] in _AND
_AGENT = frozenset({"par", "by"})
_OF = frozenset({"de", "du", "d", "of", "from", "by", "par"})
_DETERMINERS = frozenset(
    {"le", "la", "les", "l", "un", "une", "the", "a", "an", "son", "sa", "his", "her"}
)
# ME after these is an object ("il m'a dit", "told me").
_ME_OBJECT_AFTER = frozenset(
    {"on", "il", "elle", "ils", "he", "she", "they", "told", "asked", "gave", "showed", "let",
     "raise", "raised", "raising", "support", "supported", "supporting"}
)  # ("meaning to raise me to 4♥": the writer raised, not raising)
# A player named after these is an object, not who "il"/"he" stands for.
_OBJECT_BEFORE = frozenset(
    {"de", "d", "du", "of", "by", "par", "a", "sur", "over", "to", "than", "avant", "before",
     "after", "apres"}
)
# Words naming whose bid a double is on: "doubled South's 1S", "contré le 1♥ de son partenaire".
_OWNER_WORDS = SEATS | {"PARTNER", "LHO", "RHO", "MY", "OPP", "de", "d", "of", "undoubled"}
#: The writer, before the words that tell his seat (``ME suis``, ``jsuis``, ``im``).
_I_AM_OPENERS = frozenset({"ME", "im", "jsuis", "chu", "suis"})
_I_AM = frozenset(
    {"am", "suis", "en", "sitting", "was", "etais", "chu", "seated", "playing", "in", "at", "the",
     "sat", "sit", "play", "played", "joue", "jouais", "assis", "assise", "placed", "held"}
)  # fmt: skip
#: Opening a sentence with no subject, where the writer sat: ``Sat West.``, ``Seat: East.``
_SAT = frozenset(
    {"sat", "sitting", "seated", "assis", "assise", "playing", "seat", "siege", "position"}
)
# "En Est, j'étais…", "As South, I…": the writer's seat told before his clause.
_AS = frozenset({"en", "as", "comme"})
#: Between "my partner" and the seat he sits: "sits North", "est en Nord", "jouait Sud".
_SITS_AS = frozenset(
    {"sits", "sat", "sitting", "seated", "is", "was", "plays", "played", "playing", "est",
     "en", "in", "joue", "jouait", "etait", "assis", "assise"}
)  # fmt: skip
#: After "who"/"qui" between a seat and a player named from the writer: "West, who sits on my left".
_WHO_SITS = frozenset({"is", "was", "sits", "sat", "est", "etait", "on", "assis", "assise"})
#: After "Sitting South": where or when he played ("in the Thursday pairs", "at table 3").
_WHERE_PLAYED = frozenset({"in", "at", "on", "for", "during", "au", "dans", "pendant", "lors"})
#: Words opening another player's clause after a seat told: "Sitting West, partner opened".
_ANOTHER_PLAYER = SEATS | frozenset(
    {"PARTNER", "LHO", "RHO", "OPP", "MY", "his", "her", "he", "she", "il", "elle", "son", "sa"}
)
#: Before a seat in the writer's own clause: ``j'ai ouvert en Sud``, ``I dealt, sitting West``.
_AS_SITTING = frozenset({"en", "as", "sitting", "seated", "assis", "assise"})
_DEALER_TITLE = frozenset({"dealer", "donneur", "donneuse", "declarer", "declarant", "declarante"})
_CLAUSE_END = frozenset({COMMA, BREAK, "and", "et"})
# "Sud, c'est moi", "South here", "Nord ici": the writer's seat told by itself.
_HERE = frozenset({"here", "ici"})
# Seats written in lower case after "je suis" / "I am" that normalise leaves as words.
_SEAT_WORDS_AFTER_I_AM = {"est": "E", "o": "W", "n": "N", "s": "S", "e": "E", "w": "W"}
_WINDOW = 10
_OF_SOMEONE = frozenset(
    {("of", "the"), ("de", "le"), ("de", "la"), ("du", "declarant"), ("du", "donneur"),
     ("of", "declarer"), ("of", "dealer"), ("du", "joueur"), ("of", "dummy"), ("du", "mort")}
)  # fmt: skip
#: Before a relative word, a role whose player is not named (``declarer's partner``).
ROLES = frozenset({"declarer", "declarant", "dummy", "mort"})
_RELATIVE_CLAUSE = frozenset({(COMMA, "qui"), (COMMA, "who"), (COMMA, "which"), (COMMA, "that")})
_TURN_WORDS = frozenset({"turn", "rotation"})
_OUT_OF_TURN = frozenset({"hors", "tour", "oot", "out", "of", "turn", "rotation"})
_POSSESSOR_BEFORE = frozenset({"de", "d", "du", "of", "avant", "before"})
#: Before a call: made by another than the writer named just before (``I refused his 1NT``).
_HIS = frozenset({"his", "her", "their", "son", "sa", "leur"})
_OWN = frozenset({"own", "propre"})
#: The LHO's option told (``I did not accept the 1NT``): the call is another's.
_DECIDING = ("accept", "refus", "declin", "condon")
#: Verbs whose "à"/"to" names whom the player spoke to, an object.
_ADDRESSING = frozenset(
    {"repondre", "repond", "repondu", "reply", "replied", "respond", "responded", "answer",
     "answered", "explique", "explained", "explain", "talking", "talked", "spoke", "parle"}
)  # fmt: skip
#: The words for the dealer (``dealer North``, ``le donneur``), and with the
#: shorthand and the verb, what marks the seat next to them as the dealer
#: (``Dlr N``, ``S dealt``): one list for every reader.
DEALER_NOUNS = frozenset({"dealer", "donneur", "donneuse"})
DEALER_MARKS = DEALER_NOUNS | {"dlr", "dealt"}
#: A side named as one word (``NS``, ``E-W`` as normalise writes it, ``EO``).
SIDES = {"ns": (Seat.N, Seat.S), "ew": (Seat.E, Seat.W), "eo": (Seat.E, Seat.W)}


def partners_written(tokens: Sequence[str], end: int) -> tuple[Seat, Seat] | None:
    """Two partners' seats written side by side just before token ``end``
    (``North-South``, ``E/W`` as normalise leaves them: ``N S``, ``E W``): a side."""
    if end >= 2 and tokens[end - 2] in SEATS and tokens[end - 1] in SEATS:
        first, second = Seat[tokens[end - 2]], Seat[tokens[end - 1]]
        if first.partner == second:
            return (first, second)
    return None
#: After a bid: the contract's result (``3SA fait``, ``4♥ made``, ``4♠ -1``),
#: so the bid is the contract named, not a call made then.
CONTRACT_RESULT = frozenset({"fait", "faits", "made", "making", "chute", "down", "went", "off"})
# Before a call only meant: "I meant to say 1NT", "il voulait 2♦", "intending 4♥".
_INTENDED = frozenset(
    {"meant", "meaning", "want", "wanted", "wants", "wanting", "intending", "intended", "voulait",
     "voulu", "voulant", "veux",
     "veut",
     "vouloir", "voulais",
     # a call imagined: "il pensait que l'ouverture était 1♦", "thinking it was 1♦"
     "pensait", "pensais", "croyait", "croyais", "thought", "thinking", "believing",
     # the call not made: "2♥ au lieu de 2♠", "instead of doubling"
     "lieu", "instead",
     # the card the hand went for: "reached for the 1♥ card but pulled 1♦"
     "reach", "reached", "reaching"}
)  # fmt: skip
# Before a call told as an option, not made: "he could bid 3♦", "il pouvait dire 3♦".
# Also an obligation or a condition: "his partner must pass", "I would have doubled".
_OPTION = frozenset(
    {"could", "can", "may", "might", "pouvait", "peut", "pourrait", "pouvez", "must", "doit",
     "devait", "devra", "should", "would", "aurait", "aurais"}
)  # fmt: skip
#: French verbs "me" is the object of before them ("Ouest me demande", "Est me dit"):
#: the seat before is the subject, not an apposition of the writer ("Nord (moi) passe").
_CLITIC_VERBS = frozenset(
    {"demande", "demandait", "dit", "disait", "explique", "expliquait", "repond", "interroge",
     "montre", "regarde", "regardait", "signale", "previent", "interpelle", "reproche",
     "affirme", "affirmait", "assure", "assurait", "annonce", "indique"}
)  # fmt: skip
# After ME these make it a statement of the writer's seat ("I am North"), not an apposition.
_BEING = frozenset({"am", "suis", "was", "etais", "chu", "im"})
# Between a call and "by"/"par": the passive telling who made it.
_PASSIVE_MADE = frozenset(
    {"bid", "was", "is", "made", "given", "put", "placed", "a", "ete", "fait", "faite",
     "annonce", "annoncee", "pose", "posee", "dit", "dite"}
)  # fmt: skip
# Words between a call and "de"/"by" that still let the player be named after them.
_CUE_WORDS = frozenset(
    {"hors", "tour", "rotation", "out", "of", "turn", "oot", "inadmissible", "illegal",
     "avant", "son", "before", "his", "trop", "tot", "early", "too"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Ref:
    """A player as the text names him: by compass seat, relative to the writer
    (``mon partenaire``), or relative to the player spoken about (``son
    partenaire``). ``bare`` marks a relative word without possessive (``LHO``)."""

    seat: Seat | None = None
    writer: Relation | None = None
    subject: Relation | None = None
    bare: bool = False
    opponent: bool = False
    pronoun: bool = False
    ours: bool = False  # "notre 1SA", "we opened": the writer or his partner

    @property
    def known(self) -> bool:
        return self.seat is not None or self.writer is not None or self.subject is not None


@dataclass(frozen=True, slots=True)
class SeatMention:
    ref: Ref
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class CallMention:
    call: Call
    start: int
    end: int
    caller: Ref | None
    named_to: int = 0  # end of the "de Sud"/"by South" that named the caller, if any


@dataclass(slots=True)
class Entities:
    seats: list[SeatMention] = field(default_factory=list)
    calls: list[CallMention] = field(default_factory=list)  # in the order they were made
    dealer: Ref | None = None
    anchor: Seat | None = None  # where the writer sits, when the text says it

    def compass(self, ref: Ref | None) -> Seat | None:
        """The compass seat of ``ref``, through the writer's seat when known."""
        if ref is None:
            return None
        if ref.seat is not None:
            return ref.seat
        if ref.writer is not None and self.anchor is not None:
            return Seat((self.anchor + OFFSETS[ref.writer]) % 4)
        return None


def relation(entities: Entities, frm: Ref | None, to: Ref | None) -> Relation | None:
    """Where ``to`` sits as seen from ``frm``, when the text allows to tell."""
    if frm is None or to is None:
        return None
    if to.subject is not None:
        return to.subject
    a, b = entities.compass(frm), entities.compass(to)
    if a is not None and b is not None:
        return a.relation_to(b)
    if frm.writer is not None and to.writer is not None:
        return BY_OFFSET[(OFFSETS[to.writer] - OFFSETS[frm.writer]) % 4]
    return None


def read_entities(tokens: Sequence[str], cues: Mapping[str, list[tuple[int, int]]]) -> Entities:
    entities = Entities()
    entities.seats = _seat_mentions(tokens)
    entities.anchor = _anchor(tokens, entities.seats)
    entities.dealer = _dealer(tokens, entities.seats, cues.get("@dealer", []))
    if entities.anchor is None and entities.dealer is not None and (
        entities.dealer.seat is not None and _writer_deals(tokens)
    ):  # "Dlr S … I was dealer": the writer sits where the dealer does
        entities.anchor = entities.dealer.seat
    calls = _call_mentions(tokens, entities.seats)
    entities.calls = _in_time_order(tokens, calls)
    placed = _placed_from_a_role(tokens, entities)
    if placed:
        entities.seats = sorted(entities.seats + placed, key=lambda m: m.start)
        entities.calls = _in_time_order(tokens, _call_mentions(tokens, entities.seats))
    entities.calls = [
        _placed_from_the_last_named(tokens, entities.seats, c) for c in entities.calls
    ]
    return entities


def _placed_from_the_last_named(
    tokens: Sequence[str], mentions: list[SeatMention], call: CallMention
) -> CallMention:
    """``pendant que mon adv de gauche réfléchit, son partenaire balance passe``:
    a call by "his partner" (LHO, RHO) is the call of the player in that place
    from the last one named before in the sentence, named from the writer."""
    caller = call.caller
    if caller is None or caller.subject is None or caller.seat is not None:
        return call
    told = next((m for m in reversed(mentions) if m.ref == caller and m.end < call.start), None)
    if told is None:
        return call
    before = [
        m for m in mentions
        if m.end <= told.start and BREAK not in tokens[m.end : told.start]
        and (m.ref.known or m.ref.pronoun) and m.ref.writer is not Relation.SELF
    ]  # fmt: skip
    # (only from a player named from the writer: "North … his partner" is read
    # elsewhere; "she bid 2C, … her partner": whom "she" stands for is not told here;
    # "his partner's 3♥": a call named, not made)
    if not before or before[-1].ref.writer is None or before[-1].ref.seat is not None or (
        before[-1].ref.subject is not None or before[-1].ref.bare
    ):
        return call
    writer = before[-1].ref.writer
    placed = Ref(writer=BY_OFFSET[(OFFSETS[writer] + OFFSETS[caller.subject]) % 4])
    return replace(call, caller=placed)


#: "le partenaire de l'ouvreur", "the LHO of the dealer", "l'adversaire de gauche du
#: déclarant": the role named after the relative word.
_RELATIVE_OF_ROLE = {
    ("de", "le", "ouvreur"): "opener", ("du", "ouvreur"): "opener",
    ("of", "the", "opener"): "opener", ("de", "le", "donneur"): "dealer",
    ("du", "donneur"): "dealer", ("of", "the", "dealer"): "dealer",
    ("du", "declarant"): "declarer", ("de", "le", "declarant"): "declarer",
    ("of", "the", "declarer"): "declarer", ("of", "declarer"): "declarer",
    ("du", "mort"): "dummy", ("of", "dummy"): "dummy", ("of", "the", "dummy"): "dummy",
}
#: "the opener's partner", "dealer's LHO", "declarer's RHO": the role named before.
_ROLE_BEFORE_RELATIVE = {"opener": "opener", "ouvreur": "opener", "dealer": "dealer",
                         "donneur": "dealer", "declarer": "declarer", "declarant": "declarer",
                         "dummy": "dummy", "mort": "dummy"}
#: Places from a player, clockwise: his LHO calls after him.
_PLACE_OFFSET = {"PARTNER": 2, "LHO": 1, "RHO": 3}


def _placed_from_a_role(tokens: Sequence[str], entities: Entities) -> list[SeatMention]:
    """``le partenaire de l'ouvreur``, ``the dealer's LHO``, ``l'adversaire de
    gauche du déclarant``: the player placed from the one who made the first
    bid told, the dealer, or the declarer (his partner being dummy), when the
    text tells who that was."""
    opener = next(
        (c.caller for c in entities.calls if c.call.is_bid and c.caller is not None
         and (c.caller.seat is not None or c.caller.writer is not None) and not c.caller.pronoun),
        None,
    )  # fmt: skip
    declarer = _declarer(tokens, entities)
    found = []
    for i, token in enumerate(tokens):
        if token in _OPENER_WORDS and opener is not None and opener.subject is None and (
            tokens[i + 1 : i + 2] not in (("PARTNER",), ("LHO",), ("RHO",))
            and not set(tokens[max(0, i - 2) : i]) & _OF_WORDS  # ("partner of the opener")
            and not any(m.start <= i < m.end for m in entities.seats)
        ):  # "then the opener redoubled": the player who made the first bid told
            found.append(SeatMention(opener, i, i + 1))
            continue
        if token in DEALER_NOUNS and _the_dealer_acting(tokens, i) and (
            entities.dealer is not None and entities.dealer.subject is None
            and not any(m.start <= i < m.end for m in entities.seats)
        ):  # "the dealer forgot my instruction and bid 3♦": the dealer told before
            found.append(SeatMention(entities.dealer, i, i + 1))
            continue
        if token not in _PLACE_OFFSET:
            continue
        role, start, end = None, i, i + 1
        for words, named in _RELATIVE_OF_ROLE.items():
            if tuple(tokens[i + 1 : i + 1 + len(words)]) == words:
                role, end = named, i + 1 + len(words)
        if role is None and i and tokens[i - 1] in _ROLE_BEFORE_RELATIVE:
            role, start = _ROLE_BEFORE_RELATIVE[tokens[i - 1]], i - 1
        offset = _PLACE_OFFSET[token] + (2 if role == "dummy" else 0)
        if role in ("declarer", "dummy"):
            player = None if declarer is None else Ref(seat=declarer)
        else:
            player = opener if role == "opener" else entities.dealer if role == "dealer" else None
        if player is None or player.subject is not None:
            continue
        if player.seat is not None:
            ref = Ref(seat=Seat((player.seat + offset) % 4))
        elif player.writer is not None:
            ref = Ref(writer=BY_OFFSET[(OFFSETS[player.writer] + offset) % 4])
        else:
            continue
        if not any(m.start < end and start < m.end for m in entities.seats):
            found.append(SeatMention(ref, start, end))
    return found


def _the_dealer_acting(tokens: Sequence[str], i: int) -> bool:
    """``the dealer forgot and bid 3♦``, ``le donneur a ouvert``: "the dealer" as
    the subject of a verb (not ``the dealer was North``, ``dealer N``, ``the
    dealer's partner``, ``passed before the dealer``)."""
    if not (i and tokens[i - 1] in ("the", "le", "la")):
        return False
    if i > 1 and tokens[i - 2] in _BEFORE_WORDS | {"of", "de", "du", "to", "a"}:
        return False
    after = tokens[i + 1 : i + 2]
    return bool(after) and after[0] not in SEATS and after[0] not in _COPULA | {
        COMMA, BREAK, "PARTNER", "LHO", "RHO", "s", "had", "avait", "being"
    } and not after[0].isdigit()


_DECLARER_WORDS = frozenset({"declarer", "declarant", "declarante"})
_OPENER_WORDS = frozenset({"opener", "ouvreur", "ouvreuse"})
_OF_WORDS = frozenset({"of", "de", "du", "d"})


def _declarer(tokens: Sequence[str], entities: Entities) -> Seat | None:
    """The declarer's seat, when the text names it: ``Sud déclarant``,
    ``declarer (S)``, ``contrat 2♠ par Sud``, ``4♥ by West``."""
    for mention in entities.seats:
        if mention.ref.seat is None or mention.ref.pronoun:
            continue
        if tokens[mention.end : mention.end + 1] and tokens[mention.end] in _DECLARER_WORDS:
            return mention.ref.seat  # "Sud déclarant"
        if mention.start and tokens[mention.start - 1] in _DECLARER_WORDS:
            return mention.ref.seat  # "declarer S", "déclarant Nord"
    for call in entities.calls:
        if not call.call.is_bid or tokens[call.end : call.end + 1] not in (("par",), ("by",)):
            continue
        named = [m for m in entities.seats if m.start == call.end + 1 and m.ref.seat is not None]
        if named and {"contract", "contrat"} & set(tokens[max(0, call.start - 3) : call.start]):
            return named[0].ref.seat  # "Contrat 2♠ par Sud"
    return None


# --- seats -------------------------------------------------------------------------


def _seat_mentions(tokens: Sequence[str]) -> list[SeatMention]:
    mentions: list[SeatMention] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        ref: Ref | None = None
        start, end = i, i + 1
        if token in SEATS:
            ref = Ref(seat=Seat[token])
            if after in ("player", "seat"):
                # "the South player, a jolly man …, announced", "my partner in the West
                # seat, who is eighty-three, …, put out 1♦": one mention
                end = i + 2
        elif token == "ME" and before not in _ME_OBJECT_AFTER and not (
            after in _CLITIC_VERBS and (before in SEATS or before in _RELATIVE)
        ):  # (not "mon adversaire de droite m'affirme …": me the object)
            ref = Ref(writer=Relation.SELF)
        elif token == "MY" and after in _RELATIVE:
            ref, end = Ref(writer=_RELATIVE[after]), i + 2
        elif token == "MY" and after == "OPP":
            ref, end = Ref(opponent=True), i + 2
        elif token in _RELATIVE and (composed := _relative_of(tokens, i)) is not None:
            ref, end = composed  # "le partenaire de Sud", "the LHO of my partner"
        elif token in _RELATIVE and (
            tuple(tokens[i + 1 : i + 3]) in _OF_SOMEONE or before in _ROLE_BEFORE_RELATIVE
        ):
            pass  # "the partner of the declarer", "declarer's partner": nobody's seat told
        elif token in _RELATIVE:
            # "his own partner", "son propre partenaire": his all the same
            owned = before in _OWN and i > 1 and tokens[i - 2] in _THIRD_PERSON
            if before in _THIRD_PERSON or owned or _offenders(tokens, i + 1):
                ref, start = Ref(subject=_RELATIVE[token]), max(0, i - 1 - owned)
            else:
                ref = Ref(writer=_RELATIVE[token], bare=True)
        elif token == "OPP":
            ref = Ref(opponent=True)
        elif token == "WE":
            ref = Ref(ours=True)
        elif token in _PRONOUNS | _PRONOUNS_RUN_ON or (
            token == "lui" and before in (COMMA, BREAK, "et", "")
        ):
            ref = Ref(pronoun=True)  # "moi 2♣, lui passe": "lui" as a subject
        if ref is not None:
            mentions.append(SeatMention(ref, start, end))
        i = end
    return _merge_appositions(tokens, mentions)


def _relative_of_last_seat(mentions: list[SeatMention], relation: Relation) -> Seat | None:
    """The seat ``relation`` names from the last seat told before (``West … his
    partner``: East)."""
    last = next((m.ref.seat for m in reversed(mentions) if m.ref.seat is not None), None)
    return None if last is None else Seat((last + OFFSETS[relation]) % 4)


def _relative_of(tokens: Sequence[str], i: int) -> tuple[Ref, int] | None:
    """``le partenaire de Sud`` (North), ``l'adversaire de gauche de mon partenaire``
    (his LHO: the writer's RHO): a relative word
    of a player named after ``de``/``of``, as a seat or relative to the writer."""
    if i and tokens[i - 1] in _THIRD_PERSON | {"MY"}:
        return None
    if tokens[i + 1 : i + 2] not in (("de",), ("d",), ("du",), ("of",)):
        return None
    offset = OFFSETS[_RELATIVE[tokens[i]]]
    owner = tokens[i + 2 : i + 4]
    if owner and owner[0] in SEATS:
        return Ref(seat=Seat((Seat[owner[0]] + offset) % 4)), i + 3
    if len(owner) == 2 and owner[0] == "MY" and owner[1] in _RELATIVE:
        total = (OFFSETS[_RELATIVE[owner[1]]] + offset) % 4
        return Ref(writer=BY_OFFSET[total]), i + 4
    return None


def _offenders(tokens: Sequence[str], i: int) -> bool:
    """``partenaire du fautif``: relative to the offender, not to the writer."""
    return tuple(tokens[i : i + 2]) in {("du", "fautif"), ("of", "offender")}


#: Before a seat named as a point in the rotation, not as the subject of a clause.
_TIME_PREPOSITIONS = frozenset({"apres", "avant", "after", "before", "than"})


#: The last token of a call written ("2♠", "1NT", "p", "x").
CALL_ENDS = frozenset({"♣", "♦", "♥", "♠", "NT", "p", "x", "xx"})


_OWN_CALL_VERBS = frozenset({"ouvre", "ouvert", "open", "opened", "opens", "bid", "bids"})


def _merge_appositions(tokens: Sequence[str], mentions: list[SeatMention]) -> list[SeatMention]:
    """``Sud, mon partenaire,`` / ``mon partenaire (Nord)`` / ``Nord (moi)``: one player."""
    merged: list[SeatMention] = []
    for mention in mentions:
        if merged:
            last = merged[-1]
            between = [t for t in tokens[last.end : mention.start] if t != COMMA]
            a, b = last.ref, mention.ref
            compass_and_relative = (a.seat is None) != (b.seat is None) and (
                (a.writer or b.writer) is not None
            )
            comma = COMMA in tokens[last.end : mention.start]
            if not between and not comma and b.writer is Relation.SELF and b.seat is None and (
                tokens[mention.end : mention.end + 1] and tokens[mention.end] in _CLITIC_VERBS
            ):
                compass_and_relative = False  # "Ouest me demande": me the object, not West
            # "by East, LHO refused" are two players: a bare "LHO" is no apposition
            # (but "Partner (West) opened" is one)
            if (a.bare or b.bare) and (comma or b.bare):
                compass_and_relative = False
            if a.writer is Relation.SELF and a.seat is not None and b.writer not in (
                None, Relation.SELF
            ):
                compass_and_relative = False  # "me south, my RHO dropped…": two players
            if last.start and tokens[last.start - 1] in _I_AM | _I_AM_OPENERS and not (
                tokens[last.start - 1] == "the" and a.seat is None and not comma
            ):  # "je suis Sud, mon partenaire a…": two players (not "the guy on my right (east)")
                compass_and_relative = False
            if tokens[mention.end : mention.end + 1] and tokens[mention.end] in _BEING and (
                comma or b.writer is Relation.SELF
            ):
                compass_and_relative = False  # "partner is South, I am North": two players
            if last.start and tokens[last.start - 1] in _TIME_PREPOSITIONS and (
                b.writer is Relation.SELF
            ):  # "c'est mon tour après Sud, j'ai pas encore parlé": two players
                compass_and_relative = False
            if last.start and tokens[last.start - 1] in ("de", "d", "of") and comma and (
                a.seat is not None
            ):  # "après le 2♣ de Nord, mon partenaire a demandé": two players
                compass_and_relative = False
            if last.start and tokens[last.start - 1] in CALL_ENDS and comma and (
                a.seat is not None
            ):  # "j'ouvre 2♠ (nord), ma gauche annonce 2♣": the call's seat, then another
                compass_and_relative = False
            if (
                last.start and tokens[last.start - 1] in DEALER_MARKS and COMMA in
                tokens[last.end : mention.start] and tokens[mention.end : mention.end + 1]
                and tokens[mention.end] not in (COMMA, BREAK)
            ):  # "donneur Sud, mon adversaire de gauche a passé": two players
                compass_and_relative = False
            if not between and comma and a.seat is not None and b.subject is not None and (
                a.writer is None and not a.pronoun
            ):  # "Nord, à sa droite, a posé…": the seat told, then where it sits from another
                merged[-1] = SeatMention(a, last.start, mention.end)
                continue
            if not comma and a.subject is not None and b.seat is not None and (
                b.writer is None and set(between) <= {"en", "in"}
                and _relative_of_last_seat(merged[:-1], a.subject) == b.seat
            ):  # "West … before his partner East had called": that seat, when it fits
                merged[-1] = SeatMention(b, last.start, mention.end)
                continue
            # "West, who is on my left, said…": the seat, then where it sits from the writer
            relative_clause = comma and between[:1] in (["who"], ["qui"]) and (
                len(between) > 1 and set(between[1:]) <= _WHO_SITS
            ) and Relation.SELF not in (a.writer, b.writer)  # ("North, who I thought…")
            # "ma voisine de droite, en Ouest, a fait tomber…": where she sits, set off
            relative_clause = relative_clause or (
                comma and between in (["en"], ["in"]) and a.seat is None
                and a.writer not in (None, Relation.SELF) and not a.bare
                and tokens[mention.end : mention.end + 1] == (COMMA,)
            )
            # "my partner sits North", "mon partenaire est en Nord": where partner sits
            partner_sits = (
                not comma and between and set(between) <= _SITS_AS
                and a.writer is Relation.PARTNER and a.seat is None and not a.pronoun
                and b.seat is not None and b.writer is None
            )  # fmt: skip
            if (not between or relative_clause or partner_sits) and compass_and_relative:
                # (Seat.N is 0: "or" would drop North)
                seat = a.seat if a.seat is not None else b.seat
                ref = Ref(seat=seat, writer=a.writer if a.writer is not None else b.writer)
                merged[-1] = SeatMention(ref, last.start, mention.end)
                continue
        merged.append(mention)
    return merged


def _anchor(tokens: Sequence[str], mentions: list[SeatMention]) -> Seat | None:
    """The writer's seat: ``je suis Ouest``, ``I'm West``, ``Nord (moi)``, or
    an apposition ``Ouest, à ma gauche``."""
    for i, token in enumerate(tokens[:4]):
        # "bruce here sitting north", "bruce here on east": a dictated note's opening
        if token in _HERE:
            k = i + 1
            while k < len(tokens) and k - i <= 3 and tokens[k] in _I_AM | {"on"}:
                k += 1
            if k > i + 1 and k < len(tokens) and tokens[k] in SEATS:
                return Seat[tokens[k]]
    for i, token in enumerate(tokens):
        # "je suis en Sud", "Im sitting East", "moi chu Nord", "jsuis n donneur":
        # said outright, it outweighs an apposition ("c'était à N (moi je suis O)")
        if token not in _I_AM_OPENERS:
            continue
        j = _after_i_am(tokens, i)
        said = [t for t in tokens[i + 1 : i + 5] if t != COMMA]
        if token == "ME" and said[:2] == ["ce", "est"] and said[2:3] and said[2] in SEATS and (
            said[3:4] in ([], [BREAK]) or said[3] in _CLAUSE_END
        ):
            return Seat[said[2]]  # "moi c'est Sud."
        if j == i + 1 and token == "ME":
            if i and tokens[i - 1] in ("was", "is", "etait") and tokens[j : j + 1] and (
                tokens[j] in SEATS
            ):
                return Seat[tokens[j]]  # "dlr was me (N)"
            if (i == 0 or tokens[i - 1] == BREAK) and tokens[j : j + 1] and (
                tokens[j] in SEATS and tokens[j + 1 : j + 2] in ((), (COMMA,), (BREAK,), ("MY",))
            ):
                return Seat[tokens[j]]  # "myself south my RHO …", "Me E, dlr N": a note's head
            title = tokens[j : j + 4]
            if len(title) >= 3 and title[0] in ("le", "la") and title[1] in _DEALER_TITLE and (
                title[2] in SEATS and (len(title) == 3 or title[3] in _CLAUSE_END)
            ):
                return Seat[title[2]]  # "c'est moi le donneur (Sud)"
            continue  # "moi Nord" is an apposition, read below when merged
        if j < len(tokens) and (tokens[j] in SEATS or tokens[j] in _SEAT_WORDS_AFTER_I_AM):
            return Seat[_SEAT_WORDS_AFTER_I_AM.get(tokens[j], tokens[j])]
        # "I was dealer, South, and opened", "j'étais donneur, Sud": the seat told
        # after the dealer's title, closing its clause
        if j + 2 < len(tokens) and tokens[j] in _DEALER_TITLE and tokens[j + 1] == COMMA and (
            tokens[j + 2] in SEATS and (j + 3 == len(tokens) or tokens[j + 3] in _CLAUSE_END)
        ):
            return Seat[tokens[j + 2]]
        # "im the dealer (W)": the seat right after the title, closing the clause
        if j + 1 < len(tokens) and tokens[j] in _DEALER_TITLE and tokens[j + 1] in SEATS and (
            j + 2 == len(tokens) or tokens[j + 2] in _CLAUSE_END
        ):
            return Seat[tokens[j + 1]]
    for i in range(len(tokens) - 4):
        # "j'ouvre 2♠ (nord), ma gauche …": the seat written after the writer's own call
        if tokens[i] == "ME" and tokens[i + 1] in _OWN_CALL_VERBS and tokens[i + 2].isdigit() and (
            tokens[i + 3] in CALL_ENDS and tokens[i + 4] in SEATS
            and tokens[i + 5 : i + 6] in ((), (COMMA,), (BREAK,))
        ):
            return Seat[tokens[i + 4]]
    for i, token in enumerate(tokens[:-1]):
        # "Sat West.", "Sitting North, I opened": a sentence of where the writer
        # sat, the "I" dropped ("Sitting West, partner…" is partner's seat)
        if token in _SAT and (i == 0 or tokens[i - 1] == BREAK) and tokens[i + 1] in SEATS and (
            tokens[i + 2 : i + 3] in ((), (BREAK,), ("ME",), ("MY",))
            or (tokens[i + 2 : i + 3] and tokens[i + 2] in _WHERE_PLAYED)  # "Sitting South in
            or (tokens[i + 2 : i + 3] == (COMMA,) and tokens[i + 3 : i + 4] and (
                tokens[i + 3] not in _ANOTHER_PLAYER
            ))  # "Sitting West, director please" ("Sitting West, partner…" is partner's)
        ):
            return Seat[tokens[i + 1]]
    for mention in mentions:
        ref = mention.ref
        if ref.seat is not None and ref.writer is not None:
            return Seat((ref.seat - OFFSETS[ref.writer]) % 4)
    for i, token in enumerate(tokens):
        # "and West — that's me — came in with 2♥": the writer's seat told aside
        aside = tuple(t for t in tokens[i + 1 : i + 5] if t != COMMA)
        if token in SEATS and (
            aside[:3] in (("that", "is", "ME"), ("ce", "etait", "ME"))
            or aside[:2] == ("that", "ME")
        ):  # ("sud donnait et sud c'était moi")
            return Seat[token]
        if token not in SEATS or (i and tokens[i - 1] not in _AS | _SAT | {BREAK, COMMA}):
            continue  # ("Position : Ouest, c'est moi")
        rest = [t for t in tokens[i + 1 : i + 5] if t != COMMA]
        # "Sud, c'est moi", "South here", "North (that's me)"
        if rest[:3] == ["ce", "est", "ME"] or rest[:2] in (["that", "ME"], ["is", "ME"]) or (
            rest[:1] and rest[0] in _HERE and (i == 0 or tokens[i - 1] == BREAK)
        ):
            return Seat[token]
        # "En Est, j'étais…", "As South, I passed"
        if i and tokens[i - 1] in _AS and (i == 1 or tokens[i - 2] == BREAK) and rest[:1] == ["ME"]:
            return Seat[token]
    for i, token in enumerate(tokens):
        # "partner opened out of turn, he's West", "ma gauche a contré, elle est Sud":
        # a pronoun standing for a player named relative to the writer
        if token not in _PRONOUNS | _PRONOUNS_RUN_ON:
            continue
        j = i + 1
        while j < len(tokens) and j - i <= 2 and tokens[j] in ("is", "est", "was", "etait", "s"):
            j += 1
        if j >= len(tokens) or tokens[j] not in SEATS or j - i > 2:
            continue
        before = [
            m for m in mentions
            if m.end <= i and not m.ref.pronoun and m.ref.writer is not Relation.SELF
        ]  # "he" never stands for "me"
        if before and before[-1].ref.seat is None and before[-1].ref.writer not in (
            None, Relation.SELF
        ):
            told = before[-1].ref.writer
            assert told is not None
            return Seat((Seat[tokens[j]] - OFFSETS[told]) % 4)
    for i, token in enumerate(tokens):
        # "j'ai ouvert 1♥ en Sud", "petit souci en Est : j'ai posé…": "en" and a
        # seat in a clause whose player is the writer
        if token in SEATS and i and tokens[i - 1] in _AS_SITTING and _writers_clause(
            tokens, i, mentions
        ):  # "I opened 1♣ as North", "I dealt, sitting West"
            return Seat[token]
        in_the_seat = tuple(tokens[max(0, i - 2) : i]) in (("in", "the"), ("from", "the")) and (
            tokens[i + 1 : i + 2] in (("seat",), ("position",))
        )  # "I passed in the West seat"
        if token in SEATS and in_the_seat and _writers_clause(tokens, i, mentions):
            return Seat[token]
    for i in range(len(tokens) - 3):
        # "West is my partner", "Ouest est mon partenaire"
        if tokens[i] in SEATS and tokens[i + 1] in ("is", "est", "was") and tokens[i + 2] == "MY":
            relation = _RELATIVE.get(tokens[i + 3])
            if relation is not None:
                return Seat((Seat[tokens[i]] - OFFSETS[relation]) % 4)
        # "my partner is South", "mon partenaire est Sud"
        if tokens[i] == "MY" and tokens[i + 2] in ("is", "est", "was", "etait"):
            relation = _RELATIVE.get(tokens[i + 1])
            if relation is not None and tokens[i + 3] in SEATS:
                return Seat((Seat[tokens[i + 3]] - OFFSETS[relation]) % 4)
    return None


def _writers_clause(tokens: Sequence[str], i: int, mentions: list[SeatMention]) -> bool:
    """Whether the seat at ``i`` sits in a sentence whose nearest player, before
    it (else after it), is the writer himself."""
    before = [m for m in mentions if m.end <= i - 1 and BREAK not in tokens[m.end : i]]
    if before:
        near = before[-1]
    else:
        after = [m for m in mentions if m.start > i and BREAK not in tokens[i : m.start]]
        if not after:
            return False
        near = after[0]
    return near.ref.writer is Relation.SELF and near.ref.seat is None and not near.ref.pronoun


def only_meant(tokens: Sequence[str], start: int) -> bool:
    """``he wanted 2♥``, ``intending to bid 4♥``, ``he could bid 3♦``, ``j'avais
    lu 1♣``: the call at ``start`` was meant, offered or imagined, not made."""
    if set(tokens[max(0, start - 3) : start]) & (_INTENDED | _OPTION) or imagined(tokens, start):
        return True
    # "en voulant prendre le carton 1♠", "meaning to take the 1S card": the
    # intention a few words back, only the card's words between
    k = start - 1
    while k >= 0 and start - k <= 6 and tokens[k] in _TAKING_THE_CARD:
        k -= 1
    if k >= 0 and k < start - 3 and tokens[k] in _INTENDED:
        return True
    # "intending, I assure you, to say 1NT": an aside between the intention and its verb
    if start > 1 and tokens[start - 1] in _VERBS_MEANT and tokens[start - 2] in ("to", "de", "d"):
        back = tokens[max(0, start - 10) : start - 2]
        cut = max((j for j, t in enumerate(back) if t == BREAK), default=-1)
        return bool(set(back[cut + 1 :]) & _INTENDED)
    # "meaning to raise me to 4♥", "voulant soutenir son partenaire à 4♥": the
    # intention, its "to" and the verb a few words back in the same clause
    back = tokens[max(0, start - 6) : start]
    for j, word in enumerate(back[:-2]):
        if word in _INTENDED and back[j + 1] in ("to", "de", "d") and back[j + 2] in (
            _RAISING_VERBS
        ) and not (
            {COMMA, BREAK, "and", "et", "but", "mais"} & set(back[j:])
        ):
            return True
    return False


#: After an intention and its "to": a verb whose object is the call meant ("meaning
#: to raise me to 4♥"; not "wanting to double his 1♥", whose bid is another's).
_RAISING_VERBS = frozenset(
    {"raise", "bid", "say", "open", "support", "respond", "rebid", "jump", "show", "soutenir",
     "dire", "annoncer", "ouvrir", "repondre", "sauter", "relever", "montrer"}
)  # fmt: skip
_VERBS_MEANT = frozenset({"say", "bid", "open", "call", "dire", "annoncer", "ouvrir", "faire"})


#: Between an intention and the call meant: "(voulant) prendre le carton", "(meaning) to take the".
_TAKING_THE_CARD = frozenset(
    {"prendre", "sortir", "tirer", "poser", "mettre", "take", "pull", "put", "grab", "to", "le",
     "la", "the", "carton", "card", "1", "out", "pick", "up", "draw", "choisir", "make", COMMA}
) | _VERBS_MEANT  # fmt: skip  ("meant to open, 1♦", "voulait annoncer 1♦")


# "j'avais lu 1♣", "I had read 1C", "il croyait avoir entendu 2♥": a call seen or
# heard that nobody made (the reason for an insufficient bid).
_PERCEIVED = frozenset({"lu", "lire", "read", "vu", "voir", "seen", "entendu", "heard", "misread"})
_HAD = frozenset({"avais", "avait", "had", "cru", "croyait", "croyais", "avoir", "misread"})
_THINK = frozenset(
    {"think", "thought", "pensais", "pensait", "croyais", "croyait", "believed", "pense", "crois"}
)


def imagined(tokens: Sequence[str], start: int) -> bool:
    """A call told as seen or heard but not made (``j'avais lu 1♣``)."""
    k = start - 1
    if k >= 0 and tokens[k] in ("as", "comme", "le", "the", "un", "a"):
        k -= 1  # "misread it as 1C", "avait vu le 1♣"
    if k >= 1 and tokens[k] in _PERCEIVED and tokens[k - 1] in _HAD:
        return True
    if k >= 1 and tokens[k] == "it" and tokens[k - 1] == "misread":
        return True
    # "I think it was 1 club", "je pensais que c'était 1♣"
    before = tuple(tokens[max(0, start - 4) : start])
    return len(before) >= 3 and before[-2:] in (
        ("it", "was"), ("ce", "etait"), ("it", "is"), ("ce", "est")
    ) and bool(set(before[:-2]) & _THINK)  # (and "I think it is 1♠")


#: "not seeing the 2♥", "sans voir le 2♥", "ne voyant pas le 2♥": a call looked at.
_SEEING = frozenset(
    {"seeing", "see", "seen", "saw", "noticed", "noticing", "hearing", "heard", "voir", "vu",
     "voyant", "entendu", "entendre", "remarque"}
)  # fmt: skip
_SEEN_THE = frozenset(
    {"the", "le", "la", "l", "his", "her", "their", "son", "sa", "leur", "that", "this", "ce",
     "cette", "pas"}
)  # fmt: skip


def only_seen(tokens: Sequence[str], start: int, end: int) -> bool:
    """``South, not seeing the 2♥, bid 2♣``: the call at ``start`` is the object
    of a verb of seeing or hearing, a call already made by someone else (not
    "I saw the 4♥ card in front of me": the card one's own call left)."""
    if end < len(tokens) and tokens[end] in ("card", "carton"):
        return False
    k = start - 1
    while k >= 0 and start - k <= 2 and tokens[k] in _SEEN_THE:
        k -= 1
    return k >= 0 and tokens[k] in _SEEING


def only_offered(tokens: Sequence[str], start: int) -> bool:
    """``the director said he could bid 3♦``: an option told, not a choice."""
    return bool(set(tokens[max(0, start - 3) : start]) & _OPTION)


_BOARD = frozenset({"board", "etui", "donne"})
#: Vulnerability written after the dealer in a board header (``Bd 10 S/All``).
_VULNERABILITY = frozenset({"all", "none", "both", "nil", "ns", "ew", "eo", "tous", "personne"})


def header_dealer(tokens: Sequence[str]) -> Seat | None:
    """The dealer of a board header: ``Bd 10 S/All``, ``Étui 7 O/Tous``."""
    for i in range(len(tokens) - 3):
        if (
            tokens[i] in _BOARD and tokens[i + 1].isdigit() and tokens[i + 2] in SEATS
            and tokens[i + 3] in _VULNERABILITY
        ):  # fmt: skip
            return Seat[tokens[i + 2]]
    for i in range(len(tokens) - 1):
        # "Bd 13, D:N.", "D: S, NS vul": a lone "D" heading the board, then a seat
        if (
            tokens[i] == "d" and tokens[i + 1] in SEATS
            and (i == 0 or tokens[i - 1] in (BREAK, COMMA) or tokens[i - 1].isdigit())
            and (i + 2 == len(tokens) or tokens[i + 2] in (BREAK, COMMA, *_VULNERABILITY))
        ):  # fmt: skip
            return Seat[tokens[i + 1]]
    return None


def _dealer(
    tokens: Sequence[str], mentions: list[SeatMention], spans: list[tuple[int, int]]
) -> Ref | None:
    """The seat next to a dealer cue (``donneur Sud``, ``N dealer``, ``le donneur
    était Est``) or in a board header (``Bd 10 S/All``)."""
    header = header_dealer(tokens)
    if header is not None:
        return Ref(seat=header)
    for start, end in spans:
        if _writer_then_dealer(tokens, start, end):
            return Ref(writer=Relation.SELF)  # "jsuis n donneur", "je suis ouest donneur"
    for start, end in spans:
        best: tuple[float, Ref] | None = None
        for mention in mentions:
            if mention.ref.pronoun or mention.ref.opponent:
                continue
            if mention.end <= start and set(tokens[mention.end : start]) & _BEFORE_WORDS:
                continue  # "Sud passe avant le donneur": not the dealer
            distance: float
            after = 0 <= mention.start - end <= 2
            if after:
                gap = tokens[end : mention.start]
                distance = mention.start - end
                if gap in (("was",), ("is",), ("etait",), ("est",)):
                    distance = 0.25  # "dealer was north" outweighs "im west dealer"
                elif (
                    start and tokens[start - 1] in SEATS
                    and tokens[mention.end : mention.end + 1] not in ((), (BREAK,), (COMMA,))
                ):  # fmt: skip
                    distance += 1  # "E dealer: S bid 1NT": S opens, E dealt
            elif 0 <= start - mention.end <= 3:
                gap = tokens[mention.end : start]
                distance = start - mention.end + 0.5
            else:
                continue
            if BREAK in gap or set(gap) & _DENIED:
                continue  # "Est n'était pas donneur", "the dealer was not North"
            if COMMA in gap or set(gap) & {"et", "and", "but", "mais"}:
                # "c'était Est le donneur et moi…": another clause ("je suis nord et
                # donneur, ma gauche a ouvert": the one after the comma starts it)
                distance += 3 if after else 2
            if best is None or distance < best[0]:
                best = (distance, mention.ref)
        if best is not None:
            return best[1]
    for _, end in spans:
        # "the dealer, according to the board, was South": the seat after the copula
        sentence = tokens[end : end + 10]
        if BREAK in sentence:
            sentence = sentence[: sentence.index(BREAK)]
        for i, token in enumerate(sentence[:-1]):
            if token in _COPULA:
                named = [m for m in mentions if m.start == end + i + 1 and m.ref.known]
                if named and not named[0].ref.pronoun:
                    return named[0].ref
                break
    return None


#: Words opening a clause that sets a player against the one acting.
_WHILE = _CONTRAST | {"while", "when", "although", "though", "quand", "que"}


def _dealer_aside(tokens: Sequence[str], mention: SeatMention, start: int) -> bool:
    """``alors que N était donneur, …``, ``whereas S was the dealer, …``: a
    player named in a clause of its own as the dealer, closed before the call."""
    if not (mention.start and tokens[mention.start - 1] in _WHILE):
        return False
    rest = list(tokens[mention.end : start])
    if rest[:1] and rest[0] in _COPULA:
        rest = rest[1:]
    if rest[:1] and rest[0] in _ARTICLES:
        rest = rest[1:]
    return len(rest) > 2 and rest[0] in DEALER_NOUNS and rest[1] in (COMMA, BREAK)


def _writer_then_dealer(tokens: Sequence[str], start: int, end: int) -> bool:
    """``je suis ouest donneur``, ``jsuis n donneur``, ``I am North, dealer``:
    the writer tells his seat, then that he dealt (not ``im N dlr W``, ``I'm
    East, the dealer was North``: another seat named as the dealer)."""
    if tokens[start] not in DEALER_MARKS or end - start != 1:
        return False
    if end < len(tokens) and (tokens[end] in SEATS or tokens[end] in _COPULA):
        return False
    k = start - 1
    if k >= 0 and tokens[k] in (COMMA, "et", "and"):
        k -= 1  # "je suis sud et donneur"
    if k < 1 or not (tokens[k] in SEATS or tokens[k] in ("n", "s", "e", "o", "w")):
        return False
    return tokens[k - 1] in _BEING and (tokens[k - 1] == "im" or k > 1 and tokens[k - 2] == "ME")


#: Between a player and the dealer's cue: he acted before the dealer.
_BEFORE_WORDS = frozenset({"avant", "before"})
_HAVE = frozenset({"a", "ai", "as", "avait", "avais"})
#: Between a seat and the dealer's cue: the seat is told not to be the dealer.
_DENIED = frozenset({"not", "pas", "never", "jamais", "n"})
_COPULA = frozenset({"was", "is", "etait", "est", "c"})


# --- calls -------------------------------------------------------------------------


_ARTICLES = frozenset({"the", "this", "that", "his", "her", "le", "la", "ce", "son", "sa"})
_ACCEPTING = frozenset(
    {"accept", "accepts", "accepted", "accepte", "accepter", "refuse", "refuses", "refused",
     "condone", "condones", "condoned"}
)  # fmt: skip


def call_at(tokens: Sequence[str], i: int) -> tuple[Call, int] | None:
    """The call written at token ``i`` (``1 ♠``, ``p``, ``contre``) and where it
    ends; none past either end of the tokens (callers look a few words on)."""
    if not 0 <= i < len(tokens):
        return None
    token = tokens[i]
    if token.isdecimal():
        if i + 1 < len(tokens) and tokens[i + 1] in _STRAIN_OF:
            level = int(token)
            if 1 <= level <= 13 and (
                not (i and tokens[i - 1] in _NOT_LEVEL_BEFORE) or _on_the_table(tokens, i - 1)
            ) and not (i and tokens[i - 1] in _HOLDING_BEFORE) and not (
                _held_by(tokens, i)
            ) and not _held_with(tokens, i):
                return bid(level, _STRAIN_OF[tokens[i + 1]]), i + 2
        return None
    before = tokens[i - 1] if i else ""
    if before in _ARTICLES and i > 1 and tokens[i - 2] in _ACCEPTING:
        return None  # "North does not accept the double": that call, not a new one
    if tuple(tokens[i : i + 2]) in _GREEN:
        return PASS, i + 2
    if token == "no" and tuple(tokens[i + 1 : i + 2]) == ("bid",) and before in _SAYING:
        return PASS, i + 2  # "I said no bid": the pass, as said in Britain
    if token in _PASS_WORDS and before != "to" and before not in _BEING_VERB:
        return PASS, i + 1
    if token == "pass" and before == "to" and i > 1 and tokens[i - 2] == "going" and tuple(
        tokens[i + 1 : i + 2]
    ) == ("instead",):
        return PASS, i + 1  # "E is going to pass instead": the replacement he has chosen
    if token in _PRESENT_CALLS and before in _PRESENT_SUBJECTS:
        return _PRESENT_CALLS[token], i + 1  # "North passes", "partner then doubles"
    if token in _PROGRESSIVE_CALLS and before in _PROGRESSIVE_BEFORE:
        return _PROGRESSIVE_CALLS[token], i + 1  # "and then North is doubling the 1♠"
    if token == "passer" and before in _HAVE:
        return PASS, i + 1  # "S a passer avant E": "a passé" typed as the infinitive
    if before == "non" and (token in _DOUBLE_WORDS or token in _REDOUBLE_WORDS):
        return None  # "une enchère non contrée": an undoubled bid, no call
    if token == "contre" and _versus(tokens, i + 1):
        return None  # "mon partenaire en Ouest, contre Gérard en Nord et Josiane en Sud"
    if token in _DOUBLE_WORDS:
        return DOUBLE, i + 1
    if token in _REDOUBLE_WORDS:
        return REDOUBLE, i + 1
    return None


def _versus(tokens: Sequence[str], i: int) -> bool:
    """After "contre": the pair played against (``contre N et S``, ``contre
    nos adversaires``, ``contre eux``), not the double."""
    ahead = tuple(tokens[i : i + 3])
    if ahead[:1] in (("OPP",), ("eux",), ("nous",), ("moi",)) or (
        ahead[:2] in (("OUR", "OPP"), ("MY", "OPP"), ("les", "OPP"))
    ):
        return True
    return len(ahead) == 3 and ahead[0] in SEATS and ahead[1] in ("et", "-") and ahead[2] in SEATS


# A story told in the present tense: "North passes", "LHO doubles" (after a
# player only: "three passes" is a count, "the doubles" a noun).
_PRESENT_CALLS = {"passes": PASS, "doubles": DOUBLE, "redoubles": REDOUBLE}
#: The same in the progressive, after "is"/"was" (a non-native "North is doubling").
_PROGRESSIVE_CALLS = {"doubling": DOUBLE, "redoubling": REDOUBLE}
_PROGRESSIVE_BEFORE = frozenset({"is", "was"})
_PRESENT_SUBJECTS = SEATS | frozenset(
    {"ME", "PARTNER", "LHO", "RHO", "he", "she", "then", "also", "just", "now", "immediately"}
)
# "ce qui s'est passé", "ça s'était passé": the verb "to happen" (a pass is "a passé",
# and the seat East is "E" by now, so a lower-case "est" is the verb).
_BEING_VERB = frozenset({"est", "etait", "sont", "etaient"})
# "I have only 4 hearts", "holding 5 spades": a holding, not a bid.
_HOLDING_BEFORE = frozenset({"hold", "holds", "holding", "only", "seulement"})
# "I have 6 spades", "he has 5 hearts", "il avait effectivement 7 carreaux": a
# player's holding ("we have 4♣" may be the auction; "il a 2♠" may be his call).
_HAS = frozenset({"have", "has", "avait", "avais", "possede", "possedait", "tenait"})
_HOLDER = frozenset({"ME", "he", "she", "il", "elle"})
_REALLY = frozenset(
    {"effectivement", "vraiment", "bien", "seulement", "only", "actually", "really", "indeed"}
)


def _held_by(tokens: Sequence[str], i: int) -> bool:
    k = i - 1 - int(i > 1 and tokens[i - 1] in _REALLY)
    return k > 0 and tokens[k] in _HAS and tokens[k - 1] in _HOLDER


_SAYING = frozenset({"said", "say", "says", "saying"})
# The bidding box's green card is the pass card ("grabbed the green card", "le carton vert").
_GREEN = (("green", "card"), ("green", "cards"), ("carton", "vert"), ("cartons", "verts"))


#: Before "with"/"avec" and a count of cards: a hand told, or a clause opening.
_HAND_WITH = frozenset(
    {"hand", "hands", "main", "jeu", "weak", "strong", "faible", "forte", "fort", "and", "et",
     "but", "mais", BREAK, COMMA}
)  # fmt: skip


_HAND_AND = frozenset({"hand", "main", "points", "pts", "hcp", "h", "count"})
_DEMONSTRATIVES = frozenset({"ce", "cette"})
_THAT_QUE = frozenset({"that", "que"})
_BELIEVING_WORDS = frozenset(
    {"thought", "believed", "believing", "assumed", "assuming", "croyant", "croyait",
     "croyais", "pensant", "pensait", "pensais", "cru"}
)  # fmt: skip


def _believed_to_call(tokens: Sequence[str], mention: SeatMention) -> bool:
    """A player named as the one another believed had called (``thought West
    had bid``, ``croyant qu'Ouest avait ouvert``): not the caller of what follows."""
    lead = [t for t in tokens[max(0, mention.start - 2) : mention.start] if t not in _THAT_QUE]
    return bool(lead) and lead[-1] in _BELIEVING_WORDS and (
        tokens[mention.end : mention.end + 1] in (("had",), ("avait",))
    )  # (not "thought he was dealer and opened": he opened)


def _held_with(tokens: Sequence[str], i: int) -> bool:
    """``a weak hand with six hearts``, ``…, avec six cœurs``, ``with three spades,
    4♠ looked better``: cards held, not a call (not ``came in with 2♠``,
    ``replaced it with 2♥``)."""
    if i > 1 and tokens[i - 1] in ("and", "et") and tokens[i - 2] in _HAND_AND:
        return True  # "a decent hand and five hearts", "13 points et six piques"
    return i > 0 and tokens[i - 1] in ("with", "avec") and (i == 1 or tokens[i - 2] in _HAND_WITH)


def _on_the_table(tokens: Sequence[str], i: int) -> bool:
    """``put on the table 3♠``, ``posé sur la table 2♥``: a place, not a table number."""
    return tokens[i] == "table" and i >= 2 and tuple(tokens[i - 2 : i]) in (
        ("on", "the"), ("sur", "la"),
    )


def calls_in(tokens: Sequence[str]) -> Iterator[tuple[int, int, Call]]:
    """Every call written in ``tokens``, left to right: ``(start, end, call)``."""
    i = 0
    while i < len(tokens):
        found = call_at(tokens, i)
        if found is None:
            i += 1
            continue
        call, end = found
        yield i, end, call
        i = end


def _call_mentions(tokens: Sequence[str], mentions: list[SeatMention]) -> list[CallMention]:
    calls: list[CallMention] = []
    for start, end, call in calls_in(tokens):
        caller, named_to = _caller(tokens, start, end, mentions, calls)
        calls.append(CallMention(call, start, end, caller, named_to))
    return calls


_CAME_FROM = frozenset(
    {("came", "from"), ("comes", "from"), ("come", "from"), ("vient", "de"), ("venait", "de"),
     ("vient", "d"), ("est", "venu"), ("was", "from")}
)  # fmt: skip


def _caller(
    tokens: Sequence[str],
    start: int,
    end: int,
    mentions: list[SeatMention],
    earlier: list[CallMention],
) -> tuple[Ref | None, int]:
    """Who made the call at ``start``, and where the words naming him end
    when they follow the call."""
    if start and tokens[start - 1] in ("what", "quoi"):
        return None, 0  # "East asked me what 2♦ showed": a call named, nobody's
    # "mon 1♠", "my 2H opening", "notre 1SA"
    if start and tokens[start - 1] == "MY":
        return Ref(writer=Relation.SELF), 0
    if start and tokens[start - 1] == "OUR":
        return Ref(ours=True), 0
    if only_seen(tokens, start, end):
        return None, 0  # "South, not seeing the 2♥, …": another's call, looked at
    if start and tokens[start - 1] in ("au", "aux"):
        return None, 0  # "comparable au contre retiré": a call compared to, not made
    owner = _box_owner(tokens, end, mentions)
    if owner is not None:
        return owner.ref, 0  # "the pass card comes out of East's box": East's, whoever before
    last = next((m for m in reversed(mentions) if m.end < start), None)  # in its sentence:
    if last is not None and BREAK not in tokens[last.end : start] and (
        last.ref.writer is Relation.SELF and last.ref.seat is None
    ) and (
        tokens[start - 1] in _HIS or start - last.end <= 6 and any(
            t.startswith(_DECIDING) for t in tokens[last.end : start]
        )
    ):
        return None, 0  # "I refused his 1NT", "I did not accept the 1NT": another's call
    # "the 1♥ bid came from my LHO", "l'enchère de 1♥ vient de celui qui parle après moi"
    k = end + (tokens[end : end + 1] in (("bid",), ("card",), ("call",)))
    if tokens[k : k + 2] in _CAME_FROM:
        named = [m for m in mentions if k + 2 <= m.start <= k + 3 and not m.ref.pronoun]
        if named:
            return named[0].ref, named[0].end
    # "1♥ d'Est", "contre de Sud", "1D by N", "passe hors tour de Nord",
    # "double out of turn by my RHO": "de"/"by" and a player, a few words on
    for j in range(end, min(end + 5, len(tokens) - 1)):
        if tokens[j] == BREAK and j == end and tokens[j + 1 : j + 2] in (("by",), ("par",)) and (
            tokens[j + 2 : j + 3] and tokens[j + 2] in SEATS
        ):
            continue  # "1♥?? by E": the director's marks, then who made it
        if tokens[j] == BREAK or (j > end and call_at(tokens, j) is not None):
            break
        if j == end and tokens[j] in ("was", "is", "etait") and tokens[j + 1] in ("by", "par"):
            continue  # "the 2♣ was by S"
        if tokens[j] in _PASSIVE_MADE and all(
            t in _PASSIVE_MADE for t in tokens[end:j]
        ) and _AGENT & set(tokens[j + 1 : j + 4]):
            continue  # "a 2♦ bid was made by West", "un 2♦ a été annoncé par Est"
        if tokens[j] in _OF and j - 1 >= end and tokens[j - 1] in ("tour", "turn"):
            if tokens[j - 2] not in ("hors", "of"):
                break  # "passe hors tour (tour de N)": whose turn it was, not who passed
        if tokens[j] == "of" and tokens[j - 1] == "out" and tokens[j + 1] in _TURN_WORDS:
            continue  # "XX out of turn W's turn": the cue, not "by"
        if tokens[j] in _OF:
            named = [m for m in mentions if j + 1 <= m.start <= j + 2 and not m.ref.pronoun]
            if named and tokens[j] not in ("by", "par") and _owns_next_call(tokens, named[0].end):
                break  # "X of S's 1NT", "XX of N's undoubled 3♣": whose call was doubled
            # (not "2♠ by E pass pass pass": by whom the contract was bid)
            if named:
                return named[0].ref, named[0].end
            if j == end:
                break  # "le 2♦ de l'adversaire": someone not named
        elif tokens[j] not in _CUE_WORDS:
            break
    # "ouverture hors tour 1♠ O, N accepte": a seat right after the call, closing
    # its clause, when none is written right before it
    # (a seat right after an earlier call written with no seat before it,
    # "7♠ (N) 8♥ (E)", is that call's; in "N 1♠ E 1♥" E is 1♥'s)
    previous = earlier[-1] if earlier else None
    seat_before = start and tokens[start - 1] in SEATS and not (
        previous is not None and previous.end == start - 1
        and not (previous.start and tokens[previous.start - 1] in SEATS)
    )
    # "then W bids 1♥ — South, whose turn it was": the subject named just
    # before the verb made the call; the seat after it starts another clause
    subject_before = start > 1 and any(
        tokens[k] in SEATS for k in range(max(0, start - 3), start - 1)
    ) and not {COMMA, BREAK} & set(tokens[max(0, start - 3) : start])
    after = end
    while after < min(end + 3, len(tokens)) and tokens[after] in _OUT_OF_TURN:
        after += 1  # "passe hors tour N, donneur E", "X oot S."
    named_pass = start and tokens[start - 1] in _FINAL  # "after the final pass S, …, bid 3♥"
    free = not seat_before and not subject_before and not named_pass
    if after < len(tokens) and tokens[after] in SEATS and free:
        if after + 1 == len(tokens) or tokens[after + 1] in (COMMA, BREAK):
            named = [m for m in mentions if m.start == after]
            if named:
                return named[0].ref, named[0].end
    # the nearest player named before, in the same sentence, with no call
    # between and not already named as the maker of an earlier call
    floor = 0
    made = [
        c for c in earlier if not only_meant(tokens, c.start) and not _in_relative(tokens, c.start)
        and not only_seen(tokens, c.start, c.end)
        and not (c.start and tokens[c.start - 1] in _DEMONSTRATIVES | _OWN)
        and not (c.start and tokens[c.start - 1] == "MY" and _in_an_aside(tokens, c.start))
    ]  # "West, who did not see the 2♣, bid 1♥": the 2♣ bounds nothing; nor "prend ce
    # passe pour une ouverture et pose un Contre": a call pointed at, not one made there
    if made:
        floor = max(made[-1].end, made[-1].named_to + 1)
    limit = max(start - _WINDOW, floor)
    appositive = _apposition_subject(tokens, start, mentions, floor)
    if appositive is not None:
        return appositive.ref, 0
    possessed: SeatMention | None = None
    for mention in reversed(mentions):
        if mention.end > start or mention.end < limit:
            continue
        if BREAK in tokens[mention.end : start]:
            break
        if _at_the_turn_of(tokens, mention):
            continue  # "enchère de ma gauche au tour de mon partenaire : 3♣": not partner's
        if mention.start and tokens[mention.start - 1] in _POSSESSOR_BEFORE or (
            mention.start > 1 and tokens[mention.start - 1] in ("a", "to", "au")
            and tokens[mention.start - 2] in _ADDRESSING
        ):  # (or "veut répondre à son partenaire et pose 1♠": whom he answers)
            # "Sud, qui n'avait pas vu l'enchère de mon partenaire, a posé 1♦":
            # a player named after "de"/"of" is an object; the subject is further left
            possessed = possessed or mention
            continue
        if _writers_seat_aside(tokens, mention, mentions):
            continue  # "Mon partenaire Nord (moi j'étais Sud) a passé"
        if _believed_to_call(tokens, mention):
            continue  # "thought West had bid something and reached for the Double card"
        if _dealer_aside(tokens, mention, start):
            continue  # "O ouvre alors que N était donneur, enchère : 1♣": O's call
        incise = _incise_subject(tokens, mention, start, mentions, floor)
        if incise is not None:
            return incise.ref, 0
        if mention.ref.pronoun:
            return _resolve_pronoun(tokens, mention, mentions), 0
        return mention.ref, 0
    # the subject may sit before a relative clause longer than the window:
    # "Sud, qui n'avait pas vu …, a posé 1♦", "North, who is declarer's partner, bid 4♠"
    wide = max(start - 2 * _WINDOW, floor)
    for mention in reversed(mentions):
        if possessed is not None or mention.end > start or mention.end < floor:
            continue
        if BREAK in tokens[mention.end : start]:
            break
        if mention.ref.pronoun:
            continue
        if tuple(tokens[mention.end : mention.end + 2]) in _RELATIVE_CLAUSE and (
            mention.end >= wide
        ):
            return mention.ref, 0
        # "my RHO, a lovely old gent who …, put 1♠": a short apposition, then the relative
        apposed = tokens[mention.end + 1 : mention.end + 6]
        if tokens[mention.end : mention.end + 1] == (COMMA,) and mention.end >= wide and any(
            w in ("who", "qui") and COMMA not in apposed[:k] for k, w in enumerate(apposed)
        ):
            return mention.ref, 0
        # "Josiane (O), qui … le 2♣, pose 1SA": the name's comma gone with it; the
        # relative closed by a comma before the verb, however long
        if tokens[mention.end : mention.end + 1] in (("qui",), ("who",)) and (
            COMMA in tokens[mention.end : start] and mention.end >= start - _APPOSITION_SPAN
        ):
            return mention.ref, 0
    if possessed is not None and not possessed.ref.pronoun:
        for mention in reversed(mentions):
            if mention.end > possessed.start or mention.end < wide:
                continue
            if BREAK in tokens[mention.end : start]:
                break
            if mention.ref.pronoun or (
                mention.start and tokens[mention.start - 1] in _POSSESSOR_BEFORE
            ):
                continue
            if COMMA in tokens[mention.end : mention.end + 1]:
                return mention.ref, 0  # "Sud, qui …": the subject of a relative clause
        return possessed.ref, 0
    carried = _carried_subject(tokens, start, mentions, earlier)
    if carried is not None:
        return carried, 0
    return None, 0


#: Verbs of putting a card down or calling, that a subject carries on to.
_CARD_VERBS = frozenset(
    {"pose", "posa", "met", "mis", "mit", "remet", "remis", "sort", "sorti", "sortit", "put",
     "puts", "pulled", "pulls", "placed", "places", "replaced", "remplace", "took", "takes",
     "bid", "bids", "said", "says", "dit", "corrige", "corrected", "changed", "substituted"}
)  # fmt: skip
_COORDINATORS = frozenset({"et", "and", "puis", "then", "ensuite"})
_CALL_NAMED_BEFORE = frozenset(
    {"le", "la", "the", "sur", "over", "on", "of", "de", "du", "son", "sa", "his", "her",
     "their", "leur", "au", "apres", "after", "MY", "OUR", "means", "meant", "signifie", "about",
     "what", "quoi"}
)  # fmt: skip
_SUBJECT_WORDS = frozenset(
    {"he", "she", "they", "il", "elle", "ils", "elles", "on", "j", "ME", "MY", "WE", "OUR",
     "ns", "ew", "eo", "who", "qui", "his", "her", "son", "sa"}
)  # fmt: skip
_CARD_WORDS = frozenset({"the", "a", "his", "her", "le", "la", "un", "son", "sa", "card", "carton"})


def _carried_subject(
    tokens: Sequence[str], start: int, mentions: list[SeatMention], earlier: list[CallMention]
) -> Ref | None:
    """``N sort 2♦ de la boîte, le voit, le remet et pose 2♥``: a call put down
    by a verb that goes on from the call before, in the same sentence with no
    other player named between, is the same player's."""
    if not earlier:
        return None
    previous = earlier[-1]
    caller = previous.caller
    if caller is None or caller.pronoun or not caller.known or previous.end > start:
        return None
    if BREAK in tokens[previous.end : start] or any(
        previous.end <= m.start < start for m in mentions
    ):
        return None
    if previous.start and tokens[previous.start - 1] in _CALL_NAMED_BEFORE:
        return None  # "sur le 4♠ adverse", "over his 1♥": a call named, not one he made
    between = set(tokens[previous.end : start])
    if between & _SUBJECT_WORDS:
        return None  # "my fingers took the pass card", "NS bid 4♠": another subject
    k = start - 1
    while k > previous.end and start - k <= 3 and tokens[k] in _CARD_WORDS:
        k -= 1
    if k <= previous.end or tokens[k] not in _CARD_VERBS:
        return None
    # the verb coordinated with the ones before ("… le remet et pose 2♥")
    joined = tokens[max(previous.end, k - 2) : k]
    return caller if set(joined) & _COORDINATORS else None


_BOX = frozenset({"box", "boite"})
_OUT_OF = frozenset({"out", "from", "of", "sort", "sorti", "sortir", "de", "d"})


def _box_owner(
    tokens: Sequence[str], end: int, mentions: list[SeatMention]
) -> SeatMention | None:
    """A call card told coming out of a player's bidding box (``the green pass
    card comes flying out of East's box``, ``le carton vert sort de la boîte de
    mon partenaire Est``): that player's call, whoever is named before it."""
    for j in range(end, min(end + 9, len(tokens))):
        if tokens[j] == BREAK:
            return None
        if tokens[j] not in _BOX:
            continue
        if COMMA in tokens[end:j] or not _OUT_OF & set(tokens[end:j]):
            return None  # "1♥ et avant que je touche ma boîte": not where the card came from
        before = [m for m in mentions if j - 3 <= m.start and m.end <= j and not m.ref.pronoun]
        after = [
            m for m in mentions
            if m.start in (j + 1, j + 2) and tokens[j + 1] in ("de", "d", "of")
            and not m.ref.pronoun
        ]  # fmt: skip
        found = before[-1:] or after[:1]
        return found[0] if found and found[0].ref.known else None
    return None


#: Between a subject and the apposition after it: "North then, …, put 4♠".
_SUBJECT_ADVERBS = frozenset({"then", "now", "again", "alors", "ensuite", "puis", "aussitot"})

#: How far back an apposition may open: "Est, un joueur que je connais bien et
#: qui n'a rien d'un tricheur, pose 1♥".
_APPOSITION_SPAN = 30


def _apposition_subject(
    tokens: Sequence[str], start: int, mentions: list[SeatMention], floor: int
) -> SeatMention | None:
    """``Est, un joueur que je connais bien…, pose 1♥``, ``South, holding …,
    reached for the 1♥ card``, ``South - who I swear wasn't looking - put out
    2♥``: the player named before a clause set off by commas (or dashes) is
    the subject of the verb right after it; players named inside are not."""
    k = start - 1
    while k >= 0 and start - k <= 4 and tokens[k] != COMMA:
        if tokens[k] in SEATS or tokens[k] == BREAK or not tokens[k].isalpha():
            return None
        if tokens[k].isupper():
            return None  # "ME", "LHO": a player between the comma and the call
        k -= 1
    if k < 0 or tokens[k] != COMMA:
        return None
    if k == start - 1 and not tokens[start].isalpha():
        return None  # "N 1♠, E 1♥": a listing; "Sud, avec …, contre": the call is the verb
    if tokens[k + 1 : k + 2] in (("qui",), ("who",)) and k and tokens[k - 1] in SEATS:
        return None  # "… le joueur assis en Nord, qui a ouvert de 1♥": Nord's relative clause
    closing = k
    for opening in range(closing - 2, max(floor, closing - _APPOSITION_SPAN) - 1, -1):
        if tokens[opening] == BREAK:
            return None
        if tokens[opening] != COMMA:
            continue
        subject = [
            m for m in mentions
            if m.end == opening or m.start < opening < m.end
            or m.end == opening - 1 and tokens[m.end] in _SUBJECT_ADVERBS
        ]  # ("North then, still mulling over a sacrifice, put 4♠")
        if not subject:
            # "East — nice lady, a bit hard of hearing — bid 1♥": a comma inside the
            # clause; not past a seat named inside it
            if any(t in SEATS for t in tokens[opening:closing]):
                return None
            continue
        if not subject[0].ref.known and not subject[0].ref.pronoun:
            return None
        inside = [m for m in mentions if opening < m.start and m.end <= closing]
        relative = bool({"qui", "who"} & set(tokens[opening + 1 : opening + 4]))
        if not relative and any(
            (made := call_at(tokens, j)) is not None and not only_meant(tokens, j)
            and not only_seen(tokens, j, made[1]) and tokens[j - 1] not in _HIS | _OWN | {"MY"}
            for j in range(opening + 1, closing)
        ):  # (not "Sud, en voulant prendre le carton 1♠, a tiré …": a call only meant;
            # "Est, le même qui avait répondu 1♥, dit 2♥": his own relative clause;
            # "the same chap, having second thoughts about his own 2♣, pulled a Pass")
            return None
        if subject[0].ref.pronoun:
            resolved = _resolve_pronoun(tokens, subject[0], mentions)
            return None if resolved is None else replace(subject[0], ref=resolved)
        named = [m for m in inside if m.ref.seat is not None and not m.ref.pronoun]
        if subject[0].ref.seat is None and len(named) == 1:
            return named[0]  # "Mon partenaire, qui est Nord, a passé"
        return subject[0]
    return None


def _writers_seat_aside(
    tokens: Sequence[str], mention: SeatMention, mentions: list[SeatMention]
) -> bool:
    """``Mon partenaire Nord (moi j'étais Sud) a passé``, ``East, my partner (I
    am West), opened``: the writer's seat told aside, right after another
    player named; neither the writer nor his seat is the one who called."""
    ref = mention.ref
    k = mention.start
    if ref.seat is not None and ref.writer is None:
        while k > 0 and tokens[k - 1] in _I_AM | {COMMA}:
            k -= 1
        if k == 0 or tokens[k - 1] != "ME":
            return False  # (also "Nord, moi Sud": the writer's seat with no verb)
        k -= 1
    elif ref.writer is Relation.SELF and ref.seat is None and tokens[k] == "ME":
        j = mention.end
        while j < len(tokens) and tokens[j] in _I_AM | {"ME"}:
            j += 1
        if j == mention.end or j >= len(tokens) or tokens[j] not in SEATS:
            return False
    else:
        return False
    while k > 0 and tokens[k - 1] in ("ME", COMMA):
        k -= 1  # "moi j'étais", ", je suis"
    return any(  # a player named right before (an apposition may have taken in "moi")
        m.start < k <= m.end and not (m.ref.writer is Relation.SELF and m.ref.seat is None)
        for m in mentions
    )


def _incise_subject(
    tokens: Sequence[str], inner: SeatMention, start: int, mentions: list[SeatMention], floor: int
) -> SeatMention | None:
    """``West, without waiting for East, doubled``, ``W, who I think was
    dreaming, doubled``: a player named inside a clause set off by commas is
    not the subject; the player named right before the opening comma is."""
    closing = [k for k in range(inner.end, start) if tokens[k] == COMMA]
    if not closing or any(m.start > inner.start and m.end <= start for m in mentions):
        return None
    if closing == [inner.end] and tokens[inner.end + 1 : inner.end + 2] in (("qui",), ("who",)):
        return None  # "… assis en Nord, qui a ouvert de 1♥": the call is Nord's relative clause
    for outer in reversed(mentions):
        if outer.end >= inner.start or outer.start < floor:
            continue
        opening = outer.end
        if opening >= len(tokens) or tokens[opening] != COMMA:
            return None
        between = tokens[opening + 1 : inner.start]
        if COMMA in between or BREAK in between or outer.ref.pronoun or not outer.ref.known:
            return None
        relative = opening + 1 < len(tokens) and tokens[opening + 1] in ("who", "qui")
        called = any(call_at(tokens, k) is not None for k in range(opening, closing[-1]))
        if called and not relative:
            return None  # ("West, who had not seen the 2♣, bid 1♥": the 2♣ is his clause's)
        if closing[0] == inner.end and len(between) <= 2:
            return None  # an apposition: "Nord, mon partenaire, a ouvert", "I, as South, bid"
        return outer
    return None


def _in_an_aside(tokens: Sequence[str], i: int) -> bool:
    """Token ``i`` sits in a clause a comma closes before the next verb:
    ``Corinne, qui n'avait pas vu mon passe, a posé 4♠``."""
    ahead = tokens[i : i + 4]
    return COMMA in ahead and BREAK not in ahead[: ahead.index(COMMA)]


def _in_relative(tokens: Sequence[str], i: int) -> bool:
    """Token ``i`` sits in a relative clause set off by a comma (``, who …``, ``, qui …``)."""
    k = i - 1
    while k >= 0 and tokens[k] not in (COMMA, BREAK):
        k -= 1
    # (", qui …", ", le même qui …", ", the one who …", ", a lovely old gent who …")
    if k >= 0 and tokens[k] == COMMA and k + 1 < i and bool(
        {"who", "qui"} & set(tokens[k + 1 : min(k + 6, i)])
    ):
        return True
    # "et là Josiane (O), qui …": the seat in place of the name, its comma gone
    return any(
        tokens[j] in ("who", "qui") and tokens[j - 1] in SEATS for j in range(max(k, 0) + 1, i)
    )


def _owns_next_call(tokens: Sequence[str], i: int) -> bool:
    """A call right after the player named at ``i`` (``S's 1NT``, ``N's undoubled 3♣``)."""
    for k in (i, i + 1):
        if k < len(tokens) and call_at(tokens, k) is not None:
            return True
        if k < len(tokens) and tokens[k] not in _UNDOUBLED:
            return False
    return False


_UNDOUBLED = frozenset({"undoubled", "non", "opening", "ouverture"})
#: Before a pass named as the auction's end, not made then: "after the final pass".
_FINAL = frozenset({"final", "last", "dernier", "finale", "third", "troisieme"})


def _writer_deals(tokens: Sequence[str]) -> bool:
    """``I was dealer``, ``j'étais donneur``, ``im the dealer``: the writer
    says he dealt, without his seat."""
    for i, token in enumerate(tokens):
        if token in _I_AM_OPENERS:
            j = _after_i_am(tokens, i)
            if j < len(tokens) and tokens[j] in DEALER_NOUNS:
                return True
    return False


def _after_i_am(tokens: Sequence[str], i: int) -> int:
    """Past the words after the writer at ``i`` that tell his seat follows
    (``je suis en``, ``I was sitting``, ``moi chu``): where the seat would be."""
    j = i + 1
    while j < len(tokens) and j - i <= 4 and tokens[j] in _I_AM:  # "I am sitting in the"
        j += 1
    return j


def writers_seat_told(tokens: Sequence[str], mention: SeatMention) -> bool:
    """``je suis Nord``, ``I was sitting South``: the seat is the writer's, told as such."""
    return any(
        tokens[i] in _I_AM_OPENERS and _after_i_am(tokens, i) == mention.start
        for i in range(max(0, mention.start - 4), mention.start - 1)
    )


#: Before a player named as whose turn it was: "au tour de", "at the turn of".
_AT_THE_TURN_OF = frozenset(
    {("au", "tour", "de"), ("au", "tour", "du"), ("a", "tour", "de"), ("the", "turn", "of")}
)


def _at_the_turn_of(tokens: Sequence[str], mention: SeatMention) -> bool:
    """``au tour de mon partenaire``: the player whose turn it was (not ``hors
    tour de Sud``, the one who called out of it)."""
    return tuple(tokens[max(0, mention.start - 3) : mention.start]) in _AT_THE_TURN_OF


def names_whose_turn(tokens: Sequence[str], mention: SeatMention) -> bool:
    """``South's turn``, ``LHO's turn``: the player is named as whose turn it was."""
    return tuple(tokens[mention.end : mention.end + 1]) == ("turn",)


_UNTIL = frozenset({"before", "avant", "unless", "until", "till", "sauf", "jusqu"})


def named_in_a_time_clause(tokens: Sequence[str], start: int) -> bool:
    """The player at ``start`` is named in a clause of time or condition:
    ``avant qu'Est parle``, ``avant même qu'Est ne parle``, ``unless East accepts``."""
    lead = tokens[max(0, start - 3) : start]
    return bool(set(lead[-2:]) & _UNTIL) or (
        len(lead) == 3 and lead[0] in _UNTIL and lead[1] in ("meme", "even", "que")
    )


def _resolve_pronoun(
    tokens: Sequence[str], pronoun: SeatMention, mentions: list[SeatMention]
) -> Ref | None:
    """``il``/``he``: the last player named as the subject of a clause before
    it (not ``d'Ouest``, ``by North``, ``son partenaire``, nor the writer)."""
    for mention in reversed(mentions):
        ref = mention.ref
        if mention.end > pronoun.start or not ref.known or ref.subject is not None:
            continue
        if ref.writer is Relation.SELF and ref.seat is None:
            continue
        if mention.start and tokens[mention.start - 1] in _OBJECT_BEFORE:
            continue
        if writers_seat_told(tokens, mention):
            continue  # "jsuis nord, il a passé": the writer's seat, not "il"
        if mention.start and tokens[mention.start - 1] in _DEALER_TITLE:
            continue  # "Sioned sat West, dealer South, and she passed": not the dealer
        if names_whose_turn(tokens, mention):
            continue  # "West passed at South's turn, so he had to pass": not South
        if named_in_a_time_clause(tokens, mention.start):
            continue  # "N put 3♣; then, before E called, he replaced it": not East
        return ref
    return None


def _in_time_order(tokens: Sequence[str], calls: list[CallMention]) -> list[CallMention]:
    """Text order, except that a call named after ``sur``/``over``/``after``, a
    call in the pluperfect (``avait dit``), or the bid a double is made on,
    came first."""
    ordered = list(calls)
    # "N 1S E 2H S X W XX N 3S": a list of calls, each right after its
    # caller's seat, is already in time order.
    listed = len(calls) >= 3 and all(
        c.start >= 1 and tokens[c.start - 1] in SEATS for c in calls
    )
    i = 1
    while not listed and i < len(ordered):
        previous, current = ordered[i - 1], ordered[i]
        between = tokens[previous.end : current.start]
        lead_in = tokens[max(previous.end, current.start - 3) : current.start]
        swap = False
        if BREAK not in between and len(between) <= 8:
            if any(
                t in _EARLIER_AFTER and not _afterwards(between, k)
                for k, t in enumerate(between)
            ):
                swap = True
            elif any(t in _PLUPERFECT for t in lead_in) and not any(
                t in _PLUPERFECT for t in tokens[max(0, previous.start - 3) : previous.start]
            ):  # (both in the pluperfect, "N avait ouvert 1♦, S avait dit 1♠": told in order)
                swap = True
            elif set(between) & _CONTRAST and set(lead_in) & _OPENED and previous.call.is_bid:
                swap = True  # "N bid 1NT but W opened 2C": the opening came first
            elif previous.call in (DOUBLE, REDOUBLE) and current.call.is_bid:
                # "contré le 1SA de Nord", "doubled West's 1S"
                swap = (
                    all(t in _DETERMINERS or t in _OWNER_WORDS for t in between)
                    and current.caller != previous.caller
                )
        if swap and not _swapped(previous, current):
            ordered[i - 1], ordered[i] = current, previous
        i += 1
    return ordered


def _swapped(first: CallMention, second: CallMention) -> bool:
    """Already in time order (the earlier one is further right in the text)."""
    return first.start > second.start
