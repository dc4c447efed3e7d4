"""Validation jobs and resumed imports: the check of an uploaded file is a job (kind csv_validation, its
report in `result`), and a job whose activity is running again after a failure says so (`resuming`).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24 22:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS = ("csv_import", "multi_address_import", "cost_basis", "sync")


def _kinds(*kinds: str) -> str:
    return "kind IN ({})".format(", ".join(f"'{kind}'" for kind in kinds))


def upgrade() -> None:
    op.drop_constraint(op.f("ck_jobs_job_kind"), "jobs", type_="check")
    op.create_check_constraint(op.f("ck_jobs_job_kind"), "jobs", _kinds(*KINDS, "csv_validation"))
    op.add_column("jobs", sa.Column("resuming", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    op.drop_column("jobs", "resuming")
    op.execute("DELETE FROM jobs WHERE kind = 'csv_validation'")
    op.drop_constraint(op.f("ck_jobs_job_kind"), "jobs", type_="check")
    op.create_check_constraint(op.f("ck_jobs_job_kind"), "jobs", _kinds(*KINDS))
