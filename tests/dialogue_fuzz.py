"""Random conversations for the dialogue engine, and what must hold after
every step (shared by tests/test_dialogue_fuzz.py and
benchmarks/fuzz_dialogue.py).

A *script* is a list of steps over a few chats: messages (real incident
descriptions, corrections, typed answers, board calls, random and junk
text), commands with real and junk arguments, button presses (remembered
from the chat's own replies, so often stale, or forged data) and ``answer``
values. ``play`` runs it through ``Conversations`` and checks, step by step:

* no exception;
* every reply well formed (text, buttons within Telegram's 64 bytes, labels,
  a ruling that is the contract's object, the ``--jsonl`` line serialisable),
  and at least one reply to every input;
* the chat's state reads back;
* no leak: every other chat's state and ruling log are exactly as before.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from bot.console import jsonl_line
from bot.dialogue import COMMANDS, ChatState, Conversations, Reply, answer_data

__all__ = ["Step", "scripts", "play", "Stats", "CHATS"]

CHATS = ("fz:1", "fz:2", "fz:3")
LANGUAGE_CODES = (None, "fr", "en", "en-US", "fr-CA", "de", "")
#: Telegram refuses callback data over 64 bytes.
MAX_DATA = 64

DESCRIPTIONS = (
    "Est a dit 1♥ sur mon 1♠, Sud refuse",
    "Est a dit 1♥ sur mon 1♠",
    "Ouest a ouvert 1♥ alors que c'était à Nord de parler. Nord n'accepte pas.",
    "Sud a dit 1♠ puis a changé pour 1SA, un lapsus, son partenaire n'a pas parlé",
    "Nord a ouvert 1♠, Est a dit 2♠, enchère insuffisante",
    "Nord donneur, 1♠ de Nord, Est passe, puis Ouest dit 2♥",
    "Est a contré hors tour",
    "mon partenaire a hésité longuement avant de passer",
    "carton stop oublié",
    "explication erronée de l'alerte",
    "mauvais étui",
    "East bid 1H over my 1S, South does not accept",
    "West opened 1H but it was North's turn, North does not accept",
    "my LHO doubled out of rotation",
    "North bid 1S, East bid 1H",
    "partner hesitated then bid 3NT",
    "8NT by North",
    "passed out: four passes",
)
FOLLOW_UPS = (
    "non, c'était Ouest", "no, it was West", "Sud a accepté", "South accepted",
    "Sud n'a pas accepté", "en fait c'est Nord", "le donneur était Est", "oui", "non",
    "yes", "no", "1", "2", "3", "4", "7", "0", "S 2♥ O 2♠", "N passe E passe S passe",
    "S 2S", "West passes", "O passe", "N 1SA", "enchère insuffisante", "change of call",
    "lapsus", "c'était à Est", "it was South's turn",
)
JUNK = ("", "   ", "\u200b", "🤷", "♠♥♦♣", "/", "@bot", "a:1:0", "x" * 1600,
        "1♥ " * 300, "Est\nOuest\n\n\tSud", "NULL\x00byte", "<b>gras</b>", "١٢٣")
ARGUMENTS = (None, "", "27B", "27B1(a)", "enchère insuffisante", "insufficient bid", "31",
             "BB7", "99", "1997", "2007", "2017", "xx", "en", "fr", "English", "z" * 5000)
FORGED = ("a:1:0", "a:0:0", "a:99:99", "a:x:y", "a::", "a:1:-1", "lang:xx", "lang:",
          "lang:en", "ed:1997", "ed:2007", "fr:1999:27", "fr:2017:", "fr:2017:27B,zz",
          "fq:2017:", "fq:0:loi", "forget:", "forget:1", "keep:0", "cancel", "", ":",
          "é" * 32)


@dataclass(frozen=True, slots=True)
class Step:
    chat: int
    kind: str  # text | command | button | press | answer | choose
    payload: Any = None
    extra: Any = None
    language_code: str | None = None


def _texts() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(DESCRIPTIONS), st.sampled_from(DESCRIPTIONS),
        st.sampled_from(FOLLOW_UPS), st.sampled_from(FOLLOW_UPS),
        st.sampled_from(JUNK), st.text(max_size=80),
    )


_JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 10), st.text(max_size=20),
              st.sampled_from(["other_bid", "pass", "insufficient_bid", "lho", "N"])),
    lambda inner: st.lists(inner, max_size=3), max_leaves=4)


def _steps() -> st.SearchStrategy[Step]:
    chat = st.integers(0, len(CHATS) - 1)
    code = st.sampled_from(LANGUAGE_CODES)
    return st.one_of(
        st.builds(Step, chat, st.just("text"), _texts(), st.none(), code),
        st.builds(Step, chat, st.just("text"), _texts(), st.none(), code),
        st.builds(Step, chat, st.just("command"),
                  st.sampled_from(sorted(COMMANDS) + ["foo", "LOI", "Aide", ""]),
                  st.one_of(st.sampled_from(ARGUMENTS), st.text(max_size=40)), code),
        st.builds(Step, chat, st.just("press"), st.integers(0, 50), st.none(), code),
        st.builds(Step, chat, st.just("press"), st.integers(0, 50), st.none(), code),
        st.builds(Step, chat, st.just("choose"), st.integers(0, 10)),
        st.builds(Step, chat, st.just("button"),
                  st.one_of(st.sampled_from(FORGED), st.text(max_size=MAX_DATA)),
                  st.none(), code),
        st.builds(Step, chat, st.just("answer"), _JSON),
    )


def scripts(max_steps: int = 12) -> st.SearchStrategy[list[Step]]:
    return st.lists(_steps(), min_size=1, max_size=max_steps)


@dataclass
class Stats:
    steps: int = 0
    replies: int = 0
    rulings: int = 0
    questions: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


@dataclass
class _Memory:
    """What a user could press or answer in one chat: every button it was
    shown (old ones are stale), and the last question's values."""

    buttons: list[str] = field(default_factory=list)
    values: list[Any] = field(default_factory=list)


