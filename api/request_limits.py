"""ASGI middleware bounding every HTTP request: its body's size and its time until the response starts.

A refused request is answered as its endpoint answers errors: GraphQL's `{"errors": [...]}` on /graphql,
`{"detail": ...}` elsewhere.
"""

from __future__ import annotations

import asyncio

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

BODY_TOO_LARGE = "The request body is larger than {limit} bytes."
REQUEST_TIMED_OUT = "The request took longer than {seconds:g} seconds and was stopped. Please try again."


def error_response(
    scope: Scope, status_code: int, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = {"errors": [{"message": message}]} if scope["path"].startswith("/graphql") else {"detail": message}
    return JSONResponse(body, status_code=status_code, headers=headers)


class _BodyTooLarge(Exception):
    pass


class BodySizeLimit:
    """413 for a body over `max_bytes`, declared or streamed, before the endpoint reads past the limit."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = error_response(scope, 413, BODY_TOO_LARGE.format(limit=self.max_bytes))
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and (not declared.isdecimal() or int(declared) > self.max_bytes):
            await refusal(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise _BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLarge:
            await refusal(scope, receive, send)


class RequestTimeout:
    """503 for a request whose response has not started after `seconds`; the work on it is cancelled."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = asyncio.timeout(self.seconds)

        async def started(message: Message) -> None:
            if message["type"] == "http.response.start":
                deadline.reschedule(None)  # a response under way is the endpoint's to finish
            await send(message)

        try:
            async with deadline:
                await self.app(scope, receive, started)
        except TimeoutError:
            if not deadline.expired():
                raise
            message = REQUEST_TIMED_OUT.format(seconds=self.seconds)
            await error_response(scope, 503, message, {"Retry-After": "1"})(scope, receive, send)
