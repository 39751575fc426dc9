"""The facts a description states, in the contract's vocabulary.

``read(text)`` does the reading once (normalised tokens, cue phrases, seats
and calls, and the replay of the calls by ``rules_core.replay.derive``);
``facts_for(reading, irregularity)`` then keeps what matters to that
irregularity. A fact is given only when the text states it (or the calls it
lists show it): nothing is filled in by default.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from rules_core.calls import PASS, Call, CallKind, Relation, Seat
from rules_core.model import FACTS, FactValue, Irregularity
from rules_core.replay import Derivation, derive

from .entities import (
    BY_OFFSET,
    CALL_ENDS,
    CONTRACT_RESULT,
    DEALER_MARKS,
    DEALER_NOUNS,
    LAPSE,
    OFFSETS,
    ROLES,
    SIDES,
    CallMention,
    Entities,
    Ref,
    SeatMention,
    call_at,
    imagined,
    named_in_a_time_clause,
    names_whose_turn,
    only_meant,
    only_offered,
    partners_written,
    read_entities,
    relation,
    writers_seat_told,
)
from .lang import detect_language
from .lawref import LAW_NOUNS, citations
from .lexicon import NEGATORS, find_cues, negated_at
from .normalise import (
    BREAK,
    CLAUSE_STOPS,
    COMMA,
    SEATS,
    STRAINS,
    Normalised,
    normalise,
    words_before,
)
from .notation import (
    arrow_between,
    in_parentheses,
    leads_parentheses,
    read_listing,
    within_parentheses,
)

__all__ = ["Reading", "read", "facts_for", "irregular_call", "offender_of", "law_reference"]

I = Irregularity  # noqa: E741 - short alias for the tables below

#: Facts worth reading for each irregularity (beyond offender, call, calls, dealer).
RELEVANT: Mapping[str, frozenset[str]] = {
    I.INSUFFICIENT_BID: frozenset(
        {"lho_accepts", "in_rotation", "replacement", "artificial", "lho_accepts_replacement",
         "replacement_call_kind", "same_strain_lowest", "rho_action"}
    ),
    I.PASS_OUT_OF_ROTATION: frozenset(
        {"turn_of", "lho_accepts", "artificial", "correct_player_called", "call_kind",
         "any_bid_before", "comparable", "offender_called_before"}
    ),
    I.BID_OUT_OF_ROTATION: frozenset(
        {"turn_of", "lho_accepts", "artificial", "call_kind", "rho_action",
         "correct_player_called", "comparable", "offender_called_before"}
    ),
    I.DOUBLE_OUT_OF_ROTATION: frozenset(
        {"turn_of", "lho_accepts", "call_kind", "rho_action", "correct_player_called", "comparable",
         "offender_called_before"}
    ),
    I.CHANGE_OF_CALL: frozenset(
        {"unintended", "lho_accepts", "partner_called_since", "lho_called_since", "auction_over",
         "box_card", "screens"}
    ),
    I.INADMISSIBLE_DOUBLE: frozenset(
        {"lho_called_since", "out_of_rotation", "after_opening_lead", "auction_over"}
    ),
    I.CALL_WHEN_OBLIGED_TO_PASS: frozenset({"lho_called_since"}),
    I.BID_ABOVE_SEVEN: frozenset({"lho_called_since"}),
    I.CALL_AFTER_FINAL_PASS: frozenset(
        {"offender_side", "call_kind", "lho_called_since", "auction_over", "after_opening_lead"}
    ),
    I.SIMULTANEOUS_CALLS: frozenset(),
    I.CARD_EXPOSED_DURING_AUCTION: frozenset({"cards"}),
    I.WRONG_BOARD: frozenset(
        {"partner_called_since", "lho_called_since", "whole_table", "previously_played",
         "auction_over"}
    ),
    I.MISINFORMATION: frozenset(
        {"partner_called_since", "auction_over", "who_noticed", "offender_side"}
    ),
    I.UNAUTHORIZED_INFORMATION: frozenset({"source"}),
    I.AUCTION_REVIEW: frozenset({"request", "phase", "asker_role", "auction_over"}),
    I.PASSED_OUT: frozenset(),
}

#: Irregularities that are a call: the text's irregular call is reported as ``call``.
CALL_IRREGULARITIES = frozenset(
    {
        I.INSUFFICIENT_BID, I.PASS_OUT_OF_ROTATION, I.BID_OUT_OF_ROTATION,
        I.DOUBLE_OUT_OF_ROTATION, I.INADMISSIBLE_DOUBLE, I.CALL_WHEN_OBLIGED_TO_PASS,
        I.BID_ABOVE_SEVEN, I.CALL_AFTER_FINAL_PASS, I.WRONG_BOARD, I.CHANGE_OF_CALL,
    }
)  # fmt: skip

# For these the LHO calling over the call is his acceptance of it (27A, 29A, 25B).
_ACCEPTED_BY_CALLING = frozenset(
    {I.INSUFFICIENT_BID, I.PASS_OUT_OF_ROTATION, I.BID_OUT_OF_ROTATION,
     I.DOUBLE_OUT_OF_ROTATION, I.CHANGE_OF_CALL}
)  # fmt: skip

_HONOURS = frozenset(
    {"as", "roi", "dame", "valet", "dix", "honneur", "honneurs", "ace", "king", "queen",
     "jack", "ten", "honour", "honor", "honours", "honors"}
)  # fmt: skip
#: Procedural facts (Law 20, 16B, the bidding box), each named by a cue; for
#: one fact the first cue found wins, so the more specific ones come first.
_PROCEDURE_CUES: tuple[tuple[str, str, FactValue], ...] = (
    ("@req_repeat", "request", "repeat_call"),
    ("@req_who_leads", "request", "who_leads"),
    ("@req_review", "request", "review"),
    ("@req_explanation", "request", "explanation"),
    ("@phase_after_final_pass", "phase", "after_final_pass"),
    ("@phase_play", "phase", "play"),
    ("@phase_auction", "phase", "auction"),
    ("@role_dummy", "asker_role", "dummy"),
    ("@role_declarer", "asker_role", "declarer"),
    ("@role_defender", "asker_role", "defender"),
    ("@noticed_explainer_partner", "who_noticed", "explainer_partner"),
    ("@noticed_explainer", "who_noticed", "explainer"),
    ("@src_stop_not_used", "source", "stop_card_not_used"),
    ("@src_stop_not_respected", "source", "stop_card_not_respected"),
    ("@src_box", "source", "box_fumbling"),
    ("@src_hesitation", "source", "hesitation"),
    ("@src_remark", "source", "remark"),
    ("@src_gesture", "source", "gesture"),
    ("@box_tray", "box_card", "on_tray"),
    ("@box_touched", "box_card", "touched"),
    ("@box_withdrawn", "box_card", "withdrawn"),
    ("@screens", "screens", True),
)

_SMALL = frozenset({"petit", "petite", "small", "low", "petits"})
_SEVERAL = frozenset({"plusieurs", "several", "many"})
_CARD_WORDS = frozenset({"carte", "cartes", "card", "cards"})
_BOARD_WORDS = frozenset({"donne", "board", "etui", "table", "loi", "law", "donnes", "boards"})
_LAW_COMMAND = re.compile(r"^\s*/(?:loi|law|lois|laws)\b\s*(.*)$", re.IGNORECASE | re.DOTALL)
_QUERY_SKIP = frozenset(
    {"le", "la", "les", "l", "un", "une", "des", "du", "de", "the", "a", "an", "sur", "on",
     "about", "concernant", "regarding", "concerning", "for", "pour", "relative"}
)  # fmt: skip
_QUERY_STOP = frozenset({"svp", "stp", "please", "say", "says", "se", "merci", "thanks", "|"})
#: Words that name no topic of a Law: asking, pointing, the law itself.
_NO_TOPIC = _QUERY_SKIP | _QUERY_STOP | frozenset(
    {"what", "which", "whats", "quelle", "quel", "quelles", "quels", "applies", "apply",
     "applique", "s", "show", "montre", "montrer", "text", "texte", "rappel", "me", "ME", "MY",
     "pls", "plz", "give", "donne", "read", "lire", "lis", "can", "you", "tu", "vous", "of",
     "bridge", "the", "this", "that", "ca", "cela", "it", "is", "est", "c", "ce", "en",
     "cette", "rule", "right", "correct", "bonne", "good", "quoi", "kesako", "?"}
)  # fmt: skip


@dataclass(slots=True)
class Reading:
    """One message read once: everything classification and extraction use."""

    norm: Normalised
    cues: dict[str, list[tuple[int, int]]]
    entities: Entities
    derivation: Derivation | None
    compass_calls: list[tuple[Seat, Call]] | None
    virtual_anchor: bool
    lang: str
    foreign: bool
    command: str | None = None  # the text after "/loi", when the message is that command
    #: the calls were replayed from lent seats (``1H X XX XX``): they name no offender
    seatless: bool = False

    @property
    def tokens(self) -> tuple[str, ...]:
        return self.norm.tokens

    def has(self, cue: str) -> bool:
        return bool(self.cues.get(cue))

    def affirmed(self, cue: str) -> list[tuple[int, int]]:
        """The spans of ``cue`` not denied by a negation just before them."""
        return [s for s in self.cues.get(cue, []) if not denied(self.tokens, *s)]


# "non, il refuse", "no, South refuses": an answer word before a clause with its
# own subject says no to the question, it does not deny the verb.
_ANSWER_WORDS = frozenset({"non", "no", "nope", "nan"})
_SUBJECTS = SEATS | {"il", "elle", "he", "she", "they", "ils", "ME", "MY", "PARTNER", "LHO",
                     "RHO", "OPP", "WE", "on"}  # fmt: skip


_AFTER_VERB_NEGATORS = frozenset({"pas", "plus", "jamais", "point"})
_ADVERBS = frozenset({"toujours", "vraiment", "meme", "encore", "absolument", "surement"})
# English contractions typed without the apostrophe ("i dont accept").
_CONTRACTED_NEGATORS = frozenset(
    {"dont", "didnt", "doesnt", "wont", "cant", "couldnt", "wouldnt", "isnt", "wasnt",
     "hasnt", "hadnt", "havent", "shouldnt", "didn", "doesn"}
)  # fmt: skip


def denied(tokens: tuple[str, ...], start: int, end: int | None = None) -> bool:
    """Whether the words around the phrase at ``start..end`` deny it: a
    negation before it in the clause (not an answer word before the clause's
    subject), or a French ``pas`` right after the verb (``il accepte pas``)."""
    if end is not None:
        after = list(tokens[end : end + 2])
        if after and after[0] in _AFTER_VERB_NEGATORS:
            return True
        if len(after) == 2 and after[0] in _ADVERBS and after[1] == "pas":
            return True  # "il accepte toujours pas"
    if bool(set(words_before(tokens, start, 3, CLAUSE_STOPS)) & _CONTRACTED_NEGATORS):
        return True  # "didnt accept", "doesnt want to accept"
    if not negated_at(tokens, start):
        return False
    raw = words_before(tokens, start, 4)
    # "oh no, wrong card": an answer word set off by a comma is an exclamation
    exclaimed = {i for i, t in enumerate(raw[:-1]) if t in _ANSWER_WORDS and raw[i + 1] == COMMA}
    words = [t for i, t in enumerate(raw) if t != COMMA and i not in exclaimed]
    for i, word in enumerate(words):
        if word in NEGATORS and not (
            word in _ANSWER_WORDS and i + 1 < len(words) and words[i + 1] in _SUBJECTS
        ):
            return True
    return False


_BOARD_NAMES = frozenset({"donne", "donnes", "etui", "etuis", "board", "boards", "deal"})
_BOARD_NUMBER_BEFORE = _BOARD_NAMES | {"la", "le", "the", "du", "of"}


def two_boards(reading: Reading) -> bool:
    """Two board numbers, one of them named as a board (``joue la donne 12 au
    lieu de la 14``, ``bidding board 14 but should play board 12``): the
    table is on the wrong board."""
    tokens = reading.tokens
    numbers = {
        tokens[i]
        for i in range(1, len(tokens))
        if tokens[i].isdigit() and tokens[i - 1] in _BOARD_NUMBER_BEFORE
        and (i + 1 == len(tokens) or tokens[i + 1] not in STRAINS)
    }  # fmt: skip
    named = any(
        tokens[i].isdigit() and tokens[i - 1] in _BOARD_NAMES for i in range(1, len(tokens))
    )
    return named and len(numbers) >= 2


def read_calls(text: str) -> list[CallMention]:
    """The calls a short text names (``sorry, 4♥``), without the rest of the reading."""
    tokens = normalise(text).tokens
    return read_entities(tokens, find_cues(tokens)).calls


def read(text: str) -> Reading:
    norm = normalise(text)
    lang, foreign = detect_language(norm.source)
    cues = find_cues(norm.tokens)
    entities = read_entities(norm.tokens, cues)
    _speakers_own_calls(norm, entities)
    _callers_past_asides(norm, entities)
    listing = read_listing(norm)
    if listing is not None:
        _callers_from_listing(norm, entities, listing)
    _writer_by_own_bid(entities, listing, norm.tokens)
    if listing is not None:
        listed = list(listing.calls)
        if not listing.seatless:
            # "W XX (2H undoubled). N not yet called": the last call listed,
            # read as his, is not one the player told silent made
            silent = {entities.compass(ref) for ref in _told_silent(entities, norm.tokens)}
            while len(listed) > 2 and listed[-1][0] in silent:
                listed.pop()
        if not listing.seatless and len(listing.calls) >= 3:
            listed += _told_beyond(listing.starts, listed, entities, cues, norm.tokens)
        derivation: Derivation | None = derive(listing.dealer, listed)
        compass_calls = None if listing.seatless else listed
        virtual = False
        if len(listing.calls) == 2 and not listing.seatless:
            # "South dealt and opened 1♣, West passed, North responded 1♥, …": two
            # calls linked in prose are the start of the story the prose reader
            # replays whole when it names every caller
            told = _replay(entities, cues, norm.tokens)
            if (
                told[1] is not None and len(told[1]) > 2 and _holds_run(told[1], listed[:2])
                and told[0] is not None and told[0].irregularity in _PROSE_REPLAYED
            ):  # (a player calling twice in prose is the story going on, not Law 25)
                derivation, compass_calls, virtual = told
            elif (beyond := _told_beyond(listing.starts, listed, entities, cues, norm.tokens)) and (
                not {seat for seat, _ in beyond} & {seat for seat, _ in listed}
            ):  # "N E S W / P 1NT / At that point West … bid 2♣": the story goes on (one
                # of the two calling again may be his call changed, Law 25)
                listed += beyond
                derivation, compass_calls = derive(listing.dealer, listed), listed
    else:
        derivation, compass_calls, virtual = _replay(entities, cues, norm.tokens)
    command = None
    match = _LAW_COMMAND.match(text[:200]) if isinstance(text, str) else None
    if match:
        command = match.group(1).strip()
    return Reading(norm, cues, entities, derivation, compass_calls, virtual, lang, foreign, command,
                   seatless=listing is not None and listing.seatless)


def _holds_run(sequence: Sequence[object], run: Sequence[object]) -> bool:
    """``run`` appears in ``sequence``, in order and side by side: the listing
    is part of the story told (``West 1♣, I (North) pass, East 1♠, then West
    …`` reads ``pass, East 1♠`` as a listing)."""
    n = len(run)
    return any(list(sequence[k : k + n]) == list(run) for k in range(len(sequence) - n + 1))


#: What a replay of calls told in prose may find beyond a two-call listing.
_PROSE_REPLAYED = frozenset(
    {I.BID_OUT_OF_ROTATION, I.PASS_OUT_OF_ROTATION, I.DOUBLE_OUT_OF_ROTATION,
     I.INSUFFICIENT_BID, I.INADMISSIBLE_DOUBLE, I.CALL_AFTER_FINAL_PASS}
)  # fmt: skip


def _callers_from_listing(norm: Normalised, entities: Entities, listing: Any) -> None:
    """``1♣ (N) 1♥ (E) 2♦ (S)``: a seat written in parentheses after a call of
    the listing is its caller (the prose reader would take ``(N)`` for the
    maker of ``1♥``); seats the rotation lends are left to the prose."""
    if listing.seatless:
        return
    tokens = norm.tokens
    seat_at = dict(zip(listing.starts, (seat for seat, _ in listing.calls), strict=True))
    for k, call in enumerate(entities.calls):
        seat = seat_at.get(call.start)
        written = (
            seat is not None and call.end < len(tokens) and tokens[call.end] == seat.name
            and leads_parentheses(norm, call.end)
        )  # fmt: skip
        if written and entities.compass(call.caller) != seat:
            entities.calls[k] = replace(call, caller=Ref(seat=seat))
        elif (
            seat is None and call.start and tokens[call.start - 1] in SEATS
            and in_parentheses(norm, call.start - 1) and call.end < len(tokens)
            and tokens[call.end] in SEATS and leads_parentheses(norm, call.end)
        ):  # fmt: skip
            # "P(S) 8♥(W)": a call left out of the listing (a bid above seven)
            # is the seat's after it; the one before is the previous call's
            entities.calls[k] = replace(call, caller=Ref(seat=Seat[tokens[call.end]]))


def _callers_past_asides(norm: Normalised, entities: Entities) -> None:
    """``Est (oups, c'était à Nord) contre``: a player named inside an aside in
    parentheses is not the maker of the call after it; the player named right
    before the parentheses is."""
    tokens = norm.tokens
    for k, call in enumerate(entities.calls):
        if call.caller is None or within_parentheses(norm, call.start):
            continue
        before = [m for m in entities.seats if m.end <= call.start]
        if not before or before[-1].ref != call.caller:
            continue
        named = before[-1]
        if not within_parentheses(norm, named.start):
            continue
        opening = norm.source.rfind("(", 0, norm.spans[named.start][0])
        outside = [
            m for m in before
            if norm.spans[m.start][0] < opening and not within_parentheses(norm, m.start)
            and m is not named
        ]  # fmt: skip  ("mon partenaire (nord, moi jsuis sud)": his seat read into him)
        if not outside or BREAK in tokens[outside[-1].end : call.start]:
            continue
        subject = outside[-1]
        if norm.source[norm.spans[subject.end - 1][1] : opening].strip(" ,") and not (
            named.ref.bare and named.ref.seat is None
        ):
            continue  # words between the player and the aside: not its subject (but "E
            # under obligation to pass (partner's BOOT) doubled": a bare "partner" is his)
        if subject.ref.known and not subject.ref.pronoun:
            entities.calls[k] = replace(call, caller=subject.ref)


# --- quoted words ---------------------------------------------------------------------

def _speakers_own_calls(norm: Normalised, entities: Entities) -> None:
    """``East opened 1NT, then said 'I'll make it one club'``, ``N dit « j'ai
    pris 2♣ pour 2♦ »``: the first person inside a player's quoted words is that
    player, not the writer; his calls there are his. (``_speaker_caller`` reads
    the same for the call a change of call is about, by a narrower rule.)"""
    tokens = norm.tokens
    for k, call in enumerate(entities.calls):
        caller = call.caller
        if caller is None or caller.writer is not Relation.SELF or caller.seat is not None:
            continue
        opened = _quote_start(norm.source, norm.spans[call.start][0])
        if opened is None:
            continue
        opening = next((i for i, (a, _) in enumerate(norm.spans) if a > opened), None)
        if opening is None:
            continue
        before = [m for m in entities.seats if m.end <= opening and opening - m.end <= 10]
        lead = tokens[before[-1].end : opening] if before else ()
        if before and not before[-1].ref.pronoun and set(lead) & _SAYING_VERBS and (
            BREAK not in lead
        ):
            entities.calls[k] = replace(call, caller=before[-1].ref)


def _writer_by_own_bid(entities: Entities, listing: Any, tokens: tuple[str, ...]) -> None:
    """``S 1♥ W P N ? … I've already opened 1♥``: a bid the writer tells as
    his, made by one seat only in the auction written, places him there
    (calls only meant, believed or allowed are not made)."""
    if entities.anchor is not None:
        return
    told = [
        m for m in entities.calls
        if not only_meant(tokens, m.start) and not _believed(tokens, m)
        and not (m.start and tokens[m.start - 1] in _ALLOWING)
    ]  # fmt: skip
    made: dict[Call, set[Seat]] = {}
    for mention in told:
        seat = entities.compass(mention.caller)
        if seat is not None and mention.caller is not None and mention.caller.seat is not None:
            made.setdefault(mention.call, set()).add(seat)
    for seat, call in listing.calls if listing is not None and not listing.seatless else ():
        made.setdefault(call, set()).add(seat)
    mine = {
        frozenset(made.get(m.call, ()))
        for m in told
        if m.call.is_bid and m.caller is not None and m.caller.writer is Relation.SELF
        and m.caller.seat is None
        and not set(tokens[max(0, m.start - 2) : m.start]) & _OTHERS_DETERMINERS
    }  # fmt: skip  (not "it was a normal 1NT": a bid named, no call of his)
    if len(mine) == 1:
        (seats,) = mine
        if len(seats) == 1:
            (entities.anchor,) = seats


#: Before a call the director let stand or put in: not the writer's own.
_ALLOWING = frozenset({"allowed", "permitted", "autorise", "accepte", "accepted"})


# --- replaying the calls -----------------------------------------------------------


def _told_beyond(
    starts: tuple[int, ...],
    listed: Sequence[tuple[Seat, Call]],
    entities: Entities,
    cues: Mapping[str, list[tuple[int, int]]],
    tokens: tuple[str, ...],
) -> list[tuple[Seat, Call]]:
    """The call told in prose beside a listing, by a named player: the first
    one after it (``…, and now North redoubled again``), with those told after
    it in the same sentence (``…, East rebid 1NT, and West put 3NT``), or one
    before it and placed after it (``North redoubled after 1H (S) - 1S (W) …``),
    up to a refusal. A listed call told again by its maker (``West, who had
    passed on the first round, bid 1♠ over South's 2♣``) or a contract and its
    result (``2♥ by South made``) is the story retold, not a call beyond."""
    cut = refusal_end(cues, tokens)
    found: list[tuple[Seat, Call]] = []
    last_end = 0
    for mention in entities.calls:
        if found and (mention.start < last_end or BREAK in tokens[last_end : mention.start]):
            break
        if mention.start in starts or mention.start >= cut:
            continue
        seat = entities.compass(mention.caller)
        if seat is None or mention.caller is None or mention.caller.pronoun:
            continue
        if only_meant(tokens, mention.start) or _told_again(tokens, mention, entities.calls):
            continue
        if _named_not_made(tokens, mention):
            continue
        if any(entities.compass(ref) == seat for ref in _told_silent(entities, tokens)):
            continue  # "N not yet called": a call read as his is not one he made
        beside = tokens[max(0, mention.start - 2) : mention.start] + tokens[
            mention.end : mention.end + 2
        ]
        so_far = [*listed, *found]
        next_in_turn = bool(so_far) and seat == (so_far[-1][0] + 1) % 4 and not (
            set(tokens[max(0, mention.start - 2) : mention.start]) & _PLUPERFECT
        )  # (not "E had P'd over 1NT already": told as done before)
        if (seat, mention.call) in listed and not next_in_turn and not (
            set(beside) & _AGAIN_WORDS
        ) or _contract_result(tokens, mention):
            # the story retold, or the contract and its result ("…, S tanks then
            # passes, W P": West's pass in his turn is his next call, not his first)
            continue
        later = mention.start > max(starts)
        placed_after = mention.start < min(starts) and bool(
            set(tokens[mention.end : mention.end + 2]) & _EARLIER_MARKERS
        )
        if placed_after and not found:
            return [(seat, mention.call)]
        if later:
            found.append((seat, mention.call))
            last_end = mention.end
    return found


#: Beside a call told again: a second call, not the listed one retold.
_AGAIN_WORDS = frozenset(
    {"again", "encore", "nouveau", "second", "seconde", "deuxieme", "another", "autre"}
)


def _contract_result(tokens: tuple[str, ...], mention: CallMention) -> bool:
    """``2♥ made``, ``2♥ by South made +1``, ``4♠ par Nord chute``."""
    after = _after_its_declarer(tokens, mention)
    return bool(after) and after[0] in CONTRACT_RESULT or _named_the_contract(tokens, mention)


def _after_its_declarer(tokens: tuple[str, ...], mention: CallMention) -> tuple[str, ...]:
    after = tokens[mention.end : mention.end + 6]
    if after[:1] and after[0] in ("by", "par") and after[1:2] and after[1] in SEATS:
        after = after[2:]
    return after


def _named_the_contract(tokens: tuple[str, ...], mention: CallMention) -> bool:
    """``so 4♥ by East was the contract``, ``4♠ par Sud devient le contrat``:
    the auction's end retold, not a call made again."""
    after = _after_its_declarer(tokens, mention)
    if mention.start and tokens[mention.start - 1] in _PLAYING or (
        mention.start > 1 and tokens[mention.start - 1] == "in"
        and tokens[mention.start - 2] in _PLAYING
    ):
        return True  # "et Ouest joue 3SA", "so North plays 4♠", "nous a fait jouer 4♠"
    if mention.start and tokens[mention.start - 1] in ("contract", "contrat"):
        return True  # "Contrat 3♦ N.", "final contract 4♠ by E"
    return after[:1] in _CONTRACT_COPULAS and bool({"contract", "contrat"} & set(after[1:4]))


_PLAYING = frozenset(
    {"joue", "jouera", "jouait", "plays", "playing", "joueront", "jouer", "play", "played",
     "jouons", "jouions", "jouent"}
)  # fmt: skip


_CONTRACT_COPULAS = frozenset(
    {("was",), ("became",), ("is",), ("becomes",), ("etait",), ("est",), ("devint",),
     ("devient",), ("fut",)}
)  # fmt: skip


def _replay(
    entities: Entities,
    reading_cues: Mapping[str, list[tuple[int, int]]],
    tokens: tuple[str, ...],
) -> tuple[Derivation | None, list[tuple[Seat, Call]] | None, bool]:
    """Replay the calls when every one has a known player: by compass, or all
    relative to the writer (then a seat is lent to the writer: relations do
    not depend on it)."""
    # Calls only meant or proposed ("il veut corriger en 2♥", "il voulait dire
    # 1♦") were not made at the table.
    unsaid = _calls_after_cues(reading_cues, entities.calls, ("@replacement", "@meant")) | {
        c.start for c in entities.calls if only_meant(tokens, c.start)
    }
    # Calls told after a refusal ("South did not accept it and North then
    # passed") are the auction going on after the rectification.
    cut = refusal_end(reading_cues, tokens)
    calls = _in_table_order(
        [
            c for c in entities.calls
            if c.start not in unsaid and c.start < cut and not _named_not_made(tokens, c)
            and not _told_again(tokens, c, entities.calls, entities)
            and not _believed(tokens, c) and not _named_ahead(tokens, c, entities.calls)
            and not _earlier_in_an_aside(tokens, c) and not _named_the_contract(tokens, c)
        ],
        tokens,
    )
    callers = [c.caller for c in calls]
    whole = True
    if calls and callers[0] is not None and None in callers:
        # "… East bid 1♠ again … later I doubled their 3♦ …": the story goes on
        # with calls nobody is named for; the run up to the first of them is
        # replayed, and kept only if it holds an irregularity
        calls = calls[: callers.index(None)]
        callers = callers[: len(calls)]
        whole = False
    if not calls or any(caller is None for caller in callers):
        return None, None, False
    dealer = entities.compass(entities.dealer)
    seats = [entities.compass(caller) for caller in callers]
    # "South, West and North all passed": one pass told, three made
    for k in reversed(range(len(calls))):
        passers = _passers(entities, tokens, calls[k])
        if len(passers) > 1 and seats[k] == passers[-1]:
            calls[k:k + 1] = [calls[k]] * len(passers)
            callers[k:k + 1] = [callers[k]] * len(passers)
            seats[k:k + 1] = list(passers)
        else:
            also = _so_did(entities, tokens, calls[k])
            if also is not None and seats[k] is not None and also != seats[k]:
                # "North passed and so did partner": a second pass, partner's
                calls[k + 1 : k + 1] = [calls[k]]
                callers[k + 1 : k + 1] = [callers[k]]
                seats[k + 1 : k + 1] = [also]
    virtual = False
    if any(s is None for s in seats):
        relations = [caller.writer for caller in callers if caller is not None]
        if entities.anchor is not None or len(relations) < len(calls) or None in relations:
            return None, None, False
        # all relative to the writer: lend him South
        virtual = True
        seats = [Seat((Seat.S + OFFSETS[r]) % 4) for r in relations if r is not None]
        dealer_ref = entities.dealer
        dealer = (
            Seat((Seat.S + OFFSETS[dealer_ref.writer]) % 4)
            if dealer_ref is not None and dealer_ref.writer is not None
            else None
        )
    sequence = []
    for s, c in zip(seats, calls, strict=True):
        if s is not None:
            sequence.append((s, c.call))
            if _three_passes_after(tokens, c):
                # "4♥ par Nord, trois passes": the closing passes, told by their number
                sequence += [(Seat((s + k) % 4), PASS) for k in (1, 2, 3)]
    if len(sequence) < 2 and dealer is None:
        return None, (None if virtual else sequence), virtual
    derivation = derive(dealer, sequence)
    if not whole and derivation.irregularity is None:
        return None, None, False
    first = derivation.irregular_call is sequence[0][1] and derivation.offender == sequence[0][0]
    if dealer is None and first and not sequence[0][1].is_bid:
        # "contre d'Ouest avant le passe de Nord": the calls listed start
        # mid-auction, so the first one cannot be judged as the dealer's
        return None, (None if virtual else sequence), virtual
    return derivation, (None if virtual else sequence), virtual


def _earlier_in_an_aside(tokens: tuple[str, ...], call: CallMention) -> bool:
    """``West, who had passed earlier, now came in with 3♣``, ``Ouest, qui avait
    passé au premier tour, …``: a call recalled in a relative clause, made in an
    earlier round, not one in the order the story tells."""
    lead = tokens[max(0, call.start - 4) : call.start]
    who = [k for k, t in enumerate(lead) if t in ("who", "qui")]
    # (set off by a comma: not the cleft "c'est Nord qui avait ouvert 1♥")
    return bool(who) and who[0] > 0 and lead[who[0] - 1] == COMMA and bool(
        set(lead[who[0] :]) & _PLUPERFECT
    )


def _three_passes_after(tokens: tuple[str, ...], call: CallMention) -> bool:
    """``4♥ par Nord, trois passes``, ``4S by N and three passes``: the three
    passes that end the auction told by their number right after the bid."""
    near = tokens[call.end : call.end + 6]
    return call.call.is_bid and any(
        near[k] == "3" and near[k + 1] in _PASS_TOKENS and not set(near[:k]) & _EARLIER_MARKERS
        for k in range(len(near) - 1)
    )  # (not "E bid 4S after 3 passes": those came first)


def refusal_end(cues: Mapping[str, list[tuple[int, int]]], tokens: tuple[str, ...]) -> int:
    """Where the first refusal of the irregular call ends (else the end of the text)."""
    refused = [
        end for start, end, said in acceptance_spans(cues, tokens)
        if not said and (
            not any(a <= start < b for a, b in cues.get("@negation", []))
            or tokens[start:end] in _NEGATED_REFUSALS or tokens[start] in _ANSWERS
        )
    ]  # fmt: skip
    # "chose not to accept it", "n'accepte pas": an acceptance denied
    refused += [
        end for start, end, said in acceptance_spans(cues, tokens)
        if said and denied(tokens, start, end)
    ]  # fmt: skip
    return min(refused, default=len(tokens))


# Refusals whose cue holds its own negation ("did not accept").
_NEGATED_REFUSALS = frozenset(
    {("did", "not", "accept"), ("do", "not", "accept"), ("not", "accepted"),
     ("ne", "accepte", "pas"), ("ne", "a", "pas", "accepte")}
)  # fmt: skip


# "après l'ouverture 1♣ de Nord", "after North's 1♣": a call named after one
# of these words was made before the calls the text names first.
_EARLIER_MARKERS = frozenset({"apres", "after", "following", "suite"})
#: After "after": the story told so far, not a call named as the earlier one.
_WHAT_WAS_TOLD = frozenset({"this", "that", "cela", "ca", "which", "quoi", "it"})


#: Words before a call that name one already told rather than a new one
#: ("après le dernier passe", "after the final pass").
_REFERRING = frozenset({"dernier", "derniere", "final", "finale", "last", "premier", "first"})


def _named_ahead(tokens: tuple[str, ...], mention: CallMention, calls: list[CallMention]) -> bool:
    """``The 1♠ in West's column was insufficient.`` then the auction: a call
    named with an article, by nobody, before the same call told with its maker."""
    return mention.caller is None and mention.start > 0 and (
        tokens[mention.start - 1] in _REFERENCE
    ) and any(
        c.start > mention.start and c.call == mention.call and c.caller is not None
        for c in calls
    )  # fmt: skip


def _named_not_made(tokens: tuple[str, ...], mention: CallMention) -> bool:
    """``le dernier passe``: a call referred to, not one more call made."""
    return mention.caller is None and mention.start > 0 and tokens[mention.start - 1] in _REFERRING


_DOUBLING = frozenset(
    {"double", "doubled", "doubling", "contre", "contrer", "redouble", "surcontre"}
)


def _object_of_double(
    tokens: tuple[str, ...], mention: CallMention, calls: list[CallMention]
) -> bool:
    """``to double 3NT``, ``contrer le 4♠``: a bid told before, named as what a
    double is on; ``X'd my 2S``, ``a contré le 1♠``, ``contré 2♥ de Sud``: a bid
    named with its owner or article right after a double (not ``1♣ X 1♠``, a
    sequence of calls)."""
    k = mention.start - 1
    if k >= 0 and tokens[k] in _REFERENCE:
        k -= 1
    if (
        k >= 0 and tokens[k] in _DOUBLING
        and any(c.call == mention.call and c.start < mention.start for c in calls)
    ):  # fmt: skip
        return True
    if not mention.call.is_bid:
        return False
    owned = tokens[mention.end : mention.end + 1] in (("de",), ("of",), ("du",)) and (
        tokens[mention.end + 1 : mention.end + 2] and tokens[mention.end + 1] in SEATS
    )
    for double in calls:
        if double.call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE) and double.end <= mention.start:
            gap = tokens[double.end : mention.start]
            verb = tokens[double.start] in _DOUBLING_PAST or (
                double.start and tokens[double.start - 1] in _AUXILIARY_BEFORE_DOUBLE
            )  # "doubled 2♥", "a contré 2♥": a verb and its object, not "X 2♥" in a list
            if len(gap) <= 3 and (
                (gap and set(gap) <= _OWNER_LINK and (not set(gap) <= SEATS or verb))
                or (not gap and (owned or verb))
                or (gap in (("sur",), ("on",), ("over",)) and owned)  # "X sur 2♠ de N"
            ):
                return True
    return False


#: Between a double and the bid it is on: "contre le 1♠", "X'd my 2S", "le contrat de 4♥".
_OWNER_LINK = frozenset({"le", "la", "the", "MY", "his", "her", "son", "sa", "our", "notre",
                         "contrat", "contract", "de", "of", *SEATS})  # fmt: skip
_DOUBLING_PAST = frozenset({"doubled", "redoubled"})
_AUXILIARY_BEFORE_DOUBLE = frozenset({"a", "avait", "ai", "as", "has", "had", "to"})


def _told_again(
    tokens: tuple[str, ...], mention: CallMention, calls: list[CallMention],
    entities: Entities | None = None,
) -> bool:
    """``he forgot the 1♠``: a call named again with an article, after it was
    told (with ``entities``, players named by relation are placed too)."""
    earlier = any(c.call == mention.call and c.start < mention.start for c in calls)
    if not earlier:
        return False
    if mention.start > 0 and tokens[mention.start - 1] in _REFERENCE | _THAT and not (
        _card_put_down(tokens, mention)
    ):
        return True  # ("East pointed out that 2♣ was lower", "remarque que 1♠ … insuffisant")
    if mention.start > 1 and tokens[mention.start - 1] in ("own", "propre"):
        return True  # "second thoughts about his own 2♣", "son propre 1♠"
    if mention.start > 1 and tokens[mention.start - 1] in _POSSESSIVES and (
        tokens[mention.start - 2] in _ON_WORDS | _CANCELLING
    ):
        # "un carton Contre sur mon 2♠", "doubled over his 1♥": the bid named;
        # "the director has cancelled my 1NT", "a annulé mon 1♥": the ruling on it
        return True
    if mention.caller is None and mention.start > 0 and tokens[mention.start - 1] in _COMPARED_TO:
        if set(tokens[max(0, mention.start - 5) : mention.start]) & _TOO_LOW:
            return True  # "pose 2♦, insuffisant après 2♥": the bid it was under, told again
    if _listed_then_told(tokens, mention, calls, entities):
        return True
    if (
        mention.start > 1 and tokens[mention.start - 1] in SEATS
        and tokens[mention.start - 2] in _ON_TOP | {"at"}
        and _made_before_by(mention, calls, entities)
    ):
        return True  # "I was looking at West's 1♠": the bid told before, looked back on
    if mention.named_to and mention.call.is_bid and _made_before_by(mention, calls, entities):
        return True  # "S opened 1NT, … so auction finish, 1NT by South": the contract
    # "South's 1NT stands", "le 1♠ est annulé": the ruling on a call told before
    return tokens[mention.end : mention.end + 1] in _RULED_ON or (
        tokens[mention.end : mention.end + 1] in (("est",), ("is",), ("was",))
        and tokens[mention.end + 1 : mention.end + 2] in _RULED_ON
    )


#: Before "the" and a bidding card: the card put down, a call made again by someone.
_PUTTING = frozenset(
    {"put", "puts", "pulled", "pulls", "placed", "places", "laid", "took", "pose", "posa",
     "sort", "sorti", "sortit", "tire", "prend", "pris"}
)  # fmt: skip


def _card_put_down(tokens: tuple[str, ...], mention: CallMention) -> bool:
    """``then put the 2♥ card on the table``, ``pose le carton 2♥``: a call made
    with the same card as one told before, not that call told again."""
    k = mention.start - 2
    while k >= 0 and mention.start - k <= 3 and tokens[k] in ("carton", "out", "down"):
        k -= 1
    return k >= 0 and tokens[k] in _PUTTING and (
        tokens[mention.end : mention.end + 1] in (("card",), ("carton",))
        or "carton" in tokens[k : mention.start]
    )


#: Before a call told again: the director's ruling on it.
_CANCELLING = frozenset(
    {"cancelled", "canceled", "cancels", "cancel", "withdrew", "withdrawn", "annule", "annulee",
     "annuler", "retire", "refused", "refuse", "accepted", "accepte", "accept", "accepts",
     "accepter", "acceptait", "accepting", "refuses", "refuser", "condone", "condoned"}
)  # fmt: skip


def _listed_then_told(
    tokens: tuple[str, ...], mention: CallMention, calls: list[CallMention],
    entities: Entities | None = None,
) -> bool:
    """``Dlr N. S 1NT, W 2♠. S opened 1NT, …``: a bid listed after its seat,
    told again in prose by the same player in a later sentence (the same bid
    twice by one player is the story, not a second call), or named with him as
    what another call came over (``bid 1♠ over S 2♣``)."""
    caller = mention.caller
    seat = _caller_seat(caller, entities)
    if not mention.call.is_bid or caller is None or seat is None or (
        mention.start and tokens[mention.start - 1] in SEATS
        and tokens[max(0, mention.start - 2)] not in _ON_TOP
    ):
        return False
    return any(
        c.start < mention.start and c.call == mention.call and c.caller is not None
        and c.caller.seat == seat and c.start and tokens[c.start - 1] in SEATS
        and BREAK in tokens[c.end : mention.start]
        for c in calls
    )  # fmt: skip


def _made_before_by(
    mention: CallMention, calls: list[CallMention], entities: Entities | None
) -> bool:
    """Whether the player who makes ``mention`` was told making the same call before."""
    own = _caller_seat(mention.caller, entities)
    return own is not None and any(
        c.start < mention.start and c.call == mention.call
        and _caller_seat(c.caller, entities) == own
        for c in calls
    )  # fmt: skip


def _caller_seat(caller: Ref | None, entities: Entities | None) -> Seat | None:
    """A call's maker's seat: told, or (with ``entities``) placed from the writer's."""
    if caller is None:
        return None
    return caller.seat if entities is None else entities.compass(caller)


_RULED_ON = frozenset(
    (w,) for w in ("stands", "stood", "cancelled", "canceled", "annule", "annulee", "maintenu",
                   "maintenue", "reste", "restait", "withdrawn", "retire", "retiree")
)  # fmt: skip


def _passers(entities: Entities, tokens: tuple[str, ...], call: CallMention) -> list[Seat]:
    """The seats listed as the subjects of one pass (``South, West and North all
    passed``, ``Sud, Ouest et Nord passent``), in the order written; one seat or
    none otherwise."""
    if not call.call.is_pass:
        return []
    k = call.start - 1
    while k >= 0 and tokens[k] in _ALL_WORDS:
        k -= 1  # "all", "tous", "ont"
    seats: list[Seat] = []
    joined = False
    writer = entities.anchor
    while k >= 0:
        # ("Dominique, Stéphane et moi avons passé": the writer too, where he sits)
        told = Seat[tokens[k]] if tokens[k] in SEATS else (
            writer if tokens[k] == "ME" and seats == [] and writer is not None else None
        )
        if told is not None and not (k and tokens[k - 1] in DEALER_MARKS):
            seats.append(told)
            k -= 1
            if k >= 0 and tokens[k] in (COMMA, "and", "et"):
                joined = joined or tokens[k] != COMMA
                k -= 1
                continue
        break
    return seats[::-1] if joined else []


_ALL_WORDS = frozenset(
    {"all", "tous", "toutes", "ont", "have", "then", "puis", "each", "avons", "sommes"}
)


def _so_did(entities: Entities, tokens: tuple[str, ...], call: CallMention) -> Seat | None:
    """``North passed and so did partner``, ``East passed, as did South``: the
    seat of the second player told making the same pass."""
    if not call.call.is_pass:
        return None
    after = tokens[call.end : call.end + 4]
    k = next(
        (call.end + len(lead) for lead in _SO_DID if tuple(after[: len(lead)]) == lead), None
    )
    if k is None:
        return None
    mention = next((m for m in entities.seats if m.start == k), None)
    if mention is None or mention.ref.pronoun:
        return None
    return entities.compass(mention.ref)


_SO_DID = (("and", "so", "did"), ("so", "did"), (",", "as", "did"), ("as", "did"),
           ("and", "so", "does"), ("so", "does"))  # fmt: skip


def _in_table_order(calls: list[CallMention], tokens: tuple[str, ...]) -> list[CallMention]:
    earlier = [
        c for c in calls
        if any(
            tokens[k] in _EARLIER_MARKERS and not (tokens[k] == "suite" and tokens[k - 1] == "de")
            and tokens[k + 1] not in _WHAT_WAS_TOLD
            for k in range(max(0, c.start - 4), c.start)
        )  # "tout de suite" is "at once", not "suite à"; "after this, 2♦": told in order
    ]  # fmt: skip
    if not earlier or len(earlier) == len(calls):
        return calls
    return earlier + [c for c in calls if c not in earlier]


# --- the irregular call and its offender ------------------------------------------------

_KIND_OF = {
    I.PASS_OUT_OF_ROTATION: (CallKind.PASS,),
    I.BID_OUT_OF_ROTATION: (CallKind.BID,),
    I.DOUBLE_OUT_OF_ROTATION: (CallKind.DOUBLE, CallKind.REDOUBLE),
    I.INADMISSIBLE_DOUBLE: (CallKind.DOUBLE, CallKind.REDOUBLE),
    I.INSUFFICIENT_BID: (CallKind.BID,),
    I.BID_ABOVE_SEVEN: (CallKind.BID,),
    I.CALL_WHEN_OBLIGED_TO_PASS: (CallKind.BID, CallKind.DOUBLE, CallKind.REDOUBLE),
    I.CALL_AFTER_FINAL_PASS: (CallKind.BID, CallKind.DOUBLE, CallKind.REDOUBLE, CallKind.PASS),
    I.WRONG_BOARD: (CallKind.BID, CallKind.DOUBLE, CallKind.REDOUBLE, CallKind.PASS),
    # the call first made (``2♥ au lieu de 2♠``, ``said 2 clubs then 2 diamonds``)
    I.CHANGE_OF_CALL: (CallKind.BID, CallKind.DOUBLE, CallKind.REDOUBLE, CallKind.PASS),
    # the call made out of turn at the same time as the one in turn (33)
    I.SIMULTANEOUS_CALLS: (CallKind.BID, CallKind.DOUBLE, CallKind.REDOUBLE, CallKind.PASS),
}


#: Between two bids: the first was made below the second (``4♣ under 4♦``).
_UNDER = frozenset({"under", "underneath", "below", "sous", "dessous"})
#: Between a bid and the one it was made over: ``1SA après le 2♣``, ``2♦ over 2♥``.
_ON_TOP = frozenset({"after", "apres", "over", "sur", "top", "dopo", "dessus"})
#: Right after a call: the director's note that it was made under a bar (Law 37).
_FLAGGED_BARRED = frozenset({"barred", "interdit", "interdite", "banned"})
#: Before a call named as a thing (``mon contre interdit``, ``un contre interdit``).
_NOUN_DETERMINERS = frozenset(
    {"1", "MY", "OUR", "a", "an", "the", "his", "her", "their", "le", "la", "son", "sa", "leur",
     "ce", "cette", "du"}
)  # fmt: skip
#: Before a bid named as someone else's or as a thing (``a normal 1NT``, ``his 2♥``).
_OTHERS_DETERMINERS = _NOUN_DETERMINERS - {"MY", "OUR", "1"}


def _named_as_a_thing(tokens: Sequence[str], call: CallMention) -> bool:
    """``the double was not comparable``, ``son contre``: a call named after a
    determiner (not French ``a``, the auxiliary of ``a contré``)."""
    return call.start > 0 and tokens[call.start - 1] in _NOUN_DETERMINERS - {"a"}


def _flagged_barred(reading: Reading, call: CallMention) -> bool:
    """``E 3D (barred)``, ``3S (N) while barred``: a director's note that the
    call was made under a bar (not ``repl. by 1S -> N barred``: North is)."""
    tokens, k = reading.tokens, call.end
    if k < len(tokens) and tokens[k] in SEATS:
        if not leads_parentheses(reading.norm, k):
            return False  # the seat after the call is the subject of the bar
        k += 1
    after = [t for t in tokens[k : k + 2] if t not in _BEFORE_BAR_NOTE]
    return bool(set(after[:1]) & _FLAGGED_BARRED)


#: Between a call and the note that it was barred (``2♥ — interdit``, ``while barred``).
_BEFORE_BAR_NOTE = frozenset({COMMA, "while", "when", "alors", "though", "although", "tout"})


def _calls_after_cues(
    cues: Mapping[str, list[tuple[int, int]]], calls: Sequence[CallMention], names: Sequence[str]
) -> set[int]:
    """Where the calls start that come right after one of the cues ``names``
    (``remplacée par 2♥``, ``il voulait dire 1♦``)."""
    return {
        c.start for cue in names for _, end in cues.get(cue, []) for c in calls
        if end <= c.start <= end + 2
    }


def _replacement_starts(reading: Reading) -> set[int]:
    """Where the calls told as replacements start (``remplacée par 2♥``)."""
    return _calls_after_cues(reading.cues, reading.entities.calls, ("@replacement",))


def irregular_call(reading: Reading, irregularity: str) -> CallMention | None:
    """The call the description is about, for an irregularity that is a call."""
    kinds = _KIND_OF.get(Irregularity(irregularity)) if irregularity in _KIND_VALUES else None
    if not kinds:
        return None
    derived = _replayed_call(reading, irregularity)
    if derived is not None:
        return derived
    replacements = _replacement_starts(reading)
    calls = [
        c for c in reading.entities.calls if c.call.kind in kinds and c.start not in replacements
    ]
    # "son partenaire", "his LHO": someone other than the player spoken about,
    # unless nobody else called; "then his LHO bid" is what came after it
    own = [c for c in calls if c.caller is None or c.caller.subject is None]
    calls = own or [
        c for c in calls if not set(reading.tokens[max(0, c.start - 4) : c.start]) & _THEN
    ]
    if irregularity == I.BID_ABOVE_SEVEN:
        calls = [c for c in calls if c.call.level > 7]
    if not calls:
        return None
    if irregularity == I.INSUFFICIENT_BID:
        # a bid only seen or imagined ("j'avais lu 1♣") is the reason, not a call
        calls = [c for c in calls if not _believed(reading.tokens, c)] or calls
        bids = [
            c for c in reading.entities.calls
            if c.call.is_bid and c.start not in replacements
            and not _told_again(reading.tokens, c, reading.entities.calls)
            and not _believed(reading.tokens, c)
        ]  # fmt: skip
        for earlier, later in zip(bids, bids[1:], strict=False):
            gap = reading.tokens[earlier.end : later.start]
            if len(gap) <= 3 and set(gap) & (_UNDER | _ON_TOP) and not (
                earlier.call.outranks(later.call)
            ):  # "4♣ under 4♦", "2♦ sous le 2♥ de S", "1SA après le 2♣ de Sud": the first told
                return earlier
            if later.call == earlier.call and later.caller is None and set(
                reading.tokens[max(0, later.start - 2) : later.start]
            ) & (_REFERENCE | _ON_WORDS):
                continue  # "… not enough over 1S": the same bid named again, made by nobody
            if not later.call.outranks(earlier.call) and later in calls:
                return later
        # "I said 2♠ but 3♦ had already been bid", "1♦ alors qu'il y avait déjà 1♥":
        # the bid told after as made before is the one the insufficient bid was over
        in_text = sorted(bids, key=lambda c: c.start)
        for k, over in enumerate(in_text):
            # in the same sentence, before or after it ("3♥ was already bid")
            lead = words_before(reading.tokens, over.start, 4)
            tail = reading.tokens[over.end : over.end + 3]
            tail = tail[: tail.index(BREAK)] if BREAK in tail else tail
            near = lead + tail
            if set(near) & (_ALREADY | _BUT):
                under = [c for c in in_text[:k] if c in calls and over.call.outranks(c.call)]
                if under:
                    return under[-1]
        return calls[-1]
    if irregularity == I.CALL_AFTER_FINAL_PASS:
        kinds_all = [
            c for c in reading.entities.calls if c.call.kind in kinds
            and not _object_of_double(reading.tokens, c, reading.entities.calls)
        ]  # fmt: skip
        after = _after_final_pass(reading, kinds_all)
        if after is not None:
            return after
        # the final pass is context; the call after it is the irregularity, not
        # one named again ("the director cancelled the double")
        tokens, everything = reading.tokens, reading.entities.calls
        calls = [
            c for c in calls
            if not _told_again(tokens, c, everything) and not only_meant(tokens, c.start)
            and not _object_of_double(tokens, c, everything)
        ] or calls  # fmt: skip
        other = [c for c in calls if not c.call.is_pass]
        return (other or calls)[-1]
    if irregularity == I.CHANGE_OF_CALL:
        changed_to = [
            c for c in reading.entities.calls if c.start in replacements and c.call.kind in kinds
        ]
        first = _call_first_made(reading, calls, changed_to)
        retracted, changer = _retracted(reading), _changer(reading)
        if retracted is not None and retracted in calls and (
            changer is None or (
                retracted.caller is not None and same_player(reading, changer, retracted.caller)
            )
        ):
            return retracted  # "S says '2 spades', stops, 'naw, 3 spades'"
        return _changers_own(reading, calls, changed_to, first)
    if irregularity == I.INADMISSIBLE_DOUBLE:
        # a redouble told is the inadmissible call: the doubles beside it are
        # the ones that were not made (``surcontre alors que personne n'avait contré``)
        # "N contre, E passe, S contre (à nouveau)": a double after a double (a
        # redouble after a redouble) with no bid between them is of a doubled bid
        tokens = reading.tokens
        in_order = sorted(
            (c for c in reading.entities.calls
             if not (c.start and tokens[c.start - 1] in _REFERENCE | _NAMED_ONLY)
             and not _told_again(tokens, c, reading.entities.calls)),
            key=lambda c: c.start,
        )  # fmt: skip  ("le contre est-il annulé", "une sorte de contre": named, not made)
        for k, call in enumerate(in_order):
            if call.call.kind is not CallKind.BID and call in calls and not only_meant(
                tokens, call.start
            ) and call.caller is not None and call.caller.known and not call.caller.pronoun and (
                not call.caller.bare
            ):
                before = [c for c in in_order[:k] if not c.call.is_pass]
                if before and before[-1].call.kind is call.call.kind and (
                    before[-1].caller is not None and call.caller is not None
                    and not same_player(reading, before[-1].caller, call.caller)
                ):
                    return call
        redoubles = [c for c in calls if c.call.kind is CallKind.REDOUBLE]
        # the first one a named player is told making, not one named again
        # later ("surcontre et passe annulés", "partner's redouble was cancelled")
        by_named = [
            c for c in redoubles
            if c.caller is not None and c.caller.known and not c.caller.pronoun
            and not c.caller.bare and not _told_again(tokens, c, reading.entities.calls)
        ]  # fmt: skip
        if by_named:
            return by_named[0]
        return redoubles[-1] if redoubles else calls[0]
    if irregularity == I.CALL_WHEN_OBLIGED_TO_PASS:
        # the irregularity that caused the bar is context (``barred (inadmissible
        # double before)``, ``à cause d'un contre hors tour``): the call made under it
        # "E 3D (barred)", "N 2P — interdit !": the call a director's note flags
        for c in calls:
            if c.start and reading.tokens[c.start - 1] in _NOUN_DETERMINERS:
                continue  # "à cause de mon contre interdit": the cause, named as a thing
            if not c.call.is_pass and _flagged_barred(reading, c):
                # "N X of 4H (barred)": the double of the bid named is the call flagged
                on = [d for d in calls if d.end == c.start - 1 and not d.call.is_bid]
                return on[0] if on and reading.tokens[c.start - 1] in _OF else c
        calls = [c for c in calls if not _cause_of_bar(reading.tokens, c)] or calls
        # "X'd my 2S", "a contré le 1♠ d'Ouest": the bid doubled is no call made
        calls = [
            c for c in calls if not _object_of_double(reading.tokens, c, reading.entities.calls)
        ] or calls
        # "her partner, the barred one, bid 4H", "le joueur bâillonné dit 3♣": the
        # call made by the player named barred just before it (his partner included)
        barred = _barred(reading, resolve=False)
        for c in sorted(reading.entities.calls, key=lambda c: c.start):
            if c.call.kind in kinds and not c.call.is_pass and c.call.level <= 7 and not (
                _cause_of_bar(reading.tokens, c)
            ) and any(
                0 <= c.start - end <= 4 and BREAK not in reading.tokens[end : c.start]
                for _, end in reading.cues.get("@obliged", [])
            ):
                if _named_as_a_thing(reading.tokens, c):
                    continue  # "must pass … (the double was not comparable)": named again
                if barred is not None and c.caller is not None and c.caller.known and (
                    not c.caller.pronoun and not same_player(reading, c.caller, barred)
                ):
                    continue  # "E must pass throughout, N 1♠, E 3♥": North's is no call under it
                return c
        # the call made after the bar was told (``must pass throughout … E bid 3C``),
        # one said by its caller (``he doubled 4♠``: the double) before one only named
        told = max((end for _, end in reading.cues.get("@obliged", [])), default=0)
        pool = [c for c in calls if c.start >= told] or calls
        with_caller = [c for c in pool if c.caller is not None and c.caller.known]
        # the barred player's own call after the bar, not a pass (a pass is his due):
        # "N barred throughout (36B after S XX'd). N bid 4S."
        if barred is not None:
            for start, _ in reversed(reading.cues.get("@obliged", [])):
                own = [
                    c for c in calls
                    if c.start > start and not c.call.is_pass and c.caller is not None
                    and c.caller.known and same_player(reading, c.caller, barred)
                    and not _named_as_a_thing(reading.tokens, c)
                ]  # fmt: skip
                if own:
                    # his last call in the auction (a grid tells the calls before
                    # the bar too), at its first mention ("E bids 3C. … 3C stands")
                    return next(c for c in own if c.call == own[-1].call)
            # "Ouest dit 2♥ alors qu'il devait passer", "W bid 2H although he had to
            # pass": his call told just before the bar, in the same sentence
            for start, _ in reading.cues.get("@obliged", []):
                just_before = [
                    c for c in calls
                    if c.end <= start and start - c.end <= 6 and not c.call.is_pass
                    and BREAK not in reading.tokens[c.end : start]
                    and set(reading.tokens[c.end : start]) & _ALTHOUGH
                    and c.caller is not None and c.caller.known
                    and same_player(reading, c.caller, barred)
                ]  # fmt: skip
                if just_before:
                    return just_before[-1]
            # "… W 2S — W had to pass this turn": with no call of his after the
            # bar is told, his last call before it
            if not any(c.start >= told for c in calls) and not _a_side_barred(reading):
                own_before = [
                    c for c in calls
                    if not c.call.is_pass and c.caller is not None and c.caller.known
                    and same_player(reading, c.caller, barred)
                    and c.end <= max(start for start, _ in reading.cues.get("@obliged", []))
                ]  # fmt: skip
                if own_before:
                    return own_before[-1]
        return (with_caller or pool)[0]
    if irregularity == I.SIMULTANEOUS_CALLS:
        pair = _simultaneous_pair(reading)
        if pair is not None and pair[1] is not None:
            return pair[1]
        offender = pair[0] if pair is not None else _simultaneous_offender(reading)
        made = _call_of(reading, offender, calls) if offender is not None else None
        made = made or _not_the_turn_holders(reading, calls)
        if made is None and offender is None:
            # the one player the story is about ("w said 2d", "i'm west, i said pass")
            subject = _subject(reading, irregularity)
            made = _call_of(reading, subject, calls) if subject is not None else None
        return made
    if irregularity == I.WRONG_BOARD:
        holder = _card_holder(reading) or _subject(reading, irregularity)
        if holder is not None:
            held = _call_of(reading, holder, calls)
            if held is not None:
                return held
        # the call made with the wrong cards is the one the story starts with,
        # those told after it ("N avait passé derrière") followed it
        return min(calls, key=lambda c: c.start)
    if irregularity == I.DOUBLE_OUT_OF_ROTATION:
        # a redouble made after a double told is the call out of turn: the
        # double is what it redoubles (``E doubled; before S called, N redoubled``)
        # (not one made after the double out of turn was refused: the auction going on)
        first_double = min((c.start for c in calls if c.call.kind is CallKind.DOUBLE), default=None)
        refused = refusal_end(reading.cues, reading.tokens)
        redoubles = [
            c for c in calls
            if c.call.kind is CallKind.REDOUBLE and first_double is not None
            and first_double < c.start < refused and not only_meant(reading.tokens, c.start)
            and not _told_again(reading.tokens, c, reading.entities.calls)
        ]  # fmt: skip
        if redoubles:
            return redoubles[0]
    if irregularity in (I.PASS_OUT_OF_ROTATION, I.DOUBLE_OUT_OF_ROTATION, I.BID_OUT_OF_ROTATION):
        marked = [c for c in calls if _marked_out_of_turn(reading, c) is not None]
        if marked:
            return marked[0]  # "W P (oot, S's turn)", "P! E (oot)", "P E (HT)": the call flagged
        with_caller = [c for c in calls if c.caller is not None and c.caller.known]
        pool = with_caller or calls
        # "Sud a surcontré avant que Nord ne parle", "redoubled before West could
        # call": the call told just before whose turn it was
        turns = [start for start, _ in reading.cues.get("@turn", [])]
        before_turn = [c for c in pool if any(0 <= t - c.end <= 1 for t in turns)]
        if before_turn:
            return before_turn[0]
        # "N annonce 3♣ directement, Ouest avait pas encore parlé", "a dit 3♣ alors que
        # c'était à Ouest": the call the words of whose turn it was follow, no call between
        starts = sorted(c.start for c in reading.entities.calls)
        marks = turns + [
            start for cue in ("@not_yet_called",)
            for start, _ in reading.cues.get(cue, [])
        ]  # fmt: skip
        followed = [
            c for c in pool
            if any(
                c.end <= t <= c.end + 6 and BREAK not in reading.tokens[c.end : t]
                and not any(c.end <= s < t for s in starts)
                for t in marks
            )
        ]  # fmt: skip
        if len(followed) == 1:
            return followed[0]
        # "Ouest avait contré": a call in the pluperfect is what came before
        told_now = [c for c in pool if not set(reading.tokens[max(0, c.start - 3) : c.start])
                    & _PLUPERFECT]
        return (told_now or pool)[0]
    return calls[0]


_KIND_VALUES = frozenset(i.value for i in _KIND_OF)


def _marked_out_of_turn(reading: Reading, call: CallMention) -> Ref | None:
    """A call a note flags as out of turn right after it (``W P (oot)``, ``P! E
    (oot, N to call)``, ``P E (HT)``): the seat written between them made it,
    else its named caller; None when no such note follows a call by a named player."""
    tokens = reading.tokens
    if call.start and tokens[call.start - 1] in _REFERENCE | _INDEFINITE:
        return None  # "sur le contre hors tour": the call named again, not flagged
    for start, _ in reading.cues.get("@out_of_turn", []):
        gap = tokens[call.end : start]
        if start < call.end or len(gap) > 2 or not all(t in (BREAK, COMMA) or t in SEATS
                                                       for t in gap):
            continue
        seats = [t for t in gap if t in SEATS]
        if len(seats) > 1 or (BREAK in gap and not seats):
            continue
        if seats:
            return Ref(seat=Seat[seats[0]])
        if call.caller is not None and call.caller.known and not call.caller.pronoun:
            return call.caller  # (not "Pass out of turn: …", the irregularity's name)
    return None


def _seat_noted_after_the_name(reading: Reading) -> Ref | None:
    """A director's note: the irregularity's name, then a seat standing alone
    (``PHT O dnr E``, ``BOOT W.``): the seat that called out of turn."""
    tokens = reading.tokens
    for _, end in reading.cues.get("@out_of_turn", []):
        spans = reading.norm.spans
        if end < len(tokens) and tokens[end] in SEATS and (
            end + 1 == len(tokens) or tokens[end + 1] in _AFTER_A_NOTED_SEAT
        ) and ":" not in reading.norm.source[spans[end - 1][1] : spans[end][0]]:
            # (not "contre hors tour : Nord donneur 1♥": a title, then the story)
            return Ref(seat=Seat[tokens[end]])
    return None


#: After a seat noted alone: the note goes on with another field.
_AFTER_A_NOTED_SEAT = frozenset({BREAK, COMMA, "donneur", "dealer", "dlr"})
#: Before a call word: the call named, not made (``une sorte de contre``).
#: ("un contre" is read "1 x")
_NAMED_ONLY = frozenset({"un", "une", "1", "a", "de", "of", "sorte", "kind"})
#: The irregularities whose call the replay of the auction names best.
_REPLAYED_CALLS = frozenset(
    {I.BID_OUT_OF_ROTATION, I.DOUBLE_OUT_OF_ROTATION, I.PASS_OUT_OF_ROTATION,
     I.INADMISSIBLE_DOUBLE, I.CALL_AFTER_FINAL_PASS}
)  # fmt: skip


def replayed_as(reading: Reading, irregularity: str) -> bool:
    """Whether the replayed calls show this irregularity: the one the replay
    names, a bid out of rotation that is also insufficient (27A2), or, for a
    call out of rotation of its kind, a second call by the
    same player at his LHO's turn (2017 30B2/31C/32C: a call out of rotation
    that is dealt with as a change of call)."""
    derivation = reading.derivation
    if derivation is None or derivation.irregularity is None:
        return False
    if derivation.irregularity == irregularity:
        return True
    if (
        irregularity == I.BID_OUT_OF_ROTATION and derivation.irregularity is I.INSUFFICIENT_BID
        and derivation.facts.get("in_rotation") is False and _replay_ends_with_it(reading)
        and len(reading.compass_calls or ()) == len(reading.entities.calls)
    ):  # 27A2: an insufficient bid out of rotation is dealt with by Law 31 (the
        # last of the calls told, every one of them replayed: no story told past it)
        return True
    call = derivation.irregular_call
    return (
        derivation.irregularity is I.CHANGE_OF_CALL and call is not None
        and derivation.facts.get("turn_of") == "lho"
        and OUT_OF_TURN_BY_KIND.get(call.kind) == irregularity
        and any(  # the second call told in words with its maker, not only in a grid
            m.call == call and m.caller is not None and not m.caller.pronoun
            and reading.entities.compass(m.caller) == derivation.offender
            for m in reading.entities.calls
        )
    )  # fmt: skip


def _replay_ends_with_it(reading: Reading) -> bool:
    """The calls replayed end with the irregular call the replay found (none
    listed after it)."""
    derivation, calls = reading.derivation, reading.compass_calls
    return bool(
        derivation is not None and calls
        and calls[-1] == (derivation.offender, derivation.irregular_call)
    )


OUT_OF_TURN_BY_KIND = {
    CallKind.PASS: I.PASS_OUT_OF_ROTATION, CallKind.BID: I.BID_OUT_OF_ROTATION,
    CallKind.DOUBLE: I.DOUBLE_OUT_OF_ROTATION, CallKind.REDOUBLE: I.DOUBLE_OUT_OF_ROTATION,
}  # fmt: skip


def _replayed_call(reading: Reading, irregularity: str) -> CallMention | None:
    """The call the replay found irregular, as the text names it with its
    maker (``N 1S E P W 2H``: W's 2H, not N's 1S), for a call out of rotation."""
    derivation = reading.derivation
    if (
        irregularity not in _REPLAYED_CALLS or derivation is None
        or not replayed_as(reading, irregularity)
        or derivation.irregular_call is None or derivation.offender is None
    ):  # fmt: skip
        return None
    for mention in reading.entities.calls:
        if mention.call == derivation.irregular_call and mention.caller is not None and (
            reading.entities.compass(mention.caller) == derivation.offender
        ):
            return mention
    return None


# --- the call after the final pass (Law 39) ------------------------------------------------

#: Before or after a pass: the pass that closed the auction, named (``the final
#: pass``, ``le passe final``, ``after the third pass``), not one more call.
_CLOSING_BEFORE = frozenset(
    # "all pass", "everyone passed", "tout le monde passe"
    {"final", "last", "third", "dernier", "troisieme", "closing", "3", "all", "everyone",
     "everybody", "monde", "consecutive", "consecutif", "consecutifs", "consecutives"}
)  # fmt: skip
_CLOSING_AFTER = frozenset({"final", "finale", "finaux"})
_PASS_TOKENS = frozenset({"pass", "passes", "passe", "passed", "p"})
#: Words naming the auction as over (``auction over``, ``les enchères finies``).
_AUCTION = frozenset({"auction", "bidding", "encheres", "enchere"})
_OVER = frozenset(
    {"over", "ended", "finished", "done", "end", "closed", "finies", "fini", "finie",
     "terminees", "termine", "terminee", "terminent", "termines"}
)  # fmt: skip
#: Before a bid: the contract named (``declarer in 4♠``, ``déclarant à 3SA``, ``on joue 3♠``).
_CONTRACT_NAMED = frozenset(
    {"declarer", "declarant", "contract", "contrat", "jouais", "joue", "jouait", "jouons",
     "playing", "played", "play", "opener", "ouvreur", "sur", "over", "on", "defending",
     "defended", "defend", "defendions", "defendaient", "ended", "ending", "finished",
     "landed", "stopped", "termine", "terminee", "fini", "finie", "arrete", "arretes"}
)  # fmt: skip
#: Before a call: one the call after the final pass was made over (``derrière notre 4♠``).
_BEHIND = frozenset({"derriere", "behind", "sur", "over"})
_AT = frozenset({"in", "at", "a", "en", "of", "de", "d", "with", "avec"})
#: Whose contract it was: "ended our 2♠", "terminé leur 3SA".
_WHOSE = frozenset({"OUR", "their", "leur", "notre", "his", "her", "son", "sa"})
#: After a bid: who the contract is for (``2♠ by N``, ``3SA pour les adversaires``).
_AGENT_WORDS = frozenset({"by", "par", "pour"})
#: After a bid: the contract played (``3SA joué par Ouest``, ``4♠ played by N``).
_PLAYED = frozenset({"joue", "jouee", "played"})
#: Before a call: nobody made it (``nobody doubled``, ``pas de contre``).
_NOT_MADE = frozenset({"nobody", "personne", "pas", "not", "never", "jamais", "sans", "without"})
#: Between a call and ``after`` the closing pass (``E passed again after …``).
_AGAIN = frozenset({"again", "encore", "another", "card", "carton", "1", "fois"})


def _closing_passes(tokens: tuple[str, ...], calls: Sequence[CallMention]) -> set[int]:
    """Start tokens of the passes that ended the auction: named so (``the final
    pass``) or three in a row (``P P P``)."""
    passes = sorted(c.start for c in calls if c.call.is_pass)
    closing = {
        s for s in passes
        if (s > 0 and tokens[s - 1] in _CLOSING_BEFORE)
        or (s + 1 < len(tokens) and tokens[s + 1] in _CLOSING_AFTER)
    }  # fmt: skip
    for s in passes:
        if s + 1 in passes and s + 2 in passes:
            closing |= {s, s + 1, s + 2}
    return closing


def _closed_in_rotation(reading: Reading) -> set[int]:
    """Start tokens of the passes that end an auction listed seat by seat
    (``S 1SA, O –, N 3SA, E –, S –, O –``): three passes in rotation after a
    bid, or four passes, each made by the seat after the one before."""
    run: list[CallMention] = []
    previous: Seat | None = None
    for mention in sorted(reading.entities.calls, key=lambda c: c.start):
        caller = mention.caller
        seat = reading.entities.compass(caller) if caller is not None else None
        if seat is None or previous is None or seat != (previous + 1) % 4:
            run = []
        previous = seat
        if seat is None:
            continue
        run.append(mention)
        passes = list(itertools.takewhile(lambda c: c.call.is_pass, reversed(run)))
        if len(passes) == 4 or (len(passes) == 3 and any(c.call.is_bid for c in run)):
            return {c.start for c in passes}
    return set()


def _auction_ends(reading: Reading, closing: set[int]) -> tuple[list[int], list[int]]:
    """Where the text tells the auction over: after the closing passes (``P P
    P``, ``trois passes``, ``the final pass``) or words saying so (``auction
    over``, ``les enchères étaient finies``); and, apart, the ends of those words."""
    tokens = reading.tokens
    ends = [s + 1 for s in closing]
    ends += [
        i + 2 for i in range(len(tokens) - 1)
        if tokens[i] == "3" and tokens[i + 1] in _PASS_TOKENS
    ]  # fmt: skip
    ends += [end for _, end in reading.cues.get("@calls_ended", [])]
    # "après la dernière passe, Est a encore dit passe" (not "S a dit 4♠ après la
    # dernière passe": the call told before the words)
    call_ends = {c.end for c in reading.entities.calls}
    ends += [
        end for start, end in reading.cues.get("@phase_after_final_pass", [])
        if not call_ends & set(range(start - 2, start + 1))
    ]  # fmt: skip
    # "3 passes finales (2♥ N)": the contract named right after the closing passes
    said: list[int] = [
        i + 3 for i in range(len(tokens) - 2)
        if tokens[i] == "3" and tokens[i + 1] in _PASS_TOKENS and tokens[i + 2] in _FINAL
    ]  # fmt: skip
    for i in range(len(tokens) - 1):
        if tokens[i] in _AUCTION:
            said += [j + 1 for j in (i + 1, i + 2) if j < len(tokens) and tokens[j] in _OVER][:1]
    return sorted(set(ends + said)), said


_FINAL = frozenset({"final", "finales", "finale", "finals"})
#: Before a pass: everybody made it (``tout le monde a passé``, ``everyone passed``).
_ALL_PASSED = frozenset({"monde", "everyone", "everybody", "all"})
#: Before "pass": the one that closed the auction (``après la dernière passe``).
_CLOSING_PASS = _FINAL | {"last", "derniere", "dernier"}
#: Verbs between a player and the call he made: "after E/W bid 3♥".
_MADE_VERBS = frozenset({"bid", "bids", "opened", "said", "dit", "a", "had", "ont", "avait"})


def _after_final_pass(reading: Reading, calls: list[CallMention]) -> CallMention | None:
    """Law 39: the call made after the auction ended. Either the call told
    just before ``after the final pass`` (``E passed again after the third
    pass``, ``a contré après les trois passes``), or the first call told after
    the end of the auction (``3NT (S) P P P, E passed again``; ``après trois
    passes, mon partenaire dit 5♣``). The closing passes, the contract named
    (``declarer in 4♠``, ``2♠ by N``, ``terminées à 2♠``, ``4S P P P``), a call
    told as earlier (``after 2♠``, ``had passed``) and a call nobody made
    (``nobody doubled``) are context."""
    tokens = reading.tokens
    closing = _closing_passes(tokens, reading.entities.calls) | _closed_in_rotation(reading)
    ends, said = _auction_ends(reading, closing)
    if not ends:
        return None
    # where a run of closing passes starts: "4S pass pass pass", "2♠, trois passes"
    runs = {s for s in closing if s - 1 not in closing and s + 1 in closing} | {
        i for i in range(len(tokens) - 1) if tokens[i] == "3" and tokens[i + 1] in _PASS_TOKENS
    }
    bids_end = {c.end: c for c in reading.entities.calls if c.call.is_bid}

    def contract(c: CallMention) -> bool:
        if c.call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE) and c.start in bids_end:
            c = bids_end[c.start]  # "3♥X par S", "4♠ contré par Nord"
        if not c.call.is_bid:
            return False
        after = [t for t in tokens[c.end : c.end + 4] if t not in (COMMA, "x", "xx")]
        before = tokens[max(0, c.start - 2) : c.start]
        return (
            any(0 <= c.start - e <= 2 for e in said)  # "auction over (4S)", "finies à 2♠"
            or any(  # "4S pass pass pass" (not "E bid 4S after 3 passes")
                c.end <= k <= c.end + 4 and not {"after", "apres"} & set(tokens[c.end : k])
                for k in runs
            )
            # "2♠ by N", "pour les adversaires", "2♠ final"
            or bool(after[:1] and after[0] in _AGENT_WORDS | _CLOSING_AFTER | _PLAYED)
            or bool(before[-1:] and before[-1] in _CONTRACT_NAMED)  # "contract 2H"
            or (len(before) == 2 and before[0] in _CONTRACT_NAMED and before[1] in _AT | _WHOSE)
            or _side_in(tokens, c.start)  # "we're in 4♠", "on est à 3SA"
        )

    def context(c: CallMention) -> bool:
        before = set(tokens[max(0, c.start - 3) : c.start])
        k = c.start - 1
        while k >= 0 and c.start - k <= 4 and (tokens[k] in SEATS or tokens[k] in _MADE_VERBS):
            k -= 1  # "after E/W bid 3♥": the call the end came after
        if k >= 0 and k < c.start - 1 and tokens[k] in _EARLIER_MARKERS:
            return True
        return (
            c.start in closing or contract(c)
            or bool(before & (_EARLIER_MARKERS | _PLUPERFECT | _BEHIND))
            or bool(set(tokens[max(0, c.start - 2) : c.start]) & _NOT_MADE)
            or _told_again(tokens, c, reading.entities.calls)
            # "tout le monde a passé", "everyone passed": the closing passes
            or (c.call.is_pass and bool(set(tokens[max(0, c.start - 4) : c.start]) & _ALL_PASSED))
            # "après la dernière passe du 4♥ de N": the contract the pass closed
            or (
                c.start > 1 and tokens[c.start - 1] in _OF | {"du"}
                and tokens[c.start - 2] in _PASS_TOKENS
            )
        )  # fmt: skip

    ordered = sorted((c for c in calls if not context(c)), key=lambda c: c.start)
    # "N X'd after final pass", "E redoubled after the auction was over"
    told_before = [
        c for c in ordered
        if any(
            tokens[k] in ("after", "apres") and any(
                s in closing or tokens[s] == "3"
                or tokens[s] in _AUCTION | _CLOSING_PASS | _ALL_PASSED
                for s in range(k + 1, min(k + 5, len(tokens)))
            ) and set(tokens[c.end : k]) <= _AGAIN
            for k in range(c.end, min(c.end + 3, len(tokens)))
        )
    ]  # fmt: skip
    known = [c for c in told_before if c.caller is not None and c.caller.known]
    told_after = [c for c in ordered if c.start >= ends[0]]
    # a player named as making it comes first (``pass after final pass`` is a topic)
    pool = known or told_before or told_after
    return pool[0] if pool else None


