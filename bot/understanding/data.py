"""Reading the word lists under ``bot/understanding/data/`` (package data).

Only reading and splitting happens here; what the words mean is decided by
``normalise`` (spellings) and ``lexicon`` (phrases).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from rules_core.text import fold

__all__ = [
    "fold",
    "spelling_rules",
    "lexicon_sections",
    "known_words",
    "LANGUAGES",
]

#: Languages with a phrase lexicon (``lexicon.<lang>.txt``).
LANGUAGES = ("fr", "en")


def _lines(name: str) -> list[str]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            lines.append(line)
    return lines


@cache
def spelling_rules() -> tuple[tuple[str, str], ...]:
    """``(words, replacement)`` pairs from ``spelling.txt``, words folded."""
    rules = []
    for line in _lines("spelling.txt"):
        source, _, target = line.partition("=>")
        rules.append((fold(source.strip()), target.strip()))
    return tuple(rules)


@cache
def lexicon_sections(lang: str) -> dict[str, tuple[tuple[str, float], ...]]:
    """``section -> ((phrase, weight), ...)`` from ``lexicon.<lang>.txt``.

    A section is an irregularity id, ``law_lookup``, or a cue group whose name
    starts with ``@``. A phrase may end with ``| weight`` (default 1).
    """
    sections: dict[str, list[tuple[str, float]]] = {}
    current: list[tuple[str, float]] | None = None
    for line in _lines(f"lexicon.{lang}.txt"):
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1].strip(), [])
            continue
        if current is None:
            raise ValueError(f"lexicon.{lang}.txt: phrase {line!r} before any [section]")
        phrase, _, weight = line.partition("|")
        current.append((phrase.strip(), float(weight) if weight.strip() else 1.0))
    return {name: tuple(phrases) for name, phrases in sections.items()}


@cache
def known_words() -> frozenset[str]:
    """Common FR/EN words that are never taken for a misspelling."""
    words: set[str] = set()
    for line in _lines("known_words.txt"):
        words.update(fold(line).split())
    return frozenset(words)
