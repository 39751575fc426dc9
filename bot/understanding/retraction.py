"""The parts of a story its writer takes back.

People typing fast correct themselves in the text: "Partner opens 1D, RHO
passes... no sorry, partner opens 1D and RHO overcalls 1S", "et Nord… non,
pardon, Sud surcontre", "South doubled at North's turn? No. Correction: W 1H,
N pass, South doubled before East". Read whole, such a story holds two
versions of the same events and the reader takes the wrong one.
``without_retractions`` keeps the version the writer settled on.

It is the writer's own correction only: the correcting words are followed
by a player who acts again, not by a call (``he bid 2S, no sorry, 3S`` is a
player changing his call, Law 25) and not inside quotes.
"""

from __future__ import annotations

import re

from .data import fold

__all__ = ["without_retractions"]

# The words a writer corrects himself with, set off from what comes before
# ("Correction:" as a heading, not "the director allowed the correction."; "I
# mean" after a hesitation, not the "I mean" that goes on to explain).
_MARKER = re.compile(
    r"(?:(?<=[\s,.;:!?…\-—])|^)(?:"
    r"(?:no|non|nope)[\s,.!…]*(?:sorry|pardon|wait|attends|attendez|bon\b|ok\b|okay\b)"
    r"(?:[\s,]+(?:i\s+mean|je\s+veux\s+dire|let\s+me\s+get\s+this\s+right))?"
    r"|(?:wait|attends|attendez)[\s,.!…]*(?:no|non)\b"
    r"|(?:(?<=\.\.\.\s)|(?<=…\s)|(?<=\.\.\.)|(?<=…))(?:no|non)(?=[\s,])"
    r"|sorry[\s,]+i\s+mean"
    r"|(?:(?<=\.\.\.\s)|(?<=…\s)|(?<=\.\.\.)|(?<=…)|(?<=—\s))(?:i\s+mean|je\s+veux\s+dire)"
    r"|pardon[\s,]+je\s+(?:veux|voulais)\s+dire"
    r"|(?:(?:no|non)[\s.,!]+)?(?:correction|je\s+(?:reprends|recommence))\s*:"
    r"|let\s+me\s+(?:get\s+this\s+right|start\s+again|start\s+over|rephrase)"
    r")[\s,.:;!…\-—]+",
    re.IGNORECASE,
)

# Who may open the restated version: a seat or a player named by relation,
# alone or after a determiner ("my LHO", "mon adversaire de droite").
_PLAYERS = frozenset(
    {"north", "south", "east", "west", "nord", "sud", "est", "ouest", "n", "s", "e", "w", "o",
     "lho", "rho", "partner", "partenaire", "pard", "pd", "i", "je", "j", "moi", "dealer",
     "donneur", "donneuse", "opener", "ouvreur", "declarer", "declarant", "dummy", "mort",
     "adversaire", "opponent", "left", "right", "gauche", "droite"}
)  # fmt: skip
#: A seat alone, then a comma or the aside's end: "Nord, je suis Sud)".
_SEAT = r"(?:north|south|east|west|nord|sud|est|ouest)"
_A_SEAT_ALONE = re.compile(rf"\s*(?:{_SEAT}|[nesow])\s*[,)]", re.IGNORECASE)
_DETERMINERS = frozenset({"my", "mon", "ma", "the", "le", "la", "his", "her", "son", "sa"})

# Where one clause of a story ends and the next begins.
_CLAUSE_END = re.compile(
    r"(?:,|;|…|\.\.\.|—| - |\b(?:et|and|puis|then|mais|but)\b)", re.IGNORECASE
)
_SENTENCE_END = re.compile(r"[.!?\n]+(?=\s|$)")
# Before a correction that opens its own sentence ("bid 2C? no sorry, …"), not "...".
_OWN_SENTENCE = re.compile(r"(?<!\.\.)[.!?][\s,]*$")
_WORD = re.compile(r"[^\W_]+")
# A speaker's words: "then said no sorry, 3S" is the player's own correction.
_SPEECH = frozenset({"said", "says", "say", "saying", "dit", "dire", "disant", "went"})
_QUOTES_OPEN = "«“\"'"