#: A side said to be in a contract: "we're in 4♠", "they were in 3NT", "on est à 3SA".
_SIDE_IN = frozenset(
    {("WE", "in"), ("WE", "at"), ("they", "in"), ("WE", "a"), ("est", "a"), ("sommes", "a"),
     ("sont", "a"), ("etions", "a"), ("etaient", "a"), ("are", "in"), ("were", "in")}
)  # fmt: skip


def _side_in(tokens: tuple[str, ...], start: int) -> bool:
    return start > 1 and tuple(tokens[start - 2 : start]) in _SIDE_IN


#: After a call: it is told as an irregularity itself (the cause of a bar).
_IRREGULAR_AFTER = frozenset(
    {"inadmissible", "insufficient", "insuff", "insuffisant", "insuffisante", "hors", "oot",
     "out", "precedent", "previous", "earlier", "interdit"}
)  # fmt: skip
#: Before a call: it is told as the cause of something.
_CAUSE_BEFORE = frozenset(
    {"cause", "suite", "due", "because", "following", "replaced", "remplace", "remplacee",
     "substituted", "corrected", "corrige", "corrigee"}
)  # fmt: skip


#: Between a call and the bar it broke: "alors qu'il devait passer", "although".
_ALTHOUGH = frozenset(
    {"alors", "although", "though", "while", "whereas", "despite", "malgre", "bien", "tandis",
     "even", "meme", "cependant", "yet"}
)  # fmt: skip


