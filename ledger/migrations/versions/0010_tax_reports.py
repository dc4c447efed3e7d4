"""Tax reports made for a user (TaxReportWorkflow): type, year, options, status and the file in S3.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25 01:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tax_reports",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("job_id", sa.String(length=200), nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("tax_year", sa.Integer(), nullable=False),
        sa.Column("query", sa.Text(), nullable=True),
        sa.Column("start_date", sa.Date(), nullable=True),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("form_1099da_url", sa.Text(), nullable=True),
        sa.Column(
            "status",
            sa.Enum(
                "CANCELLED",
                "ENQUEUED",
                "FAILED",
                "FINISHED",
                "SCHEDULED",
                "STARTED",
                "UNKNOWN",
                name="job_status",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column("cost_basis_failed", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("error_message", sa.Text(), nullable=True),
        sa.Column("s3_key", sa.Text(), nullable=True),
        sa.Column("result", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_tax_reports_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tax_reports")),
    )
    op.create_index("ix_tax_reports_user_id_job_id", "tax_reports", ["user_id", "job_id", "id"])
    op.create_index("ix_tax_reports_user_id_tax_year", "tax_reports", ["user_id", "tax_year", "id"])


def downgrade() -> None:
    op.drop_table("tax_reports")
