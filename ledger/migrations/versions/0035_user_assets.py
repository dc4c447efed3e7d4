"""A user's own tokens get a description and a USD price of the user's (spec 001 §3 "User asset").

Revision ID: 0035
Revises: 0034
Create Date: 2026-11-29 01:55:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0035"
down_revision: str | None = "0034"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("assets", sa.Column("description", sa.String(length=1000), nullable=True))
    op.add_column("assets", sa.Column("price_usd", sa.Numeric(precision=38, scale=18), nullable=True))


def downgrade() -> None:
    op.drop_column("assets", "price_usd")
    op.drop_column("assets", "description")
