"""Free text as players type or dictate it -> canonical tokens.

``normalise("Est a dit 1♥ sur mon 1♠")`` gives the tokens
``E a dit 1 ♥ sur MY 1 ♠``: words are folded (lower case, no accents, ``œ`` →
``oe``), suits become ``♣ ♦ ♥ ♠ NT`` whatever their spelling (``cœur``,
``chœur``, ``hearts``, ``1SA``, ``sans à tout``), number words become digits,
compass seats become ``N E S W`` where the context says a seat is meant
(``Est`` the seat, not ``est`` the verb), and the writer and the other
players become ``ME MY LHO RHO PARTNER OPP``. Misspelt words are brought back
to the nearest known word with rapidfuzz. Sentence ends are kept as ``|`` and
commas as ``,`` so that the extraction does not read across them; neither is
part of ``Normalised.text``, the string phrases are matched against.

The work is bounded: at most ``MAX_CHARS`` characters are read.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from .data import LANGUAGES, fold, known_words, lexicon_sections, spelling_rules
from .grid import linearise_grids
from .lang import detect_language
from .retraction import without_retractions

__all__ = [
    "MAX_CHARS",
    "BREAK",
    "COMMA",
    "SEATS",
    "STRAINS",
    "Normalised",
    "normalise",
    "correct_word",
    "is_known",
]

#: Characters read from one message; the rest is ignored (bounded work).
MAX_CHARS = 1500
BREAK = "|"
COMMA = ","
SEATS = frozenset("NESW")
STRAINS = frozenset({"♣", "♦", "♥", "♠", "NT"})

_SYMBOLS = str.maketrans({"♤": "♠", "♡": "♥", "❤": "♥", "♢": "♦", "♧": "♣", "\ufe0f": None})
_APOSTROPHES = str.maketrans({c: "'" for c in "’‘`´ʼ′"})
# French elisions: "l'Est" -> "le Est", "n'a" -> "ne a", "qu'Est" -> "que Est".
DASHES = frozenset({"-", "–", "—"})
#: A seat letter standing alone at the end of the text before a dash ("… , O –").
_LONE_SEAT = re.compile(r"(?:^|[\s,;:(])[NESWO]$")
#: The dealer named before a dash (``Dlr S - S 2NT``): a heading, not a pass.
_DEALER_SEAT = re.compile(r"\b(?:dlr|dealer|dn|dnr|donn\w*|dealt)\.?[ \t]*:?[ \t]*[NESWO]$", re.I)
#: After a lone seat's dash, the next seat and its call (``S – O 1P``; not "N – S vul").
_SEAT_AND_CALL = re.compile(
    r"[ \t]+[NESWO][ \t]+(?:[1-7][ \t]?(?:[♣♦♥♠]|SA|NT|[CDHSTKP])\b|[-–—]|XX?\b|P\b)"
)
#: Two calls written side by side with a space between (``1♦ X 1♠``): a listing
#: that does not separate its calls with dashes.
_CALL = r"(?:[1-7]\s?(?:[♣♦♥♠]|NT|SA|[CDHS])|XX?|P)"
_SPACED_CALLS = re.compile(rf"(?<![\w♣♦♥♠]){_CALL}[ \t]+{_CALL}(?![\w♣♦♥♠])", re.IGNORECASE)
_CALL_NEXT = re.compile(rf"[ \t]*(?:{_CALL}(?![\w♣♦♥♠])|[-–—]|\?)", re.IGNORECASE)
#: Where a listing's line or sentence starts.
_LISTING_START = re.compile(r"[.:\n]")
_LISTING_END = re.compile(r"[.\n]")
_DASH_RUN = re.compile(r"(?<![\w])([-–—])[ \t]+\1(?![\w])")  # (not "1P – - – 4P")
_IF_ELIDED = re.compile(r"\b(s)'(?=ils?\b)", re.IGNORECASE)
_ELISION = re.compile(r"\b(qu|jusqu|lorsqu|puisqu|[cdjlmnst])'(?=\w)", re.IGNORECASE)
_ENGLISH_NOT = re.compile(r"n't\b", re.IGNORECASE)
_ENGLISH_AM = re.compile(r"(?<=\b[Ii])'[mM]\b")
_ENGLISH_CLITIC = re.compile(r"(?<=\w)'(s|re|ve|ll|d)\b", re.IGNORECASE)
# "I'd have bid 5♦", "I'd rather pass": "would", a call not made (not "had")
_ENGLISH_WOULD = re.compile(r"(?<=\w)'d(?=\s+(?:have|rather|like|be)\b)", re.IGNORECASE)
#: After an ellipsis glued to a word, the same clause going on: a word in lower
#: case, a call (not "dnr S : … 7♠ (S)", the calls before left out).
_SUSPENSE = re.compile(r"[ \t]*(?:[a-zà-ÿ]|\d|[♣♦♥♠])")
_TOKEN = re.compile(  # MULTILINE: a grid's dash may end its line
    r"\d+|[^\W\d_]+|[♣♦♥♠]|[.!?;]+|,|(?<=[/|])\s*[-–—](?=[ \t]*(?:[/|]|$))"
    r"|(?<=\s)[-–—](?=\s|[,;.(]|$)",
    re.MULTILINE,
)
#: A hand's holding in a suit (``♠x``, ``♥KQJ98``, ``♣AJ10x``): no call, no card
#: exposed; one card (``♥Q``, ``♦2``) is left as it is.
_EXPLAINED_SHORT = re.compile(r"\b(?:expl|explic|expliq)\.(?=\s)", re.IGNORECASE)
#: The dealer abbreviated with a dot ("donn. N", "Dlr. W"): no sentence ends there.
_DEALER_SHORT = re.compile(r"\b(?:donn|don|dlr|dnr)\.(?=\s)", re.IGNORECASE)
#: A writer's marks in parentheses ("(!)", "(?!)", "(!!)"): no sentence ends there.
_MARKS_ASIDE = re.compile(r"\(\s*[!?]+\s*\)")
_CLOCK = re.compile(r"\b\d{1,2}[hH:]\d{2}\b")
_ETUI = re.compile(r"\b(?:É(?=\s?\d)|é(?=\d))")
_HOLDINGS = re.compile(r"(?:\s*\bholding\b\s*){2,}")
_HOLDING = re.compile(
    r"(?<![\w])[♠♥♦♣]\s?(?=(?:10|[AKQJTRDVakqjxX2-9]){2,}\b|[xX]\b)(?:10|[AKQJTRDVakqjxX2-9])+\b"
)

#: A suit's length in a hand: "he held five spades and four hearts", "j'avais 6 piques",
#: "mes six piques", "(six spades, invitational)" (in parentheses, a length
#: written in words from five up: "(2 hearts)" may be the call).
_COUNT = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|un|une|deux|trois|quatre" \
    r"|cinq|sept|huit|neuf|dix)"
_SUITS_PLURAL = r"(?:spades|hearts|diamonds|clubs|piques|c[oœ]eurs|carreaux|tr[eè]fles)"
_LENGTHS = re.compile(
    r"(?:\b(?:held|holding|holds|hold|has|had|have|tenait|tient|tenant|avait|avais"
    r"|my|his|her|mes|ses)\s+|\(\s*(?=(?:five|six|seven|eight|cinq|sept|huit)\s))"
    r"(?:(?:only|just|seulement)\s+)?"
    rf"{_COUNT}\s+(?:cards?\s+(?:in|of)\s+|cartes?\s+(?:à|a|de)\s+)?{_SUITS_PLURAL}\b"
    rf"(?:\s*(?:,|and|et)\s*{_COUNT}\s+{_SUITS_PLURAL}\b)*",
    re.IGNORECASE,
)

#: Honour points as the French write them (``13H+``, ``12-14H``): no bid, its
#: level is no call's.
_POINTS = re.compile(r"(?<![\w-])(?:1\d|2\d|3[0-7])\s?H(?:LD?)?\+?(?![\w♥])")

#: A side written as its two seats and said to play a method (``N-S jouent une
#: passe forte``, ``E/W play Multi``): the side, not two players. (Elsewhere
#: the seats stay, and the readers take ``N-S doivent passer`` as a side.)
_PAIR = r"(?:N[-–/]S|S[-–/]N|E[-–/][WO]|[WO][-–/]E)"
_SIDE = re.compile(
    rf"\b{_PAIR}\b(?=\s+(?i:jouent|joue|play|plays|playing"
    r"|use|uses|using|utilisent|pratiquent)\b)"
    # "3SA pour nous (N-S)", "we (E/W) were…": the writer's side named in parentheses
    rf"|(?<=\bnous \(){_PAIR}(?=\))|(?<=\b(?:us|we) \(){_PAIR}(?=\))"
)

_UNITS = {
    "un": 1, "une": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3,
    "quatre": 4, "four": 4, "cinq": 5, "five": 5, "six": 6, "sept": 7, "seven": 7,
    "huit": 8, "eight": 8, "neuf": 9, "nine": 9, "dix": 10, "ten": 10,
    "onze": 11, "eleven": 11, "douze": 12, "twelve": 12, "treize": 13, "thirteen": 13,
    "quatorze": 14, "fourteen": 14, "quinze": 15, "fifteen": 15, "seize": 16,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS = {
    "vingt": 20, "twenty": 20, "trente": 30, "thirty": 30, "quarante": 40, "forty": 40,
    "cinquante": 50, "fifty": 50, "soixante": 60, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90, "septante": 70, "huitante": 80, "nonante": 90,
}  # fmt: skip
# Homophones of numbers in voice transcripts, read as numbers only before a suit.
_SPOKEN_LEVELS = {"for": 4, "fore": 4, "won": 1, "to": 2, "too": 2, "sets": 7, "cette": 7,
                  "free": 3, "tree": 3}

_SEAT_WORDS = {
    "nord": "N", "north": "N", "sud": "S", "south": "S",
    "ouest": "W", "west": "W", "east": "E",
    "noord": "N", "zuid": "S", "oost": "E",  # Flemish, as Belgian players write them
}  # fmt: skip
_SEAT_LETTERS = {"n": "N", "e": "E", "s": "S", "w": "W", "o": "W"}
#: A seat letter -> the seat word ``_seats`` reads as that seat.
_SEAT_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
# Strain abbreviations after a level: "1H", "1SA", "2Co", "3Pi"; single letters
# only when glued to the digit ("5 N opened" is not 5NT).
_STRAIN_LETTERS = {
    "c": "♣", "t": "♣", "tr": "♣", "d": "♦", "k": "♦", "ca": "♦", "h": "♥", "co": "♥",
    "s": "♠", "p": "♠", "pi": "♠", "n": "NT", "sa": "NT", "nt": "NT",
}  # fmt: skip
# Glued letters that only French (T/K/C/P, SA) or only English (C/D/H/S, NT) uses.
_C_LETTER = re.compile(r"\b[1-7]c\b", re.IGNORECASE)
_FRENCH_LETTERS = re.compile(r"\b[1-7](?:k|t|p|sa)\b", re.IGNORECASE)
_ENGLISH_LETTERS = re.compile(r"\b[1-7](?:d|h|s|nt)\b", re.IGNORECASE)
_STRAIN_LETTERS_APART = {"sa", "nt", "co", "ca", "pi", "tr"}
_CALL_WORDS = frozenset({
    "p", "x", "xx", "passe", "pass", "passes", "passed", "contre", "double", "doubled",
    "surcontre", "redouble", "redoubled", "dit", "said", "a",
})  # fmt: skip
# "est" is the verb after these words ("c'est", "il est", "n'est").
_EST_VERB_BEFORE = frozenset(
    {"ce", "c", "il", "elle", "on", "ca", "cela", "ceci", "qui", "tout", "ne", "y", "quel", "se",
     "me", "te"}
)
_EST_SEAT_BEFORE = frozenset({"le", "a", "de", "par", "pour", "avant", "vers", "et", "donneur"})
# After the verb "est" none of these can follow ("est ouvre", "est annonce"):
# "est" is then the player who does it.
_PLAYER_VERBS = frozenset({
    "ouvre", "annonce", "intervient", "encherit", "repond", "pose", "met", "sort",
    "explique", "alerte", "hesite", "corrige", "change", "remplace", "rectifie", "accepte",
    "refuse", "reprend", "saute", "nomme", "declare", "avait", "parle", "enchaine", "relance",
    "reveille", "appelle", "oublie", "demande", "ouvrit", "mets", "ajoute",
})  # fmt: skip


@dataclass(frozen=True, slots=True)
class Normalised:
    """Canonical tokens, with the span of the original text each one came from."""

    tokens: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    source: str

    @property
    def text(self) -> str:
        """The tokens without sentence breaks and commas, for phrase matching."""
        return " ".join(t for t in self.tokens if t not in (BREAK, COMMA))

    def original(self, start: int, end: int) -> str:
        """The source text behind tokens ``start..end`` (exclusive)."""
        if start >= end or start >= len(self.spans):
            return ""
        return self.source[self.spans[start][0] : self.spans[min(end, len(self.spans)) - 1][1]]


@dataclass(slots=True)
class _Token:
    text: str  # folded or canonical
    original: str  # as written, for case and accents
    start: int
    end: int
    glued: bool  # no space before it


def normalise(text: str, correct: bool = True) -> Normalised:
    """Canonical tokens for ``text``; ``correct=False`` skips the typo matcher
    (used for the lexicons themselves)."""
    if not isinstance(text, str):
        text = ""
    source = _prepare(text[:MAX_CHARS])
    tokens = _tokenise(source)
    named = _named_players(tokens, source)
    if correct:
        for i, token in enumerate(tokens):
            if token.text.isalpha() and len(token.text) >= 3 and token.text not in named:
                corrected = correct_word(token.text)
                if corrected != token.text and _likely_a_name(tokens, i, corrected):
                    continue  # "Hi Chris", "Carys (South)": a first name, no typo
                token.text = corrected
    tokens = _unelided(tokens)
    tokens = _apply_spelling(tokens, english=detect_language(source)[0] == "en")
    tokens = _numbers(tokens)
    tokens = _strains(tokens, heart_c=_c_is_heart(source))
    tokens = _players_by_name(_kin_partnering(tokens, named), named)
    tokens = _asides(_addressee(_seats(tokens, source)), source)
    return Normalised(
        tuple(t.text for t in tokens), tuple((t.start, t.end) for t in tokens), source
    )


#: A line ending in a word (no stop, colon or comma) before another line: its
#: sentence ends there ("Bd 10", "* dealer", a note's lines).
_LINE_END = re.compile(r"(?<=\w)[ \t]*\n(?=[ \t]*\S)")


_SEAT_POSSESSIVE = re.compile(r"(?<![\w'])([nesw])(?='s\b)")


_WITHOUT = re.compile(r"(?<!\w)w/o(?!\w)", re.IGNORECASE)


#: The writer's seat told in an aside inside a clause (``my LHO — I'm West —
#: took ages``, ``mon partenaire (je suis Sud) a expliqué``): the clause read
#: whole, the seat told after it.
_WRITERS_ASIDE = re.compile(
    r"\s*[(—–]\s*((?:I'm|I am|I was|im|je suis|j'étais|jsuis)\s+(?:in\s+|en\s+)?"
    r"(?:North|South|East|West|Nord|Sud|Est|Ouest|[NSEWO]))\s*[)—–]\s*(?=[a-zà-ÿ])",
    re.IGNORECASE,
)


def _writers_aside_after(text: str) -> str:
    asides = [m.group(1) for m in _WRITERS_ASIDE.finditer(text)]
    if not asides:
        return text
    return _WRITERS_ASIDE.sub(" ", text).rstrip() + ".\n" + ". ".join(asides) + "."


#: "n°", "N°", "nº": the number sign, never the seat North.
_NUMERO = re.compile(r"\b[nN]\s?[°º]")
#: A director's "s/" before a call: "sur" (``2♥ s/ 2♠``), never the seat South.
_SUR_SHORT = re.compile(r"(?<![\w/])s/(?=\s*[1-7])", re.IGNORECASE)


def _prepare(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_SYMBOLS).translate(_APOSTROPHES)
    text = linearise_grids(text)  # while the lines still say which cell is whose
    text = _LINE_END.sub(".\n", text)  # "* dealer" then "N opened": two sentences
    text = without_retractions(text)  # "RHO passes... no sorry, partner opens 1D"
    text = _writers_aside_after(text)  # "my LHO — I'm West — took ages"
    text = _COUNT_THEN_CARD.sub(r"\1carte \2", text)  # "en expose deux (♥A": cards, no 2♥
    text = "".join(c if c.isprintable() else " " for c in text)
    text = _LENGTHS.sub(" holding ", text)
    text = _POINTS.sub(" points ", text)  # "passe forte (13H+)": points, no 13♥
    text = _SIDE.sub(lambda m: "NS" if "N" in m.group() else "EW", text)  # "N-S jouent"
    text = _HOLDINGS.sub(" holding ", _HOLDING.sub(" holding ", text))
    # "22h03" is a time, not a heart; "É16" is "étui 16", not East
    text = _CLOCK.sub(" ", _ETUI.sub("étui ", text))
    text = _NUMERO.sub(" numéro ", text)  # "l'étui n° 13": a number, not North
    text = _SUR_SHORT.sub(" sur ", text)  # "N 2♥ s/ 2♠": over, not South
    text = _MARKS_ASIDE.sub(" ", text)  # "Ouest (!) dit passe": no sentence ends
    text = _EXPLAINED_SHORT.sub("expliqué ", text)  # "W expl. 12-14": no sentence ends
    text = _DEALER_SHORT.sub("donneur ", text)  # "T8 D20 donn. N": the dealer, North
    # English first: "S's turn" is South's turn, not the French "s'"; in
    # shorthand "s's turn" too.
    text = _SEAT_POSSESSIVE.sub(lambda m: m.group(1).upper(), text)
    text = _WITHOUT.sub(" without ", text)  # "XX w/o X": a redouble without a double
    text = _ENGLISH_NOT.sub(" not", text)
    text = _ENGLISH_AM.sub(" am", text)
    text = _ENGLISH_WOULD.sub(" would", text)
    text = _ENGLISH_CLITIC.sub("", text)
    text = _IF_ELIDED.sub(lambda m: m.group(1) + "i ", text)  # "s'il" is "si il"
    return _ELISION.sub(lambda m: m.group(1) + "e ", text)


#: A count, then a card written suit first (``deux (♥A et ♣7)``): a card is
#: never a bid, which puts its level first; the word "carte" keeps the count
#: from being read as the level of a bid.
_COUNT_THEN_CARD = re.compile(
    r"(\b(?:[2-9]|two|three|four|deux|trois|quatre)\s*\(?\s*)([♣♦♥♠])(?=(?:[AKQJRDVT2-9]|10)\b)",
    re.IGNORECASE,
)


#: The longest stretch read as a listing whose dashes may be passes (an auction
#: written on a line is far shorter).
_LISTING_SPAN = 400


class _Listings:
    """The stretches of a text a listing of calls may fill (from a line, a
    sentence or a colon to the next line or sentence), each read once: whether
    dashes stand side by side in it, and where its first two calls written
    apart with a space end (a long run of dashes stays linear)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.starts = [m.end() for m in _LISTING_START.finditer(source)]
        self.ends = [m.start() for m in _LISTING_END.finditer(source)]
        self.runs: dict[tuple[int, int], bool] = {}
        self.spaced: dict[int, int | None] = {}

    def _bounds(self, at: int) -> tuple[int, int]:
        k = bisect_right(self.starts, at)
        start = self.starts[k - 1] if k else 0
        k = bisect_left(self.ends, at)
        end = self.ends[k] if k < len(self.ends) else len(self.source)
        return start, end

    def dash_run(self, at: int) -> bool:
        """``1♥ – 2♥ – – –``: dashes side by side in the stretch of ``at``."""
        bounds = self._bounds(at)
        if bounds[1] - bounds[0] > _LISTING_SPAN:
            return False  # a page of dashes is no auction
        if bounds not in self.runs:
            self.runs[bounds] = _DASH_RUN.search(self.source, *bounds) is not None
        return self.runs[bounds]

    def spaced_before(self, at: int) -> bool:
        """``1♦ X 1♠ – …``: two calls written apart with a space before ``at``."""
        start, end = self._bounds(at)
        if end - start > _LISTING_SPAN:
            return False
        if start not in self.spaced:
            found = _SPACED_CALLS.search(self.source, start)
            self.spaced[start] = found.end() if found is not None else None
        found_end = self.spaced[start]
        return found_end is not None and found_end <= at


