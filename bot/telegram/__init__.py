"""The Telegram front end (python-telegram-bot v22): ``build_application``
for tests and embedding, ``run`` for ``arbitre telegram``."""

import os

# Durations from python-telegram-bot as timedelta (its next major version's
# behaviour), opted into now: otherwise each 429's retry_after, read by its
# rate limiter and by our sender and poller, warns of the change.
os.environ.setdefault("PTB_TIMEDELTA", "true")

from .app import COMMAND_MENUS, build_application, run  # noqa: E402 - after the opt-in
from .handlers import ArbitreHandlers, chat_key  # noqa: E402
from .settings import Settings, TokenFilter  # noqa: E402

__all__ = ["build_application", "run", "Settings", "TokenFilter", "ArbitreHandlers",
           "chat_key", "COMMAND_MENUS"]
