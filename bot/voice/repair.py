"""Bridge words the speech model misheard, put back (voice transcripts only).

Whisper base knows little bridge: it writes "once paid" for *one spade*,
"out turned" for *out of turn*, "past" for *pass*, "Suda" for *Sud a*.
Those near-misses sound like the words meant, so they are found by sound,
not by spelling: every window of one to three words of the transcript is
turned into a rough phonetic key (per language: silent letters dropped,
vowels merged, ``c``/``k``/``q`` as one sound, figures read as words) and
compared with rapidfuzz to the keys of a fixed bridge vocabulary: seats,
calls at every level and strain, pass/double/redouble, *out of turn*,
*insufficient bid* and the few other words incidents turn on. A window
close enough to an entry is written as the entry.

It is conservative where a wrong repair would cost a ruling:

- a window holding a word that already is a vocabulary word keeps it (the
  entry must contain that word): "one heart" is never "one spade";
- short keys must match exactly, longer ones nearly;
- windows never cross a sentence end.

Typed text never comes here: ``Recognizer`` applies ``repair`` to what the
model wrote, after judging its reliability on the model's own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rapidfuzz import fuzz, process

from bot.understanding.data import known_words, lexicon_sections
from bot.understanding.normalise import normalise
from rules_core.text import fold

__all__ = ["Repair", "repair", "phonetic_key", "vocabulary"]

#: Longest window of transcript words compared with the vocabulary.
MAX_WINDOW = 3

_LEVELS = {
    "en": ("one", "two", "three", "four", "five", "six", "seven", "eight"),
    "fr": ("un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit"),
}
# (singular, plural) per strain.
_STRAINS = {
    "en": (("club", "clubs"), ("diamond", "diamonds"), ("heart", "hearts"),
           ("spade", "spades"), ("no trump", "no trumps")),
    "fr": (("trèfle", "trèfles"), ("carreau", "carreaux"), ("cœur", "cœurs"),
           ("pique", "piques"), ("sans atout", "sans atout")),
}  # fmt: skip
# Seats, calls and the words irregularities are told with.
_WORDS = {
    "en": (
        "north", "east", "south", "west", "pass", "passed", "double", "doubled",
        "redouble", "redoubled", "bid", "out of turn", "insufficient bid", "insufficient",
        "barred", "partner", "opponent", "alert", "alerted", "hesitated", "hesitation",
        "auction", "dealer", "director", "bidding box", "pass card", "stop card",
        "wrong board", "board", "opening lead", "final pass", "transfer",
        "unauthorized", "unauthorized information", "out of rotation", "no trump",
    ),
    "fr": (
        "nord", "est", "sud", "ouest",
        "passe", "passé", "contre", "contré", "surcontre", "surcontré",
        "hors tour", "enchère", "enchère insuffisante", "insuffisante", "partenaire",
        "adversaire", "alerte", "alerté", "hésité", "hésitation", "donneur", "arbitre",
        "boîte à enchères", "carton stop", "mauvaise donne", "donne", "entame",
        "dernier passe", "texas", "sans atout", "pique",
    ),
}  # fmt: skip

# Everyday words never replaced on their own (they may be part of a longer window:
# "for hearts" is *four hearts*).
_COMMON = {
    "en": frozenset(
        "a an the to too for of in on at as and or but not no yes it is was be been has "
        "had have did do does will would with his her he she we i my our me you they "
        "that this then now so by from up out".split()
    ),
    "fr": frozenset(
        "a à au aux de des du d l la le les un une et est en on ne n pas que qu qui se s "
        "sa son ses ce c mon ma mes il elle je j tu nous vous par pour sur avec ou où "
        "mais dans y".split()
    ),
}

_FIGURES = {
    "en": {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
           "7": "seven", "8": "eight"},
    "fr": {"1": "un", "2": "deux", "3": "trois", "4": "quatre", "5": "cinq", "6": "six",
           "7": "sept", "8": "huit"},
}  # fmt: skip

# Spelling -> sound, in order. Vowels are merged at the end: speech models keep
# a word's consonants far better than its vowels.
_SOUNDS = {
    "en": (
        (r"^kn", "n"), (r"^wr", "r"), (r"wh", "w"), (r"ph", "f"), (r"ck", "k"),
        (r"gh", ""), (r"c(?=[eiy])", "s"), (r"[cq]", "k"), (r"x", "ks"), (r"z", "s"),
        (r"(?<=[aeiou])[wy]", ""), (r"y", "i"), (r"(?<=\w\w)e$", ""), (r"(?<=\w\w)es$", "s"),
        (r"(?<=\w\w)ed$", "d"), (r"dt$", "d"), (r"(?<=[aeiou]s)t$", ""),
    ),
    "fr": (
        (r"eau|au", "o"), (r"ou", "u"), (r"oi", "wa"), (r"ph", "f"), (r"qu", "k"),
        (r"(?<=r)[dt]$", ""), (r"gu(?=[eiy])", "g"), (r"c(?=[eiy])", "s"), (r"ch", "S"),
        (r"[ckq]", "k"), (r"gn", "ni"), (r"h", ""), (r"(?<=\w)(?:er|ez|et)$", "e"),
        (r"(?<=\w\w)(?:e?s|x)$", ""), (r"(?<=\w\w)e$", ""),
        (r"(?:ai|ei|u|i)[nm](?![aeiouy])", "I"), (r"ai|ei", "e"), (r"oeu|eu", "e"),
        (r"[ae][nm](?![aeiouy])", "A"),
        (r"o[nm](?![aeiouy])", "O"), (r"y", "i"), (r"z", "s"),
    ),
}  # fmt: skip
_VOWELS = re.compile(r"[aeiouy]+")
_CALL = re.compile(r"[1-7](?:c|d|h|s|n|nt|sa|t|k|p|co|ca|pi|tr)")
_VOWEL_LETTERS = re.compile(r"[aeiouy]+")
_DOUBLE = re.compile(r"(.)\1+")
_WORD = re.compile(r"[^\W_]+")
# Between two words of one window: spaces, hyphens, apostrophes, commas.
_JOINER = re.compile(r"[\s\-'’,]*")


# Homophones of the levels a speech model writes when a strain follows
# ("too hearts", "free diamonds", "de cœurs"); only read as levels there.
_LEVEL_SOUNDS = {
    "en": {"won": "one", "to": "two", "too": "two", "tu": "two", "free": "three",
           "tree": "three", "for": "four", "fore": "four", "sex": "six", "ate": "eight"},
    "fr": {"de": "deux", "des": "deux", "toi": "trois", "troie": "trois", "cat": "quatre",
           "set": "sept", "cette": "sept", "sec": "cinq", "hui": "huit"},
}  # fmt: skip
# Words after which a homophone that could also be a preposition ("to", "for",
# "de") is a level: the verbs a call is made with ("bid to hearts" but not
# "changed to hearts", "la dame de cœur").
_CALL_VERBS = {
    "en": frozenset("bid bids opened open opens said says overcalled responded raised "
                    "called answered".split()),
    "fr": frozenset("dit dire ouvert ouvre ouvrir annoncé annonce répondu posé sorti "
                    "enchéri intervenu".split()),
}  # fmt: skip
_PREPOSITIONS = {"en": frozenset({"to", "too", "for"}), "fr": frozenset({"de", "des"})}
# Seat names the model writes as an everyday word at the head of a clause when a
# call verb follows ("not opened", "non a passé", "beast doubled").
_SEAT_SOUNDS = {
    "en": {"not": "North", "nor": "North", "beast": "East", "yeast": "East"},
    "fr": {"non": "Nord", "nor": "Nord", "soude": "Sud", "soon": "Sud", "ou est": "Ouest",
           "où est": "Ouest", "et": "Est"},
}
# Seat homophones too common to be read as seats unless a call verb follows the
# auxiliary ("Et a passé" but "Et a-t-il le droit ?").
_NEEDS_A_CALL = frozenset({"et"})
_SEAT_VERBS = {
    "en": frozenset("bid bids opened open opens passed pass passes doubled doubles redoubled "
                    "said says will has had called overcalled".split()),
    "fr": frozenset("a à ouvre dit passe contre surcontre accepte refuse n appassez "
                    "appassé".split()),
}  # fmt: skip
_SEATS = {"en": frozenset({"north", "east", "south", "west"})}
# French call verbs whose infinitive and -ez forms sound as their past participle:
# after "a"/"à" the model writes the wrong one ("Ouest à passer" for *a passé*).
_PARTICIPLES = ("pass", "contr", "surcontr", "annonc", "enchér", "alert", "hésit")
# Calls made "out of turn" that the model writes "autour" ("a passé autour").
_OUT_OF_TURN = {"fr": ("autour", "hors tour")}
# Consonants a model hears voiced or unvoiced at a word's end ("hard" / *hearts*).
_DEVOICE = str.maketrans({"d": "t", "b": "p", "g": "k", "v": "f", "z": "s", "O": "A", "I": "A"})
_CLAUSE_HEAD = re.compile(r"(?:^|[.!?;:,]\s*|^\s+)$")


@dataclass(frozen=True, slots=True)
class Repair:
    """The repaired text and the (heard, written) pairs that changed."""

    text: str
    changes: tuple[tuple[str, str], ...]


def phonetic_key(words: str, lang: str) -> str:
    """A rough sound of ``words`` in ``lang`` ("fr" or "en"), spaces removed.

    ``phonetic_key("once paid", "en") == phonetic_key("one spade", "en")``.
    """
    figures = _FIGURES.get(lang, _FIGURES["en"])
    sounds = _SOUNDS.get(lang, _SOUNDS["en"])
    keys = []
    for word in _WORD.findall(fold(words)):
        word = re.sub(r"\d", lambda m: figures.get(m.group(), m.group()), word)
        for pattern, replacement in sounds:
            word = re.sub(pattern, replacement, word)
        keys.append(word)
    joined = _VOWELS.sub("a", "".join(keys))
    return _DOUBLE.sub(r"\1", joined)


@cache
def vocabulary(lang: str) -> tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]:
    """(entries, their keys, the single words they are made of, folded) for ``lang``."""
    entries = list(_WORDS[lang])
    for index, level in enumerate(_LEVELS[lang]):
        for singular, plural in _STRAINS[lang]:
            entries.append(f"{level} {singular if index == 0 else plural}")
    keys = tuple(phonetic_key(entry, lang) for entry in entries)
    words = frozenset(w for entry in entries for w in _WORD.findall(fold(entry)))
    return tuple(entries), keys, words | frozenset(_FIGURES[lang])


@cache
def readable(lang: str) -> frozenset[str]:
    """Words the understanding reads as they are: everyday words, its lexicon's, ours."""
    lexicon = (
        word
        for phrases in lexicon_sections(lang).values()
        for phrase, _weight in phrases
        for word in _WORD.findall(fold(phrase))
    )
    return known_words() | frozenset(lexicon) | vocabulary(lang)[2]