def without_retractions(text: str) -> str:
    """``text`` with each version its writer takes back left out."""
    text = _seats_put_right(text)
    for _ in range(4):  # a story rarely corrects itself more often
        revised = _drop_first_retraction(text)
        if revised == text:
            return text
        text = revised
    return text


#: "…, sorry, it was West, not East", "Pardon, c'était Ouest, pas Est": the seat
#: named before was the wrong one (not "it was West's turn", "c'était à Ouest").
#: Owning up between the marker and the seat: "sorry, I make a mistake, it was West".
_MY_MISTAKE = (
    r"(?:i\s+mad?ke?\s+a\s+mistake|my\s+mistake|my\s+bad|je\s+me\s+trompe"
    r"|je\s+me\s+suis\s+tromp[ée]e?|excusez(?:-moi)?)"
)
_IT_WAS_ANOTHER = re.compile(
    rf"[\s,.;]+(?:(?:i\s+am\s+)?sorry|pardon|oops|non|no|i\s+mean|je\s+veux\s+dire)[\s,.]+"
    rf"(?:{_MY_MISTAKE}[\s,.;]+)?"
    rf"(?:it\s+was|c'[ée]tait|c\s+[ée]tait)\s+({_SEAT})\b(?!\s*'s)(?!\s+(?:turn|tour))"
    rf"(?:[\s,]+(?:not|pas)\s+({_SEAT})\b)?",
    re.IGNORECASE,
)
#: "I was West, no, East": the writer's own seat put right.
_I_WAS_ANOTHER = re.compile(
    rf"\b((?:i\s+was|i'm|im|i\s+am|j'[ée]tais|je\s+suis)\s+)({_SEAT})[\s,.]+(?:no|non)[\s,]+"
    rf"(?:(?:sorry|pardon|hang\s+on|wait|attends)[\s,]+)?({_SEAT})\b",
    re.IGNORECASE,
)


#: "J'ai demandé à Ouest... non, pardon, à Est", "mon adversaire de gauche... non,
#: de droite", "I asked West... no, sorry, East": one word taken back for another,
#: inside a phrase (not "West and I, North... no, West is next": a clause restated).
_PLACE = rf"(?:{_SEAT}|gauche|droite|left|right)"
_WORD_PUT_RIGHT = re.compile(
    rf"(?<=[^\W\d_]\s)({_PLACE})\s*(?:\.\.\.|…)\s*(?:no|non)\b[\s,.!]*(?:(?:sorry|pardon)[\s,.!]*)?"
    rf"(?:(?:à|a|to|de|of)\s+)?({_PLACE})\b",
    re.IGNORECASE,
)
_SIDES = frozenset({"gauche", "droite", "left", "right"})
#: "annoncé par Ouest — non, excusez, je me trompe, par Est", "posé par Ouest, non
#: pardon, par Est": the player a call is told made by, put right.
_BY = r"(?:par|by|de|à|to)\s+"
_AGENT_PUT_RIGHT = re.compile(
    rf"\b({_BY})({_SEAT})\s*[,—–-]+\s*(?:no|non)\b"
    r"(?:[\s,.!]*(?:sorry|pardon|excusez(?:-moi)?|excuse[\s-]moi|je\s+me\s+trompe|my\s+mistake))*"
    rf"[\s,.!]*{_BY}({_SEAT})\b",
    re.IGNORECASE,
)


def _word_put_right(found: re.Match[str]) -> str:
    """The word settled on, where both are seats or both sides; else as written."""
    wrong, right = fold(found.group(1)), fold(found.group(2))
    if (wrong in _SIDES) != (right in _SIDES):
        return found.group()
    return found.group(2)


