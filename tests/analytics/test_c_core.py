"""The C core (analytics/lots/_c_core.c) against the Python/Polars reference: the same numbers,
value for value, and its exact 128-bit arithmetic against Python integers."""

import random
from datetime import UTC, datetime
from decimal import Decimal
from typing import NoReturn

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analytics.lots import compute, events, walk
from analytics.lots.c_core import _c_core, c_core_available, paired, rescaled
from analytics.lots.ledger_input import validate_ledger
from analytics.lots.snapshot import Snapshot
from analytics.lots.timeline import MethodTimeline
from analytics.lots.walk import C_CORE_CARRYING
from tests.analytics.ledgers import buy, flows, sell
from tests.analytics.test_properties import START, ledgers
from vocabulary.enums import AllocationScope, CostBasisMethod

common = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
C_CORE_METHODS = (CostBasisMethod.FIFO, CostBasisMethod.LIFO, CostBasisMethod.HIFO, CostBasisMethod.LOFO)


def test_the_extension_is_built() -> None:
    # `pip install -e .` builds it; without it the engine still works, only slower
    assert c_core_available()


def _both(
    ledger: pl.DataFrame,
    method: CostBasisMethod,
    scope: AllocationScope,
    monkeypatch: pytest.MonkeyPatch,
    start: Snapshot | None = None,
) -> None:
    native = compute(ledger, method, scope, start=start)
    with monkeypatch.context() as patched:
        patched.setattr(walk, "_c_core", None)
        patched.setattr(events, "_c_core", None)
        reference = compute(ledger, method, scope, start=start)
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


@common
@given(
    st.lists(operation, min_size=1, max_size=30),
    st.sampled_from(C_CORE_METHODS),
    st.sampled_from(sorted(C_CORE_CARRYING)),
    st.sampled_from(tuple(AllocationScope)),
    st.integers(1, 28),
)
def test_c_core_continues_from_a_snapshot_as_the_reference_does(
    ops: list[tuple[int, str, str, str, str, str, str]],
    frozen_by: CostBasisMethod,
    method: CostBasisMethod,
    scope: AllocationScope,
    cut_day: int,
) -> None:
    """A checkpoint's or a frozen year's open lots carried in, with the ranks a HIFO or LOFO year gave
    them handed back unchanged: FIFO and LIFO walk on from them in the C core as in Python."""
    ledger = _rich(ops)
    frozen = compute(ledger, frozen_by, scope, until=START.replace(day=cut_day)).snapshot
    with pytest.MonkeyPatch.context() as monkeypatch:
        _both(ledger, method, scope, monkeypatch, frozen)


