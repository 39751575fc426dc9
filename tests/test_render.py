"""Every id the rules core can return has words in both languages."""

from __future__ import annotations

import pytest

from bot.render import (
    CHOICE_LABELS,
    IRREGULARITY_TITLES,
    OUTCOMES,
    QUESTIONS,
    french_contractions,
    option_label,
    outcome_sentences,
    question_text,
    ruling_statement,
    value_label,
)
from rules_core import FACTS, Edition, Irregularity, Outcome, Question, Seat
from rules_core.explore import walk

LANGS = ("fr", "en")


def test_every_id_has_its_words() -> None:
    assert set(IRREGULARITY_TITLES) >= {i.value for i in Irregularity}
    assert set(QUESTIONS) == set(FACTS)
    assert set(OUTCOMES) | {Outcome.LEAD_RESTRICTIONS} == set(Outcome)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fact", sorted(FACTS))
def test_questions_and_buttons_are_filled_in(fact: str, lang: str) -> None:
    question = Question("insufficient_bid", Seat.E, fact, FACTS[fact])
    text = question_text(question, lang)
    assert "{" not in text and text[0].isupper()
    labels = [value_label(fact, value, lang, Seat.E) for value in FACTS[fact]]
    assert all(label and "{" not in label for label in labels)
    assert len(set(labels)) == len(labels)  # two buttons never read the same


@pytest.mark.parametrize("lang", LANGS)
def test_every_reachable_ruling_reads_without_holes(lang: str) -> None:
    for edition in Edition:
        for irregularity in Irregularity:
            for _, ruling in walk(edition, irregularity):
                for offender in (None, Seat.S):
                    statement = ruling_statement(ruling, lang)
                    assert "{" not in statement
                    sentences = outcome_sentences(ruling.outcomes, offender, edition, lang)
                    assert all(s and "{" not in s for s in sentences)
                    for option in ruling.options:
                        assert all(pair in CHOICE_LABELS for pair in option.when)
                        assert "{" not in option_label(option, lang, offender)


def test_seats_are_named_in_the_readers_language() -> None:
    barred = (Outcome.PARTNER_MUST_PASS_THROUGHOUT,)
    sentences = outcome_sentences(barred, Seat.E, Edition.E2017, "fr")
    assert sentences == ["Ouest doit passer à chaque tour jusqu'à la fin des enchères."]
    once = (Outcome.PARTNER_MUST_PASS_NEXT_TURN,)
    sentences = outcome_sentences(once, None, Edition.E2017, "en")
    assert sentences == [
        "The offender's partner must pass the next time it is their turn to call (once)."
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("vu de le joueur fautif", "vu du joueur fautif"),
        ("Enchère de Est.", "Enchère d'Est."),
        ("interdire à le partenaire", "interdire au partenaire"),
        ("une couleur que Est n'a pas nommée", "une couleur qu'Est n'a pas nommée"),
        ("de Nord", "de Nord"),
    ],
)
def test_french_names_contract_and_elide(text: str, expected: str) -> None:
    assert french_contractions(text) == expected
