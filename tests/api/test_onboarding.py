"""Onboarding, the feedback prompt's answers and the product's own analytics endpoints on the real
servers: good and bad input, bounds, anonymous visitors and another user's id."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from api.events import MAX_PROPERTIES_BYTES
from ledger.models import AnalyticsEvent, EventKind, Feedback, User
from tests.api.graphql import gql

pytestmark = pytest.mark.servers

STATUS = "query { onboardingStatus { country countryConfirmed webAppHomePage homePages } }"
CONFIRM = (
    "mutation($c: String!) { r: confirmOnboardingCountry(countryCode: $c) { success error errorMessage } }"
)
HOME_PAGE = "mutation($p: String!) { r: updateWebAppHomePage(page: $p) { success error } }"
FEEDBACK = "mutation($m: String, $r: Int) { r: submitFeedback(message: $m, rating: $r) { success error } }"
DUE = "query { feedbackPromptDue }"


async def me(http: httpx.AsyncClient) -> dict[str, Any]:
    response = await http.get("/api/get-current-user")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def user_row(session: Session, public_id: str) -> User:
    session.expire_all()
    user = session.scalar(select(User).where(User.public_id == public_id))
    assert user is not None
    return user


async def test_a_new_user_lands_on_onboarding_until_the_country_is_confirmed(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    status = (await gql(user, STATUS))["onboardingStatus"]
    assert status["countryConfirmed"] is False and status["webAppHomePage"] == "/onboarding"
    assert (await me(user))["webAppHomePage"] == "/onboarding"

    for bad in ("", "  ", "USA", "1A"):
        answer = (await gql(user, CONFIRM, c=bad))["r"]
        assert answer["success"] is False and answer["error"] == "invalid_country"
    too_long = await user.post("/graphql", json={"query": CONFIRM, "variables": {"c": "X" * 11}})
    assert "errors" in too_long.json()
    assert (await gql(user, STATUS))["onboardingStatus"]["countryConfirmed"] is False

    assert (await gql(user, CONFIRM, c="gb"))["r"]["success"] is True
    status = (await gql(user, STATUS))["onboardingStatus"]
    assert status == {**status, "country": "GB", "countryConfirmed": True, "webAppHomePage": "/home"}
    # the other user is untouched
    assert (await gql(other_user, STATUS))["onboardingStatus"]["countryConfirmed"] is False

    assert (await gql(user, HOME_PAGE, p="/tax"))["r"]["success"] is True
    assert (await gql(user, HOME_PAGE, p="https://evil.example"))["r"] == {
        "success": False,
        "error": "invalid_home_page",
    }
    assert (await me(user))["webAppHomePage"] == "/tax"
    assert (await me(other_user))["webAppHomePage"] == "/onboarding"


async def test_get_current_user_answers_401_signed_out(client: httpx.AsyncClient) -> None:
    assert (await client.get("/api/get-current-user")).status_code == 401


async def test_feedback_is_stored_for_its_user_and_bad_answers_are_refused(
    user: httpx.AsyncClient, db_session: Session
) -> None:
    public_id = (await me(user))["publicId"]
    assert (await gql(user, DUE))["feedbackPromptDue"] is False  # a new account is not asked
    for message, rating in ((None, None), ("   ", None), (None, 11), (None, -1)):
        assert (await gql(user, FEEDBACK, m=message, r=rating))["r"]["success"] is False
    too_long = await user.post("/graphql", json={"query": FEEDBACK, "variables": {"m": "x" * 5001}})
    assert "errors" in too_long.json()
    assert (await gql(user, FEEDBACK, m=None, r=9))["r"]["success"] is True
    assert (await gql(user, FEEDBACK, m="Imports are slow", r=4))["r"]["success"] is True

    row = user_row(db_session, public_id)
    stored = db_session.execute(
        select(Feedback.message, Feedback.rating).where(Feedback.user_id == row.id).order_by(Feedback.id)
    ).all()
    assert [tuple(each) for each in stored] == [(None, 9), ("Imports are slow", 4)]

    db_session.execute(
        update(User).where(User.id == row.id).values(created_at=datetime.now(UTC) - timedelta(days=31))
    )
    db_session.commit()
    assert (await gql(user, DUE))["feedbackPromptDue"] is True


def events_of(session: Session, **where: Any) -> list[AnalyticsEvent]:
    session.expire_all()
    query = select(AnalyticsEvent).filter_by(**where).order_by(AnalyticsEvent.id)
    return list(session.scalars(query))


async def test_events_are_stored_for_the_signed_in_user_or_an_anonymous_visitor(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    anonymous = "anon-" + datetime.now(UTC).strftime("%H%M%S%f")
    context = {"referrer": "https://example.com", "full_url": "http://app/home", "screen_width": 1280}
    saved = await client.post(
        "/save_event",
        json={
            "anonymous_id": anonymous,
            "event_name": "Sign Up Button Clicked",
            "event_properties": {"button_text": "Start for free", "page_title": "All Logged Out Pages"},
            "context": context,
        },
    )
    assert saved.status_code == 200, saved.text
    page_view = await client.post(
        "/save_page_view", json={"anonymous_id": anonymous, "page_category": "public", "page_name": "Home"}
    )
    assert page_view.status_code == 200, page_view.text
    stored = events_of(db_session, anonymous_id=anonymous)
    assert [(event.kind, event.name, event.user_id) for event in stored] == [
        (EventKind.EVENT, "Sign Up Button Clicked", None),
        (EventKind.PAGE_VIEW, "Home", None),
    ]
    assert stored[0].context == context and stored[1].category == "public"

    # signed out, an event must name an anonymous visitor, and no user
    assert (await client.post("/save_event", json={"event_name": "x"})).status_code == 422
    other_id = (await me(other_user))["publicId"]
    named = await client.post(
        "/save_event", json={"anonymous_id": anonymous, "user_id": other_id, "event_name": "x"}
    )
    assert named.status_code == 404
    traits = await client.post(
        "/save_user_properties", json={"user_id": other_id, "user_traits": {"plan": "x"}}
    )
    assert traits.status_code == 404

    # signed in: stored for that user; their own id is accepted, another's answers not found
    other_row = user_row(db_session, other_id)
    assert (
        await other_user.post("/save_event", json={"user_id": other_id, "event_name": "Wallet Added"})
    ).status_code == 200
    assert (
        await other_user.post(
            "/save_user_properties", json={"user_id": other_id, "user_traits": {"country": "US"}}
        )
    ).status_code == 200
    assert (
        await other_user.post(
            "/save_event", json={"user_id": "00000000-0000-0000-0000-000000000000", "event_name": "x"}
        )
    ).status_code == 404
    mine = events_of(db_session, user_id=other_row.id)
    assert [(event.kind, event.name, event.properties) for event in mine] == [
        (EventKind.EVENT, "Wallet Added", {}),
        (EventKind.USER_PROPERTIES, "", {"country": "US"}),
    ]


async def test_event_sizes_are_bounded(client: httpx.AsyncClient, db_session: Session) -> None:
    anonymous = "bounded-" + datetime.now(UTC).strftime("%H%M%S%f")
    big = {"blob": "x" * MAX_PROPERTIES_BYTES}
    for body in (
        {"anonymous_id": anonymous, "event_name": "x" * 201},
        {"anonymous_id": anonymous, "event_name": ""},
        {"anonymous_id": "a" * 65, "event_name": "x"},
        {"anonymous_id": anonymous, "event_name": "x", "event_properties": big},
        {"anonymous_id": anonymous, "event_name": "x", "context": {"full_url": "u" * 2001}},
        {"anonymous_id": anonymous, "event_name": "x", "context": {"screen_width": -1}},
    ):
        assert (await client.post("/save_event", json=body)).status_code == 422, body
    assert (
        await client.post(
            "/save_page_view", json={"anonymous_id": anonymous, "page_name": "p", "event_properties": big}
        )
    ).status_code == 422
    assert events_of(db_session, anonymous_id=anonymous) == []
