"""The open lots summed per user, account, asset and acquisition day by each cost-basis run
(ledger.writes.day_totals): the lots page's count and the holdings' cost basis read a few thousand rows,
not every open lot (by account, as the lots: an account's deletion takes its own). Filled here from the
stored lots, so the pages read them before the next run.

Revision ID: 0043
Revises: 0042
Create Date: 2026-11-29 12:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0043"
down_revision: str | None = "0042"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "open_lot_day_totals",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.BigInteger(), nullable=False),
        sa.Column("asset", sa.String(length=40), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("lots", sa.BigInteger(), nullable=False),
        sa.Column("remaining_cost_basis", sa.Numeric(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_open_lot_day_totals_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_open_lot_day_totals_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "account_id", "asset", "day", name=op.f("pk_open_lot_day_totals")),
    )
    op.execute(
        "INSERT INTO open_lot_day_totals (user_id, account_id, asset, day, lots, remaining_cost_basis)"
        " SELECT user_id, account_id, asset, (acquired_at AT TIME ZONE 'UTC')::date, count(*),"
        " sum(remaining_cost_basis)"
        " FROM tax_lots WHERE remaining > 0 GROUP BY 1, 2, 3, 4"
    )


def downgrade() -> None:
    op.drop_table("open_lot_day_totals")
