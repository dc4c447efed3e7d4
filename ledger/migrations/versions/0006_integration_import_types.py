"""The import types of the exports each integration writes itself, stored with the integration when the
catalogue is seeded, so the API knows which files an exchange account takes without reading the formats.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24 23:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "integrations",
        sa.Column("import_types", sa.ARRAY(sa.Integer()), server_default="{}", nullable=False),
    )


def downgrade() -> None:
    op.drop_column("integrations", "import_types")
