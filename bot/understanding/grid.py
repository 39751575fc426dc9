"""Bidding diagrams drawn as a grid -> one line of calls, each after its seat.

Directors and forum posters draw an auction as a table: a header of the
four seats, then one row a round, a cell a call, with the cells before the
dealer left empty (blank, ``-``, ``—``) and ``.`` for a player who has not
called::

    Dlr E
    N    E    S    W
         1♠   P    4♠
    P    X    P    P

Read word by word, the empty cells vanish and every call slides to the
wrong seat. This pass runs on the raw text, before the lines are joined, and
writes such a block as ``N 1♠, …`` is written in prose — ``E 1♠, S P, W 4♠,
N P, E X, S P, W P.`` — which the entity reader already places. Cells go to
the column whose header they sit under (by character position, tab stops
expanded, or by ``|``); under a header too tight for that (``N E S W``), a
short row is read in turn. The header may mark the dealer (``N(D)``, ``Sud*``)
or use two letters (``No Ea So We``); ``All Pass`` is the three closing passes;
a rule under the header is skipped; a row that is not a row of calls ends the
grid and is left as written.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["linearise_grids"]

#: Seat names a header may use, to their place in the rotation (N=0 … W=3).
_SEAT_NAMES = {
    "n": 0, "e": 1, "s": 2, "w": 3, "o": 3,
    "nord": 0, "est": 1, "sud": 2, "ouest": 3,
    "north": 0, "east": 1, "south": 2, "west": 3,
    "no": 0, "ea": 1, "so": 2, "we": 3,  # "No Ea So We", as some sites print them
}  # fmt: skip
#: A mark beside a seat in the header naming the dealer: ``N(D)``, ``W (dlr)``,
#: ``O (donneur)``, ``Sud*``.
_DEALER_MARK = re.compile(
    r"\s?(?:\((?:d|dlr|dealer|donneur|donneuse|don|dnr)\.?\)|\*)", re.IGNORECASE
)
#: One cell: a bid, a pass, a double or redouble, a mark for "to call" or
#: "end"; with marks a director adds (``1H*``, ``2♣!``, ``8♠→P``, ``P(slow)``).
_CALL = (
    r"(?:[1-9]\s?(?:nt|sa|n|s|h|d|c|t|k|p|co|ca|tr|pi|♣|♦|♥|♠)"
    r"|p|pass|passe|pas|x|xx|dbl|rdbl|redbl|ctr|contre|surcontre|surctr|sctr|sur|ap|ap\.|\?)"
)
_CELL = re.compile(
    rf"^{_CALL}(?:[*!?¹²³⁴⁵⁶⁷⁸⁹⁰†‡]+|(?:→|->){_CALL}|\([^()\s]{{1,12}}\))*$|^\((?:end|fin)\)$",
    re.IGNORECASE,
)
#: An empty cell: before the dealer, or a player who has not called yet.
_DOTS = frozenset({".", "..", "..."})
_DASHES = frozenset({"-", "–", "—", "_"})
_ENDS = frozenset({"(end)", "(fin)"})
_PASS_CELL = re.compile(r"^(?:p|pass|passe|pas)\b", re.IGNORECASE)
_ALL_PASS_CELL = "(allpass)"
#: "Dlr E", "donneur Est", "dealer: South": the dealer stated before the grid.
_DEALER = re.compile(
    r"\b(?:dlr|dealer|donneur|donneuse|donn|dnr|dn)\b\.?\s*[:=]?\s*(nord|north|est|east|sud|south|ouest|west|[nesow])\b",
    re.IGNORECASE,
)
#: Marks a director puts after a call: footnotes, doubt, alert.
_MARKS = re.compile(r"^[*!?¹²³⁴⁵⁶⁷⁸⁹⁰†‡]+$")
#: A director's note in parentheses closing a cell (``(hors tour, tour de S)``).
_LONG_NOTE = re.compile(r"\([^()]*\s[^()]*\)$")
#: A rule drawn under the header (``-----``, ``|---|---|``, ``=====``).
_RULE = re.compile(r"^[\s|+]*[-=_–—]{2,}[-=_–—\s|+]*$")
#: A digit alone, its strain in the next cell (``1 SA``, ``2 ♥``): one cell.
_SPLIT_BID = re.compile(
    r"(?<![\w.])([1-7])\s+(nt|sa|co|ca|tr|pi|♣|♦|♥|♠)(?!\w)", re.IGNORECASE
)
_SPACED_ARROW = re.compile(r"\s+(→|->)\s+(\S+)")
#: "All Pass", "tous passent", "AP": the passes that end the auction, one cell.
_ALL_PASS = re.compile(
    r"\b(?:all\s+pass(?:es)?|tous\s+passent|passe\s+g[ée]n[ée]rale?)\b|\bAP\b", re.IGNORECASE
)


def linearise_grids(text: str) -> str:
    """``text`` with each bidding grid written as one line of seat-call pairs."""
    if "\n" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        # "N . . . E . . . S . . . W": dots that only space the columns out
        spaced = _undotted if _DOTTED_HEADER.match(lines[i]) else _as_written
        header = _header(spaced(lines[i]))
        rows: list[list[tuple[int, str]]] = []
        j = i + 1
        dealer = _stated_dealer("\n".join(lines[: i + 1])) if header is not None else None
        while header is not None and j < len(lines):
            line = spaced(lines[j])
            if _RULE.match(line):
                j += 1  # "---- ---- ----", "|---|---|": a rule under the header
                continue
            row = _row(line, header)
            if row is None:
                after = (rows[-1][-1][0] + 1) % 4 if rows and rows[-1] else None
                row = _short_row(line, header, dealer, after)
                if row is None:
                    break
                wrap = next((k for k in range(1, len(row)) if row[k][0] < row[k - 1][0]), None)
                if wrap is not None:  # the row goes on into the next round
                    rows.append(row[:wrap])
                    row = row[wrap:]
            rows.append(row)
            j += 1
        if header is None or not rows or not any(cell for row in rows for _, cell in row):
            out.append(lines[i])
            i += 1
            continue
        mine = "" if header.writer is None else f" {_name(header, header.writer)} (me)."
        if out and re.search(r"\w\s*$", out[-1]):
            # "E is dealer" above the grid: its own sentence, not "dealer N 1♠"
            out[-1] = out[-1].rstrip() + "."
        out.append(mine + _written(header, rows, dealer))
        i = j
    return "\n".join(out)


#: A header whose seats are spaced out by dots: ``N . . . . E . . . . S . . . . W``.
_DOTTED_HEADER = re.compile(
    r"^\s*(?:n|e|s|w|o|nord|est|sud|ouest|north|east|south|west)"
    r"(?:(?:\s+\.)+\s+(?:n|e|s|w|o|nord|est|sud|ouest|north|east|south|west)){2,3}\s*$",
    re.IGNORECASE,
)
_SPACER_DOT = re.compile(r"(?<!\S)\.(?!\S)")


def _undotted(line: str) -> str:
    """The line with its spacing dots blanked, each column where it was."""
    return _SPACER_DOT.sub(" ", line)


def _as_written(line: str) -> str:
    return line


class _Header(NamedTuple):
    """A grid's four columns: the seats as written, their places in the
    rotation, where each column starts (a character offset, or a ``|`` cell
    index when ``piped``)."""

    names: tuple[str, ...]
    seats: tuple[int, ...]
    starts: tuple[int, ...]
    piped: bool
    bordered: bool = False  # "| N | E | S | W |": a "|" before the first column
    writer: int | None = None  # the column marked as the writer's ("me (S)", "S (moi)")
    sep: str = "|"  # what divides the cells when piped: "|", or "/" ("N / E / S / O")

    @property
    def aligned(self) -> bool:
        """Whether the columns are far enough apart to place cells by position."""
        return all(b - a >= 3 for a, b in zip(self.starts, self.starts[1:], strict=False))


def _header(line: str) -> _Header | None:
    """The four seats of a grid's header, in rotation order."""
    sep = "|" if "|" in line else "/" if _SLASHED.match(line) else ""
    piped = bool(sep)
    # the dealer's mark goes, the columns keep their places
    line = _DEALER_MARK.sub(lambda m: " " * len(m.group()), line.expandtabs())
    if piped:
        parts = [p.strip() for p in line.strip().strip(sep).split(sep)]
        words = [(w, k) for k, p in enumerate(parts) for w in _HEADER_WORD.findall(p) or [p]]
    else:
        words = [(m.group(), m.start()) for m in _HEADER_WORD.finditer(line)]
    found, writer = _labelled(words)
    names = tuple(name.rstrip(":") for name, _ in found)
    seats = tuple(_SEAT_NAMES.get(name.lower(), -1) for name in names)
    # four seats; three when the cells are divided or far apart ("N / E / S",
    # "S  W  N": the auction so far)
    spread = all(b[1] - a[1] >= 3 for a, b in zip(found, found[1:], strict=False))
    if len(found) != 4 and not ((piped or spread) and len(found) == 3) or -1 in seats:
        return None
    if any((b - a) % 4 != 1 for a, b in zip(seats, seats[1:], strict=False)):
        return None
    bordered = piped and line.lstrip().startswith(sep)
    return _Header(names, seats, tuple(col for _, col in found), piped, bordered, writer, sep)


