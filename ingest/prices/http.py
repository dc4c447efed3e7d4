"""JSON over HTTP GET from a price provider, on the chain services' one retrying reader (429 and 5xx
retried with backoff, honouring Retry-After), with numbers read as exact decimals and calls paced to
the provider's published limit."""

from __future__ import annotations

import asyncio
import time
from decimal import Decimal
from typing import Any

import httpx

from ingest.chains.http import ChainServiceError, get_json
from ingest.prices.model import PriceProviderError


class Paced:
    """GETs to one provider, at least `interval` seconds apart; the client carries the provider's key
    header, if any."""

    def __init__(self, client: httpx.AsyncClient, base_url: str, interval: float) -> None:
        self._client = client
        self._base = base_url.rstrip("/")
        self._interval = interval
        self._next = 0.0

    async def get(self, path: str, params: dict[str, str]) -> Any:
        wait = self._next - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self._next = time.monotonic() + self._interval
        try:
            answer = await get_json(self._client, f"{self._base}{path}", params)
        except ChainServiceError as error:
            raise PriceProviderError(str(error)) from error
        return _exact(answer)


def _exact(answer: Any) -> Any:
    """The answer's floats as decimals of their shortest text, which is what the provider wrote."""
    if isinstance(answer, float):
        return Decimal(repr(answer))
    if isinstance(answer, list):
        return [_exact(item) for item in answer]
    if isinstance(answer, dict):
        return {key: _exact(value) for key, value in answer.items()}
    return answer
