"""The universal → per-wallet migration as the worker writes it: the end of the migration in one
database transaction (every year through 2024 frozen with the per-wallet opening lots, the scope
WALLET from then on, the row finished with its report), or its failure."""

from __future__ import annotations

from collections.abc import Collection

import polars as pl
from sqlalchemy import String, cast, func, or_, select
from sqlalchemy.orm import Session

from ledger.models import Account, Asset, CostBasisStatus, User, WalletMigration
from ledger.writes.freezing import freeze_through
from vocabulary.enums import AllocationScope, JobStatus
from vocabulary.lot_allocation import MIGRATION_YEAR

PENDING = "A cost-basis run is asked for or running; the migration waits for its results."


def migration_row(session: Session, user_id: int) -> WalletMigration | None:
    return session.get(WalletMigration, user_id, populate_existing=True)


def wallet_order(session: Session, user_id: int) -> list[str]:
    """The user's accounts (as the engine names them) in the order they were added."""
    found = session.scalars(
        select(cast(Account.id, String))
        .where(Account.user_id == user_id)
        .order_by(Account.created_at, Account.id)
    )
    return list(found)


def report_names(session: Session, user_id: int) -> tuple[dict[str, str], dict[str, str]]:
    """The user's account names and the asset symbols, by the ids the engine names them by."""
    named = select(cast(Account.id, String), Account.name).where(Account.user_id == user_id)
    accounts = {account: name for account, name in session.execute(named).all()}
    owned = or_(Asset.user_id.is_(None), Asset.user_id == user_id)
    symbols = {
        asset: symbol
        for asset, symbol in session.execute(select(cast(Asset.id, String), Asset.symbol).where(owned)).all()
    }
    return accounts, symbols


def lock_cost_basis(session: Session, user_id: int) -> None:
    """Lock the user's cost-basis status row, which a run claims before it reads anything."""
    session.scalar(
        select(CostBasisStatus.user_id).where(CostBasisStatus.user_id == user_id).with_for_update()
    )


def finish_migration(
    session: Session,
    user_id: int,
    opening_lots: pl.DataFrame,
    closed_lot_ids: Collection[str],
    report_keys: tuple[str, str],
) -> None:
    """Freeze every year through 2024 with the allocated per-wallet lots as the opening lots of 2025,
    move the user to the WALLET scope and finish the row. Call it under `lock_cost_basis`, in the
    transaction that computed the lots while no run was asked for. Does not commit."""
    freeze_through(session, user_id, MIGRATION_YEAR, opening_lots, AllocationScope.WALLET, closed_lot_ids)
    session.get_one(User, user_id, with_for_update=True).cost_basis_by_wallet = True
    row = session.get_one(WalletMigration, user_id, with_for_update=True)
    row.status = JobStatus.FINISHED
    row.report_csv_key, row.report_pdf_key = report_keys
    row.error = None
    row.finished_at = func.now()
    _allocation_over(session, user_id)


def fail_migration(session: Session, user_id: int, error: str) -> None:
    """The migration ended without migrating: the user may start it again. Does not commit."""
    row = session.get(WalletMigration, user_id, with_for_update=True)
    if row is None or row.status is JobStatus.FINISHED:
        return
    row.status = JobStatus.FAILED
    row.error = error
    row.finished_at = func.now()
    _allocation_over(session, user_id)


def _allocation_over(session: Session, user_id: int) -> None:
    status = session.get(CostBasisStatus, user_id)
    if status is not None:
        status.is_undergoing_allocation = False
