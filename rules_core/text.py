"""Text folding shared by every reader of what people type (one helper for one job).

Call names, Law references and free descriptions are compared without case or
accents: "Cœur", "coeur" and "COEUR" are one word. The front ends fold with this
too, so the rules core and the understanding never disagree on a spelling.
"""

from __future__ import annotations

import unicodedata

__all__ = ["fold"]

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae"})


def fold(text: str) -> str:
    """Lower case, no accents, ligatures spelled out: ``"Cœur"`` -> ``"coeur"``.

    Suit symbols and other characters without accents are kept as they are.
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES).lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
