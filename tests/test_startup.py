"""Starting Arbitre misconfigured: one sentence saying what to do, never a
traceback, never the token. And a real ``arbitre telegram`` process, logging
everything at DEBUG (httpx included) against the fake Bot API with a known
token and no speech model: it serves text, tells voice-note senders to
type, and the token appears nowhere in what it printed."""

from __future__ import annotations

import io
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from bot.cli import main
from bot.telegram.settings import TokenFilter
from tests.fakes.bot_api import TOKEN, FakeBotApi
from tests.fakes.updates import private_chat, text_update, user, voice_update

ROOT = Path(__file__).resolve().parent.parent
#: a process that has not answered by then is stuck: fail rather than hang
PROCESS_TIMEOUT = 30.0



@pytest.fixture
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for variable in ("TELEGRAM_BOT_TOKEN", "TELEGRAM_API_BASE_URL", "ARBITRE_EDITION",
                     "ARBITRE_ALLOWED_CHATS", "ARBITRE_MAX_MESSAGES_PER_MINUTE",
                     "ARBITRE_RETENTION_DAYS", "ARBITRE_LOG_LEVEL", "ARBITRE_WEBHOOK_URL"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "arbitre.sqlite3"))
    return tmp_path


def _closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(""), out=out)
    return code, out.getvalue()


def _sentence(output: str) -> str:
    (line,) = output.splitlines()
    payload = json.loads(line)
    assert payload["status"] == "error"
    return str(payload["error"])


def _leaks(text: str) -> list[str]:
    return [form for form in (TOKEN, quote(TOKEN, safe=""), TOKEN.split(":")[1])
            if form in text]


@pytest.mark.parametrize("argv", [["telegram"], []])
def test_a_refused_token_is_one_sentence(fake: FakeBotApi, environment: Path,
                                         monkeypatch: pytest.MonkeyPatch,
                                         caplog: pytest.LogCaptureFixture,
                                         argv: list[str]) -> None:
    wrong = "999999:REVOKED-token-for-tests"
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", wrong)
    monkeypatch.setenv("TELEGRAM_API_BASE_URL", fake.base_url)
    caplog.set_level(logging.DEBUG)
    code, output = _run(argv)
    assert code == 2
    assert _sentence(output) == ("Telegram refused the token: copy it again from @BotFather "
                                 "into TELEGRAM_BOT_TOKEN")
    logged = "\n".join(caplog.text.splitlines())
    assert wrong not in output + logged and "REVOKED" not in output + logged


