"""Cost-basis results: tax lots, disposed lots and income events; the status row's run id and error.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.schema import SchemaItem

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DECIMAL = sa.Numeric(precision=38, scale=18)


def _result_columns(table: str) -> list[SchemaItem]:
    """The columns and foreign keys every result table starts with."""
    return [
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("run_id", sa.Uuid(), nullable=False),
        sa.Column("transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.BigInteger(), nullable=False),
        sa.Column("asset", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f(f"fk_{table}_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["transactions.id"],
            name=op.f(f"fk_{table}_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f(f"fk_{table}_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
    ]


def upgrade() -> None:
    op.create_table(
        "tax_lots",
        *_result_columns("tax_lots"),
        sa.Column("lot_id", sa.Text(), nullable=False),
        sa.Column("origin_lot_id", sa.Text(), nullable=False),
        sa.Column("acquired_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("quantity", DECIMAL, nullable=False),
        sa.Column("remaining", DECIMAL, nullable=False),
        sa.Column("cost_basis", DECIMAL, nullable=False),
        sa.Column("remaining_cost_basis", DECIMAL, nullable=False),
        sa.Column("transfer_chain", sa.Text(), nullable=False),
        sa.Column("callout", sa.Text(), nullable=True),
    )
    op.create_index("ix_tax_lots_user_id_asset", "tax_lots", ["user_id", "asset", "acquired_at"])
    op.create_index(op.f("ix_tax_lots_transaction_id"), "tax_lots", ["transaction_id"])
    op.create_index(op.f("ix_tax_lots_account_id"), "tax_lots", ["account_id"])

    op.create_table(
        "disposed_lots",
        *_result_columns("disposed_lots"),
        sa.Column("flow_id", sa.Text(), nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("lot_id", sa.Text(), nullable=True),
        sa.Column("origin_lot_id", sa.Text(), nullable=True),
        sa.Column("transfer_chain", sa.Text(), nullable=True),
        sa.Column("acquired_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("disposed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("holding_days", sa.Integer(), nullable=False),
        sa.Column("quantity", DECIMAL, nullable=False),
        sa.Column("proceeds", DECIMAL, nullable=False),
        sa.Column("cost_basis", DECIMAL, nullable=False),
        sa.Column("gain", DECIMAL, nullable=False),
        sa.Column("denied_loss", DECIMAL, nullable=False),
        sa.Column("term", sa.String(length=5), nullable=False),
        sa.Column("rule", sa.String(length=40), nullable=True),
        sa.Column("callout", sa.Text(), nullable=True),
        sa.CheckConstraint("term IN ('SHORT', 'LONG')", name=op.f("ck_disposed_lots_term")),
    )
    op.create_index("ix_disposed_lots_user_id_asset", "disposed_lots", ["user_id", "asset", "disposed_at"])
    op.create_index("ix_disposed_lots_user_id_disposed_at", "disposed_lots", ["user_id", "disposed_at"])
    op.create_index(op.f("ix_disposed_lots_transaction_id"), "disposed_lots", ["transaction_id"])
    op.create_index(op.f("ix_disposed_lots_account_id"), "disposed_lots", ["account_id"])

    op.create_table(
        "income_events",
        *_result_columns("income_events"),
        sa.Column("flow_id", sa.Text(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("quantity", DECIMAL, nullable=False),
        sa.Column("value", DECIMAL, nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("callout", sa.Text(), nullable=True),
    )
    op.create_index("ix_income_events_user_id_asset", "income_events", ["user_id", "asset", "received_at"])
    op.create_index("ix_income_events_user_id_received_at", "income_events", ["user_id", "received_at"])
    op.create_index(op.f("ix_income_events_transaction_id"), "income_events", ["transaction_id"])
    op.create_index(op.f("ix_income_events_account_id"), "income_events", ["account_id"])

    op.add_column("cost_basis_status", sa.Column("run_id", sa.Uuid(), nullable=True))
    op.add_column("cost_basis_status", sa.Column("last_error", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("cost_basis_status", "last_error")
    op.drop_column("cost_basis_status", "run_id")
    for table in ("income_events", "disposed_lots", "tax_lots"):
        op.drop_table(table)  # their indexes go with them
