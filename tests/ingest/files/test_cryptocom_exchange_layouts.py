"""The Crypto.com Exchange's spot trade history: each trade keyed by its trade id, the quote amount the
traded quantity times the price, the fee apart (layout as BittyTax and CryptoFiscaFacile read it)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import flows, parse_bytes, parse_text, utc

FIXTURE = Path(__file__).parent / "fixtures" / "cryptocom_exchange_spot_trades.csv"
HEADER = (
    "account_type,order_id,trade_id,create_time_utc,symbol,side,liquditiy_indicator,traded_price,"
    "traded_quantity,fee,fee_currency\n"
)


def test_spot_trades_pay_quantity_times_price_and_a_fee_apart() -> None:
    parsed = parse_bytes(FIXTURE.read_bytes(), FIXTURE.name)
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("cryptocom-exchange-trades", [], [])
    buy, sell = parsed.transactions
    assert (buy.key, buy.type, buy.timestamp, buy.description) == (
        "exchange-trade-1450873013281637123",
        "TRADE",
        utc("2021-03-04T09:12:30.123000+00:00"),
        "CRO_USDT",
    )
    assert flows(buy) == [
        ("IN", "CRO", Decimal("1500.5"), False),
        ("OUT", "USDT", Decimal("244.88160"), False),
        ("OUT", "CRO", Decimal("0.6"), True),
    ]
    assert (sell.key, sell.type, sell.timestamp) == (
        "exchange-trade-1459021108940127745",
        "TRADE",
        utc("2021-03-05T16:40:02.981000+00:00"),
    )
    assert flows(sell) == [
        ("OUT", "BTC", Decimal("0.0125"), False),
        ("IN", "USDC", Decimal("601.543125"), False),
        ("OUT", "USDC", Decimal("0.240617"), True),
    ]
    assert all(type(flow.quantity) is Decimal for tx in parsed.transactions for flow in tx.flows)


def test_a_fiat_quote_makes_a_buy_or_a_sell() -> None:
    parsed = parse_text(HEADER + "SPOT,o1,t1,2022-01-02 03:04:05.000,BTC_EUR,SELL,TAKER,40000,0.5,0,EUR\n")
    [sale] = parsed.transactions
    assert (sale.type, flows(sale)) == (
        "SELL",
        [("OUT", "BTC", Decimal("0.5"), False), ("IN", "EUR", Decimal("20000"), False)],
    )


def test_a_side_or_account_crypto_com_may_add_is_imported_for_review() -> None:
    parsed = parse_text(
        HEADER
        + "SPOT,o1,t1,2022-01-02 03:04:05.000,CRO_USDT,CONVERT,TAKER,0.5,10,0,CRO\n"
        + "MARGIN,o2,t2,2022-01-02 03:04:06.000,CRO_USDT,BUY,TAKER,0.5,10,0,CRO\n"
    )
    assert parsed.errors == []
    convert, margin = parsed.transactions
    assert (convert.key, convert.label, flows(convert)) == (
        "exchange-trade-t1",
        "SPOT CONVERT",
        [("IN", "CRO", Decimal("10"), False), ("OUT", "USDT", Decimal("5.0"), False)],
    )
    assert convert.review is not None and "'SPOT CONVERT' was not recognised" in convert.review
    assert margin.review is not None and "'MARGIN BUY' was not recognised" in margin.review


def test_a_symbol_that_is_not_a_pair_is_a_row_error() -> None:
    parsed = parse_text(HEADER + "SPOT,o1,t1,2022-01-02 03:04:05.000,CROUSDT,BUY,TAKER,0.5,10,0,CRO\n")
    assert [(error.row, error.column) for error in parsed.errors] == [(1, "symbol")]