def test_an_unreachable_api_is_one_sentence(environment: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    port = _closed_port()
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("TELEGRAM_API_BASE_URL", f"http://127.0.0.1:{port}/bot")
    code, output = _run(["telegram"])
    assert code == 2
    assert _sentence(output).startswith(f"Cannot reach the Telegram Bot API at 127.0.0.1:{port}")
    assert not _leaks(output)


@pytest.mark.parametrize("command", [["telegram"], ["chat"], ["chat", "--jsonl"], []])
def test_an_unwritable_database_is_one_sentence(environment: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                fake: FakeBotApi,
                                                command: list[str]) -> None:
    blocker = environment / "a-file"
    blocker.write_text("a file where a directory should be")
    monkeypatch.setenv("ARBITRE_DB", str(blocker / "arbitre.sqlite3"))
    if command != ["chat"] and command != ["chat", "--jsonl"]:
        monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
        monkeypatch.setenv("TELEGRAM_API_BASE_URL", fake.base_url)
    code, output = _run(command)
    assert code == 2
    sentence = _sentence(output)
    assert sentence.startswith(f"Cannot write the database {blocker / 'arbitre.sqlite3'}")
    assert sentence.rstrip(".").endswith("set ARBITRE_DB to a file in a writable directory")
    assert fake.calls_to("getUpdates") == []  # never started


@pytest.mark.parametrize(("variable", "value", "command"), [
    ("ARBITRE_EDITION", "1997", ["telegram"]),
    ("ARBITRE_ALLOWED_CHATS", "mon club", ["telegram"]),
    ("ARBITRE_MAX_MESSAGES_PER_MINUTE", "beaucoup", ["telegram"]),
    ("ARBITRE_RETENTION_DAYS", "-1", ["telegram"]),
    ("ARBITRE_RETENTION_DAYS", "un an", ["chat"]),
    ("ARBITRE_LOG_LEVEL", "VERBOSE", ["telegram"]),
    ("ARBITRE_WEBHOOK_PORT", "https", ["telegram"]),
])
def test_a_bad_setting_names_the_variable(environment: Path, monkeypatch: pytest.MonkeyPatch,
                                          variable: str, value: str,
                                          command: list[str]) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("TELEGRAM_API_BASE_URL", f"http://127.0.0.1:{_closed_port()}/bot")
    monkeypatch.setenv(variable, value)
    code, output = _run(command)
    assert code == 2
    sentence = _sentence(output)
    assert variable in sentence and "Traceback" not in sentence
    assert not _leaks(output)


def _wait(condition: object, what: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + PROCESS_TIMEOUT
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        if process.poll() is not None:
            raise AssertionError(f"the bot exited ({process.returncode}) before {what}")
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_real_process_serves_text_without_a_speech_model_and_never_logs_the_token(
        fake: FakeBotApi, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITRE_", "TELEGRAM_"))}
    env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url,
               TELEGRAM_API_BASE_FILE_URL=fake.base_file_url,
               ARBITRE_DB=str(tmp_path / "arbitre.sqlite3"),
               ARBITRE_STT_MODEL=str(tmp_path / "no-such-model"),
               ARBITRE_CACHE_DIR=str(tmp_path / "cache"), ARBITRE_LOG_LEVEL="DEBUG")
    process = subprocess.Popen([sys.executable, "-m", "bot", "telegram"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert fake.wait_polling(PROCESS_TIMEOUT), "the bot never polled"
        chat = private_chat(900)

        def replied(count: int) -> object:
            return lambda: len([c for c in fake.calls_to("sendMessage")
                                if str(c.params.get("chat_id")) == "900"]) >= count

        fake.push(text_update(fake.next_update_id(), chat, "Est a dit 1♥ sur mon 1♠",
                              sender=user(900, "fr")))
        _wait(replied(1), "the answer to a typed message", process)
        note = (ROOT / "tests" / "fixtures" / "voice" / "noise.ogg").read_bytes()
        fake.add_file("note-900", note)
        fake.push(voice_update(fake.next_update_id(), chat, "note-900", duration=3,
                               file_size=len(note), sender=user(900, "fr")))
        _wait(replied(2), "the answer to a voice note", process)
        # A note whose file Telegram no longer has: getFile fails, and is logged.
        fake.push(voice_update(fake.next_update_id(), chat, "note-gone", duration=3,
                               file_size=404, sender=user(900, "fr")))
        _wait(replied(3), "the answer to a note that cannot be fetched", process)
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=PROCESS_TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    voice_answers = [str(c.params["text"]) for c in fake.calls_to("sendMessage")][-2:]
    assert "n'est pas installé" in voice_answers[0] and "ARBITRE_STT_MODEL" in voice_answers[0]
    assert "taper" in voice_answers[1] or "tapez" in voice_answers[1]
    assert process.returncode == 0
    assert not _leaks(out + err), "the token was printed"
    assert "bot<token>/getMe" in err  # httpx's request lines were logged, scrubbed
    assert "Telegram would not serve the voice note" in err
    assert err.count("voice notes will not work until this is fixed") == 1  # at start
    assert "Traceback" not in err


def test_the_token_filter_scrubs_tracebacks_and_encoded_urls() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(TokenFilter(TOKEN))
    logger = logging.getLogger("tests.token-filter")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        try:
            raise ValueError(f"The token `{TOKEN}` was rejected by the server.")
        except ValueError:
            logger.exception("download of %s failed",
                             f"http://127.0.0.1/file/bot{quote(TOKEN, safe='')}/voice/a.oga")
        logger.warning("plain %s", TOKEN, stack_info=True)
    finally:
        logger.removeHandler(handler)
    logged = stream.getvalue()
    assert "Traceback" in logged and "was rejected" in logged
    assert not _leaks(logged)
    assert logged.count("<token>") == 3
