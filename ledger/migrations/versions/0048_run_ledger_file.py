"""A full cost-basis run keeps the flows it read, valued, as a Parquet file of its snapshot in S3: the
status row names that run (`ledger_run_id`) and how far its file still stands for the ledger
(`ledger_valid_before`: a run that continued from a checkpoint read anew the flows from it on), so a
transactions report reads those values instead of valuing the flows again.

Revision ID: 0048
Revises: 0047
Create Date: 2026-11-30 15:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0048"
down_revision: str | None = "0047"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("cost_basis_status", sa.Column("ledger_run_id", sa.Uuid(), nullable=True))
    op.add_column(
        "cost_basis_status", sa.Column("ledger_valid_before", sa.DateTime(timezone=True), nullable=True)
    )


def downgrade() -> None:
    op.drop_column("cost_basis_status", "ledger_valid_before")
    op.drop_column("cost_basis_status", "ledger_run_id")
