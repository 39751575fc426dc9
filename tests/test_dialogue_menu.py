"""No dead end (issue 11 item 4): every choice of the menu of what may have
happened leads, through the usual questions, to a ruling (or to the Law asked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.dialogue import Conversations, open_conversations
from bot.dialogue.menu import GROUPS, LAW_TO_READ, likely_group, menu_values
from bot.understanding.classifier import Classification

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


# --- every likely reading in one group: which kind, at once (audit: "pas à son
# tour", the kind unknown, took the whole menu then "Plus précisément ?") -----

OOR = ["bid_out_of_rotation", "pass_out_of_rotation", "double_out_of_rotation",
       "simultaneous_calls"]

# (what the candidates say, the candidates, the kinds asked at once or None: the menu)
GROUP_ROWS = [
    ("29-32: a bid or a double out of turn, the kind unknown",
     [("bid_out_of_rotation", 0.762), ("double_out_of_rotation", 0.663),
      ("insufficient_bid", 0.174), ("pass_out_of_rotation", 0.078)],
     ["bid_out_of_rotation", "double_out_of_rotation", "pass_out_of_rotation",
      "simultaneous_calls"]),
    ("30/31: a pass or a bid out of turn",
     [("pass_out_of_rotation", 0.6), ("bid_out_of_rotation", 0.55)],
     ["pass_out_of_rotation", "bid_out_of_rotation", "double_out_of_rotation",
      "simultaneous_calls"]),
    ("24/15: an exposed card or the wrong board",
     [("wrong_board", 0.5), ("card_exposed_during_auction", 0.45)],
     ["wrong_board", "card_exposed_during_auction"]),
    ("27 is likely too: the whole menu", [("bid_out_of_rotation", 0.47),
                                          ("insufficient_bid", 0.264)], None),
    ("36 or 32: two groups, the whole menu",
     [("inadmissible_double", 0.611), ("double_out_of_rotation", 0.374)], None),
    ("27 alone is a group of one: the menu, not a ruling", [("insufficient_bid", 0.5)], None),
    ("nothing likely", [], None),
]


@pytest.mark.parametrize(("what", "candidates", "kinds"), GROUP_ROWS)
def test_the_group_every_likely_reading_is_in(
        what: str, candidates: list[tuple[str, float]], kinds: list[str] | None) -> None:
    assert likely_group(candidates) == kinds, what


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_out_of_turn_of_an_unknown_kind_asks_which_kind_at_once(tmp_path: Path,
                                                                lang: str) -> None:
    """29-33: the understanding unsure between a bid and a double out of
    rotation: the first question is which kind of call out of turn, and the
    answer goes on to the Law's own questions."""
    def classify(text: str) -> Classification:
        if text != "partner said something out of turn":
            return Classification(None, 0.0, (), {}, lang)
        return Classification("bid_out_of_rotation", 0.536,
                              (("bid_out_of_rotation", 0.762), ("double_out_of_rotation", 0.663),
                               ("insufficient_bid", 0.174)),
                              {"offender_relative": "partner"}, lang)

    chat = open_conversations(tmp_path / "m.sqlite3", edition="2017", classify=classify)
    try:
        replies = chat.text(CHAT, "partner said something out of turn", lang)
        question = next(r.question for r in replies if r.question)
        assert question.fact == "irregularity"
        assert [c.value for c in question.choices][:2] == ["bid_out_of_rotation",
                                                           "double_out_of_rotation"]
        assert {c.value for c in question.choices} == set(OOR)
        assert ("Déclaration hors tour" if lang == "fr" else "Call out of turn") in replies[0].text
        replies = chat.answer(CHAT, "pass_out_of_rotation")
        asked = next(r.question for r in replies if r.question)
        assert asked.fact == "turn_of"
    finally:
        chat.store.close()
