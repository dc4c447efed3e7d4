"""The status panel's poll on a hot path of its own: GetCostBasisStatus, which every open tab sends every
few seconds, answered in one SQL statement on a plain psycopg connection, before FastAPI and Strawberry.

Through the general path a poll took about 6 ms of CPU (SQLAlchemy's five round trips, FastAPI's
dependencies, Strawberry's execution and extensions): about 50 polls a second on two cores, where the
issue asks for 1,000 (README, Benchmarks). Here a POST to /graphql whose body is the frontend's document
(the same tokens, whitespace aside; no variables) and whose session cookie names an unexpired session
that views as nobody is answered from ledger.scope.status_poll.SESSION_PANEL: the session found by its
token's hash, the panel of its user, one round trip in autocommit. The answer is built by the resolver's
own `CostBasisStatus.of` and written in the document's shape. Anything else — another document, no or an
unknown session, a session viewing as someone, a database error — goes on, untouched, to the general
path, which answers it as it answers every request (401, view-as, errors). The operation's latency is
recorded under the same labels as the general path's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool, PoolTimeout
from sqlalchemy.engine import make_url
from starlette.requests import cookie_parser

from api.auth import SESSION_COOKIE
from api.observability import API_LATENCY
from api.schema.cost_basis import CostBasisStatus
from api.schema.scalars import format_datetime
from ledger.scope.sessions import token_hash
from ledger.scope.status_poll import SESSION_PANEL, session_panel, session_panel_parameters

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger(__name__)

OPERATION = "GetCostBasisStatus"
DOCUMENT = """
query GetCostBasisStatus {
  costBasisStatus {
    isUndergoingAllocation
    isCostBasisRunning
    costBasisLastSyncedAt
    costBasisComputeStartTime
    costBasisComputeEndTime
    costBasisStatus { state priority }
    costBasisRecomputationDate
    costBasisPaused
    freezing { status isAvailable startTime endTime lastUpdatedAt error }
  }
}
"""
MAX_BODY_BYTES = 4096  # the document is about 500 bytes: a larger body is not the poll
POOL_SIZE = 4  # connections of each API process for the poll (each answer holds one for one round trip)
POOL_WAIT_SECONDS = 2.0  # longer: the general path answers instead
_PUNCTUATION = re.compile(r"([{}():!$@=\[\]])")
_IGNORED = re.compile(r"[ \t\n\r,]+")  # GraphQL's white space, line terminators and commas; no others


def tokens(document: str) -> list[str]:
    """A document's tokens: equal for documents that differ only in what GraphQL ignores between tokens
    (white space, line ends, commas; other characters stay in a token, so such a document differs). Not
    for documents with strings or comments, which the poll has not."""
    return [token for token in _IGNORED.split(_PUNCTUATION.sub(r" \1 ", document)) if token]


_DOCUMENT_TOKENS = tokens(DOCUMENT)
_REQUEST_KEYS = {"operationName", "query", "variables", "extensions"}


def is_the_poll(body: bytes) -> bool:
    """Whether a JSON request body is the poll, as the general path would read it: no variables (or
    empty ones), no extensions but an object."""
    if len(body) > MAX_BODY_BYTES or OPERATION.encode() not in body:
        return False
    try:
        request = json.loads(body)
    except ValueError:
        return False
    if not isinstance(request, dict) or request.keys() - {
        "operationName",
        "query",
        "variables",
        "extensions",
    }:
        return False
    query = request.get("query")
    return (
        request.get("operationName", OPERATION) == OPERATION
        and request.get("variables") in (None, {})
        and isinstance(request.get("extensions", {}), dict | None)
        and isinstance(query, str)
        and '"' not in query
        and "#" not in query
        and tokens(query) == _DOCUMENT_TOKENS
    )


def _time(value: datetime | None) -> str | None:
    return None if value is None else format_datetime(value)


def answer(status: CostBasisStatus) -> dict[str, Any]:
    """What the general path answers DOCUMENT with, field for field."""
    info, freezing = status.cost_basis_status, status.freezing
    return {
        "data": {
            "costBasisStatus": {
                "isUndergoingAllocation": status.is_undergoing_allocation,
                "isCostBasisRunning": status.is_cost_basis_running,
                "costBasisLastSyncedAt": _time(status.cost_basis_last_synced_at),
                "costBasisComputeStartTime": _time(status.cost_basis_compute_start_time),
                "costBasisComputeEndTime": _time(status.cost_basis_compute_end_time),
                "costBasisStatus": {
                    "state": info.state,
                    "priority": None if info.priority is None else info.priority.name,
                },
                "costBasisRecomputationDate": _time(status.cost_basis_recomputation_date),
                "costBasisPaused": status.cost_basis_paused,
                "freezing": {
                    "status": freezing.status,
                    "isAvailable": freezing.is_available,
                    "startTime": _time(freezing.start_time),
                    "endTime": _time(freezing.end_time),
                    "lastUpdatedAt": _time(freezing.last_updated_at),
                    "error": freezing.error,
                },
            }
        }
    }


class StatusPolls:
    """The poll's connections: a small psycopg pool in autocommit, opened on first use."""

    def __init__(self, db_url: str) -> None:
        conninfo = make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)
        self._pool = AsyncConnectionPool(
            conninfo,
            min_size=1,
            max_size=POOL_SIZE,
            kwargs={"autocommit": True},
            open=False,
        )
        self._opened = asyncio.Lock()
        self._open = False

    async def status(self, token: str) -> CostBasisStatus | None:
        """The status of the session's user; None when the general path must answer."""
        if not self._open:
            async with self._opened:
                if not self._open:
                    await self._pool.open()
                    self._open = True
        try:
            async with (
                self._pool.connection(timeout=POOL_WAIT_SECONDS) as connection,
                connection.cursor(row_factory=dict_row) as cursor,
            ):
                parameters = session_panel_parameters(token_hash(token), datetime.now(UTC))
                await cursor.execute(SESSION_PANEL, parameters)
                panel = session_panel(await cursor.fetchone())
        except (psycopg.Error, PoolTimeout) as error:
            log.warning("status poll left to the general path: %s", type(error).__name__)
            return None
        return None if panel is None else CostBasisStatus.of(panel)

    async def close(self) -> None:
        if self._open:
            await self._pool.close()


