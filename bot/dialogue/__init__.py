"""The conversation, front-end neutral (Telegram and the console share it).

``Conversations(Engine(classify), Store(path))`` is all a front end needs:
``text`` (a message or a voice transcript), ``button`` (a press),
``answer`` (a value, for ``--jsonl``), ``command`` (``/loi 27B``...); each
returns ``Reply`` objects to show.
"""

from .engine import Engine, Turn
from .replies import Action, Choice, QuestionView, Reply, answer_data, parse_answer_data
from .session import COMMANDS, STEP_SINK, Conversations, StepSink, open_conversations
from .state import ChatState

__all__ = [
    "Engine", "Turn", "Conversations", "open_conversations", "COMMANDS", "ChatState",
    "Reply", "QuestionView", "Choice", "Action", "answer_data", "parse_answer_data",
    "STEP_SINK", "StepSink",
]  # fmt: skip
