"""A transfer link counts only while neither of its ends is ignored or spam: ignoring, restoring or
re-typing a transaction changes the flows of the transactions at the link's other ends too. The
transactions' change log now logs their days as well, so a run that continues from a checkpoint reads
them again, and a kept ledger file no longer stands for them.

Revision ID: 0050
Revises: 0049
Create Date: 2026-11-30 18:40:00.000000
"""

import importlib
from collections.abc import Sequence

from alembic import op

revision: str = "0050"
down_revision: str | None = "0049"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_LOG = importlib.import_module("ledger.migrations.versions.0039_cost_basis_checkpoints")

# the other end of each link of a transaction whose ignored flag or type changed, from either side
_OTHER_END = (
    "SELECT other.user_id, other.timestamp FROM added"
    " JOIN removed ON removed.id = added.id"
    " AND (removed.is_ignored, removed.type) IS DISTINCT FROM (added.is_ignored, added.type)"
    " JOIN transaction_links AS link ON link.{near} = added.id"
    " JOIN transactions AS other ON other.id = link.{far}"
)
ROWS = _LOG._TRANSACTION_ROWS | {
    "UPDATE": " UNION ALL ".join(
        [
            _LOG._TRANSACTION_ROWS["UPDATE"],
            _OTHER_END.format(near="from_transaction_id", far="to_transaction_id"),
            _OTHER_END.format(near="to_transaction_id", far="from_transaction_id"),
        ]
    )
}


def _replaced(rows: dict[str, str]) -> str:
    made = _LOG._function("log_transaction_changes", _LOG._TRANSACTIONS, rows)
    return made.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1)


def upgrade() -> None:
    op.execute(_replaced(ROWS))


def downgrade() -> None:
    op.execute(_replaced(_LOG._TRANSACTION_ROWS))
