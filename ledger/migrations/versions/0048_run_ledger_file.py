"""A full cost-basis run keeps the flows it read, valued, as a Parquet file of its snapshot in S3
(`kept_ledgers`: which run, its read's database snapshot, and how far a later run's re-reading leaves
the file standing), so a transactions report reads those values instead of valuing the flows again.

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
    op.create_table(
        "kept_ledgers",
        sa.Column(
            "user_id", sa.BigInteger(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("run_id", sa.Uuid(), nullable=False),
        sa.Column("read_snapshot", sa.Text(), nullable=False),
        sa.Column("valid_before", sa.DateTime(timezone=True), nullable=True),
        sa.Column("kept_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("kept_ledgers")
