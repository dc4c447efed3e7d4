"""How many transactions each user has, per account and UTC day, and how many of them await review, kept
by the database as the transactions page's totals.

Counting a user's million rows takes longer than the page's whole budget, so statement-level triggers on
`transactions` add rows per INSERT, DELETE or UPDATE statement: the user, account and UTC day, and how
many of their transactions it added there (or removed, negative); those on `transaction_reviews` do the
same per user, and those on `flows` per user and asset (a transaction counted once however many flows of
the asset it has). A count is the sum of the matching rows (the whole ledger, a wallet, a span of days,
an asset), exact in every snapshot, and no writer waits for another (each statement adds its own rows).
The cost-basis run folds a user's rows into one per group (ledger.writes.transaction_counts). Migrations
0014, 0034 and 0037 hold the triggers.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base


class TransactionCountDelta(Base):
    __tablename__ = "transaction_count_deltas"
    __table_args__ = (
        Index(
            "ix_transaction_count_deltas_user_id_account_id_utc_day",
            "user_id",
            "account_id",
            "utc_day",
            postgresql_include=["delta"],
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # no foreign key: a deleted account's rows stay, summing to zero with its transactions' removal
    account_id: Mapped[int] = mapped_column(BigInteger)
    utc_day: Mapped[date]
    delta: Mapped[int] = mapped_column(BigInteger)


class ReviewCountDelta(Base):
    __tablename__ = "review_count_deltas"
    __table_args__ = (Index("ix_review_count_deltas_user_id", "user_id", postgresql_include=["delta"]),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    delta: Mapped[int] = mapped_column(BigInteger)


class AssetCountDelta(Base):
    __tablename__ = "asset_count_deltas"
    __table_args__ = (
        Index("ix_asset_count_deltas_user_id_asset_id", "user_id", "asset_id", postgresql_include=["delta"]),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # no foreign key: the flows' holds, and a fold drops the groups that sum to zero
    asset_id: Mapped[str] = mapped_column(String(200))
    delta: Mapped[int] = mapped_column(BigInteger)
