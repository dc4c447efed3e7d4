"""Cases worked by hand: each expectation is computed in the docstring or comment above it."""

from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest

from analytics.lots import MethodTimeline, Period, Snapshot, compute, summarize
from tests.analytics.ledgers import buy, flows, sell, transfer
from vocabulary.enums import AllocationScope, CostBasisMethod


def _gains(frame: pl.DataFrame) -> list[Decimal]:
    return frame["gain"].to_list()


def test_acb_superficial_loss_is_denied_and_added_to_the_replacement() -> None:
    """10 bought for 1000; all sold on 1 Feb for 600 (loss 400); 5 bought back on 15 Feb and
    still held 30 days after the sale. Denied: 400 × min(10 sold, 5 bought, 5 held) / 10 = 200.
    The replacement's cost becomes 300 + 200 = 500, so selling it for 600 gains 100."""
    ledger = flows(
        *buy("t1", "2023-01-01", "X", "10", "1000"),
        *sell("t2", "2023-02-01", "X", "10", "600"),
        *buy("t3", "2023-02-15", "X", "5", "300"),
        *sell("t4", "2023-06-01", "X", "5", "600"),
    )
    disposals = compute(ledger, CostBasisMethod.ACB).disposals
    assert _gains(disposals) == [Decimal(-200), Decimal(100)]
    assert disposals["denied_loss"].to_list() == [Decimal(200), Decimal(0)]
    assert disposals["cost_basis"].to_list() == [Decimal(1000), Decimal(500)]


def test_acb_loss_stands_when_the_replacement_is_gone_30_days_after() -> None:
    """The 5 bought back are sold again within the 30 days: nothing held at the end, no denial."""
    ledger = flows(
        *buy("t1", "2023-01-01", "X", "10", "1000"),
        *sell("t2", "2023-02-01", "X", "10", "600"),
        *buy("t3", "2023-02-15", "X", "5", "300"),
        *sell("t4", "2023-02-20", "X", "5", "300"),
    )
    assert _gains(compute(ledger, CostBasisMethod.ACB).disposals) == [Decimal(-400), Decimal(0)]


def test_acb_loss_stands_with_no_purchase_in_the_window() -> None:
    """The only purchase is 31 days before the sale."""
    ledger = flows(*buy("t1", "2023-01-01", "X", "10", "1000"), *sell("t2", "2023-02-01", "X", "4", "240"))
    disposals = compute(ledger, CostBasisMethod.ACB).disposals
    assert _gains(disposals) == [Decimal(-160)]


def test_acb_is_one_average_cost_per_asset() -> None:
    """1 at 100 and 1 at 300 in two accounts: ACB 200; selling 1 for 250 gains 50."""
    ledger = flows(
        *buy("t1", "2023-01-01", "X", "1", "100", account="a"),
        *buy("t2", "2023-03-01", "X", "1", "300", account="b"),
        *sell("t3", "2023-06-01", "X", "1", "250", account="a"),
    )
    result = compute(ledger, CostBasisMethod.ACB)
    assert _gains(result.disposals) == [Decimal(50)]
    assert result.lots["remaining_cost_basis"].sum() == Decimal(200)


def test_wac_averages_and_keeps_dates_first_in_first_out() -> None:
    """3 at 10, then 1 at 30: average 15. Selling 2 for 50: cost 30, gain 20, from the first lot."""
    ledger = flows(
        *buy("t1", "2023-01-01", "X", "3", "30"),
        *buy("t2", "2023-02-01", "X", "1", "30"),
        *sell("t3", "2023-03-01", "X", "2", "50"),
    )
    result = compute(ledger, CostBasisMethod.WAC)
    assert result.disposals.select("lot_id", "cost_basis", "gain").rows() == [
        ("t1:0", Decimal(30), Decimal(20))
    ]
    assert result.lots.select("lot_id", "remaining", "remaining_cost_basis").rows() == [
        ("t1:0", Decimal(1), Decimal(15)),
        ("t2:0", Decimal(1), Decimal(15)),
    ]


def test_wac_in_the_wallet_scope_averages_per_account() -> None:
    """a: 1 at 100; b: 1 at 300; selling 1 from a costs 100, not the 200 of the universal pool."""
    ledger = flows(
        *buy("t1", "2023-01-01", "X", "1", "100", account="a"),
        *buy("t2", "2023-02-01", "X", "1", "300", account="b"),
        *sell("t3", "2023-03-01", "X", "1", "250", account="a"),
    )
    assert compute(ledger, CostBasisMethod.WAC, AllocationScope.WALLET).disposals["cost_basis"].to_list() == [
        Decimal(100)
    ]
    assert compute(ledger, CostBasisMethod.WAC).disposals["cost_basis"].to_list() == [Decimal(200)]