def _is_readable(word: str, lang: str) -> bool:
    """A word (folded) the understanding reads: known, a number, a call ("3c"),
    an abbreviation ("LHO"), or a known word with an ending ("passes", "opened")."""
    if word.isupper():
        return True
    word = fold(word)
    words = readable(lang)
    if word in words or word.isdigit() or _CALL.fullmatch(word) or _is_number(word):
        return True
    return any(word[:cut] in words for cut in range(len(word) - 1, 2, -1))


@cache
def _is_number(word: str) -> bool:
    """A number word the understanding reads as figures ("thirty", "vingt")."""
    tokens = normalise(word, correct=False).tokens
    return bool(tokens) and all(token.isdigit() for token in tokens)


def _cutoff(key: str) -> float | None:
    """The least rapidfuzz ratio for a key this long; None: too short to judge."""
    if len(key) < 3:
        return None
    if len(key) <= 4:
        return 100.0
    return 84.0 if len(key) <= 7 else 80.0


def _keep(
    heard: list[str], entry: str, entry_key: str, score: float, lang: str, known: frozenset[str]
) -> bool:
    """Whether ``heard`` should stay as it is although it sounds like ``entry``."""
    meant = _WORD.findall(fold(entry))
    if all(word in meant for word in heard):
        return True  # right already, or the entry only adds words ("of turn")
    if score < 100 and any(
        _prefixed(phonetic_key(m, lang), phonetic_key(w, lang))
        for w in heard
        if w not in _COMMON[lang]
        for m in meant
    ):
        return True  # a prefix missing ("authorized"): only where it is heard exactly
    if any(word in known and word not in meant for word in heard):
        return True  # a bridge word heard right would be overwritten ("one heart")
    if len(heard) == 1:
        word = heard[0]
        # An everyday word, or another form of the entry's word ("passer", "transfers").
        if word in _COMMON[lang] or word.startswith(meant[0]) or meant[0].startswith(word):
            return True
        # A short word must also have the entry's vowels: "past" is *pass*, "bad" not *bid*.
        return len(entry_key) <= 4 and _VOWEL_LETTERS.findall(word) != _VOWEL_LETTERS.findall(
            fold(entry)
        )
    # "one spade and": the entry matches as well without a word of the window.
    return any(
        fuzz.ratio(phonetic_key(" ".join(part), lang), entry_key) >= score
        for part in (heard[1:], heard[:-1])
    )


