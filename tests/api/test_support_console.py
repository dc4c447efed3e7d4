"""The support console on the real servers (issue 14): a forced failure of an import activity is listed
with its error through Temporal's visibility API, Retry runs it again under the job the user polls and
the job reads finished with nothing imported twice, Cancel asks a running run to stop and cancels its job,
and no admin operation answers a non-admin."""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from contracts.ids import account_import_id
from contracts.imports import CsvImportInput, account_import
from contracts.starting import start_workflow
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import AdminAction, Job, Transaction, User
from ledger.models.admin_audit import AdminActionKind
from stack.staff import make_admin
from tests.api.graphql import checked_upload, gql, wait_for_job
from tests.api.test_account_imports import FIRST, IMPORT, SECOND, created_account
from tests.clients import app_client, sign_up
from vocabulary.enums import JobKind, JobStatus

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

RUNS = """
query Runs($filter: WorkflowRunFilter) {
  adminWorkflowRuns(filter: $filter) {
    workflowId runId kind state userId userEmail jobId startedAt closedAt temporalUrl
  }
}
"""
FAILURE = """
query Failure($workflowId: String!, $runId: String!) {
  adminWorkflowRunFailure(workflowId: $workflowId, runId: $runId) {
    step attempts workerError userError inputBytes
  }
}
"""
RETRY = """
mutation Retry($workflowId: String!, $runId: String!) {
  adminRetryWorkflow(workflowId: $workflowId, runId: $runId) { success errorMessage runId }
}
"""
BULK_RETRY = """
mutation BulkRetry($filter: WorkflowRunFilter) { adminRetryWorkflows(filter: $filter) { retried refused } }
"""
CANCEL = """
mutation Cancel($workflowId: String!, $runId: String!) {
  adminCancelWorkflow(workflowId: $workflowId, runId: $runId) { success errorMessage runId }
}
"""
ME = "query { me { publicId email } }"
NOT_A_FILE = b"\x00\x01\x02 this is no spreadsheet \xff\xfe"


