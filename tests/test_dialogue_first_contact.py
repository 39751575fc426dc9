"""What a new user met in the first hour (issue 17), each in the user's own
words, through the real understanding, rules core and store."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue import Conversations, Reply, open_conversations
from bot.dialogue.card import place_of

CHAT = "first:1"
NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


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
    asked = chat.text(CHAT, "2")
    question = _question(asked)  # 31A turns on the RHO's call: asked
    assert question is not None and question.fact == "rho_action"
    replies = chat.answer(CHAT, "undecided")  # not yet: every course explained
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


@pytest.mark.parametrize("note", [
    "Dlr N. 1S (N) 1H (E). S no accept. E -> 2H.",
    "Dlr W. P (W) 1C (N) 1S (E) 1H (S). W no accept.",
    "and Law 27B1(b) please",
])
def test_a_terse_english_note_in_words_sets_english(chat: Conversations, note: str) -> None:
    """Outside audit 10, conversation 1: three words of English are enough to
    answer in English; the French default does not win over them."""
    chat.command(CHAT, "annuler", None, "fr")
    replies = chat.text(CHAT, note)
    assert chat.language(CHAT) == "en", note
    assert "Enchère" not in _text(replies), _text(replies)


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
    """Item 12: no empty "Now at the table:" section: the card says what the player may do.
    "It's my opening lead" says when (after the final pass) and who (a defender):
    nothing is asked (20C2)."""
    replies = chat.text(CHAT, text, lang)
    assert _question(replies) is None
    card = next(r.text for r in replies if r.ruling)
    assert "20C2" in card
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
    chat.answer(CHAT, False)
    ruling = _ruling(chat.answer(CHAT, "undecided"))  # the RHO has not called yet
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


def test_a_call_by_the_player_in_turn_is_not_a_new_incident(chat: Conversations) -> None:
    """Never a new incident by North out of "N passe"."""
    chat.text(CHAT, "Nord donneur. Est a ouvert 1♥ avant Nord. Nord refuse", "fr")
    replies = chat.text(CHAT, "N passe")
    # North, whose turn it was, passes once the director is there: East's bid
    # was not accepted (South has not called over it) and East repeats it (31A1).
    ruling = _ruling(replies)
    assert ruling is not None and ruling["offender"] == "E" and "31A1" in ruling["laws"]
    assert "par Nord" not in _text(replies)


# === The console tried again as a new user (a club director and a club player, FR/EN) ===

# --- answers typed instead of pressed ---------------------------------------

@pytest.mark.parametrize(("lang", "description", "answer"), [
    ("fr", "Est a dit 1♥ sur le 1♠ de Nord", "non il refuse"),
    ("fr", "Est a dit 1♥ sur le 1♠ de Nord", "non, il refuse"),
    ("en", "East bid 1H over North's 1S", "no he refuses"),
])
def test_a_typed_no_followed_by_a_refusal_is_a_refusal(
        chat: Conversations, lang: str, description: str, answer: str) -> None:
    """Law 27A1 only when the LHO accepts: "non il refuse" typed to "does South
    accept?" was read as "not refusing" and ruled that the call stands."""
    chat.text(CHAT, description, lang)
    replies = chat.text(CHAT, answer)
    ruling = _ruling(replies)
    assert ruling is not None
    assert ruling["facts"]["lho_accepts"] is False
    assert "27A1" not in ruling["laws"]
    assert {o["replacement"] for o in ruling["options"]} >= {"lowest_same_denomination"}


@pytest.mark.parametrize(("lang", "typed", "law"), [
    ("fr", "2♥", "27B1(a)"),
    ("fr", "il met 2♥", "27B1(a)"),
    ("en", "he bids 2H", "27B1(a)"),
    ("fr", "passe", "27B2"),
    ("en", "pass", "27B2"),
    ("fr", "Une autre enchère", "27B2"),
])
def test_the_replacement_typed_as_a_call_or_a_label_is_the_choice(
        chat: Conversations, lang: str, typed: str, law: str) -> None:
    """The offender's choice typed rather than pressed: the call named on a
    button ("2♥ — même dénomination") or the button's words."""
    chat.text(CHAT, "East bid 1H over North's 1S" if lang == "en"
              else "Est a dit 1♥ sur le 1♠ de Nord", lang)
    chat.text(CHAT, "no" if lang == "en" else "non")
    replies = chat.text(CHAT, typed)
    ruling = _ruling(replies)
    assert ruling is not None, _text(replies)
    assert law in ruling["laws"]
    assert "not understand" not in _text(replies) and "pas compris" not in _text(replies)


