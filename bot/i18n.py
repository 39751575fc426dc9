"""Per-user translations from the gettext catalogs under ``locales/``.

One catalog (gettext domain) per area of the bot, so that each area's strings
are extracted from its own modules (``DOMAINS``). The ``.po`` files are the
source of truth; they are compiled in memory with Babel the first time a
language is used, so a fresh checkout needs no build step.

Never bind ``_`` globally: a bot serves many users at once. Call
``translator(lang)`` per reply, and mark tables built at import time with
``N_`` so the extractor finds them.
"""

from __future__ import annotations

import io
from functools import cache
from importlib import resources

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

__all__ = ["LANGUAGES", "DEFAULT_LANGUAGE", "DOMAINS", "N_", "translator", "normalise_language"]

LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"  # French is the reference language of the Laws

#: gettext domain -> glob patterns (relative to the project root) of the
#: modules it is extracted from. One domain per area, each owned by one module
#: group, so that catalogs never need merging by hand.
DOMAINS: dict[str, tuple[str, ...]] = {
    "render": ("bot/render.py",),
    "cli": ("bot/cli.py", "bot/console.py"),
    "lookup": ("bot/lookup.py",),
    "understanding": ("bot/understanding/*.py",),
    "dialogue": ("bot/dialogue/*.py",),
    "telegram": ("bot/telegram/*.py",),
    "voice": ("bot/voice/*.py",),
    "procedures": ("bot/procedures.py",),
    "doctor": ("bot/doctor.py", "bot/store.py", "bot/store_pg.py"),
}


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (Babel's default keyword)."""
    return message


def normalise_language(code: str | None) -> str:
    """``"fr-FR"`` -> ``"fr"``; anything unknown -> the default language."""
    if not code:
        return DEFAULT_LANGUAGE
    base = code.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def _catalog_bytes(lang: str, domain: str) -> bytes | None:
    path = resources.files("locales").joinpath(lang, "LC_MESSAGES", f"{domain}.po")
    if not path.is_file():
        return None
    return path.read_bytes()


@cache
def translator(lang: str) -> NullTranslations:
    """All domains' translations for ``lang``, merged (compiled once, cached)."""
    lang = normalise_language(lang)
    merged: NullTranslations | None = None
    for domain in DOMAINS:
        data = _catalog_bytes(lang, domain)
        if data is None:
            continue
        catalog = read_po(io.BytesIO(data), locale=lang, domain=domain)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        translations = Translations(buffer, domain=domain)
        if merged is None:
            merged = translations
        else:
            assert isinstance(merged, Translations)
            merged.merge(translations)
    return merged if merged is not None else NullTranslations()
