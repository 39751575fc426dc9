"""`arbitre doctor`: one plain sentence per misconfiguration, never the token."""

from __future__ import annotations

import io
import json
import os
import random
import sqlite3
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bot.cli import main
from bot.doctor import (
    Level,
    check_catalogs,
    check_database,
    check_edition,
    check_speech_model,
    check_telegram,
    render_report,
)
from bot.store import StoreError, open_store
from tests.support.pg_server import PgServer

GOOD_TOKEN = "123456:GOOD-token-for-tests"
BAD_TOKEN = "654321:REVOKED-token-for-tests"


class _BotApi(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - the http.server hook name
        ok = self.path == f"/bot{GOOD_TOKEN}/getMe"
        body = {"ok": True, "result": {"id": 1, "is_bot": True, "first_name": "Arbitre",
                                        "username": "arbitre_test_bot"}} if ok else {
            "ok": False, "error_code": 401, "description": "Unauthorized"}
        data = json.dumps(body).encode()
        self.send_response(200 if ok else 401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def bot_api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _BotApi)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/bot"
    finally:
        server.shutdown()
        server.server_close()


def test_no_token_is_a_warning_not_a_failure() -> None:
    finding = check_telegram({})
    assert finding.level is Level.WARNING
    assert "@BotFather" in finding.message


def test_a_good_token_names_the_bot(bot_api: str) -> None:
    finding = check_telegram({"TELEGRAM_BOT_TOKEN": GOOD_TOKEN,
                              "TELEGRAM_API_BASE_URL": bot_api})
    assert finding.level is Level.OK and finding.args["username"] == "arbitre_test_bot"


def test_a_bad_token_says_what_to_do_and_never_shows_it(bot_api: str) -> None:
    finding = check_telegram({"TELEGRAM_BOT_TOKEN": BAD_TOKEN, "TELEGRAM_API_BASE_URL": bot_api})
    assert finding.level is Level.PROBLEM
    for lang in ("fr", "en"):
        report = render_report([finding], lang)
        assert BAD_TOKEN not in report and "REVOKED" not in report
        assert "@BotFather" in report


def test_an_unreachable_api_is_named_by_host() -> None:
    finding = check_telegram({"TELEGRAM_BOT_TOKEN": GOOD_TOKEN,
                              "TELEGRAM_API_BASE_URL": "http://127.0.0.1:9/bot"}, timeout=2)
    assert finding.level is Level.PROBLEM and finding.args["host"] == "127.0.0.1:9"


def test_database_writable_and_not(tmp_path: Path) -> None:
    assert check_database({"ARBITRE_DB": str(tmp_path / "a.sqlite3")}).level is Level.OK
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    finding = check_database({"ARBITRE_DB": str(blocker / "arbitre.sqlite3")})
    assert finding.level is Level.PROBLEM and "ARBITRE_DB" in finding.message


def test_speech_model_missing_directory() -> None:
    finding = check_speech_model({"ARBITRE_STT_MODEL": "/nonexistent/whisper"})
    assert finding.level is Level.PROBLEM
    assert "/nonexistent/whisper" in finding.args["detail"]


def test_speech_model_name_needs_network() -> None:
    # "base" and "small" are installed from packages; other names are downloaded.
    finding = check_speech_model({"ARBITRE_STT_MODEL": "medium"})
    assert finding.level is Level.WARNING and finding.args["name"] == "medium"


def test_edition_and_catalogs() -> None:
    assert check_edition({"ARBITRE_EDITION": "1997"}).level is Level.PROBLEM
    assert check_edition({}).level is Level.OK
    assert check_catalogs({}).level is Level.OK


def test_cli_exit_status_follows_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    monkeypatch.setenv("ARBITRE_STT_MODEL", "/nonexistent/whisper")
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "a.sqlite3"))
    out = io.StringIO()
    assert main(["doctor", "--lang", "en"], io.StringIO(""), out) == 1
    text = out.getvalue()
    assert "1 problem to fix." in text
    assert "Traceback" not in text


# --- the database checked for real: a write in a transaction, PRAGMA quick_check ------------

def _database_with_rulings(path: Path, count: int = 300) -> None:
    store = open_store(path)
    with store.transaction() as db:
        for _ in range(count):
            store.log_ruling(db, "tg:1", edition="2017", description="x" * 200, facts={},
                             ruling={})
    store.checkpoint()
    store.close()