def test_a_call_that_names_no_choice_keeps_the_question(chat: Conversations) -> None:
    """3♥ may be comparable or not: the director decides, the bot does not guess."""
    chat.text(CHAT, "Est a dit 1♥ sur le 1♠ de Nord", "fr")
    chat.text(CHAT, "non")
    replies = chat.text(CHAT, "3♥")
    assert _ruling(replies) is None
    question = replies[-1].question
    assert question is not None and question.fact == "option"


# --- /loi alone ----------------------------------------------------------------

def test_law_alone_then_the_reference_shows_the_excerpt(chat: Conversations) -> None:
    """"/loi" then "27B2": the prompt asked "Quelle Loi ?" and the answer fell
    into the menu of irregularities."""
    prompt = chat.command(CHAT, "loi", None, "fr")
    assert "Quelle Loi" in _text(prompt)
    replies = chat.text(CHAT, "27B2")
    text = _text(replies)
    assert text.startswith("Loi 27B2")
    assert replies[-1].question is None


# --- seats said from the writer's place -------------------------------------

@pytest.mark.parametrize(("offender", "role", "place"), [
    ("partner", "partner", "self"),
    ("partner", "lho", "rho"),
    ("partner", "rho", "lho"),
    ("rho", "lho", "self"),
    ("rho", "rho", "partner"),
    ("lho", "lho", "partner"),
    ("self", "partner", "partner"),
])
def test_place_of_each_role_seen_from_the_writer(offender: str, role: str, place: str) -> None:
    assert place_of(offender, role) == place


def test_my_partners_call_out_of_turn_names_me_and_my_opponents(chat: Conversations) -> None:
    """The offender is "your partner": the offender's partner is the writer,
    the offender's left-hand opponent the writer's right-hand opponent."""
    asked = chat.text(CHAT, "mon partenaire a ouvert 1T alors que c'etait a mon adversaire "
                            "de droite de parler", "fr")
    assert "L'adversaire de gauche du fautif (votre adversaire de droite)" in _text(asked)
    card = _text(chat.text(CHAT, "non"))
    assert "Partenaire du fautif (vous)" in card
    assert "Adversaire de gauche du fautif (votre adversaire de droite)" in card


def test_my_rhos_pass_out_of_turn_asks_me_whether_i_accept(chat: Conversations) -> None:
    asked = chat.text(CHAT, "my RHO passed out of turn, it was my partner's turn", "en")
    assert "Does the offender's left-hand opponent (you) accept" in _text(asked)
    card = _text(chat.text(CHAT, "no"))
    assert "Law 30A" in card
    assert "Offender's right-hand opponent (your partner): calls now" in card
    assert "(you): call freely" in card


# --- the card, read against the Laws -------------------------------------------

def test_after_the_final_pass_the_auction_does_not_continue(chat: Conversations) -> None:
    """Law 39B: declarer's call after the final pass is cancelled, no further
    rectification; the auction is over, it does not "continue"."""
    replies = chat.text(CHAT, "Arb: N 1P E passe S 4P O passe N passe E passe, puis S dit 5T "
                              "après le dernier passe", "fr")
    # Item 11: the calls show South declarer: nothing to ask ("le dernier passe"
    # names the final pass, it is not one more call).
    assert _question(replies) is None
    card = _text(replies)
    assert "39B" in card
    assert "Pas d'autre rectification" in card and "continuent" not in card
    assert "les enchères continuent" not in card
    assert "Déclaration après le passe final, par Sud" in card


def test_31b_says_the_partner_calls_freely_at_their_own_turn(chat: Conversations) -> None:
    """Law 31B1: at the LHO's turn, the offender's partner may make any legal
    call at their proper turn (16C2); the bar comes only after a non-comparable
    call by the offender (31B2 -> 31A2(b))."""
    card = _text(chat.text(CHAT, "TD: dealer N. W opened 1S before N called. N does not "
                                 "accept.", "en"))
    assert "Law 31" in card
    assert "East (partner of West): may call freely at their turn" in card
    free = card.index("may call freely")
    assert card.index("must pass at their next turn after the call by West (once)") > free


