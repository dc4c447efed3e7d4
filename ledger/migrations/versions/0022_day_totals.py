"""A cost-basis run's results and flows summed per user and UTC day (ledger.models.day_totals), filled
from what is stored now, and the index the disposed lots of one flow are found by.

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-25 02:20:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


BACKFILL = (
    """
INSERT INTO disposal_day_totals
SELECT slices.user_id, slices.day, slices.type, slices.term, slices.slices, per_type.transactions,
       slices.proceeds, slices.cost_basis, slices.gain
FROM (
    SELECT user_id, (disposed_at AT TIME ZONE 'UTC')::date AS day, type, term, count(*) AS slices,
           sum(proceeds) AS proceeds, sum(cost_basis) AS cost_basis, sum(gain) AS gain
    FROM disposed_lots GROUP BY 1, 2, 3, 4
) AS slices
JOIN (
    SELECT user_id, (disposed_at AT TIME ZONE 'UTC')::date AS day, type,
           count(DISTINCT transaction_id) AS transactions
    FROM disposed_lots GROUP BY 1, 2, 3
) AS per_type USING (user_id, day, type)
""",
    """
INSERT INTO income_day_totals
SELECT user_id, (received_at AT TIME ZONE 'UTC')::date, type, count(*), sum(value)
FROM income_events GROUP BY 1, 2, 3
""",
    """
INSERT INTO transaction_day_totals
SELECT user_id, (timestamp AT TIME ZONE 'UTC')::date, count(*)
FROM transactions WHERE NOT is_ignored GROUP BY 1, 2
""",
    """
INSERT INTO asset_day_changes
SELECT t.user_id, t.account_id, f.asset_id, (t.timestamp AT TIME ZONE 'UTC')::date,
       sum(CASE WHEN f.direction = 'INFLOW' THEN f.quantity ELSE -f.quantity END)
FROM flows AS f JOIN transactions AS t ON t.id = f.transaction_id JOIN assets AS a ON a.id = f.asset_id
WHERE NOT t.is_ignored AND t.type <> 'SPAM' AND a.is_spam IS NOT TRUE
GROUP BY 1, 2, 3, 4
""",
)


def _user_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["user_id"], ["users.id"], name=op.f(f"fk_{table}_user_id_users"), ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "disposal_day_totals",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("term", sa.String(length=5), nullable=False),
        sa.Column("slices", sa.BigInteger(), nullable=False),
        sa.Column("transactions", sa.BigInteger(), nullable=False),
        sa.Column("proceeds", sa.Numeric(), nullable=False),
        sa.Column("cost_basis", sa.Numeric(), nullable=False),
        sa.Column("gain", sa.Numeric(), nullable=False),
        _user_fk("disposal_day_totals"),
        sa.PrimaryKeyConstraint("user_id", "day", "type", "term", name=op.f("pk_disposal_day_totals")),
    )
    op.create_table(
        "income_day_totals",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("events", sa.BigInteger(), nullable=False),
        sa.Column("value", sa.Numeric(), nullable=False),
        _user_fk("income_day_totals"),
        sa.PrimaryKeyConstraint("user_id", "day", "type", name=op.f("pk_income_day_totals")),
    )
    op.create_table(
        "transaction_day_totals",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("transactions", sa.Integer(), nullable=False),
        _user_fk("transaction_day_totals"),
        sa.PrimaryKeyConstraint("user_id", "day", name=op.f("pk_transaction_day_totals")),
    )
    op.create_table(
        "asset_day_changes",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.BigInteger(), nullable=False),
        sa.Column("asset_id", sa.String(length=200), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("change", sa.Numeric(), nullable=False),
        _user_fk("asset_day_changes"),
        sa.ForeignKeyConstraint(
            ["asset_id"], ["assets.id"], name=op.f("fk_asset_day_changes_asset_id_assets"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_asset_day_changes_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "user_id", "account_id", "asset_id", "day", name=op.f("pk_asset_day_changes")
        ),
    )
    # the results stored before this revision, summed as a run sums them (ledger.writes.day_totals)
    for statement in BACKFILL:
        op.execute(statement)
    op.create_index(
        "ix_disposed_lots_user_id_flow_id", "disposed_lots", ["user_id", "flow_id", "disposed_at"]
    )


def downgrade() -> None:
    op.drop_index("ix_disposed_lots_user_id_flow_id", table_name="disposed_lots")
    op.drop_table("asset_day_changes")
    op.drop_table("transaction_day_totals")
    op.drop_table("income_day_totals")
    op.drop_table("disposal_day_totals")
