"""The inbox: every update kept before Telegram is told it was received, and
handled once (design.md, "Where the next parts go").

``InboxQueue`` is the Application's update queue. Putting an update in it
records the update in the store's ``inbox`` (keyed by update_id) first, so
whoever received it may then confirm it to Telegram: the poller by the
offset of its next getUpdates (polling.py), PTB's webhook server by its
``200 OK``, sent once ``put`` has returned. An update received before (Telegram
sending it again because its confirmation was lost, a webhook retried) is
dropped there. At start, ``replay`` queues what was received but never
handled (a crash came between), ahead of anything new; the handlers then mark
each update handled in the transaction of its replies (sender.py).
"""

from __future__ import annotations

import asyncio
import logging

from telegram import Bot, Update

from bot.store_api import ChatStore

__all__ = ["InboxQueue"]

log = logging.getLogger(__name__)


class InboxQueue(asyncio.Queue[object]):
    def __init__(self, store: ChatStore) -> None:
        super().__init__()
        self.store = store

    def put_nowait(self, item: object) -> None:
        """Queue ``item`` (``put`` comes here too), an update recorded in the
        inbox first; a failure to record raises: the webhook answers 500 and
        Telegram sends the update again, the poller does not confirm it."""
        if isinstance(item, Update) and not self.store.record_update(item.update_id,
                                                                    item.to_dict()):
            log.info("update %d was received before: not handled again", item.update_id)
            return
        super().put_nowait(item)

    def replay(self, bot: Bot) -> int:
        """Queue the updates received before a restart and never handled;
        how many."""
        count = 0
        for update_id, payload in self.store.unhandled_updates():
            update = Update.de_json(payload, bot)
            if update is not None:
                log.info("handling update %d, received before a restart", update_id)
                super().put_nowait(update)  # recorded already
                count += 1
        return count