@pytest.mark.parametrize(("lang", "description", "expected"), [
    ("fr", "Arb: N 1SA, E 2T alerté, S demande, O explique naturel alors que c'est Landy, "
           "S passe, enchères en cours", "(partenaire du joueur mal informé) a-t-il déclaré"),
    ("en", "opps didnt alert their 2d transfer, i passed it, auction is over now and im on "
           "lead", "Has the misinformed player's partner (your partner) called since?"),
])
def test_misinformation_questions_name_the_misinformed_players_partner(
        chat: Conversations, lang: str, description: str, expected: str) -> None:
    """Law 21B1(a): the misinformed player may change a call while their own
    partner has not called since; nobody in it is "the offender"."""
    text = _text(chat.text(CHAT, description, lang))
    assert expected in text
    assert "du fautif" not in text and "offender's partner" not in text


def test_the_2007_code_offers_no_comparable_call(tmp_path: Path) -> None:
    """Edition 2007, Law 27B1(b): a replacement with the same or a more precise
    meaning; "comparable call" (Law 23A) and its helper are 2017 only."""
    conversations = open_conversations(tmp_path / "d.sqlite3", edition="2007", clock=lambda: NOON)
    try:
        replies = conversations.text(CHAT, "Est a dit 1♥ sur le 1♠ de Nord, Sud refuse", "fr")
        card = replies[-1]
        assert card.question is not None
        labels = [choice.label for choice in card.question.choices]
        assert "Sens identique ou plus précis" in labels
        assert "comparable" not in card.text.lower()
        assert not any("Comparable" in action.label for action in card.actions)
    finally:
        conversations.store.close()


def test_my_own_change_of_mind_names_my_opponent_plainly(chat: Conversations) -> None:
    """The writer is the offender: "Votre adversaire de gauche accepte-t-il",
    not "L'adversaire de gauche du fautif (votre adversaire de gauche)"; Law
    25B2: not accepted, the change is cancelled, said once."""
    asked = _text(chat.text(CHAT, "j'ai dit 2SA puis j'ai changé d'avis pour 3SA, mon "
                                  "adversaire de gauche n'a pas encore parlé", "fr"))
    assert "Votre adversaire de gauche accepte-t-il la déclaration" in asked
    assert "du fautif" not in asked
    card = _text(chat.text(CHAT, "non"))
    assert "25B2" in card
    assert card.count("maintenue") == 1


@pytest.mark.parametrize(("lang", "description", "no", "expected"), [
    ("fr", "mon adversaire de gauche a dit 1c sur mon 1p", "non",
     "La déclaration est annulée ; le joueur fautif la remplace par une déclaration légale ; "
     "le partenaire du fautif doit passer"),
    ("en", "my LHO bid 1H over my 1S", "no",
     "The call is cancelled; the offender replaces it with a legal call; the offender's "
     "partner must pass"),
])
def test_roles_inside_a_sentence_read_as_a_sentence(
        chat: Conversations, lang: str, description: str, no: str, expected: str) -> None:
    """Not "La déclaration est annulée ; Fautif la remplace" (27B3)."""
    chat.text(CHAT, description, lang)
    assert expected in _text(chat.text(CHAT, no))


@pytest.mark.parametrize(("correction", "accepts"), [
    ("en fait Sud avait accepté", True),
    ("non, Sud n'avait pas accepté", False),
    ("actually South had refused", False),
])
def test_a_correction_in_the_past_perfect_is_read(
        chat: Conversations, correction: str, accepts: bool) -> None:
    """After the ruling, "en fait Sud avait accepté" fell into the menu and lost
    the incident; South accepting is Law 27A1."""
    chat.text(CHAT, "Est a dit 1♥ sur le 1♠ de Nord", "fr")
    chat.text(CHAT, "oui" if not accepts else "non")
    ruling = _ruling(chat.text(CHAT, correction))
    assert ruling is not None and ruling["facts"]["lho_accepts"] is accepts
    assert ("27A1" in ruling["laws"]) is accepts


