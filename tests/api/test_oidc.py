"""Sign-in through OpenID Connect (api/oidc.py) against the local provider fake: the code flow with PKCE,
state and nonce; a first sign-in makes an account only for a verified e-mail; the next one finds it by the
subject; an e-mail that already has an account is refused; a user who turned on two-step verification
still gives a code after the provider; an ID token that does not verify (another
key, audience or nonce, expired) or a callback that is not this browser's signs nobody in."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.oidc import BEING_DELETED, EMAIL_TAKEN, FAILED, MFA_STEP, UNVERIFIED_EMAIL
from contracts.user_deletion import marked_email
from ledger.infra.settings import Settings
from ledger.models import User, UserIdentity
from tests.api.graphql import gql
from tests.api.test_mfa import enable_mfa
from tests.clients import sign_up
from tests.fakes.oidc import Forgery, OidcProvider, Person

pytestmark = pytest.mark.servers

CLIENT_ID, CLIENT_SECRET, NAME = "cairn-web", "cairn-web-secret", "Example ID"
ME = "query { me { email } }"


def a_person(verified: bool = True) -> Person:
    return Person(f"sub-{uuid.uuid4().hex}", f"oidc-{uuid.uuid4().hex[:10]}@example.com", verified)


@pytest.fixture
def provider(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[OidcProvider]:
    with OidcProvider(CLIENT_ID, CLIENT_SECRET, a_person()) as fake:
        monkeypatch.setattr(servers, "oidc_issuer", fake.issuer)
        monkeypatch.setattr(servers, "oidc_client_id", CLIENT_ID)
        monkeypatch.setattr(servers, "oidc_client_secret", CLIENT_SECRET)
        monkeypatch.setattr(servers, "oidc_provider_name", NAME)
        yield fake


async def at_provider(http: httpx.AsyncClient, path: str = "/auth0/login", **params: str) -> str:
    """Start → the provider's authorize endpoint → the callback it sends the browser back to."""
    started = await http.get(path, params=params)
    assert started.status_code == 303, started.text
    target = urlsplit(started.headers["location"])
    query = parse_qs(target.query)
    assert query["code_challenge_method"] == ["S256"] and query["nonce"] and query["state"]
    async with httpx.AsyncClient() as browser:
        consent = await browser.get(started.headers["location"])
    assert consent.status_code == 302
    back = urlsplit(consent.headers["location"])
    assert back.path == "/auth0/callback"
    return f"{back.path}?{back.query}"


def landed(response: httpx.Response) -> tuple[str, dict[str, list[str]]]:
    assert response.status_code == 303, response.text
    location = urlsplit(response.headers["location"])
    return location.path, parse_qs(location.query)


