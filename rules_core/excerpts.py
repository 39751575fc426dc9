"""The Law excerpts a ruling rests on, by paragraph and edition.

Three layers, built once from this package's data and then read only:

1. The seed texts (``data/seeds/``): the French Laws the project was
   specified from, parsed into paragraphs and quoted word for word (only
   whitespace and the Markdown of seed 002 are normalised).
2. ``data/excerpts.toml``: the project's English rendering of every seed
   paragraph, its own short French and English statement of each rule the
   seeds lack or that the 2017 Laws changed, law titles and search keywords.
3. One tree of paragraphs per edition. Edition 2007 quotes the seeds (whose
   Laws 17-22 are the older 1997 wording); edition 2017 quotes a seed
   paragraph only where the 2017 Law kept it, and otherwise states the 2017
   rule in the project's words with the seed text as the former wording.

Paragraph references: ``"27"`` (a whole Law), ``"27B"``, ``"27B1"``,
``"27B1(a)"``, ``"20F5(b)(i)"``; the bidding-box regulation (seed 003) is
``"BB"`` with points ``"BB1"``-``"BB7"`` and ``"BB4(a)"``-``"BB4(c)"``
(``Excerpt.law == 0``).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from rapidfuzz import fuzz, process

from .model import Edition

__all__ = [
    "Excerpt",
    "SeedParagraph",
    "BIDDING_BOX_LAW",
    "normalise_ref",
    "parent_ref",
    "law_of",
    "excerpt",
    "refs",
    "laws",
    "search",
    "seed_paragraphs",
    "seed_paragraph",
]

#: ``Excerpt.law`` of the bidding-box regulation, which is not a Law.
BIDDING_BOX_LAW = 0

SEED_FILES: Mapping[str, str] = {
    "000": "000_46f45d7afd0e7bc6.txt",
    "001": "001_7775301ae96641e5.txt",
    "002": "002_c9f8bf6bbef9baec.txt",
    "003": "003_1540ee7a219c4b31.txt",
    "004": "004_bb0ba8659773a5b9.txt",
}

#: Which seed file is quoted for each Law. Seed 000 also holds an older Law 20
#: (with screens); it stays readable through ``seed_paragraph("000", ...)``.
_CANONICAL_FILE: Mapping[str, str] = {
    "17": "000", "18": "000", "19": "000", "21": "000", "22": "000",
    "20": "001", "27": "004", "29": "002", "30": "002", "31": "002", "32": "002",
    "BB": "003",
}  # fmt: skip


# --- Paragraph references ---------------------------------------------------

_ROMAN = ("i", "ii", "iii", "iv", "v", "vi")
_REF = re.compile(
    r"(?P<law>\d{1,2})"
    r"(?:(?P<letter>[a-h])"
    r"(?:(?P<num>[1-9])"
    r"(?:\(?(?P<sub>[a-h])\)?"
    r"(?:\(?(?P<roman>vi|v|iv|iii|ii|i)\)?)?)?)?)?"
)
_BB_REF = re.compile(r"(?P<num>[1-7])?(?:\(?(?P<sub>[a-c])\)?)?")
_PREFIX = re.compile(r"^(?:lois?|laws?|articles?|art|l)\s*\.?\s*(?=\d)")
_BB_PREFIX = re.compile(r"^(?:bb|bidding[ -]?box(?:es)?|boites? a (?:encheres|annonces))\s*")


def _fold(text: str) -> str:
    """Lower case without accents: "Enchère" -> "enchere"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def normalise_ref(text: str) -> str | None:
    """The canonical paragraph reference in ``text``, or None if it is not one.

    ``"Loi 27 B 1 a"``, ``"27b1a"``, ``"L27B1(a)"`` and ``"law 27B1(a)"`` all give
    ``"27B1(a)"``; ``"bb 4"`` gives ``"BB4"``.
    """
    folded = _fold(text).strip()
    bidding_box = _BB_PREFIX.match(folded)
    if bidding_box:
        rest = re.sub(r"[\s.,:;-]+", "", folded[bidding_box.end() :])
        match = _BB_REF.fullmatch(rest)
        if match is None or (match["sub"] and match["num"] != "4"):
            return None
        ref = "BB" + (match["num"] or "")
        return ref + (f"({match['sub']})" if match["sub"] else "")
    folded = _PREFIX.sub("", folded)
    # Punctuation around a number is not part of it: "27?", "«27»", "27 !".
    compact = re.sub(r"[\s.,:;?!¿¡«»\"“”'‘’-]+", "", folded)
    match = _REF.fullmatch(compact)
    if match is None or not 1 <= int(match["law"]) <= 93:
        return None
    ref = str(int(match["law"]))
    if match["letter"]:
        ref += match["letter"].upper()
    if match["num"]:
        ref += match["num"]
    if match["sub"]:
        ref += f"({match['sub']})"
    if match["roman"]:
        ref += f"({match['roman']})"
    return ref


