"""Binance's deposit, withdrawal and spot trade histories (current and older layouts): read as the
transaction history rows they stand for, so the same movement from two exports has one key."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import Parsed, flows, parse_bytes, parse_text, utc

FIXTURES = Path(__file__).parent / "fixtures"
HISTORY = '"User_ID","UTC_Time","Account","Operation","Coin","Change","Remark"\n'


def parse_fixture(name: str, filename: str | None = None) -> Parsed:
    return parse_bytes((FIXTURES / name).read_bytes(), filename or name)


def test_deposit_history_keys_match_the_transaction_history() -> None:
    parsed = parse_fixture("binance_deposit_history.csv")
    assert (parsed.format_id, parsed.errors) == ("binance-deposits", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (3, "the deposit status is Pending, not Completed")
    ]
    btc, usdt = parsed.transactions
    assert (btc.type, btc.timestamp, flows(btc)) == (
        "DEPOSIT",
        utc("2023-03-14T09:26:53+00:00"),
        [("IN", "BTC", Decimal("0.01250000"), False)],
    )
    assert btc.tx_hash == "3f1c0d9a5e7b2c4d6e8f00112233445566778899aabbccddeeff001122334455"
    assert flows(usdt) == [("IN", "USDT", Decimal("250.5"), False)]
    history = parse_text(
        HISTORY + '"1","2023-03-14 09:26:53","Spot","Deposit","BTC","0.0125",""\n'
        '"1","2023-02-02 18:04:11","Spot","Deposit","USDT","250.50",""\n'
    )
    assert [tx.key for tx in history.transactions] == [btc.key, usdt.key]


def test_withdrawal_history_counts_the_fee_as_the_history_does() -> None:
    parsed = parse_fixture("binance_withdrawal_history.csv")
    assert parsed.format_id == "binance-withdrawals"
    assert [item.row for item in parsed.ignored] == [2]
    [eth] = parsed.transactions
    assert (eth.type, flows(eth)) == ("WITHDRAWAL", [("OUT", "ETH", Decimal("0.5012"), False)])
    history = parse_text(HISTORY + '"1","2023-04-01 12:00:05","Spot","Withdraw","ETH","-0.5012",""\n')
    assert history.transactions[0].key == eth.key


def test_transfer_histories_are_told_apart_by_file_name_only() -> None:
    data = (FIXTURES / "binance_deposit_history.csv").read_bytes()
    assert parse_bytes(data, "Binance-Withdrawal-History-2023.csv").format_id == "binance-withdrawals"
    assert parse_bytes(data, "export-deposit-2023.csv").format_id == "binance-deposits"


def test_spot_trade_history_groups_fills_and_splits_pairs_by_the_cells_assets() -> None:
    parsed = parse_fixture("binance_spot_trade_history.csv")
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("binance-spot-trades", [], [])
    sol, inch, doge = parsed.transactions
    assert (sol.row, sol.type, flows(sol)) == (
        1,
        "TRADE",
        [
            ("OUT", "SOL", Decimal("0.2"), False),
            ("IN", "BUSD", Decimal("22.006"), False),
            ("OUT", "BUSD", Decimal("0.022006"), True),
        ],
    )
    assert flows(inch) == [
        ("IN", "1INCH", Decimal("10.5"), False),
        ("OUT", "USDT", Decimal("15.75"), False),
        ("OUT", "BNB", Decimal("0.00004"), True),
    ]
    assert (doge.type, flows(doge)[1]) == ("BUY", ("OUT", "EUR", Decimal("155.155"), False))
    history = parse_text(
        HISTORY + '"1","2022-03-28 13:01:36","Spot","Transaction Sold","SOL","-0.2",""\n'
        '"1","2022-03-28 13:01:36","Spot","Transaction Revenue","BUSD","22.006",""\n'
        '"1","2022-03-28 13:01:36","Spot","Transaction Fee","BUSD","-0.022006",""\n'
    )
    assert history.transactions[0].key == sol.key


def test_older_trade_history_splits_the_market_by_its_quote() -> None:
    parsed = parse_fixture("binance_trade_history_old.csv")
    assert (parsed.format_id, parsed.errors) == ("binance-spot-trades-old", [])
    xlm, ast = parsed.transactions
    assert flows(xlm) == [
        ("IN", "XLM", Decimal("123"), False),
        ("OUT", "ETH", Decimal("0.01518435"), False),
        ("OUT", "XLM", Decimal("0.123"), True),
    ]
    assert flows(ast)[:2] == [
        ("OUT", "AST", Decimal("263"), False),
        ("IN", "BTC", Decimal("0.00375038"), False),
    ]


def test_unknown_side_is_imported_for_review_and_bad_cells_name_their_column() -> None:
    parsed = parse_text(
        "Date(UTC),Pair,Side,Price,Executed,Amount,Fee\n"
        "2024-01-02 03:04:05,ETHBTC,CONVERT,0.05,1ETH,0.05BTC,0.001ETH\n"
        "2024-01-02 03:04:06,ETHBTC,BUY,0.05,1ETH,0.05BTC,lots\n"
    )
    [review] = parsed.transactions
    assert (review.type, review.label) == ("TRADE", "CONVERT")
    assert review.review is not None and "'CONVERT' was not recognised" in review.review
    assert flows(review) == [
        ("IN", "ETH", Decimal("1"), False),
        ("OUT", "BTC", Decimal("0.05"), False),
        ("OUT", "ETH", Decimal("0.001"), True),
    ]
    assert [(error.row, error.column) for error in parsed.errors] == [(2, "Fee")]


def test_convert_history_reads_as_the_transaction_historys_convert_rows() -> None:
    parsed = parse_fixture("binance_convert_history.csv")
    assert (parsed.format_id, parsed.errors) == ("binance-convert", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (3, "the conversion status is Expired, not Successful")
    ]
    btc, bnb = parsed.transactions
    assert (btc.row, btc.type, btc.timestamp, flows(btc)) == (
        1,
        "TRADE",
        utc("2023-06-01T08:15:42+00:00"),
        [("IN", "BTC", Decimal("0.00921523"), False), ("OUT", "USDT", Decimal("250"), False)],
    )
    assert flows(bnb) == [("IN", "BNB", Decimal("5.41234567"), False), ("OUT", "ETH", Decimal("0.75"), False)]
    history = parse_text(
        HISTORY + '"1","2023-06-01 08:15:42","Spot","Binance Convert","BTC","0.00921523",""\n'
        '"1","2023-06-01 08:15:42","Spot","Binance Convert","USDT","-250",""\n'
    )
    assert history.transactions[0].key == btc.key
    assert [tx.key for tx in parse_fixture("binance_convert_history.csv").transactions] == [btc.key, bnb.key]


def test_fiat_deposit_history_keeps_the_order_id_and_reads_the_zone_of_its_date_column() -> None:
    parsed = parse_fixture("binance_fiat_deposit_history.csv")
    assert (parsed.format_id, parsed.errors) == ("binance-fiat-deposits", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (3, "the fiat deposit status is Failed, not Successful")
    ]
    card, sepa = parsed.transactions
    assert (card.key, card.type, card.timestamp, card.description) == (
        "c2f0b1d4a7e94f5b8a2e6d3c9b1a0f11",
        "FIAT_DEPOSIT",
        utc("2023-02-10T13:03:11+00:00"),  # Date(UTC+1)
        "Card",
    )
    assert flows(card) == [("IN", "EUR", Decimal("100.00"), False), ("OUT", "EUR", Decimal("1.50"), True)]
    assert flows(sepa) == [("IN", "EUR", Decimal("250.00"), False)]
    again = parse_fixture("binance_fiat_deposit_history.csv")
    assert [tx.key for tx in again.transactions] == [card.key, sepa.key]


def test_fiat_withdrawal_history_sends_the_amount_and_pays_the_fee() -> None:
    parsed = parse_fixture("binance_fiat_withdraw_history.csv")
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("binance-fiat-withdrawals", [], [])
    [gbp] = parsed.transactions
    assert (gbp.key, gbp.type, gbp.timestamp) == (
        "0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b44",
        "FIAT_WITHDRAWAL",
        utc("2023-04-20T11:22:33+00:00"),
    )
    assert flows(gbp) == [("OUT", "GBP", Decimal("400.00"), False), ("OUT", "GBP", Decimal("0.50"), True)]
    data = (FIXTURES / "binance_fiat_withdraw_history.csv").read_bytes()
    assert parse_bytes(data, "Binance-Fiat-Deposit-History.csv").format_id == "binance-fiat-deposits"


def test_order_history_reads_fill_rows_as_the_spot_trade_historys_rows() -> None:
    parsed = parse_fixture("binance_spot_order_history.csv")
    assert (parsed.format_id, parsed.errors) == ("binance-spot-orders", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (6, "the order filled nothing (status Canceled)")
    ]
    sol, sfp, ada = parsed.transactions
    assert (sol.row, sol.timestamp, flows(sol)) == (
        3,
        utc("2022-03-28T13:01:36+00:00"),  # the fills' time, not the order's
        [
            ("OUT", "SOL", Decimal("0.20"), False),
            ("IN", "BUSD", Decimal("22.0060"), False),
            ("OUT", "BUSD", Decimal("0.0220060"), True),
        ],
    )
    # The same two fills from the spot trade history: one transaction, one key.
    assert sol.key == parse_fixture("binance_spot_trade_history.csv").transactions[0].key
    # No fill rows: one trade of Filled and Total at the order's date, no fee.
    assert (sfp.timestamp, flows(sfp)) == (
        utc("2023-05-08T18:42:50+00:00"),
        [("IN", "SFP", Decimal("49"), False), ("OUT", "USDT", Decimal("19.6392"), False)],
    )
    # A cancelled order traded what it filled; ADAEUR is ADA/EUR.
    assert (ada.row, flows(ada)) == (
        9,
        [
            ("IN", "ADA", Decimal("40"), False),
            ("OUT", "EUR", Decimal("12.00"), False),
            ("OUT", "ADA", Decimal("0.04"), True),
        ],
    )
    again = parse_fixture("binance_spot_order_history.csv")
    assert [tx.key for tx in again.transactions] == [sol.key, sfp.key, ada.key]


def test_order_history_with_a_side_column_and_an_unknown_side_imports_it_for_review() -> None:
    parsed = parse_text(
        "Date(UTC),Order No.,Pair,Type,Side,Order Price,Order Amount,AvgTrading Price,Filled,Total,Status\n"
        "2024-01-02 03:04:05,1,ETHBTC,LIMIT,SWAP,0.05,1,0.05,1,0.05,FILLED\n"
        ",Date(UTC),Trading Price,Filled,Total,Fee\n"
        ",2024-01-02 03:04:09,0.05,1,0.05,0.001ETH\n"
        "2024-01-03 03:04:05,2,ETHBTC,MARKET,BUY,0,2,0.05,2,0.1,FILLED\n"
        ",2024-01-03 03:04:06,0.05,2,0.1,lots\n"
    )
    assert parsed.format_id == "binance-spot-orders"
    [review] = parsed.transactions
    assert (review.type, review.label) == ("TRADE", "SWAP")
    assert review.review is not None and "'SWAP' was not recognised" in review.review
    assert flows(review) == [
        ("IN", "ETH", Decimal("1"), False),
        ("OUT", "BTC", Decimal("0.05"), False),
        ("OUT", "ETH", Decimal("0.001"), True),
    ]
    assert [(error.row, error.column) for error in parsed.errors] == [(5, "Fee")]


def test_futures_history_books_pnl_fees_and_swaps_and_reviews_an_unknown_type() -> None:
    parsed = parse_fixture("binance_futures_transaction_history.csv")
    assert (parsed.format_id, parsed.errors) == ("binance-futures", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (4, "TRANSFER moves funds between Binance wallets")
    ]
    funding, commission, pnl, swap = parsed.transactions
    assert [(tx.type, flows(tx)) for tx in (funding, commission, pnl)] == [
        ("FUNDING_FEE", [("OUT", "USDT", Decimal("0.01234567"), False)]),
        ("MARGIN_FEE", [("OUT", "USDT", Decimal("0.0321"), False)]),
        ("REALIZED_PNL", [("IN", "USDT", Decimal("12.5"), False)]),
    ]
    assert (swap.row, swap.type, flows(swap)) == (
        5,
        "TRADE",
        [("OUT", "USDT", Decimal("100"), False), ("IN", "BUSD", Decimal("99.95"), False)],
    )
    again = parse_fixture("binance_futures_transaction_history.csv")
    assert [tx.key for tx in again.transactions] == [tx.key for tx in parsed.transactions]
    odd = parse_text(
        "Date(UTC),type,Amount,Asset,Symbol,Transaction ID\n"
        "2023-08-01 00:00:00,WELCOME_BONUS,5,USDT,,9\n"
        "2023-08-02 00:00:00,COIN_SWAP_DEPOSIT,1,BNB,,10\n"
    )
    bonus, half = odd.transactions
    assert (bonus.type, bonus.label, flows(bonus)) == (
        "RECEIVE",
        "WELCOME_BONUS",
        [("IN", "USDT", Decimal("5"), False)],
    )
    assert bonus.review is not None and "'WELCOME_BONUS' was not recognised" in bonus.review
    assert (half.type, half.label) == ("RECEIVE", "COIN_SWAP_DEPOSIT")
    assert half.review is not None and "coin swap 10 is not in the file" in half.review
