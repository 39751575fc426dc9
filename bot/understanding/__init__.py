"""Understanding free descriptions of auction irregularities, in French and English.

>>> from bot.understanding import classify
>>> result = classify("N 1S E 1H")
>>> result.irregularity, result.facts["offender"], result.facts["call"]
('insufficient_bid', 'E', '1H')
"""

from .classifier import IDS, LAW_LOOKUP, Classification, classify
from .normalise import Normalised, normalise

__all__ = ["classify", "Classification", "IDS", "LAW_LOOKUP", "normalise", "Normalised"]