@pytest.mark.parametrize("scope", tuple(AllocationScope))
@pytest.mark.parametrize("method", sorted(C_CORE_CARRYING))
def test_fifo_and_lifo_continue_from_carried_lots_in_the_c_core(
    method: CostBasisMethod, scope: AllocationScope, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = flows(
        *buy("b0", "2023-12-01T00:00:00Z", "SOL", "3", "30"),  # carried, and no event of it after
        *buy("b1", "2024-01-01T00:00:00Z", "BTC", "2", "100"),
        *buy("b2", "2024-02-01T00:00:00Z", "BTC", "1", "300"),
        *sell("s1", "2024-03-01T00:00:00Z", "BTC", "1.5", "600"),
        *buy("b3", "2024-04-01T00:00:00Z", "ETH", "4", "40"),
        *sell("s2", "2024-05-01T00:00:00Z", "BTC", "1", "500"),
    )
    frozen = compute(ledger, method, scope, until=datetime(2024, 3, 15, tzinfo=UTC)).snapshot
    reference = compute(ledger, method, scope)

    def no_python_walk(*_: object) -> NoReturn:
        raise AssertionError("the Python walk was taken")

    monkeypatch.setattr(walk, "python_match", no_python_walk)
    resumed = compute(ledger, method, scope, start=frozen)
    assert resumed.disposals.equals(reference.disposals.filter(pl.col("disposed_at") >= frozen.as_of))
    # the acquisition order counts from the carried lots' on: only the lots themselves compare
    open_lots = [result.snapshot.lots.drop("order").sort("lot_id") for result in (resumed, reference)]
    assert open_lots[0].equals(open_lots[1])


def test_hifo_and_lofo_do_not_carry_lots_into_the_c_core() -> None:
    ledger = flows(*buy("b1", "2024-01-01T00:00:00Z", "BTC", "2", "100"))
    assert _c_core is not None
    for method in (CostBasisMethod.HIFO, CostBasisMethod.LOFO):
        timeline = MethodTimeline.single(method)
        found = events.build_events(validate_ledger(ledger), "USD").sorted()
        assert walk.c_core_method(found, timeline, carrying=True) is None
        assert walk.c_core_method(found, timeline, carrying=False) is not None
    with pytest.raises(ValueError, match="FIFO and LIFO only"):
        _c_core.match(*_one_carried_lot(method=2))


def _one_carried_lot(method: int) -> tuple[object, ...]:
    """The C core's arguments for no events and one carried lot of one asset."""
    none64, one64 = bytes(8), (1).to_bytes(8, "little")
    starts = none64 + none64  # one asset, no events
    return (
        method,
        False,
        0,
        starts,
        b"",
        b"",
        b"",
        b"",
        b"",
        b"",
        b"",
        1,
        1,
        1,
        1,
        none64 + one64,
        bytes(4),
        (5).to_bytes(16, "little"),
        (9).to_bytes(16, "little"),
        none64,
        none64,
        none64,
    )


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


def _pairing_frames(sale_days: list[int]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """One line of one unit for $100 on day 10, and sales of the same on `sale_days` (all asset 0)."""
    exact = 10**18

    def frame(days: list[int]) -> pl.DataFrame:
        count = len(days)
        return pl.DataFrame(
            {
                "asset": [0] * count,
                "day": days,
                "units": [exact] * count,
                "proceeds": [100 * exact] * count,
            },
            schema={"asset": pl.Int32, "day": pl.Int32, "units": pl.Int128, "proceeds": pl.Int128},
        )

    return frame([10]), frame(sale_days)


def test_a_line_takes_the_nearest_day_then_the_first_sale() -> None:
    lines, sales = _pairing_frames([9, 10, 10, 11])
    both = pl.concat([lines, lines])
    assert paired(both, sales, 10**10, 10**18, 1).to_list() == [1, 2]  # the same day, the first
    three = pl.concat([lines, lines, lines, lines])
    assert paired(three, sales, 10**10, 10**18, 1).to_list() == [1, 2, 0, 3]  # then a day apart
    assert paired(three, sales, 10**10, 10**18, 0).to_list() == [1, 2, -1, -1]


def _keys(rows: list[tuple[int, int, int | None, int]]) -> pl.DataFrame:
    """(asset, day, units, proceeds) rows, the amounts in whole units (10**18)."""
    return pl.DataFrame(
        [
            (asset, day, None if units is None else units * 10**18, proceeds * 10**18)
            for asset, day, units, proceeds in rows
        ],
        schema={"asset": pl.Int32, "day": pl.Int32, "units": pl.Int128, "proceeds": pl.Int128},
        orient="row",
    )


def test_a_line_fits_by_units_or_by_proceeds_and_takes_the_closest_proceeds() -> None:
    sales = _keys([(0, 10, 5, 100), (1, 10, 1, 103), (1, 10, 2, 101), (1, 10, 3, 200), (0, 11, 1, 100)])
    lines = _keys(
        [
            (1, 10, 1, 100),  # units fit sale 1 ($3 off), proceeds fit sale 2 ($1 off): the closer
            (1, 10, None, 103),  # no units: proceeds fit sale 1 (and sale 2, taken)
            (1, 10, 3, 500),  # units fit sale 3, proceeds far off
            (1, 10, 4, 150),  # neither
            (0, 10, 1, 101),  # asset 0: proceeds fit sale 0 within the tolerance exactly, and the next day's
        ]
    )
    assert paired(lines, sales, 10**10, 10**18, 1).to_list() == [2, 1, 3, -1, 0]
    # a hair under a dollar: the first line's proceeds fit nothing, it takes sale 1 by units, and the
    # second's fit sale 1 alone; asset 0's line fits the next day's sale by units
    assert paired(lines, sales, 10**10, 10**18 - 1, 1).to_list() == [1, -1, 3, -1, 4]
    assert paired(lines.clear(), sales, 10**10, 10**18, 1).to_list() == []
    assert paired(lines, sales.clear(), 10**10, 10**18, 1).to_list() == [-1] * 5


def test_the_pairing_asks_for_sales_sorted_by_day_and_asset() -> None:
    lines, sales = _pairing_frames([11, 10])
    with pytest.raises(ValueError, match="not sorted by day and asset"):
        paired(lines, sales, 10**10, 10**18, 1)
    with pytest.raises(ValueError, match="not sorted by day and asset"):
        paired(lines, _keys([(1, 10, 1, 100), (0, 10, 1, 100)]), 10**10, 10**18, 1)
    with pytest.raises(ValueError, match="negative"):
        paired(lines, sales.reverse(), -1, 10**18, 1)
    with pytest.raises(ValueError, match="over 366"):
        paired(lines, sales.reverse(), 10**10, 10**18, 367)
    assert _c_core is not None
    with pytest.raises(ValueError, match="sale_units: buffer too short"):
        _c_core.pair(1, 2, *([bytes(32)] * 5), bytes(8), bytes(8), bytes(16), bytes(32), 0, 0, 1)


@common
@given(
    st.lists(
        st.tuples(
            st.integers(-(10**38) + 1, 10**38 - 1) | st.none(),
            st.integers(0, 2**126) | st.integers(0, 10**20) | st.none(),
        ),
        min_size=1,
        max_size=5,
    ),
    st.integers(0, 36),
)
def test_rescaling_is_pythons_exact_rounding_half_away_from_zero(
    rows: list[tuple[int | None, int | None]], scale: int
) -> None:
    divisor = 10**scale
    expected: list[int | None] = []
    for value, factor in rows:
        if value is None or factor is None:
            expected.append(None)
            continue
        quotient, remainder = divmod(abs(value) * factor, divisor)
        rounded = quotient + (2 * remainder >= divisor)
        expected.append(-rounded if value < 0 else rounded)
    values, factors = (pl.Series(column, dtype=pl.Int128) for column in zip(*rows, strict=True))
    made = rescaled(values, factors, divisor)
    if all(each is None or abs(each) <= 2**127 - 1 for each in expected):
        assert made is not None and made.to_list() == expected
    else:  # out of the int128 range
        assert made is None


def test_rescaling_half_a_unit_goes_away_from_zero() -> None:
    values = pl.Series([5, -5, 15, -15, 14, None], dtype=pl.Int128)
    made = rescaled(values, pl.Series([1] * 6, dtype=pl.Int128), 10)
    assert made is not None and made.to_list() == [1, -1, 2, -2, 1, None]
    assert rescaled(values, pl.Series([-1] * 6, dtype=pl.Int128), 10) is None  # a factor below 0
