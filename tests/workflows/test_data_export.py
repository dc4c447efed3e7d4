"""The data exports on the real servers: DataExportWorkflow writes every user's tables as Parquet on S3
with a manifest and a DuckDB catalog; the ten questions of docs/data/examples.sql answer as worked out by
hand on a small population, through `cairn query` on a local copy and on S3; a second export rewrites
only the users whose cost-basis run changed; a user's stored analytics events are exported with the user's
tables, nobody else's; a user's own export holds only that user's rows."""

from __future__ import annotations

import asyncio
import io
import uuid
import zipfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session
from temporalio.client import Client, ScheduleActionStartWorkflow
from temporalio.common import WorkflowIDConflictPolicy

from analytics.exports.catalog import CATALOG_NAME, EXPORT_PREFIX, LATEST_MANIFEST, write_catalog
from analytics.exports.manifest import Manifest
from analytics.exports.partitions import bucket_of
from contracts.data_export import (
    DATA_EXPORT_ID,
    DATA_EXPORT_SCHEDULE_ID,
    DATA_EXPORT_WORKFLOW,
    DataExportInput,
    DataExportSummary,
    ensure_export_schedule,
)
from contracts.search import KIND
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import AnalyticsEvent, CostBasisStatus, EventKind, Price, User
from ledger.writes.export_tables import READERS, TABLES, export_snapshot
from stack.cli import main as cairn
from stack.commands.query import open_export
from tests.api.graphql import gql
from tests.api.test_cost_basis import signed_up_user
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.test_cost_basis import new_user, run
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "data" / "examples.sql"


@dataclass
class Population:
    a: User
    b: User
    names: dict[str, str]  # public id → "A" / "B"


def ledger_a(session: Session, user: User) -> None:
    wallet = add_wallet(session, user, "A main")
    add_transaction(
        session,
        wallet,
        "2021-01-10 10:00",
        Type.BUY,
        out("fiat_USD", "10000", "10000"),
        into("crypto_BTC", "1"),
        out("fiat_USD", "10", "10", fee=True),
    )
    add_transaction(
        session,
        wallet,
        "2021-06-01 10:00",
        Type.SELL,
        out("crypto_BTC", "0.5"),
        into("fiat_USD", "20000", "20000"),
    )
    add_transaction(
        session, wallet, "2022-03-01 10:00", Type.STAKING_REWARD, into("crypto_ETH", "0.1", "300")
    )
    add_transaction(
        session,
        wallet,
        "2023-02-01 10:00",
        Type.SELL,
        out("crypto_BTC", "0.5"),
        into("fiat_USD", "4000", "4000"),
    )


def ledger_b(session: Session, user: User) -> None:
    wallet = add_wallet(session, user, "B main")
    add_transaction(
        session,
        wallet,
        "2022-01-05 10:00",
        Type.BUY,
        out("fiat_USD", "8000", "8000"),
        into("crypto_ETH", "2"),
    )
    add_transaction(
        session,
        wallet,
        "2022-07-01 10:00",
        Type.SELL,
        out("crypto_ETH", "1"),
        into("fiat_USD", "1000", "1000"),
    )
    # before the price table's first LTC close: a missing price
    add_transaction(session, wallet, "2013-01-01 10:00", Type.DEPOSIT, into("crypto_LTC", "1"))


async def export(client: Client, task_queue: str, *, full: bool = False) -> DataExportSummary:
    return await client.execute_workflow(
        DATA_EXPORT_WORKFLOW,
        DataExportInput(full),
        id=DATA_EXPORT_ID,
        task_queue=task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        result_type=DataExportSummary,
    )


def latest_manifest(storage: Storage, directory: Path) -> Manifest:
    path = directory / "latest.json"
    storage.download(f"{EXPORT_PREFIX}/{LATEST_MANIFEST}", path)
    return Manifest.from_json(path.read_text())


def local_copy(storage: Storage, manifest: Manifest, users: set[str], root: Path) -> Manifest:
    """The part of the export holding `users`' rows, copied to `root` with its own catalog, as a data team
    copies the export (or part of it) to a laptop; the other users of the test session, in the same
    bucket files, are left out of the copied files."""
    buckets = {bucket_of(user) for user in users}
    part = Manifest(
        manifest.version,
        manifest.export_id,
        manifest.created_at,
        manifest.previous,
        {user: entry for user, entry in manifest.users.items() if user in users},
        manifest.schema_files,
        [file for file in manifest.files if file.bucket in buckets],
    )
    for name in part.paths():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        storage.download(f"{EXPORT_PREFIX}/{name}", root / name)
        rows = pq.read_table(root / name)
        pq.write_table(rows.filter(pc.is_in(rows.column("user"), pa.array(sorted(users)))), root / name)
    write_catalog(root, part)
    return part


