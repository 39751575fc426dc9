"""Voice notes: offline speech to text for the bot (French and English).

Typical use by a front end::

    transcriber = Transcriber()                # one per process
    try:
        transcript = await transcriber.transcribe(data, lang_hint=chat_lang)
    except VoiceError as error:
        reply(voice_message(error.kind, chat_lang))
    else:
        if transcript.reliable:
            reply(voice_message(VoiceKind.UNDERSTOOD, chat_lang, text=transcript.text))
        else:
            reply(voice_message(VoiceKind.UNCLEAR, chat_lang))

Modules: ``audio`` decodes, ``model`` finds and verifies the model,
``recognizer`` runs Whisper, ``transcript`` judges reliability,
``transcriber`` is the asyncio front, ``messages`` the user-facing text.
"""

from __future__ import annotations

from .errors import VoiceError
from .kinds import VoiceKind
from .limits import MAX_BYTES, MAX_SECONDS
from .messages import voice_message
from .recognizer import Recognizer
from .transcriber import Transcriber
from .transcript import Transcript

__all__ = [
    "MAX_BYTES",
    "MAX_SECONDS",
    "Recognizer",
    "Transcriber",
    "Transcript",
    "VoiceError",
    "VoiceKind",
    "voice_message",
]