def _tokenise(source: str) -> list[_Token]:
    tokens: list[_Token] = []
    previous_end = -1
    listings = _Listings(source)
    for match in _TOKEN.finditer(source):
        raw = match.group()
        if raw[0] in ".!?;":
            if raw[0] in ".!" and source[match.end() : match.end() + 1] == ")":
                continue  # "O (déf.) contre", "South (not East!) bid": no sentence ends
            glued_to = source[match.start() - 1 : match.start()]
            glued = bool(glued_to) and (glued_to.isalnum() or glued_to in "♣♦♥♠")
            if raw.startswith("..") and glued and _SUSPENSE.match(source, match.end()):
                continue  # "mon partenaire Ouest... contre !": a pause, the clause goes on
            if tokens and tokens[-1].text != BREAK:
                tokens.append(_Token(BREAK, raw, match.start(), match.end(), True))
            previous_end = match.end()
            continue
        if raw.strip() in DASHES:
            # "1♥ / - / 2♠": a pass; "South - who was not looking - put out 2♥",
            # "Sud — avec les cartes … — contre": a comma; between calls, nothing
            before = source[: match.start()].rstrip()
            if before.endswith(("/", "|")):  # "1♣ | X | - | -": a pass in a grid
                folded = "p"
            elif _LONE_SEAT.search(before) and not _DEALER_SEAT.search(before) and (
                source[match.end() :].lstrip()[:1] in (",", ";", "(", ")", ".", "")
                or _SEAT_AND_CALL.match(source, match.end())
            ):  # "S –, O –, E – (OOR)", "E 1K – S – O 1P": a seat's pass in a director's note
                folded = "p"
            elif listings.dash_run(match.start()):
                # "1♥ – 2♥ – – –": dashes side by side separate nothing, they are passes
                folded = "p"
            elif before[-1:].islower() or source[match.end() :].lstrip()[:1].islower():
                folded = COMMA
            elif raw.strip() != "—" and listings.spaced_before(match.start()) and (
                _CALL_NEXT.match(source, match.end())
            ):
                # "1♦ X 1♠ – 2♦ – 3♦": calls spaced apart, so a dash among them is a pass
                # (not the long dash of prose: "1♠ P 4♠ P P P — X d'O")
                folded = "p"
            else:
                continue
        else:
            folded = fold(raw)
        if not folded:
            continue
        glued = match.start() == previous_end
        tokens.append(_Token(folded, raw, match.start(), match.end(), glued))
        previous_end = match.end()
    return tokens


