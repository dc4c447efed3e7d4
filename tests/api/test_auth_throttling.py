"""Sign-in and sign-up are throttled per account and per client address, with the count kept in
PostgreSQL so that every API process refuses the same attempts; a successful sign-in starts its
account's count afresh."""

from __future__ import annotations

import uuid

import httpx
import pytest
from fastapi import FastAPI
from temporalio.client import Client

from api import limits
from api.app import create_app
from ledger.infra.settings import Settings
from tests.clients import PASSWORD, app_client, sign_up

pytestmark = pytest.mark.servers

WRONG = "wrong password"


async def login(http: httpx.AsyncClient, email: str, password: str) -> httpx.Response:
    return await http.post("/auth/login", json={"email": email, "password": password})


def assert_throttled(response: httpx.Response) -> None:
    assert response.status_code == 429
    seconds = int(response.headers["Retry-After"])
    window = int(limits.SIGN_IN_PER_ACCOUNT.window.total_seconds())
    assert 0 < seconds <= max(window, int(limits.SIGN_UP_PER_ADDRESS.window.total_seconds()))
    assert response.json()["detail"].startswith("Too many attempts. Try again in ")


def new_email() -> str:
    return f"someone-{uuid.uuid4().hex[:12]}@example.com"


async def test_an_account_is_locked_after_too_many_wrong_passwords(app: FastAPI) -> None:
    async with app_client(app) as owner, app_client(app) as attacker:
        email = await sign_up(owner)
        for _ in range(limits.SIGN_IN_PER_ACCOUNT.attempts):
            assert (await login(attacker, email, WRONG)).status_code == 401

        assert_throttled(await login(attacker, email, WRONG))
        assert_throttled(await login(attacker, email.upper(), PASSWORD))  # even the right one, any spelling
        assert (await login(attacker, new_email(), WRONG)).status_code == 401  # other accounts are not locked


async def test_a_successful_sign_in_starts_the_count_afresh(client: httpx.AsyncClient) -> None:
    email = await sign_up(client)
    for _ in range(limits.SIGN_IN_PER_ACCOUNT.attempts - 1):
        assert (await login(client, email, WRONG)).status_code == 401
    assert (await login(client, email, PASSWORD)).status_code == 200

    for _ in range(limits.SIGN_IN_PER_ACCOUNT.attempts):
        assert (await login(client, email, WRONG)).status_code == 401


async def test_an_address_is_throttled_across_accounts(client: httpx.AsyncClient) -> None:
    for _ in range(limits.SIGN_IN_PER_ADDRESS.attempts):
        assert (await login(client, new_email(), WRONG)).status_code == 401

    assert_throttled(await login(client, new_email(), WRONG))


async def test_every_api_process_counts_the_same_attempts(
    app: FastAPI, servers: Settings, temporal_client: Client
) -> None:
    second = create_app(servers, temporal_client)
    async with second.router.lifespan_context(second), app_client(app) as first, app_client(second) as other:
        email = await sign_up(first)
        for attempt in range(limits.SIGN_IN_PER_ACCOUNT.attempts):
            assert (await login(first if attempt % 2 else other, email, WRONG)).status_code == 401

        assert_throttled(await login(first, email, WRONG))
        assert_throttled(await login(other, email, WRONG))


async def test_sign_ups_are_throttled_per_address(client: httpx.AsyncClient) -> None:
    for _ in range(limits.SIGN_UP_PER_ADDRESS.attempts):
        client.cookies.clear()
        await sign_up(client)

    response = await client.post("/auth/signup", json={"email": new_email(), "password": PASSWORD})

    assert_throttled(response)
    assert "cairn_session" not in response.cookies


async def test_sign_ups_are_throttled_per_account(app: FastAPI) -> None:
    email = new_email()
    for attempt in range(limits.SIGN_UP_PER_ACCOUNT.attempts):
        async with app_client(app) as http:  # each from an address of its own
            response = await http.post("/auth/signup", json={"email": email, "password": PASSWORD})
            assert response.status_code == (201 if attempt == 0 else 409)

    async with app_client(app) as http:
        assert_throttled(await http.post("/auth/signup", json={"email": email, "password": PASSWORD}))
