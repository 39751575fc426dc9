"""Updates left behind by a dead bot process, handled by a live one.

With several webhook processes on one PostgreSQL database, each update is
recorded in the inbox by the process Telegram (through the load balancer)
gave it to, before that process answers 200; Telegram will not send it
again. If that process dies before handling it, ``adopt_orphans`` here, in
every live process, takes such updates over (``PgStore.adopt_orphans``: the
dead process's liveness lock is gone; one live process gets each) and puts
them in the Application's update queue, where the handlers skip any already
handled. SQLite serves one process, which replays its own inbox at start.
"""

from __future__ import annotations

import asyncio
import logging

from telegram import Update
from telegram.ext import Application

from bot.store_api import ChatStore
from bot.store_pg import PgStore

__all__ = ["adopt_orphans", "ADOPT_EVERY"]

log = logging.getLogger(__name__)

#: Seconds between two looks for updates a dead process left unhandled.
ADOPT_EVERY = 1.0


async def adopt_orphans(app: Application, store: ChatStore,  # type: ignore[type-arg]
                        every: float = ADOPT_EVERY) -> None:
    """Until cancelled: every ``every`` seconds, queue the updates a dead
    process recorded and never handled (PostgreSQL only)."""
    if not isinstance(store, PgStore):
        return
    while True:
        await asyncio.sleep(every)
        try:
            adopted = await asyncio.to_thread(store.adopt_orphans)
        except Exception:  # the database is away for now: next time
            log.exception("could not look for updates left by a dead process")
            continue
        for update_id, payload in adopted:
            update = Update.de_json(payload, app.bot)
            if update is None:
                continue
            log.info("handling update %d, received by a process that died", update_id)
            # Recorded already: straight into the queue, past any recording
            # the queue's own put would do.
            asyncio.Queue.put_nowait(app.update_queue, update)
