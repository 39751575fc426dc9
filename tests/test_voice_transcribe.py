"""Speech to text end to end with the embedded Whisper base model (loaded once).

The clips in tests/fixtures/voice were spoken by espeak-ng (see
make_fixtures.py). CTranslate2's int8 kernels differ per CPU instruction set
(CT2_FORCE_CPU_ISA), and so do the words and scores of a transcript: these
tests assert only what holds on every one (tools/check runs them under
several). A clip made to be clear is understood, so it leads to the
irregularity it states; noise, silence and garbled sound are never trusted.
The clear clips were chosen far from the thresholds of bot/voice/transcript.py
(benchmarks/bench_voice_reliability.py measures where they fall), never on an edge.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import numpy as np
import pytest

from bot.understanding import classify
from bot.voice import Recognizer, Transcriber, VoiceError, VoiceKind, voice_message
from tests.support.oggopus import encode_voice_note

FIXTURES = Path(__file__).parent / "fixtures" / "voice"
NOTHING = ["noise.ogg", "silence.ogg", "tone.ogg"]


def clip(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


@pytest.mark.parametrize("hint", [None, "en"])
def test_english_clip_is_understood(recognizer: Recognizer, hint: str | None) -> None:
    transcript = recognizer.transcribe_note(clip("en_insufficient_bid.ogg"), lang_hint=hint)
    assert transcript.language == "en"  # chosen between French and English
    assert transcript.reliable, transcript
    assert classify(transcript.text).irregularity == "insufficient_bid", transcript.text
    assert 3.0 < transcript.duration < 6.0


def test_a_whole_incident_in_english_is_understood(recognizer: Recognizer) -> None:
    transcript = recognizer.transcribe_note(clip("en_incident_long.ogg"), lang_hint="en")
    assert transcript.reliable, transcript
    assert classify(transcript.text).irregularity == "insufficient_bid", transcript.text
    assert 15 < transcript.duration < 20


def test_french_clip_is_heard_as_french(recognizer: Recognizer) -> None:
    transcript = recognizer.transcribe_note(clip("fr_probleme_table.ogg"), lang_hint=None)
    assert transcript.language == "fr"
    assert transcript.text


def test_the_chat_language_is_used_as_given(recognizer: Recognizer) -> None:
    transcript = recognizer.transcribe_note(clip("fr_probleme_table.ogg"), lang_hint="fr-FR")
    assert transcript.language == "fr"
    assert transcript.text
    english = recognizer.transcribe_note(clip("fr_probleme_table.ogg"), lang_hint="en")
    assert english.language == "en"


@pytest.mark.parametrize("name", NOTHING)
@pytest.mark.parametrize("hint", [None, "fr", "en"])
def test_noise_silence_and_a_tone_are_not_trusted(
    recognizer: Recognizer, name: str, hint: str | None
) -> None:
    transcript = recognizer.transcribe_note(clip(name), lang_hint=hint)
    assert not transcript.reliable, transcript


@pytest.mark.parametrize("hint", [None, "fr", "en"])
def test_garbled_speech_never_states_an_irregularity(
    recognizer: Recognizer, hint: str | None
) -> None:
    # Speech played backwards: speech-like sound that says nothing. Whisper may
    # write confident words for it; they must not place an incident.
    transcript = recognizer.transcribe_note(clip("garbled.ogg"), lang_hint=hint)
    assert not transcript.reliable or classify(transcript.text).irregularity is None, transcript


async def test_transcriber_answers_from_its_worker(transcriber: Transcriber) -> None:
    transcript = await transcriber.transcribe(bytearray(clip("en_insufficient_bid.ogg")), "en")
    assert transcript.reliable and transcript.language == "en"
    assert transcriber.pending == 0


async def test_event_loop_keeps_answering_during_a_transcription(
    transcriber: Transcriber,
) -> None:
    ticks = 0

    async def other_chats() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(other_chats())
    started = time.perf_counter()
    await transcriber.transcribe(clip("fr_probleme_table.ogg"), "fr")
    elapsed = time.perf_counter() - started
    ticker.cancel()
    # A blocked loop would tick at most once; a free one ticks every 10 ms or so.
    assert ticks >= max(5, int(elapsed / 0.01 / 4))


async def test_a_full_queue_answers_busy_at_once(recognizer: Recognizer) -> None:
    front = Transcriber(recognizer, max_pending=1)
    try:
        first, second = await asyncio.gather(
            front.transcribe(clip("en_insufficient_bid.ogg"), "en"),
            front.transcribe(clip("en_insufficient_bid.ogg"), "en"),
            return_exceptions=True,
        )
        assert not isinstance(first, BaseException) and first.reliable
        assert isinstance(second, VoiceError) and second.kind is VoiceKind.BUSY
        assert front.pending == 0
        again = await front.transcribe(clip("en_insufficient_bid.ogg"), "en")
        assert again.text == first.text  # greedy decoding: the same note, the same words
    finally:
        front.close()
    assert "minute" in voice_message(second.kind, "en")


async def test_refusals_reach_the_caller_with_their_kind(transcriber: Transcriber) -> None:
    long_note = encode_voice_note(np.zeros(600 * 8000, dtype=np.float32), 8000)
    cases = {
        VoiceKind.TOO_BIG: bytes(50 * 1024 * 1024),
        VoiceKind.TOO_LONG: long_note,
        VoiceKind.NOT_AUDIO: b"this is not a voice note",
    }
    for kind, payload in cases.items():
        with pytest.raises(VoiceError) as excinfo:
            await transcriber.transcribe(payload, "fr")
        assert excinfo.value.kind is kind
        assert transcriber.pending == 0
    assert "120" in voice_message(VoiceKind.TOO_LONG, "fr")


async def test_a_closed_transcriber_says_so(recognizer: Recognizer) -> None:
    front = Transcriber(recognizer)
    front.close()
    with pytest.raises(VoiceError) as excinfo:
        await front.transcribe(clip("en_insufficient_bid.ogg"), "en")
    assert excinfo.value.kind is VoiceKind.FAILED
    assert front.pending == 0


async def test_warm_up_loads_without_a_note(recognizer: Recognizer) -> None:
    front = Transcriber(recognizer)
    try:
        await front.warm_up()
        assert recognizer.loaded
    finally:
        front.close()
