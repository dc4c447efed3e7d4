"""What syncing linked accounts keeps: each stream's cursor per account, what the chain reports a wallet
holds, and the credentials a user is linking while one authenticated call checks them (sealed, like an
account's own)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Identity, LargeBinary, SmallInteger, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import QUANTITY, Base, created_at_column


class SyncCursor(Base):
    """Where one stream of an account's sync resumes (the connector's opaque cursor), written in the same
    database transaction as the batch it follows."""

    __tablename__ = "account_sync_cursors"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    stream: Mapped[str] = mapped_column(String(200), primary_key=True)
    cursor: Mapped[dict[str, Any]] = mapped_column(JSONB)
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class ReportedBalance(Base):
    """What the chain reported a synced wallet holds of one asset at its latest sync; `decimals` is the
    asset's on-chain precision, which sets the dust below which a difference is not significant."""

    __tablename__ = "account_reported_balances"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    asset_id: Mapped[str] = mapped_column(ForeignKey("assets.id", ondelete="CASCADE"), primary_key=True)
    quantity: Mapped[Decimal] = mapped_column(QUANTITY)
    decimals: Mapped[int] = mapped_column(SmallInteger)
    reported_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class CredentialCheck(Base):
    """Credentials under check before the account they are for is created or updated; removed after."""

    __tablename__ = "credential_checks"

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    exchange: Mapped[str] = mapped_column(String(100))  # the ccxt exchange id
    credentials: Mapped[bytes] = mapped_column(LargeBinary)  # ledger.infra.credentials.seal(...)
    created_at: Mapped[datetime] = created_at_column()
