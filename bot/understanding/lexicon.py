"""The phrase lexicons (``data/lexicon.fr.txt``, ``data/lexicon.en.txt``),
normalised once, and the two ways they are read:

* ``phrase_matches`` scores every irregularity phrase against a message with
  rapidfuzz (typos, missing accents, extra letters), for classification;
* ``find_cues`` finds the cue phrases (``@turn``, ``@accept``…) exactly, with
  their position, for the extraction of facts.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from rapidfuzz import fuzz

from .data import LANGUAGES, lexicon_sections
from .normalise import BREAK, COMMA, normalise, words_before

__all__ = ["Phrase", "Match", "phrases", "phrase_matches", "find_cues", "negated_at", "NEGATORS"]

#: Words that, just before a phrase, deny it ("pas une enchère insuffisante").
NEGATORS = frozenset(
    {"pas", "ne", "non", "ni", "jamais", "aucun", "aucune", "not", "no", "never", "nobody",
     "neither", "nor"}
)  # fmt: skip
_NEGATION_WINDOW = 3


@dataclass(frozen=True, slots=True)
class Phrase:
    text: str  # normalised
    section: str  # irregularity id or law_lookup
    weight: float
    lang: str


@dataclass(frozen=True, slots=True)
class Match:
    phrase: Phrase
    score: float  # rapidfuzz similarity, 0-100
    start: int  # character span in the message's normalised text
    end: int
    negated: bool


@cache
def phrases() -> tuple[Phrase, ...]:
    """Every irregularity phrase of both languages, normalised (duplicates dropped)."""
    seen: set[tuple[str, str]] = set()
    out: list[Phrase] = []
    for lang in LANGUAGES:
        for section, entries in lexicon_sections(lang).items():
            if section.startswith("@"):
                continue
            for raw, weight in entries:
                text = _possessives(normalise(raw, correct=False).text)[0]
                if text and (text, section) not in seen:
                    seen.add((text, section))
                    out.append(Phrase(text, section, weight, lang))
    return tuple(out)


def _cutoff(length: int) -> float:
    """Shorter phrases must match more exactly: misspelt words were already
    corrected one by one (``normalise.correct_word``), so a near miss of a short
    phrase is another phrase ("chance to" is not "changed to")."""
    if length <= 10:
        return 100.0
    if length <= 16:
        return 92.0
    return 88.0


def _at_word_start(text: str, index: int) -> bool:
    return index == 0 or text[index - 1] == " "


def _at_word_end(text: str, index: int) -> bool:
    return index >= len(text) or text[index] == " "


def _negated(text: str, start: int, phrase: str) -> bool:
    """A negation just before the phrase, or in place of its first word
    (``pas hors tour`` is a near miss of ``passe hors tour``)."""
    first = phrase.split(" ", 1)[0]
    if first in NEGATORS:
        return False  # the phrase carries its own negation: "n'a pas alerté"
    found = text[start:].split(" ", 1)[0]
    if found in NEGATORS and found != first:
        return True
    before = text[:start].split()[-_NEGATION_WINDOW:]
    return any(word in NEGATORS for word in before)


#: Possessives stand for one another in phrase matching: "changed his bid",
#: "changed my bid", "changed their bid"; "changé son enchère", "changé mon
#: enchère" (but "my partner" stays the writer's).
_POSSESSIVES = frozenset(
    {"his", "her", "their", "its", "your", "MY", "son", "sa", "ses", "leur", "leurs", "ton",
     "ta", "tes", "votre", "vos"}
)  # fmt: skip
_POSSESSIVE = "POSS"


def _possessives(text: str) -> tuple[str, Callable[[int], int]]:
    """``text`` with every possessive made one token, and the map from an
    offset in it back to the offset in ``text``."""
    tokens = text.split(" ")
    if not _POSSESSIVES.intersection(tokens):
        return text, lambda at: at
    # "my partner" is the writer's partner, "his partner" the subject's: not one
    canon = [
        _POSSESSIVE if t in _POSSESSIVES and not (t == "MY" and following == "PARTNER") else t
        for t, following in zip(tokens, [*tokens[1:], ""], strict=True)
    ]  # fmt: skip
    starts, origins = [], []
    c = o = 0
    for new, old in zip(canon, tokens, strict=True):
        starts.append(c)
        origins.append(o)
        c += len(new) + 1
        o += len(old) + 1

    def back(at: int) -> int:
        i = bisect_right(starts, at) - 1
        return origins[i] + min(at - starts[i], len(tokens[i]))

    return " ".join(canon), back


def phrase_matches(text: str) -> list[Match]:
    """Every lexicon phrase found in ``text`` (a ``Normalised.text``), with
    their spans in ``text``."""
    plain, possessive = _split_phrases()
    found = _matches(text, plain)
    canon, back = _possessives(text)
    found += [
        replace(m, start=back(m.start), end=back(m.end)) for m in _matches(canon, possessive)
    ]
    return found


@cache
def _split_phrases() -> tuple[tuple[Phrase, ...], tuple[Phrase, ...]]:
    """The phrases without a possessive, and those with one (matched on the
    message with its possessives made one token)."""
    words = [(p, _POSSESSIVE in p.text.split(" ")) for p in phrases()]
    return tuple(p for p, has in words if not has), tuple(p for p, has in words if has)


def _matches(text: str, candidates: Sequence[Phrase]) -> list[Match]:
    found: list[Match] = []
    if not text:
        return found
    words = frozenset(text.split())
    for phrase in candidates:
        cutoff = _cutoff(len(phrase.text))
        anchors = _anchors(phrase.text)
        if cutoff < 100 and anchors and not anchors & words:
            continue  # a near miss of several words keeps one of them whole (the rest is typos)
        if cutoff < 100 and not _figures(phrase.text) <= words:
            continue  # a figure is no typo: "enchère de 8" is not "enchère de 3"
        if len(phrase.text) > len(text):
            # A message shorter than the phrase must be the phrase itself.
            score = fuzz.ratio(phrase.text, text, processor=None, score_cutoff=max(cutoff, 88))
            if score:
                found.append(Match(phrase, score, 0, len(text), False))
            continue
        if cutoff >= 100:
            index = text.find(phrase.text)
            while index >= 0 and not _at_word_start(text, index):
                index = text.find(phrase.text, index + 1)
            if index < 0:
                continue
            end = index + len(phrase.text)
            if len(phrase.text) <= 4 and not _at_word_end(text, end):
                continue
            found.append(Match(phrase, 100.0, index, end, _negated(text, index, phrase.text)))
            continue
        alignment = fuzz.partial_ratio_alignment(
            phrase.text, text, processor=None, score_cutoff=cutoff
        )
        if alignment is None:
            continue
        start = alignment.dest_start
        if not _at_word_start(text, start):
            # A near miss starting inside a word: move to the word's start or give up.
            if start + 1 < len(text) and text[start] == " ":
                start += 1
            elif not _at_word_start(text, start + 1) and not _at_word_start(text, start - 1):
                continue
        found.append(
            Match(
                phrase,
                alignment.score,
                start,
                alignment.dest_end,
                _negated(text, start, phrase.text),
            )
        )
    return found


@cache
def _anchors(phrase: str) -> frozenset[str]:
    """The words of a phrase of several words that a near miss of it must keep
    whole (words were corrected one by one before, see ``_cutoff``); none for
    a one-word phrase, whose near miss is that word misspelt."""
    words = phrase.split()
    return frozenset(w for w in words if len(w) >= 3) if len(words) >= 2 else frozenset()


def _figures(phrase: str) -> frozenset[str]:
    """The figures of a phrase ("palier de 8"): a near miss must keep them all."""
    return frozenset(w for w in phrase.split() if w.isdigit())


@cache
def _cue_index() -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    """First token -> ``(tokens, cue group)`` of every cue phrase, longest first."""
    index: dict[str, set[tuple[tuple[str, ...], str]]] = {}
    for lang in LANGUAGES:
        for name, entries in lexicon_sections(lang).items():
            if not name.startswith("@"):
                continue
            for raw, _ in entries:
                seq = tuple(
                    t for t in normalise(raw, correct=False).tokens if t not in (BREAK, COMMA)
                )
                if seq:
                    index.setdefault(seq[0], set()).add((seq, name))
    return {
        first: tuple(sorted(entries, key=lambda e: (-len(e[0]), e)))
        for first, entries in index.items()
    }


def find_cues(tokens: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    """Cue group -> spans ``(start, end)`` of its phrases in ``tokens``, left to
    right; within a group the longest phrase wins and spans do not overlap."""
    index = _cue_index()
    found: dict[str, list[tuple[int, int]]] = {}
    free_from: dict[str, int] = {}
    for i, token in enumerate(tokens):
        for seq, group in index.get(token, ()):
            if i < free_from.get(group, 0):
                continue
            if tuple(tokens[i : i + len(seq)]) == seq:
                found.setdefault(group, []).append((i, i + len(seq)))
                free_from[group] = i + len(seq)
    _drop_overlapped(found, "@called_over", "@not_yet_called")
    return found


def _drop_overlapped(found: dict[str, list[tuple[int, int]]], inner: str, outer: str) -> None:
    """Drop the ``inner`` spans an ``outer`` phrase overlaps: in "n'a pas parlé
    depuis", "hasn't called since" the player has not called, though "parlé
    depuis", "called since" say he had."""
    if inner not in found or outer not in found:
        return
    kept = [
        (s, e) for s, e in found[inner]
        if not any(s < oe and os < e for os, oe in found[outer])
    ]  # fmt: skip
    if kept:
        found[inner] = kept
    else:
        del found[inner]


def negated_at(tokens: Sequence[str], start: int) -> bool:
    """True when one of the few words before ``start`` (in its sentence) denies what follows."""
    window = words_before(tokens, start, _NEGATION_WINDOW + 1)
    return any(t in NEGATORS for t in window[-_NEGATION_WINDOW:] if t != COMMA)
