"""The role matrix (issue 16, Security): every Query and Mutation field of /graphql, and of /public/graphql,
called by each role, with a declared rule per role: allowed, not found, refused with the spec's text, or
public. The fields are read from the schema, so a new field fails this suite until it is declared, as in
the authorization matrix (test_authorization_matrix.py), whose population of one user (`make_world`)
this one reuses as the guarded user.

Every call names the guarded user's objects (their wallet, transactions, upload, invite, firm), so a
refused call shows it cannot reach them: it answers its rule, shows nothing of theirs, and leaves every
row they (the user debug-viewed by an admin, the pro in their firm, the firm) own as it was. Cases run in
three groups on one seeded population: refusals and reads first, every refusal and every change checked
against the snapshot taken before any (an allowed read is checked for what it shows); then the changes a
role may make to a guarded user's data, last, so what they change cannot show up as a refusal's.

Roles: anonymous; the user; another user; a tax pro without an invite (their view-client is refused); a
tax pro with an accepted invite, viewing the user (api/tax_pro_view.py), who is also a member of the
firm; that firm's admin (not assigned to the user); an admin viewing the user, who granted no debug
permission; an admin viewing another user who granted it; a broker (enable_cbe with is_broker) the user is
connected to. A new role is one entry of Role, of `rule` and of the population's sessions.

The REST routes of people (analytics, the current user, MFA, e-mail change, password reset, sessions) are
called by each role too (ROUTES), each checked against the guarded rows as they were just before it."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from graphql import GraphQLObjectType, parse, validate
from sqlalchemy import Engine, select, text

from api import email_change, events, mfa, password_reset, sessions
from api.password_reset import LINK_EXPIRED
from api.public_graphql import public_schema
from api.schema import schema
from api.schema.user_deletion import NOT_ALLOWED as NO_DELETING_ON_BEHALF
from api.schema.view_as import ONLY_THE_USER
from api.view_as import NO_DEBUG_PERMISSION
from ledger.infra.db import sync_sessions
from ledger.infra.settings import Settings
from ledger.models import User
from stack.staff import make_admin, make_broker
from tests.api.graphql import gql
from tests.api.test_tax_pros import ACCEPT, FIRM, FIRM_INVITE, INCOMING, OK, REGISTER, SEND, SENT, call
from tests.clients import PASSWORD, app_client, sign_up
from tests.security.roles import mentions, operation, snapshot
from tests.security.test_authorization_matrix import World, fields_taking_ids, make_world
from vocabulary.broker import DEMO_BROKER_ID
from vocabulary.errors import NOT_ON_BEHALF, VIEW_AS_IMPORT_FORBIDDEN

pytestmark = pytest.mark.servers


class Role(Enum):
    ANONYMOUS = "anonymous"
    USER = "user"
    OTHER_USER = "other user"
    TAX_PRO = "tax pro without an invite"
    INVITED_TAX_PRO = "tax pro with an invite"
    FIRM_ADMIN = "firm admin"
    ADMIN = "admin"  # viewing the user, who granted no debug permission
    DEBUGGING_ADMIN = "admin with debug permission"  # viewing another user, who granted it
    BROKER = "broker"


class Names(Enum):
    """What a field's arguments name: nothing (the caller's own data), an object of the user, the firm."""

    OWN = "own"
    USERS = "the user's"
    FIRM = "the firm's"


class Gate(Enum):
    NONE = "none"
    ADMIN = "admins only"  # the support console, for the signed-in admin even while viewing as a user
    BROKER = "brokers only"  # the broker portal, for a broker signed in as themselves
    SELF = "the user only"  # refused while anyone views as the user, with the text of REFUSED_ON_BEHALF


@dataclass(frozen=True)
class Rule:
    outcome: str  # ALLOWED, NOT_FOUND, FORBIDDEN (with `text`), SIGNED_OUT (HTTP 401) or PUBLIC
    text: str | None = None


ALLOWED, NOT_FOUND, SIGNED_OUT, PUBLIC = (
    Rule("allowed"),
    Rule("not found"),
    Rule("signed out"),
    Rule("public"),
)


def forbidden(text: str) -> Rule:
    return Rule("forbidden", text)


REFUSED_ON_BEHALF = {  # the account itself, its invites and firms, onboarding and file imports
    "Mutation.deleteUser": NO_DELETING_ON_BEHALF,
    "Mutation.updateDebugPermission": ONLY_THE_USER,
    "Mutation.importAccountTransactions": VIEW_AS_IMPORT_FORBIDDEN,
    "Mutation.confirmOnboardingCountry": NOT_ON_BEHALF,
    **{
        f"Mutation.{name}": NOT_ON_BEHALF
        for name in (
            "registerAsTaxPro",
            "sendInvite",
            "acceptInvite",
            "deleteInvite",
            "editTaxFirm",
            "sendTaxFirmInvite",
            "addTaxFirmAdmin",
            "removeTaxFirmAdmin",
            "deleteTaxFirmMember",
            "leaveTaxFirm",
            "addTaxProForClient",
            "removeTaxProForClient",
        )
    },
}
ADMIN_FIELDS = {
    "Query.adminWorkflowRuns",
    "Query.adminWorkflowRunFailure",
    "Mutation.adminRetryWorkflow",
    "Mutation.adminRetryWorkflows",
    "Mutation.adminCancelWorkflow",
}
# Broker mode (spec 001 §6). While api/schema/broker.py is not in the schema these name no field.
BROKER_FIELDS = {
    "Query.connectedCtUsers",
    "Query.connectedCtUser",
    "Query.cbeDepositHistory",
    "Query.exchangeLevelReport",
    "Query.cbeDemoAccountId",
    "Query.cbeUserCurrencies",
    "Query.cbeTaxMethod",
    "Query.cbePipelineStages",
    "Query.cbeSettings",
    "Mutation.updateCbeSettings",
    "Mutation.addCbeDeposit",
    "Mutation.addCbeDisposal",
    "Mutation.resetDemoUser",
}
FIRM_FIELDS = {
    "Query.taxFirmMembers",
    "Query.taxFirmInvites",
    "Mutation.editTaxFirm",
    "Mutation.sendTaxFirmInvite",
    "Mutation.addTaxFirmAdmin",
    "Mutation.removeTaxFirmAdmin",
    "Mutation.deleteTaxFirmMember",
    "Mutation.leaveTaxFirm",
    "Mutation.addTaxProForClient",
    "Mutation.removeTaxProForClient",
}
# Fields that take no id but are not the caller's own data alone: none yet. A field taking an id (or
# `…Id`/`…Url`, test_authorization_matrix.fields_taking_ids) names the user's object unless it is a firm's.
GATED = {
    **{field: Gate.ADMIN for field in ADMIN_FIELDS},
    **{field: Gate.BROKER for field in BROKER_FIELDS},
    **{field: Gate.SELF for field in REFUSED_ON_BEHALF},
}


def schema_fields() -> dict[str, str]:
    """`Query.me` → "query", … for every root field of /graphql."""
    return {
        f"{root.name}.{name}": root.name.lower()
        for root in (schema._schema.query_type, schema._schema.mutation_type)
        if isinstance(root, GraphQLObjectType)
        for name in root.fields
    }


def names(field: str) -> Names:
    if field in FIRM_FIELDS:
        return Names.FIRM
    return Names.USERS if field in fields_taking_ids() else Names.OWN


# Whose data each signed-in role's session reads: the user, the debug-viewed user, or their own.
ACTS_AS_USER = {Role.USER, Role.INVITED_TAX_PRO, Role.ADMIN}
VIEWING = {Role.INVITED_TAX_PRO, Role.ADMIN, Role.DEBUGGING_ADMIN}


def rule(role: Role, field: str) -> Rule:
    """The declared rule of `role` calling `field`."""
    gate, named, mutation = GATED.get(field, Gate.NONE), names(field), field.startswith("Mutation.")
    if role is Role.ANONYMOUS:
        return SIGNED_OUT
    if role is Role.ADMIN and mutation:
        return forbidden(NO_DEBUG_PERMISSION)  # api.view_as.ReadOnlyViewAs, before any resolver
    if gate is Gate.ADMIN:
        return ALLOWED if role in (Role.ADMIN, Role.DEBUGGING_ADMIN) else NOT_FOUND
    if gate is Gate.BROKER:
        return ALLOWED if role is Role.BROKER else NOT_FOUND
    if gate is Gate.SELF and role in VIEWING:
        return forbidden(REFUSED_ON_BEHALF[field])
    if named is Names.FIRM:
        return ALLOWED if role is Role.FIRM_ADMIN else NOT_FOUND
    if named is Names.USERS:
        return ALLOWED if role in ACTS_AS_USER else NOT_FOUND
    return ALLOWED


def changes_guarded_data(role: Role, field: str) -> bool:
    """Whether the call may change a guarded user's or the firm's rows: an allowed change of a role that
    works on them."""
    if rule(role, field) != ALLOWED or not field.startswith("Mutation."):
        return False
    return role in ACTS_AS_USER | {Role.DEBUGGING_ADMIN} or names(field) is Names.FIRM


def may_see_user(role: Role, field: str) -> bool:
    """Whether the answer may show the user: they are the session's user, a client of the firm,
    connected to the broker, or among every user's runs the support console lists to an admin."""
    if role in ACTS_AS_USER:
        return True
    if role in (Role.ADMIN, Role.DEBUGGING_ADMIN) and field in ADMIN_FIELDS:
        return True  # the support console lists every user's workflow runs
    if role is Role.FIRM_ADMIN:
        return names(field) is Names.FIRM
    return role is Role.BROKER and field in BROKER_FIELDS


