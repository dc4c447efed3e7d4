"""The plan table and its rules: display names, the card's progress capped at 100 %, limits, the report
blockers in their order, and the recommended plan."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from contracts.tax_report import REPORT_TYPES
from vocabulary.plans import (
    REPORT_TIERS,
    TAX_PLANS,
    TERMS,
    LegacyPlan,
    PaymentState,
    PortfolioPlan,
    Refusal,
    TaxPlan,
    TaxReportBlocker,
    display_name,
    progress_percent,
    recommended_plan,
    report_refusal,
)

TODAY = date(2026, 3, 1)


def refusal(plan: TaxPlan, report: str, counts: tuple[int, int] = (0, 0), **given: object) -> Refusal | None:
    payment = given.get("payment", PaymentState.PAID)
    year = given.get("year", 2025)
    covers = given.get("covers")
    assert isinstance(payment, PaymentState) and isinstance(year, int) and isinstance(covers, int | None)
    return report_refusal(TERMS[plan], payment, report, year, counts, TODAY, covers)


def test_display_names_are_capitalised_with_plus_and_full_service() -> None:
    assert [display_name(plan) for plan in TaxPlan] == [
        "Free",
        "Base",
        "Base+",
        "Prime",
        "Prime+",
        "Ultra",
        "Ultra+",
        "Full service",
    ]
    assert display_name(PortfolioPlan.PREMIUM) == "Premium"
    assert display_name(LegacyPlan.HOBBYIST) == "Hobbyist"


def test_the_table_holds_every_unified_plan_once_with_growing_limits_and_prices() -> None:
    assert [terms.plan for terms in TAX_PLANS] == list(TaxPlan)
    limited = [terms for terms in TAX_PLANS if terms.transaction_limit is not None]
    assert [terms.transaction_limit for terms in limited] == sorted(t.transaction_limit or 0 for t in limited)
    assert [terms.price for terms in TAX_PLANS] == sorted(terms.price for terms in TAX_PLANS)
    assert TERMS[TaxPlan.FULL_SERVICE].transaction_limit is None


def test_every_report_type_has_a_tier() -> None:
    assert set(REPORT_TIERS) == set(REPORT_TYPES)


@pytest.mark.parametrize(
    ("count", "limit", "percent"),
    [(0, 25, "0"), (10, 25, "40.0"), (25, 25, "100.0"), (30, 25, "100"), (1000, 25, "100"), (5, None, "0")],
)
def test_progress_is_capped_at_100_percent(count: int, limit: int | None, percent: str) -> None:
    assert progress_percent(count, limit) == Decimal(percent)


def test_free_users_get_their_own_data_but_no_tax_forms() -> None:
    assert refusal(TaxPlan.FREE, "TRANSACTIONS_CSV", (10_000, 10_000)) is None
    assert refusal(TaxPlan.FREE, "FORM_8949") == Refusal(
        "insufficient_tax_plan", TaxReportBlocker.NO_REPORTS_IN_FREE_PLAN
    )


def test_limits_past_due_years_and_tiers_block_in_order() -> None:
    assert refusal(TaxPlan.BASE, "FORM_8949", (100, 100)) is None
    assert refusal(TaxPlan.BASE, "FORM_8949", (101, 101)) == Refusal(
        "insufficient_tax_plan", TaxReportBlocker.EXCEEDED_TRANSACTION_LIMIT
    )
    assert refusal(TaxPlan.BASE, "FORM_8949", (90, 1_001)) == Refusal(
        "insufficient_tax_plan", TaxReportBlocker.EXCEEDED_LIFETIME_TRANSACTION_LIMIT
    )
    assert refusal(TaxPlan.BASE, "CAPITAL_GAINS_TURBOTAX_ONLINE") == Refusal(
        "insufficient_plan", TaxReportBlocker.NOT_AVAILABLE
    )
    assert refusal(TaxPlan.PRIME, "CAPITAL_GAINS_TURBOTAX_ONLINE") is None
    assert refusal(TaxPlan.PRIME, "FORM_8949", payment=PaymentState.PARTIALLY_PAID) == Refusal(
        "insufficient_tax_plan", TaxReportBlocker.PAST_DUE
    )
    assert refusal(TaxPlan.PRIME, "FORM_8949", year=2027) == Refusal(
        "insufficient_tax_plan", TaxReportBlocker.TAX_YEAR_NOT_AVAILABLE
    )
    assert refusal(TaxPlan.FULL_SERVICE, "FORM_8949", (10**9, 10**9)) is None
    # a plan bought in 2025 covers the years up to 2025; 2026 needs it renewed
    assert refusal(TaxPlan.PRIME, "FORM_8949", year=2025, covers=2025) is None
    assert refusal(TaxPlan.PRIME, "FORM_8949", year=2026, covers=2025) == Refusal(
        "insufficient_tax_plan", TaxReportBlocker.NEEDS_EARLY_RENEWAL
    )


def test_clients_of_a_tax_firm_need_prime_and_above_for_forms_and_files() -> None:
    def firm(plan: TaxPlan, report: str, counts: tuple[int, int] = (0, 0)) -> Refusal | None:
        return report_refusal(TERMS[plan], PaymentState.PAID, report, 2025, counts, TODAY, firm_client=True)

    needs_prime = Refusal("insufficient_plan", TaxReportBlocker.TAX_FIRM_CLIENTS_NEED_PRIME_AND_ABOVE)
    assert firm(TaxPlan.BASE, "FORM_8949") == firm(TaxPlan.BASE_PLUS, "CA_SCHEDULE_3") == needs_prime
    assert firm(TaxPlan.BASE, "CAPITAL_GAINS_TURBOTAX_ONLINE") == needs_prime  # before NOT_AVAILABLE
    assert refusal(TaxPlan.BASE, "FORM_8949") is None  # not a firm's client: Base makes the forms
    for plan in (TaxPlan.PRIME, TaxPlan.PRIME_PLUS, TaxPlan.ULTRA, TaxPlan.ULTRA_PLUS, TaxPlan.FULL_SERVICE):
        assert firm(plan, "FORM_8949") is None
    assert firm(TaxPlan.BASE, "TAX_LOTS_CSV") is None  # their own data is never held back
    assert firm(TaxPlan.FREE, "FORM_8949") == Refusal(
        "insufficient_tax_plan", TaxReportBlocker.NO_REPORTS_IN_FREE_PLAN
    )
    assert firm(TaxPlan.BASE, "FORM_8949", (101, 101)) == Refusal(
        "insufficient_tax_plan", TaxReportBlocker.EXCEEDED_TRANSACTION_LIMIT
    )


def test_the_recommended_plan_is_the_cheapest_that_covers_the_counts_and_makes_forms() -> None:
    assert recommended_plan(0, 0).plan is TaxPlan.BASE
    assert recommended_plan(101, 101).plan is TaxPlan.BASE_PLUS
    assert recommended_plan(600, 600).plan is TaxPlan.PRIME
    assert recommended_plan(100, 6_000).plan is TaxPlan.PRIME
    assert recommended_plan(10**7, 10**7).plan is TaxPlan.FULL_SERVICE
    assert recommended_plan(0, 0, held=TaxPlan.PRIME).plan is TaxPlan.PRIME  # never a lower plan
    assert recommended_plan(2_000, 2_000, held=TaxPlan.PRIME).plan is TaxPlan.PRIME_PLUS