def _split_ref(ref: str) -> list[str]:
    """``"20F5(b)(i)"`` -> ``["20", "F", "5", "(b)", "(i)"]``."""
    head = re.match(r"BB|\d+", ref)
    if head is None:
        raise ValueError(f"not a paragraph reference: {ref!r}")
    parts = [head.group()]
    parts += re.findall(r"\([a-z]+\)|[A-Z]|\d", ref[head.end() :])
    if "".join(parts) != ref:
        raise ValueError(f"not a paragraph reference: {ref!r}")
    return parts


def parent_ref(ref: str) -> str | None:
    """The paragraph ``ref`` belongs to: ``"27B1(a)"`` -> ``"27B1"``; a Law -> None."""
    parts = _split_ref(ref)
    return "".join(parts[:-1]) if len(parts) > 1 else None


def _ancestry(ref: str) -> Iterator[str]:
    current: str | None = ref
    while current is not None:
        yield current
        current = parent_ref(current)


def law_of(ref: str) -> int:
    """The Law a paragraph belongs to (``BIDDING_BOX_LAW`` for "BB...")."""
    head = _split_ref(ref)[0]
    return BIDDING_BOX_LAW if head == "BB" else int(head)


def _sort_key(ref: str) -> tuple[int, ...]:
    """Document order of paragraphs: 27 < 27A < 27A1 < 27B < 27B1(a) < BB."""
    key: list[int] = []
    for position, part in enumerate(_split_ref(ref)):
        if part == "BB":
            key.append(1000)
        elif part.isdecimal():
            key.append(int(part))
        elif position == 4:  # "20F5(b)(ii)": the fifth level is roman
            key.append(_ROMAN.index(part[1:-1]) + 1)
        elif part.startswith("("):
            key.append(ord(part[1]) - 96)
        else:
            key.append(ord(part) - 64)
    return tuple(key)


def _label(ref: str) -> str:
    """How a paragraph is numbered inside its parent: "B.", "1.", "(a)"."""
    last = _split_ref(ref)[-1]
    return last if last.startswith("(") else f"{last}."


# --- The seed texts ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeedParagraph:
    """One paragraph of a seed file, its own words only (not its sub-paragraphs).

    ``heading`` and ``body`` come before the sub-paragraphs, ``tail`` after
    them; ``notes`` are the footnotes its words point to (``"*"``, ``"[NOTE 1]"``).
    """

    file: str
    ref: str
    heading: str = ""
    body: str = ""
    tail: str = ""
    notes: tuple[str, ...] = ()


@dataclass(slots=True)
class _Draft:
    ref: str
    heading: str = ""
    lines: list[str] = field(default_factory=list)
    tail: list[str] = field(default_factory=list)


_NOTE_MARK = re.compile(r"\[NOTE(?: \d)?\]|(?<![*\\])\*{1,3}(?!\*)")


def _join(lines: Sequence[str]) -> str:
    """Join a paragraph's source lines, changing whitespace only.

    A blank line (``""``) separates paragraphs. Within one, a line that ends a
    sentence or opens a list item starts a new line; a line broken
    mid-sentence (the web extraction of seed 000) is joined with a space, or
    with nothing after an elided article ("l'" / "Annexe").
    """
    out: list[str] = []
    previous = ""
    for raw in lines:
        line = " ".join(raw.split())
        if not line:
            previous = ""
            continue
        if not out or not previous:
            out.append(line)
        elif previous.endswith((".", ":", ";", "!", "?")) or re.match(
            r"-\s|\((?:[a-h]|[ivx]+)\)\s", line
        ):
            out.append(line)
        elif previous.endswith("'"):
            out[-1] += line
        else:
            out[-1] += " " + line
        previous = line
    return "\n".join(out)


def _note_marks(text: str) -> list[str]:
    return [m.group() for m in _NOTE_MARK.finditer(text)]


