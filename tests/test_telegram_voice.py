"""Voice notes end to end: the real python-telegram-bot Application polls a
fake Bot API on 127.0.0.1, downloads the note from its file URL, transcribes
it with the embedded Whisper base model (loaded once for this module's
session fixture) and answers through the real dialogue.

The clips are espeak-ng's (tests/fixtures/voice/make_fixtures.py). The words
Whisper writes differ with the CPU's instruction set (CT2_FORCE_CPU_ISA), so
these tests assert what holds on every one: the clear English incident leads
to an insufficient bid; espeak's French, garbled sound, noise and silence
never lead to a ruling (a note may be asked about or refused, never ruled on).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.telegram import Settings, build_application
from bot.voice import Recognizer, Transcriber, Transcript
from bot.voice.model import ENV_MODEL
from tests.fakes.bot_api import BOT_ID, BOT_USERNAME, TOKEN, ApiCall, FakeBotApi
from tests.fakes.harness import STEP_TIMEOUT, TelegramHarness
from tests.fakes.updates import (
    audio_update,
    group_chat,
    private_chat,
    text_update,
    user,
    voice_update,
)

FIXTURES = Path(__file__).parent / "fixtures" / "voice"

UNDERSTOOD_EN = "I understood: "
UNDERSTOOD_FR = "J'ai compris : "
UNCLEAR_EN = "I could not understand your voice note. Please type it."
UNCLEAR_FR = "Je n'ai pas compris votre message vocal. Merci de le taper."




#: A step that transcribes waits this long: an 18 s note with the GENERIC kernels on
#: a busy two-core machine takes tens of seconds (the harness's 15 s is for text).
VOICE_STEP_TIMEOUT = 240.0


@pytest.fixture(autouse=True)
def _patient_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tests.fakes.harness.STEP_TIMEOUT", VOICE_STEP_TIMEOUT)


@pytest.fixture
async def bot(tmp_path: Path, transcriber: Transcriber) -> AsyncIterator[TelegramHarness]:
    harness = TelegramHarness(tmp_path / "arbitre.sqlite3", transcriber=transcriber)
    await harness.start()
    try:
        yield harness
    finally:
        await harness.close()


def _note(bot: TelegramHarness, chat: dict[str, Any], clip: str, lang: str | None, *,
          duration: int = 5, file_size: int | None = -1, as_audio: bool = False,
          reply_to: dict[str, Any] | None = None, caption: str | None = None
          ) -> dict[str, Any]:
    """An update announcing ``clip`` as a voice note (or an OGG audio file), its
    bytes served by the fake. ``file_size`` -1: the clip's real size."""
    update_id = bot.next_id()
    file_id = f"note{update_id}"
    data = (FIXTURES / clip).read_bytes()
    bot.fake.add_file(file_id, data)
    size = len(data) if file_size == -1 else file_size
    sender = user(language_code=lang)
    if as_audio:
        assert size is not None
        return audio_update(update_id, chat, file_id, duration=duration, file_size=size,
                            mime_type="audio/ogg", sender=sender)
    return voice_update(update_id, chat, file_id, duration=duration, file_size=size,
                        sender=sender, reply_to=reply_to, caption=caption)


def _in_chat(calls: list[ApiCall], chat: dict[str, Any]) -> list[ApiCall]:
    return [c for c in calls if str(c.params.get("chat_id")) == str(chat["id"])]


def _texts(calls: list[ApiCall]) -> list[str]:
    return [c.params["text"] for c in calls if c.method == "sendMessage"]


def _methods(calls: list[ApiCall]) -> list[str]:
    return [c.method for c in calls]


def _has_buttons(call: ApiCall) -> bool:
    markup = call.params.get("reply_markup") or {}
    return any(b["callback_data"].startswith("a:") for row in markup.get("inline_keyboard", [])
               for b in row)


