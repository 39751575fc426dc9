"""Auctions as clubs and directors write them -> the calls in table order.

Works on the normalised tokens (``normalise``), so suit letters and symbols,
French and English call names and seat names are already canonical. Reads:

* calls with the seat after them in parentheses: ``1♠ (N) – 1♥ (E), S to call``;
* calls with no seat after a dealer: ``Dlr N. 1S 1H``, ``donneur S : 1♣ - 1♦``;
* a run of calls followed (or preceded) by one whose caller is named:
  ``4♠ P P P. Then W bid 5♦``, ``1S-P-1NT-X (W)``; the rotation gives the
  others their seats;
* calls with no seat at all (``1H X XX XX``): replayed from a lent dealer;
  the listing is then ``seatless`` and names no offender.

Lists where every call has its seat written before it (``N 1S E 1H``) are
left to the entity reader (``entities``), which also reads them in prose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_core.calls import Call, Seat

from .entities import DEALER_MARKS, DEALER_NOUNS, call_at, calls_in, header_dealer
from .normalise import BREAK, COMMA, DASHES, SEATS, Normalised

__all__ = [
    "ARROWS", "Listing", "arrow_between", "read_listing", "in_parentheses", "leads_parentheses",
    "within_parentheses"
]

_DEALER = DEALER_MARKS | {"donne"}
# Between two calls of one listing: separators anywhere; a verb only with
# the seat that made the call (``. Then W bid 5♦``).
_SEPARATORS = frozenset({COMMA, BREAK, "then", "puis", "ensuite", "et", "and"})
_VERBS = frozenset(
    {"bid", "bids", "said", "says", "dit", "a", "annonce", "mis", "met", "opened", "ouvre",
     "ouvert", "overcalled", "called"}
)  # fmt: skip
#: Words naming the dealer, not the board ("donne" is both).
_DEALER_NOUNS = DEALER_NOUNS | {"dlr"}
_MAX_GAP = 4
_BY = (("by",), ("par",), ("de",))
_IS = frozenset({"is", "was", "est", "etait"})


@dataclass(frozen=True, slots=True)
class Listing:
    """Calls in table order with their seats (all known, or all lent when ``seatless``)."""

    dealer: Seat | None
    calls: tuple[tuple[Seat, Call], ...]
    starts: tuple[int, ...]  # token index of each call
    seatless: bool


def in_parentheses(norm: Normalised, i: int) -> bool:
    """Whether token ``i`` is written alone in parentheses: ``1♥ (N)``."""
    start, end = norm.spans[i]
    before = norm.source[:start].rstrip()
    after = norm.source[end:].lstrip()
    return before.endswith("(") and after.startswith(")")


def within_parentheses(norm: Normalised, i: int) -> bool:
    """Whether token ``i`` is written inside parentheses opened before it
    (``Est (oups, c'était à Nord) contre``: Nord), alone or not."""
    before = norm.source[: norm.spans[i][0]]
    return before.rfind("(") > before.rfind(")")


#: In the words a seat's parentheses add after it: a call, or whose turn it
#: was (``X (N's turn)`` names the player who should have called, not the caller).
_NOT_THE_CALLER = re.compile(
    r"\d|\b(?:p|x|xx|pass|passe|contre|surcontre|double|redouble|dbl|turn|go|tour|a|à)\b"
    r"|\b(?:skip\w*|saut\w*|oubli\w*|not|pas|hadn\w*|yet|encore)\b"
    r"|^\s*['’]"
)


def leads_parentheses(norm: Normalised, i: int) -> bool:
    """Whether token ``i`` opens a short note in parentheses that names no
    call: ``1♥ (N)``, ``X (W oot)``, ``1♦ (O, HT)``; not ``1♥ (N had bid 1♠)``."""
    start, end = norm.spans[i]
    if not norm.source[:start].rstrip().endswith("("):
        return False
    rest = norm.source[end:]
    close = rest.find(")")
    note = rest[:close].lower()
    if note.lstrip().startswith(","):
        # "pass (E, at North's turn)", "X (S, oot)": the seat first, then a note on it
        return 0 <= close <= 40 and "(" not in note
    return 0 <= close <= 40 and "(" not in note and not _NOT_THE_CALLER.search(note)


def _dealer(tokens: tuple[str, ...]) -> Seat | None:
    header = header_dealer(tokens)
    if header is not None:
        return header
    for i, token in enumerate(tokens):
        if token in _DEALER:
            before = tokens[i - 1] if i and tokens[i - 1] in SEATS and token != "donne" else None
            for j in (i + 1, i + 2):
                if j < len(tokens) and tokens[j] == BREAK:
                    break
                if j < len(tokens) and tokens[j] in SEATS:
                    if before is not None and tokens[j + 1 : j + 2] not in ((), (BREAK,), (COMMA,)):
                        # "E dealer: S bid 1NT", "N dealer, E 1♠": the seat after the
                        # cue opens the auction; the one before it dealt
                        return Seat[before]
                    return Seat[tokens[j]]
            if before is not None:
                return Seat[before]
            if i > 1 and tokens[i - 1] in _IS and tokens[i - 2] in SEATS:
                return Seat[tokens[i - 2]]  # "North is dealer", "Sud est donneur"
    return None


def _chain(
    tokens: tuple[str, ...], noted: frozenset[int] = frozenset()
) -> list[tuple[int, int, Call]]:
    """The longest run of calls linked only by seats, separators and verbs (and
    the ``noted`` tokens: a note in parentheses, ``2♠ S (weak) – 2♥ W``)."""
    best: list[tuple[int, int, Call]] = []
    run: list[tuple[int, int, Call]] = []
    last_end = -1
    for i, end, call in calls_in(tokens):
        if call.is_bid and call.level > 7:
            continue  # a bid above seven is no part of a listing to replay
        if len(tokens[i]) > 3 and tokens[end : end + 1] and tokens[end] in _OBJECTS:
            # "W's double of an already-doubled 1♠", "S contre le 1♦": the verb
            # of the prose after a listing, not one of its calls
            if len(run) > len(best):
                best = run
            run = []
            continue
        if run and call.is_bid and call == run[-1][2]:
            # "… P, N 2SA. Nord a dit 2SA après le 3Co": the last bid told again in
            # the prose after the listing (no bid follows an equal one)
            if len(run) > len(best):
                best = run
            run = []
            continue
        span = range(last_end, i) if run else range(0)
        note = [k for k in span if k in noted]
        gap = tuple(tokens[k] for k in span if k not in noted)
        linked = len(gap) <= _MAX_GAP and len(note) <= 3 and all(
            t in _SEPARATORS or t in SEATS or (t in _VERBS and set(gap) & SEATS) for t in gap
        )
        if run and BREAK in gap and _maker_told_after(tokens, end):
            linked = False  # "… N –. 2T annoncé par S au tour de E": prose, its maker told
        if run and not linked:
            if len(run) > len(best):
                best = run
            run = []
        run.append((i, end, call))
        last_end = end
    return run if len(run) > len(best) else best


def _maker_told_after(tokens: tuple[str, ...], end: int) -> bool:
    """``2♣ annoncé par S``, ``2C bid by S``: the call's maker named after it."""
    return any(
        tokens[k] in ("par", "by") and tokens[k + 1] in SEATS
        for k in range(end, min(end + 3, len(tokens) - 1))
    )


_LINK_WORDS = frozenset({"then", "puis", "ensuite", "alors"})
_DEALT = frozenset({"dealt", "deals", "donne", "donnait"})
#: After a call named in prose, what it acts on: ``double of 1♠``, ``contre le 1♦``.
_OBJECTS = frozenset({"of", "on", "the", "de", "du", "le", "la", "sur", "son", "his", "her"})


def _seat_before(tokens: tuple[str, ...], start: int) -> Seat | None:
    """``S 1♥``, ``W bid 5♦``, ``E then bid 4♣``, ``E then doubled``, ``Nord
    donneur passe``: the seat written before a call."""
    if start and tokens[start - 1] in SEATS:
        return Seat[tokens[start - 1]]
    if start > 1 and tokens[start - 1] in _LINK_WORDS and tokens[start - 2] in SEATS:
        return Seat[tokens[start - 2]]  # "E then doubled", "O puis contre"
    if start > 1 and tokens[start - 1] in _DEALER_NOUNS and tokens[start - 2] in SEATS:
        return Seat[tokens[start - 2]]
    if start > 2 and tokens[start - 1] in ("and", "et") and tokens[start - 2] in _DEALT and (
        tokens[start - 3] in SEATS
    ):
        return Seat[tokens[start - 3]]  # "North dealt and passed"
    i = start - 1
    if i >= 0 and tokens[i] in _VERBS:
        i -= 1
        while i >= 0 and start - i <= 3 and tokens[i] in _LINK_WORDS:
            i -= 1
        if i >= 0 and tokens[i] in SEATS:
            return Seat[tokens[i]]
    return None


#: Words between a diagram's four seats and its calls: ``in W N E S order: 1♣ 1♥``.
_COLUMN_WORDS = frozenset({"order", "ordre", "columns", "colonnes", "grid", "grille"})


#: The four seats written as one word, in rotation (``WNES:``, ``NESO``), and the
#: first column; not "ones", an English word.
_GLUED_HEADERS = {
    word: Seat[{"o": "W"}.get(word[0], word[0].upper())]
    for letters in ("nesw", "neso")
    for word in (letters[k:] + letters[:k] for k in range(4))
    if word != "ones"
}


def _column_header(tokens: tuple[str, ...], start: int) -> Seat | None:
    """``W / N / E / S — 1♥ / P / 2♥``, ``N E S W: 1NT 2♣``: the four seats
    as the columns of a bidding diagram, just before the calls; the first
    column made the first call (not the last seat, read as ``W 1♥``)."""
    i = start
    while i and (tokens[i - 1] in (COMMA, ":") or tokens[i - 1] in _COLUMN_WORDS):
        i -= 1  # "in W N E S order: 1♣ 1♥", "W N E S columns: …"
    if i and tokens[i - 1] in _GLUED_HEADERS:
        return _GLUED_HEADERS[tokens[i - 1]]  # "WNES: 1S X XX X"
    head = tokens[i - 4 : i] if i >= 4 else ()
    if len(head) == 4 and all(t in SEATS for t in head) and all(
        Seat[b] == Seat((Seat[a] + 1) % 4) for a, b in zip(head, head[1:], strict=False)
    ):
        return Seat[head[0]]
    return None


def _directors_list(tokens: tuple[str, ...], chain: list[tuple[int, int, Call]]) -> bool:
    """``Dlr W 1NT, N P, E 2C, S P, W X``: a dealer and three calls or more,
    each with its seat and no verb: a director's listing even when the prose after it
    names a call again (``X of 2C``), which the entity reader cannot place."""
    terse = all(
        not set(tokens[end:start]) & _VERBS
        for (_, end, _), (start, _, _) in zip(chain, chain[1:], strict=False)
    )
    return terse and len(chain) >= 3 and _dealer(tokens) is not None


def _bare(tokens: tuple[str, ...], chain: list[tuple[int, int, Call]]) -> bool:
    """Calls one after the other with nothing but commas between them."""
    return all(
        all(t == COMMA for t in tokens[end:start])
        for (_, end, _), (start, _, _) in zip(chain, chain[1:], strict=False)
    )


def read_listing(norm: Normalised) -> Listing | None:
    """The listing the text holds, or None when there is none (fewer than two
    calls) or the entity reader reads it as well (a seat before every call).

    After a dealer, a run of calls with no seat that reads as no listing as a
    whole is read up to its first seat or word (``Dlr S. 1C P 1S P X — S
    doubles N's 1S``: the prose after it tells the story of the listing)."""
    tokens = norm.tokens
    chain = _chain(tokens, _noted(norm))
    listing = _listing(norm, chain)
    if listing is not None or _dealer(tokens) is None:
        return listing
    # "Dlr S. 1C P 1S P X — S doubles N's 1S": calls with no seat after the
    # dealer, then prose that names calls again; the bare run is the listing
    bare = 1
    while bare < len(chain) and not set(tokens[chain[bare - 1][1] : chain[bare][0]]) - {COMMA}:
        bare += 1
    run = chain[:bare]
    if 2 <= bare < len(chain) and all(_seat_before(tokens, st) is None for st, _, _ in run):
        return _listing(norm, run)
    return None


#: After a note in a listing, the separator before the next call.
_NOTE_THEN = ("–", "—", "-", "/", ",", ";", "|")


def _noted(norm: Normalised) -> frozenset[int]:
    """Tokens of a short note in parentheses after a seat (``S (weak)``, ``W
    (insuff.)``) or after a comma beside it (``2♦ (N, Multi)``): no call in
    it, so it does not break a listing."""
    tokens, spans, source = norm.tokens, norm.spans, norm.source
    noted: set[int] = set()
    for i in range(1, len(tokens)):
        if tokens[i - 1] not in SEATS:
            continue
        opened = source[spans[i - 1][1] : spans[i][0]].strip() == "(" or (
            tokens[i] == COMMA and source[: spans[i - 1][0]].rstrip().endswith("(")
        )
        if not opened:
            continue
        close = source.find(")", spans[i][0])
        if close < 0 or not source[close + 1 :].lstrip().startswith(_NOTE_THEN):
            continue  # (not "then E (dummy) 'pass' again": the prose after a listing)
        end = i
        while end < len(tokens) and spans[end][0] < close:
            end += 1  # up to the closing parenthesis, not to the message's end
        inside = range(i, end)
        if len(inside) <= 3 and not any(call_at(tokens, k) for k in inside):
            noted.update(inside)
    return frozenset(noted)


#: Written between two calls: the second replaces the first (``E: 4♠ → 4♥``).
ARROWS = ("→", "->", "=>", "⇒")


def arrow_between(norm: Normalised, first_end: int, second_start: int) -> bool:
    """Whether an arrow is written between the token ending at ``first_end``
    (exclusive) and the one at ``second_start``."""
    spans = norm.spans
    if first_end < 1 or first_end > second_start or second_start >= len(spans):
        return False
    gap = norm.source[spans[first_end - 1][1] : spans[second_start][0]]
    return any(arrow in gap for arrow in ARROWS)


def _turns(norm: Normalised, chain: list[tuple[int, int, Call]]) -> list[int]:
    """Each call's place in the rotation: one arrow in a listing is a call
    replaced by the same player (``1D-P-1H-P-1S -> 1NT``, ``S 2C? -> 2D``), so
    the call after it takes the same turn; several arrows are the listing's
    own separators (``1♣ → 1♥ → 1♠``)."""
    arrowed = [
        k for k in range(1, len(chain)) if arrow_between(norm, chain[k - 1][1], chain[k][0])
    ]
    turns = [0]
    for k in range(1, len(chain)):
        turns.append(turns[-1] + (0 if arrowed == [k] else 1))
    return turns


def _seats_after(
    norm: Normalised, chain: list[tuple[int, int, Call]]
) -> tuple[list[Seat | None], bool]:
    """The seat written after each call (``1♥ (S)``, ``X by W``, ``X de S``),
    and whether any is."""
    tokens = norm.tokens
    seats: list[Seat | None] = []
    after_style = False
    for _, end, _ in chain:
        if end < len(tokens) and tokens[end] in SEATS and leads_parentheses(norm, end) and (
            not _turn_note(tokens, end)
        ):
            seats.append(Seat[tokens[end]])
            after_style = True
        elif tokens[end : end + 1] in _BY and tokens[end + 1 : end + 2] and (
            tokens[end + 1] in SEATS
            and (end + 2 >= len(tokens) or call_at(tokens, end + 2) is None)
        ):  # "1NT P P XX by W", "1SA – P – X de S" (not "X de S 1♠", S's 1♠ doubled)
            seats.append(Seat[tokens[end + 1]])
            after_style = True
        else:
            seats.append(None)
    if not after_style:
        seats, after_style = _seats_before_separators(norm, chain)
    return seats, after_style


def _turn_note(tokens: tuple[str, ...], seat: int) -> bool:
    """``E X (N to call)``, ``S X (N was to call)``, ``1♦ (S à parler)``: the
    note names whose turn it was, not the call's maker."""
    rest = tokens[seat + 1 : seat + 3]
    if rest[:1] and rest[0] in _WAS:
        rest = tokens[seat + 2 : seat + 4]
    return rest[:1] in (("turn",), ("tour",)) or rest in _TO_CALL


_WAS = frozenset({"was", "is", "etait", "est"})


_TO_CALL = frozenset(
    {("to", "call"), ("to", "bid"), ("to", "speak"), ("a", "parler"), ("de", "parler"),
     ("doit", "parler"), ("devait", "parler"), ("s", "turn")}
)  # fmt: skip


#: Joining a seat to the call after it: ``W-1D``, ``N:1S``.
_GLUED = frozenset({"-", ":", "–"})
#: Written between the calls of a listing: ``1NT E – X S – XX E``, ``1♠ N / X E``.
_LISTING_SEPARATORS = ("–", "—", "-", "/", ",", ";", "|", ".", "(")


def _seats_before_separators(
    norm: Normalised, chain: list[tuple[int, int, Call]]
) -> tuple[list[Seat | None], bool]:
    """``1NT E – X S – XX E``: each seat written right after its call, the
    separator after the seat (``N 1S – E 1H`` has it before the seat: the seat
    belongs to the next call). Read so only when two calls at least are written so."""
    tokens, spans, source = norm.tokens, norm.spans, norm.source
    glued = sum(
        start > 0 and tokens[start - 1] in SEATS
        and source[spans[start - 1][1] : spans[start][0]] in _GLUED
        for start, _, _ in chain
    )  # fmt: skip
    if glued >= 2:
        return [None] * len(chain), False  # "W-1D N-1NT E-1S": each seat joined to its call
    seats: list[Seat | None] = []
    for k, (_, end, _) in enumerate(chain):
        seat = None
        if end < len(tokens) and tokens[end] in SEATS:
            gap = source[spans[end - 1][1] : spans[end][0]]
            after = source[spans[end][1] :].lstrip()
            last = k == len(chain) - 1
            dash_passed = tokens[end + 1 : end + 2] == ("p",) and (
                source[spans[end + 1][0] : spans[end + 1][1]] in DASHES
            )
            # ("O 1T N - E 1C": the dash read as North's pass separates nothing)
            if not gap.strip() and (last or after.startswith(_LISTING_SEPARATORS)) and not (
                dash_passed
            ):
                seat = Seat[tokens[end]]
        seats.append(seat)
    if sum(s is not None for s in seats) >= 2:
        return seats, True
    return [None] * len(chain), False


def _seat_breaks_rotation(
    chain: list[tuple[int, int, Call]], seats: list[Seat | None], dealer: Seat | None
) -> bool:
    """``Dlr N: 1♣ P, W X``: the dealer's calls with no seat, then a call whose
    seat, written before it, is out of the rotation; not calls told again in
    prose after the listing (``1C P 1S P X — S doubles N's 1S``: a bid twice)."""
    bids = [call for _, _, call in chain if call.is_bid]
    return (
        dealer is not None and None in seats and seats[0] in (None, dealer)
        and len(chain) >= 3 and len(set(bids)) == len(bids)
        and chain[-1][2] != chain[-2][2]
    )  # fmt: skip


def _listing(norm: Normalised, chain: list[tuple[int, int, Call]]) -> Listing | None:
    tokens = norm.tokens
    if len(chain) < 2:
        return None
    turn = _turns(norm, chain)
    first_start = chain[0][0]
    if first_start and tokens[first_start - 1] in SEATS and in_parentheses(norm, first_start - 1):
        # "(N) 1♣ (E) 1♥ (S) 1♦": each seat in parentheses before its call;
        # replayed like the "1♥ (S)" style, the seats being written
        seats = [
            Seat[tokens[st - 1]] if st and tokens[st - 1] in SEATS else None
            for st, _, _ in chain
        ]
        after_style = True
    else:
        seats, after_style = _seats_after(norm, chain)
    if after_style:
        # "4♥ (E) P P P; S X": a seat written before a call counts as well
        # (not the seat the call before took: "1♥ S – P – X N")
        seats = [
            s if s is not None or (start and in_parentheses(norm, start - 1)) or (
                k and seats[k - 1] is not None and chain[k - 1][1] == start - 1
            )
            else _seat_before(tokens, start)
            for k, (s, (start, _, _)) in enumerate(zip(seats, chain, strict=True))
        ]
    if not after_style:
        seats = [_seat_before(tokens, start) for start, _, _ in chain]
        header = _column_header(tokens, chain[0][0])
        if header is not None:
            seats[0] = header
        if all(s is not None for s in seats) and not _directors_list(tokens, chain):
            return None  # "N 1S E 1H": the entity reader's
    dealer = _dealer(tokens)
    known = [(k, s) for k, s in enumerate(seats) if s is not None]
    if not known and dealer is None and not _bare(tokens, chain):
        return None  # calls in prose with nobody named: not a listing
    if any(start < chain[0][0] for start, _, _ in calls_in(tokens)) and not after_style:
        return None  # calls told before the run: the story going on, not the auction
    if known:
        k, seat = known[0]
        first = Seat((seat - turn[k]) % 4)
        if after_style and dealer is not None and first != dealer:
            # "Dlr W. 1NT P P XX by W": the dealer starts the rotation; a seat
            # written out of it is a call out of rotation
            seat, k = dealer, 0
            first = dealer
        if any(s != Seat((first + turn[j]) % 4) for j, s in known):
            if after_style or _seat_breaks_rotation(chain, seats, dealer):
                # ``1H (S) P (W) 1S (E)``, ``4♥ (E) P P P; S X``: one call out of
                # rotation; the calls are replayed as written, each seat not
                # written being the next in rotation, and the rules core names it
                written: list[Seat] = []
                for j, s in enumerate(seats):
                    if s is None:
                        step = turn[j] - turn[j - 1] if j else 0
                        s = (
                            Seat((written[-1] + step) % 4) if written
                            else Seat((seat - turn[k] + turn[j]) % 4)
                        )
                    written.append(s)
                return Listing(
                    dealer=dealer,
                    calls=tuple((s, c) for s, (_, _, c) in zip(written, chain, strict=True)),
                    starts=tuple(st for st, _, _ in chain),
                    seatless=False,
                )
            return None  # a call out of rotation among them: the entity reader's
    elif dealer is not None:
        first = dealer
    else:
        first = Seat.N
    calls = tuple((Seat((first + turn[j]) % 4), c) for j, (_, _, c) in enumerate(chain))
    return Listing(
        dealer=dealer,
        calls=calls,
        starts=tuple(s for s, _, _ in chain),
        seatless=not known and dealer is None,
    )
