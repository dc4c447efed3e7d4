"""Activities of freezing a tax year: compute and keep each frozen year's closing lots, release them, and
record a failure; plus what the cost-basis run takes from the frozen years (`opening_snapshot`,
`flows_from`).

Freezing reads the ledger while no cost-basis run is asked for or running, under the lock of the
user's cost-basis status row (a run claims that row before it reads anything), so the stored results
it pins are the ledger's and no run can start from half of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import polars as pl
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.cost_basis_ledger import EngineLedger, method_and_scope
from activities.heartbeat import heartbeating
from analytics.lots import LedgerError, Snapshot, compute
from contracts.freezing import (
    FREEZE_TAX_YEARS,
    RECORD_FREEZING_FAILURE,
    UNFREEZE_TAX_YEARS,
    FreezeStep,
    FreezingFailure,
    FreezingInput,
)
from contracts.tax_report import Readiness
from ledger.models import CostBasisStatus, TaxYearFreeze
from ledger.writes.cost_basis import flow_batches, method_settings
from ledger.writes.freezing import (
    first_year,
    freeze_through,
    latest_opening,
    mark_years,
    unfreeze_from,
    year_end,
)
from ledger.writes.tax_reports import cost_basis_readiness
from vocabulary.enums import FreezingStatus
from vocabulary.errors import FREEZING_FAILED
from vocabulary.lot_engine import LEDGER_COLUMNS

FREEZING_DATA_ERROR = "FreezingDataError"  # ApplicationError type of a freeze the ledger cannot support


def opening_snapshot(session: Session, user_id: int) -> Snapshot | None:
    """The closing lots of the user's latest frozen year, as the engine starts from them."""
    opening = latest_opening(session, user_id)
    if opening is None:
        return None
    return Snapshot(as_of=opening.through, scope=opening.scope, lots=opening.lots)


def flows_from(batches: Iterable[pl.DataFrame], start: Snapshot | None) -> Iterator[pl.DataFrame]:
    """The ledger's batches without the flows the snapshot already holds (those before its `as_of`)."""
    for batch in batches:
        if start is None or start.as_of is None:
            yield batch
        else:
            yield batch.filter(pl.col("timestamp") >= start.as_of)


class FreezingActivities:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions

    @activity.defn(name=FREEZE_TAX_YEARS)
    def freeze_tax_years(self, given: FreezingInput) -> str:
        """Freeze the years after the latest frozen one through `given.year`, each from the one before;
        WAIT while a cost-basis run is asked for or running."""
        with heartbeating(), self._sessions.begin() as session:
            session.scalar(
                select(CostBasisStatus.user_id)
                .where(CostBasisStatus.user_id == given.user_id)
                .with_for_update()
            )
            readiness = cost_basis_readiness(session, given.user_id)
            if readiness is Readiness.PENDING:
                return FreezeStep.WAIT.value
            if readiness is Readiness.FAILED:
                raise ApplicationError(
                    "the last cost-basis run failed: its results cannot be frozen",
                    type=FREEZING_DATA_ERROR,
                    non_retryable=True,
                )
            latest = latest_opening(session, given.user_id)
            if latest is not None and latest.year >= given.year:  # frozen already, with a later year
                mark_years(
                    session, given.user_id, _in_progress(session, given.user_id), FreezingStatus.FROZEN
                )
                return FreezeStep.DONE.value
            start = opening_snapshot(session, given.user_id)
            first = latest.year + 1 if latest is not None else first_year(session, given.user_id)
            years = range(min(given.year if first is None else first, given.year), given.year + 1)
            method, scope = method_and_scope(method_settings(session, given.user_id))
            batches = list(EngineLedger(flows_from(flow_batches(session, given.user_id), start)))
            ledger = (
                pl.concat(batches)
                if batches
                else pl.DataFrame(schema=dict.fromkeys(LEDGER_COLUMNS, pl.String))
            )
            try:
                for year in years:
                    result = compute(
                        ledger, method, scope, start=start, until=year_end(session, given.user_id, year)
                    )
                    closed = result.lots.filter(pl.col("remaining") == 0).get_column("lot_id").to_list()
                    freeze_through(session, given.user_id, year, result.snapshot.lots, scope, closed)
                    start = result.snapshot
            except (LedgerError, ValueError) as error:
                raise ApplicationError(str(error), type=FREEZING_DATA_ERROR, non_retryable=True) from error
        return FreezeStep.DONE.value

    @activity.defn(name=UNFREEZE_TAX_YEARS)
    def unfreeze_tax_years(self, given: FreezingInput) -> None:
        """Release `given.year` and every later year (the workflow then requests a run)."""
        with self._sessions.begin() as session:
            unfreeze_from(session, given.user_id, given.year)

    @activity.defn(name=RECORD_FREEZING_FAILURE)
    def record_freezing_failure(self, failure: FreezingFailure) -> None:
        """The years in progress end errored: a failed freeze leaves them unfrozen, a failed unfreeze
        frozen; users read the spec's message, the reason stays in the workflow's history."""
        in_progress, errored = (
            (FreezingStatus.FREEZING_IN_PROGRESS, FreezingStatus.ERRORED_WITH_UNFROZEN_PERIODS)
            if failure.freeze
            else (FreezingStatus.UNFREEZING_IN_PROGRESS, FreezingStatus.ERRORED_WITH_FROZEN_PERIODS)
        )
        with self._sessions.begin() as session:
            years = session.scalars(
                select(TaxYearFreeze.year).where(
                    TaxYearFreeze.user_id == failure.user_id, TaxYearFreeze.status == in_progress
                )
            )
            mark_years(session, failure.user_id, list(years), errored, FREEZING_FAILED)


def _in_progress(session: Session, user_id: int) -> list[int]:
    return list(
        session.scalars(
            select(TaxYearFreeze.year).where(
                TaxYearFreeze.user_id == user_id, TaxYearFreeze.status == FreezingStatus.FREEZING_IN_PROGRESS
            )
        )
    )
