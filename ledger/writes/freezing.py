"""Frozen tax years, as the worker writes and the cost-basis run reads them (spec 001 §4 freezing).

A frozen year keeps its results: its disposals and income, and the lots that were closed by its end,
stay in the result tables re-stamped with the year's `pinned_run_id`, which a run never deletes; the
lots still open at its end are kept as the year's opening lots (the engine's snapshot), from which the
run computes only the later years. So a frozen year's tax page never changes, whatever is imported or
edited after it. Frozen years are always a prefix of the user's history: freezing a year freezes every
year before it (its results depend on them), unfreezing one unfreezes every year after it.

Changes dated before the end of the latest year frozen or being frozen or unfrozen are refused (edits,
manual transactions) or held for review (imports and syncs: `HELD_FOR_REVIEW`).
"""

from __future__ import annotations

import io
import uuid
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime

import polars as pl
from sqlalchemy import Select, Text, any_, bindparam, delete, func, select, update
from sqlalchemy.dialects.postgresql import ARRAY, insert
from sqlalchemy.orm import Session

from ledger.models import (
    CostBasisStatus,
    DisposedLot,
    FrozenPeriod,
    IncomeEvent,
    TaxLot,
    TaxYearFreeze,
    Transaction,
    User,
)
from ledger.scope.cost_basis import tax_year_bounds
from ledger.scope.freezing import LOCKED_STATUSES, tax_year_of
from vocabulary.enums import AllocationScope, FreezingStatus

HELD_FOR_REVIEW = (
    "Dated in a frozen tax year: held for review and not applied. Unfreeze the year to apply it."
)


@dataclass(frozen=True)
class Opening:
    """The latest frozen year's closing state: a run computes from it the flows from `through` on."""

    year: int
    through: datetime
    scope: AllocationScope
    lots: pl.DataFrame  # the engine's snapshot columns


def _tax_year_start(session: Session, user_id: int) -> tuple[int, int]:
    month, day = session.execute(
        select(User.tax_year_start_month, User.tax_year_start_day).where(User.id == user_id)
    ).one()
    return month, day


def year_end(session: Session, user_id: int, year: int) -> datetime:
    """The end (exclusive) of the user's tax year `year`, by their tax-year start."""
    return tax_year_bounds(year, *_tax_year_start(session, user_id))[1]


def first_year(session: Session, user_id: int) -> int | None:
    """The tax year of the user's first transaction; None without transactions."""
    first = session.scalar(select(func.min(Transaction.timestamp)).where(Transaction.user_id == user_id))
    return None if first is None else tax_year_of(first, *_tax_year_start(session, user_id))


def locked_before(session: Session, user_id: int) -> datetime | None:
    """Before this instant the user's transactions may not change (None: nothing is frozen)."""
    year = session.scalar(
        select(func.max(TaxYearFreeze.year)).where(
            TaxYearFreeze.user_id == user_id, TaxYearFreeze.status.in_(LOCKED_STATUSES)
        )
    )
    return None if year is None else year_end(session, user_id, year)


def pinned_run_ids(user_id: int) -> Select[uuid.UUID]:
    """The run ids of the user's pinned result rows, which a run keeps."""
    return select(FrozenPeriod.pinned_run_id).where(FrozenPeriod.user_id == user_id)


def latest_opening(session: Session, user_id: int) -> Opening | None:
    row = session.scalar(
        select(FrozenPeriod)
        .where(FrozenPeriod.user_id == user_id)
        .order_by(FrozenPeriod.year.desc())
        .limit(1)
    )
    if row is None:
        return None
    return Opening(
        row.year,
        row.through.astimezone(UTC),
        AllocationScope(row.scope),
        pl.read_parquet(io.BytesIO(row.opening_lots)),
    )


