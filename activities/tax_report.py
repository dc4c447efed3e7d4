"""Activities of a tax report: whether the stored cost-basis results may make it, making it, and
recording a report that could not be made.

`make_tax_report` loads the user's stored results (ledger.writes.tax_reports, in the base currency), hands
them to the one report entry point (`analytics.reports.catalogue.write_report`, which `cairn tax report`
uses too), stores the file in S3 under `reports/{user}/…` and records it on the report's row. The lots as
of a date are the engine's on the flows before the end of that day, as `cairn tax report --as-of` gives them.
Canada's Schedule 3 and the UK summary are the engine's too: the law's method on the flows in CAD or GBP.
The broker's 1099-DA on the row (a reconciliation's, or the one the API gave a Form 8949-lines report)
is read and, for those reports, chooses the Form 8949 boxes.
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Context
from pathlib import Path
from typing import Any

import polars as pl
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.cost_basis_ledger import EngineLedger, method_and_scope
from activities.cost_basis_snapshot import LEDGER, snapshot_key
from activities.heartbeat import heartbeating
from activities.uploads import UploadUnavailable, read_upload
from analytics.lots import LedgerError, compute
from analytics.lots.c_core import rescaled, scaled_as_decimal
from analytics.reports.catalogue import ReportInput, write_report
from analytics.reports.form_1099da import Form1099DAError, read_1099da
from analytics.reports.reconciliation import SALE_COLUMNS
from analytics.reports.types import COUNTRY_OF, METHOD_OF, ReportType
from analytics.reports.year import Country, TaxYear
from contracts.tax_report import (
    COST_BASIS_READINESS,
    MAKE_TAX_REPORT,
    RECONCILIATION_TYPES,
    RECORD_TAX_REPORT_FAILURE,
    TaxReportFailure,
    TaxReportInput,
)
from ingest.files.unpack import UnreadableFile, unpacked
from ledger.infra.storage import Storage, StoredFileMissing, StoredFileTooLarge, report_key
from ledger.models import TaxReport, User
from ledger.reference.seed import bundled_assets
from ledger.scope.cost_basis import tax_year_bounds
from ledger.writes.cost_basis import flow_batches, method_settings
from ledger.writes.tax_reports import (
    Filer,
    ReadFlows,
    cost_basis_readiness,
    fail_report,
    filer,
    finish_report,
    flows_in,
    kept_flows,
    listed_flows,
    mark_report,
    named_lots,
    no_results,
    report,
    stored_disposals,
    stored_income,
    stored_lots,
    usd_rates,
)
from ledger.writes.usd_values import USD
from vocabulary.enums import AllocationScope, CostBasisMethod, JobStatus
from vocabulary.lot_engine import DISPOSAL_COLUMNS, SCALE

BAD_REPORT = "TaxReportInputError"  # ApplicationError type of a report its input cannot make
PDF_TYPES = frozenset(
    {
        ReportType.FORM_8949,
        ReportType.FORM_8949_CONDENSED,
        ReportType.FORM_1040_SD,
        ReportType.FORM_1040_S1,
        ReportType.EXCHANGE_1099_RECONCILIATION,
    }
)
CONTENT_TYPES = {"pdf": "application/pdf", "csv": "text/csv", "txf": "text/plain"}
# A return's figures are in its country's currency (US forms and the files US tax software imports, the
# 1099-DA a US broker files: dollars); Cairn's own reports (lots, income, transactions) in the base currency.
GENERIC_TYPES = frozenset(
    {
        ReportType.TAX_LOTS_CSV,
        ReportType.LOTS_AS_OF_DATE,
        ReportType.INCOME_BY_MONTH,
        ReportType.TRANSACTIONS_CSV,
    }
)
RETURN_CURRENCIES = {Country.US: "USD", Country.CA: "CAD", Country.GB: "GBP"}
# the result tables a report reads (every other reads the year's disposals only)
READS_INCOME = frozenset({ReportType.FORM_1040_S1, ReportType.INCOME_BY_MONTH})
READS_LOTS = frozenset({ReportType.TAX_LOTS_CSV})
READS_NO_DISPOSALS = READS_INCOME | READS_LOTS | {ReportType.TRANSACTIONS_CSV, ReportType.LOTS_AS_OF_DATE}


@dataclass(frozen=True)
class DisposalsRead:
    columns: Sequence[str]
    in_order: bool


def disposals_read(kind: ReportType) -> DisposalsRead:
    """What a report reads of the disposals: a reconciliation, its sales' columns only, and in no
    order (it sorts the sales itself)."""
    if kind.value in RECONCILIATION_TYPES:
        return DisposalsRead(SALE_COLUMNS, in_order=False)
    return DisposalsRead(DISPOSAL_COLUMNS, in_order=True)


@dataclass(frozen=True)
class ReportYear(TaxYear):
    """The span a report covers: the user's own tax year (its start day from the settings), or the
    days a transactions export asks for."""

    first: datetime
    after: datetime

    @property
    def start(self) -> datetime:
        return self.first

    @property
    def end(self) -> datetime:
        return self.after


def file_name(kind: ReportType, label: str) -> str:
    extension = (
        "pdf" if kind in PDF_TYPES else "txf" if kind is ReportType.CAPITAL_GAINS_TURBOTAX_DESKTOP else "csv"
    )
    return f"{kind.value.lower()}_{label.replace(' ', '_')}.{extension}"


def report_year(row: TaxReport, who: Filer, kind: ReportType) -> TaxYear:
    """A Canadian or UK return's year is its law's (the calendar year; 6 April to 5 April), whatever the
    user's tax-year start. Other reports: the user's own tax year, in the user's country when Cairn makes
    its returns, else the US's; US forms are the US's whoever files them."""
    if kind in COUNTRY_OF:
        return TaxYear(row.tax_year, COUNTRY_OF[kind])
    filed = who.country if who.country in Country.__members__ else None
    country = Country.US if filed is None or kind not in GENERIC_TYPES else Country(filed)
    first, after = tax_year_bounds(row.tax_year, *who.tax_year_start)
    if row.start_date is not None:
        first = datetime.combine(row.start_date, time(), UTC)
    if row.end_date is not None:
        after = datetime.combine(row.end_date + timedelta(days=1), time(), UTC)
    return ReportYear(row.tax_year, country, first, after)


def reconciliation_lines(frame: pl.DataFrame) -> dict[str, Any]:
    """The reconciliation's rows as the reports page shows them: every value as text."""
    return {
        "lines": [
            {key: None if value is None else str(value) for key, value in line.items()}
            for line in frame.iter_rows(named=True)
        ]
    }


