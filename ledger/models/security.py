"""Account security: TOTP seeds and recovery codes of multi-factor sign-in, and the one-time tokens of
password reset links, e-mail change codes and the second step of a sign-in."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column, text_enum


class TokenPurpose(StrEnum):
    PASSWORD_RESET = "password_reset"  # the token of an e-mailed link
    EMAIL_CHANGE = "email_change"  # the code e-mailed to the new address
    MFA_SIGN_IN = "mfa_sign_in"  # a checked password awaiting its second factor (a cookie)


class MfaSecret(Base):
    """A user's TOTP seed, sealed (ledger.infra.credentials); enabled once a code from it was confirmed."""

    __tablename__ = "mfa_secrets"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    sealed_seed: Mapped[bytes] = mapped_column(LargeBinary)
    enabled_at: Mapped[datetime | None]  # None while being set up
    last_used_step: Mapped[int | None] = mapped_column(BigInteger)  # a code is accepted once
    created_at: Mapped[datetime] = created_at_column()


class RecoveryCode(Base):
    """A single-use code that stands in for a TOTP code; only its keyed hash is stored."""

    __tablename__ = "mfa_recovery_codes"

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[bytes] = mapped_column(LargeBinary(32))
    used_at: Mapped[datetime | None]


class OneTimeToken(Base):
    """A link token or code, stored as its keyed hash; redeemed at most once, before it expires."""

    __tablename__ = "one_time_tokens"
    __table_args__ = (
        Index("ix_one_time_tokens_token_hash", "token_hash"),
        Index("ix_one_time_tokens_user_id_purpose", "user_id", "purpose"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    purpose: Mapped[TokenPurpose] = mapped_column(text_enum(TokenPurpose, "token_purpose"))
    token_hash: Mapped[bytes] = mapped_column(LargeBinary(32))
    new_email: Mapped[str | None] = mapped_column(String(320))  # the address an e-mail change moves to
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = created_at_column()
