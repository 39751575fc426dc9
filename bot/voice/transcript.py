"""A transcript and whether it is good enough to rule on.

A wrong ruling is worse than asking the user to type, so ``reliable`` is
strict. The thresholds were measured on the fixtures (tests/fixtures/voice)
with Whisper base int8, greedy decoding:

- speech (espeak-ng, English and French) had a no-speech probability of
  0.02-0.38; silence, hiss, white, brown and crowd-like noise 0.73-0.86;
- clear speech averaged -0.7 to -0.9 nats per token; garbled French from
  espeak -1.1 to -1.3; noise -1.0 to -2.5 (Whisper's own fallback threshold
  is -1.0);
- a decoder stuck in a loop repeats itself: a gzip compression ratio above 2.4
  (Whisper's threshold) means repetition, not speech;
- on noise the model says "you", "I" or "...": too few letters.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Transcript",
    "is_reliable",
    "MIN_AVG_LOGPROB",
    "MAX_NO_SPEECH_PROB",
    "MAX_COMPRESSION_RATIO",
    "MIN_LETTERS",
]

MIN_AVG_LOGPROB = -1.0
MAX_NO_SPEECH_PROB = 0.6
MAX_COMPRESSION_RATIO = 2.4
MIN_LETTERS = 2


@dataclass(frozen=True, slots=True)
class Transcript:
    """What was heard in a voice note.

    ``language`` is "fr" or "en"; ``duration`` in seconds; ``avg_logprob`` the
    mean log-probability per token; ``no_speech_prob`` the model's belief that
    nobody spoke; ``compression_ratio`` how repetitive the text is.
    """

    text: str
    language: str
    duration: float
    avg_logprob: float
    no_speech_prob: float
    compression_ratio: float
    reliable: bool


def is_reliable(
    text: str, avg_logprob: float, no_speech_prob: float, compression_ratio: float
) -> bool:
    """Whether a transcript may be acted on, by the thresholds above."""
    letters = sum(1 for char in text if char.isalpha())
    return (
        letters >= MIN_LETTERS
        and avg_logprob >= MIN_AVG_LOGPROB
        and no_speech_prob <= MAX_NO_SPEECH_PROB
        and compression_ratio <= MAX_COMPRESSION_RATIO
    )
