"""The classify API: the contract's JSON, an incident the rules core accepts,
and bad input answered without an exception."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.dialogue.merge import CONFIDENT
from bot.understanding import IDS, Classification, classify
from bot.understanding.normalise import MAX_CHARS
from rules_core import Incident, rule
from rules_core.model import FACTS

CONTRACT_KEYS = {"irregularity", "confidence", "candidates", "facts", "lang"}
#: Keys the classification adds beside the contract's facts: who and what the text
#: names (``misinformed``: the player misinformation is ruled for, 21B).
EXTRA_FACTS = {
    "offender", "offender_relative", "call", "calls", "dealer", "law_ref", "law_query",
    "misinformed",
}


def check_shape(result: Classification) -> dict:
    data = result.to_dict()
    assert set(data) == CONTRACT_KEYS
    json.dumps(data)  # plain JSON
    assert data["irregularity"] is None or data["irregularity"] in IDS
    assert 0.0 <= data["confidence"] <= 1.0
    assert data["lang"] in ("fr", "en")
    scores = [c["score"] for c in data["candidates"]]
    assert scores == sorted(scores, reverse=True)
    for candidate in data["candidates"]:
        assert set(candidate) == {"irregularity", "score"}
        assert candidate["irregularity"] in IDS and 0.0 <= candidate["score"] <= 1.0
    if data["irregularity"] is not None:
        assert data["candidates"][0]["irregularity"] == data["irregularity"]
    for fact, value in data["facts"].items():
        assert fact in FACTS or fact in EXTRA_FACTS, fact
        if fact in FACTS:
            assert value in FACTS[fact], (fact, value)
        if fact in ("offender", "dealer", "misinformed"):
            assert value in ("N", "E", "S", "W")
    incident = result.to_incident()
    if incident is not None:
        assert set(incident) <= {"irregularity", "dealer", "calls", "facts", "offender"}
        assert set(incident.get("facts", {})) <= set(FACTS)
        rule(Incident.from_dict(incident))  # accepted and ruled, no IncidentError
    return data


def test_contract_example():
    data = check_shape(classify("N 1S E 1H"))
    assert data["irregularity"] == "insufficient_bid"
    assert data["facts"]["offender"] == "E" and data["facts"]["call"] == "1H"
    assert data["facts"]["calls"] == [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}]
    assert data["lang"] == "en"


def test_incident_goes_straight_to_the_rules_core():
    result = classify("Est a dit 1♥ sur mon 1♠, Sud refuse")
    incident = result.to_incident()
    assert incident == {
        "irregularity": "insufficient_bid",
        "offender": "E",
        "facts": {"lho_accepts": False},
    }
    ruling = rule(Incident.from_dict(incident)).to_dict()
    assert ruling["irregularity"] == "insufficient_bid" and ruling["offender"] == "E"


def test_incident_keeps_the_calls_when_the_core_reads_them_alike():
    incident = classify("donneur Nord, est passe, puis nord ouvre 1♥").to_incident()
    assert incident is not None
    assert incident["calls"] == [{"seat": "E", "call": "P"}, {"seat": "N", "call": "1H"}]
    result = rule(Incident.from_dict(incident)).to_dict()
    # North called after the pass: before the director ruled (28B) or after (30A)
    # is a fact about time that the order cannot show, so the core asks it.
    assert result.get("laws") or result["question"]["fact"] == "correct_player_called"


def test_law_lookup_has_no_incident():
    result = classify("que dit la loi 27")
    assert result.irregularity == "law_lookup"
    assert result.to_incident() is None
    assert result.facts == {"law_ref": "27"}


@pytest.mark.parametrize(
    "text",
    [
        "is this against the rules? something weird happened during the bidding",
        "not sure what the rule is, can you come to table 5",
    ],
)
def test_asking_the_rule_with_no_topic_and_no_law_is_no_lookup(text):
    # a vague call for help: the dialogue offers its menu, not a law text
    assert classify(text).irregularity != "law_lookup"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a question about rulings in general, no incident placed: the menu
        ("I hesitate to ask, but how does the director decide an adjusted score in general? "
         "My partner says we should just forget it.", None),
        ("Une question plus générale : de manière générale, quand faut-il appeler l'arbitre, "
         "et mon partenaire a-t-il raison de me le reprocher ?", None),
        # a Law, a topic or an irregularity named outright is still what is asked
        ("What does the law say in general about insufficient bids?", "law_lookup"),
        ("En général, que dit la loi sur les contres hors tour ?", "law_lookup"),
        # a player placed at his seat tells an incident, however general the words
        ("In general I never complain, but East hesitated for a minute and West then bid 4♠.",
         "unauthorized_information"),
    ],
)
def test_a_question_in_general(text, expected):
    assert classify(text).irregularity == expected


def test_confidence_is_lower_when_two_readings_compete():
    clear = classify("enchère insuffisante : Est a dit 1♥ sur le 1♠ de Nord")
    torn = classify("contre")
    assert clear.confidence > 0.9
    assert torn.irregularity is None or torn.confidence < clear.confidence


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n\t ",
        "🙂🂡🃏",
        "?!...",
        "Nord hat 1 Herz nach meinem 1 Pik gesagt, das ist nicht erlaubt",
        "El jugador del norte pasó fuera de turno y su pareja no dijo nada",
        # "mi" is Spanish ("my"), not the directors' MI; Italian is foreign too
        "mi adversario de la izquierda abrió 1♥ fuera de turno",
        "il mio compagno ha aperto 1 fiori fuori turno",
        "\x00\x01\x02\xff\xfe binary \x7f junk",
        "".join(map(chr, range(0x2500, 0x2600))),
        "zzzz qqqq xkcd wxyz",
    ],
)
def test_bad_input_is_unclassified(text):
    result = classify(text)
    data = check_shape(result)
    assert data["irregularity"] is None
    assert data["confidence"] == 0.0
    assert data["facts"] == {}
    assert result.to_incident() is None


@pytest.mark.parametrize(
    ("text", "irregularity"),
    [
        # a "no"/"pas" one word from the end of its clause once looked two words on
        # (an IndexError that ended the conversation with "could not be handled")
        ("North bid 1H out of turn and East said no other.", "bid_out_of_rotation"),
        ("Nord a passé hors tour, Est dit pas autre", "pass_out_of_rotation"),
    ],
)
def test_a_negation_at_the_end_of_a_clause_reads(text, irregularity):
    assert check_shape(classify(text))["irregularity"] == irregularity


@pytest.mark.parametrize(
    "text",
    [
        # a message cut short anywhere (a typing user, a voice note stopped): readers
        # that look a few words on must stop at its end ("explic. E" once raised)
        "Étui 9 : O 2♦, explic. E n'alerte pas, S demande, O dit naturel ; en fait Multi.",
        "North bid 1H out of turn and East said no other call was made, so South passed.",
        "Bd 2. W 1NT / N ? / S X (N was to call) / W 2C over it, no further call.",
    ],
)
def test_every_cut_of_a_message_reads(text):
    words = text.split()
    for cut in range(1, len(words) + 1):
        check_shape(classify(" ".join(words[:cut])))


def test_random_bytes_are_unclassified():
    rng = random.Random(4)
    for _ in range(20):
        junk = bytes(rng.randrange(256) for _ in range(300)).decode("latin-1")
        data = check_shape(classify(junk))
        assert data["irregularity"] is None


def test_not_a_string_is_unclassified():
    for value in (None, 42, b"bytes", ["N", "1S"]):
        assert classify(value).irregularity is None  # type: ignore[arg-type]


def test_a_very_long_message_is_bounded():
    # Only the first MAX_CHARS characters are read: the rest cannot cost time.
    text = "Est a dit 1♥ sur mon 1♠ et puis bref " * 400  # ~14 000 characters
    result = classify(text)
    check_shape(result)
    assert result == classify(text[:MAX_CHARS] + " tout autre chose " * 500)
    assert classify("x" * 10_000).irregularity is None


BRIDGE_WORDS = st.sampled_from(
    "N E S W Nord Sud Est Ouest North South West East 1♥ 2♠ 3SA 8NT 1H P X XX passe pass "
    "contre double surcontre redouble hors tour out of turn sur over mon my son his partenaire "
    "partner LHO RHO adversaire gauche droite loi law 27 accepte refuse donneur dealer , . ? "
    "puis then après after avant before pas not mauvais carton étui hésitation".split()
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_any_text_gives_a_classification(text):
    check_shape(classify(text))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(BRIDGE_WORDS, max_size=40).map(" ".join))
def test_any_bridge_like_text_gives_a_classification(text):
    check_shape(classify(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a director's log: the Law cited beside the ruling given names the incident
        ("Ruling: 27B1(b), partner barred", "insufficient_bid"),
        ("Law 16 applied, score adjusted to 4S-1.", "unauthorized_information"),
        ("Law 21B1a, adj 3NT=", "misinformation"),
        ("Law 25A: change allowed", "change_of_call"),
        ("Decision 32B: double cancelled", "double_out_of_rotation"),
        ("Ruling: partner barred for one round, 31A2", "bid_out_of_rotation"),
        # the Law asked for is still a lookup
        ("What does Law 16 say about a score adjusted?", "law_lookup"),
        # directors' abbreviations
        ("COC by N: 2S -> 2H, unintended, 25A.", "change_of_call"),
        ("chgt d'ench. E 3SA -> 4♥ après réflexion, S pas encore parlé.", "change_of_call"),
    ],
)
def test_directors_logs(text, expected):
    assert classify(text).irregularity == expected


def test_an_opponents_double_of_our_bid_is_no_inadmissible_double():
    """Law 19A1: a double of an opponent's call is legal; the calls as written decide."""
    assert classify("LHO doubled my 1S opening, partner passed").irregularity is None
    assert classify("partner doubled my 1S opening").irregularity == "inadmissible_double"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Law 19B1: a redouble needs a double to redouble
        ("oppo XX'd when there was no X. ruling?", "inadmissible_double"),
        ("pote a mis XX sur leur 3♦ alors qu'il y avait pas de X", "inadmissible_double"),
        # Law 32: the call made out of turn is the double, not the bid it doubled
        (
            "L'adversaire de droite a contré mon ouverture de 1♠ alors que c'était le tour "
            "de son partenaire.",
            "double_out_of_rotation",
        ),
    ],
)
def test_which_call_the_double_words_name(text, expected):
    assert classify(text).irregularity == expected


