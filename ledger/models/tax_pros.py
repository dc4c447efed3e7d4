"""Tax professionals and firms (spec 001 §3, §6): invites between clients and tax pros (an accepted one
is the relationship that lets the pro work on the client's books), firms with their members, the
clients a firm admin assigns to a member, and the audit of everything a pro does as a client."""

from __future__ import annotations

import uuid
from datetime import datetime
from enum import StrEnum

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Identity,
    Index,
    PrimaryKeyConstraint,
    SmallInteger,
    String,
    Uuid,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column, text_enum
from vocabulary.tax_pros import InviteInitiator, InviteKind, TaxFirmRole


class TaxFirm(Base):
    __tablename__ = "tax_firms"
    __table_args__ = (
        CheckConstraint("tax_plan_discount_percent BETWEEN 0 AND 100", name="tax_plan_discount_percent"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    public_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, unique=True, default=uuid.uuid4, server_default=func.gen_random_uuid()
    )
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(String(2000))
    email_suffix: Mapped[str | None] = mapped_column(String(255))  # e.g. "@firm.example"
    partner_type: Mapped[str | None] = mapped_column(String(50))  # values not shown by the spec
    is_contracted: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    tax_plan_discount_percent: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    created_at: Mapped[datetime] = created_at_column()


class TaxFirmMember(Base):
    """A tax pro belongs to at most one firm."""

    __tablename__ = "tax_firm_members"
    __table_args__ = (PrimaryKeyConstraint("firm_id", "user_id", name="pk_tax_firm_members"),)

    firm_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("tax_firms.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    role: Mapped[TaxFirmRole] = mapped_column(text_enum(TaxFirmRole, "tax_firm_role"))
    created_at: Mapped[datetime] = created_at_column()


class TaxProInvite(Base):
    """Sent, then accepted or deleted (spec 001 §4). The sender's side is known at once, the invitee's
    (found by e-mail) when they accept. An accepted client–pro invite stays: it is the relationship."""

    __tablename__ = "tax_pro_invites"
    __table_args__ = (
        CheckConstraint("invitee_email = lower(invitee_email)", name="invitee_email_lower_case"),
        CheckConstraint("kind <> 'TAX_FIRM' OR firm_id IS NOT NULL", name="firm_invite_has_firm"),
        CheckConstraint(
            "accepted_at IS NULL OR kind = 'TAX_FIRM' OR (client_id IS NOT NULL AND tax_pro_id IS NOT NULL)",
            name="accepted_has_both_sides",
        ),
        Index(
            "uq_tax_pro_invites_pending",
            "kind",
            "sender_id",
            "invitee_email",
            unique=True,
            postgresql_where=text("accepted_at IS NULL"),
        ),
        Index(
            "uq_tax_pro_invites_relationship",
            "client_id",
            "tax_pro_id",
            unique=True,
            postgresql_where=text("accepted_at IS NOT NULL AND kind = 'CLIENT_TAX_PRO'"),
        ),
        Index("ix_tax_pro_invites_invitee_email", "invitee_email"),
        Index("ix_tax_pro_invites_tax_pro_id", "tax_pro_id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    public_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, unique=True, default=uuid.uuid4, server_default=func.gen_random_uuid()
    )
    kind: Mapped[InviteKind] = mapped_column(text_enum(InviteKind, "invite_kind"))
    initiator: Mapped[InviteInitiator] = mapped_column(text_enum(InviteInitiator, "invite_initiator"))
    sender_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    invitee_email: Mapped[str] = mapped_column(String(320))
    client_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    tax_pro_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    firm_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("tax_firms.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = created_at_column()
    accepted_at: Mapped[datetime | None]


class TaxFirmClientAssignment(Base):
    """A firm admin gives a member pro one of the firm's clients (spec 001 §6 add/remove a tax pro for a
    client); it opens the client's books to that pro while the client is still a client of the firm."""

    __tablename__ = "tax_firm_client_assignments"
    __table_args__ = (
        PrimaryKeyConstraint("firm_id", "client_id", "tax_pro_id", name="pk_tax_firm_client_assignments"),
        Index("ix_tax_firm_client_assignments_tax_pro_id_client_id", "tax_pro_id", "client_id"),
    )

    firm_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("tax_firms.id", ondelete="CASCADE"))
    client_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    tax_pro_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = created_at_column()


class TaxProActionKind(StrEnum):
    VIEW_AS = "view_as"
    STOP_VIEWING = "stop_viewing"
    MUTATION = "mutation"
    READ = "read"  # a query, the first time in a viewing session (api.tax_pro_view.TaxProAudit)


class TaxProAction(Base):
    """What a tax pro did as a client: the start and end of viewing, every GraphQL mutation and each
    GraphQL query's first run in a viewing session (its operation and root fields); kept when either
    user is deleted."""

    __tablename__ = "tax_pro_actions"
    __table_args__ = (Index("ix_tax_pro_actions_client_id_created_at", "client_id", "created_at"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    tax_pro_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    client_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    action: Mapped[TaxProActionKind] = mapped_column(text_enum(TaxProActionKind, "tax_pro_action_kind"))
    operation: Mapped[str | None] = mapped_column(String(500))  # "Name: field, field" of an operation
    created_at: Mapped[datetime] = created_at_column()
