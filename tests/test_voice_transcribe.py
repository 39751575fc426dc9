"""Speech to text end to end with the embedded Whisper base model (loaded once).

The clips in tests/fixtures/voice were spoken by espeak-ng (see
make_fixtures.py). Whisper base hears espeak's French poorly, so the French
checks are loose on purpose.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import numpy as np
import pytest

from bot.voice import Recognizer, Transcriber, VoiceError, VoiceKind, voice_message
from bot.voice.oggopus import encode_voice_note

FIXTURES = Path(__file__).parent / "fixtures" / "voice"


def clip(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()




def test_english_clip_is_understood(recognizer: Recognizer) -> None:
    transcript = recognizer.transcribe_note(clip("en_insufficient_bid.ogg"), lang_hint=None)
    assert transcript.language == "en"  # chosen between French and English
    text = transcript.text.lower()
    assert "heart" in text
    assert re.search(r"in ?sufficient", text)
    assert "east" in text
    assert transcript.reliable
    assert 4.0 < transcript.duration < 5.0


def test_a_whole_incident_in_english_is_understood(recognizer: Recognizer) -> None:
    transcript = recognizer.transcribe_note(clip("en_incident_long.ogg"), lang_hint="en")
    text = transcript.text.lower()
    for word in ("table", "club", "spade", "heart", "insufficient"):
        assert word in text
    assert transcript.reliable
    assert 15 < transcript.duration < 20


def test_a_garbled_french_incident_is_not_trusted(recognizer: Recognizer) -> None:
    # Base mangles espeak's French here ("de hachère un suffisante"): better to ask.
    transcript = recognizer.transcribe_note(clip("fr_incident_long.ogg"), lang_hint=None)
    assert transcript.language == "fr"
    assert "table" in transcript.text.lower()
    assert not transcript.reliable


def test_french_clip_is_heard_as_french(recognizer: Recognizer) -> None:
    transcript = recognizer.transcribe_note(clip("fr_probleme_table.ogg"), lang_hint=None)
    assert transcript.language == "fr"
    text = transcript.text.lower()
    assert any(word in text for word in ("bonjour", "problème", "table", "cœur", "coeur"))


def test_the_chat_language_is_used_as_given(recognizer: Recognizer) -> None:
    transcript = recognizer.transcribe_note(clip("fr_probleme_table.ogg"), lang_hint="fr-FR")
    assert transcript.language == "fr"
    assert transcript.text


def test_english_heard_as_french_is_not_trusted(recognizer: Recognizer) -> None:
    # A wrong chat language makes Whisper loop on French-sounding phrases: caught.
    transcript = recognizer.transcribe_note(clip("en_insufficient_bid.ogg"), lang_hint="fr")
    assert transcript.language == "fr"
    assert not transcript.reliable


@pytest.mark.parametrize("name", ["noise.ogg", "silence.ogg"])
@pytest.mark.parametrize("hint", [None, "fr"])
def test_noise_and_silence_are_not_trusted(
    recognizer: Recognizer, name: str, hint: str | None
) -> None:
    transcript = recognizer.transcribe_note(clip(name), lang_hint=hint)
    assert not transcript.reliable
    assert transcript.no_speech_prob > 0.6


async def test_transcriber_answers_from_its_worker(transcriber: Transcriber) -> None:
    transcript = await transcriber.transcribe(bytearray(clip("en_insufficient_bid.ogg")), "en")
    assert transcript.reliable and "heart" in transcript.text.lower()
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
