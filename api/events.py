"""The product's own analytics endpoints and the current-user endpoint (spec 001 §7 "Other").

POST /save_event, /save_page_view and /save_user_properties take JSON as the spec names it and store it
in PostgreSQL (`analytics_events`) for the signed-in user, or, signed out, for the `anonymous_id` the
browser's cookie holds; a user's events are part of the data-team export, an anonymous visitor's are
not. A `user_id` in the body must be the signed-in user's public id: any other answers 404, like an id
that does not exist. Every string and property bag is bounded. GET /api/get-current-user answers who
is signed in (401 when nobody is).
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, status
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from api.auth import SESSION_COOKIE, DbSession, current_user
from ledger.models import EventKind, User
from ledger.scope.events import record_event
from ledger.scope.onboarding import home_page_of
from ledger.scope.sessions import user_for_token
from ledger.scope.settings import theme_of

MAX_NAME_CHARS = 200
MAX_ID_CHARS = 64
MAX_CONTEXT_CHARS = 2_000  # one context field (a full URL is the longest)
MAX_PROPERTIES_BYTES = 8_192  # one event's properties or a user's traits, as JSON
NOT_FOUND = "Not found."
NOBODY = "An event names a signed-in user or an anonymous_id."

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS)]
Id = Annotated[str, Field(min_length=1, max_length=MAX_ID_CHARS)]
ContextText = Annotated[str, Field(max_length=MAX_CONTEXT_CHARS)]

router = APIRouter(tags=["analytics"])


class EventContext(BaseModel):
    referrer: ContextText | None = None
    full_url: ContextText | None = None
    page_title: ContextText | None = None
    screen_height: int | None = Field(default=None, ge=0, le=100_000)
    screen_width: int | None = Field(default=None, ge=0, le=100_000)
    screen_density: float | None = Field(default=None, ge=0, le=100)
    locale: Annotated[str, Field(max_length=35)] | None = None
    timezone: Annotated[str, Field(max_length=64)] | None = None


class SavedEvent(BaseModel):
    anonymous_id: Id | None = None
    user_id: Id | None = None
    context: EventContext = Field(default_factory=EventContext)
    event_name: Name
    event_properties: dict[str, Any] = Field(default_factory=dict)


class SavedPageView(BaseModel):
    anonymous_id: Id | None = None
    page_category: Annotated[str, Field(max_length=MAX_NAME_CHARS)] | None = None
    page_name: Name
    event_properties: dict[str, Any] = Field(default_factory=dict)


class SavedUserProperties(BaseModel):
    user_id: Id
    user_traits: dict[str, Any]


class Saved(BaseModel):
    success: bool = True


class CurrentUser(BaseModel):
    publicId: str
    email: str
    isAdmin: bool
    country: str | None
    selectedTheme: str
    webAppHomePage: str
    createdAt: str


def _bounded(properties: dict[str, Any], field: str) -> dict[str, Any]:
    if len(json.dumps(properties, separators=(",", ":")).encode()) > MAX_PROPERTIES_BYTES:
        raise HTTPException(
            status.HTTP_422_UNPROCESSABLE_CONTENT,
            detail=f"{field}: at most {MAX_PROPERTIES_BYTES} bytes of JSON",
        )
    return properties


async def _signed_in(connection: HTTPConnection, session: DbSession) -> User | None:
    token = connection.cookies.get(SESSION_COOKIE)
    return None if not token else await user_for_token(session, token)


def _who(user: User | None, user_id: str | None, anonymous_id: str | None) -> int | None:
    """The user the event is stored for; a named user must be the signed-in one."""
    if user_id is not None and (user is None or user_id != str(user.public_id)):
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=NOT_FOUND)
    if user is None and anonymous_id is None:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=NOBODY)
    return None if user is None else user.id


@router.post("/save_event")
async def save_event(body: SavedEvent, connection: HTTPConnection, session: DbSession) -> Saved:
    user = await _signed_in(connection, session)
    await record_event(
        session,
        kind=EventKind.EVENT,
        user_id=_who(user, body.user_id, body.anonymous_id),
        anonymous_id=body.anonymous_id,
        name=body.event_name,
        properties=_bounded(body.event_properties, "event_properties"),
        context=body.context.model_dump(exclude_none=True),
    )
    await session.commit()
    return Saved()


@router.post("/save_page_view")
async def save_page_view(body: SavedPageView, connection: HTTPConnection, session: DbSession) -> Saved:
    user = await _signed_in(connection, session)
    await record_event(
        session,
        kind=EventKind.PAGE_VIEW,
        user_id=_who(user, None, body.anonymous_id),
        anonymous_id=body.anonymous_id,
        name=body.page_name,
        category=body.page_category,
        properties=_bounded(body.event_properties, "event_properties"),
        context={},
    )
    await session.commit()
    return Saved()


@router.post("/save_user_properties")
async def save_user_properties(
    body: SavedUserProperties, connection: HTTPConnection, session: DbSession
) -> Saved:
    user = await _signed_in(connection, session)
    await record_event(
        session,
        kind=EventKind.USER_PROPERTIES,
        user_id=_who(user, body.user_id, None),
        anonymous_id=None,
        properties=_bounded(body.user_traits, "user_traits"),
        context={},
    )
    await session.commit()
    return Saved()


@router.get("/api/get-current-user")
async def get_current_user(connection: HTTPConnection, session: DbSession) -> CurrentUser:
    user = await current_user(connection, session)
    return CurrentUser(
        publicId=str(user.public_id),
        email=user.email,
        isAdmin=user.is_admin,
        country=user.country,
        selectedTheme=theme_of(user).value,
        webAppHomePage=home_page_of(user),
        createdAt=user.created_at.isoformat(),
    )
