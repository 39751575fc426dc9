"""Long reports told in order (background, the incident, the director, what
followed, a question): the irregularity asked about is the one told before
the director came, or the one the closing question names; what the players
did under the director's rectification is no new irregularity (Laws 30-32,
36, 37 are each cited where the story turns on them)."""

from __future__ import annotations

import pytest

from bot.understanding import classify

NARRATIVES = [
    # Law 30B1(b): the pass out of turn is the incident; the offender's partner
    # was barred, and the next player's own bid afterwards is no Law 37 call.
    ("Soirée au club, j'étais Ouest. Sud ouvre 1♦, Ouest passe, Nord dit 1♠, puis Sud "
     "passe alors que c'était à Est. L'arbitre arrive : Nord devra passer au prochain tour. "
     "Moi, j'ai dit 2♣ ensuite et on a chuté. Était-ce juste ?",
     "pass_out_of_rotation"),
    ("Pairs night, I was East. North opened 1♣, South bid 1♥ before East had called. "
     "West refused it and the TD told us South's partner must pass once. "
     "I then bid 2♦ and we went down. Was that the right ruling?",
     "bid_out_of_rotation"),
    # Law 27B: the insufficient bid told first; the player's partner barred and
    # the next calls are the rectification being applied.
    ("Long story. My partner opened 1NT, my RHO bid 2♠ and I put 2♣ on the table, "
     "thinking of Stayman. The director came, LHO did not accept it, and I was told "
     "partner would be barred if I did not find a suitable call. I passed in the end. "
     "Could I have bid 3♣ instead?",
     "insufficient_bid"),
    # Law 30: the obligation is the rectification; the calls after it are the
    # writer's and the barred player's partner's, not the barred player's.
    ("LHO said 'pass' out of turn. The director said LHO's pass was cancelled and LHO must "
     "pass next time round. I opened 1NT, LHO passed as required and his partner bid 2♥. "
     "Is his partner allowed to bid at all?",
     "pass_out_of_rotation"),
    # Law 31: an obligation the director only explained as possible is none in force.
    ("Board 3, dealer South, that was me. West opened 1♦ before I had even got my cards out. "
     "My partner didn't want to accept it. I opened 1♥. The director then told West he could "
     "now call anything, but depending on what he chose his partner might have to pass once. "
     "West overcalled 2♦ and the director said that was fine.",
     "bid_out_of_rotation"),
    # Law 30B: a one-turn obligation served by a pass; his later calls break nothing.
    ("Nord donneur. Sud passe avant que Nord ne parle. Nord ouvre d'1SA, Est passe, et Sud dit "
     "2♣ Stayman. J'estime que ce n'est pas comparable, et Nord doit passer à son prochain "
     "tour. Ouest passe, Nord passe comme exigé, puis Nord dit 3SA plus tard. Correct ?",
     "pass_out_of_rotation"),
    # Law 37: the barred player himself calls after the rectification.
    ("Est a passé hors tour et l'arbitre a dit qu'Ouest, son partenaire, devait passer "
     "au prochain tour. Au tour suivant, Ouest a quand même dit 3♥.",
     "call_when_obliged_to_pass"),
    ("Je suis Nord. Mon partenaire Sud a contré mon ouverture de 1♠ par erreur. L'arbitre a "
     "annulé le contre et m'a dit, à moi le partenaire, de passer jusqu'à la fin. Plus tard "
     "j'ai oublié et j'ai dit 3♦. Et maintenant ?",
     "call_when_obliged_to_pass"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity"), NARRATIVES)
def test_the_incident_asked_about(text, irregularity):
    assert classify(text).irregularity == irregularity


# Two irregularities told in one story: the closing question says which one
# is asked about (Law 27 for the bid, Law 32 for the double).
TWO_IRREGULARITIES = [
    ("Nord ouvre 1♠, Est dit 1♥. Ensuite Sud contre alors que c'était à Ouest. "
     "Que fallait-il décider pour l'enchère insuffisante ?", "insufficient_bid"),
    ("Nord ouvre 1♠, Est dit 1♥. Ensuite Sud contre alors que c'était à Ouest. "
     "Que fallait-il faire pour le contre hors tour ?", "double_out_of_rotation"),
    ("North opened 1♠ and East bid 1♥. Then South doubled before West had called. "
     "What should the director have ruled about the insufficient bid?", "insufficient_bid"),
    ("North opened 1♠ and East bid 1♥. Then South doubled before West had called. "
     "What should the director have ruled about the double out of turn?",
     "double_out_of_rotation"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity"), TWO_IRREGULARITIES)
def test_the_closing_question_names_the_incident(text, irregularity):
    assert classify(text).irregularity == irregularity


# The rectification told as the story's sequel: the player told to pass is
# named, and the call told after it is another player's (Laws 30-32 and 27),
# not a call by the barred player (Law 37).
RECTIFICATION_TOLD = [
    ("Donne 4. S 1♣, O contre au tour de N. S refuse. N doit passer tout le long. "
     "NS jouent 3♣.", "double_out_of_rotation"),
    ("Dealer S. S 1H, then E doubled before W had called. Not accepted. W barred "
     "throughout. NS bid on to 4H.", "double_out_of_rotation"),
    ("I am West. North opened 1D and I doubled before my partner East had called. "
     "South refused it. Partner had to pass once and I bid 2C. Was that fair?",
     "double_out_of_rotation"),
    ("I passed at my partner's turn and it was not accepted. I was told I had to pass "
     "throughout. Partner opened 1NT. Fair?", "pass_out_of_rotation"),
    # "un contre fait au tour du partenaire", "l'enchère": calls named, not made
    ("Mon adversaire a contré au tour de son partenaire ; l'arbitre a dit que le partenaire "
     "devait passer toute la séquence. Est-ce toujours le cas pour un contre fait au tour "
     "du partenaire ?", "double_out_of_rotation"),
    ("Sud a passé avant son partenaire, le donneur. Refusé. L'arbitre a dit que Sud devait "
     "passer pendant toute l'enchère. Juste ?", "pass_out_of_rotation"),
    # Law 37: the barred player himself calls after it
    ("Donne 9. E doit passer jusqu'à la fin (31B) ; E annonce quand même 2♠.",
     "call_when_obliged_to_pass"),
    ("W had to pass throughout after his partner's bid out of turn, but then "
     "he doubled 3H anyway.", "call_when_obliged_to_pass"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity"), RECTIFICATION_TOLD)
def test_the_rectification_told_after_the_incident(text, irregularity):
    assert classify(text).irregularity == irregularity


# A negation of the replacement ("non comparable", "not comparable") is not a
# negation of the obligation told after it with its own subject (Law 27B2, 37).
NOT_COMPARABLE_THEN_BARRED = [
    ("N 1♠, E 1♥ insuffisant, remplacé par 2♣ non comparable, O doit passer jusqu'à la fin. "
     "S 2♠, O contre 3♣ !", "call_when_obliged_to_pass"),
    ("Donne 8. E 1♦, S 1♣ insuffisant, remplacé par 3♣ pas comparable, N doit passer "
     "à chaque tour. O 3♦, N 4♣ !", "call_when_obliged_to_pass"),
    # Law 37 again: the barred player named by his seat as the later caller
    ("Dealer W. W 1D, N 1C insufficient, replaced by 2NT; S barred throughout. E 3D, S 4C.",
     "call_when_obliged_to_pass"),
    # a side named by its two seats is no barred player calling
    ("N 1H, E 1D insufficient, replaced by 2NT not comparable; W barred throughout. "
     "E/W then bid on to 3NT.", "insufficient_bid"),
    ("N 1♥, E 1♦ insuffisant, remplacé par 2SA non comparable ; O doit passer jusqu'à la fin. "
     "N-S ont ensuite contré 3SA.", "insufficient_bid"),
    # the contract told at the end is no call by the barred player; the cause
    # told before the obligation is the offender's call, not the obligee's
    ("E 1♠, S 1♥ insuffisant, O refuse, S passe, donc N doit passer jusqu'à la fin. "
     "Nous avons joué 2♠.", "insufficient_bid"),
    ("S 1S, W 1H insufficient, N refused, W passed, so E had to pass throughout. "
     "They ended in 2S.", "insufficient_bid"),
    # the obligation itself denied: no bar, no Law 37
    ("N 1♠, E 1♥ insuffisant, remplacé par 2♥ : O ne doit pas passer. S 2♠, O 3♣.",
     "insufficient_bid"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "irregularity"), NOT_COMPARABLE_THEN_BARRED)
def test_a_negation_before_another_subject_does_not_deny_the_bar(text, irregularity):
    assert classify(text).irregularity == irregularity


#: Law 31A: the story goes on past the incident with calls nobody is named
#: for ("I doubled their 3♦"); the calls told up to the first of them are
#: replayed, and the irregularity they hold is the incident.
STORY_GOES_ON = [
    ("I was sitting West; North was the dealer. Before North had even touched his bidding box, "
     "my partner across the table put 1♠ down. South did not want it. North passed and East bid "
     "1♠ again. Later in the auction I doubled their 3♦ and we beat it.",
     "bid_out_of_rotation", "E", "1S"),
]  # fmt: skip

#: One subject, several verbs: a call put down by a verb coordinated with the
#: ones before ("… le remet et pose 2♥") is the same player's (Law 25: North
#: changed his 2♦); not a call named as an object ("sur le 4♠ adverse") nor
#: one after another subject ("my fingers took the pass card").
SUBJECT_CARRIED_ON = [
    ("Donne 2, donneur O. O passe, N sort 2♦ de la boîte, le voit, le remet et pose 2♥ "
     "aussitôt. E n'a pas parlé.", "change_of_call", "N", "2D"),
    ("I was West and wanted to double my right-hand opponent's one heart, but my fingers took "
     "the pass card by mistake. I noticed at once and put down the double instead.",
     "change_of_call", "W", "P"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "irregularity", "offender", "call"), STORY_GOES_ON + SUBJECT_CARRIED_ON
)
def test_the_offender_and_call_of_a_story(text, irregularity, offender, call):
    found = classify(text)
    assert (found.irregularity, found.facts.get("offender"), found.facts.get("call")) == (
        irregularity, offender, call
    )
