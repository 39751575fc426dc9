"""No dead end (issue 11 item 4): every choice of the menu of what may have
happened leads, through the usual questions, to a ruling (or to the Law asked)."""

from __future__ import annotations

import pytest

from bot.dialogue import Conversations
from bot.dialogue.menu import GROUPS, LAW_TO_READ, menu_values

CHAT = "menu:1"
MEMBERS = [m for members, _ in GROUPS for m in members if m != LAW_TO_READ]


def test_the_menu_has_at_most_eight_groups_and_the_likely_first() -> None:
    assert len(GROUPS) <= 8
    assert menu_values() == [members[0] for members, _ in GROUPS]
    assert menu_values(["wrong_board"])[0] == "card_exposed_during_auction"
    assert menu_values(["law_lookup"])[-1] == LAW_TO_READ


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("irregularity", MEMBERS)
def test_every_choice_reaches_a_ruling(chat: Conversations, irregularity: str,
                                       lang: str) -> None:
    vague = {"fr": "problème aux enchères à la table 3",
             "en": "director please, something went wrong with the bids"}[lang]
    replies = chat.text(CHAT, vague, lang)
    menu = next(r.question for r in replies if r.question)
    assert menu.fact == "irregularity"
    head = next(v for v in (c.value for c in menu.choices)
                if irregularity in next(m for m, _ in GROUPS if m[0] == v))
    replies = chat.answer(CHAT, head)
    for _ in range(12):
        if any(r.ruling for r in replies):
            break
        question = next(r.question for r in replies if r.question)
        if question.fact == "irregularity":
            replies = chat.answer(CHAT, irregularity)
        else:
            replies = chat.answer(CHAT, question.choices[-1].value)
        assert not any("cannot have happened" in r.text or "pas pu se passer" in r.text
                       for r in replies), [r.text for r in replies]
    ruling = next((r.ruling for r in replies if r.ruling), None)
    assert ruling is not None and ruling["irregularity"] == irregularity


def test_a_law_to_read(chat: Conversations) -> None:
    chat.text(CHAT, "problème aux enchères à la table 3", "fr")
    (asked,) = chat.answer(CHAT, LAW_TO_READ)
    assert asked.question is None and "Loi" in asked.text
    (law,) = chat.text(CHAT, "carton stop")[:1]
    assert "Stop" in law.text


def test_what_the_rho_does_now_is_after_the_ruling(chat: Conversations) -> None:
    """32A: answered to "what does the RHO do now?", his call follows the
    director's ruling; whether he called before it (28B) is not asked again."""
    replies = chat.text(CHAT, "director please, something went wrong with the bids", "en")
    asked = []
    answers = {"irregularity": "double_out_of_rotation", "turn_of": "rho", "lho_accepts": False,
               "rho_action": "pass"}
    replies = chat.answer(CHAT, "bid_out_of_rotation")
    for _ in range(8):
        if any(r.ruling for r in replies):
            break
        question = next(r.question for r in replies if r.question)
        asked.append(question.fact)
        replies = chat.answer(CHAT, answers[question.fact])
    ruling = next(r.ruling for r in replies if r.ruling)
    assert ruling["irregularity"] == "double_out_of_rotation"
    assert "32A1" in ruling["laws"] and "correct_player_called" not in asked