WALLET_LEDGER = flows(
    *buy("tA", "2023-01-01", "BTC", "1", "100", account="a"),
    *buy("tB", "2023-02-01", "BTC", "1", "300", account="b"),
    *transfer("tM", "2023-03-01", "BTC", "0.5", "a", "b"),
    ("tM", "2023-03-01", "a", "TRANSFER", "BTC", "OUT", "0.01", "5", "true", ""),
    *sell("tS", "2023-04-01", "BTC", "1.2", "1200", account="b"),
)


def test_wallet_scope_moves_lots_with_their_dates_basis_and_route() -> None:
    """In b, FIFO takes the 0.5 moved from a (acquired 1 Jan, cost 50) then 0.7 of b's own lot
    (210): basis 260. The network fee in a is a disposal: 0.01 worth 5 against 1 of basis."""
    result = compute(WALLET_LEDGER, CostBasisMethod.FIFO, AllocationScope.WALLET)
    sale = result.disposals.filter(pl.col("type") == "SELL")
    assert sale.select("lot_id", "origin_lot_id", "transfer_chain", "quantity", "cost_basis").rows() == [
        ("tA:0>tM:1", "tA:0", "tM:1", Decimal("0.5"), Decimal(50)),
        ("tB:0", "tB:0", "", Decimal("0.7"), Decimal(210)),
    ]
    assert sale["acquired_at"].dt.date().to_list() == [date(2023, 1, 1), date(2023, 2, 1)]
    fee = result.disposals.filter(pl.col("type") == "FEE")
    assert fee.select("account", "proceeds", "cost_basis", "gain").rows() == [
        ("a", Decimal(5), Decimal(1), Decimal(4))
    ]
    held = result.lots.filter(pl.col("remaining") > 0).select(
        "lot_id", "account", "remaining", "remaining_cost_basis"
    )
    assert held.rows() == [
        ("tA:0", "a", Decimal("0.49"), Decimal(49)),
        ("tB:0", "b", Decimal("0.3"), Decimal(90)),
    ]


def test_universal_scope_ignores_where_the_lots_sit() -> None:
    """One pool: the sale takes the 0.99 left of the first lot (99) and 0.21 of the second (63)."""
    sale = compute(WALLET_LEDGER, CostBasisMethod.FIFO).disposals.filter(pl.col("type") == "SELL")
    assert sale["cost_basis"].to_list() == [Decimal(99), Decimal(63)]
    assert sale["transfer_chain"].to_list() == ["", ""]


def test_a_transfer_beyond_the_sending_wallet_arrives_with_zero_basis_flagged() -> None:
    ledger = flows(
        *buy("t1", "2023-01-01", "X", "1", "100", account="a"),
        *transfer("t2", "2023-02-01", "X", "3", "a", "b"),
    )
    lots = compute(ledger, CostBasisMethod.FIFO, AllocationScope.WALLET).lots
    assert lots.select("lot_id", "account", "quantity", "cost_basis", "callout").rows() == [
        ("t1:0", "a", Decimal(1), Decimal(100), None),
        ("t1:0>t2:1", "b", Decimal(1), Decimal(100), None),
        ("t2:1", "b", Decimal(2), Decimal(0), "INSUFFICIENT_QUANTITY"),
    ]


def test_selling_more_than_held_yields_a_flagged_zero_basis_slice() -> None:
    """1 held at 100, 1.5 sold for 300: 1 against the lot (proceeds 200), 0.5 at zero basis (100)."""
    ledger = flows(*buy("t1", "2023-01-01", "X", "1", "100"), *sell("t2", "2023-02-01", "X", "1.5", "300"))
    result = compute(ledger, CostBasisMethod.HIFO)
    assert result.disposals.select("lot_id", "quantity", "proceeds", "cost_basis", "callout").rows() == [
        ("t1:0", Decimal(1), Decimal(200), Decimal(100), None),
        (None, Decimal("0.5"), Decimal(100), Decimal(0), "INSUFFICIENT_QUANTITY"),
    ]
    assert summarize(result)["callouts"] == {"INSUFFICIENT_QUANTITY": 1, "MISSING_PRICE_HISTORY": 0}


