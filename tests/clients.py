"""HTTP clients of the app, and signing test users up through the real auth endpoints."""

from __future__ import annotations

import ipaddress
import itertools
import uuid

import httpx
from starlette.types import ASGIApp

PASSWORD = "correct horse battery"
_addresses = itertools.count(1)


def app_client(app: ASGIApp) -> httpx.AsyncClient:
    """A client of `app` from an address of its own, as each browser has one: sign-in and sign-up are
    throttled per address, and the test session signs up hundreds of users."""
    address = str(ipaddress.IPv4Address("10.0.0.0") + next(_addresses))
    transport = httpx.ASGITransport(app=app, client=(address, 50_000))
    return httpx.AsyncClient(transport=transport, base_url="http://testserver")


async def sign_up(http: httpx.AsyncClient) -> str:
    """Signs a new user up on `http` (whose cookie jar keeps the session); answers the e-mail."""
    email = f"user-{uuid.uuid4().hex[:12]}@example.com"
    response = await http.post("/auth/signup", json={"email": email, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return email
