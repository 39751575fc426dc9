"""The PostgreSQL transcription queue (issue 15 item 3) against the tests'
real PostgreSQL server: speech workers on other machines (here threads, each
with its own connections, and one process killed mid-job), jobs done once, a
dead worker's job taken over after its lease, "busy" from the queue's depth,
the audio deleted once a job ends, and the Telegram bot on PostgreSQL handing
its notes to a worker. The speech engine is a small fake (the audio's bytes
are the words), except in one test with the real model."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.transcription_queue import (
    LIMIT_ENV,
    PgTranscriptionQueue,
    QueueSettingError,
    SpeechWorker,
    open_queue,
    queue_limit,
)
from bot.understanding import classify
from bot.voice import Recognizer, Transcriber, Transcript, VoiceError, VoiceKind
from tests.fakes.harness import TelegramHarness
from tests.fakes.updates import private_chat, user, voice_update
from tests.support.pg_server import PgServer, count_rows

FIXTURES = Path(__file__).parent / "fixtures" / "voice"


def fake_transcript(data: bytes, hint: str | None) -> Transcript:
    """The "audio" is the words themselves; the hint is the language."""
    return Transcript(text=data.decode(), language=hint or "fr", duration=1.0,
                      avg_logprob=-0.2, no_speech_prob=0.01, compression_ratio=1.0,
                      reliable=True)


def audio_left(url: str) -> int:
    """Jobs still holding audio, read straight from the table."""
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM transcription_jobs "
                           "WHERE audio IS NOT NULL").fetchone()
    return int(row[0]) if row else 0


def test_two_workers_do_thirty_jobs_each_exactly_once(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url, max_pending=100)
    heard: list[tuple[str, str]] = []
    heard_lock = threading.Lock()

    def engine(name: str):  # type: ignore[no-untyped-def]
        def transcribe(data: bytes, hint: str | None) -> Transcript:
            with heard_lock:
                heard.append((name, data.decode()))
            time.sleep(0.01)
            return fake_transcript(data, hint)
        return transcribe

    jobs = {queue.submit(f"note {n}".encode(), "en"): f"note {n}" for n in range(30)}
    workers = [SpeechWorker(url, engine(f"w{n}"), name=f"w{n}", idle=0.05) for n in range(2)]
    stop = threading.Event()
    threads = [threading.Thread(target=w.run, args=(stop,)) for w in workers]
    for thread in threads:
        thread.start()
    try:
        answers: dict[int, Transcript] = {}
        deadline = time.monotonic() + 60
        while len(answers) < len(jobs) and time.monotonic() < deadline:
            for job in jobs.keys() - answers.keys():
                transcript = queue.collect(job)
                if transcript is not None:
                    answers[job] = transcript
            time.sleep(0.05)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
    assert {job: t.text for job, t in answers.items()} == jobs
    assert all(t.language == "en" for t in answers.values())
    # each note heard once, by one worker or the other, and both did work
    assert sorted(Counter(text for _, text in heard).values()) == [1] * 30
    assert all(w.done > 0 for w in workers) and sum(w.done for w in workers) == 30
    # answered once: collected rows are gone, a second collect finds nothing
    assert all(queue.collect(job) is None for job in jobs)
    assert count_rows(url, "transcription_jobs") == 0
    for worker in workers:
        worker.close()
    queue.close()


def test_a_dead_workers_job_is_done_by_another_after_its_lease(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url)
    release = threading.Event()

    def hangs(data: bytes, hint: str | None) -> Transcript:
        release.wait(30)  # the worker's process stops here (killed, hung machine)
        return fake_transcript(b"from the dead worker", hint)

    dead = SpeechWorker(url, hangs, name="dead", lease=0.5)
    alive = SpeechWorker(url, fake_transcript, name="alive", lease=30)
    job = queue.submit(b"le contrat", "fr")
    dying = threading.Thread(target=dead.run_once)
    dying.start()
    time.sleep(0.2)
    assert alive.run_once() is False  # leased to the dead worker: not taken yet
    time.sleep(0.5)  # the lease runs out
    assert alive.run_once() is True
    transcript = queue.collect(job)
    assert transcript is not None and transcript.text == "le contrat"
    release.set()  # the "dead" worker comes back: its result is dropped
    dying.join(timeout=10)
    assert dead.done == 0 and alive.done == 1
    assert queue.collect(job) is None  # answered once
    for store in (dead, alive, queue):
        store.close()


def test_a_note_that_kills_every_worker_fails_after_max_attempts(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url)
    job = queue.submit(b"poison")
    worker = SpeechWorker(url, fake_transcript, name="w", lease=0.05, max_attempts=2)
    for _ in range(2):  # claimed, then the worker "dies" (never finishes)
        assert worker.claim() is not None
        time.sleep(0.1)
    assert worker.claim() is None
    with pytest.raises(VoiceError) as caught:
        queue.collect(job)
    assert caught.value.kind is VoiceKind.FAILED
    assert audio_left(url) == 0
    worker.close()
    queue.close()


def test_busy_from_the_queue_depth_across_bot_processes(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    one, other = PgTranscriptionQueue(url, max_pending=3), PgTranscriptionQueue(url,
                                                                                max_pending=3)
    one.submit(b"a")
    other.submit(b"b")
    one.submit(b"c")
    assert one.pending == other.pending == 3
    with pytest.raises(VoiceError) as caught:
        other.submit(b"d")  # the other process's jobs count too
    assert caught.value.kind is VoiceKind.BUSY
    worker = SpeechWorker(url, fake_transcript)
    assert worker.run_once()  # one job running: no longer waiting
    assert one.pending == 2
    other.submit(b"d")
    for store in (worker, one, other):
        store.close()


def test_audio_is_deleted_when_the_job_is_done_or_failed(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url)

    def refuses_long(data: bytes, hint: str | None) -> Transcript:
        if data == b"long":
            raise VoiceError(VoiceKind.TOO_LONG, "2 minutes")
        return fake_transcript(data, hint)

    good, bad = queue.submit(b"short"), queue.submit(b"long")
    assert audio_left(url) == 2
    worker = SpeechWorker(url, refuses_long)
    assert worker.run_once() and worker.run_once()
    assert audio_left(url) == 0  # before the bot has even collected the results
    assert queue.collect(good) is not None
    with pytest.raises(VoiceError) as caught:
        queue.collect(bad)
    assert caught.value.kind is VoiceKind.TOO_LONG
    assert count_rows(url, "transcription_jobs") == 0
    worker.close()
    queue.close()


def test_the_bot_awaits_the_transcript_a_worker_writes(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url, poll=0.05)
    worker = SpeechWorker(url, fake_transcript, idle=0.05)
    stop = threading.Event()
    thread = threading.Thread(target=worker.run, args=(stop,))
    thread.start()
    try:
        transcript = asyncio.run(queue.transcribe(b"trois pique", "fr"))
    finally:
        stop.set()
        thread.join(timeout=10)
    assert transcript.text == "trois pique" and transcript.language == "fr"
    worker.close()
    queue.close()


def test_nobody_waits_forever_without_a_worker(pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url, poll=0.05, wait=0.3)
    with pytest.raises(VoiceError) as caught:
        asyncio.run(queue.transcribe(b"personne"))
    assert caught.value.kind is VoiceKind.FAILED and "arbitre worker" in caught.value.detail
    assert count_rows(url, "transcription_jobs") == 0  # the audio went with it
    queue.close()


def test_sqlite_keeps_the_in_process_transcriber(tmp_path: Path) -> None:
    queue = open_queue(tmp_path / "a.sqlite3")
    assert isinstance(queue, Transcriber)
    queue.close()


@pytest.mark.parametrize(("text", "limit"), [("", 10), ("4", 4), (" 25 ", 25)])
def test_queue_limit_setting(text: str, limit: int) -> None:
    assert queue_limit({LIMIT_ENV: text}) == limit


@pytest.mark.parametrize("text", ["0", "-2", "many", "2.5"])
def test_queue_limit_setting_refused(text: str) -> None:
    with pytest.raises(QueueSettingError, match=LIMIT_ENV):
        queue_limit({LIMIT_ENV: text})


def test_a_real_voice_note_heard_through_the_queue(recognizer: Recognizer,
                                                   pg_server: PgServer) -> None:
    """The one test with Whisper (loaded once for the session): the worker's
    engine is ``Recognizer.transcribe_note``, as ``arbitre worker`` runs it."""
    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url)
    job = queue.submit((FIXTURES / "en_insufficient_bid.ogg").read_bytes(), "en")
    worker = SpeechWorker(url, recognizer.transcribe_note)
    assert worker.run_once()
    transcript = queue.collect(job)
    assert transcript is not None and transcript.reliable and transcript.language == "en"
    assert classify(transcript.text).irregularity == "insufficient_bid", transcript.text
    worker.close()
    queue.close()


def test_the_worker_command_needs_postgresql(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "club.sqlite3"))
    out = io.StringIO()
    code = main(["worker"], io.StringIO(""), out)
    assert code == 2
    assert "not a PostgreSQL URL" in json.loads(out.getvalue())["error"]


def _voice_note(bot: TelegramHarness, chat: dict[str, Any], words: str) -> dict[str, Any]:
    """A voice note whose "audio" (served by the fake Bot API) is ``words``."""
    update_id = bot.next_id()
    bot.fake.add_file(f"note{update_id}", words.encode())
    return voice_update(update_id, chat, f"note{update_id}", duration=4,
                        file_size=len(words), sender=user(language_code="en"))


async def test_the_bot_on_postgresql_hands_its_notes_to_a_speech_worker(
        pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    worker = SpeechWorker(url, fake_transcript, idle=0.05)
    stop = threading.Event()
    thread = threading.Thread(target=worker.run, args=(stop,))
    thread.start()
    bot = TelegramHarness(url)  # no transcriber given: the bot opens the queue itself
    await bot.start()
    try:
        chat = private_chat(501)
        calls = await bot.send(_voice_note(bot, chat, "East bid 1 heart over my 1 spade"))
    finally:
        await bot.close()
        stop.set()
        thread.join(timeout=10)
    texts = [c.params["text"] for c in calls if c.method == "sendMessage"]
    assert texts[0] == "I understood: East bid 1 heart over my 1 spade", texts
    assert "insufficient bid" in "\n".join(texts[1:]).lower(), texts  # then the dialogue
    assert worker.done == 1
    assert count_rows(url, "transcription_jobs") == 0
    worker.close()


async def test_the_bot_answers_busy_from_the_queue_depth(
        pg_server: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    url = pg_server.fresh_url()
    monkeypatch.setenv(LIMIT_ENV, "1")
    elsewhere = PgTranscriptionQueue(url)  # another bot process's note, no worker yet
    elsewhere.submit(b"waiting")
    bot = TelegramHarness(url)
    await bot.start()
    try:
        chat = private_chat(502)
        calls = await bot.send(_voice_note(bot, chat, "East bid 1 heart"))
    finally:
        await bot.close()
    texts = [c.params["text"] for c in calls if c.method == "sendMessage"]
    assert texts == ["I am busy with other voice notes. Please try again in a minute, "
                     "or type your message."]
    assert "getFile" not in [c.method for c in calls]  # refused before fetching the note
    assert count_rows(url, "transcription_jobs") == 1  # only the other process's
    elsewhere.close()


DOOMED_WORKER = """
import sys, time
from bot.transcription_queue import SpeechWorker
def engine(data, hint):
    time.sleep(120)  # killed before it ends
    raise AssertionError("the worker should have been killed")
