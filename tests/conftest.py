"""Fixtures shared across test modules: the speech model (loaded once per
session, offline), a Telegram bot against the fake Bot API, and the two
store back ends (an SQLite file; a real PostgreSQL server started once per
session)."""

from __future__ import annotations

import os
import socket
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import settings

from bot.dialogue import Conversations, open_conversations
from bot.voice import Recognizer, Transcriber
from bot.voice.model import ENV_CACHE, ENV_MODEL
from tests.fakes.bot_api import FakeBotApi
from tests.fakes.harness import TelegramHarness
from tests.support.pg_server import MISSING, SKIP_ENV, PgServer, find_bin_dir

VOICE_FIXTURES = Path(__file__).parent / "fixtures" / "voice"

# The property tests draw the same examples on every machine and every run, so
# the suite's verdict does not depend on luck; ARBITRE_HYPOTHESIS=explore draws
# new ones (a search for bugs, run on demand).
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("ARBITRE_HYPOTHESIS", "repeatable"))


def _no_network(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("the speech model must load without any network")


@pytest.fixture(scope="session")
def recognizer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Recognizer]:
    """The embedded model, assembled in a private cache and loaded once for the session.

    Any socket connection while it loads fails the session: a hub lookup
    would hang or fail on a machine without network.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_CACHE, str(tmp_path_factory.mktemp("voice-cache")))
        patch.delenv(ENV_MODEL, raising=False)
        patch.setenv("HF_HUB_OFFLINE", "1")
        patch.setattr(socket.socket, "connect", _no_network)
        patch.setattr(socket.socket, "connect_ex", _no_network)
        loaded = Recognizer()
        loaded.load()
        # One transcription too: the tokenizer and feature extractor are used only then.
        loaded.transcribe_note((VOICE_FIXTURES / "en_insufficient_bid.ogg").read_bytes(), "en")
    yield loaded


@pytest.fixture
async def transcriber(recognizer: Recognizer) -> AsyncIterator[Transcriber]:
    front = Transcriber(recognizer)
    yield front
    front.close()


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TelegramHarness]:
    """A bot on the real python-telegram-bot stack, polling the fake Bot API."""
    harness = TelegramHarness(tmp_path / "arbitre.sqlite3")
    await harness.start()
    try:
        yield harness
    finally:
        await harness.close()


@pytest.fixture
def fake() -> Iterator[FakeBotApi]:
    """A fake Bot API server on 127.0.0.1, for bots run in other processes."""
    server = FakeBotApi().start()
    try:
        yield server
    finally:
        server.stop()


#: The dialogue tests' clock: rulings are logged at a fixed time.
NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A PostgreSQL server of the tests' own (unix socket in a temporary
    directory), started once. Without the server binaries the tests that
    need it fail, unless ARBITRE_SKIP_PG=1 says to skip them."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        if os.environ.get(SKIP_ENV, "").strip().lower() in {"1", "true", "yes"}:
            pytest.skip(f"{SKIP_ENV} is set: PostgreSQL tests skipped")
        pytest.fail(MISSING, pytrace=False)
    server = PgServer(bin_dir).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A fresh, empty store of each back end: an SQLite file, or a schema of
    its own on the tests' PostgreSQL server."""
    if request.param == "sqlite":
        return tmp_path / "arbitre.sqlite3"
    server: PgServer = request.getfixturevalue("pg_server")
    return server.fresh_url()


@pytest.fixture
def chat(db_target: str | Path) -> Iterator[Conversations]:
    """The dialogue engine on a fresh store (each back end), edition 2017, a
    fixed clock."""
    conversations = open_conversations(db_target, edition="2017", clock=lambda: NOON)
    yield conversations
    conversations.store.close()
