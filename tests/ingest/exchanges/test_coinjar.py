from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest

from ingest.exchanges.client import Backoff, Credentials
from ingest.exchanges.connect import connect
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.model import Connector
from tests.fakes.coinjar import CoinjarFake
from tests.fakes.server import Answer
from tests.ingest.exchanges.syncs import (
    Sleeps,
    refused_as_an_auth_failure,
    retried_into_a_malformed_failure,
    synced,
)
from vocabulary.enums import TransactionType

TOKEN = "coinjar-access-token"


@pytest.fixture
def fake() -> Iterator[CoinjarFake]:
    with CoinjarFake(TOKEN, fills=250) as fake:
        yield fake


def connector(fake: CoinjarFake, token: str = TOKEN, sleeps: Sleeps | None = None) -> Connector:
    return connect(
        "coinjar",
        Credentials({"token": token}),
        fake.url,
        throttle=False,
        backoff=Backoff(attempts=3, first=0.01),
        sleep=Sleeps() if sleeps is None else sleeps,
    )


def test_a_sync_gives_every_fill_as_a_trade_keyed_by_its_id(fake: CoinjarFake) -> None:
    transactions, cursors = synced(connector(fake), {})
    assert set(transactions) == {f"fill:{fill.tid}" for fill in fake.fills}
    assert cursors == {"fills": {"tid": fake.fills[-1].tid}}
    buy = next(f for f in fake.fills if f.product_id == "BTCAUD" and f.side == "buy")
    sell = next(f for f in fake.fills if f.product_id == "ETHBTC" and f.side == "sell")
    bought, sold = transactions[f"fill:{buy.tid}"], transactions[f"fill:{sell.tid}"]
    assert (bought.type, bought.timestamp, bought.label) == (TransactionType.BUY, buy.timestamp, "buy")
    assert {(f.direction, f.asset, f.quantity, f.is_fee) for f in bought.flows} == {
        ("IN", "BTC", buy.size, False),
        ("OUT", "AUD", buy.value, False),
        ("OUT", "AUD", buy.fee, True),
    }
    assert sold.type is TransactionType.TRADE
    assert {(f.direction, f.asset, f.quantity) for f in sold.flows if not f.is_fee} == {
        ("IN", "BTC", sell.value),
        ("OUT", "ETH", sell.size),
    }
    assert all(isinstance(f.quantity, Decimal) for t in transactions.values() for f in t.flows)


def test_a_second_sync_with_the_cursor_asks_only_the_newest_page(fake: CoinjarFake) -> None:
    _, cursors = synced(connector(fake), {})
    asked = fake.requests
    assert synced(connector(fake), cursors) == ({}, cursors)
    assert fake.requests == asked + 1
    fake.add_fills(130)
    new, _ = synced(connector(fake), cursors)
    assert set(new) == {f"fill:{fill.tid}" for fill in fake.fills[250:]}


def test_429_then_500_then_malformed_is_a_malformed_failure(fake: CoinjarFake) -> None:
    retried_into_a_malformed_failure(fake, lambda sleeps: connector(fake, sleeps=sleeps))


def test_a_revoked_token_is_an_auth_failure(fake: CoinjarFake) -> None:
    refused_as_an_auth_failure(connector(fake), connector(fake, token="revoked"))


@pytest.mark.parametrize(
    "body",
    [
        {"fills": []},
        [
            {
                "tid": 1,
                "oid": 2,
                "product_id": "DOGEJPY",
                "price": "1",
                "size": "1",
                "value": "1",
                "side": "buy",
                "timestamp": "2023-05-01T00:00:00.000Z",
            }
        ],
    ],
)
def test_an_answer_of_another_shape_is_malformed(
    fake: CoinjarFake, monkeypatch: pytest.MonkeyPatch, body: object
) -> None:
    monkeypatch.setattr(fake, "answer", lambda request: Answer(200, body))
    with pytest.raises(ExchangeFailure) as failure:
        synced(connector(fake), {})
    assert failure.value.kind is FailureKind.MALFORMED