def examples() -> list[str]:
    """docs/data/examples.sql's statements, in order."""
    lines = [line for line in EXAMPLES.read_text().splitlines() if not line.startswith("--")]
    return [statement.strip() for statement in "\n".join(lines).split(";") if statement.strip()]


@pytest.fixture(scope="module")
async def population(
    db_engine: Engine, temporal_client: Client, task_queue: str, worker: None
) -> AsyncIterator[Population]:
    with Session(db_engine) as session:
        a, b = new_user(session), new_user(session)
        ledger_a(session, a)
        ledger_b(session, b)
        session.commit()
        await run(temporal_client, task_queue, a)
        await run(temporal_client, task_queue, b)
        yield Population(a, b, {str(a.public_id): "A", str(b.public_id): "B"})


def latest_close(session: Session, symbol: str) -> Decimal:
    day = session.scalar(select(func.max(Price.date)).where(Price.symbol == symbol, Price.quote == "USD"))
    close = session.scalar(
        select(Price.close).where(Price.symbol == symbol, Price.quote == "USD", Price.date == day)
    )
    assert close is not None
    return close


def named(rows: list[tuple[Any, ...]], names: dict[str, str]) -> list[tuple[Any, ...]]:
    return [
        tuple(names.get(value, value) if isinstance(value, str) else value for value in row) for row in rows
    ]


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


async def test_every_example_answers_as_worked_by_hand_on_a_local_copy(
    population: Population,
    temporal_client: Client,
    task_queue: str,
    servers: Settings,
    db_session: Session,
    tmp_path: Path,
) -> None:
    summary = await export(temporal_client, task_queue, full=True)
    storage = Storage(servers)
    manifest = latest_manifest(storage, tmp_path)
    assert manifest.export_id == summary.export_id and summary.exported == summary.users == len(
        manifest.users
    )
    local_copy(storage, manifest, set(population.names), tmp_path / "copy")

    with open_export(str(tmp_path / "copy"), servers) as connection:
        answers = [named(connection.sql(sql).fetchall(), population.names) for sql in examples()]

    eth = latest_close(db_session, "ETH")
    d = Decimal
    assert answers[0] == [
        ("BTC", 2021, d("14995"), 1),
        ("ETH", 2022, d("-3000"), 1),
        ("BTC", 2023, d("-1005"), 1),
    ]
    assert answers[1] == [("B", 1, date(2013, 1, 1))]
    assert answers[2] == [("STAKING_REWARD", "2022-03", d("300"), 1)]
    assert answers[3] == [
        ("B", "ETH", d(1), d(4000), round(eth - 4000, 2)),
        ("A", "ETH", d("0.1"), d(300), round(eth / 10 - 300, 2)),
    ]
    assert sorted(answers[4]) == [  # ordered by user id, a UUID
        ("A", 2021, d("14995"), d(0), d("14995")),
        ("A", 2023, d(0), d("-1005"), d("-1005")),
        ("B", 2022, d("-3000"), d(0), d("-3000")),
    ]
    assert answers[5] == [("USD", 2021, d(10), 1)]
    assert answers[6] == [("ETH", d("1.1"), d(4300), 2), ("LTC", d(1), d(0), 1)]
    assert answers[7] == [
        ("A main", 4, utc("2021-01-10 10:00"), utc("2023-02-01 10:00")),
        ("B main", 3, utc("2013-01-01 10:00"), utc("2022-07-01 10:00")),
    ]
    assert answers[8] == [("LONG", 1, 752, 752, d("0.5")), ("SHORT", 2, 142, 177, d("1.5"))]
    assert answers[9] == [
        (2021, d(20000), d(5005), d(14995), d(0), 1),
        (2022, d(1000), d(4000), d(-3000), d(300), 2),
        (2023, d(4000), d(5005), d(-1005), d(0), 1),
    ]


