"""Voice notes in a Telegram chat, up to the text the dialogue gets.

A note is refused before it is downloaded when Telegram's own figures (size,
duration) are over the transcriber's caps, or when its queue is full. Otherwise
it is downloaded into memory, transcribed by bot.voice in its worker thread
(the event loop keeps serving other chats) while the chat shows "typing…",
and ``Heard`` says what to answer: an echo of a reliable transcript, whose
text then goes to the dialogue like a typed message, or why there is nothing
to act on. The audio is never written to disk nor kept; the transcript is
never logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from telegram import Audio, Bot, Message, Voice
from telegram.constants import ChatAction
from telegram.error import BadRequest, TelegramError
from telegram.ext import filters

from bot.transcription_queue import TranscriptionQueue
from bot.voice import Transcript, VoiceError, VoiceKind, voice_message

__all__ = ["VoiceNotes", "Heard", "VOICE_NOTES", "voice_media", "OPUS_MIME_TYPES"]

log = logging.getLogger(__name__)

#: Audio files as Telegram clients record voice notes (Opus in OGG).
OPUS_MIME_TYPES = frozenset({"audio/ogg", "audio/opus", "audio/x-opus+ogg"})

#: Telegram shows a chat action for about 5 s: renewed before it fades.
_ACTION_EVERY = 4.0
_MIB = 1024 * 1024


def voice_media(message: Message) -> Voice | Audio | None:
    """The note in ``message``: a voice note, or an OGG/Opus audio file; else None."""
    if message.voice is not None:
        return message.voice
    audio = message.audio
    if audio is not None and (audio.mime_type or "").lower() in OPUS_MIME_TYPES:
        return audio
    return None


class _VoiceNotes(filters.MessageFilter):
    def filter(self, message: Message) -> bool:
        return voice_media(message) is not None


#: Messages carrying something ``VoiceNotes`` can listen to.
VOICE_NOTES = _VoiceNotes(name="VOICE_NOTES")


@dataclass(frozen=True, slots=True)
class Heard:
    """What to tell the user about a note, and the text for the dialogue
    (None: nothing to act on)."""

    say: str
    text: str | None = None


class VoiceNotes:
    """One transcription queue for the whole bot: a ``Transcriber`` in this
    process (one worker, a bounded queue), or the speech workers' queue in
    PostgreSQL (``bot.transcription_queue``)."""

    def __init__(self, transcriber: TranscriptionQueue) -> None:
        self.transcriber = transcriber

    def say(self, kind: VoiceKind, lang: str, text: str = "") -> str:
        """bot.voice's sentence, quoting this transcriber's limits."""
        return voice_message(
            kind, lang, text=text, seconds=int(self.transcriber.max_seconds),
            megabytes=max(1, round(self.transcriber.max_bytes / _MIB)))

    def refusal(self, media: Voice | Audio, lang: str) -> str | None:
        """Why ``media`` is refused before downloading it; None when it may come."""
        transcriber = self.transcriber
        if media.file_size is not None and media.file_size > transcriber.max_bytes:
            kind = VoiceKind.TOO_BIG
        elif _seconds(media) > transcriber.max_seconds:
            kind = VoiceKind.TOO_LONG
        elif transcriber.pending >= transcriber.max_pending:
            kind = VoiceKind.BUSY  # at once: no point fetching a note we cannot take
        else:
            return None
        log.info("voice note refused before download: %s (%s s, %s bytes)",
                 kind.value, _seconds(media), media.file_size)
        return self.say(kind, lang)

    async def hear(self, bot: Bot, chat_id: int, media: Voice | Audio,
                   hint: str | None, lang: str) -> Heard:
        """Download and transcribe ``media``; what to answer.

        ``hint`` is the language to transcribe in (None: French or English,
        whichever is likelier); ``lang`` the language of refusals.
        """
        async with _showing(bot, chat_id, ChatAction.TYPING):
            try:
                transcript = await self._transcribe(bot, media, hint)
            except VoiceError as error:
                _log_failure(error)
                return Heard(self.say(error.kind, lang))
        log.info("voice note transcribed: %.1f s, %s, %s", transcript.duration,
                 transcript.language, "reliable" if transcript.reliable else "unclear")
        if not transcript.reliable:  # never a ruling on words we are unsure of
            return Heard(self.say(VoiceKind.UNCLEAR, lang))
        # The echo is in the language the words were written in, so the user
        # can read it back and type a correction.
        echo = self.say(VoiceKind.UNDERSTOOD, transcript.language, text=transcript.text)
        return Heard(echo, transcript.text)

    async def warm_up(self) -> None:
        """Load the speech model now: the first note is not slowed down, and a
        broken install shows in the log at start rather than at the first note."""
        try:
            await self.transcriber.warm_up()
        except VoiceError as error:
            log.error("voice notes will not work until this is fixed: %s", error.detail)

    async def _transcribe(self, bot: Bot, media: Voice | Audio, hint: str | None) -> Transcript:
        # The bytes live in this frame only: gone once the transcript is back.
        data = await _download(bot, media)
        return await self.transcriber.transcribe(data, hint)


def _seconds(media: Voice | Audio) -> int:
    """The note's duration in seconds, as Telegram sent it.

    Read from the serialised form: PTB 22 deprecates the int ``duration``
    attribute (a timedelta in the next major version) with a warning.
    """
    return int(media.to_dict().get("duration", 0))


async def _download(bot: Bot, media: Voice | Audio) -> bytearray:
    """The note's bytes, in memory.

    :raises VoiceError: ``TOO_BIG`` when Telegram refuses to serve the file
        (over its 20 MB cap for bots), ``FAILED`` for any other Bot API error.
    """
    try:
        file = await bot.get_file(media.file_id)
        return await file.download_as_bytearray()
    except BadRequest as exc:
        kind = VoiceKind.TOO_BIG if "too big" in str(exc).lower() else VoiceKind.FAILED
        raise VoiceError(kind, f"Telegram would not serve the voice note: {exc}") from exc
    except TelegramError as exc:
        raise VoiceError(VoiceKind.FAILED, f"could not download the voice note: {exc}") from exc


def _log_failure(error: VoiceError) -> None:
    if error.kind in (VoiceKind.MODEL_MISSING, VoiceKind.MODEL_CORRUPT):
        log.error("voice note not transcribed, the speech model is unusable: %s", error.detail)
    elif error.kind is VoiceKind.FAILED:
        log.warning("voice note not transcribed: %s", error.detail)
    else:
        log.info("voice note refused: %s (%s)", error.kind.value, error.detail)


@asynccontextmanager
async def _showing(bot: Bot, chat_id: int, action: str) -> AsyncIterator[None]:
    """Show ``action`` in the chat until the block ends, however long it takes."""
    done = asyncio.Event()

    async def keep_showing() -> None:
        while True:
            try:
                await bot.send_chat_action(chat_id, action)
            except TelegramError as exc:  # cosmetic: never worth failing the note
                log.debug("chat action not shown: %s", exc)
            try:
                await asyncio.wait_for(done.wait(), _ACTION_EVERY)
                return
            except TimeoutError:
                continue

    shower = asyncio.create_task(keep_showing())
    try:
        yield
    finally:
        # Not cancelled: a request cut mid-flight would leave a broken connection.
        done.set()
        await shower
