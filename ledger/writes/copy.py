"""Bulk loading with PostgreSQL COPY through the session's own connection (so inside its transaction)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import psycopg
from sqlalchemy.orm import Session


def raw_connection(session: Session) -> psycopg.Connection[Any]:
    driver = session.connection().connection.driver_connection
    assert isinstance(driver, psycopg.Connection), "the ledger runs on psycopg 3"
    return driver


def copy_rows(session: Session, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    """COPY `rows` into `table` (a trusted identifier, typically a temporary staging table)."""
    count = 0
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with raw_connection(session).cursor() as cursor, cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row(row)
            count += 1
    return count


def copy_text(session: Session, table: str, columns: Sequence[str], data: bytes) -> None:
    """COPY rows already encoded in PostgreSQL's text format (ledger.writes.copy_format) into `table`."""
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with raw_connection(session).cursor() as cursor, cursor.copy(statement) as copy:
        copy.write(data)