@pytest.fixture
async def admin(app: FastAPI, servers: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with app_client(app) as http:
        assert make_admin(servers, await sign_up(http))
        yield http


async def errors(http: httpx.AsyncClient, query: str, **variables: Any) -> list[str]:
    response = await http.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    return [error["message"] for error in response.json().get("errors", [])]


async def listed(admin: httpx.AsyncClient, job_id: str, state: str) -> dict[str, Any]:
    """The run of the job once visibility lists it in `state` (visibility is eventually consistent)."""
    async with asyncio.timeout(30):
        while True:
            runs = (await gql(admin, RUNS, filter={"state": state}))["adminWorkflowRuns"]
            found = [run for run in runs if run["jobId"] == job_id]
            if found:
                return found[0]
            await asyncio.sleep(0.2)


def put(storage: Storage, file_url: str, content: bytes, tmp_path: Path) -> None:
    """Replaces the uploaded file's content (gzip-compressed, as the browser sends it)."""
    path = tmp_path / "file.csv.gz"
    path.write_bytes(gzip.compress(content))
    storage.put(file_url.removeprefix(f"s3://{storage.bucket}/"), path, "application/gzip")


async def test_a_failed_import_is_listed_with_its_error_and_retry_finishes_its_job_once(
    user: httpx.AsyncClient,
    admin: httpx.AsyncClient,
    servers: Settings,
    db_session: Session,
    tmp_path: Path,
) -> None:
    me = (await gql(user, ME))["me"]
    wallet = (await created_account(user, "csv file import", "first.csv", FIRST))["createdCustomWallet"]
    url = await checked_upload(user, "second.csv", SECOND)
    storage = Storage(servers)
    put(storage, url, NOT_A_FILE, tmp_path)  # the file goes bad between its check and its import
    started = (await gql(user, IMPORT, input={"accountId": wallet["id"], "csvUrl": url, "importType": 1}))[
        "importAccountTransactions"
    ]
    job_id = started["jobId"]
    failed_job = await wait_for_job(user, job_id)
    assert not failed_job["success"]

    run = await listed(admin, job_id, "FAILED")
    assert (run["workflowId"], run["kind"], run["userEmail"], run["closedAt"] is not None) == (
        job_id,
        "AccountImportWorkflow",
        me["email"],
        True,
    )
    assert run["temporalUrl"].endswith(f"/{run['runId']}/history")
    mine = await gql(admin, RUNS, filter={"userEmail": me["email"].upper(), "kind": "AccountImportWorkflow"})
    assert [found["jobId"] for found in mine["adminWorkflowRuns"]] == [job_id]
    assert (await gql(admin, RUNS, filter={"userEmail": "nobody@example.com"}))["adminWorkflowRuns"] == []

    failure = (await gql(admin, FAILURE, workflowId=job_id, runId=run["runId"]))["adminWorkflowRunFailure"]
    assert failure["step"] == "import_csv_file"
    assert failure["attempts"] == 1
    assert failure["workerError"]
    assert failure["userError"] == failed_job["errorMessage"]
    assert failure["inputBytes"] > len(url)

    put(storage, url, SECOND, tmp_path)  # the cause is fixed
    retried = (await gql(admin, RETRY, workflowId=job_id, runId=run["runId"]))["adminRetryWorkflow"]
    assert retried["success"], retried
    assert retried["runId"] != run["runId"]

    job = await wait_for_job(user, job_id)
    assert job["success"] and job["status"] == "FINISHED"
    assert (job["numberImported"], job["numberIgnored"]) == (1, 1)
    again = (await gql(admin, RETRY, workflowId=job_id, runId=run["runId"]))["adminRetryWorkflow"]
    assert again == {
        "success": False,
        "errorMessage": "This run has a newer run; retry that one.",
        "runId": None,
    }
    bulk = await gql(admin, BULK_RETRY, filter={"userEmail": me["email"], "state": "FAILED"})
    assert bulk["adminRetryWorkflows"] == {"retried": 0, "refused": 1}  # the failed run was retried already
    completed = await listed(admin, job_id, "COMPLETED")
    assert completed["runId"] == retried["runId"]
    cancelled = (await gql(admin, CANCEL, workflowId=job_id, runId=retried["runId"]))["adminCancelWorkflow"]
    assert (
        cancelled["success"] is False
        and cancelled["errorMessage"] == "Only a running workflow can be cancelled."
    )

    imported = db_session.scalar(
        select(func.count()).select_from(Transaction).where(Transaction.account_id == int(wallet["id"]))
    )
    assert imported == 3  # FIRST's two and SECOND's one, once
    actions = db_session.scalars(select(AdminAction).where(AdminAction.workflow_id == job_id)).all()
    assert [(action.action, action.run_id) for action in actions] == [(AdminActionKind.RETRY, run["runId"])]


async def test_cancel_asks_a_running_run_to_stop_and_cancels_its_job(
    user: httpx.AsyncClient, admin: httpx.AsyncClient, temporal_client: Client, db_session: Session
) -> None:
    email = (await gql(user, ME))["me"]["email"]
    user_id = db_session.scalar(select(User.id).where(User.email == email))
    assert user_id is not None
    job_id = account_import_id()
    db_session.add(Job(id=job_id, user_id=user_id, kind=JobKind.CSV_IMPORT))
    db_session.commit()
    # a queue no worker polls: the run stays running until it is told otherwise
    start = account_import(CsvImportInput(job_id, 1, user_id, "s3://nowhere/file.csv"))
    await start_workflow(temporal_client, "cairn-nobody-polls", start)
    try:
        run = await listed(admin, job_id, "RUNNING")
        cancelled = (await gql(admin, CANCEL, workflowId=job_id, runId=run["runId"]))["adminCancelWorkflow"]
        assert cancelled == {"success": True, "errorMessage": None, "runId": run["runId"]}
        history = [
            event async for event in temporal_client.get_workflow_handle(job_id).fetch_history_events()
        ]
        assert any(
            event.HasField("workflow_execution_cancel_requested_event_attributes") for event in history
        )
    finally:
        await temporal_client.get_workflow_handle(job_id).terminate()
    db_session.expire_all()
    assert db_session.get(Job, job_id).status is JobStatus.CANCELLED  # type: ignore[union-attr]
    [action] = db_session.scalars(select(AdminAction).where(AdminAction.workflow_id == job_id)).all()
    assert (action.action, action.user_id) == (AdminActionKind.CANCEL, user_id)


async def test_a_run_that_does_not_exist_is_not_found(admin: httpx.AsyncClient) -> None:
    for query in (FAILURE, RETRY, CANCEL):
        assert await errors(admin, query, workflowId="csv-import/none", runId="none") == [
            "No such workflow run."
        ]


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        (RUNS, {}),
        (FAILURE, {"workflowId": "x", "runId": "y"}),
        (RETRY, {"workflowId": "x", "runId": "y"}),
        (BULK_RETRY, {}),
        (CANCEL, {"workflowId": "x", "runId": "y"}),
    ],
)
async def test_no_admin_operation_answers_a_non_admin(
    user: httpx.AsyncClient, query: str, variables: dict[str, Any]
) -> None:
    assert await errors(user, query, **variables) == ["Not found."]
