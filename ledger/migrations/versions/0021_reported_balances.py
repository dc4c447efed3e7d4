"""What the chain reports a synced wallet holds, per asset, kept at each sync beside the calculated
balance (the sum of the wallet's flows) for `isBalanceDifferenceSignificant`.

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-25 02:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "account_reported_balances",
        sa.Column("account_id", sa.BigInteger(), nullable=False),
        sa.Column("asset_id", sa.String(length=200), nullable=False),
        sa.Column("quantity", sa.Numeric(precision=38, scale=18), nullable=False),
        sa.Column("decimals", sa.SmallInteger(), nullable=False),
        sa.Column("reported_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_account_reported_balances_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["asset_id"],
            ["assets.id"],
            name=op.f("fk_account_reported_balances_asset_id_assets"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "asset_id", name=op.f("pk_account_reported_balances")),
    )


def downgrade() -> None:
    op.drop_table("account_reported_balances")
