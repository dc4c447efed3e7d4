"""Tax professionals and firms (spec 001 §6, §7): clients and pros invite each other, a pro works on a
client's books through the view-as session switch, audited, while the invite stands; firms, their
admins, members and client assignments. Every operation per role: anonymous, user, other user, pro
without invite, pro with invite, firm admin, admin; a refusal changes nothing."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Protocol

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ledger.infra.settings import Settings
from ledger.models import TaxFirmMember, TaxProAction, TaxProInvite, User
from ledger.models.tax_pros import TaxProActionKind
from stack.staff import make_admin
from tests.api.graphql import gql
from tests.clients import app_client, sign_up

pytestmark = pytest.mark.servers

ME = "query { me { email registeredAsTaxPro isCpa isTaxProViewingClient viewAsUserId } }"


def mutation(name: str, variables: str, field: str) -> str:
    return f"mutation {name}({variables}) {{ {field} {{ success error errorMessage }} }}"


REGISTER = mutation("R", "$cpa: Boolean!, $firm: String", "registerAsTaxPro(isCpa: $cpa, firmName: $firm)")
SEND = mutation("S", "$email: String!, $by: InviteInitiator!", "sendInvite(email: $email, initiator: $by)")
ACCEPT = mutation("A", "$id: ID!", "acceptInvite(invitePublicId: $id)")
DELETE = mutation("D", "$id: ID!", "deleteInvite(invitePublicId: $id)")
INCOMING = "query { incomingInvites { publicId kind initiator email taxFirmName taxFirmPublicId } }"
SENT = "query { sentInvites { publicId kind initiator email } }"
CLIENTS = "query { taxProClients { userPublicId email invitePublicId taxFirmName } }"
PROS = "query { taxPros { userPublicId email invitePublicId taxFirmName } }"
FIRM = "query { taxFirm { publicId name description emailSuffix role taxPlanDiscountPercent } }"
MEMBERS = """query M($firm: ID!, $with: Boolean!) {
  taxFirmMembers(taxFirmPublicId: $firm, withClients: $with) { userPublicId role email clients { email } }
}"""
FIRM_INVITES = "query FI($firm: ID!) { taxFirmInvites(taxFirmPublicId: $firm) { publicId email kind } }"
FIRM_INVITE = mutation(
    "FS", "$firm: ID!, $email: String!", "sendTaxFirmInvite(taxFirmPublicId: $firm, email: $email)"
)
EDIT_FIRM = mutation(
    "E",
    "$firm: ID!, $name: String!, $d: String",
    "editTaxFirm(taxFirmPublicId: $firm, name: $name, description: $d)",
)
MEMBER = "$firm: ID!, $user: ID!"
ADD_ADMIN = mutation("AA", MEMBER, "addTaxFirmAdmin(taxFirmPublicId: $firm, userPublicId: $user)")
REMOVE_ADMIN = mutation("RA", MEMBER, "removeTaxFirmAdmin(taxFirmPublicId: $firm, userPublicId: $user)")
DELETE_MEMBER = mutation("DM", MEMBER, "deleteTaxFirmMember(taxFirmPublicId: $firm, userPublicId: $user)")
LEAVE = mutation("L", "$firm: ID!", "leaveTaxFirm(taxFirmPublicId: $firm)")
PAIR = "$firm: ID!, $client: ID!, $pro: ID!"
PAIR_ARGUMENTS = "taxFirmPublicId: $firm, clientPublicId: $client, taxProPublicId: $pro"
ASSIGN = mutation("AS", PAIR, f"addTaxProForClient({PAIR_ARGUMENTS})")
UNASSIGN = mutation("US", PAIR, f"removeTaxProForClient({PAIR_ARGUMENTS})")
THEME = "mutation ChangeTheme { updateTheme(theme: DARK) { success } }"
THEME_OF = "query { userSettings { selectedTheme } }"

NOT_FOUND = {"success": False, "error": "not_found", "errorMessage": "Not found."}


def refused(message: str) -> dict[str, Any]:
    return {"success": False, "error": "refused", "errorMessage": message}


OK = {"success": True, "error": None, "errorMessage": None}

Person = tuple[httpx.AsyncClient, str]


People = Callable[[], Awaitable[Person]]


@pytest.fixture
async def people(app: FastAPI) -> AsyncIterator[People]:
    """Signs up as many people as a test needs, each in a browser of their own."""
    opened: list[httpx.AsyncClient] = []

    async def one() -> Person:
        http = app_client(app)
        opened.append(http)
        return http, await sign_up(http)

    yield one
    for http in opened:
        await http.aclose()


async def call(http: httpx.AsyncClient, query: str, **variables: Any) -> dict[str, Any]:
    """The single field of a mutation's answer."""
    [answer] = (await gql(http, query, **variables)).values()
    assert isinstance(answer, dict)
    return answer


