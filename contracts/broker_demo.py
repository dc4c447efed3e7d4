"""ResetDemoUserWorkflow: the broker demo's reset (spec 001 §6) deletes the demo user's former accounts
with the account-deletion activity, then asks for their cost basis again."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from contracts.ids import reset_demo_user_id
from contracts.starting import WorkflowStart

RESET_DEMO_USER_WORKFLOW = "ResetDemoUserWorkflow"


@dataclass(frozen=True)
class ResetDemoUserInput:
    user_id: int
    account_ids: list[int]  # marked for deletion by the reset


def reset_demo_user(user_id: int, user_public_id: uuid.UUID, account_ids: list[int]) -> WorkflowStart:
    return WorkflowStart(
        RESET_DEMO_USER_WORKFLOW, ResetDemoUserInput(user_id, account_ids), reset_demo_user_id(user_public_id)
    )
