"""The universal → per-wallet migration (Rev. Proc. 2024-28; spec 001 §3, §4, §7, §8, §9): the user's
lot allocation method, `startUniversalToPerWalletMigration` (answers success and jobId; the work is
MigrationWorkflow's) and the poll the browser asks every 2 s until it answers the report's link."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.jobs import start_work
from api.schema.common import MutationResult
from api.string_bounds import max_length
from contracts.ids import migration_id
from contracts.migration import migration_request
from vocabulary.enums import JobStatus
from vocabulary.lot_allocation import (
    ALLOCATION_RULES,
    MIGRATION_ERROR_MESSAGES,
    LotAllocationMethod,
    MigrationError,
)

strawberry.enum(LotAllocationMethod, name="LotAllocationMethod")


@strawberry.type
class LotAllocationRule:
    method: LotAllocationMethod
    name: str
    meaning: str = strawberry.field(description="How Cairn allocates the lots by this method.")


@strawberry.type
class UniversalToPerWalletMigration:
    lot_allocation_method: LotAllocationMethod | None
    lot_allocation_methods: list[LotAllocationRule] = strawberry.field(
        description="Rev. Proc. 2024-28's two safe-harbor methods, as Cairn applies them."
    )
    cost_basis_by_wallet: bool
    has_transitioned: bool
    migration_previously_soft_blocked: bool = strawberry.field(
        description="A migration was started and failed; it may be started again."
    )
    is_undergoing_allocation: bool
    is_available: bool = strawberry.field(
        description="The banner is shown: a US taxpayer in the universal scope who has not migrated."
    )
    job_id: str | None


@strawberry.type
class StartMigrationResult:
    success: bool
    job_id: str | None = None
    error: str | None = None
    error_message: str | None = None


@strawberry.type
class MigrationPollResult:
    success: bool
    is_status_final: bool
    url: str | None = strawberry.field(
        default=None, description="The allocation report (PDF), once migrated."
    )
    csv_url: str | None = strawberry.field(default=None, description="The allocation report as CSV.")
    error_message: str | None = None


def _refused(code: MigrationError) -> MutationResult:
    return MutationResult(success=False, error=code.value, error_message=MIGRATION_ERROR_MESSAGES[code])


@strawberry.type
class MigrationQuery:
    @strawberry.field
    async def universal_to_per_wallet_migration(self, info: CairnInfo) -> UniversalToPerWalletMigration:
        state = await info.context.scope.migration.state()
        return UniversalToPerWalletMigration(
            lot_allocation_method=state.lot_allocation_method,
            lot_allocation_methods=[
                LotAllocationRule(method=method, name=name, meaning=meaning)
                for method, (name, meaning) in ALLOCATION_RULES.items()
            ],
            cost_basis_by_wallet=state.cost_basis_by_wallet,
            has_transitioned=state.has_transitioned,
            migration_previously_soft_blocked=state.previously_soft_blocked,
            is_undergoing_allocation=state.is_undergoing_allocation,
            is_available=state.available,
            job_id=state.job_id,
        )

    @strawberry.field
    async def universal_to_per_wallet_migration_poll_result(
        self, info: CairnInfo, job_id: Annotated[str, max_length(300)]
    ) -> MigrationPollResult:
        row = await info.context.scope.migration.polled(job_id)
        if row is None:
            return MigrationPollResult(
                success=False, is_status_final=True, error_message="Migration not found."
            )
        if row.status is JobStatus.FAILED:
            return MigrationPollResult(success=False, is_status_final=True, error_message=row.error)
        if row.status is not JobStatus.FINISHED or row.report_pdf_key is None or row.report_csv_key is None:
            return MigrationPollResult(success=False, is_status_final=False)
        storage = info.context.services.storage
        return MigrationPollResult(
            success=True,
            is_status_final=True,
            url=storage.presign_download(row.report_pdf_key),
            csv_url=storage.presign_download(row.report_csv_key),
        )


@strawberry.type
class MigrationMutation:
    @strawberry.mutation
    async def update_lot_allocation_method(
        self, info: CairnInfo, method: LotAllocationMethod
    ) -> MutationResult:
        """The rule the migration allocates the universal lots to wallets by."""
        context = info.context
        refused = await context.scope.migration.set_method(method)
        if refused is not None:
            await context.session.rollback()
            return _refused(refused)
        await context.session.commit()
        return MutationResult.ok()

    @strawberry.mutation
    async def start_universal_to_per_wallet_migration(self, info: CairnInfo) -> StartMigrationResult:
        """Irreversible: every year through 2024 is frozen and the scope is per wallet from 2025-01-01."""
        context = info.context
        scope = context.scope.migration
        user = await context.scope.user()
        refused = await scope.begin(migration_id(user.public_id))
        if refused is not None:
            await context.session.rollback()
            return StartMigrationResult(
                success=False, error=refused.value, error_message=MIGRATION_ERROR_MESSAGES[refused]
            )
        failure = MIGRATION_ERROR_MESSAGES[MigrationError.START_FAILED]
        started = await start_work(
            context, migration_request(user.id, user.public_id), undo=lambda: scope.not_started(failure)
        )
        if not started.ok:
            return StartMigrationResult(
                success=False, error=MigrationError.START_FAILED.value, error_message=failure
            )
        return StartMigrationResult(success=True, job_id=started.job_id)