def test_a_regular_listing_alone_is_no_incident():
    assert classify("1H → P → 1S → P → 1NT → X → XX").irregularity is None


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        ("Bd 3 N/EW. 1♣ 1♥ 1♦", "S"),  # Law 27: the dealer is in the board header
        ("Board 4 S/None: 1H 1S 1D", "N"),
        ("Étui 6 E/Tous. 1♠ 1♥", "S"),
    ],
)
def test_board_header_gives_the_dealer(text, offender):
    result = classify(text)
    assert result.irregularity == "insufficient_bid"
    assert result.facts["offender"] == offender


def test_board_header_is_no_part_of_what_the_learned_layer_reads():
    from bot.understanding.ngram import features_text

    assert features_text("Bd 10 S/All. W 1S") == "W 1 ♠"
    assert features_text("Board 12 was played instead of board 11").endswith("board 11")


def test_a_short_note_the_learned_layer_is_sure_of_is_placed():
    """A director's three-word note ("auction review asked", Law 20) names its
    incident; a short correction with no incident in it stays unplaced."""
    assert classify("auction review asked").irregularity == "auction_review"
    assert classify("non, c'était Ouest").irregularity is None


# --- call irregularities: who doubled whom, which Law governs, who was barred ----------


@pytest.mark.parametrize(
    "text",
    [
        # Law 19A1: an opponent may double the writer's side's bid
        "My RHO doubled my partner's opening",
        "my left-hand opponent doubled my partner's 1NT opening",
        "Mon adversaire de gauche a contré l'ouverture de mon partenaire",
        # and the writer's side may double an opponent's bid
        "my partner doubled my LHO's 1H opening",
    ],
)
def test_a_double_across_the_table_is_no_inadmissible_double(text):
    assert classify(text).irregularity != "inadmissible_double"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Law 36 governs a double Law 19 forbids, even out of rotation (never acceptable)
        ("S redoubled out of turn although nobody had doubled", "inadmissible_double"),
        ("Nord a surcontré hors tour alors qu'Est n'avait pas contré", "inadmissible_double"),
        ("West doubled his own partner's 2D out of turn", "inadmissible_double"),
        # Law 39: after the final pass every call is cancelled, a redouble included
        ("1H pass pass pass, and then West redoubled although no one doubled",
         "call_after_final_pass"),
        ("2♠ passe passe passe, puis Nord contre", "call_after_final_pass"),
        # "everybody passed" after a bid ends the auction; a double told after it (39)
        ("North opened 1♠, South raised to 4♠, and everybody passed. Then West doubled.",
         "call_after_final_pass"),
        ("Nord a ouvert 1SA, Sud a dit 3SA, et tout le monde a passé. Ouest (en flanc) dit "
         "alors « contre », et Nord a répondu « passe ».", "call_after_final_pass"),  # audit 10, 48
        # the doubler's own partner named as what he doubled (19A1, 36)
        ("N doubled his partner out of turn", "inadmissible_double"),
        ("Ouest contre son propre partenaire hors tour", "inadmissible_double"),
        # the last bid before the double, passes aside, was the doubler's partner's
        ("mon partenaire annonce 3♦ et moi je contre, distrait", "inadmissible_double"),
        ("S opened 1C, W passed, N doubled", "inadmissible_double"),
        # his partner's turn, not his partner's bid
        ("N doubled 1H when it was his partner's turn", "double_out_of_rotation"),
        ("Est ouvre 1♦ et moi, Sud, je contre au tour de mon partenaire Nord",
         "double_out_of_rotation"),
        # the bid named as what was doubled is not the call out of turn (32)
        ("The opponent double the 1NT of my partner but it was my turn, not his.",
         "double_out_of_rotation"),
        ("The opponent on the right opened 2 hearts, and before me my partner doubled, "
         "it was my turn.", "double_out_of_rotation"),
        # "à ma place" is whose turn it was, not whose call was doubled
        ("Mon partenaire contre à ma place, que faire", "double_out_of_rotation"),
        # an undoubled bid ("non contrée") is no double; XX of it is Law 19B
        ("XX sur enchère non contrée, 3♦ de N, par S", "inadmissible_double"),
        # "X de S": South's double, at East's turn in the listing (32)
        ("T4, donneur O : 1SA – P – X de S au tour de E. O dit 2♣ → accepté.",
         "double_out_of_rotation"),
        # a pass is no call to double: he thought his partner had passed
        ("Ouest a contré trop tôt, il pensait que son partenaire avait déjà passé",
         "double_out_of_rotation"),
        # a double before the bid it doubles, told out of turn: Law 32, not 19
        ("Table 4: E X out of turn. S 1D was the opening.", "double_out_of_rotation"),
    ],
)
def test_the_law_that_governs_a_double(text, expected):
    assert classify(text).irregularity == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Law 37: a call by the player who must pass, told before or after the bar
        ("N 2H while barred", "call_when_obliged_to_pass"),
        ("Sud, bâillonné depuis son enchère insuffisante, a dit 3♣", "call_when_obliged_to_pass"),
        ("Ouest était condamné à passer ; il a contré quand même", "call_when_obliged_to_pass"),
        ("E passed out of turn and had to pass at his next turn, but at his turn E bid 3D",
         "call_when_obliged_to_pass"),
        # "I, the partner": a relative word alone does not make another player
        ("I am N. My partner doubled my 1S opening; the TD said that I, the partner, must "
         "pass throughout. Later I bid 3C anyway.", "call_when_obliged_to_pass"),
        ("Donne 5. N passe hors tour, refusé par E ; N contraint au passe. O 1♣, N 1♠.",
         "call_when_obliged_to_pass"),
        ("E 1S, S 1H insuff, W declined, S passed, so N had to pass throughout. We defended 2S.",
         "insufficient_bid"),
        # the contract reached after the bar is no call by the barred player
        ("S doubled his own partner's 1NT; the TD cancelled it and N-S had to pass for the "
         "rest of the auction. We played 1NT.", "inadmissible_double"),
        # a side barred (38C after a bid above seven), then a call by one of its players
        ("Board 19: after South's bid of 8♠ the director told North–South to pass "
         "throughout. A round later North bid 6NT. What happens to that 6NT?",
         "call_when_obliged_to_pass"),
        ("S opened 7♥, W said 8♠, so pass substituted and E/W must pass throughout. N passed, "
         "then E doubled 7♥.", "call_when_obliged_to_pass"),
    ],
)
def test_a_call_by_a_barred_player(text, expected):
    assert classify(text).irregularity == expected


