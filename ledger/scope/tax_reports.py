"""One user's tax reports as the API sees them: the row of each request, the latest request of a job id
(what the poll reads) and the reports made, per tax year."""

from __future__ import annotations

from datetime import date

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.tax_report import RECONCILIATION_TYPES
from ledger.models import TaxReport
from ledger.models.jobs import FINAL_STATUSES
from vocabulary.enums import JobStatus


class TaxReportsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def pending_or_new(
        self,
        job_id: str,
        report_type: str,
        tax_year: int,
        options: tuple[str | None, date | None, date | None, str | None],
    ) -> TaxReport:
        """The request of `job_id` still being made, or a new one; requests of one job id are taken one
        at a time (a transaction-scoped advisory lock), so two at once never make two rows."""
        await self.session.execute(select(func.pg_advisory_xact_lock(func.hashtext(job_id))))
        pending = await self.session.scalar(
            select(TaxReport)
            .where(
                TaxReport.user_id == self.user_id,
                TaxReport.job_id == job_id,
                TaxReport.status.not_in(FINAL_STATUSES),
            )
            .order_by(TaxReport.id.desc())
            .limit(1)
        )
        if pending is not None:
            return pending
        query, start_date, end_date, form_1099da_url = options
        made = TaxReport(
            user_id=self.user_id,
            job_id=job_id,
            type=report_type,
            tax_year=tax_year,
            query=query,
            start_date=start_date,
            end_date=end_date,
            form_1099da_url=form_1099da_url,
            status=JobStatus.ENQUEUED,
        )
        self.session.add(made)
        await self.session.flush()
        return made

    async def fail(self, report_id: int, message: str) -> None:
        await self.session.execute(
            update(TaxReport)
            .where(TaxReport.user_id == self.user_id, TaxReport.id == report_id)
            .values(status=JobStatus.FAILED, error_message=message, finished_at=func.now())
        )

    async def latest(self, job_id: str) -> TaxReport | None:
        """The latest request of `job_id`; None for a job id that is not this user's."""
        return await self.session.scalar(
            select(TaxReport)
            .where(TaxReport.user_id == self.user_id, TaxReport.job_id == job_id)
            .order_by(TaxReport.id.desc())
            .limit(1)
        )

    async def reconciled_1099da(self, tax_year: int) -> str | None:
        """The upload URL of the 1099-DA the user's latest reconciliation of `tax_year` was made from."""
        return await self.session.scalar(
            select(TaxReport.form_1099da_url)
            .where(
                TaxReport.user_id == self.user_id,
                TaxReport.tax_year == tax_year,
                TaxReport.type.in_(RECONCILIATION_TYPES),
                TaxReport.status == JobStatus.FINISHED,
            )
            .order_by(TaxReport.id.desc())
            .limit(1)
        )

    async def made(self, tax_year: int | None) -> list[TaxReport]:
        """Every report made (of one tax year, when given), newest year first, newest first."""
        where = [TaxReport.user_id == self.user_id, TaxReport.status == JobStatus.FINISHED]
        if tax_year is not None:
            where.append(TaxReport.tax_year == tax_year)
        found = await self.session.scalars(
            select(TaxReport).where(*where).order_by(TaxReport.tax_year.desc(), TaxReport.id.desc())
        )
        return list(found)
