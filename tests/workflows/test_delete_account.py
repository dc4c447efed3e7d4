"""DeleteAccountWorkflow deletes only an account of its user that is marked for deletion."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from contracts.account_deletion import DeleteAccountInput
from contracts.ids import delete_account_id
from ledger.infra.settings import Settings
from ledger.models import Account, Transaction
from tests.workflows.ledger_rows import new_job, new_wallet, put_upload
from tests.workflows.test_csv_import import FILE, run_import
from workflows.delete_account import DeleteAccountWorkflow

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]


async def delete(client: Client, task_queue: str, account: Account, user_id: int) -> int:
    return await client.execute_workflow(
        DeleteAccountWorkflow.run,
        DeleteAccountInput(account_id=account.id, user_id=user_id),
        id=delete_account_id(account.id),
        task_queue=task_queue,
    )


async def test_an_account_marked_for_deletion_is_deleted_with_its_transactions(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    await run_import(
        temporal_client,
        task_queue,
        new_job(db_session, user, account),
        account,
        put_upload(servers, user, "a.csv", FILE),
    )
    account.will_be_deleted = True
    db_session.commit()
    account_id = account.id

    assert await delete(temporal_client, task_queue, account, user.id) == 4

    db_session.expire_all()
    assert db_session.get(Account, account_id) is None
    assert db_session.scalar(select(func.count()).where(Transaction.account_id == account_id)) == 0


@pytest.mark.parametrize("marked", [False, True])
async def test_an_account_not_marked_or_of_another_user_is_left_alone(
    temporal_client: Client, task_queue: str, db_session: Session, marked: bool
) -> None:
    user, account = new_wallet(db_session)
    other, _ = new_wallet(db_session)
    account.will_be_deleted = marked
    db_session.commit()

    assert await delete(temporal_client, task_queue, account, user.id if not marked else other.id) == 0

    db_session.expire_all()
    assert db_session.get(Account, account.id) is not None
