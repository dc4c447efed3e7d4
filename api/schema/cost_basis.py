"""The cost-basis and freezing state the status panel shows, and the request for a run (spec 000 §3, §4,
§7, §8). The API only marks the request and starts (or joins) the user's CostBasisWorkflow."""

from __future__ import annotations

from datetime import datetime

import strawberry

from api.context import CairnInfo
from api.jobs import start_work
from api.schema.common import MutationResult
from contracts.cost_basis import run_request
from ledger.models import CostBasisStatus as StatusRow
from vocabulary.enums import CostBasisState, FreezingStatus, QueuePriority
from vocabulary.errors import COST_BASIS_FAILED, ENQUEUE_FAILED, RECALCULATION_FAILED, AccountError


@strawberry.type
class CostBasisStatusInfo:
    state: str | None
    priority: QueuePriority | None
    error_message: str | None = strawberry.field(
        default=None, description="What to tell the user when the last run failed and none is running."
    )

    @classmethod
    def of(cls, row: StatusRow) -> CostBasisStatusInfo:
        failed = row.state is CostBasisState.FAILED
        return cls(
            state=None if row.state is None else row.state.value,
            priority=row.priority,
            error_message=COST_BASIS_FAILED if failed else None,
        )


@strawberry.type
class Freezing:
    status: str
    is_available: bool
    start_time: datetime | None
    end_time: datetime | None
    last_updated_at: datetime | None
    error: str | None


@strawberry.type
class CostBasisStatus:
    is_undergoing_allocation: bool
    is_cost_basis_running: bool
    cost_basis_last_synced_at: datetime | None
    cost_basis_compute_start_time: datetime | None
    cost_basis_compute_end_time: datetime | None
    cost_basis_status: CostBasisStatusInfo
    cost_basis_recomputation_date: datetime | None
    cost_basis_paused: bool
    freezing: Freezing


@strawberry.type
class CostBasisQuery:
    @strawberry.field
    async def cost_basis_status(self, info: CairnInfo) -> CostBasisStatus:
        """The user's row, or the state of a user whose cost basis has never been computed."""
        scope = info.context.scope.cost_basis
        status = await scope.status()
        freeze = await scope.latest_freeze()
        freezing = Freezing(
            status=FreezingStatus.UNFROZEN.value if freeze is None else freeze.status.value,
            is_available=False,  # no freezing workflow is deployed yet
            start_time=None if freeze is None else freeze.start_time,
            end_time=None if freeze is None else freeze.end_time,
            last_updated_at=None if freeze is None else freeze.last_updated_at,
            error=None if freeze is None else freeze.error,
        )
        if status is None:
            return CostBasisStatus(
                is_undergoing_allocation=False,
                is_cost_basis_running=False,
                cost_basis_last_synced_at=None,
                cost_basis_compute_start_time=None,
                cost_basis_compute_end_time=None,
                cost_basis_status=CostBasisStatusInfo(state=None, priority=None),
                cost_basis_recomputation_date=None,
                cost_basis_paused=False,
                freezing=freezing,
            )
        return CostBasisStatus(
            is_undergoing_allocation=status.is_undergoing_allocation,
            is_cost_basis_running=status.is_running,
            cost_basis_last_synced_at=status.last_synced_at,
            cost_basis_compute_start_time=status.compute_start_time,
            cost_basis_compute_end_time=status.compute_end_time,
            cost_basis_status=CostBasisStatusInfo.of(status),
            cost_basis_recomputation_date=status.recomputation_date,
            cost_basis_paused=status.is_paused,
            freezing=freezing,
        )


@strawberry.type
class CostBasisMutation:
    @strawberry.mutation
    async def enqueue_cost_basis(
        self, info: CairnInfo, priority: QueuePriority = QueuePriority.HIGH
    ) -> MutationResult:
        """Enqueue the user's cost-basis run; a request while one runs makes it run once more."""
        return await request_run(info, priority, ENQUEUE_FAILED)

    @strawberry.mutation
    async def request_tax_recalculation(self, info: CairnInfo) -> MutationResult:
        """The tax page's Recalculate: the same run as enqueueCostBasis, at high priority."""
        return await request_run(info, QueuePriority.HIGH, RECALCULATION_FAILED)


async def request_run(info: CairnInfo, priority: QueuePriority, failure: str) -> MutationResult:
    """Mark the run requested and start (or join) the user's CostBasisWorkflow; `failure` is what the
    user reads when it could not be started (the request is then withdrawn)."""
    context = info.context
    scope = context.scope.cost_basis
    before = await scope.request(priority)
    started = await start_work(
        context,
        run_request(context.user.id, context.user.public_id, priority),
        undo=lambda: scope.withdraw(before),
    )
    return MutationResult.ok() if started.ok else MutationResult.failed(AccountError.GENERIC_ERROR, failure)
