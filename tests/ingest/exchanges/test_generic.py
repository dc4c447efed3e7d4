"""The generic connector (ccxt's unified methods), run against the Binance fake as ccxt's binance."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ingest.exchanges.client import Backoff, Credentials, ExchangeClient
from ingest.exchanges.connect import connect
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.generic import GenericConnector
from ingest.exchanges.kraken import KrakenConnector
from ingest.exchanges.kucoin import KucoinConnector
from tests.fakes.binance import BinanceFake
from tests.fakes.server import Fault
from tests.ingest.exchanges.syncs import Sleeps, synced
from vocabulary.enums import TransactionType

KEY, SECRET = "key", "secret"


@pytest.fixture
def fake() -> Iterator[BinanceFake]:
    with BinanceFake(KEY, SECRET, trades=90) as fake:
        yield fake


def connector(fake: BinanceFake, key: str = KEY) -> GenericConnector:
    client = ExchangeClient(
        "binance",
        Credentials({"apiKey": key, "secret": SECRET}),
        fake.url,
        throttle=False,
        backoff=Backoff(attempts=2, first=0.01),
        sleep=Sleeps(),
    )
    client.exchange.options["fetchMarkets"] = {"types": ["spot"]}  # the fake lists spot markets only
    client.exchange.options["fetchMargins"] = False
    return GenericConnector(client)


def test_trades_of_the_markets_the_account_can_have_traded_keyed_by_market_and_id(fake: BinanceFake) -> None:
    transactions, cursors = synced(connector(fake), {})
    # The balance holds BTC and ETH (no USDT): only ETH/BTC is asked for; DOGE is held at zero.
    eth_btc = [fill for fill in fake.fills if fill.symbol == "ETHBTC"]
    assert set(transactions) == {f"ETH/BTC:{fill.id}" for fill in eth_btc}
    first = transactions["ETH/BTC:1"]
    assert first.type is TransactionType.TRADE
    assert {(f.direction, f.asset, f.quantity, f.is_fee) for f in first.flows} == {
        ("IN", "ETH", eth_btc[0].qty, False),
        ("OUT", "BTC", eth_btc[0].quote_qty, False),
        ("OUT", "ETH", eth_btc[0].commission, True),
    }
    assert cursors["assets"] == {"assets": ["BTC", "ETH"]}
    assert synced(connector(fake), cursors)[0] == {}
    fake.add_trades(6)
    new, _ = synced(connector(fake), cursors)
    assert set(new) == {f"ETH/BTC:{fill.id}" for fill in fake.fills[90:] if fill.symbol == "ETHBTC"}


def test_failures_are_classified(fake: BinanceFake) -> None:
    fake.fail_next(Fault.SERVER_ERROR, Fault.SERVER_ERROR)
    with pytest.raises(ExchangeFailure) as failure:
        connector(fake).verify()
    assert failure.value.kind is FailureKind.UNAVAILABLE
    with pytest.raises(ExchangeFailure) as failure:
        connector(fake, key="revoked").verify()
    assert failure.value.kind is FailureKind.AUTH


def test_connect_picks_the_specific_connectors_and_the_generic_one_for_the_rest() -> None:
    credentials = Credentials({"apiKey": "k", "secret": "cw=="})
    assert isinstance(connect("kraken", credentials), KrakenConnector)
    assert isinstance(connect("kucoin", credentials), KucoinConnector)
    generic = connect("bitstamp", credentials, "http://127.0.0.1:9")
    assert isinstance(generic, GenericConnector)
    assert generic.client.exchange.urls["api"]["private"].startswith("http://127.0.0.1:9/")
