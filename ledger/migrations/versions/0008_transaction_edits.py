"""Transactions edited by hand: the audit of every edit, the user's taxability and cost basis or
proceeds overrides, and the transactions page's keyset index on (user, timestamp, id).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 22:50:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "transaction_edits",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("editor_id", sa.BigInteger(), nullable=True),
        sa.Column("transaction_public_id", sa.Uuid(), nullable=False),
        sa.Column("field", sa.String(length=40), nullable=False),
        sa.Column("old_value", sa.Text(), nullable=True),
        sa.Column("new_value", sa.Text(), nullable=True),
        sa.Column("edited_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_transaction_edits_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["editor_id"],
            ["users.id"],
            name=op.f("fk_transaction_edits_editor_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_transaction_edits")),
    )
    op.create_index(op.f("ix_transaction_edits_user_id"), "transaction_edits", ["user_id"])
    op.create_index(
        "ix_transaction_edits_transaction_public_id", "transaction_edits", ["transaction_public_id", "id"]
    )
    op.add_column("transactions", sa.Column("is_taxable", sa.Boolean(), nullable=True))
    op.add_column("flows", sa.Column("value_override", sa.Numeric(precision=38, scale=18), nullable=True))
    op.create_check_constraint(op.f("ck_flows_value_override_positive"), "flows", "value_override > 0")
    op.create_index(
        "ix_flows_overridden_transaction_id",
        "flows",
        ["transaction_id"],
        postgresql_where=sa.text("value_override IS NOT NULL"),
    )
    op.create_index(
        "ix_transactions_user_id_timestamp_id", "transactions", ["user_id", "timestamp", "id"], unique=False
    )
    op.drop_index("ix_transactions_user_id_timestamp", table_name="transactions")


def downgrade() -> None:
    op.create_index(
        "ix_transactions_user_id_timestamp", "transactions", ["user_id", "timestamp"], unique=False
    )
    op.drop_index("ix_transactions_user_id_timestamp_id", table_name="transactions")
    op.drop_index("ix_flows_overridden_transaction_id", table_name="flows")
    op.drop_constraint(op.f("ck_flows_value_override_positive"), "flows", type_="check")
    op.drop_column("flows", "value_override")
    op.drop_column("transactions", "is_taxable")
    op.drop_index("ix_transaction_edits_transaction_public_id", table_name="transaction_edits")
    op.drop_index(op.f("ix_transaction_edits_user_id"), table_name="transaction_edits")
    op.drop_table("transaction_edits")
