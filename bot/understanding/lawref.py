"""The one reader of a Law cited by its number in a message.

``citations(norm)`` finds every Law the text names by number, in the order
written: after a word naming a Law (``loi 27``, ``L27B1a``, ``law 16 B``,
``art. 27``, ``règle 40``, ``rule n° 31``, ``loi vingt-sept`` once the
normaliser has read the number), as a paragraph written alone that cannot be
a call (``27B1b``, ``40B3``, ``30B1(b)``), or as the French ``la 27`` (the Law
elided). Each gives the canonical reference of ``rules_core.excerpts`` and how
it was named, so that a caller can tell a request to read ``la 27`` from a
board played (``on jouait la 27``), and a citation inside an incident report
from a lookup: that judgement belongs to the classifier, not to this reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from rules_core.excerpts import normalise_ref
from rules_core.text import fold

from .normalise import Normalised

__all__ = ["Citation", "LAW_NOUNS", "citations"]

#: Words (as the normaliser folds them) that name a Law or the rules.
LAW_NOUNS = frozenset(
    {"law", "laws", "loi", "lois", "rule", "rules", "regle", "regles", "reglement", "rulebook",
     "article", "articles"}
)  # fmt: skip

Kind = Literal["named", "paragraph", "article"]

# A letter written apart from its number is a paragraph only when it cannot
# be a word: "law 16 B", "loi 27 b." but not "la loi 27 a été appliquée".
_APART = r"(?:\s(?-i:[B-H]|A(?!\s+[^\W\d_]{2}))|\s[a-h](?![^\W\d_])(?!\s+[^\W\d_]{2}))"
_SUB = r"(?:\s?\(\s?[a-e]\s?\)|(?<=\d)[a-e](?![^\W\d_])|\s[a-e](?![\w])(?!\s+[^\W\d_]{2}))"
_ROMAN = r"(?:\s?\((?:iii|ii|iv|vi|v|i)\))"
_TAIL = (
    rf"(?:(?:[a-h]|{_APART})(?:\s?\d)?)?"
    rf"(?:{_SUB}?{_ROMAN}?)"
)
_NOUN = (
    r"(?:lois?|laws?|rules?|r[eéèÉ]gles?|r[eé]glement|articles?|art\.?"
    r"|l(?=\s?\d)|l['’](?=\s?\d))"
)
_NAMED = re.compile(
    rf"\b{_NOUN}\s*(?:n°|n[o°º]\.?|num[eé]ro|number|nr\.?|N(?=\s+\d))?\s*"
    rf"(?P<law>\d{{1,2}}){_TAIL}(?![\w])",
    re.IGNORECASE,
)
# Alone, a paragraph must not read as a call, an hour or an ordinal: "1H",
# "4S", "10h", "la 27e".
_PARAGRAPH = re.compile(
    r"(?<![\w♣♦♥♠/])"
    r"(?P<law>(?:[89]|[1-8]\d|9[0-3])(?:(?-i:[a-dfgA-H])|(?-i:e)(?=\d))(?:\d{1,2})?|[1-7][a-h]\d)"
    rf"(?P<sub>{_SUB}?{_ROMAN}?)(?![\w])",
    re.IGNORECASE,
)
# "la 27": the Law elided, only when asked about ("c'est quoi la 27", "que dit
# la 16B", "la 27 ?"), not a table or a board ("c'est pour la 9", "à la 12").
_ELIDED = re.compile(
    r"\bla\s+(?P<law>[1-9]\d?)"
    rf"{_TAIL}(?!\s*(?:e|eme|ème|°|donne|table|[eé]tui)\b)(?![\w°])",
    re.IGNORECASE,
)
_ASKING = re.compile(
    r"\b(?:quoi|dit|lire|lis|voir|montre[rz]?|affiche[rz]?|explique[rz]?)(?:[\s-]*moi)?\s+$"
)


def _asked(source: str, citation: Citation) -> bool:
    """``la 27`` asked about: after a verb of asking, or a Law number before a ``?``."""
    if _ASKING.search(fold(source[: citation.start])):
        return True
    return citation.law >= 10 and source[citation.end :].lstrip().startswith("?")


@dataclass(frozen=True, slots=True)
class Citation:
    """A Law the text names: ``law`` its number, ``ref`` the canonical
    paragraph (``27B1(a)``), ``kind`` how it was named, ``start``/``end``
    where (offsets in the source text)."""

    law: int
    ref: str
    kind: Kind
    start: int
    end: int


def _found(pattern: re.Pattern[str], text: str, kind: Kind, prefix: bool) -> list[Citation]:
    out = []
    for match in pattern.finditer(text):
        ref = normalise_ref(text[match.start("law") if prefix else match.start() : match.end()])
        if ref is not None:
            law = int(re.sub(r"\D.*", "", ref))
            out.append(Citation(law, ref, kind, match.start(), match.end()))
    return out


def citations(norm: Normalised) -> tuple[Citation, ...]:
    """Every Law ``norm`` cites by number, in the order written (no repeats
    of one span: a Law named by a word is not also a paragraph alone)."""
    return _citations(norm.source, norm.text)


@lru_cache(maxsize=256)
def _citations(source: str, text: str) -> tuple[Citation, ...]:
    found = _found(_NAMED, source, "named", True)
    elided = [c for c in _found(_ELIDED, source, "article", True) if _asked(source, c)]
    for citation in elided + _found(_PARAGRAPH, source, "paragraph", False):
        if not any(c.start < citation.end and citation.start < c.end for c in found):
            found.append(citation)
    if not any(c.kind == "named" for c in found):
        # a number spelled out ("la loi vingt-sept"), read by the normaliser
        spelled = _found(_NAMED, text, "named", True)
        end = len(source)
        found += [Citation(c.law, c.ref, c.kind, end + c.start, end + c.end) for c in spelled]
    found.sort(key=lambda c: c.start)
    return tuple(found)
