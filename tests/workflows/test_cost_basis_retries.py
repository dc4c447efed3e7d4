"""A cost-basis run whose store step fails once, and edits that come 100 ms apart: the run completes once,
the previous results stay whole until the new ones commit, and the last result stored is the latest
ledger's."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Iterator
from decimal import Decimal

import pytest
from sqlalchemy import Engine, select, text
from sqlalchemy.orm import Session
from temporalio.client import Client

from contracts.cost_basis import CostBasisOutcome, run_request
from contracts.starting import start_workflow
from ledger.infra.db import sync_sessions
from ledger.models import Account, TaxLot, User
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.test_cost_basis import computed, new_user, run, status, stored_runs
from vocabulary.enums import QueuePriority
from vocabulary.enums import TransactionType as Type
from workflows.cost_basis import CostBasisWorkflow

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]


def bought(session: Session, wallet: Account, day: str, usd: str) -> None:
    add_transaction(session, wallet, day, Type.BUY, out("fiat_USD", usd, usd), into("crypto_BTC", "1"))
    session.commit()


@contextlib.contextmanager
def store_fails_once(engine: Engine, user: User) -> Iterator[str]:
    """The user's next COPY into tax_lots fails once, in PostgreSQL (a trigger that raises the first time
    a sequence is drawn, which no rollback undoes); yields the sequence's name."""
    name = f"fail_store_once_{user.id}"
    with engine.begin() as connection:
        connection.execute(text(f"CREATE SEQUENCE {name}"))
        connection.execute(
            text(
                f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                f" IF nextval('{name}') = 1 THEN RAISE EXCEPTION 'the store failed once'; END IF;"
                " RETURN NEW; END $$"
            )
        )
        connection.execute(
            text(
                f"CREATE TRIGGER {name} BEFORE INSERT ON tax_lots FOR EACH ROW"
                f" WHEN (NEW.user_id = {user.id}) EXECUTE FUNCTION {name}()"
            )
        )
        # fired even while the store skips the foreign keys' row triggers (session_replication_role)
        connection.execute(text(f"ALTER TABLE tax_lots ENABLE ALWAYS TRIGGER {name}"))
    try:
        yield name
    finally:
        with engine.begin() as connection:
            connection.execute(text(f"DROP TRIGGER {name} ON tax_lots"))
            connection.execute(text(f"DROP FUNCTION {name}()"))
            connection.execute(text(f"DROP SEQUENCE {name}"))


async def fired(engine: Engine, sequence: str) -> None:
    async with asyncio.timeout(60):
        while True:
            with engine.connect() as connection:
                if connection.execute(text(f"SELECT is_called FROM {sequence}")).scalar():
                    return
            await asyncio.sleep(0.05)


async def test_a_store_that_fails_once_is_retried_and_the_run_completes_once(
    temporal_client: Client, task_queue: str, db_session: Session, db_engine: Engine
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    bought(db_session, wallet, "2021-01-01", "100")
    previous = uuid.UUID(computed(await run(temporal_client, task_queue, user)).run_id)
    bought(db_session, wallet, "2020-06-01", "300")  # before the checkpoint: a full pass writes every row

    with store_fails_once(db_engine, user) as sequence:
        workflow = await start_workflow(
            temporal_client, task_queue, run_request(user.id, user.public_id, QueuePriority.HIGH)
        )
        await fired(db_engine, sequence)
        assert stored_runs(db_engine, user) == {previous}  # the failed store left the previous results
        assert status(db_session, user).is_running  # and the panel still says Calculating
        outcome: CostBasisOutcome = await temporal_client.get_workflow_handle_for(
            CostBasisWorkflow.run, workflow
        ).result()

    latest = uuid.UUID(computed(outcome).run_id)
    assert outcome.passes == 1 and stored_runs(db_engine, user) == {latest} != {previous}
    with sync_sessions(db_engine)() as session:
        costs = session.scalars(select(TaxLot.cost_basis).where(TaxLot.user_id == user.id)).all()
    assert sorted(costs) == [Decimal(100), Decimal(300)]
    row = status(db_session, user)
    assert (row.state, row.last_error, row.run_id) == (None, None, latest)


async def test_two_edits_100_ms_apart_end_with_the_latest_ledgers_result(
    temporal_client: Client, task_queue: str, db_session: Session, db_engine: Engine
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    bought(db_session, wallet, "2021-01-01", "100")
    request = run_request(user.id, user.public_id, QueuePriority.HIGH)

    bought(db_session, wallet, "2021-02-01", "200")  # an edit, then its request, as the API makes them
    workflow = await start_workflow(temporal_client, task_queue, request)
    await asyncio.sleep(0.1)
    bought(db_session, wallet, "2021-03-01", "300")
    assert await start_workflow(temporal_client, task_queue, request) == workflow

    outcome: CostBasisOutcome = await temporal_client.get_workflow_handle_for(
        CostBasisWorkflow.run, workflow
    ).result()
    latest = uuid.UUID(computed(outcome).run_id)
    assert outcome.passes in (1, 2)  # the second request joined the run: one pass, or one more after it
    with sync_sessions(db_engine)() as session:
        costs = session.scalars(select(TaxLot.cost_basis).where(TaxLot.user_id == user.id)).all()
    assert sorted(costs) == [Decimal(100), Decimal(200), Decimal(300)]  # both edits in the last result
    row = status(db_session, user)
    assert (row.state, row.run_id, row.recomputation_date) == (None, latest, None)
