"""CsvImportWorkflow on a real worker: rows of a type the parser does not know are imported for review
(counted, flagged, the flag kept by transfer matching), and a file whose rows are all ignored is an
import of nothing rather than a failure."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client

from ledger.infra.settings import Settings
from ledger.models import Account, Import, Job, Label, Transaction, TransactionLabel, TransactionReview
from tests.ingest.exports import export_bytes
from tests.workflows.ledger_rows import new_job, new_wallet, put_upload
from tests.workflows.test_csv_import import run_import
from vocabulary.enums import JobStatus

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

COINBASE = (
    b"Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,"
    b"Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n"
    b"2024-01-02T03:04:05Z,Reward Income,ETH,0.01,EUR,2000,20,20,0,\n"
    b"2024-01-03T03:04:05Z,Zorblax Payout,ETH,0.02,EUR,2000,40,40,0,\n"
    b"2024-01-04T03:04:05Z,Zorblax Payout,ETH,-0.005,EUR,2000,10,10,0,\n"
)


async def test_unknown_types_are_imported_for_review_and_counted(
    servers: Settings, temporal_client: Client, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    url = put_upload(servers, user, "coinbase.csv", COINBASE)
    outcome = await run_import(
        temporal_client, servers.task_queue, new_job(db_session, user, account), account, url
    )
    assert outcome.success and outcome.result is not None, outcome.error_message
    assert (outcome.result.number_imported, outcome.result.number_for_review) == (3, 2)
    job = db_session.scalars(select(Job).where(Job.account_id == account.id)).one()
    record = db_session.scalars(select(Import).where(Import.account_id == account.id)).one()
    assert (job.status, job.number_for_review, record.number_for_review) == (JobStatus.FINISHED, 2, 2)
    rows = db_session.execute(
        select(Transaction.type, Label.name, TransactionReview.reason, TransactionReview.from_import)
        .join(TransactionLabel, TransactionLabel.transaction_id == Transaction.id)
        .join(Label, Label.id == TransactionLabel.label_id)
        .outerjoin(TransactionReview, TransactionReview.transaction_id == Transaction.id)
        .where(Transaction.account_id == account.id)
        .order_by(Transaction.timestamp)
    ).all()
    # Transfer matching ran after the import and found no pair for the receipt and the send: their flag
    # is still the import's, naming the type.
    assert [(kind.value, label, from_import) for kind, label, _, from_import in rows] == [
        ("REWARD", "reward income", None),
        ("RECEIVE", "Zorblax Payout", True),
        ("SEND", "Zorblax Payout", True),
    ]
    assert rows[1][2] == (
        "The Coinbase type 'Zorblax Payout' was not recognised: imported as a receipt of what it moves. "
        "Check that this is what happened."
    )
    again = await run_import(
        temporal_client, servers.task_queue, new_job(db_session, user, account), account, url
    )
    assert again.result is not None
    assert (again.result.number_imported, again.result.number_skipped, again.result.number_for_review) == (
        0,
        3,
        0,
    )


async def test_a_file_whose_rows_are_all_ignored_imports_nothing_successfully(
    servers: Settings, temporal_client: Client, db_session: Session
) -> None:
    user, account = new_wallet(db_session)
    relative = "bitvavo/GhostfolioSidekick__Invalid_single_buy_pending.csv"
    url = put_upload(servers, user, "bitvavo.csv", export_bytes(relative))
    outcome = await run_import(
        temporal_client, servers.task_queue, new_job(db_session, user, account), account, url
    )
    assert outcome.success, outcome.error_message
    assert outcome.result is not None
    assert (outcome.result.number_total, outcome.result.number_imported, outcome.result.number_ignored) == (
        1,
        0,
        1,
    )
    job = db_session.scalars(select(Job).where(Job.account_id == account.id)).one()
    assert (job.status, job.error_message) == (JobStatus.FINISHED, None)
    assert db_session.get(Account, account.id) is not None
