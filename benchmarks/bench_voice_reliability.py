"""Where the speech model's reliability numbers fall, per CPU instruction set.

Run on demand (not part of the test suite), from the repository root, with
espeak-ng installed (``apt-get install espeak-ng``)::

    python benchmarks/bench_voice_reliability.py [--isa native,AVX2,GENERIC]
        [--out results.jsonl] [--corpus tests/corpus/voice_synthetic.jsonl]
        [--prompt none|hotwords|initial_prompt] [--sentences FILE.jsonl]

CTranslate2's int8 kernels differ per instruction set (``CT2_FORCE_CPU_ISA``),
and so do the transcripts and their scores. This script builds one fixed,
seeded set of clips in memory, as Telegram would deliver them (OGG/Opus at
32 kbit/s, then decoded by the bot's own decoder):

- ``clear``: incident sentences and one-word answers, French and English,
  each spoken by three espeak-ng voices (accents, speeds, pitches);
- ``garbled``: some of those clips played backwards, or cut into 80 ms pieces
  shuffled (speech-like sound that says nothing);
- ``nothing``: digital silence, a quiet room, white, pink and brown noise,
  crowd murmur, a tone, a sweep, mains hum, clicks.

Each ISA runs in its own process (the variable is read when CTranslate2
loads) and transcribes every clip with the chat's language as hint and, for
a share of them, with no hint; each record gets the model's numbers, the
reliability verdict of ``bot/voice/transcript.py``, and the irregularity
``bot.understanding.classify`` reads in the transcript and in the sentence
spoken. The summary gives, per ISA and kind of clip, the range and
percentiles of each number, how many clips are trusted, and, for the clear
clips, how often the transcript leads to the same irregularity as the
sentence. ``--corpus`` writes the (sentence, transcript) pairs of the first
ISA for the understanding's tuning; ``--prompt`` tries faster-whisper's
``hotwords`` or ``initial_prompt`` with bridge vocabulary; ``--sentences``
speaks a held-out file of sentences instead (``benchmarks/voice_heldout.jsonl``,
written by people who never saw the repair rules or the model's training
pairs, and never used to tune either), the honest figure for voice; ``--model`` another
speech model (``ARBITRE_STT_MODEL``: ``small``, a directory). The same-irregularity
figures are given for the transcript as the bot reads it (repaired by
``bot/voice/repair.py``) and for the model's own words.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # runnable without installing the project

import numpy as np  # noqa: E402

RATE = 16_000

# (language, sentence, irregularity it states or None for an answer)
SENTENCES: list[tuple[str, str]] = [
    ("en", "East bid one heart over my one spade. Insufficient bid."),
    ("en", "North opened one spade and East bid one heart, which is insufficient."),
    ("en", "West passed out of turn. It was North's turn to call."),
    ("en", "South opened one club out of turn, it was East's turn."),
    ("en", "My left hand opponent doubled out of turn."),
    ("en", "East bid two hearts, then changed it to two spades."),
    ("en", "West bid eight spades."),
    ("en", "After the final pass, North bid four hearts."),
    ("en", "My partner hesitated for a long time before passing."),
    ("en", "They did not alert the two diamond transfer."),
    ("en", "West dropped a card face up during the auction."),
    ("en", "We are playing the wrong board."),
    ("en", "North and East called at the same time."),
    ("en", "South doubled his partner's bid."),
    ("en", "West was barred but he bid two clubs."),
    ("en", "Please read law twenty seven."),
    ("en", "Yes."),
    ("en", "No."),
    ("en", "North."),
    ("en", "He does not accept."),
    ("fr", "Est a dit un cœur sur mon un pique. Enchère insuffisante."),
    ("fr", "Nord a ouvert d'un pique, puis Est a dit un cœur."),
    ("fr", "Ouest a passé hors tour, c'était à Nord de parler."),
    ("fr", "Sud a ouvert d'un trèfle hors tour, c'était à Est."),
    ("fr", "Mon adversaire de gauche a contré hors tour."),
    ("fr", "Est a dit deux cœurs, puis il a changé pour deux piques."),
    ("fr", "Ouest a annoncé huit piques."),
    ("fr", "Après le dernier passe, Nord a dit quatre cœurs."),
    ("fr", "Mon partenaire a longuement hésité avant de passer."),
    ("fr", "Ils n'ont pas alerté le deux carreaux texas."),
    ("fr", "Ouest a fait tomber une carte face visible pendant les enchères."),
    ("fr", "On joue la mauvaise donne."),
    ("fr", "Nord et Est ont parlé en même temps."),
    ("fr", "Sud a contré l'enchère de son partenaire."),
    ("fr", "Ouest devait passer mais il a dit deux trèfles."),
    ("fr", "Lisez-moi la loi vingt-sept."),
    ("fr", "Oui."),
    ("fr", "Non."),
    ("fr", "Nord."),
    ("fr", "Il refuse."),
]

# espeak-ng options per language: three voices, accents, speeds and pitches.
VOICES: dict[str, list[list[str]]] = {
    "en": [
        ["-v", "en-us", "-s", "150"],
        ["-v", "en-gb+f3", "-s", "135", "-p", "65"],
        ["-v", "en-gb-scotland+m3", "-s", "170", "-p", "35"],
    ],
    "fr": [
        ["-v", "fr-fr", "-s", "115", "-p", "40"],
        ["-v", "fr-fr+f2", "-s", "135", "-p", "60"],
        ["-v", "fr-be+m3", "-s", "150", "-p", "45"],
    ],
}

PROMPTS: dict[str, dict[str, str]] = {
    "hotwords": {
        "en": "bridge director: North East South West, pass, double, redouble, "
        "one heart, spade, club, diamond, no trump, insufficient bid, out of turn",
        "fr": "arbitre de bridge : Nord Est Sud Ouest, passe, contre, surcontre, "
        "un cœur, pique, trèfle, carreau, sans-atout, enchère insuffisante, hors tour",
    },
}
PROMPTS["initial_prompt"] = PROMPTS["hotwords"]


#: What decides the int8 kernels: CTranslate2's own (CT2_FORCE_CPU_ISA) and
#: oneDNN's matrix products, which dispatch on their own (ONEDNN_MAX_CPU_ISA):
#: forcing only the first leaves AVX-512 VNNI products on a machine that has them.
ISA_VARIABLES = ("CT2_FORCE_CPU_ISA", "ONEDNN_MAX_CPU_ISA")


def isa_environment(isa: str) -> dict[str, str]:
    """The variables that make this process compute as a CPU with only ``isa``."""
    return {"CT2_FORCE_CPU_ISA": isa,
            "ONEDNN_MAX_CPU_ISA": "SSE41" if isa == "GENERIC" else isa}


def speak(options: list[str], sentence: str) -> np.ndarray:
    """espeak-ng's speech as 16 kHz mono float32."""
    from bot.voice.audio import decode_voice_note

    wav = subprocess.run(
        ["espeak-ng", *options, "--stdout", sentence], check=True, capture_output=True
    ).stdout
    return decode_voice_note(wav)


