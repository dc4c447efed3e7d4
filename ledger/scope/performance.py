"""One user's performance over a period (spec 001 §2 /performance): net deposits, realized gains and
income of the period, per day and per asset, in the base currency. The value over time and the
holdings (value, unrealized gain) are the portfolio home's own reads (ledger/scope/portfolio.py).

**Net deposits** are what crossed the portfolio's edge without being a trade or income: fiat deposited
less fiat withdrawn, plus crypto received less crypto sent, each at its value on its day — the user's
override, else the value the source stated (in USD, or converted at that day's FX close), else the
quantity at that day's close. The types are FIAT_DEPOSIT, DEPOSIT, RECEIVE and GIFT_RECEIVED in, and
FIAT_WITHDRAWAL, WITHDRAWAL, SEND, GIFT_SENT and DONATION out; a send or receive linked as a transfer
between the user's own accounts moves nothing in or out and is left out, as are fees (a cost, already in
the value) and ignored or spam transactions. So value change = net deposits + profit, where profit holds
realized and unrealized gains, income, fees and what has no price.

Everything is summed in SQL, per day and asset first, and each such group is priced and converted once
(not each row): the rows that leave the database are one per asset and day moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, and_, case, cast, func, literal, or_, select, text, union
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Asset, DisposedLot, Flow, IncomeEvent, Transaction, TransactionLink
from ledger.models.spam import not_spam
from ledger.models.transactions import flow_of_transaction
from ledger.scope.cost_basis import NON_TAXABLE_DISPOSALS
from ledger.scope.portfolio import USD, close_on, usd_in, usd_price
from vocabulary.enums import FlowDirection, TransactionLinkType
from vocabulary.enums import TransactionType as Type

DEPOSIT_TYPES = (Type.FIAT_DEPOSIT, Type.DEPOSIT, Type.RECEIVE, Type.GIFT_RECEIVED)
WITHDRAWAL_TYPES = (Type.FIAT_WITHDRAWAL, Type.WITHDRAWAL, Type.SEND, Type.GIFT_SENT, Type.DONATION)
OWN_ACCOUNT_LINKS = (TransactionLinkType.TRANSFER, TransactionLinkType.BRIDGE)
# written out as the partial index ix_transactions_edge declares it, so PostgreSQL matches the two
CROSSES_THE_EDGE = text(
    "transactions.type IN ({})".format(
        ", ".join(f"'{kind.value}'" for kind in DEPOSIT_TYPES + WITHDRAWAL_TYPES)
    )
)


@dataclass(frozen=True, slots=True)
class Moved:
    """Net deposits of one asset on one day, in the base currency."""

    day: date
    symbol: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class AssetResult:
    """A sum of the last cost-basis run's rows for one asset (by the symbol the run names it by)."""

    symbol: str
    amount: Decimal


def period_bounds(start: date, end: date) -> tuple[datetime, datetime]:
    """The instants of a period whose opening value is `start`'s close and closing value `end`'s:
    from the end of `start` (exclusive of it) to the end of `end`."""
    return (
        datetime.combine(start + timedelta(days=1), time(), UTC),
        datetime.combine(end + timedelta(days=1), time(), UTC),
    )


class PerformanceScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    def _own_transfers(self) -> Any:
        """Transactions that are a leg of a transfer or bridge between the user's own accounts."""
        link = TransactionLink
        mine = and_(link.user_id == self.user_id, link.link_type.in_(OWN_ACCOUNT_LINKS))
        return union(
            select(link.from_transaction_id.label("transaction_id")).where(mine),
            select(link.to_transaction_id.label("transaction_id")).where(mine),
        ).subquery()

    async def net_deposits(self, currency: str, start: date, end: date) -> list[Moved]:
        """Net deposits per day and asset in the period after `start`'s close up to `end`'s."""
        since, until = period_bounds(start, end)
        day_of = cast(func.timezone("UTC", Transaction.timestamp), Date)
        sign = case((Flow.direction == FlowDirection.INFLOW, 1), else_=-1)
        stated_usd = case((Flow.value_currency == USD, Flow.value))
        transfers = self._own_transfers()
        groups = (
            select(
                day_of.label("day"),
                Flow.asset_id,
                Flow.value_currency,
                func.sum(sign * func.coalesce(Flow.value_override, stated_usd)).label("usd"),
                func.sum(
                    case(
                        (
                            and_(Flow.value_override.is_(None), Flow.value_currency != USD),
                            sign * Flow.value,
                        )
                    )
                ).label("stated"),
                func.sum(
                    case((and_(Flow.value_override.is_(None), Flow.value.is_(None)), sign * Flow.quantity))
                ).label("unvalued"),
            )
            .join(Transaction, flow_of_transaction())
            .join(Asset, Asset.id == Flow.asset_id)
            .outerjoin(transfers, transfers.c.transaction_id == Transaction.id)
            .where(
                Transaction.user_id == self.user_id,
                Transaction.timestamp >= since,
                Transaction.timestamp < until,
                Transaction.is_ignored.is_(False),
                CROSSES_THE_EDGE,
                or_(
                    and_(Transaction.type.in_(DEPOSIT_TYPES), Flow.direction == FlowDirection.INFLOW),
                    and_(Transaction.type.in_(WITHDRAWAL_TYPES), Flow.direction == FlowDirection.OUTFLOW),
                ),
                Flow.is_fee.is_(False),
                transfers.c.transaction_id.is_(None),
                not_spam(self.user_id),
            )
            .group_by(day_of, Flow.asset_id, Flow.value_currency)
            .subquery()
        )
        zero = literal(Decimal(0))
        rate = usd_in_of(groups.c.value_currency, groups.c.day)
        in_usd = (
            func.coalesce(groups.c.usd, zero)
            + func.coalesce(groups.c.stated / func.nullif(rate, 0), zero)
            + func.coalesce(groups.c.unvalued * usd_price(Asset, groups.c.day), zero)
        )
        rows = await self.session.execute(
            select(groups.c.day, Asset.symbol, func.sum(in_usd * usd_in(currency, groups.c.day)))
            .join(Asset, Asset.id == groups.c.asset_id)
            .group_by(groups.c.day, Asset.symbol)
            .order_by(groups.c.day, Asset.symbol)
        )
        return [Moved(day, symbol, amount) for day, symbol, amount in rows]

    async def realized_gains(self, currency: str, start: date, end: date) -> list[AssetResult]:
        """Gains of the disposals in the period per asset, gifts sent and donations left out (as the
        tax page counts them), each day's converted at its FX close."""
        since, until = period_bounds(start, end)
        return await self._per_asset(
            DisposedLot.asset,
            DisposedLot.gain,
            DisposedLot.disposed_at,
            DisposedLot.user_id == self.user_id,
            DisposedLot.disposed_at >= since,
            DisposedLot.disposed_at < until,
            DisposedLot.type.not_in(NON_TAXABLE_DISPOSALS),
            currency=currency,
        )

    async def income(self, currency: str, start: date, end: date) -> list[AssetResult]:
        """Income received in the period per asset, at its value when received."""
        since, until = period_bounds(start, end)
        return await self._per_asset(
            IncomeEvent.asset,
            IncomeEvent.value,
            IncomeEvent.received_at,
            IncomeEvent.user_id == self.user_id,
            IncomeEvent.received_at >= since,
            IncomeEvent.received_at < until,
            currency=currency,
        )

    async def _per_asset(
        self, asset: Any, amount: Any, at: Any, *where: Any, currency: str
    ) -> list[AssetResult]:
        day_of = cast(func.timezone("UTC", at), Date)
        daily = (
            select(asset.label("asset"), day_of.label("day"), func.sum(amount).label("usd"))
            .where(*where)
            .group_by(asset, day_of)
            .subquery()
        )
        rows = await self.session.execute(
            select(daily.c.asset, func.sum(daily.c.usd * usd_in(currency, daily.c.day)))
            .group_by(daily.c.asset)
            .order_by(daily.c.asset)
        )
        return [AssetResult(symbol, total) for symbol, total in rows]


def usd_in_of(code: Any, day: Any) -> Any:
    """`usd_in` for a currency named by a column: units of it one USD buys on `day` (1 for USD)."""
    return case(
        (code == USD, literal(Decimal(1))),
        else_=func.coalesce(1 / func.nullif(close_on(code, USD, day), 0), close_on(USD, code, day)),
    )