@dataclass(frozen=True)
class Case:
    role: Role
    field: str

    @property
    def group(self) -> int:
        """Refusals and reads (checked against the first snapshot) before allowed changes, and among
        those the user's own last: theirs may end the invite the pro views them through."""
        if not changes_guarded_data(self.role, self.field):
            return 0
        return 2 if self.role is Role.USER else 1


def cases() -> list[Case]:
    everyone = [Case(role, field) for role in Role for field in schema_fields()]
    return sorted(everyone, key=lambda case: case.group)  # stable: role by role within a group


def test_every_field_of_the_schema_is_declared() -> None:
    fields = set(schema_fields())
    declared = ADMIN_FIELDS | FIRM_FIELDS | set(REFUSED_ON_BEHALF)
    assert sorted(declared - fields - BROKER_FIELDS) == [], "these declarations name no field"
    assert set(fields_taking_ids()) >= FIRM_FIELDS, "a firm's field names the firm by id"
    assert sorted(ALL_NAMED_BY - set(ARGUMENTS) - set(CONSTANTS)) == [], (
        "name a value for each of these arguments"
    )


# The value each argument name takes; required arguments not named here take a value of their type.
ARGUMENTS: dict[str, str] = {
    "id": "wallet_id",
    "accountId": "wallet_id",
    "customerId": "wallet_id",
    "jobId": "import_job_id",
    "workflowId": "import_job_id",
    "csvFileUrl": "upload_url",
    "csvUrl": "upload_url",
    "form1099daFileUrl": "upload_url",
    "publicId": "buy_id",
    "publicIds": "buy_id",
    "fromPublicId": "buy_id",
    "toPublicId": "sale_id",
    "sendTransactionId": "send_id",
    "receiveTransactionId": "receive_id",
    "linkId": "link_id",
    "flowId": "disposal_flow_id",
    "disposedLotId": "disposed_lot_id",
    "taskId": "task_id",
    "sessionId": "checkout_id",
    "assetId": "token_id",
    "fromAssetId": "token_id",
    "invitePublicId": "invite_id",
    "taxFirmPublicId": "firm_id",
    "userPublicId": "pro_public_id",
    "taxProPublicId": "pro_public_id",
    "clientPublicId": "public_id",
    "userId": "public_id",
}
ALL_NAMED_BY = {  # argument names of fields that take ids, as test_authorization_matrix reads them
    path.split(".")[-1] for paths in fields_taking_ids().values() for path in paths
}
CONSTANTS: dict[str, Any] = {
    "email": "nobody-matrix@example.com",
    "password": "not the password",
    "confirmation": "no",
    "brokerId": DEMO_BROKER_ID,
    "countryCode": "US",
    "baseCurrency": "USD",
    "filename": "matrix.csv",
    "format": "CSV",
    "plan": "PRIME",
    "code": "NO-SUCH-COUPON",
    "symbol": "BTC",
    "name": "Matrix",
    "query": "",
    "search": "",
    "toAssetId": "crypto_ETH",
    "runId": "any",
    "taxYear": 2024,
    "limit": 5,
    "offset": 0,
    "month": 1,
    "day": 1,
    "rating": 5,
    "withClients": True,
    "type": "EXCHANGE_1099_RECONCILIATION_CSV",  # the report that reads the 1099-DA upload named
}