def _cause_of_bar(tokens: tuple[str, ...], call: CallMention) -> bool:
    """``(contre inadmissible précédent)``, ``suite à 1♦ insuffisant``, ``à cause d'un
    contre hors tour``: a call told as the irregularity that barred a player."""
    lead = words_before(tokens, call.start, 3)
    after = tokens[call.end : call.end + 2]
    if after[:1] == ("out",) and tokens[call.end + 2 : call.end + 3] not in _OF_TURN:
        after = after[1:]  # "pulled 2♣ out of the box": not "out of turn"
    told_irregular = set(after) & _IRREGULAR_AFTER or set(
        tokens[max(0, call.start - 1) : call.start]
    ) & _IRREGULAR_BEFORE  # "(pd W's inadmissible X)"
    return bool(told_irregular or set(lead) & _CAUSE_BEFORE)


_IRREGULAR_BEFORE = frozenset({"inadmissible", "insufficient", "insuff", "illegal"})
#: After "out of": a call told as made out of turn.
_OF_TURN = frozenset({("turn",), ("rotation",), ("order",)})


#: Before a bid only believed made (the reason for an insufficient bid):
#: ``croyant que j'avais ouvert 1♣``, ``thinking it was over 1C``.
_BELIEVING = frozenset(
    {"croyant", "croyait", "croyais", "pensant", "pensait", "pensais", "thinking", "thought",
     "believing", "believed", "imagining", "assuming", "persuade", "persuaded", "convinced",
     "convaincu", "convaincue"}
)  # fmt: skip
_IMAGINARY = frozenset({"imaginaire", "imaginary", "imagined", "imagine"})


def _believed(tokens: tuple[str, ...], call: CallMention) -> bool:
    """A bid seen, heard or believed made, not made (``j'avais lu 1♣``, ``pensant
    qu'Est avait dit 1♦``, ``sur un 1SA imaginaire``)."""
    if imagined(tokens, call.start) or set(tokens[call.end : call.end + 1]) & _IMAGINARY:
        return True
    if call.start > 1 and tokens[call.start - 1] in _SAW and tokens[call.start - 2] not in (
        _NOT_WORDS | {"never", "didnt", "did", "had"}
    ):
        return True  # "my eyes saw 2D and nothing else": the bid looked at, already made
    return bool(set(words_before(tokens, call.start, 6, CLAUSE_STOPS)) & _BELIEVING)


_SAW = frozenset({"saw", "seeing", "voyant"})


def _barred(reading: Reading, resolve: bool = True) -> Ref | None:
    """The player told under a bar: named just before ``barred``/``must pass``
    (``N barred throughout``, ``told West he must pass``, ``mon partenaire doit passer``).
    With ``resolve``, "his partner" is the partner of the player named before him
    and a bar told of a side (``N-S passent``) names no one."""
    tokens = reading.tokens
    for start, end in reading.cues.get("@obliged", []):
        if resolve and _side_named_before(tokens, start):
            continue  # "N and S pass throughout", "E-O passeront": no one player
        ref = _mention_near(reading, start, end)
        if resolve and ref is not None and ref.subject is Relation.PARTNER:
            # "my LHO made an insufficient bid … his partner must pass": the LHO's partner
            told = next(
                (m for m in reversed(reading.entities.seats) if m.ref == ref and m.end <= start),
                None,
            )  # (the mention nearest before the cue, as _mention_near found it)
            ref = _partner_of_the_subject(reading, told) if told is not None else None
        holders = [m for m in reading.entities.seats if _turn_named(tokens, m)]
        if ref is not None and any(m.ref == ref and 0 <= start - m.end <= 4 for m in holders):
            # "E passed OOT at N's turn -> had to pass": not the player whose turn it was
            before = [
                m for m in reading.entities.seats
                if 0 <= start - m.end <= 8 and BREAK not in tokens[m.end : start]
                and m not in holders and m.ref.known and not m.ref.pronoun
            ]  # fmt: skip
            ref = before[-1].ref if before else None
        if ref is not None and ref.known and not ref.pronoun:
            return ref
    return None


def _a_side_barred(reading: Reading) -> bool:
    """A bar told of two players (``Nord et Sud doivent passer``): no one of them."""
    return any(
        _seats_joined_before(reading.tokens, start, ("et", "and"))
        for start, _ in reading.cues.get("@obliged", [])
    )


def _side_named_before(tokens: tuple[str, ...], start: int) -> bool:
    """``N and S``, ``N & S``, ``E-O``, ``E/W`` right before the cue at ``start``."""
    if start >= 2 and tokens[start - 2] in SEATS and tokens[start - 1] in SEATS:
        return True  # "E-O passeront": the dash is gone from the tokens
    return _seats_joined_before(tokens, start, ("et", "and", "&"))


def _seats_joined_before(tokens: tuple[str, ...], start: int, joins: tuple[str, ...]) -> bool:
    """Two seats joined by one of ``joins`` (``Nord et Sud``) right before ``start``."""
    return start >= 3 and tokens[start - 3] in SEATS and tokens[start - 2] in joins and (
        tokens[start - 1] in SEATS
    )


def _turn_named(tokens: tuple[str, ...], mention: SeatMention) -> bool:
    """The player named as whose turn it was: ``N's turn``, ``au tour de Nord``
    (``_named_as_whose_turn``), and in French notes ``Nord tour``."""
    return _named_as_whose_turn(tokens, mention) or tokens[mention.end : mention.end + 1] == (
        "tour",
    )


def _named_as_whose_turn(tokens: tuple[str, ...], mention: SeatMention) -> bool:
    """``N's turn``, ``RHO's turn`` (``names_whose_turn``), ``tour de Nord``,
    ``the turn of South``: the player the turn was named after."""
    return names_whose_turn(tokens, mention) or tokens[
        max(0, mention.start - 2) : mention.start
    ] in (("tour", "de"), ("tour", "d"), ("turn", "of"))


def _named_barred(reading: Reading) -> Ref | None:
    """The player named by name, seat or as "an opponent" right before the first
    bar told (``Est, obligé de passer``, ``opponent was barred``): not a pronoun,
    whose antecedent may be another, nor one seat of a side (``E-O passeront``)."""
    tokens = reading.tokens
    for start, _ in reading.cues.get("@obliged", []):
        for mention in reversed(reading.entities.seats):
            gap = tokens[mention.end : start]
            if mention.end > start or len(gap) > 3 or BREAK in gap or mention.ref.subject:
                continue  # "at his RHO's turn, was obliged": not the one barred
            if mention.ref.pronoun or (mention.start and tokens[mention.start - 1] in SEATS):
                return None
            return mention.ref if mention.ref.known or mention.ref.opponent else None
    return None
# Where the change of call is told: the call made comes before it.
_CHANGE_WORDS = frozenset(
    {"then", "puis", "but", "mais", "changed", "change", "changes", "swapped", "corrected",
     "corrige", "replaced", "remplace", "instead", "lieu", "took", "retire", "sorry", "oops",
     "oups", "pardon", "non", "no"}
)  # fmt: skip


def _changers_own(
    reading: Reading, calls: list[CallMention], changed_to: Sequence[CallMention],
    first: CallMention,
) -> CallMention:
    """25: the call first made is the changer's own (``N 1♠, E P, N then 'I
    want 1NT'``: not East's pass); when the call found is another player's, the
    first call the changer is told making instead."""
    named = _changer_named(reading)
    changer, told_at = named if named is not None else (None, 0)
    if changer is None or not changer.known or changer.pronoun:
        return first
    tokens = reading.tokens
    made_by_first = _speaker_caller(reading, first)
    if made_by_first is None or not made_by_first.known or same_player(
        reading, made_by_first, changer
    ):
        return first
    own = [
        c for c in calls
        if c not in changed_to and not _meant(tokens, c.start) and not _changed_to(tokens, c)
        and (by := _speaker_caller(reading, c)) is not None and by.known and not by.pronoun
        and same_player(reading, by, changer)
    ]  # fmt: skip
    # "N 1♥ – E 2♣ – … – N 4♥ – E X. N then stated she had intended 3♥": his last
    # call before the words that tell the change
    before = [c for c in own if c.end <= told_at]
    return before[-1] if before else own[0] if own else first


def _call_first_made(
    reading: Reading, calls: list[CallMention], changed_to: Sequence[CallMention] = ()
) -> CallMention:
    """The call a change of call is about: the last one made before the text
    tells the change (``North opened 1♣, … South put 1♠ and then swapped it``),
    never one only meant (``I meant to say 1NT``)."""
    tokens = reading.tokens
    # "pulled 2♦ instead of 2♥", "posé 4♣ au lieu de 4♦": the call made before the words
    for k in range(1, len(tokens) - 1):
        not_the_next = tokens[k] in ("not", "pas") and any(c.start == k + 1 for c in calls)
        if tokens[k : k + 2] in (("instead", "of"), ("lieu", "de")) or not_the_next:
            # (and "pulls 4♥ not 4♠", "sort 2♠ pas 2♥")
            lead = k - 1 if tokens[k] == "lieu" and tokens[k - 1] == "au" else k
            made_here = [c for c in calls if lead - 1 <= c.end <= lead]
            if made_here and not only_meant(tokens, made_here[0].start):
                return made_here[0]
    # "changer son 1SA en 2♣", "corrected his bid from 3♠ to 4♠": the call changed,
    # not one another player is told he may change ("West may then change his pass")
    for c in calls:
        k = c.start - 1
        while k >= 0 and tokens[k] in _OWNER_OR_ARTICLE:
            k -= 1
        if k >= 0 and tokens[k] in _CHANGE_VERBS and c.start - k <= 4 and not only_offered(
            tokens, k
        ):
            return c
    # "changé en 2♣", "lapsus 2♠ pour 2♥", "from 3♠ to 4♠": the call changed to
    made = [c for c in calls if not _meant(tokens, c.start) and not _changed_to(tokens, c)]
    made = made or [c for c in calls if not _meant(tokens, c.start)]
    meant = sorted([c for c in calls if c not in made] + list(changed_to), key=lambda c: c.start)
    callers = {c.start: _speaker_caller(reading, c) for c in calls}
    callers.update({c.start: _speaker_caller(reading, c) for c in changed_to})
    if meant:
        said = meant[0]
        said_by = callers.get(said.start, said.caller)
        # "a dit 3♠ alors qu'il voulait 3♥", "bid 2♣ while he meant 2♦": the meant
        # call told as a contrast after the one made, which comes just before it
        contrast = tokens[max(0, said.start - 6) : said.start]
        if set(contrast) & _WHILE and BREAK not in contrast:
            before = [c for c in made if said.start - 8 <= c.end <= said.start]
            if before:
                return before[-1]
        # "I wanted 1♠ but pulled 1NT": the first call made after the one meant;
        # "W 2H card placed, W says meant 2S", "N 1♠, E P, N then 'I want 1NT'":
        # else the last one the same player made before it
        # (not the meant call itself made next: "I bid 1S, then thought I should bid
        # 2C, and put down 2C": 1S)
        after = [
            c for c in made if c.start > said.start
            and (BREAK not in tokens[said.end : c.start] or (
                c.caller is None or tokens[said.end : c.start].count(BREAK) == 1
                and c.caller.seat is None  # (not "Moi Nord j'ai passé derrière")
            ) and not any(
                said.end <= d.start < c.start or d.call == c.call and d.start < c.start
                for d in calls
            ))  # "I meant to open 2NT. The card that hit the table was 2♠", "i wanted
            # 1NT. but the card i took out was 1S": the next call in the next sentence,
            # not one told again ("Does 3NT stand?")
            and not (c.call == said.call and _meant(tokens, said.start))
            and (
                (said_by is not None and callers[c.start] is not None
                 and same_player(reading, callers[c.start], said_by))  # type: ignore[arg-type]
                or c.caller is None
            )
        ]  # fmt: skip
        if after:
            return after[0]
        own = [
            c for c in made if c.start < said.start and callers[c.start] is not None
            and said_by is not None and same_player(reading, callers[c.start], said_by)  # type: ignore[arg-type]
            and not (c.call == said.call and said.start - c.end <= 8)
        ]  # fmt: skip  (not "« pardon, 2♥, je voulais dire 2♥ »": the meant call said first)
        if own:
            return own[-1]  # "S bid 3♣, W passed, then S wanted to change to 3♦"
        if said.caller is None:
            # "O 3♣ (voulait 3♦)": the call made right before the one meant
            near = [
                c for c in made if c.call != said.call and (
                    0 <= said.start - c.end <= 2 or 0 <= said.start - c.end <= 6
                    and not set(tokens[c.end : said.start]) & (_SOMEONE | {BREAK, "and", "et"})
                    and not (c.start and tokens[c.start - 1] in _SOMEONE)
                )
            ]  # (or "the 4H card was a mis-pull for 4S")
            if near:
                return near[-1]
    change = next((i for i, t in enumerate(tokens) if t in _CHANGE_WORDS), None)
    if change is not None:
        before = [c for c in made if c.end <= change]
        # the player who changes calls again after the word: his call before it
        # ("O 1SA, N passe, puis O dit « non, 1♣ »")
        again = [
            c for c in before if c.caller is not None and c.caller.known and any(
                change < d.start <= change + 8 and BREAK not in tokens[change : d.start]
                and d.caller is not None and same_player(reading, d.caller, c.caller)
                and not only_offered(tokens, d.start)
                for d in calls
            )
        ]  # fmt: skip
        if again:
            return again[-1]
        if before:
            return before[-1]
    return (made or calls)[0]


def _quote_start(source: str, pos: int) -> int | None:
    """Where the quotation holding the character at ``pos`` opens, if it is in one
    (``« … »``, ``“ … ”``, ``" … "``, ``' … '`` with the ``'`` after a space or a colon)."""
    before = source[:pos]
    for opening, closing in (("«", "»"), ("“", "”")):
        if before.count(opening) > before.count(closing):
            return before.rindex(opening)
    if before.count('"') % 2:
        return before.rindex('"')
    opened = None
    for k, ch in enumerate(before):
        if ch != "'":
            continue
        if opened is None and (k == 0 or before[k - 1] in " :(\n"):
            opened = k
        elif opened is not None and (k + 1 == len(source) or not source[k + 1].isalpha()):
            opened = None
    return opened


#: Between a player's name and the quotation of what he said.
_SAID = frozenset(
    {"said", "says", "say", "dit", "then", "puis", "alors", "and", "et", "looked", "simply",
     "just", "immediately", "calmly", "simplement", "aussitot", "juste", "a", "replied",
     "answered", "repondu", "repond", "repondit"}
)  # fmt: skip


def _speaker_caller(reading: Reading, mention: CallMention) -> Ref | None:
    """The caller of a call, with "I" inside a quotation read as the player quoted
    (``N then: 'I want 1NT'``, ``Est : « non, je voulais 2♠ »``)."""
    return _quoted_i(reading, mention.start, mention.caller)


def _quoted_i(reading: Reading, at: int, ref: Ref | None) -> Ref | None:
    """``ref``, or where it is the writer's "I" inside a quotation at token
    ``at``, the player quoted (``East said 'I'll accept that'``)."""
    if ref is None or ref.writer is not Relation.SELF or ref.seat is not None:
        return ref
    norm = reading.norm
    opened = _quote_start(norm.source, norm.spans[at][0])
    if opened is None:
        return ref
    first = next((i for i, (a, _) in enumerate(norm.spans) if a >= opened), at)
    for seat in reversed(reading.entities.seats):
        gap = reading.tokens[seat.end : first]
        if seat.end <= first and len(gap) <= 4 and set(gap) <= _SAID | {COMMA}:
            speaker = seat.ref
            if speaker.pronoun:
                speaker = _resolved(reading, seat) or speaker
            return speaker if speaker.known and speaker != ref else ref
    return ref


#: Before a call (and its article): the call a player changed, the one first made.
_CHANGE_VERBS = frozenset(
    {"changer", "change", "changed", "changes", "changing", "modifier", "modifie", "corriger",
     "correct", "corrected", "retirer", "withdraw", "withdrew", "from", "replace", "replaced",
     "replaces", "remplacer", "remplace", "remplacee"}
)  # fmt: skip
_OWNER_OR_ARTICLE = frozenset(
    {"son", "sa", "his", "her", "their", "le", "la", "the", "MY", "bid", "enchere", "call", "de",
     "of"}
)  # fmt: skip
#: Before a call: the call a change of call was made to, not the one first made.
_CHANGED_TO = frozenset(
    {"pour", "en", "to", "into", "par", "with", "avec", "devient", "becomes", "became", "devenu",
     "for"}
)  # fmt: skip
#: Before a meant call: told as a contrast with the call made before it.
_WHILE = frozenset(
    {"alors", "while", "whereas", "tandis", "although", "but", "mais", "when", "quand"}
)
#: Between "wanted" and a call: what was wanted was an act on it, not the call itself
#: ("wanted to accept my pass", "voulait refuser le 1♠").
_ACT_ON = frozenset(
    {"accept", "accepter", "refuse", "refuser", "cancel", "annuler", "double", "contrer",
     "change", "changer", "correct", "corriger", "condone"}
)  # fmt: skip


def _meant(tokens: tuple[str, ...], start: int) -> bool:
    """A call only meant (``I wanted 1♥``), not one wanted to be acted on nor
    one said not to be wanted (``je ne voulais pas passe``: the pass was made)."""
    window = set(tokens[max(0, start - 3) : start])
    return only_meant(tokens, start) and not window & _ACT_ON and not window & {"pas", "not"}


def _changed_to(tokens: tuple[str, ...], call: CallMention) -> bool:
    k = call.start - 1
    if k >= 0 and tokens[k] in _REFERENCE:
        k -= 1  # "remplacé par le 2♥"
    return k >= 1 and tokens[k] in _CHANGED_TO and tokens[k - 1] not in _BEFORE_A_CARD_MADE
# "a card with 1♥ on it": the card made, not the call it was changed to
_BEFORE_A_CARD_MADE = frozenset({BREAK, "card", "cards", "carton", "cartons"})
# "after the 2♥", "sur le 1♠": a call told again, not a new one.
_REFERENCE = frozenset({"the", "le", "la", "du", "ce", "cette", "this"})
_POSSESSIVES = frozenset({"MY", "his", "her", "their", "son", "sa", "leur", "our", "notre"})
_ON_WORDS = frozenset({"sur", "on", "over", "of", "de"})
_THAT = frozenset({"that", "que"})
_TOO_LOW = frozenset(
    {"insuffisant", "insuffisante", "insufficient", "lower", "low", "bas", "basse", "inferieur",
     "inferieure", "below", "under", "sous"}
)  # fmt: skip
#: Before a call another is measured against: "insuffisant après 2♥", "lower than 2♠".
_COMPARED_TO = frozenset({"apres", "after", "over", "sur", "than"})  # ("que": _THAT)
_THEN = frozenset({"then", "puis", "ensuite", "afterwards", "later"})
#: Before a call told after another but made before it.
#: Before a bid told after another as the one it was under: "N bid 1NT but W opened 2C".
_BUT = frozenset({"but", "mais"})
_ALREADY = frozenset({"already", "deja", "before", "avant", "previously", "earlier", "had",
                      "avait"})
_PLUPERFECT = frozenset({"avait", "avais", "had", "avaient"})


def _roles(reading: Reading) -> set[int]:
    """Start tokens of seat mentions that name someone other than the offender:
    whose turn it was, the dealer, the one who accepted or called since."""
    taken: set[int] = set()
    seats = reading.entities.seats
    for cue in _ROLE_AFTER:
        for _, end in reading.cues.get(cue, []):
            after = [
                m for m in seats
                if 0 <= m.start - end <= 2
                and not {BREAK, "table"} & set(reading.tokens[end : m.start])
            ]  # ("At our table North put out …", "… at all. South took it": no turn)
            if after:
                taken.add(after[0].start)
    for cue in _ROLE_BEFORE:
        for start, end in reading.cues.get(cue, []):
            before = [m for m in seats if 0 <= start - m.end <= 2]
            if cue == "@dealer" and start and reading.tokens[start - 1] == COMMA and any(
                0 <= m.start - end <= 2 and BREAK not in reading.tokens[end : m.start]
                for m in seats
            ):
                continue  # "I'm South, dealer was East": the dealer named after, not South
            if before:
                taken.add(before[-1].start)
    for mention in seats:
        if 0 < mention.start and reading.tokens[mention.start - 1] in ("avant", "before"):
            taken.add(mention.start)
        elif names_whose_turn(reading.tokens, mention) and not (
            mention.start and reading.tokens[mention.start - 1] in _NOT_TURN
        ):
            taken.add(mention.start)  # "LHO's turn": whose turn it was
    return taken


_OWN_TURN = frozenset({"his", "her", "son", "sa", "MY", "mon", "ma"})
_NOT_TURN = frozenset({"not", "pas", "never", "jamais"})
_DEEMED = frozenset(
    {"deemed", "treated", "counts", "repute", "reputee", "considered", "considere", "subsequent",
     "posterieur", "posterieure", "subsequente"}
)  # fmt: skip
_AT_ONCE = frozenset(
    {"simultaneously", "simultaneous", "simultanement", "simultanes", "simultanees", "together",
     "same", "meme", "ensemble"}
)  # fmt: skip


_TURN = frozenset({"turn", "tour"})


def _not_the_turn_holders(reading: Reading, calls: list[CallMention]) -> CallMention | None:
    """Law 33, when the players are named only relative to the writer: of the
    calls made at once, the one made by another than the player told in turn
    (``it was partner's turn: partner 1♦, RHO pass``, ``mon partenaire, qui
    était en tour, …``, ``c'était mon tour``)."""
    tokens = reading.tokens
    holders: list[Ref] = []
    for mention in reading.entities.seats:
        ref = mention.ref
        if not ref.known or ref.pronoun:
            continue
        after = tokens[mention.end : mention.end + 5]
        if BREAK in after:
            after = after[: after.index(BREAK)]
        lead = tokens[max(0, mention.start - 2) : mention.start]
        if (after[:1] and after[0] in _TURN) or (lead[:1] and lead[0] in _TURN and lead[1:] in (
            ("de",), ("of",), ("d",)
        )):
            holders.append(ref)  # "partner's turn", "le tour de mon partenaire"
        elif any(0 <= s - mention.end <= 3 for s, _ in reading.cues.get("@in_turn", [])):
            holders.append(ref)  # "my partner, who was in turn"
    for i in range(len(tokens) - 1):
        if tokens[i] == "MY" and tokens[i + 1] in _TURN and not (
            set(tokens[max(0, i - 3) : i]) & _NOT_TURN
        ):
            holders.append(Ref(writer=Relation.SELF))  # "c'était mon tour"
    if not holders:
        return None
    made = [
        (c, c.caller) for c in calls
        if c.caller is not None and (c.caller.known or c.caller.opponent)
        and not c.caller.pronoun and not _told_again(tokens, c, reading.entities.calls)
    ]  # fmt: skip
    others = [c for c, by in made if not any(same_player(reading, by, h) for h in holders)]
    if others and len(others) < len(made):
        return others[0]
    return None


def _simultaneous_offender(reading: Reading) -> Ref | None:
    """Of two players who called at once (Law 33), the one whose turn it was
    not: the other than the one named as whose turn it was or as the dealer
    (``N (his turn) 1H, E 1S``, ``tour de S``); with nothing said, the one
    who sits after the other (``N/E``: East), else the one named second."""
    after_last = _not_next_in_turn(reading)
    if after_last is not None:
        return after_last
    tokens = reading.tokens
    taken = _roles(reading)
    named = [
        m for m in reading.entities.seats
        if m.ref.known and not m.ref.pronoun and m.ref.subject is None
    ]  # fmt: skip
    extra_holders: list[Ref] = []
    for i in range(len(tokens) - 1):
        pair = tokens[i : i + 2]
        if pair[0] == "MY" and pair[1] in ("turn", "tour"):
            if not set(tokens[max(0, i - 3) : i]) & _NOT_TURN:
                extra_holders.append(Ref(writer=Relation.SELF))  # "c'était mon tour"
        if pair[0] in _NOT_TURN and i + 2 < len(tokens) and pair[1] in _OWN_TURN - {"MY"} and (
            tokens[i + 2] in ("turn", "tour")
        ):
            # "East said it was not his turn": the one "his" stands for called out of turn
            before = [m for m in named if m.end <= i and BREAK not in tokens[m.end : i]]
            if before:  # (the nearest: "W a dit passe et N a posé 1♥, pas son tour": N)
                return before[-1].ref
    for mention in named:
        if tokens[mention.end : mention.end + 1] in (("turn",), ("tour",)):
            taken.add(mention.start)  # "It was partner's turn"
        # his own words, up to the next player named ("S turn, W card deemed subsequent")
        stop = min([m.start for m in named if m.start >= mention.end] + [mention.end + 7])
        after = [t for t in tokens[mention.end : stop] if t != COMMA]
        if BREAK in after:
            after = after[: after.index(BREAK)]
        pairs = list(zip(after, after[1:], strict=False))
        if ("out", "of") in pairs[:2] or ("hors", "tour") in pairs[:2] or set(after[:4]) & _DEEMED:
            return mention.ref  # "W out of turn", "E's P deemed subsequent"
        if any(a in _OWN_TURN and b in ("turn", "tour") for a, b in pairs) or (
            ("in", "turn") in pairs[:3] or ("en", "tour") in pairs[:2]
        ):
            taken.add(mention.start)  # "N (in turn)", "East 2♠, which was his turn"
    at_once = [i for i, t in enumerate(tokens) if t in _AT_ONCE]
    if at_once:
        # the two players told calling together, near the words that say so
        # (a player told calling before, "N passed and then E and S at once", is not one)
        call_starts = [c.start for c in reading.entities.calls]
        near = [m for m in named if at_once[0] - 12 <= m.start <= at_once[0] + 6
                and BREAK not in tokens[min(m.start, at_once[0]) : max(m.start, at_once[0])]
                and not any(m.end <= s < at_once[0] and set(tokens[s : at_once[0]]) & _THEN
                            for s in call_starts)]
        holders_near = [m for m in near if m.start in taken]
        holder_refs = [m.ref for m in named if m.start in taken] + extra_holders
        if not holder_refs:
            holder_refs = [r for r in (_turn_holder(reading),) if r is not None]
        rest = [m.ref for m in near if m.start not in taken
                and not any(same_player(reading, m.ref, h) for h in holder_refs)]
        if holder_refs and rest and (holders_near or len(set(rest)) == 1):
            return rest[0]
    # by compass, and the writer's "my RHO" who made a call ("mon adversaire de
    # droite sort 1♠"); not the writer's seat told when he made none ("j'étais en Sud")
    callers = {c.caller for c in reading.entities.calls}
    writer_called = Ref(writer=Relation.SELF) in callers
    seated = [
        (m, seat) for m in named
        if (seat := reading.entities.compass(m.ref)) is not None
        and (m.ref.seat is not None or (m.ref in callers and m.ref.writer is not Relation.SELF))
        and (writer_called or not writers_seat_told(tokens, m))
    ]  # fmt: skip
    dealer = reading.entities.compass(reading.entities.dealer)
    holders = {seat for m, seat in seated if m.start in taken}
    if not holders and dealer is not None:
        holders = {dealer}
    order: list[Seat] = []
    for _, seat in seated:
        if seat not in order:
            order.append(seat)
    others = [seat for seat in order if seat not in holders]
    if holders and others:
        return Ref(seat=others[0])
    if len(order) == 2:
        first, second = order
        return Ref(seat=first if (second + 1) % 4 == first else second)
    return None


#: Third-person words for the other of two players told calling at once.
_THEM = frozenset({"lui", "elle", "he", "she", "him", "her", "his", "hers", "il"})
#: Between a player and his call in "lui 1SA, moi contre", "i said one spade".
_SAYING_HIS_CALL = frozenset(
    {"said", "says", "bid", "bids", "was", "a", "mis", "dit", "pose", "put", "sort", "sorti",
     "with", "avec", "had", "chose", "went", "un", "une", "the", "le", "la", "son", "sa", "is",
     "opened", "ouvre", "ouvert", "pulled", "placed", "down", "out", "posait", "tire", "laid",
     "carton", "card", "ouvrait", "avait", "d"}
)  # fmt: skip
_FOR_WHOM = frozenset({"pour", "for", "by", "par", "de"})
_DEALER_WORDS = DEALER_MARKS | {"donne"}
_RELATIVE_SEATS = frozenset({"PARTNER", "LHO", "RHO"})
_NOT_HIS = _NOT_TURN | frozenset({"wasnt", "isnt", "n", "ne"})
_ANOTHER_TIME = frozenset({"when", "quand", "lorsque", "until", "next", "prochain", "once"})
#: Between a player and "turn": "his turn", "(à son tour)", "dont c'était le tour".
_BEFORE_HIS_TURN = frozenset(
    {"a", "son", "sa", "his", "her", "in", "en", "at", "dont", "ce", "etait", "le", "whose",
     "who", "was", "it", "is", "est", "of"}
)  # fmt: skip


def _simultaneous_pair(reading: Reading) -> tuple[Ref, CallMention | None] | None:
    """33: of two players told calling at once, the one not in turn and his
    call, read from the words around (``Sud et moi … : lui 1SA, moi contre.
    C'était à lui de parler``, ``west and i bid at the same time, i was dealer,
    i said one spade he said one heart``, ``passe pour lui, 3♦ pour mon
    partenaire``); None unless both players and whose turn it was are told."""
    tokens, entities = reading.tokens, reading.entities
    at = next((i for i, t in enumerate(tokens) if t in _AT_ONCE), None)
    if at is None:
        return None
    players = [
        m for m in entities.seats
        if m.ref.known and not m.ref.pronoun and m.ref.subject is None
    ]  # fmt: skip
    sentence_start = max([k + 1 for k in range(at) if tokens[k] == BREAK] + [0])
    sentence_end = next((k for k in range(at, len(tokens)) if tokens[k] == BREAK), len(tokens))
    named: list[Ref] = []  # the players named in the sentence, a pronoun as whom it stands for
    later: list[Ref] = []  # "I bid 1♥, and at the same moment West put down a Pass card"
    for m in entities.seats:
        if not sentence_start <= m.start < sentence_end or m.ref.subject is not None:
            continue
        ref = (_resolved(reading, m) if m.ref.pronoun else m.ref) or m.ref
        if not ref.known or ref.pronoun:
            continue
        if m.start < at:
            named = [r for r in named if not same_player(reading, r, ref)] + [ref]
        elif not any(same_player(reading, r, ref) for r in later) and not (
            m.start and tokens[m.start - 1] in ("apres", "after", "avant", "before", "de", "of")
        ):  # (not "…, c'était mon tour après Sud", "tour de Sud": whose turn, not a caller)
            later.append(ref)
    # a call told between the first of the players named before the words and them
    # ("I bid 1♥, and at the same moment …"), not a bare "X and Y bid at the same time"
    first = next(
        (m.start for m in entities.seats
         if m.start >= sentence_start and named and same_player(reading, m.ref, named[-2:][0])),
        at,
    )  # fmt: skip
    called_between = any(first < c.start < at for c in entities.calls)
    if len(later) >= 2 and not (len(named) >= 2 and not called_between):
        pair = later[:2]  # "West passed, and at the same moment North said 1D and South 1H"
    elif later and named and called_between and not same_player(reading, named[-1], later[0]):
        pair = [named[-1], later[0]]  # "I bid 1♥, and at the same moment West put down a Pass"
    else:
        pair = named[-2:]  # "E and S bid at the same time", "S – / O 1♣ et N 1♥ simultanés"
    if len(pair) != 2:
        return None
    writer = Ref(writer=Relation.SELF)
    mine = [r for r in pair if same_player(reading, r, writer)]

    def member(k: int) -> Ref | None:
        """The member of the pair the token at ``k`` names."""
        token = tokens[k]
        if token in ("mine", "MY") and mine:
            return mine[0]
        if token in _THEM:
            others = [r for r in pair if r not in mine]
            return others[0] if mine and len(others) == 1 else None
        for m in players:
            if m.start <= k < m.end:
                found = [r for r in pair if same_player(reading, m.ref, r)]
                return found[0] if found else None
        return None

    first_calls = not any(c.start < sentence_start for c in entities.calls)
    holder = _pair_turn_holder(reading, member, first_calls) or _next_after_the_last_call(
        reading, sentence_start, pair
    )
    if holder is None:
        return None
    offenders = [r for r in pair if not same_player(reading, r, holder)]
    if len(offenders) != 1:
        return None
    offender = offenders[0]
    # the calls told with the two players: from the pair to two sentences on
    breaks = [k for k in range(at, len(tokens)) if tokens[k] == BREAK]
    end = breaks[2] if len(breaks) > 2 else len(tokens)
    told = sorted(
        (c for c in entities.calls
         if sentence_start <= c.start < end and not only_meant(tokens, c.start)),
        key=lambda c: c.start,
    )  # fmt: skip
    owners: dict[int, Ref | None] = {}
    for c in told:
        owner = None
        k = c.start - 1
        while k >= sentence_start and c.start - k <= 4 and (
            tokens[k] in _SAYING_HIS_CALL
            or tokens[k] in _POSSESSIVES and member(k) is None  # "East put down his pass card"
        ):
            k -= 1
        if k >= sentence_start and tokens[k] != COMMA:
            owner = member(k)
        if owner is None and c.end + 1 < len(tokens) and tokens[c.end] in _FOR_WHOM:
            owner = member(c.end + 1 + (tokens[c.end + 1] == "MY"))  # "3♦ pour mon partenaire"
        owners[c.start] = owner
    def made_by(c: CallMention, player: Ref) -> bool:
        owner = owners[c.start]
        return owner is not None and same_player(reading, owner, player)

    own = [c for c in told if made_by(c, offender)]
    if own:  # the nearest the words that tell it (not his opening told before)
        return offender, min(own, key=lambda c: abs(c.start - at))
    theirs = [c for c in told if made_by(c, holder)]
    unowned = [c for c in told if owners[c.start] is None and c not in theirs]
    if theirs and len(unowned) == 1:
        return offender, unowned[0]
    if len(told) == 2 and not any(owners.values()) and told[0].start > at:
        # "East and South bid at the same time, 1H and 1S": in the order named
        return offender, told[pair.index(offender)]
    return offender, None


def _next_after_the_last_call(
    reading: Reading, before: int, pair: list[Ref]
) -> Ref | None:
    """With whose turn it was not told, the one of the pair who sits after the
    last player told calling before them (``Donneur Nord, il passe. Moi Est je
    dis 1♣ et en même temps Ouest pose 1♦``: East's turn)."""
    entities = reading.entities
    earlier = sorted((c for c in entities.calls if c.end <= before), key=lambda c: c.start)
    # (a call by one of the two already listed, "1♦ P 1♠ … W passed at the same moment
    # S bid 1♠", is one of theirs: the last call before theirs)
    paired = {entities.compass(r) for r in pair}
    while earlier and earlier[-1].caller is not None and (
        entities.compass(earlier[-1].caller) in paired
    ):
        earlier.pop()
    if not earlier:
        return None
    last = earlier[-1]
    seat = entities.compass(last.caller) if last.caller and not last.caller.pronoun else None
    if seat is None and len(earlier) == 1 and entities.dealer is not None:
        seat = entities.compass(entities.dealer)  # "Donneur Nord, il passe": the dealer's call
    if seat is None:
        return None
    in_turn = Seat((seat + 1) % 4)
    return next((r for r in pair if entities.compass(r) == in_turn), None)


def _pair_turn_holder(
    reading: Reading, member: Callable[[int], Ref | None], first_calls: bool
) -> Ref | None:
    """Whose turn it was, of the two players told calling at once: ``c'était à
    lui de parler``, ``it was turn of my partner``, ``(him in turn)``, ``O en
    tour``, ``Ouest, dont c'était le tour``, ``pas à moi`` (the other); when
    they are the auction's first calls, the dealer (``i was dealer``,
    ``Sud, donneur,``)."""
    tokens = reading.tokens
    dealer = None
    for k, token in enumerate(tokens):
        if token == "MY" and tokens[k + 1 : k + 2] and tokens[k + 1] in _RELATIVE_SEATS:
            continue  # "mon adversaire de droite": read at its last word
        lead = k - 1 if k and tokens[k - 1] == "MY" and token in _RELATIVE_SEATS else k
        before = tokens[max(0, lead - 3) : lead]
        after = tuple(t for t in tokens[k + 1 : k + 7] if t != COMMA)[:5]
        ref = member(k)
        if ref is None or set(before[-2:]) & _NOT_TURN:
            continue
        # his own clause after him ("East, whose turn it wasnt, …": after the comma)
        rest = tokens[k + 1 : k + 8]
        while rest[:1] == (COMMA,):
            rest = rest[1:]
        for stop in (COMMA, BREAK):
            rest = rest[: rest.index(stop)] if stop in rest else rest
        turn_at = next((j for j, t in enumerate(rest) if t in _TURN), None)
        if turn_at is not None and set(rest) & _NOT_HIS:
            continue  # "East, whose turn it wasn't" (not "his turn, not me")
        if turn_at is not None and (
            rest[turn_at + 1 : turn_at + 2] in (("de",), ("of",), ("d",))
            or set(before[-2:]) & _ANOTHER_TIME
        ):
            turn_at = None  # "W, tour de S": South's; "when East's turn came": a later one
        if (
            before[-1:] == ("a",) and after[:2] == ("de", "parler")  # "à lui de parler"
            or before[-1:] in (("of",), ("de",), ("d",)) and set(before[:-1]) & _TURN  # "tour d'E"
            or turn_at is not None and set(rest[:turn_at]) <= _BEFORE_HIS_TURN
        ):  # "his turn", "(à son tour)", "him in turn", "dont c'était le tour", "whose turn"
            return ref
        titled = tuple(t for t in after if t not in ("the", "le", "la"))
        if (
            after[:1] and after[0] in _DEALER_WORDS  # "Sud, donneur", "i was the dealer"
            or titled[:2] and titled[0] in ("was", "etait") and titled[1] in _DEALER_WORDS
            or before[-1:] and before[-1] in _DEALER_WORDS and token in SEATS
        ) and dealer is None:
            dealer = ref
        if before[-1:] == ("a",) and before[-2:-1] == ("pas",):
            # "c'était à elle de parler, pas à moi": the one named "pas à" is not
            others = [
                r for r in (member(j) for j in range(max(0, k - 12), k))
                if r is not None and r != ref
            ]  # fmt: skip
            if others:
                return others[-1]
    return dealer if first_calls else None


