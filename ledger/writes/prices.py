"""Prices as the product uses them: what the daily price fetch stores (provider closes over the bundled
table's, market data) and asks for (the days each priced asset lacks), and how a flow's fiat value is
found, with its source (vocabulary.price_sources), the same way for the cost-basis run and for the
transaction page.

A flow's value, in USD, is the first of:
1. USER: the user's override of its cost basis or proceeds (or the zero basis their taxability
   settings give an untaxed reward);
2. TRADE: the value the transaction states (converted at its day's FX close), or, for US dollars,
   their amount; else its quantity at the price the user's own fiat trades of that asset imply that
   UTC day (their fiat legs over their crypto quantity, all such trades of the day together);
3. PROVIDER / TABLE: its quantity at the price table's close of that day (for other money, the FX
   close), a provider's or the bundled one (a day keeps one close: a provider's replaces the bundled
   one, never the reverse);
else none, which the engine reports as MISSING_PRICE_HISTORY, never a zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    Date,
    Select,
    String,
    and_,
    case,
    cast,
    column,
    func,
    literal,
    null,
    select,
    table,
)
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session, aliased

from ledger.models import Asset, Flow, MarketData, Price, Transaction
from ledger.models.transactions import flow_of_transaction
from ledger.reference.seed import PriceRow, seed_prices
from ledger.writes.taxability import zero_basis
from ledger.writes.usd_values import USD, close_match, in_usd, stated_in_usd
from vocabulary.enums import CurrencyType
from vocabulary.enums import TransactionType as Type
from vocabulary.price_sources import BUNDLED_PRICE_SOURCE, ValueSource

# two-sided types whose fiat leg prices their crypto leg
FIAT_TRADE_TYPES = (Type.BUY, Type.SELL, Type.TRADE)
# how far back the fetch fills an asset the table has no close of
MAX_BACKFILL_DAYS = 3650


def utc_day(timestamp: Any) -> Any:
    return cast(func.timezone("UTC", timestamp), Date)


# What the price fetch stores and asks for


def store_closes(session: Session, closes: Iterable[PriceRow]) -> int:
    """A provider's daily closes into the price table, over the bundled ones (ledger.reference.seed)."""
    return seed_prices(session, closes)


@dataclass(frozen=True, slots=True)
class MarketRow:
    symbol: str
    price: Decimal
    market_cap: Decimal | None
    volume_24h: Decimal | None
    change_24h: Decimal | None
    updated_at: datetime
    source: str


def store_market_data(session: Session, rows: Sequence[MarketRow]) -> int:
    """Each coin's latest market data, replacing what was stored of it."""
    if not rows:
        return 0
    values = [
        {
            "symbol": row.symbol,
            "price": row.price,
            "market_cap": row.market_cap,
            "volume_24h": row.volume_24h,
            "change_24h": row.change_24h,
            "updated_at": row.updated_at,
            "source": row.source,
        }
        for row in rows
    ]
    statement = insert(MarketData).values(values)
    session.execute(
        statement.on_conflict_do_update(
            index_elements=["symbol"],
            set_={column: statement.excluded[column] for column in values[0] if column != "symbol"},
        )
    )
    return len(rows)


@dataclass(frozen=True, slots=True)
class Wanted:
    """Closes of `symbol` in `quote` the table lacks, from `start` to the fetch's last day."""

    symbol: str
    quote: str
    start: date
    is_fiat: bool


def wanted_closes(session: Session, last_day: date) -> list[Wanted]:
    """What the fetch asks for, up to `last_day`: every shared crypto asset a user holds or moved or the
    table prices, from the day after its last close (else its first flow's day, at most
    MAX_BACKFILL_DAYS back); and every FX pair the table keeps, from the day after its last close."""
    last_close = (
        select(Price.symbol, Price.quote, func.max(Price.date).label("day"))
        .group_by(Price.symbol, Price.quote)
        .subquery()
    )
    held = select(Flow.asset_id).where(Flow.asset_id == Asset.id).exists()
    crypto = session.execute(
        select(Asset.id, Asset.symbol, last_close.c.day)
        .outerjoin(last_close, and_(last_close.c.symbol == Asset.symbol, last_close.c.quote == USD))
        .where(
            Asset.user_id.is_(None),
            Asset.type == CurrencyType.CRYPTO_CURRENCY,
            held | last_close.c.day.is_not(None),
        )
        .order_by(Asset.rank.asc().nulls_last(), Asset.symbol)
    ).all()
    earliest = MAX_BACKFILL_DAYS
    wanted: dict[tuple[str, str], Wanted] = {}
    for asset_id, symbol, day in crypto:
        if day is None:
            first = session.scalar(
                select(func.min(Transaction.timestamp))
                .join(Flow, Flow.transaction_id == Transaction.id)
                .where(Flow.asset_id == asset_id)
            )
            start = max(first.date(), last_day - timedelta(days=earliest)) if first else last_day
        else:
            start = day + timedelta(days=1)
        if start <= last_day and (symbol, USD) not in wanted:
            wanted[(symbol, USD)] = Wanted(symbol, USD, start, is_fiat=False)
    fiat = select(Asset.symbol).where(Asset.user_id.is_(None), Asset.type == CurrencyType.FIAT)
    pairs = session.execute(
        select(last_close.c.symbol, last_close.c.quote, last_close.c.day).where(
            last_close.c.symbol.in_(fiat) | (last_close.c.symbol == USD)
        )
    ).all()
    for symbol, quote, day in pairs:
        if day < last_day:
            wanted[(symbol, quote)] = Wanted(symbol, quote, day + timedelta(days=1), is_fiat=True)
    return list(wanted.values())


