"""Plans a user holds, the checkouts that bought them, coupons and credits (spec 001 §3; terms in
vocabulary.plans).

A user without a `subscriptions` row of a kind is on the free plan of that kind (FREE, basic). A tax plan
covers every tax year up to the one it was bought in; a later year needs the plan renewed. A checkout
is recorded when the payment provider's session is created and completed by its signed webhook; every
webhook event id is kept, so a replayed event changes nothing.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import MONEY, Base, created_at_column, text_enum
from vocabulary.plans import CreditStatus, PaymentState

PLAN_CHARS = 20  # a TaxPlan or PortfolioPlan value


class Subscription(Base):
    __tablename__ = "subscriptions"
    __table_args__ = (UniqueConstraint("user_id", "kind", name="uq_subscriptions_user_id_kind"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))  # 'tax' or 'portfolio'
    plan: Mapped[str] = mapped_column(String(PLAN_CHARS))
    payment_state: Mapped[PaymentState] = mapped_column(text_enum(PaymentState, "payment_state"))
    source: Mapped[str] = mapped_column(String(20))  # 'checkout', 'coupon' or 'granted'
    trial_ends_at: Mapped[datetime | None]  # portfolio plans with trial days
    covers_through_year: Mapped[int | None]  # tax plans: the last tax year covered, the year bought
    started_at: Mapped[datetime] = created_at_column()


class CheckoutSession(Base):
    __tablename__ = "checkout_sessions"
    __table_args__ = (Index("ix_checkout_sessions_user_id", "user_id"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    provider_id: Mapped[str] = mapped_column(String(255), unique=True)  # Stripe's cs_… id
    kind: Mapped[str] = mapped_column(String(10))
    plan: Mapped[str] = mapped_column(String(PLAN_CHARS))
    amount: Mapped[Decimal] = mapped_column(MONEY)  # USD charged, credits taken off
    credit_id: Mapped[int | None] = mapped_column(ForeignKey("credits.id", ondelete="SET NULL"))
    completed_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = created_at_column()


class WebhookEvent(Base):
    """Payment-provider events already applied: a replay of one is acknowledged and ignored."""

    __tablename__ = "webhook_events"

    event_id: Mapped[str] = mapped_column(String(255), primary_key=True)
    received_at: Mapped[datetime] = created_at_column()


class Coupon(Base):
    """A code that grants a tax plan or a credit, once; `user_id` ties it to one user."""

    __tablename__ = "coupons"

    code: Mapped[str] = mapped_column(String(64), primary_key=True)  # stored upper-cased
    plan: Mapped[str | None] = mapped_column(String(PLAN_CHARS))
    credit: Mapped[Decimal | None] = mapped_column(MONEY)  # USD
    credit_days: Mapped[int | None]  # how long the credit stays ACTIVE
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    redeemed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    redeemed_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = created_at_column()


class Credit(Base):
    """Money off the user's next checkout; EXPIRED once `expires_at` has passed unused."""

    __tablename__ = "credits"
    __table_args__ = (Index("ix_credits_user_id", "user_id"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    amount: Mapped[Decimal] = mapped_column(MONEY)  # USD
    status: Mapped[CreditStatus] = mapped_column(text_enum(CreditStatus, "credit_status"))
    reason: Mapped[str] = mapped_column(String(100))  # shown as the price's discount reason
    expires_at: Mapped[datetime]
    redeemed_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = created_at_column()
