"""The report types (spec 001 §3) and the one function that makes any of them."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import polars as pl

from analytics.reports import abroad, files, us_forms
from analytics.reports.form8949 import form_lines
from analytics.reports.income import income_by_month
from analytics.reports.reconciliation import Reconciliation, reconcile, reconciliation_csv, reconciliation_pdf
from analytics.reports.transactions import transactions_csv
from analytics.reports.types import ReportType
from analytics.reports.year import TaxYear


@dataclass(frozen=True)
class ReportInput:
    """The engine's tables (a whole run; the year is picked here), the lots as of the report's date
    (LOTS_AS_OF_DATE: an engine run until then; otherwise the run's lots), who files, and when;
    the ledger the run was made from (TRANSACTIONS_CSV) and a broker's 1099-DA, if any."""

    tax_year: TaxYear
    disposals: pl.DataFrame
    income: pl.DataFrame
    lots: pl.DataFrame
    name: str = ""
    reported: pl.DataFrame | None = None  # flow_id, basis_reported: what brokers reported (1099-DA/B)
    made_on: date = date(2000, 1, 1)
    ledger: pl.DataFrame | None = None  # the flows, as read_ledger reads them
    base_currency: str = "USD"
    form_1099da: pl.DataFrame | None = None  # form_1099da.read_1099da's lines
    asset_names: Mapping[str, str] = field(default_factory=dict)  # lower-case name → ticker

    def year_disposals(self) -> pl.DataFrame:
        return self.disposals.filter(
            pl.col("disposed_at").is_between(self.tax_year.start, self.tax_year.end, "left")
        )

    def year_income(self) -> pl.DataFrame:
        return self.income.filter(
            pl.col("received_at").is_between(self.tax_year.start, self.tax_year.end, "left")
        )

    def reconciliation(self) -> Reconciliation | None:
        if self.form_1099da is None:
            return None
        return reconcile(self.form_1099da, self.year_disposals(), self.asset_names)

    def broker_reported(self) -> pl.DataFrame | None:
        """What brokers reported, per disposal: from the 1099-DA when there is one, else `reported`."""
        reconciled = self.reconciliation()
        return self.reported if reconciled is None else reconciled.reported


def write_report(kind: ReportType, given: ReportInput, path: Path) -> Reconciliation | None:
    """Writes the report of type `kind` to `path`; answers the reconciliation when it is a 1099-DA one."""
    year = given.tax_year.year
    if kind is ReportType.CA_SCHEDULE_3:
        abroad.figures_csv(abroad.canada_schedule_3(given.year_disposals()), path)
    elif kind is ReportType.UK_CAPITAL_GAINS_SUMMARY:
        abroad.figures_csv(abroad.uk_capital_gains_summary(given.year_disposals(), year), path)
    elif kind is ReportType.FORM_1040_S1:
        us_forms.schedule_1_pdf(given.year_income(), year, given.name, path)
    elif kind is ReportType.INCOME_BY_MONTH:
        files.income_csv(income_by_month(given.year_income()), path)
    elif kind in (ReportType.TAX_LOTS_CSV, ReportType.LOTS_AS_OF_DATE):
        files.tax_lots_csv(given.lots, path)
    elif kind is ReportType.TRANSACTIONS_CSV:
        if given.ledger is None:
            raise ValueError("a transactions report needs the ledger")
        transactions_csv(given.ledger, given.tax_year, given.base_currency, path)
    elif kind in (ReportType.EXCHANGE_1099_RECONCILIATION, ReportType.EXCHANGE_1099_RECONCILIATION_CSV):
        reconciled = given.reconciliation()
        if reconciled is None:
            raise ValueError("a 1099-DA reconciliation needs the broker's 1099-DA")
        if kind is ReportType.EXCHANGE_1099_RECONCILIATION:
            reconciliation_pdf(reconciled, year, given.name, path)
        else:
            reconciliation_csv(reconciled, path)
        return reconciled
    else:
        lines = form_lines(given.year_disposals(), year, given.broker_reported())
        if kind is ReportType.FORM_8949 or kind is ReportType.FORM_8949_CONDENSED:
            us_forms.form_8949_pdf(
                lines, year, given.name, path, condensed=kind is ReportType.FORM_8949_CONDENSED
            )
        elif kind is ReportType.FORM_1040_SD:
            us_forms.schedule_d_pdf(lines, year, given.name, path)
        elif kind is ReportType.CAPITAL_GAINS_CSV:
            files.capital_gains_csv(lines, path)
        elif kind is ReportType.CAPITAL_GAINS_TURBOTAX_ONLINE:
            files.turbotax_online_csv(lines, path)
        elif kind is ReportType.CAPITAL_GAINS_TURBOTAX_DESKTOP:
            files.turbotax_txf(lines, path, given.made_on)
        elif kind is ReportType.CAPITAL_GAINS_TAXACT:
            files.taxact_csv(lines, path)
        else:
            files.cch_csv(lines, path)
    return None