def _finish(
    file: str, drafts: Sequence[_Draft], notes: Mapping[str, str]
) -> tuple[dict[str, SeedParagraph], dict[str, str]]:
    """Join each draft's lines; ``notes`` maps "law|mark" to a footnote, and a
    mark in a paragraph points to the footnote of its own Law only."""
    paragraphs: dict[str, SeedParagraph] = {}
    for draft in drafts:
        if draft.ref in paragraphs:
            raise ValueError(f"seed {file}: paragraph {draft.ref} twice")
        law = _split_ref(draft.ref)[0]
        body, tail = _join(draft.lines), _join(draft.tail)
        marks = [m for m in _note_marks(body + "\n" + tail) if f"{law}|{m}" in notes]
        paragraphs[draft.ref] = SeedParagraph(
            file,
            draft.ref,
            " ".join(draft.heading.split()),
            body,
            tail,
            tuple(dict.fromkeys(marks)),
        )
    return paragraphs, dict(notes)


_NOISE_000 = re.compile(r"^(?:\d° Partie|Chapitre \d)")


def _parse_000(
    text: str, shapes: Mapping[str, Sequence[str]]
) -> tuple[list[_Draft], dict[str, str]]:
    """Seed 000 numbers every paragraph "1."; the letters come back by order
    from ``shapes`` (law -> its paragraphs in document order)."""
    drafts: list[_Draft] = []
    notes: dict[str, list[str]] = {}
    pending: list[str] = []
    target: list[str] | None = None
    law = ""
    for raw in text.splitlines():
        line = raw.replace("\xa0", " ").strip()
        if _NOISE_000.match(line):
            continue
        if m := re.match(r"^Loi (\d+) {2,}(\S.*)$", line):  # "Loi 90 pour": a mention
            law = m.group(1)
            pending = list(shapes[law])
            drafts.append(_Draft(law, heading=m.group(2)))
            target = drafts[-1].lines
        elif m := re.match(r"^1\. +(\S.*)$", line):
            if not pending:
                raise ValueError(f"seed 000: Law {law} has more paragraphs than its shape")
            drafts.append(_Draft(pending.pop(0), heading=m.group(1)))
            target = drafts[-1].lines
        elif m := re.match(r"^NOTE( \d)? ?:$", line):
            number = m.group(1) or ""
            target = notes.setdefault(f"{law}|[NOTE{number}]", [])
        elif target is not None:
            target.append(line)
    for law_ref, shape in shapes.items():
        got = [d.ref for d in drafts if _split_ref(d.ref)[0] == law_ref]
        if got != [law_ref, *shape]:
            raise ValueError(f"seed 000: Law {law_ref} parsed as {got}, expected {shape}")
    return drafts, {
        key: f"NOTE{key.split('NOTE')[1][:-1]} : " + _join(lines) for key, lines in notes.items()
    }


_LETTER = re.compile(r"^([A-H])\.\s*(\S.*)$")
_NUMBER = re.compile(r"^(\d)\.\s*(.*)$")
_SUB = re.compile(r"^\(([a-h]|[ivx]+)\)\s*(.*)$")
_FOOTNOTE = re.compile(r"^(\*{1,3})\s*\S")


def _demarkdown(line: str) -> str:
    line = line.strip()
    if line.startswith("#"):
        line = line.lstrip("#").strip()
        if line.startswith("**") and line.endswith("**"):
            line = line[2:-2].strip()
    return line.replace("\\*", "*")


def _parse_lettered(file: str, text: str) -> tuple[list[_Draft], dict[str, str]]:
    """Seeds 001, 002 and 004: "LOI n", lettered A., numbered 1., then (a), (i)."""
    drafts: list[_Draft] = []
    notes: dict[str, str] = {}
    law = ""
    letter = number = sub = ""
    current: _Draft | None = None
    awaiting_title = False
    in_notes = False

    def open_paragraph(ref: str, heading: str = "") -> _Draft:
        draft = _Draft(ref, heading=heading)
        drafts.append(draft)
        return draft

    for raw in text.splitlines():
        line = _demarkdown(raw)
        if not line:
            if current is not None:
                current.lines.append("")
            continue
        if m := re.match(r"^LOI (\d+)\s*(.*)$", line):
            law, letter, number, sub, in_notes = m.group(1), "", "", "", False
            current = open_paragraph(law, m.group(2))
            awaiting_title = not m.group(2)
            continue
        if current is None:
            continue
        if awaiting_title:
            current.heading, awaiting_title = line, False
        elif line.startswith("Notes pour la Loi"):
            in_notes = True
        elif (m := _FOOTNOTE.match(line)) and (in_notes or file == "004"):
            notes[f"{law}|{m.group(1)}"] = line
        elif m := _LETTER.match(line):
            letter, number, sub = m.group(1), "", ""
            current = open_paragraph(f"{law}{letter}", m.group(2))
        elif m := _NUMBER.match(line):
            number, sub = m.group(1), ""
            current = open_paragraph(f"{law}{letter}{number}")
            rest = m.group(2)
            if s := _SUB.match(rest):
                sub = s.group(1)
                current = open_paragraph(f"{law}{letter}{number}({sub})")
                rest = s.group(2)
            current.lines.append(rest)
        elif (m := _SUB.match(line)) and number:
            token = m.group(1)
            roman = token in _ROMAN and bool(sub) and not (token == "i" and sub == "h")
            if roman:
                ref = f"{law}{letter}{number}({sub})({token})"
            else:
                sub = token
                ref = f"{law}{letter}{number}({sub})"
            current = open_paragraph(ref)
            current.lines.append(m.group(2))
        else:
            current.lines.append(line)
    return drafts, notes


