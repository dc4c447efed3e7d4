"""One user's universal → per-wallet migration as the API reads and starts it (spec 001 §3 user fields
lotAllocationMethod, costBasisByWallet, hasTransitioned, migrationPreviouslySoftBlocked,
isUndergoingAllocation; §4 the banner; §9 US taxpayers, irreversible).

The lot allocation method is kept in the user's settings; the migration itself is the user's one
`wallet_migrations` row: a finished row is final (a second start is refused), a failed one may be
started again (`migrationPreviouslySoftBlocked`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import CostBasisStatus, User, WalletMigration
from vocabulary.enums import JobStatus
from vocabulary.lot_allocation import LotAllocationMethod, MigrationError

METHOD_KEY = "lotAllocationMethod"
MIGRATING_FOR = frozenset({"US"})  # spec 001 §6: US users only see the migration banner
UNDER_WAY = frozenset({JobStatus.ENQUEUED, JobStatus.STARTED})


@dataclass(frozen=True)
class MigrationState:
    lot_allocation_method: LotAllocationMethod | None
    cost_basis_by_wallet: bool
    has_transitioned: bool
    previously_soft_blocked: bool  # a migration was started and failed: it may be started again
    is_undergoing_allocation: bool
    available: bool  # the banner is shown: a US user in the universal scope, not migrated
    job_id: str | None


class MigrationScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def state(self) -> MigrationState:
        user = await self.session.get_one(User, self.user_id)
        row = await self.session.get(WalletMigration, self.user_id, populate_existing=True)
        transitioned = row is not None and row.status is JobStatus.FINISHED
        under_way = row is not None and row.status in UNDER_WAY
        return MigrationState(
            lot_allocation_method=method_of(user),
            cost_basis_by_wallet=user.cost_basis_by_wallet,
            has_transitioned=transitioned,
            previously_soft_blocked=row is not None and row.status is JobStatus.FAILED,
            is_undergoing_allocation=under_way,
            available=user.country in MIGRATING_FOR
            and not transitioned
            and (under_way or not user.cost_basis_by_wallet),
            job_id=None if row is None else row.job_id,
        )

    async def set_method(self, method: LotAllocationMethod) -> MigrationError | None:
        user = await self._user()
        refused = await self._refusal(user, needs_method=False)
        if refused is not None:
            return refused
        user.settings = {**user.settings, METHOD_KEY: method.value}
        return None

    async def begin(self, job_id: str) -> MigrationError | None:
        """Record the start of the migration under `job_id` (the row, the allocation flag), or why it
        may not start. The caller commits and starts the workflow."""
        user = await self._user()
        refused = await self._refusal(user, needs_method=True)
        if refused is not None:
            return refused
        method = method_of(user)
        changes = {
            "job_id": job_id,
            "method": method,
            "status": JobStatus.ENQUEUED,
            "error": None,
            "finished_at": None,
        }
        await self.session.execute(
            insert(WalletMigration)
            .values(user_id=self.user_id, **changes)
            .on_conflict_do_update(index_elements=[WalletMigration.user_id], set_=changes)
        )
        await self.session.execute(
            insert(CostBasisStatus)
            .values(user_id=self.user_id, is_undergoing_allocation=True)
            .on_conflict_do_update(
                index_elements=[CostBasisStatus.user_id], set_={"is_undergoing_allocation": True}
            )
        )
        return None

    async def not_started(self, error: str) -> None:
        """The workflow could not be started: the migration failed (it may be started again)."""
        row = await self.session.get(WalletMigration, self.user_id, with_for_update=True)
        if row is not None:
            row.status, row.error = JobStatus.FAILED, error
        status = await self.session.get(CostBasisStatus, self.user_id)
        if status is not None:
            status.is_undergoing_allocation = False

    async def polled(self, job_id: str) -> WalletMigration | None:
        """The user's migration of that job id; None for any other id (another user's included)."""
        found = await self.session.scalars(
            select(WalletMigration)
            .where(WalletMigration.user_id == self.user_id, WalletMigration.job_id == job_id)
            .execution_options(populate_existing=True)
        )
        return found.first()

    async def _user(self) -> User:
        user = await self.session.get(User, self.user_id, with_for_update={"key_share": True})
        if user is None:
            raise LookupError(f"user {self.user_id} no longer exists")
        return user

    async def _refusal(self, user: User, *, needs_method: bool) -> MigrationError | None:
        row = await self.session.get(WalletMigration, self.user_id, with_for_update=True)
        if row is not None and row.status is JobStatus.FINISHED:
            return MigrationError.ALREADY_MIGRATED
        if row is not None and row.status in UNDER_WAY:
            return MigrationError.IN_PROGRESS
        if user.country not in MIGRATING_FOR:
            return MigrationError.NOT_AVAILABLE
        if user.cost_basis_by_wallet:
            return MigrationError.ALREADY_PER_WALLET
        if needs_method and method_of(user) is None:
            return MigrationError.NO_ALLOCATION_METHOD
        return None


def method_of(user: User) -> LotAllocationMethod | None:
    said = user.settings.get(METHOD_KEY)
    return None if said is None else LotAllocationMethod(said)
