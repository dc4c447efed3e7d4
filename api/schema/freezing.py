"""Freezing a tax year (spec 001 §4, §7, §8): the status of one year, and freeze / unfreeze by year.
The API marks the years in progress and starts (or joins) `freeze/{user}/{year}`; the worker does
the rest (contracts.freezing)."""

from __future__ import annotations

from datetime import datetime

import strawberry

from api.context import CairnInfo
from api.jobs import start_work
from api.schema.common import MutationResult
from contracts.freezing import freezing_start
from vocabulary.enums import FreezingStatus
from vocabulary.errors import (
    FREEZING_ERROR_MESSAGES,
    FREEZING_FAILED,
    TRANSACTION_EDIT_ERROR_MESSAGES,
    FreezingError,
    TransactionEditError,
)


@strawberry.type
class TaxYearFreezing:
    tax_year: int
    status: str
    is_available: bool
    start_time: datetime | None
    end_time: datetime | None
    last_updated_at: datetime | None
    error: str | None


@strawberry.type
class FreezingQuery:
    @strawberry.field
    async def freezing_status(self, info: CairnInfo, tax_year: int) -> TaxYearFreezing:
        """The freezing status of one of the user's tax years (unfrozen when never frozen)."""
        row = await info.context.scope.freezing.year(tax_year)
        return TaxYearFreezing(
            tax_year=tax_year,
            status=FreezingStatus.UNFROZEN.value if row is None else row.status.value,
            is_available=True,
            start_time=None if row is None else row.start_time,
            end_time=None if row is None else row.end_time,
            last_updated_at=None if row is None else row.last_updated_at,
            error=None if row is None else row.error,
        )


@strawberry.type
class FreezingMutation:
    @strawberry.mutation
    async def freeze_tax_year(self, info: CairnInfo, tax_year: int) -> MutationResult:
        """Freeze the tax year and every year before it: their results stay as they are."""
        return await _start(info, tax_year, freeze=True)

    @strawberry.mutation
    async def unfreeze_tax_year(self, info: CairnInfo, tax_year: int) -> MutationResult:
        """Unfreeze the tax year and every year after it; the results are then recalculated."""
        return await _start(info, tax_year, freeze=False)


def frozen_period_refusal() -> MutationResult:
    """What a change touching a frozen year answers (deleting an account that holds some of it)."""
    code = TransactionEditError.FROZEN_PERIOD
    return MutationResult(
        success=False, error=code.value, error_message=TRANSACTION_EDIT_ERROR_MESSAGES[code]
    )


def _failed(code: FreezingError) -> MutationResult:
    return MutationResult(success=False, error=code.value, error_message=FREEZING_ERROR_MESSAGES[code])


async def _start(info: CairnInfo, tax_year: int, *, freeze: bool) -> MutationResult:
    context = info.context
    scope = context.scope.freezing
    before = await scope.begin(tax_year, freeze)
    if isinstance(before, FreezingError):
        return _failed(before)
    started = await start_work(
        context,
        freezing_start(context.user.id, context.user.public_id, tax_year, freeze),
        undo=lambda: scope.undo(before),
    )
    if not started.ok:
        return MutationResult(
            success=False, error=FreezingError.FREEZING_FAILED.value, error_message=FREEZING_FAILED
        )
    return MutationResult.ok()
