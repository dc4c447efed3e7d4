"""Shared changes (prices) stay in the change log for 400 days instead of 30, so that the flows a run
kept stand that long. The runs kept before read at a time whose shared changes older than 30 days are
no longer logged: those kept more than 30 days ago stand for nothing any more. A longer log is read
through an index on the changing transaction's id: what a snapshot did not see is at or after its xmin.

Revision ID: 0051
Revises: 0050
Create Date: 2026-11-30 19:05:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0051"
down_revision: str | None = "0050"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("DELETE FROM kept_ledgers WHERE kept_at < now() - interval '30 days'")
    op.create_index("ix_cost_basis_changes_xid", "cost_basis_changes", ["xid"])


def downgrade() -> None:
    # the kept runs forgotten are not brought back; the log's shared rows go at 30 days again
    op.drop_index("ix_cost_basis_changes_xid", table_name="cost_basis_changes")
