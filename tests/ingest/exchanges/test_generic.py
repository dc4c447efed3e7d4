"""The generic connector (ccxt's unified methods), run against the Binance fake as ccxt's binance and
the Kraken fake as ccxt's kraken (which answers the newest 50 first and lists a ledger)."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from decimal import Decimal

import ccxt
import pytest

from ingest.exchanges.client import Backoff, Credentials, ExchangeClient
from ingest.exchanges.connect import connect
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.generic import LEDGER, NEWEST_FIRST, NO_LOOK_BACK, ORDER, GenericConnector
from ingest.exchanges.kraken import KrakenConnector
from ingest.exchanges.kucoin import KucoinConnector
from tests.fakes.binance import EPOCH_MS, BinanceFake
from tests.fakes.kraken import KrakenFake, Trade
from tests.fakes.server import Answer, Fault, Request
from tests.ingest.exchanges.syncs import Sleeps, synced
from vocabulary.enums import TransactionType

KEY, SECRET = "key", "secret"


@pytest.fixture
def fake() -> Iterator[BinanceFake]:
    with BinanceFake(KEY, SECRET, trades=90) as fake:
        yield fake


KRAKEN_SECRET = base64.b64encode(b"kraken-secret").decode()
KRAKEN_PAIRS = {"XXBTZUSD": "BTC/USD", "XETHZUSD": "ETH/USD"}


def kraken(fake: KrakenFake) -> GenericConnector:
    credentials = Credentials({"apiKey": KEY, "secret": KRAKEN_SECRET})
    return GenericConnector(ExchangeClient("kraken", credentials, fake.url, throttle=False, sleep=Sleeps()))


def trade_keys(trades: list[Trade]) -> set[str]:
    return {f"{KRAKEN_PAIRS[trade.pair]}:{trade.txid}" for trade in trades}


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
    assert LEDGER not in cursors  # ccxt reads Binance's ledger for derivatives only
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
    with KrakenFake(KEY, KRAKEN_SECRET, trades=30) as fake:
        transactions, cursors = synced(kraken(fake), {})
        deposits = {entry.refid for entry in fake.entries if entry.type == "deposit"}
        assert set(transactions) == trade_keys(fake.trades) | deposits
        assert {stream for stream in cursors if stream.startswith("trades")} == {"trades"}
        assert synced(kraken(fake), cursors)[0] == {}
        fake.add_trades(5)
        new, _ = synced(kraken(fake), cursors)
    assert set(new) == trade_keys(fake.trades[30:])


def test_an_exchange_answering_the_newest_fifty_first_is_read_back_to_its_cursor() -> None:
    with KrakenFake(KEY, KRAKEN_SECRET, trades=130) as fake:
        transactions, cursors = synced(kraken(fake), {})
        # 130 trades and 269 ledger entries: pages of 50, the newest first.
        assert {key for key in transactions if "/" in key} == trade_keys(fake.trades)
        assert (cursors["trades"][ORDER], cursors[LEDGER][ORDER]) == (NEWEST_FIRST, NEWEST_FIRST)
        assert synced(kraken(fake), cursors)[0] == {}
        fake.add_trades(120)
        new, _ = synced(kraken(fake), cursors)
    assert {key for key in new if "/" in key} == trade_keys(fake.trades[130:])


class StrictKraken(KrakenFake):
    """Kraken as an exchange that refuses a parameter it does not know, here the end of a range."""

    refused = 0

    def answer(self, request: Request) -> Answer:
        if {"end", "until"} & set(request.form):
            self.refused += 1
            return Answer(200, {"error": ["EGeneral:Invalid arguments"]})
        return super().answer(request)


def test_an_exchange_refusing_to_look_back_is_read_forward_and_not_asked_again() -> None:
    with StrictKraken(KEY, KRAKEN_SECRET, trades=30) as fake:
        transactions, cursors = synced(kraken(fake), {})
        refused = fake.refused
        fake.add_trades(5)
        new, _ = synced(kraken(fake), cursors)
    assert {key for key in transactions if "/" in key} == trade_keys(fake.trades[:30])
    assert refused and fake.refused == refused
    assert cursors["trades"][ORDER] == cursors[LEDGER][ORDER] == NO_LOOK_BACK
    assert set(new) == trade_keys(fake.trades[30:])


def test_the_ledger_adds_what_no_other_stream_reads_and_flags_the_types_it_does_not_know() -> None:
    with KrakenFake(KEY, KRAKEN_SECRET, trades=80) as fake:
        spend = fake.add_entry("spend", "ZUSD", Decimal(-100), fee=Decimal("1.5"))  # a Buy Crypto's legs
        receive = fake.add_entry("receive", "XETH", Decimal("0.05"))
        transactions, cursors = synced(kraken(fake), {})
        assert synced(kraken(fake), cursors)[0] == {}
        reward = fake.add_entry("staking", "DOT.S", Decimal("0.2"))
        new, _ = synced(kraken(fake), cursors)
    ledger = {key: transaction for key, transaction in transactions.items() if key.startswith("ledger:")}
    staking = [entry for entry in fake.entries if entry.type == "staking"]
    assert set(ledger) == {f"ledger:{entry.ledger_id}" for entry in [*staking[:2], spend, receive]}
    # Each trade and deposit once, from its own stream, though the ledger lists them too.
    deposits = {entry.refid for entry in fake.entries if entry.type == "deposit"}
    assert set(transactions) - set(ledger) == trade_keys(fake.trades) | deposits
    staked = ledger[f"ledger:{staking[0].ledger_id}"]
    assert (staked.type, staked.review) == (TransactionType.STAKING_REWARD, None)
    assert [(f.direction, f.asset, f.quantity) for f in staked.flows] == [("IN", "DOT.S", Decimal("0.1"))]
    spent, received = ledger[f"ledger:{spend.ledger_id}"], ledger[f"ledger:{receive.ledger_id}"]
    assert (spent.type, received.type) == (TransactionType.SEND, TransactionType.RECEIVE)
    assert {(f.direction, f.asset, f.quantity, f.is_fee) for f in spent.flows} == {
        ("OUT", "USD", Decimal(100), False),
        ("OUT", "USD", Decimal("1.5"), True),
    }
    assert spent.review == (
        "The Kraken ledger type 'spend' was not recognised: imported as a send of what it moves. "
        "Check that this is what happened."
    )
    assert received.review is not None and "'receive'" in received.review
    assert set(new) == {f"ledger:{reward.ledger_id}"}


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


def test_a_ledger_ccxt_reads_one_currency_at_a_time_is_left_to_the_other_streams(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def one_currency_at_a_time(*_: object) -> None:
        raise ccxt.ArgumentsRequired("kraken fetchLedger() requires a code argument")

    with KrakenFake(KEY, KRAKEN_SECRET, trades=30) as fake:
        generic = kraken(fake)
        monkeypatch.setattr(generic.client.exchange, "fetchLedger", one_currency_at_a_time)
        transactions, cursors = synced(generic, {})
    assert LEDGER not in cursors
    deposits = {entry.refid for entry in fake.entries if entry.type == "deposit"}
    assert set(transactions) == trade_keys(fake.trades) | deposits
