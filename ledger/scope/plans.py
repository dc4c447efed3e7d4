"""One user's plans (spec 001 §3): the tax and portfolio plan they hold, their transaction counts against
the plan's limits, their credits, the checkouts they start and the coupons they redeem.

`complete_checkout` is the payment provider's side: its signed webhook names a checkout session, not a
user, so it is the one function here not bound to a signed-in user.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import CheckoutSession, Coupon, Credit, Subscription, WebhookEvent
from vocabulary.plans import (
    PORTFOLIO_TERMS,
    TERMS,
    CreditStatus,
    PaymentState,
    PortfolioPlan,
    PortfolioPlanTerms,
    TaxPlan,
    TaxPlanTerms,
    rank,
)

TAX = "tax"
PORTFOLIO = "portfolio"

# Spec 001 §8's coupon messages.
INVALID_CODE = "Invalid code."
NO_CODE = "No code provided."
ANOTHER_USERS_CODE = "Code is associated with another user."
ALREADY_CLAIMED = "Premium tier has already been claimed."

# Net: ignored transactions left out, a transfer between two of the user's accounts counted once.
# Lifetime: every transaction held, from the per-statement counts (ledger.models.transaction_counts).
_COUNTS = text(
    """
    SELECT
      (SELECT coalesce(sum(delta), 0) FROM transaction_count_deltas WHERE user_id = :user_id) AS lifetime,
      (SELECT count(*) FROM transactions WHERE user_id = :user_id AND is_ignored) AS ignored,
      (SELECT count(*) FROM transaction_links link
         JOIN transactions sent ON sent.id = link.from_transaction_id
         JOIN transactions received ON received.id = link.to_transaction_id
        WHERE link.user_id = :user_id AND link.link_type = 'transfer'
          AND NOT sent.is_ignored AND NOT received.is_ignored) AS pairs
    """
)


@dataclass(frozen=True)
class TaxPlanHeld:
    terms: TaxPlanTerms
    payment_state: PaymentState
    covers_through: int | None  # the last tax year a paid plan covers

    @property
    def needs_renewal(self) -> bool:
        return self.covers_through is not None and self.covers_through < datetime.now(UTC).year


@dataclass(frozen=True)
class PortfolioPlanHeld:
    terms: PortfolioPlanTerms
    trial_ends_at: datetime | None


@dataclass(frozen=True)
class TransactionCounts:
    net: int
    lifetime: int


def plan_kind(plan: str) -> str | None:
    """Which kind of plan a plan name is, or None for a name Cairn does not sell."""
    if plan in TaxPlan.__members__ and plan != TaxPlan.FREE:
        return TAX
    if plan == PortfolioPlan.PREMIUM:
        return PORTFOLIO
    return None


class PlansScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def _subscription(self, kind: str) -> Subscription | None:
        found: Subscription | None = await self.session.scalar(
            select(Subscription).where(Subscription.user_id == self.user_id, Subscription.kind == kind)
        )
        return found

    async def tax_plan(self) -> TaxPlanHeld:
        held = await self._subscription(TAX)
        if held is None:
            return TaxPlanHeld(TERMS[TaxPlan.FREE], PaymentState.PAID, None)
        return TaxPlanHeld(TERMS[TaxPlan(held.plan)], held.payment_state, held.covers_through_year)

    async def portfolio_plan(self) -> PortfolioPlanHeld:
        held = await self._subscription(PORTFOLIO)
        if held is None:
            return PortfolioPlanHeld(PORTFOLIO_TERMS[PortfolioPlan.BASIC], None)
        return PortfolioPlanHeld(PORTFOLIO_TERMS[PortfolioPlan(held.plan)], held.trial_ends_at)

    async def transaction_counts(self) -> TransactionCounts:
        row = (await self.session.execute(_COUNTS, {"user_id": self.user_id})).one()
        return TransactionCounts(net=max(0, row.lifetime - row.ignored - row.pairs), lifetime=row.lifetime)

    async def credits(self) -> list[Credit]:
        """Every credit of the user, newest first; ACTIVE ones past their end are EXPIRED from now on."""
        await self.session.execute(
            update(Credit)
            .where(
                Credit.user_id == self.user_id,
                Credit.status == CreditStatus.ACTIVE,
                Credit.expires_at <= datetime.now(UTC),
            )
            .values(status=CreditStatus.EXPIRED)
        )
        await self.session.commit()
        found = await self.session.scalars(
            select(Credit).where(Credit.user_id == self.user_id).order_by(Credit.id.desc())
        )
        return list(found)

    async def best_credit(self) -> Credit | None:
        """The ACTIVE credit a checkout takes off the price: the largest."""
        active = [credit for credit in await self.credits() if credit.status is CreditStatus.ACTIVE]
        return max(active, key=lambda credit: credit.amount, default=None)

    async def record_checkout(
        self, provider_id: str, kind: str, plan: str, amount: Decimal, credit: Credit | None
    ) -> None:
        self.session.add(
            CheckoutSession(
                user_id=self.user_id,
                provider_id=provider_id,
                kind=kind,
                plan=plan,
                amount=amount,
                credit_id=None if credit is None else credit.id,
            )
        )
        await self.session.commit()

    async def checkout(self, provider_id: str) -> CheckoutSession | None:
        """One of the user's checkouts by the provider's id; another user's answers None."""
        found: CheckoutSession | None = await self.session.scalar(
            select(CheckoutSession).where(
                CheckoutSession.user_id == self.user_id, CheckoutSession.provider_id == provider_id
            )
        )
        return found

    async def redeem_coupon(self, code: str) -> str | None:
        """Redeems the code; answers the spec's message when it cannot be, None when redeemed (committed)."""
        code = code.strip().upper()
        if not code:
            return NO_CODE
        coupon = await self.session.get(Coupon, code, with_for_update=True)
        if coupon is None:
            return INVALID_CODE
        if coupon.user_id is not None and coupon.user_id != self.user_id:
            return ANOTHER_USERS_CODE
        if coupon.redeemed_by is not None:
            return ALREADY_CLAIMED
        now = datetime.now(UTC)
        if coupon.plan is not None:
            held = await self.tax_plan()
            if rank(held.terms.plan) >= rank(TaxPlan(coupon.plan)) and not held.needs_renewal:
                return ALREADY_CLAIMED
            await hold_plan(self.session, self.user_id, TAX, coupon.plan, "coupon")
        if coupon.credit is not None:
            self.session.add(
                Credit(
                    user_id=self.user_id,
                    amount=coupon.credit,
                    status=CreditStatus.ACTIVE,
                    reason=f"Code {code}",
                    expires_at=now + timedelta(days=coupon.credit_days or 365),
                )
            )
        coupon.redeemed_by = self.user_id
        coupon.redeemed_at = now
        await self.session.commit()
        return None