def test_details_asked_before_the_ruling_point_to_the_open_question(
        chat: Conversations) -> None:
    """/details while a question is open: "describe what happened" is wrong,
    the user has; the question comes first, its buttons again."""
    chat.text(CHAT, "Arb: S donneur, O ouvre 1SA", "fr")
    replies = chat.command(CHAT, "details")
    assert "répondez d'abord à cette question" in _text(replies)
    assert "décrivez" not in _text(replies)
    assert replies[-1].question is not None


def test_31a_card_cites_each_choice_and_does_not_give_the_rho_call_to_the_offender(
        chat: Conversations) -> None:
    """Law 31A: whether the RHO passes (31A1) is not the offender's choice; the
    comparable and non-comparable calls are 31A2(a) and 31A2(b), not "31A2"."""
    chat.text(CHAT, "TD: dealer S. W opened 1H out of turn", "en")
    chat.text(CHAT, "no")
    card = _text(chat.answer(CHAT, "undecided"))  # South has not called yet
    assert "Next, depending on the calls:" in card
    assert "West (offender) chooses" not in card
    assert "(31A1)" in card and "(31A2(a))" in card and "(31A2(b))" in card


def test_a_bidding_box_slip_says_the_card_counts_before_it_is_replaced(
        chat: Conversations) -> None:
    """The pass card taken from the box counts as a call made (bidding-box
    regulation), then, unintended and partner not having called, it may be
    replaced (Law 25A1): in that order, not the other way round."""
    chat.text(CHAT, "j'ai sorti le carton passe au lieu de 1SA, je voulais mettre 1SA", "fr")
    chat.answer(CHAT, "change_of_call")
    replies = chat.answer(CHAT, False)
    ruling = _ruling(replies)
    assert ruling is not None and "25A1" in ruling["laws"]
    card = _text(replies)
    assert card.index("considérée comme faite") < card.index("remplace la première")


def test_a_call_after_the_auction_ended_is_ruled_without_the_final_passes_written(
        chat: Conversations) -> None:
    """"after the auction ended with 3NT by South, West bid 4S" got "That cannot
    have happened as described": the final passes are not written. A bid by a
    defender after the final pass, LHO not having called: 39A and 39C."""
    first = _text(chat.text(CHAT, "after the auction ended with 3NT by South, West (on lead) "
                                  "bid 4S", "en"))
    assert "cannot have happened" not in first
    assert "Call after the final pass, by West" in first
    ruling = _ruling(chat.answer(CHAT, False))
    assert ruling is not None and {"39A", "39C"} <= set(ruling["laws"])


def test_a_legal_auction_is_said_to_be_legal_with_the_calls_as_read(
        chat: Conversations) -> None:
    """"1K sur 1T" is 1♦ over 1♣, a sufficient bid: say the calls are regular
    and show how they were read, so a misread letter shows at once."""
    text = _text(chat.text(CHAT, "arbitre svp : enchere insufisante de est, 1K sur 1T de nord",
                           "fr"))
    assert "(Nord 1♣, Est 1♦) sont régulières" in text


@pytest.mark.parametrize(("lang", "description", "no", "label"), [
    ("en", "my partner opened 1H out of turn, it was my LHO's turn to call", "no",
     "Your LHO passes"),
    ("fr", "mon partenaire a ouvert 1♥ hors tour, c'etait a mon adversaire de gauche", "non",
     "Votre adv. de gauche passe"),
])
def test_31a1_button_names_the_rho_from_the_writers_place(
        chat: Conversations, lang: str, description: str, no: str, label: str) -> None:
    """Law 31A1: the offender's RHO is, for the writer whose partner offended,
    the writer's LHO; "RHO passes" read as the writer's own RHO."""
    chat.text(CHAT, description, lang)
    asked = chat.text(CHAT, no)[-1]  # 31A: what the RHO does is asked first
    assert asked.question is not None and asked.question.fact == "rho_action"
    card = chat.answer(CHAT, "undecided")[-1]  # not yet: the courses, as buttons
    assert card.question is not None
    assert label in [choice.label for choice in card.question.choices]


