"""Linking exchanges by API key (addExchangeWith…, updateExchangeWith…) and syncing them
(AccountSyncWorkflow on a real worker) against the local Kraken fake: credentials checked before the
account exists, trades stored through the file importers' writer, nothing added twice by a second sync
or by a file of the same history in either order, failures in the spec's words, secrets kept out of
Temporal, and every action refused on another user's account."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from temporalio.client import (
    Client,
    ScheduleActionExecutionStartWorkflow,
    ScheduleActionStartWorkflow,
    WorkflowExecutionStatus,
)
from temporalio.service import RPCError, RPCStatusCode

from contracts.account_sync import SCHEDULED_SYNC_WORKFLOW, ensure_sync_schedule
from contracts.search import KIND, USER_ID
from ledger.infra.settings import Settings
from ledger.models import Account, Job, SyncCursor, Task
from tests.api.graphql import gql
from tests.api.test_account_imports import created_account, imported
from tests.fakes.kraken import KrakenFake
from tests.fakes.server import Fault
from vocabulary.enums import JobKind, JobStatus, TaskType

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

KEY, SECRET = "kraken-key", base64.b64encode(b"kraken secret bytes").decode()
ADD = """
mutation Add($input: AddExchangeWithApiKeyAndSecretInput!) {
  addExchangeWithApiKeyAndSecret(input: $input) {
    success error errorMessage message createdExchange { id name slug kind }
  }
}
"""
UPDATE = """
mutation Update($input: UpdateExchangeWithApiKeyAndSecretInput!) {
  updateExchangeWithApiKeyAndSecret(input: $input) {
    success error errorMessage message updatedExchange { id }
  }
}
"""
ADD_KEY_ONLY = """
mutation Add($input: AddExchangeWithApiKeyInput!) {
  addExchangeWithApiKey(input: $input) { success error errorMessage }
}
"""
ACCOUNT = """
query Account($id: ID!) {
  account(id: $id) {
    id name isMining computedTransactionCount errors syncInfo { isSyncing lastSynced willBeDeleted }
  }
}
"""
EXCHANGES = "query { exchanges { total items { id name } } }"
RESYNC_ALL = "mutation { resyncAll { success error } }"
ACTIONS = {
    "renameExchange": (
        'mutation($id: ID!) { renameExchange(id: $id, name: "Mine") { success error errorMessage } }'
    ),
    "syncExchange": "mutation($id: ID!) { syncExchange(id: $id) { success error errorMessage } }",
    "setMiningStatus": (
        "mutation($id: ID!) { setMiningStatus(id: $id, isMining: true) { success error errorMessage } }"
    ),
    "deleteExchange": "mutation($id: ID!) { deleteExchange(id: $id) { success error errorMessage } }",
}
TRADES = 120
ENTRIES = TRADES + 5 + 3  # the fake's trades, deposits and staking rewards


@pytest.fixture
def kraken(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[KrakenFake]:
    with KrakenFake(KEY, SECRET, trades=TRADES) as fake:
        monkeypatch.setitem(servers.exchange_urls, "kraken", fake.url)
        monkeypatch.setattr(servers, "exchange_rate_limits", False)
        yield fake


def payload(key: str = KEY, secret: str = SECRET, slug: str = "kraken") -> dict[str, str]:
    return {"apiKey": key, "apiSecret": secret, "accountTypeSlug": slug}


async def synced(temporal: Client, account_id: str) -> Any:
    """Waits for the account's latest sync to end; answers its result."""
    return await temporal.get_workflow_handle(f"sync/{account_id}").result()


async def account(http: httpx.AsyncClient, account_id: str) -> dict[str, Any]:
    found: dict[str, Any] = (await gql(http, ACCOUNT, id=account_id))["account"]
    return found


async def added(http: httpx.AsyncClient, temporal: Client) -> str:
    answer = (await gql(http, ADD, input=payload()))["addExchangeWithApiKeyAndSecret"]
    assert answer["success"], answer
    account_id: str = answer["createdExchange"]["id"]
    await synced(temporal, account_id)
    return account_id


