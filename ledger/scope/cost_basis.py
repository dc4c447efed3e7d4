"""One user's cost basis as the API sees it: requests for a run, and reads of the stored results.

Like `UserScope`, every query is limited to its user. Nothing here computes gains: the sums are SQL
sums over the rows the last run stored.
"""

from __future__ import annotations

import calendar
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import and_, delete, func, select, union
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import CostBasisStatus, DisposedLot, IncomeEvent, TaxLot, Transaction
from ledger.writes.cost_basis import enqueue_statement
from vocabulary.enums import CalloutType, CostBasisState, QueuePriority

MAX_PAGE = 500
# Disposals a giver owes no capital-gains tax on (US): kept in the tables, left out of the gains.
NON_TAXABLE_DISPOSALS = ("GIFT_SENT", "DONATION")
Row = TypeVar("Row", TaxLot, DisposedLot)


@dataclass(frozen=True)
class RequestSnapshot:
    """The status row as it was before a request, to put back when the run could not be started."""

    existed: bool
    state: CostBasisState | None
    priority: QueuePriority | None
    recomputation_date: datetime | None


@dataclass(frozen=True)
class TaxSummary:
    start: datetime
    end: datetime  # exclusive
    capital_gain: Decimal
    short_term_gain: Decimal
    long_term_gain: Decimal
    proceeds: Decimal
    cost_basis: Decimal
    taxable_income_total: Decimal
    insufficient_quantity: int  # transactions of the year with the callout
    missing_price_history: int


def tax_year_bounds(year: int, start_month: int, start_day: int) -> tuple[datetime, datetime]:
    """[start, end) of tax year `year`: from its start day (UTC) to the next year's."""

    def start_of(y: int) -> datetime:
        day = min(start_day, calendar.monthrange(y, start_month)[1])
        return datetime(y, start_month, day, tzinfo=UTC)

    return start_of(year), start_of(year + 1)


class CostBasisScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    # Requests

    async def request(self, priority: QueuePriority) -> RequestSnapshot:
        """Mark the cost basis Enqueued (see ledger.writes.cost_basis); answers the row as it was."""
        row = await self.session.scalar(
            select(CostBasisStatus).where(CostBasisStatus.user_id == self.user_id).with_for_update()
        )
        snapshot = RequestSnapshot(
            existed=row is not None,
            state=None if row is None else row.state,
            priority=None if row is None else row.priority,
            recomputation_date=None if row is None else row.recomputation_date,
        )
        await self.session.execute(enqueue_statement(self.user_id, priority))
        return snapshot

    async def withdraw(self, snapshot: RequestSnapshot) -> None:
        """Put the status row back as it was before a request whose run could not be started."""
        if not snapshot.existed:
            await self.session.execute(delete(CostBasisStatus).where(CostBasisStatus.user_id == self.user_id))
            return
        row = await self.session.get(
            CostBasisStatus, self.user_id, with_for_update=True, populate_existing=True
        )
        if row is not None:
            row.state = snapshot.state
            row.priority = snapshot.priority
            row.recomputation_date = snapshot.recomputation_date

    # Results

    async def tax_lots(
        self, asset: str | None, limit: int, offset: int
    ) -> tuple[list[tuple[TaxLot, uuid.UUID]], int]:
        """A page of lots (oldest first) with their transaction's public id, and how many there are."""
        return await self._page(TaxLot, TaxLot.acquired_at, asset, limit, offset)

    async def disposed_lots(
        self, asset: str | None, limit: int, offset: int
    ) -> tuple[list[tuple[DisposedLot, uuid.UUID]], int]:
        """A page of disposed lot slices (oldest disposal first), and how many there are."""
        return await self._page(DisposedLot, DisposedLot.disposed_at, asset, limit, offset)

    async def _page(
        self, model: type[Row], by: Any, asset: str | None, limit: int, offset: int
    ) -> tuple[list[tuple[Row, uuid.UUID]], int]:
        where = [model.user_id == self.user_id]
        if asset is not None:
            where.append(model.asset == asset)
        total = await self.session.scalar(select(func.count()).select_from(model).where(*where))
        rows = await self.session.execute(
            select(model, Transaction.public_id)
            .join(Transaction, Transaction.id == model.transaction_id)
            .where(*where)
            .order_by(by, model.id)
            .offset(max(offset, 0))
            .limit(min(max(limit, 1), MAX_PAGE))
        )
        return [(row, public_id) for row, public_id in rows], total or 0

    async def tax_summary(self, year: int, start_month: int, start_day: int) -> TaxSummary:
        """Sums over the disposals and income of one tax year, and the transactions with callouts."""
        start, end = tax_year_bounds(year, start_month, start_day)
        disposed = and_(
            DisposedLot.user_id == self.user_id,
            DisposedLot.disposed_at >= start,
            DisposedLot.disposed_at < end,
        )
        taxable = DisposedLot.type.not_in(NON_TAXABLE_DISPOSALS)

        def total(column: Any, *only: Any) -> Any:
            return func.coalesce(func.sum(column).filter(taxable, *only), 0)

        gains = (
            await self.session.execute(
                select(
                    total(DisposedLot.gain),
                    total(DisposedLot.gain, DisposedLot.term == "SHORT"),
                    total(DisposedLot.gain, DisposedLot.term == "LONG"),
                    total(DisposedLot.proceeds),
                    total(DisposedLot.cost_basis),
                ).where(disposed)
            )
        ).one()
        income = await self.session.scalar(
            select(func.coalesce(func.sum(IncomeEvent.value), 0)).where(
                IncomeEvent.user_id == self.user_id,
                IncomeEvent.received_at >= start,
                IncomeEvent.received_at < end,
            )
        )
        return TaxSummary(
            start,
            end,
            *gains,
            taxable_income_total=income or Decimal(0),
            insufficient_quantity=await self._flagged(CalloutType.INSUFFICIENT_QUANTITY, start, end),
            missing_price_history=await self._flagged(CalloutType.MISSING_PRICE_HISTORY, start, end),
        )

    async def _flagged(self, callout: CalloutType, start: datetime, end: datetime) -> int:
        """Transactions of [start, end) with `callout` on a lot, a disposal or an income they made."""
        pattern = f"%{callout.value}%"
        flagged = union(
            *(
                select(model.transaction_id).where(
                    model.user_id == self.user_id, at >= start, at < end, model.callout.like(pattern)
                )
                for model, at in (
                    (TaxLot, TaxLot.acquired_at),
                    (DisposedLot, DisposedLot.disposed_at),
                    (IncomeEvent, IncomeEvent.received_at),
                )
            )
        ).subquery()
        return await self.session.scalar(select(func.count()).select_from(flagged)) or 0
