"""View as (spec 001 §2, §6): an admin posts `user-email` to /user/view-as and reads that user's data,
read-only unless the user granted debug permission; every session is audited; nobody else may."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.infra.settings import Settings
from ledger.models import AdminAction, User
from ledger.models.admin_audit import AdminActionKind
from stack.staff import make_admin
from tests.api.graphql import gql
from tests.clients import app_client, sign_up

pytestmark = pytest.mark.servers

ME = "query { me { email isAdmin viewAsUserId debugPermission selectedTheme } }"
THEME = "mutation { updateTheme(theme: DARK) { success } }"
GRANT = "mutation Grant($granted: Boolean!) { updateDebugPermission(granted: $granted) { success } }"


@pytest.fixture
async def admin(app: FastAPI, servers: Settings) -> AsyncIterator[tuple[httpx.AsyncClient, str]]:
    async with app_client(app) as http:
        email = await sign_up(http)
        assert make_admin(servers, email)
        yield http, email


@pytest.fixture
async def viewed(app: FastAPI) -> AsyncIterator[tuple[httpx.AsyncClient, str]]:
    async with app_client(app) as http:
        yield http, await sign_up(http)


async def view_as(http: httpx.AsyncClient, email: str) -> httpx.Response:
    return await http.post("/user/view-as", data={"user-email": email})


async def messages(http: httpx.AsyncClient, query: str) -> list[str]:
    body = (await http.post("/graphql", json={"query": query})).json()
    return [error["message"] for error in body.get("errors", [])]


async def test_an_admin_reads_as_the_user_and_may_not_change_anything_without_debug_permission(
    admin: tuple[httpx.AsyncClient, str], viewed: tuple[httpx.AsyncClient, str], db_session: Session
) -> None:
    (http, admin_email), (_, email) = admin, viewed
    started = await view_as(http, email.upper())
    assert (started.status_code, started.headers["location"]) == (303, "/home")

    me = (await gql(http, ME))["me"]
    user_id = db_session.scalar(select(User.id).where(User.email == email))
    assert me == {
        "email": email,
        "isAdmin": False,
        "viewAsUserId": str(user_id),
        "debugPermission": False,
        "selectedTheme": "LIGHT",
    }
    assert await messages(http, THEME) == ["No permission to debug this account!"]
    [audited] = db_session.scalars(select(AdminAction).where(AdminAction.user_id == user_id)).all()
    assert audited.action is AdminActionKind.VIEW_AS
    assert db_session.get(User, audited.admin_id).email == admin_email  # type: ignore[union-attr]

    stopped = await http.post("/user/view-as/stop")
    assert (stopped.status_code, stopped.headers["location"]) == (303, "/home")
    assert (await gql(http, ME))["me"]["email"] == admin_email


async def test_with_debug_permission_the_admin_changes_the_users_data_but_not_the_permission(
    admin: tuple[httpx.AsyncClient, str], viewed: tuple[httpx.AsyncClient, str]
) -> None:
    (http, _), (user_http, email) = admin, viewed
    assert (await gql(user_http, GRANT, granted=True))["updateDebugPermission"]["success"]
    await view_as(http, email)

    assert (await gql(http, THEME))["updateTheme"]["success"]
    assert (await gql(user_http, ME))["me"]["selectedTheme"] == "DARK"
    response = await http.post("/graphql", json={"query": GRANT, "variables": {"granted": False}})
    assert [error["message"] for error in response.json()["errors"]] == [
        "Only the user can change their debug permission."
    ]


async def test_an_unknown_email_goes_back_to_the_form_with_a_message(
    admin: tuple[httpx.AsyncClient, str],
) -> None:
    http, own = admin
    for email in ("nobody@example.com", own):
        answer = await view_as(http, email)
        assert (answer.status_code, answer.headers["location"]) == (
            303,
            "/user/view-as?errorMessage=No+user+has+this+email.",
        )
    assert (await gql(http, ME))["me"]["viewAsUserId"] is None


async def test_no_one_but_an_admin_views_as(
    viewed: tuple[httpx.AsyncClient, str], other_user: httpx.AsyncClient, client: httpx.AsyncClient
) -> None:
    _, email = viewed
    assert (await view_as(other_user, email)).status_code == 404
    assert (await other_user.post("/user/view-as/stop")).status_code == 404
    assert (await view_as(client, email)).status_code == 401
    assert (await gql(other_user, ME))["me"]["viewAsUserId"] is None


async def test_bad_input_is_refused(admin: tuple[httpx.AsyncClient, str]) -> None:
    http, _ = admin
    assert (await http.post("/user/view-as", data={})).status_code == 422
    assert (await view_as(http, "x" * 321 + "@example.com")).status_code == 422
