"""Keep the gettext catalogs in step with the code.

``python -m bot.catalogs update`` re-extracts every domain's template
(``locales/<domain>.pot``) from its modules and merges it into
``locales/<lang>/LC_MESSAGES/<domain>.po``; English messages are their own
translation (the msgids are English). ``python -m bot.catalogs check`` fails
when a template is stale or a message lacks a translation (the test suite
runs it).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po, write_po

from .i18n import DOMAINS, LANGUAGES

__all__ = ["extract", "problems", "update", "ROOT"]

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}


def extract(domain: str) -> Catalog:
    """The template of ``domain`` as the code stands now."""
    catalog = Catalog(project="arbitre", domain=domain, charset="utf-8")
    paths = sorted({p for pattern in DOMAINS[domain] for p in ROOT.glob(pattern)})
    for path in paths:
        module = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            catalog.add(message, None, [(module, lineno)], auto_comments=comments, context=context)
    return catalog


def _read(path: Path, locale: str | None = None) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, omit_header=False, sort_output=True, width=100, no_location=True)
    path.write_bytes(buffer.getvalue())


def update(only: str | None = None) -> None:
    for domain in DOMAINS:
        if only is not None and domain != only:
            continue
        template = extract(domain)
        if not _ids(template):
            continue
        _write(LOCALES / f"{domain}.pot", template)
        for lang in LANGUAGES:
            po_path = LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"
            catalog = _read(po_path, lang) or Catalog(locale=lang, domain=domain, charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            for message in catalog:
                if lang == "en" and message.id and not message.string:
                    message.string = message.id
            _write(po_path, catalog)


def _ids(catalog: Catalog) -> set[object]:
    return {m.id for m in catalog if m.id}


def problems() -> list[str]:
    """Every way the catalogs disagree with the code; empty when all is well."""
    found: list[str] = []
    for domain in DOMAINS:
        current = extract(domain)
        template = _read(LOCALES / f"{domain}.pot")
        if (template is None and _ids(current)) or (
            template is not None and _ids(template) != _ids(current)
        ):
            found.append(f"locales/{domain}.pot is stale: run python -m bot.catalogs update")
        for lang in LANGUAGES:
            po_path = LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"
            catalog = _read(po_path, lang)
            if catalog is None and not _ids(current):
                continue  # an area with no user-facing strings (yet)
            if catalog is None:
                found.append(f"{po_path.relative_to(ROOT)} is missing")
                continue
            missing = _ids(current) - _ids(catalog)
            if missing:
                found.append(f"{po_path.relative_to(ROOT)} lacks {len(missing)} message(s)")
            for message in catalog:
                if not message.id:
                    continue
                if not message.string or (
                    isinstance(message.string, tuple) and not all(message.string)
                ):
                    found.append(f"{po_path.relative_to(ROOT)}: no translation for {message.id!r}")
                elif message.fuzzy:
                    found.append(f"{po_path.relative_to(ROOT)}: fuzzy translation {message.id!r}")
    found.extend(_conflicting_translations())
    return found


def _conflicting_translations() -> list[str]:
    """A message in two domains translated two ways: the merged catalog keeps one silently."""
    found: list[str] = []
    for lang in LANGUAGES:
        seen: dict[object, tuple[str, object]] = {}
        for domain in DOMAINS:
            catalog = _read(LOCALES / lang / "LC_MESSAGES" / f"{domain}.po", lang)
            for message in catalog or ():
                if not message.id or not message.string:
                    continue
                first = seen.setdefault(message.id, (domain, message.string))
                if first[1] != message.string:
                    found.append(
                        f"locales/{lang}: {message.id!r} is translated differently "
                        f"in {first[0]}.po and {domain}.po"
                    )
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "update" and len(args) <= 2:
        if len(args) == 2 and args[1] not in DOMAINS:
            print(f"unknown domain {args[1]!r}: {', '.join(DOMAINS)}", file=sys.stderr)
            return 2
        update(args[1] if len(args) == 2 else None)
        return 0
    if args == ["check"]:
        issues = problems()
        for issue in issues:
            print(issue)
        return 1 if issues else 0
    print("usage: python -m bot.catalogs update [DOMAIN] | check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
