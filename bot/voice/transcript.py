"""A transcript and whether it is good enough to rule on.

A wrong ruling is worse than asking the user to type, so ``reliable`` is
strict. The thresholds come from ``benchmarks/bench_voice_reliability.py``:
Whisper base int8, greedy decoding, 210 transcriptions per CPU instruction
set (160 of clear speech: 20 French and 20 English incident sentences and
answers, three espeak-ng voices each, with and without a language hint; 20 of
garbled speech, played backwards or cut into shuffled 80 ms pieces; 30 of
nothing: digital silence, a quiet room, white, pink and brown noise, crowd
murmur, a tone, a sweep, mains hum, clicks), transcribed natively (AVX-512
VNNI, AMD EPYC) and with ``CT2_FORCE_CPU_ISA=GENERIC``. (``AVX2`` forced on
CTranslate2 alone gave exactly the native numbers: its int8 matrix products
go through oneDNN, which dispatches apart, so tools/check also sets
``ONEDNN_MAX_CPU_ISA``.) The ranges below cover both; most numbers moved by
less than 0.05 from one ISA to the other, a few transcripts changed words
("please read lot 27": -0.76 natively, -1.13 with GENERIC).

- average log-probability per token: clear speech whose transcript leads to
  the irregularity spoken -1.43 to -0.17 (median about -0.6); nothing -2.03 to
  -0.97; garbled speech that does not loop -2.47 to -0.98 (looping garbled
  speech scores up to -0.26 but is caught by its compression ratio). At
  -0.85 nothing and no non-looping garbled clip comes within 0.11 of being
  trusted; -0.9 kept only 0.07 and -1.0 trusted two garbled clips.
- no-speech probability: clear speech 0.01-0.66, the highest on one-word
  answers ("Yes." 0.47, "north." 0.54); nothing 0.60-0.84. Above 0.6
  (Whisper's own threshold) nobody spoke; nothing is refused first by its
  text, which the recognizer drops as Whisper does (no speech and unsure).
- gzip compression ratio: clear speech 0.11-1.19 except a decoder looping
  on espeak's French (3.7-5.1); looping garbled speech 2.7-12.8. Above 2.4
  (Whisper's threshold) the decoder is looping, however sure it is of each
  token.
- repeated words: a decoder looping within the token budget stops before its
  compression ratio shows it (garbled speech with GENERIC kernels: "no, no,
  no, ..." 24 times at ratio 2.24, log-probability -0.50). Clear speech never
  said one word more than 4 times running (a passed-out auction: "pass" x4);
  more than 6 is a loop.
- letters: on nothing the model writes "", "you" or "..."; fewer than 2
  letters is nothing, and a confident one-word answer ("oui", "no") is kept.

What is trusted is then read by the understanding like typed text: garbled
speech that passes (none did) would still have to state an incident, and
the dialogue asks before it rules.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Transcript",
    "is_reliable",
    "longest_repeat",
    "MIN_AVG_LOGPROB",
    "MAX_NO_SPEECH_PROB",
    "MAX_COMPRESSION_RATIO",
    "MIN_LETTERS",
    "MAX_WORD_REPEATS",
]

MIN_AVG_LOGPROB = -0.85
MAX_NO_SPEECH_PROB = 0.6
MAX_COMPRESSION_RATIO = 2.4
MIN_LETTERS = 2
MAX_WORD_REPEATS = 6


@dataclass(frozen=True, slots=True)
class Transcript:
    """What was heard in a voice note.

    ``language`` is "fr" or "en", the language Whisper was told to write (the
    chat's, or the likelier of the two); ``duration`` in seconds; ``avg_logprob`` the
    mean log-probability per token; ``no_speech_prob`` the model's belief that
    nobody spoke; ``compression_ratio`` how repetitive the text is. ``text`` is
    what the model wrote with the bridge words it mishears put back
    (``repair``); ``heard`` the model's own words, on which ``reliable`` was
    judged (empty: the same as ``text``).
    """

    text: str
    language: str
    duration: float
    avg_logprob: float
    no_speech_prob: float
    compression_ratio: float
    reliable: bool
    heard: str = ""


def is_reliable(
    text: str, avg_logprob: float, no_speech_prob: float, compression_ratio: float
) -> bool:
    """Whether a transcript may be acted on, by the thresholds above."""
    letters = sum(1 for char in text if char.isalpha())
    return (
        letters >= MIN_LETTERS
        and longest_repeat(text) <= MAX_WORD_REPEATS
        and avg_logprob >= MIN_AVG_LOGPROB
        and no_speech_prob <= MAX_NO_SPEECH_PROB
        and compression_ratio <= MAX_COMPRESSION_RATIO
    )


def longest_repeat(text: str) -> int:
    """The longest run of one word said again and again ("no, no, no" -> 3)."""
    words = [w for w in (part.strip(".,;:!?…-'\"").lower() for part in text.split()) if w]
    longest = run = 0
    previous = None
    for word in words:
        run = run + 1 if word == previous else 1
        previous = word
        longest = max(longest, run)
    return longest
