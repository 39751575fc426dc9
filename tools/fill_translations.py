"""Fill French msgstrs of one domain from a Python dict file (msgid -> French).

Usage: python tools/fill_translations.py DOMAIN TRANSLATIONS.py
Only empty translations are filled; existing ones are kept.
"""

from __future__ import annotations

import io
import runpy
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    domain, source = sys.argv[1], sys.argv[2]
    table = runpy.run_path(source)["FR"]
    path = ROOT / "locales" / "fr" / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    missing = []
    for message in catalog:
        if message.id and not message.string:
            if message.id in table:
                message.string = table[message.id]
            else:
                missing.append(message.id)
    buffer = io.BytesIO()
    write_po(buffer, catalog, sort_output=True, width=100, no_location=True)
    path.write_bytes(buffer.getvalue())
    for message_id in missing:
        print(f"untranslated: {message_id!r}")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