async def register(http: httpx.AsyncClient, firm: str | None = None) -> None:
    assert await call(http, REGISTER, cpa=True, firm=firm) == OK


def public_id(db: Session, email: str) -> str:
    return str(db.scalar(select(User.public_id).where(User.email == email)))


async def view_client(http: httpx.AsyncClient, client_public_id: str) -> httpx.Response:
    return await http.post("/tax-pros/view-client", data={"client-public-id": client_public_id})


def invites(db: Session) -> int:
    return db.scalar(select(func.count()).select_from(TaxProInvite)) or 0


async def connected(people: People) -> tuple[Person, Person, str]:
    """A client who invited a registered pro, who accepted; answers both and the invite's public id."""
    client, pro = await people(), await people()
    await register(pro[0])
    assert await call(client[0], SEND, email=pro[1], by="CLIENT") == OK
    [invite] = (await gql(pro[0], INCOMING))["incomingInvites"]
    assert await call(pro[0], ACCEPT, id=invite["publicId"]) == OK
    return client, pro, invite["publicId"]


async def test_a_client_invites_a_pro_who_accepts_and_works_on_the_books_audited(
    people: People, db_session: Session
) -> None:
    (client, client_email), (pro, pro_email) = await people(), await people()
    assert await call(client, SEND, email=pro_email.upper(), by="CLIENT") == OK
    assert (await gql(client, SENT))["sentInvites"][0]["email"] == pro_email
    [invite] = (await gql(pro, INCOMING))["incomingInvites"]
    assert {k: invite[k] for k in ("kind", "initiator", "email")} == {
        "kind": "CLIENT_TAX_PRO",
        "initiator": "CLIENT",
        "email": client_email,
    }
    # not a registered pro yet: refused, nothing accepted
    assert await call(pro, ACCEPT, id=invite["publicId"]) == refused("Register as a tax professional first.")
    await register(pro)
    assert (await gql(pro, ME))["me"]["registeredAsTaxPro"] is True
    assert await call(pro, ACCEPT, id=invite["publicId"]) == OK
    assert await call(pro, ACCEPT, id=invite["publicId"]) == NOT_FOUND  # a replayed accept
    assert (await gql(pro, INCOMING))["incomingInvites"] == []
    [listed] = (await gql(pro, CLIENTS))["taxProClients"]
    assert (listed["email"], listed["invitePublicId"]) == (client_email, invite["publicId"])
    assert [p["email"] for p in (await gql(client, PROS))["taxPros"]] == [pro_email]

    started = await view_client(pro, listed["userPublicId"])
    assert (started.status_code, started.headers["location"]) == (303, "/tax")
    me = (await gql(pro, ME))["me"]
    assert (me["email"], me["isTaxProViewingClient"]) == (client_email, True)
    assert (await gql(pro, THEME))["updateTheme"]["success"]  # a pro works on the books
    assert (await gql(client, THEME_OF))["userSettings"]["selectedTheme"] == "DARK"
    # the pro's own operations are not run on behalf of the client
    assert await call(pro, SEND, email="someone@example.com", by="TAX_PRO") == {
        "success": False,
        "error": "view_as",
        "errorMessage": "You can't view this page on behalf of a user",
    }
    stopped = await pro.post("/tax-pros/view-client/stop")
    assert (stopped.status_code, stopped.headers["location"]) == (303, "/tax-pros/dashboard")
    assert (await gql(pro, ME))["me"]["email"] == pro_email

    client_id = db_session.scalar(select(User.id).where(User.email == client_email))
    audit = db_session.execute(
        select(TaxProAction.action, TaxProAction.operation, TaxProAction.tax_pro_id)
        .where(TaxProAction.client_id == client_id)
        .order_by(TaxProAction.id)
    ).all()
    pro_id = db_session.scalar(select(User.id).where(User.email == pro_email))
    assert audit == [
        (TaxProActionKind.VIEW_AS, None, pro_id),
        (TaxProActionKind.READ, "anonymous: me", pro_id),
        (TaxProActionKind.MUTATION, "ChangeTheme: updateTheme", pro_id),
        (TaxProActionKind.MUTATION, "S: sendInvite", pro_id),
        (TaxProActionKind.STOP_VIEWING, None, pro_id),
    ]


