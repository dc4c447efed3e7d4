"""Incremental cost-basis runs: each user's checkpoint (the engine's open lots at an instant, with the
database snapshot they were computed from) and the log of what changed the run's inputs since.

Triggers write the log in the changing transaction itself, with its transaction id: a run reads the
log rows its checkpoint's snapshot did not see and its own read does, so a change is counted exactly
when its data is (ledger.writes.cost_basis_checkpoints). A change to the ledger is logged from the
start of the UTC day of the earliest transaction it touched (a fiat trade sets the implied price of
its whole day); a change to what values or reads the whole ledger (the user's method, scope,
taxability, spam verdicts, frozen years, an asset's symbol or type) from the beginning (-infinity);
new prices from their earliest day, for every user (user_id NULL).

Revision ID: 0039
Revises: 0038
Create Date: 2026-11-29 05:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0039"
down_revision: str | None = "0038"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

XID = "(pg_current_xact_id()::text)::bigint"  # the changing transaction's id (64 bits: never wraps)
_DAY = "date_trunc('day', {moment}, 'UTC')"


def _logged(changes: str) -> str:
    """Log (user_id, since) rows; a user being deleted (their rows leave by cascade) is not logged."""
    return (
        "INSERT INTO cost_basis_changes (user_id, since) SELECT c.user_id, c.since FROM ("
        + changes
        + ") AS c"
        " WHERE c.user_id IS NULL OR EXISTS (SELECT 1 FROM users WHERE users.id = c.user_id)"
    )


# the ledger: transactions (a moved one from both of its times), their flows and transfer links
_TRANSACTIONS = _logged(
    "SELECT user_id, " + _DAY.format(moment="min(timestamp)") + " AS since FROM ({rows}) AS changed"
    " GROUP BY user_id"
)
_TRANSACTION_ROWS = {
    "INSERT": "SELECT user_id, timestamp FROM added",
    "DELETE": "SELECT user_id, timestamp FROM removed",
    "UPDATE": "SELECT user_id, timestamp FROM added UNION ALL SELECT user_id, timestamp FROM removed",
}
# a deleted transaction's flows and links leave with it: the transactions' trigger logged it
_OF_TRANSACTIONS = _logged(
    "SELECT t.user_id, " + _DAY.format(moment="min(t.timestamp)") + " AS since FROM ({rows}) AS changed"
    " JOIN transactions t ON t.id = changed.transaction_id GROUP BY t.user_id"
)
_FLOW_ROWS = {
    "INSERT": "SELECT DISTINCT transaction_id FROM added",
    "DELETE": "SELECT DISTINCT transaction_id FROM removed",
    "UPDATE": "SELECT transaction_id FROM added UNION SELECT transaction_id FROM removed",
}
_LINK_ENDS = (
    "SELECT from_transaction_id AS transaction_id FROM {table} UNION SELECT to_transaction_id FROM {table}"
)
_LINK_ROWS = {
    "INSERT": _LINK_ENDS.format(table="added"),
    "DELETE": _LINK_ENDS.format(table="removed"),
    "UPDATE": _LINK_ENDS.format(table="added") + " UNION " + _LINK_ENDS.format(table="removed"),
}
# whole-ledger settings of a user, kept in tables of their own
_WHOLE = _logged("SELECT DISTINCT user_id, '-infinity'::timestamptz AS since FROM ({rows}) AS changed")
_USER_ROWS = {
    "INSERT": "SELECT user_id FROM added",
    "DELETE": "SELECT user_id FROM removed",
    "UPDATE": "SELECT user_id FROM added UNION SELECT user_id FROM removed",
}
# shared by every user
_PRICES = _logged(
    "SELECT NULL::bigint AS user_id, min(date)::timestamp AT TIME ZONE 'UTC' AS since"
    " FROM ({rows}) AS changed HAVING count(*) > 0"
)
_PRICE_ROWS = {
    "INSERT": "SELECT date FROM added",
    "DELETE": "SELECT date FROM removed",
    "UPDATE": "SELECT date FROM added UNION ALL SELECT date FROM removed",
}


def _function(name: str, statement: str, rows: dict[str, str]) -> str:
    return f"""
CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN {statement.format(rows=rows["INSERT"])};
    ELSIF TG_OP = 'DELETE' THEN {statement.format(rows=rows["DELETE"])};
    ELSE {statement.format(rows=rows["UPDATE"])};
    END IF;
    RETURN NULL;