def _texts(node: Any) -> Iterator[str]:
    """Every string of a history's JSON, and the text of every base64 string (payloads are base64)."""
    if isinstance(node, dict):
        for value in node.values():
            yield from _texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _texts(value)
    elif isinstance(node, str):
        yield node
        with contextlib.suppress(ValueError):
            yield base64.b64decode(node, validate=True).decode("utf-8", "replace")


async def history_text(temporal: Client, workflow_id: str) -> str:
    """Everything a workflow's event history holds, its inputs and results decoded."""
    history = await temporal.get_workflow_handle(workflow_id).fetch_history()
    return "\n".join(_texts(history.to_json_dict()))


async def test_kraken_by_key_syncs_its_trades_once_and_keeps_the_key_out_of_temporal(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client, db_session: Session
) -> None:
    answer = (await gql(user, ADD, input=payload()))["addExchangeWithApiKeyAndSecret"]

    assert (answer["success"], answer["message"], answer["error"]) == (True, "Added new exchange", None)
    created = answer["createdExchange"]
    assert (created["name"], created["slug"], created["kind"]) == ("Kraken", "kraken", 1)
    first = await synced(temporal_client, created["id"])
    assert first["number_imported"] == ENTRIES
    shown = await account(user, created["id"])
    assert shown["computedTransactionCount"] == ENTRIES
    assert (shown["syncInfo"]["isSyncing"], shown["errors"]) == (False, [])
    assert shown["syncInfo"]["lastSynced"] is not None

    again = (await gql(user, ACTIONS["syncExchange"], id=created["id"]))["syncExchange"]
    assert again["success"], again
    second = await synced(temporal_client, created["id"])
    assert second["number_imported"] == 0
    assert (await account(user, created["id"]))["computedTransactionCount"] == ENTRIES

    sealed = db_session.scalar(select(Account.credentials).where(Account.id == int(created["id"])))
    assert sealed is not None and KEY.encode() not in sealed and SECRET.encode() not in sealed
    checks = [
        w.id async for w in temporal_client.list_workflows("WorkflowType = 'VerifyCredentialsWorkflow'")
    ]
    assert checks
    for workflow_id, names in [
        (f"sync/{created['id']}", '"account_id"'),
        *((c, '"check_id"') for c in checks),
    ]:
        text = await history_text(temporal_client, workflow_id)
        assert names in text  # the inputs are read: they name ids only
        assert KEY not in text and SECRET not in text and "kraken secret" not in text


async def test_a_bad_key_answers_the_spec_message_and_creates_nothing(
    user: httpx.AsyncClient, kraken: KrakenFake
) -> None:
    answer = (await gql(user, ADD, input=payload(key="wrong-key")))["addExchangeWithApiKeyAndSecret"]

    assert answer == {
        "success": False,
        "error": "invalid_api_key",
        "errorMessage": "API key is invalid.",
        "message": None,
        "createdExchange": None,
    }
    assert (await gql(user, EXCHANGES))["exchanges"]["total"] == 0


@pytest.mark.parametrize(
    ("given", "error", "message"),
    [
        (payload(key="  "), "invalid_api_key", "Field is required"),
        (payload(secret=""), "invalid_api_secret", "Field is required"),
        (
            payload(slug="no-such-exchange"),
            "account_type_slug_not_found",
            "This integration could not be found.",
        ),
        (
            payload(slug="kucoin"),
            "invalid_account_type_slug",
            "This integration does not take this kind of account.",
        ),
    ],
)
async def test_bad_input_is_refused_before_any_call(
    user: httpx.AsyncClient, kraken: KrakenFake, given: dict[str, str], error: str, message: str
) -> None:
    answer = (await gql(user, ADD, input=given))["addExchangeWithApiKeyAndSecret"]

    assert (answer["success"], answer["error"], answer["errorMessage"]) == (False, error, message)
    assert kraken.requests == 0


