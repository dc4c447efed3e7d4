"""AccountSyncWorkflow: one sync of a linked exchange or blockchain wallet (`sync/{account}`), started by
the user, by the account's periodic schedule or when the account is linked; VerifyCredentialsWorkflow:
one authenticated call with credentials a user is linking, before the account is created or updated.

Every sync of an account runs as `sync/{account}`, so two never overlap (a cursor stored by one cannot be
moved back by another, nor the syncing flag cleared while one still runs). A schedule cannot start a
workflow under a fixed id (Temporal appends each run's time), so the schedule runs ScheduledSyncWorkflow,
which starts or joins `sync/{account}` as a manual sync does.

Both take ids only: credentials stay sealed in PostgreSQL and never enter Temporal's history."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
    ScheduleUpdate,
    ScheduleUpdateInput,
)
from temporalio.service import RPCError, RPCStatusCode

from contracts.ids import account_sync_id, credentials_check_id, scheduled_sync_id
from contracts.search import run_attributes
from contracts.starting import WorkflowStart

ACCOUNT_SYNC_WORKFLOW = "AccountSyncWorkflow"
SYNC_SIGNAL = "sync"  # signal-with-start: a sync asked for while one runs makes it pass once more
SCHEDULED_SYNC_WORKFLOW = "ScheduledSyncWorkflow"
VERIFY_CREDENTIALS_WORKFLOW = "VerifyCredentialsWorkflow"

# Activities
SYNC_ACCOUNT = "sync_account"
FINISH_SYNC = "finish_account_sync"
START_SCHEDULED_SYNC = "start_scheduled_sync"
VERIFY_CREDENTIALS = "verify_credentials"

SYNC_EVERY = timedelta(hours=6)  # each linked account's periodic sync
# ApplicationError types of failures a retry cannot mend: a refused (invalid, revoked) key, and the rest
CREDENTIALS_REFUSED = "CredentialsRefused"
SYNC_FAILED = "SyncFailed"


@dataclass(frozen=True)
class AccountSyncInput:
    account_id: int
    user_id: int


@dataclass(frozen=True)
class SyncJob:
    """One run of an account's sync; its job row (`job_id`) holds its outcome."""

    account_id: int
    user_id: int
    job_id: str


@dataclass(frozen=True)
class SyncResult:
    number_imported: int  # transactions new to the account
    number_skipped: int  # transactions the account already had


@dataclass(frozen=True)
class FinishSyncInput:
    job: SyncJob
    result: SyncResult | None  # None: the sync failed
    error_message: str | None = None
    credentials_refused: bool = False  # the user must fix the account's API credentials (a task says so)
    passes_again: bool = False  # a sync was asked for during this pass: the account stays syncing


@dataclass(frozen=True)
class CredentialsCheck:
    check_id: int  # a row of credential_checks: the sealed credentials and the exchange


def account_sync(account_id: int, user_id: int) -> WorkflowStart:
    """A sync asked for while one runs joins it, and that run passes once more after its current pass,
    so what the user asks for is never lost in a run about to end."""
    return WorkflowStart(
        ACCOUNT_SYNC_WORKFLOW,
        AccountSyncInput(account_id, user_id),
        account_sync_id(account_id),
        join_running=True,
        start_signal=SYNC_SIGNAL,
    )


def credentials_check(check_id: int) -> WorkflowStart:
    return WorkflowStart(
        VERIFY_CREDENTIALS_WORKFLOW, CredentialsCheck(check_id), credentials_check_id(check_id)
    )


def _sync_schedule(task_queue: str, account_id: int, user_id: int) -> Schedule:
    return Schedule(
        action=ScheduleActionStartWorkflow(
            SCHEDULED_SYNC_WORKFLOW,
            AccountSyncInput(account_id, user_id),
            id=scheduled_sync_id(account_id),
            task_queue=task_queue,
            typed_search_attributes=run_attributes(SCHEDULED_SYNC_WORKFLOW, user_id, None),
        ),
        spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=SYNC_EVERY)]),
        policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP),
    )


async def ensure_sync_schedule(client: Client, task_queue: str, account_id: int, user_id: int) -> None:
    """The account's periodic sync, every SYNC_EVERY, created when it has none. A schedule made before
    ScheduledSyncWorkflow (its runs were AccountSyncWorkflow under timestamped ids) is brought to it.
    Raises RPCError when Temporal refuses or is away."""
    schedule = _sync_schedule(task_queue, account_id, user_id)
    try:
        await client.create_schedule(account_sync_id(account_id), schedule)
    except ScheduleAlreadyRunningError:

        def updated(given: ScheduleUpdateInput) -> ScheduleUpdate | None:
            action = given.description.schedule.action
            current = (
                isinstance(action, ScheduleActionStartWorkflow) and action.workflow == SCHEDULED_SYNC_WORKFLOW
            )
            return None if current else ScheduleUpdate(schedule=schedule)

        await client.get_schedule_handle(account_sync_id(account_id)).update(updated)


async def delete_sync_schedule(client: Client, account_id: int) -> None:
    """Removes the account's periodic sync; an account without one is fine."""
    try:
        await client.get_schedule_handle(account_sync_id(account_id)).delete()
    except RPCError as error:
        if error.status != RPCStatusCode.NOT_FOUND:
            raise
