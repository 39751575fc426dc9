"""Speech to text with faster-whisper on the CPU, French or English only.

Synchronous and blocking: the asyncio front (``transcriber``) runs it in its
single worker thread; the console can call it directly.
"""

from __future__ import annotations

import logging
import math
import os
import threading
from typing import TYPE_CHECKING, Any

import numpy as np

from .audio import decode_voice_note
from .errors import VoiceError
from .kinds import VoiceKind
from .limits import MAX_BYTES, MAX_SECONDS, SAMPLE_RATE
from .model import ModelSource, cache_dir, resolve_model
from .repair import repair
from .transcript import MAX_NO_SPEECH_PROB, MIN_AVG_LOGPROB, Transcript, is_reliable

if TYPE_CHECKING:
    from faster_whisper import WhisperModel  # type: ignore[import-untyped]

__all__ = ["Recognizer", "default_cpu_threads", "supported_language"]

log = logging.getLogger(__name__)

LANGUAGES = ("fr", "en")

# A decoder stuck in a loop runs to Whisper's token limit, costing the single
# worker seconds for a text that is refused anyway (its compression ratio gives
# it away). Fast speech is about 5 tokens a second; CTranslate2 4.8 was measured
# to stop at about half of faster-whisper's max_new_tokens, so 20 a second keeps
# twice the fastest speech whichever way a later version counts.
_TOKENS_PER_SECOND = 20
_TOKENS_SPARE = 24
_MAX_NEW_TOKENS = 400  # faster-whisper refuses prompt + budget above 448
_WINDOW_SECONDS = 30


def default_cpu_threads() -> int:
    """The cores this process may use, at most 4 (more brings little to one greedy decode)."""
    try:
        available = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        available = os.cpu_count() or 1
    return max(1, min(4, available))


def supported_language(hint: str | None) -> str | None:
    """``"fr-FR"`` -> ``"fr"``, ``"en"`` -> ``"en"``; anything else -> None (detect)."""
    if not hint:
        return None
    base = hint.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


