"""What happens at the table around the calls: a hesitation, a remark, a
gesture, a fumble in the bidding box (Law 16B, unauthorized information); an
explanation or an alert that was wrong or missing (Laws 20F and 21B,
misinformation); a request to hear the auction again (Law 20, review). Each
case is read by its shape, not by a phrase: who asked, what came after, what
the explanation was said to be."""

from __future__ import annotations

import pytest

from bot.understanding import classify
from bot.understanding.normalise import normalise

UI = "unauthorized_information"
MI = "misinformation"
REVIEW = "auction_review"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 20: a review of the auction asked for, then the lead named as the time
        ("Board 25. Player asked to review the auction after the opening lead.", REVIEW),
        ("Donne 20 : joueur de N demande une répétition des enchères après l'entame. Droit ?",
         REVIEW),
        # 16B1 (20F): partner's explanation heard and acted on is the case, not the wrong
        # explanation the opponents received
        ("Partner explained my 2♦ as natural. It was a transfer. So I knew from his "
         "explanation that he thought I had diamonds. I bid 3♥ anyway; may I wake up?", UI),
        # 16B1: a question asked, then a call or a lead by the asker's side
        ("W asked what 3♣ meant, then passed; his partner then led a club", UI),
        ("Nord a demandé la signification du 2♦ puis a passé ; Sud a entamé carreau", UI),
        # 16B1: a time taken over a call, written as a duration
        ("Sud a mis 20 secondes avant de passer, Nord a ensuite contré", UI),
        ("N took 30s before passing, then S bid 3♠", UI),
        # 16B1: a slow call, in French
        ("contre lent de mon partenaire, j'ai enlevé à 4♥", UI),
        # 16B1: a bidding card taken out and put back, then a call
        ("she took the 2♠ card out of the box, put it back and then passed", UI),
        ("Ouest a retiré à moitié le carton contre, l'a remis puis a passé", UI),
        # 16B1: a gesture, the Stop card
        ("mon partenaire a hoché la tête pendant que je réfléchissais", UI),
        ("il a sorti la carte stop avant un simple changement de couleur", UI),
        # 16B1: words said to partner after an alert are a remark, not an explanation
        ("Est a alerté puis a dit à son partenaire « tu es sûr ? »", UI),
        # a "but" inside the words quoted is what was said, not a wrong explanation
        ("N alerted, was asked and told his partner 'natural, but we never agreed it'. UI", UI),
        # directors' abbreviations in capitals
        ("T7: BIT by N before his pass, S then reopened", UI),
        ("Donne 9 : IN, réflexion de S puis passe, N réveille", UI),
        ("E.3 : remarque d'O après l'alerte = IU pour E", UI),
        # 16B1: the asker's partner, named by his seat, acts after the question
        ("E demande ce que veut dire le 2♣ de N puis passe ; O réveille ensuite à 2♠", UI),
        # 16B1: partner's alert or explanation heard, a tone of voice
        ("en entendant l'alerte de ma partenaire, j'ai compris qu'elle avait mal lu mon 2♦", UI),
        ("my partner said 3NT in a hesitant tone of voice and I passed with a slam hand", UI),
        ("E 2♥, asked, 'transfer' — E's partner explained it. MI", MI),
    ],
)
def test_unauthorized_information_by_its_shape(text: str, expected: str) -> None:
    assert classify(text).irregularity == expected


@pytest.mark.parametrize(
    "text",
    [
        # 21B1: an alert said not to have been made
        "the 2♦ opening was never alerted; it shows a weak two in a major",
        "l'ouverture de 2♦ n'a jamais été alertée, c'est un multi",
        "their alert of 1♣ was not made, it can be a short club",
        # 21B1: an explanation word beside a word that says it was wrong
        "my RHO explained partner's 2♣ completely wrong",
        "Est a expliqué le 3♣ de son partenaire de façon erronée",
        # 21B1: a question answered, then what it really was
        "I asked what 4♦ meant, he said a splinter, but it turned out to be natural",
        "J'ai demandé ce que voulait dire le 2♥, elle a répondu « Texas », mais c'était naturel",
        # 21B1: an alert that described the call, then the contrast
        "LHO alerted my RHO's 2♠ as 'minors' but it was a natural weak two",
        # 21B1(a): the change of call the wrong explanation allows is no Law 25 case
        "Can I change my pass? The explanation of their 2NT was wrong and partner has not bid",
        "je veux changer mon passe, l'explication du 2SA était fausse, partenaire n'a pas parlé",
        # the bid explained named again is no new bid (no insufficient bid)
        "South opened 1NT. I asked what 1NT showed and North said 12-14, but by agreement "
        "it was 15-17",
        # an explanation corrected before the opening lead (20F5)
        "before the lead West corrected his explanation of the 2♥ overcall",
        "avant l'entame Nord a rectifié l'explication de son partenaire",
        # system card against the explanation
        "he said the double was for takeout, according to their card it is penalty",
        "selon la fiche leur 2♣ est un Stayman, on nous a dit naturel",
    ],
)
def test_misinformation_by_its_shape(text: str) -> None:
    assert classify(text).irregularity == MI