def _not_next_in_turn(reading: Reading) -> Ref | None:
    """33: of the two players told calling at once, the one who does not sit
    after the last player told calling before them (``N 1♣ ; E et S annoncent
    en même temps``: East's turn, South called out of it)."""
    tokens, entities = reading.tokens, reading.entities
    for i, token in enumerate(tokens):
        if token not in _AT_ONCE:
            continue
        earlier = [c for c in entities.calls if c.end <= i]
        around = sorted(
            (
                m for m in entities.seats
                if i - 12 <= m.start <= i + 6 and m.ref.known and not m.ref.pronoun
                and m.ref.subject is None and entities.compass(m.ref) is not None
                and BREAK not in tokens[min(m.end, i) : max(m.start, i)]
            ),
            key=lambda m: abs(m.start - i),
        )  # fmt: skip
        # the two players named nearest the words
        seats = list(dict.fromkeys(entities.compass(m.ref) for m in around))[:2]
        near = [m for m in around if entities.compass(m.ref) in seats]
        if len(seats) != 2:
            continue
        first = min(m.start for m in near)
        before = [
            c for c in earlier
            if c.end <= first and entities.compass(c.caller) not in (None, *seats)
        ]  # fmt: skip
        last = entities.compass(before[-1].caller) if before else None
        if last is None:
            continue
        in_turn = Seat((last + 1) % 4)
        others = [s for s in seats if s is not None and s != in_turn]
        if in_turn in seats and len(others) == 1:
            return Ref(seat=others[0])
    return None


_HOLDING = frozenset(
    {"took", "had", "has", "holding", "held", "avait", "a", "jouait", "pris", "prend", "playing",
     "played", "with", "avec", "picked", "sorti", "tire", "take", "taken", "takes", "taking",
     "grabbed", "prenait"}
)  # fmt: skip
_HAND_WORDS = frozenset({"cards", "cartes", "main", "hand", "etui", "board", "donne"})
#: After "had", "avait": the auxiliary of a call made, not a hand held (a wider
#: set than _HAD_CALLED, which reads "already called" without a call named).
_CALLED_AFTER_HAD = frozenset(
    {"already", "deja", "just", "called", "bid", "passed", "opened", "doubled", "raised",
     "responded", "parle", "passe", "dit", "ouvert", "contre", "repondu", "annonce"}
)  # fmt: skip
#: Before "he had the cards of board 8": the holder finding it out.
_NOTICING = frozenset(
    {"realised", "realized", "noticed", "saw", "found", "discovered", "remarque", "voit",
     "constate", "realise", "apercoit", "decouvre"}
)  # fmt: skip
_THAT_HE = frozenset({"that", "she", "he", "it", "they", "que", "qu", "il", "elle", "avoir"})


def _card_holder(reading: Reading) -> Ref | None:
    """``South took the cards of board 15``, ``E a la main de l'étui 7``: the
    player told holding another board's cards (15A)."""
    tokens = reading.tokens
    for mention in reading.entities.seats:
        ref = mention.ref
        if ref.pronoun:  # (a pronoun is no known player until resolved)
            resolved = _resolved(reading, mention)
            if resolved is None:
                continue
            ref = resolved
        if not ref.known or ref.opponent or ref.subject is not None:
            continue
        after = tokens[mention.end : mention.end + 10]
        if BREAK in after:
            after = after[: after.index(BREAK)]
        if after[:1] == (COMMA,):
            after = after[1:]  # "Sud — avec les cartes de la planche 22 — contre"
        if after[:1] and after[0] in _NOTICING:
            # "E realised she had the cards from the wrong board"
            after = after[1:]
            while after and after[0] in _THAT_HE:
                after = after[1:]
        while after and after[0] in _THEN:
            after = after[1:]  # "S then found he had been holding the hand from board 10"
            if after[:1] and after[0] in _NOTICING:
                after = after[1:]
                while after and after[0] in _THAT_HE:
                    after = after[1:]
        # "E 2S holding board 5's hand", "W's 2♠ was made with his board-4 cards"
        held = next(
            (h for h, t in enumerate(after[:6])
             if t in _HOLDING and not (after[h + 1 : h + 2] and after[h + 1] in _CALLED_AFTER_HAD)),
            None,
        )  # fmt: skip  (not "partner had already called after my wrong-board bid": an auxiliary)
        if held is not None and set(after[held + 1 : held + 7]) & _HAND_WORDS and (
            all(
                t in _BEFORE_HOLDING or t in _CALLED_AFTER_HAD or t[:1].isdigit() or t in STRAINS
                or t in ("a", "donneur", "dealer")
                for t in after[:held]
            )  # his call, "was made" ("W's 2♠ was made with his board-4 cards", "Est
            # donneur a ouvert 1SA avec les cartes de l'étui suivant")
            or after[held] not in ("with", "avec")
            and not set(after[:held]) & (_SOMEONE | {COMMA, "him", "her", "lui"})
        ):  # (not "P (S) 2♥ (W) – W holding …", "I cancelled the 1NT, had him return …",
            # "what should I have done with board 4")
            return ref
        # "N's hand turns out to be from board 15": his hand, then the board
        if after[:1] and after[0] in _HANDS and set(after[1:9]) & _BOARD_OR_BD and not (
            set(tokens[max(0, mention.start - 3) : mention.start]) & _NOTICING
        ):  # (not "East noticed that West's hand …" for East: West)
            return ref
        # "les cartes d'O venaient du 5": the cards of a player, then the board
        lead = tokens[max(0, mention.start - 2) : mention.start]
        if len(lead) == 2 and lead[0] in _HANDS and lead[1] in _OF and set(after) & (
            _BOARD_OR_BD | {"venaient", "came", "were"}
        ):
            return ref
    return None


_HANDS = frozenset({"cards", "cartes", "main", "hand"})
#: Between a player and his holding another board's cards: his call, "was made".
_BEFORE_HOLDING = frozenset({"was", "made", "been", "had", "p", "x", "xx", "pass", "passe"})
#: A board named: its words and the directors' "bd".
_BOARD_OR_BD = _BOARD_NAMES | {"bd"}


def _call_of(reading: Reading, who: Ref, calls: list[CallMention]) -> CallMention | None:
    """The call ``who`` made: attributed to him, else the one named right after him."""
    for call in calls:
        if call.caller is not None and call.caller.known and same_player(reading, call.caller, who):
            return call
    for mention in reading.entities.seats:
        if mention.ref.known and same_player(reading, mention.ref, who):
            near = [c for c in calls if 0 <= c.start - mention.end <= 3]
            if near:
                return near[0]
    return None


_ROLE_AFTER = ("@turn", "@dealer")
_ROLE_BEFORE = ("@dealer", "@accept", "@refuse", "@called_over", "@not_yet_called", "@turn_before")
# After ME, these make the writer someone talking about the incident, not in it.
_META = frozenset(
    {"veux", "voudrais", "pense", "crois", "sais", "demande", "reserve", "want", "think",
     "wonder", "like", "need", "am", "guess", "suppose", "suis", "dois", "peux",
     "watching", "kibitzing", "regardais", "observais", "souhaite", "souhaiterais", "wish",
     "signale", "ecris", "writing", "write"}
)  # fmt: skip


_INDEFINITE = frozenset({"a", "an", "un", "une", "les", "des", "this", "ce", "cette"})
_OUT_OF_ROTATION_IDS = frozenset(
    {I.PASS_OUT_OF_ROTATION, I.DOUBLE_OUT_OF_ROTATION, I.BID_OUT_OF_ROTATION}
)


def offender_of(reading: Reading, irregularity: str) -> Ref | None:
    """Who committed the irregularity, as the text names him."""
    field = _offender_field(reading)
    if field is not None:
        return field
    if irregularity == I.SIMULTANEOUS_CALLS:
        pair = _simultaneous_pair(reading)
        simultaneous = pair[0] if pair is not None else _simultaneous_offender(reading)
        if simultaneous is not None:
            return simultaneous
    if irregularity == I.WRONG_BOARD:
        # 15A: the player told holding the other board's cards, else the maker of
        # the call made with them, else the one the text is about
        made = irregular_call(reading, irregularity)
        maker = made.caller if made is not None else None
        if maker is not None and (not maker.known or maker.pronoun or maker.subject is not None):
            maker = None
        holder = _card_holder(reading) or maker or _subject(reading, irregularity)
        if holder is not None:
            return holder
    if irregularity == I.CHANGE_OF_CALL:
        changer = _changer(reading)
        if changer is not None:
            return changer
    derivation = reading.derivation
    if irregularity == I.CHANGE_OF_CALL and not (
        derivation is not None and derivation.irregularity == irregularity
    ):
        retracted = _retracted(reading)
        if retracted is not None and retracted.caller is not None:
            return retracted.caller
    if irregularity == I.CALL_AFTER_FINAL_PASS:
        late_call = irregular_call(reading, irregularity)
        maker = late_call.caller if late_call is not None else None
        if maker is not None and maker.known and not maker.pronoun and maker.subject is None:
            return maker  # 39: anyone may call after the end; the text names who did
    if replayed_as(reading, irregularity) and derivation is not None and not reading.seatless:
        if derivation.offender is not None and not reading.virtual_anchor:
            return Ref(seat=derivation.offender)
        if derivation.offender is not None:
            offset = (derivation.offender - Seat.S) % 4
            return Ref(writer=BY_OFFSET[offset])
    call = irregular_call(reading, irregularity)
    if irregularity == I.CALL_WHEN_OBLIGED_TO_PASS and (
        call is None or call.caller is None or call.caller.bare or call.caller.pronoun
    ):
        # "his partner must pass … the partner bid 3NT anyway": the player told barred
        barred = _barred(reading)
        if barred is not None and barred.known:
            return barred
    if irregularity == I.CALL_AFTER_FINAL_PASS:
        # (the late call's own maker was taken above, before the replay)
        late = _first_call_after_the_end(reading)
        if late is not None:
            return late
    if call is not None and irregularity in _OUT_OF_ROTATION_IDS:
        flagged = _marked_out_of_turn(reading, call)
        if flagged is not None and flagged.known:
            return flagged  # "P! E (oot, N to call)": the seat the note names
    if irregularity in _OUT_OF_ROTATION_IDS:
        noted = _seat_noted_after_the_name(reading)
        if noted is not None:
            return noted
    if call is not None and call.end < len(reading.tokens):
        # "1♠ (E) avant O", "passe (O) 1♥ (N)": the seat in parentheses right after the call
        after = reading.tokens[call.end]
        if after in SEATS and leads_parentheses(reading.norm, call.end):
            return Ref(seat=Seat[after])
    if call is not None and call.caller is not None and call.caller.known:
        if call.caller.subject is None:
            return call.caller
    if call is not None and call.caller is None:
        # the call named again without its maker ("Redouble of an undoubled
        # bid", "the double was cancelled"): the one player told making it
        maker = _only_maker(reading, call)
        if maker is not None:
            return maker
        if irregularity == I.CHANGE_OF_CALL:
            maker = _maker_of_the_other_call(reading, call)
            if maker is not None:
                return maker
    if irregularity == I.INSUFFICIENT_BID and call is not None and call.caller is not None and (
        call.caller.opponent and not call.caller.known
    ):
        # "an opponent bid 1H over my partner's 1S": the opponent after the one he bid over
        over = _next_after_whose(reading, call)
        if over is not None:
            return over
    if irregularity == I.CALL_WHEN_OBLIGED_TO_PASS and call is not None and call.caller is None:
        # 37: the player told under the bar made the call; "an opponent was
        # barred" names none, and no other player named is to be taken for him
        barred = _named_barred(reading)
        if barred is not None:
            return barred if barred.known else None
    return _subject(reading, irregularity) or _dealers_neighbour(reading)


_BID_OVER = frozenset({"over", "sur", "on", "after", "apres"})


def _next_after_whose(reading: Reading, call: CallMention) -> Ref | None:
    """The player after the maker of the call ``call`` was made over (``1H over
    my partner's 1S``: partner's left-hand opponent), placed as the writer or a
    seat places that maker."""
    tokens = reading.tokens
    if call.end >= len(tokens) or tokens[call.end] not in _BID_OVER:
        return None
    target = next(
        (c for c in reading.entities.calls if call.end < c.start <= call.end + 4), None
    )
    maker = target.caller if target is not None else None
    if maker is None or not maker.known or maker.pronoun or maker.subject is not None:
        return None
    if maker.seat is not None:
        return Ref(seat=Seat((maker.seat + 1) % 4))
    if maker.writer is not None:
        return Ref(writer=BY_OFFSET[(OFFSETS[maker.writer] + 1) % 4])
    return None


_NEIGHBOUR = {"PARTNER": Relation.PARTNER, "LHO": Relation.LHO, "RHO": Relation.RHO,
              "left": Relation.LHO, "gauche": Relation.LHO, "right": Relation.RHO,
              "droite": Relation.RHO}  # fmt: skip


def _dealers_neighbour(reading: Reading) -> Ref | None:
    """``the left player of the dealer opened``, ``le partenaire du donneur a
    passé``: a player named relative to the dealer, whose seat is told."""
    dealer = reading.entities.compass(reading.entities.dealer)
    if dealer is None:
        return None
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        relation = _NEIGHBOUR.get(token)
        if relation is None:
            continue
        rest = [t for t in tokens[i + 1 : i + 5] if t not in ("the", "le", "player", "joueur")]
        if len(rest) >= 2 and rest[0] in ("of", "du", "de") and rest[1] in DEALER_NOUNS:
            return Ref(seat=Seat((dealer + OFFSETS[relation]) % 4))
    return None


_PASS_WORDS = frozenset({"pass", "passes", "passe", "p"})
_THREE = frozenset({"3", "three", "trois"})
_LAST = frozenset({"final", "finale", "finales", "last", "dernier", "third", "troisieme"})
#: Two words that tell the calls ended: "auction over", "enchères finies".
_ENDED = frozenset(
    {("auction", "over"), ("bidding", "over"), ("auction", "end"), ("auction", "ended"),
     ("auction", "finished"), ("encheres", "finies"), ("encheres", "terminees"),
     ("se", "terminent"), ("se", "termine"), ("se", "terminaient"), ("encheres", "closes"),
     ("all", "pass"), ("all", "passed"), ("tous", "passent"), ("tous", "passe")}
)  # fmt: skip
#: Before a call, words that place it before the words around it: "after 2♠ of North",
#: "sur 4♠ de S", "auction over (3NT by E)".
_BEFORE_IT = _EARLIER_MARKERS | {"over", "sur"}
#: Before a bid, words naming it as the contract: "declarer in 4♥", "ended at 2♠".
_CONTRACT_BEFORE = frozenset({"in", "at", "with", "en", "avec", "dans"})
#: After a bid, the contract played: ``3SA joué par Sud``, ``4♠ played by N``.
_CONTRACT_AFTER = frozenset({"joue", "jouee", "played", "declared", "joues"})


def _end_of_calls(reading: Reading) -> int | None:
    """Where the text first tells the auction ended (39): three passes in a
    row, ``three passes``, ``the final pass``, ``auction over``."""
    tokens = reading.tokens
    ends: list[int] = [end for _, end in reading.cues.get("@calls_ended", [])]
    passes = [c for c in reading.entities.calls if c.call.is_pass]
    for a, b, c in zip(passes, passes[1:], passes[2:], strict=False):
        if all(set(tokens[x.end : y.start]) <= {COMMA, "-"} for x, y in ((a, b), (b, c))):
            ends.append(c.end)
    for i in range(len(tokens) - 1):
        pair = (tokens[i], tokens[i + 1])
        if (pair[0] in _THREE | _LAST and pair[1] in _PASS_WORDS) or (
            pair[0] in _PASS_WORDS and pair[1] in _LAST
        ) or pair in _ENDED:
            ends.append(i + 2)
    return min(ends, default=None)


def _told_before(tokens: tuple[str, ...], start: int) -> bool:
    """``after 2♠ of North``, ``after N/S bid 4♠``, ``sur le 4♠``: the call at
    ``start`` is told as what came before (not ``after three passes, E bid``)."""
    window = words_before(tokens, start, 4, CLAUSE_STOPS)
    for k, token in enumerate(window):
        if token in _BEFORE_IT and not set(window[k + 1 :]) & (_PASS_WORDS | _LAST | _THREE):
            return True
    return False


def _first_call_after_the_end(reading: Reading) -> Ref | None:
    """39: the player told calling after the text says the auction ended
    (``3NT (S) P P P, and E put out another pass``, ``après trois passes, N
    contre``), not the contract's bid named there (``after 2♠ of North``)."""
    tokens, calls = reading.tokens, reading.entities.calls
    for call in calls:
        # "E bid 4S after 3 passes", "a dit « contre » après les trois passes"
        after = [t for t in tokens[call.end : call.end + 5] if t not in ("the", "les", "le")]
        if after[:1] and after[0] in ("after", "apres") and (
            set(after[1:3]) & (_THREE | _LAST) or tuple(after[1:3]) in _ENDED
        ) and call.caller is not None and call.caller.known and call.caller.subject is None:
            return call.caller
    end = _end_of_calls(reading)
    if end is None:
        return None
    for call in calls:
        if call.start < end or call.caller is None or not call.caller.known:
            continue
        if call.caller.subject is not None or call.caller.pronoun:
            continue
        if _told_before(tokens, call.start) or (
            call.start and tokens[call.start - 1] in _CONTRACT_BEFORE
        ) or tokens[call.end : call.end + 1] and tokens[call.end] in _CONTRACT_AFTER:
            continue
        if call.named_to or any(c.end == call.start and c.call.is_bid for c in calls):
            continue  # the contract named by its maker after it: "3NT by S", "4♥X (S)"
        if only_meant(tokens, call.start) or _told_again(tokens, call, calls):
            continue
        after = [t for t in tokens[call.end : call.end + 4] if t != COMMA]
        if set(after[:2]) & _EVERYONE_WORDS and set(after[1:3]) & _ALL_PASS_VERBS:
            continue  # "Est 3SA, tous passent": the contract, the passes that ended it
        return call.caller
    return None


_EVERYONE_WORDS = frozenset({"tous", "tout", "all", "everyone", "everybody", "toute"})
_ALL_PASS_VERBS = frozenset({"passent", "pass", "passed", "passe", "passes", "passant"})


#: Words telling a player taking his call back or saying he meant another (25).
_CHANGING = frozenset(
    {"meant", "wanted", "rather", "voulait", "voulais", "ravise", "ravisant", "changed",
     "corrected", "corrige", "swapped", "replaced", "remplace", "reprendre", "reprend",
     "retire", "retirer", "sorry", "oops", "oups", "pardon", "actually", "instead",
     "replace", "replaces", "remplacer", "substitue", "substituer", "substituted", "swaps",
     "swap", "corrects", "repl", "withdrew", "withdraws", "changes", "intended", "voulu",
     "intention", "misclick", "mispull", "mispulled"}
)  # fmt: skip
_ANSWER_NO = frozenset({"no", "non"})
#: Before a player named in a subordinate clause of time or condition, not as the actor.


def _quoted(reading: Reading, i: int) -> bool:
    """Whether token ``i`` is inside quoted words (``'no, I meant 1S'``): the
    quoted "I" is the player who speaks, not the writer."""
    norm = reading.norm
    start = norm.spans[i][0]
    k = start
    while k > 0 and norm.source[k - 1] not in ".!?\n":
        k -= 1
    if k < start and k and norm.source[k] in "\"”»’":
        k += 1  # 'said "two spades." I passed': the quote closed with its sentence
    before = norm.source[k:start]
    opened = False
    for n, char in enumerate(before):
        prev_word = n > 0 and before[n - 1].isalnum()
        next_word = n + 1 < len(before) and before[n + 1].isalnum()
        if char in ("«", "“", "‘") or (char == '"' and not opened):
            opened = True
        elif char in ("»", "”", "’", '"'):
            opened = False
        elif char == "'" and not prev_word:
            opened = True  # "'no, …": an opening quote, not "I'm"
        elif char == "'" and opened and not next_word:
            opened = False
    return opened


def _changer(reading: Reading) -> Ref | None:
    """25: the first player whose own clause tells him changing his call or
    saying he meant another (``N then: 'I want 1NT'``, ``S contre, se ravise``,
    ``E 1♠, puis : « non, 2♠ ! »``, ``I opened 1♦ but I wanted 1♥``); a
    pronoun stands for the player named before it."""
    found = _changer_named(reading)
    return found[0] if found is not None else None


def _changer_named(reading: Reading) -> tuple[Ref | None, int] | None:
    """The changer (``_changer``) and where the text names him."""
    tokens = reading.tokens
    quoted = _quoted_changer(reading)
    if quoted is not None:
        return quoted
    if any(m.ref.writer is not None and not _quoted(reading, m.start)
           for m in reading.entities.seats):
        return None  # the writer tells his own part: the calls and their makers say it
    starts = {c.start for c in reading.entities.calls}
    mentions = [
        m for m in reading.entities.seats
        if m.ref.known and not m.ref.opponent and m.ref.subject is None
        and not (m.start and tokens[m.start - 1] in _OBJECT_WORDS | _BY_WHOM - {"by", "par"})
        and not (m.ref.writer is not None and m.ref.seat is None and _quoted(reading, m.start))
    ]  # fmt: skip
    for n, mention in enumerate(mentions):
        stop = min(mention.end + 10, len(tokens))
        if n + 1 < len(mentions):
            stop = min(stop, mentions[n + 1].start)
        if named_in_a_time_clause(tokens, mention.start):
            continue  # "avant qu'Est parle", "unless East accepts": not the changer's clause
        clause = tokens[mention.end : stop]
        if BREAK in clause:
            clause = clause[: clause.index(BREAK)]
        for k, token in enumerate(clause):
            at = mention.end + k
            if token.startswith(_ACCEPT_STEMS + _REFUSE_STEMS) or clause[k + 1 : k + 2] and (
                clause[k + 1].startswith(_ACCEPT_STEMS + _REFUSE_STEMS)
            ):
                break  # the LHO accepting or refusing the change ("n'a pas voulu accepter")
            if token in _CHANGING and only_offered(tokens, at):
                continue  # "Nord peut reprendre sa déclaration" (25A6): the LHO's option
            if token in _CHANGING or (
                token in _ANSWER_NO and (at + 1 in starts or tokens[at + 1 : at + 2] == (COMMA,))
            ):
                if mention.ref.pronoun:
                    return _resolved(reading, mention), mention.start
                return mention.ref, mention.start
    return None


#: In a player's quoted words after "I": the call he meant (``'oh, I meant 3♥'``).
_MEANT_IN_QUOTES = frozenset(
    {"meant", "mean", "wanted", "intended", "voulais", "voulait", "voulu"}
)


def _quoted_changer(reading: Reading) -> tuple[Ref, int] | None:
    """25: the player who says in his own quoted words what he meant (``West
    said "hang on, I meant two hearts"``, ``Sud s'écrie : « je voulais 1♥ ! »``,
    ``I said 'wait, that's not what I meant'``): the nearest player named
    before the quote in its sentence, whoever else the story names."""
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        if token not in _MEANT_IN_QUOTES:
            continue
        lead = tokens[max(0, i - 4) : i]
        if tokens[i + 1 : i + 2] == ("bien",):
            continue  # "je voulais bien dire 1SA": he did mean it
        colon = _colon_before(reading, i)
        if colon is not None and not _SAYING_VERBS & set(_words_before(reading, colon, 2)):
            colon = None  # "Dlr N: 1♠ by N, …": a listing, not his words
        # his own words, quoted or after a colon ("N say: sorry, I wanted 1D"), or
        # told by the writer ("N then stated she had intended 3♥", "déclare avoir voulu")
        own_words = "ME" in lead[-2:] and (_quoted(reading, i) or colon is not None)
        reported = token in _REPORTED_MEANT and bool(
            set(lead) & _SAYING_VERBS and set(lead[-3:]) & _REPORTED_SELF
        )
        if not own_words and not reported:
            continue
        speakers = [
            m for m in reading.entities.seats
            if m.end <= i and not _quoted(reading, m.start) and BREAK not in tokens[m.end : i]
            and not named_in_a_time_clause(tokens, m.start)
            and not (m.start and tokens[m.start - 1] in _OBJECT_WORDS | _BY_WHOM)
            and (colon is None or reading.norm.spans[m.start][0] < colon)
        ]  # fmt: skip  (not "before South had called", "asked North", "de Nord")
        if not speakers:
            continue
        speaker = speakers[-1]
        ref = _resolved(reading, speaker) if speaker.ref.pronoun else speaker.ref
        if ref is not None and ref.known and ref.subject is None:
            return ref, speaker.start
    return None


#: Reported speech: "said (that) he had meant", "déclare avoir voulu".
_REPORTED_SELF = frozenset({"he", "she", "il", "elle", "avoir"})
_REPORTED_MEANT = frozenset({"meant", "intended", "voulu"})  # (not "il voulait bien")


def _words_before(reading: Reading, char: int, count: int) -> tuple[str, ...]:
    """The ``count`` tokens that end before character ``char`` of the source."""
    ends = [k for k, (_, end) in enumerate(reading.norm.spans) if end <= char]
    last = ends[-1] + 1 if ends else 0
    return reading.tokens[max(0, last - count) : last]


def _colon_before(reading: Reading, i: int) -> int | None:
    """Where the colon token ``i`` follows in its sentence opens its words, if
    one does (``North say: sorry, I wanted 1D``)."""
    norm = reading.norm
    k = norm.spans[i][0]
    while k > 0 and norm.source[k - 1] not in ".!?\n:":
        k -= 1
    return k - 1 if k > 0 and norm.source[k - 1] == ":" else None


def _retracted(reading: Reading) -> CallMention | None:
    """25: a call by a named player, then with nobody else named calling, the
    words of taking it back and the call that replaces it (``S says '2 spades',
    stops, 'naw, 3 spades'``, ``N 2♣?? lapsus pr 2♦``, ``S X, imm. repl. by P``,
    ``W said 'double' … said 'no, pass'``): the call first made."""
    tokens = reading.tokens
    calls = sorted(reading.entities.calls, key=lambda c: c.start)
    for first, second in zip(calls, calls[1:], strict=False):
        maker = first.caller
        if maker is None or not maker.known or maker.pronoun or maker.subject is not None:
            continue
        if second.caller is not None and not same_player(reading, second.caller, maker):
            continue
        gap = tokens[first.end : second.start]
        own_seat = {maker.seat.name} if maker.seat is not None else set()
        if len(gap) > 18 or set(gap) & _SOMEONE - own_seat or only_meant(tokens, first.start):
            continue  # another player named between them speaks or calls ("W 3C -- W says
            # '3H, sorry'" is the same one)
        if first.call == second.call or set(tokens[max(0, first.start - 2) : first.start]) & (
            _NAMED_AS_OBJECT
        ):
            continue  # "after my pass", "sur le 4♠ adverse": a call named, not one taken back
        if set(gap) & _RETRACTING or arrow_between(reading.norm, first.end, second.start):
            return first
        if len(gap) <= 4 and set(gap) & (_SAYING | LAPSE) and set(
            tokens[second.end : second.end + 3]
        ) & _RETRACTING:
            return first  # "W 3C -- W says '3H, sorry, wrong card'", "after a few seconds"
    return None


#: Between two calls, a player named: not one player taking his call back.
_SOMEONE = SEATS | {"ME", "MY", "PARTNER", "LHO", "RHO", "OPP", "WE", "OUR"}
#: Before a call named as the object or the time of another act.
_NAMED_AS_OBJECT = frozenset(
    {"after", "apres", "over", "sur", "on", "of", "de", "du", "MY", "his", "her", "son", "sa",
     "their", "leur"}
)  # fmt: skip


#: Between a call and the one that replaces it: the words of taking it back.
_RETRACTING = _CHANGING | _ANSWER_NO | frozenset(
    {"lapsus", "naw", "nope", "stops", "wait", "attends", "mean", "meant", "repl", "corr",
     "fixed", "oh", "oups", "oops", "sorry", "pardon", "change", "changer", "corrige"}
)


def _maker_of_the_other_call(reading: Reading, call: CallMention) -> Ref | None:
    """25: a call told with no maker (``the 2♥ card came out``) is the call of
    the one player told meaning or putting another in its place (``I meant to
    bid 2♦``, ``I replaced it with 2♦``)."""
    tokens, replacements = reading.tokens, _replacement_starts(reading)
    makers = [
        c.caller for c in reading.entities.calls
        if c.call != call.call and c.caller is not None and c.caller.known
        and not c.caller.pronoun and c.caller.subject is None
        and (_meant(tokens, c.start) or _changed_to(tokens, c) or c.start in replacements)
    ]  # fmt: skip
    if makers and all(same_player(reading, m, makers[0]) for m in makers):
        return makers[0]
    return None


def _only_maker(reading: Reading, call: CallMention) -> Ref | None:
    """The one player the text tells making ``call``'s call, when it names one only."""
    makers = [
        c.caller for c in reading.entities.calls
        if c.call == call.call and c.caller is not None and c.caller.known
        and c.caller.subject is None and not c.caller.pronoun
        and not only_meant(reading.tokens, c.start)
    ]  # fmt: skip
    seats = {reading.entities.compass(m) for m in makers}
    if len(makers) >= 1 and len(seats) == 1 and None not in seats:
        return makers[0]
    return None


def _subject(reading: Reading, irregularity: str | None = None) -> Ref | None:
    """Who the description is about: the one named with the act (``Sud
    explique``, ``dit Ouest``, ``par Est``), else the first player named who
    is not whose turn it was, the dealer, or the one who accepted."""
    taken = _roles(reading)
    tokens = reading.tokens
    seats = reading.entities.seats
    if irregularity != I.CALL_WHEN_OBLIGED_TO_PASS:
        # "my partner would have to pass at his next turn": the rectification's
        # player, not the offender (24, 30, 31)
        for start, _ in reading.cues.get("@obliged", []):
            before = [m for m in seats if 0 <= start - m.end <= 3]
            if before and BREAK not in tokens[before[-1].end : start]:
                taken.add(before[-1].start)
    labelled = _labelled_offender(reading)
    if labelled is not None:
        return labelled
    if irregularity == I.UNAUTHORIZED_INFORMATION and {"stop", "skip"} & set(tokens):
        hasty = _did_not_wait(reading)
        if hasty is not None:
            return hasty
    if irregularity == I.UNAUTHORIZED_INFORMATION:
        # a director's "UI de O", "UI E->W"; a hesitation, a gesture, else a
        # remark: the player told saying quoted words
        source = (
            _ui_label_source(reading) or _tempo_source(reading) or _quoted_speaker(reading)
            or _quoted_question(reading) or _stop_placer(reading)
        )
        if source is not None:
            return source
    if irregularity == I.CARD_EXPOSED_DURING_AUCTION:
        shower = _card_shower(reading)
        if shower is not None:
            return shower
    if irregularity == I.AUCTION_REVIEW:
        reviewer = _wrong_reviewer(reading)
        if reviewer is not None:
            return reviewer
    if irregularity == I.MISINFORMATION:
        explainer = _explainer(reading) or _unalerted(reading, by_relation=True)
        if explainer is not None:
            return explainer
        if _explaining_role(reading) is not None:
            return None  # "declarer's partner (dummy) had explained": no seat told
    cleft = _cleft_subject(reading)
    if cleft is not None:
        return cleft
    for agent_cue in _AGENT_CUES.get(irregularity or "", ()):
        for start, end in reading.cues.get(agent_cue, []):
            if set(tokens[max(0, start - 3) : start]) & _USED:
                continue  # "East used the hesitation": who took it, not who gave it
            ref = _mention_near(reading, start, end)
            if ref is None and end < len(tokens) and tokens[end] in _BY_WHOM:
                # "hésitation de S", "break in tempo by W": the one named after it
                ref = _mention_near(reading, start, end + 1, before=False, after=True)
            if ref is not None and not ref.pronoun and ref.known and ref.subject is None:
                return ref
    for mention in seats:
        if mention.start and tokens[mention.start - 1] in ("dit", "said", "says"):
            if mention.ref.known and mention.ref.subject is None and mention.start not in taken:
                return mention.ref  # "j'ai failli contrer, dit Ouest"
    # "I refused his 1NT out of turn, I am South": the writer is the one who
    # accepted or refused, his seat told is no candidate
    writer_decided = irregularity in _ACCEPTED_BY_CALLING and any(
        m.start in taken and m.ref.writer is Relation.SELF and m.ref.seat is None
        and _decides(reading, m) for m in seats
    )  # fmt: skip
    # "Double out of turn at RHO's turn; RHO then bid 2S": whose turn it was
    # did not call out of it, wherever he is named again
    turn_holders = {
        m.ref for m in seats
        if irregularity in _OUT_OF_ROTATION and _named_as_whose_turn(tokens, m)
    }  # fmt: skip  (not _turn_named: "Passe hors tour Est (tour de Nord)" is East's)
    candidates = [
        m for m in seats
        if m.start not in taken and not m.ref.pronoun and not m.ref.opponent and m.ref.known
        and m.ref.subject is None and not _meta(tokens, m) and m.ref not in turn_holders
        and not (writer_decided and (m.ref.writer is Relation.SELF or writers_seat_told(tokens, m)))
    ]  # fmt: skip
    if not candidates and writer_decided:
        return Ref(writer=Relation.RHO)  # the LHO's option (27A, 29A, 25B) is the writer's
    # "jsuis N mon partenaire a dit …": the writer's seat told says who he is,
    # the player acting is another one named (else the writer himself)
    candidates.sort(key=lambda m: writers_seat_told(tokens, m))
    for mention in candidates:
        if mention.start and tokens[mention.start - 1] in ("par", "by"):
            return mention.ref
    if irregularity == I.UNAUTHORIZED_INFORMATION:
        # the writer telling his story ("I've been playing for thirty years… West
        # held her card in mid-air") is rarely who let the information pass
        others = [m for m in candidates if m.ref.writer is not Relation.SELF]
        candidates = others or candidates
    return candidates[0].ref if candidates else None


#: Giving a review of the auction (20B), and getting it wrong.
_REVIEWING = frozenset(
    {"rattled", "recited", "recite", "repeated", "reviewed", "gave", "rappel", "rappele",
     "repete", "redit", "relu", "read", "obliged", "listed"}
)  # fmt: skip
_MISSING_OUT = frozenset(
    {"left", "forgot", "forgetting", "forgotten", "omitted", "omitting", "omis", "omettant",
     "oublie", "oubliant", "oublia", "missed", "skipped", "dropped", "wrong", "wrongly",
     "erreur", "errone", "erronee", "faux", "fausse", "mistake", "incorrectly"}
)  # fmt: skip


def _wrong_reviewer(reading: Reading) -> Ref | None:
    """20B: who gave a wrong review of the auction (``East rattled it off but
    left out West's 2D``, ``Nord a omis le contre``, ``ouest a oublié le contre
    de son partenaire``), not who asked for it."""
    tokens = reading.tokens
    if not set(tokens) & _MISSING_OUT:
        return None
    seats = [
        m for m in reading.entities.seats
        if (m.ref.known or m.ref.pronoun) and m.ref.subject is None
    ]  # fmt: skip
    for i, mention in enumerate(seats):
        if mention.start and tokens[mention.start - 1] in _BY_WHOM:
            continue  # "demandé par Ouest": who asked
        stop = min([m.start for m in seats[i + 1 :] if not m.ref.pronoun] + [mention.end + 12])
        clause = tokens[mention.end : stop]
        if BREAK in clause:
            clause = clause[: clause.index(BREAK)]
        words = set(clause)
        if words & _ASKING:
            continue
        if words & (_MISSING_OUT | _REVIEWING):
            # "j'ai demandé à Ouest de répéter les enchères. Il a oublié le contre"
            ref = _resolved(reading, mention) if mention.ref.pronoun else mention.ref
            if ref is not None:
                return ref
    return None


#: The last word of an irregularity's name or directors' abbreviation
#: (``MI``, ``UI``, ``IB``, ``OOT``, ``BIT``, ``FI``) as normalised.
_LABEL_ENDS = frozenset(
    {"misinformation", "information", "oot", "boot", "poot", "doot", "fi", "tempo",
     "hesitation", "insuffisante", "rotation", "rang"}
)  # fmt: skip


_CLEFT_BEFORE = (("its",), ("it", "is"), ("it", "was"), ("ce", "est"), ("ce", "etait"))
_CLEFT_AFTER = frozenset({"who", "qui", "that"})


def _cleft_subject(reading: Reading) -> Ref | None:
    """``its E who did it``, ``it was West who doubled``, ``c'est Est qui a
    contré``: the player a cleft sentence puts forward."""
    tokens = reading.tokens
    for mention in reading.entities.seats:
        if mention.ref.seat is None or mention.ref.pronoun:
            continue
        led = any(
            tuple(tokens[mention.start - len(lead) : mention.start]) == lead
            for lead in _CLEFT_BEFORE
        )
        if led and tokens[mention.end : mention.end + 1] and tokens[mention.end] in _CLEFT_AFTER:
            return mention.ref
        # "someone bid 8♠ 😂 it was E.": the player someone told before turns out to be
        if led and tokens[mention.end : mention.end + 1] in ((), (BREAK,), (COMMA,)) and (
            set(tokens[max(0, mention.start - 16) : mention.start]) & _SOMEBODY
        ):
            return mention.ref
    return None


_SOMEBODY = frozenset({"someone", "somebody", "quelqu", "quelquun", "qqn", "qqun"})


def _labelled_offender(reading: Reading) -> Ref | None:
    """A director's label naming the offender in parentheses: ``MI (S)``,
    ``UI (N)``, ``OOT (W)``, ``BIT (E)``."""
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        if (
            i and token in SEATS and tokens[i - 1] in _LABEL_ENDS
            and in_parentheses(reading.norm, i)
        ):  # fmt: skip
            return Ref(seat=Seat[token])
    return None


_OFFENDER_FIELD = frozenset({"offender", "fautif", "fautive", "contrevenant", "joueur", "player"})


def _offender_field(reading: Reading) -> Ref | None:
    """A report's field naming the offender: ``Offender: E``, ``Fautif
    présumé : N``, on its own line or after a separator."""
    tokens, norm = reading.tokens, reading.norm
    for i, token in enumerate(tokens[1:], start=1):
        field = i - 1 - (tokens[i - 1] in _PRESUMED)
        if token not in SEATS or field < 0 or tokens[field] not in _OFFENDER_FIELD:
            continue
        if field == 0 or tokens[field - 1] in (BREAK, COMMA):
            return Ref(seat=Seat[token])
        # (not "l'adversaire de gauche du fautif (Ouest)"): a colon follows the
        # field's name, written with a capital or after a separator
        opening = norm.source[: norm.spans[field][0]].rstrip(" \t")
        colon = ":" in norm.source[norm.spans[field][1] : norm.spans[i][0]]
        capital = norm.source[norm.spans[field][0]].isupper()
        if colon and (capital or not opening or opening[-1] in _FIELD_SEPARATORS):
            return Ref(seat=Seat[token])
    return None


#: "Fautif présumé : N", "alleged offender": the field still names the offender.
_PRESUMED = frozenset({"presume", "presumee", "presumed", "alleged", "suspected", "suppose"})
_FIELD_SEPARATORS = frozenset("\n—–-/|;.")


def _ui_label_source(reading: Reading) -> Ref | None:
    """``UI de O``, ``UI from W``, ``UI E->W``, ``IU de S``: a director's note
    naming the player the information came from right after its name (16B)."""
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        named = (token == "information" and i and tokens[i - 1] == "unauthorized") or (
            token == "iu" or (token == "autorisee" and i and tokens[i - 1] == "non")
        )
        if not named:
            continue
        j = i + 1 + (tokens[i + 1 : i + 2] in (("de",), ("from",), ("by",), ("par",), ("du",)))
        if j < len(tokens) and tokens[j] in SEATS and call_at(tokens, j + 1) is None:
            return Ref(seat=Seat[tokens[j]])
    return None


