"""Several bot processes at once (issue 15, item 2): two real ``arbitre
telegram`` webhook processes and an ``arbitre worker`` on one PostgreSQL
(the tests' own server) and the fake Bot API on 127.0.0.1; 200 conversations
split between the two by a sticky-by-chat front that retries on the other
process when one cannot be reached, as Telegram retries a webhook. One
process is killed (SIGKILL) midway: every input must still get its answer,
once, in order, in its chat, even a message Telegram took in the instant
before the kill (the survivor's probe finds it: sender.py).

The speech worker loads the real embedded model and must still serve at the
end, but the conversations are text only: voice notes through the queue are
tested in tests/test_transcription_queue.py, and measured by
benchmarks/bench_queue.py."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.store_api import open_store
from bot.telegram.orphans import adopt_orphans
from tests.fakes.bot_api import TOKEN, FakeBotApi
from tests.fakes.updates import private_chat, text_update
from tests.multiprocess_cluster import Cluster, judge, run_conversations
from tests.support.pg_server import PgServer

CHATS = 200


@pytest.fixture
def cluster(fake: FakeBotApi, pg_server: PgServer, tmp_path: Path) -> Iterator[Cluster]:
    running = Cluster(fake, pg_server.fresh_url(), tmp_path)
    try:
        yield running
    finally:
        running.stop()


def test_two_webhook_processes_answer_every_input_once_in_order_though_one_is_killed(
        cluster: Cluster) -> None:
    cluster.start_worker()
    cluster.start_bots(2)
    cluster.wait_worker()
    outcome = asyncio.run(run_conversations(cluster, CHATS, kill=1, kill_after=0.5))
    assert outcome.killed_at is not None, "the second process was killed midway"
    assert cluster.bots[1].process.returncode == -9
    assert outcome.retries > 0, "the front sent the killed process's chats to the survivor"
    assert cluster.bots[0].process.poll() is None, "the survivor still serves"
    assert cluster.worker is not None and cluster.worker.poll() is None, "the worker serves"
    assert outcome.inputs == 3 * CHATS
    verdict = judge(outcome)
    assert not verdict.problems, (f"{len(verdict.problems)} chats wrong:\n"
                                  + "\n".join(p[:300] for p in verdict.problems))
    print(f"{outcome.inputs} inputs in {outcome.seconds:.1f} s, {outcome.retries} retried on "
          "the survivor, no message twice")
    assert TOKEN not in cluster.logs()


async def test_a_live_process_queues_the_updates_a_dead_one_recorded_and_never_handled(
        pg_server: PgServer) -> None:
    url = pg_server.fresh_url()
    dying, survivor = open_store(url), open_store(url)
    update = text_update(41, private_chat(7), "Est a dit 1♥ sur mon 1♠")
    try:
        assert dying.record_update(41, update)  # 200 to Telegram, then kill -9
        dying._alive.close()  # type: ignore[attr-defined]
        app = SimpleNamespace(update_queue=asyncio.Queue(), bot=None)
        task = asyncio.create_task(adopt_orphans(app, survivor, every=0.01))  # type: ignore[arg-type]
        try:
            queued = await asyncio.wait_for(app.update_queue.get(), 10)
        finally:
            task.cancel()
        assert queued.update_id == 41 and queued.message.text == "Est a dit 1♥ sur mon 1♠"
        assert survivor.adopt_orphans() == []  # taken once, now the survivor's own
    finally:
        dying.close()
        survivor.close()
