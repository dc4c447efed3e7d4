"""Each cost-basis run leaves a Parquet snapshot of its results in S3, under the user and the run."""

from __future__ import annotations

import uuid
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from sqlalchemy.orm import Session
from temporalio.client import Client

from activities.cost_basis_snapshot import snapshot_key
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage, StoredFileMissing
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.test_cost_basis import computed, new_user, run, status
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]


async def test_a_run_leaves_a_parquet_snapshot_of_its_results_under_the_user_and_run(
    temporal_client: Client, task_queue: str, db_session: Session, servers: Settings, tmp_path: Path
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    add_transaction(
        db_session, wallet, "2021-03-01", Type.SELL, out("crypto_BTC", "0.5"), into("fiat_USD", "80", "80")
    )
    db_session.commit()

    summary = computed(await run(temporal_client, task_queue, user))

    storage = Storage(servers)
    run_id = status(db_session, user).run_id
    assert run_id is not None and str(run_id) == summary.run_id
    tables = {}
    for table in ("lots", "disposals", "income"):
        path = tmp_path / f"{table}.parquet"
        storage.download(snapshot_key(user.public_id, run_id, table), path)
        tables[table] = pl.read_parquet(path)
    assert tables["lots"].height == summary.lots == 1
    assert tables["disposals"].height == summary.disposals == 1
    disposal = tables["disposals"].row(0, named=True)
    assert (Decimal(disposal["proceeds"]), Decimal(disposal["cost_basis"])) == (Decimal(80), Decimal(50))
    assert tables["income"].height == summary.income == 0
    with pytest.raises(StoredFileMissing):  # under another run's id there is nothing
        storage.download(snapshot_key(user.public_id, uuid.uuid4(), "lots"), tmp_path / "other.parquet")