def test_flows_with_no_value_and_no_price_are_flagged_not_dropped() -> None:
    ledger = flows(
        ("t1", "2023-01-01", "w", "RECEIVE", "X", "IN", "2", ""),
        ("t2", "2023-02-01", "w", "TRADE", "X", "OUT", "1", ""),
        ("t2", "2023-02-01", "w", "TRADE", "Y", "IN", "5", ""),
    )
    result = compute(ledger, CostBasisMethod.FIFO)
    assert result.lots.select("lot_id", "cost_basis", "callout").rows() == [
        ("t1:0", Decimal(0), "MISSING_PRICE_HISTORY"),
        ("t2:1", Decimal(0), "MISSING_PRICE_HISTORY"),
    ]
    assert result.disposals["callout"].to_list() == ["MISSING_PRICE_HISTORY"]
    assert summarize(result)["callouts"]["MISSING_PRICE_HISTORY"] == 3


def test_timeline_switches_method_at_the_period_start() -> None:
    """FIFO in 2020 takes the 100 lot; LIFO from 2021 takes the newest (300)."""
    ledger = flows(
        *buy("t1", "2020-01-01", "X", "1", "100"),
        *buy("t2", "2020-06-01", "X", "1", "200"),
        *sell("t3", "2020-12-01", "X", "1", "250"),
        *buy("t4", "2021-01-10", "X", "1", "300"),
        *sell("t5", "2021-06-01", "X", "1", "400"),
    )
    timeline = MethodTimeline(
        (
            Period(date(2020, 1, 1), date(2020, 12, 31), CostBasisMethod.FIFO),
            Period(date(2021, 1, 1), None, CostBasisMethod.LIFO),
        )
    )
    assert compute(ledger, timeline).disposals["lot_id"].to_list() == ["t1:0", "t4:0"]


def test_timeline_from_a_pooled_method_shares_the_pool_cost_out_to_the_lots() -> None:
    """WAC in 2020: 1 at 100 and 1 at 300 average 200 each; HIFO from 2021 sees two lots at 200
    and takes the older."""
    ledger = flows(
        *buy("t1", "2020-01-01", "X", "1", "100"),
        *buy("t2", "2020-06-01", "X", "1", "300"),
        *sell("t3", "2021-06-01", "X", "1", "400"),
    )
    timeline = MethodTimeline(
        (
            Period(date(2020, 1, 1), date(2020, 12, 31), CostBasisMethod.WAC),
            Period(date(2021, 1, 1), None, CostBasisMethod.HIFO),
        )
    )
    assert compute(ledger, timeline).disposals.select("lot_id", "cost_basis").rows() == [
        ("t1:0", Decimal(200))
    ]


def test_hifo_ranks_by_cost_per_unit_with_fees() -> None:
    """A: spot 100 + 50 fee = 150 a unit; B: spot 120, no fee. HIFO takes A, LOFO takes B."""
    ledger = flows(
        *buy("tA", "2023-01-01", "X", "1", "100"),
        ("tA", "2023-01-01", "exchange", "BUY", "USD", "OUT", "50", "", "true", ""),
        *buy("tB", "2023-01-02", "X", "1", "120"),
        *sell("tS", "2023-02-01", "X", "1", "130"),
    )
    assert compute(ledger, CostBasisMethod.HIFO).disposals["lot_id"].to_list() == ["tA:0"]
    assert compute(ledger, CostBasisMethod.LOFO).disposals["lot_id"].to_list() == ["tB:0"]


@pytest.mark.parametrize(
    ("acquired", "disposed", "term"),
    [
        ("2020-03-15T10:00:00Z", "2021-03-15T23:00:00Z", "SHORT"),  # the anniversary: exactly one year
        ("2020-03-15T10:00:00Z", "2021-03-16T00:30:00Z", "LONG"),  # the day after: more than one year
        ("2020-02-29T12:00:00Z", "2021-02-28T12:00:00Z", "SHORT"),
        ("2020-02-29T12:00:00Z", "2021-03-01T12:00:00Z", "LONG"),
    ],
)
def test_holding_period_follows_the_irs_anniversary_rule(acquired: str, disposed: str, term: str) -> None:
    ledger = flows(*buy("t1", acquired, "X", "1", "1"), *sell("t2", disposed, "X", "1", "2"))
    assert compute(ledger, CostBasisMethod.FIFO).disposals["term"].to_list() == [term]


