"""TaxReportWorkflow: one tax report of one user and tax year, made from the user's stored cost-basis
results once no run is pending, written to S3 and recorded on its `tax_reports` row.

The id is `tax-report/{user}/{type}/{year}` (contracts.ids), so a repeated request joins the running
one; the poll (`taxReportPollResult`) reads the row of the latest request of that id.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from contracts.ids import tax_report_id
from contracts.starting import WorkflowStart

TAX_REPORT_WORKFLOW = "TaxReportWorkflow"

# Activities
COST_BASIS_READINESS = "tax_report_cost_basis_readiness"  # (user id) → Readiness value
MAKE_TAX_REPORT = "make_tax_report"
RECORD_TAX_REPORT_FAILURE = "record_tax_report_failure"

# The report types analytics.reports.types.ReportType makes (a test holds the two lists equal): the
# API, which never loads analytics, checks a request against these names.
REPORT_TYPES = (
    "CAPITAL_GAINS_CCH",
    "CAPITAL_GAINS_CSV",
    "CAPITAL_GAINS_TAXACT",
    "CAPITAL_GAINS_TURBOTAX_DESKTOP",
    "CAPITAL_GAINS_TURBOTAX_ONLINE",
    "CA_SCHEDULE_3",
    "UK_CAPITAL_GAINS_SUMMARY",
    "FORM_1040_S1",
    "FORM_1040_SD",
    "FORM_8949",
    "FORM_8949_CONDENSED",
    "LOTS_AS_OF_DATE",
    "TAX_LOTS_CSV",
    "INCOME_BY_MONTH",
    "TRANSACTIONS_CSV",
    "EXCHANGE_1099_RECONCILIATION",
    "EXCHANGE_1099_RECONCILIATION_CSV",
)
RECONCILIATION_TYPES = frozenset({"EXCHANGE_1099_RECONCILIATION", "EXCHANGE_1099_RECONCILIATION_CSV"})
# the reports made of Form 8949's lines, whose boxes (covered, noncovered) a broker's 1099-DA chooses
FORM_8949_LINE_TYPES = frozenset(
    {
        "FORM_8949",
        "FORM_8949_CONDENSED",
        "FORM_1040_SD",
        "CAPITAL_GAINS_CCH",
        "CAPITAL_GAINS_CSV",
        "CAPITAL_GAINS_TAXACT",
        "CAPITAL_GAINS_TURBOTAX_DESKTOP",
        "CAPITAL_GAINS_TURBOTAX_ONLINE",
    }
)


class TaxReportPollStatus(StrEnum):
    """Spec 001 §3's tax report poll statuses (the plan ones come with plans)."""

    COST_BASIS_FAILED = "cost_basis_failed"
    COST_BASIS_IN_PROCESS = "cost_basis_in_process"
    INSUFFICIENT_PLAN = "insufficient_plan"
    INSUFFICIENT_TAX_PLAN = "insufficient_tax_plan"
    SUCCESS = "success"
    UNAUTHORIZED = "unauthorized"
    INVALID_REPORT_TYPE = "invalid_report_type"


class Readiness(StrEnum):
    """Whether the stored results may make a report: never while a run is pending or running."""

    READY = "ready"
    PENDING = "pending"
    FAILED = "failed"


@dataclass(frozen=True)
class TaxReportInput:
    report_id: int  # the tax_reports row this request wrote
    user_id: int


@dataclass(frozen=True)
class TaxReportFailure:
    report_id: int
    error: str
    cost_basis_failed: bool = False


def report_request(
    user_public_id: uuid.UUID,
    report_type: str,
    tax_year: int,
    report_id: int,
    user_id: int,
    options: tuple[str | None, date | None, date | None, str | None] = (None, None, None, None),
) -> WorkflowStart:
    """Start the report's workflow, or join the one running for the same report."""
    return WorkflowStart(
        TAX_REPORT_WORKFLOW,
        TaxReportInput(report_id, user_id),
        tax_report_id(user_public_id, report_type, tax_year, options),
        join_running=True,
    )