def _parse_003(text: str) -> list[_Draft]:
    """Seed 003, the bidding-box regulation: points 1-7, point 4 with a-c."""
    root = _Draft("BB")
    drafts = [root]
    point: _Draft | None = None
    sub: _Draft | None = None
    blank = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            blank = True
            continue
        if line.startswith("## "):
            root.heading = line[3:].strip()
        elif m := re.match(r"^(?:-\s*)?([1-7])\s*\.\s+(.*)$", line):
            point = _Draft(f"BB{m.group(1)}")
            drafts.append(point)
            point.lines.append(m.group(2))
            sub = None
        elif (m := re.match(r"^-\s+([a-c])\.\s+(.*)$", line)) and point is not None:
            sub = _Draft(f"{point.ref}({m.group(1)})")
            drafts.append(sub)
            sub.lines.append(m.group(2))
        elif point is None:
            root.lines.append(line)
        elif sub is not None and blank:
            point.tail.append(line)  # after the lettered conditions: the point's closing line
            sub = None
        elif point.ref == "BB7" and blank:
            root.tail.append(line)  # the regulation's closing paragraph
        else:
            target = sub or point
            if blank:
                target.lines.append("")
            target.lines.append(line)
        blank = False
    return drafts


@cache
def _data() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath("data", "excerpts.toml").read_text("utf-8")
    return tomllib.loads(raw)


def _seed_text(file: str) -> str:
    return (
        resources.files(__package__).joinpath("data", "seeds", SEED_FILES[file]).read_text("utf-8")
    )


@cache
def _seeds() -> dict[str, tuple[dict[str, SeedParagraph], dict[str, str]]]:
    """file -> (ref -> paragraph, "law|mark" -> footnote text)."""
    shapes: dict[str, list[str]] = _data()["seed_000_shape"]
    parsed = {"000": _finish("000", *_parse_000(_seed_text("000"), shapes))}
    for file in ("001", "002", "004"):
        parsed[file] = _finish(file, *_parse_lettered(file, _seed_text(file)))
    parsed["003"] = _finish("003", _parse_003(_seed_text("003")), {})
    return parsed


def seed_paragraphs(file: str) -> Mapping[str, SeedParagraph]:
    """Every paragraph of one seed file (``"000"`` ... ``"004"``), by reference."""
    return _seeds()[file][0]


def seed_paragraph(file: str, ref: str) -> SeedParagraph | None:
    """One paragraph of one seed file, e.g. ``seed_paragraph("000", "20C1")``."""
    return _seeds()[file][0].get(ref)


def seed_note(file: str, ref: str, mark: str) -> str:
    """The footnote ``mark`` of the Law holding ``ref`` in seed ``file``."""
    return _seeds()[file][1][f"{_split_ref(ref)[0]}|{mark}"]


# --- One tree of paragraphs per edition ---------------------------------------


@dataclass(frozen=True, slots=True)
class _Node:
    """One paragraph's own words in one edition, in French and English."""

    ref: str
    heading_fr: str
    heading_en: str
    body_fr: str
    body_en: str
    source: str  # "seed 004" or "project"
    quoted: bool
    tail_fr: str = ""
    tail_en: str = ""
    notes_fr: tuple[str, ...] = ()
    notes_en: tuple[str, ...] = ()
    former: tuple[str, ...] = ()
    tentative: bool = False


