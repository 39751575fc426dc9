"""The ``arbitre`` command (shared/contract.md, "Commands").

Machine-facing subcommands print JSON; input that cannot be read exits 2 with
``{"status": "error", "error": "<sentence>"}``, never a traceback.
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import sys
import traceback
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from rules_core import Edition, Incident, IncidentError, Question, rule

from .jsonio import BadInput, checked_text, dump_line, parse_json, utf8_stdin
from .render import question_text, ruling_texts

__all__ = ["main", "rule_json", "default_edition", "BadInput"]

log = logging.getLogger(__name__)

EXIT_OK, EXIT_FAILURE, EXIT_BAD_INPUT = 0, 1, 2


def default_edition() -> Edition:
    """``ARBITRE_EDITION`` (``2017`` unless set), checked."""
    value = os.environ.get("ARBITRE_EDITION", "2017").strip() or "2017"
    try:
        return Edition(value)
    except ValueError:
        raise BadInput(f"ARBITRE_EDITION={value!r} is not an edition (2017 or 2007)") from None


def _error(message: str) -> dict[str, Any]:
    return {"status": "error", "error": message}


def _dump(payload: dict[str, Any], out: TextIO) -> None:
    out.write(dump_line(payload))


def _unexpected(error: BaseException) -> str:
    """The sentence for a failure the command did not foresee (a bug): the
    contract's error, never a traceback."""
    return (f"this input could not be handled ({type(error).__name__}): please report it "
            "with the input that caused it")


def rule_json(data: Any, edition: Edition) -> dict[str, Any]:
    """One incident object in, the contract's result object out.

    :raises BadInput: when the incident cannot be read or cannot have happened.
    """
    try:
        incident = Incident.from_dict(data, default_edition=edition)
        result = rule(incident)
    except IncidentError as error:
        raise BadInput(str(error)) from None
    payload = result.to_dict()
    if isinstance(result, Question):
        payload["text"] = {lang: question_text(result, lang) for lang in ("fr", "en")}
    else:
        payload["text"] = ruling_texts(result)
    return payload


def _run_each(
    lines: Iterable[str], handle: Callable[[str], dict[str, Any]], out: TextIO
) -> int:
    """One answer per non-empty input line; exit 2 if any line could not be
    read. A line that cannot be read is answered with an error, and the
    batch goes on."""
    status = EXIT_OK
    for line in lines:
        if not line.strip():
            continue
        try:
            payload = handle(line)
        except BadInput as error:
            payload, status = _error(str(error)), EXIT_BAD_INPUT
        except Exception as error:  # a bug: this line only
            log.debug("a line could not be handled", exc_info=True)
            payload, status = _error(_unexpected(error)), EXIT_BAD_INPUT
        _dump(payload, out)
        out.flush()
    return status


