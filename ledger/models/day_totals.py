"""A cost-basis run's results (and the flows it read) summed per user and UTC day, for the pages that
read a year or all of them.

The run writes these in the transaction that stores its results (ledger.writes.day_totals), so a page
never sees the totals of one run beside the rows of another. Sums stay in USD like the rows: a day's
sum times that day's FX close equals the sum of each row times it, exactly (numeric products are exact),
and a tax year starts at a UTC midnight, so any year is a run of whole days.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import BigInteger, ForeignKey, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base


class DisposalDayTotal(Base):
    """The disposed lot slices of one day, type (SELL, FEE, GIFT_SENT …) and term."""

    __tablename__ = "disposal_day_totals"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    type: Mapped[str] = mapped_column(String(40), primary_key=True)
    term: Mapped[str] = mapped_column(String(5), primary_key=True)
    slices: Mapped[int] = mapped_column(BigInteger)
    # the day's transactions with a disposal of this type, whatever the term: the same on each term's row
    transactions: Mapped[int] = mapped_column(BigInteger)
    proceeds: Mapped[Decimal] = mapped_column(Numeric)  # unbounded: a sum keeps every digit of its rows
    cost_basis: Mapped[Decimal] = mapped_column(Numeric)
    gain: Mapped[Decimal] = mapped_column(Numeric)


class IncomeDayTotal(Base):
    """The income events of one day and category."""

    __tablename__ = "income_day_totals"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    type: Mapped[str] = mapped_column(String(40), primary_key=True)
    events: Mapped[int] = mapped_column(BigInteger)
    value: Mapped[Decimal] = mapped_column(Numeric)


class AssetDayChange(Base):
    """The net quantity of one asset the user's counted flows moved in one day in one account (the home
    chart's input), and the quantity they took out (outflows, fees included; NULL in rows written before
    migration 0041); by account, so an account's deletion takes its changes with it."""

    __tablename__ = "asset_day_changes"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    asset_id: Mapped[str] = mapped_column(ForeignKey("assets.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    change: Mapped[Decimal] = mapped_column(Numeric)
    outflow: Mapped[Decimal | None] = mapped_column(Numeric)


class TransactionDayTotal(Base):
    """The transactions of one day that count (not ignored), as of the run."""

    __tablename__ = "transaction_day_totals"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    transactions: Mapped[int] = mapped_column(Integer)


class OpenLotDayTotal(Base):
    """The lots of one asset acquired on one day that have something left after the run: how many, and
    their remaining basis (the lots page's count, the holdings' cost basis). Each run rewrites all of
    them: a disposal on any day changes what an older lot has left. By account, as its lots: an account's
    deletion takes them with it."""

    __tablename__ = "open_lot_day_totals"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    asset: Mapped[str] = mapped_column(String(40), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    lots: Mapped[int] = mapped_column(BigInteger)
    remaining_cost_basis: Mapped[Decimal] = mapped_column(Numeric)
