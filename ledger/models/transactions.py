"""Transactions, the flows of value that make them up, their labels and the links between them."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    ForeignKeyConstraint,
    Identity,
    Index,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    Uuid,
    and_,
    case,
    false,
    func,
    select,
    text,
)
from sqlalchemy.orm import Mapped, aliased, mapped_column

from ledger.models.base import MONEY, QUANTITY, Base, created_at_column, text_enum
from vocabulary.enums import FlowDirection, TransactionLinkType, TransactionType


class Transaction(Base):
    """One transaction of one account (its user is the account's), from an import or entered by hand."""

    __tablename__ = "transactions"
    __table_args__ = (
        UniqueConstraint("account_id", "natural_key", name="uq_transactions_account_id_natural_key"),
        UniqueConstraint("id", "user_id", name="uq_transactions_id_user_id"),  # what a flow's key names
        # the transactions page: newest first, keyset-paged on (timestamp, id)
        Index("ix_transactions_user_id_timestamp_id", "user_id", "timestamp", "id"),
        # `wallet:{id}`: a wallet's newest rows, without walking past the other wallets' newer ones
        Index("ix_transactions_user_id_account_id_timestamp_id", "user_id", "account_id", "timestamp", "id"),
        # a word of the search as part of a description, and as a hash (ledger.scope.word_search)
        Index(
            "ix_transactions_description_trgm",
            "description",
            postgresql_using="gin",
            postgresql_ops={"description": "gin_trgm_ops"},
        ),
        Index("ix_transactions_user_id_tx_hash", "user_id", "tx_hash"),
        # `is:uncategorized`: the few such rows, without walking the user's whole ledger
        Index(
            "ix_transactions_uncategorized",
            "user_id",
            "timestamp",
            "id",
            postgresql_where=text("type IN ('UNKNOWN', 'CONTRACT_INTERACTION')"),
        ),
        # net deposits (ledger/scope/performance.py): the transactions that can cross the portfolio's edge
        Index(
            "ix_transactions_edge",
            "user_id",
            "timestamp",
            "id",
            postgresql_where=text(
                "type IN ('FIAT_DEPOSIT', 'DEPOSIT', 'RECEIVE', 'GIFT_RECEIVED', 'FIAT_WITHDRAWAL',"
                " 'WITHDRAWAL', 'SEND', 'GIFT_SENT', 'DONATION')"
            ),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    # Time-ordered (UUIDv7) when the database assigns it, as bulk imports do: new ids append to the index.
    public_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, unique=True, default=uuid.uuid4, server_default=func.uuidv7()
    )
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))  # the account's user
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    natural_key: Mapped[str] = mapped_column(Text)  # the source's id, else a digest: unique per account
    timestamp: Mapped[datetime]
    type: Mapped[TransactionType] = mapped_column(text_enum(TransactionType, "transaction_type"))
    description: Mapped[str] = mapped_column(Text, default="", server_default="")
    tx_hash: Mapped[str | None] = mapped_column(Text)
    is_manual: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    is_ignored: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    # The user's word on whether its receipts are income: None follows the type (ledger.writes.cost_basis).
    is_taxable: Mapped[bool | None]
    import_id: Mapped[int | None] = mapped_column(  # the imports row of the file it came from
        ForeignKey("imports.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = created_at_column()


class Flow(Base):
    """One movement of one asset into or out of the transaction's account."""

    __tablename__ = "flows"
    __table_args__ = (
        # the flow's user is its transaction's: the kept asset counts (models.transaction_counts) read it
        # from the deleted flows, whose transaction is gone by then
        ForeignKeyConstraint(
            ["transaction_id", "user_id"],
            ["transactions.id", "transactions.user_id"],
            name="fk_flows_transaction_id_transactions",
            ondelete="CASCADE",
        ),
        CheckConstraint("quantity > 0", name="quantity_positive"),
        CheckConstraint("(value IS NULL) = (value_currency IS NULL)", name="value_with_currency"),
        CheckConstraint("value_override > 0", name="value_override_positive"),
        # the transactions holding an asset (a word's symbol, `asset_id:`), read from the index alone
        Index("ix_flows_user_id_asset_id_transaction_id", "user_id", "asset_id", "transaction_id"),
        Index(  # the few overridden flows, which the cost-basis run looks up (ledger.writes.cost_basis)
            "ix_flows_overridden_transaction_id",
            "transaction_id",
            postgresql_where=text("value_override IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    transaction_id: Mapped[int] = mapped_column(BigInteger, index=True)
    user_id: Mapped[int] = mapped_column(BigInteger)
    direction: Mapped[FlowDirection] = mapped_column(text_enum(FlowDirection, "flow_direction"))
    asset_id: Mapped[str] = mapped_column(ForeignKey("assets.id"), index=True)
    quantity: Mapped[Decimal] = mapped_column(QUANTITY)
    value: Mapped[Decimal | None] = mapped_column(MONEY)  # fiat value at the time, when known
    value_currency: Mapped[str | None] = mapped_column(String(10))
    is_fee: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    # The user's cost basis (of an inflow) or proceeds (of an outflow) in USD, which the cost-basis run
    # takes instead of the stated or market value.
    value_override: Mapped[Decimal | None] = mapped_column(MONEY)


def flow_of_transaction() -> Any:
    """A flow's join to its transaction by both columns of its foreign key. Beside a query's
    `Transaction.user_id == …`, the planner then knows the flows' user too and reads that user's flows
    by their (user, asset, transaction) index, not every user's flows."""
    return and_(Flow.transaction_id == Transaction.id, Flow.user_id == Transaction.user_id)


def from_on(user_id: int, since: datetime | None) -> list[Any]:
    """The conditions on the user's transactions from `since` on (none without it), bounded by the
    user's last transaction too. The bound leaves out no row: it keeps the planner from expecting most
    of the user's ledger from `since` on where other users' history runs later (README, design notes:
    "A user's flows are read by user")."""
    if since is None:
        return []
    latest = aliased(Transaction)
    last = select(func.max(latest.timestamp)).where(latest.user_id == user_id).scalar_subquery()
    return [Transaction.timestamp.between(since, last)]


def signed_quantity() -> Any:
    """A flow's quantity as it moves its account's balance: an inflow adds it, an outflow takes it."""
    return case((Flow.direction == FlowDirection.INFLOW, Flow.quantity), else_=-Flow.quantity)


class Label(Base):
    __tablename__ = "labels"
    __table_args__ = (UniqueConstraint("user_id", "name", name="uq_labels_user_id_name"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))


class TransactionLabel(Base):
    __tablename__ = "transaction_labels"

    transaction_id: Mapped[int] = mapped_column(
        ForeignKey("transactions.id", ondelete="CASCADE"), primary_key=True
    )
    label_id: Mapped[int] = mapped_column(
        ForeignKey("labels.id", ondelete="CASCADE"), primary_key=True, index=True
    )


class TransactionLink(Base):
    """Two transactions that belong together: a transfer's legs, a bridge, a trade split in two."""

    __tablename__ = "transaction_links"
    __table_args__ = (
        UniqueConstraint(
            "from_transaction_id", "to_transaction_id", "link_type", name="uq_transaction_links"
        ),
        CheckConstraint("from_transaction_id <> to_transaction_id", name="distinct_ends"),
        CheckConstraint("confidence >= 0 AND confidence <= 1", name="confidence_range"),
        CheckConstraint("created_by IN ('user', 'auto')", name="created_by"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    link_type: Mapped[TransactionLinkType] = mapped_column(text_enum(TransactionLinkType, "link_type"))
    from_transaction_id: Mapped[int] = mapped_column(ForeignKey("transactions.id", ondelete="CASCADE"))
    to_transaction_id: Mapped[int] = mapped_column(
        ForeignKey("transactions.id", ondelete="CASCADE"), index=True
    )
    confidence: Mapped[Decimal] = mapped_column(Numeric(5, 4), default=Decimal(1), server_default="1")
    created_by: Mapped[str] = mapped_column(String(10))  # 'user' or 'auto'
    created_at: Mapped[datetime] = created_at_column()


class TransactionLinkExclusion(Base):
    """A send and a receive the user unlinked by hand: transfer matching never pairs them again."""

    __tablename__ = "transaction_link_exclusions"

    from_transaction_id: Mapped[int] = mapped_column(
        ForeignKey("transactions.id", ondelete="CASCADE"), primary_key=True
    )
    to_transaction_id: Mapped[int] = mapped_column(
        ForeignKey("transactions.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = created_at_column()


class TransactionReview(Base):
    """A transaction that needs the user's review, and why: a transfer leg that matching could not pair
    (or that the user unlinked), shown rather than left to reset cost basis unnoticed. A row of its own
    rather than a column of `transactions`, so flagging many legs writes narrow rows, not wide ones.

    It carries its transaction's account and time (a trigger of migration 0042 follows an edit that moves
    the transaction), so `has:review` within a wallet or a span of days is counted from one index."""

    __tablename__ = "transaction_reviews"
    __table_args__ = (
        Index(
            "ix_transaction_reviews_user_id_timestamp",
            "user_id",
            "timestamp",
            postgresql_include=["account_id"],
        ),
    )

    transaction_id: Mapped[int] = mapped_column(
        ForeignKey("transactions.id", ondelete="CASCADE"), primary_key=True
    )
    # the transaction's, so the kept count of rows to review (models.transaction_counts) knows whose a
    # removed row was even when its transaction went first
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    reason: Mapped[str] = mapped_column(Text)
    # Flagged by its import (a type the parser did not recognise): transfer matching neither clears nor
    # rewrites it.
    from_import: Mapped[bool] = mapped_column(default=False, server_default=false())
    account_id: Mapped[int] = mapped_column(BigInteger)
    timestamp: Mapped[datetime]