def cmd_rule(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    edition = Edition(args.edition) if args.edition else default_edition()

    def handle(text: str) -> dict[str, Any]:
        return rule_json(parse_json(text), edition)

    if args.jsonl:
        return _run_each(stdin, handle, out)
    text = stdin.read()
    if not text.strip():
        raise BadInput("no incident on standard input: give one JSON object")
    _dump(handle(text), out)
    return EXIT_OK


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # report as the contract's error, not a usage dump
        raise _ArgumentError(message)


def cmd_chat(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``arbitre chat``: the dialogue at a terminal, or as JSON lines."""
    # Imported here so that `arbitre rule` starts without the dialogue's weight.
    from .console import run_chat, run_jsonl
    from .dialogue import open_conversations
    from .store import StoreError, default_retention_days

    edition = args.edition or default_edition().value
    try:
        retention = default_retention_days()
        conversations = open_conversations(edition=edition)
    except StoreError as error:
        raise BadInput(str(error)) from None
    try:
        conversations.purge_expired(retention)
        if args.jsonl:
            return run_jsonl(conversations, stdin, out, lang=args.lang, edition=args.edition)
        return run_chat(conversations, stdin, out, lang=args.lang, edition=args.edition,
                        intro=getattr(args, "intro", None))
    finally:
        conversations.store.close()


def _log_settings() -> tuple[int, str]:
    """``ARBITRE_LOG_LEVEL`` and ``ARBITRE_LOG_FORMAT``, checked.

    :raises BadInput: one sentence naming the variable.
    """
    from .logs import log_format

    level_name = os.environ.get("ARBITRE_LOG_LEVEL", "").strip().upper() or "INFO"
    if level_name not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise BadInput(f"ARBITRE_LOG_LEVEL={level_name!r} is not a log level: set it to "
                       "DEBUG, INFO, WARNING or ERROR")
    try:
        return getattr(logging, level_name), log_format(os.environ)
    except ValueError as error:
        raise BadInput(str(error)) from None


def cmd_telegram(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``arbitre telegram``: serve the bot (TELEGRAM_BOT_TOKEN required)."""
    from .logs import configure_logging
    from .store import StoreError
    from .telegram import Settings, run
    from .telegram.settings import SettingsError, TokenFilter

    if not os.environ.get("TELEGRAM_BOT_TOKEN", "").strip():
        raise BadInput("TELEGRAM_BOT_TOKEN is not set: create a bot with @BotFather and set it")
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        raise BadInput(str(error)) from None
    level, fmt = _log_settings()
    scrub = TokenFilter(settings.token).scrub
    # One line per event; the token scrubbed from each line as it is written.
    configure_logging(level, fmt, scrub)
    try:
        run(settings)
    except (SettingsError, StoreError) as error:
        raise BadInput(scrub(str(error))) from None
    except Exception:
        # A failure nobody foresaw: its traceback for the operator, the token
        # scrubbed from it (exception messages and URLs carry it).
        sys.stderr.write(scrub(traceback.format_exc()))
        return EXIT_FAILURE
    return EXIT_OK


def cmd_default(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Plain ``arbitre``: the bot when a token is set, else the console chat."""
    if os.environ.get("TELEGRAM_BOT_TOKEN", "").strip():
        return cmd_telegram(args, stdin, out)
    from .i18n import normalise_language, translator

    lang = normalise_language(os.environ.get("LANG"))
    args.intro = translator(lang).gettext(
        "No TELEGRAM_BOT_TOKEN is set, so this is the console chat. To connect Telegram, "
        "create a bot with @BotFather, then run: TELEGRAM_BOT_TOKEN=<token> arbitre")
    args.jsonl, args.lang, args.edition = False, None, None
    return cmd_chat(args, stdin, out)


def cmd_loi(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``arbitre loi REF``: the excerpt by number ("27B1(a)") or by words."""
    from .lookup import render_lookup

    query = checked_text(" ".join(args.ref)).strip()
    if not query:
        raise BadInput("say which law: a number such as 27B1 or words such as "
                       "\"enchère insuffisante\"")
    edition = Edition(args.edition) if args.edition else default_edition()
    _, text = render_lookup(query, args.lang or "fr", edition)
    out.write(text.rstrip("\n") + "\n")
    return EXIT_OK


def cmd_classify(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``arbitre classify [--jsonl] [TEXT]``: a description -> the classification JSON."""
    from .understanding import classify

    def handle(line: str) -> dict[str, Any]:
        text = checked_text(line.rstrip("\n"))
        if text.lstrip().startswith("{"):  # a JSON line {"text": ...} is read as such
            data = parse_json(text)
            if not isinstance(data, dict) or not isinstance(data.get("text"), str):
                raise BadInput('a JSON line must be an object with a "text" string')
            text = data["text"]
        result: dict[str, Any] = classify(text).to_dict()
        return result

    if args.text:
        _dump(classify(checked_text(" ".join(args.text))).to_dict(), out)
        return EXIT_OK
    if args.jsonl:
        return _run_each(stdin, handle, out)
    _dump(classify(checked_text(stdin.read())).to_dict(), out)
    return EXIT_OK


def cmd_hear(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``arbitre hear FILE…``: voice notes -> transcript, reliability and classification.

    One JSON line per file, in order. A file that cannot be read or heard gets
    the contract's error line instead and the exit status is 2; a speech model
    that cannot be loaded stops at the first file with status 1.
    """
    from .understanding import classify
    from .voice import MAX_BYTES, Recognizer, VoiceError, VoiceKind

    recognizer = Recognizer()
    if args.check_model:
        return _check_model(recognizer, out)
    if not args.files:
        raise BadInput("give at least one audio file, or --check-model")
    status = EXIT_OK
    for name in args.files:
        try:
            size = os.path.getsize(name)
            if size > MAX_BYTES:
                raise VoiceError(VoiceKind.TOO_BIG,
                                 f"it weighs {size} bytes; the cap is {MAX_BYTES}")
            with open(name, "rb") as handle:
                data = handle.read()
            transcript = recognizer.transcribe_note(data, args.lang)
        except OSError as error:
            _dump(_error(f"{name}: cannot read the file ({error.strerror or error})"), out)
            status = EXIT_BAD_INPUT
        except VoiceError as error:
            _dump(_error(f"{name}: {error.detail}"), out)
            if error.kind in (VoiceKind.MODEL_MISSING, VoiceKind.MODEL_CORRUPT,
                              VoiceKind.FAILED):
                return EXIT_FAILURE
            status = EXIT_BAD_INPUT
        else:
            _dump({"file": name, "text": transcript.text, "heard": transcript.heard,
                   "reliable": transcript.reliable,
                   "lang": transcript.language,
                   "classification": classify(transcript.text).to_dict()}, out)
        out.flush()
    return status


def cmd_worker(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``arbitre worker``: hear the voice notes of the PostgreSQL queue until
    stopped (SIGTERM or Ctrl-C); as many as wanted, on as many machines."""
    import signal
    import threading

    from .logs import configure_logging
    from .store import StoreError
    from .store_api import default_db, display_target, is_database_url
    from .transcription_queue import DEFAULT_LEASE, SpeechWorker
    from .voice import Recognizer, VoiceError

    target = default_db()
    if not is_database_url(target):
        raise BadInput("ARBITRE_DB is not a PostgreSQL URL: speech workers share the bot's "
                       "PostgreSQL database (with SQLite the bot hears voice notes itself)")
    lease = DEFAULT_LEASE if args.lease is None else args.lease
    if lease <= 0:
        raise BadInput("--lease must be a positive number of seconds")
    configure_logging(*_log_settings())  # one line per event, as the bot's
    recognizer = Recognizer()
    try:
        recognizer.load()  # a broken model shows now, not at the first note
    except VoiceError as error:
        sys.stderr.write(f"arbitre worker: the speech model is unusable: {error.detail}\n")
        return EXIT_FAILURE
    try:
        worker = SpeechWorker(str(target), recognizer.transcribe_note, name=args.name,
                              lease=lease)
    except StoreError as error:
        raise BadInput(str(error)) from None
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    logging.getLogger(__name__).info("speech worker %s on %s", worker.name,
                                     display_target(target))
    try:
        worker.run(stop)
    finally:
        worker.close()
    return EXIT_OK


def _check_model(recognizer: Any, out: TextIO) -> int:
    """``arbitre hear --check-model``: the speech model assembled, its sha256
    checked and loaded by the engine, as the first voice note would; exit 1
    (a Docker build stops) when it cannot be."""
    from .voice import VoiceError
    from .voice.model import resolve_model

    try:
        source = resolve_model()
        recognizer.load()
    except VoiceError as error:
        _dump(_error(f"the speech model cannot be used: {error.detail}"), out)
        return EXIT_FAILURE
    _dump({"status": "ok", "model": source.location, "local": source.local}, out)
    return EXIT_OK


def cmd_health(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``arbitre health``: exit 0 when the bot serves, else 1 and one line saying why."""
    from .i18n import normalise_language, translator
    from .telegram.health import check_health

    try:
        reason = check_health(max_age=args.max_age)
    except ValueError as error:
        raise BadInput(str(error)) from None
    t = translator(args.lang or normalise_language(os.environ.get("LANG")))
    if reason is None:
        out.write(t.gettext("The bot is serving and its database answers.") + "\n")
        return EXIT_OK
    message, values = reason
    out.write(t.gettext(message).format(**values) + "\n")
    return EXIT_FAILURE


def cmd_doctor(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``arbitre doctor``: check the configuration; exit 1 when something must be fixed."""
    from .doctor import Level, render_report, run_checks
    from .i18n import normalise_language

    findings = run_checks()
    lang = args.lang or normalise_language(os.environ.get("LANG"))
    out.write(render_report(findings, lang) + "\n")
    return EXIT_FAILURE if any(f.level is Level.PROBLEM for f in findings) else EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="arbitre",
        description="Rulings on bridge auction irregularities (Laws 2017; 2007 selectable).",
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    p_rule = sub.add_parser("rule", help="incident JSON on stdin -> result JSON on stdout")
    p_rule.add_argument("--jsonl", action="store_true", help="one incident per line")
    p_rule.add_argument("--edition", choices=[e.value for e in Edition])
    p_rule.set_defaults(func=cmd_rule)
    p_chat = sub.add_parser("chat", help="the dialogue at a terminal (--jsonl: for a machine)")
    p_chat.add_argument("--lang", choices=["fr", "en"])
    p_chat.add_argument("--edition", choices=[e.value for e in Edition])
    p_chat.add_argument("--jsonl", action="store_true",
                        help='one JSON object per line: {"text": ...} or {"answer": ...}')
    p_chat.set_defaults(func=cmd_chat)
    p_classify = sub.add_parser("classify", help="a free description -> classification JSON")
    p_classify.add_argument("--jsonl", action="store_true",
                            help="one description per line (plain text or {\"text\": ...})")
    p_classify.add_argument("text", nargs="*", help="the description (else standard input)")
    p_classify.set_defaults(func=cmd_classify)
    p_loi = sub.add_parser("loi", help='the Law excerpt: "27", "27B1(a)" or words')
    p_loi.add_argument("ref", nargs="+", help="a law reference or everyday words")
    p_loi.add_argument("--lang", choices=["fr", "en"])
    p_loi.add_argument("--edition", choices=[e.value for e in Edition])
    p_loi.set_defaults(func=cmd_loi)
    p_hear = sub.add_parser("hear", help="voice notes (OGG/Opus, WAV) -> transcript JSON lines")
    p_hear.add_argument("files", nargs="*", metavar="FILE", help="an audio file")
    p_hear.add_argument("--check-model", action="store_true",
                        help="assemble, verify and load the speech model; exit 1 if it cannot")
    p_hear.add_argument("--lang", choices=["fr", "en"],
                        help="the language spoken (else the likelier of the two)")
    p_hear.set_defaults(func=cmd_hear)
    p_doctor = sub.add_parser("doctor", help="check the configuration and say what to fix")
    p_doctor.add_argument("--lang", choices=["fr", "en"])
    p_doctor.set_defaults(func=cmd_doctor)
    p_worker = sub.add_parser("worker", help="a speech worker for the bot's PostgreSQL queue "
                              "(ARBITRE_DB=postgresql://...)")
    p_worker.add_argument("--name", help="this worker's name in the queue (default: host:pid)")
    p_worker.add_argument("--lease", type=float,
                          help="seconds a job is held before another worker may retry it "
                          "(default: 120)")
    p_worker.set_defaults(func=cmd_worker)
    p_health = sub.add_parser("health", help="is the bot serving? exit 0, else 1 and why")
    p_health.add_argument("--lang", choices=["fr", "en"])
    p_health.add_argument("--max-age", type=float, default=90.0, metavar="SECONDS",
                          help="polling: the oldest heartbeat still healthy (default 90)")
    p_health.set_defaults(func=cmd_health)
    p_telegram = sub.add_parser("telegram", help="run the Telegram bot (TELEGRAM_BOT_TOKEN)")
    p_telegram.set_defaults(func=cmd_telegram)
    return parser


def _standard_streams() -> tuple[TextIO, TextIO]:
    """Standard input and output as UTF-8 whatever the locale says: the
    contract's JSON is UTF-8, and invalid input bytes must reach the commands
    (to be refused line by line), not fail inside Python's decoder."""
    stdin: TextIO = sys.stdin
    if getattr(sys.stdin, "buffer", None) is not None:
        stdin = utf8_stdin(sys.stdin.buffer)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8")
    return stdin, sys.stdout


def main(argv: list[str] | None = None, stdin: TextIO | None = None,
         out: TextIO | None = None) -> int:
    if stdin is None or out is None:
        default_in, default_out = _standard_streams()
        stdin = default_in if stdin is None else stdin
        out = default_out if out is None else out
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            return cmd_default(args, stdin, out)
        result: int = args.func(args, stdin, out)
        return result
    except _ArgumentError as error:
        _dump(_error(f"bad arguments: {error}"), out)
        return EXIT_BAD_INPUT
    except BadInput as error:
        _dump(_error(str(error)), out)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_FAILURE
    except BrokenPipeError:
        # The reader went away (e.g. `arbitre ... | head`): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILURE
    except Exception as error:  # a bug: still the contract's answer
        log.debug("the command failed", exc_info=True)
        _dump(_error(_unexpected(error)), out)
        return EXIT_BAD_INPUT