async def test_the_key_only_form_is_refused_for_an_exchange_that_needs_a_secret(
    user: httpx.AsyncClient, kraken: KrakenFake
) -> None:
    answer = await gql(user, ADD_KEY_ONLY, input={"apiKey": KEY, "accountTypeSlug": "kraken"})
    assert answer["addExchangeWithApiKey"]["error"] == "invalid_account_type_slug"


async def test_the_same_key_twice_is_already_linked(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client
) -> None:
    await added(user, temporal_client)

    answer = (await gql(user, ADD, input=payload()))["addExchangeWithApiKeyAndSecret"]

    assert (answer["error"], answer["errorMessage"]) == (
        "account_already_linked",
        "Account is already linked.",
    )


async def test_a_ledger_file_into_the_synced_account_adds_nothing(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client
) -> None:
    account_id = await added(user, temporal_client)

    job = await imported(user, account_id, "ledgers.csv", kraken.ledgers_csv(), 7)

    assert (job["numberImported"], job["numberSkipped"]) == (0, ENTRIES)
    assert (await account(user, account_id))["computedTransactionCount"] == ENTRIES


async def test_a_file_fed_account_moved_to_the_api_syncs_nothing_twice(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client
) -> None:
    job = await created_account(user, "kraken", "ledgers.csv", kraken.ledgers_csv())
    account_id = job["createdCustomWallet"]["id"]
    assert job["numberImported"] == ENTRIES

    answer = (await gql(user, UPDATE, input={**payload(), "publicId": account_id}))[
        "updateExchangeWithApiKeyAndSecret"
    ]

    assert (answer["success"], answer["message"]) == (True, "Updated exchange details")
    result = await synced(temporal_client, account_id)
    assert (result["number_imported"], result["number_skipped"]) == (0, ENTRIES)
    assert (await account(user, account_id))["computedTransactionCount"] == ENTRIES


async def test_429_then_500_then_a_malformed_answer_end_in_the_failed_state(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client
) -> None:
    account_id = await added(user, temporal_client)
    kraken.fail_next(Fault.RATE_LIMITED, Fault.SERVER_ERROR, Fault.MALFORMED)
    requests = kraken.requests

    await gql(user, ACTIONS["syncExchange"], id=account_id)
    assert await synced(temporal_client, account_id) is None

    assert kraken.requests == requests + 3  # retried twice, then the malformed answer ends it
    shown = await account(user, account_id)
    assert shown["errors"] == [
        "The exchange answered something Cairn could not read. Cairn will try again at the next sync."
    ]
    assert shown["syncInfo"]["isSyncing"] is False


async def test_a_revoked_key_fails_the_sync_and_opens_a_fix_credentials_task(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client, db_session: Session
) -> None:
    account_id = await added(user, temporal_client)
    kraken.fail_next(Fault.INVALID_KEY)

    await gql(user, ACTIONS["syncExchange"], id=account_id)
    assert await synced(temporal_client, account_id) is None

    assert (await account(user, account_id))["errors"] == ["API key is invalid."]
    tasks = db_session.scalars(select(Task).where(Task.account_id == int(account_id))).all()
    assert [(task.type, task.detail) for task in tasks] == [
        (TaskType.FIX_API_CREDENTIALS, "API key is invalid.")
    ]

    await gql(user, ACTIONS["syncExchange"], id=account_id)  # fixed: the next sync succeeds
    assert await synced(temporal_client, account_id) is not None
    db_session.expire_all()
    assert db_session.scalars(select(Task).where(Task.account_id == int(account_id))).all() == []


