"""The transactions page's words and combined filters by index (ledger.scope.word_search): a word as part
of a description through a trigram index (pg_trgm, which ships with PostgreSQL's contrib and is trusted,
so the database's owner may create it), a word as a hash through (user, hash), and a flow's asset, as a
word's symbol or an `asset_id:` filter combined with others, through the flows' (user, asset,
transaction), which a count reads alone.

Revision ID: 0040
Revises: 0039
Create Date: 2026-11-29 05:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0040"
down_revision: str | None = "0039"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    op.create_index(
        "ix_transactions_description_trgm",
        "transactions",
        ["description"],
        postgresql_using="gin",
        postgresql_ops={"description": "gin_trgm_ops"},
    )
    op.create_index("ix_transactions_user_id_tx_hash", "transactions", ["user_id", "tx_hash"])
    op.create_index(
        "ix_flows_user_id_asset_id_transaction_id", "flows", ["user_id", "asset_id", "transaction_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_flows_user_id_asset_id_transaction_id", table_name="flows")
    op.drop_index("ix_transactions_user_id_tx_hash", table_name="transactions")
    op.drop_index("ix_transactions_description_trgm", table_name="transactions")
    # pg_trgm stays: dropping it would fail if anything else had come to use it
