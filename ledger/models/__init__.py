"""Every table of the ledger; importing this package registers them all on `Base.metadata`."""

from ledger.models.accounts import Account
from ledger.models.assets import Asset, Price
from ledger.models.base import Base
from ledger.models.cost_basis import CostBasisStatus, TaxYearFreeze
from ledger.models.imports import Import
from ledger.models.integrations import Integration
from ledger.models.jobs import Job
from ledger.models.lots import DisposedLot, IncomeEvent, TaxLot
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

__all__ = [
    "Account",
    "Asset",
    "AuthAttempts",
    "Base",
    "CostBasisMethodPeriod",
    "CostBasisStatus",
    "DisposedLot",
    "Flow",
    "Import",
    "IncomeEvent",
    "Integration",
    "Job",
    "Label",
    "Price",
    "TaxLot",
    "TaxYearFreeze",
    "Transaction",
    "TransactionEdit",
    "TransactionLabel",
    "TransactionLink",
    "TransactionLinkExclusion",
    "TransactionReview",
    "User",
    "UserSession",
]
