"""The one reader of a Law cited by number (bot/understanding/lawref.py), and
what the classifier makes of a citation: a request to read the Law, or the
Law a report cites for its incident."""

from __future__ import annotations

import pytest

from bot.understanding import classify
from bot.understanding.lawref import citations
from bot.understanding.normalise import normalise

# (text, [(law, canonical ref, how it was named)], in the order written)
CITED = [
    ("loi 27", [(27, "27", "named")]),
    ("Loi 27B1a svp", [(27, "27B1(a)", "named")]),
    ("L27B1a", [(27, "27B1(a)", "named")]),
    ("law 16 B", [(16, "16B", "named")]),
    ("law 16 B 1 (a)", [(16, "16B1(a)", "named")]),
    ("art. 27", [(27, "27", "named")]),
    ("article 31 please", [(31, "31", "named")]),
    ("règle 40 ?", [(40, "40", "named")]),
    ("regle n° 25", [(25, "25", "named")]),
    ("rule 31 on a bid out of turn", [(31, "31", "named")]),
    ("L16B1(a)(i)", [(16, "16B1(a)(i)", "named")]),
    ("que dit la loi vingt-cinq ?", [(25, "25", "named")]),  # the normaliser reads the number
    ("law thirty two please", [(32, "32", "named")]),
    ("c'est quoi la 27 ?", [(27, "27", "article")]),
    ("lis-moi la 40", [(40, "40", "article")]),
    ("que dit la 16B", [(16, "16B", "article")]),
    ("la 31 ?", [(31, "31", "article")]),
    ("what does 40B3 say", [(40, "40B3", "paragraph")]),
    ("Texte 30B1(b)", [(30, "30B1(b)", "paragraph")]),
    ("25A or 25B here?", [(25, "25A", "paragraph"), (25, "25B", "paragraph")]),
    ("loi 37 puis 36B", [(37, "37", "named"), (36, "36B", "paragraph")]),
    # a letter apart is a paragraph only when it cannot be a word
    ("la loi 27 a été appliquée", [(27, "27", "named")]),
    ("loi 31 A mon avis", [(31, "31", "named")]),
    ("loi 31 b.", [(31, "31B", "named")]),
    # not a Law: calls, hours, ordinals, a table
    ("N 1H E 1S", []),
    ("on se retrouve à 10h", []),
    ("la 27e donne du tournoi", []),
    ("à la 12 Nord ouvre", []),
    ("un arbitre svp, c'est pour la 9", []),
    ("on jouait la 27, Nord a ouvert", []),
    ("4S by North, 3NT by me", []),
]


@pytest.mark.parametrize(("text", "expected"), CITED)
def test_citations(text, expected):
    found = [(c.law, c.ref, c.kind) for c in citations(normalise(text))]
    assert found == expected


# A request to read or explain a Law (by number, by "la 27", by a paragraph
# alone) is a lookup and carries the paragraph; a Law cited in a report of an
# incident names the incident.
LOOKUPS = [
    ("peux-tu me montrer la loi 31 ?", "31"),
    ("c'est quoi la 27 ?", "27"),
    ("art. 25 stp", "25"),
    ("règle 40 ?", "40"),
    ("can you show me L30B1b", "30B1(b)"),
    ("what does rule 16 B say?", "16B"),
]


@pytest.mark.parametrize(("text", "ref"), LOOKUPS)
def test_a_law_asked_for_is_a_lookup(text, ref):
    result = classify(text)
    assert result.irregularity == "law_lookup", result
    assert result.facts.get("law_ref") == ref


