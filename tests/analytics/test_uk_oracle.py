"""HMRC share identification (same day, 30 days, section 104) against the UK oracle cases."""

import csv
from datetime import date, datetime
from decimal import Decimal

import polars as pl
import pytest

from analytics.lots import compute
from tests.analytics.oracles import UK, uk_ledger
from vocabulary.enums import CostBasisMethod

CASES = [row for row in csv.DictReader((UK / "expected.csv").open())]
STEP_TOLERANCE = Decimal("0.0001")  # the calculation log shows 4 decimals


def _uk_tax_year(moment: datetime) -> int:
    """The UK tax year 2020 runs from 6 April 2020 to 5 April 2021."""
    return moment.year if moment.date() >= date(moment.year, 4, 6) else moment.year - 1


@pytest.mark.parametrize("case", CASES, ids=[case["case_id"] for case in CASES])
def test_total_gain_for_the_tax_year(case: dict[str, str]) -> None:
    disposals = compute(uk_ledger(case["case_id"]), CostBasisMethod.SP).disposals
    gain = sum(
        (
            gain
            for when, gain in disposals.select("disposed_at", "gain").iter_rows()
            if _uk_tax_year(when) == int(case["tax_year"])
        ),
        Decimal(0),
    )
    assert abs(gain - Decimal(case["expected_gain"])) < Decimal("0.000001")


STEPS = [row for row in csv.DictReader((UK / "calclog.csv").open()) if row["key"].startswith("sell$")]


@pytest.mark.parametrize("step", STEPS, ids=[f"{s['case_id']}-{s['date']}-{s['rule']}" for s in STEPS])
def test_rule_steps_of_the_calculation_log(step: dict[str, str]) -> None:
    """Each disposal step: quantity, proceeds (net of its share of fees) and allowable cost.

    The log's allowable cost also shows the sale's fees, which its amount already deducts."""
    disposals = compute(uk_ledger(step["case_id"]), CostBasisMethod.SP).disposals
    rows = disposals.filter(
        (pl.col("disposed_at").dt.date() == date.fromisoformat(step["date"]))
        & (pl.col("rule") == step["rule"])
    ).select(pl.col("quantity", "proceeds", "cost_basis", "gain").sum())
    quantity, proceeds, cost, gain = rows.row(0)
    assert quantity == Decimal(step["quantity"])
    assert abs(proceeds - Decimal(step["amount"])) < STEP_TOLERANCE
    assert abs(cost - (Decimal(step["allowable_cost"]) - Decimal(step["fees"]))) < STEP_TOLERANCE
    assert abs(gain - Decimal(step["gain"])) < STEP_TOLERANCE


def test_pool_after_the_steps() -> None:
    """with_bed_and_breakfast: the pool ends at 30.5 for 764.33 (the log's last line); the
    2021-04-02 purchase went wholly to the 30-day match and never entered it."""
    result = compute(uk_ledger("with_bed_and_breakfast"), CostBasisMethod.SP)
    assert result.lots.select(pl.col("remaining", "remaining_cost_basis").sum()).row(0) == (
        Decimal("30.5"),
        Decimal("764.33"),
    )
    bed_and_breakfast = result.disposals.filter(pl.col("rule") == "BED_AND_BREAKFAST")
    assert bed_and_breakfast["acquired_at"].dt.date().to_list() == [date(2021, 4, 2)]
