"""The gettext catalogs match the code and every message is translated."""

from __future__ import annotations

from bot.catalogs import problems
from bot.i18n import normalise_language, translator


def test_catalogs_are_current_and_complete() -> None:
    assert problems() == []


def test_languages_resolve_from_telegram_codes() -> None:
    assert normalise_language("fr-FR") == "fr"
    assert normalise_language("en_GB") == "en"
    assert normalise_language("de") == "fr"  # French, the Laws' language, by default
    assert normalise_language(None) == "fr"


def test_french_catalog_translates() -> None:
    assert translator("fr").gettext("Insufficient bid") == "Enchère insuffisante"
    assert translator("en").gettext("Insufficient bid") == "Insufficient bid"
