"""The pages at a million transactions: each user's transaction count kept by triggers (one row per
statement that inserts or deletes transactions, summed by the page), partial indexes for
`is:uncategorized` and for the open lots, and the statistics of the transactions' UTC days.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25 01:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Rows of a user being deleted are not counted: the user's deltas go with it (the join finds no user).
COUNT_FUNCTION = """
CREATE FUNCTION count_transaction_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
TRIGGERS = {
    "transactions_counted_on_insert": "AFTER INSERT ON transactions REFERENCING NEW TABLE AS added",
    "transactions_counted_on_delete": "AFTER DELETE ON transactions REFERENCING OLD TABLE AS removed",
}


def upgrade() -> None:
    op.create_table(
        "transaction_count_deltas",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("delta", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_transaction_count_deltas_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_transaction_count_deltas")),
    )
    op.create_index(
        "ix_transaction_count_deltas_user_id",
        "transaction_count_deltas",
        ["user_id"],
        postgresql_include=["delta"],
    )
    op.execute(COUNT_FUNCTION)
    for name, event in TRIGGERS.items():
        op.execute(
            f"CREATE TRIGGER {name} {event} FOR EACH STATEMENT EXECUTE FUNCTION count_transaction_rows()"
        )
        # bulk imports skip the foreign keys' row triggers (`session_replication_role = replica`), not this
        op.execute(f"ALTER TABLE transactions ENABLE ALWAYS TRIGGER {name}")
    op.execute(
        "INSERT INTO transaction_count_deltas (user_id, delta)"
        " SELECT user_id, count(*) FROM transactions GROUP BY user_id"
    )
    op.create_index(
        "ix_transactions_uncategorized",
        "transactions",
        ["user_id", "timestamp", "id"],
        postgresql_where=sa.text("type IN ('UNKNOWN', 'CONTRACT_INTERACTION')"),
    )
    op.create_index(
        "ix_tax_lots_open",
        "tax_lots",
        ["user_id", "acquired_at", "id"],
        postgresql_where=sa.text("remaining > 0"),
    )
    # the home chart sums flows per asset and UTC day: with the days' count known, PostgreSQL hashes the
    # few thousand groups instead of sorting every flow
    op.execute(
        "CREATE STATISTICS transactions_utc_day"
        """ ON ((timezone('UTC', "timestamp"))::date) FROM transactions"""
    )


def downgrade() -> None:
    op.execute("DROP STATISTICS transactions_utc_day")
    op.drop_index("ix_tax_lots_open", table_name="tax_lots")
    op.drop_index("ix_transactions_uncategorized", table_name="transactions")
    for name in TRIGGERS:
        op.execute(f"DROP TRIGGER {name} ON transactions")
    op.execute("DROP FUNCTION count_transaction_rows()")
    op.drop_index("ix_transaction_count_deltas_user_id", table_name="transaction_count_deltas")
    op.drop_table("transaction_count_deltas")