SpeechWorker(sys.argv[1], engine, name="doomed", lease=1.0).run_once()
"""


def test_a_worker_process_killed_mid_job_leaves_it_to_another(pg_server: PgServer) -> None:
    import psycopg

    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url)
    job = queue.submit(b"trois sans atout", "fr")
    doomed = subprocess.Popen([sys.executable, "-c", DOOMED_WORKER, url],
                              cwd=Path(__file__).resolve().parents[1])
    try:
        deadline = time.monotonic() + 60
        with psycopg.connect(url, autocommit=True) as conn:
            while conn.execute("SELECT claimed_by FROM transcription_jobs WHERE id = %s",
                               (job,)).fetchone() != ("doomed",):
                assert doomed.poll() is None and time.monotonic() < deadline, "never claimed"
                time.sleep(0.05)
    finally:
        doomed.kill()  # SIGKILL mid-job: nothing is cleaned up
        doomed.wait(timeout=30)
    survivor = SpeechWorker(url, fake_transcript, name="survivor")
    deadline = time.monotonic() + 30
    while not survivor.run_once():  # the lease (1 s) runs out, then it is taken
        assert time.monotonic() < deadline, "the job was never taken over"
        time.sleep(0.1)
    transcript = queue.collect(job)
    assert transcript is not None and transcript.text == "trois sans atout"
    assert count_rows(url, "transcription_jobs") == 0
    survivor.close()
    queue.close()


def test_a_job_nobody_collects_is_deleted_with_its_transcript(pg_server: PgServer) -> None:
    """The bot that sent it died, or gave up: the note and what was heard go."""
    import psycopg

    url = pg_server.fresh_url()
    queue = PgTranscriptionQueue(url)
    heard, waiting = queue.submit(b"heard, never collected"), queue.submit(b"never heard")
    worker = SpeechWorker(url, fake_transcript, abandoned=600)
    assert worker.run_once()  # the first is done: its transcript waits for the bot
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE transcription_jobs SET created = now() - interval '11 minutes'")
    assert worker.run_once() is False  # both deleted before anything is claimed
    assert count_rows(url, "transcription_jobs") == 0
    assert queue.collect(heard) is None and queue.collect(waiting) is None
    worker.close()
    queue.close()
