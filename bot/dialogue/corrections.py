"""Short corrections, read by the dialogue itself.

The understanding reads a whole description; a correction typed in the
middle of the dialogue is often just a few words it cannot place on its own:
"no, it was West", "c'était Ouest", "South accepted", "Sud a refusé". Only
two shapes are read here, and only when they are the whole message, so a
real description never goes through this module:

* who offended: "(no,) it was West", "(non,) c'était Ouest", "West did it",
  "en fait c'était mon partenaire", "it was my LHO";
* whether a named seat accepted: "South accepted", "Sud n'a pas accepté".
  Accepting is the offender's left-hand opponent's right (Laws 27A, 29A), so
  this is read only when that seat is the offender's LHO.
"""

from __future__ import annotations

import re

from bot.understanding.data import fold
from rules_core import Seat

from .merge import Statement

__all__ = ["read_correction"]

_SEATS = {
    "nord": Seat.N, "north": Seat.N, "sud": Seat.S, "south": Seat.S,
    "est": Seat.E, "east": Seat.E, "ouest": Seat.W, "west": Seat.W,
    "n": Seat.N, "s": Seat.S, "e": Seat.E, "o": Seat.W, "w": Seat.W,
}
_SEAT = r"(?P<seat>nord|north|sud|south|est|east|ouest|west|[nseow]\b)"
_LEAD = (r"^(?:(?:non|no|nope|en fait|actually|in fact|pardon|sorry|oups|oops|"
         r"correction|erreur|mistake|plutot|rather)\b[\s,;:!.-]*)*")
_NOT_OTHER = (r"(?:[\s,;-]*(?:not|pas|et non|and not|au lieu de|instead of)\s+"
              r"(?:nord|north|sud|south|est|east|ouest|west|[nseow]\b))?")
_END = r"[\s.!]*$"

#: A player named from the writer's place ("mon partenaire", "my LHO").
_RELATIVE = {
    "self": r"moi|me|myself|i",
    "partner": r"(?:mon |my )?(?:partenaire|partner|pard)",
    "lho": r"(?:mon |my |l')?(?:adversaire de gauche|adv\.? ?g|lho|left-hand opponent|"
           r"left hand opponent|gauche)",
    "rho": r"(?:mon |my |l')?(?:adversaire de droite|adv\.? ?d|rho|right-hand opponent|"
           r"right hand opponent|droite)",
}
_WHO = "(?:" + "|".join(f"(?P<{k}>{v})" for k, v in _RELATIVE.items()) + ")"
_IT_WAS = (r"(?:it was|it's|it is|twas|c'etait|c'est|ce fut|c etait|"
           r"the offender (?:was|is)|le fautif (?:etait|est|c'est))\s+")
_BY_PLACE = re.compile(_LEAD + _IT_WAS + _WHO + r"(?:[\s,;-]*(?:not|pas|et non|and not)\s+"
                       r"[\w' -]{1,30})?" + _END)

_OFFENDER = [
    re.compile(_LEAD + _IT_WAS + _SEAT + _NOT_OTHER + _END),
    re.compile(_LEAD + _SEAT + r"\s+(?:did it|made it|was the offender|is the offender|"
               r"l'a fait|est le fautif|etait le fautif)" + _NOT_OTHER + _END),
]

_ACCEPTED = re.compile(
    _LEAD + _SEAT + r"\s+(?:has\s+|had\s+|did\s+|a\s+)?(?:accepted|accepts|accept|accepte|"
    r"acceptait)(?:\s+(?:it|the (?:call|bid)|la declaration|l'enchere))?" + _END)
_REFUSED = re.compile(
    _LEAD + _SEAT + r"\s+(?:(?:did not|didn't|does not|doesn't|has not|hasn't|won't|"
    r"will not|n'a pas|n'accepte pas|n'acceptait pas|ne l'a pas|n a pas)\s*(?:accepted|accept|"
    r"accepte)?|(?:has\s+|a\s+)?(?:refused|refuses|refuse|declined|declines|rejected|rejects|"
    r"refusait))(?:\s+(?:it|the (?:call|bid)|la declaration|l'enchere))?" + _END)


def _fold(text: str) -> str:
    return " ".join(fold(text.replace("’", "'")).split())


def read_correction(text: str, offender: Seat | None) -> Statement | None:
    """What a short correction states, given the offender known so far; None
    when ``text`` is not one of the shapes above."""
    folded = _fold(text)
    if len(folded) > 80:  # a correction is a few words; anything longer is a description
        return None
    for pattern in _OFFENDER:
        match = pattern.match(folded)
        if match:
            return Statement(offender=_SEATS[match["seat"]].name)
    match = _BY_PLACE.match(folded)
    if match:
        relative = next(k for k in _RELATIVE if match[k])
        return Statement(offender_relative=relative)
    for pattern, accepts in ((_REFUSED, False), (_ACCEPTED, True)):
        match = pattern.match(folded)
        if match and offender is not None and _SEATS[match["seat"]] is offender.lho:
            return Statement(facts={"lho_accepts": accepts})
    return None