async def test_cairn_query_reads_the_latest_export_on_s3(
    population: Population,
    temporal_client: Client,
    task_queue: str,
    servers: Settings,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await export(temporal_client, task_queue)
    a = str(population.a.public_id)

    with open_export(None, servers) as connection:
        gains = connection.sql(
            f"SELECT year, sum(gain) FROM disposals WHERE \"user\" = '{a}' GROUP BY 1 ORDER BY 1"
        )
        assert gains.fetchall() == [(2021, Decimal(14995)), (2023, Decimal(-1005))]

    code = cairn(["query", "--csv", f"SELECT asset, quantity FROM flows WHERE \"user\" = '{a}' AND is_fee"])
    assert code == 0
    assert capsys.readouterr().out.splitlines() == ["asset,quantity", "USD,10.000000000000000000"]
    assert cairn(["query", "--export", "/nonexistent", "SELECT 1"]) == 1
    capsys.readouterr()

    # the prompt: a statement over two lines, a bad one (its error shown, the prompt goes on), .quit
    typed = f"SELECT count(*) AS wallets\nFROM accounts WHERE \"user\" = '{a}';\nSELECT nope;\n.quit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert cairn(["query", "--csv"]) == 0
    shown = capsys.readouterr()
    assert "wallets\r\n1\r\n" in shown.out  # csv's line ends
    assert "nope" in shown.err


async def reward_a(
    session: Session,
    client: Client,
    task_queue: str,
    population: Population,
    at: str,
    quantity: str,
    value: str,
) -> None:
    """A staking reward of A's in a wallet of its own, and A's cost basis run again."""
    wallet = add_wallet(session, session.get_one(User, population.a.id), f"Rewards {at}")
    add_transaction(session, wallet, at, Type.STAKING_REWARD, into("crypto_ETH", quantity, value))
    session.commit()
    await run(client, task_queue, population.a)


async def test_a_second_export_rewrites_only_the_users_whose_run_changed(
    population: Population,
    temporal_client: Client,
    task_queue: str,
    servers: Settings,
    db_session: Session,
    tmp_path: Path,
) -> None:
    storage = Storage(servers)
    await export(temporal_client, task_queue)
    first = latest_manifest(storage, tmp_path)
    a, b = str(population.a.public_id), str(population.b.public_id)
    await reward_a(db_session, temporal_client, task_queue, population, "2024-05-01 10:00", "0.2", "500")

    summary = await export(temporal_client, task_queue)
    second = latest_manifest(storage, tmp_path)

    assert second.previous == first.export_id and summary.export_id == second.export_id
    # only a's bucket is written anew, with every user in it; the other buckets' users and files are kept
    rewritten = bucket_of(a)
    assert {user for user, entry in second.users.items() if entry.exported_in == second.export_id} == {
        user for user in second.users if bucket_of(user) == rewritten
    }
    assert summary.exported == len([user for user in second.users if bucket_of(user) == rewritten])
    assert {user: e for user, e in second.users.items() if bucket_of(user) != rewritten} == {
        user: e for user, e in first.users.items() if bucket_of(user) != rewritten
    }
    assert [f for f in second.files if f.bucket != rewritten] == [
        f for f in first.files if f.bucket != rewritten
    ]
    for file in first.files:  # the earlier export's files stay as they were: its manifest stays readable
        if file.bucket == rewritten:
            storage.download(f"{EXPORT_PREFIX}/{file.path}", tmp_path / "earlier.parquet")
            assert pq.read_table(tmp_path / "earlier.parquet").num_rows == file.rows
    assert second.users[a].exported_in == second.export_id and second.users[a].run_id != first.users[a].run_id
    assert second.users[b].run_id == first.users[b].run_id
    a_files = [file for file in second.files if file.bucket == rewritten]
    assert {file.table for file in a_files} >= {"accounts", "transactions", "income"}
    assert all(file.path.endswith(f"/bucket={rewritten:02d}/{second.export_id}.parquet") for file in a_files)
    # a user's tables come from the run named in the manifest, the one stored when the export read them
    db_session.expire_all()
    stored_run = db_session.get_one(CostBasisStatus, population.a.id).run_id
    assert second.users[a].run_id == str(stored_run)
    path = tmp_path / "file.parquet"
    for file in a_files:
        storage.download(f"{EXPORT_PREFIX}/{file.path}", path)
        read = pq.read_table(path)
        assert read.num_rows == file.rows
        assert {bucket_of(user) for user in read.column("user").to_pylist()} == {rewritten}
        rows_of_a = read.filter(pc.equal(read.column("user"), a))
        if file.table == "yearly_summaries":
            assert set(rows_of_a.column("run_id").to_pylist()) == {str(stored_run)}
        if file.table in ("lots", "disposals", "income"):  # a row an incremental run kept names its run
            assert (
                str(stored_run)
                in set(rows_of_a.column("run_id").to_pylist())
                <= {
                    str(stored_run),
                    first.users[a].run_id,
                }
            )
        if file.table == "income":
            assert sorted(rows_of_a.column("year").to_pylist()) == [2022, 2024]
    # the published catalog is the latest export's
    catalog = tmp_path / CATALOG_NAME
    storage.download(f"{EXPORT_PREFIX}/{CATALOG_NAME}", catalog)
    assert catalog.stat().st_size > 0


def copied(copy: Path) -> dict[str, int]:
    """The data files of `cairn query`'s copy of an export, with when each was written."""
    return {path.relative_to(copy).as_posix(): path.stat().st_mtime_ns for path in copy.rglob("*.parquet")}


async def test_cairn_query_copies_only_the_new_files_of_an_export_on_s3(
    population: Population,
    temporal_client: Client,
    task_queue: str,
    servers: Settings,
    db_session: Session,
    tmp_path: Path,
) -> None:
    storage = Storage(servers)
    a = str(population.a.public_id)
    await export(temporal_client, task_queue, full=True)
    first = latest_manifest(storage, tmp_path)
    incomes = f"SELECT count(*) FROM income WHERE \"user\" = '{a}'"
    with open_export(None, servers) as connection:
        ((income_rows,),) = connection.sql(incomes).fetchall()
    (copy,) = servers.export_copies_dir.iterdir()
    before = copied(copy)
    assert before.keys() == set(first.paths())
    assert [path.name for path in copy.glob("catalog-*")] == [f"catalog-{first.export_id}.duckdb"]

    await reward_a(db_session, temporal_client, task_queue, population, "2024-06-01 10:00", "0.1", "250")
    await export(temporal_client, task_queue)
    second = latest_manifest(storage, tmp_path)
    with open_export(None, servers) as connection:
        assert connection.sql(incomes).fetchall() == [(income_rows + 1,)]
    after = copied(copy)

    # the files the two exports share were not fetched again; the first's others are gone
    assert after.keys() == set(second.paths())
    kept = before.keys() & after.keys()
    assert kept and all(after[path] == before[path] for path in kept)
    assert after.keys() - before.keys() == set(second.paths()) - set(first.paths())
    assert [path.name for path in copy.glob("catalog-*")] == [f"catalog-{second.export_id}.duckdb"]


def reported(user: User | None, name: str) -> AnalyticsEvent:
    return AnalyticsEvent(
        kind=EventKind.EVENT,
        user_id=None if user is None else user.id,
        anonymous_id=None if user is not None else uuid.uuid4().hex,
        name=name,
        properties={"plan": "FREE"},
        context={"locale": "en-US"},
    )


async def test_a_users_stored_analytics_events_are_in_the_export(
    population: Population,
    temporal_client: Client,
    task_queue: str,
    servers: Settings,
    db_session: Session,
    tmp_path: Path,
) -> None:
    without_run = new_user(db_session)
    db_session.add_all(
        [
            reported(db_session.get_one(User, population.a.id), "Wallet Added"),
            reported(without_run, "TransactionLimitCard Clicked"),  # no cost-basis run: not exported
            reported(None, "Sign Up Button Clicked"),  # anonymous: nobody's
        ]
    )
    db_session.commit()

    await export(temporal_client, task_queue, full=True)
    storage = Storage(servers)
    manifest = latest_manifest(storage, tmp_path)
    path = tmp_path / "events.parquet"
    for file in manifest.files:
        if file.table == "analytics_events":
            storage.download(f"{EXPORT_PREFIX}/{file.path}", path)
            assert str(without_run.public_id) not in pq.read_table(path).column("user").to_pylist()
    local_copy(storage, manifest, set(population.names), tmp_path / "copy")

    with open_export(str(tmp_path / "copy"), servers) as connection:
        rows = connection.sql(
            'SELECT "user", year, kind, name, category, properties, context FROM analytics_events'
        ).fetchall()
    this_year = datetime.now(UTC).year
    assert named(rows, population.names) == [
        ("A", this_year, "event", "Wallet Added", None, '{"plan": "FREE"}', '{"locale": "en-US"}')
    ]


def test_the_snapshot_is_one_repeatable_read_snapshot_shared_by_its_readers(db_engine: Engine) -> None:
    with export_snapshot(db_engine) as snapshot:
        with db_engine.begin() as connection:  # a transaction committed after the snapshot was taken
            connection.execute(select(func.txid_current()))
        seen = set()
        for cursor in snapshot._cursors:
            cursor.execute("SELECT current_setting('transaction_isolation'), pg_current_snapshot()::text")
            seen.add(cursor.fetchone())
        assert len(snapshot._cursors) == READERS > 1
        assert len(seen) == 1 and next(iter(seen))[0] == "repeatable read"
        assert [(table, read.num_rows) for table, read in snapshot.tables(TABLES, [])] == [
            (table, 0) for table in TABLES
        ]


async def test_the_nightly_schedule_is_created_once(temporal_client: Client, task_queue: str) -> None:
    await ensure_export_schedule(temporal_client, task_queue)
    await ensure_export_schedule(temporal_client, task_queue)  # already there: nothing changes

    described = await temporal_client.get_schedule_handle(DATA_EXPORT_SCHEDULE_ID).describe()
    action = described.schedule.action
    assert isinstance(action, ScheduleActionStartWorkflow)
    assert action.workflow == DATA_EXPORT_WORKFLOW
    assert action.typed_search_attributes.get(KIND) == DATA_EXPORT_WORKFLOW  # listed in the console
    assert [calendar.hour[0].start for calendar in described.schedule.spec.calendars] == [2]


EXPORT_MY_DATA = """
mutation Export($format: String!) { exportMyData(format: $format) { success jobId errorMessage } }
"""
EXPORT_STATUS = """
query Status($jobId: String!) {
  exportMyDataJobStatus(jobId: $jobId) { jobId status isStatusFinal success errorMessage url }
}
"""


async def exported(http: httpx.AsyncClient, job_id: str) -> dict[str, Any]:
    async with asyncio.timeout(60):
        while not (found := (await gql(http, EXPORT_STATUS, jobId=job_id))["exportMyDataJobStatus"])[
            "isStatusFinal"
        ]:
            await asyncio.sleep(0.2)
    return found


async def test_a_user_exports_only_their_own_data(
    client: httpx.AsyncClient,
    other_user: httpx.AsyncClient,
    db_session: Session,
    temporal_client: Client,
    task_queue: str,
    population: Population,
) -> None:
    user = await signed_up_user(client, db_session)
    ledger_a(db_session, user)
    db_session.commit()
    await run(temporal_client, task_queue, user)

    started = (await gql(client, EXPORT_MY_DATA, format="PARQUET"))["exportMyData"]
    assert started["success"] and started["errorMessage"] is None
    done = await exported(client, started["jobId"])
    assert (done["status"], done["success"], done["errorMessage"]) == ("FINISHED", True, None)
    async with httpx.AsyncClient() as s3:
        response = await s3.get(done["url"])
    assert response.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(archive.namelist()) == sorted(f"{table}.parquet" for table in TABLES)
    for table in TABLES:
        rows = pq.read_table(io.BytesIO(archive.read(f"{table}.parquet")))
        assert set(rows.column("user").to_pylist()) <= {str(user.public_id)}
    disposals = pq.read_table(io.BytesIO(archive.read("disposals.parquet")))
    assert sorted(disposals.column("gain").to_pylist()) == [Decimal(-1005), Decimal(14995)]

    as_csv = (await gql(client, EXPORT_MY_DATA, format="CSV"))["exportMyData"]
    done = await exported(client, as_csv["jobId"])
    async with httpx.AsyncClient() as s3:
        response = await s3.get(done["url"])
    income = zipfile.ZipFile(io.BytesIO(response.content)).read("income.csv").decode().splitlines()
    assert len(income) == 2 and income[1].startswith(f'"{user.public_id}",2022,')
    assert '"STAKING_REWARD"' in income[1] and ",300.000000000000000000," in income[1]

    # another user's job answers as one that does not exist
    theirs = (await gql(other_user, EXPORT_STATUS, jobId=started["jobId"]))["exportMyDataJobStatus"]
    assert (theirs["status"], theirs["url"], theirs["success"]) == ("UNKNOWN", None, False)
    unknown = (await gql(client, EXPORT_STATUS, jobId=f"user-export/{uuid.uuid4()}/x"))[
        "exportMyDataJobStatus"
    ]
    assert unknown["status"] == "UNKNOWN"


async def test_a_user_export_refusals(user: httpx.AsyncClient, other_user: httpx.AsyncClient) -> None:
    refused = (await gql(user, EXPORT_MY_DATA, format="XLSX"))["exportMyData"]
    assert refused == {
        "success": False,
        "jobId": None,
        "errorMessage": "The export format must be PARQUET or CSV.",
    }

    # nothing calculated yet: the job fails and says why
    started = (await gql(other_user, EXPORT_MY_DATA, format="CSV"))["exportMyData"]
    done = await exported(other_user, started["jobId"])
    assert (done["status"], done["url"]) == ("FAILED", None)
    assert done["errorMessage"] == "There is nothing to export yet: your cost basis has not been calculated."
