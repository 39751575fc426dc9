"""A learned layer: character n-grams of the normalised text -> irregularity.

A linear model (multinomial logistic regression over TF-IDF character
n-grams, words padded with a space, as scikit-learn's ``char_wb``) trained by
``tools/train_ngram.py`` on the tuning descriptions only. Its vocabulary,
IDF and weights live in ``data/ngram.npz`` and are applied here with numpy;
scikit-learn is not needed at run time. The classifier combines these
probabilities with the lexicon and structure scores.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from .normalise import normalise

__all__ = ["MODEL", "NONE", "features_text", "probabilities"]

MODEL = Path(str(resources.files(__package__).joinpath("data", "ngram.npz")))
#: The label of a message that names no incident (the corpus's ``null``).
NONE = "none"
_MIN_N, _MAX_N = 2, 5


def features_text(text: str) -> str:
    """What the model reads: the canonical tokens (``1 ♠``, ``N``, ``LHO``...)."""
    return normalise(text).text


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


@cache
def _model() -> dict[str, Any] | None:
    if not MODEL.exists():
        return None
    with np.load(MODEL) as data:
        vocab = {str(g): i for i, g in enumerate(data["vocab"])}
        return {
            "vocab": vocab,
            "idf": data["idf"],
            "coef": data["coef"],
            "intercept": data["intercept"],
            "classes": tuple(str(c) for c in data["classes"]),
        }


def probabilities(canonical_text: str) -> dict[str, float]:
    """Irregularity id (or ``NONE``) -> probability, from ``features_text``'s
    output; empty when the model file is missing or no n-gram is known."""
    model = _model()
    if model is None:
        return {}
    vocab = model["vocab"]
    index, counts = [], []
    for gram, count in _ngrams(canonical_text).items():
        row = vocab.get(gram)
        if row is not None:
            index.append(row)
            counts.append(1.0 + math.log(count))
    if not index:
        return {}
    rows = np.fromiter(index, dtype=np.int64, count=len(index))
    values = np.fromiter(counts, dtype=np.float32, count=len(counts)) * model["idf"][rows]
    values /= float(np.sqrt(values @ values))
    logits = values @ model["coef"][rows] + model["intercept"]
    logits = np.exp(logits - logits.max())
    logits /= logits.sum()
    return dict(zip(model["classes"], (float(p) for p in logits), strict=True))