def _strain_key(words: str, lang: str) -> str:
    """``phonetic_key`` with final consonants unvoiced, nasal vowels merged and a
    plural ``s`` dropped: how close a model's word may be to a strain after a level."""
    key = phonetic_key(words, lang).translate(_DEVOICE)
    return key[:-1] if len(key) > 2 and key.endswith("s") else key


@cache
def _strain_keys(lang: str) -> tuple[tuple[str, str, str], ...]:
    """(singular, plural, strain key) per strain of ``lang``."""
    return tuple((one, many, _strain_key(many, lang)) for one, many in _STRAINS[lang])


def _strain(heard: str, lang: str) -> tuple[str, str] | None:
    """The strain (singular, plural) ``heard`` (one or two words) stands for after a level."""
    folded = fold(heard)
    key = _strain_key(folded, lang)
    best: list[tuple[float, tuple[str, str]]] = []
    last = folded.split()[-1]
    for one, many, strain_key in _strain_keys(lang):
        if folded in (fold(one), fold(many)) or key == strain_key:
            return one, many
        if " " in folded and " " in one and last in (fold(one).split()[-1], fold(many).split()[-1]):
            return one, many  # "or trump", "son atout": the strain's own last word
        if len(key) >= 4 and not all(_is_readable(w, lang) for w in folded.split()):
            best.append((fuzz.ratio(key, strain_key), (one, many)))
    best.sort(reverse=True)
    if best and best[0][0] >= 88 and (len(best) == 1 or best[1][0] < best[0][0]):
        return best[0][1]
    return None


