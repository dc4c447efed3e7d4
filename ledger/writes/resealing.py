"""Every stored secret sealed again under the newest sealing key (`cairn admin reseal`), so that an
old key can be dropped after a rotation (ledger/infra/credentials.py).

Each table is read in primary-key order, BATCH rows a transaction. A value already under the newest
key is left as it is, so running again changes nothing. A row is written only if it still holds the
value that was read: a secret written meanwhile (a refreshed OAuth token) is already under the newest
key and is not overwritten. A value no configured key opens is left as it is and reported."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select, update
from sqlalchemy.orm import InstrumentedAttribute, Session, sessionmaker

from ledger.infra.credentials import CredentialsError, SealingKeys, resealed
from ledger.models import Account, CredentialCheck, MfaSecret

BATCH = 500


@dataclass(frozen=True)
class SealedColumn:
    table: str
    key: InstrumentedAttribute[int]
    sealed: InstrumentedAttribute[bytes] | InstrumentedAttribute[bytes | None]


SEALED_COLUMNS = (
    SealedColumn("accounts", Account.id, Account.credentials),  # exchange credentials and OAuth tokens
    SealedColumn("credential_checks", CredentialCheck.id, CredentialCheck.credentials),
    SealedColumn("mfa_secrets", MfaSecret.user_id, MfaSecret.sealed_seed),
)


@dataclass
class ResealReport:
    resealed: int = 0
    current: int = 0  # already under the newest key
    unreadable: list[tuple[str, int]] = field(default_factory=list)  # (table, primary key)


def _reseal_batch(
    session: Session, column: SealedColumn, after: int, keys: SealingKeys, report: ResealReport
) -> int | None:
    """Reseals the BATCH rows after primary key `after`; the last key read, None when none was left."""
    rows = session.execute(
        select(column.key, column.sealed)
        .where(column.key > after, column.sealed.is_not(None))
        .order_by(column.key)
        .limit(BATCH)
    ).all()
    for key, sealed in rows:
        assert sealed is not None  # the query's filter
        try:
            fresh = resealed(sealed, keys)
        except CredentialsError:
            report.unreadable.append((column.table, key))
            continue
        if fresh is None:
            report.current += 1
            continue
        written = session.execute(
            update(column.key.class_)
            .where(column.key == key, column.sealed == sealed)
            .values({column.sealed.key: fresh})
        )
        report.resealed += written.rowcount  # type: ignore[attr-defined]
    return rows[-1][0] if rows else None


def reseal_all(sessions: sessionmaker[Session], keys: SealingKeys) -> ResealReport:
    report = ResealReport()
    for column in SEALED_COLUMNS:
        after: int | None = 0
        while after is not None:
            with sessions.begin() as session:
                after = _reseal_batch(session, column, after, keys, report)
    return report
