"""Webhook mode keeps the polling mode's promises (bot/telegram/inbox.py): the
real ``arbitre telegram`` process serving a webhook, its replies sent to the
fake Bot API. An update is kept in the inbox before the webhook answers 200,
handled once when Telegram posts it twice (its first 200 lost), and still
once after a ``kill -9`` and a restart."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from bot.telegram.app import _webhook_path
from tests.fakes.bot_api import TOKEN, FakeBotApi
from tests.fakes.updates import private_chat, text_update, user

ROOT = Path(__file__).resolve().parent.parent
SECRET = "webhook-secret-for-tests"
INCIDENT = "Est a dit 1♥ sur mon 1♠"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(fake: FakeBotApi, db: Path, port: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITRE_", "TELEGRAM_"))}
    env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url,
               TELEGRAM_API_BASE_FILE_URL=fake.base_file_url, ARBITRE_DB=str(db),
               ARBITRE_STT_MODEL=str(db.parent / "no-model"),
               ARBITRE_CACHE_DIR=str(db.parent / "cache"),
               ARBITRE_WEBHOOK_URL=f"http://127.0.0.1:{port}",
               ARBITRE_WEBHOOK_PORT=str(port), ARBITRE_WEBHOOK_SECRET=SECRET)
    with (db.parent / f"webhook{port}.log").open("ab") as log:
        return subprocess.Popen([sys.executable, "-m", "bot", "telegram"], cwd=ROOT, env=env,
                                stdout=log, stderr=log)


def _post(port: int, update: dict[str, object], timeout: float = 30.0) -> int:
    """POST ``update`` as Telegram would, retrying while the server starts; its status."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/{_webhook_path(TOKEN)}", data=json.dumps(update).encode(),
        headers={"Content-Type": "application/json",
                 "X-Telegram-Bot-Api-Secret-Token": SECRET})
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return int(answer.status)
        except OSError:  # not listening yet
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _answers(fake: FakeBotApi, chat: int) -> int:
    return sum(1 for call in fake.calls_to("sendMessage")
               if str(call.params.get("chat_id")) == str(chat))


def _until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_an_update_posted_twice_is_answered_once_even_across_a_kill(tmp_path: Path) -> None:
    fake = FakeBotApi().start()
    port = _free_port()
    db = tmp_path / "bot.sqlite3"
    process = _start(fake, db, port)
    try:
        update = text_update(7001, private_chat(61), INCIDENT, sender=user(61))
        assert _post(port, update) == 200
        # Kept before the 200: the inbox holds it already.
        with closing(sqlite3.connect(db)) as conn:
            assert conn.execute("SELECT COUNT(*) FROM inbox WHERE update_id = 7001"
                                ).fetchone() == (1,)
        assert _post(port, update) == 200  # Telegram did not see the first 200
        _until(lambda: _answers(fake, 61) >= 1)
        time.sleep(1.5)  # room for a second answer to show
        assert _answers(fake, 61) == 1
        process.send_signal(signal.SIGKILL)
        process.wait()
        process = _start(fake, db, port)
        assert _post(port, update) == 200  # posted again to the new process
        other = text_update(7002, private_chat(62), INCIDENT, sender=user(62))
        assert _post(port, other) == 200
        _until(lambda: _answers(fake, 62) >= 1)  # the new process answers...
        time.sleep(1.0)
        assert _answers(fake, 61) == 1  # ...but not the update it had handled
        assert any(call.method == "setWebhook" for call in fake.calls)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        fake.stop()
    assert process.returncode == 0, (tmp_path / f"webhook{port}.log").read_text()



def test_a_token_revoked_while_serving_a_webhook_ends_the_process(tmp_path: Path) -> None:
    """No poll would notice: the webhook's own check asks Telegram, and the
    process ends with status 2 and one sentence, never the token."""
    fake = FakeBotApi().start()
    port = _free_port()
    db = tmp_path / "bot.sqlite3"
    process = _start(fake, db, port)
    try:
        update = text_update(7101, private_chat(63), INCIDENT, sender=user(63))
        assert _post(port, update) == 200
        _until(lambda: _answers(fake, 63) >= 1)
        fake.override = lambda method, params: (
            401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
        started = time.monotonic()
        process.wait(timeout=60)
        waited = time.monotonic() - started
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        fake.stop()
    output = (tmp_path / f"webhook{port}.log").read_text()
    assert process.returncode == 2, output
    assert waited < 60.0
    assert "Telegram refused the token while the bot was running" in output
    assert "Traceback" not in output
    for form in (TOKEN, TOKEN.split(":")[1]):
        assert form not in output
