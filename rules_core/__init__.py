"""Arbitre's rules core: pure, deterministic rulings on auction-period irregularities.

>>> from rules_core import Incident, rule
>>> incident = Incident.from_dict({"dealer": "N", "calls": [["N", "1S"], ["E", "1H"]],
...     "facts": {"lho_accepts": False, "replacement": "lowest_same_denomination"}})
>>> rule(incident).laws
('27B', '27B1(a)', '27D')
"""

from .auction import Auction, Contract
from .calls import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Call,
    CallKind,
    InvalidCallError,
    InvalidSeatError,
    Relation,
    Seat,
    Strain,
    bid,
    parse_call,
    parse_seat,
)
from .incident import Incident, IncidentError, parse_fact_value
from .judge import rule
from .model import FACTS, Edition, Irregularity, Option, Outcome, Question, Result, Ruling

__all__ = [
    "Auction", "Contract", "DOUBLE", "PASS", "REDOUBLE", "Call", "CallKind",
    "InvalidCallError", "InvalidSeatError", "Relation", "Seat", "Strain", "bid",
    "parse_call", "parse_seat", "Incident", "IncidentError", "parse_fact_value", "rule",
    "FACTS", "Edition", "Irregularity", "Option", "Outcome", "Question", "Result", "Ruling",
]  # fmt: skip
