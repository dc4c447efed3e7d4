"""Carries: a conversion into another asset that is not a disposal (TREATMENTS.md, "Carries")."""

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analytics.lots import LedgerError, MethodTimeline, Period, compute
from analytics.lots.run import compute_and_write
from analytics.lots.writers import Part, Written
from tests.analytics.ledgers import buy, flows, sell, transfer
from vocabulary.enums import AllocationScope, CostBasisMethod

BOTH_SCOPES = (AllocationScope.UNIVERSAL, AllocationScope.WALLET)


def carry(
    tx: str,
    when: str,
    sent: tuple[str, str],
    received: tuple[str, str],
    account: str = "exchange",
    to_account: str | None = None,
) -> list[tuple[str, ...]]:
    """A carry of `sent` (asset, quantity) into `received` (asset, quantity)."""
    return [
        (tx, when, account, "CARRY", sent[0], "OUT", sent[1], ""),
        (tx, when, to_account or account, "CARRY", received[0], "IN", received[1], ""),
    ]


def _total(column: pl.Series) -> Decimal:
    return Decimal(str(column.sum()))


def _rows(frame: pl.DataFrame, *names: str) -> list[tuple[object, ...]]:
    return frame.select(names).rows()


@pytest.mark.parametrize("scope", BOTH_SCOPES)
def test_wrap_then_sell_gains_over_the_original_basis_and_date(scope: AllocationScope) -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "2", "2000"),
        *carry("t2", "2022-06-01T00:00:00Z", ("ETH", "2"), ("WETH", "2")),
        *sell("t3", "2023-03-01T00:00:00Z", "WETH", "2", "5000"),
    )
    result = compute(ledger, CostBasisMethod.FIFO, scope)
    # the carry is no disposal: the one sale gains over the ETH's cost, held from the ETH purchase
    assert _rows(result.disposals, "asset", "proceeds", "cost_basis", "gain", "term", "origin_lot_id") == [
        ("WETH", Decimal(5000), Decimal(2000), Decimal(3000), "LONG", "t1:0")
    ]
    assert result.disposals["acquired_at"].to_list() == [datetime(2022, 1, 10, tzinfo=UTC)]
    carried = result.lots.filter(pl.col("asset") == "WETH")
    assert _rows(carried, "lot_id", "transfer_chain", "quantity", "cost_basis") == [
        ("t1:0>t2:1", "t2:1", Decimal(2), Decimal(2000))
    ]


@pytest.mark.parametrize("scope", BOTH_SCOPES)
def test_wrap_and_unwrap_round_trip_keeps_the_lots(scope: AllocationScope) -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "1", "1000"),
        *buy("t2", "2022-02-10T00:00:00Z", "ETH", "1", "3000"),
        *carry("t3", "2022-06-01T00:00:00Z", ("ETH", "2"), ("WETH", "2")),
        *carry("t4", "2022-07-01T00:00:00Z", ("WETH", "2"), ("ETH", "2")),
        *sell("t5", "2022-08-01T00:00:00Z", "ETH", "1", "1500"),
    )
    result = compute(ledger, CostBasisMethod.FIFO, scope)
    assert _rows(result.disposals, "asset", "cost_basis", "gain", "origin_lot_id", "transfer_chain") == [
        ("ETH", Decimal(1000), Decimal(500), "t1:0", "t3:1>t4:1")
    ]
    assert result.disposals["acquired_at"].to_list() == [datetime(2022, 1, 10, tzinfo=UTC)]
    open_lots = result.lots.filter(pl.col("remaining") > 0)
    assert _rows(open_lots, "asset", "origin_lot_id", "remaining", "remaining_cost_basis") == [
        ("ETH", "t2:0", Decimal(1), Decimal(3000))
    ]


def test_a_partial_carry_scales_quantities_and_keeps_the_basis_pro_rata() -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "4", "4000"),
        # 1 ETH becomes 0.9 stETH (a rate, not 1:1)
        *carry("t2", "2022-06-01T00:00:00Z", ("ETH", "1"), ("stETH", "0.9")),
        *sell("t3", "2022-07-01T00:00:00Z", "stETH", "0.45", "900"),
    )
    result = compute(ledger, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL)
    assert _rows(result.disposals, "asset", "quantity", "cost_basis", "gain") == [
        ("stETH", Decimal("0.45"), Decimal(500), Decimal(400))
    ]
    lots = {
        asset: (q, cost)
        for asset, q, cost in _rows(result.lots, "asset", "remaining", "remaining_cost_basis")
    }
    assert lots == {"ETH": (Decimal(3), Decimal(3000)), "stETH": (Decimal("0.45"), Decimal(500))}


