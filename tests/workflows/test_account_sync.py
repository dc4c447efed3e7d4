"""AccountSyncWorkflow when its worker dies: a `cairn worker` process is killed (SIGKILL) after the sync
has stored a part of a Kraken history; a second worker runs the activity again, which resumes after
the stored cursor, and the account ends with every transaction once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from contracts.account_sync import account_sync
from contracts.starting import start_workflow
from ledger.infra.settings import Settings
from ledger.models import Account, SyncCursor, Transaction
from stack.servers import free_port
from tests.api.graphql import gql
from tests.api.test_linking_exchanges import ADD, KEY, SECRET, payload, synced
from tests.fakes.kraken import KrakenFake

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

TASK_QUEUE = "cairn-sync-faults"  # the killed worker's and its successor's, apart from the tests' worker
TRADES = 30_000


@contextmanager
def worker_process(settings: Settings, fake: KrakenFake, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    env = {
        **os.environ,
        "CAIRN_TASK_QUEUE": TASK_QUEUE,
        "CAIRN_EXCHANGE_URLS": json.dumps({"kraken": fake.url}),
        "CAIRN_EXCHANGE_RATE_LIMITS": "false",
        # chosen now: the session's may since have been taken by another test's server
        "CAIRN_WORKER_METRICS_PORT": str(free_port(settings.host)),
    }
    with log.open("ab") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "stack.cli", "worker"], env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        yield process
    finally:
        process.kill()
        process.wait()


def stored_parts(engine: Engine, account_id: int) -> int:
    with Session(engine) as session:
        return session.scalar(select(func.count()).where(SyncCursor.account_id == account_id)) or 0


@pytest.fixture
def empty_kraken(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[KrakenFake]:
    with KrakenFake(KEY, SECRET) as fake:
        monkeypatch.setitem(servers.exchange_urls, "kraken", fake.url)
        monkeypatch.setattr(servers, "exchange_rate_limits", False)
        yield fake


async def test_a_sync_whose_worker_is_killed_completes_on_another_with_nothing_doubled(
    user: httpx.AsyncClient,
    empty_kraken: KrakenFake,
    servers: Settings,
    temporal_client: Client,
    db_engine: Engine,
    tmp_path: Path,
) -> None:
    answer = (await gql(user, ADD, input=payload()))["addExchangeWithApiKeyAndSecret"]
    account_id = int(answer["createdExchange"]["id"])
    assert (await synced(temporal_client, str(account_id)))["number_imported"] == 0
    empty_kraken.add_trades(TRADES)
    staking = [entry for entry in empty_kraken.entries if entry.type == "staking"]
    expected = len({e.refid for e in empty_kraken.entries if e.type != "staking"}) + len(staking)
    with Session(db_engine) as session:
        user_id = session.scalar(select(Account.user_id).where(Account.id == account_id))
    assert user_id is not None

    with worker_process(servers, empty_kraken, tmp_path / "first.log") as first:
        await start_workflow(temporal_client, TASK_QUEUE, account_sync(account_id, user_id))
        deadline = time.monotonic() + 120
        while stored_parts(db_engine, account_id) == 0:
            assert time.monotonic() < deadline, (tmp_path / "first.log").read_text()
            time.sleep(0.05)
        first.kill()
    with Session(db_engine) as session:
        partial = session.scalar(select(func.count()).where(Transaction.account_id == account_id)) or 0
    assert 0 < partial < expected  # killed midway

    with worker_process(servers, empty_kraken, tmp_path / "second.log"):
        result = await synced(temporal_client, str(account_id))

    assert result["number_imported"] == expected - partial
    with Session(db_engine) as session:
        count, keys = session.execute(
            select(func.count(), func.count(func.distinct(Transaction.natural_key))).where(
                Transaction.account_id == account_id
            )
        ).one()
    assert count == keys == expected
