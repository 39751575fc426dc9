"""A fake Telegram Bot API server on 127.0.0.1, for end-to-end tests.

It answers the methods the bot uses (getMe, deleteWebhook, getUpdates as a
long-poll queue, sendMessage, editMessageText, answerCallbackQuery,
sendDocument, setMyCommands, sendChatAction, getFile, getChatMember) the way
Telegram does (``set_admins`` says who administers a group),
serves the files added with ``add_file`` under ``base_file_url`` (each
download is recorded as a ``download`` call), records every call with its
decoded parameters, and refuses anything else with 400 so an unexpected call
fails loudly. A token other than its own gets 401, as Telegram answers.
Message ids are counted per chat, shared by the users' messages (those of
the updates pushed, or ``new_message_id``) and the bot's, as in Telegram;
``editMessageText`` answers as Telegram does: "message is not modified"
when the content and buttons are the same, "message can't be edited" for
a user's message, "there is no text in the message to edit" for a
document, "message to edit not found" for an id the chat does not hold. Text
sent with ``parse_mode=HTML`` is checked as Telegram parses it (only its tags,
balanced, every ``<`` and ``&`` escaped otherwise): bad markup gets Telegram's
400 "can't parse entities". Point python-telegram-bot at ``base_url`` /
``base_file_url``.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, unquote

__all__ = ["FakeBotApi", "ApiCall", "BOT_ID", "BOT_USERNAME", "TOKEN"]

TOKEN = "123456:TEST-token-not-real"
BOT_ID = 123456
BOT_USERNAME = "ArbitreTestBot"

#: the longest a getUpdates call is held open, whatever the client asks
MAX_POLL_SECONDS = 1.0


@dataclass
class ApiCall:
    method: str
    params: dict[str, Any]
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    at: float = field(default_factory=time.perf_counter)
    #: whether Telegram did it (False: refused, e.g. an edit "not modified")
    ok: bool = True


def _decode(value: str) -> Any:
    """PTB sends non-string values JSON-encoded (reply_markup, commands...)."""
    try:
        return json.loads(value)
    except (json.JSONDecodeError, ValueError):
        return value


class FakeBotApi:
    def __init__(self, token: str = TOKEN) -> None:
        """``token``: the only token accepted (others get 401, as from Telegram)."""
        self.token = token
        self.calls: list[ApiCall] = []
        #: getUpdates calls so far, and the highest offset asked (updates below
        #: it are confirmed: Telegram would not send them again)
        self.polls = 0
        #: every getUpdates request, faulty answers included
        self.update_requests = 0
        self.offset = 0
        self._updates: list[dict[str, Any]] = []
        self._cond = threading.Condition()
        self._next_update_id = 1
        #: (chat id, message id) of each edit that changed a message
        self.rewritten: list[tuple[int, int]] = []
        #: chat id -> the highest message id in it (users' and the bot's)
        self._last_id: dict[int, int] = {}
        #: (chat id, message id) of the users' messages, and of the bot's documents
        self._users: set[tuple[int, int]] = set()
        self._documents: set[tuple[int, int]] = set()
        self._files: dict[str, bytes] = {}
        self._server = _QuietServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        # A short poll interval: stop() waits for the serving loop to notice.
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,),
                                        daemon=True)
        self.on_call: Callable[[ApiCall], None] | None = None
        #: fault injection: given (method, params), an answer (status, payload) to give
        #: instead of the normal one, or None for the normal one. A payload
        #: {"__fault__": "reset"} closes the connection unanswered; {"__fault__":
        #: "timeout", "seconds": s} holds it s seconds first; {"__fault__": "slow",
        #: "seconds": s} holds it s seconds, then takes it and answers as usual;
        #: {"__fault__": "raw", "body": text} answers 200 with that body (malformed
        #: JSON); {"__fault__": "lost"} takes the call (a message is sent) and
        #: closes the connection without the answer. Apart from "slow" and
        #: "lost", none of them is recorded as a call: Telegram did not take it.
        self.override: Callable[[str, dict[str, Any]], tuple[int, dict[str, Any]] | None] | None \
            = None
        #: (chat id, message id) -> what a message the fake sent shows (text, buttons)
        self._shown: dict[tuple[int, int], tuple[str, str]] = {}
        #: group chat id -> {user id: "creator" or "administrator"}; others are members
        self._admins: dict[int, dict[int, str]] = {}

    # --- lifecycle -------------------------------------------------------------

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    def start(self) -> FakeBotApi:
        self._thread.start()
        return self

    def stop(self) -> None:
        with self._cond:
            self._cond.notify_all()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    # --- feeding updates and reading calls -----------------------------------

    def next_update_id(self) -> int:
        with self._cond:
            update_id = self._next_update_id
            self._next_update_id += 1
            return update_id

    def serve(self) -> None:
        """Serve in the foreground (a separate process for the benchmark)."""
        self._server.serve_forever()

    def push(self, update: dict[str, Any]) -> None:
        with self._cond:
            self._note_update(update)
            self._updates.append(update)
            self._cond.notify_all()

    def new_message_id(self, chat_id: int) -> int:
        """The id Telegram gives the next message a user writes in ``chat_id``
        (for updates the bot gets by webhook, not through ``push``)."""
        with self._cond:
            message_id = self._last_id.get(chat_id, 0) + 1
            self._last_id[chat_id] = message_id
            self._users.add((chat_id, message_id))
            return message_id

    def _note_update(self, update: dict[str, Any]) -> None:
        """A pushed update's message is in its chat: a user's message, or the
        bot's message whose button was pressed (with what it shows)."""
        message = update.get("message") or update.get("edited_message")
        query = update.get("callback_query") or {}
        pressed = query.get("message")
        for item, users in ((message, True), (pressed, False)):
            if not isinstance(item, dict) or "chat" not in item:
                continue
            key = (int(item["chat"]["id"]), int(item["message_id"]))
            self._last_id[key[0]] = max(self._last_id.get(key[0], 0), key[1])
            if users:
                self._users.add(key)
            elif key not in self._shown and key not in self._users:
                self._shown[key] = _content(item)

    def add_file(self, file_id: str, data: bytes) -> str:
        """Make ``data`` downloadable as ``file_id`` (getFile, then a GET); the file's path."""
        with self._cond:
            self._files[file_id] = data
        return _file_path(file_id)

    def set_admins(self, chat_id: int, owner: int | None = None,
                   administrators: tuple[int, ...] = ()) -> None:
        """Who administers ``chat_id`` from now on (getChatMember answers so)."""
        with self._cond:
            roles = {user_id: "administrator" for user_id in administrators}
            if owner is not None:
                roles[owner] = "creator"
            self._admins[chat_id] = roles

    def calls_to(self, method: str, since: int = 0) -> list[ApiCall]:
        with self._cond:
            return [c for c in self.calls[since:] if c.method == method]

    def mark(self) -> int:
        with self._cond:
            return len(self.calls)

    # --- the server ----------------------------------------------------------

    def _answer(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if method == "getMe":
            return 200, {"ok": True, "result": {
                "id": BOT_ID, "is_bot": True, "first_name": "Arbitre",
                "username": BOT_USERNAME, "can_join_groups": True,
                "can_read_all_group_messages": False, "supports_inline_queries": False,
            }}
        if method in ("deleteWebhook", "setMyCommands", "answerCallbackQuery",
                      "sendChatAction", "setWebhook", "editMessageReplyMarkup",
                      "answerInlineQuery"):
            return 200, {"ok": True, "result": True}
        if method == "getUpdates":
            return 200, {"ok": True, "result": self._poll(params)}
        if method in ("sendMessage", "sendDocument", "editMessageText") and (
                "chat_id" not in params):  # e.g. a request cut short by a killed client
            return 400, {"ok": False, "error_code": 400,
                         "description": "Bad Request: chat_id is empty"}
        if method in ("sendMessage", "editMessageText") and params.get("parse_mode") == "HTML":
            problem = html_problem(str(params.get("text", "")))
            if problem:
                return 400, {"ok": False, "error_code": 400,
                             "description": f"Bad Request: can't parse entities: {problem}"}
        if method == "editMessageText":
            refusal = self._edit_refusal(params)
            if refusal is not None:
                return 400, {"ok": False, "error_code": 400,
                             "description": f"Bad Request: {refusal}"}
        if method in ("sendMessage", "sendDocument", "editMessageText"):
            return 200, {"ok": True, "result": self._message(method, params)}
        if method == "getChatMember":
            return 200, {"ok": True, "result": self._member(params)}
        if method == "getFile":
            return self._file(str(params.get("file_id", "")))
        return 400, {"ok": False, "error_code": 400,
                     "description": f"Bad Request: the fake has no method {method}"}

    def _member(self, params: dict[str, Any]) -> dict[str, Any]:
        chat_id, user_id = int(params["chat_id"]), int(params["user_id"])
        with self._cond:
            status = self._admins.get(chat_id, {}).get(user_id, "member")
        member: dict[str, Any] = {
            "status": status, "user": {"id": user_id, "is_bot": False, "first_name": "U"}}
        if status == "creator":
            member["is_anonymous"] = False
        elif status == "administrator":
            member.update({right: False for right in (
                "can_be_edited", "is_anonymous", "can_manage_chat", "can_delete_messages",
                "can_manage_video_chats", "can_restrict_members", "can_promote_members",
                "can_change_info", "can_invite_users", "can_post_stories",
                "can_edit_stories", "can_delete_stories")})
        return member

    def _file(self, file_id: str) -> tuple[int, dict[str, Any]]:
        with self._cond:
            data = self._files.get(file_id)
        if data is None:
            return 400, {"ok": False, "error_code": 400,
                         "description": "Bad Request: invalid file_id"}
        return 200, {"ok": True, "result": {
            "file_id": file_id, "file_unique_id": f"u-{file_id}", "file_size": len(data),
            "file_path": _file_path(file_id)}}

    def _download(self, path: str) -> bytes | None:
        """The bytes behind a file URL path (``/file/bot<token>/<file_path>``), or None."""
        prefix = f"/file/bot{self.token}/"
        path = unquote(path)  # PTB percent-encodes the URL path (the token's colon)
        if not path.startswith(prefix):
            return None
        file_path = path[len(prefix):]
        with self._cond:
            for file_id, data in self._files.items():
                if _file_path(file_id) == file_path:
                    return data
        return None

    def wait_polling(self, timeout: float = 30.0, offset: int = 0) -> bool:
        """Wait until the bot polls (with at least ``offset``: it has confirmed
        every update before it); False at the timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.polls == 0 or self.offset < offset:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _poll(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        timeout = min(float(params.get("timeout") or 0), MAX_POLL_SECONDS)
        deadline = time.monotonic() + timeout
        with self._cond:
            self.polls += 1
            self.offset = max(self.offset, offset)
            self._cond.notify_all()
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
            while not self._updates:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._cond.wait(left)
            limit = int(params.get("limit") or 100)
            return list(self._updates[:limit])

    def _edit_refusal(self, params: dict[str, Any]) -> str | None:
        """Why Telegram refuses this edit (its words), or None."""
        key = (int(params["chat_id"]), int(params.get("message_id") or 0))
        with self._cond:
            shown = self._shown.get(key)
            if shown is not None:
                return None if shown != _content(params) else (
                    "message is not modified: specified new message content and reply markup "
                    "are exactly the same as a current content and reply markup of the message")
            if key in self._users:
                return "message can't be edited"
            if key in self._documents:
                return "there is no text in the message to edit"
        return "message to edit not found"

    def _message(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        with self._cond:
            if method == "editMessageText":
                message_id = int(params["message_id"])
                self.rewritten.append((chat_id, message_id))
            else:
                message_id = self._last_id.get(chat_id, 0) + 1
                self._last_id[chat_id] = message_id
            if method != "sendDocument":
                self._shown[(chat_id, message_id)] = _content(params)
            else:
                self._documents.add((chat_id, message_id))
        message: dict[str, Any] = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "group"},
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "Arbitre",
                     "username": BOT_USERNAME},
        }
        if method == "sendDocument":
            message["document"] = {"file_id": f"doc{message_id}", "file_unique_id":
                                   f"u{message_id}", "file_name": "document.txt"}
        else:
            message["text"] = params.get("text", "")
            markup = params.get("reply_markup")
            if isinstance(markup, dict) and markup.get("inline_keyboard"):
                message["reply_markup"] = markup
        return message

    def _record(self, call: ApiCall) -> None:
        with self._cond:
            self.calls.append(call)
            self._cond.notify_all()
        if self.on_call is not None:
            self.on_call(call)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def setup(self) -> None:
                super().setup()
                # Headers and body go out in two writes: without this, Nagle's
                # algorithm and delayed ACKs add ~40 ms to every call.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                if self.path == "/_push":  # updates from another process (the benchmark)
                    for update in json.loads(body):
                        fake.push(update)
                    status, payload = 200, {"ok": True, "result": True}
                elif not unquote(self.path).startswith(f"/bot{fake.token}/"):
                    # Telegram's answer to a token it does not know.
                    status, payload = 401, {"ok": False, "error_code": 401,
                                            "description": "Unauthorized"}
                else:
                    method = self.path.rstrip("/").rsplit("/", 1)[-1]
                    params, files = _parse_body(self.headers.get("Content-Type", ""), body)
                    if method == "getUpdates":
                        with fake._cond:
                            fake.update_requests += 1
                    injected = fake.override(method, params) if fake.override else None
                    if injected is not None and injected[1].get("__fault__") == "slow":
                        # Taken and answered as usual, but only after a while.
                        time.sleep(float(injected[1].get("seconds", 1.0)))
                        injected = None
                    if injected is not None and injected[1].get("__fault__") == "lost":
                        # Taken (the message is in the chat), its answer lost.
                        _, payload = fake._answer(method, params)
                        fake._record(ApiCall(method, params, files, ok=payload["ok"]))
                        self._fault({"__fault__": "reset"})
                        return
                    if injected is not None and "__fault__" in injected[1]:
                        self._fault(injected[1])
                        return
                    status, payload = injected or fake._answer(method, params)
                    if method != "getUpdates" and injected is None:  # Telegram took it
                        fake._record(ApiCall(method, params, files, ok=bool(payload["ok"])))
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a long poll cut at shutdown)

            def _fault(self, fault: dict[str, Any]) -> None:
                kind = fault["__fault__"]
                if kind == "raw":
                    body = str(fault["body"]).encode()
                    try:
                        self.send_response(200)
                        self.send_header("Content-Type", "application/json")
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                    except (BrokenPipeError, ConnectionResetError):
                        pass
                    return
                if kind == "timeout":
                    time.sleep(float(fault.get("seconds", 1.0)))
                self.close_connection = True  # "reset": no answer at all
                with contextlib.suppress(OSError):
                    self.connection.shutdown(socket.SHUT_RDWR)

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                fake._record(ApiCall("download", {"path": self.path}))
                data = fake._download(self.path)
                status = 200 if data is not None else 404
                body = data if data is not None else b"Not Found"
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/octet-stream")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        return Handler


#: The tags Telegram's HTML parse mode accepts (without attributes, as this bot sends them).
_HTML_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre",
              "tg-spoiler", "blockquote"}
_TOKEN = re.compile(r"<(/?)([a-z-]+)( expandable)?>|&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);|[<&]")


def _content(params: dict[str, Any]) -> tuple[str, str]:
    """What a message shows: its text, and its inline keyboard (or none)."""
    markup = params.get("reply_markup")
    buttons = markup.get("inline_keyboard") if isinstance(markup, dict) else None
    return str(params.get("text", "")), json.dumps(buttons or [], sort_keys=True)


def html_problem(text: str) -> str | None:
    """Why Telegram would refuse ``text`` in HTML parse mode, or None."""
    open_tags: list[str] = []
    for match in _TOKEN.finditer(text):
        closing, tag = match.group(1), match.group(2)
        if tag is None:
            if match.group(4) is None:
                return f"unescaped {match.group(0)!r} at byte offset {match.start()}"
            continue
        if tag not in _HTML_TAGS:
            return f"unsupported start tag {tag!r}"
        if not closing:
            open_tags.append(tag)
        elif not open_tags or open_tags.pop() != tag:
            return f"unmatched end tag {tag!r}"
    return f"unclosed start tag {open_tags[-1]!r}" if open_tags else None


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # a client that went away (a bot killed mid-request): expected
        super().handle_error(request, client_address)


def _file_path(file_id: str) -> str:
    """Where Telegram would keep a voice note, relative to the bot's file URL."""
    return f"voice/{file_id}.oga"


def _parse_body(content_type: str, body: bytes) -> tuple[dict[str, Any],
                                                          dict[str, tuple[str, bytes]]]:
    if content_type.startswith("multipart/form-data"):
        message = BytesParser(policy=HTTP).parsebytes(
            b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
        params: dict[str, Any] = {}
        files: dict[str, tuple[str, bytes]] = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True) or b""
            filename = part.get_filename()
            if filename:
                files[str(name)] = (filename, payload)
            else:
                params[str(name)] = _decode(payload.decode("utf-8"))
        return params, files
    if content_type.startswith("application/json"):
        data = json.loads(body or b"{}")
        return (data if isinstance(data, dict) else {}), {}
    return {k: _decode(v) for k, v in parse_qsl(body.decode("utf-8"))}, {}
