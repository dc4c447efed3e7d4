"""Frozen tax years: each year's closing lots and the id its pinned results carry.

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-25 04:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "frozen_periods",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("year", sa.SmallInteger(), nullable=False),
        sa.Column("through", sa.DateTime(timezone=True), nullable=False),
        sa.Column("scope", sa.String(length=20), nullable=False),
        sa.Column("opening_lots", sa.LargeBinary(), nullable=False),
        sa.Column("pinned_run_id", sa.Uuid(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_frozen_periods_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "year", name=op.f("pk_frozen_periods")),
    )


def downgrade() -> None:
    op.drop_table("frozen_periods")
