"""An import counts the transactions it held because their tax year is frozen apart from those of a type
its parser did not recognise (which alone stay `number_for_review`), on the import and its job.

Revision ID: 0036
Revises: 0035
Create Date: 2026-11-29 02:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0036"
down_revision: str | None = "0035"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("imports", "jobs"):
        column = sa.Column("number_held_frozen", sa.Integer(), server_default="0", nullable=False)
        op.add_column(table, column)


def downgrade() -> None:
    for table in ("jobs", "imports"):
        op.drop_column(table, "number_held_frozen")