@pytest.mark.parametrize(("method", "cost"), [(CostBasisMethod.FIFO, 1000), (CostBasisMethod.HIFO, 3000)])
def test_a_carry_takes_lots_in_the_methods_order(method: CostBasisMethod, cost: int) -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "1", "1000"),
        *buy("t2", "2022-02-10T00:00:00Z", "ETH", "1", "3000"),
        *carry("t3", "2022-06-01T00:00:00Z", ("ETH", "1"), ("WETH", "1")),
        *sell("t4", "2022-08-01T00:00:00Z", "WETH", "1", "2000"),
    )
    result = compute(ledger, method, AllocationScope.UNIVERSAL)
    assert _rows(result.disposals, "asset", "cost_basis") == [("WETH", Decimal(cost))]


def test_wallet_scope_carries_from_the_sending_wallet_into_the_receiving_one() -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "1", "1000", account="cold"),
        *buy("t2", "2022-02-10T00:00:00Z", "ETH", "1", "3000", account="hot"),
        *carry("t3", "2022-06-01T00:00:00Z", ("ETH", "1"), ("WETH", "1"), account="hot", to_account="defi"),
        *sell("t4", "2022-08-01T00:00:00Z", "WETH", "1", "2000", account="defi"),
    )
    wallet = compute(ledger, CostBasisMethod.FIFO, AllocationScope.WALLET)
    assert _rows(wallet.disposals, "account", "cost_basis", "origin_lot_id") == [
        ("defi", Decimal(3000), "t2:0")
    ]
    universal = compute(ledger, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL)
    assert _rows(universal.disposals, "account", "cost_basis", "origin_lot_id") == [
        ("defi", Decimal(1000), "t1:0")
    ]


def test_carried_lots_keep_their_transfer_chain() -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "1", "1000", account="a"),
        *transfer("t2", "2022-02-10T00:00:00Z", "ETH", "1", "a", "b"),
        *carry("t3", "2022-06-01T00:00:00Z", ("ETH", "1"), ("WETH", "1"), account="b"),
        *sell("t4", "2022-08-01T00:00:00Z", "WETH", "1", "2000", account="b"),
    )
    result = compute(ledger, CostBasisMethod.FIFO, AllocationScope.WALLET)
    assert _rows(result.disposals, "lot_id", "origin_lot_id", "transfer_chain") == [
        ("t1:0>t2:1>t3:1", "t1:0", "t2:1>t3:1")
    ]


def test_a_carry_beyond_holdings_arrives_with_zero_basis_flagged() -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "1", "1000"),
        *carry("t2", "2022-06-01T00:00:00Z", ("ETH", "2"), ("WETH", "2")),
    )
    result = compute(ledger, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL)
    weth = result.lots.filter(pl.col("asset") == "WETH")
    assert _rows(weth, "quantity", "cost_basis", "callout") == [
        (Decimal(1), Decimal(1000), None),
        (Decimal(1), Decimal(0), "INSUFFICIENT_QUANTITY"),
    ]


def test_liquidity_of_two_tokens_shares_the_pool_token_by_value() -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "1", "1000"),
        *buy("t2", "2022-01-10T00:00:00Z", "USDC", "3000", "3000"),
        ("t3", "2022-06-01T00:00:00Z", "exchange", "CARRY", "ETH", "OUT", "1", "3000"),
        ("t3", "2022-06-01T00:00:00Z", "exchange", "CARRY", "USDC", "OUT", "3000", "3000"),
        ("t3", "2022-06-01T00:00:00Z", "exchange", "CARRY", "LP", "IN", "10", "6000"),
    )
    result = compute(ledger, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL)
    lp = result.lots.filter(pl.col("asset") == "LP")
    assert sorted(_rows(lp, "origin_lot_id", "quantity", "cost_basis")) == [
        ("t1:0", Decimal(5), Decimal(1000)),
        ("t2:0", Decimal(5), Decimal(3000)),
    ]
    assert result.disposals.is_empty()


def test_a_carry_with_one_side_only_is_refused() -> None:
    ledger = flows(("t1", "2022-01-10T00:00:00Z", "exchange", "CARRY", "ETH", "OUT", "1", ""))
    with pytest.raises(LedgerError, match="a carry needs an OUT leg and an IN leg"):
        compute(ledger, CostBasisMethod.FIFO)