def _level(words: list[re.Match[str]], index: int, lang: str) -> str | None:
    """The level ``words[index]`` stands for when a strain follows it, or None."""
    word = fold(words[index].group())
    if word in _FIGURES[lang]:
        return _FIGURES[lang][word]
    if word in _LEVELS[lang]:
        return word
    level = _LEVEL_SOUNDS[lang].get(word)
    if level and word in _PREPOSITIONS[lang]:
        before = fold(words[index - 1].group()) if index else ""
        return level if before in _CALL_VERBS[lang] else None
    return level


def _joined(text: str, first: re.Match[str], second: re.Match[str]) -> bool:
    """Whether only spaces or hyphens part two words (no sentence or clause end)."""
    return re.fullmatch(r"[\s\-]+", text[first.end() : second.start()]) is not None


def _in_context(text: str, lang: str) -> Repair:
    """Calls and seats the model wrote as everyday words, read from their neighbours:
    a level homophone or figure before a strain's near-miss ("too hard", "4 hard",
    "de cœur" after *dit*) is the call; a seat's homophone heading a clause before
    a call verb ("not opened", "non a passé") is the seat."""
    words = list(_WORD.finditer(text))
    chosen: list[tuple[int, int, str]] = []
    index = 0
    while index < len(words) - 1:
        found = None
        level = _level(words, index, lang)
        if level is not None:
            for size in (2, 1):
                last = index + size
                if last >= len(words) or not all(
                    _joined(text, words[n], words[n + 1]) for n in range(index, last)
                ):
                    continue
                strain = _strain(" ".join(w.group() for w in words[index + 1 : last + 1]), lang)
                if strain is not None:
                    one, many = strain
                    written = f"{level} {one if level == _LEVELS[lang][0] else many}"
                    found = (index, last, written)
                    break
        if found is None:
            found = _seat(text, words, index, lang)
        if found is None:
            found = _participle(text, words, index, lang)
        if found is None:
            index += 1
            continue
        start, end, written = found
        said = fold(words[start].group())
        named = fold(" ".join(w.group() for w in words[start + 1 : end + 1]))
        exact = named in {fold(form) for forms in _STRAINS[lang] for form in forms}
        if start == end or not exact or not (said in _FIGURES[lang] or said in _LEVELS[lang]):
            chosen.append(found)
        index = end + 1
    return _rewrite(text, words, [(start, end + 1, written) for start, end, written in chosen])


