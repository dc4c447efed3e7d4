"""Linked accounts: exchanges, blockchain wallets, custom wallets and the other-transactions account."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    ForeignKeyConstraint,
    Identity,
    Index,
    LargeBinary,
    String,
    Text,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ledger.models.base import Base, IntEnumType, created_at_column, text_enum
from ledger.models.integrations import Integration
from vocabulary.enums import AccountKind, IntegrationCategory


class Account(Base):
    __tablename__ = "accounts"
    __table_args__ = (
        ForeignKeyConstraint(
            ["integration_slug", "integration_category"],
            ["integrations.slug", "integrations.category"],
            name="fk_accounts_integration",
        ),
        CheckConstraint("kind BETWEEN 1 AND 4", name="kind"),
        Index("ix_accounts_user_id_kind", "user_id", "kind", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[AccountKind] = mapped_column(IntEnumType(AccountKind))
    integration_slug: Mapped[str | None] = mapped_column(String(100))
    integration_category: Mapped[IntegrationCategory | None] = mapped_column(
        text_enum(IntegrationCategory, "integration_category")
    )
    name: Mapped[str] = mapped_column(String(200))
    address: Mapped[str | None] = mapped_column(Text)  # public address, xpub or ENS name
    currency_symbol: Mapped[str | None] = mapped_column(String(40))  # the coin of a blockchain wallet
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    is_mining: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    credentials: Mapped[bytes | None] = mapped_column(LargeBinary)  # ledger.infra.credentials.seal(...)
    is_syncing: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    will_be_deleted: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    is_disabled: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    last_synced_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = created_at_column()

    integration: Mapped[Integration | None] = relationship(lazy="joined", viewonly=True)