CITED_IN_REPORTS = [
    # Law 37: a barred player called
    ("Nord devait passer (loi 30) mais il a dit 2♠ au tour suivant.", "call_when_obliged_to_pass"),
    ("W was barred after his pass out of turn, then W bid 3C. Law 37 surely?",
     "call_when_obliged_to_pass"),
    # Law 27: the board number is no Law ("la 27")
    ("On jouait la 27 : Nord ouvre 1♠, Est dit 1♥.", "insufficient_bid"),
    # Law 36, not Law 32: a Law the report denies is not cited
    ("Donneur Sud. S 1♥, O passe, N 2♥, puis O surcontre alors que personne n'a contré : "
     "loi 36, pas loi 32.", "inadmissible_double"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity"), CITED_IN_REPORTS)
def test_a_law_cited_in_a_report_names_the_incident(text, irregularity):
    assert classify(text).irregularity == irregularity


# A Law with its own subject and nobody acting is a Law to read, whatever the
# subject's words suggest; a question about "the law" after a story asks for
# the ruling of that story.
READ_OR_RULE = [
    ("Voici la loi 30, passe hors tour, pour ceux qui la demandaient.", "law_lookup"),
    ("law 38 text? bids above seven", "law_lookup"),
    ("I'd like to read law 27 about insufficient bids", "law_lookup"),
    ("J'ai une question sur les contres hors tour. Que dit la loi ?", "law_lookup"),
    ("Mon adversaire a regardé les cartes d'un autre étui et a parlé. Que dit le règlement ?",
     "wrong_board"),
    ("Everyone passed on board 3 and the director scored it zero. Which law is that?",
     "passed_out"),
    ("Enchères simultanées à la table 4, mon partenaire et moi. Loi 33 ?", "simultaneous_calls"),
    # "what" alone asks for no text: the question a player asked at the table
    ("T10, dlr E. E 1NT, S 1H in turn. W asked N what 2H would mean before deciding "
     "(20F1, fine). W then passed, i.e. accepted.", "insufficient_bid"),
    ("what's the law on a bid out of turn", "law_lookup"),
    ("what exactly does law 19 allow? doubles n redoubles", "law_lookup"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity"), READ_OR_RULE)
def test_a_law_to_read_or_the_ruling_of_a_story(text, irregularity):
    assert classify(text).irregularity == irregularity


# A topic asked about with no incident is a Law to look up, and its words are
# the query ("/loi contre hors tour", "c'est quoi la règle pour …").
TOPICS = [
    ("/loi contre hors tour", "contre hors tour"),
    ("c'est quoi la règle pour un passe hors tour ?", "un passe hors tour"),
    ("what does the law say about a bid out of turn?", "bid out of turn"),
    ("J'aimerais comprendre la règle sur les enchères simultanées.", "enchères simultanées"),
    ("Can you tell me the rule for a call after the auction has ended?",
     "call after the auction has ended"),
    ("la règle des contres inadmissibles svp", "contres inadmissibles"),
    # a few words and a law word, nobody acting
    ("stop card rule", "stop card"),
    ("loi enchère insuffisante", "enchère insuffisante"),
    # English "on a" is no French "on a" (we have)
    ("Law on a passed-out hand?", "passed-out hand"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "query"), TOPICS)
def test_a_topic_asked_about_is_a_lookup(text, query):
    result = classify(text)
    assert result.irregularity == "law_lookup", result
    assert result.facts.get("law_query") == query


# The same words closing a story ask for its ruling; a vague call for help
# names nothing (the dialogue offers its menu).
NOT_LOOKUPS = [
    ("Nord a passé alors que c'était à Est. C'est quoi la règle pour ça ?",
     "pass_out_of_rotation"),
    ("West opened 1H at North's turn. What are the rules on that?", "bid_out_of_rotation"),
    ("problème aux enchères à la table 3, arbitre svp", None),
    ("director please, something went wrong with the bids", None),
    ("any rule on that?", None),  # "that" points back at a story not told
    ("la règle pour ça svp", None),
    # a call alone is no story (maybe an answer): the menu, not a guess
    ("1S", None),
    ("XX", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity"), NOT_LOOKUPS)
def test_a_story_or_a_call_for_help_is_no_lookup(text, irregularity):
    assert classify(text).irregularity == irregularity


@pytest.mark.parametrize(
    "text", ["which law?", "quelle loi ?", "texte de la loi", "show me the rules"]
)
def test_a_law_asked_for_with_no_topic_quotes_no_words(text):
    result = classify(text)
    assert result.irregularity == "law_lookup"
    assert "law_query" not in result.facts  # the dialogue then asks for a number or words


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        # a Law and its own title, which names a board with no number: no incident's place
        ("Loi 22, donne passée", "22"),
        ("law 15 pls (wrong board)", "15"),
    ],
)
def test_a_law_named_with_its_title(text, ref):
    result = classify(text)
    assert (result.irregularity, result.facts.get("law_ref")) == ("law_lookup", ref)


@pytest.mark.parametrize(
    "text", ["la loi 27B1 elle dit quoi exactement", "law 16 says what?"]
)
def test_asking_what_a_law_says_is_a_lookup(text: str) -> None:
    # "elle dit quoi": the writer asks for the text; "elle" is the Law, not a player
    assert classify(text).irregularity == "law_lookup"


@pytest.mark.parametrize(
    "text",
    ["Peux-tu me montrer l'article sur les contres hors tour?",
     "show me the article on inadmissible doubles"],
)
def test_the_article_on_a_topic_is_a_lookup(text: str) -> None:
    # "l'article sur …", "the article on …": a Law asked for by its topic
    assert classify(text).irregularity == "law_lookup"
