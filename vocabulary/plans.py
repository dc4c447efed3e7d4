"""The plans Cairn sells (spec 001 §1, §3, §9) as ONE table: names, prices, transaction limits and what each
plan's reports include. The pricing page reads it through GraphQL and report generation enforces it.

The spec names the plans but gives no prices or limits; these are ours. A tax plan is bought per tax year:
it covers every tax year up to the one it was bought in, so a report of a later year needs it renewed
(NEEDS_EARLY_RENEWAL). It covers the user's whole ledger: `transaction_limit` bounds the *net*
transaction count (what the user files: ignored transactions left out, a transfer between two of the
user's own accounts counted once), and `lifetime_limit` bounds every transaction the account holds,
ignored ones included, so that ignoring transactions does not stretch a plan without end. `None` is
unlimited.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum


class TaxPlan(StrEnum):
    FREE = "FREE"
    BASE = "BASE"
    BASE_PLUS = "BASE_PLUS"
    PRIME = "PRIME"
    PRIME_PLUS = "PRIME_PLUS"
    ULTRA = "ULTRA"
    ULTRA_PLUS = "ULTRA_PLUS"
    FULL_SERVICE = "FULL_SERVICE"


class PortfolioPlan(StrEnum):
    BASIC = "basic"
    PREMIUM = "premium"


class LegacyPlan(StrEnum):
    """Plan names of accounts from before the unified plans; shown, never sold."""

    CUSTOM = "CUSTOM"
    ENTHUSIAST = "ENTHUSIAST"
    FREE = "FREE"
    HOBBYIST = "HOBBYIST"
    PRO = "PRO"


class CreditStatus(StrEnum):
    ACTIVE = "ACTIVE"
    EXPIRED = "EXPIRED"
    REDEEMED = "REDEEMED"


class PaymentState(StrEnum):
    PAID = "PAID"
    PARTIALLY_PAID = "PARTIALLY_PAID"
    UNPAID = "UNPAID"


class TaxReportBlocker(StrEnum):
    EXCEEDED_LIFETIME_TRANSACTION_LIMIT = "EXCEEDED_LIFETIME_TRANSACTION_LIMIT"
    EXCEEDED_TRANSACTION_LIMIT = "EXCEEDED_TRANSACTION_LIMIT"
    NEEDS_EARLY_RENEWAL = "NEEDS_EARLY_RENEWAL"
    NOT_AVAILABLE = "NOT_AVAILABLE"
    NO_REPORTS_IN_FREE_PLAN = "NO_REPORTS_IN_FREE_PLAN"
    PAST_DUE = "PAST_DUE"
    TAX_FIRM_CLIENTS_NEED_PRIME_AND_ABOVE = "TAX_FIRM_CLIENTS_NEED_PRIME_AND_ABOVE"
    TAX_YEAR_NOT_AVAILABLE = "TAX_YEAR_NOT_AVAILABLE"


class ReportTier(StrEnum):
    """What a report needs: the user's own data (any plan, even Free), a tax form (any paid plan), or a
    file for tax software or the 1099-DA reconciliation (Prime and above)."""

    DATA = "DATA"
    FORMS = "FORMS"
    SOFTWARE = "SOFTWARE"


@dataclass(frozen=True)
class TaxPlanTerms:
    plan: TaxPlan
    price: Decimal  # USD per tax year
    transaction_limit: int | None
    lifetime_limit: int | None
    tiers: frozenset[ReportTier]
    summary: str
    features: tuple[str, ...]

    @property
    def name(self) -> str:
        return display_name(self.plan)


@dataclass(frozen=True)
class PortfolioPlanTerms:
    plan: PortfolioPlan
    price: Decimal  # USD per month
    trial_days: int
    features: tuple[str, ...]


_DATA = frozenset({ReportTier.DATA})
_FORMS = _DATA | {ReportTier.FORMS}
_ALL = _FORMS | {ReportTier.SOFTWARE}

TAX_PLANS: tuple[TaxPlanTerms, ...] = (
    TaxPlanTerms(
        TaxPlan.FREE,
        Decimal("0"),
        25,
        250,
        _DATA,
        "Track your portfolio and preview your taxes.",
        ("Unlimited wallets and exchanges", "Portfolio tracking", "Tax summary preview"),
    ),
    TaxPlanTerms(
        TaxPlan.BASE,
        Decimal("59"),
        100,
        1_000,
        _FORMS,
        "For a handful of trades a year.",
        ("Form 8949, Schedule D and Schedule 1", "Capital gains CSV", "Email support"),
    ),
    TaxPlanTerms(
        TaxPlan.BASE_PLUS,
        Decimal("99"),
        500,
        5_000,
        _FORMS,
        "For a handful of trades a year.",
        ("Everything in Base", "More transactions"),
    ),
    TaxPlanTerms(
        TaxPlan.PRIME,
        Decimal("199"),
        1_000,
        10_000,
        _ALL,
        "For active traders across many platforms.",
        ("Everything in Base", "TurboTax, TaxAct and CCH files", "1099-DA reconciliation"),
    ),
    TaxPlanTerms(
        TaxPlan.PRIME_PLUS,
        Decimal("299"),
        3_000,
        30_000,
        _ALL,
        "For active traders across many platforms.",
        ("Everything in Prime", "More transactions", "Priority support"),
    ),
    TaxPlanTerms(
        TaxPlan.ULTRA,
        Decimal("499"),
        10_000,
        100_000,
        _ALL,
        "For high-volume traders and DeFi users.",
        ("Everything in Prime", "The highest transaction limits", "Dedicated support"),
    ),
    TaxPlanTerms(
        TaxPlan.ULTRA_PLUS,
        Decimal("799"),
        50_000,
        500_000,
        _ALL,
        "For high-volume traders and DeFi users.",
        ("Everything in Ultra", "More transactions"),
    ),
    TaxPlanTerms(
        TaxPlan.FULL_SERVICE,
        Decimal("2999"),
        None,
        None,
        _ALL,
        "A tax professional prepares your crypto taxes for you.",
        ("Everything in Ultra", "Review by a tax professional", "Filing support"),
    ),
)
TERMS = {terms.plan: terms for terms in TAX_PLANS}

PORTFOLIO_PLANS: tuple[PortfolioPlanTerms, ...] = (
    PortfolioPlanTerms(PortfolioPlan.BASIC, Decimal("0"), 0, ("Portfolio tracking", "Daily prices")),
    PortfolioPlanTerms(
        PortfolioPlan.PREMIUM,
        Decimal("9.99"),
        7,
        ("Everything in Basic", "Performance by asset", "Tax-loss harvesting insight"),
    ),
)
PORTFOLIO_TERMS = {terms.plan: terms for terms in PORTFOLIO_PLANS}

# The reports a plan's tiers open (contracts.tax_report.REPORT_TYPES; a test holds the two lists equal).
REPORT_TIERS: dict[str, ReportTier] = {
    "TAX_LOTS_CSV": ReportTier.DATA,
    "LOTS_AS_OF_DATE": ReportTier.DATA,
    "INCOME_BY_MONTH": ReportTier.DATA,
    "TRANSACTIONS_CSV": ReportTier.DATA,
    "FORM_8949": ReportTier.FORMS,
    "FORM_8949_CONDENSED": ReportTier.FORMS,
    "FORM_1040_SD": ReportTier.FORMS,
    "FORM_1040_S1": ReportTier.FORMS,
    "CAPITAL_GAINS_CSV": ReportTier.FORMS,
    "CA_SCHEDULE_3": ReportTier.FORMS,
    "UK_CAPITAL_GAINS_SUMMARY": ReportTier.FORMS,
    "CAPITAL_GAINS_CCH": ReportTier.SOFTWARE,
    "CAPITAL_GAINS_TAXACT": ReportTier.SOFTWARE,
    "CAPITAL_GAINS_TURBOTAX_DESKTOP": ReportTier.SOFTWARE,
    "CAPITAL_GAINS_TURBOTAX_ONLINE": ReportTier.SOFTWARE,
    "EXCHANGE_1099_RECONCILIATION": ReportTier.SOFTWARE,
    "EXCHANGE_1099_RECONCILIATION_CSV": ReportTier.SOFTWARE,
}

# Spec 001 §8: the too-many-transactions messages.
TOO_MANY_TRANSACTIONS_FREE = "This wallet exceeds the number of transactions allowed for your current plan."
TOO_MANY_TRANSACTIONS_PAID = (
    "Your transactions exceed your current plan's limit. Contact support to move to a plan that covers them."
)


def display_name(plan: TaxPlan | LegacyPlan | PortfolioPlan) -> str:
    """Spec 001 §3: capitalised, _PLUS shown as +, and 'Full service'."""
    if plan is TaxPlan.FULL_SERVICE:
        return "Full service"
    base = plan.value.removesuffix("_PLUS")
    return base.capitalize() + ("+" if base != plan.value else "")


def progress_percent(count: int, limit: int | None) -> Decimal:
    """The transaction-limit card's bar: count over limit, capped at 100 % (spec 001 §9)."""
    if limit is None or limit <= 0:
        return Decimal(0) if limit is None else Decimal(100)
    return min(Decimal(100), (Decimal(count) * 100 / limit).quantize(Decimal("0.1")))