END
$$
"""


FUNCTIONS = {
    "log_transaction_changes": (_TRANSACTIONS, _TRANSACTION_ROWS),
    "log_flow_changes": (_OF_TRANSACTIONS, _FLOW_ROWS),
    "log_link_changes": (_OF_TRANSACTIONS, _LINK_ROWS),
    "log_user_setting_changes": (_WHOLE, _USER_ROWS),
    "log_price_changes": (_PRICES, _PRICE_ROWS),
}
# (table, function, fires in bulk imports too): bulk imports (session_replication_role = replica) add
# transactions with their flows only, so the transactions' trigger alone sees them
TABLES = (
    ("transactions", "log_transaction_changes", True),
    ("flows", "log_flow_changes", False),
    ("transaction_links", "log_link_changes", True),
    ("cost_basis_method_periods", "log_user_setting_changes", True),
    ("spam_verdicts", "log_user_setting_changes", True),
    ("frozen_periods", "log_user_setting_changes", True),
    ("prices", "log_price_changes", True),
)
_EVENTS = {
    "insert": "AFTER INSERT ON {table} REFERENCING NEW TABLE AS added",
    "delete": "AFTER DELETE ON {table} REFERENCING OLD TABLE AS removed",
    "update": "AFTER UPDATE ON {table} REFERENCING OLD TABLE AS removed NEW TABLE AS added",
}
# row triggers: a user's method, scope or taxability; an asset's symbol, type or spam verdict
ROW_FUNCTIONS = {
    "log_user_method_changes": "NEW.id",
    "log_asset_changes": "OLD.user_id",
}
ROW_TRIGGERS = {
    "users_cost_basis_changed": (
        "AFTER UPDATE ON users FOR EACH ROW WHEN ("
        "OLD.cost_basis_method IS DISTINCT FROM NEW.cost_basis_method"
        " OR OLD.cost_basis_by_wallet IS DISTINCT FROM NEW.cost_basis_by_wallet"
        " OR OLD.settings -> 'taxability' IS DISTINCT FROM NEW.settings -> 'taxability')",
        "log_user_method_changes",
    ),
    "assets_cost_basis_changed": (
        "AFTER UPDATE ON assets FOR EACH ROW WHEN ("
        "OLD.symbol IS DISTINCT FROM NEW.symbol OR OLD.type IS DISTINCT FROM NEW.type"
        " OR OLD.is_spam IS DISTINCT FROM NEW.is_spam)",
        "log_asset_changes",
    ),
    "assets_cost_basis_deleted": ("AFTER DELETE ON assets FOR EACH ROW", "log_asset_changes"),
}


def _trigger_name(table: str, event: str) -> str:
    return f"{table}_cost_basis_{event}"


def upgrade() -> None:
    op.create_table(
        "cost_basis_changes",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.Column("xid", sa.BigInteger(), server_default=sa.text(XID), nullable=False),
        sa.Column("logged_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cost_basis_changes")),
    )
    op.create_index("ix_cost_basis_changes_user_id", "cost_basis_changes", ["user_id"])
    op.create_table(
        "cost_basis_checkpoints",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("through", sa.DateTime(timezone=True), nullable=False),
        sa.Column("scope", sa.String(length=20), nullable=False),
        sa.Column("method", sa.String(length=200), nullable=False),
        sa.Column("read_snapshot", sa.Text(), nullable=False),
        sa.Column("opening_lots", sa.LargeBinary(), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_cost_basis_checkpoints_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_cost_basis_checkpoints")),
    )
    for name, (statement, rows) in FUNCTIONS.items():
        op.execute(_function(name, statement, rows))
    for table, function, always in TABLES:
        for event, clause in _EVENTS.items():
            trigger = _trigger_name(table, event)
            op.execute(
                f"CREATE TRIGGER {trigger} {clause.format(table=table)}"
                f" FOR EACH STATEMENT EXECUTE FUNCTION {function}()"
            )
            if always:
                op.execute(f"ALTER TABLE {table} ENABLE ALWAYS TRIGGER {trigger}")
    for name, user in ROW_FUNCTIONS.items():
        op.execute(
            f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            + _logged(f"SELECT {user} AS user_id, '-infinity'::timestamptz AS since")
            + "; "
            "RETURN NULL; END $$"
        )
    for trigger, (clause, function) in ROW_TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {trigger} {clause} EXECUTE FUNCTION {function}()")


def downgrade() -> None:
    for trigger, (clause, _) in ROW_TRIGGERS.items():
        table = clause.split(" ON ")[1].split()[0]
        op.execute(f"DROP TRIGGER {trigger} ON {table}")
    for name in ROW_FUNCTIONS:
        op.execute(f"DROP FUNCTION {name}()")
    for table, _, _ in TABLES:
        for event in _EVENTS:
            op.execute(f"DROP TRIGGER {_trigger_name(table, event)} ON {table}")
    for name in FUNCTIONS:
        op.execute(f"DROP FUNCTION {name}()")
    op.drop_table("cost_basis_checkpoints")
    op.drop_index("ix_cost_basis_changes_user_id", table_name="cost_basis_changes")
    op.drop_table("cost_basis_changes")