async def test_another_users_exchange_is_not_found_by_any_action(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client
) -> None:
    account_id = await added(user, temporal_client)
    update = (await gql(other_user, UPDATE, input={**payload(), "publicId": account_id}))[
        "updateExchangeWithApiKeyAndSecret"
    ]
    assert (update["success"], update["error"]) == (False, "account_not_found")

    for name, mutation in ACTIONS.items():
        answer = (await gql(other_user, mutation, id=account_id))[name]
        assert (answer["success"], answer["error"]) == (False, "account_not_found"), name
        bad = (await gql(user, mutation, id="not-an-id"))[name]
        assert (bad["success"], bad["error"]) == (False, "account_not_found"), name

    shown = await account(user, account_id)
    assert (shown["name"], shown["isMining"], shown["syncInfo"]["willBeDeleted"]) == ("Kraken", False, False)


async def test_rename_mining_and_delete_of_an_exchange(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client
) -> None:
    account_id = await added(user, temporal_client)
    scheduled = (await temporal_client.get_schedule_handle(f"sync/{account_id}").describe()).schedule.action
    assert isinstance(scheduled, ScheduleActionStartWorkflow)  # its runs are listed in the support console
    assert scheduled.workflow == SCHEDULED_SYNC_WORKFLOW
    assert scheduled.typed_search_attributes.get(KIND) == SCHEDULED_SYNC_WORKFLOW
    assert scheduled.typed_search_attributes.get(USER_ID) is not None

    for name in ("renameExchange", "setMiningStatus"):
        assert (await gql(user, ACTIONS[name], id=account_id))[name]["success"]
    shown = await account(user, account_id)
    assert (shown["name"], shown["isMining"]) == ("Mine", True)

    assert (await gql(user, ACTIONS["deleteExchange"], id=account_id))["deleteExchange"]["success"]
    await temporal_client.get_workflow_handle(f"delete-account/{account_id}").result()
    assert await account(user, account_id) is None
    with pytest.raises(Exception, match="not found"):
        await temporal_client.get_schedule_handle(f"sync/{account_id}").describe()
    assert json.dumps(await gql(user, EXCHANGES)) == json.dumps({"exchanges": {"total": 0, "items": []}})


async def test_a_sync_asked_for_while_one_runs_makes_it_pass_again(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client, db_session: Session
) -> None:
    account_id = await added(user, temporal_client)
    kraken.add_trades(3_000)

    def sync_jobs() -> list[JobStatus]:
        db_session.expire_all()
        where = (Job.account_id == int(account_id), Job.kind == JobKind.SYNC)
        return list(db_session.scalars(select(Job.status).where(*where).order_by(Job.created_at)))

    assert (await gql(user, ACTIONS["syncExchange"], id=account_id))["syncExchange"]["success"]
    async with asyncio.timeout(60):
        while len(sync_jobs()) < 2:  # the pass is under way
            await asyncio.sleep(0.01)
    assert (await gql(user, ACTIONS["syncExchange"], id=account_id))["syncExchange"]["success"]

    result = await synced(temporal_client, account_id)  # the same run, passing once more
    assert result["number_imported"] == 0
    assert sync_jobs() == [JobStatus.FINISHED] * 3
    assert (await account(user, account_id))["syncInfo"]["isSyncing"] is False