def _seat(
    text: str, words: list[re.Match[str]], index: int, lang: str
) -> tuple[int, int, str] | None:
    """A seat's homophone (one or two words) heading a sentence before a call verb
    and what the call goes on with: (first, last word, seat)."""
    head = text[: words[index].start()].rstrip()
    if head and head[-1] not in ".!?;:":
        return None
    for size in (2, 1):
        verb = index + size
        if verb >= len(words) or not all(
            _joined(text, words[n], words[n + 1]) for n in range(index, verb)
        ):
            continue
        heard = " ".join(w.group().lower() for w in words[index:verb])
        seat = _SEAT_SOUNDS[lang].get(heard)
        tail = text[words[verb].end() :].lstrip()
        if (
            seat is not None
            and words[verb].group().lower() in _SEAT_VERBS[lang]
            and (tail[:1].isalnum() or tail[:1] in "'’")  # "Not doubled.": a negation
            and (heard not in _NEEDS_A_CALL or _calls_next(words, verb))
        ):
            return index, verb - 1, seat
    return None


def _calls_next(words: list[re.Match[str]], verb: int) -> bool:
    """Whether a call verb follows the auxiliary ``words[verb]`` ("et a passé",
    "et à déjà contré"): a seat's homophone that is an everyday word ("et" for
    *Est*) is read as the seat only then."""
    for word in words[verb + 1 : verb + 3]:
        folded = fold(word.group())
        if folded.startswith(_PARTICIPLES + ("ouv", "dit", "surcontr")):
            return True
        if folded not in ("deja", "aussi", "ensuite"):
            return False
    return False


def _participle(
    text: str, words: list[re.Match[str]], index: int, lang: str
) -> tuple[int, int, str] | None:
    """Verb forms the model writes for their homophones: (first, last word, as meant).

    English: a seat then "past" is the seat *passed*; "outer"/"outta" before
    *turn* or *rotation* is *out of*. French: "à passer"/"a passez" after its
    subject is *a passé*, and a call made "autour" is made *hors tour*."""
    word = words[index].group().lower()
    following = words[index + 1]
    verb = following.group().lower()
    if lang == "en" and _joined(text, words[index], following):
        if word in _SEATS["en"] and verb == "past":
            return index, index + 1, f"{words[index].group()} passed"
        if word in ("outer", "outta", "outa") and verb in ("turn", "rotation"):
            return index, index + 1, f"out of {verb}"
    if lang != "fr":
        return None
    at = index + 1
    between = ""
    if fold(verb) == "deja" and at + 1 < len(words) and _joined(text, following, words[at + 1]):
        at, between = at + 1, f"{following.group()} "  # "à déjà passer"
        verb = words[at].group().lower()
    if (
        word in ("a", "à")
        and index
        and _joined(text, words[index], following)
        and verb.endswith(("er", "ez"))
        and verb.startswith(_PARTICIPLES)
    ):
        if _autour(text, words, at, lang):
            return index, at + 1, f"a {between}{verb[:-2]}é {_OUT_OF_TURN[lang][1]}"
        return index, at, f"a {between}{verb[:-2]}é"
    if (
        fold(word).endswith(("e", "ert"))
        and fold(word).startswith(_PARTICIPLES + ("ouv",))
        and _autour(text, words, index, lang)
    ):
        return index, index + 1, f"{word} {_OUT_OF_TURN[lang][1]}"
    return None


