"""The broker demo (spec 001 §2, §6): users' enable_cbe and is_broker, and the users connected to a broker.

Revision ID: 0033
Revises: 0032
Create Date: 2026-11-28 22:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0033"
down_revision: str | None = "0032"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for name in ("enable_cbe", "is_broker"):
        column = sa.Column(name, sa.Boolean(), server_default=sa.text("false"), nullable=False)
        op.add_column("users", column)
    op.create_table(
        "broker_connections",
        sa.Column("broker_user_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["users.id"],
            name=op.f("fk_broker_connections_broker_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_broker_connections_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("broker_user_id", "user_id", name=op.f("pk_broker_connections")),
    )
    op.create_index(op.f("ix_broker_connections_user_id"), "broker_connections", ["user_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_broker_connections_user_id"), table_name="broker_connections")
    op.drop_table("broker_connections")
    op.drop_column("users", "is_broker")
    op.drop_column("users", "enable_cbe")