async def test_an_exchange_fed_by_files_is_neither_synced_nor_scheduled(
    user: httpx.AsyncClient,
    kraken: KrakenFake,
    temporal_client: Client,
    db_session: Session,
    task_queue: str,
) -> None:
    job = await created_account(user, "kraken", "ledgers.csv", kraken.ledgers_csv())
    account_id = job["createdCustomWallet"]["id"]
    requests = kraken.requests

    assert (await gql(user, RESYNC_ALL))["resyncAll"] == {"success": True, "error": None}
    refused = (await gql(user, ACTIONS["syncExchange"], id=account_id))["syncExchange"]
    assert refused == {"success": False, "error": "invalid_account", "errorMessage": "Account is invalid."}

    with pytest.raises(Exception, match="not found"):
        await temporal_client.get_workflow_handle(f"sync/{account_id}").describe()
    with pytest.raises(Exception, match="not found"):
        await temporal_client.get_schedule_handle(f"sync/{account_id}").describe()
    shown = await account(user, account_id)
    assert (shown["errors"], shown["syncInfo"]["isSyncing"]) == ([], False)
    assert kraken.requests == requests

    # A schedule left from before (resync all used to make one) removes itself at its next run.
    user_id = db_session.scalar(select(Account.user_id).where(Account.id == int(account_id)))
    assert user_id is not None
    await ensure_sync_schedule(temporal_client, task_queue, int(account_id), user_id)
    schedule = temporal_client.get_schedule_handle(f"sync/{account_id}")
    await schedule.trigger()
    async with asyncio.timeout(30):
        while True:
            try:
                await schedule.describe()
            except RPCError as error:
                assert error.status == RPCStatusCode.NOT_FOUND
                break
            await asyncio.sleep(0.1)
    assert (await account(user, account_id))["errors"] == []
    assert kraken.requests == requests


async def test_a_scheduled_sync_during_a_manual_one_joins_it(
    user: httpx.AsyncClient, kraken: KrakenFake, temporal_client: Client, db_session: Session
) -> None:
    account_id = await added(user, temporal_client)
    kraken.add_trades(3_000)

    def sync_jobs() -> list[Job]:
        db_session.expire_all()
        where = (Job.account_id == int(account_id), Job.kind == JobKind.SYNC)
        return list(db_session.scalars(select(Job).where(*where).order_by(Job.created_at)))

    def ledger_start() -> Decimal:
        db_session.expire_all()
        where = (SyncCursor.account_id == int(account_id), SyncCursor.stream == "ledger")
        cursor = db_session.scalar(select(SyncCursor.cursor).where(*where))
        assert cursor is not None
        return Decimal(cursor["start"])

    assert (await gql(user, ACTIONS["syncExchange"], id=account_id))["syncExchange"]["success"]
    manual = await temporal_client.get_workflow_handle(f"sync/{account_id}").describe()
    async with asyncio.timeout(60):
        while len(sync_jobs()) < 2:  # the manual pass is under way
            await asyncio.sleep(0.01)
    schedule = temporal_client.get_schedule_handle(f"sync/{account_id}")
    await schedule.trigger()
    async with asyncio.timeout(30):
        while not (actions := (await schedule.describe()).info.recent_actions):
            await asyncio.sleep(0.05)
    run = actions[-1].action
    assert isinstance(run, ScheduleActionExecutionStartWorkflow)
    await temporal_client.get_workflow_handle(run.workflow_id, run_id=run.first_execution_run_id).result()

    sync = temporal_client.get_workflow_handle(f"sync/{account_id}")
    starts = [ledger_start()]
    while (await sync.describe()).status == WorkflowExecutionStatus.RUNNING:
        db_session.expire_all()
        passing = select(func.count()).where(
            Job.account_id == int(account_id), Job.kind == JobKind.SYNC, Job.status == JobStatus.STARTED
        )
        syncing, passes = db_session.execute(  # one snapshot of the account and its passes
            select(Account.is_syncing, passing.scalar_subquery()).where(Account.id == int(account_id))
        ).one()
        assert syncing or not passes, "the syncing flag was cleared while a pass still runs"
        starts.append(ledger_start())
        await asyncio.sleep(0.02)
    result = await sync.result()

    assert (await sync.describe()).run_id == manual.run_id  # the schedule joined the manual run
    assert result["number_imported"] == 0  # the pass the schedule asked for found nothing new
    jobs = sync_jobs()
    assert [job.status for job in jobs] == [JobStatus.FINISHED] * 3
    for before, after in itertools.pairwise(jobs):  # one pass at a time
        assert before.finished_at is not None and after.created_at >= before.finished_at
    starts.append(ledger_start())
    assert starts == sorted(starts)  # the stored cursor never went back
    assert (await account(user, account_id))["syncInfo"]["isSyncing"] is False
