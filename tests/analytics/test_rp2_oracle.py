"""RP2's golden results reproduced: per lot where RP2 does not fold a crypto fee into a slice,
and totals per asset, year and term everywhere."""

import csv
from collections import defaultdict
from datetime import datetime
from decimal import Decimal

import polars as pl
import pytest

from analytics.lots import compute
from tests.analytics.oracles import RP2, rp2_crypto_fee_events, rp2_ledger
from vocabulary.enums import CostBasisMethod

TESTS = ("crypto_example", "test_data", "test_data4", "test_hifo")
METHODS = ("fifo", "lifo", "hifo", "lofo")
# RP2 ranks HIFO/LOFO lots by spot price; Cairn by cost per unit with fees (see the README):
# test_hifo's B1 has a lot bought at 14000 spot for 11100 all in, so the orders differ there.
RANKED_BY_SPOT = {("test_hifo", "hifo", "B1"), ("test_hifo", "lofo", "B1")}
TOLERANCE = Decimal("1e-9")


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _golden(test: str, method: str) -> list[dict[str, str]]:
    return [
        row
        for row in csv.DictReader((RP2 / "golden_lots.csv").open())
        if row["test"] == test
        and row["method"] == method
        and not row["te_type"].startswith("IN /")
        and (test, method, row["asset"]) not in RANKED_BY_SPOT
    ]


def _ours(test: str, method: str) -> pl.DataFrame:
    result = compute(rp2_ledger(test), CostBasisMethod(method.upper()))
    excluded = [asset for (t, m, asset) in RANKED_BY_SPOT if (t, m) == (test, method)]
    return result.disposals.filter(~pl.col("asset").is_in(excluded))


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("test", TESTS)
def test_slices_match_rp2_lot_by_lot(test: str, method: str) -> None:
    folded = {
        (asset, _moment(when if "T" not in when else when.replace("Z", "+00:00")))
        for asset, when in rp2_crypto_fee_events(test)
    }
    expected: dict[tuple[str, datetime, datetime], tuple[Decimal, Decimal]] = {}
    for row in _golden(test, method):
        key = (row["asset"], _moment(row["te_timestamp"]), _moment(row["lot_timestamp"]))
        if (row["asset"], key[1]) not in folded:
            quantity, gain = expected.get(key, (Decimal(0), Decimal(0)))
            expected[key] = (quantity + Decimal(row["crypto_amount"]), gain + Decimal(row["gain"]))
    ours: dict[tuple[str, datetime, datetime], tuple[Decimal, Decimal]] = defaultdict(
        lambda: (Decimal(0), Decimal(0))
    )
    for asset, disposed, acquired, quantity, gain in (
        _ours(test, method).select("asset", "disposed_at", "acquired_at", "quantity", "gain").iter_rows()
    ):
        if (asset, disposed) not in folded:
            total_quantity, total_gain = ours[(asset, disposed, acquired)]
            ours[(asset, disposed, acquired)] = (total_quantity + quantity, total_gain + gain)
    assert expected, "the oracle has comparable rows"
    assert set(ours) == set(expected)
    for key, (quantity, gain) in expected.items():
        assert ours[key][0] == quantity, key
        assert abs(ours[key][1] - gain) < TOLERANCE, key


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("test", TESTS)
def test_totals_per_asset_year_and_term_match_rp2(test: str, method: str) -> None:
    expected: dict[tuple[str, int, str], Decimal] = defaultdict(Decimal)
    for row in _golden(test, method):
        expected[(row["asset"], _moment(row["te_timestamp"]).year, row["gains_type"])] += Decimal(row["gain"])
    totals = (
        _ours(test, method)
        .group_by("asset", pl.col("disposed_at").dt.year().alias("year"), "term")
        .agg(pl.col("gain").sum())
    )
    ours = {(asset, year, term): gain for asset, year, term, gain in totals.iter_rows()}
    assert set(ours) == set(expected)
    for key, gain in expected.items():
        assert abs(ours[key] - gain) < TOLERANCE, key


def test_income_matches_rp2_interest_rows() -> None:
    golden = [
        row
        for row in csv.DictReader((RP2 / "golden_lots.csv").open())
        if row["test"] == "crypto_example" and row["method"] == "fifo" and row["te_type"] == "IN / INTEREST"
    ]
    income = compute(rp2_ledger("crypto_example"), CostBasisMethod.FIFO).income
    assert sorted(Decimal(row["te_fiat_amount_fraction"]) for row in golden) == sorted(
        income["value"].to_list()
    )
