"""Every table of the ledger; importing this package registers them all on `Base.metadata`."""

from ledger.models.account_sync import CredentialCheck, ReportedBalance, SyncCursor
from ledger.models.accounts import Account
from ledger.models.admin_audit import AdminAction
from ledger.models.assets import Asset, Price, PriceTableVersion
from ledger.models.base import Base
from ledger.models.broker import BrokerConnection
from ledger.models.callouts import TransactionCallout
from ledger.models.column_mappings import SavedColumnMapping
from ledger.models.cost_basis import (
    CostBasisChange,
    CostBasisCheckpoint,
    CostBasisStatus,
    KeptLedger,
    TaxYearFreeze,
)
from ledger.models.day_totals import (
    AssetDayChange,
    DisposalDayTotal,
    IncomeDayTotal,
    OpenLotDayTotal,
    TransactionDayTotal,
)
from ledger.models.demo_bookings import DemoBooking
from ledger.models.events import AnalyticsEvent, EventKind, Feedback
from ledger.models.freezing import FrozenPeriod
from ledger.models.identities import UserIdentity
from ledger.models.imports import Import
from ledger.models.integrations import Integration
from ledger.models.jobs import Job
from ledger.models.lots import DisposedLot, IncomeEvent, TaxLot
from ledger.models.market_data import MarketData
from ledger.models.plans import CheckoutSession, Coupon, Credit, Subscription, WebhookEvent
from ledger.models.security import MfaSecret, OneTimeToken, RecoveryCode, TokenPurpose
from ledger.models.spam import SpamVerdict
from ledger.models.tasks import Task
from ledger.models.tax_pros import (
    TaxFirm,
    TaxFirmClientAssignment,
    TaxFirmMember,
    TaxProAction,
    TaxProInvite,
)
from ledger.models.tax_reports import TaxReport
from ledger.models.transaction_counts import AssetCountDelta, ReviewCountDelta, TransactionCountDelta
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
from ledger.models.wallet_migration import WalletMigration
from ledger.models.watchlist import WatchlistEntry

__all__ = [
    "Account",
    "AdminAction",
    "AnalyticsEvent",
    "Asset",
    "AssetCountDelta",
    "AssetDayChange",
    "AuthAttempts",
    "Base",
    "BrokerConnection",
    "CheckoutSession",
    "CostBasisChange",
    "CostBasisCheckpoint",
    "CostBasisMethodPeriod",
    "CostBasisStatus",
    "Coupon",
    "CredentialCheck",
    "Credit",
    "DemoBooking",
    "DisposalDayTotal",
    "DisposedLot",
    "EventKind",
    "Feedback",
    "Flow",
    "FrozenPeriod",
    "Import",
    "IncomeDayTotal",
    "IncomeEvent",
    "Integration",
    "Job",
    "KeptLedger",
    "Label",
    "MarketData",
    "MfaSecret",
    "OneTimeToken",
    "OpenLotDayTotal",
    "Price",
    "PriceTableVersion",
    "RecoveryCode",
    "ReportedBalance",
    "ReviewCountDelta",
    "SavedColumnMapping",
    "SpamVerdict",
    "Subscription",
    "SyncCursor",
    "Task",
    "TaxFirm",
    "TaxFirmClientAssignment",
    "TaxFirmMember",
    "TaxLot",
    "TaxProAction",
    "TaxProInvite",
    "TaxReport",
    "TaxYearFreeze",
    "TokenPurpose",
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
    "UserIdentity",
    "UserSession",
    "WalletMigration",
    "WatchlistEntry",
    "WebhookEvent",
]
