"""Running a connector's sync to the end, as the sync activity will, and the checks every connector's
tests make of a fake exchange's faults."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

from ingest.exchanges.client import Backoff, Credentials, ExchangeClient
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.model import Connector, Cursor
from ingest.files.model import ParsedTransaction
from tests.fakes.server import FakeExchange, Fault


class Sleeps(list[float]):
    """A `sleep` that records the waits instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


class Beats(list[None]):
    """A `heartbeat` that counts the beats."""

    def __call__(self) -> None:
        self.append(None)


def synced(
    connector: Connector, cursors: Mapping[str, Cursor]
) -> tuple[dict[str, ParsedTransaction], dict[str, Cursor]]:
    """Every transaction of the sync by natural key (each key once), and the cursors after it."""
    transactions: dict[str, ParsedTransaction] = {}
    after = dict(cursors)
    for batch in connector.sync(cursors):
        for transaction in batch.transactions:
            assert transaction.key not in transactions
            transactions[transaction.key] = transaction
        after[batch.stream] = batch.cursor
    return transactions, after


def fake_client(
    exchange_id: str,
    credentials: dict[str, str],
    fake: FakeExchange,
    sleeps: Sleeps | None = None,
    beats: Beats | None = None,
) -> ExchangeClient:
    """A client of `fake`, unthrottled, retrying three times from 0.01 s, waiting into `sleeps`."""
    return ExchangeClient(
        exchange_id,
        Credentials(credentials),
        fake.url,
        throttle=False,
        backoff=Backoff(attempts=3, first=0.01),
        sleep=Sleeps() if sleeps is None else sleeps,
        heartbeat=Beats() if beats is None else beats,
    )


def retried_into_a_malformed_failure(
    fake: FakeExchange, connector: Callable[[Sleeps], Connector]
) -> ExchangeFailure:
    """A 429, then a 500, then a malformed body: retried after 0.01 and 0.02 s, then a MALFORMED failure."""
    sleeps = Sleeps()
    fake.fail_next(Fault.RATE_LIMITED, Fault.SERVER_ERROR, Fault.MALFORMED)
    with pytest.raises(ExchangeFailure) as failure:
        synced(connector(sleeps), {})
    assert failure.value.kind is FailureKind.MALFORMED
    assert sleeps == [0.01, 0.02]
    return failure.value


def refused_as_an_auth_failure(valid: Connector, invalid: Connector) -> ExchangeFailure:
    """`valid` verifies; `invalid` (wrong credentials) fails verifying as an AUTH failure."""
    valid.verify()
    with pytest.raises(ExchangeFailure) as failure:
        invalid.verify()
    assert failure.value.kind is FailureKind.AUTH
    return failure.value
