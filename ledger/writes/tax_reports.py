"""What the tax report workflow reads and writes: whether the stored cost-basis results may make a report,
those results in the user's base currency, the flows a transactions report lists, and the report's row.

Results are stored in USD; each amount is converted here as the tax page converts it
(ledger.scope.cost_basis): an income's at the FX close of its day, a lot's basis at the day it was
acquired; a flow's value at its transaction's day. Disposals are read in USD only (the US forms'
currency): a Canadian or UK return is not a conversion of them, but the engine run again on the flows
in CAD or GBP (`flows_in`, analytics/reports/abroad.py says why). Amounts are rounded to the engine's
18 decimals, so the reports' sums are the tax page's to the cent.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Any

import adbc_driver_postgresql.dbapi as adbc
import polars as pl
from sqlalchemy import (
    BigInteger,
    Date,
    Numeric,
    Select,
    String,
    and_,
    any_,
    bindparam,
    cast,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Session

from contracts.tax_report import Readiness
from ledger.models import (
    Account,
    Asset,
    CostBasisStatus,
    DisposedLot,
    Flow,
    IncomeEvent,
    TaxLot,
    TaxReport,
    Transaction,
    User,
)
from ledger.models.cost_basis import RUNNING_STATES
from ledger.scope.portfolio import usd_in
from ledger.scope.transaction_search import parse
from ledger.writes.cost_basis import LEDGER_SETTINGS, flows_query
from ledger.writes.cost_basis_checkpoints import SHARED_CHANGES_KEPT
from ledger.writes.prices import IMPLIED_TABLE, store_implied_prices, utc_day_start
from ledger.writes.usd_values import USD
from vocabulary.enums import CostBasisState, JobStatus
from vocabulary.lot_engine import DISPOSAL_COLUMNS, INCOME_COLUMNS, LEDGER_COLUMNS, LOT_COLUMNS, SCALE

AMOUNT = pl.Decimal(38, SCALE)
INSTANT = pl.Datetime("us", "UTC")
# the engine's result tables' columns other than text
DISPOSAL_TYPES = {
    **dict.fromkeys(("quantity", "proceeds", "cost_basis", "gain", "denied_loss"), AMOUNT),
    "acquired_at": INSTANT,
    "disposed_at": INSTANT,
    "holding_days": pl.Int64,
}
INCOME_TYPES = {"value": AMOUNT, "quantity": AMOUNT, "received_at": INSTANT}
FLOW_TYPES: dict[str, Any] = {"timestamp": INSTANT, "is_fee": pl.Boolean}
LOT_TYPES = {
    **dict.fromkeys(("quantity", "remaining", "cost_basis", "remaining_cost_basis"), AMOUNT),
    "acquired_at": INSTANT,
}
RESULTS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "disposals": (DISPOSAL_COLUMNS, DISPOSAL_TYPES),
    "income": (INCOME_COLUMNS, INCOME_TYPES),
    "lots": (LOT_COLUMNS, LOT_TYPES),
}


@dataclass(frozen=True)
class Filer:
    """Who a report is for, as its forms and amounts need it."""

    email: str
    base_currency: str
    country: str | None
    tax_year_start: tuple[int, int]  # month, day


def filer(session: Session, user_id: int) -> Filer:
    user = session.get_one(User, user_id)
    return Filer(
        user.email, user.base_currency, user.country, (user.tax_year_start_month, user.tax_year_start_day)
    )


def cost_basis_readiness(session: Session, user_id: int) -> Readiness:
    """PENDING while a run is asked for or running (the stored results are then stale), FAILED when the
    last run failed, else READY."""
    status = session.get(CostBasisStatus, user_id, populate_existing=True)
    if status is None:
        return Readiness.READY
    if status.state in RUNNING_STATES or status.recomputation_date is not None:
        return Readiness.PENDING
    return Readiness.FAILED if status.state is CostBasisState.FAILED else Readiness.READY


def _converted(amount: Any, currency: str, at: Any) -> Any:
    if currency == "USD":  # stored in dollars, to the engine's 18 decimals: as it is
        return amount
    return func.round(cast(amount * usd_in(currency, cast(func.timezone("UTC", at), Date)), Numeric), SCALE)


def usd_rates(session: Session, currency: str, days: Sequence[date]) -> dict[date, Decimal | None]:
    """What `_converted` multiplies a dollar amount by on each of `days` to value it in `currency` (None:
    no rate that day), in the session's snapshot."""
    listed = select(func.unnest(cast(postgresql.array(days), ARRAY(Date))).label("day")).subquery()
    return {day: rate for day, rate in session.execute(select(listed.c.day, usd_in(currency, listed.c.day)))}


