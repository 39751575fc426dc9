"""What a new user met in the first hour (issue 17), each in the user's own
words, through the real understanding, rules core and store."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue import Conversations, Reply, open_conversations

CHAT = "first:1"
NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


@pytest.fixture
def chat(tmp_path: Path) -> Iterator[Conversations]:
    conversations = open_conversations(tmp_path / "dialogue.sqlite3", edition="2017",
                                       clock=lambda: NOON)
    yield conversations
    conversations.store.close()


def _ruling(replies: list[Reply]) -> dict[str, Any] | None:
    return next((r.ruling for r in reversed(replies) if r.ruling), None)


def _question(replies: list[Reply]) -> Any:
    return next((r.question for r in reversed(replies) if r.question), None)


def _text(replies: list[Reply]) -> str:
    return "\n".join(r.text for r in replies)


def test_a_continuation_in_relative_seats_reaches_law_37_for_the_barred_player(
        chat: Conversations) -> None:
    """Item 2: the LHO's insufficient bid, not accepted, replaced by another
    sufficient bid: his partner (the writer's RHO) must pass throughout; the
    calls reported by place continue the board."""
    chat.text(CHAT, "ladversaire de gauche a dit 1c sur mon 1p", "fr")
    chat.text(CHAT, "2")
    ruled = chat.text(CHAT, "3")
    assert "27B2" in (_ruling(ruled) or {})["laws"]
    replies = chat.text(CHAT, "il a mis 2c, mon partenaire passe et ladversaire de droite "
                              "dit 2p")
    text = _text(replies)
    assert "Votre partenaire passe : en règle." in text
    assert "Loi 37" in text
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "call_when_obliged_to_pass"
    assert any(law.startswith("37") for law in ruling["laws"])
    assert "par votre adversaire de droite" in text
    assert "Votre adversaire de droite 2♠ : votre adversaire de droite devait passer" in text
    assert "Enchère insuffisante" not in text


def test_a_continuation_in_english_by_place(chat: Conversations) -> None:
    chat.text(CHAT, "my LHO bid 1H over my 1S", "en")
    chat.answer(CHAT, False)
    chat.answer(CHAT, "other_bid")
    replies = chat.text(CHAT, "he bid 2H, my partner passes and RHO said 2S")
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "call_when_obliged_to_pass"
    assert "by your right-hand opponent" in _text(replies)


def test_a_correction_of_the_offender_re_derives_the_law(chat: Conversations) -> None:
    """Item 3: dealer South; West opening is at his RHO's turn: Law 31A, not 31B."""
    first = chat.text(CHAT, "TD: dealer S. E opened 1H out of turn", "en")
    assert "East" in _text(first)
    corrected = chat.text(CHAT, "sorry no, it was W not E")
    assert "North (the offender's left-hand opponent)" in _text(corrected)
    replies = chat.text(CHAT, "2")
    ruling = _ruling(replies)
    assert ruling is not None and ruling["offender"] == "W"
    laws = [law for option in ruling.get("options", []) for law in option["laws"]]
    assert any(law.startswith("31A") for law in laws), ruling
    assert not any(law.startswith("31B") for law in ruling["laws"] + laws)


def test_a_french_chat_stays_french_on_a_td_note(chat: Conversations) -> None:
    """Item 5: the chat's language changes only when the user asks."""
    chat.command(CHAT, "start", None, "fr")
    chat.text(CHAT, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    chat.command(CHAT, "annuler")
    replies = chat.text(CHAT, "TD: N 1P E 1C S ?")
    assert chat.language(CHAT) == "fr"
    assert "Understood" not in _text(replies)


def test_a_td_note_as_the_first_message_does_not_switch_the_language(
        chat: Conversations) -> None:
    chat.command(CHAT, "annuler", None, "fr")
    chat.text(CHAT, "TD: N 1P E 1C S ?")
    assert chat.language(CHAT) == "fr"


def test_the_first_message_in_words_sets_the_language_once(chat: Conversations) -> None:
    chat.text(CHAT, "East bid 1H over my 1S, South does not accept")
    assert chat.language(CHAT) == "en"
    chat.command(CHAT, "cancel")
    chat.text(CHAT, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    assert chat.language(CHAT) == "en"
    chat.command(CHAT, "langue", "fr")
    assert chat.language(CHAT) == "fr"


def test_an_english_chat_stays_english_after_forget(chat: Conversations) -> None:
    """Item 14: /forget erases the conversation, not the language chosen."""
    chat.command(CHAT, "langue", "en")
    chat.text(CHAT, "East bid 1H over my 1S, South does not accept")
    asked = chat.command(CHAT, "forget")
    done = chat.button(CHAT, asked[0].actions[0].data)
    assert done[0].text.startswith("Erased")
    assert chat.store.count_rulings(CHAT) == 0
    assert chat.language(CHAT) == "en"
    assert chat.text(CHAT, "problème aux enchères à la table 3")[0].text.startswith("I ")


def test_one_incident_is_one_history_entry_holding_its_final_ruling(
        chat: Conversations) -> None:
    """Item 15: the options step and an edition change do not log new entries."""
    chat.text(CHAT, "Est a dit 1♥ sur mon 1♠, Sud refuse", "fr")
    chat.answer(CHAT, "other_bid")
    chat.command(CHAT, "edition", "2007")
    assert chat.store.count_rulings(CHAT) == 1
    (entry,) = chat.store.recent_rulings(CHAT)
    assert entry.edition == "2007" and "27B2" in entry.ruling["laws"]
    # A new incident is a new entry.
    chat.text(CHAT, "Ouest a ouvert 1♥ alors que c'était à Nord de parler. Nord n'accepte pas.")
    assert chat.store.count_rulings(CHAT) >= 1
    assert len(chat.store.recent_rulings(CHAT)) == chat.store.count_rulings(CHAT)
    listed = chat.command(CHAT, "historique")[0].text
    assert listed.count("Enchère insuffisante") == 1


def test_misinformation_never_calls_the_victim_the_offender_nor_invents_the_lead(
        chat: Conversations) -> None:
    """Item 10: "im on lead" says the lead is not faced; "by you" is not said of
    the misinformed player."""
    first = chat.text(CHAT, "opps didnt alert their 2d transfer, i passed it, auction is over "
                            "now and im on lead", "en")
    assert "by you" not in _text(first)
    replies = chat.answer(CHAT, False)
    text = _text(replies)
    assert "by you" not in text and "misinformed player: you" in text
    assert "Has the opening lead been faced (the end of the auction period)? — Yes" not in text
    ruling = _ruling(replies)
    assert ruling is not None and "21B1(a)" in ruling["laws"]


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("est ce que je peux demander un rappel des encheres ? c'est a moi d'entamer", "fr",
         "Le joueur peut se faire répéter toutes les déclarations précédentes."),
        ("can i ask for a review of the auction? its my opening lead", "en",
         "The player may have all previous calls repeated."),
    ],
)
def test_a_review_of_the_auction_says_what_the_player_may_do(
        chat: Conversations, text: str, lang: str, expected: str) -> None:
    """Item 12: no empty "Now at the table:" section: the card says what the player may do."""
    replies = chat.text(CHAT, text, lang)
    answers = {"phase": "after_final_pass", "asker_role": "defender"}
    for _ in range(4):
        question = _question(replies)
        if _ruling(replies) is not None or question is None:
            break
        replies = chat.answer(CHAT, answers[question.fact])
    card = next(r.text for r in replies if r.ruling)
    assert expected in card, card
    assert card.count("\n") >= 1
    assert ", par vous" not in card and ", by you" not in card


def test_french_board_lines_say_sa_not_nt(chat: Conversations) -> None:
    """Item 13: French says SA."""
    chat.text(CHAT, "Est a dit 1♥ sur mon 1♠, Sud refuse", "fr")
    chat.answer(CHAT, "other_bid")
    text = _text(chat.text(CHAT, "N 2SA"))
    assert "Nord 2SA : en règle." in text and "NT" not in text


def test_the_any_bid_fact_is_not_called_a_pass_for_a_bid(chat: Conversations) -> None:
    """Item 17: "Arb: S donneur, O ouvre 1SA" -> 1: the bid is not "the pass out of rotation"."""
    chat.text(CHAT, "Arb: S donneur, O ouvre 1SA", "fr")
    text = _text(chat.text(CHAT, "1"))
    assert "passe hors tour" not in text.lower()


def test_a_greeting_gets_the_welcome(chat: Conversations) -> None:
    (reply,) = chat.text(CHAT, "bonjour", "fr")
    assert reply.text.startswith("Bonjour !") and reply.question is None


def test_a_description_typed_after_the_menu_starts_afresh(chat: Conversations) -> None:
    menu = chat.text(CHAT, "problème aux enchères à la table 3", "fr")
    assert _question(menu).fact == "irregularity"
    chat.text(CHAT, "Est a dit 1♥ sur mon 1♠, Sud refuse")
    ruled = chat.answer(CHAT, "other_bid")
    (entry,) = chat.store.recent_rulings(CHAT)
    assert _ruling(ruled) is not None
    assert entry.description == "Est a dit 1♥ sur mon 1♠, Sud refuse"


def test_an_unreadable_correction_keeps_the_question_open(chat: Conversations) -> None:
    chat.text(CHAT, "my partner opened 1NT, RHO bid 1S, I doubled", "en")
    chat.answer(CHAT, False)
    replies = chat.text(CHAT, "actually it was 2S not 1S")
    question = _question(replies)
    assert question is not None and question.fact == "option"
    assert replies[0].text.startswith("I did not understand")


def test_a_change_of_call_among_listed_calls_is_placed_not_refused(
        chat: Conversations) -> None:
    """Not "that cannot have happened": the menu, then the usual questions."""
    replies = chat.text(CHAT, "South opened 1S, West passed, North bid 2S, East doubled, South "
                              "said 3H then said oops I meant 3S", "en")
    question = _question(replies)
    # Placed with confidence now: the usual questions of Law 25, no dead end.
    assert question is not None and question.fact == "partner_called_since"
    assert "Change of call" in _text(replies)
    assert "cannot have happened" not in _text(replies)


def test_a_hesitation_does_not_promise_to_check_restrictions(chat: Conversations) -> None:
    replies = chat.text(CHAT, "E a sorti le carton STOP puis a hésité 10 secondes avant de "
                              "passer", "fr")
    assert _ruling(replies) is not None
    assert "restrictions" not in _text(replies).split("Loi 16")[0]


def test_options_without_a_player_line_say_what_follows(chat: Conversations) -> None:
    replies = chat.text(CHAT, "my LHO asked about 2D and my partner explained it as natural "
                              "but it's a transfer", "en")
    assert "See the details" not in _text(replies)


@pytest.mark.parametrize("text", ["3", "oui", "no"])
def test_an_answer_with_no_question_says_so(chat: Conversations, text: str) -> None:
    (reply,) = chat.text(CHAT, text, "fr")
    assert reply.question is None and "pas de question" in reply.text


def test_whose_turn_it_was_survives_a_correction_of_the_offender(chat: Conversations) -> None:
    """North's turn stays North's turn when the offender was East, not West."""
    chat.text(CHAT, "Ouest a passé alors que c'était à Nord, Nord refuse", "fr")
    replies = chat.text(CHAT, "c'était Est")
    question = _question(replies)
    assert question is not None and question.fact != "turn_of"
    assert "Sud (adversaire de gauche du fautif)" in _text(replies)


def test_never_a_did_you_mean_with_a_single_option(chat: Conversations) -> None:
    """Item 16: the menu of what may have happened, the likely group first."""
    replies = chat.text(CHAT, "il a tiré le carton passe au lieu de 2♦", "fr")
    question = _question(replies)
    # Placed with confidence now (Law 25): its usual questions, no "did you mean".
    assert question is not None and question.fact == "partner_called_since"
    assert len(question.choices) > 1
    assert "Changement de déclaration" in _text(replies)


def test_calls_by_place_on_a_board_known_by_seat_ask_where_the_writer_sits(
        chat: Conversations) -> None:
    """Never a re-ruling of the first incident: the board asks the writer's seat."""
    chat.text(CHAT, "East bid 1H over my 1S, South does not accept", "en")
    chat.answer(CHAT, "other_bid")
    asked = chat.text(CHAT, "my partner passes and RHO bids 2S")
    question = _question(asked)
    assert question is not None and [c.value for c in question.choices] == ["N", "E", "S", "W"]
    assert _ruling(asked) is None
    replies = chat.answer(CHAT, "N")
    text = _text(replies)
    assert "South pass: fine." in text
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "call_when_obliged_to_pass"
    assert ruling["offender"] == "W"


@pytest.mark.parametrize(
    ("first", "correction", "announced"),
    [
        ("Est a dit 1♥ sur mon 1♠", "non c'était mon partenaire", "par votre partenaire"),
        ("mon adversaire de droite a ouvert alors que c'était à moi",
         "en fait c'était mon adversaire de gauche", "par votre adversaire de gauche"),
    ],
)
def test_a_correction_by_place_changes_the_offender_and_says_so(
        chat: Conversations, first: str, correction: str, announced: str) -> None:
    chat.text(CHAT, first, "fr")
    replies = chat.text(CHAT, correction)
    text = _text(replies)
    assert announced in text and "fausse information" not in text


def test_whose_turn_it_was_follows_a_correction_by_place(chat: Conversations) -> None:
    """My turn: at my LHO's opening, it was his RHO's turn (31A), not his LHO's."""
    chat.text(CHAT, "mon adversaire de droite a ouvert alors que c'était à moi", "fr")
    chat.text(CHAT, "en fait c'était mon adversaire de gauche")
    ruling = _ruling(chat.answer(CHAT, False))
    assert ruling is not None and ruling["facts"]["turn_of"] == "rho"
    laws = [law for option in ruling.get("options", []) for law in option["laws"]]
    assert any(law.startswith("31A") for law in laws)


def test_calls_by_place_when_nobody_is_placed_ask_who_offended(chat: Conversations) -> None:
    """Through the menu nobody was named: the board asks who offended, by place."""
    chat.text(CHAT, "problème aux enchères à la table 3", "fr")
    chat.answer(CHAT, "insufficient_bid")
    chat.answer(CHAT, False)
    chat.answer(CHAT, "other_bid")
    asked = chat.text(CHAT, "mon partenaire passe et ladversaire de droite dit 2p")
    question = _question(asked)
    assert question is not None and _ruling(asked) is None
    assert [c.value for c in question.choices] == ["self", "lho", "partner", "rho"]
    replies = chat.answer(CHAT, "lho")
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "call_when_obliged_to_pass"
    assert "par votre adversaire de droite" in _text(replies)


def test_calls_reported_while_a_question_is_open_join_the_auction(chat: Conversations) -> None:
    """South calling over East's insufficient bid accepts it (27A1)."""
    chat.text(CHAT, "North opened 1S, East bid 1H", "en")
    ruling = _ruling(chat.text(CHAT, "S 2C"))
    assert ruling is not None and "27A1" in ruling["laws"]


def test_calls_that_do_not_fit_yet_keep_the_question(chat: Conversations) -> None:
    """Never a new incident by North out of "N passe"."""
    chat.text(CHAT, "Nord donneur. Est a ouvert 1♥ avant Nord. Nord refuse", "fr")
    replies = chat.text(CHAT, "N passe")
    question = _question(replies)
    assert question is not None and question.fact == "lho_accepts"
    assert "par Nord" not in _text(replies)
