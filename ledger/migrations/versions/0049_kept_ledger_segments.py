"""A cost-basis run that continues from a checkpoint keeps the flows it read too: `kept_ledgers` holds a
row per run whose file still stands for some of the user's flows, each from the instant its run read
them from (`read_from`; null: a full run's, all of them) to its `valid_before`.

Revision ID: 0049
Revises: 0048
Create Date: 2026-11-30 18:15:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0049"
down_revision: str | None = "0048"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("kept_ledgers", sa.Column("read_from", sa.DateTime(timezone=True), nullable=True))
    op.drop_constraint("pk_kept_ledgers", "kept_ledgers", type_="primary")
    op.create_primary_key("pk_kept_ledgers", "kept_ledgers", ["user_id", "run_id"])


def downgrade() -> None:
    op.execute("DELETE FROM kept_ledgers WHERE read_from IS NOT NULL")
    op.drop_constraint("pk_kept_ledgers", "kept_ledgers", type_="primary")
    op.create_primary_key("pk_kept_ledgers", "kept_ledgers", ["user_id"])
    op.drop_column("kept_ledgers", "read_from")