def _seats_put_right(text: str) -> str:
    """The seat a writer corrects (``East dropped the ace, sorry, it was West``)
    replaced by the one he settles on, the correction left out."""
    text = _WORD_PUT_RIGHT.sub(_word_put_right, text)
    text = _AGENT_PUT_RIGHT.sub(lambda m: m.group(1) + m.group(3), text)
    text = _I_WAS_ANOTHER.sub(lambda m: m.group(1) + m.group(3), text)
    found = _IT_WAS_ANOTHER.search(text)
    if found is None:
        return text
    right, wrong = found.group(1), found.group(2)
    before = text[: found.start()]
    named = list(re.finditer(rf"\b{_SEAT}\b", before, re.IGNORECASE))
    if wrong is None:
        others = [m for m in named if fold(m.group()) != fold(right)]
        if not others:
            return text
        wrong = others[-1].group()
    last = next((m for m in reversed(named) if fold(m.group()) == fold(wrong)), None)
    if last is None:
        return text
    return before[: last.start()] + right + before[last.end() :] + text[found.end() :]


def _drop_first_retraction(text: str) -> str:
    for marker in _MARKER.finditer(text):
        if _quoted(text, marker.start()):
            continue
        restated = text[marker.end() :]
        # "non, pardon, je reprends : …": a second marker says it is the writer's
        again = _MARKER.match(restated)
        if again is not None:
            restated = restated[again.end() :]
        words = [fold(w) for w in _WORD.findall(restated[:80])]
        if not _opens_with_a_player(words):
            continue
        if fold(marker.group()).strip(" ,.…") in ("no", "non") and not _one_name_for_another(
            text[: marker.start()], restated
        ):
            continue  # a bare "... no," only takes back a name: "Sud... non, Nord, je suis Sud"
        before = text[: marker.start()]
        told = [fold(w) for w in _WORD.findall(before)]
        if again is None and told[-3:] and set(told[-3:]) & _SPEECH:
            continue  # "then said 'no sorry, 2NT'": the player's words
        start = _retracted_from(before, words)
        if start is None:
            continue
        kept = text[:start].rstrip()
        return kept + (" " if kept and not kept.endswith("(") else "") + restated
    return text


def _one_name_for_another(before: str, restated: str) -> bool:
    """A player named, "... non", and another named alone: ``(Sud... non, Nord, …)``."""
    told = _WORD.findall(before)
    return bool(told) and fold(told[-1]) in _PLAYERS and _A_SEAT_ALONE.match(restated) is not None


def _opens_with_a_player(words: list[str]) -> bool:
    head = words[:2]
    if head and head[0] in _DETERMINERS:
        head = head[1:]
    return bool(head) and head[0] in _PLAYERS


def _retracted_from(before: str, restated: list[str]) -> int | None:
    """Where the version taken back begins: where the restatement starts
    telling the same events again (``partner opens 1D`` twice); else the
    sentence before, when the correction opens its own (``… North's turn?
    No. Correction: …``); else the last clause of its sentence."""
    body = before.rstrip(" ,.;:!?…-—")
    if not body.strip():
        return None
    again = _told_again_at(body, restated[:3])
    if again is not None:
        return again
    sentence = max([0, *(end.end() for end in _SENTENCE_END.finditer(body))])
    if _OWN_SENTENCE.search(before):
        return sentence
    clauses = list(_CLAUSE_END.finditer(body, sentence))
    start = clauses[-1].start() if clauses else sentence
    opened = body.rfind("(", sentence)
    if opened > body.rfind(")") and opened >= start - 1:
        return opened + 1  # "mon partenaire (Sud... non, Nord, …)": inside the aside
    return start


def _told_again_at(body: str, words: list[str]) -> int | None:
    """The offset in ``body`` of the last place these three words follow each
    other (the restatement telling the same events again), if any."""
    if len(words) < 3:
        return None
    found = [(m.start(), fold(m.group())) for m in _WORD.finditer(body)]
    for k in range(len(found) - len(words), -1, -1):
        if [w for _, w in found[k : k + len(words)]] == words:
            return found[k][0]
    return None


def _quoted(text: str, at: int) -> bool:
    """Whether ``at`` is inside a quotation opened before it on its line."""
    line = text[:at].rsplit("\n", 1)[-1]
    if line.count("«") > line.count("»") or line.count("“") > line.count("”"):
        return True
    if line.count('"') % 2:
        return True
    tail = line.rstrip()[-2:]
    return any(q in tail for q in _QUOTES_OPEN)