def _check_as_another_user(db: Path) -> tuple[str, str]:
    """check_database in a forked child that, when we are root, becomes nobody.

    A fork, not a new interpreter: the interpreter may live under a home that
    nobody cannot read (pyenv under /root), and everything is imported already.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = 1
        try:
            os.close(read_end)
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
            finding = check_database({"ARBITRE_DB": str(db)})
            text = finding.level.name + "\n" + finding.message.format(**finding.args)
            os.write(write_end, text.encode())
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        output = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    assert status == 0, output
    level, message = output.split("\n", 1)
    return level, message


def test_a_read_only_wal_database_of_another_user_is_reported(tmp_path: Path) -> None:
    """The file and its directory belong to another user (WAL mode, its -wal
    and -shm files present): BEGIN IMMEDIATE alone would pass; the write fails."""
    folder = tmp_path / "theirs"
    folder.mkdir()
    db = folder / "arbitre.sqlite3"
    _database_with_rulings(db, 3)
    keep_open = sqlite3.connect(db)  # keeps -wal and -shm present, as a live bot would
    keep_open.execute("SELECT COUNT(*) FROM ruling_log").fetchone()
    try:
        for path in folder.iterdir():
            path.chmod(0o644)
        folder.chmod(0o755)
        if os.geteuid() != 0:
            for path in folder.iterdir():
                path.chmod(0o444)
            folder.chmod(0o555)
        level, message = _check_as_another_user(db)
    finally:
        folder.chmod(0o755)
        keep_open.close()
    assert level == "PROBLEM", message
    assert "Cannot write the database" in message and "write access" in message


def test_a_corrupted_header_gets_the_restore_advice(tmp_path: Path) -> None:
    db = tmp_path / "arbitre.sqlite3"
    _database_with_rulings(db, 3)
    data = bytearray(db.read_bytes())
    data[:16] = b"garbage garbage!"
    db.write_bytes(bytes(data))
    finding = check_database({"ARBITRE_DB": str(db)})
    assert finding.level is Level.PROBLEM
    assert "not an SQLite database, or its header is damaged" in finding.message
    assert "restore it from a backup" in finding.message


def test_random_bytes_over_pages_are_found(tmp_path: Path) -> None:
    db = tmp_path / "arbitre.sqlite3"
    _database_with_rulings(db)
    data = bytearray(db.read_bytes())
    noise = random.Random(7)
    for offset in range(4096 * 2, len(data) - 4096, 4096):
        data[offset + 100:offset + 400] = bytes(noise.randrange(256) for _ in range(300))
    db.write_bytes(bytes(data))
    finding = check_database({"ARBITRE_DB": str(db)})
    assert finding.level is Level.PROBLEM
    assert "is damaged" in finding.message and ".recover" in finding.message
    assert "quick_check" in finding.args["reason"]
    with pytest.raises(StoreError, match="is damaged"):  # the bot refuses to start on it
        open_store(db)


def test_a_full_disk_is_told_as_such_not_as_missing_rights(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite says "database or disk is full", or on some file systems only
    "disk I/O error": with no space left, the advice is to free some, not to
    change the file's rights."""
    import shutil
    import sqlite3

    from bot import store

    full = sqlite3.OperationalError("database or disk is full")
    assert store.classify_error(full)[0] is store.Problem.DISK_FULL
    io_error = sqlite3.OperationalError("disk I/O error")
    db = tmp_path / "bot.sqlite3"
    assert store.classify_error(io_error, db)[0] is store.Problem.UNWRITABLE
    monkeypatch.setattr(store.shutil, "disk_usage",
                        lambda folder: shutil._ntuple_diskusage(10 << 20, 10 << 20, 0))  # type: ignore[attr-defined]
    problem, reason = store.classify_error(io_error, db)
    assert problem is store.Problem.DISK_FULL
    assert "the disk holding it is full" in store.advice(db, problem, reason)


# --- a PostgreSQL database (ARBITRE_DB=postgresql://...) ------------------------------------

def test_database_on_postgresql_reachable_and_not(pg_server: PgServer, tmp_path: Path) -> None:
    url = pg_server.fresh_url()
    finding = check_database({"ARBITRE_DB": url})
    assert finding.level is Level.OK and "PostgreSQL" in finding.message
    assert finding.args["path"] == url
    # No server at that socket, a password in the URL: a problem, the password never shown.
    absent = f"postgresql://bot:s3cret@/arbitre?host={tmp_path}&connect_timeout=2"
    finding = check_database({"ARBITRE_DB": absent})
    assert finding.level is Level.PROBLEM and "s3cret" not in str(finding.args)
    report = render_report([finding], "fr")
    assert "base PostgreSQL postgresql://bot:***@" in report and "s3cret" not in report


def test_a_database_from_a_newer_arbitre_is_named_so(tmp_path: Path) -> None:
    path = tmp_path / "arbitre.sqlite3"
    open_store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    finding = check_database({"ARBITRE_DB": str(path)})
    assert finding.level is Level.PROBLEM and "newer Arbitre" in finding.message
    assert "schema version 99" in finding.args["reason"]
    with pytest.raises(StoreError, match="newer Arbitre .*upgrade Arbitre"):
        open_store(path)
