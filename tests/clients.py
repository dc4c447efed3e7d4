"""Signing test users up through the real auth endpoints."""

from __future__ import annotations

import uuid

import httpx

PASSWORD = "correct horse battery"


async def sign_up(http: httpx.AsyncClient) -> str:
    """Signs a new user up on `http` (whose cookie jar keeps the session); answers the e-mail."""
    email = f"user-{uuid.uuid4().hex[:12]}@example.com"
    response = await http.post("/auth/signup", json={"email": email, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return email