def test_calls_reported_before_the_offenders_choice_are_not_a_new_incident(
        chat: Conversations) -> None:
    """"partner passes" while the offender's replacement (27B) is still open
    was read as a new insufficient bid by the writer's partner; the choice
    comes first, then the calls are checked (27B2, then 37 for the RHO)."""
    chat.text(CHAT, "my LHO bid 1H over my 1S, I don't accept", "en")
    early = chat.text(CHAT, "partner passes")
    assert "First, which of these did the offender choose?" in _text(early)
    assert _ruling(early) is None and early[-1].question is not None
    assert "27B2" in (_ruling(chat.text(CHAT, "3")) or {})["laws"]
    assert "fine" in _text(chat.text(CHAT, "partner passes"))
    ruling = _ruling(chat.text(CHAT, "RHO bids 3H"))
    assert ruling is not None and ruling["irregularity"] == "call_when_obliged_to_pass"


def test_a_whole_table_on_the_wrong_board_is_law_15b_never_36b(chat: Conversations) -> None:
    """Item 4, French: the table bids a board not designated for the round and
    nobody has played the right one yet: 2017 15B2, the score stands."""
    replies = chat.text(CHAT, "Arb: table 3 joue la donne 12 au lieu de la 14, enchères en "
                              "cours, personne n'a encore joué la 12", "fr")
    ruling = _ruling(replies)
    assert ruling is not None and ruling["irregularity"] == "wrong_board"
    assert "15B" in ruling["laws"] and "36B" not in ruling["laws"]
    assert "auction_and_play_completed" in ruling["outcomes"]


@pytest.mark.parametrize(("played", "law", "outcome"), [
    (False, "15B", "auction_and_play_completed"),
    (True, "15B", "board_cancelled"),
])
def test_a_whole_table_on_the_wrong_board_asks_only_whether_it_was_played(
    chat: Conversations, played: bool, law: str, outcome: str
) -> None:
    """Item 4, English: not one player's wrong cards (15A: 'has the offender's
    partner called since?'), but whether anyone at the table played the board."""
    replies = chat.text(CHAT, "TD: wrong board. they are bidding board 14 but should play "
                              "board 12", "en")
    question = _question(replies)
    assert question is not None and question.fact == "previously_played"
    ruling = _ruling(chat.answer(CHAT, played))
    assert ruling is not None and law in ruling["laws"] and outcome in ruling["outcomes"]


def test_misinformation_is_ruled_for_the_player_who_asked(chat: Conversations) -> None:
    """Item 8: West explained East's 2♣ to South, who asked: South is the
    misinformed player (21B1(a)); his partner North is the one asked about."""
    replies = chat.text(CHAT, "Arb: N 1SA, E 2T alerté, S demande, O explique naturel alors que "
                              "c'est Landy, S passe, enchères en cours", "fr")
    assert "joueur mal informé : Sud" in _text(replies)
    question = _question(replies)
    assert question is not None and question.fact == "partner_called_since"
    assert "Nord (partenaire du joueur mal informé)" in _text(replies)


def test_a_partners_missing_alert_is_law_20f5_for_the_writers_side(chat: Conversations) -> None:
    """Item 9: the writer's own partner failed to alert: say nothing during the
    auction, call the director at the right time (20F5), not 21B for opponents."""
    replies = chat.text(CHAT, "my partner forgot to alert my 2D transfer, the auction is still "
                              "going, what do i do?", "en")
    ruling = _ruling(replies)
    assert ruling is not None and any(law.startswith("20F5") for law in ruling["laws"])
    assert "misinformed player" not in _text(replies)
    assert not any(law.startswith("21B") for law in ruling["laws"])


# --- 27B1(a): a bid named only when both bids are known natural --------------

# dealer S: 1NT S, 2♥ W, 2♦ N (insufficient), East does not accept
_TRANSFER_CALLS = [{"seat": "S", "call": "1NT"}, {"seat": "W", "call": "2H"},
                   {"seat": "N", "call": "2D"}]