# How a flow is valued


def implied_prices(user_id: int, within: tuple[datetime, datetime] | None = None) -> Any:
    """(asset_id, day, price): the USD price of an asset the user's fiat trades imply on a UTC day. A
    trade counts when its non-fee legs are crypto of one asset going one way and money of one currency
    going the other, its money in USD (its amount, or at its day's FX close, taken once per day and
    currency for the day's trades together).
    `within` bounds the trades' times (the one day a page shows)."""
    fiat = Asset.type == CurrencyType.FIAT
    conditions = [
        Transaction.user_id == user_id,
        Transaction.is_ignored.is_(False),
        Transaction.type.in_(FIAT_TRADE_TYPES),
        Flow.is_fee.is_(False),
    ]
    if within is not None:
        conditions += [Transaction.timestamp >= within[0], Transaction.timestamp < within[1]]
    legs = (
        select(
            Transaction.id.label("tx"),
            Transaction.timestamp,
            fiat.label("fiat"),
            case((fiat, Asset.symbol), else_=Flow.asset_id).label("asset"),  # money by its currency
            Flow.quantity,
            cast(Flow.direction, String).label("direction"),
        )
        .join(Flow, flow_of_transaction())
        .join(Asset, Asset.id == Flow.asset_id)
        .where(*conditions)
        .subquery()
    )
    crypto, money = legs.c.fiat.is_(False), legs.c.fiat.is_(True)

    def one(column: Any, side: Any) -> Any:  # min = max: a single value, without a distinct count's sort
        return func.min(column).filter(side) == func.max(column).filter(side)

    trades = (
        select(
            utc_day(func.min(legs.c.timestamp)).label("day"),
            func.min(legs.c.asset).filter(crypto).label("asset_id"),
            func.sum(legs.c.quantity).filter(crypto).label("quantity"),
            func.min(legs.c.asset).filter(money).label("currency"),
            func.sum(legs.c.quantity).filter(money).label("amount"),
        )
        .group_by(legs.c.tx)
        .having(
            one(legs.c.asset, crypto),
            one(legs.c.asset, money),
            one(legs.c.direction, crypto),
            one(legs.c.direction, money),
            func.min(legs.c.direction).filter(crypto) != func.min(legs.c.direction).filter(money),
        )
        .subquery()
    )
    # a day's trades of an asset in one currency together: one FX close for all of them
    by_currency = (
        select(
            trades.c.asset_id,
            trades.c.day,
            trades.c.currency,
            func.sum(trades.c.quantity).label("quantity"),
            func.sum(trades.c.amount).label("amount"),
        )
        .group_by(trades.c.asset_id, trades.c.day, trades.c.currency)
        .subquery()
    )
    fx_close, fx_inverse = aliased(Price), aliased(Price)
    usd = case(
        (by_currency.c.currency == USD, by_currency.c.amount),
        else_=in_usd(by_currency.c.amount, fx_close, fx_inverse),
    )
    priced = (
        select(by_currency.c.asset_id, by_currency.c.day, by_currency.c.quantity, usd.label("usd"))
        .outerjoin(fx_close, close_match(fx_close, by_currency.c.currency, USD, by_currency.c.day))
        .outerjoin(fx_inverse, close_match(fx_inverse, USD, by_currency.c.currency, by_currency.c.day))
        .subquery()
    )
    return (
        select(
            priced.c.asset_id,
            priced.c.day,
            (func.sum(priced.c.usd) / func.sum(priced.c.quantity)).label("price"),
        )
        .where(priced.c.usd.is_not(None))
        .group_by(priced.c.asset_id, priced.c.day)
        .subquery()
    )


# The run's load stores the implied prices first and analyses them: joined inline, the planner takes
# the aggregate for one row and loops over it for every flow (minutes at a million flows).
IMPLIED_TABLE = table("cairn_implied_prices", column("asset_id"), column("day"), column("price"))