# --- misspellings -------------------------------------------------------------


_PRONOUNS = frozenset({"ME", "MY", "OUR", "WE"})


@cache
def _vocabulary() -> tuple[frozenset[str], tuple[str, ...]]:
    """Words taken as spelt right, and the words a misspelling may be brought to."""
    targets: set[str] = set(_SEAT_WORDS) | set(_UNITS) | set(_TENS)
    for source, target in spelling_rules():
        if target not in _PRONOUNS:  # "notre" is no likely misspelling of "contre"
            targets.update(source.split())
    for lang in LANGUAGES:
        for phrases in lexicon_sections(lang).values():
            for phrase, _ in phrases:
                targets.update(w for w in re.findall(r"[^\W\d_]+", fold(phrase)))
    known = frozenset(targets | known_words())
    return known, tuple(sorted(w for w in targets if len(w) >= 3))


def is_known(word: str) -> bool:
    """A word of the lexicons, the spelling rules or the everyday word list."""
    return word in _vocabulary()[0]


@cache
def _three_letter_words() -> tuple[str, ...]:
    return tuple(w for w in _vocabulary()[1] if len(w) == 3)


@lru_cache(maxsize=4096)
def correct_word(word: str) -> str:
    """The nearest known word when ``word`` is a likely misspelling of it.

    Optimal string alignment distance (a swap of two letters is one edit): one
    edit for words of up to eight letters, two beyond. Among equally near
    words the one of the closest length wins (``trun`` -> ``turn``).
    """
    known, targets = _vocabulary()
    if word in known:
        return word
    if len(word) == 3:
        # Three letters: only two neighbours swapped ("lwa" -> "law").
        swapped = [
            t
            for t in _three_letter_words()
            if sorted(t) == sorted(word) and OSA.distance(t, word) == 1
        ]
        return swapped[0] if len(swapped) == 1 else word
    limit = 1 if len(word) <= 8 else 2
    matches = process.extract(
        word, targets, scorer=OSA.distance, processor=None, score_cutoff=limit, limit=8
    )
    if not matches:
        return word
    best = min(matches, key=lambda m: (m[1], abs(len(m[0]) - len(word)), m[0]))
    return best[0]