# What a pro runs on a client's books, an operation of each kind, with the record each one leaves.
CLIENT_READS = [
    ("Portfolio: portfolioSummary", "query Portfolio { portfolioSummary { __typename } }"),
    ("Wallets: wallets", "query Wallets { wallets { __typename } }"),
    ("Transactions: transactions", "query Transactions { transactions { __typename } }"),
    ("Lots: taxLots, disposedLots", "query Lots { taxLots { __typename } disposedLots { __typename } }"),
    ("Reports: taxReports", "query Reports { taxReports { __typename } }"),
    ("Tasks: tasksByType", "query Tasks { tasksByType { __typename } }"),
    ("Settings: userSettings", "query Settings { userSettings { __typename } }"),
    ("Plan: unifiedSubscription", "query Plan { unifiedSubscription { __typename } }"),
    ("Onboarding: onboardingStatus", "query Onboarding { onboardingStatus { __typename } }"),
]
CLIENT_CHANGES = [
    ("Theme: updateTheme", "mutation Theme { updateTheme(theme: DARK) { success } }"),
    (
        "Currency: updateBaseCurrency",
        'mutation Currency { updateBaseCurrency(baseCurrency: "EUR") { success } }',
    ),
    ("Home: updateWebAppHomePage", 'mutation Home { updateWebAppHomePage(page: "/tax") { success } }'),
    # refused by the resolver, audited all the same
    ("Nowhere: updateWebAppHomePage", 'mutation Nowhere { updateWebAppHomePage(page: "/x") { success } }'),
]


def audit_of(db: Session, client_email: str) -> list[tuple[TaxProActionKind, str | None]]:
    client_id = db.scalar(select(User.id).where(User.email == client_email))
    return [
        (action, operation)
        for action, operation in db.execute(
            select(TaxProAction.action, TaxProAction.operation)
            .where(TaxProAction.client_id == client_id)
            .order_by(TaxProAction.id)
        )
    ]


async def test_every_operation_a_pro_runs_on_the_books_is_audited_reads_once_a_session(
    people: People, db_session: Session
) -> None:
    (client, client_email), (pro, _), _ = await connected(people)
    target = public_id(db_session, client_email)
    assert (await view_client(pro, target)).status_code == 303
    for _, operation in (*CLIENT_READS, *CLIENT_CHANGES):
        await gql(pro, operation)
    # pages poll: a read again in the session leaves no second record; a change always does
    await gql(pro, CLIENT_READS[0][1])
    await gql(pro, CLIENT_CHANGES[0][1])
    await gql(client, CLIENT_READS[1][1])  # the client's own reads are theirs
    assert (await pro.post("/tax-pros/view-client/stop")).status_code == 303
    await gql(pro, CLIENT_READS[0][1])  # the pro's own books
    # a new viewing session records its first reads again
    assert (await view_client(pro, target)).status_code == 303
    await gql(pro, CLIENT_READS[0][1])

    assert audit_of(db_session, client_email) == [
        (TaxProActionKind.VIEW_AS, None),
        *[(TaxProActionKind.READ, audited) for audited, _ in CLIENT_READS],
        *[(TaxProActionKind.MUTATION, audited) for audited, _ in CLIENT_CHANGES],
        (TaxProActionKind.MUTATION, CLIENT_CHANGES[0][0]),
        (TaxProActionKind.STOP_VIEWING, None),
        (TaxProActionKind.VIEW_AS, None),
        (TaxProActionKind.READ, CLIENT_READS[0][0]),
    ]