def store_implied_prices(
    user_id: int, since: datetime | None = None, until: datetime | None = None
) -> list[str]:
    """The statements that put the user's implied prices (of the days from `since`, a day's start, on,
    and before `until`, a day's start) in IMPLIED_TABLE, a temporary table dropped at the end of the
    transaction, with statistics for the planner.

    Its trades are grouped per transaction in the order the join reads them, never hashed: the planner
    expects one group where a million-trade ledger has a million, and the hash then spills to disk (8.0
    against 5.3 s for a million trades; 1.1 against 0.9 s for a checkpoint's last three months)."""
    within = None
    if since is not None or until is not None:
        within = (since or datetime.min.replace(tzinfo=UTC), until or datetime.max.replace(tzinfo=UTC))
    query = implied_prices(user_id, within).element.compile(
        dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}
    )
    return [
        "SET LOCAL enable_hashagg = off",
        f"CREATE TEMPORARY TABLE {IMPLIED_TABLE.name} ON COMMIT DROP AS {query}",
        "RESET enable_hashagg",
        f"ANALYZE {IMPLIED_TABLE.name}",
    ]


class FlowValuation:
    """A flow's USD value and its source, as SQL over a query that selects from Flow joined to its
    Transaction and Asset; `joined` adds the joins they read."""

    def __init__(
        self, user_id: int, within: tuple[datetime, datetime] | None = None, implied: Any = None
    ) -> None:
        """`implied`: the user's implied prices already stored (IMPLIED_TABLE), else computed inline."""
        self._day = utc_day(Transaction.timestamp)
        self._implied = implied_prices(user_id, within) if implied is None else implied
        self._asset_close, self._asset_inverse = aliased(Price), aliased(Price)
        self._fx_close, self._fx_inverse = aliased(Price), aliased(Price)
        fiat = Asset.type == CurrencyType.FIAT
        money = and_(fiat, Asset.symbol == USD)
        stated = stated_in_usd(self._fx_close, self._fx_inverse)
        listed = in_usd(Flow.quantity, self._asset_close, self._asset_inverse)
        implied = self._implied.c.price
        zero = zero_basis(user_id)
        market = case((money, Flow.quantity), (implied.is_not(None), Flow.quantity * implied), else_=listed)
        self.value: Any = case((zero, literal(0)), else_=func.coalesce(Flow.value_override, stated, market))
        listed_source = func.coalesce(self._asset_close.source, self._asset_inverse.source)
        self.source: Any = case(
            (zero, ValueSource.USER.value),
            (Flow.value_override.is_not(None), ValueSource.USER.value),
            (stated.is_not(None), ValueSource.TRADE.value),
            (money, ValueSource.TRADE.value),
            (implied.is_not(None), ValueSource.TRADE.value),
            (listed.is_(None), null()),
            (listed_source == BUNDLED_PRICE_SOURCE, ValueSource.TABLE.value),
            else_=ValueSource.PROVIDER.value,
        )

    def joined(self, query: Select[Any]) -> Select[Any]:
        day, shared = self._day, Asset.user_id.is_(None)
        fiat = Asset.type == CurrencyType.FIAT
        implied = self._implied
        return (
            query.outerjoin(
                implied,
                and_(~fiat, implied.c.asset_id == Flow.asset_id, implied.c.day == day),
            )
            .outerjoin(
                self._asset_close, and_(shared, close_match(self._asset_close, Asset.symbol, USD, day))
            )
            .outerjoin(
                self._asset_inverse,
                and_(shared, fiat, close_match(self._asset_inverse, USD, Asset.symbol, day)),
            )
            .outerjoin(self._fx_close, close_match(self._fx_close, Flow.value_currency, USD, day))
            .outerjoin(self._fx_inverse, close_match(self._fx_inverse, USD, Flow.value_currency, day))
        )


def utc_day_start(moment: datetime) -> datetime:
    """The start of the UTC day of `moment`: where a day's implied price begins."""
    return datetime.combine(moment.astimezone(UTC).date(), datetime.min.time(), UTC)


def flow_values(user_id: int, transaction_id: int, timestamp: datetime) -> Select[Any]:
    """(flow id, USD value, source) of each flow of one transaction of the user's, as a run values them
    with today's prices."""
    start = utc_day_start(timestamp)
    valuation = FlowValuation(user_id, (start, start + timedelta(days=1)))
    query = (
        select(Flow.id, valuation.value.label("value"), valuation.source.label("source"))
        .join(Transaction, Transaction.id == Flow.transaction_id)
        .join(Asset, Asset.id == Flow.asset_id)
    )
    return (
        valuation.joined(query)
        .where(Transaction.user_id == user_id, Transaction.id == transaction_id)
        .order_by(Flow.id)
    )
