"""The tiny HTTP server every fake exchange runs on: 127.0.0.1, a free port (or the one given), a thread
of its own.

A fake is told to fail the next requests one way each (`fail_next`): answer 429, 500, a malformed
body, or the protocol's own invalid-key error. Otherwise its `answer` speaks the exchange's protocol.
"""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self
from urllib.parse import parse_qsl, urlsplit


class Fault(StrEnum):
    RATE_LIMITED = "429"
    SERVER_ERROR = "500"
    MALFORMED = "malformed"
    INVALID_KEY = "invalid-key"


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    query: dict[str, str]
    query_string: str  # as sent, for signatures over it
    headers: dict[str, str]  # names lower-cased
    body: bytes

    @property
    def form(self) -> dict[str, str]:
        return dict(parse_qsl(self.body.decode()))


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any  # JSON-encoded unless bytes
    location: str | None = None  # a redirect's target
    headers: dict[str, str] = field(default_factory=dict)  # more, as a protocol pages by headers

    def encoded(self) -> bytes:
        return self.body if isinstance(self.body, bytes) else json.dumps(self.body).encode()


class FakeExchange:
    """Subclasses implement `answer` (the protocol) and `invalid_key` (its refusal of a bad key). It listens
    on `port`, or on a free one."""

    def __init__(self, port: int = 0) -> None:
        self.faults: deque[Fault] = deque()
        self.requests = 0
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                super().setup()
                # Headers and body go out as two writes: without this, Nagle holds the body 40 ms.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def _handle(self) -> None:
                url = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                request = Request(
                    self.command,
                    url.path,
                    dict(parse_qsl(url.query, keep_blank_values=True)),
                    url.query,
                    {name.lower(): value for name, value in self.headers.items()},
                    self.rfile.read(length),
                )
                answer = fake.respond(request)
                body = answer.encoded()
                self.send_response(answer.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                if answer.location is not None:
                    self.send_header("Location", answer.location)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_DELETE = _handle

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def fail_next(self, *faults: Fault) -> None:
        self.faults.extend(faults)

    def respond(self, request: Request) -> Answer:
        self.requests += 1
        fault = self.faults.popleft() if self.faults else None
        if fault is Fault.RATE_LIMITED:
            return Answer(429, b"Too Many Requests")
        if fault is Fault.SERVER_ERROR:
            return Answer(500, b"<html><body>500 Internal Server Error</body></html>")
        if fault is Fault.MALFORMED:
            return Answer(200, b'{"result": {"data": [{"id": ')  # cut short
        if fault is Fault.INVALID_KEY:
            return self.invalid_key()
        return self.answer(request)

    def answer(self, request: Request) -> Answer:
        raise NotImplementedError

    def invalid_key(self) -> Answer:
        raise NotImplementedError

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._server.shutdown()
        self._server.server_close()
