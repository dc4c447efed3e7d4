"""Tax professionals and firms as one user sees them (spec 001 §6): their invites, their clients or tax
pros, their firm. Every lookup by public id is limited to what this user may see; anything else answers
`TaxProError(NOT_FOUND)`, exactly like an id that does not exist. Writes commit.

Who may work on whose books is decided here too (`may_view_as`): a pro whose invite with the client was
accepted, or a member pro a firm admin assigned to a client of the firm."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ColumnElement, SQLColumnExpression, and_, delete, exists, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from ledger.models import TaxFirm, TaxFirmClientAssignment, TaxFirmMember, TaxProAction, TaxProInvite, User
from ledger.models.tax_pros import TaxProActionKind
from vocabulary.tax_pros import InviteInitiator, InviteKind, TaxFirmRole

REGISTERED_KEY = "registeredAsTaxPro"  # user settings (spec 001 §3 toggles)
IS_CPA_KEY = "isCpa"

NOT_FOUND = "Not found."
NOT_A_TAX_PRO = "Register as a tax professional first."
CANNOT_INVITE_SELF = "You can't invite yourself."
ALREADY_CONNECTED = "You already work with this person."
INVITE_PENDING = "An invite to this email is already pending."
ALREADY_IN_FIRM = "This tax professional already belongs to a firm."
LAST_ADMIN = "A firm needs at least one admin."
NOT_A_FIRM_CLIENT = "This client is not a client of the firm."
NOT_A_MEMBER = "This tax professional is not a member of the firm."


class TaxProError(ValueError):
    """A refused request; its message is the one the user reads."""


def is_tax_pro(user: User) -> bool:
    return bool(user.settings.get(REGISTERED_KEY, False))


def is_cpa(user: User) -> bool:
    return bool(user.settings.get(IS_CPA_KEY, False))


@dataclass(frozen=True)
class Invite:
    invite: TaxProInvite
    other_email: str  # the invitee's e-mail for a sent invite, the sender's for an incoming one
    firm: TaxFirm | None


@dataclass(frozen=True)
class Counterpart:
    """A client of a pro, or a pro of a client."""

    user: User
    since: datetime
    invite_public_id: uuid.UUID | None  # the accepted invite (None: assigned by a firm)
    firm: TaxFirm | None = None  # the pro's firm, or the firm that assigned the client
    assigned: list[User] = field(default_factory=list)  # the firm's pros assigned to this client


@dataclass(frozen=True)
class Membership:
    firm: TaxFirm
    role: TaxFirmRole


@dataclass(frozen=True)
class Member:
    user: User
    role: TaxFirmRole
    clients: list[User]


Id = SQLColumnExpression[Any] | int  # a user's or firm's id, or the column holding it


def _relationship(pro_id: Id, client_id: Id) -> ColumnElement[bool]:
    return and_(
        TaxProInvite.kind == InviteKind.CLIENT_TAX_PRO,
        TaxProInvite.accepted_at.is_not(None),
        TaxProInvite.tax_pro_id == pro_id,
        TaxProInvite.client_id == client_id,
    )


def _firm_client(firm_id: Id, client_id: Id) -> ColumnElement[bool]:
    """The client works with a member of the firm."""
    member = aliased(TaxFirmMember)
    return exists(
        select(1)
        .select_from(TaxProInvite)
        .join(member, member.user_id == TaxProInvite.tax_pro_id)
        .where(member.firm_id == firm_id, _relationship(TaxProInvite.tax_pro_id, client_id))
    )


def _accepted(at: datetime | None) -> datetime:
    assert at is not None, "read from accepted invites only"
    return at


async def may_view_as(session: AsyncSession, pro: User, client_id: int) -> bool:
    """Whether `pro` may work on `client_id`'s books now: checked on every request, so a deleted invite
    or assignment closes the books at once."""
    if not is_tax_pro(pro):
        return False
    direct = exists(select(1).where(_relationship(pro.id, client_id)))
    assigned = exists(
        select(1)
        .select_from(TaxFirmClientAssignment)
        .join(
            TaxFirmMember,
            and_(
                TaxFirmMember.firm_id == TaxFirmClientAssignment.firm_id,
                TaxFirmMember.user_id == TaxFirmClientAssignment.tax_pro_id,
            ),
        )
        .where(
            TaxFirmClientAssignment.tax_pro_id == pro.id,
            TaxFirmClientAssignment.client_id == client_id,
            _firm_client(TaxFirmClientAssignment.firm_id, client_id),
        )
    )
    return bool(await session.scalar(select(or_(direct, assigned))))


def record_action(
    session: AsyncSession, pro_id: int, client_id: int, action: TaxProActionKind, operation: str | None = None
) -> None:
    """Audits what a pro did as a client; the caller commits."""
    session.add(TaxProAction(tax_pro_id=pro_id, client_id=client_id, action=action, operation=operation))


async def record_first_read(session: AsyncSession, pro_id: int, client_id: int, operation: str) -> None:
    """Audits a read of the client's data the first time the pro makes it (the same operation and root
    fields) since they last started viewing the client; the caller commits."""
    started = (
        select(func.max(TaxProAction.created_at))
        .where(
            TaxProAction.tax_pro_id == pro_id,
            TaxProAction.client_id == client_id,
            TaxProAction.action == TaxProActionKind.VIEW_AS,
        )
        .scalar_subquery()
    )
    made = exists().where(
        TaxProAction.tax_pro_id == pro_id,
        TaxProAction.client_id == client_id,
        TaxProAction.action == TaxProActionKind.READ,
        TaxProAction.operation == operation,
        TaxProAction.created_at >= started,
    )
    if not await session.scalar(select(made)):
        record_action(session, pro_id, client_id, TaxProActionKind.READ, operation)


async def leaves_firm_without_admin(session: AsyncSession, user_id: int) -> bool:
    """Whether the user's going (leaving their firm, or deleting their account) would leave the firm's
    other members without an admin: the user is its only admin and not its only member."""
    mine = aliased(TaxFirmMember)
    others = select(TaxFirmMember.user_id).where(
        TaxFirmMember.firm_id == mine.firm_id, TaxFirmMember.user_id != user_id
    )
    other_admins = others.where(TaxFirmMember.role == TaxFirmRole.TAX_FIRM_ADMIN)
    stranded = exists().where(mine.user_id == user_id, exists(others), ~exists(other_admins))
    return bool(await session.scalar(select(stranded)))


class TaxProsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def _me(self) -> User:
        user = await self.session.get(User, self.user_id)
        if user is None:
            raise LookupError(f"user {self.user_id} no longer exists")
        return user

    async def _pro(self) -> User:
        me = await self._me()
        if not is_tax_pro(me):
            raise TaxProError(NOT_A_TAX_PRO)
        return me

    async def _commit(self, refusal: str) -> None:
        try:
            await self.session.commit()
        except IntegrityError as exc:
            await self.session.rollback()
            raise TaxProError(refusal) from exc

    # registration

    async def register(self, *, cpa: bool, firm_name: str | None) -> None:
        """Registers the user as a tax pro; with a firm name, they found that firm as its admin (when they
        belong to none yet)."""
        me = await self._me()
        me.settings = {**me.settings, REGISTERED_KEY: True, IS_CPA_KEY: cpa}
        if firm_name and await self.membership() is None:
            firm = TaxFirm(name=firm_name)
            self.session.add(firm)
            await self.session.flush()
            self.session.add(TaxFirmMember(firm_id=firm.id, user_id=me.id, role=TaxFirmRole.TAX_FIRM_ADMIN))
        await self._commit(ALREADY_IN_FIRM)

    # invites between clients and pros

    async def send_invite(self, email: str, initiator: InviteInitiator) -> None:
        """`initiator` is the sender's side: CLIENT invites a pro to their books, TAX_PRO invites a
        client (the sender must be a registered pro)."""
        me = await self._pro() if initiator is InviteInitiator.TAX_PRO else await self._me()
        email = email.strip().lower()
        if email == me.email:
            raise TaxProError(CANNOT_INVITE_SELF)
        other = await self.session.scalar(select(User.id).where(User.email == email))
        if other is not None:
            pro, client = (me.id, other) if initiator is InviteInitiator.TAX_PRO else (other, me.id)
            if await self.session.scalar(select(exists().where(_relationship(pro, client)))):
                raise TaxProError(ALREADY_CONNECTED)
        self.session.add(
            TaxProInvite(
                kind=InviteKind.CLIENT_TAX_PRO,
                initiator=initiator,
                sender_id=me.id,
                invitee_email=email,
                client_id=me.id if initiator is InviteInitiator.CLIENT else None,
                tax_pro_id=me.id if initiator is InviteInitiator.TAX_PRO else None,
            )
        )
        await self._commit(INVITE_PENDING)

    async def _incoming(self, public_id: uuid.UUID) -> TaxProInvite:
        me = await self._me()
        invite = await self.session.scalar(
            select(TaxProInvite)
            .where(
                TaxProInvite.public_id == public_id,
                TaxProInvite.invitee_email == me.email,
                TaxProInvite.accepted_at.is_(None),
            )
            .with_for_update()
        )
        if invite is None:
            raise TaxProError(NOT_FOUND)
        return invite

    async def accept_invite(self, public_id: uuid.UUID) -> None:
        """Accepts a pending invite addressed to the user's e-mail; an accepted or deleted one is not
        found (a replay changes nothing)."""
        invite = await self._incoming(public_id)
        now = datetime.now(UTC)
        if invite.kind is InviteKind.TAX_FIRM:
            await self._pro()
            if await self.membership() is not None:
                raise TaxProError(ALREADY_IN_FIRM)
            assert invite.firm_id is not None
            self.session.add(
                TaxFirmMember(firm_id=invite.firm_id, user_id=self.user_id, role=TaxFirmRole.TAX_PRO)
            )
            invite.accepted_at = now
            await self._commit(ALREADY_IN_FIRM)
            return
        if invite.initiator is InviteInitiator.CLIENT:
            await self._pro()
            invite.tax_pro_id = self.user_id
        else:
            invite.client_id = self.user_id
        invite.accepted_at = now
        await self._commit(ALREADY_CONNECTED)

    async def delete_invite(self, public_id: uuid.UUID) -> None:
        """Deletes an invite the user sent, received (pending) or is a side of (accepted: the client and
        the pro stop working together); a firm's admins delete the firm's pending invites."""
        me = await self._me()
        admin_firms = select(TaxFirmMember.firm_id).where(
            TaxFirmMember.user_id == me.id, TaxFirmMember.role == TaxFirmRole.TAX_FIRM_ADMIN
        )
        deleted = await self.session.execute(
            delete(TaxProInvite)
            .where(
                TaxProInvite.public_id == public_id,
                or_(
                    TaxProInvite.sender_id == me.id,
                    and_(TaxProInvite.accepted_at.is_(None), TaxProInvite.invitee_email == me.email),
                    and_(
                        TaxProInvite.kind == InviteKind.CLIENT_TAX_PRO,
                        TaxProInvite.accepted_at.is_not(None),
                        or_(TaxProInvite.client_id == me.id, TaxProInvite.tax_pro_id == me.id),
                    ),
                    and_(TaxProInvite.accepted_at.is_(None), TaxProInvite.firm_id.in_(admin_firms)),
                ),
            )
            .returning(TaxProInvite.id)
        )
        if deleted.first() is None:
            raise TaxProError(NOT_FOUND)
        await self.session.commit()

    async def incoming_invites(self) -> list[Invite]:
        me = await self._me()
        sender = aliased(User)
        rows = await self.session.execute(
            select(TaxProInvite, sender.email, TaxFirm)
            .join(sender, sender.id == TaxProInvite.sender_id)
            .outerjoin(TaxFirm, TaxFirm.id == TaxProInvite.firm_id)
            .where(TaxProInvite.invitee_email == me.email, TaxProInvite.accepted_at.is_(None))
            .order_by(TaxProInvite.created_at.desc(), TaxProInvite.id.desc())
        )
        return [Invite(invite, email, firm) for invite, email, firm in rows]

    async def sent_invites(self) -> list[Invite]:
        """The pending invites between clients and pros the user sent."""
        rows = await self.session.scalars(
            select(TaxProInvite)
            .where(
                TaxProInvite.sender_id == self.user_id,
                TaxProInvite.kind == InviteKind.CLIENT_TAX_PRO,
                TaxProInvite.accepted_at.is_(None),
            )
            .order_by(TaxProInvite.created_at.desc(), TaxProInvite.id.desc())
        )
        return [Invite(invite, invite.invitee_email, None) for invite in rows]

    # the people the user works with

    async def clients(self) -> list[Counterpart]:
        """A pro's clients: by accepted invite, then those a firm assigned to them."""
        client = aliased(User)
        direct = await self.session.execute(
            select(client, TaxProInvite.accepted_at, TaxProInvite.public_id)
            .join(TaxProInvite, TaxProInvite.client_id == client.id)
            .where(_relationship(self.user_id, client.id))
            .order_by(client.email)
        )
        found = [Counterpart(user, _accepted(at), invite_id) for user, at, invite_id in direct]
        seen = {counterpart.user.id for counterpart in found}
        assigned = await self.session.execute(
            select(client, TaxFirmClientAssignment.created_at, TaxFirm)
            .join(TaxFirmClientAssignment, TaxFirmClientAssignment.client_id == client.id)
            .join(TaxFirm, TaxFirm.id == TaxFirmClientAssignment.firm_id)
            .join(
                TaxFirmMember,
                and_(TaxFirmMember.firm_id == TaxFirm.id, TaxFirmMember.user_id == self.user_id),
            )
            .where(
                TaxFirmClientAssignment.tax_pro_id == self.user_id,
                _firm_client(TaxFirm.id, client.id),
            )
            .order_by(client.email)
        )
        for user, since, firm in assigned:
            if user.id not in seen:
                seen.add(user.id)
                found.append(Counterpart(user, since, None, firm))
        return found

    async def tax_pros(self) -> list[Counterpart]:
        """The pros who work on the user's books: by accepted invite, and those a firm assigned."""
        pro = aliased(User)
        direct = await self.session.execute(
            select(pro, TaxProInvite.accepted_at, TaxProInvite.public_id, TaxFirm)
            .join(TaxProInvite, TaxProInvite.tax_pro_id == pro.id)
            .outerjoin(TaxFirmMember, TaxFirmMember.user_id == pro.id)
            .outerjoin(TaxFirm, TaxFirm.id == TaxFirmMember.firm_id)
            .where(_relationship(pro.id, self.user_id))
            .order_by(pro.email)
        )
        found = [Counterpart(user, _accepted(at), invite_id, firm) for user, at, invite_id, firm in direct]
        seen = {counterpart.user.id for counterpart in found}
        assigned = await self.session.execute(
            select(pro, TaxFirmClientAssignment.created_at, TaxFirm)
            .join(TaxFirmClientAssignment, TaxFirmClientAssignment.tax_pro_id == pro.id)
            .join(TaxFirm, TaxFirm.id == TaxFirmClientAssignment.firm_id)
            .join(TaxFirmMember, and_(TaxFirmMember.firm_id == TaxFirm.id, TaxFirmMember.user_id == pro.id))
            .where(
                TaxFirmClientAssignment.client_id == self.user_id,
                _firm_client(TaxFirm.id, self.user_id),
            )
            .order_by(pro.email)
        )
        for user, since, firm in assigned:
            if user.id not in seen:
                seen.add(user.id)
                found.append(Counterpart(user, since, None, firm))
        return found

    # firms

    async def is_firm_client(self) -> bool:
        """Whether the user is a client of a tax firm: works with one of its member pros."""
        firms = select(TaxFirm.id).where(_firm_client(TaxFirm.id, self.user_id))
        return bool(await self.session.scalar(select(exists(firms))))

    async def membership(self) -> Membership | None:
        row = (
            await self.session.execute(
                select(TaxFirm, TaxFirmMember.role)
                .join(TaxFirmMember, TaxFirmMember.firm_id == TaxFirm.id)
                .where(TaxFirmMember.user_id == self.user_id)
            )
        ).first()
        return None if row is None else Membership(row[0], row[1])

    async def firm(self, public_id: uuid.UUID) -> Membership:
        """The user's firm by its public id; any other firm is not found."""
        membership = await self.membership()
        if membership is None or membership.firm.public_id != public_id:
            raise TaxProError(NOT_FOUND)
        return membership

    async def _administered(self, public_id: uuid.UUID) -> TaxFirm:
        membership = await self.firm(public_id)
        if membership.role is not TaxFirmRole.TAX_FIRM_ADMIN:
            raise TaxProError(NOT_FOUND)
        return membership.firm

    async def _member_id(self, firm: TaxFirm, user_public_id: uuid.UUID) -> int:
        found = await self.session.scalar(
            select(User.id)
            .join(TaxFirmMember, TaxFirmMember.user_id == User.id)
            .where(TaxFirmMember.firm_id == firm.id, User.public_id == user_public_id)
        )
        if found is None:
            raise TaxProError(NOT_FOUND)
        return found

    async def members(self, public_id: uuid.UUID, *, with_clients: bool) -> list[Member]:
        """The firm's members (the user's own firm only), each with the firm's clients they work with."""
        firm = (await self.firm(public_id)).firm
        rows = (
            await self.session.execute(
                select(User, TaxFirmMember.role)
                .join(TaxFirmMember, TaxFirmMember.user_id == User.id)
                .where(TaxFirmMember.firm_id == firm.id)
                .order_by(TaxFirmMember.role, User.email)
            )
        ).all()
        clients: dict[int, list[User]] = {}
        if with_clients:
            client = aliased(User)
            direct = select(
                TaxProInvite.tax_pro_id.label("pro_id"), TaxProInvite.client_id.label("client_id")
            ).where(TaxProInvite.kind == InviteKind.CLIENT_TAX_PRO, TaxProInvite.accepted_at.is_not(None))
            assigned = select(TaxFirmClientAssignment.tax_pro_id, TaxFirmClientAssignment.client_id).where(
                TaxFirmClientAssignment.firm_id == firm.id,
                _firm_client(firm.id, TaxFirmClientAssignment.client_id),
            )
            links = direct.union(assigned).subquery()
            pairs = await self.session.execute(
                select(links.c.pro_id, client)
                .join(client, client.id == links.c.client_id)
                .join(TaxFirmMember, TaxFirmMember.user_id == links.c.pro_id)
                .where(TaxFirmMember.firm_id == firm.id)
                .order_by(client.email)
            )
            for pro_id, user in pairs:
                clients.setdefault(pro_id, []).append(user)
        return [Member(user, role, clients.get(user.id, [])) for user, role in rows]

    async def firm_invites(self, public_id: uuid.UUID) -> list[Invite]:
        firm = await self._administered(public_id)
        rows = await self.session.scalars(
            select(TaxProInvite)
            .where(TaxProInvite.firm_id == firm.id, TaxProInvite.accepted_at.is_(None))
            .order_by(TaxProInvite.created_at.desc(), TaxProInvite.id.desc())
        )
        return [Invite(invite, invite.invitee_email, firm) for invite in rows]

    async def edit_firm(
        self, public_id: uuid.UUID, *, name: str, description: str | None, email_suffix: str | None
    ) -> None:
        firm = await self._administered(public_id)
        firm.name, firm.description, firm.email_suffix = name, description, email_suffix
        await self.session.commit()

    async def send_firm_invite(self, public_id: uuid.UUID, email: str) -> None:
        firm = await self._administered(public_id)
        email = email.strip().lower()
        if email == (await self._me()).email:
            raise TaxProError(CANNOT_INVITE_SELF)
        in_a_firm = select(TaxFirmMember.user_id).join(User, User.id == TaxFirmMember.user_id)
        if await self.session.scalar(select(exists(in_a_firm.where(User.email == email)))):
            raise TaxProError(ALREADY_IN_FIRM)
        self.session.add(
            TaxProInvite(
                kind=InviteKind.TAX_FIRM,
                initiator=InviteInitiator.TAX_PRO,
                sender_id=self.user_id,
                invitee_email=email,
                firm_id=firm.id,
            )
        )
        await self._commit(INVITE_PENDING)

    async def _admins_left(self, firm: TaxFirm, without: int) -> int:
        count: int = (
            await self.session.scalar(
                select(func.count())
                .select_from(TaxFirmMember)
                .where(
                    TaxFirmMember.firm_id == firm.id,
                    TaxFirmMember.role == TaxFirmRole.TAX_FIRM_ADMIN,
                    TaxFirmMember.user_id != without,
                )
            )
            or 0
        )
        return count

    async def set_admin(self, public_id: uuid.UUID, user_public_id: uuid.UUID, *, admin: bool) -> None:
        firm = await self._administered(public_id)
        member_id = await self._member_id(firm, user_public_id)
        if not admin and await self._admins_left(firm, without=member_id) == 0:
            raise TaxProError(LAST_ADMIN)
        await self.session.execute(
            update(TaxFirmMember)
            .where(TaxFirmMember.firm_id == firm.id, TaxFirmMember.user_id == member_id)
            .values(role=TaxFirmRole.TAX_FIRM_ADMIN if admin else TaxFirmRole.TAX_PRO)
        )
        await self.session.commit()

    async def _remove_member(self, firm: TaxFirm, member_id: int) -> None:
        await self.session.execute(
            delete(TaxFirmClientAssignment).where(
                TaxFirmClientAssignment.firm_id == firm.id, TaxFirmClientAssignment.tax_pro_id == member_id
            )
        )
        await self.session.execute(
            delete(TaxFirmMember).where(TaxFirmMember.firm_id == firm.id, TaxFirmMember.user_id == member_id)
        )
        remaining = await self.session.scalar(
            select(func.count()).select_from(TaxFirmMember).where(TaxFirmMember.firm_id == firm.id)
        )
        if not remaining:
            await self.session.delete(firm)
        await self.session.commit()

    async def delete_member(self, public_id: uuid.UUID, user_public_id: uuid.UUID) -> None:
        firm = await self._administered(public_id)
        member_id = await self._member_id(firm, user_public_id)
        if member_id == self.user_id:
            await self.leave(public_id)
            return
        await self._remove_member(firm, member_id)

    async def leave(self, public_id: uuid.UUID) -> None:
        """The user leaves their firm; its last admin may leave only as its last member (the firm goes)."""
        membership = await self.firm(public_id)
        if await leaves_firm_without_admin(self.session, self.user_id):
            raise TaxProError(LAST_ADMIN)
        await self._remove_member(membership.firm, self.user_id)

    async def assign(
        self, public_id: uuid.UUID, client_public_id: uuid.UUID, pro_public_id: uuid.UUID, *, assigned: bool
    ) -> None:
        """Adds or removes a member pro for one of the firm's clients."""
        firm = await self._administered(public_id)
        try:
            pro_id = await self._member_id(firm, pro_public_id)
        except TaxProError:
            raise TaxProError(NOT_A_MEMBER) from None
        client_id: int | None = await self.session.scalar(
            select(User.id).where(User.public_id == client_public_id, _firm_client(firm.id, User.id))
        )
        if client_id is None:
            raise TaxProError(NOT_A_FIRM_CLIENT)
        values = {"firm_id": firm.id, "client_id": client_id, "tax_pro_id": pro_id}
        if assigned:
            await self.session.execute(
                insert(TaxFirmClientAssignment).values(values).on_conflict_do_nothing()
            )
        else:
            await self.session.execute(
                delete(TaxFirmClientAssignment).where(
                    *(getattr(TaxFirmClientAssignment, name) == value for name, value in values.items())
                )
            )
        await self.session.commit()
