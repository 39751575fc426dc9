"""Reading and writing the machine interface's JSON lines safely.

Whatever arrives on standard input or the command line (invalid UTF-8 in any
locale, numbers of thousands of digits, arrays nested a thousand deep, NaN,
lone surrogates), the commands answer with the contract's error object,
never a traceback: the readers here turn every such input into ``BadInput``
with one sentence, and ``dump_line`` always produces a line that can be
written as UTF-8.
"""

from __future__ import annotations

import io
import json
from typing import Any, BinaryIO, NoReturn, TextIO

__all__ = ["BadInput", "parse_json", "checked_text", "dump_line", "utf8_stdin",
           "MAX_DEPTH"]

#: Deeper than this, a JSON input is refused (an incident is 4 levels deep).
MAX_DEPTH = 32


class BadInput(ValueError):
    """Input that cannot be read: reported as the contract's error object."""


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def checked_text(text: str) -> str:
    """``text`` itself, or ``BadInput`` when it came from bytes that are not UTF-8.

    Standard input is read with ``surrogateescape`` (``utf8_stdin``) and
    command-line arguments are decoded so by Python: an invalid byte shows as
    a lone surrogate.
    """
    if _has_surrogate(text):
        raise BadInput("the input is not valid UTF-8 text: send it encoded as UTF-8")
    return text


def _refuse_constant(name: str) -> NoReturn:
    raise BadInput(f"the input is not valid JSON ({name} is not a JSON number)")


def parse_json(text: str) -> Any:
    """The JSON value in ``text``.

    :raises BadInput: for anything but plain JSON of reasonable shape.
    """
    checked_text(text)
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise BadInput(f"the input is not valid JSON ({error.msg}, line {error.lineno})") from None
    except RecursionError:
        raise BadInput(f"the input is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as error:  # an integer too long to convert
        if isinstance(error, BadInput):
            raise
        raise BadInput("the input holds a number too long to read") from None
    _check_shape(data)
    return data


def _check_shape(data: Any) -> None:
    """Refuse values nested deeper than ``MAX_DEPTH`` and strings holding lone
    surrogates (``"\\ud800"`` is valid JSON but no UTF-8 text). Iterative, so
    that no input can exhaust the stack."""
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if _has_surrogate(value):
                raise BadInput("the input holds an escaped lone surrogate, which is not text")
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > MAX_DEPTH:
            raise BadInput(f"the input is nested too deeply (more than {MAX_DEPTH} levels)")
        items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        for key, item in items:
            if key is not None and _has_surrogate(key):
                raise BadInput("the input holds an escaped lone surrogate, which is not text")
            pending.append((item, depth + 1))


def dump_line(payload: dict[str, Any]) -> str:
    """One JSON line, UTF-8 text kept readable; escaped when it could not be
    written as UTF-8 (a lone surrogate somewhere)."""
    line = json.dumps(payload, ensure_ascii=False)
    if _has_surrogate(line):
        line = json.dumps(payload)
    return line + "\n"


def utf8_stdin(binary: BinaryIO) -> TextIO:
    """Standard input as UTF-8 whatever the locale; invalid bytes become lone
    surrogates that ``checked_text`` refuses line by line (so one bad line of
    a batch does not stop the others)."""
    return io.TextIOWrapper(binary, encoding="utf-8", errors="surrogateescape", newline=None)
