"""How many transactions each user has, kept by the database as the transactions page's total.

Counting a user's million rows takes longer than the page's whole budget, so triggers on `transactions`
add one row per INSERT or DELETE statement: the user and how many of their transactions it added
(or removed, negative). The count is the sum of the user's rows, exact in every snapshot, and no writer
waits for another (each statement adds its own row). The cost-basis run folds a user's rows into one
(ledger.writes.transaction_counts). Migration 0014 holds the triggers.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, ForeignKey, Identity, Index
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base


class TransactionCountDelta(Base):
    __tablename__ = "transaction_count_deltas"
    __table_args__ = (Index("ix_transaction_count_deltas_user_id", "user_id", postgresql_include=["delta"]),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    delta: Mapped[int] = mapped_column(BigInteger)