def read_flows(
    session: Session,
    storage: Storage,
    user_id: int,
    public_id: uuid.UUID,
    currency: str,
    within: tuple[datetime, datetime],
    directory: Path,
) -> ReadFlows | None:
    """For a transactions report of `within` in `currency`: the flows the user's runs read, fetched from
    their snapshots into `directory`, each run's for the time its flows stand (kept_flows), when some of
    them are the period's; their dollars converted as SQL converts them (`in_currency`). They end before
    a run whose file is gone or too large to fetch; None when none stand for the period, or they cannot
    be converted: the report then values every flow in SQL."""
    start, end = within
    parts: list[pl.LazyFrame] = []
    reached: datetime | None = None
    for run in kept_flows(session, user_id):
        if run.read_from is not None and run.read_from >= end:
            break  # the period's flows are the earlier runs'
        reached = run.valid_before
        if reached is not None and reached <= start:
            continue
        path = directory / f"{LEDGER}-{run.run_id}.parquet"
        try:
            storage.download(snapshot_key(public_id, run.run_id, LEDGER), path)
        except (StoredFileMissing, StoredFileTooLarge) as error:
            activity.logger.warning("run %s's flows not read, valued in SQL: %s", run.run_id, error)
            reached = run.read_from
            break
        stands = pl.col("timestamp").is_between(max(start, run.read_from or start), end, "left")
        if run.valid_before is not None:
            stands &= pl.col("timestamp") < run.valid_before
        parts.append(pl.scan_parquet(path).filter(stands))
    if not parts or (reached is not None and reached <= start):
        return None
    flows = pl.concat(parts)
    if currency == USD:
        return ReadFlows(flows, reached)
    converted = in_currency(session, flows.collect(), currency)
    return None if converted is None else ReadFlows(converted.lazy(), reached, currency)


