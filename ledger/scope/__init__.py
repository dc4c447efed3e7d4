"""The one gate to a user's data: the API reads and writes through one `UserScope` per request, whose
every query is limited to its user. An id that belongs to another user answers exactly like an id that
does not exist."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import User
from ledger.scope.accounts import AccountsScope
from ledger.scope.broker import BrokerScope
from ledger.scope.column_mappings import ColumnMappingsScope
from ledger.scope.cost_basis import CostBasisScope
from ledger.scope.freezing import FreezingScope
from ledger.scope.harvest import HarvestScope
from ledger.scope.jobs import JobsScope
from ledger.scope.linking import LinkingScope
from ledger.scope.migration import MigrationScope
from ledger.scope.onboarding import OnboardingScope
from ledger.scope.performance import PerformanceScope
from ledger.scope.plans import PlansScope
from ledger.scope.portfolio import PortfolioScope
from ledger.scope.settings import SettingsScope
from ledger.scope.spam import SpamScope
from ledger.scope.tasks import TasksScope
from ledger.scope.tax_pros import TaxProsScope
from ledger.scope.tax_reports import TaxReportsScope
from ledger.scope.transaction_edits import TransactionEditsScope
from ledger.scope.transactions import TransactionsScope
from ledger.scope.user_assets import UserAssetsScope
from ledger.scope.watchlist import WatchlistScope


class UserScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id
        self.accounts = AccountsScope(session, user_id)
        self.jobs = JobsScope(session, user_id)
        self.column_mappings = ColumnMappingsScope(session, user_id)
        self.linking = LinkingScope(session, user_id)
        self.transactions = TransactionsScope(session, user_id)
        self.transaction_edits = TransactionEditsScope(session, user_id)
        self.cost_basis = CostBasisScope(session, user_id)
        self.freezing = FreezingScope(session, user_id)
        self.migration = MigrationScope(session, user_id)
        self.portfolio = PortfolioScope(session, user_id)
        self.performance = PerformanceScope(session, user_id)
        self.harvest = HarvestScope(session, user_id)
        self.settings = SettingsScope(session, user_id)
        self.tax_reports = TaxReportsScope(session, user_id)
        self.tax_pros = TaxProsScope(session, user_id)
        self.tasks = TasksScope(session, user_id)
        self.spam = SpamScope(session, user_id)
        self.watchlist = WatchlistScope(session, user_id)
        self.plans = PlansScope(session, user_id)
        self.onboarding = OnboardingScope(session, user_id)
        self.broker = BrokerScope(session, user_id)
        self.user_assets = UserAssetsScope(session, user_id)

    async def user(self) -> User:
        user = await self.session.get(User, self.user_id)
        if user is None:
            raise LookupError(f"user {self.user_id} no longer exists")
        return user