#: The cues whose agent is the offender: who explained, who asked, who let
#: the information pass (hesitated, remarked, gestured, misused the Stop card).
_AGENT_CUES: dict[str, tuple[str, ...]] = {
    I.MISINFORMATION: ("@explained",),
    I.AUCTION_REVIEW: ("@asked",),
    I.UNAUTHORIZED_INFORMATION: (
        "@src_hesitation", "@src_remark", "@src_gesture", "@src_stop_not_respected",
        "@src_stop_not_used", "@src_box",
    ),
}
_BY_WHOM = frozenset({"de", "d", "by", "par", "from", "du"})
_USED = frozenset({"use", "used", "uses", "using", "utilise", "utilisait", "profite", "profited",
                   "exploited", "exploite", "advantage"})  # fmt: skip


_EXPLAINING = ("alert", "explain", "expliqu", "answer", "repond", "describ", "decri")
#: Words that say a player answered a question, when quoted words follow them
#: (``North said 'natural'``, ``Ouest me dit « 4 cartes »``, ``W: 'weak'``).
_SAYING = frozenset(
    {"said", "says", "say", "told", "replied", "dit", "disait", "repondu", "repond", "declare",
     "annonce"}
)  # fmt: skip
#: Before a player's quoted words: a word of saying (``then said 'I'll make it…'``).
_SAYING_VERBS = _SAYING | frozenset({"saying", "announced", "added", "ajoute"})
#: What an explanation says a call shows (``natural``, ``weak``, ``transfert``).
_MEANINGS = frozenset(
    {"natural", "nat", "weak", "strong", "forcing", "transfer", "artificial", "conventional",
     "naturel", "naturelle", "faible", "fort", "forte", "transfert",
     "texas", "artificiel", "artificielle", "conventionnel", "conventionnelle", "showed",
     "shows", "showing", "montre", "montrait", "meant", "signifie", "signifiait", "takeout",
     "penalty", "punitif", "punitive", "invitational",
     "preemptive", "barrage", "hcp", "pts", "points", "balanced", "minors", "majors"}
)  # fmt: skip
#: Asking about a call: the player asked is the one who explains (20F1).
_ASKING = frozenset(
    {"asked", "ask", "asks", "asking", "demande", "demandait", "demandant", "interroge",
     "interrogee", "questioned", "queried"}
)  # fmt: skip
_QUOTE_MARKS = ("'", '"', "«", "“", "‘", ":")


#: Words that say an explanation was wrong.
WRONG_WORDS = frozenset(
    {"wrong", "wrongly", "incorrect", "incorrectly", "mistaken", "mistakenly", "false", "untrue",
     "faux", "fausse", "fausses", "faussement", "erronee", "errone", "erronees", "inexacte",
     "inexact", "incorrecte"}
)  # fmt: skip
_EXPLANATION_NOUNS = frozenset({"explanation", "explanations", "explication", "explications"})


def _wrong_explanation_owner(reading: Reading) -> Ref | None:
    """``East's explanation of 2♣ had been wrong``, ``l'explication de Nord était
    fausse``, ``explication erronée de S``: whose explanation the text says was wrong."""
    tokens = reading.tokens
    for mention in reading.entities.seats:
        ref: Ref | None = mention.ref
        if mention.ref.subject is not None:
            ref = _partner_of_the_subject(reading, mention)
        if ref is None or not ref.known or ref.pronoun:
            continue
        if mention.end < len(tokens) and (
            call_at(tokens, mention.end) is not None or tokens[mention.end] in _BID_NOUNS
        ):
            continue  # "explanation of E's 3♦", "of North's bid": whose call was explained
        nxt = tokens[mention.end : mention.end + 2]
        if nxt[:1] and nxt[0] in _EXPLANATION_NOUNS:
            noun = mention.end  # "East's explanation", "MY explanation"
        elif len(nxt) == 2 and nxt[0] in WRONG_WORDS and nxt[1] in _EXPLANATION_NOUNS:
            noun = mention.end + 1  # "E's wrong explanation"
        elif (by := _explanation_before(tokens, mention.start)) is not None:
            noun = by  # "l'explication de Nord", "the explanation given by his partner"
        else:
            continue
        after = tokens[noun : mention.end + 8]
        if BREAK in after:
            after = after[: after.index(BREAK)]  # "wrong" in its own sentence
        if (set(after) | set(tokens[max(0, noun - 1) : noun])) & WRONG_WORDS:
            return ref  # (or before it: "fausse explication de Nord")
    return None


def _wrongly_explaining(reading: Reading) -> Ref | None:
    """``I had explained it wrongly``, ``Nord a mal expliqué``, ``East explained
    it incorrectly``: the player told explaining wrongly (the writer too, where
    his seat is told)."""
    tokens = reading.tokens
    me = Ref(writer=Relation.SELF)
    for mention in reading.entities.seats:
        ref = mention.ref
        if not ref.known or ref.pronoun or ref.subject is not None:
            continue
        if ref == me and reading.entities.compass(me) is None:
            continue
        for k in range(mention.end, min(mention.end + 4, len(tokens))):
            if tokens[k] in (BREAK, COMMA) or tokens[k] in SEATS:
                break
            if not tokens[k].startswith(("explain", "expliqu")):
                continue
            if tokens[k - 1] == "mal" or set(tokens[k + 1 : k + 4]) & WRONG_WORDS:
                return ref
            break
    return None


_BY_OF = frozenset({"de", "d", "of", "par", "by"})


def _explanation_before(tokens: tuple[str, ...], start: int) -> int | None:
    """Where the explanation the player at ``start`` gave is named, a few words
    before him after "de"/"par"/"by" (``l'explication donnée pendant les
    enchères par son partenaire Ouest``, ``explication erronée de S``)."""
    k = start - 1
    if k >= 0 and tokens[k] == "PARTNER":
        k -= 1  # "par son partenaire Ouest": the seat after the partner
        while k >= 0 and tokens[k] in ("his", "her", "son", "sa", "their", "leur"):
            k -= 1
    if k < 1 or tokens[k] not in _BY_OF:
        return None
    agent = tokens[k] in ("par", "by")  # "explanation of North's bid by South"
    for j in range(k - 1, max(-1, k - 8), -1):
        if tokens[j] in _EXPLANATION_NOUNS or (
            tokens[j] in ("information", "info") and j and tokens[j - 1] in WRONG_WORDS
        ):  # (or "fausse information d'Ouest")
            return j
        if tokens[j] == BREAK:
            return None
        if agent and tokens[j] not in ("par", "by"):
            continue  # the call's owner named before its explainer
        if tokens[j] in _BID_NOUNS | SEATS or call_at(tokens, j) is not None:
            # "explication fausse du 4♣ de Nord", "explained wrong the bid of his
            # partner": the player named owns the call explained
            return None
    return None


def _partner_of_the_subject(reading: Reading, mention: SeatMention) -> Ref | None:
    """``Est a dit que l'explication de son partenaire …``: the player a "his
    partner" is named from, the last player named by seat before it in its
    sentence, and his partner's seat; else None."""
    if mention.ref.subject is not Relation.PARTNER:
        return None
    tokens = reading.tokens
    for before in reversed(reading.entities.seats):
        if before.end > mention.start:
            continue
        if BREAK in tokens[before.end : mention.start]:
            return None
        ref = before.ref
        if ref.pronoun or (ref.writer is Relation.SELF and ref.seat is None) or not ref.known:
            continue  # "his partner" is never the writer's ("my partner")
        return _partner_ref(reading, ref)  # "mon adversaire de gauche … son partenaire": my RHO
    return None


def _partner_ref(reading: Reading, ref: Ref) -> Ref | None:
    """The partner of the player ``ref`` names: by seat when his seat is known,
    else by his relation to the writer; None when neither is."""
    seat = reading.entities.compass(ref)
    if seat is not None:
        return Ref(seat=seat.partner)
    if ref.writer is not None:
        return Ref(writer=BY_OFFSET[(OFFSETS[ref.writer] + 2) % 4])
    return None


def _explaining_role(reading: Reading) -> str | None:
    """20F, 21B: the explainer named by his role, not his seat (``dummy had
    explained``, ``declarer's partner explained``, ``le mort a expliqué``): the
    side he is on."""
    tokens = reading.tokens
    for start, _ in reading.cues.get("@explained", []):
        if set(tokens[max(0, start - 4) : start]) & ROLES:
            return "declaring"
    return None


def _explainer(reading: Reading) -> Ref | None:
    """21B, 20F: the player told explaining or (not) alerting: ``North not
    alert``, ``E explained it as natural``, ``Sud a expliqué``; else the
    player asked about a call (``I asked East``, ``E, asked by S``,
    ``demandé à Sud``); else the one told saying quoted words."""
    return (
        _wrong_explanation_owner(reading) or _wrongly_explaining(reading)
        or _unalerted(reading) or _passive_explainer(reading)
        or _explaining_subject(reading)
        or _silent_partner(reading) or _opener_not_alerting(reading) or _asked(reading)
        or _writer_explaining(reading)
        or _telling_subject(reading) or _quoted_speaker(reading)
    )  # fmt: skip


#: Between a player and his telling: auxiliaries, time words, the one told.
_BEFORE_TELLING = frozenset(
    {"a", "avait", "then", "puis", "alors", "ME", "him", "her", "them", "us", "nous", "lui",
     "leur", "m", "l", "had", "has"}
)  # fmt: skip
_TELLING = (_SAYING - {"say", "declare", "annonce"}) | frozenset(
    {"tells", "explained", "explains", "answered", "explique", "expliquait", "indique", "indiqua",
     "affirme", "affirmait", "assure", "assurait"}
)  # fmt: skip  (not "my partner say I should have asked": an opinion)
#: After the telling, what opens the meaning told: "that", "que", "it".
_MEANING_OPENS = frozenset({"that", "que", "qu", "it", "its", "c", "ce"})
_TOLD_ONE = frozenset({"ME", "him", "her", "them", "us", "nous", "lui", "leur", "m"})
_HIMSELF = frozenset({"il", "elle", "he", "she", "ME", "they", "ils", "elles", "WE"})


def _annotated_call(reading: Reading, at: int) -> bool:
    """A call at ``at`` whose meaning follows in parentheses (``2♥ (texas)``):
    the writer's note on a call made, not a player's answer."""
    call = next((c for c in reading.entities.calls if c.start == at), None)
    return call is not None and call.end < len(reading.tokens) and within_parentheses(
        reading.norm, call.end
    ) and not within_parentheses(reading.norm, call.start)


def _opener_not_alerting(reading: Reading) -> Ref | None:
    """20F: "the opener" told not alerting in his sentence (``No alert from the
    opener``, ``the opener had forgotten to alert it``, ``l'ouvreur n'a pas
    alerté``): the maker of the first bid the text tells, when it names him."""
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        if token not in _OPENER:
            continue
        start = max((k + 1 for k in range(i) if tokens[k] == BREAK), default=0)
        stop = next((k for k in range(i, len(tokens)) if tokens[k] == BREAK), len(tokens))
        sentence = tokens[start:stop]
        if not any(t.startswith("alert") for t in sentence):
            continue
        listed = [seat for seat, call in reading.compass_calls or () if call.is_bid]
        if listed:
            return Ref(seat=listed[0])  # "his LHO opened 1C" placed by the replayed calls
        bids = sorted(
            (c for c in reading.entities.calls if c.call.is_bid and c.caller is not None
             and c.caller.known and not c.caller.pronoun and c.caller.subject is None),
            key=lambda c: c.start,
        )  # fmt: skip
        if bids:
            return bids[0].caller
    return None


def _telling_subject(reading: Reading) -> Ref | None:
    """21B: the first player told telling another what a call meant (``West
    told me 3C was natural``, ``W told him E's double was takeout``, ``Ouest
    m'a dit que 2SA était…``, ``North said it could be as short as two``),
    not one saying a call (``Est a dit 2SA``)."""
    tokens = reading.tokens
    for mention in reading.entities.seats:
        ref = mention.ref
        if ref.subject is not None:
            # "ma voisine de gauche ouvre 2♣ et sa partenaire m'explique …": her partner
            ref = _partner_of_the_subject(reading, mention) or ref
        if not (ref.known or ref.pronoun) or ref.writer is Relation.SELF or ref.subject is not None:
            continue
        if mention.start and tokens[mention.start - 1] in _OBJECT_WORDS | _BY_WHOM:
            continue
        k = mention.end
        told_one = False
        while k < len(tokens) and k - mention.end < 3 and tokens[k] in _BEFORE_TELLING:
            told_one |= tokens[k] in _TOLD_ONE
            k += 1
        if k >= len(tokens) - 1 or tokens[k] not in _TELLING:
            continue
        if call_at(tokens, k + 1) is not None:
            continue  # "Est a dit 2SA": a call made
        seat_told = tokens[k + 1] in SEATS and tokens[k + 2 : k + 3] != () and (
            tokens[k + 2] in _MEANING_OPENS
        )  # "she told east its normal stayman" (a pronoun only there: "she" is the last one named)
        if ref.pronoun and not seat_told:
            continue
        told_one |= tokens[k + 1] in _TOLD_ONE or seat_told
        rest = [t for t in tokens[k + 1 : k + 4] if t not in _TOLD_ONE]
        if rest[:1] == ["off"] or (rest[:1] and rest[0] in ("that", "que", "qu") and (
            rest[1:2] and rest[1] in _HIMSELF
        )):
            continue  # "told me off", "Sud dit qu'il aurait contré": not what a call meant
        if told_one or tokens[k + 1] in _MEANING_OPENS or _quoted(reading, k + 1):
            return _resolved(reading, mention) if ref.pronoun else ref
    return None


def _silent_partner(reading: Reading) -> Ref | None:
    """20F: the player told giving no alert (``East said nothing — no alert``,
    ``Ouest, son partenaire, n'alerte pas``, ``son partenaire O a rien dit``,
    ``S just sat there saying nothing``, ``NO alert from North``)."""
    tokens = reading.tokens
    agents = {m.start: m for m in reading.entities.seats if m.ref.known and not m.ref.pronoun}
    for i, token in enumerate(tokens[:-1]):
        # "no alert from North", "pas d'alerte de Sud"
        negated = i and tokens[i - 1] in ("no", "pas", "sans", "without") or (
            i > 1 and tokens[i - 1] in ("de", "d") and tokens[i - 2] in ("pas", "sans", "aucune")
        )  # ("pas d'alerte d'Est")
        if token.startswith("alert") and negated:
            agent = agents.get(i + 2) if tokens[i + 1] in ("from", "de", "by", "par") else None
            if agent is not None and agent.ref.writer is not Relation.SELF:
                return agent.ref
    starts = sorted(m.start for m in reading.entities.seats)
    for mention in reading.entities.seats:
        ref = mention.ref
        if not ref.known or ref.pronoun or ref.writer is Relation.SELF:
            continue
        # his own clause: up to the sentence's end or the next player named
        stop = min([s for s in starts if s >= mention.end] + [mention.end + 8])
        clause = [t for t in tokens[mention.end : stop] if t != COMMA]
        if BREAK in clause:
            clause = clause[: clause.index(BREAK)]
        if any(t[:1].isdigit() for t in clause):
            continue  # "South bid 2NT and no alert": the call's maker, not the alerter
        said_nothing = any(
            clause[k] in _SAYING_NOTHING and clause[k + 1 : k + 2] == ["nothing"]
            for k in range(len(clause))
        ) or any(
            clause[k] == "rien" and set(clause[k - 1 : k + 2]) & {"dit", "annonce"}
            for k in range(len(clause))
        ) or any(
            clause[k] == "anything" and clause[k - 1 : k] in (["say"], ["said"])
            and set(clause[max(0, k - 4) : k]) & _DID_NOT and set(clause) & _ALERT_VERBS
            for k in range(1, len(clause))
        )  # "n'a rien dit/annoncé", "didn't say anything, no alert"; not "a dit que ça ne
        # changeait rien", nor "E didn't say anything during the hand" (of a wrong explanation)
        no_alert = any(
            t in _ALERT_VERBS and (
                set(clause[max(0, k - 3) : k]) & _DID_NOT or (k == 1 and clause[0] == "no")
                or clause[k - 1 : k] == ["ni"]
            )
            for k, t in enumerate(clause)
        )  # "n'alerte pas", "did not alert", "West no alert", "ni alerte"; not "2S not alerted"
        if said_nothing or no_alert:
            if ref.subject is not None:
                # "Ouest, son partenaire, n'alerte pas": the player the apposition follows
                named = [m for m in reading.entities.seats if m.end < mention.start
                         and set(tokens[m.end : mention.start]) <= {COMMA}]
                if named:
                    return named[-1].ref if named[-1].ref.known else None
                if ref.subject is Relation.PARTNER:
                    # "mon adversaire de droite a ouvert 2♦ et son partenaire n'a pas
                    # alerté": the partner of the player the sentence is about
                    return _partner_of_the_subject(reading, mention)
                return None
            return ref
    return None


_SAYING_NOTHING = frozenset({"said", "saying", "says", "say"})
_ALERT_VERBS = frozenset({"alert", "alerte", "alerter", "alerts"})
_DID_NOT = frozenset(
    {"not", "didnt", "ne", "n", "pas", "never", "jamais", "failed", "forgot", "oublie"}
)


#: Before "alerte"/"alert": no alert was given (``défaut d'alerte de N``,
#: ``failure to alert by S``).
_NO_ALERT = frozenset({"defaut", "absence", "oubli", "failure", "failed", "forgot", "missing"})


def _passive_explainer(reading: Reading) -> Ref | None:
    """The agent named after an explanation or a missing alert: ``X d'O
    expliqué « d'appel » par E``, ``W's X explained by E as t/o``, ``défaut
    d'alerte de Nord``, ``failure to alert by S``."""
    tokens = reading.tokens
    agents = {m.start: m for m in reading.entities.seats if m.ref.known and not m.ref.pronoun}
    call_ends = {c.end for c in reading.entities.calls}
    for i, token in enumerate(tokens):
        explaining = token.startswith(_EXPLAINING) and not token.startswith(("answer", "repond"))
        alert_failure = token.startswith("alert") and bool(
            set(tokens[max(0, i - 3) : i]) & _NO_ALERT
        )
        if not (explaining or alert_failure):
            continue
        if explaining and i and tokens[i - 1] in (COMMA, BREAK, ":") and i + 1 in agents and (
            tokens[i + 1] in SEATS and call_at(tokens, i + 2) is None
        ):  # (not "W, asked by N, explained E's 2NT": E's call explained)
            return agents[i + 1].ref  # "O 2♦, explic. E « faible »": the verb first, then who
        for j in range(i + 1, min(i + 8, len(tokens) - 1)):
            if tokens[j] in (BREAK,) or (j > i + 1 and tokens[j] in SEATS and j not in agents):
                break
            owner = alert_failure and j == i + 1 and tokens[j] in _BY_WHOM
            if tokens[j] in ("by", "par") and j in call_ends:
                break  # "S explained 2♥ by North": the call's maker, not the explainer
            if tokens[j] in ("by", "par") or owner:
                agent = agents.get(j + 1)
                if agent is not None:
                    return agent.ref
                break
    return None


_ALERTED = frozenset({"alerted", "alerte", "alertee", "alertes", "unalerted"})
#: The verb, negated: "did not alert it", "didn't announce it".
_TO_ALERT = frozenset({"alert", "announce", "announced", "alerter", "annoncer"})
#: Before "an alert" in "without an alert", "sans alerte".
_LACKING = frozenset({"without", "sans"})


def _unalerted(reading: Reading, by_relation: bool = False) -> Ref | None:
    """20F, 21B: a call told not alerted, with its maker named (``E 2C not
    alerted``, ``W's 2S not alerted``, ``N 2D (transfer, not alerted)``,
    ``RHO bid 2C without an alert``): the alert was his partner's to give, so
    his partner is the offender. ``by_relation``: a maker named only by his
    relation to the writer counts too (the last resort of ``offender_of``)."""
    tokens = reading.tokens
    for k, token in enumerate(tokens[:-2]):
        # "2T pas alerté par S", "not alerted by East": the one named after it
        if token in _ALERTED and set(tokens[max(0, k - 2) : k]) & _NOT_WORDS and (
            tokens[k + 1] in ("by", "par") and tokens[k + 2] in SEATS
        ):
            return Ref(seat=Seat[tokens[k + 2]])
    for call in reading.entities.calls:
        maker = call.caller
        if maker is None or not maker.known or maker.pronoun:
            continue
        partner = _partner_ref(reading, maker)  # the seat, else the writer's relation
        if partner is None or (partner.seat is None and not by_relation):
            continue
        lead = [t for t in tokens[max(0, call.start - 4) : call.start] if t not in _ARTICLES]
        subject = tokens[max(0, call.start - 8) : call.start]
        not_alerting = bool(
            lead and lead[-1] in _ALERTED | {"alerter", "alert"} and set(lead[:-1]) & _NOT_WORDS
        )
        if not_alerting and set(subject) & _THEY and not set(subject) & (SEATS | _RELATIVE_SEATS):
            return partner  # "ils ont pas alerté le 1T de mon adversaire de droite"
        begin = max(call.end, call.named_to)  # after "le 2♣ de Sud"
        later = [c.start for c in reading.entities.calls if c.start >= begin]
        # five words on; eight when they name his partner ("opened 1NT and her
        # partner didn't announce it")
        reach = 8 if "PARTNER" in tokens[begin : begin + 4] else 5
        stop = min([begin + reach, *later])
        window = tokens[begin:stop]
        if BREAK in window:
            window = window[: window.index(BREAK)]
        alerted = [
            k for k, t in enumerate(window)
            if t in _ALERTED or t == "alert" and set(window[max(0, k - 2) : k]) & _LACKING
            or t in _TO_ALERT and set(window[max(0, k - 2) : k]) & _NEGATIONS
        ]  # fmt: skip  ("without an alert", "her partner did not announce it"; not
        # "bid 2♣ without alerting": the subject's own omission)
        if not alerted:
            continue
        k = alerted[0]
        if window[k] != "unalerted" and not set(window[:k]) & _NOT_WORDS:
            continue  # "E 2D alerted": alerted, then maybe explained wrongly
        if window[k + 1 : k + 2] and window[k + 1] in ("by", "par"):
            continue  # "2D not alerted by E": the one named after it
        return partner
    return None


_NOT_WORDS = frozenset({"not", "non", "pas", "never", "jamais", "wasnt", "sans", "without"})
#: A verb negated outright ("did not alert"), not "without alerting" (his own omission).
_NEGATIONS = _NOT_WORDS - _LACKING
#: The side named as a whole: "ils ont pas alerté", "they didn't alert".
_THEY = frozenset({"ils", "they", "on", "OPP", "opps", "opponents", "adversaires"})


def _is_word(token: str) -> bool:
    return token[:1].isalpha()


def _decides(reading: Reading, mention: SeatMention) -> bool:
    """Whether ``mention`` is told accepting or refusing (``I refused``,
    ``je n'accepte pas``): the cue right after him."""
    return any(
        0 <= start - mention.end <= 3
        for cue in ("@accept", "@refuse")
        for start, _ in reading.cues.get(cue, [])
    )


def _subject_mentions(reading: Reading, call_ends: set[int] | None = None) -> list[SeatMention]:
    """Seat mentions that can be the subject of a verb: a player named, not a
    possessor (``le 4♣ d'O``) nor a pronoun or the writer alone; with
    ``call_ends``, the maker of a call named after it is one (``passe d'Est``)."""
    tokens = reading.tokens
    found = []
    for mention in reading.entities.seats:
        ref = mention.ref
        if not ref.known or ref.pronoun or ref.opponent or ref.subject is not None:
            continue
        if ref.writer is Relation.SELF and ref.seat is None:
            continue
        if writers_seat_told(tokens, mention) and within_parentheses(reading.norm, mention.start):
            continue  # "My RHO (I sit South) sighed": an aside, not the subject
        if mention.start and tokens[mention.start - 1] in _BY_WHOM - {"by", "par"} | {"of"}:
            if call_ends is None or mention.start - 1 not in call_ends:
                continue
        found.append(mention)
    return found


def _clause_after(reading: Reading, mention: SeatMention, width: int) -> tuple[str, ...]:
    """The words after a player, up to the sentence end or the next player named."""
    tokens = reading.tokens
    stop = min(mention.end + width, len(tokens))
    nxt = [
        m.start for m in reading.entities.seats
        if mention.end <= m.start < stop
        and (tokens[m.start] != "ME" or tokens[m.start - 1] in _JOINING_SUBJECTS)
    ]  # fmt: skip  ("Sud m'a dit": the writer told, not the next subject; "and I said": he is)
    if nxt:
        stop = min(nxt)
    after = tokens[mention.end : stop]
    return after[: after.index(BREAK)] if BREAK in after else after


#: Before "I" opening a clause of his own: "Partner opened 1♣ and I alerted".
_JOINING_SUBJECTS = frozenset({"and", "et", "then", "puis", "but", "mais"})
#: Between a player and his explaining, the words telling it went wrong.
_MISTAKE_LEADS = frozenset(
    {"se", "est", "trompe", "trompee", "en", "got", "it", "wrong", "when", "was", "mistaken",
     "in", "erred", "made", "a", "mistake", "error", "erreur", "une", "fait"}
)  # fmt: skip


def _explaining_subject(reading: Reading) -> Ref | None:
    tokens = reading.tokens
    starts = {c.start for c in reading.entities.calls}
    for mention in _subject_mentions(reading):
        if mention.start and tokens[mention.start - 1] in ("by", "par"):
            continue  # "W, asked by N, explained": N is the one who asked
        k = mention.end
        while k < len(tokens) and k - mention.end < 5 and tokens[k] in _MISTAKE_LEADS:
            k += 1  # "Est s'est trompé en expliquant", "East got it wrong when explaining"
        if k > mention.end + 1 and k < len(tokens) and tokens[k].startswith(_EXPLAINING):
            return mention.ref
        base = _after_asking_aside(tokens, mention.end)  # "South, when I asked, said …"
        if base == mention.end and tokens[base : base + 2] in _HIS_PARTNER:
            # "south her partner barbara told us it was weak": South, his partner told
            k = base + 2 if _telling_at(tokens, base + 2) else base + 3  # (past his name)
            if _telling_at(tokens, k):
                base = k
        if base == mention.end and tokens[mention.end + 1 : mention.end + 2] in _WHO:
            base = _after_apposition(tokens, mention.end)  # "E, whose duty it was, did not
            # alert it"
        after = (
            _clause_after(reading, mention, 3) if base == mention.end else tokens[base : base + 3]
        )
        past_call = False  # "S 2♦ alerted": said of S's call, not of what S did
        for k, token in enumerate(after):
            past_call = past_call or base + k in starts
            told = tokens[base + k + 1 : base + k + 5]
            if told[:1] and told[0] in _TOLD_ONE:
                told = tokens[base + k + 2 : base + k + 6]  # "West told me 3C was natural"
            said = token in _SAYING and (
                bool(set(told) & _MEANINGS) or _point_range(told)
                or _tells_partners_call(reading, mention, base + k + 1)
            ) and not _annotated_call(reading, base + k + 1)
            # "W said 2C natural", "Nord dit que c'est faible", "N said 12–14": an answer
            # (not "Sud dit 2♥ (texas pour les piques)": his call, the writer's note on it)
            noun = k == 0 and token.startswith(("explic", "explan"))  # "S expl 2C 'majors'"
            if not token.startswith(_EXPLAINING) and not said and not noun:
                continue
            at = base + k + 1
            if token.startswith(("answer", "repond")) and any(
                c.start == at for c in reading.entities.calls
            ):
                continue  # "Est répond 1♦", "answered 2♥": a call, not an explanation
            if tokens[at : at + 1] and tokens[at] in ("by", "par"):
                # "2D alerted by E", "2♣ de S alerté par N": the one named after
                agent = [m for m in reading.entities.seats if m.start == at + 1 and m.ref.known]
                return agent[0].ref if agent else None
            if past_call:
                break
            if token in _ALERTED and in_parentheses(reading.norm, mention.start) and (
                set(after[:k]) & _NOT_WORDS
            ) and tokens[mention.start] in SEATS:  # (not "his partner (on my right)")
                # "2S (N) not alerted (S)": N made the call; the one named
                # after it, else N's partner, had the alert to give
                if tokens[at : at + 1] and tokens[at] in SEATS:
                    return Ref(seat=Seat[tokens[at]])
                return Ref(seat=Seat((Seat[tokens[mention.start]] + 2) % 4))
            return mention.ref
    return None


_WHO = frozenset({("who",), ("whose",), ("qui",), ("dont",)})
#: After a seat, an apposition naming him as the partner of the last one told.
_HIS_PARTNER = frozenset(
    (owner, "PARTNER") for owner in ("his", "her", "son", "sa", "their", "leur")
)


def _telling_at(tokens: tuple[str, ...], k: int) -> bool:
    """Whether the word at ``k`` tells or explains (``told``, ``a expliqué``)."""
    word = tokens[k] if k < len(tokens) else ""
    return word in _SAYING or word.startswith(_EXPLAINING)


def _after_asking_aside(tokens: tuple[str, ...], end: int) -> int:
    """``South, when I asked, said …``, ``Nord, quand je lui ai demandé, a dit``:
    where the player's clause goes on after an aside telling the question."""
    if tokens[end : end + 1] != (COMMA,) or tokens[end + 1 : end + 2] not in (
        ("when",), ("quand",), ("lorsque",), ("as",), ("on",), ("sur",)
    ):
        return end
    for k in range(end + 2, min(end + 9, len(tokens))):
        if tokens[k] in (BREAK,):
            return end
        if tokens[k] == COMMA:
            asked = set(tokens[end + 2 : k]) & (_ASKING | {"asked", "question", "demande"})
            return k + 1 if asked else end
    return end


_CLAUSE_OPENERS = frozenset(
    {BREAK, COMMA, "and", "et", "then", "puis", "so", "donc", "alors", "but", "mais"}
)


def _writer_explaining(reading: Reading) -> Ref | None:
    """``East asked me what 2♦ showed and I said 'natural'``: the writer told
    giving the answer (his seat, when told, says who he is)."""
    tokens = reading.tokens
    for mention in reading.entities.seats:
        if mention.ref.writer is not Relation.SELF or mention.ref.seat is not None:
            continue
        if mention.start and tokens[mention.start - 1] not in _CLAUSE_OPENERS:
            continue  # "Colette me répond « faible »": "me" the object, not the speaker
        at = mention.end
        if tokens[at : at + 1] and tokens[at].startswith("alert") and tokens[at + 1 : at + 2] in (
            ("and",), ("et",)
        ):
            at += 2  # "I alerted and said 'can be short'"
        verb = tokens[at : at + 1]
        if verb and (verb[0] in _SAYING or verb[0].startswith(("explain", "expliqu"))):
            told = tokens[at + 1 : at + 5]
            if set(told) & _MEANINGS or _point_range(told) or _quote_soon(reading, at):
                return mention.ref
    return None


def _point_range(words: Sequence[str]) -> bool:
    """``12 14``: a range of points, as an explanation gives one (``North said 12–14``)."""
    return any(
        a.isdecimal() and b.isdecimal() and int(a) < int(b) <= 40
        for a, b in zip(words, words[1:], strict=False)
    )


def _tells_partners_call(reading: Reading, speaker: SeatMention, at: int) -> bool:
    """``S said N's 2NT = minors``, ``Sud m'a dit que le 2♥ de Nord``: the
    words said name another player's call, so they explain it."""
    tokens = reading.tokens
    seat = reading.entities.compass(speaker.ref)
    for call in reading.entities.calls:
        if not at <= call.start <= at + 4 or set(tokens[at : call.start]) - _BEFORE_TOLD_CALL:
            continue
        if call.caller is not None and call.caller.subject is Relation.PARTNER:
            return True  # "S said his partner's X was takeout"
        named = call.named_to > call.end or (call.start and tokens[call.start - 1] in SEATS)
        if named and call.caller is not None and call.caller.known:
            maker = reading.entities.compass(call.caller)
            if seat is not None and maker is not None and maker != seat:
                return True
    return False


#: Between a saying verb and the call it explains: ``dit que le 2♥ de Nord``.
_BEFORE_TOLD_CALL = frozenset(
    {"que", "le", "la", "the", "that", "ME", "me", "us", "nous", "his", "her", "son", "sa",
     "PARTNER", *SEATS}
)  # fmt: skip


def _asked(reading: Reading) -> Ref | None:
    """The player asked about a call: the object of the asking verb (``asked
    West about 1♣``, ``demandé l'explication à Sud``), or its subject when the
    verb is passive (``E, asked by S``, ``E interrogé sur le 4♣``)."""
    tokens = reading.tokens
    named = {m.start: m for m in reading.entities.seats
             if m.ref.known and not m.ref.opponent and m.ref.subject is None}
    # "j'ai demandé à son partenaire": the partner of the player named before
    relative = {
        m.start: replace(m, ref=ref) for m in reading.entities.seats
        if m.ref.subject is not None and (ref := _partner_of_the_subject(reading, m)) is not None
    }  # fmt: skip
    for i, token in enumerate(tokens):
        if token not in _ASKING:
            continue
        nxt = tokens[i + 1 : i + 2]
        before = [m for m in named.values() if 0 <= i - m.end <= 2
                  and not set(tokens[m.end : i]) - {COMMA, "was", "been", "a", "ete", "est",
                                                    "had", "has", "avait"}]
        passive = bool(nxt) and nxt[0] in ("by", "par", "sur") or (
            bool(before) and set(tokens[before[-1].end : i]) & {"was", "been", "ete", "est"}
        ) or (
            nxt == ("about",) and bool(before) and COMMA in tokens[before[-1].end : i]
        )  # "West, asked about 2♣, said …" (not "my partner asked about it": he asked)
        if passive and before and not before[-1].ref.pronoun:
            return before[-1].ref
        me = Ref(writer=Relation.SELF)
        # "when West asked me", "Ouest me demande", the writer's seat told: he explained
        asked_me = nxt == ("ME",) and bool(before)
        asked_me |= i > 1 and tokens[i - 1] == "ME" and tokens[i - 2] in SEATS
        if asked_me and reading.entities.compass(me) is not None:
            return me
        # the object: right after the verb, or after "à" a few words on
        for k in range(i + 1, min(i + 6, len(tokens))):
            if tokens[k] in (BREAK, COMMA):
                break
            mention = named.get(k) or relative.get(k)
            if mention is not None and (k == i + 1 or tokens[k - 1] in ("a", "to", "PARTNER")):
                # ("asked his partner East": the seat the partner is named by)
                if not mention.ref.pronoun and not (
                    mention.ref.writer is Relation.SELF and mention.ref.seat is None
                ):
                    return mention.ref
                break
    return None


#: Verbs of a remark let out (16B), read with the quoted words that follow them.
_REMARKING = frozenset(
    {"exclaimed", "muttered", "murmured", "remarked", "commented", "added", "sighed", "groaned",
     "blurted", "ajoute", "lance", "lache", "soupire", "exclame", "marmonne", "murmure",
     "commente", "grogne", "said", "says", "dit"}
)  # fmt: skip


def _manner_then_quote(reading: Reading, at: int) -> bool:
    """``said with a smile 'sorry partner…'``, ``a dit en riant « … »``: the
    saying's manner, then the quoted words (no call or comma between)."""
    tokens = reading.tokens
    for k in range(at + 1, min(at + 5, len(tokens))):
        if _quoted(reading, k):
            return k > at + 1
        if tokens[k] in (BREAK, COMMA) or call_at(tokens, k) is not None:
            return False
    return False


def _quote_soon(reading: Reading, at: int) -> bool:
    """Quoted words open within the few words after token ``at``, in its sentence."""
    tokens = reading.tokens
    for k in range(at + 1, min(at + 5, len(tokens))):
        if tokens[k] == BREAK:
            return False
        if _quoted(reading, k):
            return True
    return False


#: A question put to partner in quoted words: a remark (16B).
_ASKING_PARTNER = frozenset({"ask", "asks", "asked", "demande", "demandait"})


#: Putting the Stop card on the table: "pose le carton Stop", "placed the Stop card".
_PLACING = frozenset(
    {"pose", "posa", "posait", "place", "placed", "places", "put", "puts", "putting", "used",
     "uses", "using", "utilise", "sort", "sorti", "sortit", "met", "mis", "mit", "laisse",
     "left", "leaves", "flicked", "slapped", "brandit", "brandished", "waved"}
)  # fmt: skip


def _stop_placer(reading: Reading) -> Ref | None:
    """16B: with no hesitation or remark told, the player whose own clause puts
    the Stop card on the table (``Est pose le carton Stop avant de dire 1♠``,
    ``she placed the Stop card first and left it out``)."""
    if "stop" not in reading.tokens:
        return None
    pronouns = [m for m in reading.entities.seats if m.ref.pronoun]  # "she placed the Stop"
    for mention in sorted(_subject_mentions(reading) + pronouns, key=lambda m: m.start):
        clause = _clause_after(reading, mention, 8)
        if "stop" in clause and set(clause[: clause.index("stop")]) & _PLACING:
            return _resolved(reading, mention) if mention.ref.pronoun else mention.ref
    return None


def _quoted_question(reading: Reading) -> Ref | None:
    """``When East bid 3NT, West ask him 'are you sure?'``: the player told
    putting a question in quoted words (to his partner: a remark, 16B)."""
    for mention in _subject_mentions(reading):
        for k, token in enumerate(_clause_after(reading, mention, 2)):
            if token in _ASKING_PARTNER and _quote_soon(reading, mention.end + k):
                return mention.ref
    return None


def _quoted_speaker(reading: Reading) -> Ref | None:
    """The player told saying quoted words (``N said 'natural'``, ``W: 'weak'``)."""
    norm, tokens = reading.norm, reading.tokens
    for mention in _subject_mentions(reading):
        after = _clause_after(reading, mention, 14)
        for k, token in enumerate(after):
            at = mention.end + k
            # "West exclaimed 'really?!'", "a ajouté à voix haute « … »"; further on,
            # "East bid 1♥ and, before putting the card down, said 'well, …'"
            if token in _REMARKING and _quote_soon(reading, at) and (
                k < 3 or (token in _SAYING and _quoted(reading, at + 1))
                or (token in _SAYING and _manner_then_quote(reading, at) and not (
                    mention.start and tokens[mention.start - 1] in _OBJECT_WORDS
                ))  # ("alerted south's 2C then said to partner '…'": North said it)
            ):
                return mention.ref
            if k >= 3:
                continue
            if token in _SAYING:
                quoted = norm.source[norm.spans[at][1] :].lstrip()
                if quoted.startswith(_QUOTE_MARKS) or (
                    at + 1 < len(tokens) and tokens[at + 1] == "ME"
                    and norm.source[norm.spans[at + 1][1] :].lstrip().startswith(_QUOTE_MARKS)
                ):
                    return mention.ref
        rest = norm.source[norm.spans[mention.end - 1][1] :].lstrip()
        if rest.startswith(":") and rest[1:].lstrip().startswith(_QUOTE_MARKS[:-1]):
            return mention.ref  # "W: 'weak 2 in diamonds'"
        quote = norm.source[norm.spans[mention.start][1] :].lstrip()
        if quote.startswith(_QUOTE_MARKS[:-1]) and set(after[1:5]) & (_SAYING | {"audible"}):
            return mention.ref  # "N 'I've nothing' said while passing"
    return None


