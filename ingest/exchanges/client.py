"""One exchange's ccxt client: credentials, API base, throttling, and calls retried with backoff."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import ccxt

from ingest.exchanges.failures import RETRIED, ExchangeFailure, FailureKind, classify, cleaned


@dataclass(frozen=True)
class Credentials:
    """ccxt credentials by ccxt's names, as the catalogue's exchange forms fill them (apiKey, secret,
    password for KuCoin's passphrase, uid, privateKey) plus `token` for an OAuth access token; never
    printed."""

    values: Mapping[str, str] = field(default_factory=dict, repr=False)


@dataclass(frozen=True)
class Backoff:
    """Waits between attempts of a call refused with 429 or 5xx: first, first·factor, … at most cap."""

    attempts: int = 6
    first: float = 1.0
    factor: float = 2.0
    cap: float = 30.0

    def delays(self) -> list[float]:
        return [min(self.first * self.factor**n, self.cap) for n in range(self.attempts - 1)]


def rebased(urls: Any, base: str) -> Any:
    """ccxt's `urls['api']` with the origin of every address replaced by `base` (paths kept)."""
    if isinstance(urls, dict):
        return {name: rebased(url, base) for name, url in urls.items()}
    if isinstance(urls, str) and urls.startswith(("http://", "https://")):
        parts = urlsplit(urls)
        rest = urls[len(f"{parts.scheme}://{parts.netloc}") :]
        return base.rstrip("/") + rest
    return urls


class ExchangeClient:
    """Calls one exchange's endpoints through ccxt (signing, rate limits) and retries 429 and 5xx.

    `throttle` keeps ccxt's rate limiter on (the exchange's documented limits); only a local fake
    without limits turns it off. `heartbeat` is called after every answer and before every wait, so
    an activity syncing thousands of pages shows it is alive.
    """

    def __init__(
        self,
        exchange_id: str,
        credentials: Credentials,
        base_url: str | None = None,
        *,
        api: type[ccxt.Exchange] | None = None,
        throttle: bool = True,
        backoff: Backoff = Backoff(),
        sleep: Callable[[float], None] = time.sleep,
        heartbeat: Callable[[], None] = lambda: None,
    ) -> None:
        """`api`: the ccxt-style class of an exchange ccxt does not wrap (Uphold, CoinJar), else ccxt's."""
        exchange_class = api or getattr(ccxt, exchange_id)
        self.exchange: ccxt.Exchange = exchange_class(
            {**credentials.values, "enableRateLimit": throttle, "timeout": 30_000}
        )
        if base_url:
            self.exchange.urls["api"] = rebased(self.exchange.urls["api"], base_url)
        self.id = exchange_id
        self._secrets = tuple(credentials.values.values())
        self._backoff, self._sleep, self._heartbeat = backoff, sleep, heartbeat

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """ccxt's method `method` (unified or implicit) with `params`; failures classified."""
        return self.retried(lambda: getattr(self.exchange, method)(params or {}))

    def retried(self, request: Callable[[], Any]) -> Any:
        """`request`'s answer, retried on 429 and 5xx. ccxt's ArgumentsRequired is raised unchanged:
        ccxt refuses such a call before sending it (a market it needs), so it is the caller's to handle."""
        delays = iter(self._backoff.delays())
        while True:
            try:
                answer = request()
            except ccxt.ArgumentsRequired:
                raise
            except ccxt.BaseError as exc:
                kind = classify(exc)
                delay = next(delays, None) if kind in RETRIED else None
                if delay is None:
                    # Not `from exc`: the cause's text (the request's URL) would reach Temporal's
                    # history and the worker's log with the failure.
                    raise self._failure(kind, f"{type(exc).__name__}: {exc}") from None
            else:
                self._heartbeat()
                return answer
            self._heartbeat()
            self._sleep(delay)

    def malformed(self, detail: str) -> ExchangeFailure:
        return self._failure(FailureKind.MALFORMED, detail)

    def _failure(self, kind: FailureKind, detail: str) -> ExchangeFailure:
        """A failure whose text holds no address, query string or credential, at most 500 characters."""
        return ExchangeFailure(self.id, kind, cleaned(detail, self._secrets))

    @contextmanager
    def reading(self, what: str) -> Iterator[None]:
        """Turns an answer of the wrong shape (a missing field, a number that is not one) into a failure."""
        try:
            yield
        except (KeyError, IndexError, TypeError, ValueError, ArithmeticError) as exc:
            raise self.malformed(f"{what}: {exc!r}") from exc
