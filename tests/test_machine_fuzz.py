"""The machine commands keep the contract's promise whatever the input:
exit 0 with answers, or exit 2 with the error object; one JSON line per
answer; never a traceback. Hypothesis drives ``rule``, ``classify``, ``loi``
and ``chat --jsonl`` in process; a few subprocess runs check the real
streams (invalid UTF-8 under a French UTF-8 locale, huge numbers, deep
nesting) and that two ``chat --jsonl`` processes never share a conversation.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli import main
from bot.dialogue import open_conversations
from bot.dialogue.replies import parse_answer_data

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

#: Digits that are not decimal ("᧚", "፩"), other scripts' decimals, signs
#: and call fragments: what broke int() and the readers before.
ODD = ["፩", "᧚", "٣", "①", "²", "Ⅻ", "♥", "♠", "SA", "1♥", "Est", "a dit", "contre",
       "loi", "27", "?", "\u200b", "\x00", "\ud800", "9" * 50]
odd_text = st.lists(st.one_of(st.sampled_from(ODD), st.text(max_size=8)), max_size=8).map(
    " ".join)
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                    odd_text)
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(odd_text, inner, max_size=4)), max_leaves=12)
SEATS = ["N", "E", "S", "W", "Nord", "x", "᧚", ""]
incidents = st.fixed_dictionaries({}, optional={
    "edition": st.one_of(st.sampled_from(["2017", "2007", "1997"]), json_values),
    "irregularity": st.one_of(st.sampled_from(["insufficient_bid", "passed_out", "??"]),
                              json_values),
    "dealer": st.one_of(st.sampled_from(SEATS), json_values),
    "calls": st.one_of(st.lists(st.fixed_dictionaries({
        "seat": st.sampled_from(SEATS),
        "call": st.one_of(st.sampled_from(["1S", "1H", "P", "X", "XX", "፩♥", "᧚S", "8NT"]),
                          odd_text)}), max_size=6), json_values),
    "facts": st.one_of(st.dictionaries(st.sampled_from(
        ["lho_accepts", "replacement", "in_rotation", "turn_of", "nope"]), json_values,
        max_size=3), json_values),
})
#: Raw stdin lines as bytes: JSON, junk, invalid UTF-8.
raw_lines = st.one_of(
    incidents.map(lambda d: json.dumps(d, ensure_ascii=False).encode("utf-8", "surrogatepass")),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=40),
    st.sampled_from([b"\xff\xfe", b"[" * 1000 + b"]" * 1000, b'{"dealer": ' + b"9" * 5000
                     + b"}", b"NaN", b'{"text": "\\udc80"}']),
).map(lambda b: b.replace(b"\n", b" ").replace(b"\r", b" "))


def _run(argv: list[str], data: bytes) -> tuple[int, list[dict[str, Any]]]:
    """``main`` as the console script runs it: stdin read from bytes with
    the same decoding as the real streams."""
    from bot.jsonio import utf8_stdin

    out = io.StringIO()
    code = main(argv, utf8_stdin(io.BytesIO(data)), out)
    text = out.getvalue()
    text.encode("utf-8")  # writable as UTF-8
    return code, [json.loads(line) for line in text.splitlines()]


def _check_lines(code: int, lines: list[dict[str, Any]], expected: int) -> None:
    assert len(lines) == expected
    errors = [line for line in lines if line.get("status") == "error"]
    assert all(isinstance(e["error"], str) and e["error"] for e in errors)
    assert code == (2 if errors else 0)


@pytest.fixture(autouse=True)
def _database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "fuzz.sqlite3"))
    monkeypatch.delenv("ARBITRE_EDITION", raising=False)


@FUZZ
@given(st.lists(raw_lines, min_size=1, max_size=5))
def test_rule_jsonl_answers_every_line(lines: list[bytes]) -> None:
    code, out = _run(["rule", "--jsonl"], b"\n".join(lines) + b"\n")
    _check_lines(code, out, sum(1 for line in lines if line.decode("utf-8", "replace").strip()))


@FUZZ
@given(raw_lines)
def test_rule_one_incident_one_line(line: bytes) -> None:
    code, out = _run(["rule"], line)
    assert len(out) == 1
    assert code == (2 if out[0].get("status") == "error" else 0)


@FUZZ
@given(st.lists(st.one_of(raw_lines, odd_text.map(lambda t: t.encode("utf-8", "surrogatepass"))),
                min_size=1, max_size=4))
def test_classify_jsonl_answers_every_line(lines: list[bytes]) -> None:
    lines = [line.replace(b"\n", b" ").replace(b"\r", b" ") for line in lines]
    code, out = _run(["classify", "--jsonl"], b"\n".join(lines) + b"\n")
    _check_lines(code, out, sum(1 for line in lines if line.decode("utf-8", "replace").strip()))


@FUZZ
@given(odd_text)
def test_classify_and_loi_take_any_argument(text: str) -> None:
    code, out = _run(["classify", text], b"")
    _check_lines(code, out, 1)
    out_text = io.StringIO()
    code = main(["loi", text or "x"], io.StringIO(""), out_text)
    assert code in (0, 2)
    if code == 2:
        assert json.loads(out_text.getvalue())["status"] == "error"


chat_lines = st.one_of(
    odd_text.map(lambda t: json.dumps({"text": t})),
    st.sampled_from(["Est a dit 1♥ sur mon 1♠", "East bid 1H over my 1S", "/loi 27?",
                     "/annuler", "/edition ᧚"]).map(lambda t: json.dumps({"text": t})),
    json_values.map(lambda v: json.dumps({"answer": v})),
    st.sampled_from(["᧚", "፩", "2", 2, True, "other_bid", "9" * 4000]).map(
        lambda v: json.dumps({"answer": v})),
).map(str.encode)


@FUZZ
@given(st.lists(st.one_of(chat_lines, raw_lines), min_size=1, max_size=5))
def test_chat_jsonl_answers_every_line(lines: list[bytes]) -> None:
    code, out = _run(["chat", "--jsonl"], b"\n".join(lines) + b"\n")
    _check_lines(code, out, sum(1 for line in lines if line.decode("utf-8", "replace").strip()))
    for line in out:
        assert set(line) >= {"text", "question", "ruling"}


@FUZZ
@given(st.one_of(odd_text, st.sampled_from(["a:1:᧚", "a:᧚:0", "a:፩:1", "a:1:" + "9" * 5000,
                                             "forget:᧚", "keep:", "a:0:0"])))
def test_any_button_data_gets_replies(tmp_path_factory: pytest.TempPathFactory,
                                      data: str) -> None:
    parse_answer_data(data)  # never raises
    conversations = open_conversations(tmp_path_factory.mktemp("b") / "db.sqlite3")
    try:
        conversations.text("tg:1", "Est a dit 1♥ sur mon 1♠")
        replies = conversations.button("tg:1", data)
        assert replies and all(r.text for r in replies)
    finally:
        conversations.store.close()


# --- the real streams --------------------------------------------------------

def _process(args: list[str], data: bytes, env: dict[str, str] | None = None
             ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "bot", *args], input=data,
                          capture_output=True, timeout=120, env={**os.environ, **(env or {})})


#: An ordinary French UTF-8 locale; PYTHONIOENCODING makes Python decode
#: standard input strictly as it does there, even where the locale is not
#: installed (C.UTF-8 would hide the failure with surrogateescape).
FRENCH = {"LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8", "PYTHONIOENCODING": "utf-8:strict",
          "PYTHONUTF8": "0"}


@pytest.mark.parametrize(("args", "data"), [
    (["rule"], b'{"dealer": ' + b"9" * 5000 + b"}"),
    (["rule"], b"[" * 1000 + b"]" * 1000),
    (["rule"], b"\xff\xfe{}"),
    (["classify"], b"\xff Est a dit 1\xe2\x99"),
    (["classify", "Est a dit ፩♥"], b""),
    (["chat", "--jsonl"], b'{"text": "Est a dit \xff"}\n'),
])
def test_no_traceback_in_a_french_locale(tmp_path: Path, args: list[str], data: bytes) -> None:
    done = _process(args, data, {**FRENCH, "ARBITRE_DB": str(tmp_path / "db.sqlite3")})
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    lines = done.stdout.decode("utf-8").splitlines()
    assert lines and all(json.loads(line) for line in lines)
    assert done.returncode in (0, 2)
    assert (done.returncode == 2) == any(json.loads(line).get("status") == "error"
                                         for line in lines)


def test_a_bad_line_in_a_batch_does_not_stop_it(tmp_path: Path) -> None:
    good = b'{"irregularity": "passed_out"}'
    data = b"\n".join([good, b"[" * 1000 + b"]" * 1000, b"\xff", b'{"dealer": ' + b"9" * 5000
                       + b"}", good]) + b"\n"
    done = _process(["rule", "--jsonl"], data, FRENCH)
    lines = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [line["status"] for line in lines] == ["ruling", "error", "error", "error", "ruling"]
    assert done.returncode == 2 and b"Traceback" not in done.stderr


def test_loi_with_a_question_mark_is_the_law_asked() -> None:
    out = io.StringIO()
    assert main(["loi", "27?"], io.StringIO(""), out) == 0
    assert out.getvalue().startswith("Loi 27 ") and "18D" not in out.getvalue()


def test_two_jsonl_processes_on_one_database_keep_their_own_conversations(
        tmp_path: Path) -> None:
    env = {**os.environ, "ARBITRE_DB": str(tmp_path / "shared.sqlite3")}
    procs = [subprocess.Popen([sys.executable, "-m", "bot", "chat", "--jsonl"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
             for _ in range(2)]
    first, second = procs

    def say(proc: subprocess.Popen[bytes], payload: object) -> dict[str, Any]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(payload).encode() + b"\n")
        proc.stdin.flush()
        reply: dict[str, Any] = json.loads(proc.stdout.readline())
        return reply

    try:
        asked = say(first, {"text": "Est a dit 1♥ sur mon 1♠"})
        assert asked["question"] is not None
        # The second process never saw the question: its answer finds none.
        stray = say(second, {"answer": False})
        assert stray["ruling"] is None and stray["question"] is None
        ruled = say(first, {"answer": False})
        assert ruled["ruling"] is not None or ruled["question"] is not None
    finally:
        for proc in procs:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.close()
            proc.wait(timeout=60)
            proc.stdout.close()