#: Words that tell a player taking his time or letting his feelings show
#: (16B): the player they follow in his clause is the source of the information.
_TEMPO_WORDS = frozenset(
    {"thought", "think", "thinks", "thinking", "pondered", "paused", "pause", "pauses", "tank",
     "tanked", "tanking", "slow", "slowly", "hesitated", "hesitates", "hesitating", "huddled",
     "huddle", "minute", "minutes", "seconds", "sec", "secondes", "longtemps", "long", "longue",
     "reflechi", "reflechit", "reflexion", "hesite", "hesitait", "hesitation", "sighed", "sigh",
     "sighs", "soupire", "soupir", "grimace", "grimaced", "frowned", "commented", "remarked",
     "remarque", "sighing", "soupirant", "face", "shook", "shaking", "nodded", "tapping",
     "tapped", "tapote", "muttering", "muttered", "audibly", "loud", "aloud", "haut",
     "question", "asked", "asking", "demande", "gestured", "gesture", "geste", "pointed",
     "jetant", "jete", "threw", "thrown", "snapped", "slammed", "hovered", "hovering",
     "fumbled", "dithered", "wavered", "groaned", "snorted", "drummed", "frappant", "fronce",
     "froncait", "sourcils", "frowning", "ages", "shake", "slapped", "slap", "grinned", "grin",
     "eyebrows", "winked", "wink", "glared", "tutted", "rolled", "eyes", "yeux", "pointe",
     "pointait", "doigt", "appuie", "tripote", "tripotage", "retourne", "haute", "motionless",
     "immobile", "froze", "frozen", "fingers", "doigts", "fumble", "frappe", "vigueur"}
)  # fmt: skip
_AFTER_WORDS = frozenset({"after", "apres", "following", "suite"})
_DURING = frozenset({"pendant", "during", "durant", "while"})


#: Verbs of opinion: followed by a clause, what someone believes, not a player thinking.
_OPINION = frozenset({"think", "thinks", "thought", "believe", "believes", "pense", "pensent"})
#: After a verb of opinion, the start of the clause it opens: a player, "that".
_OPINION_CLAUSE = SEATS | {"that", "que", "qu"}


def _opinion_of(tokens: Sequence[str], k: int) -> bool:
    """``my partner and I think East hesitated``: ``think`` opens another
    clause (a player or ``that`` next), the opinion of whoever holds it."""
    return tokens[k] in _OPINION and k + 1 < len(tokens) and (
        tokens[k + 1] in _OPINION_CLAUSE or tokens[k + 1][:1].isdigit()
    )  # ("he had thought 2♥ was weak": what he believed a call meant)


def _seat_named(reading: Reading) -> bool:
    """Whether the text names a player by his seat (not only ``partner``, ``LHO``, ``I``)."""
    return any(m.ref.seat is not None for m in reading.entities.seats)


def _tempo_source(reading: Reading) -> Ref | None:
    """16B: the player told hesitating or remarking: named right after the
    noun (``longue hésitation N puis passe``), else the first player whose
    own clause tells it (``W paused 15 sec then passed``, ``N slow P``,
    ``E, après une longue pause, passe``), not one who used it nor one who
    speaks of the writer's (``East-West claimed that my pause…``). A misused
    Stop card is told by its own cues: its ten seconds are no hesitation."""
    if reading.has("@src_stop_not_used") or reading.has("@src_stop_not_respected"):
        return None
    tokens = reading.tokens
    for call in reading.entities.calls:
        # "3♦ (slow, ~20 sec, agreed by all)": a note on the call, its maker's tempo
        if call.end < len(tokens) and tokens[call.end] in _TEMPO_WORDS | _TEMPO_NOUNS and (
            within_parentheses(reading.norm, call.end)
        ):
            maker = call.caller
            if maker is not None and maker.known and not maker.pronoun:
                return maker
            listed = [seat for seat, made in reading.compass_calls or () if made == call.call]
            if maker is None and len(listed) == 1:
                return Ref(seat=listed[0])  # "(1♥) - 2♦ - (P) - 3♦ (slow)": its listed seat
    call_ends = {c.end for c in reading.entities.calls}
    named = {
        m.start: m for m in _subject_mentions(reading, call_ends)
        if not (m.start and tokens[m.start - 1] in _OBJECT_WORDS)
        and not (m.ref.bare and _seat_named(reading)) and not _while_clause(tokens, m.start)
    }  # fmt: skip  (a bare "partner" only in a story told wholly from the writer's seat;
    # "while my partner East was thinking, she added…": the moment, not the source)
    agents = {
        m.start: m for m in reading.entities.seats
        if m.ref.known and not m.ref.pronoun and not m.ref.bare and m.ref.subject is None
    }  # fmt: skip
    for i, token in enumerate(tokens):
        # "the long think from Gerald": "think" a noun only after "long" or an article
        noun = token in _TEMPO_NOUNS or (token == "think" and i and tokens[i - 1] in _A_THINK)
        if not noun or set(tokens[max(0, i - 3) : i]) & _AFTER_WORDS:
            continue
        if set(tokens[max(0, i - 3) : i]) & _DURING:
            continue  # "O tapote … pendant la réflexion d'E": E's thinking is the moment
        # "hésitation N", "réflexion de N", "huddle by S", "haussement de sourcils de Sud"
        mention = named.get(i + 1)
        if mention is not None and mention.end < len(tokens) and call_at(
            tokens, mention.end
        ) is not None and within_parentheses(reading.norm, i) and not within_parentheses(
            reading.norm, mention.start
        ):
            mention = None  # "(well beyond Stop pause) N P": the next call's maker
        for j in range(i + 1, min(i + 5, len(tokens) - 1)):
            if mention is not None or tokens[j] in (BREAK, COMMA) or tokens[j] in SEATS:
                break
            if tokens[j] in _WITNESSED:
                break  # "hésitation confirmée par S": who saw it, not who made it
            if tokens[j] in _BY_WHOM:
                mention = agents.get(j + 1)
        if mention is None and i and tokens[i - 1] in SEATS | {"p", "x", "xx"}:
            # "N P (hés. nette)", "P lent de S": the caller of the call the note is on
            makers = [c.caller for c in reading.entities.calls if c.end == i and c.caller]
            if makers and makers[0].known and not makers[0].pronoun:
                return makers[0]
        if mention is not None:
            return mention.ref
    for mention in named.values():
        if _tempo_in_clause(reading, mention, named):
            return mention.ref
    # else the writer, where his seat is told ("I was West … I thought about it
    # for quite a long time"): his own taking time, not his question
    me = Ref(writer=Relation.SELF)
    if reading.entities.compass(me) is None:
        return None
    mine = [m for m in reading.entities.seats if m.ref == me and not _while_clause(tokens, m.start)]
    subjects = {**named, **{m.start: m for m in mine}}
    for mention in mine:
        if _tempo_in_clause(reading, mention, subjects, _WRITERS_TEMPO):
            return me
    return None


#: The writer's own taking time, plainly told (not "I thought so", "I think the…").
_WRITERS_TEMPO = frozenset(
    {"hesitated", "hesitating", "paused", "pause", "tanked", "huddled", "hesite", "hesitait",
     "reflechi", "longtemps", "long", "longue", "minute", "minutes", "seconds", "secondes",
     "ages", "sighed", "soupire"}
)  # fmt: skip


def _maker_named_after_call(tokens: tuple[str, ...], mention: SeatMention) -> bool:
    """``le 2♦ de Nord``: a call's maker named after it, inside another's clause."""
    return mention.start > 1 and tokens[mention.start - 1] in ("de", "d", "du", "of") and (
        tokens[mention.start - 2] in CALL_ENDS
    )



def _tempo_in_clause(
    reading: Reading, mention: SeatMention, subjects: Mapping[int, SeatMention],
    words: frozenset[str] = _TEMPO_WORDS,
) -> bool:
    """16B: the clause of the player named at ``mention`` (up to the next of
    ``subjects``) tells him taking his time or letting his feelings show."""
    tokens = reading.tokens
    later = [
        m for m in subjects
        if m > mention.start and not _maker_named_after_call(tokens, subjects[m])
    ] + [
        m.start for m in reading.entities.seats
        if m.start > mention.start and m.ref.writer is Relation.SELF
        and tokens[m.start - 1] in _JOINING_SUBJECTS
    ]  # fmt: skip  ("South bid 2♠ and I thought…": the writer's own clause)
    stop = min([mention.end + 22, len(tokens), *later])
    clause = tokens[mention.end : stop]
    if BREAK in clause:
        clause = clause[: clause.index(BREAK)]
    if set(clause) & _USED or set(tokens[max(0, mention.start - 3) : mention.start]) & _USED:
        return False  # "East used the hesitation": who took it, not who gave it
    # "said 'I think it is…'": the writer's or a quoted player's opinion is no tempo
    writer = mention.ref.writer is Relation.SELF
    return any(
        (t in words and (k == 0 or clause[k - 1] not in ("ME", "WE"))
         and not _opinion_of(tokens, mention.end + k)
         and (writer or "MY" not in clause[max(0, k - 2) : k]))
        or (t in _TIME_UNITS and k and clause[k - 1].isdigit())
        for k, t in enumerate(clause)
    )


#: Words telling a card shown during the auction (24): dropped, led, held too low.
_EXPOSING = frozenset(
    {"tomber", "tombe", "tombee", "entame", "expose", "exposed", "exposes", "dropped", "drop",
     "drops", "fell", "fumbled", "flashed", "showed", "shown", "montre", "visible", "faced",
     "hold", "holds", "held", "led", "lead", "leads", "knocked", "spilled", "renverse",
     "tombees", "tombes", "echapper", "echappe", "glisser", "slipped", "slid", "glisse",
     "etale", "etalee", "spread", "fall", "falls"}
)  # fmt: skip


#: "put the ♥A face up", "posé la Dame face visible": a card shown.
_LEADING = frozenset({"lead", "leads", "led", "entame", "hold", "holds", "held"})
_FACE_UP = frozenset(
    {("face", "up"), ("face", "upwards"), ("face", "visible"), ("faces", "visibles"),
     ("face", "exposed"), ("face", "en")}
)  # fmt: skip


def _while_clause(tokens: tuple[str, ...], start: int) -> bool:
    """The player named at ``start`` opens a clause of time (``while South was
    thinking``, ``pendant que Nord réfléchissait``)."""
    before = tokens[max(0, start - 2) : start]
    return before[-1:] in (("while",), ("whilst",)) or before in (
        ("pendant", "que"), ("tandis", "que"), ("pendant", "qu"), ("tandis", "qu")
    )


_CONJUNCTIONS = frozenset({("et",), ("and",), ("puis",), ("then",), ("mais",), ("but",)})


def _dealer_header(reading: Reading, mention: SeatMention) -> bool:
    """``Dlr N: ♠A of W shown``: the dealer named in a note's heading, not a
    subject (``Dealer North exposed the ♠A`` is one)."""
    tokens, norm = reading.tokens, reading.norm
    after = norm.source[norm.spans[mention.end - 1][1] :].lstrip()
    return bool(mention.start) and tokens[mention.start - 1] in DEALER_MARKS and (
        after.startswith(":")
    )


def _card_shower(reading: Reading) -> Ref | None:
    """24: the first player whose own clause tells his card shown (``O laisse
    tomber le R♠``, ``West fumbled his hand``, ``Est a posé sa carte d'entame``)."""
    tokens = reading.tokens
    named = {
        m.start: m for m in _subject_mentions(reading)
        if not (m.start and tokens[m.start - 1] in _OBJECT_WORDS)
        and not writers_seat_told(tokens, m) and not _seat_told_aside(reading, m)
        and not _while_clause(tokens, m.start) and not _dealer_header(reading, m)
    }  # fmt: skip  ("partner (im south) led a card": the writer's seat told aside;
    # "pendant que Nord réfléchissait, j'ai fait tomber …": who thought, not who showed)
    writer = {
        m.start: m for m in reading.entities.seats
        if _the_writer_alone(m.ref) and not writers_seat_told(tokens, m)
        and not set(tokens[m.end + 1 : m.end + 2]) & SEATS
    }  # ("I thought the auction was over and turned the ♦5 face up"; not "je suis Nord")
    for k, token in enumerate(tokens):
        # "SK dropped face up (E)": the seat a note puts in parentheses after the act
        if token in SEATS and in_parentheses(reading.norm, k) and (
            set(tokens[max(0, k - 3) : k]) & _EXPOSING
        ):
            return Ref(seat=Seat[token])
    for mention in sorted([*named.values(), *writer.values()], key=lambda m: m.start):
        # his clause ends at the next subject: a player named, a pronoun, or the player
        # of a clause of time ("W 2♦, and while North was thinking he dropped the ♠K");
        # not at an object ("showed East his ace") nor an aside in parentheses
        later = [
            m.start for m in reading.entities.seats
            if m.start > mention.start and (
                m.start in named or m.start in writer or m.ref.pronoun
                or _while_clause(tokens, m.start)
            )
        ]  # fmt: skip
        # "1♠ (N), et là Est, en prenant un carton, a fait tomber": a new clause, no
        # apposition of North's
        begin = mention.end if tokens[mention.end + 1 : mention.end + 2] in _CONJUNCTIONS or (
            COMMA in tokens[mention.start : mention.end]
        ) else _after_apposition(tokens, mention.end)  # (the mention holds its apposition:
        # "Est, à ma gauche, a fait tomber …")
        stop = min([begin + 12, len(tokens), *[m for m in later if m >= begin]])
        clause = tokens[begin:stop]
        if BREAK in clause:
            clause = clause[: clause.index(BREAK)]
        # (the writer's own clause tells a card shown, not one led after the auction:
        # "I had to pass, though I wanted to double for a club lead")
        exposing = _EXPOSING - _LEADING if mention.start in writer else _EXPOSING
        if set(clause) & exposing or any(
            clause[k : k + 2] in _FACE_UP for k in range(len(clause) - 1)
        ):
            return mention.ref
    for mention in reading.entities.seats:
        # "while North was thinking he dropped the ♠K": the pronoun's player
        if not mention.ref.pronoun:
            continue
        clause = tokens[mention.end : mention.end + 6]
        clause = clause[: clause.index(BREAK)] if BREAK in clause else clause
        if set(clause) & _EXPOSING:
            resolved = _resolved(reading, mention)
            if resolved is not None and resolved.known:
                return resolved
    for i in range(len(tokens) - 2):
        # "ma main a glissé", "my cards slipped": the writer's own hand shown
        if tokens[i] == "MY" and tokens[i + 1] in _HANDS and set(tokens[i + 2 : i + 5]) & (
            _EXPOSING
        ):
            return Ref(writer=Relation.SELF)
    return None


def _the_writer_alone(ref: Ref) -> bool:
    return ref.writer is Relation.SELF and ref.seat is None


def _seat_told_aside(reading: Reading, mention: SeatMention) -> bool:
    """The writer's own seat told with no verb of being after the opener
    (``mon partenaire (Nord, moi Sud)``: merged "moi Sud"; ``partner (im south)``):
    the cases ``writers_seat_told`` leaves out, which needs the opener two words back."""
    tokens = reading.tokens
    return bool(
        mention.ref.seat is not None and mention.ref.writer is Relation.SELF
        or (mention.start and tokens[mention.start - 1] in ("ME", "im", "jsuis", "chu"))
    )


def _after_apposition(tokens: tuple[str, ...], end: int) -> int:
    """Where the clause of a player named at ``end`` goes on after a clause set
    off by commas (``Est, croyant que les enchères étaient finies, pose``)."""
    if tokens[end : end + 1] != (COMMA,):
        return end
    for k in range(end + 1, min(end + 25, len(tokens))):
        if tokens[k] == BREAK:
            break
        if tokens[k] == COMMA:
            return k + 1
    return end


#: Before a player, words that make him the object: ``over N's 4♠``, ``après Sud``.
_OBJECT_WORDS = frozenset(
    {"over", "sur", "after", "apres", "than", "before", "avant", "to", "about", "alerted",
     "alerte", "told", "tell", "tells", "telling", "showed", "shows", "vers", "towards",
     "toward"}
)  # fmt: skip
#: After a number, units of time: ``20 s``, ``15 sec``.
_TIME_UNITS = frozenset({"s", "sec", "secs", "mn", "min", "mins"})
#: After a tempo noun, who saw it, not who made it (``hésitation confirmée par S``).
_WITNESSED = frozenset(
    {"confirmee", "confirme", "confirmed", "reconnue", "reconnu", "acknowledged", "admitted",
     "signalee", "signale", "constatee", "constate", "notee", "note", "noted", "noticed", "vue",
     "vu", "seen", "contestee", "conteste", "disputed", "reported", "rapportee"}
)  # fmt: skip
#: Nouns of a hesitation, a remark or a gesture that the player who made it may follow.
_TEMPO_NOUNS = frozenset(
    {"hesitation", "reflexion", "pause", "tank", "huddle", "soupir", "tempo", "remarque",
     "remark", "comment", "commentaire", "haussement", "grimace", "geste", "gesture", "shrug",
     "sigh", "lent", "hes", "hesit", "exclamation"}
)  # fmt: skip


_A_THINK = frozenset({"long", "a", "the", "big", "huge"})
_WAIT_WORDS = frozenset(
    {"wait", "waiting", "waited", "attendre", "attendu", "immediately", "instantly", "quickly",
     "aussitot", "second", "seconde", "sec", "secondes", "seconds", "immediatement"}
)  # fmt: skip


def _did_not_wait(reading: Reading) -> Ref | None:
    """After a Stop card, the player told not waiting (``West passed after
    hardly one second``, ``s didnt wait``): he is the one who let the
    information pass (16B, 73A2), not the one who used the card."""
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        if token not in _WAIT_WORDS:
            continue
        window = tokens[max(0, i - 6) : i]
        if BREAK in window or "stop" in window:
            continue
        near = [
            m for m in reading.entities.seats
            if i - 6 <= m.start < i and m.ref.known and not m.ref.pronoun
            and m.ref.subject is None
        ]  # fmt: skip
        if near:
            return near[-1].ref
    return None


def _meta(tokens: tuple[str, ...], mention: SeatMention) -> bool:
    """``je veux savoir``, ``I think``, ``I (West) think``: the writer speaking,
    not acting."""
    if mention.ref.writer is not Relation.SELF or (
        mention.ref.seat is not None and tokens[mention.start] != "ME"
    ):
        return False
    after = tokens[mention.end : mention.end + 2]
    return any(t in _META for t in after)


# --- facts ---------------------------------------------------------------------------------


def _first_made_in_sequence(reading: Reading, offender: Seat | None) -> Call | None:
    """Law 25: when the replayed calls show a player calling again before his
    LHO, the call he made first (the derivation names the one he changed to);
    none when the text names another changer (``E corrects; S may withdraw
    his X (25A6), S did so, bid 3♣``: South's change is the consequence)."""
    derivation, sequence = reading.derivation, reading.compass_calls
    if derivation is None or derivation.irregularity != I.CHANGE_OF_CALL or not sequence:
        return None
    if offender is not None and offender != derivation.offender:
        return None
    for k, (seat, call) in enumerate(sequence):
        if seat == derivation.offender and call == derivation.irregular_call:
            own = [c for s, c in sequence[:k] if s == seat]
            if own:
                return own[-1]
    return None


def _seat_name(entities: Entities, ref: Ref | None) -> str | None:
    seat = entities.compass(ref)
    return None if seat is None else seat.name


def _mention_near(
    reading: Reading, start: int, end: int, before: bool = True, after: bool = False,
    resolve: bool = True,
) -> Ref | None:
    """The player named just before (``Sud a accepté``) or after a cue; a
    pronoun as the player it stands for, unless ``resolve`` is false."""
    tokens = reading.tokens
    best: tuple[int, Ref] | None = None
    for mention in reading.entities.seats:
        if mention.ref.opponent:
            continue
        if before and 0 <= start - mention.end <= 4:
            gap = tokens[mention.end : start]
            distance = start - mention.end
        elif after and 0 <= mention.start - end <= 3:
            gap = tokens[end : mention.start]
            distance = mention.start - end
        else:
            continue
        if BREAK in gap or (before and COMMA in gap and after is False and distance > 1):
            continue
        ref = mention.ref
        if ref.pronoun and resolve:
            ref = _resolved(reading, mention) or ref
        if best is None or distance < best[0]:
            best = (distance, ref)
    return None if best is None else best[1]


def _resolved(reading: Reading, pronoun: SeatMention) -> Ref | None:
    for mention in reversed(reading.entities.seats):
        if named_in_a_time_clause(reading.tokens, mention.start):
            continue  # "puis, avant qu'Est ne parle, il l'a remplacé": not East
        if mention.end <= pronoun.start and mention.ref.known and not mention.ref.pronoun:
            if mention.ref.writer is not Relation.SELF:
                return mention.ref
    return None


def _first_person_story(reading: Reading) -> bool:
    """A story the writer tells from his seat, told, naming "my partner" too
    (``I was South and my partner (North) … Partner noticed``): a bare
    "partner" there is his, not the offender's as in a director's note."""
    tokens = reading.tokens
    mine = any(tokens[i] == "MY" and tokens[i + 1] == "PARTNER" for i in range(len(tokens) - 1))
    return mine and reading.entities.compass(Ref(writer=Relation.SELF)) is not None


def _relation_to_offender(
    reading: Reading, offender: Ref | None, ref: Ref | None
) -> Relation | None:
    if ref is None:
        return None
    if offender is None:
        # "le partenaire n'a pas encore parlé": the offender's, in a note
        return ref.subject or (ref.writer if ref.bare else None)
    if ref.bare and ref.writer in (Relation.LHO, Relation.RHO, Relation.PARTNER) and not (
        ref.writer is Relation.PARTNER and ref.seat is None and _first_person_story(reading)
    ):
        # "LHO accepte": in a director's note the relative word is the offender's
        found = relation(reading.entities, offender, ref)
        if found is None or (offender.writer is None and ref.seat is None):
            return ref.writer
        return found
    return relation(reading.entities, offender, ref)


def _first_after_refusal(reading: Reading) -> tuple[Ref | None, Call | None]:
    """After a call out of rotation is refused, the turn goes back to the
    player whose turn it was: the first one told calling after the refusal,
    and his call."""
    cut = refusal_end(reading.cues, reading.tokens)
    calls = reading.entities.calls
    for mention in calls:
        if _told_again(reading.tokens, mention, calls):
            continue  # "j'ai annulé le 1♠": the refused call named again, not a call made
        if mention.start >= cut and mention.caller is not None:
            if mention.caller.known and not mention.caller.pronoun:
                return mention.caller, mention.call
            break
    return None, None


# "the auction had begun with 1♦", "we had 1♣ - 1♥ before": a bid told after
# the pass that came before it.
_EARLIER = frozenset({"had", "avait", "already", "deja", "with", "par", "begun", "commence"})


_OPENER = frozenset({"ouvreur", "ouvreuse", "opener"})


def _bid_before_the_pass(reading: Reading, offender: Ref | None) -> bool | None:
    """Law 30A/30B: whether a bid had been made when the pass out of rotation
    came: a bid told before it (``1♣ 1♦, then RHO passed``, ``after North's
    1♥``), or none when it was the dealer's turn or the text says the auction
    had not begun (``first call``, ``avant le donneur``, ``aucune enchère``)."""
    calls = reading.entities.calls
    passes = [c for c in calls if c.call.is_pass]
    if offender is not None:
        own = [c for c in passes if c.caller is not None and c.caller == offender]
        passes = own or passes
    # the words told before the pass; "after X's bid" puts a bid before it too
    cut = passes[0].start if passes else len(reading.tokens)
    bids = [c for c in calls if c.call.is_bid]
    tokens = reading.tokens
    told_as_earlier = [
        c for c in bids
        if set(tokens[max(0, c.start - 3) : c.start]) & _EARLIER
        or tokens[c.end : c.end + 1] in (("before",), ("avant",))
    ]  # fmt: skip
    if any(c.start < cut for c in bids) or told_as_earlier or reading.affirmed("@bid_before"):
        return True
    if set(tokens) & _OPENER:
        return True  # "le partenaire de l'ouvreur a passé": the opening came before
    if reading.cues.get("@no_bid_yet"):
        return False
    holder = _turn_holder(reading)
    dealer = reading.entities.dealer
    if dealer is not None and offender is not None and not same_player(reading, dealer, offender):
        # "his partner was dealer", no bid told before the pass: he passed before it
        return False
    if holder is not None and dealer is not None and not bids:
        entities = reading.entities
        same = holder == dealer or (
            entities.compass(holder) is not None
            and entities.compass(holder) == entities.compass(dealer)
        )
        if same:
            return False
    return None


_OUT_OF_ROTATION = frozenset(
    {I.BID_OUT_OF_ROTATION, I.DOUBLE_OUT_OF_ROTATION, I.PASS_OUT_OF_ROTATION}
)


def _skipped(reading: Reading, offender: Ref | None, call: CallMention | None) -> Relation | None:
    """Whose turn it was, from the players told not to have called yet
    (``East had not yet called``, ``avant que son partenaire ait parlé``): the
    first of them in rotation, the offender's partner before his RHO. His LHO
    not having called is told about the call over it, not the turn."""
    silent = _called_since(reading, offender, call)
    if silent.get("partner") is False:
        return Relation.PARTNER
    if silent.get("rho") is False:
        return Relation.RHO
    return None


_ORDINALS = frozenset(
    {"deuxieme", "second", "troisieme", "third", "quatrieme", "fourth", "2", "3", "4"}
)  # fmt: skip
_ROUND = frozenset({"tour", "round"})


#: Words that make "comparable" a condition the director explains, not his judgement.
_IF_COMPARABLE = frozenset({"if", "si", "whether", "unless", "sauf", "otherwise", "sinon"})


def _comparable_judged(reading: Reading) -> bool | None:
    """23A: the director's judgement told ("une enchère comparable", "not the
    same"); "if his call is comparable …" is the rule explained, not the judgement."""
    tokens = reading.tokens
    told = [
        (start, end) for start, end in reading.cues.get("@comparable", [])
        if not set(words_before(tokens, start, 8)) & _IF_COMPARABLE
    ]  # fmt: skip
    if not told:
        return None
    return any(not denied(tokens, start, end) for start, end in told)


def _offender_called_before(
    reading: Reading, offender: Ref | None, call: CallMention | None
) -> bool | None:
    """30B, 31B, 32: whether the offender had called before his call out of
    rotation: a later round told (``au 2e tour``, ``in the second round``) or a
    call of his told before it (not ``bid 1♠ again``: that is the repetition
    after the rectification); not when his call is the first of the auction."""
    tokens = reading.tokens
    for i, token in enumerate(tokens[:-1]):
        if token in _ORDINALS and (
            tokens[i + 1] in _ROUND
            or (tokens[i + 1] in ("e", "nd", "rd", "th") and set(tokens[i + 2 : i + 3]) & _ROUND)
        ):
            return True
    if offender is not None and _told_having_called(reading, offender):
        return True
    if offender is not None and call is not None:
        calls = reading.entities.calls
        if call in calls and any(
            c.caller is not None and c.caller.known and same_player(reading, c.caller, offender)
            for c in calls[: calls.index(call)]
        ):
            return True
    if _first_call_told(reading, call):
        return False
    return None


#: A call made already, told without the call: "East had already called", "Est avait déjà parlé".
_HAD_CALLED = frozenset(
    {"called", "bid", "passed", "doubled", "spoken", "parle", "declare", "encheri", "passe",
     "contre"}
)  # fmt: skip


def _told_having_called(reading: Reading, offender: Ref) -> bool:
    """``East had already called earlier in the auction``, ``Est avait déjà
    parlé``: the offender's earlier call told without naming it."""
    tokens = reading.tokens
    for mention in reading.entities.seats:
        clause = tokens[mention.end : mention.end + 4]
        if BREAK in clause:
            clause = clause[: clause.index(BREAK)]
        if (
            set(clause) & {"already", "deja"} and set(clause) & _HAD_CALLED
            and not set(clause) & _NOT_WORDS and same_player(reading, mention.ref, offender)
        ):  # fmt: skip
            return True
    return False


def _first_call_told(reading: Reading, call: CallMention | None) -> bool:
    """The irregular call is the first one the text tells, and nothing says
    calls had gone before it."""
    if reading.entities.dealer is None:
        return False
    if call is None:
        # "lho opened but i was dealer": an opening told with no call named
        if reading.entities.calls or not set(reading.tokens) & _OPENING_VERBS:
            return False
    elif any(
        c.start < call.start and not _names_the_irregularity(reading.tokens, c)
        for c in reading.entities.calls
    ):
        return False
    told_before = reading.tokens[: refusal_end(reading.cues, reading.tokens)]
    return not (reading.affirmed("@bid_before") or set(told_before) & _LATER_ROUND)


def _names_the_irregularity(tokens: tuple[str, ...], call: CallMention) -> bool:
    """``Pass out of rotation, dealer E, W passed first``: the irregularity's
    name, not a call made before the one told."""
    after = tokens[call.end : call.end + 2]
    return call.caller is None and (after[:1] in (("oot",), ("hors",)) or after == ("out", "of"))


_OPENING_VERBS = frozenset(
    {"opened", "opens", "open", "ouvert", "ouvre", "ouvrir", "started", "commence", "dealt"}
)  # fmt: skip
#: Verbs that tell the auction's first bid (``partner opened 1NT``), which no bid came before.
_OPENED = frozenset({"opened", "opens", "ouvert", "ouvre"})


def told_as_opening(reading: Reading, call: CallMention) -> bool:
    """``partner opened 1NT``: the call is told as the auction's first bid."""
    return bool(set(reading.tokens[max(0, call.start - 2) : call.start]) & _OPENED)

# "au deuxième tour", "in the second round", "already": not the auction's first call
_LATER_ROUND = frozenset({"already", "deja", "deuxieme", "second", "round", "again", "encore"})


def _called_before_refusal(reading: Reading) -> bool:
    """Whether the text tells a second call, by a known player, before the refusal."""
    cut = refusal_end(reading.cues, reading.tokens)
    told = [m for m in reading.entities.calls if m.start < cut and m.caller is not None]
    return len(told) > 1


def _misinformed(reading: Reading, explainer: Ref | None) -> dict[str, Any]:
    """21B rules for the misinformed player, not the explainer the text names:
    the opponent who asked (``S demande``), else the explainer's right-hand
    opponent (the bid explained was his partner's, so the next to call asks).
    The explainer's own partner noticing (``my partner forgot to alert my
    2♦``) is Law 20F5: ``who_noticed``, not a misinformed opponent."""
    if explainer is None:
        return {}
    own_call = any(
        mention.start and reading.tokens[mention.start - 1] == "MY"
        for mention in reading.entities.calls
    )  # "my partner forgot to alert my 2♦": the writer's own call
    if explainer.writer is Relation.PARTNER and explainer.seat is None and own_call:
        return {"who_noticed": "explainer_partner"}
    seat = reading.entities.compass(explainer)
    if seat is None:
        return {}
    for start, end in reading.cues.get("@asked", []):
        asker = reading.entities.compass(_mention_near(reading, start, end))
        if asker is not None and asker not in (seat, seat.partner):
            return {"misinformed": asker.name}
    for named in reading.entities.seats:
        # "comme il l'avait dit à Sud", "explained to North": the one it was told to
        lead = reading.tokens[max(0, named.start - 3) : named.start]
        told_to = reading.entities.compass(named.ref)
        if lead[-1:] in (("a",), ("to",)) and set(lead[:-1]) & _TOLD_TO and (
            told_to is not None and told_to not in (seat, seat.partner)
        ):
            return {"misinformed": told_to.name}
    explained = [end for _, end in reading.cues.get("@explained", [])]
    if explained:  # the opponent told calling after the explanation acted on it
        for mention in reading.entities.calls:
            caller = reading.entities.compass(mention.caller) if mention.caller else None
            if mention.start > explained[0] and caller not in (None, seat, seat.partner):
                assert caller is not None
                return {"misinformed": caller.name}
    return {"misinformed": seat.rho.name}


def _writer_explains(reading: Reading) -> bool:
    """``I explained my partner's 2♦``, ``j'ai alerté``: the writer told explaining."""
    tokens = reading.tokens
    return any(
        m.ref.writer is Relation.SELF and any(
            t.startswith(_EXPLAINING) for t in tokens[m.end : m.end + 3]
        )
        for m in reading.entities.seats
    )


#: Before "à"/"to" and the player an explanation was given to.
_TOLD_TO = frozenset(
    {"dit", "told", "said", "explique", "explained", "expliquant", "explaining", "repondu",
     "replied", "answered", "annonce"}
)  # fmt: skip


def _victim(reading: Reading, facts: Mapping[str, Any], explainer: Ref | None) -> Ref | None:
    """The misinformed player: the one ``_misinformed`` found, else the writer
    when the explainer is his opponent (``my RHO explained``, ``l'adversaire``)."""
    if "misinformed" in facts:
        return Ref(seat=Seat[facts["misinformed"]])
    if explainer is not None and explainer.writer is Relation.SELF and explainer.seat is None and (
        _explainer(reading) is None and not _writer_explains(reading)
    ):
        return explainer  # "I bid based on a wrong explanation": the writer acted on it
    if explainer is not None and (
        explainer.opponent or explainer.writer in (Relation.LHO, Relation.RHO)
    ):
        return Ref(writer=Relation.SELF)
    return None


def _turn_holder(reading: Reading, offender: Ref | None = None) -> Ref | None:
    """Whose turn it was: ``c'était à Ouest``, ``avant Sud``, ``West's turn``;
    never the offender himself (``hors tour de Sud``, ``at all, East passed``)."""
    found = _turn_holders(reading)
    if offender is not None:
        found = (ref for ref in found if not same_player(reading, ref, offender))
    return next(found, None)


def _writer_is_the_caller(
    reading: Reading, offender: Ref | None, call: CallMention | None, holder: Ref | None
) -> bool:
    """``X avant que ma droite parle``, ``contre au tour de mon partenaire``: a
    call nobody is told making, beside a turn told as the writer's neighbour's
    (``my``, not a bare ``LHO``): the writer made it, and the turn is seen from him."""
    return (
        offender is None and call is not None and call.caller is None
        and holder is not None and holder.seat is None and not holder.bare
        and holder.writer in (Relation.LHO, Relation.RHO, Relation.PARTNER)
        and not any(c.caller is not None and c.caller.known for c in reading.entities.calls)
    )  # fmt: skip


def _bare_side_of_another(holder: Ref | None, offender: Ref | None) -> bool:
    """A bare ``LHO``/``RHO`` (no "my", no seat) while the offender is a player
    other than the writer (``pard``, ``my LHO``): the writer's side and the
    offender's are different players, and the text does not say which."""
    return (
        holder is not None and holder.bare and holder.seat is None
        and holder.writer in (Relation.LHO, Relation.RHO)
        and offender is not None and offender.seat is None
        and offender.writer not in (None, Relation.SELF)
    )  # fmt: skip


def _turn_holders(reading: Reading) -> Iterator[Ref]:
    """Every player the text names as whose turn it was, the likeliest first."""
    tokens = reading.tokens
    for _, end in reading.cues.get("@turn", []):
        side = _side_words(tokens, end)
        if side is not None:
            yield side
    for start, end in reading.cues.get("@turn", []):
        ref = _mention_near(reading, start, end, before=False, after=True)
        if ref is not None:
            window = tokens[end : end + 4]
            if COMMA in window[: window.index(COMMA)] if COMMA in window else False:
                continue
            yield ref
    for start, end in reading.cues.get("@turn", []):
        # "j'ai sauté mon partenaire : … c'était à lui": the player named before
        if tokens[end : end + 1] in (("lui",), ("him",), ("elle",), ("her",)):
            before = [
                m for m in reading.entities.seats
                if m.end <= start and m.ref.known and not m.ref.pronoun
                and m.ref.writer is not Relation.SELF
            ]  # fmt: skip
            if before:
                yield before[-1].ref
    for start, _ in reading.cues.get("@turn_before", []):
        ref = _mention_near(reading, start, start)
        if ref is not None:
            yield ref
    for i in range(len(tokens) - 1):
        # "it was my turn", "c'était mon tour", "à ma place", "on my go"
        if tokens[i] == "MY" and tokens[i + 1] in ("turn", "tour", "place", "go"):
            if not (i and tokens[i - 1] in ("before", "avant")):
                yield Ref(writer=Relation.SELF)
    for i in range(2, len(tokens)):
        # "not his turn, it was mine": the writer's turn
        if tokens[i] == "mine" and tokens[i - 1] in ("was", "is") and tokens[i - 2] == "it":
            yield Ref(writer=Relation.SELF)
    for mention in reading.entities.seats:
        # "I was supposed to start", "my partner should have opened first"
        after = tokens[mention.end : mention.end + 5]
        if BREAK in after:
            after = after[: after.index(BREAK)]
        if set(after) & _DUE and set(after) & _FIRST_CALL and not mention.ref.pronoun:
            yield mention.ref
    for mention in reading.entities.seats:
        if mention.end < len(tokens) and tokens[mention.end] == "turn":
            if mention.start and tokens[mention.start - 1] in ("before", "not"):
                continue
            yield mention.ref
    for mention in reading.entities.seats:
        # "Sud réfléchissait encore", "West was still thinking": his turn, he had not called
        after = tokens[mention.end : mention.end + 4]
        if BREAK in after:
            after = after[: after.index(BREAK)]
        if set(after) & _THINKING and mention.ref.known and not mention.ref.pronoun:
            yield mention.ref


#: "was supposed to start", "devait ouvrir": the player whose turn it was.
_DUE = frozenset({"supposed", "should", "devait", "aurait", "meant"})
_FIRST_CALL = frozenset(
    {"start", "open", "go", "bid", "call", "speak", "first", "commencer", "ouvrir", "parler",
     "premier", "premiere", "opened", "started"}
)  # fmt: skip
_THINKING = frozenset(
    {"reflechissait", "reflechit", "reflechi", "thinking", "considering", "pondering", "triait"}
)  # fmt: skip
_LEFT = frozenset({"left", "gauche"})
_RIGHT = frozenset({"right", "droite"})
_HIS = frozenset({"his", "her", "him", "sa", "son", "lui", "elle"})


def _side_words(tokens: tuple[str, ...], end: int) -> Ref | None:
    """``the turn of my right opponent``, ``turn of the opponent on his left``,
    ``the man on her right``: a player named by side after a turn word, relative
    to the writer (``my``) or to the player spoken about (``his``, ``her``)."""
    window = tokens[end : end + 7]
    if BREAK in window:
        window = window[: window.index(BREAK)]
    for i, token in enumerate(window):
        if token not in _LEFT and token not in _RIGHT:
            continue
        relation = Relation.LHO if token in _LEFT else Relation.RHO
        before = set(window[max(0, i - 2) : i]) | set(window[i + 1 : i + 3])
        if "MY" in before:
            return Ref(writer=relation)
        if before & _HIS:
            return Ref(subject=relation)
    return None


