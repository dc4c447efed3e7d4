"""A checkpoint keeps which of its opening lots the stored results changed since (`touched_lots`): a run
that continues from it rewrites only those and the lots its own flows change, not every lot open then.

Revision ID: 0046
Revises: 0045
Create Date: 2026-11-30 02:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0046"
down_revision: str | None = "0045"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("cost_basis_checkpoints", sa.Column("touched_lots", sa.LargeBinary(), nullable=True))


def downgrade() -> None:
    op.drop_column("cost_basis_checkpoints", "touched_lots")