#: A header whose seats are divided by slashes: ``N / E / S / O``, ``Nord/Est/Sud``.
_SLASHED = re.compile(r"^\s*[A-Za-z]+\s*(?:/\s*[A-Za-z]+\s*){2,3}$")


#: A word of a header, or a note in parentheses beside a seat (``N (partner)``).
_HEADER_WORD = re.compile(r"\([^()]{1,12}\)|[^\s()]+")
#: Who the writer is, beside a seat in a header: ``me (S)``, ``Sud (moi)``.
_WRITER_WORDS = frozenset({"me", "moi", "i", "myself", "you", "vous"})


def _labelled(words: list[tuple[str, int]]) -> tuple[list[tuple[str, int]], int | None]:
    """A header's seats with the notes beside them gone (``N (partner)``,
    ``(dlr)``), the seat in parentheses after the writer named in its place
    (``me (S)``), and which column is the writer's."""
    found: list[tuple[str, int]] = []
    writer = None
    for word, start in words:
        if not (word.startswith("(") and word.endswith(")")):
            found.append((word, start))
            continue
        inside = word[1:-1].strip().lower()
        last = found[-1][0].lower() if found else ""
        if inside in _SEAT_NAMES and last in _WRITER_WORDS:
            found[-1] = (word[1:-1].strip(), found[-1][1])  # "me (S)": South, the writer
            writer = len(found) - 1
        elif inside in _WRITER_WORDS and last in _SEAT_NAMES:
            writer = len(found) - 1  # "Sud (moi)"
    return found, writer