def _called_since(
    reading: Reading, offender: Ref | None, call: CallMention | None = None
) -> dict[str, bool]:
    """``Nord a passé derrière``, ``son partenaire a déjà parlé``, ``West has not called yet``."""
    found: dict[str, bool] = {}
    for cue, value in (("@called_over", True), ("@not_yet_called", False)):
        spans = reading.affirmed(cue) if value else reading.cues.get(cue, [])
        for start, end in spans:  # "not called since" is no call over it
            if value and start and reading.tokens[start - 1] in _NOBODY:
                continue  # "personne a reparlé depuis": nobody did (read below)
            if not value and set(reading.tokens[end : end + 4]) & _NOT_A_CALL_YET:
                continue  # "West bid 2D before anyone noticed": nobody saw, not nobody called
            ref = _mention_near(reading, start, end)
            rel = _relation_to_offender(reading, offender, ref)
            if ref is None or (
                ref.bare and ref.writer is Relation.LHO and ref.seat is None
                and offender is not None and offender.seat is None
                and offender.writer not in (None, Relation.SELF)
            ):  # fmt: skip
                # "called over it", "the next player has not bid yet": only the LHO calls
                # next; "pd doubled, LHO hasn't called yet / bid over it": the next
                # player, not the writer's LHO (who called before partner)
                rel = Relation.LHO
            if rel is Relation.LHO:
                found.setdefault("lho", value)
            elif rel is Relation.PARTNER:
                found.setdefault("partner", value)
            elif rel is Relation.RHO and not value:
                found.setdefault("rho", False)
    silent = _named_before_calling(reading.entities, reading.tokens)
    for ref in silent + _told_silent(reading.entities, reading.tokens):
        rel = _relation_to_offender(reading, offender, ref)
        if rel is Relation.LHO:
            found.setdefault("lho", False)
        elif rel is Relation.PARTNER:
            found.setdefault("partner", False)
        elif rel is Relation.RHO:
            found.setdefault("rho", False)
    for ref in _told_calling_since(reading):
        rel = _relation_to_offender(reading, offender, ref)
        if rel is Relation.LHO:
            found.setdefault("lho", True)
        elif rel is Relation.PARTNER:
            found.setdefault("partner", True)
    for ref, value in _so_did_or_not_yet(reading):
        rel = _relation_to_offender(reading, offender, ref)
        if rel is Relation.LHO:
            found.setdefault("lho", value)
        elif rel is Relation.PARTNER:
            found.setdefault("partner", value)
    anyone = _anyone_called_since(reading.tokens)
    if anyone is not None:
        # the first to call after the offender is his LHO (Law 17C)
        found.setdefault("lho", anyone)
    # a call by the offender's LHO or partner named after his call
    calls = reading.entities.calls
    own = [
        i for i, c in enumerate(calls)
        if c.caller is not None and offender is not None and c.caller.known
        and same_player(reading, c.caller, offender)
    ]  # fmt: skip
    if call is not None and call in calls and (
        calls.index(call) in own or (offender is not None and (
            call.caller is None or call.caller.subject is not None
        ))
    ):  # (a caller placed from another player, "his partner", is no sure other player)
        own = [calls.index(call)]  # after the irregular call, not an earlier one of his
    if own:
        for later in calls[own[0] + 1 :]:
            if told_as_opening(reading, later) and any(
                c.call == later.call for c in calls[: own[0]]
            ):
                continue  # "1NT p p p, LHO said 2H … partner opened 1NT": told again
            rel = _relation_to_offender(reading, offender, later.caller)
            if rel is Relation.LHO:
                found.setdefault("lho", True)
            elif rel is Relation.PARTNER:
                found.setdefault("partner", True)
    elif offender is not None:
        for call in calls:
            if call.caller is not None and call.caller.subject is Relation.LHO:
                found.setdefault("lho", True)
    return found


_BEFORE = frozenset({"before", "avant"})
#: After "before anyone": what nobody had done yet is no call.
_NOT_A_CALL_YET = _NOTICING | frozenset(
    {"notice", "spotted", "seen", "reacted", "react", "objected", "remarquait", "remarquer",
     "reagi", "reagisse", "reagir", "vu", "compte"}
)  # fmt: skip
_CALLING = frozenset(
    {"called", "call", "calls", "bid", "bids", "had", "has", "could", "made", "did", "ait",
     "parle", "puisse", "ne", "n", "eut", "se", "passed", "passe"}
)  # fmt: skip


_SPEAKING = frozenset(
    {"parle", "parler", "called", "call", "calls", "calling", "bid", "bidding", "encheri",
     "speak", "spoken", "spoke", "speaking", "annonce"}
)  # fmt: skip


def _clauses_of_named_players(
    entities: Entities, tokens: tuple[str, ...], width: int
) -> Iterator[tuple[SeatMention, list[str]]]:
    """Each player named by seat or role (not a pronoun, not "an opponent"),
    with the words that follow him up to the clause's end (at most ``width``)."""
    for mention in entities.seats:
        if mention.ref.pronoun or mention.ref.opponent or not mention.ref.known:
            continue
        clause: list[str] = []
        for token in tokens[mention.end : mention.end + width]:
            if token in (BREAK, COMMA) or token in SEATS:
                break
            clause.append(token)
        yield mention, clause


#: "W bid 2D before we called the TD": another subject's act, not W's silence.
_OTHER_SUBJECTS = frozenset(
    {"WE", "ME", "he", "she", "they", "il", "elle", "on", "nous", "ils", "anyone", "anybody",
     "someone", "somebody"}
)  # fmt: skip


def _told_silent(entities: Entities, tokens: tuple[str, ...]) -> list[Ref]:
    """``O n'a pas parlé``, ``W not called``, ``S has not bid yet``, ``West
    called the director before speaking``: that player had not called."""
    found = []
    for mention, clause in _clauses_of_named_players(entities, tokens, 8):
        verbs = [i for i, t in enumerate(clause) if t in _SPEAKING]
        silent = [
            i for i, t in enumerate(clause)
            if t in _SPEAKING or t in _DOING_NOTHING and (
                t in _DOING_ALONE or set(clause[max(0, i - 2) : i + 3]) & _ANYTHING
            )
        ]  # fmt: skip  ("n'avait rien fait", not "je n'ai pas fait attention")
        if silent and _denied_at(clause, silent[0]):
            found.append(mention.ref)  # "O n'a pas parlé", "W not called", "E hadn't done anything"
            continue
        if any(
            t in _WITHOUT_OR_INSTEAD and set(clause[k + 1 : k + 4]) & (_SPEAKING | {"making"})
            and not set(clause[k + 1 : k + 6]) & _DIRECTOR
            for k, t in enumerate(clause)
        ):  # "a appelé l'arbitre sans parler", "called the TD without making a call"
            # (not "bid 2♠ without calling the director")
            found.append(mention.ref)
            continue
        if not verbs:
            continue
        v = verbs[0]
        if _denied_at(clause, v):
            found.append(mention.ref)  # "O n'a pas parlé", "W not called"
        elif any(
            clause[v - 1 : v] and clause[v - 1] in _BEFORE or (
                clause[max(0, v - 2) : v - 1] and clause[v - 2] in _BEFORE
                and clause[v - 1] not in _OTHER_SUBJECTS
            )
            for v in verbs
        ) or any(
            t in _BEFORE and set(clause[k + 1 : k + 3]) & {"doing", "faire"}
            for k, t in enumerate(clause)
        ):  # "appelle l'arbitre avant de parler", "E called me before calling",
            # "called the director before doing anything"
            found.append(mention.ref)
    for mention in entities.seats:
        # "Arbitre appelé avant O", "Relevé avant O", "TD called before W": the
        # director came before that player's turn to call
        before = tokens[max(0, mention.start - 4) : mention.start]
        if mention.ref.known and not mention.ref.pronoun and before[-1:] in (("avant",), (
            "before",
        )) and set(before) & _SUMMONED and not set(
            tokens[mention.end : mention.end + 4]
        ) & (_SPEAKING | _RESPONDING | {"had", "has", "avait", "ait", "n", "ne"}):
            found.append(mention.ref)
    found += _neither_called(entities, tokens)
    return found


def _neither_called(entities: Entities, tokens: tuple[str, ...]) -> list[Ref]:
    """``Ni O ni S n'ont parlé``, ``neither West nor North had called``: both
    players named had not called."""
    found = []
    for k in range(len(tokens) - 3):
        if tokens[k] not in ("ni", "neither"):
            continue
        second = "ni" if tokens[k] == "ni" else "nor"
        named = [m for m in entities.seats if k < m.start <= k + 8 and not m.ref.pronoun]
        if len(named) < 2 or second not in tokens[named[0].end : named[1].start]:
            continue
        rest = tokens[named[1].end : named[1].end + 5]
        verbs = [i for i, t in enumerate(rest) if t in _SPEAKING]
        if verbs and BREAK not in rest[: verbs[0]]:
            found += [named[0].ref, named[1].ref]
    return found


#: Before "avant O": the director called, the irregularity seen or the call
#: corrected then ("corrigé avant E", "fixed before N").
_SUMMONED = frozenset(
    {"appele", "appelee", "called", "summoned", "releve", "relevee", "noticed", "spotted",
     "arbitre", "td", "director", "corrige", "corrigee", "corrected", "fixed", "replaced",
     "remplace", "rectifie"}
)  # fmt: skip
#: What a player told silent had not done: "E hadn't done anything", "n'avait rien fait".
_DOING_NOTHING = frozenset(
    {"done", "fait", "touched", "touche", "exprime", "moved", "written", "wrote", "ecrit"}
)  # (written bidding: "East hadn't written anything yet", "je n'ai encore rien écrit")
#: Of those, the ones that say it alone ("hadn't touched his box", "ne s'était pas exprimé").
_DOING_ALONE = frozenset({"touched", "touche", "exprime", "moved"})
_ANYTHING = frozenset({"anything", "nothing", "rien"})
_WITHOUT_OR_INSTEAD = frozenset({"without", "sans", "instead"})


def _denied_at(clause: Sequence[str], v: int) -> bool:
    """The verb at ``v`` denied, with only auxiliaries and negation before it."""
    lead = clause[:v]
    return bool(set(lead) & (NEGATORS | _CONTRACTED_NEGATORS)) and all(
        t in _AUXILIARIES or t in NEGATORS or t in _CONTRACTED_NEGATORS
        or t in ("even", "meme", "se", "s", "etait", "was")
        for t in lead
    )


_SINCE = frozenset(
    {"already", "deja", "since", "now", "depuis", "ensuite", "then", "puis", "afterwards", "later"}
)  # fmt: skip
# After the verb: "a parlé ensuite", "avait passé derrière", "bid 3♥ afterwards".
_AFTERWARDS = frozenset({"ensuite", "derriere", "afterwards", "after", "apres", "later"})
_AFTER_THAT = frozenset({"after", "apres"})


def _told_calling_since(reading: Reading) -> list[Ref]:
    """``his partner had already bid``, ``my partner has now bid``, ``après que
    son partner a callé``, ``after his partner responded``: that player called
    after the irregular call."""
    found = []
    for mention, clause in _clauses_of_named_players(reading.entities, reading.tokens, 6):
        verbs = [i for i, t in enumerate(clause) if t in _SPEAKING or t in _RESPONDING]
        if not verbs:
            continue
        lead = clause[: verbs[0]]
        if set(lead) & (NEGATORS | _CONTRACTED_NEGATORS | _BEFORE):
            continue
        if not all(t in _AUXILIARIES or t in _SINCE for t in lead):
            continue
        opening = set(reading.tokens[max(0, mention.start - 3) : mention.start])
        trailing = set(clause[verbs[0] + 1 : verbs[0] + 5])
        if set(clause[verbs[0] + 1 : verbs[0] + 3]) & _DIRECTOR:
            continue  # "then North called the TD"
        if set(lead) & _SINCE or opening & (_AFTER_THAT | _SINCE) or trailing & _AFTERWARDS:
            found.append(mention.ref)  # "O a parlé ensuite", "S bid 3♥ afterwards"
    return found


_OVER_IT = frozenset({("par", "dessus"), ("over", "it")})


def _calls_told_over(reading: Reading) -> list[Ref]:
    """``Est a dit 2♥ par-dessus avant que…``, ``S bid 2♥ over it.``: a player's
    call told as made over the irregular one, the clause ending there (not
    ``par-dessus le 2♦ de Nord``: the call it was made over is named)."""
    tokens = reading.tokens
    found = []
    for call in reading.entities.calls:
        after = tokens[call.end : call.end + 3]
        if call.caller is None or not call.caller.known or call.caller.pronoun:
            continue
        ends = len(after) < 3 or after[2] in (BREAK, COMMA) or after[2] in _BEFORE
        if after[:2] in _OVER_IT and ends:
            found.append(call.caller)
    return found


def _said_called_since(reading: Reading, offender: Ref | None) -> set[str]:
    """The facts the words tell true of who called after the irregular call
    (``Sud avait déjà passé derrière``, ``O a parlé ensuite``)."""
    refs = [
        _mention_near(reading, s, e) for s, e in reading.affirmed("@called_over")
        if not (s and reading.tokens[s - 1] in _NOBODY)
    ]  # fmt: skip
    found = set()
    for ref in refs + list(_told_calling_since(reading)) + _calls_told_over(reading):
        rel = Relation.LHO if ref is None else _relation_to_offender(reading, offender, ref)
        if rel is Relation.LHO:
            found.add("lho_called_since")
        elif rel is Relation.PARTNER:
            found.add("partner_called_since")
    return found


_RESPONDING = frozenset({"responded", "repondu", "calle", "dit", "passed", "passe", "doubled"})
_DIRECTOR = frozenset({"td", "director", "arbitre", "directeur", "dt"})


_AUXILIARIES = frozenset(
    {"has", "had", "have", "did", "does", "do", "a", "avait", "ai", "yet", "encore", "been",
     "ait", "already", "deja", "even", "still", "toujours", "meme", "n", "ne", "rien"}
)  # fmt: skip

#: Words naming whoever called after the call, not a seat: "nobody", "the next player" (OPP).
_NOBODY = frozenset({"nobody", "noone", "personne", "none"})
#: Before "personne" as a noun ("une personne a parlé"), not the pronoun "nobody".
_DETERMINERS = frozenset({"une", "1", "la", "cette", "chaque", "aucune", "quelque"})
_EVERYONE = frozenset({"everyone", "everybody", "OPP", "opps", "opponents", "adversaires"})
_ANY_CALL_VERBS = _SPEAKING | _RESPONDING | frozenset(
    {"passed", "pass", "passes", "went", "acted", "reparle", "appele", "contre", "surcontre",
     "redoubled", "double", "doubles"}
)
_CLAUSE_FILLER = _AUXILIARIES | NEGATORS | _CONTRACTED_NEGATORS | _SINCE | frozenset(
    {"else", "de", "d", "autre", "one", "ever", "also", "aussi", "then", "puis"}
)
_DOUBLING_VERBS = frozenset(
    {"doubled", "double", "doubles", "redoubled", "contre", "surcontre", "contrer"}
)  # fmt: skip
_LATER_MARKS = _SINCE | _AFTERWARDS | frozenset({"over", "behind", "sur"})
_EARLIER_WORDS = frozenset({"before", "avant", "until", "jusqu", "jusque", "jusquici"})
_OTHER_CALL = frozenset({"other", "autre", "further", "more"})
_CALL_NOUNS = frozenset({"call", "calls", "appel", "appels", "annonce", "annonces", "bid", "bids"})
#: The nouns for a call whose explanation is told ("l'explication de l'enchère de Nord").
_BID_NOUNS = _CALL_NOUNS | {"enchere", "encheres"}


def _anyone_called_since(tokens: tuple[str, ...]) -> bool | None:
    """Whether anyone called after the irregular call, told without a seat:
    ``nobody else had called``, ``personne n'avait reparlé``, ``the next player
    has not called``, ``before the next player``, ``no further call``,
    ``avant tout autre appel`` (false); ``the next player already bid after
    it``, ``everyone has called since`` (true). ``nobody had bid before`` is
    about the calls before it and says nothing here."""
    for i, token in enumerate(tokens):
        window = tokens[i + 1 : i + 9]
        for stop in (BREAK, COMMA):
            if stop in window:
                window = window[: window.index(stop)]
        if token in _BEFORE and i + 1 < len(tokens):
            # "before the next player", "avant tout autre appel", "before any other call"
            rest = [t for t in tokens[i + 1 : i + 4] if t not in ("the", "le", "la", "l", "que")]
            if rest[:1] == ["OPP"]:
                return False
            if rest[:1] in (["anyone"], ["anybody"], ["quiconque"]) and (
                set(rest[1:3]) & _ANY_CALL_VERBS
            ):
                return False  # "before anyone else bid"
            if rest[:1] in (["any"], ["tout"], ["toute"], ["aucun"]) and (
                set(rest[1:3]) & _OTHER_CALL and set(rest[1:3]) & _CALL_NOUNS
            ):
                return False
            continue
        if token in ("no", "aucun", "aucune", "pas") and len(window) >= 2 and (
            window[0] in _OTHER_CALL and window[1] in _CALL_NOUNS
        ):
            return False  # "no further call", "aucune autre annonce"
        negative = token in _NOBODY
        if token == "personne" and "ne" not in window[:3] and not (
            window[:1] in (("a",), ("avait",)) and not (i and tokens[i - 1] in _DETERMINERS)
        ):
            continue  # "une personne", "vulnérable : personne" (not "personne a reparlé")
        if not negative and token not in _EVERYONE:
            continue
        verbs = [
            k for k, t in enumerate(window) if t in _ANY_CALL_VERBS or _makes_a_call(window, k)
        ]
        if not verbs or window[verbs[0]] in _DOUBLING_VERBS:
            continue  # "nobody had doubled": why a redouble is inadmissible
        v = verbs[0]
        lead = window[:v]
        if not all(t in _CLAUSE_FILLER for t in lead):
            continue
        if v and window[v - 1] in ("se", "s"):
            continue  # "il s'est passé"
        trailing = set(window[v + 1 : v + 4])
        if trailing & _EARLIER_WORDS:
            continue  # "nobody had bid before me": the calls before it
        if set(lead) & (NEGATORS | _CONTRACTED_NEGATORS):
            negative = True
        if negative:
            return False
        if v + 1 < len(window) and window[v + 1][:1].isdigit():
            continue  # "an opponent bid 1H over my partner's 1S": his call, not one after it
        if set(lead) & _LATER_MARKS or trailing & _LATER_MARKS:
            return True  # "the next player already bid", "everyone called after that"
    return None


_EITHER_OR = frozenset({"or", "ou", "nor", "ni", "and", "et"})
_MAKING = frozenset({"made", "make", "makes", "fait", "faite", "faire"})


def _makes_a_call(window: tuple[str, ...], k: int) -> bool:
    """``made a call``, ``fait une annonce``: a call told as a noun."""
    return window[k] in _MAKING and bool(set(window[k + 1 : k + 4]) & _CALL_NOUNS)


_TOO = frozenset({"aussi", "too", "also", "pareil"})


def _so_did_or_not_yet(reading: Reading) -> list[tuple[Ref, bool]]:
    """``j'ai passé, mon partenaire aussi`` (he called too: true), ``j'ai passé,
    partenaire pas encore`` (false): a player named after a call, in a clause
    of his own with no verb."""
    tokens = reading.tokens
    starts = [c.end for c in reading.entities.calls]
    found = []
    for m in reading.entities.seats:
        if m.ref.pronoun or not m.ref.known or not m.start or tokens[m.start - 1] != COMMA:
            continue
        if not any(0 <= m.start - end <= 2 for end in starts):
            continue  # right after a call: "j'ai passé, mon partenaire …"
        rest = tokens[m.end : m.end + 3]
        if rest[:1] and rest[0] in _TOO and rest[1:2] in ((), (BREAK,), (COMMA,)):
            found.append((m.ref, True))
        elif rest[:2] in (("pas", "encore"), ("not", "yet")) and (
            rest[2:3] in ((), (BREAK,), (COMMA,))
        ):
            found.append((m.ref, False))
    return found


def _named_before_calling(entities: Entities, tokens: tuple[str, ...]) -> list[Ref]:
    """``before South had called``, ``avant que Nord ait parlé``: that player
    had not called yet when it happened."""
    found = []
    seats = [m for m in entities.seats if not (m.ref.pronoun or m.ref.opponent)]
    for i, mention in enumerate(seats):
        lead = tokens[max(0, mention.start - 2) : mention.start]
        last = mention
        while (  # "before N or E called", "avant que Nord ou Est ait parlé"
            i + 1 < len(seats) and seats[i + 1].start == last.end + 1
            and tokens[last.end] in _EITHER_OR
        ):  # fmt: skip
            i, last = i + 1, seats[i + 1]
        verb = tokens[last.end : last.end + 1]
        if set(lead) & _BEFORE and (
            verb and verb[0] in _CALLING | {"said", "dire", "dit", "touched"}
        ):  # (and "before East said anything", "avant que Est dise quoi que ce soit")
            found.append(mention.ref)
        elif _before_the_call_of(tokens[max(0, mention.start - 6) : mention.start]):
            found.append(mention.ref)  # "avant l'appel de Nord", "before the call of his partner"
    return found


_CALL_NOUN = frozenset(
    {"call", "bid", "appel", "parole", "parle", "enchere", "annonce", "intervention"}
)  # fmt: skip
_OF_PLAYER = frozenset({"of", "de", "du", "d"})
_ARTICLES = frozenset({"the", "le", "la", "l", "his", "her", "their", "son", "sa", "leur"})


def _before_the_call_of(lead: tuple[str, ...]) -> bool:
    """The words before a player: ``avant (l') appel de``, ``before the call of (his)``."""
    words = [t for t in lead if t not in _ARTICLES]
    return len(words) >= 3 and words[-3] in _BEFORE and words[-2] in _CALL_NOUN and (
        words[-1] in _OF_PLAYER
    )  # fmt: skip


#: Word stems that say the irregular call was accepted or refused, whatever
#: the tense or form ("acceptait", "acceptance", "condoned", "declines", "rejected").
_ACCEPT_STEMS = ("accept", "condon")
_REFUSE_STEMS = ("refus", "declin", "reject", "rejet")


def acceptance_spans(
    cues: Mapping[str, list[tuple[int, int]]], tokens: tuple[str, ...]
) -> list[tuple[int, int, bool]]:
    """Where the text says the call was accepted (True) or refused (False),
    before any negation: the lexicon's phrases and any word of those stems."""
    spans = [(a, b, False) for a, b in cues.get("@refuse", [])]
    spans += [(a, b, True) for a, b in cues.get("@accept", [])]
    stems = _stem_spans(tokens)
    if stems:
        covered = {i for a, b, _ in spans for i in range(a, b)}
        spans += [(i, i + 1, said) for i, said in stems if i not in covered]
    # "called the director rather than accept", "au lieu d'accepter": refused
    spans = [(a, b, said and not _instead_of(tokens, a)) for a, b, said in spans]
    return sorted(spans)


#: The words that put an acceptance aside: "rather than", "instead of", "au
#: lieu de", "plutôt que (de)", the article of "de l'accepter" between.
_INSTEAD_OF = (("rather", "than"), ("instead", "of"), ("lieu", "d"), ("lieu", "de"),
               ("plutot", "que"), ("plutot", "d"), ("que", "d"), ("que", "de"),
               ("declined", "to"), ("declines", "to"), ("refused", "to"), ("refuses", "to"),
               ("refuse", "d"), ("refuse", "de"))  # fmt: skip  ("declined to accept it")


def _instead_of(tokens: tuple[str, ...], start: int) -> bool:
    before = [t for t in tokens[max(0, start - 4) : start] if t not in ("l", "le", "la", "it")]
    return tuple(before[-2:]) in _INSTEAD_OF and (
        before[-2] != "que" or "plutot" in before
    )  # ("que de l'accepter" only after "plutôt")


@lru_cache(maxsize=64)
def _stem_spans(tokens: tuple[str, ...]) -> tuple[tuple[int, bool], ...]:
    """Tokens of the accept (True) or refuse (False) stems, with their index,
    and an answer said to the question (``Elle a dit non``, ``South said no``)."""
    found = [
        (i, token.startswith(_ACCEPT_STEMS))
        for i, token in enumerate(tokens)
        if token.startswith(_ACCEPT_STEMS) or token.startswith(_REFUSE_STEMS)
    ]
    found += [
        (i + 1, tokens[i + 1] in ("oui", "yes"))
        for i in range(len(tokens) - 1)
        if tokens[i] in ("said", "says", "say", "dit") and tokens[i + 1] in _ANSWERS
        and (i + 2 == len(tokens) or tokens[i + 2] in _AFTER_ANSWER)
        and not (i + 3 < len(tokens) and call_at(tokens, i + 3) is not None)
    ]  # (not « non, 2♠ »: a player taking his own call back answers nothing)
    found += [
        (i + 1, tokens[i + 1] in ("oui", "yes"))
        for i in range(1, len(tokens) - 1)
        if tokens[i] == BREAK and tokens[i + 1] in _ANSWERS
        and any(t.startswith(_ACCEPT_STEMS) for t in tokens[max(0, i - 2) : i])
        and (i + 2 == len(tokens) or tokens[i + 2] in _AFTER_ANSWER)
    ]  # a form's question and its answer: "LHO accepts? NO", "Sud accepte ? non."
    found += [
        (i + 1, False)  # (on the negation: "chose" followed by it would read denied)
        for i in range(1, len(tokens) - 1)
        if tokens[i] in _CHOOSING_NOT and tokens[i + 1] in ("not", "pas")
        and any(t.startswith(_ACCEPT_STEMS) for t in words_before(tokens, i, 10))
    ]  # "could have accepted it by calling, but chose not to"
    return tuple(sorted(found))


_CHOOSING_NOT = frozenset({"chose", "preferred", "decided", "elected", "opted", "prefere"})


_ANSWERS = frozenset({"no", "non", "oui", "yes"})
#: Before "accept": the option explained, not the answer given.
_ABLE = frozenset({"could", "can", "may", "might", "peut", "pouvait", "pourrait", "entitled"})
_IF = frozenset({"if", "si", "whether", "sil", "sils"})
# What may follow an answer standing alone ("elle a dit non, puis elle a passé").
_AFTER_ANSWER = frozenset(
    {BREAK, COMMA, "to", "and", "et", "then", "puis", "alors", "thanks", "thank", "thx", "merci"}
)  # fmt: skip


_SIDE_FILLER = frozenset(
    {"side", "says", "say", "said", "no", "not", "do", "does", "did", "ne", "n", "pas", "ont",
     "a", "have", "has"}
)  # fmt: skip


def _side_before(reading: Reading, start: int) -> tuple[Seat, ...] | None:
    """``North-South refuse``, ``NS accept``, ``North side says no``: a pair names a side."""
    tokens = reading.tokens
    i = start
    while i > 0 and start - i < 4 and tokens[i - 1] in _SIDE_FILLER:
        i -= 1
    if i and tokens[i - 1] in SIDES:
        return SIDES[tokens[i - 1]]
    pair = partners_written(tokens, i)
    if pair is not None:
        return pair
    if i and tokens[i - 1] in SEATS and tokens[i] == "side":
        seat = Seat[tokens[i - 1]]
        return (seat, seat.partner)
    return None


def _asked_at(norm: Normalised, end: int) -> bool:
    """Whether the sentence holding the words before ``end`` is a question."""
    for i in range(end, len(norm.tokens)):
        if norm.tokens[i] == BREAK:
            start, stop = norm.spans[i]
            return "?" in norm.source[start:stop]
    return False


def _accepts(reading: Reading, offender: Ref | None) -> bool | None:
    offender_seat = reading.entities.compass(offender)
    # told, else in a question about what was done ("N accepted, is that ok?"),
    # never one asked ("asked whether he accepts; undecided")
    told = _answers_told(reading) or [
        s for s in acceptance_spans(reading.cues, reading.tokens)
        if not set(words_before(reading.tokens, s[0], 4, CLAUSE_STOPS)) & (_IF | _ABLE)
    ]
    if not told:
        short = _short_answer(reading)
        if short is not None:
            return short
    for start, end, said in told:
        value = (not said) if denied(reading.tokens, start, end) else said
        side = _side_before(reading, start)
        if side is not None:
            if offender_seat is None or offender_seat not in side:
                return value  # the offender's opponents, his LHO among them
            continue
        ref = _quoted_i(reading, start, _mention_near(reading, start, end, resolve=False))
        if ref is None and _relation_to_offender(
            reading, offender, _sentence_subject(reading, start)
        ) is Relation.PARTNER:
            continue  # "East hasn't bid yet and doesn't accept it": the offender's partner
        if ref is None or ref.pronoun:
            return value
        if offender is not None and same_player(reading, ref, offender):
            return value  # "1S (W) not accepted": the offender's call, passive
        rel = _relation_to_offender(reading, offender, ref)
        if rel is Relation.LHO or (rel is None and ref.subject is None and ref.seat is None):
            return value
        if offender is None and ref.seat is not None and reading.entities.calls:
            # "1C sur 1P, N a accepté": the call told, its maker not, his LHO named
            return value  # (not "West accepted" alone, an answer whose offender is known)
        if rel is Relation.RHO and ref.writer is Relation.SELF and ref.seat is None:
            return value  # "my LHO bid 1H over my 1S, I don't accept": for our side
        if rel is Relation.RHO and ref.bare and ref.writer is Relation.LHO:
            return value  # "pard passed out of turn, lho accepted": a note's LHO is the offender's
    return None


def _short_answer(reading: Reading) -> bool | None:
    """The answer told in a short sentence right after the acceptance was asked
    (``asked whether I wished to accept it. I did not.``, ``… s'il acceptait.
    Il a dit non.``): a refusal or an acceptance."""
    tokens = reading.tokens
    for start, end, _ in acceptance_spans(reading.cues, tokens):
        if not set(words_before(tokens, start, 6, CLAUSE_STOPS)) & _IF:
            continue
        stop = next((k for k in range(end, len(tokens)) if tokens[k] == BREAK), None)
        if stop is None:
            continue
        after = tokens[stop + 1 : stop + 7]
        ends = [k for k, t in enumerate(after) if t in (BREAK, COMMA)]
        answer = after[: ends[0]] if ends else None  # ("she didn't, so it was cancelled")
        if answer is None or not 1 <= len(answer) <= 4:
            continue
        words = set(answer)
        if words & {"not", "pas", "no", "non", "refused", "declined", "refuse", "refusa"}:
            return False  # "I did not.", "Il a dit non.", "He declined."
        if words & {"did", "yes", "oui", "accepted", "accepte"}:
            return True  # "He did.", "Oui."
    return None


def _sentence_subject(reading: Reading, start: int) -> Ref | None:
    """The player a sentence opens with, when no other is named before ``start``
    (``East hasn't bid yet and doesn't accept it``)."""
    tokens = reading.tokens
    opening = max((i + 1 for i in range(start) if tokens[i] == BREAK), default=0)
    named = [m for m in reading.entities.seats if opening <= m.start < start]
    if len(named) == 1 and named[0].start == opening and not named[0].ref.pronoun:
        return named[0].ref
    return None


def _answers_told(reading: Reading) -> list[tuple[int, int, bool]]:
    """The acceptances and refusals the text tells, not asks: "Sud accepte ?
    non, il refuse" (a question asks, the answer tells); "asked South if he
    accepted", "demande si elle acceptait" (a question too)."""
    tokens = reading.tokens
    return [
        s for s in acceptance_spans(reading.cues, tokens)
        if not _asked_at(reading.norm, s[1])
        and not set(words_before(tokens, s[0], 4, CLAUSE_STOPS)) & (_IF | _ABLE)
    ]  # fmt: skip  ("asked South whether he wished to accept it": a question;
    # "North could have accepted it by calling": his option explained)


def _second_acceptance(reading: Reading) -> bool | None:
    """27B4: what the LHO did with a second insufficient bid, told by a second
    acceptance or refusal (``S refuse. E corrige en 3♠, toujours insuffisant,
    et S refuse encore``, ``W happy to accept the 1H this time``)."""
    spans: list[tuple[int, int, bool]] = []
    for span in _answers_told(reading):
        if spans and span[0] < spans[-1][1]:
            continue  # "did not accept" holds "accept": one answer
        spans.append(span)
    if len(spans) < 2:
        return None
    start, end, said = spans[1]
    return (not said) if denied(reading.tokens, start, end) else said


_LEAD = frozenset({"lead", "led", "leading", "leads", "entame", "entamer", "entamee", "entamait"})
_LEAD_BEFORE = frozenset({"before", "avant", "until", "sans"})
_LEAD_AFTER = frozenset({"after", "apres", "since", "depuis"})
# The lead faced, told without the word: "at trick 1", "pendant le jeu de la carte".
_PLAY_STARTED = (("trick", "1"), ("first", "trick"), ("premier", "pli"), ("during", "play"),
                 ("during", "the", "play"), ("jeu", "de", "la", "carte"), ("trick", "one"),
                 ("fin", "de", "la", "donne"), ("apres", "la", "donne"), ("after", "the", "game"))
_YET = frozenset({"yet", "encore"})
_HAVE = frozenset({"a", "ai", "jai", "avait", "avons", "ont", "avais", "had", "has", "have"})
_DONE = frozenset({"faite", "fait", "made", "done", "faced", "etalee"})
_TURNED = frozenset({"retournee", "retourne", "faced", "visible"})


def lead_faced(reading: Reading) -> bool | None:
    """Whether the opening lead had been faced (17D1, 41A) as the text tells it:
    ``before the opening lead``, ``the lead hasn't been made``, ``West not lead
    yet``, ``entame pas encore faite`` say not; ``after the lead``, ``the lead
    was on the table``, ``at trick 1``, ``après l'entame`` say it had."""
    if reading.affirmed("@after_lead"):
        return True
    if reading.affirmed("@before_lead"):
        return False
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        if token not in _LEAD:
            continue
        before = set(tokens[max(0, i - 3) : i])
        after = [t for t in tokens[i + 1 : i + 6] if t not in (COMMA,)]
        if BREAK in after:
            after = after[: after.index(BREAK)]
        if before & _LEAD_BEFORE:
            return False
        if denied(tokens, i, i + 1) or set(after[:4]) & (NEGATORS | _CONTRACTED_NEGATORS):
            return False  # "not lead yet", "the lead hasn't been made", "entame pas faite"
        if before & _YET or set(after[:2]) & _YET:
            return False  # "yet to lead"
        if before & _LEAD_AFTER:
            return True
        if token == "led" or (after[:2] and after[0] in ("was", "is", "had", "has", "etait")
                              and token == "lead"):
            return True  # "I led", "the lead was on the table / faced"
        if i and tokens[i - 1] in _HAVE or (after and after[0] in _DONE):
            return True  # "mon partenaire a entamé", "entame faite"
        if set(after[:4]) & _TURNED:
            return True  # "à l'entame (elle était déjà retournée)", "the lead, already faced"
    text = " ".join(tokens)
    if any(" ".join(words) in text for words in _PLAY_STARTED):
        return True
    return None


def _unintended(reading: Reading) -> bool | None:
    """25A or 25B as the text tells it: a slip (``by mistake``, ``mauvais
    carton``, ``sans réflexion``, ``pulled 2S meaning 2NT``) or a change of
    mind (``changed his mind``, ``not a slip``, ``pas un carton mal pris``).
    A slip told (``il avait réfléchi, mais il a sorti le mauvais carton``) wins
    over words of thought; words of mere wanting (``he meant 3♦``, ``je
    voulais``) do not: a change of mind also wants another call. A slip both
    told and denied is left to ask."""
    tokens = reading.tokens
    # "if it was a slip he could change it": a hypothesis, not what happened
    slips = [
        s for s in reading.cues.get("@unintended", []) + reading.cues.get("@slip", [])
        if not _supposed(tokens, s[0])
    ]
    # "J'ai prétendu que c'était une erreur de carton": a claim, which counts
    # only where nothing else is told ("claims slip (wrong card)")
    claims = [s for s in slips if _claimed(tokens, s[0]) and not denied(tokens, *s)]
    spans = [s for s in slips if s not in claims]
    spans_denied = {s for s in spans if denied(tokens, *s) or _denied_with(tokens, s, spans)}
    told = [s for s in spans if s not in spans_denied]
    strong = [s for s in spans if not set(tokens[s[0] : s[1]]) <= _WANTING]
    # "not a slip", "pas une erreur mécanique" (not "not what I wanted")
    slip_denied = any(s in spans_denied for s in strong)
    strong = [s for s in strong if s in told]
    unthinking = thought = changed = False
    for start, end in reading.cues.get("@intended", []):
        if _supposed(tokens, start) or _claimed(tokens, start):
            continue
        # "it was not slip he just changed": the "not" denies the slip told between
        slips_not = any(0 <= start - e <= 3 and denied(tokens, s, e) for s, e in spans)
        if (denied(tokens, start, end) and not slips_not) or (
            start and tokens[start - 1] in _WITHOUT
        ):
            unthinking = True  # "sans réflexion", "without thinking"
        elif not _asked_at(reading.norm, end):
            thought = True  # not "… or is that really a change of mind?"
            changed |= bool(set(tokens[start:end]) & _MIND)
    # "he says he misspoke … the director decided it was a change of mind": the
    # director's finding, told as such, settles what the players claim
    directs = _writer_directs(tokens)
    slip_found = any(_directors_finding(tokens, start, directs) for start, _ in told)
    mind_found = any(
        _directors_finding(tokens, start, directs) and not denied(tokens, start, end)
        for start, end in reading.cues.get("@intended", [])
    )
    if slip_found != mind_found:
        return slip_found
    source = reading.norm.source
    cited: set[str] = set()
    set_aside: set[str] = set()
    for c in citations(reading.norm):
        denied_law = _NOT_CITED.search(source[max(0, c.start - 12) : c.start])
        (set_aside if denied_law else cited).add(c.ref[:3])  # "not 25A", "pas la 25A"
    if "25A" in set_aside and not cited & {"25A"}:
        cited.add("25B")  # the slip's Law set aside: a change of mind
    if "25A" in cited and "25B" not in cited:
        return True  # a director's note citing the Law he applied ("Allowed, L25A")
    if "25B" in cited and "25A" not in cited:
        return False
    if strong or unthinking:
        # "he says he misspoke, I think he changed his mind": both told, asked;
        # "not a mechanical error … he'd changed his mind": the slip denied, a change
        if slip_denied and changed:
            return False
        return None if slip_denied or changed else True
    if slip_denied or thought:
        return False  # "TD found a change of mind, not a slip", even "he meant 3♦"
    if told or claims:
        return True
    if reading.affirmed("@unintended_weak"):
        return True  # "2♥ au lieu de 2♠", unless a change of mind is said
    if any(set(tokens[max(0, c.start - 2) : c.start]) & _MEANING for c in reading.entities.calls):
        return True  # "pulled 2S meaning 2NT", "en voulant le 1♦"
    return None


