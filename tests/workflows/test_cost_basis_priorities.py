"""Priorities: each pass is computed on the task queue of the priority of the requests it serves, and a
LOW pass that holds its queue's slots keeps no HIGH pass waiting."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowExecutionStatus

from contracts.cost_basis import COMPUTE_COST_BASIS, PASS_SLOTS, pass_queue, run_request
from contracts.starting import start_workflow
from ledger.models import CostBasisStatus, User
from ledger.writes.cost_basis_requests import enqueue_statement
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.test_cost_basis import computed, holding, new_user, poll_status
from vocabulary.enums import CostBasisState, QueuePriority
from vocabulary.enums import TransactionType as Type
from workflows.cost_basis import CostBasisWorkflow

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]


def requested(session: Session, priority: QueuePriority) -> User:
    """A user with one buy, whose run was asked for at `priority`."""
    user = new_user(session)
    wallet = add_wallet(session, user)
    add_transaction(
        session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    session.execute(enqueue_statement(user.id, priority))
    session.commit()
    return user


async def computed_on(client: Client, workflow: str) -> list[str]:
    """The task queues the run's passes were computed on, from its history."""
    queues = []
    async for event in client.get_workflow_handle(workflow).fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            scheduled = event.activity_task_scheduled_event_attributes
            if scheduled.activity_type.name == COMPUTE_COST_BASIS:
                queues.append(scheduled.task_queue.name)
    return queues


@pytest.mark.parametrize("priority", list(QueuePriority))
async def test_a_pass_is_computed_on_the_queue_of_its_priority(
    temporal_client: Client, task_queue: str, db_session: Session, priority: QueuePriority
) -> None:
    user = requested(db_session, priority)
    request = run_request(user.id, user.public_id, priority)
    workflow = await start_workflow(temporal_client, task_queue, request)

    outcome = await temporal_client.get_workflow_handle_for(CostBasisWorkflow.run, workflow).result()

    assert computed(outcome).lots == 1
    assert await computed_on(temporal_client, workflow) == [pass_queue(task_queue, priority)]


async def test_a_high_pass_is_not_kept_waiting_by_low_passes_holding_their_slots(
    temporal_client: Client, task_queue: str, db_session: Session, db_engine: Engine
) -> None:
    assert PASS_SLOTS[QueuePriority.LOW] == 1
    low = requested(db_session, QueuePriority.LOW)
    high = requested(db_session, QueuePriority.HIGH)

    # the LOW pass starts, then waits on its user row to store: the LOW queue's one slot stays taken
    with holding(db_engine, "SELECT 1 FROM users WHERE id = :user FOR UPDATE", user=low.id):
        waiting = await start_workflow(
            temporal_client, task_queue, run_request(low.id, low.public_id, QueuePriority.LOW)
        )
        await poll_status(db_session, low, lambda row: row.state is CostBasisState.STARTED)
        first = await start_workflow(
            temporal_client, task_queue, run_request(high.id, high.public_id, QueuePriority.HIGH)
        )
        done = await temporal_client.get_workflow_handle_for(CostBasisWorkflow.run, first).result()
        assert computed(done).lots == 1
        still = await temporal_client.get_workflow_handle(waiting).describe()
        assert still.status == WorkflowExecutionStatus.RUNNING  # the LOW pass is still under way

    outcome = await temporal_client.get_workflow_handle_for(CostBasisWorkflow.run, waiting).result()
    assert computed(outcome).lots == 1
    db_session.expire_all()
    row = db_session.get(CostBasisStatus, low.id)
    assert row is not None and row.state is None
