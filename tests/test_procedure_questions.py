"""The questions players ask every week about procedure (issue 7), in French
and English, from free text to the right answer and its Law excerpt.

Each case names the paragraph it should reach (seed 001 for Law 20, seed 003
for the bidding-box regulation).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.dialogue import Conversations, Reply
from bot.understanding import classify

NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)

# (paragraph, lang, text, irregularity, facts the text states)
UNDERSTOOD: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("20B", "fr", "Puis-je avoir le rappel des enchères maintenant ?", "auction_review",
     {"request": "review"}),
    ("20B", "en", "can I have the auction repeated now?", "auction_review",
     {"request": "review"}),
    ("20F1", "en", "who answers my question about their 2♦?", "auction_review",
     {"request": "explanation"}),
    ("20F1", "fr", "Qui doit répondre à ma question sur leur 2♦ ?", "auction_review",
     {"request": "explanation"}),
    ("20C2", "en", "I am dummy, can I ask for a review of the auction after the final pass?",
     "auction_review", {"request": "review", "phase": "after_final_pass", "asker_role": "dummy"}),
    ("20F5", "en", "my partner explained my bid wrongly, do I say something?", "misinformation",
     {"who_noticed": "explainer_partner"}),
    ("20F5", "fr", "Mon partenaire a mal expliqué mon enchère, je dois dire quelque chose ?",
     "misinformation", {"who_noticed": "explainer_partner"}),
    ("BB3", "fr", "il a sorti le carton de la boîte et l'a remis, est-ce que ça compte ?",
     "change_of_call", {"box_card": "withdrawn"}),
    ("BB3", "en", "he took the card out of the box and put it back, is it made?",
     "change_of_call", {"box_card": "withdrawn"}),
    ("BB7", "en", "he jumped without the Stop card", "unauthorized_information",
     {"source": "stop_card_not_used"}),
    ("BB7", "fr", "Il a fait un saut sans le carton Stop", "unauthorized_information",
     {"source": "stop_card_not_used"}),
    ("16B", "en", "she thought for a minute before passing", "unauthorized_information",
     {"source": "hesitation"}),
    ("16B", "fr", "Ouest a hésité longtemps avant de passer", "unauthorized_information",
     {"source": "hesitation"}),
]


@pytest.mark.parametrize(
    ("paragraph", "lang", "text", "irregularity", "facts"),
    UNDERSTOOD,
    ids=[f"{case[0]}-{case[1]}-{i}" for i, case in enumerate(UNDERSTOOD)],
)
def test_the_question_is_understood(
    paragraph: str, lang: str, text: str, irregularity: str, facts: dict[str, Any]
) -> None:
    result = classify(text).to_dict()
    assert result["lang"] == lang
    assert result["irregularity"] == irregularity
    for fact, value in facts.items():
        assert result["facts"].get(fact) == value, (fact, result["facts"])


def _with_details(reply: Reply) -> str:
    """A reply's text and what opens under it (a ruling's details and excerpts)."""
    return reply.text + ("\n" + reply.details if reply.details else "")


def _drive(chat: Conversations, key: str, text: str, lang: str,
           answers: Mapping[str, Any]) -> tuple[dict[str, Any], str, int]:
    """Send ``text``, answer each question from ``answers``; the ruling, every
    text shown on the way, and the steps taken."""
    replies: list[Reply] = chat.text(key, text, lang)
    shown = [_with_details(r) for r in replies]
    steps = 1
    while True:
        ruling = next((r.ruling for r in replies if r.ruling), None)
        if ruling is not None:
            return ruling, "\n".join(shown), steps
        asking = next((r for r in replies if r.question), None)
        assert asking is not None and asking.question is not None, shown
        fact = asking.question.fact
        assert fact in answers, f"unexpected question {fact}: {asking.text}"
        replies = chat.answer(key, answers[fact])
        shown += [_with_details(r) for r in replies]
        steps += 1
        assert steps <= 6, "the dialogue does not converge"


# (paragraph, lang, text, answers the dialogue may ask for, laws, outcomes, excerpt words)
ANSWERED: list[tuple[str, str, str, dict[str, Any], set[str], set[str], str]] = [
    ("20B", "fr", "Puis-je avoir le rappel des enchères maintenant ?",
     {"phase": "auction"}, {"20B"}, {"review_allowed", "whole_review_only"},
     "répéter toutes les déclarations précédentes"),
    ("20C2", "en", "I am dummy, can I ask for a review of the auction after the final pass?",
     {}, {"20C2"}, {"review_not_allowed"}, "first turn to play"),
    ("20F1", "en", "who answers my question about their 2♦?",
     {"phase": "auction"}, {"20F1"}, {"answered_by_callers_partner"}, "partner"),
    ("20F5", "fr", "Mon partenaire a mal expliqué mon enchère, je dois dire quelque chose ?",
     {"offender_side": "defending"}, {"20F5(a)"},
     {"must_not_correct_during_auction"}, "partenaire"),
    ("BB3", "fr", "il a sorti le carton de la boîte et l'a remis, est-ce que ça compte ?",
     {"unintended": False, "lho_accepts": False}, {"BB3"}, {"call_made"}, "boîte"),
    ("BB7", "en", "he jumped without the Stop card", {}, {"16B1", "BB7"},
     {"stop_card_wait", "reserve_rights"}, "Stop"),
    ("16B", "fr", "Ouest a hésité longtemps avant de passer", {}, {"16B1"},
     {"unauthorized_information", "adjusted_score_possible"}, "16"),
]


@pytest.mark.parametrize(
    ("paragraph", "lang", "text", "answers", "laws", "outcomes", "excerpt"),
    ANSWERED,
    ids=[f"{case[0]}-{case[1]}" for case in ANSWERED],
)
def test_the_right_answer_with_its_excerpt(
    chat: Conversations, paragraph: str, lang: str, text: str, answers: dict[str, Any],
    laws: set[str], outcomes: set[str], excerpt: str,
) -> None:
    ruling, shown, steps = _drive(chat, f"proc:{paragraph}:{lang}", text, lang, answers)
    assert laws <= set(ruling["laws"]) | {law for o in ruling.get("options", [])
                                          for law in o["laws"]}, ruling["laws"]
    assert outcomes <= set(ruling["outcomes"]), ruling["outcomes"]
    assert excerpt in shown, shown[-600:]
    assert steps <= 3


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        ("Sud a passé hors tour, c'était à Est de parler, après l'ouverture 1♣ de Nord",
         [{"seat": "N", "call": "1C"}, {"seat": "S", "call": "P"}]),
        ("After North opened 1S, West bid 2H out of turn",
         [{"seat": "N", "call": "1S"}, {"seat": "W", "call": "2H"}]),
    ],
)
def test_a_call_named_after_apres_came_first(text: str, calls: list[dict[str, str]]) -> None:
    """'après l'ouverture de Nord': the text names last what the table said first."""
    assert classify(text).to_dict()["facts"]["calls"] == calls


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        ("West opened 1♥ but it was North's turn", "bid_out_of_rotation"),
        ("East doubled when it was West's turn", "double_out_of_rotation"),
        ("Est a passé alors que c'était au tour de Sud", "pass_out_of_rotation"),
    ],
)
def test_a_call_at_another_players_named_turn_is_confidently_out_of_turn(
    text: str, irregularity: str
) -> None:
    """No 'did you mean' tap when the text names whose turn it really was."""
    result = classify(text).to_dict()
    assert result["irregularity"] == irregularity
    assert result["confidence"] >= 0.6  # bot.dialogue.merge.CONFIDENT


def test_a_list_of_calls_keeps_its_order_and_tells_acceptance_itself() -> None:
    """'S X W XX N 3S': each call follows its caller; an earlier call by the
    offender's LHO is not an acceptance of a later insufficient bid."""
    incident = classify("N 1S E 2H S X W XX N 3S E 3H").to_incident()
    assert incident is not None
    assert [c["call"] for c in incident["calls"]] == ["1S", "2H", "X", "XX", "3S", "3H"]
    assert "lho_accepts" not in incident["facts"]