@dataclass(frozen=True)
class Population:
    user: World
    user_email: str
    public_id: str
    invite_id: str
    firm_id: str
    pro_public_id: str
    guarded_ids: list[int]  # the user, the debug-viewed user, the pro of the firm
    markers: list[str]  # what shows the user in an answer
    sessions: dict[Role, httpx.AsyncClient]

    def values(self) -> dict[str, Any]:
        """Each argument's value: CONSTANTS, and what ARGUMENTS names of the user's world or of this."""
        found = {
            name: getattr(self.user if hasattr(self.user, key) else self, key)
            for name, key in ARGUMENTS.items()
        }
        return {**CONSTANTS, **found}


def _user_row(db_engine: Engine, email: str) -> User:
    with sync_sessions(db_engine)() as session:
        user = session.scalar(select(User).where(User.email == email))
        assert user is not None
        return user


async def _signed_up(app: FastAPI, opened: list[httpx.AsyncClient]) -> tuple[httpx.AsyncClient, str]:
    http = app_client(app)
    opened.append(http)
    return http, await sign_up(http)


async def _populate(
    app: FastAPI, db_engine: Engine, servers: Settings, opened: list[httpx.AsyncClient]
) -> Population:
    user_http = app_client(app)
    opened.append(user_http)
    world = await make_world(user_http, db_engine)
    user_email = (await gql(user_http, "query { me { email } }"))["me"]["email"]
    user = _user_row(db_engine, user_email)
    other, _ = await _signed_up(app, opened)
    (pro, _), (invited, invited_email), (firm_admin, _) = [await _signed_up(app, opened) for _ in range(3)]
    (admin, admin_email), (debugging, debugging_email) = [await _signed_up(app, opened) for _ in range(2)]
    debugged, debugged_email = await _signed_up(app, opened)
    broker, broker_email = await _signed_up(app, opened)

    assert await call(pro, REGISTER, cpa=True, firm=None) == OK
    assert await call(invited, REGISTER, cpa=True, firm=None) == OK
    assert await call(firm_admin, REGISTER, cpa=True, firm="Matrix firm") == OK
    firm_id = (await gql(firm_admin, FIRM))["taxFirm"]["publicId"]
    assert await call(firm_admin, FIRM_INVITE, firm=firm_id, email=invited_email) == OK
    [joining] = (await gql(invited, INCOMING))["incomingInvites"]
    assert await call(invited, ACCEPT, id=joining["publicId"]) == OK
    assert await call(user_http, SEND, email=invited_email, by="CLIENT") == OK
    [invite] = (await gql(user_http, SENT))["sentInvites"]
    assert await call(invited, ACCEPT, id=invite["publicId"]) == OK

    for outsider in (pro, firm_admin):  # a client of a member is not theirs to view
        assert (
            await outsider.post("/tax-pros/view-client", data={"client-public-id": user.public_id})
        ).status_code == 404
    viewed = await invited.post("/tax-pros/view-client", data={"client-public-id": str(user.public_id)})
    assert viewed.status_code == 303
    grant = "mutation { updateDebugPermission(granted: true) { success } }"
    assert (await gql(debugged, grant))["updateDebugPermission"] == {"success": True}
    for http, email, viewed_email in (
        (admin, admin_email, user_email),
        (debugging, debugging_email, debugged_email),
    ):
        assert make_admin(servers, email)
        assert (await http.post("/user/view-as", data={"user-email": viewed_email})).status_code == 303
    assert make_broker(servers, broker_email, [user_email]) is None
    for http, email in ((invited, user_email), (admin, user_email), (debugging, debugged_email)):
        assert (await gql(http, "query { me { email } }"))["me"]["email"] == email

    anonymous = app_client(app)
    opened.append(anonymous)
    sessions = {
        Role.ANONYMOUS: anonymous,
        Role.USER: user_http,
        Role.OTHER_USER: other,
        Role.TAX_PRO: pro,
        Role.INVITED_TAX_PRO: invited,
        Role.FIRM_ADMIN: firm_admin,
        Role.ADMIN: admin,
        Role.DEBUGGING_ADMIN: debugging,
        Role.BROKER: broker,
    }
    shown = [user_email, str(user.public_id), world.upload_url, world.checkout_id, world.token_id]
    return Population(
        user=world,
        user_email=user_email,
        public_id=str(user.public_id),
        invite_id=invite["publicId"],
        firm_id=firm_id,
        pro_public_id=str(_user_row(db_engine, invited_email).public_id),
        guarded_ids=[
            user.id,
            _user_row(db_engine, debugged_email).id,
            _user_row(db_engine, invited_email).id,
        ],
        markers=[*shown, world.buy_id, world.sale_id, world.send_id, world.receive_id],
        sessions=sessions,
    )