async def test_the_login_page_learns_the_provider_name_only_when_one_is_configured(
    client: httpx.AsyncClient, servers: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(servers, "oidc_issuer", "")
    assert (await client.get("/auth0/provider")).json() == {"name": None}
    assert landed(await client.get("/auth0/login", params={"next": "/tax"})) == ("/login", {"next": ["/tax"]})
    assert landed(await client.get("/auth0/signup")) == ("/signup", {})

    monkeypatch.setattr(servers, "oidc_issuer", "http://127.0.0.1:9")
    monkeypatch.setattr(servers, "oidc_client_id", CLIENT_ID)
    monkeypatch.setattr(servers, "oidc_provider_name", NAME)
    assert (await client.get("/auth0/provider")).json() == {"name": NAME}
    # a provider that does not answer: back to the sign-in page with the reason
    failed = landed(await client.get("/auth0/login"))
    assert failed == ("/login", {"errorMessage": [FAILED.format(provider=NAME)]})


async def test_a_first_sign_in_makes_an_account_and_the_next_finds_it_by_subject(
    client: httpx.AsyncClient, app: object, provider: OidcProvider, db_session: Session
) -> None:
    path, _ = landed(await client.get(await at_provider(client, next="/tax")))
    assert path == "/tax"
    assert (await gql(client, ME))["me"] == {"email": provider.person.email}
    user = db_session.scalars(select(User).where(User.email == provider.person.email)).one()
    assert user.password_hash == "!"  # no password: it signs in only at the provider
    identity = db_session.scalars(select(UserIdentity).where(UserIdentity.user_id == user.id)).one()
    assert (identity.issuer, identity.subject) == (provider.issuer, provider.person.subject)

    # the provider's e-mail changes; the subject still names the same user
    provider.person = Person(provider.person.subject, f"changed-{uuid.uuid4().hex[:8]}@example.com")
    await client.get("/auth0/logout")
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401
    path, _ = landed(await client.get(await at_provider(client, next="https://elsewhere.example/")))
    assert path == "/home"  # never another site
    assert (await gql(client, ME))["me"] == {"email": user.email}
    assert db_session.scalar(select(func.count()).where(UserIdentity.user_id == user.id)) == 1


async def test_an_unverified_email_makes_no_account(
    client: httpx.AsyncClient, provider: OidcProvider, db_session: Session
) -> None:
    provider.person = a_person(verified=False)
    path, query = landed(await client.get(await at_provider(client)))

    assert (path, query["errorMessage"]) == ("/login", [UNVERIFIED_EMAIL.format(provider=NAME)])
    assert db_session.scalar(select(func.count()).where(User.email == provider.person.email)) == 0
    assert "cairn_session" not in client.cookies


async def test_an_email_with_an_account_is_refused_not_linked(
    client: httpx.AsyncClient, provider: OidcProvider, db_session: Session
) -> None:
    email = await sign_up(client)
    provider.person = Person(f"sub-{uuid.uuid4().hex}", email)
    await client.get("/auth0/logout")

    path, query = landed(await client.get(await at_provider(client)))

    assert (path, query["errorMessage"]) == ("/login", [EMAIL_TAKEN])
    assert db_session.scalar(select(func.count()).where(UserIdentity.subject == provider.person.subject)) == 0
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401


@pytest.mark.parametrize("forgery", list(Forgery))
async def test_an_id_token_that_does_not_verify_signs_nobody_in(
    client: httpx.AsyncClient, provider: OidcProvider, db_session: Session, forgery: Forgery
) -> None:
    provider.forge = forgery
    path, query = landed(await client.get(await at_provider(client)))

    assert (path, query["errorMessage"]) == ("/login", [FAILED.format(provider=NAME)])
    assert db_session.scalar(select(func.count()).where(User.email == provider.person.email)) == 0
    assert "cairn_session" not in client.cookies


async def test_a_callback_that_is_not_this_browsers_is_refused(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, provider: OidcProvider, db_session: Session
) -> None:
    callback = await at_provider(client)
    # another browser (no state cookie), then this one with its state changed
    assert landed(await other_user.get(callback))[1]["errorMessage"] == [FAILED.format(provider=NAME)]
    forged = callback.replace("state=", "state=x")
    assert landed(await client.get(forged))[1]["errorMessage"] == [FAILED.format(provider=NAME)]
    assert db_session.scalar(select(func.count()).where(User.email == provider.person.email)) == 0


async def test_a_user_being_deleted_cannot_sign_in_by_the_provider(
    client: httpx.AsyncClient, provider: OidcProvider, db_session: Session
) -> None:
    landed(await client.get(await at_provider(client)))
    user = db_session.scalars(select(User).where(User.email == provider.person.email)).one()
    user.email = marked_email(user.public_id)
    db_session.commit()
    await client.get("/auth0/logout")

    path, query = landed(await client.get(await at_provider(client)))

    assert (path, query["errorMessage"]) == ("/login", [BEING_DELETED])
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401


async def test_a_user_with_two_step_verification_gives_a_code_after_the_provider(
    client: httpx.AsyncClient, provider: OidcProvider
) -> None:
    landed(await client.get(await at_provider(client)))
    totp, step, recovery_codes = await enable_mfa(client)
    await client.get("/auth0/logout")

    path, query = landed(await client.get(await at_provider(client, next="/tax")))

    assert (path, query) == ("/login", {"step": [MFA_STEP], "next": ["/tax"]})
    assert "cairn_session" not in client.cookies and "cairn_mfa" in client.cookies
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401
    reused = await client.post("/auth/mfa/verify", json={"code": totp.generate_otp(step)})
    assert reused.status_code == 401
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401
    verified = await client.post("/auth/mfa/verify", json={"code": totp.generate_otp(step + 1)})
    assert verified.status_code == 200 and verified.json()["email"] == provider.person.email
    assert (await gql(client, ME))["me"] == {"email": provider.person.email}

    # the next sign-in asks again; a recovery code answers it once
    await client.get("/auth0/logout")
    assert landed(await client.get(await at_provider(client)))[0] == "/login"
    assert (await client.post("/auth/mfa/verify", json={"code": recovery_codes[0]})).status_code == 200
    assert (await gql(client, ME))["me"] == {"email": provider.person.email}