def test_carries_under_a_timeline_and_the_run_path_agree_with_compute() -> None:
    ledger = flows(
        *buy("t1", "2022-01-10T00:00:00Z", "ETH", "1", "1000"),
        *buy("t2", "2022-02-10T00:00:00Z", "ETH", "1", "3000"),
        *carry("t3", "2022-06-01T00:00:00Z", ("ETH", "2"), ("WETH", "2")),
        *sell("t4", "2023-08-01T00:00:00Z", "WETH", "1", "2000"),
    )
    timeline = MethodTimeline((Period(datetime(2023, 1, 1, tzinfo=UTC).date(), None, CostBasisMethod.HIFO),))
    result = compute(ledger, timeline, AllocationScope.UNIVERSAL)
    assert _rows(result.disposals, "cost_basis") == [(Decimal(3000),)]

    writer = _Kept()
    batches = [ledger.slice(0, 4), ledger.slice(4)]  # whole transactions in order, as PostgreSQL gives them
    compute_and_write(batches, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL, writer)
    expected = compute(ledger, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL)
    assert pl.concat(writer.parts["disposals"]).equals(expected.disposals)
    assert pl.concat(writer.parts["lots"]).equals(expected.lots)


class _Kept:
    """A result writer that keeps the tables."""

    def __init__(self) -> None:
        self.parts: dict[str, list[pl.DataFrame]] = {}

    def start(self) -> None:
        pass

    def submit(self, parts: Sequence[Part]) -> None:
        for name, frame in parts:
            self.parts.setdefault(name, []).append(frame)

    def finish(self, written: Written) -> None:
        pass

    def abandon(self) -> None:
        pass


START = datetime(2022, 1, 1, tzinfo=UTC)
operation = st.tuples(
    st.integers(0, 200),  # day
    st.sampled_from(("BUY", "SELL", "CARRY")),
    st.sampled_from(("X", "Y")),
    st.sampled_from(("a", "b")),
    st.integers(1, 3000),  # quantity in 1e-3
    st.integers(1, 900),  # price
    st.integers(1, 3000),  # what a carry receives, in 1e-3
)


def _ledger(operations: list[tuple[int, str, str, str, int, int, int]]) -> pl.DataFrame:
    rows: list[tuple[str, ...]] = []
    for number, (day, kind, asset, account, milli, price, received) in enumerate(operations):
        tx, when = f"t{number:03d}", (START + timedelta(days=day, minutes=number)).isoformat()
        quantity, usd = str(Decimal(milli).scaleb(-3)), str(Decimal(milli * price).scaleb(-3))
        if kind == "BUY":
            rows += buy(tx, when, asset, quantity, usd, account)
        elif kind == "SELL":
            rows += sell(tx, when, asset, quantity, usd, account)
        else:
            other = "Y" if asset == "X" else "X"
            rows += carry(tx, when, (asset, quantity), (other, str(Decimal(received).scaleb(-3))), account)
    return flows(*rows)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(operation, min_size=1, max_size=25),
    st.sampled_from((CostBasisMethod.FIFO, CostBasisMethod.HIFO, CostBasisMethod.WAC)),
    st.sampled_from(BOTH_SCOPES),
)
def test_a_carry_conserves_basis_and_scales_quantity(
    operations: list[tuple[int, str, str, str, int, int, int]],
    method: CostBasisMethod,
    scope: AllocationScope,
) -> None:
    ledger = _ledger(operations)
    result = compute(ledger, method, scope)
    lots = result.lots
    # basis is neither made nor lost: what was bought is what was sold plus what is still held
    bought = _total(lots.filter(pl.col("transfer_chain") == "")["cost_basis"])
    sold = _total(result.disposals.filter(pl.col("lot_id").is_not_null())["cost_basis"])
    assert bought == sold + _total(lots["remaining_cost_basis"])
    # each carry's pieces (and its shortfall's, a lot of its own) add up to exactly what it received
    received = {
        f"{tx}:1": Decimal(str(quantity))
        for tx, kind, direction, quantity in _rows(ledger, "tx_id", "type", "direction", "quantity")
        if kind == "CARRY" and direction == "IN"
    }
    pieces = lots.with_columns(flow=pl.col("lot_id").str.split(">").list.last()).filter(
        pl.col("flow").is_in(list(received))
    )
    assert {flow: group["quantity"].sum() for (flow,), group in pieces.group_by("flow")} == received


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operation.filter(lambda op: op[1] != "CARRY"), min_size=1, max_size=25))
def test_without_carries_the_walk_together_equals_the_walk_per_asset(
    operations: list[tuple[int, str, str, str, int, int, int]],
) -> None:
    """The walk of every asset together (the carries' walk) gives today's result on a ledger without
    carries: a carry of nothing (an unrelated asset's) forces it, and adds only its own rows."""
    ledger = _ledger(operations)
    forced = pl.concat([ledger, flows(*carry("zz", "2030-01-01T00:00:00Z", ("P", "1"), ("Q", "1")))])
    for scope in BOTH_SCOPES:
        today = compute(ledger, CostBasisMethod.FIFO, scope)
        together = compute(forced, CostBasisMethod.FIFO, scope)
        assert together.disposals.equals(today.disposals)
        assert together.lots.filter(~pl.col("asset").is_in(["P", "Q"])).equals(today.lots)
