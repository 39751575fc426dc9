"""``arbitre loi`` and /loi: excerpts rendered in French and English, the
former wording under a 2017 statement, and a helpful answer when nothing
matches."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.lookup import render_excerpt, render_lookup
from rules_core.excerpts import excerpt
from rules_core.model import Edition

E17, E07 = Edition.E2017, Edition.E2007

HEADERS = [
    ("27B1(a)", "fr", E17, "Loi 27B1(a) — Enchère insuffisante (Code 2017)"),
    ("27B1(a)", "en", E17, "Law 27B1(a) — Insufficient bid (2017 Laws)"),
    ("loi 27 b 1 a", "fr", E07, "Loi 27B1(a) — Enchère insuffisante (Code 2007)"),
    ("30", "fr", E17, "Loi 30 — Passe hors tour (Code 2017)"),
    ("17D", "en", E07, "Law 17D — Duration of the auction (2007 Laws)"),
    ("BB7", "fr", E17, "Boîtes à enchères (règlement national), BB7 (Code 2017)"),
    ("bb 3", "en", E07, "Bidding boxes (national regulation), BB3 (2007 Laws)"),
    ("23", "en", E07, "Law 23 — Awareness of potential damage (2007 Laws)"),
    ("23", "fr", E17, "Loi 23 — Déclaration comparable (Code 2017)"),
]


@pytest.mark.parametrize(("query", "lang", "edition", "header"), HEADERS)
def test_header(query: str, lang: str, edition: Edition, header: str) -> None:
    found, text = render_lookup(query, lang, edition)
    assert found
    assert text.splitlines()[0] == header


def test_french_statement_with_former_wording() -> None:
    found, text = render_lookup("27B1(b)", "fr", E17)
    assert found
    lines = text.splitlines()
    assert lines[1] == "Énoncé du projet, ce n'est pas le texte de la Loi :"
    assert "déclaration comparable (Loi 23A)" in lines[2]
    former = text.index("Ancienne rédaction (texte source, édition 2007) :")
    assert text.index("signification plus précise") > former  # 2007 wording only as former
    assert "Le texte français fait foi" not in text


def test_english_statement_gives_former_wording_in_both_languages() -> None:
    found, text = render_lookup("27B1(b)", "en", E17)
    assert found
    assert text.splitlines()[1] == "Project's wording, not the text of the Laws:"
    assert "comparable call (Law 23A)" in text.splitlines()[2]
    former = text.index("Former wording (seed text, 2007 edition):")
    english = text.index("a more precise meaning than")
    original = text.index("French original:")
    french = text.index("signification plus précise")
    assert former < english < original < french


def test_english_quotation_then_french_reference() -> None:
    found, text = render_lookup("27C", "en", E17)
    assert found
    english = text.index("If the offender replaces his insufficient bid before the Director")
    reference = text.index("The French text is the reference:")
    french = text.index("Si le joueur fautif remplace son enchère insuffisante")
    assert english < reference < french
    assert "2007 wording, unchanged in 2017." in text


def test_french_quotation_is_the_seed_text_alone() -> None:
    found, text = render_lookup("27C", "fr", E07)
    assert found
    assert "Si le joueur fautif remplace son enchère insuffisante" in text
    assert "Énoncé du projet" not in text and "Ancienne rédaction" not in text
    assert "offender" not in text


def test_1997_wording_is_said_so() -> None:
    _, text = render_lookup("17D", "fr", E07)
    assert "Rédaction de 1997 (traduction FFB), citée par l'édition 2007." in text


def test_mixed_paragraph_tags_the_project_wording() -> None:
    _, text = render_lookup("31A", "fr", E17)
    lines = text.splitlines()
    repeat = next(line for line in lines if line.startswith("1. si cet adversaire passe"))
    comparable = next(line for line in lines if "déclaration comparable" in line)
    assert not repeat.startswith("[énoncé du projet]")
    assert comparable.startswith("[énoncé du projet]")
    assert "Lignes sans mention : rédaction de 2007, inchangée en 2017." in text
    assert "répète la dénomination" in text.split("Ancienne rédaction")[1]


def test_tentative_statement_says_so() -> None:
    _, text = render_lookup("30A", "en", E17)
    assert "Stated with caution: the 2017 text was not checked word for word." in text


def test_render_excerpt_without_french() -> None:
    ex = excerpt("27C", E17)
    assert ex is not None
    text = render_excerpt(ex, "en", with_french=False)
    assert "The French text is the reference" not in text
    assert "Si le joueur fautif" not in text


def test_language_codes_are_normalised() -> None:
    ex = excerpt("27A1", E17)
    assert ex is not None
    assert render_excerpt(ex, "fr-FR") == render_excerpt(ex, "fr")
    assert render_excerpt(ex, "en_GB").startswith("Law 27A1")


def test_ancestor_is_announced() -> None:
    found, text = render_lookup("Loi 27 B 5", "fr", E17)
    assert found
    assert text.splitlines()[0] == "Pas de paragraphe 27B5 dans le Code 2017 ; voici : Loi 27B."
    assert text.splitlines()[1].startswith("Loi 27B — ")


WORDS = [
    ("enchère insuffisante", "fr", E17, "Loi 27 — Enchère insuffisante (Code 2017)"),
    ("insufficient bid", "en", E07, "Law 27 — Insufficient bid (2007 Laws)"),
    ("carton Stop", "fr", E17, "Boîtes à enchères (règlement national), BB7 (Code 2017)"),
    ("wrong board", "en", E17, "Law 15A — Wrong board or hand (2017 Laws)"),
    ("mauvais étui", "fr", E07, "Loi 17D — Durée des annonces (Code 2007)"),
]


@pytest.mark.parametrize(("query", "lang", "edition", "header"), WORDS)
def test_words(query: str, lang: str, edition: Edition, header: str) -> None:
    found, text = render_lookup(query, lang, edition)
    assert found
    assert text.splitlines()[0] == header


def test_words_name_other_matches() -> None:
    _, text = render_lookup("enchère insuffisante", "fr", E17)
    assert "Voir aussi : Loi 18D (Enchères)" in text


@pytest.mark.parametrize(
    ("query", "lang", "expected"),
    [
        ("pizza margherita", "fr", "Rien dans les Lois ne correspond à « pizza margherita »."),
        ("the weather", "en", "Nothing in the Laws matches “the weather”."),
        ("", "fr", "Quelle Loi voulez-vous lire ?"),
        ("  ", "en", "Which Law do you want to read?"),
    ],
)
def test_nothing_matches(query: str, lang: str, expected: str) -> None:
    found, text = render_lookup(query, lang, E17)
    assert not found
    assert text.splitlines()[0] == expected
    assert "27B1(a)" in text.splitlines()[1]


def test_law_not_kept_here() -> None:
    found, text = render_lookup("Loi 45", "en", E17)
    assert not found
    assert text.splitlines()[0] == "Law 45 is not among the excerpts kept here for the 2017 Laws."
    assert "27" in text.splitlines()[1] and "BB" in text.splitlines()[1]


@settings(max_examples=60, deadline=None)
@given(query=st.text(max_size=40), lang=st.sampled_from(["fr", "en", "de", ""]))
def test_any_query_gets_an_answer(query: str, lang: str) -> None:
    found, text = render_lookup(query, lang, E17)
    assert isinstance(found, bool) and text.strip()