def mark_years(
    session: Session, user_id: int, years: Collection[int], status: FreezingStatus, error: str | None = None
) -> None:
    """Set the freezing status of these years (rows made as needed); a final status sets the end time."""
    if not years:
        return
    final = status not in {FreezingStatus.FREEZING_IN_PROGRESS, FreezingStatus.UNFREEZING_IN_PROGRESS}
    now = func.clock_timestamp()
    values = {
        "status": status.value,
        "error": error,
        "last_updated_at": now,
        "end_time": now if final else None,
    }
    if not final:
        values["start_time"] = now
    statement = insert(TaxYearFreeze).values([{"user_id": user_id, "year": year, **values} for year in years])
    session.execute(
        statement.on_conflict_do_update(
            index_elements=[TaxYearFreeze.user_id, TaxYearFreeze.year],
            set_={name: getattr(statement.excluded, name) for name in values},
        )
    )


def freeze_through(
    session: Session,
    user_id: int,
    year: int,
    opening_lots: pl.DataFrame,
    scope: AllocationScope,
    closed_lot_ids: Collection[str],
) -> None:
    """Freeze every tax year of the user through `year` (the universal → per-wallet migration calls it
    to freeze everything through 2024).

    `opening_lots`: the lots open at the end of `year`, in the lot engine's snapshot columns
    (`analytics.lots.snapshot.SNAPSHOT_SCHEMA`), computed in `scope`; the cost-basis run starts the later
    years from them. `closed_lot_ids`: the lot ids of the stored lots that existed by the end of `year`
    and had nothing left then; they are kept as they are, with the year's disposals and income.
    Call it in the transaction that read the stored results, while no cost-basis run is asked for or
    running (the stored results are then the ledger's). Does not commit.
    """
    through = year_end(session, user_id, year)
    pinned = uuid.uuid4()
    kept = pinned_run_ids(user_id)
    for model, moment in ((DisposedLot, DisposedLot.disposed_at), (IncomeEvent, IncomeEvent.received_at)):
        session.execute(
            update(model)
            .where(model.user_id == user_id, moment < through, model.run_id.not_in(kept))
            .values(run_id=pinned)
        )
    session.execute(
        update(TaxLot)
        .where(
            TaxLot.user_id == user_id,
            TaxLot.lot_id == any_(bindparam("closed", list(closed_lot_ids), type_=ARRAY(Text))),
            TaxLot.run_id.not_in(kept),
        )
        .values(run_id=pinned)
        .execution_options(synchronize_session=False)
    )
    buffer = io.BytesIO()
    opening_lots.write_parquet(buffer)
    statement = insert(FrozenPeriod).values(
        user_id=user_id,
        year=year,
        through=through,
        scope=scope.value,
        opening_lots=buffer.getvalue(),
        pinned_run_id=pinned,
    )
    session.execute(
        statement.on_conflict_do_update(
            index_elements=[FrozenPeriod.user_id, FrozenPeriod.year],
            set_={
                "through": through,
                "scope": scope.value,
                "opening_lots": statement.excluded.opening_lots,
                "pinned_run_id": pinned,
            },
        )
    )
    start = first_year(session, user_id)
    mark_years(
        session,
        user_id,
        range(min(start if start is not None else year, year), year + 1),
        FreezingStatus.FROZEN,
    )


def unfreeze_from(session: Session, user_id: int, year: int) -> None:
    """Unfreeze `year` and every later year: their opening lots go, their pinned rows become the last
    run's again (the next run replaces them). Does not commit; the caller requests a run."""
    released = list(
        session.scalars(
            delete(FrozenPeriod)
            .where(FrozenPeriod.user_id == user_id, FrozenPeriod.year >= year)
            .returning(FrozenPeriod.pinned_run_id)
        )
    )
    if released:
        last_run = session.scalar(select(CostBasisStatus.run_id).where(CostBasisStatus.user_id == user_id))
        for model in (DisposedLot, IncomeEvent, TaxLot):
            session.execute(
                update(model)
                .where(model.user_id == user_id, model.run_id.in_(released))
                .values(run_id=last_run or uuid.uuid4())
                .execution_options(synchronize_session=False)
            )
    later = session.scalars(
        select(TaxYearFreeze.year).where(TaxYearFreeze.user_id == user_id, TaxYearFreeze.year >= year)
    )
    mark_years(session, user_id, list(later), FreezingStatus.UNFROZEN)