async def test_deleting_the_invite_closes_the_books_at_once(people: People, db_session: Session) -> None:
    (client, client_email), (pro, pro_email), invite = await connected(people)
    client_public_id = public_id(db_session, client_email)
    assert (await view_client(pro, client_public_id)).status_code == 303
    assert (await gql(pro, ME))["me"]["email"] == client_email

    assert await call(client, DELETE, id=invite) == OK
    me = (await gql(pro, ME))["me"]
    assert (me["email"], me["viewAsUserId"], me["isTaxProViewingClient"]) == (pro_email, None, False)
    assert (await view_client(pro, client_public_id)).status_code == 404
    assert await call(pro, ACCEPT, id=invite) == NOT_FOUND  # a deleted invite cannot be replayed
    assert await call(client, DELETE, id=invite) == NOT_FOUND
    assert (await gql(pro, CLIENTS))["taxProClients"] == []


async def test_a_pro_invites_a_client_and_bad_invites_are_refused(
    people: People, db_session: Session
) -> None:
    (pro, pro_email), (client, client_email), (other, _) = [await people() for _ in range(3)]
    assert await call(pro, SEND, email=client_email, by="TAX_PRO") == refused(
        "Register as a tax professional first."
    )
    await register(pro)
    before = invites(db_session)
    assert await call(pro, SEND, email=pro_email, by="TAX_PRO") == refused("You can't invite yourself.")
    assert (await call(pro, SEND, email="not an email", by="TAX_PRO"))["error"] == "invalid_email"
    assert invites(db_session) == before
    assert await call(pro, SEND, email=client_email, by="TAX_PRO") == OK
    assert await call(pro, SEND, email=client_email, by="TAX_PRO") == refused(
        "An invite to this email is already pending."
    )
    [invite] = (await gql(client, INCOMING))["incomingInvites"]
    assert (invite["initiator"], invite["email"]) == ("TAX_PRO", pro_email)
    # another user can neither accept nor delete it, and does not see it
    assert (await gql(other, INCOMING))["incomingInvites"] == []
    assert await call(other, ACCEPT, id=invite["publicId"]) == NOT_FOUND
    assert await call(other, DELETE, id=invite["publicId"]) == NOT_FOUND
    assert await call(client, ACCEPT, id=invite["publicId"]) == OK  # a client needs no registration
    assert await call(pro, SEND, email=client_email, by="TAX_PRO") == refused(
        "You already work with this person."
    )
    assert [c["email"] for c in (await gql(pro, CLIENTS))["taxProClients"]] == [client_email]
    # bad ids: not found, nothing changed
    for bad in ("not-a-uuid", str(uuid.uuid4())):
        assert await call(client, DELETE, id=bad) == NOT_FOUND