async def test_an_english_note_is_echoed_then_read_as_an_insufficient_bid(
    bot: TelegramHarness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    chat = private_chat(301)
    update = _note(bot, chat, "en_incident_long.ogg", "en", duration=18)
    calls = await bot.send(update)
    methods = _methods(calls)
    # "typing…" while it listens, the file fetched (getFile, then its URL), then the answers.
    assert "sendChatAction" in methods
    assert {c.params["action"] for c in calls if c.method == "sendChatAction"} == {"typing"}
    assert methods.index("getFile") < methods.index("download") < methods.index("sendMessage")
    (get_file,) = [c for c in calls if c.method == "getFile"]
    assert get_file.params["file_id"] == update["message"]["voice"]["file_id"]
    texts = _texts(calls)
    echo = texts[0]
    assert echo.startswith(UNDERSTOOD_EN)
    heard = echo.removeprefix(UNDERSTOOD_EN).strip()
    assert len(heard) > 40, echo
    # Then the same dialogue step as typed text: an insufficient bid, and its first question.
    dialogue = [c for c in calls if c.method == "sendMessage"][1:]
    assert dialogue, texts
    assert "insufficient bid" in "\n".join(_texts(dialogue)).lower(), texts
    assert any(_has_buttons(c) for c in dialogue)
    # Personal data: the transcript is never logged.
    words = heard.split()
    middle = " ".join(words[len(words) // 3: len(words) // 3 + 4])  # any run of its words
    for record in caplog.records:
        assert middle not in record.getMessage(), record.getMessage()

    # What was heard is the chat's incident: a typed answer carries on from it.
    answered = _texts(await bot.send(text_update(bot.next_id(), chat, "yes",
                                                 sender=user(language_code="en"))))
    assert answered and not any(t.startswith(UNDERSTOOD_EN) for t in answered)
    assert "⚖️" in "\n".join(answered) or "insufficient" in "\n".join(answered).lower()


async def test_a_french_note_is_echoed_in_french_or_refused_never_guessed(
    bot: TelegramHarness,
) -> None:
    chat = private_chat(302)
    texts = _texts(await bot.send(_note(bot, chat, "fr_probleme_table.ogg", "fr")))
    assert texts
    assert texts[0].startswith(UNDERSTOOD_FR) or texts[0] == UNCLEAR_FR
    if texts[0] == UNCLEAR_FR:
        assert texts == [UNCLEAR_FR]
    assert not any(t.startswith("⚖️") for t in texts)


def _no_ruling(calls: list[ApiCall]) -> None:
    texts = _texts(calls)
    assert texts, "a voice note always gets an answer"
    assert not any("⚖️" in t for t in texts), texts


@pytest.mark.parametrize(
    ("clip", "lang"),
    [
        ("fr_incident_long.ogg", "fr"),  # espeak's French: base garbles it
        ("en_incident_long.ogg", "fr"),  # English in a French chat: decoded as French
        ("garbled.ogg", "fr"),
        ("garbled.ogg", "en"),
        ("garbled.ogg", None),
        ("tone.ogg", "fr"),
    ],
)
async def test_a_garbled_note_gets_no_ruling(bot: TelegramHarness, clip: str,
                                             lang: str | None) -> None:
    chat = private_chat(303)
    calls = await bot.send(_note(bot, chat, clip, lang, duration=18))
    _no_ruling(calls)
    texts = _texts(calls)
    heard = UNDERSTOOD_FR if lang == "fr" else UNDERSTOOD_EN
    unclear = UNCLEAR_FR if lang == "fr" else UNCLEAR_EN
    if lang is not None:
        assert texts[0].startswith(heard) or texts == [unclear], texts


@pytest.mark.parametrize(("clip", "as_audio"), [("noise.ogg", False), ("silence.ogg", True)])
async def test_noise_and_silence_are_not_understood(bot: TelegramHarness, clip: str,
                                                    as_audio: bool) -> None:
    chat = private_chat(304)
    calls = await bot.send(_note(bot, chat, clip, "en", duration=4, as_audio=as_audio))
    assert "download" in _methods(calls)  # an OGG audio file is heard like a voice note
    assert _texts(calls) == [UNCLEAR_EN]


async def test_an_mp3_is_not_taken_for_a_voice_note(bot: TelegramHarness) -> None:
    chat = private_chat(305)
    update = audio_update(bot.next_id(), chat, "song", duration=180, file_size=3_000_000,
                          mime_type="audio/mpeg", sender=user(language_code="en"))
    calls = await bot.send(update)
    assert "getFile" not in _methods(calls)
    texts = _texts(calls)
    assert len(texts) == 1 and "1♥" in texts[0]  # what can be read, with an example


@pytest.mark.parametrize(
    ("duration", "file_size", "lang", "expected"),
    [
        (30, 6 * 1024 * 1024, "en", "the limit is 5 MB"),
        (600, 900_000, "en", "the limit is 120 seconds"),
        (600, None, "fr", "120"),
    ],
)
async def test_oversized_and_overlong_notes_are_refused_before_downloading(
    bot: TelegramHarness, duration: int, file_size: int | None, lang: str, expected: str
) -> None:
    chat = private_chat(306)
    update = _note(bot, chat, "en_insufficient_bid.ogg", lang, duration=duration,
                   file_size=file_size)
    calls = await bot.send(update)
    assert _methods(calls) == ["sendMessage"]  # no getFile, no download, no "typing…"
    assert expected in _texts(calls)[0]


async def test_a_note_that_cannot_be_fetched_gets_an_answer(bot: TelegramHarness) -> None:
    chat = private_chat(307)
    update = voice_update(bot.next_id(), chat, "expired-file", duration=5, file_size=20_000,
                          sender=user(language_code="en"))
    texts = _texts(await bot.send(update))
    assert texts == ["Something went wrong while I was listening to your voice note. "
                     "Please type it."]
    assert bot.transcriber is not None and bot.transcriber.pending == 0


async def test_in_a_group_only_notes_for_the_bot_are_heard(bot: TelegramHarness) -> None:
    group = group_chat(-300)
    ignored = await bot.send(_note(bot, group, "noise.ogg", "en", duration=4))
    assert ignored == []
    bot_message = {"message_id": 9, "date": 0, "chat": group,
                   "from": {"id": BOT_ID, "is_bot": True, "first_name": "Arbitre"}}
    update = _note(bot, group, "noise.ogg", "en", duration=4, reply_to=bot_message)
    calls = await bot.send(update)
    assert _texts(calls) == [UNCLEAR_EN]
    (answer,) = [c for c in calls if c.method == "sendMessage"]
    assert answer.params["reply_parameters"]["message_id"] == update["message"]["message_id"]
    mentioned = _note(bot, group, "noise.ogg", "en", duration=4, caption=f"@{BOT_USERNAME}")
    assert _texts(await bot.send(mentioned)) == [UNCLEAR_EN]
    other = _note(bot, group, "noise.ogg", "en", duration=4, caption="@SomeoneElse")
    assert await bot.send(other) == []


class _Gated(Recognizer):
    """The real recognizer behind a gate: a note stays in the worker until the
    test opens it, so the queue is full for as long as the test needs."""

    def __init__(self, inner: Recognizer, gate: threading.Event) -> None:
        super().__init__(cpu_threads=inner.cpu_threads)
        self.inner = inner
        self.gate = gate

    def load(self) -> None:
        self.inner.load()

    def transcribe_note(self, data: bytes | bytearray, lang_hint: str | None = None, *,
                        max_seconds: float = 120, max_bytes: int = 5 * 1024 * 1024
                        ) -> Transcript:
        if not self.gate.wait(STEP_TIMEOUT):
            raise TimeoutError("the test never opened the gate")
        return self.inner.transcribe_note(data, lang_hint, max_seconds=max_seconds,
                                          max_bytes=max_bytes)


async def _until(condition: Any, what: str) -> None:
    deadline = time.monotonic() + STEP_TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def test_a_full_queue_answers_busy_and_other_chats_are_still_served(
    tmp_path: Path, recognizer: Recognizer
) -> None:
    gate = threading.Event()
    front = Transcriber(_Gated(recognizer, gate), max_pending=1)
    bot = TelegramHarness(tmp_path / "arbitre.sqlite3", transcriber=front)
    await bot.start()
    try:
        first_chat, busy_chat, typing_chat = private_chat(310), private_chat(311), private_chat(312)
        first = bot.push(_note(bot, first_chat, "en_insufficient_bid.ogg", "en"))
        await _until(lambda: front.pending == 1, "the first note to reach the worker")

        busy = await bot.send(_note(bot, busy_chat, "en_insufficient_bid.ogg", "en"))
        assert _texts(_in_chat(busy, busy_chat)) == [
            "I am busy with other voice notes. Please try again in a minute, "
            "or type your message."]
        assert "getFile" not in _methods(busy)  # refused without fetching the note

        # Meanwhile typed messages in other chats are answered as usual.
        typed = await bot.send(text_update(bot.next_id(), typing_chat,
                                           "Est a dit 1♥ sur mon 1♠, Sud refuse"))
        assert _texts(_in_chat(typed, typing_chat))
        assert front.pending == 1 and not _texts(_in_chat(typed, first_chat))

        gate.set()
        heard = _texts(_in_chat(await first(), first_chat))
        assert heard[0].startswith(UNDERSTOOD_EN) and len(heard) >= 2
    finally:
        gate.set()
        await bot.close()
        front.close()


async def test_a_missing_model_says_what_to_fix_and_is_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "no-such-model"
    front = Transcriber(Recognizer(model=str(missing)))
    bot = TelegramHarness(tmp_path / "arbitre.sqlite3", transcriber=front)
    await bot.start()
    try:
        chat = private_chat(320)
        texts = _texts(await bot.send(_note(bot, chat, "en_insufficient_bid.ogg", "en")))
        assert len(texts) == 1
        assert "speech model is not installed" in texts[0] and "ARBITRE_STT_MODEL" in texts[0]
        errors = [r for r in caplog.records
                  if r.levelno >= logging.ERROR and r.name.startswith("bot.")]
        assert any(str(missing) in r.getMessage() for r in errors)
        # Typed messages still work.
        assert _texts(await bot.send(text_update(bot.next_id(), chat, "/help")))
    finally:
        await bot.close()
        front.close()


async def test_the_model_is_loaded_at_start_and_a_broken_one_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # As `arbitre telegram` starts (Settings.from_env warms up): the operator
    # learns at once that voice notes will not work, and why.
    missing = tmp_path / "no-such-model"
    monkeypatch.setenv(ENV_MODEL, str(missing))
    fake = FakeBotApi().start()
    try:
        settings = Settings(token=TOKEN, base_url=fake.base_url,
                            base_file_url=fake.base_file_url,
                            db_path=tmp_path / "arbitre.sqlite3", warm_up_voice=True)
        app = build_application(settings)
        post_init, post_shutdown = app.post_init, app.post_shutdown
        assert post_init is not None and post_shutdown is not None
        await app.initialize()
        try:
            await post_init(app)  # as run_polling() does
            await _until(lambda: any(r.name == "bot.telegram.voice" and str(missing) in
                                     r.getMessage() for r in caplog.records),
                         "the warm-up's log line")
        finally:
            await app.shutdown()
            await post_shutdown(app)
    finally:
        fake.stop()
