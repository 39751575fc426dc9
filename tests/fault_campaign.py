"""A system-level fault campaign: the real ``arbitre telegram`` process
against the fake Bot API on 127.0.0.1 injecting faults (timeouts, 429 with
retry_after, 5xx, connection resets, malformed JSON, a 401 now and then),
killed with SIGKILL at random points and restarted as a supervisor would
(also after the exit 2 a 401 causes). Telegram also takes some messages and
loses its answer on the way ("lost"), as a kill just after the send does.
Each input is one message in its own chat; after the faults stop and the bot
recovers, every input must have exactly one answer: no second copy of a
message Telegram took, and no message of the bot rewritten by the probe
that finds such a message (sender.py).

Bounded in count and time: the suite runs a short campaign
(tests/test_fault_suite.py), ``benchmarks/fault_suite.py`` a long one.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fakes.bot_api import TOKEN, FakeBotApi
from tests.fakes.updates import private_chat, text_update, user

ROOT = Path(__file__).resolve().parent.parent
FIRST_CHAT = 100_000
MESSAGE = "Est a dit 1♥ sur mon 1♠"


@dataclass
class Figures:
    inputs: int = 0
    kills: int = 0
    restarts: int = 0
    exits_on_401: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    answered: int = 0
    missing: list[int] = field(default_factory=list)
    duplicated: list[int] = field(default_factory=list)
    #: answers rewritten by an edit into another text (an overwrite: never)
    overwritten: list[int] = field(default_factory=list)
    #: of the duplicated, those whose first copy was taken by Telegram in the last
    #: second before a SIGKILL, or within 0.2 s after it (a request written just
    #: before): a confirmation the killed process never read
    duplicated_at_kill: list[int] = field(default_factory=list)
    #: for each of those, milliseconds from Telegram taking the first copy to the kill
    kill_gaps_ms: list[float] = field(default_factory=list)
    kill_times: list[float] = field(default_factory=list)
    token_leaks: int = 0
    tracebacks: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        faults = ", ".join(f"{kind} {count}" for kind, count in sorted(self.faults.items()))
        return (f"inputs {self.inputs}, kills {self.kills}, restarts {self.restarts} "
                f"(after 401: {self.exits_on_401}), faults injected {sum(self.faults.values())}"
                f" ({faults}); answered {self.answered}, missing {len(self.missing)}, "
                f"duplicated {len(self.duplicated)} ({len(self.duplicated_at_kill)} sent just "
                f"before a kill), overwritten {len(self.overwritten)}, "
                f"token leaks {self.token_leaks}, "
                f"tracebacks {self.tracebacks}; {self.seconds:.0f} s")


class Faults:
    """Decides, per API call, whether to inject a fault (thread-safe)."""

    def __init__(self, rate: float, seed: int, figures: Figures) -> None:
        self.rate = rate
        self.on = True
        self._random = random.Random(seed)
        self._lock = threading.Lock()
        self._figures = figures

    def __call__(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        with self._lock:
            if not self.on or method in ("getMe", "setMyCommands", "deleteWebhook"):
                return None
            if self._random.random() >= self.rate:
                return None
            choices = ["500", "502", "429", "reset", "malformed"]
            if method == "getUpdates":
                choices += ["ok_without_result", "401"]
            else:
                choices += ["timeout", "lost"]
            kind = self._random.choice(choices)
            self._figures.faults[kind] += 1
        if kind in ("500", "502"):
            return int(kind), {"ok": False, "error_code": int(kind),
                               "description": "Internal Server Error"}
        if kind == "429":
            return 429, {"ok": False, "error_code": 429, "description": "Too Many Requests",
                         "parameters": {"retry_after": 1}}
        if kind == "401":
            return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
        if kind == "malformed":
            return 200, {"__fault__": "raw", "body": '{"ok": true, "result": [tru'}
        if kind == "ok_without_result":
            return 200, {"ok": True}
        if kind == "lost":
            return 200, {"__fault__": "lost"}
        if kind == "timeout":
            return 200, {"__fault__": "timeout", "seconds": 6.0}  # past the 5 s read timeout
        return 200, {"__fault__": "reset"}


class Supervised:
    """The bot process, restarted whenever it ends."""

    def __init__(self, fake: FakeBotApi, workdir: Path, figures: Figures) -> None:
        self.fake = fake
        self.workdir = workdir
        self.figures = figures
        self.process: subprocess.Popen[bytes] | None = None
        self.logs: list[Path] = []

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("ARBITRE_", "TELEGRAM_"))}
        env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=self.fake.base_url,
                   TELEGRAM_API_BASE_FILE_URL=self.fake.base_file_url,
                   ARBITRE_DB=str(self.workdir / "bot.sqlite3"),
                   ARBITRE_STT_MODEL=str(self.workdir / "no-model"),
                   ARBITRE_CACHE_DIR=str(self.workdir / "cache"),
                   ARBITRE_MAX_MESSAGES_PER_MINUTE="0")
        log = self.workdir / f"run{len(self.logs)}.log"
        self.logs.append(log)
        with log.open("wb") as sink:
            self.process = subprocess.Popen([sys.executable, "-m", "bot", "telegram"],
                                            cwd=ROOT, env=env, stdout=sink, stderr=sink)

    def keep_alive(self) -> None:
        """Restart the process if it ended (a 401 makes it exit 2)."""
        if self.process is not None and self.process.poll() is not None:
            if self.process.returncode == 2:
                self.figures.exits_on_401 += 1
            self.figures.restarts += 1
            self.start()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.figures.kill_times.append(time.perf_counter())
            self.process.wait()
            self.figures.kills += 1
            self.figures.restarts += 1
            self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def answers(fake: FakeBotApi) -> Counter[int]:
    """Per input chat, how many answers Telegram holds."""
    counts: Counter[int] = Counter()
    for call in fake.calls_to("sendMessage"):
        chat = int(call.params.get("chat_id", 0) or 0)
        if chat >= FIRST_CHAT:
            counts[chat] += 1
    return counts


def overwritten(fake: FakeBotApi) -> list[int]:
    """The input chats where an edit changed a message (this bot never edits
    its one answer here: any such edit rewrote a message)."""
    return sorted({chat for chat, _ in fake.rewritten if chat >= FIRST_CHAT})


def run_campaign(workdir: Path, *, inputs: int, kills: int, fault_rate: float, seed: int,
                 feed_seconds: float, recover_seconds: float,
                 fault_tail_seconds: float = 10.0) -> Figures:
    """Feed ``inputs`` messages over ``feed_seconds`` with faults on and
    ``kills`` SIGKILLs at random moments; faults stay on for
    ``fault_tail_seconds`` more (the bot working through them, unkilled);
    then faults off, and up to ``recover_seconds`` for every input to be
    answered."""
    figures = Figures(inputs=inputs)
    chooser = random.Random(seed)
    fake = FakeBotApi().start()
    faults = Faults(fault_rate, seed + 1, figures)
    fake.override = faults
    bot = Supervised(fake, workdir, figures)
    started = time.monotonic()
    try:
        bot.start()
        kill_at = sorted(chooser.uniform(1.0, feed_seconds) for _ in range(kills))
        push_at = sorted(chooser.uniform(0.5, feed_seconds) for _ in range(inputs))
        chats = iter(range(FIRST_CHAT, FIRST_CHAT + inputs))
        while push_at or kill_at:
            now = time.monotonic() - started
            if push_at and push_at[0] <= now:
                push_at.pop(0)
                chat = next(chats)
                fake.push(text_update(fake.next_update_id(), private_chat(chat), MESSAGE,
                                      sender=user(chat, "fr")))
            elif kill_at and kill_at[0] <= now:
                kill_at.pop(0)
                bot.kill()
            else:
                bot.keep_alive()
                time.sleep(0.01)
        tail = time.monotonic() + fault_tail_seconds
        while time.monotonic() < tail:
            bot.keep_alive()
            time.sleep(0.05)
        faults.on = False
        deadline = time.monotonic() + recover_seconds
        while time.monotonic() < deadline:
            bot.keep_alive()
            if len(answers(fake)) >= inputs:
                time.sleep(1.0)  # let any duplicate show itself
                break
            time.sleep(0.1)
    finally:
        bot.stop()
        fake.stop()
    figures.seconds = time.monotonic() - started
    counts = answers(fake)
    figures.answered = sum(1 for chat in range(FIRST_CHAT, FIRST_CHAT + inputs) if counts[chat])
    figures.missing = [c for c in range(FIRST_CHAT, FIRST_CHAT + inputs) if not counts[c]]
    figures.duplicated = [c for c, n in counts.items() if n > 1]
    figures.overwritten = overwritten(fake)
    for chat in figures.duplicated:
        first = min(c.at for c in fake.calls_to("sendMessage")
                    if int(c.params.get("chat_id", 0) or 0) == chat)
        # A request written just before the kill may be read (and the message
        # taken) by Telegram a moment after it: a negative gap.
        gaps = [kill - first for kill in figures.kill_times if -0.2 <= kill - first <= 1.0]
        if gaps:
            figures.duplicated_at_kill.append(chat)
            figures.kill_gaps_ms.append(round(min(gaps, key=abs) * 1000, 1))
    secret = TOKEN.split(":")[1]
    for log in bot.logs:
        text = log.read_text(errors="replace")
        figures.token_leaks += text.count(secret)
        figures.tracebacks += text.count("Traceback")
    return figures