async def test_only_a_pro_with_an_accepted_invite_views_the_client(
    people: People,
    db_session: Session,
    servers: Settings,
    client: httpx.AsyncClient,
) -> None:
    (customer, customer_email), (pro, _), _ = await connected(people)
    target = public_id(db_session, customer_email)
    (stranger_pro, _), (plain, _), (admin, admin_email) = [await people() for _ in range(3)]
    await register(stranger_pro)
    assert make_admin(servers, admin_email)
    for http in (stranger_pro, plain, admin):  # pro without invite, user, admin
        assert (await view_client(http, target)).status_code == 404
        assert (await gql(http, ME))["me"]["viewAsUserId"] is None
    assert (await view_client(client, target)).status_code == 401  # anonymous
    assert (await client.post("/tax-pros/view-client/stop")).status_code == 401
    assert (await view_client(pro, "not-a-uuid")).status_code == 422
    assert (await pro.post("/tax-pros/view-client", data={})).status_code == 422
    assert (await view_client(pro, str(uuid.uuid4()))).status_code == 404
    assert (
        db_session.scalar(
            select(func.count())
            .select_from(TaxProAction)
            .where(
                TaxProAction.client_id
                == db_session.scalar(select(User.id).where(User.email == customer_email))
            )
        )
        == 0
    )
    # the client's own reads are untouched by the refusals
    assert (await gql(customer, ME))["me"]["email"] == customer_email


async def test_a_firm_admin_invites_pros_assigns_clients_and_manages_members(
    people: People, db_session: Session, servers: Settings
) -> None:
    (firm_admin, admin_email), (member, member_email), (outsider, _) = [await people() for _ in range(3)]
    (customer, customer_email) = await people()
    await register(firm_admin, firm="Ledger & Co")
    firm = (await gql(firm_admin, FIRM))["taxFirm"]
    assert (firm["name"], firm["role"], firm["taxPlanDiscountPercent"]) == (
        "Ledger & Co",
        "TAX_FIRM_ADMIN",
        0,
    )
    firm_id = firm["publicId"]
    assert await call(firm_admin, EDIT_FIRM, firm=firm_id, name="Ledger and Co", d="Crypto taxes") == OK
    assert (await call(firm_admin, EDIT_FIRM, firm=firm_id, name="  "))["error"] == "invalid_name"

    # the customer works with the admin, so they are a client of the firm
    assert await call(customer, SEND, email=admin_email, by="CLIENT") == OK
    [invite] = (await gql(firm_admin, INCOMING))["incomingInvites"]
    assert await call(firm_admin, ACCEPT, id=invite["publicId"]) == OK

    await register(member)
    assert await call(firm_admin, FIRM_INVITE, firm=firm_id, email=member_email) == OK
    [listed] = (await gql(firm_admin, FIRM_INVITES, firm=firm_id))["taxFirmInvites"]
    assert listed["email"] == member_email
    [incoming] = (await gql(member, INCOMING))["incomingInvites"]
    assert (incoming["kind"], incoming["taxFirmName"]) == ("TAX_FIRM", "Ledger and Co")
    assert await call(member, ACCEPT, id=incoming["publicId"]) == OK
    assert await call(member, ACCEPT, id=incoming["publicId"]) == NOT_FOUND
    members = (await gql(firm_admin, MEMBERS, firm=firm_id, **{"with": True}))["taxFirmMembers"]
    assert [(m["email"], m["role"], [c["email"] for c in m["clients"]]) for m in members] == [
        (admin_email, "TAX_FIRM_ADMIN", [customer_email]),
        (member_email, "TAX_PRO", []),
    ]
    member_id = members[1]["userPublicId"]
    customer_id = public_id(db_session, customer_email)

    # a member who is not an admin, an outsider and another firm's id change nothing
    assert (await view_client(member, customer_id)).status_code == 404
    assert await call(member, ASSIGN, firm=firm_id, client=customer_id, pro=member_id) == NOT_FOUND
    assert await call(member, ADD_ADMIN, firm=firm_id, user=member_id) == NOT_FOUND
    assert await call(outsider, ASSIGN, firm=firm_id, client=customer_id, pro=member_id) == NOT_FOUND
    assert await call(outsider, EDIT_FIRM, firm=firm_id, name="Mine") == NOT_FOUND
    assert (await gql(outsider, MEMBERS, firm=firm_id, **{"with": False}))["taxFirmMembers"] is None
    assert (await gql(member, FIRM_INVITES, firm=firm_id))["taxFirmInvites"] is None
    outsider_id = public_id(db_session, (await gql(outsider, ME))["me"]["email"])
    assert await call(firm_admin, ASSIGN, firm=firm_id, client=outsider_id, pro=member_id) == refused(
        "This client is not a client of the firm."
    )
    assert await call(firm_admin, ASSIGN, firm=firm_id, client=customer_id, pro=outsider_id) == refused(
        "This tax professional is not a member of the firm."
    )

    # assigned, the member works on the customer's books; unassigned, no longer
    assert await call(firm_admin, ASSIGN, firm=firm_id, client=customer_id, pro=member_id) == OK
    assert [c["taxFirmName"] for c in (await gql(member, CLIENTS))["taxProClients"]] == ["Ledger and Co"]
    assert sorted(p["email"] for p in (await gql(customer, PROS))["taxPros"]) == sorted(
        [admin_email, member_email]
    )
    assert (await view_client(member, customer_id)).status_code == 303
    assert (await gql(member, ME))["me"]["isTaxProViewingClient"] is True
    assert await call(firm_admin, UNASSIGN, firm=firm_id, client=customer_id, pro=member_id) == OK
    assert (await gql(member, ME))["me"]["email"] == member_email

    # roles: the last admin keeps the firm; members leave or are removed
    admin_user_id = members[0]["userPublicId"]
    assert await call(firm_admin, REMOVE_ADMIN, firm=firm_id, user=admin_user_id) == refused(
        "A firm needs at least one admin."
    )
    assert await call(firm_admin, LEAVE, firm=firm_id) == refused("A firm needs at least one admin.")
    assert await call(firm_admin, ADD_ADMIN, firm=firm_id, user=member_id) == OK
    assert await call(member, REMOVE_ADMIN, firm=firm_id, user=admin_user_id) == OK
    assert await call(firm_admin, ADD_ADMIN, firm=firm_id, user=member_id) == NOT_FOUND  # no longer an admin
    assert await call(firm_admin, LEAVE, firm=firm_id) == OK
    assert (await gql(firm_admin, FIRM))["taxFirm"] is None
    assert await call(member, DELETE_MEMBER, firm=firm_id, user=admin_user_id) == NOT_FOUND  # gone already
    assert await call(member, LEAVE, firm=firm_id) == OK  # the last member: the firm goes
    assert (
        db_session.scalar(
            select(func.count())
            .select_from(TaxFirmMember)
            .where(
                TaxFirmMember.user_id == db_session.scalar(select(User.id).where(User.email == member_email))
            )
        )
        == 0
    )