def _seed_node(file: str, paragraph: SeedParagraph) -> _Node:
    english: Mapping[str, str] = _data()["seed_en"][file][paragraph.ref]
    note_en: Mapping[str, str] = _data().get("seed_note_en", {}).get(file, {})
    law = _split_ref(paragraph.ref)[0]
    return _Node(
        ref=paragraph.ref,
        heading_fr=paragraph.heading,
        heading_en=english.get("heading", ""),
        body_fr=paragraph.body,
        body_en=english.get("body", ""),
        tail_fr=paragraph.tail,
        tail_en=english.get("tail", ""),
        notes_fr=tuple(seed_note(file, paragraph.ref, m) for m in paragraph.notes),
        notes_en=tuple(note_en[f"{law}|{m}"] for m in paragraph.notes),
        source=f"seed {file}",
        quoted=True,
    )


def _statement_node(ref: str, entry: Mapping[str, Any]) -> _Node:
    return _Node(
        ref=ref,
        heading_fr=entry.get("heading_fr", ""),
        heading_en=entry.get("heading_en", ""),
        body_fr=entry.get("fr", ""),
        body_en=entry.get("en", ""),
        source="project",
        quoted=False,
        former=tuple(entry.get("former", ())),
        tentative=bool(entry.get("tentative", False)),
    )


@cache
def _canonical_seed() -> dict[str, _Node]:
    """The seed paragraphs edition 2007 quotes: one file per Law."""
    nodes: dict[str, _Node] = {}
    for file in SEED_FILES:
        for ref, paragraph in seed_paragraphs(file).items():
            if _CANONICAL_FILE[_split_ref(ref)[0]] == file:
                nodes[ref] = _seed_node(file, paragraph)
    return nodes


@cache
def _tree(edition: Edition) -> dict[str, _Node]:
    """ref -> node for every paragraph of ``edition``, ancestors included."""
    data = _data()
    seed = _canonical_seed()
    if edition is Edition.E2007:
        nodes = dict(seed)
        statements: Mapping[str, Any] = data["s2007"]
    else:
        nodes = {ref: seed[ref] for ref in data["quoted_2017"]["refs"]}
        statements = data["s2017"]
    for ref, entry in statements.items():
        if ref in nodes:
            raise ValueError(f"{edition}: {ref} is both quoted and stated")
        nodes[ref] = _statement_node(ref, entry)
    # Ancestors that carry no words of their own (e.g. "27B1") are bare containers.
    for ref in list(nodes):
        for ancestor in list(_ancestry(ref))[1:]:
            if ancestor not in nodes:
                nodes[ancestor] = _Node(
                    ancestor, "", "", "", "", nodes[ref].source, nodes[ref].quoted
                )
    titles: Mapping[str, Any] = data["law"]
    for ref in nodes:
        if str(law_of(ref)) not in titles:
            raise ValueError(f"Law {law_of(ref)} has no title")
    return dict(sorted(nodes.items(), key=lambda item: _sort_key(item[0])))