def in_currency(session: Session, flows: pl.DataFrame, currency: str) -> pl.DataFrame | None:
    """The flows' dollar values in `currency`, as SQL converts them (ledger.writes.tax_reports._converted:
    the value times the rate of its UTC day, `usd_rates`, rounded to 18 decimals half away from zero),
    exactly, in the C core; None when it cannot (not built, a rate not a finite number or finer than
    10**-36, a value or a result out of the range of 38 digits with 18 decimals)."""
    days = flows.get_column("timestamp").dt.date().unique().drop_nulls()
    rates = {
        day: rate for day, rate in usd_rates(session, currency, days.to_list()).items() if rate is not None
    }
    if not all(rate.is_finite() for rate in rates.values()):
        return None
    scale = max((max(0, -int(rate.as_tuple().exponent)) for rate in rates.values()), default=0)
    if scale > 36:
        return None
    exact = Context(prec=100)  # a rate's digits, all of them: it may have more than the default 28
    factors = pl.DataFrame(
        {"day": list(rates), "factor": [int(rate.scaleb(scale, exact)) for rate in rates.values()]},
        schema={"day": pl.Date, "factor": pl.Int128},
    )
    factor = flows.select(pl.col("timestamp").dt.date().alias("day")).join(
        factors, on="day", how="left", maintain_order="left"
    )
    value = flows.get_column("value")
    values = value.cast(pl.Decimal(38, SCALE), strict=False)
    if values.null_count() != value.null_count():
        return None
    made = rescaled(values.to_physical(), factor.get_column("factor"), 10**scale)
    if made is None or (made.abs() >= 10**38).any():
        return None
    return flows.with_columns(scaled_as_decimal(made, SCALE).cast(pl.String).alias("value"))