@pytest.mark.parametrize(
    "text",
    [
        # the call after the bar is another player's: no Law 37
        "I am North. West passed out of turn; the TD said East would have to pass at his "
        "next turn. I bid 2C and East passed.",
    ],
)
def test_a_call_by_another_player_after_a_bar_is_no_law_37(text):
    assert classify(text).irregularity != "call_when_obliged_to_pass"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 23A explained as a condition ("otherwise", "sinon", "… if not comparable"):
        # no bar in force when the barred-to-be player calls, so the call out of
        # rotation is the incident, not Law 37
        ("Dealer South. South opened 1H and East doubled before West had called. South did not "
         "accept. The TD told East that if his next call was comparable there would be no further "
         "rectification, otherwise West must pass at his next turn. West overcalled 2C and East "
         "doubled again; the TD judged it not comparable.", "double_out_of_rotation"),
        ("Donneur Sud. Sud ouvre 1♥ et Est contre avant Ouest. Sud refuse. L'arbitre dit à Est "
         "que si son enchère est comparable au contre retiré, rien de plus ; sinon son partenaire "
         "Ouest devra passer. Ouest dit 2♣, puis Est dit 2♠ : pas comparable, juge l'arbitre.",
         "double_out_of_rotation"),
        ("Dealer East. East opened 1H and North passed before South had called. East did not "
         "accept. The TD said North could bid freely at his turn, with South silenced for a round "
         "if that call was not comparable. South overcalled 2C and North bid 3C.",
         "pass_out_of_rotation"),
    ],
)  # fmt: skip
def test_a_bar_explained_as_a_condition_is_no_law_37(text, expected):
    reading = classify(text)
    assert reading.irregularity == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Law 25: a call taken back by the player who made it, named or not
        ("the opponent bid 2D, then said sorry and put down 2H instead", "change_of_call"),
        ("Ouest passe, puis dit non non je veux 1♠", "change_of_call"),
        ("W 3♣ puis aussitôt 'non, 3♦'", "change_of_call"),
        # a bidding-box slip said in a few words
        ("N 1♦ pour 1♥, glissement de boîte", "change_of_call"),
        ("bidding box slip: E pulled 4S, wanted 4H", "change_of_call"),
        ("Est a sorti la mauvaise carte puis s'est repris", "change_of_call"),
        # "alors que je voulais": what he meant, not whose turn it was
        ("Ma gauche passe et moi je pose 3♣ alors que je voulais 3♦, les cartons étaient collés",
         "change_of_call"),
        ("LHO passed and I put out 1S while I meant 1NT, the cards were stuck", "change_of_call"),
        # a replaced call that was itself insufficient stays Law 27
        ("N 1S, E 1H then no, 2H", "insufficient_bid"),
    ],
)
def test_a_call_taken_back(text, expected):
    assert classify(text).irregularity == expected


