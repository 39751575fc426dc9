"""Every id the rules core can return has words in both languages."""

from __future__ import annotations

import dataclasses

import pytest

from bot.dialogue.card import (
    CARD_MAX_CHARS,
    CARD_MAX_LINES,
    choice_label,
    lowest_same_denomination,
    ruling_card,
    ruling_details,
    ruling_from_result,
)
from bot.dialogue.laws import one_excerpt, quoted_refs, seed_excerpt
from bot.render import (
    BUTTON_MAX,
    CHOICE_LABELS,
    IRREGULARITY_TITLES,
    OUTCOMES,
    QUESTIONS,
    button_label,
    button_title,
    french_contractions,
    option_label,
    outcome_sentences,
    question_text,
    ruling_statement,
    seat_name,
    value_label,
)
from bot.render import (
    IRREGULARITY_TITLES as TITLES,
)
from rules_core import FACTS, Edition, Incident, Irregularity, Outcome, Question, Ruling, Seat, rule
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


@pytest.mark.parametrize(
    ("edition", "lang", "words", "not_words"),
    [
        # 2017 27B1(b) / 23A: the comparable call.
        (Edition.E2017, "en", "comparable", "more precise"),
        (Edition.E2017, "fr", "comparable", "plus précise"),
        # 2007 27B1(b) (seed 004): "même signification ou signification plus précise".
        (Edition.E2007, "en", "more precise", "comparable"),
        (Edition.E2007, "fr", "plus précise", "comparable"),
    ],
)
def test_comparable_is_asked_in_each_editions_own_words(
    edition: Edition, lang: str, words: str, not_words: str
) -> None:
    question = Question("insufficient_bid", Seat.W, "comparable", (True, False), {}, edition)
    text = question_text(question, lang)
    assert words in text and not_words not in text


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


# --- the table card and the details (bot/dialogue/card.py) -----------------

def _every_ruling() -> list[tuple[str, Ruling]]:
    """Every ruling a law path reaches, in both editions, once with no seat and
    once with the offender at East (the seats make the card longer)."""
    found = []
    for edition in Edition:
        for irregularity in Irregularity:
            for _, ruling in walk(edition, irregularity):
                for offender in (None, Seat.E):
                    found.append((f"{edition}-{irregularity}-{offender}",
                                  dataclasses.replace(ruling, offender=offender)))
    return found


EVERY_RULING = _every_ruling()


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_fits_one_screen(lang: str) -> None:
    """Issue 13: a ruling's first message is at most 600 characters and 8 lines,
    over every path through the laws, with the longest ways of naming players
    (a relative offender, "your partner") and of naming the replacement call."""
    assert len(EVERY_RULING) > 500
    longest = 0
    for name, ruling in EVERY_RULING:
        for relative in ((None, "partner") if ruling.offender is None else (None,)):
            for lowest in (None, "7NT"):
                card = ruling_card(ruling, lang, relative, lowest)
                longest = max(longest, len(card))
                assert len(card) <= CARD_MAX_CHARS, (name, card)
                assert card.count("\n") + 1 <= CARD_MAX_LINES, (name, card)
                assert "{" not in card, (name, card)
    assert longest > 300  # the walk did reach the rulings with choices


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_names_the_law_and_the_offender(lang: str) -> None:
    law = "Loi" if lang == "fr" else "Law"
    for name, ruling in EVERY_RULING:
        card = ruling_card(ruling, lang)
        head = card.split("\n")[0]
        if ruling.laws or ruling.options:
            assert f"— {law} " in head, (name, head)
        if ruling.offender is not None:
            assert seat_name(ruling.offender, lang) in head, (name, head)


@pytest.mark.parametrize("lang", LANGS)
def test_choice_buttons_are_short(lang: str) -> None:
    """A button label is at most 32 characters and names the actual call."""
    for name, ruling in EVERY_RULING:
        relatives = ((None, "self", "partner", "lho", "rho") if ruling.offender is None
                     else (None,))
        for relative in relatives:  # "Your left-hand opponent passes" when named by place
            labels = [choice_label(o, lang, ruling.offender, "7NT", ruling.edition, relative)
                      for o in ruling.options]
            assert all(len(label) <= 32 for label in labels), (name, labels)
            assert len(set(labels)) == len(labels), (name, labels)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", ["⚖️ Enchère insuffisante, par Est — Loi 27B2",
                "• Ouest (partenaire d'Est) : doit passer jusqu'à la fin des enchères.",
                "• Sud et Nord : déclarations libres."]),
        ("en", ["⚖️ Insufficient bid, by East — Law 27B2",
                "• West (partner of East): must pass at every turn until the auction ends.",
                "• South and North: call freely."]),
    ],
)
def test_card_names_each_player_by_seat_and_role(lang: str, expected: list[str]) -> None:
    """27B2: the offender's partner must pass throughout; the opponents call freely."""
    ruling = rule(Incident.from_dict({
        "irregularity": "insufficient_bid", "dealer": "N",
        "calls": [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}],
        "facts": {"lho_accepts": False, "replacement": "other_bid"}}))
    assert isinstance(ruling, Ruling)
    card = ruling_card(ruling, lang).split("\n")
    assert card[0] == expected[0]
    assert expected[1] in card and expected[2] in card


