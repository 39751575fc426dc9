"""The conversation, front-end neutral: a message or a button press in, replies out.

Per chat (``ChatState``): the language, the edition, the incident being
built, the question on screen, the board left open after a ruling. A message
goes through the understanding, is folded into the incident, and the rules
core says what it still needs (one question, a button per value) or rules.
The engine never decides law: it only asks, merges and words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.i18n import LANGUAGES, N_, normalise_language, translator
from bot.render import (
    SEAT_NAMES,
    button_label,
    irregularity_title,
    question_text,
    ruling_texts,
)
from bot.understanding.data import fold as fold_text
from rules_core import (
    FACTS,
    Edition,
    Incident,
    IncidentError,
    Option,
    Question,
    Ruling,
    Seat,
    parse_call,
    rule,
)

from . import board as boards
from .card import (
    RELATIVE_NAMES,
    call_text,
    card_emphasis,
    card_laws,
    choice_label,
    fact_line,
    lowest_same_denomination,
    named_player,
    places_named,
    ruling_card,
    ruling_details,
    ruling_from_result,
)
from .comparable import (
    COMPARABLE_DATA,
    answer_index,
    comparable_step,
    helper_action,
    helps_with,
    incident_token,
    opening_step,
)
from .conflicts import calls_are_regular, explain_conflict
from .corrections import read_correction
from .laws import (
    LAW_DATA,
    SEED_DATA,
    excerpt_replies,
    excerpts_text,
    french_excerpts,
    french_lookup,
    law_actions,
    lookup_reply,
    one_excerpt,
    paragraph_titles,
    seed_excerpt,
)
from .menu import (
    LAW_TO_READ,
    group_label,
    group_of,
    kind_choices,
    likely_group,
    menu_choices,
    menu_values,
)
from .merge import (
    Statement,
    calls_beside_the_point,
    calls_end_the_auction,
    calls_show_irregularity,
    fold,
    looks_like_correction,
    read_statement,
    without_calls,
    without_later_calls,
)
from .replies import Action, Choice, QuestionView, Reply, parse_answer_data
from .state import ChatState, Draft, Pending

__all__ = ["Engine", "Turn", "LoggedRuling", "MAX_TEXT"]

#: Longer messages are not read: a description fits in a few sentences.
MAX_TEXT = 1500
#: A Law reference or a few words: longer is not a look-up ("/loi" + a pasted text).
MAX_LAW_QUERY = 100
#: How many candidates a "did you mean...?" offers.
CANDIDATES = 3
#: Button data under a card: its details (``det:<serial of the ruling>``).
DETAILS = "det:"
#: Button data under a question: what the incident holds so far.
RECAP = "recap"
#: Button data under the help: type example ``ex:<n>``.
EXAMPLE = "ex:"
#: The help's examples, one per usual incident (27, 31, 25).
EXAMPLES = (
    N_("North opened 1S, East bid 1H, South does not accept"),
    N_("North dealt; East bid 1H out of turn"),
    N_("West said 1H then changed it to 1S"),
)


@dataclass(frozen=True, slots=True)
class LoggedRuling:
    """What the ruling log keeps of one ruling."""

    edition: str
    description: str
    facts: dict[str, Any]
    ruling: dict[str, Any]


@dataclass(slots=True)
class Turn:
    """The replies to one input, and the rulings to log with it."""

    replies: list[Reply] = field(default_factory=list)
    logged: list[LoggedRuling] = field(default_factory=list)


#: Irregularities reported with the auction but rarely with its final passes.
_CALLS_WITHOUT_END = ("call_after_final_pass",)

#: A greeting alone gets the welcome, not the menu of irregularities.
_GREETINGS = {"bonjour", "bonsoir", "salut", "hello", "hi", "hey", "coucou", "good morning",
              "good evening", "bonjour arbitre", "hello arbitre"}
_YES = {"oui", "yes", "o", "y", "ok", "si", "exact", "correct"}
_NO = {"non", "no", "n", "nope"}


#: A yes or no opening a longer answer ("non, il refuse", "yes he accepted").
_ANSWER_WORD = re.compile(r"^\s*(?:oui|non|yes|no|nope)\b[\s,.;:!-]*(?=\S)", re.IGNORECASE)


def _fold(text: str) -> str:
    """Folded (one helper: the understanding's) and without punctuation."""
    return re.sub(r"[\s.!?,;:]+", " ", fold_text(text)).strip()


class Engine:
    """The dialogue rules. Stateless itself: every call takes the chat's state."""

    def __init__(self, classify: Callable[[str], Any], edition: str = "2017") -> None:
        self._classify = classify
        self.edition = str(Edition(edition))

    # --- entry points -------------------------------------------------------

    def new_state(self, language_code: str | None = None) -> ChatState:
        return ChatState(lang=normalise_language(language_code), edition=self.edition)

    def start(self, state: ChatState, argument: str | None = None) -> Turn:
        """/start; ``/start cmp`` (a deep link from a group's card) opens the
        comparable-call helper in the director's private chat."""
        opening = opening_step(argument, state.lang) if argument else None
        if opening is not None:
            return Turn([opening])
        t = translator(state.lang)
        text = t.gettext(
            "Hello! I am Arbitre, the director's aid for irregularities during the auction.\n"
            "Describe what happened in your own words, for example: \"East bid 1♥ over my 1♠, "
            "South does not accept\". I ask only what the Laws still need, then give the "
            "ruling with the text of the Law.\n"
            "Commands: /law 27B (read a Law), /language, /edition, /cancel (start over), "
            "/history (recent rulings)."
        )
        return Turn([Reply(text)])

    def help(self, state: ChatState) -> Turn:
        t = translator(state.lang)
        text = t.gettext(
            "How to use Arbitre:\n"
            "• Describe the incident: who called what, in which order, and what the other "
            "players did (\"North dealt, 1♠ by North, East passed, then West bid 2♥\").\n"
            "• Answer the questions with the buttons, or type a correction at any time "
            "(\"no, it was West\", \"South accepted\").\n"
            "• After a ruling, keep reporting the calls (\"S 2♠\", \"West passes\"): I check "
            "them against the restrictions in force.\n"
            "• /law 27B or /law insufficient bid shows a Law; /language fr|en; "
            "/edition 2017|2007; /cancel starts over; /history sends the recent rulings as a "
            "file; /forget erases this chat's conversation and rulings."
        )
        examples = "\n".join(f"{n}. « {t.gettext(e)} »" if state.lang == "fr" else
                              f"{n}. \"{t.gettext(e)}\"" for n, e in enumerate(EXAMPLES, 1))
        text += "\n" + t.gettext("After a ruling, /details shows the paragraphs, the facts and "
                                 "the Law text.") + "\n\n" + t.gettext(
            "Three examples to type (or press):") + "\n" + examples
        actions = tuple(Action(t.gettext("Example {n}").format(n=n), f"{EXAMPLE}{n}")
                        for n in range(1, len(EXAMPLES) + 1))
        return Turn([Reply(text, actions=(*actions, Action(t.gettext("Start over"),
                                                            "cancel")))])

    def cancel(self, state: ChatState) -> Turn:
        had_something = state.draft is not None or state.board is not None
        _reset(state)
        t = translator(state.lang)
        if had_something:
            return Turn([Reply(t.gettext("Cleared. Describe the new incident."))])
        return Turn([Reply(t.gettext("Nothing to cancel. Describe what happened."))])

    def set_language(self, state: ChatState, code: str | None) -> Turn:
        if code is None or normalise_language(code) != code.strip().lower()[:2]:
            t = translator(state.lang)
            return Turn([Reply(
                t.gettext("Which language? Current: {lang}.").format(lang=_lang_name(state.lang)),
                actions=tuple(Action(_lang_name(lang), f"lang:{lang}") for lang in LANGUAGES),
            )])
        state.lang = normalise_language(code)
        state.lang_pinned = True
        t = translator(state.lang)
        return Turn([Reply(t.gettext("I will answer in English from now on."))])

    def set_edition(self, state: ChatState, value: str | None) -> Turn:
        t = translator(state.lang)
        try:
            edition = Edition((value or "").strip())
        except ValueError:
            return Turn([Reply(
                t.gettext("Which edition of the Laws? Current: {edition}.").format(
                    edition=state.edition),
                actions=tuple(Action(e.value, f"ed:{e.value}") for e in Edition),
            )])
        state.edition = edition.value
        turn = Turn([Reply(t.gettext("Edition set to {edition}.").format(edition=edition.value))])
        if state.draft is not None and (
            state.pending is None or state.pending.kind in ("fact", "option")
        ):
            # The incident on the table is ruled again under the edition chosen.
            self._advance(state, turn)
        return turn

    def law(self, state: ChatState, query: str | None) -> Turn:
        t = translator(state.lang)
        if query and len(query.strip()) > MAX_LAW_QUERY:
            return Turn([Reply(t.gettext(
                "That is too long to be a Law reference. Give a number, such as /law 27B, or "
                "a few words, such as /law insufficient bid."))])
        if query and query.strip():
            return Turn([lookup_reply(query.strip(), state.lang, state.edition)])
        if state.ruling is not None:
            return Turn(excerpt_replies(state.ruling.get("laws", []), state.edition, state.lang))
        if state.pending is None:
            # The next message is the reference ("27B2"), as after the menu's "a Law to read".
            state.qid += 1
            state.pending = Pending(kind="law", fact="law", values=[], qid=state.qid)
        return Turn([Reply(t.gettext(
            "Which Law? For example /law 27B, /law 31 or /law insufficient bid."))])

    def text(self, state: ChatState, text: str) -> Turn:
        """A message typed (or transcribed from a voice note)."""
        t = translator(state.lang)
        text = (text or "").strip()
        if not text:
            return Turn([Reply(t.gettext(
                "Your message is empty. Describe what happened at the table, for example: "
                "\"East bid 1♥ over my 1♠\"."))])
        if len(text) > MAX_TEXT:
            return Turn([Reply(t.gettext(
                "That message is too long for me ({length} characters). Describe the incident "
                "in a few sentences: who called what, and what the others did.").format(
                    length=len(text)))])
        if state.board is not None and state.pending is None or (
            state.board is not None and state.pending is not None
            and state.pending.kind == "option"
        ):
            reported = boards.read_reported_calls(text)
            calls = self._seated(state.board, reported) if reported else None
            if calls:
                return self._board_calls(state, calls)
            if reported and state.board.get("offender"):
                # Calls by place ("my partner passes") on a board known by seat:
                # where the writer sits places them.
                return self._ask_writer(state, reported)
            if reported and not state.board.get("offender_relative"):
                # Nobody placed yet: where the offender sits, seen from the writer.
                return self._ask_offender_place(state, reported)
        if state.board is None and state.ruling is not None and state.pending is None and (
            boards.read_reported_calls(text)
        ):
            # Calls reported after a ruling that left nothing in force: the
            # auction simply goes on; they are not a correction of the incident.
            return Turn([Reply(t.gettext(
                "Noted. The last ruling left no restriction in force, so the auction goes on "
                "normally. If something new went wrong, describe it in words (\"{example}\"), "
                "or /cancel to start again.").format(example=t.gettext(
                    "East bid 1♥ over my 1♠")))])
        if state.pending is not None and state.pending.kind == "law":
            state.pending = None
            return Turn([lookup_reply(text[:MAX_LAW_QUERY], state.lang, state.edition)])
        if state.pending is not None:
            index = self._typed_answer(state, state.pending, text)
            if index is not None:
                return self._answer(state, index)
            if (state.pending.kind == "option" and state.board is None
                    and boards.read_reported_calls(text)):
                # "partner passes" before the offender's choice is known: not a
                # new incident by the partner; the choice decides what is barred.
                return Turn([self._reask(state, t.gettext(
                    "First, which of these did the offender choose? Then report the calls "
                    "made after it, and I will check them."))])
        if (state.board is None and state.pending is not None and state.pending.kind == "fact"
                and state.draft is not None and state.draft.calls):
            more = boards.parse_board_calls(text)
            if more:
                # "N passe": the auction went on; the calls join those already
                # given, in time order, and the core reads what they show.
                draft = replace(state.draft, calls=[*state.draft.calls,
                                                    *([s.name, str(c)] for s, c in more)],
                                facts=dict(state.draft.facts),
                                description=list(state.draft.description))
                draft.remember(text)
                try:
                    rule(Incident.from_dict(draft.to_incident(state.edition)))
                except IncidentError:
                    # Read after the others, the calls do not fit: they may be
                    # what happens after the ruling. The question comes first.
                    return Turn([self._reask(state, t.gettext(
                        "I cannot place those calls yet. Answer this question first; "
                        "report the calls made after the ruling once it is given."))])
                return self._settle(state, state.draft, draft, from_new_calls=True)
        if _fold(text) in _GREETINGS:
            return self.start(state)
        if state.pending is None and (_fold(text).isdigit() or _fold(text) in _YES | _NO):
            return Turn([Reply(t.gettext(
                "There is no question to answer right now. Describe what happened."))])
        correction = (read_correction(text, self._offender(state))
                      if state.draft is not None or state.ruling is not None else None)
        if correction is not None:
            # A short correction of the incident on the table, read whole: its
            # few words say nothing else (never a new irregularity).
            return self._describe(state, correction, text)
        statement = read_statement(self._classify(text))
        if statement.lang in LANGUAGES and not (state.lang_pinned or state.lang_settled) and (
            _worded(text)
        ):
            # The first message written in words sets the chat's language;
            # afterwards only /language changes it (a "TD:" note does not).
            state.lang = statement.lang
            state.lang_settled = True
        if not statement.says_something:
            statement = self._read_in_context(state, text) or statement
        if statement.irregularity == "law_lookup" and statement.confident:
            query = statement.law_ref or statement.law_query or text
            topic = next((k for k, _ in statement.candidates if k != "law_lookup"), None)
            return Turn([lookup_reply(query, state.lang, state.edition, topic)])
        return self._describe(state, statement, text)

    def answer(self, state: ChatState, value: Any) -> Turn:
        """The value of one of the pending question's options (``{"answer": v}``)."""
        t = translator(state.lang)
        if state.pending is None:
            return Turn([Reply(t.gettext(
                "There is no question to answer right now. Describe what happened."))])
        for index, candidate in enumerate(state.pending.values):
            if candidate == value and type(candidate) is type(value):
                return self._answer(state, index)
        if state.pending.kind == "menu" and isinstance(value, str) and group_of(value):
            # A machine may name the kind at once ("pass_out_of_rotation").
            state.pending = None
            turn = self._choose(state, value)
            if turn.replies:
                label = kind_choices([value], state.lang)[0].label
                turn.replies[0] = replace(turn.replies[0], answered=label)
            return turn
        return Turn([self._reask(state, t.gettext("That is not one of the choices."))])

    def button(self, state: ChatState, data: str) -> Turn:
        """A button press: ``a:<qid>:<index>`` or an action id."""
        t = translator(state.lang)
        parsed = parse_answer_data(data)
        if parsed is not None:
            qid, index = parsed
            if state.pending is None or qid != state.pending.qid:
                return Turn([Reply(t.gettext(
                    "That question is closed. Type a correction if something was wrong."))])
            if index >= len(state.pending.values):
                return Turn([self._reask(state, t.gettext("That is not one of the choices."))])
            return self._answer(state, index)
        if data == "cancel":
            return self.cancel(state)
        if data.startswith(COMPARABLE_DATA + "apply:") and state.pending is not None:
            chosen = answer_index(state.pending.values, state.pending.steps,
                                  state.pending.fact, data.endswith(":1"))
            if chosen is not None:
                return self._answer(state, chosen)
        elif data.startswith(COMPARABLE_DATA):
            step = comparable_step(data, state.lang, state.pending)
            if step is not None:
                return Turn([step])
        if data == RECAP and state.draft is not None and state.ruling is None:
            return Turn([self._recap(state, state.draft)])
        if data.startswith(EXAMPLE) and data[len(EXAMPLE):] in ("1", "2", "3"):
            t = translator(state.lang)
            _reset(state)  # an example is a new incident
            return self.text(state, t.gettext(EXAMPLES[int(data[len(EXAMPLE):]) - 1]))
        if data.startswith("lang:"):
            return self.set_language(state, data[5:])
        if data.startswith("ed:"):
            return self.set_edition(state, data[3:])
        shown: list[Reply] = []
        if data.startswith(DETAILS):
            shown = self.details(state, data[len(DETAILS):])
        elif data.startswith(LAW_DATA):
            _, edition, ref = (data.split(":", 2) + ["", ""])[:3]
            found = one_excerpt(edition, ref, state.lang)
            shown = [found] if found else []
        elif data.startswith(SEED_DATA):
            found = seed_excerpt(data[len(SEED_DATA):], state.lang)
            shown = [found] if found else []
        elif data.startswith("fr:"):
            _, edition, refs = (data.split(":", 2) + ["", ""])[:3]
            shown = french_excerpts([r for r in refs.split(",") if r], edition)
        elif data.startswith("fq:"):
            _, edition, query = (data.split(":", 2) + ["", ""])[:3]
            shown = french_lookup(query[:MAX_LAW_QUERY], edition)
        # Data no button of ours carries (forged, or from an older version).
        return Turn(shown or [Reply(t.gettext("That button is no longer in use."))])

    def details(self, state: ChatState, serial: str | None = None) -> list[Reply]:
        """The details of the last ruling (of the ruling with ``serial``, a button's),
        with one button per excerpt; nothing when that ruling is gone."""
        if state.ruling is None or (serial is not None and serial != str(state.qid)):
            return []
        ruling = ruling_from_result(state.ruling)
        text = ruling_details(ruling, state.lang, paragraph_titles(
            ruling.laws, ruling.edition.value, state.lang))
        cited = list(ruling.laws) + [law for o in ruling.options for law in o.laws]
        return [Reply(text, actions=law_actions(cited, ruling.edition.value, state.lang))]

    def _recap(self, state: ChatState, draft: Draft) -> Reply:
        """The facts of the incident so far, as the questions asked them."""
        t = translator(state.lang)
        offender = Seat[draft.offender] if draft.offender else self._offender(state)
        lines = [t.gettext("What I have so far:")]
        if draft.irregularity:
            lines.append("• " + self._understood(draft.irregularity, offender, state))
        if draft.calls:
            lines.append("• " + t.gettext("Calls: {calls}").format(calls=", ".join(
                f"{t.gettext(SEAT_NAMES[Seat[seat]])} {call_text(parse_call(call), t)}"
                for seat, call in draft.calls)))
        irregularity = draft.irregularity or ""
        lines += ["• " + fact_line(f, v, offender, irregularity, state.lang)
                  for f, v in draft.facts.items()]
        lines.append(t.gettext("Type a correction if something is wrong (\"no, it was West\")."))
        return Reply("\n".join(lines))

    def details_step(self, state: ChatState) -> Turn:
        """/details: the last ruling's details, or why there are none."""
        shown = self.details(state)
        if not shown and state.pending is not None and state.pending.kind != "law":
            # The incident is described; the question on screen comes first.
            t = translator(state.lang)
            shown = [self._reask(state, t.gettext(
                "No ruling yet: answer this question first, and the details come with the "
                "ruling."))]
        if not shown:
            t = translator(state.lang)
            shown = [Reply(t.gettext("No ruling yet: describe what happened."))]
        return Turn(shown)

    # --- describing the incident -------------------------------------------

    def _read_in_context(self, state: ChatState, text: str) -> Statement | None:
        """A short correction ("non, c'était Ouest") read again after the name of
        the irregularity being discussed, which the understanding needs to
        place seats and facts; only what the message itself adds is kept."""
        irregularity = state.draft.irregularity if state.draft else None
        if irregularity is None and state.ruling is not None:
            irregularity = state.ruling.get("irregularity")
        if not irregularity:
            return None
        # "non, il refuse": the leading "non" answers the question on screen;
        # left in, it would read as negating what follows ("not refusing").
        text = _ANSWER_WORD.sub("", text).strip() or text
        return self._framed(state, irregularity, text)

    def _framed(self, state: ChatState, irregularity: str, text: str) -> Statement | None:
        """What ``text`` states read after the name of ``irregularity``: the
        understanding reads the facts of the irregularity it places, so a
        message placed otherwise (or not at all) states more once it is named.
        Only what the text itself says is kept, never the irregularity."""
        title = irregularity_title(irregularity, state.lang)
        framed = read_statement(self._classify(f"{title}. {text}"))
        framed.irregularity, framed.confidence, framed.candidates = None, 0.0, []
        return framed if framed.says_something else None

    def _describe(self, state: ChatState, statement: Statement, text: str) -> Turn:
        t = translator(state.lang)
        ruled = state.ruling is not None and (state.pending is None
                                              or state.pending.kind == "option")
        fresh = state.draft is None or _empty(state.draft)
        if not fresh and not looks_like_correction(text):
            differs = statement.confident and (
                state.draft is not None and statement.irregularity != state.draft.irregularity
            )
            if (ruled and (statement.calls or differs)) or (statement.calls and differs):
                fresh = True  # a new incident, not a correction of the last one
        if fresh:
            _reset(state)
            state.draft = Draft()
        assert state.draft is not None
        if not statement.says_something:
            if not fresh and state.pending is not None and state.pending.kind != "menu":
                # Not a new incident and nothing read: the question stays open.
                return Turn([self._reask(state, t.gettext(
                    "I did not understand that. Answer with one of the choices, or type a "
                    "correction (\"no, it was West\")."))])
            if not fresh:
                _reset(state)
                state.draft = Draft()
            return self._menu(state, statement, text)
        previous = state.draft
        draft = fold(previous, statement)
        draft.remember(text)
        if draft.irregularity is None and not draft.calls and not statement.confident:
            state.draft = draft
            return self._menu(state, statement, None)
        unsure = statement if fresh and not statement.confident else None
        return self._settle(state, previous, draft, from_new_calls=bool(statement.calls),
                            unsure=unsure)

    def _menu(self, state: ChatState, statement: Statement, text: str | None) -> Turn:
        """What may have happened, when the message cannot be placed: the
        groups the understanding finds likely first (never a dead end)."""
        t = translator(state.lang)
        if state.draft is None:
            state.draft = Draft()
        if text is not None:
            state.draft.remember(text)
        members = likely_group(statement.candidates)
        if members is not None:
            # Every likely reading is a kind of one group ("pas à son tour",
            # the kind of call unknown): which kind, without the whole menu.
            return Turn([self._ask(
                state, "irregularity", "irregularity", members,
                t.gettext("{group}, as far as I can tell. Which kind?").format(
                    group=group_label(members[0], state.lang)),
                kind_choices(members, state.lang))])
        likely = [c for c, _ in sorted(statement.candidates, key=lambda c: -c[1])]
        values = menu_values(likely)
        return Turn([self._ask(
            state, "menu", "irregularity", values,
            t.gettext("I cannot tell for sure what happened. Which of these is closest?"),
            menu_choices(values, state.lang))])

    def _choose(self, state: ChatState, irregularity: str) -> Turn:
        """An irregularity picked from the menu: a group asks which kind; a
        Law to read asks which; an irregularity goes on with the usual questions."""
        if irregularity == LAW_TO_READ:
            state.qid += 1
            state.pending = Pending(kind="law", fact="law", values=[], qid=state.qid)
            return Turn([Reply(_law_prompt(state.lang))])
        if state.draft is None:
            state.draft = Draft()
        draft = replace(state.draft, irregularity=irregularity)
        described = " ".join(state.draft.description)
        framed = self._framed(state, irregularity, described) if described else None
        if framed is not None:
            # The description read again once its kind is known: the facts it
            # states for that kind are not asked (issue 11 item 3). When what
            # the new reading adds does not fit, the choice rules alone.
            for reading in (framed, replace(framed, calls=[], dealer=None)):
                richer = fold(draft, reading)
                try:
                    rule(Incident.from_dict(richer.to_incident(state.edition)))
                except IncidentError:
                    continue  # its calls may not fit: then its facts alone
                draft = richer
                break
        # The calls read with the message may not show what the user picked
        # (a change of call is not in the list): they give way, as for a correction.
        return self._settle(state, state.draft, draft, from_new_calls=False)

    def _settle(self, state: ChatState, previous: Draft, draft: Draft,
                from_new_calls: bool, unsure: Statement | None = None) -> Turn:
        """Rule on ``draft``; when the newest statement contradicts older calls,
        let the statement win, as a correction does. ``unsure``: a new message
        the understanding could not place with confidence; when its calls do
        not fit, the menu asks what happened rather than refusing it."""
        attempts = [draft]
        worded = False  # calls of the same message give way to what it says in words
        if not from_new_calls and previous.calls:
            attempts += [d for d in (without_later_calls(draft), without_calls(draft)) if d]
        elif draft.irregularity in _CALLS_WITHOUT_END and (lean := without_calls(draft)):
            # "after the auction ended with 3NT by South, West bid 4S": the final
            # passes are not written; what was said rules, the calls set aside.
            attempts.append(lean)
        elif (from_new_calls and unsure is None and draft.irregularity
              and (calls_show_irregularity(draft) or calls_beside_the_point(draft))):
            # One message lists calls and says in words what they do not show
            # ("North does not accept", "corrects to 2♠", "after the opening
            # lead"): the words rule, as a correction's do. First the calls
            # after the irregular one give way (they are read as an acceptance
            # or a replacement), then all of them. A legal list that may be
            # the incident is shown as read instead (a misread letter shows at
            # once); one beside the point (the offender's call is not in it,
            # or a list cannot show what was said) gives way too.
            attempts += [d for d in (without_later_calls(draft), without_calls(draft)) if d]
            worded = True
        for attempt in attempts:
            try:
                result = rule(Incident.from_dict(attempt.to_incident(state.edition)))
            except IncidentError:
                continue
            turn = Turn()
            if attempt is not draft and worded:
                t = translator(state.lang)
                turn.replies.append(Reply(t.gettext(
                    "The calls as I read them do not fit what you said in words, so I set "
                    "aside those that disagree and rule on what you said.")))
            elif attempt is not draft and not previous.calls and calls_end_the_auction(draft):
                # Law 39: the auction ends in the calls read, but what follows
                # it there is not the call said ("said 4♠ after the final pass"
                # read as one more pass): say so, not that it does not end.
                t = translator(state.lang)
                turn.replies.append(Reply(t.gettext(
                    "The calls as I read them end the auction but do not show the call you said "
                    "came after it, so I set them aside and rule on what you said.")))
            elif attempt is not draft and not previous.calls:
                t = translator(state.lang)
                turn.replies.append(Reply(t.gettext(
                    "The calls as I read them do not end the auction, so I set them aside and "
                    "rule on what you said.")))
            elif attempt is not draft:
                t = translator(state.lang)
                turn.replies.append(Reply(t.gettext(
                    "Noted: what you just said replaces what the calls showed, so I set those "
                    "calls aside.")))
            fresh = previous.irregularity is None and not previous.calls
            state.draft = attempt
            moved = (previous.offender, previous.offender_relative) != (
                attempt.offender, attempt.offender_relative) and bool(
                previous.offender or previous.offender_relative)
            self._deliver(state, result, turn, announce=fresh or moved or (
                previous.irregularity not in (None, result.irregularity)))
            return turn
        t = translator(state.lang)
        regular = t.gettext("These calls are regular: there is no irregularity in them.")
        if unsure is not None:
            state.draft = draft
            menu = self._menu(state, unsure, None)
            if calls_are_regular(draft):
                menu.replies.insert(0, Reply(regular))  # then what else may have happened
            return menu
        if calls_are_regular(draft):
            return Turn([Reply(regular + "\n" + t.gettext(
                "If something else happened, tell me what, or /cancel to start over."))])
        return Turn([Reply(
            t.gettext("That cannot have happened as described: {problem}.").format(
                problem=explain_conflict(draft, state.edition, state.lang))
            + "\n" + t.gettext("Tell me what to correct (the seats, the calls or the facts), "
                               "or /cancel to start over."))])

    def _advance(self, state: ChatState, turn: Turn) -> None:
        assert state.draft is not None
        try:
            result = rule(Incident.from_dict(state.draft.to_incident(state.edition)))
        except IncidentError:
            t = translator(state.lang)
            turn.replies.append(Reply(
                t.gettext("That cannot have happened as described: {problem}.").format(
                    problem=explain_conflict(state.draft, state.edition, state.lang))
                + "\n" + t.gettext("Tell me what to correct (the seats, the calls or the "
                                   "facts), or /cancel to start over.")))
            return
        self._deliver(state, result, turn, announce=False)

    def _deliver(self, state: ChatState, result: Question | Ruling, turn: Turn,
                 announce: bool) -> None:
        assert state.draft is not None
        if isinstance(result, Question):
            state.ruling = None
            understood = ""
            if announce:
                understood = self._understood(result.irregularity, result.offender, state) + "\n"
            values = list(result.options)
            choices = [Choice(v, button_label(result.fact, v, state.lang, result.offender,
                                              _lowest(state.draft)))
                       for v in values]
            reply = self._ask(state, "fact", result.fact, values,
                              understood + self._question_text(state, result), choices)
            t = translator(state.lang)
            token = _incident_token(state, result.irregularity, result.offender)
            # The 23A helper is 2017 only: 2007 27B1(b) tests the meaning.
            helper = ((helper_action(state.lang, token),)
                      if result.edition is not Edition.E2007
                      and helps_with(values, [], result.fact) else ())
            turn.replies.append(replace(reply, actions=(
                *helper, Action("📋 " + t.gettext("Recap"), RECAP))))
            return
        self._give_ruling(state, result, turn)

    @staticmethod
    def _question_text(state: ChatState, question: Question) -> str:
        """The question, naming the players from the writer's place when the
        offender was named by place ("the offender's partner (you)")."""
        relative = state.draft.offender_relative if state.draft else None
        return question_text(question, state.lang, places_named(relative, state.lang),
                             writer_offends=relative == "self")

    def _understood(self, irregularity: str, offender: Seat | None, state: ChatState) -> str:
        t = translator(state.lang)
        title = irregularity_title(irregularity, state.lang)
        if offender is not None:
            who = t.gettext(SEAT_NAMES[offender])
        elif state.draft is not None and state.draft.offender_relative:
            who = t.gettext(RELATIVE_NAMES[state.draft.offender_relative])
        else:
            return t.gettext("Understood: {title}.").format(title=title)
        named = named_player(irregularity, title, who, state.lang,
                             state.draft.facts if state.draft else None)
        if named is not None:
            return t.gettext("Understood: {title}.").format(title=named)
        return t.gettext("Understood: {title}, by {who}.").format(title=title, who=who)

    def _give_ruling(self, state: ChatState, ruling: Ruling, turn: Turn) -> None:
        t = translator(state.lang)
        draft = state.draft
        assert draft is not None
        result = ruling.to_dict()
        result["text"] = ruling_texts(ruling)
        relative = draft.offender_relative if ruling.offender is None else None
        lowest = _lowest(draft)
        text = ruling_card(ruling, state.lang, relative, lowest)
        details = ruling_details(ruling, state.lang, paragraph_titles(
            ruling.laws, ruling.edition.value, state.lang))
        previous_board = state.board
        state.ruling = result
        state.pending = None
        state.board = boards.open_board(
            result, calls=draft.calls, previous=previous_board,
            offender_relative=draft.offender_relative,
        )
        if state.board is not None and state.board.get("bars") and not ruling.options:
            details += "\n\n" + t.gettext(
                "The board stays open: report the next calls (\"S 2♠\", \"West passes\") and I "
                "will check them against these restrictions.")
        cited = list(ruling.laws) + [law for o in ruling.options for law in o.laws]
        excerpts = excerpts_text(cited, ruling.edition.value, state.lang)
        details += "\n\n" + excerpts if excerpts else ""
        if ruling.options:
            values: list[Any] = []
            steps: list[list[list[Any]]] = []
            choices = []
            for option in ruling.options:
                value = option.when[0][1] if len(option.when) == 1 else [v for _, v in
                                                                          option.when]
                values.append(value)
                steps.append([[f, v] for f, v in option.when])
                choices.append(Choice(value, choice_label(option, state.lang, ruling.offender,
                                                          lowest, ruling.edition, relative)))
            reply = self._ask(state, "option", "option", values, text, choices, ruling=result)
            assert state.pending is not None
            state.pending.steps = steps
        else:
            state.qid += 1  # the serial the card's buttons carry
            reply = Reply(text, ruling=result)
        actions: tuple[Action, ...] = (
            Action("🔎 " + t.gettext("Details"), f"{DETAILS}{state.qid}"),
            *law_actions(card_laws(ruling), ruling.edition.value, state.lang))
        if state.pending is not None and ruling.edition is Edition.E2017 and helps_with(
                state.pending.values, state.pending.steps, state.pending.fact):
            # The helper asks the tests of Law 23A, which the 2007 code does not have.
            token = _incident_token(state, ruling.irregularity, ruling.offender)
            actions = (helper_action(state.lang, token), *actions)
        turn.replies.append(replace(reply, actions=actions, details=details,
                                    emphasis=card_emphasis(ruling, state.lang, relative)))
        turn.logged.append(LoggedRuling(
            edition=ruling.edition.value,
            description="\n".join(draft.description),
            facts=dict(ruling.facts),
            ruling=result,
        ))

    # --- questions and answers ---------------------------------------------

    def _ask(self, state: ChatState, kind: str, fact: str, values: list[Any], text: str,
             choices: list[Choice], ruling: dict[str, Any] | None = None) -> Reply:
        state.qid += 1
        state.pending = Pending(kind=kind, fact=fact, values=values, qid=state.qid)
        return Reply(text, question=QuestionView(fact, tuple(choices)), ruling=ruling,
                     qid=state.qid)

    def _reask(self, state: ChatState, why: str) -> Reply:
        pending = state.pending
        assert pending is not None
        if pending.kind == "law":
            return Reply(why + "\n" + _law_prompt(state.lang))
        choices = self._choices(state, pending)
        return Reply(why, question=QuestionView(pending.fact, tuple(choices)), qid=pending.qid)

    def _choices(self, state: ChatState, pending: Pending) -> list[Choice]:
        offender = self._offender(state)
        if pending.kind == "fact":
            return [Choice(v, button_label(pending.fact, v, state.lang, offender,
                                           _lowest(state.draft)))
                    for v in pending.values]
        if pending.kind == "irregularity":
            return kind_choices(pending.values, state.lang)
        if pending.kind == "menu":
            return menu_choices(pending.values, state.lang)
        if pending.kind in ("seat", "writer"):
            t = translator(state.lang)
            return [Choice(v, t.gettext(SEAT_NAMES[Seat[v]])) for v in pending.values]
        if pending.kind == "offender_place":
            t = translator(state.lang)
            return [Choice(v, _capital(t.gettext(RELATIVE_NAMES[v]))) for v in pending.values]
        return [Choice(v, _option_text(state, steps))
                for v, steps in zip(pending.values, pending.steps, strict=False)]

    def _offender(self, state: ChatState) -> Seat | None:
        if state.ruling and state.ruling.get("offender"):
            return Seat[state.ruling["offender"]]
        if state.draft and state.draft.offender:
            return Seat[state.draft.offender]
        return None

    def _typed_answer(self, state: ChatState, pending: Pending, text: str) -> int | None:
        """A typed reply that is just one of the choices: 'oui', 'non', '2', a
        label as shown ('passe', 'une autre enchère'), or the call chosen ('2♥')."""
        folded = _fold(text)
        if folded.isdecimal() and len(folded) <= 3 and 1 <= int(folded) <= len(pending.values):
            return int(folded) - 1
        for index, value in enumerate(pending.values):
            if value is True and folded in _YES or value is False and folded in _NO:
                return index
        if pending.kind in ("law", "resolve"):
            return None
        labels = [_fold(choice.label) for choice in self._choices(state, pending)]
        if folded and folded in labels:
            return labels.index(folded)
        return self._typed_call(state, pending, text)

    def _typed_call(self, state: ChatState, pending: Pending, text: str) -> int | None:
        """The offender's replacement typed as the call itself ("2♥", "il passe",
        "he bids 2H"): the choice that names that call, when only one does."""
        calls = set()
        for token in re.findall(r"[^\s,.;:!?()]+", text):
            try:
                calls.add(str(parse_call(token)))
            except ValueError:
                continue
        if len(calls) != 1:
            return None
        call = calls.pop()
        # A typed bid in the strain is the lowest one as the rules core takes
        # it (natural unless said otherwise, an assumption it reports); not so
        # once a bid is said artificial: then the director judges what it specifies.
        draft = state.draft
        lowest = _lowest_in_strain(draft) if draft and _maybe_natural(draft.facts) else None
        lowest_call = str(parse_call(lowest)) if lowest else None
        replacement = ("pass" if call == "P" else "double_redouble" if call in ("X", "XX")
                       else "lowest_same_denomination" if call == lowest_call else None)
        if replacement is None:
            return None
        for index, value in enumerate(pending.values):
            steps = pending.steps[index] if pending.kind == "option" and index < len(
                pending.steps) else [[pending.fact, value]]
            if [list(step) for step in steps] == [["replacement", replacement]]:
                return index
        return None

    def _answer(self, state: ChatState, index: int) -> Turn:
        pending = state.pending
        assert pending is not None
        label = self._choices(state, pending)[index].label
        turn = self._apply_answer(state, pending, index)
        if turn.replies:
            turn.replies[0] = replace(turn.replies[0], answered=label)
        return turn

    def _apply_answer(self, state: ChatState, pending: Pending, index: int) -> Turn:
        value = pending.values[index]
        turn = Turn()
        state.steps += 1
        state.pending = None
        if pending.kind == "seat":
            return self._place_offender(state, Seat[value], pending)
        if pending.kind == "writer":
            return self._place_writer(state, Seat[value])
        if pending.kind == "offender_place":
            return self._place_offender_by_place(state, value)
        if state.draft is None:
            state.draft = Draft()
        if pending.kind == "fact" and pending.fact in FACTS:
            state.draft.facts[pending.fact] = value
            if pending.fact == "rho_action" and value in ("pass", "call"):
                # 28B: asked what the RHO does now, the answer is his call after
                # the director came, not one made before the ruling
                state.draft.facts.setdefault("correct_player_called", False)
        elif pending.kind == "menu":
            members = group_of(value) or (value,)
            if len(members) > 1:
                t = translator(state.lang)
                turn.replies.append(self._ask(
                    state, "irregularity", "irregularity", list(members),
                    t.gettext("Which kind?"), kind_choices(members, state.lang)))
                return turn
            return self._choose(state, value)
        elif pending.kind == "irregularity":
            return self._choose(state, value)
        elif pending.kind == "option":
            for fact, chosen in pending.steps[index]:
                state.draft.facts[fact] = chosen
        self._advance(state, turn)
        return turn

    # --- the board after a ruling ------------------------------------------

    @staticmethod
    def _seated(board: dict[str, Any],
                reported: list[tuple[boards.Who, Any]]) -> list[tuple[Seat, Any]] | None:
        """The reported calls by seat; calls named by place ("mon partenaire
        passe") are seated from the writer's place, when the board can tell it."""
        if all(isinstance(who, Seat) for who, _ in reported):
            return [(who, call) for who, call in reported if isinstance(who, Seat)]
        if any(isinstance(who, Seat) for who, _ in reported) and board.get("placed"):
            return None  # compass seats next to seats the board only made up
        boards.place_writer(board)
        seated = [(boards.seat_of(board, who), call) for who, call in reported]
        if any(seat is None for seat, _ in seated):
            return None
        return [(seat, call) for seat, call in seated if seat is not None]

    def _ask_writer(self, state: ChatState, reported: list[tuple[boards.Who, Any]]) -> Turn:
        board = state.board
        assert board is not None
        board["held_by_place"] = [[w.name if isinstance(w, Seat) else w, str(c)]
                                  for w, c in reported]
        t = translator(state.lang)
        seats = [s.name for s in Seat]
        choices = [Choice(s, t.gettext(SEAT_NAMES[Seat[s]])) for s in seats]
        return Turn([self._ask(state, "writer", "seat", seats, t.gettext(
            "To check these calls I need to know where you sit. Which seat is yours?"),
            choices)])

    def _ask_offender_place(self, state: ChatState,
                            reported: list[tuple[boards.Who, Any]]) -> Turn:
        board = state.board
        assert board is not None
        board["held_by_place"] = [[w.name if isinstance(w, Seat) else w, str(c)]
                                  for w, c in reported]
        t = translator(state.lang)
        places = list(boards.RELATIVE_OFFSETS)
        choices = [Choice(p, _capital(t.gettext(RELATIVE_NAMES[p]))) for p in places]
        return Turn([self._ask(state, "offender_place", "offender", places, t.gettext(
            "To check these calls I need to know who made the irregular call. Who was it?"),
            choices)])

    def _place_offender_by_place(self, state: ChatState, place: str) -> Turn:
        board = state.board
        if board is None:
            return Turn()
        board["offender_relative"] = place
        if state.draft is not None:
            state.draft.offender_relative = place
        return self._play_held(state, board)

    def _place_writer(self, state: ChatState, seat: Seat) -> Turn:
        board = state.board
        if board is None:
            return Turn()
        board["writer"] = seat.name
        return self._play_held(state, board)

    def _play_held(self, state: ChatState, board: dict[str, Any]) -> Turn:
        """The calls told by place, held until the seats were known, played now."""
        held = board.pop("held_by_place", [])
        reported = [(Seat[w] if w in Seat.__members__ else w, parse_call(c)) for w, c in held]
        calls = self._seated(board, reported)
        if not calls:
            return Turn()
        return self._play(state, calls)

    def _name(self, state: ChatState, seat: Seat, capital: bool = True) -> str:
        """A player as the replies name him: by seat, or by place from the
        writer when the board only made the seats up."""
        t = translator(state.lang)
        relative = boards.relative_of(state.board, seat) if state.board else None
        if relative is None:
            return t.gettext(SEAT_NAMES[seat])
        name = t.gettext(RELATIVE_NAMES[relative])
        return name[:1].upper() + name[1:] if capital else name

    def _board_calls(self, state: ChatState, calls: list[tuple[Seat, Any]]) -> Turn:
        board = state.board
        assert board is not None
        t = translator(state.lang)
        if boards.bars_needing_seat(board):
            board["held"] = [[s.name, str(c)] for s, c in calls]
            relative = board.get("offender_relative")
            who = t.gettext(RELATIVE_NAMES[relative]) if relative else t.gettext("the offender")
            seats = [s.name for s in Seat]
            choices = [Choice(s, t.gettext(SEAT_NAMES[Seat[s]])) for s in seats]
            return Turn([self._ask(state, "seat", "seat", seats, t.gettext(
                "To check these calls I need the seats: where does the offender ({who}) sit?"
            ).format(who=who), choices)])
        if state.pending is not None and state.pending.kind == "option":
            state.pending = None  # the auction went on: the choice is behind us
        return self._play(state, calls)

    def _place_offender(self, state: ChatState, seat: Seat, pending: Pending) -> Turn:
        board = state.board
        if board is None:
            return Turn()
        boards.place_offender(board, seat)
        if state.draft is not None:
            state.draft.offender = seat.name
        held = board.pop("held", [])
        return self._play(state, [(Seat[s], parse_call(c)) for s, c in held])

    def _play(self, state: ChatState, calls: list[tuple[Seat, Any]]) -> Turn:
        board = state.board
        assert board is not None
        t = translator(state.lang)
        lines: list[str] = []
        turn = Turn()
        for position, (seat, call) in enumerate(calls):
            for event in boards.play(board, seat, call):
                if event.kind == "ok":
                    lines.append(t.gettext("{seat} {call}: fine.").format(
                        seat=self._name(state, seat), call=call_text(call, t)))
                elif event.kind == "bar_served":
                    lines.append(t.gettext("{seat} {call}: fine; that bar is now over.").format(
                        seat=self._name(state, seat), call=call_text(call, t)))
                elif event.kind == "violation":
                    later = calls[position + 1:]
                    return self._violation(state, seat, call, event.bar or "", later, lines)
                elif event.kind == "over":
                    lines.append(self._auction_over(state))
                    state.board = None
        turn.replies.append(Reply("\n".join(lines)))
        return turn

    def _violation(self, state: ChatState, seat: Seat, call: Any, bar: str,
                   later: list[tuple[Seat, Any]], lines: list[str]) -> Turn:
        t = translator(state.lang)
        name = self._name(state, seat)
        if bar == "no_double_next":
            lines.append(t.gettext(
                "{seat} {call}: not allowed — {seat} may not double or redouble at this turn. "
                "Call the director back to the table.").format(seat=name, call=call_text(call, t)))
            return Turn([Reply("\n".join(lines))])
        lines.append(t.gettext(
            "{seat} {call}: {who} was obliged to pass. That is a new irregularity "
            "(Law 37).").format(seat=name, who=self._name(state, seat, capital=False),
                                call=call_text(call, t)))
        previous_board = state.board
        _reset(state, keep_board=False)
        state.board = previous_board
        lho_called = any(s == seat.lho for s, _ in later)
        relative = boards.relative_of(previous_board, seat) if previous_board else None
        state.draft = Draft(irregularity="call_when_obliged_to_pass",
                            offender=None if relative else seat.name,
                            offender_relative=relative,
                            facts={"lho_called_since": lho_called})
        state.draft.remember(f"{seat.name} {call}")
        turn = Turn([Reply("\n".join(lines))])
        self._advance(state, turn)
        return turn

    def _auction_over(self, state: ChatState) -> str:
        t = translator(state.lang)
        board = state.board or {}
        parts = [t.gettext("The auction is over.")]
        for offender in board.get("leads", []):
            offender_name, partner_name = _pair(offender, t)
            if state.edition == "2007":
                parts.append(t.gettext(
                    "Lead restriction: if {offender} is a defender, declarer may require or "
                    "forbid {partner}'s lead of a suit (Law 26).").format(
                        offender=offender_name, partner=partner_name))
            else:
                parts.append(t.gettext(
                    "Lead restriction: if {offender} is a defender, at {partner}'s first turn "
                    "to lead declarer may forbid the lead of one suit {offender} did not name "
                    "in the legal auction, for as long as {partner} keeps the lead "
                    "(Law 26B).").format(offender=offender_name, partner=partner_name))
        if board.get("ui"):
            offender_name, partner_name = _pair(board.get("offender") or "", t)
            parts.append(t.gettext(
                "Remember: the withdrawn call is unauthorised information for {offender} and "
                "{partner}.").format(offender=offender_name, partner=partner_name))
        if board.get("damage"):
            parts.append(t.gettext(
                "At the end of play, call the director if the non-offending side thinks it was "
                "damaged: the score may be adjusted."))
        return "\n".join(parts)


def _incident_token(state: ChatState, irregularity: str, offender: Seat | None) -> str:
    """The incident for the comparable-call helper's deep link: the
    irregularity, the offender and his last call told (no words typed)."""
    draft = state.draft
    if draft is None:
        return ""
    seat = offender.name if offender is not None else draft.offender
    call = next((c for s, c in reversed(draft.calls) if s == seat), None)
    return incident_token(irregularity, seat, call)


def _pair(offender: str, t: Any) -> tuple[str, str]:
    """The offender and partner by seat, or by role when the seat is unknown."""
    if offender in Seat.__members__:
        seat = Seat[offender]
        return t.gettext(SEAT_NAMES[seat]), t.gettext(SEAT_NAMES[seat.partner])
    return t.gettext("the offender"), t.gettext("the offender's partner")


def _option_text(state: ChatState, steps: list[list[Any]]) -> str:
    offender = Seat[state.ruling["offender"]] if state.ruling and state.ruling.get(
        "offender") else None
    option = Option(tuple((f, v) for f, v in steps), (), ())
    relative = state.draft.offender_relative if state.draft and offender is None else None
    return choice_label(option, state.lang, offender, _lowest(state.draft), state.edition,
                        relative)


def _lowest(draft: Draft | None) -> str | None:
    """The lowest sufficient bid in the denomination of an insufficient bid the
    calls show, as the choices name it: only when both bids are known natural.

    27B1(a) (2017) asks for the lowest sufficient bid that specifies the same
    denomination(s) as the withdrawn bid; the strain a bid names is the
    denomination it specifies only when it is natural (a 2♦ transfer specifies
    spades). When either bid is artificial, or may be, no bid is named."""
    if draft is None or not _both_natural(draft.facts):
        return None
    return _lowest_in_strain(draft)


def _lowest_in_strain(draft: Draft | None) -> str | None:
    """The lowest sufficient bid in the strain of an insufficient bid the calls show."""
    if draft is None or draft.irregularity not in (None, "insufficient_bid"):
        return None
    return lowest_same_denomination(draft.calls)


def _both_natural(facts: Mapping[str, Any]) -> bool:
    """The table said both bids natural (the insufficient bid and its replacement)."""
    return facts.get("both_natural") is True or (
        facts.get("artificial") is False and facts.get("replacement_artificial") is False)


def _maybe_natural(facts: Mapping[str, Any]) -> bool:
    """Neither bid said artificial: the rules core takes them as natural, and says so."""
    return facts.get("both_natural") is not False and not any(
        facts.get(f) is True for f in ("artificial", "replacement_artificial"))


def _empty(draft: Draft) -> bool:
    """A draft that holds nothing but words (a vague message answered by the
    menu): a description typed next is a new start, not a correction."""
    return not (draft.irregularity or draft.calls or draft.facts or draft.offender
                or draft.offender_relative or draft.dealer)


def _reset(state: ChatState, keep_board: bool = False) -> None:
    state.draft = None
    state.pending = None
    state.ruling = None
    state.steps = 0
    state.logged_id = 0
    if not keep_board:
        state.board = None


#: A message in words, not a note in notation: enough words to tell its language.
#: Three: a director's terse note ("Dlr N. 1S (N) 1H (E). S no accept.", "and
#: Law 27B1(b) please") holds three and was answered in the chat's default
#: language (outside audit 10, conversation 1); a note in notation alone
#: ("TD: N 1P E 1C S ?") holds one at most.
_WORDS_FOR_LANGUAGE = 3


def _worded(text: str) -> bool:
    return len(re.findall(r"[^\W\d_]{2,}", text)) >= _WORDS_FOR_LANGUAGE


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _law_prompt(lang: str) -> str:
    return translator(lang).gettext(
        "Which Law? Type a number (27B, 31) or a few words (insufficient bid).")


def _lang_name(lang: str) -> str:
    return {"fr": "Français", "en": "English"}[lang]

