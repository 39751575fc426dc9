"""Deployment health and logs: the poller's heartbeat and ``arbitre health``
(polling), ``GET /healthz`` (webhook), each against a real ``arbitre
telegram`` process and the fake Bot API on 127.0.0.1; and log lines, one per
event, JSON on demand, never the token."""

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
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from bot.cli import main
from bot.logs import configure_logging
from bot.telegram.health import BEAT_EVERY, Heartbeat, heartbeat_path, read_heartbeat
from bot.telegram.settings import TokenFilter
from tests.fakes.bot_api import TOKEN, FakeBotApi
from tests.support.pg_server import PgServer

ROOT = Path(__file__).resolve().parent.parent
#: a process that has not answered by then is stuck: fail rather than hang
PROCESS_TIMEOUT = 30.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _environment(fake: FakeBotApi, tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITRE_", "TELEGRAM_"))}
    env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url,
               TELEGRAM_API_BASE_FILE_URL=fake.base_file_url,
               ARBITRE_DB=str(tmp_path / "arbitre.sqlite3"),
               ARBITRE_STT_MODEL=str(tmp_path / "no-such-model"),
               ARBITRE_CACHE_DIR=str(tmp_path / "cache"), LANG="en")
    env.update(extra)
    return env


def _bot(env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bot", "telegram"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _health(env: dict[str, str], *args: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "bot", "health", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=PROCESS_TIMEOUT)
    return done.returncode, done.stdout + done.stderr


def _wait(condition: Callable[[], bool], what: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + PROCESS_TIMEOUT
    while time.monotonic() < deadline:
        if condition():
            return
        if process.poll() is not None:
            raise AssertionError(f"the bot exited ({process.returncode}) before {what}: "
                                 f"{process.communicate()[1][-2000:]}")
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _stop(process: subprocess.Popen[str]) -> tuple[str, str]:
    process.send_signal(signal.SIGTERM)
    try:
        return process.communicate(timeout=PROCESS_TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


@pytest.fixture
def running() -> Iterator[list[subprocess.Popen[str]]]:
    """Processes a test starts, killed if the test left them running."""
    processes: list[subprocess.Popen[str]] = []
    yield processes
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.communicate()


# --- polling: heartbeat and `arbitre health` ---------------------------------

def test_a_polling_bot_is_healthy_while_it_polls_and_not_once_stopped(
        fake: FakeBotApi, tmp_path: Path, running: list[subprocess.Popen[str]]) -> None:
    env = _environment(fake, tmp_path, ARBITRE_LOG_FORMAT="json")
    beat = heartbeat_path(env)
    assert beat == tmp_path / "arbitre.sqlite3.heartbeat"  # in the state directory
    code, said = _health(env)
    assert code == 1 and "not polling" in said and str(beat) in said  # not started yet
    process = _bot(env)
    running.append(process)
    _wait(lambda: fake.wait_polling(0.1) and beat.exists(), "the first heartbeat", process)
    code, said = _health(env)
    assert (code, said.strip()) == (0, "The bot is serving and its database answers.")
    # A poll older than the limit: the bot is reported stuck, with the age.
    code, said = _health(env, "--max-age", "0")
    assert code == 1 and "last successful poll" in said and said.count("\n") == 1
    out, err = _stop(process)
    assert process.returncode == 0
    assert not beat.exists(), "a clean stop removes the heartbeat"
    code, said = _health(env, "--lang", "fr")
    assert code == 1 and "n'interroge pas Telegram" in said
    # The process logged one JSON object per line, none of them with the token.
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines and TOKEN not in out + err
    events = [json.loads(line) for line in lines]
    assert {"time", "level", "logger", "message"} <= set(events[0])
    assert any("Telegram accepts the token" in e["message"] for e in events)


def test_a_polling_bot_whose_database_is_unusable_is_not_healthy(tmp_path: Path) -> None:
    env = {"ARBITRE_DB": str(tmp_path / "arbitre.sqlite3"), "LANG": "en"}
    Heartbeat(heartbeat_path(env)).beat()  # a fresh poll...
    (tmp_path / "arbitre.sqlite3").write_bytes(b"not a database " * 100)  # ...a broken file
    code, said = _health({**os.environ, **env})
    assert code == 1 and str(tmp_path / "arbitre.sqlite3") in said and said.count("\n") == 1


@pytest.mark.parametrize(("content", "age", "expected"), [
    (None, 0.0, "not polling"),                       # never written, or removed at a stop
    ("{not json", 0.0, "cannot be read"),
    ('{"pid": 1}', 0.0, "cannot be read"),
    ("fresh", 10.0, None),
    ("fresh", 91.0, "last successful poll was 91 s ago"),
])
def test_reading_the_heartbeat(tmp_path: Path, content: str | None, age: float,
                               expected: str | None) -> None:
    path = tmp_path / "bot.heartbeat"
    if content == "fresh":
        Heartbeat(path, clock=lambda: 1000.0).beat()
    elif content is not None:
        path.write_text(content)
    reason = read_heartbeat(path, 1000.0 + age, 90.0)
    if expected is None:
        assert reason is None
    else:
        assert reason is not None
        assert expected in reason[0].format(**reason[1])


def test_the_heartbeat_is_written_at_most_every_few_seconds_and_replaced_whole(
        tmp_path: Path) -> None:
    now = [1000.0]
    path = tmp_path / "state" / "bot.heartbeat"
    heartbeat = Heartbeat(path, clock=lambda: now[0])
    heartbeat.beat()
    assert json.loads(path.read_text()) == {"pid": os.getpid(), "at": 1000.0}
    now[0] += BEAT_EVERY / 2
    heartbeat.beat()
    assert json.loads(path.read_text())["at"] == 1000.0
    now[0] += BEAT_EVERY
    heartbeat.beat()
    assert json.loads(path.read_text())["at"] == now[0]
    assert [p.name for p in path.parent.iterdir()] == ["bot.heartbeat"]  # no temporary left
    heartbeat.clear()
    assert not path.exists()


def test_a_heartbeat_that_cannot_be_written_is_logged_once_and_the_bot_goes_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    now = [0.0]
    heartbeat = Heartbeat(blocker / "bot.heartbeat", clock=lambda: now[0])
    for _ in range(3):
        heartbeat.beat()
        now[0] += BEAT_EVERY
    assert len([r for r in caplog.records if "heartbeat" in r.getMessage()]) == 1


# --- webhook: GET /healthz -----------------------------------------------------

def test_a_webhook_bot_answers_healthz_and_503_once_its_database_is_gone(
        fake: FakeBotApi, tmp_path: Path, running: list[subprocess.Popen[str]]) -> None:
    health_port = _free_port()
    env = _environment(fake, tmp_path, ARBITRE_WEBHOOK_URL="https://bot.example.invalid/hook",
                       ARBITRE_WEBHOOK_PORT=str(_free_port()),
                       ARBITRE_HEALTH_PORT=str(health_port))
    url = f"http://127.0.0.1:{health_port}/healthz"
    code, said = _health(env)
    assert code == 1 and url in said  # nothing listens yet
    process = _bot(env)
    running.append(process)

    def answers() -> bool:
        try:
            return httpx.get(url, timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    _wait(answers, "/healthz to answer 200", process)
    response = httpx.get(url, timeout=5)
    assert response.json() == {"status": "ok", "mode": "webhook", "bot": "serving",
                               "store": "ok"}
    assert response.headers["content-type"] == "application/json"
    assert fake.calls_to("setWebhook"), "the webhook was registered with the fake Bot API"
    assert _health(env) == (0, "The bot is serving and its database answers.\n")
    # The database file deleted under the running bot: not healthy any more.
    for suffix in ("", "-wal", "-shm"):
        Path(env["ARBITRE_DB"] + suffix).unlink(missing_ok=True)
    response = httpx.get(url, timeout=10)
    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"
    assert "deleted or replaced" in response.json()["reason"]
    code, said = _health(env)
    assert code == 1 and "HTTP 503" in said and "deleted or replaced" in said
    out, err = _stop(process)
    assert TOKEN not in out + err
    assert all(" INFO " in line or " WARNING " in line or " ERROR " in line
               or " CRITICAL " in line or " DEBUG " in line
               for line in err.splitlines() if line), "one line per event"


def test_a_webhook_bot_on_postgresql_is_healthy_until_its_tables_are_dropped(
        fake: FakeBotApi, tmp_path: Path, pg_server: PgServer,
        running: list[subprocess.Popen[str]]) -> None:
    """The federation's setup (deploy/compose.yaml): webhook, PostgreSQL."""
    import psycopg

    url = pg_server.fresh_url()
    health_port = _free_port()
    env = _environment(fake, tmp_path, ARBITRE_DB=url, ARBITRE_LOG_FORMAT="json",
                       ARBITRE_WEBHOOK_URL="https://bot.example.invalid/hook",
                       ARBITRE_WEBHOOK_PORT=str(_free_port()),
                       ARBITRE_HEALTH_PORT=str(health_port))
    healthz = f"http://127.0.0.1:{health_port}/healthz"
    process = _bot(env)
    running.append(process)

    def answers() -> bool:
        try:
            return httpx.get(healthz, timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    _wait(answers, "/healthz to answer 200 on PostgreSQL", process)
    assert _health(env) == (0, "The bot is serving and its database answers.\n")
    schema = url.rsplit("%3D", 1)[1]
    with psycopg.connect(pg_server.url(), autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
    response = httpx.get(healthz, timeout=10)
    assert response.status_code == 503
    assert "no longer holds Arbitre's tables" in response.json()["reason"]
    out, err = _stop(process)
    events = [json.loads(line) for line in err.splitlines() if line.strip()]
    assert events and TOKEN not in out + err


# --- log lines -----------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["text", "json"])
def test_each_event_is_one_line_and_the_token_never_printed(fmt: str) -> None:
    stream = io.StringIO()
    handler = configure_logging(logging.DEBUG, fmt, TokenFilter(TOKEN).scrub, stream)
    try:
        logger = logging.getLogger("tests.health.logs")
        logger.info("POST https://api.telegram.org/bot%s/getMe", TOKEN)
        logger.warning("two\nlines from %s", "a user")
        try:
            raise RuntimeError(f"The token `{TOKEN}` was rejected by the server.")
        except RuntimeError:
            logger.exception("an unexpected failure")
    finally:
        logging.getLogger().removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 3
    assert TOKEN not in stream.getvalue() and TOKEN.split(":")[1] not in stream.getvalue()
    if fmt == "json":
        events = [json.loads(line) for line in lines]
        assert events[0]["message"] == "POST https://api.telegram.org/bot<token>/getMe"
        assert events[1]["message"] == "two\nlines from a user"
        assert events[2]["level"] == "ERROR" and "RuntimeError" in events[2]["error"]
        assert "<token>" in events[2]["error"]
    else:
        assert lines[0].endswith("INFO tests.health.logs: POST "
                                 "https://api.telegram.org/bot<token>/getMe")
        assert lines[1].endswith("two\\nlines from a user")
        assert "ERROR" in lines[2] and "| Traceback" in lines[2] and "<token>" in lines[2]


def test_a_log_format_that_does_not_exist_is_refused_in_one_sentence(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "arbitre.sqlite3"))
    monkeypatch.setenv("ARBITRE_LOG_FORMAT", "xml")
    out = io.StringIO()
    assert main(["telegram"], stdin=io.StringIO(""), out=out) == 2
    error = json.loads(out.getvalue())["error"]
    assert "ARBITRE_LOG_FORMAT" in error and "json" in error


# --- the Docker build's model check: `arbitre hear --check-model` ---------------

def test_voice_model_check_assembles_verifies_and_loads_the_embedded_model(
        tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARBITRE_")}
    env.update(ARBITRE_CACHE_DIR=str(tmp_path / "cache"), HF_HUB_OFFLINE="1")
    done = subprocess.run([sys.executable, "-m", "bot", "hear", "--check-model"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    answer = json.loads(done.stdout)
    assert answer["status"] == "ok" and answer["local"] is True
    assert (Path(answer["model"]) / "model.bin").stat().st_size == 145_217_532


@pytest.mark.parametrize(("files", "expected"), [
    ({"config.json": "{}", "vocabulary.txt": "a"}, "lacks model.bin, tokenizer.json"),
    ({"config.json": "{}", "vocabulary.txt": "a", "tokenizer.json": "{}",
      "model.bin": "half a model"}, "cannot load the speech model"),
])
def test_voice_model_check_fails_on_an_incomplete_model(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str],
        expected: str) -> None:
    model = tmp_path / "model"
    model.mkdir()
    for name, content in files.items():
        (model / name).write_text(content)
    monkeypatch.setenv("ARBITRE_STT_MODEL", str(model))
    out = io.StringIO()
    assert main(["hear", "--check-model"], stdin=io.StringIO(""), out=out) == 1
    answer = json.loads(out.getvalue())
    assert answer["status"] == "error" and expected in answer["error"]


async def test_healthz_says_503_while_the_bot_is_not_serving_and_when_the_store_fails(
        fake: FakeBotApi, tmp_path: Path) -> None:
    from bot.telegram import Settings, build_application
    from bot.telegram.health import HealthServer

    app = build_application(Settings(token=TOKEN, base_url=fake.base_url,
                                     base_file_url=fake.base_file_url,
                                     db_path=tmp_path / "arbitre.sqlite3"))
    server = HealthServer(app, _free_port(), "127.0.0.1")
    try:
        status, body = await server.probe()  # built, not started: e.g. still starting
        assert (status, body["status"]) == (503, "unavailable")
        assert "not serving" in body["reason"]
        await app.initialize()
        assert app.updater is not None
        await app.updater.start_webhook(listen="127.0.0.1", port=_free_port(),
                                        url_path="hook", drop_pending_updates=False)
        await app.start()
        assert await server.probe() == (200, {"status": "ok", "mode": "webhook",
                                              "bot": "serving", "store": "ok"})
        app.bot_data["conversations"].store.close()  # the store stops answering
        status, body = await server.probe()
        assert status == 503 and body["reason"].startswith("the store failed:")
    finally:
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()
        if app.post_shutdown is not None:  # the store (closing twice is harmless), the voice
            await app.post_shutdown(app)