# (paragraph, facts the message states, edition, the 27B1(a) button, words on the card's line)
LOWEST_LABELS = [
    ("27B1(a) 2017: a 2♦ transfer specifies spades, not diamonds: no bid named",
     {"artificial": True}, "2017", "Enchère minimale, même(s) dénom.",
     "Enchère la plus économique spécifiant la (les) même(s) dénomination(s)"),
    ("27B1(a) 2017: nothing said of the 2♦: it may be artificial, no bid named",
     {}, "2017", "Enchère minimale, même(s) dénom.",
     "Enchère la plus économique spécifiant la (les) même(s) dénomination(s)"),
    ("27B1(a) 2017: only the insufficient bid said natural: still no bid named",
     {"artificial": False}, "2017", "Enchère minimale, même(s) dénom.",
     "Enchère la plus économique spécifiant la (les) même(s) dénomination(s)"),
    ("27B1(a) 2017: both bids natural: the bid is 3♦",
     {"both_natural": True}, "2017", "3♦ — même dénomination", "3♦ — même dénomination"),
    ("27B1(a) 2017: each bid said natural: the bid is 3♦",
     {"artificial": False, "replacement_artificial": False}, "2017", "3♦ — même dénomination",
     "3♦ — même dénomination"),
    ("27B1(a) 2007: the same denomination, both natural: the bid is 3♦",
     {"both_natural": True}, "2007", "3♦ — même dénomination", "3♦ — même dénomination"),
    ("27B1(a) 2007: not known natural: no bid named, the 2007 words",
     {}, "2007", "Enchère minimale, même(s) dénom.",
     "Enchère la plus économique dans la même dénomination"),
]


def _chat_reading(
    tmp_path: Path, stated: dict[str, Any], lang: str, edition: str = "2017"
) -> Conversations:
    """A chat whose understanding reads every incident message as an insufficient
    bid with the ``stated`` facts (a call typed alone states nothing)."""
    from bot.understanding.classifier import Classification

    def classify(text: str) -> Classification:
        if text == "3♦":  # a call alone states nothing of the incident
            return Classification(None, 0.0, (), {}, lang)
        return Classification("insufficient_bid", 1.0, (("insufficient_bid", 1.0),), stated,
                              lang)

    return open_conversations(tmp_path / "d.sqlite3", edition=edition, clock=lambda: NOON,
                              classify=classify)


@pytest.mark.parametrize(("paragraph", "facts", "edition", "button", "line"), LOWEST_LABELS)
def test_27B1a_names_the_lowest_bid_only_for_natural_bids(
        tmp_path: Path, paragraph: str, facts: dict[str, Any], edition: str, button: str,
        line: str) -> None:
    stated = {"offender": "N", "call": "2D", "dealer": "S", "calls": _TRANSFER_CALLS,
              "lho_accepts": False, "in_rotation": True, **facts}
    chat = _chat_reading(tmp_path, stated, "fr", edition)
    try:
        replies = chat.text(CHAT, "donneur Sud, 1SA Sud, Ouest 2♥, Nord dit 2♦, Est refuse",
                            "fr")
        question = _question(replies)
        assert question is not None and question.fact == "option", paragraph
        labels = [choice.label for choice in question.choices]
        assert labels[0] == button, (paragraph, labels)
        card = _text(replies)
        assert "• " + line in card, (paragraph, card)
        if "3♦" not in button:
            assert "3♦" not in card, (paragraph, card)
    finally:
        chat.store.close()


def test_a_typed_bid_is_not_the_lowest_of_an_artificial_bid(tmp_path: Path) -> None:
    """27B1(a): after a 2♦ transfer, "3♦" typed is no answer to which choice it
    is (what it specifies is the director's to say); the question stays."""
    stated = {"offender": "N", "call": "2D", "dealer": "S", "calls": _TRANSFER_CALLS,
              "lho_accepts": False, "in_rotation": True, "artificial": True}
    chat = _chat_reading(tmp_path, stated, "fr")
    try:
        chat.text(CHAT, "donneur Sud, 1SA Sud, Ouest 2♥, Nord dit 2♦ Texas, Est refuse", "fr")
        replies = chat.text(CHAT, "3♦")
        ruling = _ruling(replies)
        assert ruling is None or ruling.get("options"), ruling  # still the choice
        question = _question(replies)
        assert question is not None and question.fact == "option"
    finally:
        chat.store.close()


# --- 27B: a replacement told in the message leaves only the 23A question -------