@pytest.mark.parametrize(
    "text",
    [
        # Law 20: a review asked after the final pass is no call after it (39)
        "after the last pass, can declarer ask to hear the bidding again?",
        "peut-on demander un récapitulatif des enchères après le dernier passe ?",
        "my LHO asked me to repeat the auction before his opening lead",
        # a review restated wrong is still Law 20 ("told me, but left out")
        "at my opening lead I asked for the auction; RHO told me but omitted the double",
        "nous ne sommes pas d'accord sur la séquence, reconstitution des enchères demandée",
    ],
)
def test_review_asked_after_the_final_pass(text: str) -> None:
    result = classify(text)
    assert result.irregularity == REVIEW
    assert "call_after_final_pass" not in dict(result.candidates[:1])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("after 15s+ he passed", "after 15 seconds he passed"),  # a time, no level is that high
        ("W 1s", "W 1 ♠"),
        ("Case 2024-25: S bid", "case 2024 25 S bid"),  # a seat after a number stays a seat
        ("cest quoi votre 2♦", "ce est quoi votre 2 ♦"),  # elisions typed without apostrophe
        ("jai passé", "ME ai passe"),
        ("le 2♥ dest", "le 2 ♥ de E"),
        ("cetait son tour", "ce etait son tour"),
    ],
)
def test_normalise_time_and_elisions(text: str, expected: str) -> None:
    assert normalise(text).text == expected


@pytest.mark.parametrize(
    ("text", "not_expected"),
    [
        # a hesitation named only to deny it (the call out of turn is the case)
        ("no hesitation at all: West simply opened 1♥ before North", UI),
        ("Pas d'hésitation de ma droite, elle a juste passé avant son partenaire", UI),
        # passes that end an auction with a contract are no passed-out board (22B)
        ("North opened 1♠, South raised to 4♠, and everybody passed. Then West doubled.",
         "passed_out"),
        # an answer contradicted is the case (21B), not the question (20)
        ("I asked what 3♦ meant and he said a cue bid, but in fact it showed diamonds", REVIEW),
        ("j'ai demandé ce que voulait dire le 2♠, il a dit fort, mais en réalité c'était faible",
         REVIEW),
        # 38: the level is the case; "enchère de 8" nearly matched without its 8
        ("enchère de ma gauche : 3♣", "bid_above_seven"),
    ],
)
def test_the_word_is_not_the_case(text: str, not_expected: str) -> None:
    assert classify(text).irregularity != not_expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 16B1 (and 20F, 75): partner's explanation or alert heard, the player
        # bound to disregard it, or said to have used it
        ("Ma partenaire a expliqué mon 3♣ comme un contrôle. Dois-je ignorer ce que j'ai "
         "entendu ?", UI),
        ("partner alerted my 2NT and called it minors; now must I bid as if I never heard it?",
         UI),
        ("S alerts N's 4♦ as a splinter; N should continue as though he had not heard it", UI),
        ("Their captain says East used his partner's explanation to find the 5♣ save", UI),
        ("Nord a utilisé l'explication de sa partenaire pour corriger en 3SA", UI),
        # ... or reminded by it of the system
        ("My partner North alerted and explained 'transfer for hearts' - and that woke me up. "
         "If I now bid 3♥ later, is that ok?", UI),
        ("mon partenaire a alerté mon 2♣ qui était naturel, du coup je me suis souvenu qu'on "
         "jouait le 2 sur 1", UI),
        # 21B: what the opponents were told, the opponents' remedy
        ("my partner's explanation of my 2♦ was wrong, the opponents were misled into 3NT", MI),
        ("on a joué comme si le 2♥ était naturel, personne n'a alerté le transfert", MI),
    ],
)  # fmt: skip
def test_an_explanation_to_disregard_is_unauthorized(text: str, expected: str) -> None:
    assert classify(text).irregularity == expected