def over_limit(terms: TaxPlanTerms, net_count: int, lifetime_count: int) -> TaxReportBlocker | None:
    if terms.transaction_limit is not None and net_count > terms.transaction_limit:
        return TaxReportBlocker.EXCEEDED_TRANSACTION_LIMIT
    if terms.lifetime_limit is not None and lifetime_count > terms.lifetime_limit:
        return TaxReportBlocker.EXCEEDED_LIFETIME_TRANSACTION_LIMIT
    return None


@dataclass(frozen=True)
class Refusal:
    """Why a report may not be made: the poll status (insufficient_plan: the plan does not include this
    report; insufficient_tax_plan: the tax plan does not cover the user now) and the spec's blocker."""

    status: str
    blocker: TaxReportBlocker


def report_refusal(
    terms: TaxPlanTerms,
    payment: PaymentState,
    report_type: str,
    tax_year: int,
    counts: tuple[int, int],
    today: date,
    covers_through: int | None = None,
    firm_client: bool = False,
) -> Refusal | None:
    """Whether the plan lets the user make this report now; None when it does. `counts` is the net and
    the lifetime transaction count; `covers_through` the last tax year a paid plan covers (a later one
    needs the plan renewed early); `firm_client`: the user is a client of a tax firm, whose forms and
    files need Prime or above (the spec names the blocker; the rank is ours: a firm works from the
    tax-software files and the 1099-DA reconciliation, which Prime opens). The user's own data (DATA
    reports) is never held back."""
    tier = REPORT_TIERS[report_type]
    if tier is ReportTier.DATA:
        return None
    if tax_year > today.year:
        return Refusal("insufficient_tax_plan", TaxReportBlocker.TAX_YEAR_NOT_AVAILABLE)
    if terms.plan is TaxPlan.FREE:
        return Refusal("insufficient_tax_plan", TaxReportBlocker.NO_REPORTS_IN_FREE_PLAN)
    if payment is not PaymentState.PAID:
        return Refusal("insufficient_tax_plan", TaxReportBlocker.PAST_DUE)
    if covers_through is not None and tax_year > covers_through:
        return Refusal("insufficient_tax_plan", TaxReportBlocker.NEEDS_EARLY_RENEWAL)
    exceeded = over_limit(terms, *counts)
    if exceeded is not None:
        return Refusal("insufficient_tax_plan", exceeded)
    if firm_client and rank(terms.plan) < rank(TaxPlan.PRIME):
        return Refusal("insufficient_plan", TaxReportBlocker.TAX_FIRM_CLIENTS_NEED_PRIME_AND_ABOVE)
    if tier not in terms.tiers:
        return Refusal("insufficient_plan", TaxReportBlocker.NOT_AVAILABLE)
    return None


def recommended_plan(
    net_count: int,
    lifetime_count: int,
    needs: ReportTier = ReportTier.FORMS,
    held: TaxPlan = TaxPlan.FREE,
) -> TaxPlanTerms:
    """The cheapest plan from the one `held` up whose limits cover the user's transactions and whose
    reports include `needs`: the plan held when it does, never a lower one."""
    for terms in TAX_PLANS[rank(held) :]:
        if needs in terms.tiers and over_limit(terms, net_count, lifetime_count) is None:
            return terms
    return TAX_PLANS[-1]


def rank(plan: TaxPlan) -> int:
    return list(TaxPlan).index(plan)