# (paragraph, facts the understanding states beside the offender's 1♦ over 1♥, the choices)
TOLD_REPLACEMENTS = [
    ("27B1(b)/27B3: 'I'd like to double instead'", {"replacement_call_kind": "double"},
     ["A comparable call", "Double / Redouble"]),
    ("27B1(b)/27B2: 'replaced it with a jump to 3♦'",
     {"replacement_call_kind": "bid", "same_strain_lowest": False},
     ["A comparable call", "Another bid"]),
    ("27B: nothing told of the replacement: every choice", {},
     ["Lowest bid, same denomination(s)", "A comparable call", "Another bid", "Pass",
      "Double / Redouble", "Insufficient again"]),
]


@pytest.mark.parametrize(("paragraph", "facts", "choices"), TOLD_REPLACEMENTS)
def test_a_replacement_told_leaves_only_the_comparable_question(
        tmp_path: Path, paragraph: str, facts: dict[str, Any], choices: list[str]) -> None:
    stated = {"offender_relative": "self", "call": "1D", "lho_accepts": False, **facts}
    chat = _chat_reading(tmp_path, stated, "en")
    try:
        replies = chat.text(CHAT, "my LHO opened 1H, I said 1D by mistake; opps didn't accept",
                            "en")
        question = _question(replies)
        assert question is not None and question.fact == "option", paragraph
        assert [c.label for c in question.choices] == choices, paragraph
        ruling = _ruling(chat.answer(CHAT, question.choices[0].value))
        assert ruling is not None and not ruling.get("options"), paragraph
    finally:
        chat.store.close()


# --- 27B1 (2017): an artificial bid's replacement read by the call it names ----
# (outside audit 10, conversations 33 and 3): "replaced by 3♣" after a Stayman
# 2♣, "he doubles instead": the name is not the director's judgement.

# (paragraph, the replacement the understanding reads, the other facts, the
# question's fact, its values (None: a ruling's options), or the laws ruled)
ARTIFICIAL_READINGS = [
    ("27B1(a)/(b)/B2: Stayman 2♣ replaced by 3♣: what 3♣ specifies is judged, asked",
     "lowest_same_denomination", {"artificial": True}, "replacement",
     ["lowest_same_denomination", "comparable", "other_bid"], None),
    ("27B1(b)/B3: Stayman 2♣ replaced by a Stayman-like double: comparable or 27B3",
     "double_redouble", {"artificial": True}, "option", ["comparable", "double_redouble"], None),
    ("27B1(a)/(b)/B2: a cue bid (replacement artificial) in the strain named: asked",
     "lowest_same_denomination", {"replacement_artificial": True}, "replacement",
     ["lowest_same_denomination", "comparable", "other_bid"], None),
    ("27B1(a): natural bids, the lowest in the strain: ruled at once",
     "lowest_same_denomination", {"artificial": False}, None, None, ["27B1(a)", "27D"]),
    ("27B3: a natural bid replaced by a double (nothing said artificial): as read",
     "double_redouble", {}, None, None, ["27B3"]),
]


@pytest.mark.parametrize(("paragraph", "read", "facts", "fact", "values", "laws"),
                         ARTIFICIAL_READINGS)
def test_an_artificial_bids_replacement_is_judged_not_read_by_name(
        tmp_path: Path, paragraph: str, read: str, facts: dict[str, Any], fact: str | None,
        values: list[Any] | None, laws: list[str] | None) -> None:
    stated = {"offender": "S", "call": "2C", "dealer": "N", "in_rotation": True,
              "calls": [{"seat": "N", "call": "2NT"}, {"seat": "E", "call": "P"},
                        {"seat": "S", "call": "2C"}],
              "lho_accepts": False, "replacement": read, **facts}
    chat = _chat_reading(tmp_path, stated, "en")
    try:
        replies = chat.text(CHAT, "N 2NT, E pass, S 2C Stayman, W refuses; S now bids 3C", "en")
        question = _question(replies)
        if fact is None:
            ruling = _ruling(replies)
            assert ruling is not None and not ruling.get("options"), paragraph
            assert ruling["laws"][: len(laws or [])] == laws, (paragraph, ruling["laws"])
            return
        assert question is not None and question.fact == fact, paragraph
        assert [c.value for c in question.choices] == values, paragraph
        assert "27B1(a)" not in (_ruling(replies) or {}).get("laws", []), paragraph
    finally:
        chat.store.close()
