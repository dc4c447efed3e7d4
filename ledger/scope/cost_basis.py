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

from sqlalchemy import (
    BigInteger,
    Date,
    FromClause,
    Select,
    bindparam,
    cast,
    delete,
    false,
    func,
    select,
    true,
)
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import (
    Account,
    CostBasisMethodPeriod,
    CostBasisStatus,
    DisposalDayTotal,
    DisposedLot,
    IncomeDayTotal,
    OpenLotDayTotal,
    TaxLot,
    TaxYearFreeze,
    Transaction,
    TransactionDayTotal,
)
from ledger.scope.callouts import callout_counts
from ledger.scope.open_lot_order import valued_page
from ledger.scope.portfolio import USD, close_on, totals_current, usd_in
from ledger.writes.cost_basis_requests import enqueue_statement
from vocabulary.enums import CalloutType, CostBasisMethod, CostBasisState, FreezingStatus, QueuePriority

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
    callouts: dict[CalloutType, int]  # transactions of the year with each callout


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


def _of_flow(flow_id: str) -> list[Any]:
    """The disposed slices of one flow, found through its transaction's (the index a run keeps up for
    the transactions page); none for an id no engine flow has."""
    try:
        transaction_id = flow_transaction(flow_id)
    except ValueError:
        return [false()]
    if not 0 < transaction_id < 2**63:
        return [false()]
    return [DisposedLot.transaction_id == transaction_id, DisposedLot.flow_id == flow_id]


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
    steps: list[ProofStep]  # the acquisition first, then each transfer or conversion (a carry)
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


def tax_year_bounds(year: int, start_month: int, start_day: int) -> tuple[datetime, datetime]:
    """[start, end) of tax year `year`: from its start day (UTC) to the next year's."""

    def start_of(y: int) -> datetime:
        day = min(start_day, calendar.monthrange(y, start_month)[1])
        return datetime(y, start_month, day, tzinfo=UTC)

    return start_of(year), start_of(year + 1)


_PANEL_COLUMNS = (
    "state",
    "priority",
    "compute_start_time",
    "compute_end_time",
    "last_synced_at",
    "recomputation_date",
    "is_paused",
    "is_undergoing_allocation",
)


def panel_statement(user: FromClause, *columns: Any) -> Select[Any]:
    """The panel's columns (then `columns`) of the user whose id is `user`'s `user_id` column: the status
    row (by its primary key) and the latest freeze (by the user's freezes' key), each None where absent."""
    status, freeze = CostBasisStatus.__table__.c, TaxYearFreeze.__table__.c
    latest = (
        select(
            freeze.status.label("freezing_status"),
            freeze.start_time.label("freezing_start_time"),
            freeze.end_time.label("freezing_end_time"),
            freeze.last_updated_at.label("freezing_last_updated_at"),
            freeze.error.label("freezing_error"),
        )
        .where(freeze.user_id == user.c.user_id)
        .order_by(freeze.last_updated_at.desc())
        .limit(1)
        .lateral()
    )
    return (
        select(*columns, *(status[name] for name in _PANEL_COLUMNS), latest)
        .select_from(user)
        .outerjoin(CostBasisStatus.__table__, status.user_id == user.c.user_id)
        .outerjoin(latest, true())
    )


# built once: building it took the poll longer than running it
_PANEL = panel_statement(select(bindparam("user_id", type_=BigInteger).label("user_id")).subquery())


@dataclass(frozen=True)
class StatusPanel:
    """The status row's columns (None: the user's cost basis was never asked for) and the latest freeze's."""

    state: CostBasisState | None
    priority: QueuePriority | None
    compute_start_time: datetime | None
    compute_end_time: datetime | None
    last_synced_at: datetime | None
    recomputation_date: datetime | None
    is_paused: bool | None
    is_undergoing_allocation: bool | None
    freezing_status: FreezingStatus | None
    freezing_start_time: datetime | None
    freezing_end_time: datetime | None
    freezing_last_updated_at: datetime | None
    freezing_error: str | None


class CostBasisScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    # Status

    async def status(self) -> CostBasisStatus | None:
        return await self.session.get(CostBasisStatus, self.user_id)

    async def panel(self) -> StatusPanel:
        """What the status panel polls, in one statement of plain columns (no ORM objects): the status
        row (by its primary key) and the latest freeze (by the user's freezes' key); None where absent."""
        row = (await self.session.execute(_PANEL, {"user_id": self.user_id})).one()
        return StatusPanel(**row._mapping)

    # Requests

    async def request(self, priority: QueuePriority) -> RequestSnapshot:
        """Mark the cost basis Enqueued (see ledger.writes.cost_basis); answers the row as it was."""
        row = await self.session.scalar(
            select(CostBasisStatus)
            .where(CostBasisStatus.user_id == self.user_id)
            .with_for_update(key_share=True)
        )
        snapshot = RequestSnapshot(
            existed=row is not None,
            state=None if row is None else row.state,
            priority=None if row is None else row.priority,
            recomputation_date=None if row is None else row.recomputation_date,
        )
        await self.session.execute(enqueue_statement(self.user_id, priority))
        return snapshot

    async def set_paused(self, paused: bool) -> tuple[RequestSnapshot, QueuePriority | None]:
        """Pause or resume the user's runs; answers the row as it was and, on a resume with a request
        waiting, that request's priority (the row is then Enqueued: the caller starts the run).

        A pass already Scheduled or Started finishes; a request not yet served waits for the resume."""
        row = await self.session.scalar(
            select(CostBasisStatus)
            .where(CostBasisStatus.user_id == self.user_id)
            .with_for_update(key_share=True)
        )
        if row is None:
            row = CostBasisStatus(user_id=self.user_id, is_paused=False)
            self.session.add(row)
        snapshot = RequestSnapshot(True, row.state, row.priority, row.recomputation_date)
        row.is_paused = paused
        if paused and row.state is CostBasisState.ENQUEUED:
            row.state = None
        await self.session.flush()
        if paused or row.recomputation_date is None or row.is_running:
            return snapshot, None
        row.state = CostBasisState.ENQUEUED
        return snapshot, row.priority or QueuePriority.HIGH

    async def withdraw(self, snapshot: RequestSnapshot) -> None:
        """Put the status row back as it was before a request whose run could not be started."""
        if not snapshot.existed:
            await self.session.execute(delete(CostBasisStatus).where(CostBasisStatus.user_id == self.user_id))
            return
        row = await self.session.get(
            CostBasisStatus, self.user_id, with_for_update={"key_share": True}, populate_existing=True
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
        only = [] if flow_id is None else _of_flow(flow_id)
        # all the user's slices: counted from the day totals the run stored with them, not row by row
        every = select(cast(func.sum(DisposalDayTotal.slices), BigInteger)).where(
            DisposalDayTotal.user_id == self.user_id
        )
        counted = every if asset is None and flow_id is None else None
        return await self._page(
            DisposedLot, DisposedLot.disposed_at, asset, limit, offset, *only, counted=counted
        )

    async def _page(
        self,
        model: type[Row],
        by: Any,
        asset: str | None,
        limit: int,
        offset: int,
        *only: Any,
        counted: Any | None = None,
    ) -> tuple[list[tuple[Row, uuid.UUID]], int]:
        where = [model.user_id == self.user_id, *only]
        if asset is not None:
            where.append(model.asset == asset)
        total = await self.session.scalar(
            counted if counted is not None else select(func.count()).select_from(model).where(*where)
        )
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
        where = [TaxLot.user_id == self.user_id, TaxLot.remaining > 0]
        if asset is not None:
            where.append(TaxLot.asset == asset)
        close: Any = close_on(TaxLot.asset, USD, today)  # looked up for the page's lots only
        priced: list[Any] = []
        if await totals_current(self.session, self.user_id):  # the run's count, not every open lot
            counted = select(func.coalesce(func.sum(OpenLotDayTotal.lots), 0)).where(
                OpenLotDayTotal.user_id == self.user_id,
                *([] if asset is None else [OpenLotDayTotal.asset == asset]),
            )
        else:
            counted = select(func.count()).select_from(TaxLot).where(*where)
        total = await self.session.scalar(counted)
        valued = order in (OpenLotOrder.MARKET_VALUE, OpenLotOrder.UNREALIZED_GAIN)
        if valued and currency == USD:
            # the page chosen without valuing every open lot (ledger.scope.open_lot_order)
            ids = await valued_page(
                self.session,
                self.user_id,
                asset,
                gain=order is OpenLotOrder.UNREALIZED_GAIN,
                descending=descending,
                limit=limit,
                offset=offset,
                today=today,
            )
            rows = await self.session.execute(
                select(TaxLot, Transaction.public_id, close, TaxLot.remaining_cost_basis, today - acquired)
                .join(Transaction, Transaction.id == TaxLot.transaction_id)
                .where(TaxLot.id.in_(ids))
            )
            found = {row[0].id: OpenLot(*row) for row in rows}
            return [found[lot_id] for lot_id in ids], total or 0
        if valued:
            # a sort by value in another currency reads every open lot (each basis has its day's rate):
            # today's close looked up once per asset, materialized, or PostgreSQL would inline the lookup
            # back into every lot's row
            held = select(TaxLot.asset).where(*where).distinct().subquery()
            closes = (
                select(held.c.asset, close_on(held.c.asset, USD, today).label("close"))
                .cte("closes")
                .prefix_with("MATERIALIZED")
            )
            close, priced = closes.c.close, [closes, closes.c.asset == TaxLot.asset]
        price = close * usd_in(currency, today)
        basis = TaxLot.remaining_cost_basis * usd_in(currency, acquired)
        value = TaxLot.remaining * price
        key = {
            OpenLotOrder.ACQUIRED_AT: TaxLot.acquired_at,
            OpenLotOrder.ASSET: TaxLot.asset,
            OpenLotOrder.QUANTITY: TaxLot.remaining,
            OpenLotOrder.COST_BASIS: TaxLot.remaining_cost_basis,
            OpenLotOrder.MARKET_VALUE: value,
            OpenLotOrder.UNREALIZED_GAIN: value - basis,
        }[order]
        ordering = (key.desc().nulls_last() if descending else key.asc().nulls_last(), TaxLot.id)
        # the page's lots chosen on the lots alone; only those are read whole, with their transaction
        page = (
            (select(TaxLot.id).join(*priced) if priced else select(TaxLot.id))
            .where(*where)
            .order_by(*ordering)
            .offset(offset)
            .limit(limit)  # checked by the API's pagination rule
        )
        lots = select(TaxLot, Transaction.public_id, price, basis, today - acquired).join(
            Transaction, Transaction.id == TaxLot.transaction_id
        )
        rows = await self.session.execute(
            (lots.join(*priced) if priced else lots)
            .where(TaxLot.id.in_(page.correlate(None).scalar_subquery()))
            .order_by(*ordering)
        )
        return [OpenLot(*row) for row in rows], total or 0

    async def tax_summary(
        self, year: int, start_month: int, start_day: int, currency: str = USD
    ) -> TaxSummary:
        """Sums over the disposals and income of one tax year, and the transactions with callouts;
        in `currency` at the FX close of each disposal's or income's day (the tables hold USD)."""
        start, end = tax_year_bounds(year, start_month, start_day)
        days = self._converted(DisposalDayTotal, start, end, currency)
        taxable = days.c.type.not_in(NON_TAXABLE_DISPOSALS)

        def total(column: Any, *only: Any) -> Any:
            return func.coalesce(func.sum(column * days.c.rate).filter(taxable, *only), 0)

        gains = (
            await self.session.execute(
                select(
                    total(days.c.gain),
                    total(days.c.gain, days.c.term == "SHORT"),
                    total(days.c.gain, days.c.term == "LONG"),
                    total(days.c.proceeds),
                    total(days.c.cost_basis),
                )
            )
        ).one()
        income_days = self._converted(IncomeDayTotal, start, end, currency)
        income = await self.session.scalar(
            select(func.coalesce(func.sum(income_days.c.value * income_days.c.rate), 0))
        )
        return TaxSummary(
            start,
            end,
            *gains,
            taxable_income_total=income or Decimal(0),
            callouts=await callout_counts(self.session, self.user_id, start, end),
        )

    def _days(self, model: Any, start: datetime, end: datetime) -> list[Any]:
        """The user's day totals of [start, end), both UTC midnights (tax_year_bounds)."""
        return [model.user_id == self.user_id, model.day >= start.date(), model.day < end.date()]

    def _converted(self, model: Any, start: datetime, end: datetime, currency: str) -> Any:
        """The user's day totals of [start, end) with `rate`, the USD→`currency` close of their day:
        a day's sum times its rate is exactly the sum of its rows times it (numeric products are
        exact). Materialized, so each day's rate is looked up once, not once per column."""
        return (
            select(model, usd_in(currency, model.day).label("rate"))
            .where(*self._days(model, start, end))
            .cte()
            .prefix_with("MATERIALIZED")
        )

    async def disposals_by_type(
        self, start: datetime, end: datetime, currency: str = USD
    ) -> list[DisposalTotals]:
        """The year's disposals summed per disposing type (SELL, TRADE, GIFT_SENT, DONATION, LOST,
        STOLEN, FEE …), gifts and donations included, in `currency` at each disposal's day."""
        days = self._converted(DisposalDayTotal, start, end, currency)
        per_day = (
            select(
                days.c.type,
                func.max(days.c.transactions).label("transactions"),  # the same on each term's row
                func.sum(days.c.proceeds * days.c.rate).label("proceeds"),
                func.sum(days.c.cost_basis * days.c.rate).label("cost_basis"),
                func.sum(days.c.gain * days.c.rate).label("gain"),
            )
            .group_by(days.c.day, days.c.type)
            .subquery()
        )
        rows = await self.session.execute(
            select(
                per_day.c.type,
                cast(func.sum(per_day.c.transactions), BigInteger),
                func.sum(per_day.c.proceeds),
                func.sum(per_day.c.cost_basis),
                func.sum(per_day.c.gain),
            )
            .group_by(per_day.c.type)
            .order_by(per_day.c.type)
        )
        return [DisposalTotals(*row) for row in rows]

    async def income_by_type(self, start: datetime, end: datetime, currency: str = USD) -> list[IncomeTotals]:
        """The year's income summed per category (STAKING_REWARD, MINING_REWARD, AIRDROP …), in
        `currency` at each income's day."""
        days = self._converted(IncomeDayTotal, start, end, currency)
        rows = await self.session.execute(
            select(
                days.c.type, cast(func.sum(days.c.events), BigInteger), func.sum(days.c.value * days.c.rate)
            )
            .group_by(days.c.type)
            .order_by(days.c.type)
        )
        return [IncomeTotals(*row) for row in rows]

    async def transaction_count(self, start: datetime, end: datetime) -> int:
        """Transactions of [start, end) that count (not ignored), as of the last run."""
        return (
            await self.session.scalar(
                select(cast(func.sum(TransactionDayTotal.transactions), BigInteger)).where(
                    *self._days(TransactionDayTotal, start, end)
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
        disposed_on = disposed.disposed_at.date()
        period = (
            await self.session.execute(
                select(CostBasisMethodPeriod.method, CostBasisMethodPeriod.effective_until)
                .where(
                    CostBasisMethodPeriod.user_id == self.user_id,
                    CostBasisMethodPeriod.effective_from <= disposed_on,
                )
                .order_by(CostBasisMethodPeriod.effective_from.desc())
                .limit(1)
            )
        ).first()
        if period is None:  # before the first period the engine applies its method (TREATMENTS.md)
            first = select(CostBasisMethodPeriod.method, CostBasisMethodPeriod.effective_until)
            first = first.where(CostBasisMethodPeriod.user_id == self.user_id)
            period = (
                await self.session.execute(first.order_by(CostBasisMethodPeriod.effective_from).limit(1))
            ).first()
        # a period that has ended gives way to the default method
        method = (
            period.method
            if period and (period.effective_until is None or disposed_on < period.effective_until)
            else None
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
