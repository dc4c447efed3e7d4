"""DeleteUserWorkflow: remove a user who asked to be deleted, with every row and stored file of theirs.

The API marks the user first (`marked_email`: the e-mail replaced, the password unusable, every session
closed), so nobody can sign in as them while the work runs and the e-mail is free at once; the workflow
then stops the user's work, deletes their rows, takes them out of the latest data export and deletes
their objects in S3. It is started without a job row: the rows it would write go with the user.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum

from contracts.ids import delete_user_id
from contracts.starting import WorkflowStart

DELETE_USER_WORKFLOW = "DeleteUserWorkflow"

# Activities
STOP_USER_WORK = "stop_user_work"
DELETE_USER_ROWS = "delete_user_rows"
USER_EXPORT_STATE = "user_export_state"
DELETE_USER_OBJECTS = "delete_user_objects"

MARKED_DOMAIN = "deleted.invalid"  # RFC 2606: never a real address


@dataclass(frozen=True)
class DeleteUserInput:
    user_id: int
    public_id: str  # the user's objects are named by it, and it outlives the row


class ExportState(StrEnum):
    """Where the data export stands for a deleted user."""

    RUNNING = "running"  # an export runs; it may have read the user's rows before they went
    NAMES_USER = "names_user"  # the latest export still holds the user's files
    CLEAN = "clean"  # no export runs and the latest holds nothing of the user


def marked_email(public_id: uuid.UUID | str) -> str:
    """The e-mail a user being deleted carries: theirs is gone, and the activities recognise the mark."""
    return f"deleted-{public_id}@{MARKED_DOMAIN}"


def user_deletion(user_id: int, public_id: uuid.UUID) -> WorkflowStart:
    return WorkflowStart(
        DELETE_USER_WORKFLOW,
        DeleteUserInput(user_id, str(public_id)),
        delete_user_id(public_id),
        join_running=True,
    )