def _frame(rows: Sequence[Any], columns: Sequence[str], types: dict[str, Any]) -> pl.DataFrame:
    schema = {name: types.get(name, pl.String) for name in columns}
    return pl.DataFrame([tuple(row) for row in rows], schema=schema, orient="row")


def _loaded(
    session: Session,
    statement: Select[Any],
    columns: Sequence[str],
    types: dict[str, Any],
    first: Sequence[str] = (),
) -> pl.DataFrame:
    """A result table read as the cost-basis run reads the flows (ADBC: COPY in binary, straight into
    Arrow columns, not Python rows), in the session's snapshot (its REPEATABLE READ transaction, exported
    to ADBC's connection), so every table of one report is read as of one moment. `first`: statements
    run before it in that transaction, in that snapshot (the flows' implied prices, `_flows`); the
    transaction is READ ONLY unless there are some (they write a temporary table)."""
    snapshot = session.execute(select(func.pg_export_snapshot())).scalar_one()
    query = statement.compile(dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True})
    uri = session.get_bind().engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with adbc.connect(uri, autocommit=True) as connection, connection.cursor() as cursor:
        cursor.execute(f"BEGIN ISOLATION LEVEL REPEATABLE READ{'' if first else ' READ ONLY'}")
        cursor.execute(f"SET TRANSACTION SNAPSHOT '{snapshot}'")
        cursor.execute(LEDGER_SETTINGS)
        for prepared in first:
            cursor.execute(prepared)
        cursor.execute(str(query))
        read = cursor.fetch_arrow_table()
        cursor.execute("ROLLBACK")
    return pl.DataFrame(pl.from_arrow(read)).cast({name: types.get(name, pl.String) for name in columns})


def _columns(model: Any, columns: Sequence[str], types: dict[str, Any], given: dict[str, Any]) -> list[Any]:
    """A result table's engine columns: `given` ones as given, its text ids as the user knows them (the
    transaction's public id, the account's name), the others as stored; amounts as exact decimal text."""
    named = {"tx_id": cast(Transaction.public_id, String), "account": Account.name} | given
    selected = [named[name] if name in named else getattr(model, name) for name in columns]
    return [
        (cast(column, String) if types.get(name) == AMOUNT else column).label(name)
        for name, column in zip(columns, selected, strict=True)
    ]


def _result_of_transaction(result: Any) -> Any:
    """A result row's join to its transaction, by the user's too: the planner then reads only that
    user's transactions (as `flow_of_transaction` does for flows)."""
    return and_(Transaction.id == result.transaction_id, Transaction.user_id == result.user_id)


def stored_disposals(
    session: Session,
    user_id: int,
    start: datetime,
    end: datetime,
    columns: Sequence[str] = DISPOSAL_COLUMNS,
    *,
    in_order: bool = True,
) -> pl.DataFrame:
    """The disposal slices of [start, end), in the engine's columns (those of `columns`), money in USD
    as stored; in the order they were written unless not `in_order` (spared a sort in PostgreSQL)."""
    selected = _columns(DisposedLot, columns, DISPOSAL_TYPES, {})
    statement = (
        select(*selected)
        .join(Transaction, _result_of_transaction(DisposedLot))
        .join(Account, Account.id == DisposedLot.account_id)
        .where(
            DisposedLot.user_id == user_id, DisposedLot.disposed_at >= start, DisposedLot.disposed_at < end
        )
        .order_by(DisposedLot.id if in_order else None)
    )
    return _loaded(session, statement, columns, DISPOSAL_TYPES)


def stored_income(
    session: Session, user_id: int, start: datetime, end: datetime, currency: str
) -> pl.DataFrame:
    value = _converted(IncomeEvent.value, currency, IncomeEvent.received_at)
    selected = _columns(IncomeEvent, INCOME_COLUMNS, INCOME_TYPES, {"value": value})
    statement = (
        select(*selected)
        .join(Transaction, _result_of_transaction(IncomeEvent))
        .join(Account, Account.id == IncomeEvent.account_id)
        .where(
            IncomeEvent.user_id == user_id, IncomeEvent.received_at >= start, IncomeEvent.received_at < end
        )
        .order_by(IncomeEvent.id)
    )
    return _loaded(session, statement, INCOME_COLUMNS, INCOME_TYPES)


