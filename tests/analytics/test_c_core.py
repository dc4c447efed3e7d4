"""The C core (analytics/lots/_c_core.c) against the Python/Polars reference: the same numbers,
value for value, and its exact 128-bit arithmetic against Python integers."""

import random
from decimal import Decimal

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analytics.lots import compute, events, walk
from analytics.lots.c_core import _c_core, c_core_available
from tests.analytics.ledgers import buy, flows, sell
from tests.analytics.test_properties import START, ledgers
from vocabulary.enums import AllocationScope, CostBasisMethod

common = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
C_CORE_METHODS = (CostBasisMethod.FIFO, CostBasisMethod.LIFO, CostBasisMethod.HIFO, CostBasisMethod.LOFO)


def test_the_extension_is_built() -> None:
    # `pip install -e .` builds it; without it the engine still works, only slower
    assert c_core_available()


def _both(
    ledger: pl.DataFrame, method: CostBasisMethod, scope: AllocationScope, monkeypatch: pytest.MonkeyPatch
) -> None:
    native = compute(ledger, method, scope)
    with monkeypatch.context() as patched:
        patched.setattr(walk, "_c_core", None)
        patched.setattr(events, "_c_core", None)
        reference = compute(ledger, method, scope)
    for name in ("lots", "disposals", "income"):
        mine, theirs = getattr(native, name), getattr(reference, name)
        assert mine.schema == theirs.schema, name
        assert mine.equals(theirs), name
    assert native.snapshot.lots.equals(reference.snapshot.lots)


@common
@given(ledgers, st.sampled_from(C_CORE_METHODS), st.sampled_from(tuple(AllocationScope)))
def test_c_core_walk_and_valuation_match_the_reference(
    ledger: pl.DataFrame, method: CostBasisMethod, scope: AllocationScope
) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        _both(ledger, method, scope, monkeypatch)


# Transactions the property ledgers lack: several crypto legs sharing a fee, trades with and
# without values, fees above proceeds, missing prices and huge numbers (the 256-bit paths).
amount = st.one_of(
    st.integers(1, 10**6).map(lambda n: format(Decimal(n).scaleb(-3), "f")),
    st.integers(1, 10**19).map(lambda n: format(Decimal(n).scaleb(-18), "f")),
    st.integers(10**17, 10**19).map(lambda n: format(Decimal(n).scaleb(-3), "f")),
)
operation = st.tuples(
    st.integers(0, 60),
    st.sampled_from(("BUY2", "TRADE", "TRADE_NO_VALUE", "SELL_BIG_FEE", "BUY", "SELL", "MOVE", "RECEIVE")),
    st.sampled_from(("X", "Y")),
    st.sampled_from(("a", "b")),
    amount,
    amount,
    st.sampled_from(("", "0.5", "1", "7.25")),
)


def _rich(ops: list[tuple[int, str, str, str, str, str, str]]) -> pl.DataFrame:
    rows: list[tuple[str, ...]] = []
    for number, (day, kind, asset, account, quantity, value, fee) in enumerate(ops):
        tx = f"r{number:03d}"
        when = START.replace(day=1 + day % 28, minute=number % 60).isoformat()
        other = "Y" if asset == "X" else "X"
        wallet = "b" if account == "a" else "a"
        if kind == "BUY2":
            rows += [
                (tx, when, account, "BUY", asset, "IN", quantity, value),
                (tx, when, account, "BUY", other, "IN", value, ""),
                (tx, when, account, "BUY", "USD", "OUT", value, ""),
            ]
        elif kind == "TRADE":
            rows += [
                (tx, when, account, "TRADE", asset, "OUT", quantity, value),
                (tx, when, account, "TRADE", other, "IN", value, ""),
            ]
        elif kind == "TRADE_NO_VALUE":
            rows += [
                (tx, when, account, "TRADE", asset, "OUT", quantity, ""),
                (tx, when, account, "TRADE", other, "IN", value, ""),
            ]
        elif kind == "SELL_BIG_FEE":
            rows += [
                (tx, when, account, "SELL", asset, "OUT", quantity, ""),
                (tx, when, account, "SELL", "USD", "IN", "0.01", ""),
                (tx, when, account, "SELL", "USD", "OUT", "5", "", "true", ""),
            ]
        elif kind == "MOVE":
            rows += [
                (tx, when, account, "TRANSFER", asset, "OUT", value, "3", "false", tx),
                (
                    tx,
                    when,
                    wallet,
                    "TRANSFER",
                    asset,
                    "IN",
                    format(min(Decimal(quantity), Decimal(value)), "f"),
                    "",
                    "false",
                    tx,
                ),
            ]
        else:
            side = "IN" if kind in ("BUY", "RECEIVE") else "OUT"
            rows += [(tx, when, account, kind, asset, side, quantity, value if kind == "RECEIVE" else "")]
            if kind != "RECEIVE":
                rows += [(tx, when, account, kind, "USD", "OUT" if side == "IN" else "IN", value, "")]
        if fee:
            rows.append((tx, when, account, rows[-1][3], "USD", "OUT", fee, "", "true", ""))
    return flows(*rows)


