"""The generic connector (ccxt's unified methods), run against the Binance fake as ccxt's binance."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from decimal import Decimal

import pytest

from ingest.exchanges.client import Backoff, Credentials, ExchangeClient
from ingest.exchanges.connect import connect
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.generic import GenericConnector
from ingest.exchanges.kraken import KrakenConnector
from ingest.exchanges.kucoin import KucoinConnector
from tests.fakes.binance import EPOCH_MS, BinanceFake
from tests.fakes.kraken import KrakenFake
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


def test_where_ccxt_asks_for_a_market_every_spot_market_is_read_from_its_own_cursor(
    fake: BinanceFake,
) -> None:
    transactions, cursors = synced(connector(fake), {})
    symbols = {"BTCUSDT": "BTC/USDT", "ETHUSDT": "ETH/USDT", "ETHBTC": "ETH/BTC"}
    # The balance holds BTC and ETH only: the USDT markets are read all the same.
    assert set(transactions) == {f"{symbols[fill.symbol]}:{fill.id}" for fill in fake.fills}
    eth_btc = [fill for fill in fake.fills if fill.symbol == "ETHBTC"]
    first = transactions["ETH/BTC:1"]
    assert first.type is TransactionType.TRADE
    assert {(f.direction, f.asset, f.quantity, f.is_fee) for f in first.flows} == {
        ("IN", "ETH", eth_btc[0].qty, False),
        ("OUT", "BTC", eth_btc[0].quote_qty, False),
        ("OUT", "ETH", eth_btc[0].commission, True),
    }
    assert {stream for stream in cursors if stream.startswith("trades")} == {
        f"trades:{symbol}" for symbol in ("BTC/USD", "BTC/USDT", "DOGE/EUR", "ETH/BTC", "ETH/USDT", "SOL/BRL")
    }
    assert synced(connector(fake), cursors)[0] == {}
    fake.add_trades(6)
    new, _ = synced(connector(fake), cursors)
    assert set(new) == {f"{symbols[fill.symbol]}:{fill.id}" for fill in fake.fills[90:]}


def test_usd_in_btc_bought_and_all_sold_again_gives_both_trades() -> None:
    with BinanceFake(KEY, SECRET) as fake:
        # USD paid in by bank (no deposit record), BTC bought with it and sold again: BTC is in no
        # transfer and no balance.
        fake.balances = {"USD": Decimal("1009.7")}
        fake.fill("BTCUSD", True, Decimal("0.01"), Decimal(30000), EPOCH_MS)
        fake.fill("BTCUSD", False, Decimal("0.00999"), Decimal(31000), EPOCH_MS + 60_000)
        transactions, _ = synced(connector(fake), {})
    assert set(transactions) == {"BTC/USD:1", "BTC/USD:2"}
    sold = transactions["BTC/USD:2"]
    assert {(f.direction, f.asset, f.quantity, f.is_fee) for f in sold.flows} == {
        ("OUT", "BTC", Decimal("0.00999"), False),
        ("IN", "USD", Decimal("309.69"), False),
        ("OUT", "USD", Decimal("0.30969"), True),
    }


def test_where_ccxt_lists_every_market_at_once_one_stream_reads_them() -> None:
    secret = base64.b64encode(b"kraken-secret").decode()
    with KrakenFake(KEY, secret, trades=30) as fake:
        client = ExchangeClient(
            "kraken", Credentials({"apiKey": KEY, "secret": secret}), fake.url, throttle=False, sleep=Sleeps()
        )
        transactions, cursors = synced(GenericConnector(client), {})
        pairs = {"XXBTZUSD": "BTC/USD", "XETHZUSD": "ETH/USD"}
        trades = {f"{pairs[trade.pair]}:{trade.txid}" for trade in fake.trades}
        deposits = {entry.refid for entry in fake.entries if entry.type == "deposit"}
        assert set(transactions) == trades | deposits
        assert {stream for stream in cursors if stream.startswith("trades")} == {"trades"}
        assert synced(GenericConnector(client), cursors)[0] == {}
        fake.add_trades(5)
        new, _ = synced(GenericConnector(client), cursors)
    assert set(new) == {f"{pairs[trade.pair]}:{trade.txid}" for trade in fake.trades[30:]}


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