@pytest.fixture(scope="module")
async def population(
    app: FastAPI, worker: None, db_engine: Engine, servers: Settings, no_leftover_syncs: None
) -> AsyncIterator[Population]:
    opened: list[httpx.AsyncClient] = []
    try:
        yield await _populate(app, db_engine, servers, opened)
    finally:
        for http in opened:
            await http.aclose()


def _guarded(db_engine: Engine, population: Population) -> dict[str, str]:
    with db_engine.connect() as connection:
        firm = {"tax_firms": "public_id = :firm"}
        return snapshot(connection, population.guarded_ids, firm, firm=uuid.UUID(population.firm_id))


@pytest.fixture(scope="module")
def before(population: Population, db_engine: Engine) -> dict[str, str]:
    return _guarded(db_engine, population)


ROLE_TEXTS = {
    NO_DEBUG_PERMISSION,
    ONLY_THE_USER,
    NOT_ON_BEHALF,
    NO_DELETING_ON_BEHALF,
    VIEW_AS_IMPORT_FORBIDDEN,
}


def _texts(body: dict[str, Any], answer: object) -> tuple[list[str], list[str]]:
    """The top-level error messages, and the errorMessage the field answered with."""
    top = [error["message"] for error in body.get("errors", [])]
    given = answer.get("errorMessage") if isinstance(answer, dict) else None
    return top, [given] if isinstance(given, str) else []


