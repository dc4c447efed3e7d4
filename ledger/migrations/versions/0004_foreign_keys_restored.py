"""The three foreign keys 0003 dropped for import speed, restored: a bulk import now checks foreign keys
once per file rather than once per row (ledger.writes.bulk_import), so they cost it nothing.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 00:30:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FOREIGN_KEYS = (
    ("transactions", "fk_transactions_user_id_users", ["user_id"], "users", "CASCADE"),
    ("transactions", "fk_transactions_import_id_imports", ["import_id"], "imports", "SET NULL"),
    ("flows", "fk_flows_asset_id_assets", ["asset_id"], "assets", None),
)


def upgrade() -> None:
    # deleting an import (with its account) finds its transactions by this index, not by a scan
    op.create_index("ix_transactions_import_id", "transactions", ["import_id"])
    for table, name, columns, referred, on_delete in FOREIGN_KEYS:
        op.create_foreign_key(name, table, referred, columns, ["id"], ondelete=on_delete)


def downgrade() -> None:
    for table, name, _, _, _ in FOREIGN_KEYS:
        op.drop_constraint(name, table, type_="foreignkey")
    op.drop_index("ix_transactions_import_id", table_name="transactions")
