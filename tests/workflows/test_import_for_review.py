"""CsvImportWorkflow on a real worker: rows of a type the parser does not know are imported for review
(counted, flagged, the flag kept by transfer matching), and a file whose rows are all ignored is an
import of nothing rather than a failure."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client

from ingest.files.check import ignored_reasons, inspect_file
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
# The issue's own example: an export whose every row moves funds between the user's own Nexo wallets.
NEXO_TERM_DEPOSITS = (
    b"Transaction,Type,Input Currency,Input Amount,Output Currency,Output Amount,USD Equivalent,Details,"
    b"Date / Time (UTC)\n"
    b"NXT0holq0qpzw,Locking Term Deposit,MATIC,-3055.00000000,MATIC,3055.00000000,$4641.17433,"
    b"approved / Transfer from Savings Wallet to Term Wallet,2022-03-22 15:58:56\n"
    b"NXT682mMVx8bw,Unlocking Term Deposit,GBPX,6657.94,GBPX,6657.94,$8673.14530538,"
    b"approved / Transfer from Term Wallet to Savings Wallet,2022-04-18 07:01:00\n"
    b"NXTntAhYzNwvP,Locking Term Deposit,GBPX,-6785.49,GBPX,6785.49,$8827.80035118,"
    b"approved / Transfer from Savings Wallet to Term Wallet,2022-04-19 00:58:00\n"
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


async def test_a_nexo_file_of_term_deposit_locks_imports_nothing_and_says_why_of_each_row(
    servers: Settings, temporal_client: Client, db_session: Session
) -> None:
    report = inspect_file(NEXO_TERM_DEPOSITS, "nexo.csv")
    assert (report.format_id, report.transactions, report.errors, report.importable) == ("nexo", 0, [], True)
    assert ignored_reasons(report.ignored) == [
        "Rows 1, 3: Locking Term Deposit moves funds into a Nexo term wallet",
        "Row 2: Unlocking Term Deposit moves funds out of a Nexo term wallet",
    ]
    user, account = new_wallet(db_session)
    url = put_upload(servers, user, "nexo.csv", NEXO_TERM_DEPOSITS)
    outcome = await run_import(
        temporal_client, servers.task_queue, new_job(db_session, user, account), account, url
    )
    assert outcome.success and outcome.result is not None, outcome.error_message
    assert (outcome.result.number_total, outcome.result.number_imported, outcome.result.number_ignored) == (
        3,
        0,
        3,
    )
    job = db_session.scalars(select(Job).where(Job.account_id == account.id)).one()
    assert (job.status, job.error_message) == (JobStatus.FINISHED, None)
    assert not db_session.scalars(select(Transaction).where(Transaction.account_id == account.id)).all()