def _autour(text: str, words: list[re.Match[str]], index: int, lang: str) -> bool:
    """Whether the word after ``words[index]`` is "autour" heard for *hors tour*."""
    if index + 1 >= len(words) or not _joined(text, words[index], words[index + 1]):
        return False
    tail = text[words[index + 1].end() :].lstrip()
    return fold(words[index + 1].group()) == _OUT_OF_TURN[lang][0] and not re.match(
        r"(?:de|du|d'|d’)\b", tail  # "autour de la table"
    )


def _rewrite(text: str, words: list[re.Match[str]], chosen: list[tuple[int, int, str]]) -> Repair:
    """``text`` with the word spans ``chosen`` (start, end, entry) written as their entries."""
    if not chosen:
        return Repair(text, ())
    pieces: list[str] = []
    changes: list[tuple[str, str]] = []
    cursor = 0
    for start, end, entry in sorted(chosen):
        begin, finish = words[start].start(), words[end - 1].end()
        written = entry[0].upper() + entry[1:] if words[start].group()[0].isupper() else entry
        pieces += [text[cursor:begin], written]
        changes.append((text[begin:finish], written))
        cursor = finish
    pieces.append(text[cursor:])
    return Repair("".join(pieces), tuple(changes))


def _prefixed(longer: str, shorter: str) -> bool:
    """Whether the key ``longer`` is ``shorter`` with a sound put before it."""
    return len(longer) > len(shorter) >= 3 and longer.endswith(shorter)


def repair(text: str, lang: str) -> Repair:
    """``text`` with the bridge words it mishears written as meant.

    Languages other than "fr" and "en" are returned unchanged.
    """
    if lang not in _LEVELS or not text:
        return Repair(text, ())
    first = _in_context(text, lang)
    second = _by_sound(first.text, lang)
    changes = sorted(first.changes + second.changes, key=lambda change: text.find(change[0]))
    return Repair(second.text, tuple(changes))


def _by_sound(text: str, lang: str) -> Repair:
    """Windows of words the understanding cannot read, written as the vocabulary
    entry they sound like."""
    entries, keys, known = vocabulary(lang)
    words = list(_WORD.finditer(text))
    candidates: list[tuple[float, int, int, int, str]] = []
    for start in range(len(words)):
        for end in range(start + 1, min(start + MAX_WINDOW, len(words)) + 1):
            if end - start > 1 and not _JOINER.fullmatch(
                text, words[end - 2].end(), words[end - 1].start()
            ):
                break  # a sentence ends inside the window
            if all(_is_readable(w.group(), lang) for w in words[start:end]):
                continue  # nothing the understanding could not read
            heard = " ".join(fold(w.group()) for w in words[start:end])
            key = phonetic_key(heard, lang)
            cutoff = _cutoff(key)
            if cutoff is None:
                continue
            found = process.extract(key, keys, scorer=fuzz.ratio, score_cutoff=cutoff, limit=2)
            if not found or (len(found) == 2 and found[1][1] == found[0][1]):
                continue  # nothing near, or two entries just as near ("bord": board, barred?)
            score, index = found[0][1], found[0][2]
            heard_words = heard.split()
            if _keep(heard_words, entries[index], keys[index], score, lang, known):
                continue
            candidates.append((score, end - start, start, end, entries[index]))
    # Best first, longer windows before shorter ones at equal score; no overlaps.
    candidates.sort(key=lambda c: (-c[0], -c[1], c[2]))
    taken: set[int] = set()
    chosen: list[tuple[int, int, str]] = []
    for _score, _size, start, end, entry in candidates:
        if taken.isdisjoint(range(start, end)):
            taken.update(range(start, end))
            chosen.append((start, end, entry))
    return _rewrite(text, words, chosen)