def stored_lots(session: Session, user_id: int, currency: str) -> pl.DataFrame:
    """The lots with something left, their basis in `currency` at the day each was acquired."""
    money = {
        name: _converted(getattr(TaxLot, name), currency, TaxLot.acquired_at)
        for name in ("cost_basis", "remaining_cost_basis")
    }
    selected = _columns(TaxLot, LOT_COLUMNS, LOT_TYPES, money)
    statement = (
        select(*selected)
        .join(Transaction, _result_of_transaction(TaxLot))
        .join(Account, Account.id == TaxLot.account_id)
        .where(TaxLot.user_id == user_id, TaxLot.remaining > 0)
        .order_by(TaxLot.id)
    )
    return _loaded(session, statement, LOT_COLUMNS, LOT_TYPES)


def named_lots(session: Session, user_id: int, lots: pl.DataFrame, currency: str) -> pl.DataFrame:
    """Lots the engine computed from the flows the cost-basis run reads (flows_query: transactions and
    accounts by id, crypto by asset id) named as the stored lots are (the transaction's public id, the
    account's name, the asset's symbol), their basis in `currency` at the day each was acquired, as
    `stored_lots` converts it."""
    ids = lots.get_column("tx_id").unique().cast(pl.Int64).to_list()
    public_ids = dict(
        session.execute(
            select(cast(Transaction.id, String), cast(Transaction.public_id, String)).where(
                Transaction.user_id == user_id,
                Transaction.id == any_(bindparam("ids", ids, type_=ARRAY(BigInteger))),
            )
        ).all()
    )
    accounts = dict(
        session.execute(
            select(cast(Account.id, String), Account.name).where(Account.user_id == user_id)
        ).all()
    )
    owned = or_(Asset.user_id.is_(None), Asset.user_id == user_id)
    symbols = dict(session.execute(select(cast(Asset.id, String), Asset.symbol).where(owned)).all())
    named = lots.with_columns(
        pl.col("tx_id").replace_strict(public_ids),
        pl.col("account").replace_strict(accounts, default=pl.col("account")),
        pl.col("asset").replace(symbols),
    )
    if currency == "USD" or named.is_empty():
        return named
    days = named.get_column("acquired_at").dt.date().unique().to_list()
    day = func.unnest(bindparam("days", days, type_=ARRAY(Date))).table_valued("day").render_derived()
    rates: dict[date, Decimal | None] = dict(
        session.execute(select(day.c.day, usd_in(currency, day.c.day))).all()
    )

    def converted(amount: Decimal, acquired: datetime) -> Decimal | None:
        rate = rates[acquired.date()]
        if rate is None:  # no FX close that day: as stored_lots, no amount
            return None
        with localcontext(prec=80):
            return (amount * rate).quantize(Decimal(1).scaleb(-SCALE), ROUND_HALF_UP)

    return named.with_columns(
        pl.Series(
            name,
            [converted(*pair) for pair in zip(named[name], named["acquired_at"], strict=True)],
            dtype=AMOUNT,
        )
        for name in ("cost_basis", "remaining_cost_basis")
    )


def _flows(user_id: int, within: tuple[datetime, datetime] | None = None) -> tuple[Select[Any], list[str]]:
    """The cost-basis run's flows query as its load reads it (LedgerRead.batches): on the user's implied
    prices stored first (the statements, for `_loaded`'s `first`) in a temporary table with statistics,
    not computed inline, which the planner would take for one row and loop over for every flow. Not
    ordered: each report orders the flows its own way, in one sort. `within`: the transactions of
    [start, end) (the implied prices of their UTC days)."""
    if within is None:
        return flows_query(user_id, IMPLIED_TABLE).order_by(None), store_implied_prices(user_id)
    start, end = within
    days = (utc_day_start(start), utc_day_start(end) + timedelta(days=1))
    return flows_query(user_id, IMPLIED_TABLE, within).order_by(None), store_implied_prices(user_id, *days)


def flows_in(session: Session, user_id: int, currency: str) -> pl.DataFrame:
    """The flows the cost-basis run reads (flows_query: its ids, types and order), each value converted
    from USD into `currency` at the FX close of the flow's UTC day, for an engine run in that currency
    (a Canadian or UK return, whose law pools costs in CAD or GBP at each acquisition's day)."""
    query, implied = _flows(user_id)
    found = query.add_columns(Flow.id.label("flow_order")).subquery()
    value = _converted(cast(found.c.value, Numeric), currency, found.c.timestamp)
    statement = select(
        *(cast(value, String).label(name) if name == "value" else found.c[name] for name in LEDGER_COLUMNS)
    ).order_by(found.c.tx_id.collate("C"), found.c.flow_order)
    return _loaded(session, statement, LEDGER_COLUMNS, FLOW_TYPES, implied)


def no_results(table: str) -> pl.DataFrame:
    """An empty result table ("disposals", "income", "lots"), for a report that does not read it."""
    columns, types = RESULTS[table]
    return _frame([], columns, types)