def check(declared: Rule, case: Case, response: httpx.Response) -> None:
    if declared == SIGNED_OUT:
        assert response.status_code == 401, response.text
        return
    assert response.status_code == 200, response.text
    body = response.json()
    answer = (body.get("data") or {}).get(case.field.split(".")[1])
    top, given = _texts(body, answer)
    if declared.outcome == "forbidden":
        assert declared.text in top + given, body
        return
    assert not ROLE_TEXTS & set(top + given), body
    if declared == ALLOWED:
        assert "Not found." not in top, body
    elif case.field.startswith("Mutation."):  # not found: whatever it answers, it did not do it
        assert not (isinstance(answer, dict) and answer.get("success")), body


@pytest.mark.parametrize("case", cases(), ids=lambda case: f"{case.role.value}: {case.field}")
async def test_each_role_gets_its_rule_and_a_refusal_changes_nothing(
    case: Case, population: Population, before: dict[str, str], db_engine: Engine
) -> None:
    root, name = case.field.split(".")
    field = getattr(schema._schema, f"{root.lower()}_type").fields[name]
    body = operation(root.lower(), name, field, population.values())
    response = await population.sessions[case.role].post("/graphql", json=body)
    check(rule(case.role, case.field), case, response)
    if not may_see_user(case.role, case.field):
        assert mentions(response.json(), population.markers) == []
    if case.group == 0 and (case.field.startswith("Mutation.") or rule(case.role, case.field) != ALLOWED):
        assert _guarded(db_engine, population) == before


def public_fields() -> Iterator[tuple[str, str]]:
    for root in (public_schema._schema.query_type, public_schema._schema.mutation_type):
        assert isinstance(root, GraphQLObjectType)
        for name in root.fields:
            yield root.name.lower(), name


@pytest.mark.parametrize("role", list(Role), ids=lambda role: role.value)
async def test_the_public_schema_answers_every_role_alike(role: Role, population: Population) -> None:
    for kind, name in public_fields():
        field = getattr(public_schema._schema, f"{kind}_type").fields[name]
        body = operation(
            kind, name, field, {**CONSTANTS, "email": f"demo-{uuid.uuid4().hex[:8]}@example.com"}
        )
        response = await population.sessions[role].post("/public/graphql", json=body)
        assert response.status_code == 200, response.text
        assert mentions(response.json(), population.markers) == []


