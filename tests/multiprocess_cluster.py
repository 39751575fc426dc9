"""Several ``arbitre telegram`` webhook processes sharing one PostgreSQL, as
a federation runs them behind a load balancer (shared by
tests/test_multiprocess.py and benchmarks/bench_multiprocess.py).

``Cluster`` starts the bot processes (same token, same ``ARBITRE_DB``, each
its own webhook and health port) against the fake Bot API on 127.0.0.1, and
optionally an ``arbitre worker``. ``Front`` plays the load balancer and
Telegram at once: it POSTs each update to the process its chat is sticky
to, and when that process cannot be reached (connection refused or cut, or
an answer other than 200) it sends it to another one, as Telegram retries a
webhook. ``run_conversations`` sends the conversations of
tests/load_conversations.py (a description, a button answer typed as its
number, ``/loi N``), each chat waiting for the bot's answer before writing
again, and records, per chat, every message the fake Bot API received.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.fakes.bot_api import TOKEN, ApiCall, FakeBotApi
from tests.fakes.reading import shown_text
from tests.fakes.updates import private_chat, text_update, user
from tests.load_conversations import Expected, expected

ROOT = Path(__file__).resolve().parent.parent
#: a process not serving by then is stuck
START_TIMEOUT = 60.0
#: how long a chat waits for the answer to one message before calling it lost.
#: Generous: an answer the killed process owed comes only after the survivor
#: sees it dead, adopts its rows and probes the chat for each (sender.py), and
#: on a loaded 2-core machine that took over 30 s for a few chats (each was
#: answered, once, later). Latency is measured by bench_multiprocess.py.
ANSWER_TIMEOUT = 90.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _environment(fake: FakeBotApi, db_url: str, workdir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITRE_", "TELEGRAM_"))}
    env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url,
               TELEGRAM_API_BASE_FILE_URL=fake.base_file_url, ARBITRE_DB=db_url,
               ARBITRE_CACHE_DIR=str(workdir / "cache"),
               ARBITRE_MAX_MESSAGES_PER_MINUTE="0", LANG="en")
    env.update(extra)
    return env


@dataclass
class BotProcess:
    index: int
    webhook_port: int
    health_port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def hook(self) -> str:
        path = hashlib.sha256(TOKEN.encode()).hexdigest()[:32]  # app._webhook_path
        return f"http://127.0.0.1:{self.webhook_port}/{path}"

    def healthy(self) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{self.health_port}/healthz",
                             timeout=2).status_code == 200
        except httpx.HTTPError:
            return False


@dataclass
class Cluster:
    fake: FakeBotApi
    db_url: str
    workdir: Path
    bots: list[BotProcess] = field(default_factory=list)
    worker: subprocess.Popen[bytes] | None = None
    worker_log: Path | None = None

    def start_bots(self, count: int) -> None:
        for index in range(count):
            webhook_port, health_port = free_port(), free_port()
            env = _environment(self.fake, self.db_url, self.workdir,
                               ARBITRE_WEBHOOK_URL="https://bot.example.invalid/hook",
                               ARBITRE_WEBHOOK_PORT=str(webhook_port),
                               ARBITRE_HEALTH_PORT=str(health_port))
            log = self.workdir / f"bot{index}.log"
            with log.open("wb") as sink:
                process = subprocess.Popen([sys.executable, "-m", "bot", "telegram"], cwd=ROOT,
                                           env=env, stdout=sink, stderr=sink)
            self.bots.append(BotProcess(index, webhook_port, health_port, process, log))
        deadline = time.monotonic() + START_TIMEOUT
        for bot in self.bots:
            while not bot.healthy():
                if bot.process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"bot {bot.index} did not start: "
                                         f"{bot.log.read_text(errors='replace')[-2000:]}")
                time.sleep(0.1)

    def start_worker(self, **extra: str) -> None:
        """``arbitre worker`` on the same database (the speech queue)."""
        env = _environment(self.fake, self.db_url, self.workdir, **extra)
        self.worker_log = self.workdir / "worker.log"
        with self.worker_log.open("wb") as sink:
            self.worker = subprocess.Popen([sys.executable, "-m", "bot", "worker"], cwd=ROOT,
                                           env=env, stdout=sink, stderr=sink)

    def wait_worker(self) -> None:
        """Until the worker says it serves the queue (its model loaded)."""
        assert self.worker is not None and self.worker_log is not None
        deadline = time.monotonic() + START_TIMEOUT
        while "speech worker" not in self.worker_log.read_text(errors="replace"):
            if self.worker.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the speech worker did not start: "
                                     f"{self.worker_log.read_text(errors='replace')[-2000:]}")
            time.sleep(0.1)

    def kill(self, index: int) -> None:
        process = self.bots[index].process
        process.send_signal(signal.SIGKILL)
        process.wait()

    def stop(self) -> None:
        """SIGTERM to whatever still runs, SIGKILL to what does not stop."""
        processes = [b.process for b in self.bots] + ([self.worker] if self.worker else [])
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def logs(self) -> str:
        paths = [b.log for b in self.bots] + ([self.worker_log] if self.worker_log else [])
        return "\n".join(p.read_text(errors="replace") for p in paths if p.exists())


class Inbox:
    """What the fake Bot API received, per chat, as it arrives (thread-safe:
    the fake calls ``on_call`` from its server threads)."""

    def __init__(self, fake: FakeBotApi, loop: asyncio.AbstractEventLoop) -> None:
        self.texts: dict[int, list[tuple[float, str]]] = defaultdict(list)
        self._loop = loop
        self._changed: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        fake.on_call = self._on_call

    def _on_call(self, call: ApiCall) -> None:
        if call.method not in ("sendMessage", "editMessageText") or "chat_id" not in call.params \
                or not call.ok:  # a refused edit (a probe, sender.py) shows nothing
            return  # (no chat: a request cut short by a killed process, refused)
        chat_id = int(call.params["chat_id"])
        self.texts[chat_id].append((call.at, shown_text(call)))
        self._loop.call_soon_threadsafe(self._changed[chat_id].set)

    async def wait_for(self, chat_id: int, ready: Callable[[list[str]], bool],
                       timeout: float) -> bool:
        """Until what ``chat_id`` received is ``ready``; False at the timeout."""
        deadline = time.monotonic() + timeout
        event = self._changed[chat_id]
        while True:
            event.clear()
            if ready([text for _, text in self.texts[chat_id]]):
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(event.wait(), left)
            except TimeoutError:
                return False


def heads(want: Expected) -> tuple[Callable[[str], bool], ...]:
    """How the answer to each of ``want``'s messages begins (a long answer,
    a Law's text, comes in several messages: the others continue it). The
    first two begin alike (the incident's card: its options, then the
    choice made)."""
    title = "Enchère insuffisante" if want.lang == "fr" else "Insufficient bid"
    by = "par" if want.lang == "fr" else "by"
    card = f"⚖️ {title}, {by} {want.offender_name()}"
    word = "Loi" if want.lang == "fr" else "Law"
    law = re.compile(rf"{word} {want.law}\b")
    return (lambda t: t.startswith(card), lambda t: t.startswith(card),
            lambda t: law.match(t) is not None)


def answers(want: Expected, texts: list[str]) -> int:
    """How many of ``want``'s messages have their answer's beginning in ``texts``."""
    # A second copy of a message (sent again after a kill) answers nothing more.
    return sum(1 for text in set(texts) if any(head(text) for head in heads(want)))


@dataclass
class Front:
    """The load balancer, sticky by chat, retrying on another process."""

    bots: list[BotProcess]
    client: httpx.AsyncClient
    retries: int = 0

    async def post(self, chat_id: int, update: dict[str, Any]) -> None:
        order = self.bots[chat_id % len(self.bots):] + self.bots[:chat_id % len(self.bots)]
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while True:
            for bot in order:
                try:
                    response = await self.client.post(bot.hook, json=update, timeout=10)
                    if response.status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                self.retries += 1
            if time.monotonic() > deadline:
                raise AssertionError(f"no process took update {update['update_id']}")
            await asyncio.sleep(0.2)  # Telegram retries a failed webhook after a while


@dataclass
class Outcome:
    chats: int
    inputs: int
    seconds: float
    wants: list[Expected]
    texts: dict[int, list[tuple[float, str]]]
    retries: int
    #: chats whose answer to a message never came (the chat stopped writing then)
    stuck: dict[int, int] = field(default_factory=dict)
    killed_at: float | None = None

    @property
    def per_second(self) -> float:
        return self.inputs / self.seconds


async def run_conversations(cluster: Cluster, chats: int, *, kill: int | None = None,
                            kill_after: float = 0.5, first_update: int = 1) -> Outcome:
    """``chats`` conversations split between the cluster's bots; with ``kill``,
    that bot is killed (SIGKILL) once ``kill_after`` of the inputs are answered."""
    loop = asyncio.get_running_loop()
    inbox = Inbox(cluster.fake, loop)
    wants = [expected(i) for i in range(chats)]
    total = sum(len(w.messages) for w in wants)
    next_id = iter(range(first_update, first_update + total))
    stuck: dict[int, int] = {}
    answered = 0
    half = asyncio.Event()
    killed_at: list[float] = []

    async def converse(front: Front, want: Expected) -> None:
        nonlocal answered
        chat = private_chat(want.chat_id)
        for step, text in enumerate(want.messages):
            update = text_update(next(next_id), chat, text,
                                 sender=user(want.chat_id, want.lang))
            # The id Telegram gives it: counted in the chat with the bot's.
            update["message"]["message_id"] = cluster.fake.new_message_id(want.chat_id)
            await front.post(want.chat_id, update)
            if not await inbox.wait_for(want.chat_id,
                                        lambda texts, step=step: answers(want, texts) > step,
                                        ANSWER_TIMEOUT):
                stuck[want.chat_id] = step
                return
            answered += 1
            if answered >= total * kill_after:
                half.set()

    async def killer() -> None:
        await half.wait()
        assert kill is not None
        await asyncio.to_thread(cluster.kill, kill)
        killed_at.append(time.perf_counter())

    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=50)) as client:
        front = Front(cluster.bots, client)
        start = time.perf_counter()
        tasks = [asyncio.create_task(converse(front, want)) for want in wants]
        if kill is not None:
            tasks.append(asyncio.create_task(killer()))
        await asyncio.gather(*tasks)
        seconds = time.perf_counter() - start
    await asyncio.sleep(1.5)  # a late second copy of an answer would show now
    cluster.fake.on_call = None
    return Outcome(chats, total, seconds, wants, dict(inbox.texts), front.retries, stuck,
                   killed_at[0] if killed_at else None)


@dataclass
class Verdict:
    problems: list[str] = field(default_factory=list)


def judge(outcome: Outcome) -> Verdict:
    """What went wrong, chat by chat: an answer missing, twice, or out of order."""
    verdict = Verdict()
    for want in outcome.wants:
        received = outcome.texts.get(want.chat_id, [])
        texts = [text for _, text in received]
        expected_heads = heads(want)
        # Each message that begins an answer names the step it answers.
        steps = [next(i for i, head in enumerate(expected_heads) if head(t))
                 for t in texts if any(head(t) for head in expected_heads)]
        if len(set(texts)) != len(texts):  # never, not even at the kill (sender.py)
            verdict.problems.append(f"chat {want.chat_id}: a message received twice "
                                    f"({texts})")
            continue
        if want.chat_id in outcome.stuck:
            verdict.problems.append(f"chat {want.chat_id}: no answer to message "
                                    f"{outcome.stuck[want.chat_id] + 1} ({texts})")
        elif steps != [0, 0, 2]:  # the card twice (options, choice), then the Law
            verdict.problems.append(f"chat {want.chat_id}: answers {steps}, not one to each "
                                    f"of {len(expected_heads)} messages in order ({texts})")
        elif texts and not expected_heads[0](texts[0]):
            verdict.problems.append(f"chat {want.chat_id}: something before the first "
                                    f"answer ({texts})")
    return verdict
