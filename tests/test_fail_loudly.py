"""Failing loudly where a supervisor sees it: a token Telegram refuses at
start or while polling, or a database file deleted while running, ends the
real ``arbitre telegram`` process with status 2 and one sentence (never the
token, never a traceback); a malformed getUpdates answer is backed off, not
spun on; a step whose commit fails tells the user it was not saved."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from bot.store import Store, StoreGone, open_store
from tests.fakes.bot_api import TOKEN, FakeBotApi
from tests.fakes.harness import TelegramHarness
from tests.fakes.reading import sent_texts
from tests.fakes.updates import private_chat, text_update, user

ROOT = Path(__file__).resolve().parent.parent
#: the issue's promise: a revoked token ends the process within a minute
WITHIN = 60.0
UNAUTHORIZED = (401, {"ok": False, "error_code": 401, "description": "Unauthorized"})


def _start(fake: FakeBotApi, db: Path) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITRE_", "TELEGRAM_"))}
    env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url,
               TELEGRAM_API_BASE_FILE_URL=fake.base_file_url, ARBITRE_DB=str(db),
               ARBITRE_STT_MODEL=str(db.parent / "no-model"), ARBITRE_LOG_LEVEL="DEBUG",
               ARBITRE_CACHE_DIR=str(db.parent / "cache"))
    return subprocess.Popen([sys.executable, "-m", "bot", "telegram"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _ended(process: subprocess.Popen[str]) -> tuple[int, str, str, float]:
    started = time.monotonic()
    try:
        out, err = process.communicate(timeout=WITHIN)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, out, err, time.monotonic() - started


def _no_leak(*texts: str) -> None:
    for text in texts:
        for form in (TOKEN, quote(TOKEN, safe=""), TOKEN.split(":")[1]):
            assert form not in text, "the token was printed"


def _one_sentence(out: str) -> str:
    (line,) = out.splitlines()
    payload = json.loads(line)
    assert payload["status"] == "error"
    return str(payload["error"])


@pytest.mark.parametrize("status", [401, 404])
def test_a_token_revoked_while_polling_ends_the_process(fake: FakeBotApi, tmp_path: Path,
                                                        status: int) -> None:
    process = _start(fake, tmp_path / "bot.sqlite3")
    assert fake.wait_polling(30), "the bot never polled"
    fake.override = lambda method, params: (status, {"ok": False, "error_code": status,
                                                     "description": "Unauthorized"})
    code, out, err, took = _ended(process)
    assert code == 2 and took < WITHIN
    assert "refused the token while the bot was running" in _one_sentence(out)
    _no_leak(out, err)
    assert "Traceback" not in err


def test_a_token_refused_by_the_start_up_getme_is_one_sentence(fake: FakeBotApi,
                                                               tmp_path: Path) -> None:
    """check_connection's getMe passes; the Application's own getMe is refused."""
    seen: list[str] = []

    def second_get_me_refused(method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            seen.append(method)
            return UNAUTHORIZED if len(seen) > 1 else None
        return None

    fake.override = second_get_me_refused
    code, out, err, _ = _ended(_start(fake, tmp_path / "bot.sqlite3"))
    assert code == 2 and "refused the token" in _one_sentence(out)
    _no_leak(out, err)
    assert "Traceback" not in err


def test_a_database_deleted_while_running_stops_the_bot(fake: FakeBotApi,
                                                        tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    process = _start(fake, db)
    assert fake.wait_polling(30), "the bot never polled"
    for path in tmp_path.glob("bot.sqlite3*"):
        path.unlink()
    code, out, err, _ = _ended(process)
    assert code == 2
    assert "was deleted or replaced while running" in _one_sentence(out)
    _no_leak(out, err)


def test_a_step_on_a_deleted_database_is_refused(tmp_path: Path) -> None:
    store = open_store(tmp_path / "a.sqlite3")
    try:
        (tmp_path / "a.sqlite3").unlink()
        with pytest.raises(StoreGone), store.transaction():
            pass
    finally:
        store.close()


async def test_a_malformed_getupdates_answer_is_backed_off(bot: TelegramHarness) -> None:
    while not bot.fake.polls:
        await asyncio.sleep(0.02)
    bot.fake.override = lambda method, params: (
        (200, {"ok": True}) if method == "getUpdates" else None)
    before = bot.fake.update_requests
    await asyncio.sleep(3.0)
    during = bot.fake.update_requests - before
    bot.fake.override = None
    assert 1 <= during <= 4  # 1 s, then 1.5 s: not 22 polls a second
    assert bot.poller is not None and bot.poller.failures >= 1
    # And it recovers: the next message is answered (once the back-off ends).
    calls = await bot.send(text_update(bot.next_id(), private_chat(31), "/aide",
                                       sender=user(31)))
    assert sent_texts(calls)


async def test_a_failed_commit_says_not_saved(bot: TelegramHarness,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    assert bot.app is not None
    store: Store = bot.app.bot_data["conversations"].store

    def disk_full(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "save_state", disk_full)
    calls = await _send_expecting_error(bot)
    (text,) = sent_texts(calls)
    assert "pas pu l'enregistrer" in text and "conservé" not in text
    monkeypatch.undo()
    assert store.load_state("tg:32") is None  # nothing half-saved


async def _send_expecting_error(bot: TelegramHarness) -> list[Any]:
    handled = bot.push(text_update(bot.next_id(), private_chat(32), "Est a dit 1♥ sur mon 1♠",
                                   sender=user(32)))
    try:
        return await handled()
    except AssertionError:  # the harness reports the handler's failure: expected here
        errors, bot.errors[:] = list(bot.errors), []
        assert any(isinstance(e, sqlite3.OperationalError) for e in errors)
        return bot.fake.calls_to("sendMessage")[-1:]


def test_sigterm_still_ends_cleanly(fake: FakeBotApi, tmp_path: Path) -> None:
    process = _start(fake, tmp_path / "bot.sqlite3")
    assert fake.wait_polling(30)
    process.send_signal(signal.SIGTERM)
    code, out, err, _ = _ended(process)
    assert code == 0 and out == "" and "Traceback" not in err