@dataclass(frozen=True)
class ReadFlows:
    """Flows runs read (the flows query's rows), from their snapshots' ledger files
    (activities.cost_basis_snapshot), which stand for the user's flows before `valid_before` (None: all
    of them; `kept_flows` says which runs, and for when); values in `currency` (a run's are in dollars,
    converted as `_converted` converts them)."""

    flows: pl.LazyFrame
    valid_before: datetime | None
    currency: str = USD


@dataclass(frozen=True)
class KeptFlows:
    """A run whose ledger file stands for the user's flows from `read_from` (None: from the first) and
    before `valid_before` (None: all after)."""

    run_id: uuid.UUID
    read_from: datetime | None
    valid_before: datetime | None


def kept_flows(session: Session, user_id: int) -> list[KeptFlows]:
    """The runs whose flows stand for the user's (KeptLedger), one after the other from the first flow
    (a full run's, then those of runs that continued from a checkpoint), as the session's snapshot sees
    the stored results and the changes logged (ledger.writes.cost_basis_checkpoints): each run's from the
    instant it read them from, to the instant a later run read them from anew, and before the earliest
    change its read did not see. They end where one is missing: none when no full run's stand, and none
    of a run that read them longer than SHARED_CHANGES_KEPT ago (shared changes, such as prices, are
    logged that long)."""
    standing: list[KeptFlows] = []
    for row in session.execute(_KEPT, {"user_id": user_id, "retention": SHARED_CHANGES_KEPT}):
        reached = standing[-1].valid_before if standing else None
        follows = row.read_from is None if not standing else row.read_from == reached
        empty = None not in (row.read_from, row.valid_before) and row.valid_before <= row.read_from
        if not row.fresh or row.none_stand or not follows or empty:
            break
        standing.append(KeptFlows(row.run_id, _utc(row.read_from), _utc(row.valid_before)))
        if row.valid_before is None:
            break
    return standing


def _utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.astimezone(UTC)


# a change since -infinity (to the whole ledger) leaves none standing
_KEPT = text(
    "SELECT run_id, read_from, kept_at > now() - :retention AS fresh,"
    " CASE WHEN isfinite(bound) THEN bound END AS valid_before, NOT isfinite(bound) AS none_stand"
    " FROM (SELECT kept.run_id, kept.read_from, kept.kept_at,"
    "  least(kept.valid_before, changed.since) AS bound"
    "  FROM kept_ledgers AS kept, LATERAL (SELECT min(since) AS since FROM cost_basis_changes"
    "   WHERE (user_id = kept.user_id OR user_id IS NULL)"
    "   AND xid >= pg_snapshot_xmin(kept.read_snapshot::pg_snapshot)::text::bigint"
    "   AND NOT pg_visible_in_snapshot(xid::text::xid8, kept.read_snapshot::pg_snapshot)) AS changed"
    "  WHERE kept.user_id = :user_id) AS found"
    " ORDER BY read_from NULLS FIRST"
)


def listed_flows(
    session: Session,
    user_id: int,
    query: str | None,
    tax_year_start: tuple[int, int],
    currency: str,
    within: tuple[datetime, datetime] | None = None,
    read: ReadFlows | None = None,
) -> pl.DataFrame:
    """The flows of the transactions the page's `query` finds (of [start, end) when `within` is given), as
    the cost-basis run reads them (the ledger's types, which EngineLedger turns into the engine's), named
    as the user sees them: the transaction's public id, the account's name, the asset's symbol, values in
    `currency`.

    Those runs `read` (for a period, in `currency`) are named here; the others are valued in SQL. A
    flow's value reads only its own transaction and its day's prices, so the flows of a period are valued
    as in the whole ledger."""
    if read is None:
        parts = [_valued(session, user_id, query, tax_year_start, currency, within)]
    elif read.currency != currency or within is None:
        raise ValueError(
            f"runs' flows are listed for a period, in the currency they are in ({read.currency})"
        )
    else:
        start, end = within
        split = end if read.valid_before is None else max(start, min(end, read.valid_before))
        parts = [_named(session, user_id, read.flows, query, tax_year_start, (start, split))]
        if split < end:
            parts.append(_valued(session, user_id, query, tax_year_start, currency, (split, end)))
    # ordered here, in Polars' threads: PostgreSQL's sort of a large ledger's flows takes seconds
    return pl.concat(parts).sort("timestamp", *_LISTED_ORDER).select(LEDGER_COLUMNS)


