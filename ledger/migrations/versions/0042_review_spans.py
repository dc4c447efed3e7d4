"""The transactions page's `has:review` combined with `wallet:` or a span of days (`tax_year:`, `from:`,
`to:`), counted from an index of the rows to review rather than by joining every transaction of the
span: each review row carries its transaction's account and time, kept equal by a trigger when an edit
moves the transaction; and the price table's last day read from an index.

Revision ID: 0042
Revises: 0041
Create Date: 2026-11-29 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0042"
down_revision: str | None = "0041"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FOLLOW_FUNCTION = """
CREATE FUNCTION reviews_follow_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE transaction_reviews r SET account_id = moved.account_id, "timestamp" = moved."timestamp"
    FROM added AS moved
    WHERE r.transaction_id = moved.id
      AND (r.account_id, r."timestamp") IS DISTINCT FROM (moved.account_id, moved."timestamp");
    RETURN NULL;
END
$$
"""
FOLLOW_TRIGGER = "reviews_follow_transactions"


def upgrade() -> None:
    op.create_index("ix_prices_quote_date", "prices", ["quote", "date"])
    op.add_column("transaction_reviews", sa.Column("account_id", sa.BigInteger(), nullable=True))
    op.add_column("transaction_reviews", sa.Column("timestamp", sa.DateTime(timezone=True), nullable=True))
    op.execute("LOCK TABLE transactions IN SHARE MODE")  # no move meanwhile: the copies below stay equal
    op.execute(
        'UPDATE transaction_reviews r SET account_id = t.account_id, "timestamp" = t."timestamp"'
        " FROM transactions t WHERE t.id = r.transaction_id"
    )
    op.alter_column("transaction_reviews", "account_id", nullable=False)
    op.alter_column("transaction_reviews", "timestamp", nullable=False)
    op.create_index(
        "ix_transaction_reviews_user_id_timestamp",
        "transaction_reviews",
        ["user_id", "timestamp"],
        postgresql_include=["account_id"],
    )
    op.execute(FOLLOW_FUNCTION)
    op.execute(
        f"CREATE TRIGGER {FOLLOW_TRIGGER} AFTER UPDATE ON transactions REFERENCING NEW TABLE AS added"
        " FOR EACH STATEMENT EXECUTE FUNCTION reviews_follow_transactions()"
    )
    op.execute(f"ALTER TABLE transactions ENABLE ALWAYS TRIGGER {FOLLOW_TRIGGER}")


def downgrade() -> None:
    op.execute(f"DROP TRIGGER {FOLLOW_TRIGGER} ON transactions")
    op.execute("DROP FUNCTION reviews_follow_transactions()")
    op.drop_index("ix_transaction_reviews_user_id_timestamp", table_name="transaction_reviews")
    op.drop_column("transaction_reviews", "timestamp")
    op.drop_column("transaction_reviews", "account_id")
    op.drop_index("ix_prices_quote_date", table_name="prices")
