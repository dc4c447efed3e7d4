"""Plans (spec 001 §3, §7, §8, §9): the plan table (also on /public/graphql, for the pricing page), the
signed-in user's unified subscription with their net transaction count against its limits and the plan
recommended for their taxes, their portfolio plan and credits; checkout through the payment provider
(api.stripe_adapter: the browser is sent to the provider's page, the provider's signed webhook gives the
plan, api.payments) and coupon codes."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.string_bounds import max_length
from api.stripe_adapter import CheckoutRequest, CheckoutUnavailable, create_checkout_session
from ledger.models import Credit
from ledger.scope.plans import PORTFOLIO, plan_kind
from vocabulary.plans import (
    PORTFOLIO_PLANS,
    PORTFOLIO_TERMS,
    TAX_PLANS,
    TERMS,
    TOO_MANY_TRANSACTIONS_FREE,
    TOO_MANY_TRANSACTIONS_PAID,
    PaymentState,
    PortfolioPlan,
    PortfolioPlanTerms,
    TaxPlan,
    TaxPlanTerms,
    display_name,
    over_limit,
    progress_percent,
    recommended_plan,
)

NO_PLAN = "There is no such plan."
ALREADY_HELD = "You already have this plan."
CHECKOUT_UNAVAILABLE = "Checkout is not available right now. Please try again later."


@strawberry.type
class PlanPrice:
    original: Decimal
    final: Decimal
    discount: Decimal
    discount_reason: str | None


@strawberry.type
class UnifiedSubscriptionPlan:
    name: str = strawberry.field(description="The display name: Base+, Full service …")
    internal_name: str
    summary: str
    features: list[str]
    transaction_limit: int | None = strawberry.field(description="Net transactions covered; null: unlimited.")
    lifetime_limit: int | None = strawberry.field(description="Transactions held, ignored ones included.")
    price: PlanPrice = strawberry.field(description="USD per tax year.")


@strawberry.type
class PortfolioSubscriptionPlan:
    name: str
    internal_name: str
    features: list[str]
    price: Decimal = strawberry.field(description="USD per month.")
    trial_days: int


@strawberry.type
class PlanTransactionCounts:
    net_transaction_count: int
    lifetime_transaction_count: int


@strawberry.type
class UnifiedSubscription:
    subscription_plan: UnifiedSubscriptionPlan
    is_paid: bool
    payment_state: str
    covers_through_tax_year: int | None = strawberry.field(
        description="The last tax year a paid plan covers."
    )
    transaction_limit: int | None
    lifetime_limit: int | None
    transaction_counts: PlanTransactionCounts
    progress_percent: Decimal = strawberry.field(description="Net count over the limit, capped at 100.")
    exceeds_limit: bool
    too_many_transactions_message: str | None
    recommended_plan_for_tax: UnifiedSubscriptionPlan


@strawberry.type
class PortfolioSubscription:
    subscription_plan: PortfolioSubscriptionPlan
    trial_end_date: datetime | None


@strawberry.type
class CreditInfo:
    id: strawberry.ID
    amount: Decimal
    status: str
    reason: str
    expires_at: datetime
    redeemed_at: datetime | None
    created_at: datetime


@strawberry.type
class CheckoutSessionResult:
    success: bool
    url: str | None
    error_message: str | None


@strawberry.type
class CheckoutStatus:
    plan: str
    name: str
    completed: bool


@strawberry.type
class RedeemCouponResult:
    success: bool
    message: str | None


def tax_plan(terms: TaxPlanTerms, credit: Credit | None = None) -> UnifiedSubscriptionPlan:
    discount = Decimal(0) if credit is None or terms.price == 0 else min(credit.amount, terms.price)
    return UnifiedSubscriptionPlan(
        name=terms.name,
        internal_name=terms.plan.value,
        summary=terms.summary,
        features=list(terms.features),
        transaction_limit=terms.transaction_limit,
        lifetime_limit=terms.lifetime_limit,
        price=PlanPrice(
            original=terms.price,
            final=terms.price - discount,
            discount=discount,
            discount_reason=credit.reason if credit is not None and discount else None,
        ),
    )


def portfolio_plan(terms: PortfolioPlanTerms) -> PortfolioSubscriptionPlan:
    return PortfolioSubscriptionPlan(
        name=display_name(terms.plan),
        internal_name=terms.plan.value,
        features=list(terms.features),
        price=terms.price,
        trial_days=terms.trial_days,
    )


def credit_info(credit: Credit) -> CreditInfo:
    return CreditInfo(
        id=strawberry.ID(str(credit.id)),
        amount=credit.amount,
        status=credit.status.value,
        reason=credit.reason,
        expires_at=credit.expires_at,
        redeemed_at=credit.redeemed_at,
        created_at=credit.created_at,
    )


@strawberry.type
class PlansPublicQuery:
    @strawberry.field(description="The unified tax plans, Free to Full service, with prices and limits.")
    def unified_plans(self) -> list[UnifiedSubscriptionPlan]:
        return [tax_plan(terms) for terms in TAX_PLANS]

    @strawberry.field(description="The portfolio plans, basic and premium.")
    def portfolio_plans(self) -> list[PortfolioSubscriptionPlan]:
        return [portfolio_plan(terms) for terms in PORTFOLIO_PLANS]


@strawberry.type
class PlansQuery(PlansPublicQuery):
    @strawberry.field
    async def unified_subscription(self, info: CairnInfo) -> UnifiedSubscription:
        plans = info.context.scope.plans
        held = await plans.tax_plan()
        counts = await plans.transaction_counts()
        credit = await plans.best_credit()
        terms = held.terms
        exceeds = over_limit(terms, counts.net, counts.lifetime) is not None
        message = None
        if exceeds:
            message = TOO_MANY_TRANSACTIONS_FREE if terms.plan is TaxPlan.FREE else TOO_MANY_TRANSACTIONS_PAID
        return UnifiedSubscription(
            subscription_plan=tax_plan(terms),
            is_paid=terms.plan is not TaxPlan.FREE,
            payment_state=held.payment_state.value,
            covers_through_tax_year=held.covers_through,
            transaction_limit=terms.transaction_limit,
            lifetime_limit=terms.lifetime_limit,
            transaction_counts=PlanTransactionCounts(
                net_transaction_count=counts.net, lifetime_transaction_count=counts.lifetime
            ),
            progress_percent=progress_percent(counts.net, terms.transaction_limit),
            exceeds_limit=exceeds,
            too_many_transactions_message=message,
            recommended_plan_for_tax=tax_plan(
                recommended_plan(counts.net, counts.lifetime, held=terms.plan), credit
            ),
        )

    @strawberry.field
    async def portfolio_subscription(self, info: CairnInfo) -> PortfolioSubscription:
        held = await info.context.scope.plans.portfolio_plan()
        return PortfolioSubscription(
            subscription_plan=portfolio_plan(held.terms), trial_end_date=held.trial_ends_at
        )

    @strawberry.field(description="The user's credits, newest first.")
    async def credits(self, info: CairnInfo) -> list[CreditInfo]:
        return [credit_info(credit) for credit in await info.context.scope.plans.credits()]

    @strawberry.field(description="A checkout of the user's by the provider's session id; null if none.")
    async def checkout_status(
        self, info: CairnInfo, session_id: Annotated[str, max_length(255)]
    ) -> CheckoutStatus | None:
        found = await info.context.scope.plans.checkout(session_id)
        if found is None:
            return None
        kind_name = (
            display_name(PortfolioPlan(found.plan))
            if found.kind == PORTFOLIO
            else display_name(TaxPlan(found.plan))
        )
        return CheckoutStatus(plan=found.plan, name=kind_name, completed=found.completed_at is not None)


@strawberry.type
class PlansMutation:
    @strawberry.mutation(
        description="A checkout of the plan at the payment provider; answers its page's URL."
    )
    async def create_checkout_session(
        self, info: CairnInfo, plan: Annotated[str, max_length(20)]
    ) -> CheckoutSessionResult:
        context = info.context
        plans = context.scope.plans
        kind = plan_kind(plan)
        if kind is None:
            return CheckoutSessionResult(success=False, url=None, error_message=NO_PLAN)
        if kind == PORTFOLIO:
            held_name = (await plans.portfolio_plan()).terms.plan.value
            price, name = (
                PORTFOLIO_TERMS[PortfolioPlan(plan)].price,
                f"Cairn {display_name(PortfolioPlan(plan))}",
            )
        else:
            held = await plans.tax_plan()
            current = held.payment_state is PaymentState.PAID and not held.needs_renewal
            held_name = held.terms.plan.value if current else ""  # a plan to renew may be bought again
            price, name = TERMS[TaxPlan(plan)].price, f"Cairn {display_name(TaxPlan(plan))}"
        if held_name == plan:
            return CheckoutSessionResult(success=False, url=None, error_message=ALREADY_HELD)
        settings = context.services.settings
        if not settings.stripe_secret_key:
            return CheckoutSessionResult(success=False, url=None, error_message=CHECKOUT_UNAVAILABLE)
        credit = await plans.best_credit() if kind != PORTFOLIO else None
        amount = max(Decimal(0), price - (credit.amount if credit is not None else Decimal(0)))
        user = context.user
        request = CheckoutRequest(
            amount_cents=int(amount * 100),
            product_name=name,
            success_url=f"{settings.origin}/subscription/checkout?session_id={{CHECKOUT_SESSION_ID}}",
            cancel_url=f"{settings.origin}/plans",
            client_reference_id=str(user.public_id),
            customer_email=user.email,
            metadata={"plan": plan, "kind": kind},
        )
        try:
            created = await create_checkout_session(
                settings.stripe_api_url, settings.stripe_secret_key, request
            )
        except CheckoutUnavailable:
            return CheckoutSessionResult(success=False, url=None, error_message=CHECKOUT_UNAVAILABLE)
        await plans.record_checkout(created.id, kind, plan, amount, credit)
        return CheckoutSessionResult(success=True, url=created.url, error_message=None)

    @strawberry.mutation(description="Redeems a coupon code: a tax plan or a credit.")
    async def redeem_coupon(
        self, info: CairnInfo, code: Annotated[str, max_length(64)]
    ) -> RedeemCouponResult:
        refused = await info.context.scope.plans.redeem_coupon(code)
        return RedeemCouponResult(success=refused is None, message=refused)
