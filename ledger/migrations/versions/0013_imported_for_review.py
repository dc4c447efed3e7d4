"""Rows of a type the parser did not recognise are imported for review: their count on the import and
its job, and a review flag that transfer matching leaves alone.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25 01:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("imports", "jobs"):
        op.add_column(table, sa.Column("number_for_review", sa.Integer(), server_default="0", nullable=False))
    op.add_column(
        "transaction_reviews",
        sa.Column("from_import", sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade() -> None:
    op.drop_column("transaction_reviews", "from_import")
    for table in ("jobs", "imports"):
        op.drop_column(table, "number_for_review")