@common
@given(
    st.lists(operation, min_size=1, max_size=30),
    st.sampled_from(C_CORE_METHODS),
    st.sampled_from(tuple(AllocationScope)),
)
def test_c_core_matches_the_reference_on_awkward_ledgers(
    ops: list[tuple[int, str, str, str, str, str, str]], method: CostBasisMethod, scope: AllocationScope
) -> None:
    ledger = _rich(ops)
    with pytest.MonkeyPatch.context() as monkeypatch:
        _both(ledger, method, scope, monkeypatch)


def test_exact_muldiv_and_ratio_comparison() -> None:
    rng = random.Random(11)

    def draw() -> int:
        return rng.randrange(0, 2 ** rng.choice((1, 8, 63, 64, 65, 100, 126, 127)))

    for _ in range(20_000):
        a, b, c = draw() * rng.choice((1, -1)), draw(), draw() or 1
        b, c = min(b, c), max(b, c)
        assert _c_core.floor_muldiv(a, b, c) == (a * b) // c
        w, x, y, z = draw(), draw() or 1, draw(), draw() or 1
        assert _c_core.compare_ratios(w, x, y, z) == (w * z > y * x) - (w * z < y * x)
    top = 2**127 - 1
    for a, b, c in (
        (top, top, top),
        (-top, 2**126, top),
        (10**38, 10**18, 10**18 + 1),
        (-1, 1, 3),
        (-4, 1, 3),
    ):
        assert _c_core.floor_muldiv(a, b, c) == (a * b) // c


@pytest.mark.parametrize("dearer_first", [True, False])
def test_costs_per_unit_a_part_in_ten_to_the_nineteen_apart_are_ranked_exactly(dearer_first: bool) -> None:
    # 10.000000000000000001 / 3 and 10 / 3 round to the same double: the C core compares them exactly
    dearer = buy("dear", "2024-01-01T00:00:00", "X", "3", "10.000000000000000001")
    cheaper = buy("cheap", "2024-01-02T00:00:00", "X", "3", "10")
    acquisitions = [*dearer, *cheaper] if dearer_first else [*cheaper, *dearer]
    ledger = flows(*acquisitions, *sell("out", "2024-02-01T00:00:00", "X", "3", "12"))
    for method, expected in ((CostBasisMethod.HIFO, "dear:0"), (CostBasisMethod.LOFO, "cheap:0")):
        result = compute(ledger, method, AllocationScope.UNIVERSAL)
        assert result.disposals["lot_id"].to_list() == [expected]


@common
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["BTC", "ETH", "a-long-asset-symbol", "É", "0x"]),
            st.integers(-(2**40), 2**40),
            st.sampled_from([0, 1, 2]),
            st.integers(0, 2**32 - 1),
            st.integers(0, 2**24 + 1),
        ),
        max_size=60,
        unique_by=lambda event: (event[0], event[2], event[3], event[4]),
    )
)
def test_the_core_orders_events_as_polars_sorts_them(keys: list[tuple[str, int, int, int, int]]) -> None:
    frame = pl.DataFrame(
        keys,
        schema={"asset": pl.String, "ts": pl.Int64, "kind": pl.Int8, "tx": pl.UInt32, "ordinal": pl.Int64},
        orient="row",
    )
    assert frame[events.order(frame)].equals(frame.sort(events._ORDER))
