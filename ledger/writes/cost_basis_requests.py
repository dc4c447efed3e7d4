"""A request for a user's cost-basis run, as recorded on the status row. The API (ledger.scope) and the
worker's enqueue activity both record requests with it; it loads none of the run's own libraries."""

from __future__ import annotations

from sqlalchemy import and_, case, func, literal
from sqlalchemy.dialects.postgresql import Insert, insert

from ledger.models import CostBasisStatus
from vocabulary.enums import CostBasisState, QueuePriority

URGENCY = (QueuePriority.HIGH, QueuePriority.NORMAL, QueuePriority.LOW)  # the most urgent first


def enqueue_statement(user_id: int, priority: QueuePriority) -> Insert:
    """Record a request: Enqueued unless a run is Started (that run then makes one more pass) or the
    user paused their runs (the request waits in `recomputation_date` for the resume). A request
    still waiting keeps the most urgent priority asked for."""
    status = CostBasisStatus.__table__
    more_urgent = [level.value for level in URGENCY[: URGENCY.index(priority)]]
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
                    (status.c.is_paused, status.c.state),
                    else_=literal(CostBasisState.ENQUEUED.value),
                ),
                "priority": case(
                    (
                        and_(status.c.recomputation_date.is_not(None), status.c.priority.in_(more_urgent)),
                        status.c.priority,
                    ),
                    else_=literal(priority.value),
                ),
                "recomputation_date": func.coalesce(status.c.recomputation_date, func.now()),
                "updated_at": func.now(),
            },
        )
    )
