"""The signed-in user's sessions: listed, and revoked one by one; another user's id answers not found."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

from tests.clients import PASSWORD, app_client, sign_up

pytestmark = pytest.mark.servers

ME = {"query": "query Me { me { email } }"}


async def test_a_user_lists_their_sessions_and_revokes_another_browser(
    app: FastAPI, client: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    email = await sign_up(client)
    async with app_client(app) as laptop:
        laptop.headers["User-Agent"] = "Laptop browser"
        assert (
            await laptop.post("/auth/login", json={"email": email, "password": PASSWORD})
        ).status_code == 200
        listed = (await client.get("/auth/sessions")).json()
        assert [(found["current"], found["userAgent"]) for found in listed] == [
            (False, "Laptop browser"),
            (True, "python-httpx/" + httpx.__version__),
        ]
        laptop_id = listed[0]["id"]

        other_ids = [found["id"] for found in (await other_user.get("/auth/sessions")).json()]
        for foreign in (*other_ids, "999999999999", "not-an-id"):
            response = await client.delete(f"/auth/sessions/{foreign}")
            assert response.status_code == 404 and response.json() == {"detail": "Session not found."}
        assert (await other_user.post("/graphql", json=ME)).status_code == 200

        assert (await client.delete(f"/auth/sessions/{laptop_id}")).status_code == 204
        assert (await laptop.post("/graphql", json=ME)).status_code == 401
        assert len((await client.get("/auth/sessions")).json()) == 1


async def test_revoking_the_current_session_signs_out(user: httpx.AsyncClient) -> None:
    current = (await user.get("/auth/sessions")).json()[0]
    response = await user.delete(f"/auth/sessions/{current['id']}")
    assert response.status_code == 204
    assert "is_auth" not in user.cookies
    assert (await user.get("/auth/sessions")).status_code == 401