class TaxReportActivities:
    def __init__(self, sessions: sessionmaker[Session], storage: Storage) -> None:
        self._sessions = sessions
        self._storage = storage

    @activity.defn(name=COST_BASIS_READINESS)
    def tax_report_cost_basis_readiness(self, user_id: int) -> str:
        with self._sessions() as session:
            return cost_basis_readiness(session, user_id).value

    @activity.defn(name=MAKE_TAX_REPORT)
    def make_tax_report(self, given: TaxReportInput) -> None:
        with (
            heartbeating(),
            tempfile.TemporaryDirectory(prefix="cairn-report-") as directory,
            ThreadPoolExecutor(1, thread_name_prefix="report-1099da") as reader,
        ):
            with self._sessions.begin() as session:
                mark_report(session, given.report_id, JobStatus.STARTED)
            with self._sessions() as session:
                # one snapshot: a run that stores its results meanwhile is not half read
                session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
                row = report(session, given.report_id)
                who = filer(session, given.user_id)
                public_id = session.get_one(User, given.user_id).public_id
                kind = ReportType(row.type)
                wanted = disposals_read(kind)
                year = report_year(row, who, kind)
                currency = who.base_currency if kind in GENERIC_TYPES else RETURN_CURRENCIES[year.country]
                # the broker's 1099-DA is read while the results load
                form_1099da = (
                    None
                    if row.form_1099da_url is None
                    else reader.submit(self._form_1099da, given.user_id, row.form_1099da_url, Path(directory))
                )
                ledger = None
                if kind is ReportType.TRANSACTIONS_CSV:
                    flows = listed_flows(
                        session,
                        given.user_id,
                        row.query,
                        who.tax_year_start,
                        currency,
                        (year.start, year.end),
                        read_flows(
                            session,
                            self._storage,
                            given.user_id,
                            public_id,
                            currency,
                            (year.start, year.end),
                            Path(directory),
                        ),
                    )
                    ledger = pl.concat(list(EngineLedger([flows])))
                lots = (
                    self._lots_until(session, given.user_id, year.end, currency)
                    if kind is ReportType.LOTS_AS_OF_DATE
                    else stored_lots(session, given.user_id, currency)
                    if kind in READS_LOTS
                    else no_results("lots")
                )
                law = METHOD_OF.get(kind)
                made = ReportInput(
                    year,
                    self._disposals_by_law(session, given.user_id, law, currency)
                    if law is not None
                    else stored_disposals(
                        session,
                        given.user_id,
                        year.start,
                        year.end,
                        wanted.columns,
                        in_order=wanted.in_order,
                    )
                    if kind not in READS_NO_DISPOSALS
                    else no_results("disposals"),
                    stored_income(session, given.user_id, year.start, year.end, currency)
                    if kind in READS_INCOME
                    else no_results("income"),
                    lots,
                    name=who.email,
                    made_on=date.today(),
                    ledger=ledger,
                    base_currency=currency,
                    form_1099da=None if form_1099da is None else form_1099da.result(),
                    asset_names={asset["name"].lower(): asset["symbol"] for asset in bundled_assets()},
                )
            name = file_name(kind, year.label)
            path = Path(directory) / name
            try:
                reconciled = write_report(kind, made, path)
            except (LedgerError, ValueError) as error:
                raise ApplicationError(str(error), type=BAD_REPORT, non_retryable=True) from error
            key = report_key(public_id, name)
            self._storage.put(key, path, CONTENT_TYPES[name.rsplit(".", 1)[-1]])
            with self._sessions.begin() as session:
                finish_report(
                    session,
                    given.report_id,
                    key,
                    None if reconciled is None else reconciliation_lines(reconciled.rows),
                )

    @staticmethod
    def _lots_until(session: Session, user_id: int, until: datetime, currency: str) -> pl.DataFrame:
        """The lots open at `until`: the engine on the flows before it, as the cost-basis run reads the
        ledger (with the user's method and scope), so the lots are those `cairn tax report` gives."""
        batches = list(EngineLedger(flow_batches(session, user_id)))
        if not batches:
            return no_results("lots")
        try:
            method, scope = method_and_scope(method_settings(session, user_id))
            lots = compute(pl.concat(batches), method, scope, until=until).lots
        except (LedgerError, ValueError) as error:
            raise ApplicationError(str(error), type=BAD_REPORT, non_retryable=True) from error
        return named_lots(session, user_id, lots, currency)

    @staticmethod
    def _disposals_by_law(
        session: Session, user_id: int, method: CostBasisMethod, currency: str
    ) -> pl.DataFrame:
        """A Canadian or UK return's disposals: the engine with the law's method (ACB, SP) on the user's
        flows in CAD or GBP, each at its own day's rate, whatever method the user's settings choose
        (analytics/reports/abroad.py says why)."""
        flows = flows_in(session, user_id, currency)
        if flows.is_empty():
            return no_results("disposals")
        try:
            ledger = pl.concat(list(EngineLedger([flows])))
            return compute(ledger, method, AllocationScope.UNIVERSAL, base_currency=currency).disposals
        except (LedgerError, ValueError) as error:
            raise ApplicationError(str(error), type=BAD_REPORT, non_retryable=True) from error

    def _form_1099da(self, user_id: int, file_url: str, directory: Path) -> pl.DataFrame:
        """The broker's 1099-DA the user uploaded (gzip-compressed by the browser), read."""
        try:
            with read_upload(self._sessions, self._storage, user_id, file_url) as upload:
                suffix = Path(upload.filename.removesuffix(".gz")).suffix.lower() or ".csv"
                path = directory / f"1099-da{suffix}"
                with unpacked(upload.path, upload.max_bytes) as source, path.open("wb") as target:
                    shutil.copyfileobj(source, target)
            return read_1099da(path)
        except (UploadUnavailable, UnreadableFile, Form1099DAError) as error:
            raise ApplicationError(
                f"The 1099-DA could not be read: {error}", type=BAD_REPORT, non_retryable=True
            ) from error

    @activity.defn(name=RECORD_TAX_REPORT_FAILURE)
    def record_tax_report_failure(self, failure: TaxReportFailure) -> None:
        with self._sessions.begin() as session:
            fail_report(session, failure.report_id, failure.error, failure.cost_basis_failed)