def _shaped_noise(rng: np.random.Generator, seconds: float, exponent: float) -> np.ndarray:
    """Noise whose power falls as 1/f**exponent (0 white, 1 pink, 2 brown), peak 0.3."""
    white = rng.standard_normal(int(seconds * RATE))
    spectrum = np.fft.rfft(white)
    freqs = np.fft.rfftfreq(white.size, 1 / RATE)
    freqs[0] = freqs[1]
    shaped = np.fft.irfft(spectrum / freqs ** (exponent / 2), n=white.size)
    return 0.3 * shaped / np.abs(shaped).max()


def nothing_clips() -> Iterator[tuple[str, np.ndarray]]:
    """Sounds in which nobody says anything."""
    rng = np.random.default_rng(2026)
    t = np.arange(4 * RATE) / RATE
    yield "digital_silence", np.zeros(4 * RATE)
    yield "quiet_room", 0.001 * rng.standard_normal(4 * RATE)
    yield "white_noise", 0.1 * rng.standard_normal(4 * RATE)
    yield "pink_noise", _shaped_noise(rng, 4, 1.0)
    yield "brown_noise", _shaped_noise(rng, 4, 2.0)
    band = np.fft.rfft(rng.standard_normal(4 * RATE))
    freqs = np.fft.rfftfreq(4 * RATE, 1 / RATE)
    band[(freqs < 200) | (freqs > 3000)] = 0
    murmur = np.fft.irfft(band, n=4 * RATE)
    yield "crowd_murmur", 0.3 * murmur / np.abs(murmur).max() * (0.5 + 0.5 * np.sin(8 * np.pi * t))
    yield "tone_440", 0.3 * np.sin(2 * np.pi * 440 * t)
    yield "sweep", 0.3 * np.sin(2 * np.pi * (100 * t + 250 * t**2))
    yield "mains_hum", 0.2 * np.sin(2 * np.pi * 50 * t) + 0.05 * np.sin(2 * np.pi * 150 * t)
    clicks = np.zeros(4 * RATE)
    clicks[rng.integers(0, clicks.size, 40)] = 0.8
    yield "clicks", clicks + 0.002 * rng.standard_normal(4 * RATE)