class StatusPollPath:
    """ASGI middleware: the poll answered from `polls`, every other request passed on as it came."""

    def __init__(self, app: ASGIApp, polls: StatusPolls) -> None:
        self.app = app
        self.polls = polls

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = _session_token(scope) if _posted_json_to_graphql(scope) else None
        if token is None:
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        received, body = await _read(receive)
        status = None if body is None or not is_the_poll(body) else await self.polls.status(token)
        if status is None:
            await self.app(scope, _replaying(received, receive), send)
            return
        content = json.dumps(answer(status), separators=(",", ":")).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(content)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": content})
        API_LATENCY.labels("query", "costBasisStatus").observe(time.perf_counter() - started)


def _posted_json_to_graphql(scope: Scope) -> bool:
    if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] != "/graphql":
        return False
    types = [value for name, value in scope["headers"] if name == b"content-type"]
    return len(types) == 1 and types[0].split(b";")[0].strip().lower() == b"application/json"


def _session_token(scope: Scope) -> str | None:
    """The session cookie as the general path reads it (Starlette: every Cookie header, the last of a
    name winning)."""
    headers = [value.decode("latin-1") for name, value in scope["headers"] if name == b"cookie"]
    return cookie_parser("; ".join(headers)).get(SESSION_COOKIE) if headers else None


async def _read(receive: Receive) -> tuple[list[Message], bytes | None]:
    """The messages read, and the whole body; None once it is longer than MAX_BODY_BYTES or the client
    left (not the poll: the messages are handed on as they came)."""
    received: list[Message] = []
    size = 0
    while True:
        message = await receive()
        received.append(message)
        if message["type"] != "http.request":
            return received, None
        size += len(message.get("body", b""))
        if size > MAX_BODY_BYTES:
            return received, None
        if not message.get("more_body"):
            return received, b"".join(each.get("body", b"") for each in received)


def _replaying(received: list[Message], receive: Receive) -> Receive:
    """`receive` as if nothing had been read: the messages read so far first, then the rest."""
    pending = list(reversed(received))

    async def replayed() -> Message:
        return pending.pop() if pending else await receive()

    return replayed
