"""The product's own analytics (spec 001 §7 "Other"): events, page views and user properties as the
browser reports them, for a signed-in user or an anonymous visitor."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import AnalyticsEvent, EventKind


async def record_event(
    session: AsyncSession,
    *,
    kind: EventKind,
    user_id: int | None,
    anonymous_id: str | None,
    name: str = "",
    category: str | None = None,
    properties: dict[str, Any],
    context: dict[str, Any],
) -> None:
    """Stores one report; the caller commits. Someone must be named: a user or an anonymous id."""
    if user_id is None and anonymous_id is None:
        raise ValueError("an event names a user or an anonymous visitor")
    session.add(
        AnalyticsEvent(
            kind=kind,
            user_id=user_id,
            anonymous_id=anonymous_id,
            name=name,
            category=category,
            properties=properties,
            context=context,
        )
    )
    await session.flush()
