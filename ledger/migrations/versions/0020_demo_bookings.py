"""Demo bookings from the enterprise page.

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-25 02:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "demo_bookings",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("company", sa.String(length=200), nullable=False),
        sa.Column("message", sa.String(length=2000), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_demo_bookings")),
    )
    op.create_index("ix_demo_bookings_created_at", "demo_bookings", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_demo_bookings_created_at", table_name="demo_bookings")
    op.drop_table("demo_bookings")
