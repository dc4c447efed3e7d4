"""The record of every edit a user makes to their transactions: who, when, which field, old → new."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, String, Text, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column


class TransactionEdit(Base):
    """One field of one transaction changed by hand. Kept when the transaction is deleted (its public id
    stays), and values are text as shown to the user: decimals exact, times ISO 8601."""

    __tablename__ = "transaction_edits"
    __table_args__ = (Index("ix_transaction_edits_transaction_public_id", "transaction_public_id", "id"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    editor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))  # who
    transaction_public_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    field: Mapped[str] = mapped_column(String(40))
    old_value: Mapped[str | None] = mapped_column(Text)
    new_value: Mapped[str | None] = mapped_column(Text)
    edited_at: Mapped[datetime] = created_at_column()