def _row(line: str, header: _Header) -> list[tuple[int, str]] | None:
    """The cells of one row of calls as (column, cell), or None when the line
    is no row (prose, a blank line)."""
    if not line.strip():
        return None
    line = line.expandtabs()
    if header.piped:
        # "    | 1D | 1NT | 1S": an empty first cell, unless the "|" is a border
        line = _SPLIT_BID.sub(lambda m: m.group(1) + m.group(2), line)
        parts = [_ALL_PASS.sub(_ALL_PASS_CELL, p.strip()) for p in line.split(header.sep)]
        if header.bordered and not parts[0]:
            parts = parts[1:]
        width = len(header.seats)
        if parts and not parts[-1] and (len(parts) > width or line.rstrip().endswith(header.sep)):
            parts = parts[:-1]
        if len(parts) > width or not all(_is_cell(p) or not p for p in parts):
            return None
        return [(k, p) for k, p in enumerate(parts) if p]
    merged = _cells(line)
    if merged is None:
        return None
    starts = header.starts
    if header.aligned:
        columns = [
            min(range(len(starts)), key=lambda k: abs(starts[k] - start)) for start, _ in merged
        ]
        if len(set(columns)) == len(columns) and columns == sorted(columns):
            return list(zip(columns, (cell for _, cell in merged), strict=True))
    if len(merged) == len(header.seats):
        return [(k, cell) for k, (_, cell) in enumerate(merged)]
    return None  # cells that cannot be placed: left as written


#: A pointer after a row's last cell, and what it says (``1NT  <-- here``).
_POINTER = re.compile(r"\s*(?:<-+|<=+|←|⟵).*$")


def _cells(line: str) -> list[tuple[int, str]] | None:
    """The cells of a line as (character offset, cell), or None when one is no cell."""
    line = _POINTER.sub("", line)
    # "1 SA" is one cell; padded, so that the cells after it keep their offsets
    joined = _SPLIT_BID.sub(lambda m: (m.group(1) + m.group(2)).ljust(len(m.group())), line)
    joined = _ALL_PASS.sub(lambda m: _ALL_PASS_CELL.ljust(len(m.group())), joined)
    # "2♣* → 3♣": a call cancelled and replaced, one cell
    joined = _SPACED_ARROW.sub(lambda m: (m.group(1) + m.group(2)).ljust(len(m.group())), joined)
    cells = [(m.start(), m.group()) for m in re.finditer(r"\([^()\n]*\)|\S+", joined)]
    # "P (slow)": a note in parentheses belongs to the cell before it
    merged: list[tuple[int, str]] = []
    for start, cell in cells:
        note = cell.startswith("(") and cell.endswith(")") and (
            cell.lower() not in _ENDS and cell != _ALL_PASS_CELL
        )
        # "X ?", "1♦ *": a mark a space after the call is the call's
        gap = start - (merged[-1][0] + len(merged[-1][1])) if merged else 0
        # ("P  ?  2C": a "?" two spaces on is the next player's cell)
        mark = merged and _MARKS.match(cell) and gap <= (1 if cell == "?" else 2)
        replaced = cell.startswith(("→", "->"))  # "2Co(3) →3Co": the call that replaced it
        if merged and (note or mark or replaced):
            merged[-1] = (merged[-1][0], merged[-1][1] + cell)
        else:
            merged.append((start, cell))
    if not merged or len(merged) > 4 or not all(_is_cell(cell) for _, cell in merged):
        return None
    return merged


