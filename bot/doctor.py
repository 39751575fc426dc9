"""``arbitre doctor``: check the configuration and say, in plain words, what
to fix.

Each check returns a ``Finding``: fine, a warning (Arbitre works, with less),
or a problem (something the operator must fix). Nothing here prints the
token, even when it is wrong.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from urllib.parse import urlsplit

import httpx
from babel.messages.pofile import read_po

from rules_core import Edition

from .i18n import DOMAINS, LANGUAGES, N_, translator
from .render import IRREGULARITY_TITLES
from .store import ADVICE, default_db_path, diagnose
from .store_api import display_target, is_database_url

__all__ = ["Level", "Finding", "run_checks", "render_report", "CHECKS"]


class Level(Enum):
    OK = "ok"
    WARNING = "warning"
    PROBLEM = "problem"


@dataclass(frozen=True, slots=True)
class Finding:
    level: Level
    #: an English message id, translated when rendered, with its arguments
    message: str
    args: Mapping[str, str]


Environ = Mapping[str, str]


def _ok(message: str, **args: str) -> Finding:
    return Finding(Level.OK, message, args)


def _warn(message: str, **args: str) -> Finding:
    return Finding(Level.WARNING, message, args)


def _problem(message: str, **args: str) -> Finding:
    return Finding(Level.PROBLEM, message, args)


def check_edition(env: Environ) -> Finding:
    value = env.get("ARBITRE_EDITION", "2017").strip() or "2017"
    if value not in {e.value for e in Edition}:
        return _problem(
            N_("ARBITRE_EDITION is {value}: set it to 2017 (the Laws in force) or 2007."),
            value=value,
        )
    return _ok(N_("Rulings follow the {value} Laws."), value=value)


def check_telegram(env: Environ, timeout: float = 10.0) -> Finding:
    token = env.get("TELEGRAM_BOT_TOKEN", "").strip()
    if not token:
        return _warn(
            N_("No TELEGRAM_BOT_TOKEN: only the console chat will run. Create a bot with "
            "@BotFather and set TELEGRAM_BOT_TOKEN to connect Telegram.")
        )
    base = env.get("TELEGRAM_API_BASE_URL", "").strip() or "https://api.telegram.org/bot"
    host = urlsplit(base).netloc or base
    try:
        response = httpx.post(f"{base}{token}/getMe", timeout=timeout)
    except httpx.HTTPError:
        return _problem(
            N_("Cannot reach the Telegram Bot API at {host}: check the network, or "
            "TELEGRAM_API_BASE_URL if you use a local Bot API server."),
            host=host,
        )
    if response.status_code in (401, 404):
        return _problem(
            N_("Telegram refused the token: copy it again from @BotFather into "
            "TELEGRAM_BOT_TOKEN.")
        )
    try:
        payload = response.json()
    except ValueError:
        payload = {}
    if response.status_code != 200 or not payload.get("ok"):
        return _problem(
            N_("The Bot API at {host} answered HTTP {status}: check TELEGRAM_API_BASE_URL."),
            host=host,
            status=str(response.status_code),
        )
    username = str(payload.get("result", {}).get("username", "?"))
    return _ok(N_("Telegram accepts the token: the bot is @{username}."), username=username)


def check_database(env: Environ) -> Finding:
    configured = env.get("ARBITRE_DB", "").strip()
    if is_database_url(configured):
        return _check_postgres(configured)
    path = os.path.expanduser(configured) if configured else str(default_db_path())
    # A real write in a transaction, then PRAGMA quick_check: a read-only file
    # (another user's, in WAL mode) or damaged pages are found, not assumed away.
    found = diagnose(path)
    if found is None:
        return _ok(N_("The database {path} is writable and its pages check out."), path=path)
    problem, reason = found
    return _problem(ADVICE[problem], path=path, reason=reason)


def _check_postgres(url: str) -> Finding:
    # Imported here: the driver is an extra (arbitre[postgres]) a club on SQLite lacks.
    from .store_pg import PG_ADVICE, diagnose_pg

    shown = display_target(url)  # never the password
    reason = diagnose_pg(url)  # the driver missing is a reason too
    if reason is None:
        return _ok(N_("The PostgreSQL database {path} is reachable and takes a write."),
                   path=shown)
    return _problem(PG_ADVICE, path=shown, reason=reason)


def check_speech_model(env: Environ) -> Finding:
    from .voice import VoiceError
    from .voice.model import resolve_model

    try:
        source = resolve_model(env.get("ARBITRE_STT_MODEL", ""))
    except VoiceError as error:
        return _problem(
            N_("The speech model cannot be used ({detail}). Voice notes will be refused until "
            "this is fixed."),
            detail=error.detail,
        )
    if not source.local:
        return _warn(
            N_("ARBITRE_STT_MODEL={name} names a model to download at first use: this needs "
            "network. Point it to a model directory to work offline."),
            name=source.location,
        )
    return _ok(N_("The speech model is present and intact ({location})."), location=source.location)


def check_catalogs(env: Environ) -> Finding:
    missing: list[str] = []
    for lang in LANGUAGES:
        for domain in DOMAINS:
            path = resources.files("locales").joinpath(lang, "LC_MESSAGES", f"{domain}.po")
            if not path.is_file():
                continue
            catalog = read_po(io.BytesIO(path.read_bytes()), locale=lang)
            missing += [f"{lang}/{domain}" for m in catalog if m.id and not m.string][:1]
    if missing:
        return _problem(
            N_("Translations are missing in {catalogs}: reinstall Arbitre, or run "
            "python -m bot.catalogs check in a checkout."),
            catalogs=", ".join(sorted(set(missing))),
        )
    translator.cache_clear()
    probe = IRREGULARITY_TITLES["insufficient_bid"]
    if translator("fr").gettext(probe) == probe:
        return _problem(N_("The French catalogs do not load: reinstall Arbitre."))
    return _ok(N_("The French and English catalogs load."))


CHECKS: tuple[Callable[[Environ], Finding], ...] = (
    check_edition,
    check_telegram,
    check_database,
    check_speech_model,
    check_catalogs,
)

_MARKS = {Level.OK: "✓", Level.WARNING: "!", Level.PROBLEM: "✗"}


def run_checks(env: Environ | None = None) -> list[Finding]:
    environ = os.environ if env is None else env
    return [check(environ) for check in CHECKS]


def render_report(findings: list[Finding], lang: str) -> str:
    t = translator(lang)
    lines = [
        f"{_MARKS[f.level]} " + t.gettext(f.message).format(**f.args) for f in findings
    ]
    problems = sum(f.level is Level.PROBLEM for f in findings)
    if problems:
        lines.append(t.ngettext("{n} problem to fix.", "{n} problems to fix.", problems)
                     .format(n=problems))
    else:
        lines.append(t.gettext("Everything needed is in place."))
    return "\n".join(lines)
