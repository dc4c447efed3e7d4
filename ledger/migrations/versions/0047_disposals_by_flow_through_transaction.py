"""The disposed lots of one flow are found through its transaction's index (a flow id begins with its
transaction's id): the index by user and flow, one of seven a run keeps up for every slice it writes,
is dropped.

Revision ID: 0047
Revises: 0046
Create Date: 2026-11-30 07:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0047"
down_revision: str | None = "0046"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_disposed_lots_user_id_flow_id", table_name="disposed_lots")


def downgrade() -> None:
    op.create_index(
        "ix_disposed_lots_user_id_flow_id", "disposed_lots", ["user_id", "flow_id", "disposed_at"]
    )
