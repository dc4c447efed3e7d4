"""Tax reports (spec 001 §3, §4, §7): generateTaxReport starts (or joins) the report's TaxReportWorkflow
and answers its job id; taxReportPollResult, polled every 2 s, answers the spec's statuses and, once made,
a download link; taxReports lists the reports made, per tax year, each with a fresh link.

A report is never made from stale results: while the user's cost basis is asked for or running, the
workflow waits and the poll answers cost_basis_in_process. A job id that is not the user's answers
unauthorized, as one that does not exist does.

A broker's 1099-DA (an upload of the user's) is reconciled, and chooses the boxes of a Form 8949,
Schedule D or tax-software file: the one given, else the one of the user's latest reconciliation of
that year."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.jobs import start_work
from api.limits import MAX_SEARCH_CHARS, MAX_URL_CHARS
from api.string_bounds import max_length
from contracts.ids import tax_report_id
from contracts.tax_report import (
    FORM_8949_LINE_TYPES,
    RECONCILIATION_TYPES,
    REPORT_TYPES,
    TaxReportPollStatus,
    report_request,
)
from ledger.models import TaxReport
from ledger.scope.transaction_search import SearchError, parse
from vocabulary.enums import JobStatus
from vocabulary.plans import report_refusal

FIRST_TAX_YEAR = 2009  # the first year anyone held bitcoin
NOT_STARTED = "The report could not be started. Try again in a moment."
NEEDS_1099DA = "Upload the broker's 1099-DA to reconcile it."
BAD_1099DA = "That 1099-DA upload could not be found."
BAD_YEAR = "There is no such tax year."
BAD_DATES = "The start date must not be after the end date."


@strawberry.type
class ReconciliationLine:
    status: str
    asset: str
    form_rows: str | None
    form_sold: str | None
    sold: str | None
    form_proceeds: str | None
    proceeds: str | None
    form_cost_basis: str | None
    cost_basis: str | None


@strawberry.type
class TaxReportFile:
    job_id: str
    type: str
    tax_year: int
    status: str
    created_at: datetime
    finished_at: datetime | None
    file_name: str | None
    url: str | None = strawberry.field(description="A download link, valid for an hour.")
    reconciliation: list[ReconciliationLine] | None = strawberry.field(
        description="A 1099-DA reconciliation's lines, with each line's status."
    )


@strawberry.type
class GenerateTaxReportResult:
    success: bool
    job_id: str | None
    status: str | None  # invalid_report_type for a type Cairn does not make; the plan statuses
    error_message: str | None
    blocker: str | None = strawberry.field(default=None, description="Why the plan holds the report back.")


@strawberry.type
class TaxReportPollResult:
    success: bool
    status: str | None = strawberry.field(
        description="The spec's poll status; null while the report is being made."
    )
    is_status_final: bool
    url: str | None
    error_message: str | None
    report: TaxReportFile | None


def report_file(info: CairnInfo, row: TaxReport) -> TaxReportFile:
    storage = info.context.services.storage
    lines = None
    if row.result is not None:
        lines = [
            ReconciliationLine(**{name: line.get(name) for name in ReconciliationLine.__annotations__})
            for line in row.result.get("lines", [])
        ]
    return TaxReportFile(
        job_id=row.job_id,
        type=row.type,
        tax_year=row.tax_year,
        status=row.status.value,
        created_at=row.created_at,
        finished_at=row.finished_at,
        file_name=None if row.s3_key is None else row.s3_key.rsplit("/", 1)[-1],
        url=None if row.s3_key is None else storage.presign_download(row.s3_key),
        reconciliation=lines,
    )


def _refused(status: str | None, message: str | None) -> GenerateTaxReportResult:
    return GenerateTaxReportResult(success=False, job_id=None, status=status, error_message=message)


@strawberry.type
class TaxReportsMutation:
    @strawberry.mutation
    async def generate_tax_report(
        self,
        info: CairnInfo,
        type: Annotated[str, max_length(40)],
        tax_year: int,
        query: Annotated[str | None, max_length(MAX_SEARCH_CHARS)] = None,
        start_date: date | None = None,
        end_date: date | None = None,
        form_1099da_file_url: Annotated[str | None, max_length(MAX_URL_CHARS)] = None,
    ) -> GenerateTaxReportResult:
        """Start the report (or join the same one being made); answers the job id to poll."""
        context = info.context
        user = context.user
        if type not in REPORT_TYPES:
            return _refused(TaxReportPollStatus.INVALID_REPORT_TYPE.value, None)
        if not FIRST_TAX_YEAR <= tax_year <= date.today().year + 1:
            return _refused(None, BAD_YEAR)
        if start_date is not None and end_date is not None and start_date > end_date:
            return _refused(None, BAD_DATES)
        if type != "TRANSACTIONS_CSV":
            query = None  # only the transactions report lists what a search finds
        if query:
            try:
                parse(query, (user.tax_year_start_month, user.tax_year_start_day))
            except SearchError as error:
                return _refused(None, str(error))
        if type in FORM_8949_LINE_TYPES and not form_1099da_file_url:
            # the broker's reporting chooses the 8949 boxes: the 1099-DA the user last reconciled that year
            form_1099da_file_url = await context.scope.tax_reports.reconciled_1099da(tax_year)
        elif type not in RECONCILIATION_TYPES | FORM_8949_LINE_TYPES:
            form_1099da_file_url = None
        if type in RECONCILIATION_TYPES and not form_1099da_file_url:
            return _refused(None, NEEDS_1099DA)
        if (
            form_1099da_file_url
            and context.services.storage.key_of(form_1099da_file_url, user.public_id) is None
        ):
            return _refused(None, BAD_1099DA)
        plans = context.scope.plans
        held = await plans.tax_plan()
        counts = await plans.transaction_counts()
        refusal = report_refusal(
            held.terms,
            held.payment_state,
            type,
            tax_year,
            (counts.net, counts.lifetime),
            date.today(),
            held.covers_through,
            firm_client=await context.scope.tax_pros.is_firm_client(),
        )
        if refusal is not None:
            return GenerateTaxReportResult(
                success=False, job_id=None, status=refusal.status, error_message=None, blocker=refusal.blocker
            )
        options = (query or None, start_date, end_date, form_1099da_file_url)
        scope = context.scope.tax_reports
        row = await scope.pending_or_new(
            tax_report_id(user.public_id, type, tax_year, options), type, tax_year, options
        )
        start = report_request(user.public_id, type, tax_year, row.id, user.id, options)
        started = await start_work(context, start, undo=lambda: scope.fail(row.id, NOT_STARTED))
        if not started.ok:
            return _refused(None, NOT_STARTED)
        return GenerateTaxReportResult(success=True, job_id=started.job_id, status=None, error_message=None)


@strawberry.type
class TaxReportsQuery:
    @strawberry.field
    async def tax_report_poll_result(
        self, info: CairnInfo, job_id: Annotated[str, max_length(300)]
    ) -> TaxReportPollResult:
        scope = info.context.scope
        row = await scope.tax_reports.latest(job_id)
        if row is None:
            return TaxReportPollResult(
                success=False,
                status=TaxReportPollStatus.UNAUTHORIZED.value,
                is_status_final=True,
                url=None,
                error_message=None,
                report=None,
            )
        made = report_file(info, row)
        if row.status is JobStatus.FINISHED:
            status: str | None = TaxReportPollStatus.SUCCESS.value
        elif row.status is JobStatus.FAILED:
            status = TaxReportPollStatus.COST_BASIS_FAILED.value if row.cost_basis_failed else None
        else:
            cost_basis = await scope.cost_basis.status()
            pending = cost_basis is not None and (
                cost_basis.is_running or cost_basis.recomputation_date is not None
            )
            status = TaxReportPollStatus.COST_BASIS_IN_PROCESS.value if pending else None
        return TaxReportPollResult(
            success=row.status is JobStatus.FINISHED,
            status=status,
            is_status_final=row.status in (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.CANCELLED),
            url=made.url,
            error_message=row.error_message,
            report=made,
        )

    @strawberry.field(description="The reports made, newest tax year first; of one year when given.")
    async def tax_reports(self, info: CairnInfo, tax_year: int | None = None) -> list[TaxReportFile]:
        return [report_file(info, row) for row in await info.context.scope.tax_reports.made(tax_year)]
