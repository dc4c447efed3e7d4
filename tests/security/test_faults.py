"""Faults during a real import: the worker killed, the API killed, Temporal killed, PostgreSQL frozen for
10 s or killed. Each strikes while a 100,000-row file is being imported through the API, on a stack of
its own run as `cairn run` runs it (its servers, `cairn worker` and `cairn api` as processes, kept up by
the same supervisor), and the import must end FINISHED once with exactly its 100,000 transactions."""

from __future__ import annotations

import contextlib
import os
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import psutil
import psycopg
import pytest

from ingest.files.formats.generic import COLUMNS as GENERIC_COLUMNS
from ledger.infra.settings import Settings
from stack.api_client import JOB_STATUS, ApiError, CairnApi
from stack.local import app_processes
from stack.seed import prepare_database
from stack.servers import (
    ChildProcess,
    LocalServers,
    answers_tcp,
    free_port,
    free_s3_port,
    stop_all,
    wait_until,
)
from stack.supervision import Supervisor
from vocabulary.enums import JobKind, JobStatus

pytestmark = pytest.mark.servers

ROWS = 100_000
PAUSE = 10  # seconds PostgreSQL stays frozen


def generic_csv(rows: int) -> bytes:
    start = datetime(2020, 1, 1, tzinfo=UTC)
    lines = [",".join(GENERIC_COLUMNS)]
    for index in range(rows):
        when = (start + timedelta(minutes=index)).strftime("%Y-%m-%d %H:%M:%S")
        lines.append(f"{when},{index + 1}.5,BTC,{(index + 1) * 10},USD,,,")
    return ("\n".join(lines) + "\n").encode()


@dataclass
class Stack:
    settings: Settings
    processes: dict[str, ChildProcess]  # by name: PostgreSQL, Temporal, SeaweedFS, worker, API
    restarts: list[str]  # the supervisor's report lines

    def database(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.settings.db_url.replace("+psycopg", ""), autocommit=True)


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    settings = Settings(
        home=tmp_path_factory.mktemp("faults-home"),
        api_port=free_port(),
        pg_port=free_port(),
        temporal_port=free_port(),
        temporal_ui_port=free_port(),
        s3_port=free_s3_port(),
        smtp_port=free_port(),
        worker_metrics_port=free_port(),
        task_queue="cairn-faults",
    )
    env = {
        "CAIRN_HOME": str(settings.home),
        "CAIRN_API_PORT": str(settings.api_port),
        "CAIRN_PG_PORT": str(settings.pg_port),
        "CAIRN_TEMPORAL_PORT": str(settings.temporal_port),
        "CAIRN_TEMPORAL_UI_PORT": str(settings.temporal_ui_port),
        "CAIRN_S3_PORT": str(settings.s3_port),
        "CAIRN_SMTP_PORT": str(settings.smtp_port),
        "CAIRN_WORKER_METRICS_PORT": str(settings.worker_metrics_port),
        "CAIRN_TASK_QUEUE": settings.task_queue,
    }
    with LocalServers(settings) as servers:
        prepare_database(settings)
        apps = app_processes(settings, env={**os.environ, **env})
        restarts: list[str] = []
        stop = threading.Event()
        supervisor = threading.Thread(
            target=Supervisor([*servers.children, *apps], restarts.append).watch, args=(stop,)
        )
        try:
            for child in apps:
                child.start()
            wait_until(answers_tcp(settings.host, settings.api_port), "The API", 60, apps[-1].log)
            supervisor.start()
            yield Stack(settings, {child.name: child for child in [*servers.children, *apps]}, restarts)
        finally:
            stop.set()
            if supervisor.is_alive():
                supervisor.join()
            stop_all(apps)


