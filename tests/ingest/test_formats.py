"""Every fixture of the families in this package, parsed end to end: counts and exact values."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from ingest.files.model import Flow
from tests.ingest.exports import EXPORTS, report, transactions
from vocabulary.enums import TransactionType

# file → (format id, transactions, ignored, errors)
EXPECTED = {
    "binance/dali-rp2__test_binance_autoinvest.csv": ("binance-auto-invest", 2, 0, 0),
    "binance/dali-rp2__test_binance_betheth.csv": ("binance-eth-staking", 1, 0, 0),
    "binance/privatefolio__binance.csv": ("binance", 10, 0, 0),
    "bitstamp/rotki__bitstamp.csv": ("bitstamp", 3, 0, 0),
    "bittrex/rotki__bittrex_order_history.csv": ("bittrex-orders", 2, 0, 0),
    "bittrex/rotki__bittrex_order_history_old.csv": ("bittrex-orders-old", 1, 0, 0),
    "bittrex/rotki__bittrex_order_history_older.csv": ("bittrex-orders-older", 1, 0, 0),
    "bittrex/rotki__bittrex_tx_history.csv": ("bittrex-transfers", 2, 0, 0),
    "bittrex/rotki__bittrex_tx_history_deposits_old.csv": ("bittrex-deposits-old", 1, 0, 0),
    "bitvavo/Export-To-Ghostfolio__bitvavo-export.csv": ("bitvavo", 34, 0, 0),
    "bitvavo/GhostfolioSidekick__BuyOrders_single_buy.csv": ("bitvavo", 1, 0, 0),
    "bitvavo/GhostfolioSidekick__CashTransactions_single_deposit.csv": ("bitvavo", 1, 0, 0),
    "bitvavo/GhostfolioSidekick__Invalid_single_buy_pending.csv": ("bitvavo", 0, 1, 0),  # imports nothing
    "bitvavo/GhostfolioSidekick__Send_single_send.csv": ("bitvavo", 1, 0, 0),
    "bitvavo/GhostfolioSidekick__Specials_single_affiliate.csv": ("bitvavo", 1, 0, 0),
    "bitvavo/GhostfolioSidekick__Specials_single_fixedstakingreward.csv": ("bitvavo", 1, 0, 0),
    "bitvavo/GhostfolioSidekick__Specials_single_rebate.csv": ("bitvavo", 1, 0, 0),
    "bitvavo/GhostfolioSidekick__Specials_single_stakingreward.csv": ("bitvavo", 1, 0, 0),
    "coinbase-pro/rotki__coinbasepro.csv": ("coinbase-pro", 11, 0, 0),
    "coinbase/Export-To-Ghostfolio__coinbase-export.csv": ("coinbase", 8, 0, 0),
    "coinbase/GhostfolioSidekick__BuyOrders_single_advance_trade_buy.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__BuyOrders_single_buy.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__BuyOrders_single_buy_alt.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__BuyOrders_single_convert.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__CashTransactions_single_deposit.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__CashTransactions_single_withdrawal.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__Send_single_send.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__Specials_retail_eth2_deprecation.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__Specials_retail_unstake_transfer.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__Specials_single_buyfiatfromfiat_bugCoinbase.csv": ("coinbase", 0, 1, 0),
    "coinbase/GhostfolioSidekick__Specials_single_stakereward.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__Specials_single_stakereward_alt.csv": ("coinbase", 1, 0, 0),
    "coinbase/GhostfolioSidekick__Specials_single_stakereward_alt_2025.csv": ("coinbase", 1, 0, 0),
    "cointracker/dali-rp2__test_pionex_trades.csv": ("generic", 2, 0, 0),
    "cointracking/Export-To-Ghostfolio__cointracking-export.csv": ("cointracking", 6, 0, 0),
    "cointracking/rotki__cointracking_trades_list.csv": ("cointracking", 11, 1, 0),
    "cryptocom/Export-To-Ghostfolio__cryptocom-export.csv": ("cryptocom", 61, 3, 0),
    "cryptocom/rotki__cryptocom_special_events.csv": ("cryptocom", 14, 1, 0),
    "koinly/koinly-bithomp-import__XRP-rM7kvwoahaMN4zrF5fd5TuPoxkJJZCB3a8-2025-02-01_04-24-08-206.csv": (
        "koinly-universal",
        4,
        1,
        0,
    ),
    "koinly/koinly-bithomp-import__XRP-rskZJMaCjc7iDq33fCJbocSp2PFA6Ek5Aq-2025-02-01_04-24-08-206.csv": (
        "koinly-universal",
        117,
        1,
        0,
    ),
    "koinly/redot2koinly__data_expected.csv": ("koinly-simple", 11, 0, 0),
    "kraken/kraken-ledger-report__ledgers.csv": ("kraken-ledgers", 83, 0, 0),
    "kraken/kraken-ledger-report__trades.csv": ("kraken-trades", 23, 0, 0),
    "kraken/portfolio_monitor__ledger_UQHZ_trades.csv": ("kraken-trades", 19, 0, 0),
    "kraken/portfolio_monitor__ledger_XDQK_ledgers.csv": ("kraken-ledgers", 12, 4, 0),
    "kraken/portfolio_monitor__ledger_data_ledgers.csv": ("kraken-ledgers", 34, 15, 0),
    "kucoin/rotki__kucoin_order_history.csv": ("kucoin-trades", 2, 0, 0),
    "nexo/GhostfolioSidekick__BuyOrders_single_buy.csv": ("nexo", 1, 0, 0),
    "nexo/GhostfolioSidekick__BuyOrders_single_convert.csv": ("nexo", 1, 0, 0),
    "nexo/GhostfolioSidekick__CashTransactions_single_deposit.csv": ("nexo", 1, 1, 0),
    "nexo/GhostfolioSidekick__CashTransactions_single_interest_fixed_term.csv": ("nexo", 1, 0, 0),
    "nexo/GhostfolioSidekick__CashTransactions_single_withdrawal.csv": ("nexo", 1, 1, 0),
    "nexo/GhostfolioSidekick__Interest_single_interest_crypto.csv": ("nexo", 1, 0, 0),
    "nexo/GhostfolioSidekick__Invalid_fiat_to_fiat.csv": ("nexo", 0, 0, 1),
    "nexo/GhostfolioSidekick__Invalid_invalid_action.csv": ("nexo", 1, 0, 0),  # imported for review
    "nexo/GhostfolioSidekick__Specials_single_cashback_crypto.csv": ("nexo", 1, 0, 0),
    "nexo/GhostfolioSidekick__Specials_single_dual_invest.csv": ("nexo", 1, 2, 0),
    "nexo/GhostfolioSidekick__Specials_single_dual_investment_exchange.csv": ("nexo", 1, 0, 0),
    "nexo/GhostfolioSidekick__Specials_single_exchange.csv": ("nexo", 1, 0, 0),
    "nexo/GhostfolioSidekick__Specials_single_interest_crypto.csv": ("nexo", 1, 0, 0),
    "nexo/GhostfolioSidekick__Specials_single_referralbonus_approved.csv": ("nexo", 1, 0, 0),
    "nexo/rotki__corrupt_nexo.csv": ("nexo-older", 11, 5, 1),
    "nexo/rotki__nexo.csv": ("nexo", 24, 15, 0),
    "uphold/rotki__uphold-transaction-history.csv": ("uphold", 6, 0, 0),
}


def utc(
    year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0, micro: int = 0
) -> datetime:
    return datetime(year, month, day, hour, minute, second, micro, tzinfo=UTC)


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_fixture_imports_as_expected(relative: str) -> None:
    result = report(relative)
    assert (result.format_id, result.transactions, len(result.ignored), len(result.errors)) == EXPECTED[
        relative
    ]
    assert result.importable == (not EXPECTED[relative][3])
    if result.importable:
        parsed = transactions(relative)
        assert {tx.type for tx in parsed} <= set(TransactionType.__members__)
        assert len({tx.key for tx in parsed}) == len(parsed)
        assert all(flow.quantity > 0 for tx in parsed for flow in tx.flows)
        assert all(tx.timestamp.tzinfo is UTC for tx in parsed)


def test_every_fixture_of_these_families_is_covered() -> None:
    families = {relative.split("/")[0] for relative in EXPECTED}
    on_disk = {
        f"{path.parent.name}/{path.name}" for family in families for path in (EXPORTS / family).iterdir()
    }
    assert on_disk == set(EXPECTED)


def test_generic_trade_with_fee() -> None:
    second = transactions("cointracker/dali-rp2__test_pionex_trades.csv")[1]
    assert second.timestamp == utc(2022, 2, 27, 12, 11)
    assert second.type == "TRADE"
    assert second.flows == (
        Flow("IN", "BUSD", Decimal(110)),
        Flow("OUT", "ETH", Decimal("0.05")),
        Flow("OUT", "BUSD", Decimal("0.055"), is_fee=True),
    )


def test_kraken_ledger_groups_trade_legs_by_refid() -> None:
    parsed = transactions("kraken/kraken-ledger-report__ledgers.csv")
    trade = next(tx for tx in parsed if tx.key == "TIIAWV-NWCDG-SZ4WV2")
    assert trade.type == "BUY" and trade.row == 5
    assert set(trade.flows) == {
        Flow("OUT", "GBP", Decimal("1478.0404")),
        Flow("OUT", "GBP", Decimal("2.9560"), True),
        Flow("IN", "USDT", Decimal("1909.00000000")),
    }
    withdrawal = next(tx for tx in parsed if tx.key == "FTNdT2q-JaMrAJvfX2rNYaDg1fHwSD")
    assert withdrawal.type == "WITHDRAWAL" and withdrawal.timestamp == utc(2024, 11, 2, 8, 42, 24)


def test_kraken_trades_share_keys_with_ledger_refids_and_normalise_assets() -> None:
    ledger_keys = {tx.key for tx in transactions("kraken/kraken-ledger-report__ledgers.csv")}
    trade_keys = {tx.key for tx in transactions("kraken/kraken-ledger-report__trades.csv")}
    assert trade_keys <= ledger_keys
    storj = transactions("kraken/portfolio_monitor__ledger_UQHZ_trades.csv")[0]
    assert storj.flows[:2] == (
        Flow("IN", "STORJ", Decimal("100.00000000")),
        Flow("OUT", "BTC", Decimal("0.0009022000")),
    )


def test_overlapping_kraken_ledgers_dedupe_by_refid() -> None:
    small = {tx.key: tx for tx in transactions("kraken/portfolio_monitor__ledger_XDQK_ledgers.csv")}
    large = {tx.key: tx for tx in transactions("kraken/portfolio_monitor__ledger_data_ledgers.csv")}
    shared = small.keys() & large.keys()
    assert shared
    assert all(small[key].flows == large[key].flows for key in shared)


def test_coinbase_buy_convert_and_eth2_pair() -> None:
    buy = transactions("coinbase/GhostfolioSidekick__BuyOrders_single_buy.csv")[0]
    assert buy.type == "BUY" and buy.timestamp == utc(2023, 4, 20, 4, 5, 40)
    assert buy.flows[1:] == (
        Flow("OUT", "EUR", Decimal("3.86")),
        Flow("OUT", "EUR", Decimal("0.990000"), True),
    )
    convert = transactions("coinbase/GhostfolioSidekick__BuyOrders_single_convert.csv")[0]
    assert [(f.direction, f.asset, f.quantity) for f in convert.flows] == [
        ("OUT", "ETH", Decimal("0.00087766")),
        ("IN", "USDC", Decimal("1.629352")),
    ]
    pair = transactions("coinbase/GhostfolioSidekick__Specials_retail_eth2_deprecation.csv")[0]
    assert pair.type == "UNSTAKE" and pair.key == "6790127e539873adcdc70581"
    assert {(f.direction, f.asset) for f in pair.flows} == {("IN", "ETH"), ("OUT", "ETH2")}
    reward = transactions("coinbase/GhostfolioSidekick__Specials_single_stakereward_alt_2025.csv")[0]
    assert reward.flows[0].value == Decimal("0.00401") and reward.type == "STAKING_REWARD"


def test_binance_groups_same_second_trade_rows() -> None:
    parsed = transactions("binance/privatefolio__binance.csv")
    merged = next(tx for tx in parsed if tx.timestamp == utc(2017, 12, 27, 10, 14, 30))
    assert set(merged.flows) == {
        Flow("IN", "ETH", Decimal("0.55359600")),
        Flow("OUT", "IOTA", Decimal("100.00000000")),
        Flow("OUT", "ETH", Decimal("0.00055360"), True),
    }
    auto = transactions("binance/dali-rp2__test_binance_autoinvest.csv")[0]
    assert auto.flows == (
        Flow("IN", "ETH", Decimal("0.01")),
        Flow("OUT", "USDT", Decimal("9.9975")),
        Flow("OUT", "USDT", Decimal("0.0025"), True),
    )


def test_bitstamp_sell_and_fiat_withdrawal() -> None:
    _, sell, withdrawal = transactions("bitstamp/rotki__bitstamp.csv")
    assert sell.type == "SELL" and sell.timestamp == utc(2022, 1, 28, 0, 31)
    assert Flow("OUT", "EUR", Decimal("10.87005"), True) in sell.flows
    assert withdrawal.type == "FIAT_WITHDRAWAL" and withdrawal.flows[0] == Flow(
        "OUT", "EUR", Decimal("2211.01")
    )


def test_bittrex_fees_split_from_totals() -> None:
    bought, sold = transactions("bittrex/rotki__bittrex_order_history.csv")
    assert bought.flows[1] == Flow("OUT", "BTC", Decimal("0.24937498"))
    assert sold.flows[0] == Flow("IN", "BTC", Decimal("0.15525000"))
    old = transactions("bittrex/rotki__bittrex_order_history_old.csv")[0]
    assert old.timestamp == utc(2018, 12, 31, 15, 22, 46) and old.type == "TRADE"


def test_bitvavo_local_time_and_fees() -> None:
    buy = transactions("bitvavo/GhostfolioSidekick__BuyOrders_single_buy.csv")[0]
    assert buy.timestamp == utc(2023, 12, 13, 13, 39, 2, 473000)
    assert buy.flows[2] == Flow("OUT", "EUR", Decimal("0.0623441398262"), True)
    assert transactions("bitvavo/GhostfolioSidekick__Specials_single_rebate.csv")[0].type == "FEE_REBATE"


def test_nexo_fiatx_and_rejections() -> None:
    buy = transactions("nexo/GhostfolioSidekick__BuyOrders_single_buy.csv")[0]
    assert buy.type == "BUY" and [(f.direction, f.asset) for f in buy.flows] == [
        ("OUT", "EUR"),
        ("IN", "USDC"),
    ]
    assert report("nexo/GhostfolioSidekick__Invalid_fiat_to_fiat.csv").errors == [
        "Row 1, column Output Currency: an exchange from EUR to EUR exchanges nothing"
    ]
    assert report("nexo/rotki__corrupt_nexo.csv").errors == [
        "Row 17, column Currency: a value is required but the cell is empty"
    ]


def test_cryptocom_pairs_debit_and_credit() -> None:
    swap = transactions("cryptocom/rotki__cryptocom_special_events.csv")[1]
    assert swap.type == "TRADE" and swap.flows == (
        Flow("IN", "CRO", Decimal(1)),
        Flow("OUT", "MCO", Decimal("0.1")),
    )


def test_uphold_and_kucoin_and_cointracking() -> None:
    out = transactions("uphold/rotki__uphold-transaction-history.csv")[0]
    assert out.flows == (
        Flow("OUT", "BTC", Decimal("0.00714006")),
        Flow("OUT", "BTC", Decimal("0.0000021"), True),
    )
    sell = transactions("kucoin/rotki__kucoin_order_history.csv")[0]
    assert sell.flows[:2] == (
        Flow("IN", "USDT", Decimal("3.73590975")),
        Flow("OUT", "XTZ", Decimal("36.4479")),
    )
    staking = transactions("cointracking/Export-To-Ghostfolio__cointracking-export.csv")[0]
    assert staking.type == "STAKING_REWARD" and staking.timestamp == utc(2025, 1, 18, 15, 18, 55)


def test_koinly_row_without_currency_is_ignored_with_its_reason() -> None:
    result = report(
        "koinly/koinly-bithomp-import__XRP-rM7kvwoahaMN4zrF5fd5TuPoxkJJZCB3a8-2025-02-01_04-24-08-206.csv"
    )
    assert result.errors == []
    assert [(item.row, item.reason) for item in result.ignored] == [
        (2, "received 28305.2030504 of a currency the file does not name")
    ]
