"""Password reset by an e-mailed link: one use, an expiry, every session ended, no account disclosed."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session
from temporalio.client import Client

from api.app import create_app
from ledger.infra.settings import Settings
from ledger.models import OneTimeToken, TokenPurpose, User
from stack.servers import free_port
from tests.api.mailbox import find, last_mail_to, mail_to
from tests.clients import PASSWORD, app_client, sign_up

pytestmark = pytest.mark.servers

NEW_PASSWORD = "a brand new password"
ME = {"query": "query Me { me { email } }"}
EXPIRED = {"detail": "This reset link has expired or was already used. Ask for a new one."}


async def reset_token(http: httpx.AsyncClient, servers: Settings, email: str) -> str:
    assert (await http.post("/auth/password-reset", json={"email": email.upper()})).status_code == 202
    message = last_mail_to(servers, email)
    assert message.subject == "Reset your Cairn password"
    return find(rf"{servers.origin}/reset-password\?token=(\S+)", message.body)


async def test_a_reset_link_sets_a_new_password_once_and_ends_every_session(
    user: httpx.AsyncClient, client: httpx.AsyncClient, servers: Settings
) -> None:
    email = (await user.post("/graphql", json=ME)).json()["data"]["me"]["email"]
    token = await reset_token(user, servers, email)

    assert (
        await user.post("/auth/password-reset/confirm", json={"token": token, "password": NEW_PASSWORD})
    ).status_code == 204
    assert (await user.post("/graphql", json=ME)).status_code == 401  # the session opened before ended
    old = await client.post("/auth/login", json={"email": email, "password": PASSWORD})
    assert old.status_code == 401
    assert (
        await client.post("/auth/login", json={"email": email, "password": NEW_PASSWORD})
    ).status_code == 200

    again = await client.post(
        "/auth/password-reset/confirm", json={"token": token, "password": "yet another one"}
    )
    assert again.status_code == 400 and again.json() == EXPIRED


async def test_an_expired_link_is_refused(
    client: httpx.AsyncClient, servers: Settings, db_session: Session
) -> None:
    email = await sign_up(client)
    token = await reset_token(client, servers, email)
    user_id = db_session.scalars(select(User.id).where(User.email == email)).one()
    db_session.execute(
        update(OneTimeToken)
        .where(OneTimeToken.user_id == user_id, OneTimeToken.purpose == TokenPurpose.PASSWORD_RESET)
        .values(expires_at=OneTimeToken.created_at)
    )
    db_session.commit()
    response = await client.post(
        "/auth/password-reset/confirm", json={"token": token, "password": NEW_PASSWORD}
    )
    assert response.status_code == 400 and response.json() == EXPIRED


async def test_a_newer_link_replaces_the_older_one(client: httpx.AsyncClient, servers: Settings) -> None:
    email = await sign_up(client)
    older = await reset_token(client, servers, email)
    newer = await reset_token(client, servers, email)
    assert (
        await client.post("/auth/password-reset/confirm", json={"token": older, "password": NEW_PASSWORD})
    ).status_code == 400
    assert (
        await client.post("/auth/password-reset/confirm", json={"token": newer, "password": NEW_PASSWORD})
    ).status_code == 204


async def test_a_bad_password_or_token_changes_nothing(client: httpx.AsyncClient, servers: Settings) -> None:
    email = await sign_up(client)
    token = await reset_token(client, servers, email)
    short = await client.post("/auth/password-reset/confirm", json={"token": token, "password": "short"})
    assert short.status_code == 422 and short.json() == {"detail": "Password must be at least 8 characters."}
    forged = await client.post(
        "/auth/password-reset/confirm", json={"token": "x" * 5000, "password": NEW_PASSWORD}
    )
    assert forged.status_code == 400
    assert (
        await client.post("/auth/password-reset/confirm", json={"token": token, "password": NEW_PASSWORD})
    ).status_code == 204


async def test_an_unknown_address_answers_the_same_and_gets_no_mail(
    client: httpx.AsyncClient, servers: Settings
) -> None:
    response = await client.post("/auth/password-reset", json={"email": "nobody-here@example.com"})
    assert response.status_code == 202
    assert mail_to(servers, "nobody-here@example.com") == []


async def test_reset_requests_are_throttled(client: httpx.AsyncClient) -> None:
    email = await sign_up(client)
    answers = [
        (await client.post("/auth/password-reset", json={"email": email})).status_code for _ in range(4)
    ]
    assert answers == [202, 202, 202, 429]


async def test_a_mail_server_that_is_down_changes_nothing_in_the_answer(
    servers: Settings, temporal_client: Client
) -> None:
    app = create_app(servers.model_copy(update={"smtp_port": free_port()}), temporal_client)  # nobody there
    async with app.router.lifespan_context(app), app_client(app) as http:
        email = await sign_up(http)
        assert (await http.post("/auth/password-reset", json={"email": email})).status_code == 202