def _kids(all_refs: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """parent -> its sub-paragraphs in document order."""
    children: dict[str, list[str]] = {}
    for ref in sorted(all_refs, key=_sort_key):
        parent = parent_ref(ref)
        if parent is not None:
            children.setdefault(parent, []).append(ref)
    return {ref: tuple(kids) for ref, kids in children.items()}


@cache
def _children(edition: Edition) -> dict[str, tuple[str, ...]]:
    return _kids(list(_tree(edition)))


def _title(law: int, edition: Edition) -> tuple[str, str]:
    entry: Mapping[str, str] = _data()["law"][str(law)]
    if edition is Edition.E2007:
        return entry.get("title_fr_2007", entry["title_fr"]), entry.get(
            "title_en_2007", entry["title_en"]
        )
    return entry["title_fr"], entry["title_en"]


# --- Excerpts -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Excerpt:
    """The text of one paragraph (with its sub-paragraphs) in one edition.

    ``fr`` is the French text to show: verbatim seed text when
    ``is_quotation``, otherwise (partly) the project's own statement of the
    rule; ``en`` is the project's English rendering. ``former_fr`` and
    ``former_en`` hold the seed wording a 2017 statement replaces (the
    paragraphs ``former_refs``). ``tentative`` marks statements drawn from
    recalled or partly read 2017 text. A paragraph mixing quoted and stated
    words lists them in document order in ``parts``.
    """

    ref: str
    law: int
    title_fr: str
    title_en: str
    fr: str
    en: str
    edition: Edition
    source: str
    is_quotation: bool
    former_fr: str | None = None
    former_en: str | None = None
    former_refs: tuple[str, ...] = ()
    tentative: bool = False
    parts: tuple[Excerpt, ...] = ()


@dataclass(frozen=True, slots=True)
class _Segment:
    ref: str
    fr: str
    en: str
    node: _Node


def _lines(label: str, heading: str, body: str) -> str:
    """A paragraph's opening: its label, then its heading or first words."""
    text = "\n".join(part for part in (heading, body) if part)
    if not label:
        return text
    return f"{label} {text}" if text else label


def _segments(
    nodes: Mapping[str, _Node], kids: Mapping[str, Sequence[str]], top: str
) -> list[_Segment]:
    """The paragraph ``top`` and its sub-paragraphs as text, in document order.

    The top paragraph carries no label (the caller names it); a Law's title
    is the caller's too. A paragraph with no words of its own lends its label
    to its first sub-paragraph: "1. (a) les annonces…".
    """
    out: list[_Segment] = []

    def walk(ref: str, prefix: str) -> None:
        node = nodes[ref]
        label = "" if ref == top else (prefix + " " + _label(ref)).strip()
        heading_fr = "" if parent_ref(ref) is None else node.heading_fr
        heading_en = "" if parent_ref(ref) is None else node.heading_en
        own = bool(heading_fr or node.body_fr or heading_en or node.body_en)
        if own:
            out.append(
                _Segment(
                    ref,
                    _lines(label, heading_fr, node.body_fr),
                    _lines(label, heading_en, node.body_en),
                    node,
                )
            )
        lend = "" if own else label
        for index, child in enumerate(kids.get(ref, ())):
            walk(child, lend if index == 0 else "")
        if node.tail_fr or node.tail_en:
            out.append(_Segment(ref, node.tail_fr, node.tail_en, node))

    walk(top, "")
    return out


def _notes(nodes: Sequence[_Node]) -> tuple[list[str], list[str]]:
    french: dict[str, str] = {}
    for node in nodes:
        for note_fr, note_en in zip(node.notes_fr, node.notes_en, strict=True):
            french.setdefault(note_fr, note_en)
    return list(french), list(french.values())


def _compose(
    nodes: Mapping[str, _Node], kids: Mapping[str, Sequence[str]], top: str, notes: bool = True
) -> tuple[str, str]:
    """French and English text of ``top`` with its sub-paragraphs (and footnotes)."""
    segments = _segments(nodes, kids, top)
    notes_fr, notes_en = _notes([s.node for s in segments]) if notes else ([], [])
    fr = "\n".join([s.fr for s in segments if s.fr] + notes_fr)
    en = "\n".join([s.en for s in segments if s.en] + notes_en)
    return fr, en


@cache
def _seed_children() -> dict[str, tuple[str, ...]]:
    return _kids(list(_canonical_seed()))


def _former_nodes(selector: str) -> tuple[str, list[_Node]]:
    ref, _, scope = selector.partition(":")
    seed = _canonical_seed()
    if ref not in seed:
        raise ValueError(f"former wording {selector!r} is not a seed paragraph")
    if scope == "own":
        return ref, [seed[ref]]
    return ref, [seed[r] for r in _subtree(ref, _seed_children())]


def _subtree(ref: str, kids: Mapping[str, Sequence[str]]) -> Iterator[str]:
    yield ref
    for child in kids.get(ref, ()):
        yield from _subtree(child, kids)


def _former_text(
    selectors: Sequence[str], ref: str
) -> tuple[str | None, str | None, tuple[str, ...]]:
    """The seed wording a statement replaces, footnotes last, labelled by
    paragraph unless it is the single paragraph ``ref`` itself."""
    if not selectors:
        return None, None, ()
    seed, seed_kids = _canonical_seed(), _seed_children()
    full = {sel for sel in selectors if ":" not in sel}
    selectors = sorted(
        (
            sel
            for sel in selectors
            if not any(a in full for a in list(_ancestry(sel.split(":")[0]))[1:])
        ),
        key=lambda sel: _sort_key(sel.split(":")[0]),
    )
    pieces: list[tuple[str, str, str]] = []
    members: list[_Node] = []
    for selector in selectors:
        former_ref, nodes = _former_nodes(selector)
        kids = seed_kids if ":" not in selector else {}
        fr, en = _compose(seed, kids, former_ref, notes=False)
        pieces.append((former_ref, fr, en))
        members += nodes
    notes_fr, notes_en = _notes(members)
    bare = len(pieces) == 1 and pieces[0][0] == ref
    fr_lines = [text if bare else f"[{r}] {text}" for r, text, _ in pieces]
    en_lines = [text if bare else f"[{r}] {text}" for r, _, text in pieces]
    return (
        "\n".join(fr_lines + notes_fr),
        "\n".join(en_lines + notes_en),
        tuple(dict.fromkeys(r for r, _, _ in pieces)),
    )


def _has_words(node: _Node) -> bool:
    return bool(node.heading_fr or node.body_fr or node.tail_fr)


def _make(edition: Edition, ref: str) -> Excerpt:
    nodes, kids = _tree(edition), _children(edition)
    segments = _segments(nodes, kids, ref)
    fr, en = _compose(nodes, kids, ref)
    # Bare containers ("27B1") have no words of their own: they quote nothing.
    members = [n for n in [nodes[ref]] + [s.node for s in segments] if _has_words(n)]
    sources = list(dict.fromkeys(n.source for n in members))
    selectors = list(dict.fromkeys(sel for n in members for sel in n.former))
    former_fr, former_en, former_refs = _former_text(selectors, ref)
    law = law_of(ref)
    title_fr, title_en = _title(law, edition)
    parts: tuple[Excerpt, ...] = ()
    if len(segments) > 1:
        parts = tuple(_part(edition, law, (title_fr, title_en), s) for s in segments)
    return Excerpt(
        ref=ref,
        law=law,
        title_fr=title_fr,
        title_en=title_en,
        fr=fr,
        en=en,
        edition=edition,
        source=" + ".join(sources) or nodes[ref].source,
        is_quotation=all(n.quoted for n in members),
        former_fr=former_fr,
        former_en=former_en,
        former_refs=former_refs,
        tentative=any(n.tentative for n in members),
        parts=parts,
    )


def _part(edition: Edition, law: int, titles: tuple[str, str], segment: _Segment) -> Excerpt:
    node = segment.node
    former_fr, former_en, former_refs = _former_text(node.former, node.ref)
    notes_fr, notes_en = _notes([node])
    return Excerpt(
        ref=node.ref,
        law=law,
        title_fr=titles[0],
        title_en=titles[1],
        fr="\n".join([segment.fr, *notes_fr]) if segment.fr else "",
        en="\n".join([segment.en, *notes_en]) if segment.en else "",
        edition=edition,
        source=node.source,
        is_quotation=node.quoted,
        former_fr=former_fr,
        former_en=former_en,
        former_refs=former_refs,
        tentative=node.tentative,
    )


@cache
def _cached(edition: Edition, ref: str) -> Excerpt:
    return _make(edition, ref)


def refs(edition: Edition = Edition.E2017) -> tuple[str, ...]:
    """Every paragraph reference that has an excerpt in ``edition``, in order."""
    return tuple(_tree(edition))


def laws(edition: Edition = Edition.E2017) -> tuple[int, ...]:
    """The Laws with excerpts in ``edition``, in order (the regulation left out)."""
    return tuple(dict.fromkeys(law_of(r) for r in _tree(edition) if law_of(r) != BIDDING_BOX_LAW))


def excerpt(ref: str, edition: Edition = Edition.E2017) -> Excerpt | None:
    """The excerpt for paragraph ``ref`` in ``edition``, or None.

    An unknown paragraph falls back to its nearest ancestor that exists
    ("27B1(a)" -> "27B1" -> "27B" -> "27"); the result's ``ref`` says which
    paragraph it is. ``ref`` may be written loosely ("Loi 27 B 1 a").
    """
    canonical = normalise_ref(ref)
    if canonical is None:
        return None
    tree = _tree(edition)
    for candidate in _ancestry(canonical):
        if candidate in tree:
            return _cached(edition, candidate)
    return None


# --- Search by everyday words -------------------------------------------------

_STOPWORDS = frozenset(
    """
    a à au aux avec ce ces cet cette d de des du elle en est et il ils je l la le les leur
    leurs ma mes mon ne on ou où par pas pour qu que qui quoi sa se ses son sur ta te tes
    ton tu un une y quand comment pourquoi peut peuvent doit faire fait être avoir ai as
    nous vous moi lui mais donc si
    an and are as at be by can could did do does for from had has have he her his how i if
    in is it its me my of on or our she should that the their them there they this to was
    we were what when which who whom why will with would you your may might must
    """.split()
)
#: Scores run 0-100; below this nothing is plausible enough to show.
SEARCH_CUTOFF = 70.0
_KEYWORD_WEIGHT, _TITLE_WEIGHT, _HEADING_WEIGHT, _TEXT_WEIGHT = 1.0, 1.0, 0.9, 0.75


def _tokens(text: str) -> tuple[str, ...]:
    words = re.findall(r"[a-z0-9]+", _fold(text).replace("œ", "oe"))
    return tuple(w for w in words if w not in _STOPWORDS and (len(w) > 1 or w.isdecimal()))


@dataclass(frozen=True, slots=True)
class _Entry:
    ref: str
    phrases: tuple[tuple[frozenset[str], float], ...]  # keyword, title or heading
    text: frozenset[str]


@dataclass(frozen=True, slots=True)
class _Index:
    entries: tuple[_Entry, ...]
    vocabulary: tuple[str, ...]
    frequency: Mapping[str, int]  # word -> how many paragraphs use it
    common: int  # a word used by more paragraphs than this is too common to count alone


@cache
def _index(edition: Edition) -> _Index:
    """Search entries of ``edition`` and the vocabulary they use."""
    keywords: dict[str, list[str]] = {}
    for scope in ("both", str(edition)):
        for ref, words in _data()["keywords"].get(scope, {}).items():
            keywords.setdefault(ref, []).extend(words)
    entries: list[_Entry] = []
    for ref, node in _tree(edition).items():
        phrases = [(frozenset(_tokens(k)), _KEYWORD_WEIGHT) for k in keywords.get(ref, ())]
        if parent_ref(ref) is None:
            titles = _title(law_of(ref), edition)
            phrases += [(frozenset(_tokens(t)), _TITLE_WEIGHT) for t in titles]
        else:
            headings = (node.heading_fr, node.heading_en)
            phrases += [(frozenset(_tokens(h)), _HEADING_WEIGHT) for h in headings if h]
        text = " ".join((node.body_fr, node.body_en, node.tail_fr, node.tail_en))
        entries.append(_Entry(ref, tuple(p for p in phrases if p[0]), frozenset(_tokens(text))))
    frequency: dict[str, int] = {}
    for entry in entries:
        for word in entry.text.union(*(p for p, _ in entry.phrases)):
            frequency[word] = frequency.get(word, 0) + 1
    return _Index(tuple(entries), tuple(sorted(frequency)), frequency, max(3, len(entries) // 12))


def _similar_words(word: str, vocabulary: Sequence[str]) -> frozenset[str]:
    """Words of the index that ``word`` may stand for: typos, plurals, stems.

    Fuzzy matches must share the first two letters, so that "insuffisante"
    never stands for "suffisante" nor "inadmissible" for "admissible".
    """
    found = {word} if word in vocabulary else set()
    if len(word) >= 4:
        for match, _, _ in process.extract(
            word, vocabulary, scorer=fuzz.ratio, score_cutoff=80, limit=None
        ):
            if match[:2] == word[:2]:
                found.add(match)
    if len(word) >= 5:
        found.update(
            v for v in vocabulary if len(v) >= 5 and (v.startswith(word) or word.startswith(v))
        )
    return frozenset(found)


def _phrase_score(query: Sequence[frozenset[str]], phrase: frozenset[str]) -> float:
    """How well the query and a phrase cover each other, 0-100."""
    matched_query = sum(1 for alternatives in query if alternatives & phrase)
    if not matched_query:
        return 0.0
    matched_phrase = sum(1 for word in phrase if any(word in alts for alts in query))
    return 100 * (0.5 * matched_query / len(query) + 0.5 * matched_phrase / len(phrase))


def search(
    words: str, edition: Edition = Edition.E2017, limit: int = 5
) -> list[tuple[Excerpt, float]]:
    """The excerpts that best match everyday words, best first, with a 0-100 score.

    French or English, accents and small typos forgiven. Empty when nothing
    scores at least ``SEARCH_CUTOFF``: never a random Law.
    """
    tokens = _tokens(words)
    if not tokens or limit < 1:
        return []
    index = _index(edition)
    query = [_similar_words(t, index.vocabulary) for t in dict.fromkeys(tokens)]
    # A word counts as specific by its most common reading: "joueur" is
    # common even though its near-miss "jouer" is rare.
    specific = [
        bool(alts) and max(index.frequency[w] for w in alts) <= index.common for alts in query
    ]
    scored: list[tuple[float, int, str]] = []
    for position, entry in enumerate(index.entries):
        best = max((_phrase_score(query, p) * w for p, w in entry.phrases), default=0.0)
        hits = [bool(alternatives & entry.text) for alternatives in query]
        if any(hit and rare for hit, rare in zip(hits, specific, strict=True)):
            best = max(best, 100 * _TEXT_WEIGHT * sum(hits) / len(query))
        if best >= SEARCH_CUTOFF:
            scored.append((best, position, entry.ref))
    scored.sort(key=lambda item: (-item[0], len(_split_ref(item[2])), item[1]))
    results: list[tuple[Excerpt, float]] = []
    for score, _, ref in scored[:limit]:
        found = excerpt(ref, edition)
        if found is not None:
            results.append((found, round(score, 1)))
    return results
