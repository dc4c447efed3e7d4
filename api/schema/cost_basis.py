"""The cost-basis and freezing state the status panel shows (spec 000 §3, §4)."""

from __future__ import annotations

from datetime import datetime

import strawberry

import api.schema.common  # noqa: F401 (registers QueuePriority as a GraphQL enum)
from api.context import CairnInfo
from ledger.enums import FreezingStatus, QueuePriority


@strawberry.type
class CostBasisStatusInfo:
    state: str | None
    priority: QueuePriority | None


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
        scope = info.context.scope
        status = await scope.cost_basis_status()
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
            cost_basis_status=CostBasisStatusInfo(
                state=None if status.state is None else status.state.value, priority=status.priority
            ),
            cost_basis_recomputation_date=status.recomputation_date,
            cost_basis_paused=status.is_paused,
            freezing=freezing,
        )