def under_way(stack: Stack, job_id: str) -> None:
    """Waits until the import activity is writing (past its first progress report)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with stack.database() as conn:
            status, progress = conn.execute(
                "SELECT status, progress FROM jobs WHERE id = %s", (job_id,)
            ).fetchone() or (None, 0)
        assert status not in (JobStatus.FINISHED, JobStatus.FAILED), "the import ended before the fault"
        if progress > 5:
            return
        time.sleep(0.05)
    raise AssertionError(f"the import {job_id} did not start within 120 s")


def final_job(api: CairnApi, job_id: str) -> dict[str, Any]:
    """Polls the job through the API until it is final, through the API's and the servers' outages."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        try:
            job: dict[str, Any] = api.graphql(JOB_STATUS, {"jobId": job_id})["csvImportJobStatus"]
        except (httpx.HTTPError, ApiError):  # the API, or a server it needs, is down for now
            job = {"isStatusFinal": False}
        if job["isStatusFinal"]:
            return job
        time.sleep(0.5)
    raise AssertionError(f"the import {job_id} did not end within 240 s")


def kill(stack: Stack, name: str) -> None:
    """SIGKILL for the process and every process it started (PostgreSQL's backends among them)."""
    process = stack.processes[name].process
    assert process is not None
    root = psutil.Process(process.pid)
    for member in [*root.children(recursive=True), root]:
        with contextlib.suppress(psutil.NoSuchProcess):  # one that ended meanwhile
            member.kill()


def freeze(stack: Stack, name: str) -> None:
    """The process and every process it started stopped (SIGSTOP) for PAUSE seconds, then continued."""
    process = stack.processes[name].process
    assert process is not None
    root = psutil.Process(process.pid)
    members = [root, *root.children(recursive=True)]
    try:
        for member in members:
            with contextlib.suppress(psutil.NoSuchProcess):  # one that ended meanwhile
                member.suspend()
        time.sleep(PAUSE)
    finally:
        for member in members:
            with contextlib.suppress(psutil.NoSuchProcess):
                member.resume()


FAULTS = {  # name: (what is done, to which process)
    "worker killed": (kill, "worker"),
    "API killed": (kill, "API"),
    "Temporal killed": (kill, "Temporal"),
    "PostgreSQL frozen for 10 s": (freeze, "PostgreSQL"),
    "PostgreSQL killed": (kill, "PostgreSQL"),
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_an_import_survives_the_fault_with_nothing_lost_or_doubled(stack: Stack, fault: str) -> None:
    api = CairnApi(stack.settings.origin)
    email = f"faults-{uuid.uuid4().hex[:12]}@example.com"
    try:
        api.sign_in(email, "correct horse battery")
        url = api.upload("ledger.csv", generic_csv(ROWS))
        assert api.validate(url)["csvValidationErrors"] == []
        job_id = api.create_custom_wallet("Faults", url)
        under_way(stack, job_id)
        reported = len(stack.restarts)
        action, name = FAULTS[fault]
        action(stack, name)
        job = final_job(api, job_id)
    finally:
        api.close()

    assert job["success"], job
    assert (job["numberImported"], job["numberTotal"]) == (ROWS, ROWS)
    restarted = stack.restarts[reported:]
    if action is kill:  # started again, and no other process with it
        assert restarted and all(f"the {name} exited" in line for line in restarted), restarted
    else:
        assert restarted == []
    with stack.database() as conn:
        user = "(SELECT id FROM users WHERE email = %(email)s)"
        counts = conn.execute(
            f"""SELECT (SELECT count(*) FROM accounts WHERE user_id = {user}),
                       (SELECT count(*) FROM transactions WHERE user_id = {user}),
                       (SELECT count(DISTINCT (account_id, natural_key)) FROM transactions
                         WHERE user_id = {user}),
                       (SELECT array_agg(status) FROM jobs WHERE user_id = {user} AND kind = %(kind)s)""",
            {"email": email, "kind": JobKind.CSV_IMPORT.value},
        ).fetchone()
    assert counts == (1, ROWS, ROWS, [JobStatus.FINISHED.value])