def test_card_options_group_choices_with_the_same_consequences() -> None:
    """27B: one line per consequence; the lowest sufficient bid is named (2♥)."""
    ruling = rule(Incident.from_dict({
        "irregularity": "insufficient_bid", "dealer": "N",
        "calls": [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}],
        "facts": {"lho_accepts": False}}))
    assert isinstance(ruling, Ruling) and ruling.options
    card = ruling_card(ruling, "fr", lowest="2♥")
    assert "Est (fautif) choisit :" in card
    assert "• Une autre enchère / Passe : Ouest (partenaire d'Est) doit passer" in card
    assert "2♥ — même dénomination" in card
    assert card.count("\n• ") == len({o.outcomes for o in ruling.options})


@pytest.mark.parametrize(
    ("calls", "lowest"),
    [(["1S", "1H"], "2♥"), (["1H", "1S", "1D"], "2♦"), (["1D", "1H", "1C"], "2♣"),
     (["2C", "1NT"], "2NT"), (["1H", "P", "1S"], None), (["7NT", "7S"], None)],
)
def test_lowest_sufficient_bid_in_the_same_denomination(calls: list[str],
                                                       lowest: str | None) -> None:
    seats = "NESW"
    assert lowest_same_denomination(
        [[seats[i % 4], c] for i, c in enumerate(calls)]) == lowest


@pytest.mark.parametrize("lang", LANGS)
def test_details_hold_paragraphs_facts_assumptions_and_later(lang: str) -> None:
    for name, ruling in EVERY_RULING:
        details = ruling_details(ruling, lang, {})
        for law in ruling.laws:
            assert law in details, (name, law)
        for option in ruling.options:
            assert ", ".join(option.laws) in details, (name, option)
        assert "{" not in details, name
    ruling = rule(Incident.from_dict({
        "irregularity": "insufficient_bid", "offender": "E",
        "facts": {"lho_accepts": False, "replacement": "pass"}}))
    assert isinstance(ruling, Ruling)
    details = ruling_details(ruling, lang, {"27B2": "X"})
    assert ("restreindre" in details or "interdire" in details) if lang == "fr" else (
        "forbid" in details)


def test_a_ruling_comes_back_from_its_result_object() -> None:
    for name, ruling in EVERY_RULING:
        assert ruling_from_result(ruling.to_dict()) == ruling, name


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_button_is_short(lang: str) -> None:
    """Issue 13: button labels are at most 32 characters, distinct per question."""
    for fact, values in FACTS.items():
        for offender in (None, Seat.E):
            for call in (None, "7NT"):
                labels = [button_label(fact, v, lang, offender, call) for v in values]
                assert all(len(label) <= BUTTON_MAX for label in labels), (fact, labels)
                assert len(set(labels)) == len(labels), (fact, labels)
    titles = [button_title(irregularity, lang) for irregularity in TITLES]
    assert all(len(title) <= BUTTON_MAX for title in titles), titles
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("lang", LANGS)
def test_details_and_each_excerpt_fit_one_message(lang: str) -> None:
    """A press on Details or on a Law button adds one Telegram message (4096)."""
    for name, ruling in EVERY_RULING:
        titles = {law: "x" * 60 for law in ruling.laws}
        assert len(ruling_details(ruling, lang, titles)) <= 4096, name
        cited = [*ruling.laws, *(law for o in ruling.options for law in o.laws)]
        for ref in quoted_refs(cited):  # every paragraph a Law button may show
            shown = one_excerpt(str(ruling.edition), ref, lang)
            assert shown is None or len(shown.text) <= 4096, (name, ref)
            seed = seed_excerpt(ref, lang)
            assert seed is None or len(seed.text) <= 4096, (name, ref)
