"""A bulk import counts the (transaction, asset) pairs of its flows itself: every flow it writes belongs
to a transaction the same statement inserted, so each pair is new and the count is the pairs per asset.
The flows' statement trigger then has nothing to probe and is told so by the import's transaction-local
setting `cairn.asset_counts_written`, on for that one statement; the probe of each pair cost a quarter of
a million-row import.

Revision ID: 0044
Revises: 0043
Create Date: 2026-11-29 13:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0044"
down_revision: str | None = "0043"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WRITTEN = (
    "\n    IF current_setting('cairn.asset_counts_written', true) = 'on' THEN\n"
    "        RETURN NULL;  -- the statement's writer counted its pairs (ledger.writes.bulk_import)\n"
    "    END IF;"
)


def _function(skipping: bool) -> str:
    """count_asset_rows() as it stands (pg_get_functiondef: a whole CREATE OR REPLACE), with the writer's
    word first in its body when `skipping`, else without it."""
    definition: str = (
        op.get_bind().exec_driver_sql("SELECT pg_get_functiondef('count_asset_rows'::regproc)").scalar_one()
    )
    definition = definition.replace(_WRITTEN, "", 1)
    return definition.replace("BEGIN", "BEGIN" + _WRITTEN, 1) if skipping else definition


def upgrade() -> None:
    op.execute(_function(skipping=True))


def downgrade() -> None:
    op.execute(_function(skipping=False))