def _snapshot(conversations: Conversations, key: str) -> tuple[Any, Any]:
    store = conversations.store
    log = [(e.id, e.at, e.edition, e.description, e.facts, e.ruling)
           for e in store.recent_rulings(key, limit=1_000_000)]
    return store.load_state(key), log


def check_reply(reply: Reply) -> None:
    assert isinstance(reply, Reply)
    assert isinstance(reply.text, str)
    assert reply.text.strip() or reply.document is not None, reply
    if reply.question is not None:
        assert reply.qid is not None and reply.question.choices, reply
        for index, choice in enumerate(reply.question.choices):
            assert isinstance(choice.label, str) and choice.label.strip(), reply
            assert len(answer_data(reply.qid, index).encode()) <= MAX_DATA
            json.dumps(choice.value)
    for action in reply.actions:
        assert action.label.strip(), reply
        assert 0 < len(action.data.encode()) <= MAX_DATA, action
    if reply.ruling is not None:
        ruling = reply.ruling
        assert ruling["status"] == "ruling" and isinstance(ruling["irregularity"], str)
        assert ruling["laws"] and all(isinstance(law, str) for law in ruling["laws"])
        assert set(ruling["text"]) == {"fr", "en"}
    if reply.document is not None:
        name, content = reply.document
        assert name and isinstance(content, bytes)
        content.decode("utf-8")


def _run(conversations: Conversations, step: Step, key: str, memory: _Memory) -> list[Reply]:
    if step.kind == "text":
        return conversations.text(key, step.payload, step.language_code)
    if step.kind == "command":
        return conversations.command(key, step.payload, step.extra, step.language_code)
    if step.kind == "button":
        return conversations.button(key, step.payload, step.language_code)
    if step.kind == "press":
        data = memory.buttons[step.payload % len(memory.buttons)] if memory.buttons else "a:1:0"
        return conversations.button(key, data, step.language_code)
    if step.kind == "choose":
        value = memory.values[step.payload % len(memory.values)] if memory.values else True
        return conversations.answer(key, value)
    return conversations.answer(key, step.payload)


def play(conversations: Conversations, script: list[Step], stats: Stats | None = None) -> None:
    """Run ``script``; an AssertionError says which invariant broke."""
    memories = {key: _Memory() for key in CHATS}
    for step in script:
        key = CHATS[step.chat]
        others = {other: _snapshot(conversations, other) for other in CHATS if other != key}
        replies = _run(conversations, step, key, memories[key])
        assert isinstance(replies, list) and replies, (step, replies)
        for reply in replies:
            check_reply(reply)
            if reply.question is not None and reply.qid is not None:
                memories[key].buttons += [answer_data(reply.qid, i)
                                          for i in range(len(reply.question.choices))]
                memories[key].values = [c.value for c in reply.question.choices]
            memories[key].buttons += [a.data for a in reply.actions]
        json.dumps(jsonl_line(replies), ensure_ascii=False)
        for other, before in others.items():
            assert _snapshot(conversations, other) == before, (step, other)
        stored = conversations.store.load_state(key)
        if stored is not None:
            assert ChatState.from_json(stored).to_json() == stored
        assert conversations.language(key) in ("fr", "en")
        if stats is not None:
            stats.steps += 1
            stats.replies += len(replies)
            stats.rulings += sum(1 for r in replies if r.ruling)
            stats.questions += sum(1 for r in replies if r.question)
            stats.kinds[step.kind] = stats.kinds.get(step.kind, 0) + 1
