"""``arbitre chat`` (a person at a terminal), ``arbitre chat --jsonl`` (the
contract's dialogue lines) and plain ``arbitre`` without a token."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.cli import main


@pytest.fixture(autouse=True)
def _database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "console.sqlite3"))
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    monkeypatch.delenv("ARBITRE_EDITION", raising=False)


def _jsonl(*lines: object, args: tuple[str, ...] = (), status: int = 0
           ) -> list[dict[str, object]]:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n"
                   for line in lines)
    out = io.StringIO()
    assert main(["chat", "--jsonl", *args], stdin=io.StringIO(text), out=out) == status
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_jsonl_insufficient_bid_to_a_ruling_in_two_lines() -> None:
    first, second = _jsonl({"text": "Est a dit 1♥ sur mon 1♠, Sud refuse"},
                           {"answer": "other_bid"})
    assert set(first) == {"text", "details", "question", "ruling"}
    question = first["question"]
    assert isinstance(question, dict)
    values = [option["value"] for option in question["options"]]
    assert "other_bid" in values
    assert all(option["label"] for option in question["options"])
    ruling = second["ruling"]
    assert isinstance(ruling, dict)
    assert ruling["status"] == "ruling"
    assert ruling["irregularity"] == "insufficient_bid"
    assert "27B2" in ruling["laws"]
    assert "partner_must_pass_throughout" in ruling["outcomes"]
    assert second["question"] is None
    assert "Ouest" in str(second["text"])


def test_jsonl_in_english_with_the_2007_edition() -> None:
    (line,) = _jsonl({"text": "East bid 1H over my 1S, South does not accept"},
                     args=("--lang", "en", "--edition", "2007"))
    ruling = line["ruling"]
    assert isinstance(ruling, dict) and ruling["edition"] == "2007"
    assert "Insufficient bid" in str(line["text"])


def test_jsonl_bad_lines_get_error_lines_and_the_dialogue_goes_on() -> None:
    lines = _jsonl("not json", '["text"]', {"text": 3}, {"answer": True}, {"text": ""},
                   {"text": "/aide"}, status=2)  # 2: some line could not be read
    assert [line.get("status") for line in lines[:3]] == ["error"] * 3
    assert all(isinstance(line["error"], str) and line["error"] for line in lines[:3])
    assert lines[3]["question"] is None and lines[3]["text"]  # nothing to answer yet
    assert lines[4]["text"]  # empty message: a hint, not silence
    assert "/loi" in str(lines[5]["text"])


def test_jsonl_runs_start_afresh() -> None:
    _jsonl({"text": "Est a dit 1♥ sur mon 1♠, Sud refuse"})
    (line,) = _jsonl({"answer": "other_bid"})
    assert line["ruling"] is None


def test_console_for_a_person_numbers_the_choices_and_resumes() -> None:
    out = io.StringIO()
    stdin = io.StringIO("Est a dit 1♥ sur mon 1♠, Sud refuse\n")
    assert main(["chat", "--lang", "fr"], stdin=stdin, out=out) == 0
    shown = out.getvalue()
    assert "Bonjour" in shown
    assert "  3. " in shown  # the offender's choices, numbered
    # A new session resumes the same incident: answering by number works.
    out = io.StringIO()
    assert main(["chat"], stdin=io.StringIO("3\n"), out=out) == 0
    assert "27B2" in out.getvalue()


def test_plain_arbitre_without_token_opens_the_console_and_says_how_to_connect() -> None:
    out = io.StringIO()
    assert main([], stdin=io.StringIO(""), out=out) == 0
    assert "TELEGRAM_BOT_TOKEN" in out.getvalue()
    assert "@BotFather" in out.getvalue()


def test_telegram_without_token_is_a_clear_error() -> None:
    out = io.StringIO()
    assert main(["telegram"], stdin=io.StringIO(""), out=out) == 2
    error = json.loads(out.getvalue())
    assert error["status"] == "error" and "TELEGRAM_BOT_TOKEN" in error["error"]


@pytest.mark.parametrize(
    ("text", "lang", "choices"),
    [
        # A vague message: the menu, then the usual questions, then a ruling.
        ("problème aux enchères à la table 3", "fr",
         ["insufficient_bid", False, "other_bid"]),
        # A group ("call out of turn") asks which kind before the usual questions.
        ("director please, something went wrong with the bids", "en",
         ["bid_out_of_rotation", "pass_out_of_rotation", "rho", False]),
    ],
)
def test_jsonl_a_vague_message_gets_the_menu_and_reaches_a_ruling(
        text: str, lang: str, choices: list[object]) -> None:
    """Issue 11 item 4: no dead end; the menu is a question on the fact
    ``irregularity`` whose values are the contract's irregularity ids."""
    lines = _jsonl({"text": text}, *({"answer": c} for c in choices), args=("--lang", lang))
    menu = lines[0]["question"]
    assert isinstance(menu, dict) and menu["fact"] == "irregularity"
    values = [o["value"] for o in menu["options"]]
    assert 2 <= len(values) <= 8
    assert {"insufficient_bid", "bid_out_of_rotation", "change_of_call", "call_after_final_pass",
            "misinformation", "unauthorized_information", "card_exposed_during_auction",
            "law_lookup"} == set(values)
    for line, choice in zip(lines, choices, strict=False):
        question = line["question"]
        assert isinstance(question, dict), line["text"]
        assert choice in [o["value"] for o in question["options"]], (choice, question)
    ruling = lines[-1]["ruling"]
    assert isinstance(ruling, dict) and ruling["status"] == "ruling", lines[-1]["text"]