_LISTED_ORDER = ("tx_order", "flow_order")  # a flow's transaction's id (text), then its place in it
_LISTED_TYPES = FLOW_TYPES | {"flow_order": pl.Int64}


def _valued(
    session: Session,
    user_id: int,
    query: str | None,
    tax_year_start: tuple[int, int],
    currency: str,
    within: tuple[datetime, datetime] | None,
) -> pl.DataFrame:
    """`listed_flows` (of [start, end) when `within` is given), valued in SQL."""
    found, implied = _flows(user_id, within)
    if query:
        found = found.where(*parse(query, tax_year_start).conditions())
    flows = found.add_columns(
        Transaction.public_id.label("public_id"), Flow.id.label("flow_order")
    ).subquery()
    value = _converted(cast(flows.c.value, Numeric), currency, flows.c.timestamp)
    columns = {
        "tx_id": cast(flows.c.public_id, String),
        "account": Account.name,
        "asset": func.coalesce(Asset.symbol, flows.c.asset),
        "value": cast(value, String),
    }
    selected: list[Any] = [columns.get(name, flows.c[name]).label(name) for name in LEDGER_COLUMNS]
    statement = (
        select(*selected, flows.c.tx_id.label("tx_order"), flows.c.flow_order)
        .select_from(flows)
        .outerjoin(Account, Account.id == cast(flows.c.account, Account.id.type))
        .outerjoin(Asset, Asset.id == flows.c.asset)
    )
    return _loaded(session, statement, (*LEDGER_COLUMNS, *_LISTED_ORDER), _LISTED_TYPES, implied)


def _named(
    session: Session,
    user_id: int,
    read: pl.LazyFrame,
    query: str | None,
    tax_year_start: tuple[int, int],
    within: tuple[datetime, datetime],
) -> pl.DataFrame:
    """`listed_flows` of [start, end) from the flows a run read (in the order it read them: by
    transaction, then flow), named as `_valued` names them: the transactions the query finds, with their
    public ids, read in the session's snapshot."""
    start, end = within
    ids: list[Any] = [
        cast(Transaction.id, String).label("tx_order"),
        cast(Transaction.public_id, String).label("public_id"),
    ]
    found = select(*ids).where(
        Transaction.user_id == user_id, Transaction.timestamp >= start, Transaction.timestamp < end
    )
    if query:
        found = found.where(*parse(query, tax_year_start).conditions())
    transactions = _loaded(session, found, ("tx_order", "public_id"), {})
    named = select(cast(Account.id, String), Account.name).where(Account.user_id == user_id)
    accounts = {account: name for account, name in session.execute(named)}
    owned = or_(Asset.user_id.is_(None), Asset.user_id == user_id)
    symbols = {
        asset: symbol
        for asset, symbol in session.execute(
            select(Asset.id, Asset.symbol).where(owned, Asset.symbol.is_not(None))
        )
    }
    return (
        read.filter(pl.col("timestamp").is_between(start, end, "left"))
        .with_columns(flow_order=pl.int_range(pl.len(), dtype=pl.Int64))  # the read's order: by flow
        .join(transactions.lazy(), left_on="tx_id", right_on="tx_order", how="inner")
        .select(
            pl.col("public_id").alias("tx_id"),
            pl.col("tx_id").alias("tx_order"),
            pl.col("account").replace_strict(accounts, default=None, return_dtype=pl.String),
            pl.col("asset").replace(symbols),
            pl.exclude("public_id", "tx_id", "account", "asset"),
        )
        .select(*LEDGER_COLUMNS, *_LISTED_ORDER)
        .collect()
        .cast({name: _LISTED_TYPES.get(name, pl.String) for name in (*LEDGER_COLUMNS, *_LISTED_ORDER)})
    )


# The report's row


def report(session: Session, report_id: int) -> TaxReport:
    return session.get_one(TaxReport, report_id, populate_existing=True)


def mark_report(session: Session, report_id: int, status: JobStatus) -> None:
    session.execute(update(TaxReport).where(TaxReport.id == report_id).values(status=status))


def finish_report(session: Session, report_id: int, key: str, result: dict[str, Any] | None) -> None:
    session.execute(
        update(TaxReport)
        .where(TaxReport.id == report_id)
        .values(status=JobStatus.FINISHED, s3_key=key, result=result, finished_at=datetime.now(UTC))
    )


def fail_report(session: Session, report_id: int, error: str, cost_basis_failed: bool) -> None:
    session.execute(
        update(TaxReport)
        .where(TaxReport.id == report_id)
        .values(
            status=JobStatus.FAILED,
            error_message=error,
            cost_basis_failed=cost_basis_failed,
            finished_at=datetime.now(UTC),
        )
    )