# --- players named by their first names ------------------------------------------

# Words between a player's name and the seat that says where he sits: "Ann
# (South)", "Bob, sitting West", "Jacqueline, en Ouest", "Marie qui était Nord".
_SITTING = frozenset(
    {",", "sitting", "seated", "sat", "sits", "assis", "assise", "en", "in", "as", "at", "who",
     "was", "is", "qui", "est", "etait", "the", "le", "seat", "place", "position", "playing",
     "joue", "jouait", "jouant", "being", "etant"}
)  # fmt: skip
_SITTING_WORDS = frozenset(
    {"sitting", "seated", "sat", "sits", "assis", "assise", "en", "in", "as", "who", "qui", "was",
     "is", "etait", "est", "playing", "joue", "jouait", "jouant", "being", "etant"}
)  # ("Margaret was North", "Paul jouait en Est"; "John, East, bid" below)
_NAME = re.compile(r"[A-ZÀ-ÖØ-Þ][a-zà-ÿ]{2,}")  # ("Édouard")
#: Players named by their kinship with the writer, read as first names once
#: their seat is told (``J'étais Ouest, maman Est``, ``my wife (North)``).
_KIN = frozenset(
    {"maman", "papa", "mum", "mom", "mummy", "dad", "daddy", "wife", "husband", "mari",
     "femme", "epouse", "mother", "father", "mere", "pere", "daughter", "fille", "fils",
     "brother", "sister", "frere", "soeur", "student", "pupil", "eleve"}
)  # fmt: skip
_MY = frozenset({"my", "mon", "ma"})


_YOU = frozenset({"you", "tu", "toi", "vous"})
#: Between "you" and the seat told as the addressee's: "you were South", "tu étais en Ouest".
_YOU_SIT = frozenset(
    {",", "were", "are", "was", "etais", "etiez", "es", "etes", "en", "in", "sitting", "seated",
     "assis", "assise", "the", "le"}
)  # fmt: skip


def _addressee(tokens: list[_Token]) -> list[_Token]:
    """A letter to a player (``Dear Kit, … You were South …``, ``Camille, … toi,
    en Est, tu …``): once the text gives the addressee's seat, "you" is that
    seat throughout."""
    seat = word = None
    partnered = _your_partner_seat(tokens)
    if partnered is not None:  # "South, your partner Sophie, dealt": you are North
        seat, word = partnered, "you"
    for i, token in enumerate(tokens):
        if seat is not None or token.text not in _YOU:
            continue
        j = i + 1
        while j < len(tokens) and j - i <= 3 and tokens[j].text in _YOU_SIT:
            j += 1
        # "toi (Ouest)": the seat right after "toi"/"you"
        if (j > i + 1 or token.text in ("toi", "you")) and j < len(tokens) and (
            tokens[j].text in SEATS
        ):
            seat, word = tokens[j].text, token.text
            break
        # "tu as contré en Ouest", "tu as répondu 2♦ en Nord": his seat after his act
        ahead = tokens[i + 1 : i + 7]
        for k, later in enumerate(ahead[:-1]):
            if later.text in (BREAK, COMMA) or later.text in _YOU:
                break
            if later.text in ("en", "in") and ahead[k + 1].text in SEATS:
                seat, word = ahead[k + 1].text, token.text
                break
        if seat is not None:
            break
    if seat is None:
        return tokens
    # "vous" is a player only where the text used it for the addressee
    yous = _YOU - {"vous"} if word != "vous" else frozenset({"vous"})
    for token in tokens:
        if token.text in yous:
            token.text = seat
    return tokens


def _your_partner_seat(tokens: list[_Token]) -> str | None:
    """The addressee's seat from his partner's: ``South, your partner``, ``your
    partner (North)``, ``ton partenaire, Est,``."""
    texts = [t.text for t in tokens]
    for i in range(len(texts) - 1):
        if texts[i] not in ("your", "ton", "ta", "votre") or texts[i + 1] != "PARTNER":
            continue
        near = [t for t in texts[i + 2 : i + 4] if t not in (COMMA, "(")][:1]
        before = [t for t in texts[max(0, i - 2) : i] if t != COMMA][-1:]
        for told in (near, before):
            if told and told[0] in SEATS:
                return "NESW"[("NESW".index(told[0]) + 2) % 4]
    return None


_RELATIVES = frozenset({"LHO", "RHO", "PARTNER"})