def test_every_call_the_matrices_make_is_valid() -> None:
    values = {key: "1" for key in ARGUMENTS} | CONSTANTS
    for target in (schema, public_schema):
        for root in (target._schema.query_type, target._schema.mutation_type):
            assert isinstance(root, GraphQLObjectType)
            for name, field in root.fields.items():
                body = operation(root.name.lower(), name, field, values)
                assert validate(target._schema, parse(body["query"])) == [], body["query"]


# The REST routes of people. Each acts on the account the browser is signed in to, never on a user it
# views as: a call naming the user (their public id, one of their sessions) is the user's alone, and
# answers anyone else "not found"; any other call answers the caller about their own account. The
# security settings (two-step verification, e-mail, sessions) refuse a caller viewing as someone.
OWN = Rule("own account")  # what it answers (a wrong code's 422 too) is of the caller's own account
ON_BEHALF = Rule("refused on behalf", NOT_ON_BEHALF)  # HTTP 403: the caller's browser views as the user
PEOPLE_ROUTERS = (events.router, mfa.router, email_change.router, password_reset.router, sessions.router)
CODE = {"code": "000000"}


@dataclass(frozen=True)
class Route:
    body: dict[str, Any] | None = None  # "{public_id}": the user's public id, "{role}": the caller's
    anonymous: Rule = SIGNED_OUT
    signed_in: Rule = OWN
    names_user: bool = False  # the user's alone
    own_account: bool = False  # security settings: refused while the caller views as someone

    def rule(self, role: Role) -> Rule:
        if role is Role.ANONYMOUS:
            return self.anonymous
        if self.own_account and role in VIEWING:
            return ON_BEHALF
        if self.names_user:
            return ALLOWED if role is Role.USER else NOT_FOUND
        return self.signed_in


ROUTES = {
    "POST /save_event": Route(
        {"anonymous_id": "matrix", "user_id": "{public_id}", "event_name": "Wallet Added"},
        anonymous=NOT_FOUND,
        names_user=True,
    ),
    "POST /save_page_view": Route({"anonymous_id": "matrix", "page_name": "/home"}, anonymous=OWN),
    "POST /save_user_properties": Route(
        {"user_id": "{public_id}", "user_traits": {"plan": "FREE"}}, anonymous=NOT_FOUND, names_user=True
    ),
    "GET /api/get-current-user": Route(),
    "GET /auth/mfa": Route(own_account=True),
    "POST /auth/mfa/setup": Route(own_account=True),
    "POST /auth/mfa/enable": Route(CODE, own_account=True),
    "POST /auth/mfa/disable": Route(CODE, own_account=True),
    # the second step of a sign-in: without the challenge cookie /auth/login sets, nobody gets past it
    "POST /auth/mfa/verify": Route(CODE, signed_in=SIGNED_OUT),
    "GET /auth/email-change": Route(own_account=True),
    "POST /auth/email-change": Route({"newEmail": "nobody-matrix@example.com"}, own_account=True),
    "POST /auth/email-change/verify": Route(CODE, own_account=True),
    # public: whoever asks, for an address of no account (one per role, under the per-account limit)
    "POST /auth/password-reset": Route(
        {"email": "nobody-{role}@example.com"}, anonymous=PUBLIC, signed_in=PUBLIC
    ),
    "POST /auth/password-reset/confirm": Route(
        {"token": "not-a-link", "password": PASSWORD},
        anonymous=forbidden(LINK_EXPIRED),
        signed_in=forbidden(LINK_EXPIRED),
    ),
    "GET /auth/sessions": Route(own_account=True),
    "DELETE /auth/sessions/{session_id}": Route(names_user=True, own_account=True),
}


def people_routes() -> set[str]:
    return {
        f"{method} {route.path}"
        for router in PEOPLE_ROUTERS
        for route in router.routes
        if isinstance(route, APIRoute)
        for method in route.methods or ()
    }


def test_every_people_route_is_declared() -> None:
    assert sorted(people_routes()) == sorted(ROUTES)


@dataclass(frozen=True)
class Guarded:
    population: Population
    session_id: str  # a second session of the user's, the one every role tries to end


