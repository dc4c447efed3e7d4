"""The stored results of the user's last cost-basis run: tax lots, disposed lots and the tax summary.

Read-only and scoped to the signed-in user; the sums are SQL sums over the stored rows (the lot engine
runs in the worker, never here).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

import strawberry

from api.context import CairnInfo
from ledger.models import DisposedLot as DisposedLotRow
from ledger.models import TaxLot as TaxLotRow
from ledger.scope.cost_basis import CostBasisScope


@strawberry.type
class TaxLot:
    id: strawberry.ID
    lot_id: str
    origin_lot_id: str
    transfer_chain: str
    transaction_id: strawberry.ID  # the acquiring transaction's public id
    account_id: strawberry.ID
    asset: str
    acquired_at: datetime
    quantity: Decimal
    remaining: Decimal
    cost_basis: Decimal
    remaining_cost_basis: Decimal
    callout: str | None

    @classmethod
    def of(cls, row: TaxLotRow, transaction: uuid.UUID) -> TaxLot:
        return cls(
            id=strawberry.ID(str(row.id)),
            lot_id=row.lot_id,
            origin_lot_id=row.origin_lot_id,
            transfer_chain=row.transfer_chain,
            transaction_id=strawberry.ID(str(transaction)),
            account_id=strawberry.ID(str(row.account_id)),
            asset=row.asset,
            acquired_at=row.acquired_at,
            quantity=row.quantity,
            remaining=row.remaining,
            cost_basis=row.cost_basis,
            remaining_cost_basis=row.remaining_cost_basis,
            callout=row.callout,
        )


@strawberry.type
class DisposedLot:
    id: strawberry.ID
    transaction_id: strawberry.ID  # the disposing transaction's public id
    flow_id: str
    type: str
    account_id: strawberry.ID
    asset: str
    lot_id: str | None  # None: more was disposed of than was held (INSUFFICIENT_QUANTITY)
    origin_lot_id: str | None
    transfer_chain: str | None
    acquired_at: datetime
    disposed_at: datetime
    holding_days: int
    quantity: Decimal
    proceeds: Decimal
    cost_basis: Decimal
    gain: Decimal
    denied_loss: Decimal
    term: str
    rule: str | None
    callout: str | None

    @classmethod
    def of(cls, row: DisposedLotRow, transaction: uuid.UUID) -> DisposedLot:
        return cls(
            id=strawberry.ID(str(row.id)),
            transaction_id=strawberry.ID(str(transaction)),
            flow_id=row.flow_id,
            type=row.type,
            account_id=strawberry.ID(str(row.account_id)),
            asset=row.asset,
            lot_id=row.lot_id,
            origin_lot_id=row.origin_lot_id,
            transfer_chain=row.transfer_chain,
            acquired_at=row.acquired_at,
            disposed_at=row.disposed_at,
            holding_days=row.holding_days,
            quantity=row.quantity,
            proceeds=row.proceeds,
            cost_basis=row.cost_basis,
            gain=row.gain,
            denied_loss=row.denied_loss,
            term=row.term,
            rule=row.rule,
            callout=row.callout,
        )


@strawberry.type
class TaxLotPage:
    items: list[TaxLot]
    total: int


@strawberry.type
class DisposedLotPage:
    items: list[DisposedLot]
    total: int


@strawberry.type
class CalloutCounts:
    insufficient_quantity: int
    missing_price_history: int


@strawberry.type
class TaxSummary:
    tax_year: int
    start: datetime
    end: datetime = strawberry.field(description="Exclusive: the start of the next tax year.")
    capital_gain: Decimal = strawberry.field(description="Gifts sent and donations are left out.")
    short_term_gain: Decimal
    long_term_gain: Decimal
    proceeds: Decimal
    cost_basis: Decimal
    taxable_income_total: Decimal
    callout_counts: CalloutCounts


@strawberry.type
class TaxLotsQuery:
    @strawberry.field
    async def tax_lots(
        self, info: CairnInfo, asset: str | None = None, limit: int = 50, offset: int = 0
    ) -> TaxLotPage:
        """Lots of the last cost-basis run, oldest acquisition first (at most 500 a page)."""
        scope = CostBasisScope(info.context.session, info.context.user.id)
        rows, total = await scope.tax_lots(asset, limit, offset)
        return TaxLotPage(items=[TaxLot.of(row, transaction) for row, transaction in rows], total=total)

    @strawberry.field
    async def disposed_lots(
        self, info: CairnInfo, asset: str | None = None, limit: int = 50, offset: int = 0
    ) -> DisposedLotPage:
        """Lot slices disposed of in the last cost-basis run, oldest disposal first (at most 500 a page)."""
        scope = CostBasisScope(info.context.session, info.context.user.id)
        rows, total = await scope.disposed_lots(asset, limit, offset)
        return DisposedLotPage(
            items=[DisposedLot.of(row, transaction) for row, transaction in rows], total=total
        )

    @strawberry.field
    async def tax_summary(self, info: CairnInfo, tax_year: int) -> TaxSummary:
        """Gains and income of one tax year, which starts on the user's tax-year start day (UTC)."""
        user = info.context.user
        scope = CostBasisScope(info.context.session, user.id)
        summary = await scope.tax_summary(tax_year, user.tax_year_start_month, user.tax_year_start_day)
        return TaxSummary(
            tax_year=tax_year,
            start=summary.start,
            end=summary.end,
            capital_gain=summary.capital_gain,
            short_term_gain=summary.short_term_gain,
            long_term_gain=summary.long_term_gain,
            proceeds=summary.proceeds,
            cost_basis=summary.cost_basis,
            taxable_income_total=summary.taxable_income_total,
            callout_counts=CalloutCounts(
                insufficient_quantity=summary.insufficient_quantity,
                missing_price_history=summary.missing_price_history,
            ),
        )
