"""The universal → per-wallet allocation (Rev. Proc. 2024-28): worked cases for each rule, and over
random ledgers and balances every lot's quantity and basis conserved to the last unit."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import polars as pl
from hypothesis import given
from hypothesis import strategies as st

from analytics.lots import Snapshot, compute
from analytics.lots.allocation import HOLDINGS_SCHEMA, allocate, holdings_at
from tests.analytics.ledgers import buy, flows, sell, transfer
from tests.analytics.test_properties import LOT_METHODS, START, common, ledgers
from vocabulary.enums import AllocationScope, CostBasisMethod
from vocabulary.lot_allocation import LotAllocationMethod

CUT = datetime(2025, 1, 1, tzinfo=UTC)


def _holdings(*rows: tuple[str, str, str]) -> pl.DataFrame:
    return pl.DataFrame(
        [(account, asset, Decimal(quantity)) for account, asset, quantity in rows],
        schema=HOLDINGS_SCHEMA,
        orient="row",
    )


def _universal() -> Snapshot:
    """Wallet a bought 1 BTC at 100 then wallet b 1 BTC at 300; b sold 0.5: FIFO in the universal
    scope took it from a's lot, so the record keeps 0.5 in a and 1 in b while a holds 1 and b 0.5."""
    ledger = flows(
        *buy("t1", "2024-01-01T00:00:00Z", "BTC", "1", "100", "a"),
        *buy("t2", "2024-02-01T00:00:00Z", "BTC", "1", "300", "b"),
        *sell("t3", "2024-03-01T00:00:00Z", "BTC", "0.5", "200", "b"),
    )
    return compute(ledger, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL, until=CUT).snapshot


def _placed(snapshot: Snapshot) -> list[tuple[str, str, Decimal, Decimal]]:
    rows = snapshot.lots.select("lot_id", "account", "remaining", "remaining_cost_basis").sort(
        "lot_id", "account"
    )
    return [
        (lot, account, Decimal(q).normalize(), Decimal(b).normalize())
        for lot, account, q, b in rows.iter_rows()
    ]


def test_a_wallets_rows_of_one_asset_are_summed_before_its_balance_counts() -> None:
    """b's rows of BTC net to nothing (hypothesis found it: a positive row alone once gave b room), so
    both lots go to a, which holds 1.5, and the rest stays where the record has it."""
    universal = _universal()
    holdings = _holdings(("a", "BTC", "1.5"), ("b", "BTC", "0.001"), ("b", "BTC", "-0.001"))
    result = allocate(universal, holdings, LotAllocationMethod.SPECIFIC_UNIT)
    into_b = result.moves.filter(pl.col("to_account") == "b", pl.col("from_account") != "b")
    assert into_b.height == 0
    assert result.snapshot.lots.filter(pl.col("account") == "a")["remaining"].sum() == Decimal("1.5")


def test_specific_unit_keeps_lots_where_the_record_has_them_up_to_each_balance() -> None:
    universal = _universal()
    lot_a, lot_b = sorted(universal.lots["lot_id"].to_list())
    result = allocate(
        universal, _holdings(("a", "BTC", "1"), ("b", "BTC", "0.5")), LotAllocationMethod.SPECIFIC_UNIT
    )
    assert result.snapshot.scope is AllocationScope.WALLET
    assert result.snapshot.as_of == CUT
    # a keeps its 0.5 and takes 0.5 of b's lot (b has room for only 0.5)
    assert _placed(result.snapshot) == [
        (lot_a, "a", Decimal("0.5"), Decimal("50")),
        (lot_b, "a", Decimal("0.5"), Decimal("150")),
        (lot_b, "b", Decimal("0.5"), Decimal("150")),
    ]
    assert result.uncovered.is_empty()


def test_global_fills_the_wallets_in_their_order_oldest_lot_first() -> None:
    universal = _universal()
    lot_a, lot_b = sorted(universal.lots["lot_id"].to_list())
    # wallet b was added first: the oldest lot (a's, at 100) goes to b first
    result = allocate(
        universal, _holdings(("b", "BTC", "0.5"), ("a", "BTC", "1")), LotAllocationMethod.GLOBAL
    )
    assert _placed(result.snapshot) == [
        (lot_a, "b", Decimal("0.5"), Decimal("50")),
        (lot_b, "a", Decimal("1"), Decimal("300")),
    ]


