"""A user's export of their own data is a job (kind data_export, its zip's key in `result`).

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-25 01:20:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS = ("csv_import", "multi_address_import", "cost_basis", "sync", "csv_validation")


def _kinds(*kinds: str) -> str:
    return "kind IN ({})".format(", ".join(f"'{kind}'" for kind in kinds))


def upgrade() -> None:
    op.drop_constraint(op.f("ck_jobs_job_kind"), "jobs", type_="check")
    op.create_check_constraint(op.f("ck_jobs_job_kind"), "jobs", _kinds(*KINDS, "data_export"))


def downgrade() -> None:
    op.execute("DELETE FROM jobs WHERE kind = 'data_export'")
    op.drop_constraint(op.f("ck_jobs_job_kind"), "jobs", type_="check")
    op.create_check_constraint(op.f("ck_jobs_job_kind"), "jobs", _kinds(*KINDS))