class Recognizer:
    """Whisper int8 on the CPU, loaded on first use and kept for the process.

    ``model`` overrides ``ARBITRE_STT_MODEL`` (a CTranslate2 directory or a
    model name); None means that variable, else the embedded base model.
    """

    def __init__(self, model: str | None = None, *, cpu_threads: int | None = None) -> None:
        self._setting = model
        self.cpu_threads = cpu_threads or default_cpu_threads()
        self._lock = threading.Lock()
        self._model: WhisperModel | None = None
        # A broken install stays broken until the operator fixes it and restarts:
        # remember the failure so later notes are answered at once.
        self._failure: VoiceError | None = None
        #: Extra faster-whisper options per language, for trials
        #: (benchmarks/bench_voice_reliability.py --prompt). Bridge vocabulary as
        #: ``hotwords`` or ``initial_prompt`` was tried twice and is not used. Measured
        #: again with the transcript repair (bot/voice/repair.py), 64 English and 64
        #: French espeak-ng notes: without a prompt 55/64 English and 24/64 French
        #: lead to the spoken irregularity, with either 48/64 and 16/64; and speech
        #: played backwards was then written as the prompt itself and trusted
        #: ("North East South West, pass, double, redouble": a ruling on noise).
        self.decode_options: dict[str, dict[str, Any]] = {}

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> None:
        """Load the model now (idempotent).

        :raises VoiceError: ``MODEL_MISSING`` or ``MODEL_CORRUPT``.
        """
        self._whisper()

    def transcribe_note(
        self,
        data: bytes | bytearray,
        lang_hint: str | None = None,
        *,
        max_seconds: float = MAX_SECONDS,
        max_bytes: int = MAX_BYTES,
    ) -> Transcript:
        """Voice-note bytes (OGG/Opus or any audio FFmpeg reads) -> transcript.

        :raises VoiceError: refusals of the audio (too big, too long, not audio)
            and model or engine failures.
        """
        audio = decode_voice_note(data, max_seconds=max_seconds, max_bytes=max_bytes)
        return self.transcribe(audio, lang_hint)

    def transcribe(self, audio: np.ndarray, lang_hint: str | None = None) -> Transcript:
        """16 kHz mono float32 samples -> transcript in French or English.

        The hint (the chat's language) is used as is; without one, the model's
        probabilities for French and English alone decide, since free detection
        takes short French clips for other languages.

        :raises VoiceError: model or engine failures.
        """
        whisper = self._whisper()
        try:
            language = supported_language(lang_hint) or self._french_or_english(whisper, audio)
            segments, _info = whisper.transcribe(
                audio,
                language=language,
                task="transcribe",
                beam_size=1,
                best_of=1,
                temperature=0.0,
                condition_on_previous_text=False,
                without_timestamps=True,
                vad_filter=False,
                max_new_tokens=_token_budget(audio.size / SAMPLE_RATE),
                # Judged below, on all the numbers: faster-whisper would drop silent
                # windows and with them the no-speech probability we report.
                compression_ratio_threshold=None,
                log_prob_threshold=None,
                no_speech_threshold=None,
                **self.decode_options.get(language, {}),
            )
            segments = list(segments)  # the generator does the decoding
        except Exception as exc:  # a native engine: any failure must become an answer
            log.exception("speech recognition failed")
            raise VoiceError(VoiceKind.FAILED, f"speech recognition failed: {exc!r}") from exc
        return _summarise(segments, language, audio.size / SAMPLE_RATE)

    def _french_or_english(self, whisper: WhisperModel, audio: np.ndarray) -> str:
        if not whisper.model.is_multilingual:
            return "en"
        _language, _probability, probabilities = whisper.detect_language(audio=audio)
        scores = dict(probabilities)
        # Ties go to French, the reference language of the Laws.
        return "fr" if scores.get("fr", 0.0) >= scores.get("en", 0.0) else "en"

    def _whisper(self) -> WhisperModel:
        if self._model is not None:
            return self._model
        with self._lock:
            if self._model is None:
                if self._failure is not None:
                    raise self._failure
                try:
                    self._model = self._load(resolve_model(self._setting))
                except VoiceError as exc:
                    log.error("speech model unavailable: %s", exc.detail)
                    self._failure = exc
                    raise
            return self._model

    def _load(self, source: ModelSource) -> WhisperModel:
        if source.local:
            # A directory with tokenizer.json never needs the hub; should a future
            # faster-whisper reach for it anyway, fail at once instead of hanging.
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from faster_whisper import WhisperModel  # type: ignore[import-untyped]
        except ImportError as exc:
            raise VoiceError(
                VoiceKind.MODEL_MISSING, f"faster-whisper is not installed: {exc}"
            ) from exc
        options: dict[str, Any] = {
            "device": "cpu",
            "compute_type": "int8",
            "cpu_threads": self.cpu_threads,
            "num_workers": 1,
        }
        if not source.local:
            options["download_root"] = str(cache_dir() / "hub")
        try:
            whisper = WhisperModel(source.location, **options)
        except Exception as exc:  # ctranslate2, tokenizers and the hub raise their own types
            if source.local:
                raise VoiceError(
                    VoiceKind.MODEL_CORRUPT,
                    f"cannot load the speech model in {source.location}: {exc}",
                ) from exc
            raise VoiceError(
                VoiceKind.MODEL_MISSING,
                f"cannot fetch the speech model {source.location!r} ({exc}); names need "
                "network access: use a CTranslate2 directory in ARBITRE_STT_MODEL instead",
            ) from exc
        log.info("speech model loaded from %s (%d threads)", source.location, self.cpu_threads)
        return whisper


def _token_budget(seconds: float) -> int:
    window = min(max(seconds, 1.0), _WINDOW_SECONDS)
    return min(_MAX_NEW_TOKENS, _TOKENS_SPARE + math.ceil(window * _TOKENS_PER_SECOND))


def _summarise(segments: list[Any], language: str, duration: float) -> Transcript:
    # Whisper's own rule for a window where nobody spoke: its text is dropped.
    kept = [
        s
        for s in segments
        if not (s.no_speech_prob > MAX_NO_SPEECH_PROB and s.avg_logprob < MIN_AVG_LOGPROB)
    ]
    basis = kept or segments
    text = " ".join(s.text.strip() for s in kept).strip()
    if not basis:
        return Transcript(
            text, language, duration, float("-inf"), 1.0, 0.0, reliable=False, heard=text
        )
    weights = np.array([max(1, len(s.tokens)) for s in basis], dtype=np.float64)
    avg_logprob = float(np.average([s.avg_logprob for s in basis], weights=weights))
    no_speech_prob = float(np.average([s.no_speech_prob for s in basis], weights=weights))
    compression_ratio = float(max(s.compression_ratio for s in basis))
    return Transcript(
        text=repair(text, language).text,
        language=language,
        duration=duration,
        avg_logprob=avg_logprob,
        no_speech_prob=no_speech_prob,
        compression_ratio=compression_ratio,
        # Judged on the model's own words: a repair never makes a guess trusted.
        reliable=is_reliable(text, avg_logprob, no_speech_prob, compression_ratio),
        heard=text,
    )
