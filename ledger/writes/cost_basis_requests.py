"""A request for a user's cost-basis run, as recorded on the status row. The API (ledger.scope) and the
worker's enqueue activity both record requests with it; it loads none of the run's own libraries."""

from __future__ import annotations

from sqlalchemy import case, func, literal
from sqlalchemy.dialects.postgresql import Insert, insert

from ledger.models import CostBasisStatus
from vocabulary.enums import CostBasisState, QueuePriority


def enqueue_statement(user_id: int, priority: QueuePriority) -> Insert:
    """Record a request: Enqueued unless a run is Started (that run then makes one more pass)."""
    status = CostBasisStatus.__table__
    return (
        insert(CostBasisStatus)
        .values(
            user_id=user_id, state=CostBasisState.ENQUEUED, priority=priority, recomputation_date=func.now()
        )
        .on_conflict_do_update(
            index_elements=[status.c.user_id],
            set_={
                "state": case(
                    (status.c.state == CostBasisState.STARTED.value, status.c.state),
                    else_=literal(CostBasisState.ENQUEUED.value),
                ),
                "priority": priority.value,
                "recomputation_date": func.coalesce(status.c.recomputation_date, func.now()),
                "updated_at": func.now(),
            },
        )
    )
