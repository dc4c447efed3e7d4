"""One user's cost basis as the API sees it: requests for a run, and reads of the stored results.

Like `UserScope`, every query is limited to its user. Nothing here computes gains: the sums are SQL
sums over the rows the last run stored.
"""

from __future__ import annotations

import calendar
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import Date, and_, cast, delete, func, select, union
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import (
    Account,
    CostBasisMethodPeriod,
    CostBasisStatus,
    DisposedLot,
    IncomeEvent,
    TaxLot,
    TaxYearFreeze,
    Transaction,
)
from ledger.scope.portfolio import USD, close_on, usd_in
from ledger.writes.cost_basis_requests import enqueue_statement
from vocabulary.enums import CalloutType, CostBasisMethod, CostBasisState, QueuePriority

# Disposals a giver owes no capital-gains tax on (US): kept in the tables, left out of the gains.
NON_TAXABLE_DISPOSALS = ("GIFT_SENT", "DONATION")
Row = TypeVar("Row", TaxLot, DisposedLot)


@dataclass(frozen=True)
class RequestSnapshot:
    """The status row as it was before a request, to put back when the run could not be started."""

    existed: bool
    state: CostBasisState | None
    priority: QueuePriority | None
    recomputation_date: datetime | None


@dataclass(frozen=True)
class TaxSummary:
    start: datetime
    end: datetime  # exclusive
    capital_gain: Decimal
    short_term_gain: Decimal
    long_term_gain: Decimal
    proceeds: Decimal
    cost_basis: Decimal
    taxable_income_total: Decimal
    insufficient_quantity: int  # transactions of the year with the callout
    missing_price_history: int


@dataclass(frozen=True)
class DisposalTotals:
    type: str
    transactions: int
    proceeds: Decimal
    cost_basis: Decimal
    gain: Decimal


@dataclass(frozen=True)
class IncomeTotals:
    type: str
    events: int
    value: Decimal


def flow_transaction(flow_id: str) -> int:
    """The transaction of an engine flow id `{transaction id}:{position}`."""
    return int(flow_id.split(":", 1)[0])


@dataclass(frozen=True)
class ProofStep:
    lot: TaxLot
    flow_id: str  # the acquiring flow (first step) or the receiving flow of a transfer
    transaction: uuid.UUID  # that flow's transaction, by public id
    at: datetime  # when that transaction happened
    account: str  # the name of the account the lot was in from then on


@dataclass(frozen=True)
class LotProof:
    disposed: DisposedLot
    disposal_transaction: uuid.UUID
    disposal_account: str
    steps: list[ProofStep]  # the acquisition first, then each transfer
    timeline_method: CostBasisMethod | None  # the method timeline's period in force at the disposal


class OpenLotOrder(StrEnum):
    ACQUIRED_AT = "ACQUIRED_AT"
    ASSET = "ASSET"
    QUANTITY = "QUANTITY"
    COST_BASIS = "COST_BASIS"
    MARKET_VALUE = "MARKET_VALUE"
    UNREALIZED_GAIN = "UNREALIZED_GAIN"


@dataclass(frozen=True)
class OpenLot:
    lot: TaxLot
    transaction: uuid.UUID  # the acquiring transaction's public id
    price: Decimal | None  # today's close in the base currency; None: not in the price table
    cost_basis: Decimal  # what remains of the basis, in the base currency
    holding_days: int

    @property
    def market_value(self) -> Decimal | None:
        return None if self.price is None else self.lot.remaining * self.price


def disposal_rate(currency: str) -> Any:
    return usd_in(currency, cast(func.timezone("UTC", DisposedLot.disposed_at), Date))


def income_rate(currency: str) -> Any:
    return usd_in(currency, cast(func.timezone("UTC", IncomeEvent.received_at), Date))


def tax_year_bounds(year: int, start_month: int, start_day: int) -> tuple[datetime, datetime]:
    """[start, end) of tax year `year`: from its start day (UTC) to the next year's."""

    def start_of(y: int) -> datetime:
        day = min(start_day, calendar.monthrange(y, start_month)[1])
        return datetime(y, start_month, day, tzinfo=UTC)

    return start_of(year), start_of(year + 1)


class CostBasisScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    # Status

    async def status(self) -> CostBasisStatus | None:
        return await self.session.get(CostBasisStatus, self.user_id)

    async def latest_freeze(self) -> TaxYearFreeze | None:
        return await self.session.scalar(
            select(TaxYearFreeze)
            .where(TaxYearFreeze.user_id == self.user_id)
            .order_by(TaxYearFreeze.last_updated_at.desc())
            .limit(1)
        )

    # Requests

    async def request(self, priority: QueuePriority) -> RequestSnapshot:
        """Mark the cost basis Enqueued (see ledger.writes.cost_basis); answers the row as it was."""
        row = await self.session.scalar(
            select(CostBasisStatus).where(CostBasisStatus.user_id == self.user_id).with_for_update()
        )
        snapshot = RequestSnapshot(
            existed=row is not None,
            state=None if row is None else row.state,
            priority=None if row is None else row.priority,
            recomputation_date=None if row is None else row.recomputation_date,
        )
        await self.session.execute(enqueue_statement(self.user_id, priority))
        return snapshot

    async def withdraw(self, snapshot: RequestSnapshot) -> None:
        """Put the status row back as it was before a request whose run could not be started."""
        if not snapshot.existed:
            await self.session.execute(delete(CostBasisStatus).where(CostBasisStatus.user_id == self.user_id))
            return
        row = await self.session.get(
            CostBasisStatus, self.user_id, with_for_update=True, populate_existing=True
        )
        if row is not None:
            row.state = snapshot.state
            row.priority = snapshot.priority
            row.recomputation_date = snapshot.recomputation_date

    # Results

    async def tax_lots(
        self, asset: str | None, limit: int, offset: int
    ) -> tuple[list[tuple[TaxLot, uuid.UUID]], int]:
        """A page of lots (oldest first) with their transaction's public id, and how many there are."""
        return await self._page(TaxLot, TaxLot.acquired_at, asset, limit, offset)

    async def disposed_lots(
        self, asset: str | None, limit: int, offset: int, flow_id: str | None = None
    ) -> tuple[list[tuple[DisposedLot, uuid.UUID]], int]:
        """A page of disposed lot slices (oldest disposal first), of one disposing flow when
        `flow_id` is given, and how many there are."""
        only = [] if flow_id is None else [DisposedLot.flow_id == flow_id]
        return await self._page(DisposedLot, DisposedLot.disposed_at, asset, limit, offset, *only)

    async def _page(
        self, model: type[Row], by: Any, asset: str | None, limit: int, offset: int, *only: Any
    ) -> tuple[list[tuple[Row, uuid.UUID]], int]:
        where = [model.user_id == self.user_id, *only]
        if asset is not None:
            where.append(model.asset == asset)
        total = await self.session.scalar(select(func.count()).select_from(model).where(*where))
        rows = await self.session.execute(
            select(model, Transaction.public_id)
            .join(Transaction, Transaction.id == model.transaction_id)
            .where(*where)
            .order_by(by, model.id)
            .offset(offset)
            .limit(limit)  # checked by the API's pagination rule
        )
        return [(row, public_id) for row, public_id in rows], total or 0

    async def open_lots(
        self, asset: str | None, order: OpenLotOrder, descending: bool, limit: int, offset: int, currency: str
    ) -> tuple[list[OpenLot], int]:
        """A page of the lots with something left, priced at today's close in `currency`, and how
        many there are. Values are USD in the tables: the price at today's FX close, the remaining
        basis at the FX close of the day the lot was acquired."""
        today = datetime.now(UTC).date()
        acquired = cast(func.timezone("UTC", TaxLot.acquired_at), Date)
        price = close_on(TaxLot.asset, USD, today) * usd_in(currency, today)
        basis = TaxLot.remaining_cost_basis * usd_in(currency, acquired)
        value = TaxLot.remaining * price
        where = [TaxLot.user_id == self.user_id, TaxLot.remaining > 0]
        if asset is not None:
            where.append(TaxLot.asset == asset)
        total = await self.session.scalar(select(func.count()).select_from(TaxLot).where(*where))
        key = {
            OpenLotOrder.ACQUIRED_AT: TaxLot.acquired_at,
            OpenLotOrder.ASSET: TaxLot.asset,
            OpenLotOrder.QUANTITY: TaxLot.remaining,
            OpenLotOrder.COST_BASIS: TaxLot.remaining_cost_basis,
            OpenLotOrder.MARKET_VALUE: value,
            OpenLotOrder.UNREALIZED_GAIN: value - basis,
        }[order]
        rows = await self.session.execute(
            select(TaxLot, Transaction.public_id, price, basis, today - acquired)
            .join(Transaction, Transaction.id == TaxLot.transaction_id)
            .where(*where)
            .order_by(key.desc().nulls_last() if descending else key.asc().nulls_last(), TaxLot.id)
            .offset(offset)
            .limit(limit)  # checked by the API's pagination rule
        )
        return [OpenLot(*row) for row in rows], total or 0

    async def tax_summary(
        self, year: int, start_month: int, start_day: int, currency: str = USD
    ) -> TaxSummary:
        """Sums over the disposals and income of one tax year, and the transactions with callouts;
        in `currency` at the FX close of each disposal's or income's day (the tables hold USD)."""
        start, end = tax_year_bounds(year, start_month, start_day)
        rate = disposal_rate(currency)
        disposed = and_(
            DisposedLot.user_id == self.user_id,
            DisposedLot.disposed_at >= start,
            DisposedLot.disposed_at < end,
        )
        taxable = DisposedLot.type.not_in(NON_TAXABLE_DISPOSALS)

        def total(column: Any, *only: Any) -> Any:
            return func.coalesce(func.sum(column * rate).filter(taxable, *only), 0)

        gains = (
            await self.session.execute(
                select(
                    total(DisposedLot.gain),
                    total(DisposedLot.gain, DisposedLot.term == "SHORT"),
                    total(DisposedLot.gain, DisposedLot.term == "LONG"),
                    total(DisposedLot.proceeds),
                    total(DisposedLot.cost_basis),
                ).where(disposed)
            )
        ).one()
        income = await self.session.scalar(
            select(func.coalesce(func.sum(IncomeEvent.value * income_rate(currency)), 0)).where(
                IncomeEvent.user_id == self.user_id,
                IncomeEvent.received_at >= start,
                IncomeEvent.received_at < end,
            )
        )
        return TaxSummary(
            start,
            end,
            *gains,
            taxable_income_total=income or Decimal(0),
            insufficient_quantity=await self._flagged(CalloutType.INSUFFICIENT_QUANTITY, start, end),
            missing_price_history=await self._flagged(CalloutType.MISSING_PRICE_HISTORY, start, end),
        )

    async def disposals_by_type(
        self, start: datetime, end: datetime, currency: str = USD
    ) -> list[DisposalTotals]:
        """The year's disposals summed per disposing type (SELL, TRADE, GIFT_SENT, DONATION, LOST,
        STOLEN, FEE …), gifts and donations included, in `currency` at each disposal's day."""
        rate = disposal_rate(currency)
        rows = await self.session.execute(
            select(
                DisposedLot.type,
                func.count(func.distinct(DisposedLot.transaction_id)),
                func.sum(DisposedLot.proceeds * rate),
                func.sum(DisposedLot.cost_basis * rate),
                func.sum(DisposedLot.gain * rate),
            )
            .where(
                DisposedLot.user_id == self.user_id,
                DisposedLot.disposed_at >= start,
                DisposedLot.disposed_at < end,
            )
            .group_by(DisposedLot.type)
            .order_by(DisposedLot.type)
        )
        return [DisposalTotals(*row) for row in rows]

    async def income_by_type(self, start: datetime, end: datetime, currency: str = USD) -> list[IncomeTotals]:
        """The year's income summed per category (STAKING_REWARD, MINING_REWARD, AIRDROP …), in
        `currency` at each income's day."""
        rows = await self.session.execute(
            select(IncomeEvent.type, func.count(), func.sum(IncomeEvent.value * income_rate(currency)))
            .where(
                IncomeEvent.user_id == self.user_id,
                IncomeEvent.received_at >= start,
                IncomeEvent.received_at < end,
            )
            .group_by(IncomeEvent.type)
            .order_by(IncomeEvent.type)
        )
        return [IncomeTotals(*row) for row in rows]

    async def transaction_count(self, start: datetime, end: datetime) -> int:
        """Transactions of [start, end) that count (not ignored)."""
        return (
            await self.session.scalar(
                select(func.count()).where(
                    Transaction.user_id == self.user_id,
                    Transaction.is_ignored.is_(False),
                    Transaction.timestamp >= start,
                    Transaction.timestamp < end,
                )
            )
            or 0
        )

    async def lot_proof(self, flow_id: str, disposed_lot_id: int) -> LotProof | None:
        """One disposed slice with every lot its chain went through, from the acquisition to the
        last transfer: the lot ids `origin>flow>flow…` name the acquiring flow and then each
        receiving flow (`{transaction id}:{position}`, TREATMENTS.md "Lineage")."""
        disposed = await self.session.scalar(
            select(DisposedLot).where(
                DisposedLot.user_id == self.user_id,
                DisposedLot.id == disposed_lot_id,
                DisposedLot.flow_id == flow_id,
            )
        )
        if disposed is None:
            return None
        hops = [] if disposed.lot_id is None else disposed.lot_id.split(">")
        chain = [">".join(hops[: i + 1]) for i in range(len(hops))]
        found = await self.session.scalars(
            select(TaxLot).where(TaxLot.user_id == self.user_id, TaxLot.lot_id.in_(chain))
        )
        by_id = {lot.lot_id: lot for lot in found}
        made = [(hop, by_id[lot_id]) for hop, lot_id in zip(hops, chain, strict=True) if lot_id in by_id]
        transactions = {disposed.transaction_id, *(flow_transaction(hop) for hop, _ in made)}
        rows = await self.session.execute(
            select(Transaction.id, Transaction.public_id, Transaction.timestamp).where(
                Transaction.user_id == self.user_id, Transaction.id.in_(transactions)
            )
        )
        known = {transaction_id: (public_id, at) for transaction_id, public_id, at in rows}
        accounts = {disposed.account_id, *(lot.account_id for _, lot in made)}
        named = await self.session.execute(
            select(Account.id, Account.name).where(Account.user_id == self.user_id, Account.id.in_(accounts))
        )
        names = {account_id: name for account_id, name in named}
        method = await self.session.scalar(
            select(CostBasisMethodPeriod.method)
            .where(
                CostBasisMethodPeriod.user_id == self.user_id,
                CostBasisMethodPeriod.effective_from <= disposed.disposed_at.date(),
            )
            .order_by(CostBasisMethodPeriod.effective_from.desc())
            .limit(1)
        )
        return LotProof(
            disposed=disposed,
            disposal_transaction=known[disposed.transaction_id][0],
            disposal_account=names.get(disposed.account_id, ""),
            steps=[
                ProofStep(
                    lot=lot,
                    flow_id=hop,
                    transaction=known[flow_transaction(hop)][0],
                    at=known[flow_transaction(hop)][1],
                    account=names.get(lot.account_id, ""),
                )
                for hop, lot in made
                if flow_transaction(hop) in known
            ],
            timeline_method=method,
        )

    async def _flagged(self, callout: CalloutType, start: datetime, end: datetime) -> int:
        """Transactions of [start, end) with `callout` on a lot, a disposal or an income they made."""
        pattern = f"%{callout.value}%"
        flagged = union(
            *(
                select(model.transaction_id).where(
                    model.user_id == self.user_id, at >= start, at < end, model.callout.like(pattern)
                )
                for model, at in (
                    (TaxLot, TaxLot.acquired_at),
                    (DisposedLot, DisposedLot.disposed_at),
                    (IncomeEvent, IncomeEvent.received_at),
                )
            )
        ).subquery()
        return await self.session.scalar(select(func.count()).select_from(flagged)) or 0
