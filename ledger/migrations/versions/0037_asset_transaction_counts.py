"""The transactions page's `asset_id:` total read, not counted: each user's transactions that move an
asset kept per (user, asset) by statement-level triggers on `flows`, which now carry their transaction's
user (a deleted transaction's flows are gone before any trigger could look the user up). The flows'
foreign key names (transaction, user), so a flow's user is its transaction's by construction.

Revision ID: 0037
Revises: 0036
Create Date: 2026-11-29 02:45:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0037"
down_revision: str | None = "0036"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A transaction is counted once per asset however many flows of it it has: per (transaction, asset) the
# statement changed, the flows there are now against those there were before (now − added + removed),
# and the count changes only where one side has none. An update that keeps each flow's transaction and
# asset (a value, an override) changes no pair and probes nothing. A user being deleted is not counted.
# The probe names all three columns of the flows' (user, asset, transaction) index (migration 0040): given
# two, PostgreSQL 18 chose that index with a skip scan, and a 50,000-transaction import took 76 s, not 7 s.
_PAIRS_CHANGED = {
    "INSERT": "SELECT user_id, transaction_id, asset_id, 1 AS change FROM added",
    "DELETE": "SELECT user_id, transaction_id, asset_id, -1 AS change FROM removed",
    "UPDATE": (
        "SELECT user_id, transaction_id, asset_id, 1 AS change FROM added UNION ALL"
        " SELECT user_id, transaction_id, asset_id, -1 FROM removed"
    ),
}
_COUNT_PAIRS = """
        INSERT INTO asset_count_deltas (user_id, asset_id, delta)
        SELECT user_id, asset_id, sum(counted) FROM (
            SELECT pairs.user_id, pairs.asset_id,
                   (present.flows > 0)::int - (present.flows - pairs.change > 0)::int AS counted
            FROM (
                SELECT user_id, transaction_id, asset_id, sum(change) AS change FROM ({changed}) AS changed
                GROUP BY 1, 2, 3 HAVING sum(change) <> 0
            ) AS pairs
            JOIN users ON users.id = pairs.user_id
            CROSS JOIN LATERAL (
                SELECT count(*) AS flows FROM flows
                WHERE flows.user_id = pairs.user_id AND flows.asset_id = pairs.asset_id
                  AND flows.transaction_id = pairs.transaction_id
            ) AS present
        ) AS counts
        GROUP BY 1, 2 HAVING sum(counted) <> 0 ORDER BY 1, 2;"""
COUNT_FUNCTION = f"""
CREATE FUNCTION count_asset_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN{_COUNT_PAIRS.format(changed=_PAIRS_CHANGED["INSERT"])}
    ELSIF TG_OP = 'DELETE' THEN{_COUNT_PAIRS.format(changed=_PAIRS_CHANGED["DELETE"])}
    ELSE{_COUNT_PAIRS.format(changed=_PAIRS_CHANGED["UPDATE"])}
    END IF;
    RETURN NULL;
END
$$
"""
TRIGGERS = {
    "flows_counted_on_insert": "AFTER INSERT ON flows REFERENCING NEW TABLE AS added",
    "flows_counted_on_delete": "AFTER DELETE ON flows REFERENCING OLD TABLE AS removed",
    "flows_counted_on_update": "AFTER UPDATE ON flows REFERENCING OLD TABLE AS removed NEW TABLE AS added",
}
FLOW_TRANSACTION_KEY = "fk_flows_transaction_id_transactions"


def upgrade() -> None:
    op.create_unique_constraint("uq_transactions_id_user_id", "transactions", ["id", "user_id"])
    op.add_column("flows", sa.Column("user_id", sa.BigInteger(), nullable=True))
    op.execute("LOCK TABLE transactions, flows IN SHARE MODE")  # the counts below stay exact
    op.execute("UPDATE flows SET user_id = t.user_id FROM transactions t WHERE t.id = flows.transaction_id")
    op.alter_column("flows", "user_id", nullable=False)
    op.drop_constraint(FLOW_TRANSACTION_KEY, "flows", type_="foreignkey")
    op.create_foreign_key(
        FLOW_TRANSACTION_KEY,
        "flows",
        "transactions",
        ["transaction_id", "user_id"],
        ["id", "user_id"],
        ondelete="CASCADE",
    )
    op.create_table(
        "asset_count_deltas",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("asset_id", sa.String(length=200), nullable=False),
        sa.Column("delta", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_asset_count_deltas_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_asset_count_deltas")),
    )
    op.execute(
        "INSERT INTO asset_count_deltas (user_id, asset_id, delta)"
        " SELECT user_id, asset_id, count(DISTINCT transaction_id) FROM flows GROUP BY 1, 2"
    )
    op.create_index(
        "ix_asset_count_deltas_user_id_asset_id",
        "asset_count_deltas",
        ["user_id", "asset_id"],
        postgresql_include=["delta"],
    )
    op.execute(COUNT_FUNCTION)
    for name, event in TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {event} FOR EACH STATEMENT EXECUTE FUNCTION count_asset_rows()")
        # bulk imports write flows with `session_replication_role = replica`
        op.execute(f"ALTER TABLE flows ENABLE ALWAYS TRIGGER {name}")


def downgrade() -> None:
    for name in TRIGGERS:
        op.execute(f"DROP TRIGGER {name} ON flows")
    op.execute("DROP FUNCTION count_asset_rows()")
    op.drop_index("ix_asset_count_deltas_user_id_asset_id", table_name="asset_count_deltas")
    op.drop_table("asset_count_deltas")
    op.drop_constraint(FLOW_TRANSACTION_KEY, "flows", type_="foreignkey")
    op.create_foreign_key(
        FLOW_TRANSACTION_KEY, "flows", "transactions", ["transaction_id"], ["id"], ondelete="CASCADE"
    )
    op.drop_column("flows", "user_id")
    op.drop_constraint("uq_transactions_id_user_id", "transactions", type_="unique")
