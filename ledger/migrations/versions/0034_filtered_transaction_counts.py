"""The transactions page's filtered totals read, not counted: each user's transaction count kept per
account and UTC day (so `wallet:`, `from:`, `to:` and `tax_year:` sum a few rows, as the whole ledger's
total did), updates that move a transaction to another account or day counted too, and the count of
transactions to review kept the same way, for which a review row now carries its user; and an index
that pages one wallet's rows.

Revision ID: 0034
Revises: 0033
Create Date: 2026-11-29 01:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0034"
down_revision: str | None = "0033"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Rows of a user being deleted are not counted: the user's deltas go with it (the join finds no user).
# An update adds only the groups it changed (an edit of a description adds nothing).
COUNT_FUNCTION = """
CREATE OR REPLACE FUNCTION count_transaction_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO transaction_count_deltas (user_id, account_id, utc_day, delta)
        SELECT added.user_id, added.account_id, (added.timestamp AT TIME ZONE 'UTC')::date, count(*)
        FROM added JOIN users ON users.id = added.user_id
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO transaction_count_deltas (user_id, account_id, utc_day, delta)
        SELECT removed.user_id, removed.account_id, (removed.timestamp AT TIME ZONE 'UTC')::date, -count(*)
        FROM removed JOIN users ON users.id = removed.user_id
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
    ELSE
        INSERT INTO transaction_count_deltas (user_id, account_id, utc_day, delta)
        SELECT moved.user_id, moved.account_id, (moved.timestamp AT TIME ZONE 'UTC')::date, sum(moved.delta)
        FROM (
            SELECT user_id, account_id, timestamp, -1 AS delta FROM removed
            UNION ALL
            SELECT user_id, account_id, timestamp, 1 FROM added
        ) AS moved
        GROUP BY 1, 2, 3 HAVING sum(moved.delta) <> 0 ORDER BY 1, 2, 3;
    END IF;
    RETURN NULL;
END
$$
"""
OLD_COUNT_FUNCTION = """
CREATE OR REPLACE FUNCTION count_transaction_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO transaction_count_deltas (user_id, delta)
        SELECT added.user_id, count(*) FROM added JOIN users ON users.id = added.user_id
        GROUP BY added.user_id ORDER BY added.user_id;
    ELSE
        INSERT INTO transaction_count_deltas (user_id, delta)
        SELECT removed.user_id, -count(*) FROM removed JOIN users ON users.id = removed.user_id
        GROUP BY removed.user_id ORDER BY removed.user_id;
    END IF;
    RETURN NULL;
END
$$
"""
REVIEW_FUNCTION = """
CREATE FUNCTION count_review_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO review_count_deltas (user_id, delta)
        SELECT added.user_id, count(*) FROM added JOIN users ON users.id = added.user_id
        GROUP BY added.user_id ORDER BY added.user_id;
    ELSE
        INSERT INTO review_count_deltas (user_id, delta)
        SELECT removed.user_id, -count(*) FROM removed JOIN users ON users.id = removed.user_id
        GROUP BY removed.user_id ORDER BY removed.user_id;
    END IF;
    RETURN NULL;
