"""What the browser reports about itself (spec 001 §7 "Other": /save_event, /save_page_view,
/save_user_properties) and the feedback users give through the feedback prompt (spec 001 §4)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, ForeignKey, Identity, SmallInteger, String, Text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column, text_enum


class EventKind(StrEnum):
    EVENT = "event"
    PAGE_VIEW = "page_view"
    USER_PROPERTIES = "user_properties"


class AnalyticsEvent(Base):
    """One report of the product's own analytics; a signed-out visitor's carries only its anonymous id."""

    __tablename__ = "analytics_events"
    __table_args__ = (CheckConstraint("user_id IS NOT NULL OR anonymous_id IS NOT NULL", name="someone"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    anonymous_id: Mapped[str | None] = mapped_column(String(64))
    kind: Mapped[EventKind] = mapped_column(text_enum(EventKind, "event_kind"))
    name: Mapped[str] = mapped_column(String(200))  # event_name or page_name; "" for user properties
    category: Mapped[str | None] = mapped_column(String(200))  # page_category of a page view
    properties: Mapped[dict[str, Any]] = mapped_column(JSONB)  # event_properties or user_traits
    context: Mapped[dict[str, Any]] = mapped_column(JSONB)  # referrer, full_url, page_title, screen, locale…
    created_at: Mapped[datetime] = created_at_column()


class Feedback(Base):
    """What a user answered the feedback prompt: a 0–10 rating, a message, or both."""

    __tablename__ = "feedback"
    __table_args__ = (
        CheckConstraint("rating BETWEEN 0 AND 10", name="rating_scale"),
        CheckConstraint("rating IS NOT NULL OR message IS NOT NULL", name="something_said"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    message: Mapped[str | None] = mapped_column(Text)
    rating: Mapped[int | None] = mapped_column(SmallInteger)
    created_at: Mapped[datetime] = created_at_column()
