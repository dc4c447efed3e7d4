"""A user's column mappings (ingest.files.mapping, as JSON), saved when they import a file with one."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import SavedColumnMapping


class ColumnMappingsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def mapping(self, signature: str) -> dict[str, Any] | None:
        """The mapping the user saved for files with this header signature."""
        saved: dict[str, Any] | None = await self.session.scalar(
            select(SavedColumnMapping.mapping).where(
                SavedColumnMapping.user_id == self.user_id, SavedColumnMapping.header_signature == signature
            )
        )
        return saved

    async def save(self, signature: str, mapping: dict[str, Any]) -> None:
        """The mapping for the user's files with this header signature, replacing any earlier one."""
        await self.session.execute(
            insert(SavedColumnMapping)
            .values(user_id=self.user_id, header_signature=signature, mapping=mapping)
            .on_conflict_do_update(
                constraint="uq_column_mappings_user_header", set_={"mapping": mapping, "saved_at": func.now()}
            )
        )