@pytest.mark.parametrize(
    "text",
    [
        # Law 27: a bid told first but made after a higher one ("already", "before")
        "he called 1D although his RHO had already bid 1S",
        "Il annonce 2♣ mais avant, il y avait eu 2♦ de mon partenaire",
    ],
)
def test_a_lower_bid_after_one_told_as_earlier_is_insufficient(text):
    assert classify(text).irregularity == "insufficient_bid"


@pytest.mark.parametrize(
    "text",
    [
        # the double of a named bid with the calls between them left out, and no
        # word of a turn: no evidence of a double out of rotation (Law 32)
        "My LHO doubled my partner's 1S",
        "Mon adversaire de gauche a contré le 2♦ de mon partenaire",
    ],
)
def test_a_double_of_a_named_bid_is_not_confidently_out_of_rotation(text):
    result = classify(text)
    assert result.irregularity is None or result.confidence < CONFIDENT, result


@pytest.mark.parametrize(
    "text",
    [
        # Law 37 over its cause: the calls replayed up to the rectification tell the
        # insufficient bid (27B3) that barred East; East's call after it is ruled
        "Bd 3 Dlr S. S 1H, W 1D (insuff), N declined, W subst P, E barred throughout. "
        "N 2H, E 3D.",
        "South opened 1H and West bid 1D, insufficient; North did not accept and West passed, "
        "so East was barred for the rest of the auction. Later East bid 3D.",
    ],
)
def test_words_and_calls_rank_the_barred_players_call_over_its_cause(text, monkeypatch):
    """Without the learned layer (it reads the cause's words too), the words and
    the calls rank Law 37 first."""
    monkeypatch.setattr("bot.understanding.classifier.probabilities", lambda _text: {})
    assert classify(text).irregularity == "call_when_obliged_to_pass"




@pytest.mark.parametrize(
    "text",
    [
        # "told East he had to pass": East is the one barred (Law 30); the calls told after
        # it are other players' and break no bar (Law 37 not broken)
        "E passe hors tour avant N. S refuse. L'arbitre dit à Est qu'il devait passer à son "
        "prochain tour. Sud dit 3♦, Ouest 3♥.",
        "I was South, dealer East. East opened 1♥, I passed, West raised to 2♥ and East "
        "passed before North had called. I didn't accept. The TD told East he had to pass at "
        "his next turn. I bid 3♦, West competed to 3♥, North passed and East passed as he "
        "had to.",
    ],
)
def test_a_bar_told_with_a_pronoun_is_the_named_players(text):
    assert classify(text).irregularity == "pass_out_of_rotation"
