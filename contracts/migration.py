"""MigrationWorkflow: a user's universal → per-wallet migration (Rev. Proc. 2024-28; spec 001 §4, §9).

Once no cost-basis run is pending, the user's universal lots open at 2024-12-31 23:59:59 are allocated
to the wallets holding the units by the user's lot allocation method, every tax year through 2024 is
frozen with those per-wallet lots as the opening lots of 2025, the scope becomes WALLET, the allocation
report (CSV and PDF) goes to S3 and a cost-basis run is asked for. The id is `migration/{user}`; the
browser polls the user's `wallet_migrations` row, which answers the report's link once finished.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from contracts.ids import migration_id
from contracts.starting import WorkflowStart

MIGRATION_WORKFLOW = "MigrationWorkflow"

# Activities
MIGRATE_TO_PER_WALLET = "migrate_to_per_wallet"  # MigrationInput → None
RECORD_MIGRATION_FAILURE = "record_migration_failure"  # MigrationFailure → None

COST_BASIS_FAILED = "The cost basis calculation failed, so the migration could not be made."


@dataclass(frozen=True)
class MigrationInput:
    user_id: int


@dataclass(frozen=True)
class MigrationFailure:
    user_id: int
    error: str


def migration_request(user_id: int, user_public_id: uuid.UUID) -> WorkflowStart:
    """Start the user's migration; an id already taken is refused (it is irreversible)."""
    return WorkflowStart(MIGRATION_WORKFLOW, MigrationInput(user_id), migration_id(user_public_id))