def test_balances_beyond_the_lots_are_reported_and_lots_beyond_balances_stay() -> None:
    universal = _universal()
    result = allocate(universal, _holdings(("a", "BTC", "2")), LotAllocationMethod.GLOBAL)
    assert result.snapshot.lots["account"].unique().to_list() == ["a"]
    assert result.uncovered.rows() == [("a", "BTC", Decimal("2"), Decimal("0.5"))]
    nothing_held = allocate(universal, _holdings(), LotAllocationMethod.GLOBAL)
    assert sorted(nothing_held.snapshot.lots["account"].to_list()) == ["a", "b"]


def test_holdings_are_each_wallets_balance_before_the_cut() -> None:
    ledger = flows(
        *buy("t1", "2024-01-01T00:00:00Z", "BTC", "1", "100", "a"),
        *transfer("t2", "2024-06-01T00:00:00Z", "BTC", "0.25", "a", "b"),
        *sell("t3", "2025-01-01T00:00:00Z", "BTC", "0.5", "200", "a"),
    )
    held = holdings_at(ledger, CUT).filter(pl.col("asset") == "BTC")
    assert held.rows() == [("a", "BTC", Decimal("0.75")), ("b", "BTC", Decimal("0.25"))]


def test_the_per_wallet_run_continues_from_the_allocation() -> None:
    universal = _universal()
    result = allocate(
        universal, _holdings(("a", "BTC", "1"), ("b", "BTC", "0.5")), LotAllocationMethod.SPECIFIC_UNIT
    )
    later = flows(*sell("t4", "2025-02-01T00:00:00Z", "BTC", "0.5", "400", "b"))
    run = compute(later, CostBasisMethod.FIFO, AllocationScope.WALLET, start=result.snapshot)
    (disposal,) = run.disposals.iter_rows(named=True)
    assert disposal["account"] == "b" and disposal["cost_basis"] == Decimal("150")


@common
@given(
    ledgers,
    st.sampled_from(LOT_METHODS),
    st.sampled_from(tuple(LotAllocationMethod)),
    st.integers(0, 420),
    st.lists(
        st.tuples(st.sampled_from(("a", "b", "c")), st.sampled_from(("X", "Y")), st.integers(-50, 9000))
    ),
)
def test_every_lot_keeps_its_quantity_and_basis_to_the_last_unit(
    ledger: pl.DataFrame,
    method: CostBasisMethod,
    rule: LotAllocationMethod,
    cut_day: int,
    extra: list[tuple[str, str, int]],
) -> None:
    cut = START + timedelta(days=cut_day)
    universal = compute(ledger, method, AllocationScope.UNIVERSAL, until=cut).snapshot
    # the ledger's own balances, or made-up ones (short, long, negative, wallets without lots)
    holdings = (
        holdings_at(ledger, cut)
        if not extra
        else _holdings(*((account, asset, str(Decimal(milli).scaleb(-3))) for account, asset, milli in extra))
    )
    result = allocate(universal, holdings, rule)

    def per_lot(lots: pl.DataFrame) -> dict[str, tuple[Decimal, Decimal]]:
        summed = (
            lots.filter(pl.col("remaining") > 0)
            .group_by("lot_id")
            .agg(pl.col("remaining").sum(), pl.col("remaining_cost_basis").sum())
        )
        return {lot: (quantity, basis) for lot, quantity, basis in summed.iter_rows()}

    assert per_lot(result.snapshot.lots) == per_lot(universal.lots)
    assert (result.snapshot.lots["remaining_cost_basis"] >= 0).all()
    assert result.moves["quantity"].sum() == universal.lots["remaining"].sum()
    assert result.moves["cost_basis"].sum() == universal.lots["remaining_cost_basis"].sum()
    # no wallet gets more than its balance, unless the lots outrun every balance of the asset
    balance = {
        (a, s): q
        for a, s, q in holdings.group_by("account", "asset").agg(pl.col("quantity").sum()).iter_rows()
    }
    placed = result.moves.group_by("to_account", "asset").agg(pl.col("quantity").sum())
    overflow = result.moves.filter(pl.col("from_account") == pl.col("to_account"))
    for account, asset, quantity in placed.iter_rows():
        if quantity > max(balance.get((account, asset), Decimal(0)), Decimal(0)):
            assert overflow.filter(pl.col("asset") == asset, pl.col("to_account") == account).height
    # what it gives is a per-wallet record the engine continues from
    compute(ledger, CostBasisMethod.FIFO, AllocationScope.WALLET, start=result.snapshot)
