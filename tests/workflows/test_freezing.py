"""FreezeTaxYearWorkflow on a real worker: a frozen year keeps its lots, disposals and income whatever is
imported after it, later years start from its closing lots (the same results as a run from scratch),
an import's rows dated in a frozen year are held for review, unfreezing releases the years, and a
freeze that cannot be made ends errored."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client, WorkflowFailureError

from contracts.cost_basis import run_request
from contracts.freezing import FREEZE_WORKFLOW, FreezingInput
from contracts.starting import start_workflow
from ledger.infra.settings import Settings
from ledger.models import (
    CostBasisStatus,
    FrozenPeriod,
    Job,
    TaxYearFreeze,
    Transaction,
    TransactionReview,
    User,
)
from ledger.writes.freezing import HELD_FOR_REVIEW
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.ledger_rows import new_job, put_upload
from tests.workflows.test_cost_basis import new_user, stored
from tests.workflows.test_csv_import import run_import
from vocabulary.enums import CostBasisState, FreezingStatus, QueuePriority
from vocabulary.enums import TransactionType as Type
from vocabulary.errors import FREEZING_FAILED

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

END_OF_2023 = datetime(2024, 1, 1, tzinfo=UTC)
LATER = b"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2023-11-01 10:00:00,,,0.3,BTC,,,
2024-05-01 10:00:00,5000,USD,0.25,BTC,,,
2024-06-01 10:00:00,0.5,BTC,20000,USD,,,
"""


async def run_cost_basis(client: Client, task_queue: str, user: User) -> None:
    await client.get_workflow_handle(
        await start_workflow(client, task_queue, run_request(user.id, user.public_id, QueuePriority.HIGH))
    ).result()


async def run_freezing(client: Client, task_queue: str, user: User, year: int, *, freeze: bool) -> None:
    await client.execute_workflow(
        FREEZE_WORKFLOW,
        FreezingInput(user.id, year, freeze),
        id=f"freeze/{user.public_id}/{year}/{uuid.uuid4()}",
        task_queue=task_queue,
    )


def history(session: Session) -> User:
    """FIFO, universal: 2 BTC bought in 2022, sales and a reward in 2023, a sale in 2024."""
    user = new_user(session)
    wallet = add_wallet(session, user)
    add_transaction(
        session,
        wallet,
        "2022-03-01 10:00",
        Type.BUY,
        out("fiat_USD", "40000", "40000"),
        into("crypto_BTC", "1"),
    )
    add_transaction(
        session,
        wallet,
        "2022-09-01 10:00",
        Type.BUY,
        out("fiat_USD", "20000", "20000"),
        into("crypto_BTC", "1"),
    )
    add_transaction(
        session,
        wallet,
        "2023-02-01 10:00",
        Type.SELL,
        out("crypto_BTC", "1.2"),
        into("fiat_USD", "30000", "30000"),
    )
    add_transaction(
        session, wallet, "2023-08-01 10:00", Type.STAKING_REWARD, into("crypto_ETH", "0.5", "900")
    )
    add_transaction(
        session,
        wallet,
        "2024-02-01 10:00",
        Type.SELL,
        out("crypto_BTC", "0.3"),
        into("fiat_USD", "12000", "12000"),
    )
    session.commit()
    return user


def before_2024(rows: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    """The disposals and income of the years through 2023 (as the tax pages read them)."""
    return {
        "disposals": [row for row in rows["disposals"] if row[9] < END_OF_2023],
        "income": [row for row in rows["income"] if row[4] < END_OF_2023],
    }


def statuses(session: Session, user: User) -> dict[int, FreezingStatus]:
    session.expire_all()
    rows = session.scalars(select(TaxYearFreeze).where(TaxYearFreeze.user_id == user.id))
    return {row.year: row.status for row in rows}


async def test_a_frozen_year_keeps_its_results_and_later_years_start_from_its_closing_lots(
    servers: Settings, temporal_client: Client, db_session: Session
) -> None:
    user = history(db_session)
    await run_cost_basis(temporal_client, servers.task_queue, user)
    frozen_before = before_2024(stored(db_session, user))
    assert frozen_before["disposals"] and frozen_before["income"]

    await run_freezing(temporal_client, servers.task_queue, user, 2023, freeze=True)
    assert statuses(db_session, user) == {2022: FreezingStatus.FROZEN, 2023: FreezingStatus.FROZEN}
    periods = db_session.scalars(select(FrozenPeriod).where(FrozenPeriod.user_id == user.id)).all()
    assert sorted((p.year, p.through) for p in periods) == [
        (2022, datetime(2023, 1, 1, tzinfo=UTC)),
        (2023, END_OF_2023),
    ]

    # A file with a 2023 sale (held: not applied) and 2024 trades; then a run from the closing lots.
    wallet = add_wallet(db_session, user, "Later")
    db_session.commit()
    outcome = await run_import(
        temporal_client,
        servers.task_queue,
        new_job(db_session, user, wallet),
        wallet,
        put_upload(servers, user, "later.csv", LATER),
    )
    assert outcome.success and outcome.result is not None, outcome.error_message
    counts = outcome.result
    assert (counts.number_imported, counts.number_for_review, counts.number_held_frozen) == (3, 0, 1)
    job = db_session.scalars(select(Job).where(Job.account_id == wallet.id)).one()
    assert (job.number_for_review, job.number_held_frozen) == (0, 1)  # what the toast reads
    held = db_session.execute(
        select(Transaction.timestamp, Transaction.is_ignored, TransactionReview.reason)
        .outerjoin(TransactionReview, TransactionReview.transaction_id == Transaction.id)
        .where(Transaction.account_id == wallet.id)
        .order_by(Transaction.timestamp)
    ).all()
    assert [(moment.year, ignored, reason) for moment, ignored, reason in held] == [
        (2023, True, HELD_FOR_REVIEW),
        (2024, False, None),
        (2024, False, None),
    ]
    await run_cost_basis(temporal_client, servers.task_queue, user)
    after_freeze = stored(db_session, user)
    assert before_2024(after_freeze) == frozen_before
    assert any(row[9] >= END_OF_2023 for row in after_freeze["disposals"])

    # Unfrozen, the run starts from the first transaction again: the same results either way.
    await run_freezing(temporal_client, servers.task_queue, user, 2022, freeze=False)
    assert statuses(db_session, user) == {2022: FreezingStatus.UNFROZEN, 2023: FreezingStatus.UNFROZEN}
    assert db_session.scalars(select(FrozenPeriod).where(FrozenPeriod.user_id == user.id)).all() == []
    await run_cost_basis(temporal_client, servers.task_queue, user)
    assert stored(db_session, user) == after_freeze


async def test_freezing_waits_for_no_run_and_a_failed_run_ends_it_errored(
    servers: Settings, temporal_client: Client, db_session: Session
) -> None:
    user = history(db_session)
    db_session.add(CostBasisStatus(user_id=user.id, state=CostBasisState.FAILED))
    db_session.add(TaxYearFreeze(user_id=user.id, year=2023, status=FreezingStatus.FREEZING_IN_PROGRESS))
    db_session.commit()
    with pytest.raises(WorkflowFailureError):
        await run_freezing(temporal_client, servers.task_queue, user, 2023, freeze=True)
    assert statuses(db_session, user) == {2023: FreezingStatus.ERRORED_WITH_UNFROZEN_PERIODS}
    row = db_session.get(TaxYearFreeze, (user.id, 2023))
    assert row is not None and row.error == FREEZING_FAILED and row.end_time is not None
    assert db_session.scalars(select(FrozenPeriod).where(FrozenPeriod.user_id == user.id)).all() == []
