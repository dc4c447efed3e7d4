"""Linked accounts' sync: per-stream cursors, and credentials under check before an account is linked.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25 01:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "account_sync_cursors",
        sa.Column("account_id", sa.BigInteger(), nullable=False),
        sa.Column("stream", sa.String(length=200), nullable=False),
        sa.Column("cursor", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_account_sync_cursors_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "stream", name=op.f("pk_account_sync_cursors")),
    )
    op.create_table(
        "credential_checks",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("exchange", sa.String(length=100), nullable=False),
        sa.Column("credentials", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_credential_checks_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_credential_checks")),
    )
    op.create_index(op.f("ix_credential_checks_user_id"), "credential_checks", ["user_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_credential_checks_user_id"), table_name="credential_checks")
    op.drop_table("credential_checks")
    op.drop_table("account_sync_cursors")
