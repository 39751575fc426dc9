"""Train the character n-gram layer of the understanding (bot/understanding/ngram.py).

    python tools/train_ngram.py [--cv] FILE.jsonl ...

Trains a linear model (scikit-learn logistic regression over three TF-IDF
blocks of the normalised text: character n-grams, word n-grams, and word
n-grams of the text with its bids and seats made classes, ``ngram.abstract``)
on TUNING
files only (the shared corpus's tuning files and tests/corpus's description
files; in voice_synthetic.jsonl the transcript and the expected irregularity;
voice transcripts repaired by bot/voice/repair.py, as the bot reads them),
and writes its vocabulary, IDF and weights (as float16) to bot/understanding/data/ngram.npz,
which ngram.py applies with numpy alone. ``--cv`` prints 5-fold cross-validated accuracy of the
model alone and writes nothing.

scikit-learn is needed here only (``pip install -e '.[train]'``); the bot
never imports it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_predict
from sklearn.pipeline import FeatureUnion

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_corpus import TUNING, _load  # noqa: E402

from bot.understanding.ngram import (  # noqa: E402
    ABSTRACT,
    ABSTRACT_N,
    MODEL,
    NONE,
    WORD,
    abstract,
    features_text,
)


def load(paths: list[Path]) -> tuple[list[str], list[str]]:
    """The texts the model reads and their labels, the tuning files read as
    ``score_corpus`` reads them (voice transcripts repaired as the bot does)."""
    for path in paths:
        if path.name not in TUNING:
            raise SystemExit(f"{path.name} is not a tuning file")
    items = _load(paths)
    return ([features_text(item["text"]) for item in items],
            [item["irregularity"] or NONE for item in items])


def build() -> tuple[FeatureUnion, LogisticRegression]:
    """The three TF-IDF blocks (each L2-normalised, as ngram.py applies them) and the model.

    Chosen by the whole pipeline's cross-validated score (benchmarks/score_corpus.py
    --cv 5 and --cv-by-file): the abstracted block gained most (its min_df
    3 as good as 2, and half the features); a smaller C (5, 10), balanced
    class weights and other n-gram ranges did not."""
    chars = TfidfVectorizer(
        analyzer="char_wb", ngram_range=(2, 5), min_df=2, sublinear_tf=True, lowercase=False,
        dtype=np.float32,
    )
    words = TfidfVectorizer(
        analyzer="word", ngram_range=(1, 2), min_df=2, sublinear_tf=True, lowercase=False,
        token_pattern=r"\S+", dtype=np.float32,
    )
    shapes = TfidfVectorizer(
        analyzer="word", ngram_range=(1, ABSTRACT_N), min_df=3, sublinear_tf=True,
        preprocessor=abstract, token_pattern=r"\S+", dtype=np.float32,
    )
    model = LogisticRegression(C=20.0, max_iter=3000)
    return FeatureUnion([("chars", chars), ("words", words), ("shapes", shapes)]), model


def fit(texts: list[str], labels: list[str]) -> dict[str, Any]:
    """A model in ``ngram._model``'s shape: vocabulary (word features marked
    with ``ngram.WORD``), IDF, weights, intercept, classes."""
    union, model = build()
    model.fit(union.fit_transform(texts), labels)
    chars, words, shapes = (v for _, v in union.transformer_list)
    vocab = sorted(chars.vocabulary_, key=chars.vocabulary_.__getitem__)
    vocab += [WORD + w for w in sorted(words.vocabulary_, key=words.vocabulary_.__getitem__)]
    vocab += [ABSTRACT + w for w in sorted(shapes.vocabulary_, key=shapes.vocabulary_.__getitem__)]
    return {
        "vocab": {g: i for i, g in enumerate(vocab)},
        "idf": np.concatenate([chars.idf_, words.idf_, shapes.idf_]).astype(np.float32),
        "coef": model.coef_.T.astype(np.float32),
        "intercept": model.intercept_.astype(np.float32),
        "classes": tuple(str(c) for c in model.classes_),
        "abstract": True,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--cv", action="store_true")
    parser.add_argument("--oof", type=Path, help="write out-of-fold probabilities (JSON lines)")
    args = parser.parse_args()
    texts, labels = load(args.files)
    union, model = build()
    if args.oof or args.cv:
        x = union.fit_transform(texts)
    if args.oof:
        probs = cross_val_predict(model, x, labels, cv=5, method="predict_proba")
        classes = sorted(set(labels))
        with args.oof.open("w", encoding="utf-8") as out:
            for row in probs:
                out.write(json.dumps(dict(zip(classes, map(float, row), strict=True))) + "\n")
        return 0
    if args.cv:
        predicted = cross_val_predict(model, x, labels, cv=5)
        right = sum(p == t for p, t in zip(predicted, labels, strict=True))
        print(f"5-fold accuracy of the n-gram model alone: {right / len(labels):.3f}")
        return 0
    fitted = fit(texts, labels)
    np.savez_compressed(
        MODEL,
        vocab=np.array(list(fitted["vocab"])),
        idf=fitted["idf"],
        coef=fitted["coef"].astype(np.float16),  # half the file; ngram.py reads it as float32
        intercept=fitted["intercept"],
        classes=np.array(fitted["classes"]),
    )
    print(f"wrote {MODEL.relative_to(ROOT)}: {len(fitted['vocab'])} n-grams, "
          f"{len(fitted['classes'])} classes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
