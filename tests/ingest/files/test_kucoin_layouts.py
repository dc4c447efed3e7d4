"""KuCoin's current Spot Orders exports (filled orders, order splitting), its older order history, deposit
and withdrawal histories, and a side it does not know imported for review."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import Parsed, flows, parse_bytes, parse_text, utc

FIXTURES = Path(__file__).parent / "fixtures"


def parse_fixture(name: str) -> Parsed:
    return parse_bytes((FIXTURES / name).read_bytes(), name)


def test_filled_orders_keep_the_order_id_and_skip_unfilled_orders() -> None:
    parsed = parse_fixture("kucoin_spot_orders_filled_orders.csv")
    assert (parsed.format_id, parsed.errors) == ("kucoin-filled-orders", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [(2, "nothing of the order was filled")]
    btc, eth = parsed.transactions
    assert (btc.key, btc.type, btc.timestamp) == (
        "65a4f0c1e1b2c3000112233a",
        "TRADE",
        utc("2024-01-15T10:00:02+00:00"),
    )
    assert flows(btc) == [
        ("IN", "BTC", Decimal("0.5"), False),
        ("OUT", "USDT", Decimal("21000"), False),
        ("OUT", "USDT", Decimal("21.0"), True),
    ]
    assert flows(eth) == [
        ("IN", "BTC", Decimal("0.1102"), False),
        ("OUT", "ETH", Decimal("2.0"), False),
        ("OUT", "BTC", Decimal("0.0001102"), True),
    ]


def test_order_splitting_keys_repeated_fills_apart() -> None:
    parsed = parse_fixture("kucoin_spot_orders_order_splitting.csv")
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("kucoin-order-splitting", [], [])
    first, second = parsed.transactions
    assert (
        flows(first)
        == flows(second)
        == [
            ("IN", "KCS", Decimal("10"), False),
            ("OUT", "USDT", Decimal("95"), False),
            ("OUT", "USDT", Decimal("0.095"), True),
        ]
    )
    assert second.key == f"{first.key}-1"
    assert parse_fixture("kucoin_spot_orders_order_splitting.csv").transactions[0].key == first.key


def test_older_order_history() -> None:
    parsed = parse_fixture("kucoin_order_history_old.csv")
    assert (parsed.format_id, parsed.errors) == ("kucoin-orders-old", [])
    btc, neo = parsed.transactions
    assert (btc.key, btc.timestamp) == ("5c1d00000000000000000001", utc("2019-01-15T10:00:00+00:00"))
    assert flows(btc)[:2] == [("IN", "BTC", Decimal("0.01"), False), ("OUT", "USDT", Decimal("40.00"), False)]
    assert flows(neo) == [
        ("IN", "BTC", Decimal("0.2"), False),
        ("OUT", "NEO", Decimal("100"), False),
        ("OUT", "BTC", Decimal("0.0002"), True),
    ]


def test_deposits_key_by_hash_and_skip_unsettled_rows() -> None:
    parsed = parse_fixture("kucoin_deposit_history.csv")
    assert (parsed.format_id, parsed.errors) == ("kucoin-deposits", [])
    assert [item.row for item in parsed.ignored] == [3]
    btc, usdt = parsed.transactions
    assert btc.key == btc.tx_hash == "7a6f0000000000000000000000000000000000000000000000000000000000b1"
    assert (btc.type, flows(btc)) == ("DEPOSIT", [("IN", "BTC", Decimal("0.00499491"), False)])
    assert usdt.tx_hash is None and len(usdt.key) == 32
    assert flows(usdt) == [("IN", "USDT", Decimal("150"), False)]


def test_withdrawals_in_either_column_order() -> None:
    parsed = parse_fixture("kucoin_withdrawal_history.csv")
    assert (parsed.format_id, parsed.errors) == ("kucoin-withdrawals", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (2, "the withdrawal status is FAILURE, not SUCCESS")
    ]
    [btc] = parsed.transactions
    assert (btc.type, btc.timestamp, flows(btc)) == (
        "WITHDRAWAL",
        utc("2024-03-02T16:20:10+00:00"),
        [("OUT", "BTC", Decimal("0.1"), False), ("OUT", "BTC", Decimal("0.0005"), True)],
    )


def test_an_unknown_side_is_imported_for_review_not_refused() -> None:
    parsed = parse_text(
        "tradeCreatedAt,orderId,symbol,side,price,size,funds,fee,feeCurrency\n"
        "2023-05-01 10:00:00,o1,ETH-USDT,borrow,2000,1,2000,2,USDT\n"
        "2023-05-01 10:00:01,o2,ETH-USDT,sell,2000,1,2000,2,USDT\n"
    )
    assert (parsed.format_id, parsed.errors, parsed.ignored) == ("kucoin-trades", [], [])
    review, sale = parsed.transactions
    assert (review.key, review.type, review.label) == ("o1", "TRADE", "borrow")
    assert review.review is not None and "'borrow' was not recognised" in review.review
    assert flows(review)[:2] == [("IN", "ETH", Decimal("1"), False), ("OUT", "USDT", Decimal("2000"), False)]
    assert (sale.type, sale.review) == ("TRADE", None)


def test_account_history_maps_documented_types_and_sends_others_to_review() -> None:
    parsed = parse_fixture("kucoin_account_history.csv")
    assert (parsed.format_id, parsed.errors) == ("kucoin-account-history", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (2, "Transfer moves funds between KuCoin accounts"),
        (3, "Transfer moves funds between KuCoin accounts"),
    ]
    deposit, convert, staking, withdrawal, lending = parsed.transactions
    assert (deposit.type, deposit.timestamp, flows(deposit)) == (
        "DEPOSIT",
        utc("2024-01-02T09:15:00+00:00"),
        [("IN", "USDT", Decimal("1500"), False)],
    )
    assert (convert.row, convert.type, convert.label, flows(convert)) == (
        4,
        "TRADE",
        "Convert Market",
        [("IN", "BTC", Decimal("0.02312"), False), ("OUT", "USDT", Decimal("1000"), False)],
    )
    assert (staking.type, flows(staking)) == ("STAKING_REWARD", [("IN", "KCS", Decimal("0.0123"), False)])
    assert (withdrawal.type, flows(withdrawal)) == (
        "WITHDRAWAL",
        [("OUT", "BTC", Decimal("0.01"), False), ("OUT", "BTC", Decimal("0.0005"), True)],
    )
    assert (lending.type, lending.label, flows(lending)) == (
        "SEND",
        "Lendings",
        [("OUT", "USDT", Decimal("25"), False)],
    )
    assert lending.review is not None and "'Lendings' was not recognised" in lending.review
    again = parse_fixture("kucoin_account_history.csv")
    assert [tx.key for tx in again.transactions] == [tx.key for tx in parsed.transactions]
    assert len({tx.key for tx in parsed.transactions}) == 5


def test_account_history_reads_a_signed_amount_when_the_side_is_missing() -> None:
    parsed = parse_text(
        "UID,Account Type,Currency,Side,Amount,Fee,Time(UTC),Remark,Type\n"
        "1,Trading Account,BTC,,0.1,0,2024-01-01 13:00:00,,Convert Market\n"
        "1,Trading Account,USDT,,-4200,0,2024-01-01 13:00:00,,Convert Market\n"
    )
    [trade] = parsed.transactions
    assert flows(trade) == [("IN", "BTC", Decimal("0.1"), False), ("OUT", "USDT", Decimal("4200"), False)]


def test_futures_realized_pnl_splits_profit_from_net_fees_in_the_settlement_currency() -> None:
    name = "kucoin_futures_realized_pnl.csv"
    parsed = parse_bytes((FIXTURES / name).read_bytes(), name)
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("kucoin-futures-pnl", [], [])
    pnl, fee, eth_pnl, eth_fee, btc_pnl, _ = parsed.transactions
    # Realized PNL 12.3456 is net of funding received (0.05) and trading fees paid (0.2044).
    assert (pnl.type, pnl.timestamp, pnl.label, flows(pnl)) == (
        "REALIZED_PNL",
        utc("2024-03-01T09:30:00+00:00"),  # Position Closing Time(UTC+08:00)
        "Close",
        [("IN", "USDT", Decimal("12.5000"), False)],
    )
    assert (fee.type, flows(fee)) == ("MARGIN_FEE", [("OUT", "USDT", Decimal("0.1544"), False)])
    assert flows(eth_pnl) == [("OUT", "ETH", Decimal("0.0100"), False)]  # ETHUSDM settles in ETH
    assert flows(eth_fee) == [("OUT", "ETH", Decimal("0.0025"), False)]
    assert (btc_pnl.label, flows(btc_pnl)) == ("Liquidation", [("OUT", "BTC", Decimal("0.0099"), False)])
    again = parse_bytes((FIXTURES / name).read_bytes(), name)
    assert [tx.key for tx in again.transactions] == [tx.key for tx in parsed.transactions]


def test_futures_realized_pnl_of_an_unknown_symbol_names_the_column() -> None:
    parsed = parse_text(
        "UID,Account Type,Symbol,Close Type,Realized PNL,Total Realized PNL,Total Funding Fees,"
        "Total Trading Fees,Position Opening Time(UTC),Position Closing Time(UTC)\n"
        "1,Futures Account,MYSTERYPERP,Close,1,1,0,0,2024-01-01 00:00:00,2024-01-02 00:00:00\n"
        "1,Futures Account,SOLUSDTM,Close,0,0,0.5,0,2024-01-01 00:00:00,2024-01-02 00:00:00\n"
    )
    assert parsed.format_id == "kucoin-futures-pnl"
    assert [(error.row, error.column) for error in parsed.errors] == [(1, "Symbol")]
    [gross, rebate] = parsed.transactions
    assert (gross.type, flows(gross)) == ("REALIZED_PNL", [("OUT", "USDT", Decimal("0.5"), False)])
    assert (rebate.type, flows(rebate)) == ("FEE_REBATE", [("IN", "USDT", Decimal("0.5"), False)])
