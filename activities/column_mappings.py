"""The user's saved column mappings as ingest consults them, after the built-in formats."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session, sessionmaker

from ingest.files.mapping import MappingLookup, header_signature
from ledger.writes.column_mappings import saved_mapping
from vocabulary.column_mapping import ColumnMapping


def user_mappings(sessions: sessionmaker[Session], user_id: int) -> MappingLookup:
    def lookup(header: Sequence[str]) -> ColumnMapping | None:
        with sessions() as session:
            saved = saved_mapping(session, user_id, header_signature(header))
        return None if saved is None else ColumnMapping.of(saved)

    return lookup
