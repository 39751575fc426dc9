"""The Telegram front end (python-telegram-bot v22): ``build_application``
for tests and embedding, ``run`` for ``arbitre telegram``."""

from .app import COMMAND_MENUS, build_application, run
from .handlers import ArbitreHandlers, chat_key
from .settings import Settings, TokenFilter

__all__ = ["build_application", "run", "Settings", "TokenFilter", "ArbitreHandlers",
           "chat_key", "COMMAND_MENUS"]
