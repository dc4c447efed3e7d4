"""Properties over random ledgers: conservation, determinism, method-independent proceeds,
and snapshot + later flows = from scratch."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import polars as pl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analytics.lots import compute, write_outputs
from tests.analytics.ledgers import flows
from vocabulary.enums import AllocationScope, CostBasisMethod

START = datetime(2021, 1, 1, tzinfo=UTC)
LOT_METHODS = (
    CostBasisMethod.FIFO,
    CostBasisMethod.LIFO,
    CostBasisMethod.HIFO,
    CostBasisMethod.LOFO,
    CostBasisMethod.WAC,
)
ALL_METHODS = (*LOT_METHODS, CostBasisMethod.ACB, CostBasisMethod.SP)

operation = st.tuples(
    st.integers(0, 400),  # day
    st.sampled_from(("BUY", "SELL", "TRANSFER", "STAKING_REWARD", "FEE")),
    st.sampled_from(("X", "Y")),
    st.sampled_from(("a", "b")),
    st.integers(1, 5000),  # quantity in 1e-3
    st.integers(1, 900),  # price
    st.integers(0, 3),  # fee in USD
)


def _ledger(operations: list[tuple[int, str, str, str, int, int, int]]) -> pl.DataFrame:
    rows: list[tuple[str, ...]] = []
    for number, (day, kind, asset, account, milli, price, fee) in enumerate(operations):
        tx, when = f"t{number:03d}", (START + timedelta(days=day, minutes=number)).isoformat()
        quantity = str(Decimal(milli).scaleb(-3))
        usd = str(Decimal(milli * price).scaleb(-3))
        other = "b" if account == "a" else "a"
        if kind == "BUY":
            rows += [
                (tx, when, account, kind, asset, "IN", quantity, ""),
                (tx, when, account, kind, "USD", "OUT", usd, ""),
            ]
        elif kind == "SELL":
            rows += [
                (tx, when, account, kind, asset, "OUT", quantity, ""),
                (tx, when, account, kind, "USD", "IN", usd, ""),
            ]
        elif kind == "TRANSFER":
            rows += [
                (tx, when, account, kind, asset, "OUT", quantity, "", "false", tx),
                (tx, when, other, kind, asset, "IN", quantity, "", "false", tx),
            ]
        elif kind == "STAKING_REWARD":
            rows.append((tx, when, account, kind, asset, "IN", quantity, usd))
        else:
            rows.append((tx, when, account, kind, asset, "OUT", quantity, usd, "true", ""))
        if fee and kind in ("BUY", "SELL"):
            rows.append((tx, when, account, kind, "USD", "OUT", str(fee), "", "true", ""))
    return flows(*rows)


ledgers = st.lists(operation, min_size=1, max_size=40).map(_ledger)
common = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _originals(lots: pl.DataFrame) -> pl.DataFrame:
    return lots.filter(pl.col("lot_id") == pl.col("origin_lot_id"))


@common
@given(ledgers, st.sampled_from(ALL_METHODS), st.sampled_from(tuple(AllocationScope)))
def test_quantity_and_basis_are_conserved(
    ledger: pl.DataFrame, method: CostBasisMethod, scope: AllocationScope
) -> None:
    if scope is AllocationScope.WALLET and method in (CostBasisMethod.ACB, CostBasisMethod.SP):
        return
    result = compute(ledger, method, scope)
    consumed = result.disposals.filter(pl.col("lot_id").is_not_null())
    opened = _originals(result.lots)
    assert opened["quantity"].sum() == consumed["quantity"].sum() + result.lots["remaining"].sum()
    assert opened["cost_basis"].sum() + result.disposals["denied_loss"].sum() == (
        consumed["cost_basis"].sum() + result.lots["remaining_cost_basis"].sum()
    )
    assert (result.lots["remaining"] >= 0).all()


@common
@given(ledgers, st.sampled_from(ALL_METHODS))
def test_output_is_deterministic_byte_for_byte(
    tmp_path_factory: object, ledger: pl.DataFrame, method: CostBasisMethod
) -> None:
    base = Path(tmp_path_factory.mktemp("out"))  # type: ignore[attr-defined]
    write_outputs(compute(ledger, method), base / "one")
    # the same flows with the transactions in another order
    write_outputs(compute(ledger.sort("tx_id", descending=True, maintain_order=True), method), base / "two")
    for name in (
        "lots.csv",
        "disposals.csv",
        "income.csv",
        "lots.parquet",
        "disposals.parquet",
        "summary.json",
    ):
        assert (base / "one" / name).read_bytes() == (base / "two" / name).read_bytes(), name


@common
@given(ledgers)
def test_total_proceeds_do_not_depend_on_the_method(ledger: pl.DataFrame) -> None:
    totals = {compute(ledger, method).disposals["proceeds"].sum() for method in ALL_METHODS}
    assert len(totals) == 1


@common
@given(ledgers, st.sampled_from(LOT_METHODS), st.sampled_from(tuple(AllocationScope)), st.integers(0, 420))
def test_snapshot_plus_later_flows_equals_from_scratch(
    ledger: pl.DataFrame, method: CostBasisMethod, scope: AllocationScope, cut_day: int
) -> None:
    cut = START + timedelta(days=cut_day)
    scratch = compute(ledger, method, scope)
    frozen = compute(ledger, method, scope, until=cut)
    resumed = compute(ledger, method, scope, start=frozen.snapshot)

    later = scratch.disposals.filter(pl.col("disposed_at") >= cut)
    assert resumed.disposals.equals(later)
    assert resumed.income.equals(scratch.income.filter(pl.col("received_at") >= cut))
    columns = ["lot_id", "account", "acquired_at", "remaining", "remaining_cost_basis"]
    open_lots = [
        r.lots.filter(pl.col("remaining") > 0).select(columns).sort("lot_id") for r in (scratch, resumed)
    ]
    assert open_lots[0].equals(open_lots[1])
