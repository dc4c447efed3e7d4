"""Tax professionals and firms (spec 001 §6, §7 "Invites and tax pros", "Invites and firms", register as
tax pro, edit firm). Reads answer for the request's user (the client while a pro views them); every
mutation acts for the signed-in user and is refused while they view as someone else. An id that is not
the user's to see answers "Not found.", like an id that does not exist; nothing changes."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable
from datetime import datetime
from typing import Annotated

import strawberry

from api.auth import INVALID_EMAIL, MAX_EMAIL_CHARS, is_email
from api.context import CairnInfo
from api.schema.common import MutationResult
from api.string_bounds import max_length
from ledger.models import TaxFirm as TaxFirmRow
from ledger.models import User
from ledger.scope import tax_pros as scope
from ledger.scope.tax_pros import Counterpart, Invite, Member, TaxProError
from vocabulary.errors import NOT_ON_BEHALF
from vocabulary.tax_pros import InviteInitiator, InviteKind, TaxFirmRole

strawberry.enum(TaxFirmRole, name="TaxFirmRole")
strawberry.enum(InviteInitiator, name="InviteInitiator")
strawberry.enum(InviteKind, name="InviteKind")

FIRM_NAME_REQUIRED = "Enter the firm's name."
MAX_FIRM_NAME_CHARS = 200
MAX_DESCRIPTION_CHARS = 2000
MAX_EMAIL_SUFFIX_CHARS = 255

Email = Annotated[str, max_length(MAX_EMAIL_CHARS)]


def _id(value: uuid.UUID) -> strawberry.ID:
    return strawberry.ID(str(value))


def _uuid(value: strawberry.ID) -> uuid.UUID:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise TaxProError(scope.NOT_FOUND) from None


@strawberry.type
class TaxProInvite:
    public_id: strawberry.ID
    kind: InviteKind
    initiator: InviteInitiator
    email: str = strawberry.field(
        description="The invitee's for a sent invite, the sender's for one received."
    )
    tax_firm_public_id: strawberry.ID | None
    tax_firm_name: str | None
    created_at: datetime

    @classmethod
    def of(cls, found: Invite) -> TaxProInvite:
        invite = found.invite
        return cls(
            public_id=_id(invite.public_id),
            kind=invite.kind,
            initiator=invite.initiator,
            email=found.other_email,
            tax_firm_public_id=_id(found.firm.public_id) if found.firm else None,
            tax_firm_name=found.firm.name if found.firm else None,
            created_at=invite.created_at,
        )


@strawberry.type
class TaxProPerson:
    user_public_id: strawberry.ID
    email: str

    @classmethod
    def of(cls, user: User) -> TaxProPerson:
        return cls(user_public_id=_id(user.public_id), email=user.email)


@strawberry.type(description="A client of a tax pro, or a tax pro of a client.")
class TaxProConnection:
    user_public_id: strawberry.ID
    email: str
    since: datetime
    invite_public_id: strawberry.ID | None = strawberry.field(
        description="The accepted invite (deleting it ends the work together); none: assigned by a firm."
    )
    tax_firm_name: str | None

    @classmethod
    def of(cls, found: Counterpart) -> TaxProConnection:
        return cls(
            user_public_id=_id(found.user.public_id),
            email=found.user.email,
            since=found.since,
            invite_public_id=_id(found.invite_public_id) if found.invite_public_id else None,
            tax_firm_name=found.firm.name if found.firm else None,
        )


@strawberry.type
class TaxFirm:
    public_id: strawberry.ID
    name: str
    description: str | None
    email_suffix: str | None
    partner_type: str | None
    is_contracted: bool
    tax_plan_discount_percent: int
    role: TaxFirmRole = strawberry.field(description="The user's role in the firm.")

    @classmethod
    def of(cls, firm: TaxFirmRow, role: TaxFirmRole) -> TaxFirm:
        return cls(
            public_id=_id(firm.public_id),
            name=firm.name,
            description=firm.description,
            email_suffix=firm.email_suffix,
            partner_type=firm.partner_type,
            is_contracted=firm.is_contracted,
            tax_plan_discount_percent=firm.tax_plan_discount_percent,
            role=role,
        )


@strawberry.type
class TaxFirmMember:
    user_public_id: strawberry.ID
    role: TaxFirmRole
    email: str
    clients: list[TaxProPerson] = strawberry.field(description="Empty unless asked with clients.")

    @classmethod
    def of(cls, member: Member) -> TaxFirmMember:
        return cls(
            user_public_id=_id(member.user.public_id),
            role=member.role,
            email=member.user.email,
            clients=[TaxProPerson.of(client) for client in member.clients],
        )


@strawberry.type
class TaxProsQuery:
    @strawberry.field(description="Pending invites to the user's e-mail, from clients, tax pros or firms.")
    async def incoming_invites(self, info: CairnInfo) -> list[TaxProInvite]:
        return [TaxProInvite.of(invite) for invite in await info.context.scope.tax_pros.incoming_invites()]

    @strawberry.field(description="Pending invites between clients and tax pros the user sent.")
    async def sent_invites(self, info: CairnInfo) -> list[TaxProInvite]:
        return [TaxProInvite.of(invite) for invite in await info.context.scope.tax_pros.sent_invites()]

    @strawberry.field(description="A tax pro's clients.")
    async def tax_pro_clients(self, info: CairnInfo) -> list[TaxProConnection]:
        return [TaxProConnection.of(found) for found in await info.context.scope.tax_pros.clients()]

    @strawberry.field(description="The tax pros who work on the user's books.")
    async def tax_pros(self, info: CairnInfo) -> list[TaxProConnection]:
        return [TaxProConnection.of(found) for found in await info.context.scope.tax_pros.tax_pros()]

    @strawberry.field(description="The user's firm, if they belong to one.")
    async def tax_firm(self, info: CairnInfo) -> TaxFirm | None:
        membership = await info.context.scope.tax_pros.membership()
        return None if membership is None else TaxFirm.of(membership.firm, membership.role)

    @strawberry.field(
        description="The members of the user's firm, with the clients each works with if asked."
    )
    async def tax_firm_members(
        self, info: CairnInfo, tax_firm_public_id: strawberry.ID, with_clients: bool = False
    ) -> list[TaxFirmMember] | None:
        try:
            members = await info.context.scope.tax_pros.members(
                _uuid(tax_firm_public_id), with_clients=with_clients
            )
        except TaxProError:
            return None
        return [TaxFirmMember.of(member) for member in members]

    @strawberry.field(description="The firm's pending invites to tax pros (its admins only).")
    async def tax_firm_invites(
        self, info: CairnInfo, tax_firm_public_id: strawberry.ID
    ) -> list[TaxProInvite] | None:
        try:
            invites = await info.context.scope.tax_pros.firm_invites(_uuid(tax_firm_public_id))
        except TaxProError:
            return None
        return [TaxProInvite.of(invite) for invite in invites]


async def _run(info: CairnInfo, change: Awaitable[None]) -> MutationResult:
    """Runs one change for the signed-in user; refusals answer with their message."""
    try:
        await change
    except TaxProError as refusal:
        code = "not_found" if str(refusal) == scope.NOT_FOUND else "refused"
        return MutationResult(success=False, error=code, error_message=str(refusal))
    return MutationResult.ok()


def _refused_on_behalf(info: CairnInfo) -> MutationResult | None:
    if info.context.viewing_as:
        return MutationResult(success=False, error="view_as", error_message=NOT_ON_BEHALF)
    return None


def _bad_email(email: str) -> MutationResult | None:
    if not is_email(email.strip().lower()):
        return MutationResult(success=False, error="invalid_email", error_message=INVALID_EMAIL)
    return None


@strawberry.type
class TaxProsMutation:
    @strawberry.mutation(
        description="Registers the user as a tax pro; a firm name founds that firm with them as admin "
        "(when they belong to none)."
    )
    async def register_as_tax_pro(
        self,
        info: CairnInfo,
        is_cpa: bool,
        firm_name: Annotated[str | None, max_length(MAX_FIRM_NAME_CHARS)] = None,
    ) -> MutationResult:
        refused = _refused_on_behalf(info)
        if refused:
            return refused
        if firm_name is not None and not firm_name.strip():
            return MutationResult(success=False, error="invalid_name", error_message=FIRM_NAME_REQUIRED)
        name = firm_name.strip() if firm_name else None
        return await _run(info, info.context.scope.tax_pros.register(cpa=is_cpa, firm_name=name))

    @strawberry.mutation(
        description="CLIENT: the user invites a tax pro to their books; TAX_PRO: a pro invites a client."
    )
    async def send_invite(self, info: CairnInfo, email: Email, initiator: InviteInitiator) -> MutationResult:
        refused = _refused_on_behalf(info) or _bad_email(email)
        if refused:
            return refused
        return await _run(info, info.context.scope.tax_pros.send_invite(email, initiator))

    @strawberry.mutation
    async def accept_invite(self, info: CairnInfo, invite_public_id: strawberry.ID) -> MutationResult:
        refused = _refused_on_behalf(info)
        if refused:
            return refused
        return await _run(info, _accept(info, invite_public_id))

    @strawberry.mutation(
        description="Deletes a pending invite, or ends the work together of an accepted one."
    )
    async def delete_invite(self, info: CairnInfo, invite_public_id: strawberry.ID) -> MutationResult:
        refused = _refused_on_behalf(info)
        if refused:
            return refused
        return await _run(info, _delete(info, invite_public_id))

    @strawberry.mutation
    async def edit_tax_firm(
        self,
        info: CairnInfo,
        tax_firm_public_id: strawberry.ID,
        name: Annotated[str, max_length(MAX_FIRM_NAME_CHARS)],
        description: Annotated[str | None, max_length(MAX_DESCRIPTION_CHARS)] = None,
        email_suffix: Annotated[str | None, max_length(MAX_EMAIL_SUFFIX_CHARS)] = None,
    ) -> MutationResult:
        refused = _refused_on_behalf(info)
        if refused:
            return refused
        if not name.strip():
            return MutationResult(success=False, error="invalid_name", error_message=FIRM_NAME_REQUIRED)
        return await _run(
            info,
            _edit(
                info,
                tax_firm_public_id,
                name.strip(),
                (description or "").strip() or None,
                (email_suffix or "").strip() or None,
            ),
        )

    @strawberry.mutation(description="A firm admin invites a tax pro to join the firm.")
    async def send_tax_firm_invite(
        self, info: CairnInfo, tax_firm_public_id: strawberry.ID, email: Email
    ) -> MutationResult:
        refused = _refused_on_behalf(info) or _bad_email(email)
        if refused:
            return refused
        return await _run(info, _firm_invite(info, tax_firm_public_id, email))

    @strawberry.mutation
    async def add_tax_firm_admin(
        self, info: CairnInfo, tax_firm_public_id: strawberry.ID, user_public_id: strawberry.ID
    ) -> MutationResult:
        return await _member_change(info, tax_firm_public_id, user_public_id, admin=True)

    @strawberry.mutation
    async def remove_tax_firm_admin(
        self, info: CairnInfo, tax_firm_public_id: strawberry.ID, user_public_id: strawberry.ID
    ) -> MutationResult:
        return await _member_change(info, tax_firm_public_id, user_public_id, admin=False)

    @strawberry.mutation
    async def delete_tax_firm_member(
        self, info: CairnInfo, tax_firm_public_id: strawberry.ID, user_public_id: strawberry.ID
    ) -> MutationResult:
        return await _member_change(info, tax_firm_public_id, user_public_id, admin=None)

    @strawberry.mutation
    async def leave_tax_firm(self, info: CairnInfo, tax_firm_public_id: strawberry.ID) -> MutationResult:
        refused = _refused_on_behalf(info)
        if refused:
            return refused
        return await _run(info, _leave(info, tax_firm_public_id))

    @strawberry.mutation(description="A firm admin adds a member tax pro for one of the firm's clients.")
    async def add_tax_pro_for_client(
        self,
        info: CairnInfo,
        tax_firm_public_id: strawberry.ID,
        client_public_id: strawberry.ID,
        tax_pro_public_id: strawberry.ID,
    ) -> MutationResult:
        return await _assignment(info, tax_firm_public_id, client_public_id, tax_pro_public_id, assigned=True)

    @strawberry.mutation
    async def remove_tax_pro_for_client(
        self,
        info: CairnInfo,
        tax_firm_public_id: strawberry.ID,
        client_public_id: strawberry.ID,
        tax_pro_public_id: strawberry.ID,
    ) -> MutationResult:
        return await _assignment(
            info, tax_firm_public_id, client_public_id, tax_pro_public_id, assigned=False
        )


async def _accept(info: CairnInfo, invite: strawberry.ID) -> None:
    await info.context.scope.tax_pros.accept_invite(_uuid(invite))


async def _delete(info: CairnInfo, invite: strawberry.ID) -> None:
    await info.context.scope.tax_pros.delete_invite(_uuid(invite))


async def _edit(
    info: CairnInfo, firm: strawberry.ID, name: str, description: str | None, email_suffix: str | None
) -> None:
    await info.context.scope.tax_pros.edit_firm(
        _uuid(firm), name=name, description=description, email_suffix=email_suffix
    )


async def _firm_invite(info: CairnInfo, firm: strawberry.ID, email: str) -> None:
    await info.context.scope.tax_pros.send_firm_invite(_uuid(firm), email)


async def _leave(info: CairnInfo, firm: strawberry.ID) -> None:
    await info.context.scope.tax_pros.leave(_uuid(firm))


async def _member_change(
    info: CairnInfo, firm: strawberry.ID, member: strawberry.ID, *, admin: bool | None
) -> MutationResult:
    """Makes a member an admin (True) or a plain pro (False), or removes them (None)."""
    refused = _refused_on_behalf(info)
    if refused:
        return refused

    async def change() -> None:
        tax_pros = info.context.scope.tax_pros
        if admin is None:
            await tax_pros.delete_member(_uuid(firm), _uuid(member))
        else:
            await tax_pros.set_admin(_uuid(firm), _uuid(member), admin=admin)

    return await _run(info, change())


async def _assignment(
    info: CairnInfo, firm: strawberry.ID, client: strawberry.ID, pro: strawberry.ID, *, assigned: bool
) -> MutationResult:
    refused = _refused_on_behalf(info)
    if refused:
        return refused

    async def change() -> None:
        await info.context.scope.tax_pros.assign(_uuid(firm), _uuid(client), _uuid(pro), assigned=assigned)

    return await _run(info, change())