async def test_anonymous_calls_are_refused(client: httpx.AsyncClient) -> None:
    for query in (INCOMING, CLIENTS):
        assert (await client.post("/graphql", json={"query": query})).status_code == 401


async def test_long_and_malformed_input_is_refused(people: People, db_session: Session) -> None:
    (http, _) = await people()
    before = invites(db_session)
    response = await http.post(
        "/graphql", json={"query": SEND, "variables": {"email": "x" * 321 + "@example.com", "by": "CLIENT"}}
    )
    assert response.json()["errors"]
    response = await http.post(
        "/graphql", json={"query": REGISTER, "variables": {"cpa": True, "firm": "f" * 201}}
    )
    assert response.json()["errors"]
    assert await call(http, REGISTER, cpa=True, firm="   ") == {
        "success": False,
        "error": "invalid_name",
        "errorMessage": "Enter the firm's name.",
    }
    assert invites(db_session) == before
    assert (await gql(http, ME))["me"]["registeredAsTaxPro"] is False


# The authorization matrix (tests/security/test_authorization_matrix.py) runs these with two users, each
# a firm admin of their own firm: mine names their invite, firm and members; nothing of theirs changes.


class Signed(Protocol):
    """A signed-in user of the matrix (its World)."""

    @property
    def client(self) -> httpx.AsyncClient: ...


async def _firm_of(world: Signed) -> tuple[str, str]:
    """The world's user as a registered pro and admin of a firm: the firm's and the user's public ids."""
    http = world.client
    if not (await gql(http, ME))["me"]["registeredAsTaxPro"]:
        await register(http, firm="Their firm")
    firm = (await gql(http, FIRM))["taxFirm"]
    me = (await gql(http, "query { me { publicId } }"))["me"]
    return firm["publicId"], me["publicId"]


