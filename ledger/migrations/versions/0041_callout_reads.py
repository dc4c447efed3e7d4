"""What a cost-basis run's callouts read (ledger.writes.callouts), without a pass over every flow or
result of the user:

- each day's outflows beside its net change: the transactions that take a balance below zero
  (MISSING_BALANCE) are found by walking only the days whose outflows exceed what was held at their
  start. Rows written before this revision have no outflow (NULL): each run rewrites the days it reads
  it of;
- the lots, disposals and income the engine flagged, by (user, transaction): a few of all.

Revision ID: 0041
Revises: 0040
Create Date: 2026-11-29 08:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0041"
down_revision: str | None = "0040"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FLAGGED = {
    "ix_tax_lots_flagged": "tax_lots",
    "ix_disposed_lots_flagged": "disposed_lots",
    "ix_income_events_flagged": "income_events",
}


def upgrade() -> None:
    op.add_column("asset_day_changes", sa.Column("outflow", sa.Numeric(), nullable=True))
    for name, table in FLAGGED.items():
        op.create_index(
            name, table, ["user_id", "transaction_id"], postgresql_where=sa.text("callout IS NOT NULL")
        )


def downgrade() -> None:
    for name, table in FLAGGED.items():
        op.drop_index(name, table_name=table)
    op.drop_column("asset_day_changes", "outflow")
