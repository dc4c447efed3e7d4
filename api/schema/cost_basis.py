"""The cost-basis and freezing state the status panel shows, and the request for a run (spec 000 §3, §4,
§7, §8). The API only marks the request and starts (or joins) the user's CostBasisWorkflow."""

from __future__ import annotations

from datetime import datetime

import strawberry

from api.context import CairnInfo
from api.jobs import start_work
from api.schema.common import MutationResult
from contracts.cost_basis import run_request
from ledger.models.cost_basis import RUNNING_STATES
from ledger.scope.cost_basis import RequestSnapshot, StatusPanel
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
    def of(cls, state: CostBasisState | None, priority: QueuePriority | None) -> CostBasisStatusInfo:
        return cls(
            state=None if state is None else state.value,
            priority=priority,
            error_message=COST_BASIS_FAILED if state is CostBasisState.FAILED else None,
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

    @classmethod
    def of(cls, panel: StatusPanel) -> CostBasisStatus:
        return cls(
            is_undergoing_allocation=bool(panel.is_undergoing_allocation),
            is_cost_basis_running=panel.state in RUNNING_STATES,
            cost_basis_last_synced_at=panel.last_synced_at,
            cost_basis_compute_start_time=panel.compute_start_time,
            cost_basis_compute_end_time=panel.compute_end_time,
            cost_basis_status=CostBasisStatusInfo.of(panel.state, panel.priority),
            cost_basis_recomputation_date=panel.recomputation_date,
            cost_basis_paused=bool(panel.is_paused),
            freezing=Freezing(
                status=(panel.freezing_status or FreezingStatus.UNFROZEN).value,
                is_available=True,  # FreezeTaxYearWorkflow (api.schema.freezing)
                start_time=panel.freezing_start_time,
                end_time=panel.freezing_end_time,
                last_updated_at=panel.freezing_last_updated_at,
                error=panel.freezing_error,
            ),
        )


@strawberry.type
class CostBasisQuery:
    @strawberry.field
    async def cost_basis_status(self, info: CairnInfo) -> CostBasisStatus:
        """The user's status, or the state of a user whose cost basis has never been asked for: what the
        status panel polls, read in one statement (CostBasisScope.panel). The panel's own document is
        answered on a hot path of its own (api/status_poll.py), which builds the same object."""
        return CostBasisStatus.of(await info.context.scope.cost_basis.panel())


@strawberry.type
class CostBasisMutation:
    @strawberry.mutation
    async def enqueue_cost_basis(
        self, info: CairnInfo, priority: QueuePriority = QueuePriority.HIGH
    ) -> MutationResult:
        """Enqueue the user's cost-basis run; a request while one runs makes it run once more."""
        return await request_run(info, priority, ENQUEUE_FAILED)

    @strawberry.mutation(description="The paused setting: a paused user's requests are recorded, not run.")
    async def update_cost_basis_paused(self, info: CairnInfo, paused: bool) -> MutationResult:
        """Pause, or resume: the requests made while paused are then served by one run."""
        context = info.context
        scope = context.scope.cost_basis
        before, waiting = await scope.set_paused(paused)
        if waiting is None:
            await context.session.commit()
            return MutationResult.ok()
        return await start_run(info, waiting, before, ENQUEUE_FAILED)

    @strawberry.mutation
    async def request_tax_recalculation(self, info: CairnInfo) -> MutationResult:
        """The tax page's Recalculate: the same run as enqueueCostBasis, at high priority."""
        return await request_run(info, QueuePriority.HIGH, RECALCULATION_FAILED)


async def request_run(info: CairnInfo, priority: QueuePriority, failure: str) -> MutationResult:
    """Mark the run requested and start (or join) the user's CostBasisWorkflow."""
    return await start_run(info, priority, await info.context.scope.cost_basis.request(priority), failure)


async def start_run(
    info: CairnInfo, priority: QueuePriority, before: RequestSnapshot, failure: str
) -> MutationResult:
    """Start (or join) the user's CostBasisWorkflow for the request just recorded; `failure` is what
    the user reads when it could not be started (the status row is then put back as `before`)."""
    context = info.context
    started = await start_work(
        context,
        run_request(context.user.id, context.user.public_id, priority),
        undo=lambda: context.scope.cost_basis.withdraw(before),
    )
    return MutationResult.ok() if started.ok else MutationResult.failed(AccountError.GENERIC_ERROR, failure)
