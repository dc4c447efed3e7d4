"""The stored results of the user's last cost-basis run: tax lots, disposed lots and the tax summary.

Read-only and scoped to the signed-in user; the sums are SQL sums over the stored rows (the lot engine
runs in the worker, never here).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.limits import MAX_ASSET_CHARS, MAX_ID_CHARS
from api.pagination import check_offset
from api.string_bounds import max_length
from ledger.models import DisposedLot as DisposedLotRow
from ledger.models import TaxLot as TaxLotRow
from ledger.scope.cost_basis import OpenLot, OpenLotOrder


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
class OpenTaxLot:
    lot: TaxLot
    price: Decimal | None = strawberry.field(description="Today's close in the base currency.")
    market_value: Decimal | None
    adjusted_cost_basis: Decimal = strawberry.field(
        description="What remains of the basis, in the base currency."
    )
    unrealized_gain: Decimal | None
    holding_days: int
    term: str = strawberry.field(description="LONG once held more than a year (365 days), else SHORT.")

    @classmethod
    def of(cls, row: OpenLot) -> OpenTaxLot:
        value = row.market_value
        return cls(
            lot=TaxLot.of(row.lot, row.transaction),
            price=row.price,
            market_value=value,
            adjusted_cost_basis=row.cost_basis,
            unrealized_gain=None if value is None else value - row.cost_basis,
            holding_days=row.holding_days,
            term="LONG" if row.holding_days > LONG_TERM_DAYS else "SHORT",
        )


@strawberry.type
class OpenTaxLotPage:
    items: list[OpenTaxLot]
    total: int


@strawberry.type
class DisposedLotPage:
    items: list[DisposedLot]
    total: int


@strawberry.type
class CalloutCounts:
    """Transactions of the year with each callout of the last run (rules: ledger.writes.callouts)."""

    insufficient_quantity: int
    missing_balance: int
    missing_price_history: int
    unbalanced_transaction: int
    value_out_of_bounds: int


@strawberry.type
class DisposalTotals:
    type: str = strawberry.field(
        description="The disposing type: SELL, TRADE, GIFT_SENT, DONATION, LOST, STOLEN, FEE …"
    )
    transactions: int
    proceeds: Decimal
    cost_basis: Decimal
    gain: Decimal


@strawberry.type
class IncomeTotals:
    type: str = strawberry.field(description="The income category: STAKING_REWARD, MINING_REWARD, AIRDROP …")
    events: int
    value: Decimal


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
    transaction_count: int
    disposals_by_type: list[DisposalTotals]
    income_by_category: list[IncomeTotals]


@strawberry.type
class ProofStep:
    """The lot as one step of the chain made it: bought or received in one account."""

    lot_id: str
    flow_id: str = strawberry.field(
        description="The acquiring flow, then each transfer's or conversion's receiving flow."
    )
    asset: str = strawberry.field(description="A conversion that is no disposal changes it (a carry).")
    transaction_id: strawberry.ID  # that flow's transaction, by public id
    at: datetime
    account_id: strawberry.ID
    account_name: str
    acquired_at: datetime = strawberry.field(
        description="Kept through transfers: the holding period's start."
    )
    quantity: Decimal
    cost_basis: Decimal


@strawberry.type
class LotProof:
    """A disposed slice's chain: the acquisition, each transfer that moved the lot to another
    account, and the disposal, with the rule the run applied."""

    disposed: DisposedLot
    disposal_account_name: str
    steps: list[ProofStep]
    method: str = strawberry.field(description="The cost-basis method in force at the disposal.")
    scope: str = strawberry.field(description="UNIVERSAL or WALLET: where the method picked lots from.")


strawberry.enum(OpenLotOrder, name="TaxLotSort")
LONG_TERM_DAYS = 365  # the holding period shown; the run's own term rule is in analytics/TREATMENTS.md
Asset = Annotated[str | None, max_length(MAX_ASSET_CHARS)]
FlowId = Annotated[str, max_length(MAX_ID_CHARS)]


@strawberry.type
class TaxLotsQuery:
    @strawberry.field
    async def tax_lots(
        self, info: CairnInfo, asset: Asset = None, limit: int = 50, offset: int = 0
    ) -> TaxLotPage:
        """Lots of the last cost-basis run, oldest acquisition first."""
        check_offset(offset, limit)
        scope = info.context.scope.cost_basis
        rows, total = await scope.tax_lots(asset, limit, offset)
        return TaxLotPage(items=[TaxLot.of(row, transaction) for row, transaction in rows], total=total)

    @strawberry.field
    async def open_tax_lots(
        self,
        info: CairnInfo,
        asset: Asset = None,
        sort: OpenLotOrder = OpenLotOrder.ACQUIRED_AT,
        desc: bool = False,
        limit: int = 50,
        offset: int = 0,
    ) -> OpenTaxLotPage:
        """Lots with something left, valued at today's close in the base currency."""
        check_offset(offset, limit)
        scope = info.context.scope.cost_basis
        rows, total = await scope.open_lots(asset, sort, desc, limit, offset, info.context.user.base_currency)
        return OpenTaxLotPage(items=[OpenTaxLot.of(row) for row in rows], total=total)

    @strawberry.field
    async def disposed_lots(
        self,
        info: CairnInfo,
        asset: Asset = None,
        limit: int = 50,
        offset: int = 0,
        flow_id: Annotated[str | None, max_length(MAX_ID_CHARS)] = None,
    ) -> DisposedLotPage:
        """Lot slices disposed of in the last cost-basis run, oldest disposal first; with `flowId`,
        the slices one disposing flow consumed (/disposed-lots/{flowId})."""
        check_offset(offset, limit)
        scope = info.context.scope.cost_basis
        rows, total = await scope.disposed_lots(asset, limit, offset, flow_id)
        return DisposedLotPage(
            items=[DisposedLot.of(row, transaction) for row, transaction in rows], total=total
        )

    @strawberry.field
    async def tax_summary(self, info: CairnInfo, tax_year: int) -> TaxSummary:
        """Gains and income of one tax year, which starts on the user's tax-year start day (UTC), in the
        base currency at each day's FX close."""
        user = info.context.user
        scope = info.context.scope.cost_basis
        summary = await scope.tax_summary(
            tax_year, user.tax_year_start_month, user.tax_year_start_day, user.base_currency
        )
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
                **{kind.value.lower(): count for kind, count in summary.callouts.items()}
            ),
            transaction_count=await scope.transaction_count(summary.start, summary.end),
            disposals_by_type=[
                DisposalTotals(
                    type=row.type,
                    transactions=row.transactions,
                    proceeds=row.proceeds,
                    cost_basis=row.cost_basis,
                    gain=row.gain,
                )
                for row in await scope.disposals_by_type(summary.start, summary.end, user.base_currency)
            ],
            income_by_category=[
                IncomeTotals(type=row.type, events=row.events, value=row.value)
                for row in await scope.income_by_type(summary.start, summary.end, user.base_currency)
            ],
        )

    @strawberry.field
    async def lot_proof(
        self, info: CairnInfo, flow_id: FlowId, disposed_lot_id: strawberry.ID
    ) -> LotProof | None:
        """One disposed slice and the lots its chain went through; None when it is not the user's."""
        try:
            slice_id = int(disposed_lot_id)
        except ValueError:
            return None
        user = info.context.user
        proof = await info.context.scope.cost_basis.lot_proof(flow_id, slice_id)
        if proof is None:
            return None
        disposed = proof.disposed
        return LotProof(
            disposed=DisposedLot.of(disposed, proof.disposal_transaction),
            disposal_account_name=proof.disposal_account,
            steps=[
                ProofStep(
                    lot_id=step.lot.lot_id,
                    flow_id=step.flow_id,
                    asset=step.lot.asset,
                    transaction_id=strawberry.ID(str(step.transaction)),
                    at=step.at,
                    account_id=strawberry.ID(str(step.lot.account_id)),
                    account_name=step.account,
                    acquired_at=step.lot.acquired_at,
                    quantity=step.lot.quantity,
                    cost_basis=step.lot.cost_basis,
                )
                for step in proof.steps
            ],
            method=(proof.timeline_method or user.cost_basis_method).value,
            scope=user.allocation_scope.value,
        )