@pytest.fixture(scope="module")
async def guarded(app: FastAPI, worker: None, db_engine: Engine, servers: Settings) -> AsyncIterator[Guarded]:
    """A population of its own: the GraphQL cases end with the user's own calls, which delete the pro's
    invite among others, and the pro who views the user must still view them here."""
    opened: list[httpx.AsyncClient] = []
    try:
        population = await _populate(app, db_engine, servers, opened)
        yield await _second_session(app, db_engine, population)
    finally:
        for http in opened:
            await http.aclose()


async def _second_session(app: FastAPI, db_engine: Engine, population: Population) -> Guarded:
    async with app_client(app) as second:
        signed_in = await second.post(
            "/auth/login", json={"email": population.user_email, "password": PASSWORD}
        )
        assert signed_in.status_code == 200, signed_in.text
        with db_engine.connect() as connection:
            session_id = connection.scalar(
                text("SELECT max(id) FROM user_sessions WHERE user_id = :user"),
                {"user": population.guarded_ids[0]},
            )
        return Guarded(population, str(session_id))


def _own_account(role: Role, population: Population) -> int | None:
    """The guarded account that is the caller's own: the user's, or the firm's pro viewing them."""
    return {Role.USER: population.guarded_ids[0], Role.INVITED_TAX_PRO: population.guarded_ids[2]}.get(role)


def _kept(db_engine: Engine, population: Population, user_ids: list[int]) -> tuple[object, ...]:
    """The users' rows, the firm's, and the users' analytics events and sessions (not in `snapshot`)."""
    with db_engine.connect() as connection:
        firm = {"tax_firms": "public_id = :firm"}
        owned = snapshot(connection, user_ids, firm, firm=uuid.UUID(population.firm_id))
        events_and_sessions = connection.execute(
            text(
                "SELECT (SELECT count(*) FROM analytics_events WHERE user_id = ANY(:users)),"
                " (SELECT array_agg(id ORDER BY id) FROM user_sessions WHERE user_id = ANY(:users))"
            ),
            {"users": user_ids},
        ).one()
        return owned, tuple(events_and_sessions)


def check_rest(declared: Rule, response: httpx.Response) -> None:
    code = response.status_code
    if declared == SIGNED_OUT:
        assert code == 401, response.text
    elif declared == NOT_FOUND:
        assert code == 404, response.text
    elif declared == ON_BEHALF:
        assert (code, response.json()["detail"]) == (403, NOT_ON_BEHALF), response.text
    elif declared.outcome == "forbidden":
        assert (code, response.json()["detail"]) == (400, declared.text), response.text
    elif declared == ALLOWED:
        assert code in (200, 204), response.text
    else:  # OWN, PUBLIC: answered, whatever the caller's own request came to
        assert code < 500 and code not in (401, 403, 404, 429), response.text


def rest_cases() -> list[tuple[Role, str]]:
    # the user last: their own calls change their rows (and end the session the others try to end)
    return [(role, route) for role in sorted(Role, key=lambda role: role is Role.USER) for route in ROUTES]


@pytest.mark.parametrize(("role", "route"), rest_cases(), ids=lambda value: getattr(value, "value", value))
async def test_each_role_gets_its_rule_on_the_people_routes_and_a_refusal_changes_nothing(
    role: Role, route: str, guarded: Guarded, db_engine: Engine
) -> None:
    population, declared = guarded.population, ROUTES[route].rule(role)
    method, path = route.split(" ")
    body = ROUTES[route].body
    filled = {"public_id": population.public_id, "role": role.name.lower()}
    payload = (
        None
        if body is None
        else {key: value.format(**filled) if isinstance(value, str) else value for key, value in body.items()}
    )
    own = _own_account(role, population)
    changeable = own if declared in (ALLOWED, OWN, PUBLIC) else None
    kept_ids = [user_id for user_id in population.guarded_ids if user_id != changeable]
    before = _kept(db_engine, population, kept_ids)

    response = await population.sessions[role].request(
        method, path.format(session_id=guarded.session_id), json=payload
    )

    check_rest(declared, response)
    if role is not Role.USER:
        shown = response.json() if response.content else None
        # the user's numeric ids (a transaction's) are left out: a caller's own session ids are numbers too
        markers = [marker for marker in population.markers if not marker.isdigit()]
        assert mentions(shown, [*markers, guarded.session_id]) == []
    assert _kept(db_engine, population, kept_ids) == before
