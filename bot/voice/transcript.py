"""A transcript and whether it is good enough to rule on.

A wrong ruling is worse than asking the user to type, so ``reliable`` is
strict. The thresholds were measured with Whisper base int8 and greedy
decoding on the fixtures (tests/fixtures/voice, espeak-ng voices), and on
synthetic hiss, white, brown noise and a pure tone:

- no-speech probability: speech 0.09-0.37; silence and noise 0.68-0.86.
  Above 0.6 (Whisper's own threshold) nobody spoke.
- average log-probability per token: transcripts that carry the message
  -0.37 to -0.78; a garbled French incident -1.0; noise and silence -1.2 to
  -2.5. Below -0.9 the text is too unsure to act on (Whisper's own fallback
  threshold, -1.0, let the garbled French through).
- gzip compression ratio: above 2.4 (Whisper's threshold) the decoder is
  looping, as when English is decoded as French (4.2), however sure it is of
  each token (-0.4).
- letters: on noise the model says "you", "I" or "...". Fewer than 2 letters
  is nothing; a confident one-word answer ("oui", "non") is kept.
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

MIN_AVG_LOGPROB = -0.9
MAX_NO_SPEECH_PROB = 0.6
MAX_COMPRESSION_RATIO = 2.4
MIN_LETTERS = 2


@dataclass(frozen=True, slots=True)
class Transcript:
    """What was heard in a voice note.

    ``language`` is "fr" or "en", the language Whisper was told to write (the
    chat's, or the likelier of the two); ``duration`` in seconds; ``avg_logprob`` the
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
