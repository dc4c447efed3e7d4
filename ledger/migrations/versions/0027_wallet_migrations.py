"""The universal → per-wallet migration of each user (ledger.models.wallet_migration).

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-25 04:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

METHODS = ("SPECIFIC_UNIT", "GLOBAL")
STATUSES = ("CANCELLED", "ENQUEUED", "FAILED", "FINISHED", "SCHEDULED", "STARTED", "UNKNOWN")


def upgrade() -> None:
    op.create_table(
        "wallet_migrations",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("job_id", sa.String(length=200), nullable=False),
        sa.Column(
            "method",
            sa.Enum(
                *METHODS, name="lot_allocation_method", native_enum=False, create_constraint=True, length=13
            ),
            nullable=False,
        ),
        sa.Column(
            "status",
            sa.Enum(*STATUSES, name="job_status", native_enum=False, create_constraint=True, length=9),
            nullable=False,
        ),
        sa.Column("report_csv_key", sa.Text(), nullable=True),
        sa.Column("report_pdf_key", sa.Text(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_wallet_migrations_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_wallet_migrations")),
    )


def downgrade() -> None:
    op.drop_table("wallet_migrations")