def _asides(tokens: list[_Token], source: str) -> list[_Token]:
    """A player's side in parentheses after his seat (``Ouest (adv) a passé``,
    ``West (LHO) doubled``): the same player, not another one. "(LHO)" is then
    the writer's LHO, merged with the seat; "(adv)" says nothing more and goes."""
    kept: list[_Token] = []
    skip = 0
    for i, token in enumerate(tokens):
        if skip:
            skip -= 1
            continue
        owned = token.text == "MY" and i + 1 < len(tokens)
        word = tokens[i + 1] if owned else token
        before = tokens[i - 1] if i else None
        aside = (
            before is not None and before.text in SEATS
            and source[before.end : token.start].strip() == "("
            and source[word.end :].lstrip().startswith(")")
        )  # fmt: skip
        if aside and word.text == "OPP":
            skip = int(owned)
            continue
        if aside and word.text in _RELATIVES and not owned:
            kept.append(_Token("MY", "", token.start, token.start, True))
        kept.append(token)
    return kept


def _likely_a_name(tokens: list[_Token], i: int, corrected: str) -> bool:
    """A capitalised word inside a sentence that would be "corrected" to a word
    other than a seat is a first name (``Chris`` is no ``chuis``, ``Carys`` no
    ``cards``); a misspelt seat (``Souht``) is still corrected."""
    token = tokens[i]
    if not token.original[:1].isupper() or token.original.isupper():
        return False
    if i == 0 or tokens[i - 1].text == BREAK:
        return False  # a sentence's first word is capitalised anyway
    return corrected not in _SEAT_WORDS


def _named_players(tokens: list[_Token], source: str) -> dict[str, str]:
    """First names the text gives a seat (``Ann (South)``, ``Bob, sitting
    West``): the folded name -> the seat letter. A name is a capitalised word
    that is no word the bot knows; its later mentions stand for that seat."""
    named: dict[str, str] = {}
    for i, token in enumerate(tokens):
        kin = token.text in _KIN
        if not (kin or _NAME.fullmatch(token.original)) or token.text in _SEAT_WORDS:
            continue
        if token.text in _TITLES:
            continue  # "Mrs Daly was South": the name is Daly
        if token.text in named or token.text in _spelling_table():
            continue
        accented = token.original.lower() != token.text  # "Réal" is no "real"
        if token.text in _vocabulary()[0] and not kin and not accented:
            # a name that is also a word ("Jean", "Bill"): only "Jean was West"
            if _named_outright(tokens, i):
                named[token.text] = _SEAT_WORDS[tokens[i + 2].text]
            continue
        # "our West, Tony, passed": the seat, then the name between two commas
        if 2 <= i < len(tokens) - 1 and tokens[i - 1].text == COMMA and (
            tokens[i + 1].text == COMMA and tokens[i - 2].text in _SEAT_WORDS
            and len(tokens[i - 2].original) > 1
        ):
            named[token.text] = _SEAT_WORDS[tokens[i - 2].text]
            continue
        # "en Est Colette, la partenaire de Lucienne, et en Sud Henri", "En Nord il y
        # avait Édouard", "in the North seat sat Harold"
        j = i - 1
        while j > i - 4 and j > 1 and tokens[j].text in _THERE_SAT:
            j -= 1
        if j >= 1 and tokens[j - 1].text in ("en", "in", "at") and (
            i + 1 == len(tokens) or tokens[i + 1].text in (COMMA, BREAK, "and", "et")
        ) and (seat := _seat_written(tokens[j])) is not None:
            named[token.text] = seat
            continue
        # "North was Philip and South was Vera", "Sud, c'était Vera"
        if i >= 2 and tokens[i - 1].text in ("was", "is", "etait") and (
            i + 1 == len(tokens) or tokens[i + 1].text in (COMMA, BREAK, "and", "et")
        ) and (seat := _seat_written(tokens[i - 2])) is not None:
            named[token.text] = seat
            continue
        # "N Carl, S Greg; E Dot, W Fran", "Nord : Corentin ; Est : Maëlle": a seat,
        # then the name closing its clause
        j = i - 1 - int(i >= 2 and tokens[i - 1].text == ":")
        if 1 <= i < len(tokens) - 1 and tokens[i + 1].text in (COMMA, BREAK) and (
            j == 0 or tokens[j - 1].text in (COMMA, BREAK, ":")
        ) and (seat := _seat_written(tokens[j])) is not None:
            named[token.text] = seat
            continue
        # the seat in parentheses right after the name, or told by a word of sitting
        told = source[token.end : token.end + 3].lstrip().startswith("(")
        for after in tokens[i + 1 : i + 6]:  # ("Mme Roux, qui joue en Ouest")
            seat = _seat_written(after)  # ("Jean-Marc en Est")
            if seat is not None:
                k = tokens.index(after, i + 1)
                # "John, East, bid 3♦", "Barry, East.", "Geoffrey, North; …": the seat
                # set off by commas after the name, closing its clause
                framed = tokens[i + 1].text == COMMA and k == i + 2 and (
                    k + 1 == len(tokens) or tokens[k + 1].text in (COMMA, BREAK, "and", "et")
                )
                # "I was South and Tom North", "j'étais Est et Anne Ouest": a
                # name and a seat written out, paired after "and"
                lead = i - 1 - int(kin and i > 0 and tokens[i - 1].text in _MY)
                opens = lead < 0 or tokens[lead].text == BREAK  # "Mon mari Ouest ouvre 1SA"
                paired = k == i + 1 and ((kin and opens) or (lead >= 0 and tokens[lead].text in (
                    "and", "et", COMMA, ":", "partner", "partenaire", "pard", "pd", "lho", "rho",
                    "against", "contre", "versus", "vs", "opponents", "opps", "adversaires",
                    "with", "avec"
                ))) and (
                    (after.text in _SEAT_WORDS or after.original == "Est")
                    and len(after.original) > 1
                )  # (and "North-South: Graham North, Pat South", "I was South, my wife North")
                if told or framed or paired:
                    named[token.text] = seat
                break
            surname = not kin and after is tokens[i + 1] and _NAME.fullmatch(after.original) and (
                after.text not in _vocabulary()[0]
            )  # "Liam Fitzgerald was sitting East": the first name too
            if after.text not in _SITTING and not surname:
                break
            told = told or after.text in _SITTING_WORDS or bool(
                surname and source[after.end : after.end + 3].lstrip().startswith("(")
            )  # "Ann Smith (South)"
    _named_by_pronoun(tokens, named)
    return named


def _seat_written(token: _Token) -> str | None:
    """The seat a token beside a name writes (``N Carl``, ``North Carl``, ``Ann,
    sitting West``): a seat written out or a seat letter in capitals."""
    if token.original.isupper() and token.text in _SEAT_LETTERS:
        return _SEAT_LETTERS[token.text]
    if token.original == "Est":
        return "E"  # the verb "est" is never capitalised inside a sentence
    return _SEAT_WORDS.get(token.text)


#: Between a seat and the name of the player there: "En Nord il y avait Édouard".
_THERE_SAT = frozenset(
    {"il", "y", "avait", "a", "there", "was", "sat", "etait", "seat",
     # "en Est, un certain Bernard", "en Ouest son épouse Colette", "in West his wife Ann"
     COMMA, "un", "une", "certain", "certaine", "son", "sa", "epouse", "mari", "femme", "his",
     "her", "wife", "husband"}
)  # fmt: skip


#: Titles before a surname, never a player's name themselves.
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "mme", "mlle", "dr", "sir", "madame", "monsieur"})
_SHE_HE = frozenset({"she", "he", "elle", "il"})
_PLACE_BEFORE = frozenset({"in", "at", "a", "en", "de", "from", "to", "near", "au", "of"})


