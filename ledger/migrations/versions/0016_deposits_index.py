"""Net deposits (/performance) at a million transactions: a partial index on the transactions that can
cross the portfolio's edge (deposits, withdrawals, receipts, sends, gifts, donations), so a period's
net deposits read those few rows instead of walking the user's whole ledger.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-25 01:35:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

EDGE_TYPES = (
    "FIAT_DEPOSIT",
    "DEPOSIT",
    "RECEIVE",
    "GIFT_RECEIVED",
    "FIAT_WITHDRAWAL",
    "WITHDRAWAL",
    "SEND",
    "GIFT_SENT",
    "DONATION",
)


def upgrade() -> None:
    op.create_index(
        "ix_transactions_edge",
        "transactions",
        ["user_id", "timestamp", "id"],
        postgresql_where=sa.text("type IN ({})".format(", ".join(f"'{kind}'" for kind in EDGE_TYPES))),
    )


def downgrade() -> None:
    op.drop_index("ix_transactions_edge", table_name="transactions")
