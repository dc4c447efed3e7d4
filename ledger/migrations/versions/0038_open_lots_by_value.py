"""The lots page sorted by market value or unrealized gain reads each asset's open lots down their
remaining quantity or basis, only as far as the page needs (ledger.scope.open_lot_order).

Revision ID: 0038
Revises: 0037
Create Date: 2026-11-29 03:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0038"
down_revision: str | None = "0037"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = {
    "ix_tax_lots_open_by_remaining": "remaining",
    "ix_tax_lots_open_by_basis": "remaining_cost_basis",
}


def upgrade() -> None:
    for name, column in INDEXES.items():
        op.create_index(
            name, "tax_lots", ["user_id", "asset", column, "id"], postgresql_where=sa.text("remaining > 0")
        )


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="tax_lots")