def test_acquisitions_come_before_disposals_at_one_timestamp() -> None:
    ledger = flows(
        *sell("t0", "2023-01-01T12:00:00Z", "X", "1", "150"),
        *buy("t9", "2023-01-01T12:00:00Z", "X", "1", "100"),
    )
    assert compute(ledger, CostBasisMethod.FIFO).disposals.select("lot_id", "callout").rows() == [
        ("t9:0", None)
    ]


def test_buy_and_sell_fees_go_to_cost_and_proceeds() -> None:
    """Buy 2 for 1000 + 10 fee: cost 1010. Sell 1 for 800 − 8 fee: proceeds 792, gain 287."""
    ledger = flows(
        *buy("t1", "2023-01-01", "X", "2", "1000"),
        ("t1", "2023-01-01", "exchange", "BUY", "USD", "OUT", "10", "", "true", ""),
        *sell("t2", "2023-02-01", "X", "1", "800"),
        ("t2", "2023-02-01", "exchange", "SELL", "USD", "OUT", "8", "", "true", ""),
    )
    assert compute(ledger, CostBasisMethod.FIFO).disposals.select(
        "proceeds", "cost_basis", "gain"
    ).rows() == [(Decimal(792), Decimal(505), Decimal(287))]


def test_trade_disposes_at_market_value_and_acquires_at_it() -> None:
    """1 X (cost 100) traded for 3 Y, X worth 400: gain 300, Y's lot costs 400."""
    ledger = flows(
        *buy("t1", "2023-01-01", "X", "1", "100"),
        ("t2", "2023-02-01", "w", "TRADE", "X", "OUT", "1", "400"),
        ("t2", "2023-02-01", "w", "TRADE", "Y", "IN", "3", ""),
    )
    result = compute(ledger, CostBasisMethod.FIFO)
    assert _gains(result.disposals) == [Decimal(300)]
    assert result.lots.filter(pl.col("asset") == "Y")["cost_basis"].to_list() == [Decimal(400)]


def test_income_gift_lost_and_donation() -> None:
    """Staking 2 worth 50: income 50 and a lot at 50. A gift received keeps the donor's basis (30)
    and is not income. Lost coins are disposed of for nothing; a donation at market value."""
    ledger = flows(
        ("t1", "2023-01-01", "w", "STAKING_REWARD", "X", "IN", "2", "50"),
        ("t2", "2023-01-02", "w", "GIFT_RECEIVED", "X", "IN", "1", "30"),
        ("t3", "2023-02-01", "w", "LOST", "X", "OUT", "1", "80"),
        ("t4", "2023-03-01", "w", "DONATION", "X", "OUT", "2", "200"),
    )
    result = compute(ledger, CostBasisMethod.FIFO)
    assert result.income.select("type", "value").rows() == [("STAKING_REWARD", Decimal(50))]
    assert result.disposals.select("type", "proceeds", "cost_basis").rows() == [
        ("LOST", Decimal(0), Decimal(25)),
        ("DONATION", Decimal(100), Decimal(25)),
        ("DONATION", Decimal(100), Decimal(30)),
    ]


def test_a_saved_snapshot_continues_the_computation(tmp_path: Path) -> None:
    """Freeze after 2022: HIFO from the reloaded snapshot takes the 300 lot, as from scratch."""
    ledger = flows(
        *buy("t1", "2022-01-01", "X", "1", "100"),
        *buy("t2", "2022-06-01", "X", "1", "300"),
        *sell("t3", "2022-09-01", "X", "0.5", "150"),
        *sell("t4", "2023-03-01", "X", "1", "400"),
    )
    frozen = compute(ledger, CostBasisMethod.HIFO, until=datetime(2023, 1, 1, tzinfo=UTC))
    frozen.snapshot.save(tmp_path / "2022.parquet")
    resumed = compute(ledger, CostBasisMethod.HIFO, start=Snapshot.load(tmp_path / "2022.parquet"))
    assert resumed.disposals.select("lot_id", "quantity", "cost_basis").rows() == [
        ("t2:0", Decimal("0.5"), Decimal(150)),
        ("t1:0", Decimal("0.5"), Decimal(50)),
    ]
    assert resumed.disposals.equals(
        compute(ledger, CostBasisMethod.HIFO).disposals.filter(pl.col("tx_id") == "t4")
    )
