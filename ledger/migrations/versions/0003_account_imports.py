"""Imports into existing accounts and transfer matching: transactions to review, transfers unlinked by hand;
for large imports, time-ordered public ids (uuidv7, appended to their index) and no per-row checks of
foreign keys that other constraints imply.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Foreign keys a bulk import paid for on every row though other constraints already imply them: a
# transaction's user is its account's, its import goes with its account, and flows name assets that
# import resolved from the assets table. Checking them took a third of the time of a large import.
REDUNDANT_FOREIGN_KEYS = (
    ("transactions", "fk_transactions_user_id_users", ["user_id"], "users", "CASCADE"),
    ("transactions", "fk_transactions_import_id_imports", ["import_id"], "imports", "SET NULL"),
    ("flows", "fk_flows_asset_id_assets", ["asset_id"], "assets", None),
)


def upgrade() -> None:
    op.alter_column("transactions", "public_id", server_default=sa.text("uuidv7()"))
    for table, name, _, _, _ in REDUNDANT_FOREIGN_KEYS:
        op.drop_constraint(name, table, type_="foreignkey")
    op.drop_index("ix_transactions_import_id", table_name="transactions")  # it served the foreign key only
    op.create_table(
        "transaction_reviews",
        sa.Column("transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["transactions.id"],
            name=op.f("fk_transaction_reviews_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("transaction_id", name=op.f("pk_transaction_reviews")),
    )
    op.create_table(
        "transaction_link_exclusions",
        sa.Column("from_transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("to_transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["from_transaction_id"],
            ["transactions.id"],
            name=op.f("fk_transaction_link_exclusions_from_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["to_transaction_id"],
            ["transactions.id"],
            name=op.f("fk_transaction_link_exclusions_to_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_transaction_link_exclusions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "from_transaction_id", "to_transaction_id", name=op.f("pk_transaction_link_exclusions")
        ),
    )
    op.create_index(
        op.f("ix_transaction_link_exclusions_to_transaction_id"),
        "transaction_link_exclusions",
        ["to_transaction_id"],
    )
    op.create_index(
        op.f("ix_transaction_link_exclusions_user_id"), "transaction_link_exclusions", ["user_id"]
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_transaction_link_exclusions_user_id"), table_name="transaction_link_exclusions")
    op.drop_index(
        op.f("ix_transaction_link_exclusions_to_transaction_id"), table_name="transaction_link_exclusions"
    )
    op.drop_table("transaction_link_exclusions")
    op.drop_table("transaction_reviews")
    op.create_index("ix_transactions_import_id", "transactions", ["import_id"])
    for table, name, columns, referred, on_delete in REDUNDANT_FOREIGN_KEYS:
        op.create_foreign_key(name, table, referred, columns, ["id"], ondelete=on_delete)
    op.alter_column("transactions", "public_id", server_default=sa.text("gen_random_uuid()"))
