"""Assets (currencies, tokens, NFTs) and their daily prices."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from uuid import UUID

from sqlalchemy import BigInteger, CheckConstraint, Date, ForeignKey, Index, Integer, String, Uuid, text
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import MONEY, Base, text_enum
from vocabulary.enums import CurrencyType
from vocabulary.user_assets import MAX_DESCRIPTION_CHARS


class Asset(Base):
    """An asset. The id carries the spec's prefix (crypto_, fiat_, user_asset_, nft_, blockchain_);
    a user-defined token belongs to one user, every other asset is shared."""

    __tablename__ = "assets"
    __table_args__ = (
        CheckConstraint("id ~ '^(crypto|fiat|user_asset|nft|blockchain)_'", name="id_prefix"),
        CheckConstraint("(type = 'USER_DEFINED_TOKEN') = (user_id IS NOT NULL)", name="user_token_owner"),
        Index("ix_assets_symbol", "symbol", postgresql_where=text("user_id IS NULL")),
        Index(
            "uq_assets_user_id_symbol",
            "user_id",
            "symbol",
            unique=True,
            postgresql_where=text("user_id IS NOT NULL"),
        ),
    )

    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    symbol: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    type: Mapped[CurrencyType] = mapped_column(text_enum(CurrencyType, "currency_type"))
    cmc_id: Mapped[int | None] = mapped_column(Integer)
    rank: Mapped[int | None] = mapped_column(Integer)  # market-cap rank: the shared asset a symbol means
    contract_address: Mapped[str | None] = mapped_column(String(200))
    crypto_network: Mapped[str | None] = mapped_column(String(100))
    user_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    is_spam: Mapped[bool | None]  # None: not resolved yet
    was_automarked_as_spam: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    # A user-defined token's, as its owner types them on the custom currencies page; the price is the
    # token's value today where the price table has no close for it.
    description: Mapped[str | None] = mapped_column(String(MAX_DESCRIPTION_CHARS))
    price_usd: Mapped[Decimal | None] = mapped_column(MONEY)


class Price(Base):
    """The daily close of `symbol` in `quote` (USD for every asset, and FX pairs between fiats)."""

    __tablename__ = "prices"
    __table_args__ = (Index("ix_prices_quote_date", "quote", "date"),)  # the table's last day of a quote

    symbol: Mapped[str] = mapped_column(String(40), primary_key=True)
    quote: Mapped[str] = mapped_column(String(10), primary_key=True)
    date: Mapped[date] = mapped_column(Date, primary_key=True)
    close: Mapped[Decimal] = mapped_column(MONEY)
    source: Mapped[str] = mapped_column(String(40))


class PriceTableVersion(Base):
    """One row: a token the price table's statement trigger renews on every write to it (a random one,
    never seen again, even when the write rolls back). Closes read under a token hold while it is
    current (ledger.scope.price_series)."""

    __tablename__ = "price_table_version"

    token: Mapped[UUID] = mapped_column(Uuid, primary_key=True)