async def _pending_invite(world: Signed) -> str:
    http = world.client
    await _firm_of(world)
    sent = (await gql(http, SENT))["sentInvites"]
    if not sent:
        assert await call(http, SEND, email=f"c-{uuid.uuid4().hex[:8]}@example.com", by="TAX_PRO") == OK
        sent = (await gql(http, SENT))["sentInvites"]
    return str(sent[0]["publicId"])


async def _their_firm_unchanged(theirs: Signed, firm_id: str) -> None:
    firm = (await gql(theirs.client, FIRM))["taxFirm"]
    assert (firm["publicId"], firm["name"], firm["role"]) == (firm_id, "Their firm", "TAX_FIRM_ADMIN")
    members = (await gql(theirs.client, MEMBERS, firm=firm_id, **{"with": False}))["taxFirmMembers"]
    assert [member["role"] for member in members] == ["TAX_FIRM_ADMIN"]
    assert (await gql(theirs.client, FIRM_INVITES, firm=firm_id))["taxFirmInvites"] == []


def _invite_rule(query: str) -> Callable[[Signed, Signed], Awaitable[None]]:
    async def rule(mine: Signed, theirs: Signed) -> None:
        await _firm_of(mine)
        invite = await _pending_invite(theirs)
        assert await call(mine.client, query, id=invite) == NOT_FOUND
        assert [sent["publicId"] for sent in (await gql(theirs.client, SENT))["sentInvites"]] == [invite]

    return rule


def _firm_rule(query: str, **variables: str) -> Callable[[Signed, Signed], Awaitable[None]]:
    """`variables` name their firm ("firm"), themselves ("user") or both as client and pro."""

    async def rule(mine: Signed, theirs: Signed) -> None:
        await _firm_of(mine)
        firm_id, user_id = await _firm_of(theirs)
        values = {"firm": firm_id, "user": user_id}
        named = {name: values[role] for name, role in variables.items()}
        answer = await mine.client.post("/graphql", json={"query": query, "variables": named})
        data = answer.json()["data"]
        [result] = data.values()
        assert result in (NOT_FOUND, None)
        await _their_firm_unchanged(theirs, firm_id)

    return rule


AUTHORIZATION_RULES: dict[str, Callable[[Signed, Signed], Awaitable[None]]] = {
    "Mutation.acceptInvite": _invite_rule(ACCEPT),
    "Mutation.deleteInvite": _invite_rule(DELETE),
    "Mutation.editTaxFirm": _firm_rule(
        EDIT_FIRM.replace("$name: String!", '$name: String! = "Taken"'), firm="firm"
    ),
    "Mutation.sendTaxFirmInvite": _firm_rule(
        FIRM_INVITE.replace("$email: String!", '$email: String! = "x@example.com"'), firm="firm"
    ),
    "Mutation.addTaxFirmAdmin": _firm_rule(ADD_ADMIN, firm="firm", user="user"),
    "Mutation.removeTaxFirmAdmin": _firm_rule(REMOVE_ADMIN, firm="firm", user="user"),
    "Mutation.deleteTaxFirmMember": _firm_rule(DELETE_MEMBER, firm="firm", user="user"),
    "Mutation.leaveTaxFirm": _firm_rule(LEAVE, firm="firm"),
    "Mutation.addTaxProForClient": _firm_rule(ASSIGN, firm="firm", client="user", pro="user"),
    "Mutation.removeTaxProForClient": _firm_rule(UNASSIGN, firm="firm", client="user", pro="user"),
    "Query.taxFirmMembers": _firm_rule(
        MEMBERS.replace("$with: Boolean!", "$with: Boolean! = true"), firm="firm"
    ),
    "Query.taxFirmInvites": _firm_rule(FIRM_INVITES, firm="firm"),
}
