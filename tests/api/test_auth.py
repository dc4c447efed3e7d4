"""Sign-up, sign-in and sign-out through /auth/*, and the session check in front of /graphql."""

from __future__ import annotations

import hashlib
import uuid

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import User, UserSession
from tests.api.graphql import gql
from tests.clients import PASSWORD, sign_up

pytestmark = pytest.mark.servers

ME = "query Me { me { publicId email isAdmin baseCurrency costBasisByWallet viewAsUserId } }"


def set_cookies(response: httpx.Response) -> dict[str, str]:
    """Set-Cookie headers by cookie name."""
    return {header.split("=", 1)[0]: header for header in response.headers.get_list("set-cookie")}


async def test_sign_up_sets_the_session_and_is_auth_cookies(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    email = f"New-{uuid.uuid4().hex[:8]}@Example.com"
    response = await client.post("/auth/signup", json={"email": f"  {email} ", "password": PASSWORD})

    assert response.status_code == 201
    assert response.json()["email"] == email.lower()
    cookies = set_cookies(response)
    session_cookie, auth_cookie = cookies["cairn_session"].lower(), cookies["is_auth"].lower()
    assert (
        "httponly" in session_cookie and "samesite=lax" in session_cookie and "secure" not in session_cookie
    )
    assert auth_cookie.startswith("is_auth=true;") and "httponly" not in auth_cookie
    assert session_cookie.split("expires=")[1].split(";")[0] == auth_cookie.split("expires=")[1].split(";")[0]

    token = client.cookies["cairn_session"]
    user = db_session.scalars(select(User).where(User.email == email.lower())).one()
    stored = db_session.scalars(select(UserSession).where(UserSession.user_id == user.id)).one()
    assert stored.token_hash == hashlib.sha256(token.encode()).digest()
    assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash

    me = (await gql(client, ME))["me"]
    assert me == {
        "publicId": str(user.public_id),
        "email": email.lower(),
        "isAdmin": False,
        "baseCurrency": "USD",
        "costBasisByWallet": False,
        "viewAsUserId": None,
    }


async def test_an_email_signs_up_once_whatever_its_case(client: httpx.AsyncClient) -> None:
    email = await sign_up(client)
    response = await client.post("/auth/signup", json={"email": email.upper(), "password": PASSWORD})
    assert response.status_code == 409
    assert response.json() == {"detail": "An account with this email already exists."}


@pytest.mark.parametrize(
    ("email", "password", "detail"),
    [
        ("not-an-email", PASSWORD, "Enter a valid email address."),
        ("someone@localhost", PASSWORD, "Enter a valid email address."),
        ("someone@example.com", "seven77", "Password must be at least 8 characters."),
    ],
)
async def test_sign_up_refuses_invalid_input(
    client: httpx.AsyncClient, email: str, password: str, detail: str
) -> None:
    response = await client.post("/auth/signup", json={"email": email, "password": password})
    assert response.status_code == 422
    assert response.json() == {"detail": detail}
    assert "cairn_session" not in client.cookies


async def test_a_malformed_body_answers_422_with_a_sentence(client: httpx.AsyncClient) -> None:
    response = await client.post("/auth/signup", json={"email": "someone@example.com"})
    assert response.status_code == 422
    assert isinstance(response.json()["detail"], str) and "password" in response.json()["detail"]


async def test_login_with_the_right_password_signs_in(client: httpx.AsyncClient) -> None:
    email = await sign_up(client)
    client.cookies.clear()

    response = await client.post("/auth/login", json={"email": email.upper(), "password": PASSWORD})

    assert response.status_code == 200
    assert {"cairn_session", "is_auth"} <= set(set_cookies(response))
    assert (await gql(client, ME))["me"]["email"] == email


@pytest.mark.parametrize("known_email", [True, False])
async def test_login_refuses_a_wrong_password_or_unknown_email(
    client: httpx.AsyncClient, known_email: bool
) -> None:
    email = await sign_up(client) if known_email else f"nobody-{uuid.uuid4().hex}@example.com"
    client.cookies.clear()

    response = await client.post("/auth/login", json={"email": email, "password": "wrong password"})

    assert response.status_code == 401
    assert response.json() == {"detail": "Incorrect email or password."}
    assert "cairn_session" not in set_cookies(response)


async def test_logout_ends_the_session_and_clears_both_cookies(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    await sign_up(client)
    token = client.cookies["cairn_session"]

    response = await client.post("/auth/logout")

    assert response.status_code == 204
    cleared = set_cookies(response)
    assert all(
        '=""' in cleared[name] and "max-age=0" in cleared[name].lower()
        for name in ("cairn_session", "is_auth")
    )
    token_hash = hashlib.sha256(token.encode()).digest()
    assert db_session.scalars(select(UserSession).where(UserSession.token_hash == token_hash)).first() is None
    client.cookies.set("cairn_session", token)
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401


@pytest.mark.parametrize("cookies", [{}, {"cairn_session": "forged-token"}])
async def test_graphql_answers_401_without_a_valid_session(
    client: httpx.AsyncClient, cookies: dict[str, str]
) -> None:
    client.cookies.update(cookies)
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401
    assert (await client.get("/graphql", params={"query": ME})).status_code == 401
    assert (await client.get("/graphql", headers={"Accept": "text/html"})).status_code == 401


async def test_no_graphql_ide_is_served(user: httpx.AsyncClient) -> None:
    """GraphiQL's files would come from a CDN, which an offline install cannot reach."""
    response = await user.get("/graphql", headers={"Accept": "text/html"})
    assert response.status_code == 404
    assert "graphiql" not in response.text.lower() and "<script" not in response.text.lower()
    assert (await user.get("/graphql", params={"query": ME})).json()["data"]["me"]["isAdmin"] is False


async def test_signing_in_again_rotates_the_session(client: httpx.AsyncClient, db_session: Session) -> None:
    email = await sign_up(client)
    first = client.cookies["cairn_session"]

    response = await client.post("/auth/login", json={"email": email, "password": PASSWORD})

    assert response.status_code == 200
    second = client.cookies["cairn_session"]
    assert second != first
    hashes = [hashlib.sha256(token.encode()).digest() for token in (first, second)]
    stored = set(db_session.scalars(select(UserSession.token_hash).where(UserSession.token_hash.in_(hashes))))
    assert stored == {hashes[1]}  # the session the browser had is closed
    client.cookies.clear()
    client.cookies.set("cairn_session", first)
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401
