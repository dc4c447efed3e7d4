"""The results of a user's last cost-basis run: tax lots, disposed lot slices and income events.

Each run replaces the user's rows in all three tables at once; `run_id` names the run that wrote
them (also kept on the user's `cost_basis_status` row). Money and quantities are NUMERIC.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Identity,
    Index,
    Integer,
    String,
    Text,
    Uuid,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import MONEY, QUANTITY, Base

FLAGGED = text("callout IS NOT NULL")  # the rows the engine flagged (the run's callouts): a few of all


class TaxLot(Base):
    """A lot: opened by an acquisition or income, or moved by a transfer, with what remains of it."""

    __tablename__ = "tax_lots"
    __table_args__ = (
        Index("ix_tax_lots_user_id_asset", "user_id", "asset", "acquired_at"),
        # the lots page: the open lots (a few of all), oldest first
        Index("ix_tax_lots_open", "user_id", "acquired_at", "id", postgresql_where=text("remaining > 0")),
        # sorted by value or gain: each asset's open lots down their quantity, or their basis
        Index(
            "ix_tax_lots_open_by_remaining",
            "user_id",
            "asset",
            "remaining",
            "id",
            postgresql_where=text("remaining > 0"),
        ),
        Index(
            "ix_tax_lots_open_by_basis",
            "user_id",
            "asset",
            "remaining_cost_basis",
            "id",
            postgresql_where=text("remaining > 0"),
        ),
        Index("ix_tax_lots_flagged", "user_id", "transaction_id", postgresql_where=FLAGGED),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    run_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    lot_id: Mapped[str] = mapped_column(Text)
    origin_lot_id: Mapped[str] = mapped_column(Text)
    transaction_id: Mapped[int] = mapped_column(ForeignKey("transactions.id", ondelete="CASCADE"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    asset: Mapped[str] = mapped_column(String(40))
    acquired_at: Mapped[datetime]
    quantity: Mapped[Decimal] = mapped_column(QUANTITY)
    remaining: Mapped[Decimal] = mapped_column(QUANTITY)
    cost_basis: Mapped[Decimal] = mapped_column(MONEY)
    remaining_cost_basis: Mapped[Decimal] = mapped_column(MONEY)
    transfer_chain: Mapped[str] = mapped_column(Text)  # the receiving flows, '>'-separated
    callout: Mapped[str | None] = mapped_column(Text)


class DisposedLot(Base):
    """One slice of one lot consumed by one disposal, with its gain and holding term."""

    __tablename__ = "disposed_lots"
    __table_args__ = (
        Index("ix_disposed_lots_user_id_asset", "user_id", "asset", "disposed_at"),
        Index("ix_disposed_lots_user_id_disposed_at", "user_id", "disposed_at"),
        Index("ix_disposed_lots_flagged", "user_id", "transaction_id", postgresql_where=FLAGGED),
        CheckConstraint("term IN ('SHORT', 'LONG')", name="term"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    run_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    transaction_id: Mapped[int] = mapped_column(ForeignKey("transactions.id", ondelete="CASCADE"), index=True)
    flow_id: Mapped[str] = mapped_column(Text)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    asset: Mapped[str] = mapped_column(String(40))
    type: Mapped[str] = mapped_column(String(40))  # the disposing flow's type: SELL, TRADE, GIFT_SENT, FEE …
    lot_id: Mapped[str | None] = mapped_column(Text)  # None: no lot was left (insufficient quantity)
    origin_lot_id: Mapped[str | None] = mapped_column(Text)
    transfer_chain: Mapped[str | None] = mapped_column(Text)
    acquired_at: Mapped[datetime]
    disposed_at: Mapped[datetime]
    holding_days: Mapped[int] = mapped_column(Integer)
    quantity: Mapped[Decimal] = mapped_column(QUANTITY)
    proceeds: Mapped[Decimal] = mapped_column(MONEY)
    cost_basis: Mapped[Decimal] = mapped_column(MONEY)
    gain: Mapped[Decimal] = mapped_column(MONEY)
    denied_loss: Mapped[Decimal] = mapped_column(MONEY)
    term: Mapped[str] = mapped_column(String(5))
    rule: Mapped[str | None] = mapped_column(String(40))  # the UK share-pooling rule that matched
    callout: Mapped[str | None] = mapped_column(Text)  # ';'-separated callout types


class IncomeEvent(Base):
    """One income flow (staking, mining, airdrop, interest …) at its value when received."""

    __tablename__ = "income_events"
    __table_args__ = (
        Index("ix_income_events_user_id_asset", "user_id", "asset", "received_at"),
        Index("ix_income_events_user_id_received_at", "user_id", "received_at"),
        Index("ix_income_events_flagged", "user_id", "transaction_id", postgresql_where=FLAGGED),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    run_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    transaction_id: Mapped[int] = mapped_column(ForeignKey("transactions.id", ondelete="CASCADE"), index=True)
    flow_id: Mapped[str] = mapped_column(Text)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    asset: Mapped[str] = mapped_column(String(40))
    received_at: Mapped[datetime]
    quantity: Mapped[Decimal] = mapped_column(QUANTITY)
    value: Mapped[Decimal] = mapped_column(MONEY)
    type: Mapped[str] = mapped_column(String(40))
    callout: Mapped[str | None] = mapped_column(Text)
