"""The two ways chain services are asked: JSON over HTTP GET, and JSON-RPC 2.0 over POST.

Rate limits (429) and server errors (5xx) are retried a few times with backoff, honouring
Retry-After; what still fails raises `ChainServiceError`, which the calling activity retries or
reports.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

ATTEMPTS = 4
FIRST_BACKOFF = 0.125  # seconds, doubled after each failed attempt
MAX_RETRY_AFTER = 30.0


class ChainServiceError(Exception):
    """A chain service failed to answer, or answered something that is not what its protocol says."""


def _retryable(response: httpx.Response) -> bool:
    return response.status_code == 429 or response.status_code >= 500


def _delay(response: httpx.Response, attempt: int) -> float:
    retry_after = response.headers.get("Retry-After", "")
    if retry_after.isdigit():
        return min(float(retry_after), MAX_RETRY_AFTER)
    return FIRST_BACKOFF * 2**attempt


async def _send(client: httpx.AsyncClient, request: httpx.Request) -> Any:
    for attempt in range(1, ATTEMPTS + 1):
        try:
            response = await client.send(request)
        except httpx.TransportError as error:
            if attempt == ATTEMPTS:
                raise ChainServiceError(f"{request.url.host}: {error!r}") from error
            await asyncio.sleep(FIRST_BACKOFF * 2**attempt)
            continue
        if attempt == ATTEMPTS or not _retryable(response):
            return _json(request, response)
        await asyncio.sleep(_delay(response, attempt))
    raise ChainServiceError(f"{request.method} {request.url.path}: no answer")


def _json(request: httpx.Request, response: httpx.Response) -> Any:
    if response.status_code != httpx.codes.OK:
        raise ChainServiceError(f"{request.method} {request.url.path}: HTTP {response.status_code}")
    try:
        return response.json()
    except ValueError as error:
        raise ChainServiceError(f"{request.method} {request.url.path}: not JSON") from error


async def get_json(client: httpx.AsyncClient, url: str, params: dict[str, str] | None = None) -> Any:
    return await _send(client, client.build_request("GET", url, params=params))


async def rpc(client: httpx.AsyncClient, url: str, method: str, params: list[Any]) -> Any:
    """The `result` of a JSON-RPC call; an `error` answer raises ChainServiceError."""
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    answer = await _send(client, client.build_request("POST", url, json=body))
    if not isinstance(answer, dict) or "error" in answer or "result" not in answer:
        raise ChainServiceError(f"{method}: {answer.get('error') if isinstance(answer, dict) else answer}")
    return answer["result"]
