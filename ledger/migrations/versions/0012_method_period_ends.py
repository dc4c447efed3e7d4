"""Method periods may end: from their end date (exclusive) the user's default method applies again.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25 01:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("cost_basis_method_periods", sa.Column("effective_until", sa.Date(), nullable=True))
    op.create_check_constraint(
        "ends_after_start", "cost_basis_method_periods", "effective_until > effective_from"
    )


def downgrade() -> None:
    op.drop_constraint("ck_cost_basis_method_periods_ends_after_start", "cost_basis_method_periods")
    op.drop_column("cost_basis_method_periods", "effective_until")