def _named_by_pronoun(tokens: list[_Token], named: dict[str, str]) -> None:
    """``my friend Jane, who is too shy to post. She was sitting West``: a
    sentence opening on "she"/"he" and a seat told for him gives that seat to
    the one first name the sentence before named."""
    for i, token in enumerate(tokens):
        if token.text not in _SHE_HE or (i and tokens[i - 1].text != BREAK):
            continue
        k = i + 1
        while k < len(tokens) and k - i <= 3 and tokens[k].text in _SITTING:
            k += 1
        if k == i + 1 or k >= len(tokens) or tokens[k].text not in _SEAT_WORDS:
            continue
        start = max((j for j in range(i - 1) if tokens[j].text == BREAK), default=-1) + 1
        found = [
            (j, t.text) for j, t in enumerate(tokens[start + 1 : i - 1], start=start + 1)
            if _NAME.fullmatch(t.original) and t.text not in _SEAT_WORDS
            and t.text not in _NOT_NAMES and t.text not in _spelling_table()
            and t.text not in _TITLES and tokens[j - 1].text not in _PLACE_BEFORE
        ]  # fmt: skip  (capitalised inside the sentence: a name, though also a word;
        # not a place: "we played in Paris")
        names = {text for _, text in found}
        # one name, or a first name and surname side by side ("Mr Tom Brennan")
        one_player = len(names) == 1 or (
            len(found) == 2 and len(names) == 2 and found[1][0] == found[0][0] + 1
        )
        if one_player and not names & named.keys():
            for name in names:
                named[name] = _SEAT_WORDS[tokens[k].text]


#: Capitalised words that open a sentence telling a seat, never a name.
_NOT_NAMES = frozenset(
    {"this", "that", "it", "there", "here", "which", "who", "what", "ce", "cela", "ca", "qui",
     "il", "elle", "he", "she", "dealer", "donneur", "everyone", "nobody", "one", "the", "le"}
)  # fmt: skip


def _named_outright(tokens: list[_Token], i: int) -> bool:
    """``Jean was West``: a capitalised word, ``was``/``is``, a seat written out."""
    return (
        i + 2 < len(tokens) and tokens[i].text not in _NOT_NAMES
        and tokens[i + 1].text in ("was", "is", "etait")
        and tokens[i + 2].text in _SEAT_WORDS and len(tokens[i + 2].original) > 1
    )  # fmt: skip


_PLAYING = ("play", "jou")
_WITH = frozenset({"with", "avec"})


def _kin_partnering(tokens: list[_Token], named: dict[str, str]) -> list[_Token]:
    """``Je joue en Sud avec mon mari``, ``playing N-S with my wife``: the kin
    the writer plays with is his partner wherever the text names him (unless a
    seat is told for him)."""
    texts = [t.text for t in tokens]
    partnered = set()
    for i, text in enumerate(texts[:-2]):
        if text in _WITH and texts[i + 1] == "MY" and texts[i + 2] in _KIN and (
            texts[i + 2] not in named
            and any(t.startswith(_PLAYING) for t in texts[max(0, i - 4) : i])
        ):
            partnered.add(texts[i + 2])
    for token in tokens:
        if token.text in partnered:
            token.text = "PARTNER"
    return tokens


def _players_by_name(tokens: list[_Token], named: dict[str, str]) -> list[_Token]:
    """Each mention of a named player becomes his seat (``Ann pulled out 3♣`` ->
    ``S pulled out 3♣``); where the name is given its seat, the seat and the
    words between go (``Ann (South)`` -> ``S``)."""
    if not named:
        return tokens
    out: list[_Token] = []
    skip_to = -1
    for i, token in enumerate(tokens):
        if i < skip_to:
            continue
        kin = token.text in _KIN
        seat = named.get(token.text) if kin or _NAME.fullmatch(token.original) else None
        if seat is None:
            out.append(token)
            continue
        if kin and out and out[-1].text == "MY":
            out.pop()  # "my wife bid 1♠" -> "N bid 1♠"
        out.append(_Token(_SEAT_NAMES[seat], token.original, token.start, token.end, token.glued))
        for j in range(i + 1, min(i + 6, len(tokens))):
            # ("Est" is a seat here, though "est" may be a word of sitting)
            told = tokens[j].original == "Est" and seat == "E"
            if told or tokens[j].text not in _SITTING:
                if told or _SEAT_WORDS.get(tokens[j].text) == seat or (
                    tokens[j].original.isupper() and _SEAT_LETTERS.get(tokens[j].text) == seat
                ):
                    skip_to = j + 1
                    if j + 1 < len(tokens) and tokens[j + 1].text == COMMA:
                        skip_to = j + 2  # "Bob, sitting West, opened": "W opened"
                    elif tokens[i + 1].text == COMMA and j + 1 < len(tokens) and (
                        tokens[j + 1].text != BREAK
                    ):
                        # "Mr Hargreaves, who sits North and is a lovely man, dropped":
                        # the aside goes on past the seat, still opened by its comma
                        # (its "and" joins the aside's parts, it opens no clause)
                        out.append(tokens[i + 1])
                        if tokens[j + 1].text in ("and", "et"):
                            skip_to = j + 2
                break
    return out


# --- spellings, numbers, strains, seats ------------------------------------------

# French elisions typed without the apostrophe: "c etait", "j ai", "n a".
_UNELIDED = {
    "c": ({"est", "etait", "etaient"}, "ce"),
    "j": ({"ai", "avais", "etais", "avoue", "ouvre", "suis", "joue", "jouais"}, "je"),
    "n": ({"a", "ai", "avait", "avais", "est", "etait", "y"}, "ne"),
    "qu": (None, "que"),
    "l": ({"a", "as", "adversaire", "arbitre", "enchere", "ouverture", "etui", "entame"}, "le"),
    "d": ({"est", "ouest", "alerte", "etui", "ouverture", "enchere"}, "de"),
}


def _unelided(tokens: list[_Token]) -> list[_Token]:
    for i, token in enumerate(tokens[:-1]):
        rule = _UNELIDED.get(token.text)
        if rule is not None and token.original.islower():
            followers, full = rule
            if followers is None or tokens[i + 1].text in followers:
                if token.text == "n" and _acts_after(tokens, i + 1):
                    continue  # "n a dit 2c": North, not "n'a"
                token.text = full
    return tokens


def _acts_after(tokens: list[_Token], i: int) -> bool:
    """An auxiliary at ``i`` followed by a player's act: ``a dit``, ``a passé``."""
    return (
        tokens[i].text in _FRENCH_AUXILIARIES and i + 1 < len(tokens)
        and tokens[i + 1].text in _FRENCH_ACTS
    )  # fmt: skip


@cache
def _spelling_table() -> dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]]:
    """First word -> rules starting with it, longest first."""
    table: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for source, target in spelling_rules():
        words = tuple(source.split())
        table.setdefault(words[0], []).append((words, tuple(target.split())))
    for rules in table.values():
        rules.sort(key=lambda rule: -len(rule[0]))
    return table


#: Spellings that are French words only: in English "law on a passed-out hand"
#: is no "on a" (we have).
_FRENCH_ONLY = frozenset({("on", "a")})


