"""The enterprise page's demo booking on /public/graphql: stored and confirmed without signing in; bad or
over-long fields are refused and store nothing; bookings are throttled per client address."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.schema.demo_booking import (
    COMPANY_REQUIRED,
    CONFIRMATION_SUBJECT,
    DEMO_BOOKINGS_PER_ADDRESS,
    MAX_NAME_CHARS,
    NAME_REQUIRED,
)
from ledger.infra.settings import Settings
from ledger.models import DemoBooking
from tests.api.mailbox import last_mail_to
from tests.api.test_prices import public, public_data

pytestmark = pytest.mark.servers

BOOK = """
mutation Book($input: DemoBookingInput!) { bookDemo(input: $input) { success email errorMessage } }
"""


def booking(**changes: str) -> dict[str, Any]:
    return {"name": "Ada Lovelace", "email": "Ada@Example.com ", "company": "Analytical Ltd"} | changes


def stored(db_session: Session, email: str) -> list[DemoBooking]:
    db_session.expire_all()
    return list(db_session.scalars(select(DemoBooking).where(DemoBooking.email == email)))


async def test_a_booking_is_stored_and_confirmed(
    client: httpx.AsyncClient, db_session: Session, servers: Settings
) -> None:
    given = booking(message="  40 firms, 3,000 clients  ", email="ada-stored@example.com")
    data = await public_data(client, BOOK, input=given)
    assert data["bookDemo"] == {"success": True, "email": "ada-stored@example.com", "errorMessage": None}
    [row] = stored(db_session, "ada-stored@example.com")
    assert row.name == "Ada Lovelace"
    assert row.company == "Analytical Ltd"
    assert row.message == "40 firms, 3,000 clients"
    mail = last_mail_to(servers, "ada-stored@example.com")
    assert mail.subject == CONFIRMATION_SUBJECT
    assert "Hello Ada Lovelace" in mail.body and "demo of Cairn for Analytical Ltd" in mail.body


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": "   "}, NAME_REQUIRED),
        ({"email": "not-an-address"}, "Enter a valid email address."),
        ({"company": ""}, COMPANY_REQUIRED),
    ],
)
async def test_bad_fields_are_refused_and_nothing_is_stored(
    client: httpx.AsyncClient, db_session: Session, changes: dict[str, str], message: str
) -> None:
    before = db_session.scalar(select(func.count()).select_from(DemoBooking))
    data = await public_data(client, BOOK, input=booking(**changes))
    assert data["bookDemo"] == {"success": False, "email": None, "errorMessage": message}
    db_session.expire_all()
    assert db_session.scalar(select(func.count()).select_from(DemoBooking)) == before


async def test_an_over_long_field_is_refused_before_any_work(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    too_long = booking(name="x" * (MAX_NAME_CHARS + 1), email="long@example.com")
    body = await public(client, BOOK, input=too_long)
    assert body.get("data") is None
    assert "errors" in body
    assert stored(db_session, "long@example.com") == []


async def test_bookings_are_throttled_per_client_address(client: httpx.AsyncClient) -> None:
    for _ in range(DEMO_BOOKINGS_PER_ADDRESS.attempts):
        assert (await public_data(client, BOOK, input=booking()))["bookDemo"]["success"] is True
    body = await public(client, BOOK, input=booking())
    assert body["errors"][0]["message"].startswith("Too many attempts. Try again in ")