def test_jsonl_the_menu_accepts_a_kind_named_directly() -> None:
    menu, after = _jsonl({"text": "director please, something went wrong with the bids"},
                         {"answer": "double_out_of_rotation"}, args=("--lang", "en"))
    question = after["question"]
    assert isinstance(question, dict) and question["fact"] != "irregularity"
    assert "Double or redouble out of rotation" not in str(menu["text"])


def test_jsonl_a_law_to_read_from_the_menu() -> None:
    _, asked, law = _jsonl({"text": "director please, something went wrong with the bids"},
                           {"answer": "law_lookup"}, {"text": "27B"}, args=("--lang", "en"))
    assert asked["question"] is None and "Law" in str(asked["text"])
    assert "27B" in str(law["text"]) and "Insufficient" in str(law["text"])


def test_jsonl_a_continuation_in_relative_seats_reaches_law_37() -> None:
    """Issue 17 item 2, as typed at the console."""
    *_, last = _jsonl({"text": "ladversaire de gauche a dit 1c sur mon 1p"}, {"text": "2"},
                      {"text": "3"},
                      {"text": "il a mis 2c, mon partenaire passe et ladversaire de droite dit 2p"})
    ruling = last["ruling"]
    assert isinstance(ruling, dict) and ruling["irregularity"] == "call_when_obliged_to_pass"
    assert "Enchère insuffisante" not in str(last["text"])


def test_jsonl_a_correction_re_derives_the_law() -> None:
    """Issue 17 item 3: after dealer South, West opening is at his RHO's turn (31A)."""
    # "2": North does not accept; "3": South (the RHO) has not called yet (31A
    # turns on his call), so every course is explained.
    *_, asked, last = _jsonl({"text": "TD: dealer S. E opened 1H out of turn"},
                             {"text": "sorry no, it was W not E"}, {"text": "2"},
                             {"text": "3"}, args=("--lang", "en"))
    assert asked["question"]["fact"] == "rho_action"
    ruling = last["ruling"]
    assert isinstance(ruling, dict) and ruling["offender"] == "W"
    laws = [law for option in ruling.get("options", []) for law in option["laws"]]
    assert "31A1" in laws

def test_jsonl_ruling_line_has_the_card_as_text_and_the_details() -> None:
    """Issue 13: ``text`` is the table card (at most 600 characters); ``details``
    holds the paragraphs with titles, the facts, what to watch and the excerpts."""
    first, second = _jsonl({"text": "Nord a ouvert 1♠, Est a dit 1♥, Sud refuse"},
                           {"answer": "pass"})
    assert first["details"] and "Ce qui suit chaque choix" in str(first["details"])
    text, details = str(second["text"]), str(second["details"])
    assert len(text) <= 600 and text.startswith("⚖️ Enchère insuffisante, par Est — Loi 27B2")
    assert "Loi 27B2 : Enchère insuffisante" in details  # the paragraph with its title
    assert "Sur ces faits" in details and "À surveiller ensuite" in details
    assert "Loi 27B2 — Enchère insuffisante (Code 2017)" in details  # the excerpt
    (question,) = _jsonl({"text": "Est a dit 1♥ sur mon 1♠"})
    assert question["details"] is None  # a question has no details


def test_console_details_command_and_one_letter_per_excerpt() -> None:
    out = io.StringIO()
    text = "Nord a ouvert 1♠, Est a dit 1♥, Sud refuse\n4\n/details\na\n"
    assert main(["chat", "--lang", "fr"], stdin=io.StringIO(text), out=out) == 0
    shown = out.getvalue()
    card = shown.split("> ")[2]
    assert card.startswith("⚖️ Enchère insuffisante, par Est — Loi 27B2")
    assert "a) 🔎 Détails" in card and "b) 📖 Loi 27B2" in card
    details = shown.split("> ")[3]
    assert details.startswith("Détails pour l'arbitre") and "a) 📖 Loi 27B2" in details
    assert shown.split("> ")[4].startswith("Loi 27B2 — Enchère insuffisante (Code 2017)")


def test_console_a_letter_from_an_older_message_is_not_a_description() -> None:
    """After opening an excerpt ("b"), "c" meant the card's next Law button: it
    fell into the menu of irregularities. It now says where the letters are."""
    out = io.StringIO()
    text = "Est a dit 1♥ sur le 1♠ de Nord, Sud refuse\n4\nb\nc\n"
    assert main(["chat", "--lang", "fr"], stdin=io.StringIO(text), out=out) == 0
    last = out.getvalue().split("> ")[4]
    assert last.startswith("Il n'y a pas d'action c) sous le dernier message")
    assert "Lequel de ces cas" not in last


def _disk_full_for_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every dialogue step's commit fails as on a full disk (the transaction
    rolled back), from the first description on."""
    import sqlite3

    from bot.dialogue import Conversations

    def full(*_: object, **__: object) -> object:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Conversations, "text", full)


def test_jsonl_on_a_full_disk_says_not_saved_and_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _disk_full_for_steps(monkeypatch)
    lines = _jsonl({"text": "Est a dit 1♥ sur mon 1♠"}, {"text": "encore"}, status=2)
    assert len(lines) == 2
    for line in lines:
        assert line["status"] == "error"
        assert str(line["error"]).startswith("not saved: the database could not be written "
                                             "(database or disk is full)")


def test_console_for_a_person_on_a_full_disk_says_not_saved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _disk_full_for_steps(monkeypatch)
    out = io.StringIO()
    stdin = io.StringIO("Est a dit 1♥ sur mon 1♠\n/quit\n")
    assert main(["chat", "--lang", "fr"], stdin=stdin, out=out) == 0
    assert "je n'ai pas pu l'enregistrer, donc ce n'est pas pris en compte" in out.getvalue()
