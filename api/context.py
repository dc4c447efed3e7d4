"""What every GraphQL resolver receives: the signed-in user, their scope, and per-request loaders that
fetch what a page of accounts needs in one query per kind of data."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession
from strawberry.dataloader import DataLoader
from strawberry.fastapi import BaseContext
from strawberry.types import Info

from api.services import Services
from ledger.models import Asset, Job, ReportedBalance, User
from ledger.scope import UserScope
from ledger.scope.accounts import Balance, TransactionCounts


class Context(BaseContext):
    def __init__(
        self,
        services: Services,
        session: AsyncSession,
        user: User,
        *,
        viewed_by: User | None = None,
        tax_pro: bool = False,
    ) -> None:
        super().__init__()
        self.services = services
        self.session = session
        self.user = user  # whose data the request reads: the viewed user while an admin or pro views as them
        self.signed_in_user = viewed_by or user  # who is signed in; admin operations check this one
        self.scope = UserScope(session, user.id)  # the only scope of the request: no resolver builds one
        # True while an admin acts as this user (view-as, spec 001 §6); the checks that forbid file
        # imports while viewing as read it.
        self.viewing_as = viewed_by is not None
        # True while the viewer is a tax pro working on this client's books: their mutations are audited
        self.tax_pro_viewing = tax_pro and viewed_by is not None
        self.balances = DataLoader[int, list[Balance]](load_fn=self._load_balances)
        self.transaction_counts = DataLoader[int, TransactionCounts](load_fn=self._load_counts)
        self.entry_counts = DataLoader[int, int](load_fn=self._load_entry_counts)
        self.latest_jobs = DataLoader[int, Job | None](load_fn=self._load_latest_jobs)
        self.reported_balances = DataLoader[int, list[tuple[ReportedBalance, Asset]]](
            load_fn=self._load_reported_balances
        )

    async def _load_balances(self, account_ids: Sequence[int]) -> list[list[Balance]]:
        found = await self.scope.accounts.balances(account_ids)
        return [found[account_id] for account_id in account_ids]

    async def _load_counts(self, account_ids: Sequence[int]) -> list[TransactionCounts]:
        found = await self.scope.accounts.transaction_counts(account_ids)
        return [found[account_id] for account_id in account_ids]

    async def _load_entry_counts(self, account_ids: Sequence[int]) -> list[int]:
        found = await self.scope.accounts.entry_counts(account_ids)
        return [found.get(account_id, 0) for account_id in account_ids]

    async def _load_latest_jobs(self, account_ids: Sequence[int]) -> list[Job | None]:
        found = await self.scope.jobs.latest_jobs(account_ids)
        return [found.get(account_id) for account_id in account_ids]

    async def _load_reported_balances(
        self, account_ids: Sequence[int]
    ) -> list[list[tuple[ReportedBalance, Asset]]]:
        found = await self.scope.linking.reported_balances(account_ids)
        return [found[account_id] for account_id in account_ids]


CairnInfo = Info[Context, None]