def _short_row(
    line: str, header: _Header, dealer: int | None, after: int | None
) -> list[tuple[int, str]] | None:
    """A row of fewer than four cells that cannot be placed by position
    (``N E S W`` then ``1S P``), read in turn: the first row starts under the
    dealer stated, else ends at the last column (the cells left out are the
    ones before the dealer); a later one goes on from the column ``after``
    the previous row's last cell."""
    if header.piped or header.aligned or len(header.seats) < 4 or not line.strip():
        return None  # cells under columns far apart are placed by position or not at all
    merged = _cells(line.expandtabs())
    if merged is None or len(merged) >= 4:
        return None
    if after is not None:
        offset = after
    elif dealer is not None:
        offset = (dealer - header.seats[0]) % 4
    else:
        offset = 4 - len(merged)
    return [((offset + k) % 4, cell) for k, (_, cell) in enumerate(merged)]


def _is_cell(cell: str) -> bool:
    # "1♦(hors tour, tour de S)": a longer note in parentheses after the call
    cell = _LONG_NOTE.sub("", cell).strip() or cell
    return cell in _DASHES or cell in _DOTS or cell == _ALL_PASS_CELL or bool(_CELL.match(cell))


def _stated_dealer(text: str) -> int | None:
    """The dealer marked in the grid's header (``N(D)``; the header is the
    text's last line), else told before it (``Dlr E``)."""
    header = text.rsplit("\n", 1)[-1].expandtabs()
    mark = _DEALER_MARK.search(header)
    if mark is not None:
        names = re.findall(r"[^\s|*()]+", header[: mark.start()])
        if names and names[-1].lower() in _SEAT_NAMES:
            return _SEAT_NAMES[names[-1].lower()]
    found = _DEALER.findall(text)
    return _SEAT_NAMES.get(found[-1].lower()) if found else None


def _name(header: _Header, column: int) -> str:
    """The seat of a column as the header writes it, two-letter ones as a letter."""
    name = header.names[column]
    return "NESW"[header.seats[column]] if len(name) == 2 else name


def _seat_name(header: _Header, seat: int) -> str:
    """A seat as the header names it, or its compass letter when the header
    leaves it out (``N / E / S``: West)."""
    if seat in header.seats:
        return _name(header, header.seats.index(seat))
    return "NESW"[seat]


def _written(header: _Header, rows: list[list[tuple[int, str]]], dealer: int | None) -> str:
    """The grid's calls in table order, each after its seat as the header
    names it (``O`` stays ``O`` in a French note; ``No`` is written ``N``)."""
    pairs: list[str] = []
    started = False
    passes = 0  # passes in a row since the last bid, double or redouble
    bid = False
    waiting = False  # after a "?": the player to call has not called yet
    for r, row in enumerate(rows):
        for column, cell in row:
            name, seat, first = _name(header, column), header.seats[column], header.seats[0]
            before_dealer = dealer is not None and r == 0 and (
                (seat - first) % 4 < (dealer - first) % 4
            )
            if cell == _ALL_PASS_CELL:
                # the three passes that end the auction, from this column on
                rotation = (header.seats[column] + k for k in range(3))
                pairs += [f"{_seat_name(header, seat % 4)} P" for seat in rotation]
                started = True
                continue
            if cell in _DOTS or cell.lower() in _ENDS or (before_dealer and cell in _DASHES):
                continue  # (a call under a seat before the dealer's is one out of turn)
            if cell in _DASHES:
                if not started or (bid and passes >= 3) or waiting:
                    # "—  —  1♥": the cells before the first call, or after the
                    # end; "?  -  1♠": after the player to call, none called
                    continue
                cell = "P"
            if cell.lower() == "pas":
                cell = "P"  # "pas" under a seat is a pass, not the French "not"
            waiting = cell == "?"
            started = True
            if _PASS_CELL.match(cell):
                passes += 1
            else:
                bid, passes = True, 0
            pairs.append(f"{name} {cell}")
    return (" " + ", ".join(pairs) + ".") if pairs else ""