def garble(samples: np.ndarray, how: str, seed: int) -> np.ndarray:
    if how == "reversed":
        return samples[::-1].copy()
    piece = int(0.08 * RATE)
    pieces = [samples[i : i + piece] for i in range(0, samples.size, piece)]
    order = np.random.default_rng(seed).permutation(len(pieces))
    return np.concatenate([pieces[i] for i in order])


def build_clips(sentences: list[tuple[str, str]], noise: bool = True) -> list[dict[str, Any]]:
    """Every clip as Telegram would deliver it, with what it is: the sentences
    spoken, and (``noise``) the garbled and the no-speech clips."""
    from bot.voice.audio import decode_voice_note
    from tests.support.oggopus import encode_voice_note

    def telegram(samples: np.ndarray) -> bytes:
        return encode_voice_note(np.asarray(samples, dtype=np.float32), RATE)

    clips: list[dict[str, Any]] = []
    for index, (lang, sentence) in enumerate(sentences):
        for voice_index, options in enumerate(VOICES[lang]):
            samples = speak(options, sentence)
            hints = [lang, None] if voice_index == index % 3 else [lang]
            clips.append({"id": f"{lang}{index:02d}v{voice_index}", "kind": "clear",
                          "lang": lang, "sentence": sentence, "voice": " ".join(options),
                          "hints": hints, "data": telegram(samples)})
            if noise and voice_index == 0 and index % 4 == 0:
                how = "reversed" if index % 8 == 0 else "shuffled"
                clips.append({"id": f"{lang}{index:02d}{how}", "kind": "garbled", "lang": lang,
                              "sentence": None, "voice": how, "hints": [lang, None],
                              "data": telegram(garble(decode_voice_note(telegram(samples)),
                                                      how, index))})
    for name, samples in nothing_clips() if noise else ():
        clips.append({"id": name, "kind": "nothing", "lang": None, "sentence": None,
                      "voice": None, "hints": [None, "fr", "en"], "data": telegram(samples)})
    return clips


