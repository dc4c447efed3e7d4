"""Every table of the ledger; importing this package registers them all on `Base.metadata`."""

from ledger.models.account_sync import CredentialCheck, ReportedBalance, SyncCursor
from ledger.models.accounts import Account
from ledger.models.admin_audit import AdminAction
from ledger.models.assets import Asset, Price
from ledger.models.base import Base
from ledger.models.callouts import TransactionCallout
from ledger.models.column_mappings import SavedColumnMapping
from ledger.models.cost_basis import CostBasisStatus, TaxYearFreeze
from ledger.models.day_totals import AssetDayChange, DisposalDayTotal, IncomeDayTotal, TransactionDayTotal
from ledger.models.demo_bookings import DemoBooking
from ledger.models.imports import Import
from ledger.models.integrations import Integration
from ledger.models.jobs import Job
from ledger.models.lots import DisposedLot, IncomeEvent, TaxLot
from ledger.models.tasks import Task
from ledger.models.tax_reports import TaxReport
from ledger.models.transaction_counts import TransactionCountDelta
from ledger.models.transaction_edits import TransactionEdit
from ledger.models.transactions import (
    Flow,
    Label,
    Transaction,
    TransactionLabel,
    TransactionLink,
    TransactionLinkExclusion,
    TransactionReview,
)
from ledger.models.users import AuthAttempts, CostBasisMethodPeriod, User, UserSession
from ledger.models.watchlist import WatchlistEntry

__all__ = [
    "Account",
    "AdminAction",
    "Asset",
    "AssetDayChange",
    "AuthAttempts",
    "Base",
    "CostBasisMethodPeriod",
    "CostBasisStatus",
    "CredentialCheck",
    "DemoBooking",
    "DisposalDayTotal",
    "DisposedLot",
    "Flow",
    "Import",
    "IncomeDayTotal",
    "IncomeEvent",
    "Integration",
    "Job",
    "Label",
    "Price",
    "ReportedBalance",
    "SavedColumnMapping",
    "SyncCursor",
    "Task",
    "TaxLot",
    "TaxReport",
    "TaxYearFreeze",
    "Transaction",
    "TransactionCallout",
    "TransactionCountDelta",
    "TransactionDayTotal",
    "TransactionEdit",
    "TransactionLabel",
    "TransactionLink",
    "TransactionLinkExclusion",
    "TransactionReview",
    "User",
    "UserSession",
    "WatchlistEntry",
]
