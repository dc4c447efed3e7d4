"""CsvImportWorkflow on a real worker: all-or-nothing imports, idempotent retries, duplicates skipped."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from contracts.imports import CsvImportInput, CsvImportOutcome
from ledger.infra.settings import Settings
from ledger.models import Account, Asset, Base, Flow, Import, Job, Label, Transaction, TransactionLabel
from tests.api.graphql import generic_csv
from tests.ingest.bombs import MiB, gzip_bomb
from tests.ingest.exports import export_bytes
from tests.workflows.ledger_rows import new_job, new_wallet, put_upload
from vocabulary.enums import ImportType, JobStatus
from vocabulary.symbols import SYMBOL_RULE
from workflows.csv_import import AccountImportWorkflow, CsvImportWorkflow

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

FILE = generic_csv(
    "2023-05-01 09:00:00,2,ETH,3600,EUR,,,",
    "2023-05-02 09:00:00,50,QUUXTOKEN,,,,,staking",
    "2023-05-02 09:00:00,50,QUUXTOKEN,,,,,staking",  # the same row twice: two transactions
    "2023-05-03 09:00:00,,,1,ETH,0.001,ETH,gift",
)


async def run_import(
    client: Client, task_queue: str, job_id: str, account: Account, file_url: str
) -> CsvImportOutcome:
    return await client.execute_workflow(
        CsvImportWorkflow.run,
        CsvImportInput(job_id=job_id, account_id=account.id, user_id=account.user_id, file_url=file_url),
        id=job_id,
        task_queue=task_queue,
    )


def count(session: Session, model: type[Base], *where: ColumnElement[bool]) -> int:
    return session.scalar(select(func.count()).select_from(model).where(*where)) or 0


def assert_refused(outcome: CsvImportOutcome, message: str, db_session: Session, account: Account) -> None:
    """The import failed with `message` and wrote no transaction into `account`."""
    assert not outcome.success
    assert outcome.error_message == message
    assert count(db_session, Transaction, Transaction.account_id == account.id) == 0


async def test_an_import_writes_transactions_flows_assets_and_labels(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)

    outcome = await run_import(
        temporal_client, task_queue, job_id, account, put_upload(servers, user, "a.csv", FILE)
    )

    assert outcome.success and outcome.result is not None
    assert (outcome.result.number_total, outcome.result.number_imported, outcome.result.number_skipped) == (
        4,
        4,
        0,
    )
    assert outcome.result.number_user_defined_tokens == 1
    transactions = db_session.scalars(
        select(Transaction).where(Transaction.account_id == account.id).order_by(Transaction.id)
    ).all()
    assert [tx.type.value for tx in transactions] == ["BUY", "STAKING_REWARD", "STAKING_REWARD", "GIFT_SENT"]
    assert len({tx.natural_key for tx in transactions}) == 4
    assert all(tx.user_id == user.id for tx in transactions)
    flows = db_session.scalars(select(Flow).where(Flow.transaction_id == transactions[0].id)).all()
    assert {(f.direction.value, f.asset_id, f.quantity) for f in flows} == {
        ("INFLOW", "crypto_ETH", 2),
        ("OUTFLOW", "fiat_EUR", 3600),
    }
    [token] = db_session.scalars(select(Asset).where(Asset.user_id == user.id)).all()
    assert token.symbol == "QUUXTOKEN" and token.id.startswith("user_asset_")
    labels = db_session.scalars(select(Label.name).where(Label.user_id == user.id)).all()
    assert sorted(labels) == ["gift", "staking"]
    assert (
        count(
            db_session, TransactionLabel, TransactionLabel.transaction_id.in_([tx.id for tx in transactions])
        )
        == 3
    )
    job = db_session.get(Job, job_id)
    assert job is not None and job.status == JobStatus.FINISHED and job.finished_at is not None
    db_session.refresh(account)
    assert account.is_syncing is False and account.last_synced_at is not None


async def test_the_same_file_twice_into_one_wallet_adds_nothing(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    file_url = put_upload(servers, user, "a.csv", FILE)
    first = await run_import(
        temporal_client, task_queue, new_job(db_session, user, account), account, file_url
    )

    second_job = new_job(db_session, user, account)
    second = await run_import(temporal_client, task_queue, second_job, account, file_url)

    assert first.result is not None and first.result.number_imported == 4
    assert second.success and second.result is not None
    assert (second.result.number_imported, second.result.number_skipped) == (0, 4)
    assert second.result.number_user_defined_tokens == 0
    assert count(db_session, Transaction, Transaction.account_id == account.id) == 4
    job = db_session.get(Job, second_job)
    assert job is not None and (job.number_imported, job.number_skipped) == (0, 4)


async def test_a_job_run_again_answers_its_import_without_importing_twice(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    file_url = put_upload(servers, user, "a.csv", FILE)
    first = await run_import(temporal_client, task_queue, job_id, account, file_url)

    again = await run_import(
        temporal_client, task_queue, job_id, account, file_url
    )  # as a retried activity would

    assert again.result == first.result
    assert count(db_session, Transaction, Transaction.account_id == account.id) == 4
    assert count(db_session, Import, Import.job_id == job_id) == 1


async def test_a_file_with_one_bad_row_imports_nothing(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    bad = generic_csv("2023-05-01 09:00:00,2,ETH,,,,,", "2023-05-02 09:00:00,1,,,,,,")

    outcome = await run_import(
        temporal_client, task_queue, job_id, account, put_upload(servers, user, "bad.csv", bad)
    )

    assert_refused(
        outcome,
        "Row 2, column Received Currency: a currency is required for the quantity 1",
        db_session,
        account,
    )
    assert count(db_session, Import, Import.account_id == account.id) == 0
    job = db_session.get(Job, job_id)
    assert job is not None and job.status == JobStatus.FAILED and job.error_message == outcome.error_message
    account_id = account.id
    db_session.expire_all()
    assert db_session.get(Account, account_id) is None  # the wallet created for the import went with it


async def test_a_failed_import_into_an_account_the_user_has_keeps_the_account(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    bad = generic_csv("2023-05-01 09:00:00,2,ETH,,,,,", "2023-05-02 09:00:00,1,,,,,,")

    outcome = await temporal_client.execute_workflow(
        AccountImportWorkflow.run,
        CsvImportInput(job_id, account.id, user.id, put_upload(servers, user, "bad.csv", bad), 1),
        id=job_id,
        task_queue=task_queue,
    )

    assert not outcome.success
    db_session.expire_all()
    assert db_session.get(Account, account.id) is not None


async def test_a_file_url_of_another_user_is_refused(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    other, _ = new_wallet(db_session)
    job_id = new_job(db_session, user, account)

    outcome = await run_import(
        temporal_client, task_queue, job_id, account, put_upload(servers, other, "a.csv", FILE)
    )

    assert_refused(
        outcome,
        "This file could not be found among your uploads. Please upload it again.",
        db_session,
        account,
    )


async def test_a_file_of_another_import_type_than_chosen_imports_nothing(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    file_url = put_upload(
        servers, user, "trades.csv", export_bytes("kraken/kraken-ledger-report__trades.csv")
    )

    outcome = await temporal_client.execute_workflow(
        AccountImportWorkflow.run,
        CsvImportInput(job_id, account.id, user.id, file_url, int(ImportType.TRANSACTION_HISTORY)),
        id=job_id,
        task_queue=task_queue,
    )

    assert_refused(
        outcome,
        "This file is a Kraken trades export, a trade import, not a transaction history import.",
        db_session,
        account,
    )


async def test_a_decompression_bomb_imports_nothing_and_says_why(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    bomb = put_upload(servers, user, "bomb.csv", gzip_bomb(2 * servers.max_upload_bytes))

    outcome = await run_import(temporal_client, task_queue, job_id, account, bomb)

    assert_refused(
        outcome,
        f"The file is too large once decompressed: more than {servers.max_upload_bytes // MiB} MiB, "
        "the largest file Cairn imports.",
        db_session,
        account,
    )


async def test_a_formula_for_a_currency_imports_nothing_and_says_where(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    formula = generic_csv("2023-05-01 09:00:00,2,ETH,,,,,", "2023-05-02 09:00:00,1,@SUM(A1:A9),,,,,")

    outcome = await run_import(
        temporal_client, task_queue, job_id, account, put_upload(servers, user, "formula.csv", formula)
    )

    assert_refused(
        outcome,
        f"Row 2, column Received Currency: '@SUM(A1:A9)' is not an asset symbol ({SYMBOL_RULE})",
        db_session,
        account,
    )


async def test_two_bombs_at_once_leave_a_good_import_its_way(
    temporal_client: Client, task_queue: str, servers: Settings, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    good = new_job(db_session, user, account)
    bombs = []
    for name in ("bomb-1.csv", "bomb-2.csv"):
        bomber, target = new_wallet(db_session)
        bombs.append(
            (
                new_job(db_session, bomber, target),
                target,
                put_upload(servers, bomber, name, gzip_bomb(2 * servers.max_upload_bytes)),
            )
        )

    outcomes = await asyncio.gather(
        *(run_import(temporal_client, task_queue, job_id, target, url) for job_id, target, url in bombs),
        run_import(temporal_client, task_queue, good, account, put_upload(servers, user, "a.csv", FILE)),
    )

    assert [outcome.success for outcome in outcomes] == [False, False, True]
    assert count(db_session, Transaction, Transaction.account_id == account.id) == 4
