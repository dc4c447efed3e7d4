"""One user's frozen tax years as the API sees them: the status of a year, the start of a freeze or an
unfreeze (the years marked in progress, as they were kept to put back), and the instant before which
the user's transactions may not change (see ledger.writes.freezing for the model)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import CostBasisStatus, FrozenPeriod, TaxYearFreeze, Transaction, User, WalletMigration
from ledger.scope.cost_basis import tax_year_bounds
from vocabulary.enums import FreezingStatus, JobStatus
from vocabulary.errors import FreezingError
from vocabulary.lot_allocation import MIGRATION_YEAR

FIRST_TAX_YEAR = 2009  # the first year with a bitcoin transaction
FROZEN_STATUSES = frozenset({FreezingStatus.FROZEN, FreezingStatus.ERRORED_WITH_FROZEN_PERIODS})
IN_PROGRESS = frozenset({FreezingStatus.FREEZING_IN_PROGRESS, FreezingStatus.UNFREEZING_IN_PROGRESS})
LOCKED_STATUSES = FROZEN_STATUSES | IN_PROGRESS  # a year under these may not change


def tax_year_of(moment: datetime, start_month: int, start_day: int) -> int:
    """The tax year (named by the calendar year it starts in) `moment` falls in."""
    return (
        moment.year if moment >= tax_year_bounds(moment.year, start_month, start_day)[0] else moment.year - 1
    )


@dataclass(frozen=True)
class Before:
    """The years a freeze or unfreeze marked in progress, as they were (None: no row)."""

    statuses: dict[int, FreezingStatus | None]


async def _tax_year_start(session: AsyncSession, user_id: int) -> tuple[int, int]:
    month, day = (
        await session.execute(
            select(User.tax_year_start_month, User.tax_year_start_day).where(User.id == user_id)
        )
    ).one()
    return month, day


async def locked_before(session: AsyncSession, user_id: int) -> datetime | None:
    """Before this instant the user's transactions may not change: the end of the latest year frozen,
    being frozen or being unfrozen (None: nothing is)."""
    year = await session.scalar(
        select(func.max(TaxYearFreeze.year)).where(
            TaxYearFreeze.user_id == user_id, TaxYearFreeze.status.in_(LOCKED_STATUSES)
        )
    )
    if year is None:
        return None
    return tax_year_bounds(year, *await _tax_year_start(session, user_id))[1]


class FreezingScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def year(self, year: int) -> TaxYearFreeze | None:
        return await self.session.get(TaxYearFreeze, (self.user_id, year))

    async def begin(self, year: int, freeze: bool) -> Before | FreezingError:
        """Mark the years a freeze of `year` (it and every unfrozen year before it, from the user's first)
        or an unfreeze (it and every frozen year after it) works on as in progress; or why it cannot."""
        month, day = await _tax_year_start(self.session, self.user_id)
        now = datetime.now(UTC)
        if year < FIRST_TAX_YEAR or year > now.year or tax_year_bounds(year, month, day)[1] > now:
            return FreezingError.INVALID_TAX_YEAR
        rows = {
            row.year: row
            for row in await self.session.scalars(
                select(TaxYearFreeze).where(TaxYearFreeze.user_id == self.user_id).with_for_update()
            )
        }
        if any(row.status in IN_PROGRESS for row in rows.values()):
            return FreezingError.IN_PROGRESS
        frozen = {number for number, row in rows.items() if row.status in FROZEN_STATUSES}
        if freeze:
            if year in frozen:
                return FreezingError.ALREADY_FROZEN
            years = [
                number
                for number in range(await self._first_year(year, month, day), year + 1)
                if number not in frozen
            ]
            status = FreezingStatus.FREEZING_IN_PROGRESS
        else:
            if year not in frozen:
                return FreezingError.NOT_FROZEN
            if year <= MIGRATION_YEAR and await self._migrated():
                return FreezingError.MIGRATED  # the move to per-wallet basis is irreversible (spec 001 §9)
            if year - 1 in frozen and await self.session.get(FrozenPeriod, (self.user_id, year - 1)) is None:
                return FreezingError.UNFREEZE_NOT_ALLOWED  # its closing lots were never kept (a migration)
            years = sorted(number for number in frozen if number >= year)
            status = FreezingStatus.UNFREEZING_IN_PROGRESS
        before = Before({number: rows[number].status if number in rows else None for number in years})
        for number in years:
            row = rows.get(number) or TaxYearFreeze(user_id=self.user_id, year=number)
            row.status, row.start_time, row.end_time, row.error, row.last_updated_at = (
                status,
                now,
                None,
                None,
                now,
            )
            self.session.add(row)
        await self.session.flush()
        return before

    async def _migrated(self) -> bool:
        row = await self.session.get(WalletMigration, self.user_id)
        return row is not None and row.status is JobStatus.FINISHED

    async def undo(self, before: Before) -> None:
        """Put the years back as they were when the work could not be started."""
        for number, status in before.statuses.items():
            row = await self.session.get(TaxYearFreeze, (self.user_id, number), populate_existing=True)
            if row is None:
                continue
            if status is None:
                await self.session.execute(
                    delete(TaxYearFreeze).where(
                        TaxYearFreeze.user_id == self.user_id, TaxYearFreeze.year == number
                    )
                )
            else:
                row.status, row.end_time = status, datetime.now(UTC)

    async def holds_frozen(self, account_id: int) -> bool:
        """Whether the account holds a transaction dated in a frozen year (deleting it would change it)."""
        first = await self.session.scalar(
            select(func.min(Transaction.timestamp)).where(
                Transaction.user_id == self.user_id,
                Transaction.account_id == account_id,
                Transaction.is_ignored.is_(False),  # rows held for review are not in any result
            )
        )
        return first is not None and await touches_frozen(self.session, self.user_id, [first])

    async def _first_year(self, year: int, month: int, day: int) -> int:
        first = await self.session.scalar(
            select(func.min(Transaction.timestamp)).where(Transaction.user_id == self.user_id)
        )
        if first is None:
            return year
        return min(tax_year_of(first, month, day), year)


async def touches_frozen(session: AsyncSession, user_id: int, moments: Iterable[datetime]) -> bool:
    """Whether a change of transactions dated at these moments touches a frozen year. The user's
    cost-basis status row is locked meanwhile (as the run request that follows an edit locks it), so a
    freeze, which takes that row first, computes after the change commits or refuses it."""
    await session.execute(
        select(CostBasisStatus.user_id)
        .where(CostBasisStatus.user_id == user_id)
        .with_for_update(key_share=True)
    )
    before = await locked_before(session, user_id)
    return before is not None and any(moment < before for moment in moments)