_NOT_CITED = re.compile(r"\b(?:not|no|pas|non)\W+(?:(?:the|la|le|law|loi|l)\W+)*$", re.IGNORECASE)
#: A party's claim about the change, not what happened: "LHO insisted I had
#: changed my mind", "Ouest prétend qu'il a changé d'avis".
_CLAIMING = frozenset(
    {"insisted", "insists", "claimed", "claims", "alleged", "alleges", "accused", "argued",
     "argues", "suspects", "suspected", "pretend", "pretendait", "affirme", "affirmait",
     "soutient", "soutenait", "soupconne", "accuse", "persuade", "conteste", "contestent",
     "grumbled", "grumbles", "complained", "complains", "protested", "protests", "pretendu",
     "rale", "ralait", "grogne", "might", "disent", "contestaient", "contestait", "sure",
     "convinced", "convaincu", "convaincus", "convaincue", "certains", "persuades"}
)  # fmt: skip


def _claimed(tokens: tuple[str, ...], start: int) -> bool:
    return bool(set(words_before(tokens, start, 6)) & _CLAIMING)


#: A director's (or committee's) finding: "the TD ruled", "l'arbitre a conclu".
_FOUND = frozenset(
    {"decided", "ruled", "found", "concluded", "accepted", "agreed", "determined", "judged",
     "deemed", "satisfied", "convinced", "decide", "conclu", "admis", "retenu", "estime", "juge",
     "considere", "accepte", "tranche", "said", "says", "dit", "confirmed", "confirme"}
)  # fmt: skip
_FINDERS = _DIRECTOR | {"committee", "commission", "tribunal"}


def _denied_with(
    tokens: tuple[str, ...], span: tuple[int, int], spans: list[tuple[int, int]]
) -> bool:
    """``wasn't a stuck card or a slip``, ``ni un lapsus``: a slip word joined
    by "or"/"ni" to one the text denies is denied with it."""
    between = words_before(tokens, span[0], 3, CLAUSE_STOPS)
    if not set(between) & {"or", "nor", "ou", "ni"}:
        return False
    return any(0 < span[0] - e <= 3 and denied(tokens, s, e) for s, e in spans)


def _supposed(tokens: tuple[str, ...], start: int) -> bool:
    """Whether the words at ``start`` are only supposed, in their clause (``if
    it was a slip``, ``si c'était une erreur mécanique``, ``whether he changed his
    mind``, ``asked me whether I had just picked up the wrong card``)."""
    return bool(set(words_before(tokens, start, 7, CLAUSE_STOPS)) & _IF)


def _writer_directs(tokens: tuple[str, ...]) -> bool:
    """The writer is the director called to the table (``South called me``,
    ``I was called``, ``j'ai été appelé``, ``Ouest m'a appelé``)."""
    for i in range(len(tokens) - 1):
        if tokens[i : i + 2] == ("called", "ME") or tokens[i : i + 3] == ("ME", "was", "called"):
            return True
        if tokens[i] == "ME" and "appele" in tokens[i + 1 : i + 4]:
            return True
    return False


def _directors_finding(tokens: tuple[str, ...], start: int, writer_directs: bool = False) -> bool:
    """Whether the words at ``start`` are told as the director's finding: his
    name and a verb of finding just before, in the same sentence
    (``the director ruled it a slip``, ``l'arbitre a conclu à une erreur mécanique``;
    ``I was satisfied it was a mechanical error`` when the writer directs)."""
    window = words_before(tokens, start, 8)
    finders = _FINDERS | {"ME"} if writer_directs else _FINDERS
    for i, token in enumerate(window):
        if token in finders and set(window[i + 1 : i + 4]) & _FOUND:
            return True
    # "The director came over, asked me a few questions and decided it was a
    # slip", "She … decided it was a genuine mechanical error": the verb of
    # finding just before, its subject no player, the director told just before
    near = words_before(tokens, start, 6)
    if not set(near) & _FOUND:
        return False
    verb = start - len(near) + max(k for k, t in enumerate(near) if t in _FOUND)
    subject = [t for t in tokens[max(0, verb - 3) : verb] if t not in _LINKS]
    if subject and subject[-1] in SEATS | _PLAYER_WORDS:
        return False  # "West decided it was a slip"
    earlier = tokens[max(0, verb - 30) : verb]
    return bool(set(earlier) & _FINDERS) and earlier.count(BREAK) <= 1


_PLAYER_WORDS = frozenset({"ME", "PARTNER", "LHO", "RHO", "WE", "he", "il", "they", "ils"})
_LINKS = frozenset({"and", "et", "then", "puis", COMMA, "had", "has", "a", "avait"})


#: Words of a change of mind itself, not of mere thinking ("changed his mind", "changement d'avis").
_MIND = frozenset({"mind", "avis", "idee", "opinion", "misjudged", "misjudge"})
#: Slip words that only say another call was wanted, as a change of mind also does.
_WANTING = frozenset(
    {"wanted", "meant", "intending", "mistake", "wrong", "was", "voulait", "voulais", "erreur",
     "je", "ME", "mauvais", "mauvaise", "en", "voulant", "dire"}
)  # fmt: skip


_WITHOUT = frozenset({"sans", "without", "no"})
_MEANING = frozenset({"meant", "meaning", "intending", "intended", "visait", "voulant"})


_OTHER_SIDE = {"declaring": "defending", "defending": "declaring"}
# Before a lead word, these make it the time of the lead (``before the opening
# lead``, ``après l'entame``), not the player who leads.
_LEAD_AS_TIME = frozenset(
    {"the", "opening", "la", "l", "le", "before", "after", "avant", "apres", "first", "premier",
     "premiere", "until", "since", "depuis", "sans"}
)  # fmt: skip


def _same_side(reading: Reading, a: Ref | None, b: Ref) -> bool | None:
    """Whether ``b`` sits on ``a``'s side (``we``: the writer's), when the text tells."""
    other = Ref(writer=Relation.SELF) if b.ours else b
    rel = relation(reading.entities, a, other)
    if rel is None:
        return None
    return rel in (Relation.SELF, Relation.PARTNER)


def _side_of_offender(
    reading: Reading, offender: Ref | None, call: CallMention | None = None
) -> str | None:
    """Law 39: the offender's side as a player is told declaring or defending
    (``S défendra``, ``E/W defend``, ``North is declarer``, ``we were the
    declarers``) or on lead (``North, who had to lead``, ``W hasn't led yet``:
    a defender), the same for the offender's side, the other for his
    opponents; else the side that made the contract's bid (``4♠ by N``)."""
    if offender is None:
        return None
    tokens = reading.tokens
    spans = sorted(
        [(s, "defending") for s, _ in reading.cues.get("@defending", [])]
        + [(s, "declaring") for s, _ in reading.cues.get("@declaring", [])]
    )
    seats = reading.entities.seats
    for mention in seats:
        if mention.ref.pronoun or not (mention.ref.known or mention.ref.ours):
            continue
        window = list(tokens[mention.end : mention.end + 5])
        for k, token in enumerate(window):
            # the words about this player end at the clause or at the next player named
            relative = token == COMMA and window[k + 1 : k + 2] in (["who"], ["qui"])
            if token == BREAK or (token == COMMA and not relative) or any(
                m.start == mention.end + k for m in seats
            ):
                window = window[:k]
                break
        near = [told for s, told in spans if mention.end <= s < mention.end + min(3, len(window))]
        if near:
            if denied(tokens, mention.end, mention.end + 1):
                continue
            told = near[0]
        elif any(
            t in _LEAD and (k == 0 or window[k - 1] not in _LEAD_AS_TIME)
            for k, t in enumerate(window)
        ):
            told = "defending"  # the player on lead, who led or is yet to lead, defends
        else:
            continue
        same = _same_side(reading, offender, mention.ref)
        if same is not None:
            return told if same else _OTHER_SIDE[told]
    return _side_of_contract(reading, offender, call)


def _side_of_contract(
    reading: Reading, offender: Ref | None, call: CallMention | None
) -> str | None:
    """After the final pass (39), the side that made the last bid told before
    the call (``auction ended 4♠ by N``, ``I opened 1NT, P P P``) declares."""
    calls = reading.entities.calls
    if offender is None or call is None or call not in calls:
        return None
    bids = [
        c for c in calls[: calls.index(call)]
        if c.call.is_bid and c.caller is not None and c.caller.known and not c.caller.pronoun
    ]  # fmt: skip
    if not bids or bids[-1].caller is None:
        return None
    same = _same_side(reading, offender, bids[-1].caller)
    if same is None:
        return None
    return "declaring" if same else "defending"


_SUITS = frozenset({"♣", "♦", "♥", "♠"})
# Ranks written by letter next to a suit: ``♠K``, ``R♠``, ``V♦``, ``SK`` (English
# and French letters; ``a``/``t`` only after the suit, where no article stands).
_HONOUR_AFTER_SUIT = frozenset({"a", "k", "q", "j", "t", "r", "d", "v", "10"})
_HONOUR_BEFORE_SUIT = frozenset({"k", "q", "j", "r", "d", "v"})
_LOW_RANKS = frozenset(str(n) for n in range(2, 10))
_OF = frozenset({"of", "de", "d"})
_SHOWN = ("expos", "tomb", "fell", "face", "drop", "visible", "montr", "shown")
#: Before "a card" named by rank and suit: the verb that showed it ("showed the 5♦").
_SHOWING = (*_SHOWN, "showed", "flashed", "revealed", "laisse")
#: Before a card's rank: "le 2♥", "a 4♣", "the QH".
_A_CARD = frozenset({"le", "la", "un", "une", "1", "the", "a", "his", "her", "son", "sa"})
# After a lead word, these make it a rule named, not a card led ("lead restrictions").
_LEAD_NAMED = frozenset({"restrictions", "restriction", "penalty", "out"})
_THOUGHT = frozenset({"thought", "croyait", "pensait", "cru", "pense", "thinking"})


def _cards_named(tokens: list[str]) -> dict[tuple[str, str], bool]:
    """The cards a text names by rank and suit (``♠K``, ``V♦``, ``the 3 of clubs``,
    ``son as de ♠``, ``SK``), each with whether it is an honour."""
    found: dict[tuple[str, str], bool] = {}
    for i, token in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        before = tokens[i - 1] if i else ""
        if token in _SUITS:
            if before in _LOW_RANKS or before == "1":
                # "1♠", "4♥" are bids, unless told as a card ("carte 4♣", "2♦ exposé")
                ahead = tokens[i - 2] if i >= 2 else ""
                shown_before = ahead in _A_CARD and i >= 3 and any(
                    t.startswith(_SHOWING) for t in tokens[max(0, i - 5) : i - 2]
                )  # "Nord a montré le 2♥", "E dropped a 4♣"
                if before != "1" and (
                    ahead in _CARD_WORDS | _SMALL or nxt.startswith(_SHOWN) or shown_before
                ):
                    found[(token, before)] = False
                continue
            if nxt in _HONOUR_AFTER_SUIT:
                found[(token, nxt)] = True
            elif nxt in _LOW_RANKS:
                found[(token, nxt)] = False
            elif before in _HONOUR_BEFORE_SUIT:
                found[(token, before)] = True
            elif before in _OF and i >= 2 and (tokens[i - 2] in _HONOURS or tokens[i - 2] == "10"):
                found[(token, tokens[i - 2])] = True
            elif before in _OF and i >= 2 and tokens[i - 2] in _LOW_RANKS:
                found[(token, tokens[i - 2])] = False
        elif len(token) == 2 and token[0] in "shdc" and token[1] in "kqj":
            found[(token[0], token[1])] = True  # "SK", "HQ" (not "sa", "ca": words)
        elif len(token) == 2 and token[0] in "kqj" and token[1] in "shdc" and before in _A_CARD:
            found[(token[1], token[0])] = True  # "the QH", "le KS"
    return found


def _cards(reading: Reading) -> str | None:
    """Law 24: the cards exposed during the auction: a card led (a lead word
    not denied, hypothetical or naming a rule), several (two cards named,
    ``three of the cards``, ``plusieurs``), else one honour or one low card."""
    tokens = [t for t in reading.tokens if t not in (COMMA, BREAK)]
    for i, token in enumerate(tokens):
        if token not in _LEAD or denied(tuple(tokens), i, i + 1):
            continue
        if tokens[i + 1 : i + 2] and tokens[i + 1] in _LEAD_NAMED:
            continue
        if set(tokens[max(0, i - 5) : i]) & (_THOUGHT | {"pas", "not", "no", "sans"}):
            continue
        return "led"
    named = _cards_named(tokens)
    if len(named) >= 2:
        return "several"
    for i, token in enumerate(tokens):
        if token in _SEVERAL:
            return "several"
        if token.isdecimal() and 2 <= int(token) <= 13 and tokens[i - 1 : i] != ["of"]:
            for word in tokens[i + 1 : i + 6]:  # "3 cartes", "three of his cards"
                if word in STRAINS or len(word) == 1:
                    break  # "2 ♠", "24 B": a card or a Law, not a count
                if word in _CARD_WORDS:
                    return "several"
    if named:
        return "one_honour" if next(iter(named.values())) else "one_low"
    if any(t in _HONOURS for t in tokens):
        return "one_honour"
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else ""
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token in _SMALL:
            return "one_low"
        if token.isdecimal() and before not in _BOARD_WORDS and nxt not in _CARD_WORDS:
            value = int(token)
            if value == 10:
                return "one_honour"
            if 2 <= value <= 9 and nxt not in ("♣", "♦", "♥", "♠", "NT"):
                return "one_low"
    return None


_BY_OR_WITH = frozenset({"par", "by", "with", "for", "avec", "en", "to", "pour"})


def _replacement(
    reading: Reading, call: CallMention | None, offender: Ref | None = None
) -> str | None:
    """27B: the replacement the offender names (``il veut corriger en 4♣``), or
    the call he makes after the refusal (``Sud refuse, Est dit alors 1SA``)."""
    if call is None or not call.call.is_bid:
        return None
    tokens = reading.tokens
    if any(t in _PASSING for end in _replacing_marks(reading, call) for t in tokens[end : end + 3]):
        return "pass"  # "choisi de passer", "decided to pass"
    chosen_at = _replacing(reading, call, offender)
    if chosen_at is None:
        return "undecided" if reading.affirmed("@undecided") else None
    chosen = chosen_at.call
    if chosen.is_pass:
        return "pass"
    if not chosen.is_bid:
        # a double can be the comparable call (27B1(b), 23A) when the text says so
        judged = [sp for sp in _judged_comparable(reading) if not denied(tokens, *sp)]
        return "comparable" if judged else "double_redouble"
    others = [
        c for c in reading.entities.calls
        if c.call.is_bid and c.call != call.call and c is not chosen_at
        and not (c.call == chosen and c.start > chosen_at.start)
        and not only_meant(reading.tokens, c.start)
    ]  # fmt: skip  (a call named again, "son 2♣ était artificiel", is not another bid;
    # "N 1♥, E 1♦ … E dit alors 1♥": the same bid as North's, still insufficient)
    # the bid it was insufficient against: the highest told before it, the same
    # bid among them ("E ouvre 1♣, Sud dit 1♣ aussi"); else one told later,
    # before the replacement ("S bid 1H over 1S, then 2H"), not a later call
    before = [
        c.call for c in reading.entities.calls
        if c.call.is_bid and c.start < call.start and not only_meant(tokens, c.start)
    ] or [c.call for c in others if c.start < chosen_at.start] or [c.call for c in others]
    if not before or call.call.strain is None:
        return None
    last = max(before, key=lambda b: (b.level, b.strain))
    if last.strain is None or chosen.strain is None:
        return None
    if not chosen.outranks(last):
        return "insufficient"
    level = last.level if call.call.strain > last.strain else last.level + 1
    if chosen.strain == call.call.strain and chosen.level == level:
        # 27B1(a) as the director judged it: "the TD said comparable" is 27B1(b),
        # "not comparable" (an artificial call) 27B2
        spans = _judged_comparable(reading)
        said = [sp for sp in spans if not denied(tokens, *sp)]
        if len(said) < len(spans):
            return None if said else "other_bid"  # "not comparable"; both told: asked
        if any("comparable" in tokens[s:e] for s, e in said):
            return "comparable"  # "same meaning" alone is still the lowest bid (27B1(a))
        return "lowest_same_denomination"
    # Any other legal bid: whether it is comparable (27B1(b), 23A) is the
    # director's judgement. Read only when the text says it either way; else
    # left open, so the ruling offers both and never bars a partner unasked.
    if reading.affirmed("@comparable"):
        return "comparable"
    if reading.cues.get("@comparable") or reading.affirmed("@obliged"):
        # "not comparable", "pas le même sens"; the partner told barred (27B2)
        return "other_bid"
    return None


def _replacing_marks(reading: Reading, call: CallMention) -> list[int]:
    """Where the lexicon's phrases or any replacing or choosing word told after
    the call end: "replaced by pass", "I chose 3NT", "il a choisi 3♣", "corrige en 2♥"."""
    tokens = reading.tokens
    marks = [end for _start, end in reading.cues.get("@replacement", [])]
    marks += [
        i + 1 for i in range(call.end, len(tokens))
        if tokens[i] in _CHOOSING and not only_meant(tokens, i)
    ]  # fmt: skip
    return sorted(marks)


def _replacing(
    reading: Reading, call: CallMention, offender: Ref | None, wished: bool = False
) -> CallMention | None:
    """27B: the call that replaces the insufficient bid, named after a replacing
    word or made by the offender after the refusal; with ``wished``, also one
    only wished for (``I'd like to double instead``)."""
    tokens = reading.tokens
    for end in _replacing_marks(reading, call):
        after = [
            c for c in reading.entities.calls
            if end <= c.start <= end + 2 and c.start > call.start
            and not only_offered(tokens, c.start)
        ]  # fmt: skip
        if after and after[0].call == call.call:
            # "a remplacé son 1♦ par 2♦", "replaced his 1D with 2D": the call named is
            # the one replaced; the replacement follows "par"/"by"/"with"
            after = [
                c for c in reading.entities.calls
                if after[0].end < c.start <= after[0].end + 3 and c.call != call.call
                and set(tokens[after[0].end : c.start]) & _BY_OR_WITH
            ]  # fmt: skip
        if after:
            return after[0]
    return _made_after_refusal(reading, call, offender, wished)


def _judged_comparable(reading: Reading) -> list[tuple[int, int]]:
    """The words of comparability told as the director's judgement, not asked
    or supposed (``would the double be comparable?``, ``si c'est comparable``)."""
    tokens = reading.tokens
    found = []
    for start, end in reading.cues.get("@comparable", []):
        clause = words_before(tokens, start, 8, CLAUSE_STOPS)
        supposed = set(clause) & (_IF | _OPTIONAL) or any(
            a == "se" and b in ("il", "ils") for a, b in zip(clause, clause[1:], strict=False)
        )  # "s'il montre une main comparable", "he could also double if comparable"
        if not _asked_at(reading.norm, end) and not supposed:
            found.append((start, end))
    return found


_OPTIONAL = frozenset(
    {"could", "might", "may", "pourrait", "pourra", "peut", "choix", "choice", "option",
     "options", "either", "soit"}
)  # fmt: skip


_CHOOSING = frozenset(
    {"chose", "chosen", "choose", "chooses", "choisi", "choisit", "decided", "decide", "decides",
     "finit", "finally", "finalement", "eventually",
     "opted", "elected", "replaced", "remplace", "remplacee", "corrects", "corrige", "corrigee",
     "changed", "substituted", "settled"}
)  # fmt: skip
_PASSING = frozenset({"passer", "passing", "pass", "passe", "passed"})


_SELF_CORRECTION = frozenset(
    {"then", "puis", "alors", "sorry", "pardon", "oops", "corrected", "corrige", "changed",
     "change", "replaced", "remplace", "instead", "put", "pose", "met", "mis",
     # the director called: the offender's next call is the rectification
     "director", "arbitre", "td"}
)  # fmt: skip


def _made_after_refusal(
    reading: Reading, call: CallMention, offender: Ref | None, wished: bool = False
) -> CallMention | None:
    """The offender's next call, told after the LHO refused the insufficient bid
    (with ``wished``, one he is told wanting to make)."""
    refusal = refusal_end(reading.cues, reading.tokens)
    refused = refusal < len(reading.tokens)
    cut = max(refusal, call.end) if refused else call.end
    for later in reading.entities.calls:
        if later.start < cut:
            continue
        if not refused and not set(reading.tokens[call.end : later.start]) & _SELF_CORRECTION:
            return None  # "1♦ ... then put out 2♦": only a correction told as one
        if later.start and reading.tokens[later.start - 1] in _REFERENCE:
            continue
        if only_offered(reading.tokens, later.start) and not wished:
            continue
        caller = later.caller
        if caller is None or caller.pronoun:
            return later
        if offender is not None and same_player(reading, caller, offender):
            return later
        return None  # someone else called next: not a replacement told
    return None


def same_player(reading: Reading, a: Ref, b: Ref) -> bool:
    """``a`` and ``b`` name the same player (``I`` and ``South`` when I am South)."""
    if a == b:
        return True
    seat = reading.entities.compass(a)
    return seat is not None and seat == reading.entities.compass(b)


def law_reference(reading: Reading) -> dict[str, str]:
    """``law_ref`` (``27B1(a)``) or ``law_query`` (the words asked about)."""
    cited = citations(reading.norm)
    if cited:
        return {"law_ref": cited[0].ref}
    tokens = reading.tokens
    start = None
    if reading.command:
        return {"law_query": reading.command.strip(" ?!.")} if reading.command.strip() else {}
    spans = reading.cues.get("@law_topic", [])
    if spans:
        start = spans[0][1]
    if start is None:
        # "stop card rule", "loi enchère insuffisante": a few words and a law word
        topic = [i for i, t in enumerate(tokens) if t not in LAW_NOUNS and t not in (BREAK, COMMA)]
        if len(tokens) > 6 or len(topic) == len(tokens) or all(
            tokens[i] in _NO_TOPIC for i in topic
        ):
            return {}  # "which law?", "texte de la loi", "show me the rules": no topic
        pieces = dict.fromkeys(reading.norm.spans[i] for i in topic)  # "IB": 2 tokens, 1 word
        words = " ".join(reading.norm.source[a:b] for a, b in pieces).strip(" ?!.,:")
        return {"law_query": words} if words else {}
    while start < len(tokens) and tokens[start] in _QUERY_SKIP:
        start += 1
    end = start
    while end < len(tokens) and tokens[end] not in _QUERY_STOP:
        end += 1
    words = reading.norm.original(start, end).strip(" ?!.,")
    return {"law_query": words} if words else {}


def facts_for(reading: Reading, irregularity: str | None) -> dict[str, Any]:
    """The contract's facts for ``irregularity`` that the text states."""
    facts: dict[str, Any] = {}
    entities = reading.entities
    if irregularity is None:
        return facts
    if irregularity == "law_lookup":
        return law_reference(reading)
    kind = Irregularity(irregularity)
    derivation = reading.derivation
    derived = replayed_as(reading, kind)
    # four passes offend nobody (Law 22B)
    offender = None if kind is I.PASSED_OUT else offender_of(reading, irregularity)
    call = irregular_call(reading, irregularity)
    relevant = RELEVANT.get(kind, frozenset())
    offender_seat = entities.compass(offender)
    if derived and derivation is not None and None not in (offender_seat, derivation.offender) and (
        offender_seat != derivation.offender
    ):
        # the replay found the irregularity at another player's ("E corrects his
        # 2♠; S withdraws his X and bids 3♣"): the text's offender rules, and the
        # replay's reading of the calls around him is not his
        derived = False

    if offender is not None:
        seat = _seat_name(entities, offender)
        if seat is not None:
            facts["offender"] = seat
        elif offender.writer is not None:
            facts["offender_relative"] = offender.writer.value
    if kind == I.MISINFORMATION:
        facts.update(_misinformed(reading, offender))
        if "who_noticed" in facts:
            facts.pop("offender_relative", None)  # the writer's side explained
    if kind in CALL_IRREGULARITIES or kind == I.SIMULTANEOUS_CALLS:
        first_made = (
            _first_made_in_sequence(reading, offender_seat)
            if kind == I.CHANGE_OF_CALL else None
        )  # fmt: skip
        if first_made is not None:
            facts["call"] = str(first_made)
        elif kind == I.CHANGE_OF_CALL and derived and call is not None:
            facts["call"] = str(call.call)  # the replayed call is the one changed to
        elif derived and derivation is not None and derivation.irregular_call is not None:
            facts["call"] = str(derivation.irregular_call)
        elif call is not None:
            facts["call"] = str(call.call)
    dealer = _seat_name(entities, entities.dealer)
    if dealer is not None and not reading.virtual_anchor:
        facts["dealer"] = dealer
    # Regular calls told around a change of call, a remark, an explanation are
    # context: replayed, they would show no irregularity and refute the text.
    context_only = derivation is not None and derivation.irregularity is None and kind in (
        I.CHANGE_OF_CALL, I.UNAUTHORIZED_INFORMATION, I.MISINFORMATION,
        I.CARD_EXPOSED_DURING_AUCTION, I.AUCTION_REVIEW,
    )
    if (
        reading.compass_calls and (len(reading.compass_calls) > 1 or dealer is not None)
        and not context_only
    ):  # fmt: skip
        facts["calls"] = [{"seat": s.name, "call": str(c)} for s, c in reading.compass_calls]

    text_facts: dict[str, FactValue] = {}
    if "turn_of" in relevant:
        holder = _turn_holder(reading, offender)
        # "pard passed, LHO's turn": his LHO or mine? asked, not guessed
        unsure = _bare_side_of_another(holder, offender)
        rel = _relation_to_offender(reading, offender, holder)
        if rel is None and _writer_is_the_caller(reading, offender, call, holder):
            assert holder is not None
            rel = holder.writer  # "contre au tour de mon partenaire": the writer doubled
        if rel is None:
            rel = _relation_to_offender(reading, offender, _first_after_refusal(reading)[0])
        if rel is None and _first_call_told(reading, call):
            # the first call of the auction made by another than the dealer:
            # it was the dealer's turn (``opened 1♥, the dealer was me``)
            rel = _relation_to_offender(reading, offender, entities.dealer)
        if rel is None and kind in _OUT_OF_ROTATION:
            rel = _skipped(reading, offender, call)
        if rel is not None and rel is not Relation.SELF and not unsure:
            text_facts["turn_of"] = rel.value
    next_caller, next_call = _first_after_refusal(reading)
    if next_call is not None and _relation_to_offender(
        reading, offender, next_caller
    ) is Relation.RHO:
        # 31A: what the offender's RHO, whose turn it was, did after the refusal;
        # told after it, so not before the director ruled (28B)
        text_facts["rho_action"] = "pass" if next_call.is_pass else "call"
        text_facts["correct_player_called"] = False
    elif kind in _OUT_OF_ROTATION and call is not None and (
        refusal_end(reading.cues, reading.tokens) < len(reading.tokens)
    ):
        # "W opened out of turn, N refused … S then passed", "did not want to
        # accept it … East then passed": the RHO, whose turn it was, told
        # calling after the call and the refusal (31A)
        cut = max(call.end, refusal_end(reading.cues, reading.tokens))
        for later in reading.entities.calls:
            if later.start < cut or later.caller is None or later.caller.pronoun:
                continue
            if _relation_to_offender(reading, offender, later.caller) is Relation.RHO:
                text_facts["rho_action"] = "pass" if later.call.is_pass else "call"
                text_facts["correct_player_called"] = False
                break
    if (
        kind in _OUT_OF_ROTATION and call is not None and "correct_player_called" not in text_facts
        and refusal_end(reading.cues, reading.tokens) == len(reading.tokens)
    ):  # fmt: skip
        # 28B: the player whose turn it was told calling next, before any rectification
        holder = _turn_holder(reading)
        if holder is None and _first_call_told(reading, call):
            holder = entities.dealer  # the first call: it was the dealer's turn
        for later in reading.entities.calls:
            if later.start < call.end or later.caller is None or not later.caller.known:
                continue
            if later.caller.pronoun or {"avant", "before"} & set(
                reading.tokens[max(call.end, later.start - 5) : later.start]
            ):
                continue  # "avant que l'adversaire de droite passe": not a call made
            if _relation_to_offender(reading, offender, later.caller) is Relation.RHO or (
                holder is not None and same_player(reading, later.caller, holder)
            ):
                text_facts["correct_player_called"] = True
            break
    if kind in _OUT_OF_ROTATION:
        before = _offender_called_before(reading, offender, call)
        if before is not None:
            text_facts["offender_called_before"] = before
    if kind in _OUT_OF_ROTATION:
        judged = _comparable_judged(reading)
        if judged is not None:
            text_facts["comparable"] = judged
    # A list of calls replayed by the rules core says itself who called after
    # the irregular call; the words around the calls only for a narrative.
    listed = derived and not reading.virtual_anchor
    # 21B: who called since is seen from the misinformed player, not the explainer
    since_whom = _victim(reading, facts, offender) if kind == I.MISINFORMATION else offender
    called = {} if listed else _called_since(reading, since_whom, call)
    if listed and _replay_ends_with_it(reading) and _called_since(reading, since_whom, call).get(
        "lho"
    ):
        called["lho"] = True  # "E bid 1♠ over N's 1NT, S called over it": no call listed after
    if kind in _ACCEPTED_BY_CALLING:
        accepted = _accepts(reading, offender)
        if accepted is None and "lho" in called and called["lho"]:
            accepted = True
        if accepted is not None:
            text_facts["lho_accepts"] = accepted
        if accepted is False and not listed and "correct_player_called" not in text_facts:
            # A refusal told with no call by anyone before it: the player in
            # turn had not called when the director ruled (28B does not apply).
            if not _called_before_refusal(reading):
                text_facts["correct_player_called"] = False
    if called.get("rho") is False and "rho_action" in relevant and "rho_action" not in text_facts:
        # 31A/32A: the RHO, whose turn it was, told not to have called yet
        # ("Nord n'a pas encore parlé"): both courses are set out
        text_facts["rho_action"] = "undecided"
    if "lho" in called:
        text_facts["lho_called_since"] = called["lho"]
    if "partner" in called:
        text_facts["partner_called_since"] = called["partner"]
    elif called.get("lho") is False:
        # the partner calls after the LHO: "S has not called" says he has not either
        text_facts["partner_called_since"] = False
    if kind == I.WRONG_BOARD and two_boards(reading) and _card_holder(reading) is None:
        # Law 15 (2017 15B, 2007 15C): the whole table is on a board not
        # designated for the round, not one player holding wrong cards
        # ("N's hand turns out to be from board 15" is 15A, two boards named).
        text_facts["whole_table"] = True
        if reading.cues.get("@not_played_before"):
            text_facts["previously_played"] = False
        elif reading.affirmed("@played_before"):
            text_facts["previously_played"] = True
    artificial, natural = reading.affirmed("@artificial"), reading.affirmed("@natural")
    if kind is I.INSUFFICIENT_BID and call is not None:
        # 27B1: the insufficient bid's own meaning, not another call's told beside it
        # ("S dit 2♦ (Texas), et moi je dis 2♣ … insuffisant")
        artificial = _told_of(reading, artificial, call)
        natural = _told_of(reading, natural, call)
        if artificial and natural and _nearest(natural, call) < _nearest(artificial, call):
            artificial = []  # "their 2♦ is natural (Landy only on 2♣)": the nearer word
    if artificial:
        text_facts["artificial"] = True
    elif natural:
        text_facts["artificial"] = False
    unintended = _unintended(reading)
    if unintended is not None:
        text_facts["unintended"] = unintended
    out_of_turn = reading.cues.get("@out_of_turn", [])
    in_turn = [
        s for s in reading.affirmed("@in_turn")
        if not any(a <= s[0] < b or s[0] <= a < s[1] for a, b in out_of_turn)
    ]  # fmt: skip
    if any(
        not denied(reading.tokens, s) or reading.tokens[s] in ("pas", "not")
        for s, _ in out_of_turn
    ):  # "qui n'était pas à son tour": the "ne" is the cue's own negation
        text_facts["in_rotation"] = False
        text_facts["out_of_rotation"] = True
    elif in_turn or out_of_turn:
        text_facts["in_rotation"] = True
        text_facts["out_of_rotation"] = False
    faced = lead_faced(reading)
    if faced is not None:
        text_facts["after_opening_lead"] = faced
    side = _side_of_offender(reading, offender, call if kind is I.CALL_AFTER_FINAL_PASS else None)
    declaring, defending = reading.affirmed("@declaring"), reading.affirmed("@defending")
    if kind is I.MISINFORMATION and offender is None:
        side = side or _explaining_role(reading)
    if side is not None:
        text_facts["offender_side"] = side
    elif declaring and not defending:
        text_facts["offender_side"] = "declaring"
    elif defending and not declaring:
        text_facts["offender_side"] = "defending"
    if faced is not True and reading.affirmed("@auction_going") or faced is False:
        # "enchères en cours"; "the auction is over and I am on lead": the lead
        # is not faced yet, so the auction period (17D1) is not over.
        text_facts["auction_over"] = False
    elif faced or reading.affirmed("@auction_over"):
        text_facts["auction_over"] = True
    elif kind is I.MISINFORMATION and False in called.values():
        # "before West called, South's mistake came out": a player still to call,
        # the auction was going on (21B1)
        text_facts["auction_over"] = False
    if kind is I.CARD_EXPOSED_DURING_AUCTION:
        cards = _cards(reading)
        if cards is not None:
            text_facts["cards"] = cards
    if kind is I.INSUFFICIENT_BID:
        replacement = _replacement(reading, call, offender)
        if replacement is not None:
            text_facts["replacement"] = replacement
            # 27B: the offender replaces his bid only when his LHO did not accept it
            text_facts.setdefault("lho_accepts", False)
        elif call is not None:
            # "I'd like to double instead", "remplacé par 3♦ en saut": the kind of
            # the replacement told, its comparability (23A) left to the director
            told = _replacing(reading, call, offender, wished=True)
            if told is not None and told.call.kind.value in FACTS["replacement_call_kind"]:
                text_facts["replacement_call_kind"] = told.call.kind.value
                text_facts.setdefault("lho_accepts", False)
                bid, made = told.call, call.call
                if bid.is_bid and (bid.strain != made.strain or bid.level > made.level + 1):
                    # another strain, or a jump: never the lowest bid in the strain named
                    text_facts["same_strain_lowest"] = False
        if replacement == "insufficient":
            second = _second_acceptance(reading)
            if second is not None:
                text_facts["lho_accepts_replacement"] = second
    if call is not None and "call_kind" in relevant:
        text_facts["call_kind"] = call.call.kind.value
    if kind is I.PASS_OUT_OF_ROTATION and reading.compass_calls and offender is not None:
        # "après l'ouverture 1♣ de Nord": a bid named before the pass (in table order)
        seat = _seat_name(entities, offender)
        passes = [i for i, (s, c) in enumerate(reading.compass_calls)
                  if c.is_pass and s.name == seat]
        if passes and any(c.is_bid for _, c in reading.compass_calls[: passes[0]]):
            text_facts["any_bid_before"] = True
    if kind is I.PASS_OUT_OF_ROTATION and "any_bid_before" not in text_facts:
        before = _bid_before_the_pass(reading, offender)
        if before is not None:
            text_facts["any_bid_before"] = before
    for cue, fact, value in _PROCEDURE_CUES:
        if fact not in text_facts and reading.affirmed(cue):
            text_facts[fact] = value

    for fact, value in text_facts.items():
        if fact in relevant and value in FACTS[fact]:
            facts[fact] = value
    # Calls told relative to the writer ("my partner doubled my 1♠") are a
    # narrative, not a list of every call: they name the irregularity, but
    # whose turn it was and who called since are not theirs to say.
    if derived and derivation is not None and not reading.virtual_anchor:
        for fact, value in derivation.facts.items():
            if fact in _CALLS_TELL_BETTER:
                facts[fact] = value  # the listed calls, replayed, know who called after
            elif fact in FACTS:
                facts.setdefault(fact, value)
    if (
        kind is I.INSUFFICIENT_BID and derivation is not None and "dealer" in derivation.assumed
        and derivation.facts.get("in_rotation") is False and len(reading.compass_calls or ()) == 2
        and "in_rotation" not in text_facts and _turn_holder(reading) is None
    ):  # fmt: skip
        # "my LHO bid 2H over my partner's 2S": two calls told, the dealer
        # guessed; the calls between them untold, not proof of a bid out of turn
        for fact in ("in_rotation", "out_of_rotation", "turn_of", "offender_called_before",
                     "any_bid_before", "calls"):
            facts.pop(fact, None)
    if "calls" in facts and derivation is not None:
        # The core replays the calls given with the facts. When the words tell
        # a call after the last one listed (``Sud avait déjà passé derrière``),
        # the list is incomplete: the words rule and the calls are set aside.
        # So do words telling a bid before (``the auction had begun with 1♦``).
        said = _said_called_since(reading, offender) if listed else {
            f for f in _CALLS_TELL_BETTER if text_facts.get(f) is True
        }
        said |= {f for f in _SHOWN_BY_CALLS - _CALLS_TELL_BETTER if text_facts.get(f) is True}
        after = [
            f for f in sorted(said & relevant)
            if derivation.facts.get(f) is False
        ]  # fmt: skip
        if after:
            del facts["calls"]
            facts.update(dict.fromkeys(after, True))
            return facts
    return facts


def _nearest(spans: list[tuple[int, int]], call: CallMention) -> int:
    """How many words the nearest of ``spans`` is from ``call``."""
    return min(min(abs(start - call.end), abs(call.start - end)) for start, end in spans)


def _same_strain(mention: CallMention, call: CallMention) -> bool:
    """The same call, or a bid in the same strain (an insufficient bid's replacement)."""
    return mention.call == call.call or (
        mention.call.is_bid and call.call.is_bid and mention.call.strain == call.call.strain
    )


def _told_of(
    reading: Reading, spans: list[tuple[int, int]], call: CallMention
) -> list[tuple[int, int]]:
    """The spans (an "artificial", a "natural") told of ``call``, wherever it
    or its replacement in the same strain is named (``his 2♣ is Stayman``,
    ``he corrects to 2H, natural``): a few words after it, or just before it,
    with no other call between."""
    maker = call.caller if call.caller is not None and call.caller.known else None
    named = [
        c for c in reading.entities.calls
        if _same_strain(c, call) and not (
            maker is not None and c.caller is not None and c.caller.known
            and not same_player(reading, c.caller, maker)
        )
    ]  # fmt: skip  (not East's strong 2♣ when North's 2♣ is the insufficient bid)
    starts = [c.start for c in reading.entities.calls if c not in named]
    kept = []
    for start, end in spans:
        for mention in named:
            if mention.end <= start <= mention.end + 8:
                between = (mention.end, start)
            elif 0 <= mention.start - end <= 3:
                between = (end, mention.start)
            else:
                continue
            if not any(between[0] <= s < between[1] for s in starts):
                kept.append((start, end))
                break
    return kept


#: Facts the replayed calls establish more reliably than the words around them.
_CALLS_TELL_BETTER = frozenset({"lho_called_since", "partner_called_since"})
#: Facts the core derives from the calls themselves (whose turn, who called before and since).
_SHOWN_BY_CALLS = _CALLS_TELL_BETTER | {"offender_called_before", "any_bid_before", "turn_of"}
