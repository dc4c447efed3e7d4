"""DataExportWorkflow: everyone's results as Parquet on S3 for data teams (`data-export`, on demand and
nightly by the `data-export-nightly` schedule); UserDataExportWorkflow: one user's own tables as a zip
they download (`user-export/{user}/{uuid}`, a job the user polls).

The nightly schedule is created by the worker when it starts (`ensure_export_schedule`): the worker is
the process that already talks to Temporal and runs the export, and creating it there needs no step of
its own in a deployment; creating an existing schedule is a no-op.
"""

from __future__ import annotations

import contextlib
import uuid
from dataclasses import dataclass, field

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleCalendarSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleRange,
    ScheduleSpec,
)

from contracts.search import run_attributes
from contracts.starting import WorkflowStart

DATA_EXPORT_WORKFLOW = "DataExportWorkflow"
USER_DATA_EXPORT_WORKFLOW = "UserDataExportWorkflow"
DATA_EXPORT_ID = "data-export"
DATA_EXPORT_SCHEDULE_ID = "data-export-nightly"
NIGHTLY_HOUR_UTC = 2

# Activities
EXPORT_DATA = "export_data"
MAKE_USER_EXPORT = "make_user_export"
RECORD_USER_EXPORT_FAILURE = "record_user_export_failure"

USER_EXPORT_FORMATS = ("PARQUET", "CSV")


@dataclass(frozen=True)
class DataExportInput:
    full: bool = False  # write every user's tables again, not only those whose results changed


@dataclass(frozen=True)
class DataExportSummary:
    export_id: str
    users: int  # in the export
    exported: int  # written by this export (the others kept from the previous one)
    rows: dict[str, int] = field(default_factory=dict)  # written by this export, by table


@dataclass(frozen=True)
class UserExportInput:
    job_id: str
    user_id: int
    format: str  # one of USER_EXPORT_FORMATS


@dataclass(frozen=True)
class UserExportFailure:
    job_id: str
    error: str


def user_export_id(user_public_id: uuid.UUID) -> str:
    return f"user-export/{user_public_id}/{uuid.uuid4()}"


def data_export(full: bool = False) -> WorkflowStart:
    """An export asked for while one runs joins it."""
    return WorkflowStart(DATA_EXPORT_WORKFLOW, DataExportInput(full), DATA_EXPORT_ID, join_running=True)


def user_export(job_id: str, user_id: int, format: str) -> WorkflowStart:
    return WorkflowStart(USER_DATA_EXPORT_WORKFLOW, UserExportInput(job_id, user_id, format), job_id)


async def ensure_export_schedule(client: Client, task_queue: str) -> None:
    """The nightly export at NIGHTLY_HOUR_UTC, created when there is none; an export still running when
    the next is due is not doubled. Raises RPCError when Temporal refuses or is away."""
    with contextlib.suppress(ScheduleAlreadyRunningError):
        await client.create_schedule(
            DATA_EXPORT_SCHEDULE_ID,
            Schedule(
                action=ScheduleActionStartWorkflow(
                    DATA_EXPORT_WORKFLOW,
                    DataExportInput(),
                    id=DATA_EXPORT_ID,
                    task_queue=task_queue,
                    typed_search_attributes=run_attributes(DATA_EXPORT_WORKFLOW, None, None),
                ),
                spec=ScheduleSpec(calendars=[ScheduleCalendarSpec(hour=[ScheduleRange(NIGHTLY_HOUR_UTC)])]),
                policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP),
            ),
        )
