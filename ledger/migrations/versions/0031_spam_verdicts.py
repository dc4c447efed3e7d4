"""Each user's verdict on an asset, spam or not spam (the spam center).

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-26 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0031"
down_revision: str | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "spam_verdicts",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("asset_id", sa.String(length=200), nullable=False),
        sa.Column("is_spam", sa.Boolean(), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_spam_verdicts_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["asset_id"], ["assets.id"], name=op.f("fk_spam_verdicts_asset_id_assets"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "asset_id", name="pk_spam_verdicts"),
    )


def downgrade() -> None:
    op.drop_table("spam_verdicts")
