"""The audit of staff actions (support-console retries and cancels, view-as sessions), and the user an
admin's browser session views as.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-25 01:50:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "admin_actions",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("admin_id", sa.BigInteger(), nullable=True),
        sa.Column("action", sa.String(length=7), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("workflow_id", sa.String(length=200), nullable=True),
        sa.Column("run_id", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(
            "action IN ('retry', 'cancel', 'view_as')", name=op.f("ck_admin_actions_admin_action_kind")
        ),
        sa.ForeignKeyConstraint(
            ["admin_id"], ["users.id"], name=op.f("fk_admin_actions_admin_id_users"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_admin_actions_user_id_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_admin_actions")),
    )
    op.create_index("ix_admin_actions_created_at", "admin_actions", ["created_at"])
    op.add_column("user_sessions", sa.Column("view_as_user_id", sa.BigInteger(), nullable=True))
    op.create_foreign_key(
        op.f("fk_user_sessions_view_as_user_id_users"),
        "user_sessions",
        "users",
        ["view_as_user_id"],
        ["id"],
        ondelete="SET NULL",
    )


def downgrade() -> None:
    op.drop_column("user_sessions", "view_as_user_id")
    op.drop_table("admin_actions")