def _apply_spelling(tokens: list[_Token], english: bool = False) -> list[_Token]:
    table = _spelling_table()
    out: list[_Token] = []
    i = 0
    while i < len(tokens):
        rules = table.get(tokens[i].text)
        matched = False
        for words, replacement in rules or ():
            if english and words in _FRENCH_ONLY:
                continue
            n = len(words)
            if tuple(t.text for t in tokens[i : i + n]) == words:
                first, last = tokens[i], tokens[i + n - 1]
                kept = {t.text: t for t in tokens[i : i + n]}
                for word in replacement:
                    # a word the rule keeps ("bit w" -> "break in tempo w")
                    # keeps its own case and place: "W" stays a seat
                    token = kept.pop(word, None)
                    out.append(
                        token or _Token(word, first.original, first.start, last.end, first.glued)
                    )
                i += n
                matched = True
                break
        if not matched:
            out.append(tokens[i])
            i += 1
    return out


def _is_strain_word(token: _Token | None) -> bool:
    return token is not None and (token.text in STRAINS or token.text in _STRAIN_LETTERS_APART)


def _numbers(tokens: list[_Token]) -> list[_Token]:
    out: list[_Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        value: int | None = None
        used = 1
        if token.text == "quatre" and nxt is not None and nxt.text in ("vingt", "vingts"):
            value, used = 80, 2
        elif token.text in _TENS:
            value = _TENS[token.text]
        if value is not None:
            # "vingt-sept", "trente et un", "twenty seven", "quatre-vingt-douze"
            j = i + used
            if j < len(tokens) and tokens[j].text in ("et", "and") and j + 1 < len(tokens):
                if tokens[j + 1].text in ("un", "une", "one", "onze"):
                    j += 1
            if j < len(tokens) and tokens[j].text in _UNITS:
                unit = _UNITS[tokens[j].text]
                if unit < 10 or value in (60, 80):
                    value += unit
                    used = j - i + 1
        elif token.text in _UNITS:
            value = _UNITS[token.text]
        elif token.text in _SPOKEN_LEVELS and _is_strain_word(nxt):
            value = _SPOKEN_LEVELS[token.text]
        if value is None:
            out.append(token)
            i += 1
            continue
        last = tokens[i + used - 1]
        out.append(_Token(str(value), token.original, token.start, last.end, token.glued))
        i += used
    return out


def _c_is_heart(source: str) -> bool:
    """Whether a ``C`` after a level is cœur (French T/K/C/P) rather than
    clubs (English C/D/H/S). The other letters of the message decide
    (``1K``, ``1T``, ``1P``, ``1SA`` are French; ``1D``, ``1H``, ``1S``,
    ``1NT`` English); when they do not, the message's language does."""
    if not _C_LETTER.search(source):
        return False  # no "1C" to decide
    french = len(_FRENCH_LETTERS.findall(source))
    english = len(_ENGLISH_LETTERS.findall(source))
    if french != english:
        return french > english
    return detect_language(source)[0] == "fr"


def _level_follows(tokens: list[_Token], i: int) -> bool:
    """A level at ``i`` or right after a comma there: ``3 no 4♥``, ``3 no, 4♥``."""
    ahead = [t.text for t in tokens[i : i + 2]]
    if ahead[:1] == [","]:
        ahead = ahead[1:]
    return not ahead or ahead[0] in _LEVELS


def _strains(tokens: list[_Token], heart_c: bool = False) -> list[_Token]:
    """Strain letters after a level: ``1 s`` (glued ``1S``) -> ``1 ♠``, ``2 sa`` -> ``2 NT``;
    ``1C`` is ``1 ♥`` where ``heart_c`` (French letters)."""
    for i in range(1, len(tokens)):
        token, before = tokens[i], tokens[i - 1]
        if token.text == "sans" and before.text in _LEVELS:
            token.text = "NT"  # "S a dit « 3 sans »": sans-atout said short
            continue
        if token.text == "no" and before.text in _LEVELS and not _level_follows(tokens, i + 1):
            token.text = "NT"  # "North said 'three no'": no-trump said short (not "3, no, 4♥")
            continue
        if not before.text.isdecimal() or token.text not in _STRAIN_LETTERS:
            continue
        if len(before.text) > 1 and token.text == "s" and token.glued:
            token.text = "seconds"  # "after 15s": a time taken, no level is that high
            continue
        if token.glued or token.text in _STRAIN_LETTERS_APART:
            token.text = "♥" if heart_c and token.text == "c" else _STRAIN_LETTERS[token.text]
    return tokens


_LEVELS = frozenset("1234567")


def _starts_call(token: _Token | None) -> bool:
    return token is not None and (token.text.isdecimal() or token.text in _CALL_WORDS)


def _ends_call(token: _Token | None) -> bool:
    return token is not None and (
        token.text in STRAINS or token.text in ("p", "x", "xx", "passe", "pass", "contre")
    )


def _seats(tokens: list[_Token], source: str) -> list[_Token]:
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else None
        if before is not None and any(c in ":;" for c in source[before.end : token.start]):
            before = None  # "bid out of turn: w opened 2nt": a clause starts
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        seat = (
            _seat_of(token, before, after) or _noted_seat(token, before, source)
            or _french_shorthand_seat(tokens, i)
        )  # fmt: skip
        if seat is not None:
            token.text = seat
    # Speech turns "Est" into "et" between two calls: "nord 1 pique et 1 coeur".
    if any(t.text in SEATS for t in tokens):
        for i in range(1, len(tokens) - 1):
            if tokens[i].text == "et" and _ends_call(tokens[i - 1]) and _starts_call(tokens[i + 1]):
                # (the call before made by a seat named: not "a tiré 1♣ et 1♦ collés")
                named = any(t.text in SEATS for t in tokens[max(0, i - 3) : i - 1])
                if tokens[i + 1].text not in ("a", "dit") and named:
                    tokens[i].text = "E"
    return tokens


#: After "30 S": the time it lasted, then what came next (``30 S PUIS PASSE``).
_AFTER_SECONDS = frozenset(
    {"puis", "then", "avant", "before", "ensuite", "later", "apres", "after", "de", "of", "pour",
     "for", "et", "and"}
)  # fmt: skip
#: A director's note that a call was out of turn (``X HT o``, ``1H OOT e``).
_OUT_OF_TURN_MARKS = frozenset({"ht", "oot", "loot", "tour", "turn"})
#: Before a lower-case seat letter: the word that makes it a seat (``dlr n``, ``by w``).
_DEALER_OR_BY = frozenset({"donneur", "donneuse", "dealer", "dlr", "by", "par"})


def _seat_of(token: _Token, before: _Token | None, after: _Token | None) -> str | None:
    text = token.text
    if text in _SEAT_WORDS:
        return _SEAT_WORDS[text]
    if text == "est":
        return "E" if _est_is_seat(token, before, after) else None
    if text in _SEAT_LETTERS and len(token.original) == 1:
        if token.glued and before is not None and before.text.isdecimal():
            return None  # "le 2e 1SA": an ordinal, not East
        if text == "s" and before is not None and before.text.isdecimal() and (
            int(before.text) > 7 and after is not None and after.text in _AFTER_SECONDS
        ):  # "ATTEND PLUS DE 30 S PUIS PASSE": seconds (not "Dn 28 – S P", South's pass)
            return None
        if token.original.isupper():
            # "E" between words, "S 1H", "O X"; not an "A"-like capital at a sentence start.
            return _SEAT_LETTERS[text]
        if _starts_call(after) and (after is None or after.text not in ("a", "dit", "said")):
            return _SEAT_LETTERS[text]
        if before is not None and before.text in _DEALER_OR_BY:
            return _SEAT_LETTERS[text]
        if before is not None and before.text in _OUT_OF_TURN_MARKS and (
            after is None or after.text in (COMMA, BREAK, ".", ";")
        ):  # "X HT o, accepté": the call's maker after the note
            return _SEAT_LETTERS[text]
        if _clause_subject(token, before, after):
            return _SEAT_LETTERS[text]
    return None


def _noted_seat(token: _Token, before: _Token | None, source: str) -> str | None:
    """A lower-case seat letter in a director's shorthand: in parentheses after
    a call (``1h(e)``, ``p(w)``)."""
    if token.text not in _SEAT_LETTERS or len(token.original) != 1:
        return None
    opened = source[: token.start].rstrip().endswith("(")
    noted = opened and source[token.end :].lstrip().startswith(")")
    if noted and before is not None and _ends_call(before):
        return _SEAT_LETTERS[token.text]
    return None


#: French past participles of a player's act: "o a passé", "s a contré".
_FRENCH_ACTS = frozenset(
    {"passe", "contre", "surcontre", "dit", "ouvert", "annonce", "mis", "pose", "fait",
     "hesite", "alerte", "explique", "repondu", "parle", "pris", "sorti", "demande", "oublie",
     "enchere", "saute", "change", "corrige", "montre", "expose"}
)  # fmt: skip
_FRENCH_AUXILIARIES = frozenset({"a", "avait", "ont"})


def _french_shorthand_seat(tokens: list[_Token], i: int) -> str | None:
    """A lower-case seat letter in French shorthand: the subject of an act
    (``o a passé``, ``s a contré``, ``o devait passer``) or the maker of a
    call (``le 1♦ de n``)."""
    token = tokens[i]
    if token.text not in _SEAT_LETTERS or len(token.original) != 1 or token.glued:
        return None
    before = tokens[i - 1] if i else None
    nxt = [t.text for t in tokens[i + 1 : i + 3]]
    if before is None or before.text in _CLAUSE_BEFORE:
        if nxt[:1] and nxt[0] in ("devait", "doit", "ne"):  # "e n'a pas parlé"
            return _SEAT_LETTERS[token.text]
        pair = tokens[i + 2] if i + 2 < len(tokens) else None
        if nxt[:1] in (["et"], ["and"]) and pair is not None and len(pair.original) == 1 and (
            pair.text in _SEAT_LETTERS or pair.text in SEATS
        ) and [t.text for t in tokens[i + 3 : i + 4]] in (
            ["ne"], ["n"], ["ont"], ["havent"], ["have"], ["had"], ["hadnt"]
        ):
            return _SEAT_LETTERS[token.text]  # "s et e n'ont pas encore parlé"
        if len(nxt) == 2 and nxt[0] in _FRENCH_AUXILIARIES and nxt[1] in _FRENCH_ACTS:
            return _SEAT_LETTERS[token.text]
    if before is not None and before.text == "de" and i > 1 and (
        _ends_call(tokens[i - 2]) or tokens[i - 2].text == "tour"
    ):  # "le 1♦ de n", "au tour de e"
        return _SEAT_LETTERS[token.text]
    if before is not None and before.text == "a" and nxt == ["de", "parler"]:
        return _SEAT_LETTERS[token.text]  # "c'était à n de parler"
    return None


# A player's action after a lower-case seat letter at a clause start ("s didnt
# wait", "e used the stop card", "n then balanced", "w accepted").
_SUBJECT_VERBS = frozenset({
    "used", "use", "uses", "didnt", "did", "does", "doesnt", "then", "opened", "opens", "passed",
    "passes", "bid", "bids", "doubled", "doubles", "open", "redoubled", "accepted", "accepts",
    "refused", "refuses", "declined", "dealt", "deals", "hesitated", "huddled", "thought",
    "said", "says", "called", "balanced", "jumped", "corrected", "changed", "pulled", "put",
    "had", "has", "was", "is", "explained", "alerted", "asked", "ouvre", "passe", "contre",
    "accepte", "refuse", "dit", "annonce", "avait", "hesite", "explique", "alerte",
    "overcalled", "overcalls", "responded", "rebid", "raised", "replied", "repond",
    "intervient", "reopened", "competed", "led", "entame", "dropped", "showed", "shows",
    "made", "kept", "told", "tells", "forgot", "shouldve", "should", "wrote", "exposed",
    "played", "gave", "took", "wanted", "meant", "tried", "literally", "just", "also",
    "sort", "pose", "met", "tire", "have", "hasnt", "havent", "hadnt",
    "cond", "oblige", "obliged", "barred", "must",
    "misclicked", "misclicke", "audible", "fumbled", "noticed", "realised", "realized",
    "immediately", "quickly", "suddenly", "again", "paused", "waited", "stopped",
})  # fmt: skip
_CLAUSE_BEFORE = frozenset(
    {",", ".", ";", ":", "?", "!", "??", "|", "and", "et", "then", "puis", "but", "mais",
     "when", "while", "after", "before", "because", "bc", "since", "so", "omg", "lol", "if",
     "until", "til", "auction"}
)


def _clause_subject(token: _Token, before: _Token | None, after: _Token | None) -> bool:
    if after is None or after.text not in _SUBJECT_VERBS or after.glued:
        return False
    if token.original == "a" or token.glued:
        return False
    if before is not None and before.text.isdecimal() and int(before.text) > 7:
        return True  # "etui 16 n sort un contre": a board number, no bid's level
    return before is None or before.text in _CLAUSE_BEFORE or before.original in _CLAUSE_BEFORE


def _est_is_seat(token: _Token, before: _Token | None, after: _Token | None) -> bool:
    if before is not None and before.text in ("est", "etait"):
        return True  # "c'est est qui donne", "c'était est": the verb, then the seat
    if before is not None and before.text in _EST_VERB_BEFORE:
        return False
    if after is not None and after.text == "ce":
        # "est-ce que"; but "j'ai demandé à Est ce que voulait dire…": the seat
        return token.original[0].isupper() and before is not None and before.original in (
            "à", "a", "A", "À"
        )
    if before is not None and before.text == "donneur":
        # "donneur est" is the seat, "le donneur est Nord" the verb (but
        # "Donneur Est / Nord passe": more than a space before the next word)
        return after is None or after.text not in _SEAT_WORDS or after.start - token.end > 1
    if token.original[0].isupper():
        return True
    if before is not None and before.text in _EST_SEAT_BEFORE:
        return True
    if after is None:
        return before is not None and _ends_call(before)
    if after.text == "a":
        return after.original == "a"  # "est a dit"; "est à" is the verb
    if after.original.lower() == "une":
        return False  # "ma partenaire est une …": no call is feminine ("un cœur", "un contre")
    return (
        after.text.isdecimal() or after.text in _CALL_WORDS or after.text in STRAINS
        or after.text in _PLAYER_VERBS
    )


#: What ends a clause among the tokens: a sentence's end or a comma.
CLAUSE_STOPS = (BREAK, COMMA)


def words_before(
    tokens: Sequence[str], start: int, width: int, stops: Sequence[str] = (BREAK,)
) -> tuple[str, ...]:
    """The ``width`` tokens before token ``start``, from the last stop among them
    (the sentence's start by default, the clause's with ``CLAUSE_STOPS``)."""
    window = tuple(tokens[max(0, start - width) : start])
    cut = max((k + 1 for k, t in enumerate(window) if t in stops), default=0)
    return window[cut:]


def words(tokens: Sequence[str]) -> Iterable[str]:
    """The tokens that are words or entities (no breaks, no commas)."""
    return (t for t in tokens if t not in (BREAK, COMMA))
