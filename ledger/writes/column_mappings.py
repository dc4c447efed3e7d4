"""The worker's read of a user's saved column mappings."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import SavedColumnMapping


def saved_mapping(session: Session, user_id: int, signature: str) -> dict[str, Any] | None:
    """The mapping the user saved for files with this header signature; only ever that user's."""
    return session.scalar(
        select(SavedColumnMapping.mapping).where(
            SavedColumnMapping.user_id == user_id, SavedColumnMapping.header_signature == signature
        )
    )
