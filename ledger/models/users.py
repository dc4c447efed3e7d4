"""People who sign in, their sign-in sessions, and their tax settings."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Date,
    ForeignKey,
    Identity,
    Index,
    LargeBinary,
    SmallInteger,
    String,
    Uuid,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column, text_enum
from vocabulary.enums import AllocationScope, CostBasisMethod


class User(Base):
    __tablename__ = "users"
    __table_args__ = (
        CheckConstraint("email = lower(email)", name="email_lower_case"),
        CheckConstraint("tax_year_start_month BETWEEN 1 AND 12", name="tax_year_start_month"),
        CheckConstraint("tax_year_start_day BETWEEN 1 AND 31", name="tax_year_start_day"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    public_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, unique=True, default=uuid.uuid4, server_default=func.gen_random_uuid()
    )
    email: Mapped[str] = mapped_column(String(320), unique=True)  # stored lower-cased
    password_hash: Mapped[str] = mapped_column(String(200))
    base_currency: Mapped[str] = mapped_column(String(10), default="USD", server_default="USD")
    country: Mapped[str | None] = mapped_column(String(2))  # ISO 3166-1 alpha-2
    is_admin: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    # the broker demo (spec 001 §6): broker mode is enable_cbe with is_broker
    enable_cbe: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    is_broker: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    cost_basis_method: Mapped[CostBasisMethod] = mapped_column(
        text_enum(CostBasisMethod, "cost_basis_method"),
        default=CostBasisMethod.FIFO,
        server_default=CostBasisMethod.FIFO.value,
    )
    cost_basis_by_wallet: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    tax_year_start_month: Mapped[int] = mapped_column(SmallInteger, default=1, server_default="1")
    tax_year_start_day: Mapped[int] = mapped_column(SmallInteger, default=1, server_default="1")
    settings: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default=text("'{}'::jsonb"))
    created_at: Mapped[datetime] = created_at_column()

    @property
    def allocation_scope(self) -> AllocationScope:
        return AllocationScope.WALLET if self.cost_basis_by_wallet else AllocationScope.UNIVERSAL


class CostBasisMethodPeriod(Base):
    """The user's cost basis method from a date on, until the next period starts or, when it has one,
    until its end date (exclusive), from which the user's default method applies again."""

    __tablename__ = "cost_basis_method_periods"
    __table_args__ = (CheckConstraint("effective_until > effective_from", name="ends_after_start"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    effective_from: Mapped[date] = mapped_column(Date, primary_key=True)
    effective_until: Mapped[date | None] = mapped_column(Date)
    method: Mapped[CostBasisMethod] = mapped_column(text_enum(CostBasisMethod, "cost_basis_method"))


class UserSession(Base):
    """A signed-in browser: only the SHA-256 of its cookie token is stored."""

    __tablename__ = "user_sessions"
    __table_args__ = (Index("ix_user_sessions_expires_at", "expires_at"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    token_hash: Mapped[bytes] = mapped_column(LargeBinary(32), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime]
    user_agent: Mapped[str] = mapped_column(String(300), default="", server_default="")  # shown in its list
    # the user an admin views as in this browser (spec 001 §6 viewAsUserId); None: their own account
    view_as_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class AuthAttempts(Base):
    """Sign-in or sign-up attempts counted against one account or one client address in a window, shared
    by every API process (api.auth throttles on them)."""

    __tablename__ = "auth_attempts"

    key: Mapped[str] = mapped_column(String(100), primary_key=True)  # what is counted, hashed
    attempts: Mapped[int]
    window_ends_at: Mapped[datetime]
