"""Each coin's latest market data from a price provider (ledger.writes.prices, the daily price fetch)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import MONEY, Base

LARGE_MONEY = Numeric(48, 18)  # market caps and volumes: beyond MONEY's 10^20 for any token's supply


class MarketData(Base):
    __tablename__ = "market_data"

    symbol: Mapped[str] = mapped_column(String(40), primary_key=True)  # a shared crypto asset's, in USD
    price: Mapped[Decimal] = mapped_column(MONEY)
    market_cap: Mapped[Decimal | None] = mapped_column(LARGE_MONEY)
    volume_24h: Mapped[Decimal | None] = mapped_column(LARGE_MONEY)
    change_24h: Mapped[Decimal | None] = mapped_column(Numeric(20, 8))  # percent
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # as the provider stamped it
    source: Mapped[str] = mapped_column(String(40))
