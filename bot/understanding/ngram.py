"""A learned layer: character and word n-grams of the normalised text -> irregularity.

A linear model (multinomial logistic regression over three TF-IDF blocks,
each L2-normalised: character n-grams of 2 to 5, words padded with a space,
as scikit-learn's ``char_wb``; words and word pairs; and the runs of one to
three words of the text with its calls and seats made classes, ``SEAT
ouvre BID SEAT passe``, so that the model learns the shape of a story rather
than its particular auction) trained by
``tools/train_ngram.py`` on the tuning descriptions only. Its vocabulary,
IDF and weights live in ``data/ngram.npz`` and are applied here with numpy;
scikit-learn is not needed at run time. The classifier combines these
probabilities with the lexicon and structure scores.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from .normalise import normalise

__all__ = ["ABSTRACT", "MODEL", "NONE", "WORD", "abstract", "features_text", "probabilities"]

MODEL = Path(str(resources.files(__package__).joinpath("data", "ngram.npz")))
#: The label of a message that names no incident (the corpus's ``null``).
NONE = "none"
_MIN_N, _MAX_N = 2, 5
#: Marks a word feature in the model's vocabulary (no token holds a tab).
WORD = "\t"
#: Marks a feature of the abstracted words (no token holds a line break).
ABSTRACT = "\n"
#: The longest run of abstracted words the model reads.
ABSTRACT_N = 3
_BID = re.compile(r"(?<!\S)[1-7] (?:♠|♥|♦|♣|NT)(?!\S)")
_HIGH_BID = re.compile(r"(?<!\S)(?:[89]|[1-9]\d) (?:♠|♥|♦|♣|NT)(?!\S)")
_SEAT = re.compile(r"(?<!\S)[NESW](?!\S)")


#: A director's header (``Bd 14 S/All``, ``T3 étui 12``): where and which
#: deal, words every kind of incident starts with; left out so that the model
#: does not learn "board" from the wrong-board stories that name one.
_HEADER = re.compile(r"^(?:(?:board|boards|etui|donne|table|t|bd|d)\s\d+\s"
                     r"(?:[NESW]\s(?:all|none|both|nil|ns|ew|eo|tous|personne)\s)?)+")


def without_header(canonical_text: str) -> str:
    """The canonical text less a leading board header (``board 10 S all``)."""
    return _HEADER.sub("", canonical_text + " ").strip()


def features_text(text: str) -> str:
    """What the model reads: the canonical tokens (``1 ♠``, ``N``, ``LHO``...),
    without a leading board header."""
    return without_header(normalise(text).text)


def abstract(canonical_text: str) -> str:
    """The canonical text with its bids and seats made classes: ``1 ♠`` ->
    ``BID``, ``8 ♥`` -> ``HIGHBID``, ``N`` -> ``SEAT`` (roles such as ``LHO``
    and ``PARTNER`` are already classes)."""
    text = _HIGH_BID.sub("HIGHBID", canonical_text)
    return _SEAT.sub("SEAT", _BID.sub("BID", text))


def _ngrams(text: str) -> Counter[str]:
    grams: Counter[str] = Counter()
    for word in text.split():
        padded = f" {word} "
        size = len(padded)
        for n in range(_MIN_N, _MAX_N + 1):
            if size < n:
                grams[padded] += 1
                break
            for i in range(size - n + 1):
                grams[padded[i : i + n]] += 1
            if size == n:
                break
    return grams


def _words(text: str, longest: int = 2, mark: str = WORD) -> Counter[str]:
    """Runs of one to ``longest`` words, each marked with ``mark``, as
    scikit-learn's ``analyzer="word"`` over whitespace tokens with
    ``ngram_range=(1, longest)``."""
    tokens = text.split()
    return Counter(mark + " ".join(tokens[i : i + n])
                   for n in range(1, longest + 1) for i in range(len(tokens) - n + 1))


@cache
def _model() -> dict[str, Any] | None:
    if not MODEL.exists():
        return None
    with np.load(MODEL) as data:
        vocab = {str(g): i for i, g in enumerate(data["vocab"])}
        return {
            "vocab": vocab,
            "idf": data["idf"],
            "coef": data["coef"].astype(np.float32),  # stored as float16
            "intercept": data["intercept"],
            "classes": tuple(str(c) for c in data["classes"]),
            # a model trained before the abstracted block has none of its features
            "abstract": any(g.startswith(ABSTRACT) for g in vocab),
        }


def probabilities(canonical_text: str) -> dict[str, float]:
    """Irregularity id (or ``NONE``) -> probability, from ``features_text``'s
    output; empty when the model file is missing or no n-gram is known."""
    model = _model()
    if model is None:
        return {}
    canonical_text = without_header(canonical_text)
    logits = model["intercept"].copy()
    known = False
    blocks = [_ngrams(canonical_text), _words(canonical_text)]
    if model["abstract"]:
        blocks.append(_words(abstract(canonical_text), ABSTRACT_N, ABSTRACT))
    for grams in blocks:
        block = _block(model, grams)
        if block is not None:
            rows, values = block
            logits += values @ model["coef"][rows]
            known = True
    if not known:
        return {}
    logits = np.exp(logits - logits.max())
    logits /= logits.sum()
    return dict(zip(model["classes"], (float(p) for p in logits), strict=True))


def _block(model: dict[str, Any], grams: Counter[str]) -> tuple[Any, Any] | None:
    """The rows and L2-normalised TF-IDF values of the known ``grams``."""
    vocab = model["vocab"]
    index, counts = [], []
    for gram, count in grams.items():
        row = vocab.get(gram)
        if row is not None:
            index.append(row)
            counts.append(1.0 + math.log(count))
    if not index:
        return None
    rows = np.fromiter(index, dtype=np.int64, count=len(index))
    values = np.fromiter(counts, dtype=np.float32, count=len(counts)) * model["idf"][rows]
    values /= float(np.sqrt(values @ values))
    return rows, values
