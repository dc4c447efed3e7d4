"""The callouts of the last cost-basis run, one row per transaction and type, and the user's tasks.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 01:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CALLOUTS = (
    "INSUFFICIENT_QUANTITY",
    "MISSING_BALANCE",
    "MISSING_PRICE_HISTORY",
    "UNBALANCED_TRANSACTION",
    "VALUE_OUT_OF_BOUNDS",
)


def _one_of(column: str, *values: str) -> str:
    return "{} IN ({})".format(column, ", ".join(f"'{value}'" for value in values))


def upgrade() -> None:
    op.create_table(
        "transaction_callouts",
        sa.Column("transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("type", sa.String(length=22), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("timestamp", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(_one_of("type", *CALLOUTS), name=op.f("ck_transaction_callouts_callout_type")),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["transactions.id"],
            name=op.f("fk_transaction_callouts_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_transaction_callouts_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("transaction_id", "type", name=op.f("pk_transaction_callouts")),
    )
    op.create_index(
        "ix_transaction_callouts_user_id_type_timestamp",
        "transaction_callouts",
        ["user_id", "type", "timestamp"],
    )
    op.create_table(
        "tasks",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("public_id", sa.Uuid(), server_default=sa.text("gen_random_uuid()"), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("type", sa.String(length=19), nullable=False),
        sa.Column("status", sa.String(length=7), server_default="TO_DO", nullable=False),
        sa.Column("account_id", sa.BigInteger(), nullable=True),
        sa.Column("detail", sa.Text(), server_default="", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(_one_of("type", "FIX_API_CREDENTIALS"), name=op.f("ck_tasks_task_type")),
        sa.CheckConstraint(_one_of("status", "IGNORED", "TO_DO"), name=op.f("ck_tasks_task_status")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_tasks_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_tasks_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tasks")),
        sa.UniqueConstraint("public_id", name=op.f("uq_tasks_public_id")),
    )
    op.create_index(
        "uq_tasks_user_id_type_account_id",
        "tasks",
        ["user_id", "type", "account_id"],
        unique=True,
        postgresql_nulls_not_distinct=True,
    )


def downgrade() -> None:
    op.drop_table("tasks")
    op.drop_table("transaction_callouts")
