"""Tax professionals and firms: invites, firms, members, client assignments and the pros' audit.

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-25 04:20:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _created_at() -> sa.Column:
    return sa.Column(
        "created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False
    )


def upgrade() -> None:
    op.create_table(
        "tax_firms",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("public_id", sa.Uuid(), server_default=sa.text("gen_random_uuid()"), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=2000), nullable=True),
        sa.Column("email_suffix", sa.String(length=255), nullable=True),
        sa.Column("partner_type", sa.String(length=50), nullable=True),
        sa.Column("is_contracted", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("tax_plan_discount_percent", sa.SmallInteger(), server_default="0", nullable=False),
        _created_at(),
        sa.CheckConstraint(
            "tax_plan_discount_percent BETWEEN 0 AND 100", name=op.f("ck_tax_firms_tax_plan_discount_percent")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tax_firms")),
        sa.UniqueConstraint("public_id", name=op.f("uq_tax_firms_public_id")),
    )
    op.create_table(
        "tax_firm_members",
        sa.Column("firm_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("role", sa.String(length=14), nullable=False),
        _created_at(),
        sa.CheckConstraint(
            "role IN ('TAX_FIRM_ADMIN', 'TAX_PRO')", name=op.f("ck_tax_firm_members_tax_firm_role")
        ),
        sa.ForeignKeyConstraint(
            ["firm_id"],
            ["tax_firms.id"],
            name=op.f("fk_tax_firm_members_firm_id_tax_firms"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_tax_firm_members_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("firm_id", "user_id", name="pk_tax_firm_members"),
        sa.UniqueConstraint("user_id", name=op.f("uq_tax_firm_members_user_id")),
    )
    op.create_table(
        "tax_pro_invites",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("public_id", sa.Uuid(), server_default=sa.text("gen_random_uuid()"), nullable=False),
        sa.Column("kind", sa.String(length=14), nullable=False),
        sa.Column("initiator", sa.String(length=7), nullable=False),
        sa.Column("sender_id", sa.BigInteger(), nullable=False),
        sa.Column("invitee_email", sa.String(length=320), nullable=False),
        sa.Column("client_id", sa.BigInteger(), nullable=True),
        sa.Column("tax_pro_id", sa.BigInteger(), nullable=True),
        sa.Column("firm_id", sa.BigInteger(), nullable=True),
        _created_at(),
        sa.Column("accepted_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "invitee_email = lower(invitee_email)", name=op.f("ck_tax_pro_invites_invitee_email_lower_case")
        ),
        sa.CheckConstraint(
            "kind <> 'TAX_FIRM' OR firm_id IS NOT NULL", name=op.f("ck_tax_pro_invites_firm_invite_has_firm")
        ),
        sa.CheckConstraint(
            "accepted_at IS NULL OR kind = 'TAX_FIRM' OR (client_id IS NOT NULL AND tax_pro_id IS NOT NULL)",
            name=op.f("ck_tax_pro_invites_accepted_has_both_sides"),
        ),
        sa.CheckConstraint(
            "kind IN ('CLIENT_TAX_PRO', 'TAX_FIRM')", name=op.f("ck_tax_pro_invites_invite_kind")
        ),
        sa.CheckConstraint(
            "initiator IN ('CLIENT', 'TAX_PRO')", name=op.f("ck_tax_pro_invites_invite_initiator")
        ),
        sa.ForeignKeyConstraint(
            ["sender_id"], ["users.id"], name=op.f("fk_tax_pro_invites_sender_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["client_id"], ["users.id"], name=op.f("fk_tax_pro_invites_client_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tax_pro_id"], ["users.id"], name=op.f("fk_tax_pro_invites_tax_pro_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["firm_id"],
            ["tax_firms.id"],
            name=op.f("fk_tax_pro_invites_firm_id_tax_firms"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tax_pro_invites")),
        sa.UniqueConstraint("public_id", name=op.f("uq_tax_pro_invites_public_id")),
    )
    op.create_index(
        "uq_tax_pro_invites_pending",
        "tax_pro_invites",
        ["kind", "sender_id", "invitee_email"],
        unique=True,
        postgresql_where=sa.text("accepted_at IS NULL"),
    )
    op.create_index(
        "uq_tax_pro_invites_relationship",
        "tax_pro_invites",
        ["client_id", "tax_pro_id"],
        unique=True,
        postgresql_where=sa.text("accepted_at IS NOT NULL AND kind = 'CLIENT_TAX_PRO'"),
    )
    op.create_index("ix_tax_pro_invites_invitee_email", "tax_pro_invites", ["invitee_email"])
    op.create_index("ix_tax_pro_invites_tax_pro_id", "tax_pro_invites", ["tax_pro_id"])
    op.create_index("ix_tax_pro_invites_client_id", "tax_pro_invites", ["client_id"])
    op.create_index("ix_tax_pro_invites_firm_id", "tax_pro_invites", ["firm_id"])
    op.create_table(
        "tax_firm_client_assignments",
        sa.Column("firm_id", sa.BigInteger(), nullable=False),
        sa.Column("client_id", sa.BigInteger(), nullable=False),
        sa.Column("tax_pro_id", sa.BigInteger(), nullable=False),
        _created_at(),
        sa.ForeignKeyConstraint(
            ["firm_id"],
            ["tax_firms.id"],
            name=op.f("fk_tax_firm_client_assignments_firm_id_tax_firms"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["client_id"],
            ["users.id"],
            name=op.f("fk_tax_firm_client_assignments_client_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tax_pro_id"],
            ["users.id"],
            name=op.f("fk_tax_firm_client_assignments_tax_pro_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("firm_id", "client_id", "tax_pro_id", name="pk_tax_firm_client_assignments"),
    )
    op.create_index(
        "ix_tax_firm_client_assignments_tax_pro_id_client_id",
        "tax_firm_client_assignments",
        ["tax_pro_id", "client_id"],
    )
    op.create_table(
        "tax_pro_actions",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("tax_pro_id", sa.BigInteger(), nullable=True),
        sa.Column("client_id", sa.BigInteger(), nullable=True),
        sa.Column("action", sa.String(length=12), nullable=False),
        sa.Column("operation", sa.String(length=500), nullable=True),
        _created_at(),
        sa.CheckConstraint(
            "action IN ('view_as', 'stop_viewing', 'mutation')",
            name=op.f("ck_tax_pro_actions_tax_pro_action_kind"),
        ),
        sa.ForeignKeyConstraint(
            ["tax_pro_id"],
            ["users.id"],
            name=op.f("fk_tax_pro_actions_tax_pro_id_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["client_id"], ["users.id"], name=op.f("fk_tax_pro_actions_client_id_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tax_pro_actions")),
    )
    op.create_index("ix_tax_pro_actions_client_id_created_at", "tax_pro_actions", ["client_id", "created_at"])


def downgrade() -> None:
    op.drop_table("tax_pro_actions")
    op.drop_table("tax_firm_client_assignments")
    op.drop_table("tax_pro_invites")
    op.drop_table("tax_firm_members")
    op.drop_table("tax_firms")