async def hold_plan(session: AsyncSession, user_id: int, kind: str, plan: str, source: str) -> None:
    """The user holds `plan` (paid) from now on, in place of the plan of that kind they held; a tax plan
    covers the tax years up to this one."""
    now = datetime.now(UTC)
    trial_days = PORTFOLIO_TERMS[PortfolioPlan(plan)].trial_days if kind == PORTFOLIO else 0
    values = {
        "plan": plan,
        "payment_state": PaymentState.PAID,
        "source": source,
        "trial_ends_at": now + timedelta(days=trial_days) if trial_days else None,
        "covers_through_year": now.year if kind == TAX else None,
    }
    await session.execute(
        insert(Subscription)
        .values(user_id=user_id, kind=kind, **values)
        .on_conflict_do_update(constraint="uq_subscriptions_user_id_kind", set_=values)
    )


async def complete_checkout(session: AsyncSession, event_id: str, provider_id: str) -> bool:
    """Applies a paid checkout once: the plan is held, the credit it used REDEEMED. Answers False when
    the event was applied before or names no checkout of Cairn's (committed either way)."""
    first_time = await session.scalar(
        insert(WebhookEvent)
        .values(event_id=event_id)
        .on_conflict_do_nothing()
        .returning(WebhookEvent.event_id)
    )
    checkout = await session.scalar(
        select(CheckoutSession).where(CheckoutSession.provider_id == provider_id).with_for_update()
    )
    if first_time is None or checkout is None or checkout.completed_at is not None:
        await session.commit()
        return False
    now = datetime.now(UTC)
    checkout.completed_at = now
    await hold_plan(session, checkout.user_id, checkout.kind, checkout.plan, "checkout")
    if checkout.credit_id is not None:
        await session.execute(
            update(Credit)
            .where(Credit.id == checkout.credit_id, Credit.status == CreditStatus.ACTIVE)
            .values(status=CreditStatus.REDEEMED, redeemed_at=now)
        )
    await session.commit()
    return True
