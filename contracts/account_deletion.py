"""DeleteAccountWorkflow: delete an account marked for deletion, with all its transactions."""

from __future__ import annotations

from dataclasses import dataclass

from contracts.ids import delete_account_id
from contracts.starting import WorkflowStart

DELETE_ACCOUNT_WORKFLOW = "DeleteAccountWorkflow"
DELETE_ACCOUNT = "delete_account"  # the activity


@dataclass(frozen=True)
class DeleteAccountInput:
    account_id: int
    user_id: int


def deletion(account_id: int, user_id: int) -> WorkflowStart:
    return WorkflowStart(
        DELETE_ACCOUNT_WORKFLOW,
        DeleteAccountInput(account_id, user_id),
        delete_account_id(account_id),
        join_running=True,
    )
