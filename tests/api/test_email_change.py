"""E-mail change with a one-time code sent to the new address, and the spec's codes (spec 001 §3)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client

from api.app import create_app
from api.limits import EMAIL_CHANGE_CODE_TRIES, EMAIL_CHANGE_REQUESTS_PER_DAY, EMAIL_CHANGES_PER_YEAR
from ledger.infra.settings import Settings
from ledger.models import OneTimeToken, TokenPurpose, User, UserIdentity
from stack.servers import free_port
from tests.api.mailbox import find, last_mail_to
from tests.clients import PASSWORD, app_client, sign_up

pytestmark = pytest.mark.servers


def new_address() -> str:
    return f"moved-{uuid.uuid4().hex[:12]}@example.com"


async def submit(http: httpx.AsyncClient, email: str) -> dict[str, object]:
    response = await http.post("/auth/email-change", json={"newEmail": email})
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


async def verify(http: httpx.AsyncClient, code: str) -> dict[str, object]:
    response = await http.post("/auth/email-change/verify", json={"code": code})
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


async def test_the_code_sent_to_the_new_address_changes_the_email_once(
    client: httpx.AsyncClient, servers: Settings
) -> None:
    old = await sign_up(client)
    new = new_address()
    assert await submit(client, new.upper()) == {"success": True, "error": None, "blockedReason": None}
    status = (await client.get("/auth/email-change")).json()
    assert status == {"email": old, "pendingEmail": new, "blockedReason": None}
    code = find(r"code is (\d{6})", last_mail_to(servers, new).body)

    assert await verify(client, wrong(code)) == {"success": False, "email": old, "error": "OTP_NOT_MATCHED"}
    assert await verify(client, code) == {"success": True, "email": new, "error": None}
    assert "changed to" in last_mail_to(servers, old).body
    assert await verify(client, code) == {"success": False, "email": new, "error": "OTP_NOT_MATCHED"}

    client.cookies.clear()
    assert (await client.post("/auth/login", json={"email": new, "password": PASSWORD})).status_code == 200
    assert (await client.post("/auth/login", json={"email": old, "password": PASSWORD})).status_code == 401


@pytest.mark.parametrize("make_address", ["taken", "same", "invalid", "too long"])
async def test_addresses_that_cannot_be_taken(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient, make_address: str
) -> None:
    own = (await user.get("/auth/email-change")).json()["email"]
    other = (await other_user.get("/auth/email-change")).json()["email"]
    address, error = {
        "taken": (other.upper(), "EMAIL_ALREADY_EXISTED"),
        "same": (own, "NOT_ALLOWED"),
        "invalid": ("not-an-address", "NOT_ALLOWED"),
        "too long": ("a" * 400 + "@example.com", "NOT_ALLOWED"),
    }[make_address]
    assert await submit(user, address) == {"success": False, "error": error, "blockedReason": None}
    assert (await user.get("/auth/email-change")).json()["pendingEmail"] is None


async def test_another_users_code_does_not_change_this_users_email(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient, servers: Settings
) -> None:
    new = new_address()
    await submit(other_user, new)
    code = find(r"code is (\d{6})", last_mail_to(servers, new).body)
    assert (await verify(user, code))["error"] == "OTP_NOT_MATCHED"
    assert (await verify(other_user, code))["success"] is True


async def test_too_many_wrong_codes_end_the_code(client: httpx.AsyncClient, servers: Settings) -> None:
    await sign_up(client)
    new = new_address()
    await submit(client, new)
    code = find(r"code is (\d{6})", last_mail_to(servers, new).body)
    for _ in range(EMAIL_CHANGE_CODE_TRIES.attempts + 1):
        assert (await verify(client, wrong(code)))["error"] == "OTP_NOT_MATCHED"
    assert (await verify(client, code))["error"] == "OTP_NOT_MATCHED"
    assert (await client.get("/auth/email-change")).json()["pendingEmail"] is None


async def test_requests_per_day_are_limited(user: httpx.AsyncClient) -> None:
    for _ in range(EMAIL_CHANGE_REQUESTS_PER_DAY):
        assert (await submit(user, new_address()))["success"] is True
    blocked = {"success": False, "error": None, "blockedReason": "MAX_CHANGE_REQUEST_LIMIT_REACHED"}
    assert await submit(user, new_address()) == blocked
    assert (await user.get("/auth/email-change")).json()[
        "blockedReason"
    ] == "MAX_CHANGE_REQUEST_LIMIT_REACHED"


async def test_changes_per_year_are_limited(client: httpx.AsyncClient, db_session: Session) -> None:
    email = await sign_up(client)
    user_id = db_session.scalars(select(User.id).where(User.email == email)).one()
    now = datetime.now(UTC)
    db_session.add_all(
        OneTimeToken(
            user_id=user_id,
            purpose=TokenPurpose.EMAIL_CHANGE,
            token_hash=bytes(32),
            new_email=new_address(),
            expires_at=now,
            used_at=now,
        )
        for _ in range(EMAIL_CHANGES_PER_YEAR)
    )
    db_session.commit()
    assert (await submit(client, new_address()))["blockedReason"] == "MAX_CHANGE_LIMIT_REACHED"


async def test_an_account_signed_in_through_a_provider_cannot_change_its_email(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    email = await sign_up(client)
    user_id = db_session.scalars(select(User.id).where(User.email == email)).one()
    db_session.add(UserIdentity(user_id=user_id, issuer="https://id.example.com", subject=uuid.uuid4().hex))
    db_session.commit()
    assert (await submit(client, new_address()))["blockedReason"] == "HAS_SOCIAL_PROFILES"


async def test_email_change_needs_a_signed_in_user(client: httpx.AsyncClient) -> None:
    assert (await client.post("/auth/email-change", json={"newEmail": new_address()})).status_code == 401
    assert (await client.post("/auth/email-change/verify", json={"code": "123456"})).status_code == 401


async def test_a_code_that_cannot_be_mailed_answers_unknown_error(
    servers: Settings, temporal_client: Client
) -> None:
    app = create_app(servers.model_copy(update={"smtp_port": free_port()}), temporal_client)  # nobody there
    async with app.router.lifespan_context(app), app_client(app) as http:
        await sign_up(http)
        assert await submit(http, new_address()) == {
            "success": False,
            "error": "UNKNOWN_ERROR",
            "blockedReason": None,
        }