def _read_sentences(path: Path) -> list[tuple[str, str]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    return [(row["lang"], row["text"]) for row in rows]


def worker(clip_dir: Path, prompt: str) -> None:
    """Transcribe every clip of ``clip_dir`` under this process's ISA; JSON lines out."""
    from bot.understanding import classify
    from bot.voice import Recognizer

    recognizer = Recognizer()
    if prompt != "none":
        recognizer.decode_options = {lang: {prompt: text} for lang, text in PROMPTS[prompt].items()}
    recognizer.load()
    index = json.loads((clip_dir / "index.json").read_text())
    for clip in index:
        data = (clip_dir / f"{clip['id']}.ogg").read_bytes()
        expected = classify(clip["sentence"]).irregularity if clip["sentence"] else None
        for hint in clip["hints"]:
            started = time.perf_counter()
            heard = recognizer.transcribe_note(data, hint)
            record = {k: v for k, v in clip.items() if k not in ("data", "hints")}
            record.update(
                hint=hint, heard_as=heard.language, text=heard.text, heard=heard.heard,
                avg_logprob=round(heard.avg_logprob, 5),
                no_speech_prob=round(heard.no_speech_prob, 5),
                compression_ratio=round(heard.compression_ratio, 4),
                reliable=heard.reliable, seconds=round(time.perf_counter() - started, 3),
                expected=_value(expected), classified=_value(classify(heard.text).irregularity),
                classified_heard=_value(classify(heard.heard).irregularity),
            )
            print(json.dumps(record, ensure_ascii=False), flush=True)


def _value(irregularity: Any) -> str | None:
    return None if irregularity is None else str(getattr(irregularity, "value", irregularity))


def percentiles(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=20) if len(ordered) > 1 else ordered * 19
    return (f"min {ordered[0]:7.3f}  p5 {cut[0]:7.3f}  median {statistics.median(ordered):7.3f}"
            f"  p95 {cut[-1]:7.3f}  max {ordered[-1]:7.3f}")


def summarise(records: list[dict[str, Any]]) -> None:
    by_isa: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        by_isa[record["isa"]].append(record)
    for isa, rows in by_isa.items():
        print(f"\n== {isa}: {len(rows)} transcriptions, "
              f"{sum(r['seconds'] for r in rows):.0f} s of decoding")
        for kind in ("clear", "garbled", "nothing"):
            group = [r for r in rows if r["kind"] == kind]
            if not group:
                continue
            trusted = sum(r["reliable"] for r in group)
            print(f"  {kind:<8} {len(group):4d} transcriptions, {trusted} trusted")
            for key in ("avg_logprob", "no_speech_prob", "compression_ratio"):
                print(f"    {key:<18} {percentiles([r[key] for r in group])}")
            if kind == "clear":
                for lang in ("en", "fr"):
                    mine = [r for r in group if r["lang"] == lang and r["expected"]]
                    same = sum(r["classified"] == r["expected"] for r in mine)
                    same_trusted = sum(r["classified"] == r["expected"] and r["reliable"]
                                       for r in mine)
                    raw = sum(r.get("classified_heard", r["classified"]) == r["expected"]
                              for r in mine)
                    print(f"    {lang}: transcript -> same irregularity as the sentence "
                          f"{same}/{len(mine)} ({100 * same / max(1, len(mine)):.0f} %), "
                          f"and trusted {same_trusted}/{len(mine)}; the model's words "
                          f"before repair {raw}/{len(mine)}; "
                          f"{statistics.median(r['seconds'] for r in mine):.2f} s a note "
                          "(median)")
                untrusted = [r for r in group if not r["reliable"]]
                for r in untrusted:
                    print(f"    not trusted: {r['id']} hint={r['hint']} "
                          f"lp={r['avg_logprob']:.3f} ns={r['no_speech_prob']:.2f} "
                          f"cr={r['compression_ratio']:.2f} {r['text']!r}")
            else:
                for r in group:
                    if r["reliable"] or r["classified"]:
                        print(f"    {'TRUSTED' if r['reliable'] else 'untrusted'}: {r['id']} "
                              f"hint={r['hint']} lp={r['avg_logprob']:.3f} "
                              f"ns={r['no_speech_prob']:.2f} cr={r['compression_ratio']:.2f} "
                              f"-> {r['classified']} {r['text']!r}")


def write_corpus(records: list[dict[str, Any]], path: Path) -> None:
    first_isa = records[0]["isa"]
    rows = [r for r in records if r["isa"] == first_isa and r["kind"] == "clear"]
    with path.open("w", encoding="utf-8") as out:
        for r in rows:
            out.write(json.dumps({
                "lang": r["lang"], "voice": r["voice"], "hint": r["hint"],
                "sentence": r["sentence"], "transcript": r["text"],
                "reliable": r["reliable"], "expected": r["expected"],
                "classified": r["classified"],
            }, ensure_ascii=False) + "\n")
    print(f"\n{len(rows)} (sentence, transcript) pairs written to {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--isa", default="native,AVX2,GENERIC",
                        help="comma-separated CT2_FORCE_CPU_ISA values; 'native' leaves it unset")
    parser.add_argument("--out", type=Path, help="also keep every record here (JSON lines)")
    parser.add_argument("--corpus", type=Path, help="write the first ISA's pairs here")
    parser.add_argument("--prompt", choices=["none", *PROMPTS], default="none")
    parser.add_argument("--summary", type=Path, help="only summarise a saved --out file")
    parser.add_argument("--model", help="ARBITRE_STT_MODEL for the workers (default: base)")
    parser.add_argument("--sentences", type=Path,
                        help="speak these sentences (JSON lines with lang and text) instead of "
                        "the built-in ones, without the noise clips: for a held-out set such "
                        "as benchmarks/voice_heldout.jsonl")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.sentences and args.corpus:
        parser.error("--corpus writes training pairs: never from a held-out --sentences file")
    if args.worker:
        worker(args.worker, args.prompt)
        return
    if args.summary:
        summarise([json.loads(line) for line in args.summary.read_text().splitlines()])
        return
    import tempfile

    records: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="arbitre-voice-") as tmp:
        clip_dir = Path(tmp)
        clips = (build_clips(_read_sentences(args.sentences), noise=False) if args.sentences
                 else build_clips(SENTENCES))
        for clip in clips:
            (clip_dir / f"{clip['id']}.ogg").write_bytes(clip["data"])
        (clip_dir / "index.json").write_text(json.dumps(
            [{k: v for k, v in c.items() if k != "data"} for c in clips], ensure_ascii=False))
        print(f"{len(clips)} clips built", file=sys.stderr)
        for isa in args.isa.split(","):
            env = {k: v for k, v in os.environ.items() if k not in ISA_VARIABLES}
            if isa != "native":
                env.update(isa_environment(isa))
            if args.model:
                env["ARBITRE_STT_MODEL"] = args.model
            started = time.perf_counter()
            output = subprocess.run(
                [sys.executable, __file__, "--worker", str(clip_dir), "--prompt", args.prompt],
                env=env, check=True, capture_output=True, text=True,
            ).stdout
            print(f"{isa}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
            records += [{"isa": isa, **json.loads(line)} for line in output.splitlines()]
    if args.out:
        args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    summarise(records)
    if args.corpus:
        write_corpus(records, args.corpus)


if __name__ == "__main__":
    main()