END
$$
"""
MOVED_TRIGGER = "transactions_counted_on_update"
REVIEW_TRIGGERS = {
    "reviews_counted_on_insert": "AFTER INSERT ON transaction_reviews REFERENCING NEW TABLE AS added",
    "reviews_counted_on_delete": "AFTER DELETE ON transaction_reviews REFERENCING OLD TABLE AS removed",
}


def upgrade() -> None:
    op.add_column("transaction_count_deltas", sa.Column("account_id", sa.BigInteger(), nullable=True))
    op.add_column("transaction_count_deltas", sa.Column("utc_day", sa.Date(), nullable=True))
    op.execute("LOCK TABLE transactions IN SHARE MODE")  # the counts below stay exact: no writer meanwhile
    op.execute("DELETE FROM transaction_count_deltas")
    op.execute(
        "INSERT INTO transaction_count_deltas (user_id, account_id, utc_day, delta)"
        """ SELECT user_id, account_id, ("timestamp" AT TIME ZONE 'UTC')::date, count(*)"""
        " FROM transactions GROUP BY 1, 2, 3"
    )
    op.alter_column("transaction_count_deltas", "account_id", nullable=False)
    op.alter_column("transaction_count_deltas", "utc_day", nullable=False)
    op.drop_index("ix_transaction_count_deltas_user_id", table_name="transaction_count_deltas")
    op.create_index(
        "ix_transaction_count_deltas_user_id_account_id_utc_day",
        "transaction_count_deltas",
        ["user_id", "account_id", "utc_day"],
        postgresql_include=["delta"],
    )
    op.execute(COUNT_FUNCTION)
    op.execute(
        f"CREATE TRIGGER {MOVED_TRIGGER} AFTER UPDATE ON transactions"
        " REFERENCING OLD TABLE AS removed NEW TABLE AS added"
        " FOR EACH STATEMENT EXECUTE FUNCTION count_transaction_rows()"
    )
    op.execute(f"ALTER TABLE transactions ENABLE ALWAYS TRIGGER {MOVED_TRIGGER}")
    op.create_index(
        "ix_transactions_user_id_account_id_timestamp_id",
        "transactions",
        ["user_id", "account_id", "timestamp", "id"],
    )

    op.add_column("transaction_reviews", sa.Column("user_id", sa.BigInteger(), nullable=True))
    op.execute(
        "UPDATE transaction_reviews r SET user_id = t.user_id"
        " FROM transactions t WHERE t.id = r.transaction_id"
    )
    op.alter_column("transaction_reviews", "user_id", nullable=False)
    op.create_foreign_key(
        op.f("fk_transaction_reviews_user_id_users"),
        "transaction_reviews",
        "users",
        ["user_id"],
        ["id"],
        ondelete="CASCADE",
    )
    op.create_table(
        "review_count_deltas",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("delta", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_review_count_deltas_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_review_count_deltas")),
    )
    op.create_index(
        "ix_review_count_deltas_user_id", "review_count_deltas", ["user_id"], postgresql_include=["delta"]
    )
    op.execute(REVIEW_FUNCTION)
    for name, event in REVIEW_TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {event} FOR EACH STATEMENT EXECUTE FUNCTION count_review_rows()")
        # bulk imports flag rows for review with `session_replication_role = replica`
        op.execute(f"ALTER TABLE transaction_reviews ENABLE ALWAYS TRIGGER {name}")
    op.execute(
        "INSERT INTO review_count_deltas (user_id, delta)"
        " SELECT user_id, count(*) FROM transaction_reviews GROUP BY user_id"
    )


def downgrade() -> None:
    for name in REVIEW_TRIGGERS:
        op.execute(f"DROP TRIGGER {name} ON transaction_reviews")
    op.execute("DROP FUNCTION count_review_rows()")
    op.drop_index("ix_review_count_deltas_user_id", table_name="review_count_deltas")
    op.drop_table("review_count_deltas")
    op.drop_constraint(
        op.f("fk_transaction_reviews_user_id_users"), "transaction_reviews", type_="foreignkey"
    )
    op.drop_column("transaction_reviews", "user_id")

    op.drop_index("ix_transactions_user_id_account_id_timestamp_id", table_name="transactions")
    op.execute(f"DROP TRIGGER {MOVED_TRIGGER} ON transactions")
    op.execute(OLD_COUNT_FUNCTION)
    op.drop_index(
        "ix_transaction_count_deltas_user_id_account_id_utc_day", table_name="transaction_count_deltas"
    )
    op.execute("DELETE FROM transaction_count_deltas")
    op.drop_column("transaction_count_deltas", "utc_day")
    op.drop_column("transaction_count_deltas", "account_id")
    op.execute(
        "INSERT INTO transaction_count_deltas (user_id, delta)"
        " SELECT user_id, count(*) FROM transactions GROUP BY user_id"
    )
    op.create_index(
        "ix_transaction_count_deltas_user_id",
        "transaction_count_deltas",
        ["user_id"],
        postgresql_include=["delta"],
    )
