"""Which language a message is written in, from its function words.

French and English are the languages the bot understands; German, Spanish and
Italian are counted too, only so that a message in one of them is recognised as not
French or English (and left unclassified) rather than half-read.
"""

from __future__ import annotations

import re
from functools import cache

from .data import LANGUAGES, fold, lexicon_sections

__all__ = ["detect_language", "DEFAULT"]

DEFAULT = "fr"  # French is the reference language of the Laws

_WORDS = {
    "fr": frozenset(
        "le la les des du de et il elle je ne pas que qui sur avec pour dans mon ma mes son sa "
        "ses ce est etait au aux une en on alors mais puis donc nous vous ils leur tout apres "
        "avant quand comment quoi oui non ai avait dit parle passe contre enchere encheres "
        "partenaire adversaire tour hors carte cartes etui loi donne donneur nord sud ouest "
        "moi lui sans".split()
    ),
    "en": frozenset(
        "the and is was were he she it not that who with for in my his her this of to by but "
        "then so after before when what how yes did does do has have had said bid passed "
        "doubled out turn we they you me our their can will would there be been are at from "
        "partner opponent card cards board law dealer north south east west bidding auction "
        "an which".split()
    ),
    "de": frozenset(
        "der die das und ist nicht ein eine hat mit auf zu den dem ich er sie es von nach war "
        "wurde mein sein haben gesagt partner spieler reizung".split()
    ),
    "es": frozenset(
        "el los las y es una del por con para su mi fue ha pero como al lo dijo jugador "
        "pareja subasta turno abrio fuera izquierda derecha adversario companero paso doblo "
        "cuando porque".split()
    ),
    "it": frozenset(
        "il mio mia ha aperto fuori turno avversario compagno sinistra destra detto sono della "
        "alla perche quando giocatore licita dichiarazione".split()
    ),
}
# Call spellings that only one language uses: "1SA", "Ouest" vs "1NT", "1S".
_FR_CALLS = re.compile(r"\b\d\s?(?:sa|co|pi|ca)\b|\b(?:o|ouest)\b", re.IGNORECASE)
_EN_CALLS = re.compile(r"\b\d\s?(?:nt|s|h|d|c)\b|\bw\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+")


@cache
def _lexicon_words() -> dict[str, frozenset[str]]:
    """Words of each language's phrase lexicon that the other one lacks."""
    words = {
        lang: {
            w
            for phrases in lexicon_sections(lang).values()
            for phrase, _ in phrases
            for w in _WORD.findall(fold(phrase))
            if len(w) > 2
        }
        for lang in LANGUAGES
    }
    return {
        lang: frozenset(words[lang] - words[other]) for lang, other in (("fr", "en"), ("en", "fr"))
    }


_NUMBERS = {
    "fr": frozenset("un une deux trois quatre cinq six sept huit".split()),
    "en": frozenset("one two three four five six seven eight".split()),
}


def detect_language(text: str) -> tuple[str, bool]:
    """``(lang, foreign)``: ``"fr"`` or ``"en"``, and whether the message reads
    as another language (German, Spanish, Italian) rather than either.

    Function words count one, words found only in one language's lexicon half."""
    words = _WORD.findall(fold(text))
    counts = {lang: float(sum(w in vocab for w in words)) for lang, vocab in _WORDS.items()}
    for lang, vocab in _lexicon_words().items():
        counts[lang] += 0.5 * sum(w in vocab or w in _NUMBERS[lang] for w in words)
    fr, en = counts["fr"], counts["en"]
    other = max(counts["de"], counts["es"], counts["it"])
    foreign = other >= 2 and other > max(fr, en)  # one stray word is a mix ("mio 2K")
    if fr == en:
        fr += len(_FR_CALLS.findall(text))
        en += len(_EN_CALLS.findall(text))
    if fr == en:
        return DEFAULT, foreign
    return ("fr" if fr > en else "en"), foreign
