"""The price table's version: a token renewed by a statement trigger on every write to `prices`, so a
process may keep the closes it read while the token it read them under is current (the home chart read
its assets' whole histories on every request).

Revision ID: 0045
Revises: 0044
Create Date: 2026-11-29 15:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0045"
down_revision: str | None = "0044"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RENEW_FUNCTION = """
CREATE FUNCTION renew_price_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE price_table_version SET token = gen_random_uuid();
    RETURN NULL;
END
$$
"""
RENEW_TRIGGER = "renew_price_table_version"


def upgrade() -> None:
    op.create_table(
        "price_table_version",
        sa.Column("token", sa.Uuid(), nullable=False),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_price_table_version")),
    )
    op.execute("INSERT INTO price_table_version (token) VALUES (gen_random_uuid())")
    op.execute(RENEW_FUNCTION)
    op.execute(
        f"CREATE TRIGGER {RENEW_TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prices"
        " FOR EACH STATEMENT EXECUTE FUNCTION renew_price_table_version()"
    )
    # fires in a replica session too (a restore, a bulk load): no write of closes goes unseen
    op.execute(f"ALTER TABLE prices ENABLE ALWAYS TRIGGER {RENEW_TRIGGER}")


def downgrade() -> None:
    op.execute(f"DROP TRIGGER {RENEW_TRIGGER} ON prices")
    op.execute("DROP FUNCTION renew_price_table_version()")
    op.drop_table("price_table_version")
