"""Each coin's latest market data from a price provider (ledger.models.market_data).

Revision ID: 0028
Revises: 0027
Create Date: 2026-11-25 04:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "market_data",
        sa.Column("symbol", sa.String(40), primary_key=True),
        sa.Column("price", sa.Numeric(38, 18), nullable=False),
        sa.Column("market_cap", sa.Numeric(48, 18)),
        sa.Column("volume_24h", sa.Numeric(48, 18)),
        sa.Column("change_24h", sa.Numeric(20, 8)),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("source", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("market_data")
