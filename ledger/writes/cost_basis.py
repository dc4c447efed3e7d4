"""What a cost-basis run reads and writes: the user's status row through its states, the user's flows
as the lot engine reads them (Arrow batches, streamed by PostgreSQL's COPY through ADBC), and the
stored results, replaced batch by batch by COPY in one transaction.

Status: a request marks the row Enqueued (or, while a run is Started or the user paused their runs,
only records the request in `recomputation_date`); a pass is Scheduled (not while paused), then claims
the row (Started, request cleared), then either finishes (results stored; Enqueued again if a request
came in meanwhile, else no state) or fails (Failed, with the error).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import adbc_driver_postgresql.dbapi as adbc
import polars as pl
from sqlalchemy import (
    BigInteger,
    Numeric,
    Select,
    String,
    and_,
    case,
    cast,
    delete,
    func,
    literal,
    null,
    or_,
    select,
    text,
    union_all,
    update,
)
from sqlalchemy import column as sql_column
from sqlalchemy import table as sql_table
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session, aliased, sessionmaker

from ledger.models import (
    Asset,
    CostBasisCheckpoint,
    CostBasisMethodPeriod,
    CostBasisStatus,
    DisposedLot,
    Flow,
    IncomeEvent,
    KeptLedger,
    TaxLot,
    Transaction,
    TransactionLink,
    User,
)
from ledger.models.spam import not_spam
from ledger.models.transactions import flow_of_transaction
from ledger.writes.callouts import store_ledger_callouts, store_result_callouts
from ledger.writes.copy import copy_text
from ledger.writes.copy_format import copy_fields, copy_lines
from ledger.writes.cost_basis_checkpoints import keep_touched
from ledger.writes.day_totals import store_ledger_day_totals, store_result_day_totals
from ledger.writes.freezing import pinned_run_ids
from ledger.writes.prices import IMPLIED_TABLE, FlowValuation, store_implied_prices, utc_day_start
from ledger.writes.taxability import carried, left_in_lending, untaxed_reward, zero_basis
from vocabulary.enums import (
    CostBasisMethod,
    CostBasisState,
    CurrencyType,
    QueuePriority,
    TransactionLinkType,
)
from vocabulary.enums import TransactionType as Type
from vocabulary.lot_engine import CARRY_TYPE, RESULT_COLUMNS, SCALE, STORED_NAMES
from vocabulary.taxability import INCOME_LEDGER_TYPES, NOT_TAXABLE_AS, TAXABLE_AS

# Status


def schedule_run(session: Session, user_id: int) -> tuple[bool, QueuePriority]:
    """A pass is about to be asked for: Scheduled, unless the user paused their runs (then an Enqueued
    request is kept only in `recomputation_date`, so the status shows Paused). Answers (paused, the
    priority of the requests the pass serves)."""
    status = CostBasisStatus.__table__
    statement = (
        insert(CostBasisStatus)
        .values(user_id=user_id, state=CostBasisState.SCHEDULED)
        .on_conflict_do_update(
            index_elements=[status.c.user_id],
            set_={
                "state": case(
                    (~status.c.is_paused, literal(CostBasisState.SCHEDULED.value)),
                    (status.c.state == CostBasisState.ENQUEUED.value, null()),
                    else_=status.c.state,
                ),
                "updated_at": func.now(),
            },
        )
        .returning(status.c.is_paused, status.c.priority)
    )
    paused, priority = session.execute(statement).one()
    return paused, QueuePriority(priority or QueuePriority.HIGH)


def claim_run(session: Session, user_id: int) -> None:
    """The run starts: Started now, and every request made so far is covered by this pass."""
    statement = insert(CostBasisStatus).values(
        user_id=user_id,
        state=CostBasisState.STARTED,
        compute_start_time=func.clock_timestamp(),
    )
    session.execute(
        statement.on_conflict_do_update(
            index_elements=[CostBasisStatus.__table__.c.user_id],
            set_={
                "state": CostBasisState.STARTED.value,
                "compute_start_time": func.clock_timestamp(),
                "compute_end_time": None,
                "recomputation_date": None,
                "updated_at": func.now(),
            },
        )
    )


def finish_run(
    session: Session,
    user_id: int,
    run_id: uuid.UUID,
    continued_from: datetime | None = None,
    kept_read: str | None = None,
) -> None:
    """The run's results are stored: not running, unless a request came in during the run.

    With them, which runs' kept flows stand for the user's (KeptLedger): a full run's own, when it kept
    them (`kept_read`: its read's snapshot), else none; a run that `continued_from` a checkpoint read the
    flows from then on anew, so the kept ones stand only for those before, and its own (when it kept
    them) for those from then on. A run whose flows stand for none any more is forgotten."""
    session.execute(
        update(CostBasisStatus)
        .where(CostBasisStatus.user_id == user_id)
        .values(
            state=case(
                (CostBasisStatus.recomputation_date.is_(None), null()),
                else_=literal(CostBasisState.ENQUEUED.value),
            ),
            compute_end_time=func.clock_timestamp(),
            last_synced_at=func.clock_timestamp(),
            run_id=run_id,
            last_error=None,
            updated_at=func.now(),
        )
    )
    users = KeptLedger.user_id == user_id
    if continued_from is None:
        session.execute(delete(KeptLedger).where(users))
    else:  # LEAST passes over a null (no bound)
        session.execute(
            update(KeptLedger)
            .where(users)
            .values(valid_before=func.least(KeptLedger.valid_before, continued_from))
        )
        session.execute(delete(KeptLedger).where(users, KeptLedger.valid_before <= KeptLedger.read_from))
    if kept_read is not None:
        session.execute(
            insert(KeptLedger).values(
                user_id=user_id,
                run_id=run_id,
                read_snapshot=kept_read,
                read_from=continued_from,
                kept_at=func.now(),
            )
        )


def fail_run(session: Session, user_id: int, error: str) -> None:
    """The run failed for good: Failed, with the reason kept for support (users read COST_BASIS_FAILED)."""
    session.execute(
        update(CostBasisStatus)
        .where(CostBasisStatus.user_id == user_id)
        .values(
            state=CostBasisState.FAILED,
            compute_end_time=func.clock_timestamp(),
            last_error=error,
            updated_at=func.now(),
        )
    )


def user_public_id(session: Session, user_id: int) -> uuid.UUID:
    public_id = session.scalar(select(User.public_id).where(User.id == user_id))
    if public_id is None:
        raise LookupError(f"user {user_id} no longer exists")
    return public_id


# What the engine reads


@dataclass(frozen=True)
class MethodSettings:
    method: CostBasisMethod  # in force when the user has no timeline
    # (effective from, effective until (exclusive) or None, method), oldest first
    timeline: tuple[tuple[date, date | None, CostBasisMethod], ...]
    by_wallet: bool


def method_settings(session: Session, user_id: int) -> MethodSettings:
    user = session.execute(
        select(User.cost_basis_method, User.cost_basis_by_wallet).where(User.id == user_id)
    ).one()
    periods = session.execute(
        select(
            CostBasisMethodPeriod.effective_from,
            CostBasisMethodPeriod.effective_until,
            CostBasisMethodPeriod.method,
        )
        .where(CostBasisMethodPeriod.user_id == user_id)
        .order_by(CostBasisMethodPeriod.effective_from)
    )
    return MethodSettings(
        user.cost_basis_method,
        tuple((start, end, method) for start, end, method in periods),
        user.cost_basis_by_wallet,
    )


def _transfer_links(user_id: int, within: tuple[datetime, datetime] | None) -> Any:
    """Each transaction's transfer link (the lowest when it has several) whose two legs both count (neither
    ignored nor spam, as the flows query reads them); with `within`, of the transactions of [start, end)
    (read through their time, whatever their other leg's)."""
    link = TransactionLink
    sender, receiver = aliased(Transaction), aliased(Transaction)

    def at(end: Any, leg: Any) -> Any:
        links = (
            select(end.label("transaction_id"), link.id)
            .join(sender, sender.id == link.from_transaction_id)
            .join(receiver, receiver.id == link.to_transaction_id)
            .where(
                link.user_id == user_id,
                link.link_type == TransactionLinkType.TRANSFER,
                sender.is_ignored.is_(False),
                receiver.is_ignored.is_(False),
                sender.type != Type.SPAM,
                receiver.type != Type.SPAM,
            )
        )
        if within is None:
            return links
        return links.where(leg.user_id == user_id, leg.timestamp >= within[0], leg.timestamp < within[1])

    ends = union_all(at(link.from_transaction_id, sender), at(link.to_transaction_id, receiver)).subquery()
    return (
        select(ends.c.transaction_id, func.min(ends.c.id).label("link_id"))
        .group_by(ends.c.transaction_id)
        .subquery()
    )


# ledger types the engine reads as BUY or SELL (activities.cost_basis_ledger.ENGINE_TYPES)
VALUED_BY_COUNTERPART = (Type.BUY, Type.SELL, Type.NFT_MINT, Type.NFT_PURCHASE, Type.NFT_SALE)


def flows_query(
    user_id: int, implied: Any = None, within: tuple[datetime, datetime] | None = None
) -> Select[Any]:
    """The user's flows the engine reads (LEDGER_COLUMNS), by transaction (its id as text, the
    order the engine reads ledgers in) and flow, quantities and values as exact decimal text.

    An asset is its id (two tokens may share a symbol, never lots), but money, which the engine
    knows by its currency code. Ignored transactions, spam and flows of spam assets are left out.
    `value` is the user's override of the flow's cost basis or proceeds; else its stated value in USD,
    converted at that UTC day's FX close when stated in another currency; failing that, the quantity at
    the price the user's fiat trades imply that day, else at that day's USD close of the asset (a USD
    flow is worth its quantity): ledger.writes.prices.FlowValuation. `type` follows the user's word
    on a transaction's taxability (vocabulary.taxability), and `type`, `value` and the flows read follow
    the user's taxability settings (ledger.writes.taxability). `implied`: the implied prices stored
    by ledger.writes.prices.store_implied_prices, else computed inline. `within`: only the transactions
    of [start, end).
    """
    links = _transfer_links(user_id, within)
    fiat = Asset.type == CurrencyType.FIAT
    valuation = FlowValuation(user_id, implied=implied)
    value = case((zero_basis(user_id), literal(0)), else_=func.round(cast(valuation.value, Numeric), SCALE))
    overridden = (
        select(Flow.transaction_id)
        .join(Transaction, flow_of_transaction())
        .where(Transaction.user_id == user_id, Flow.value_override.is_not(None))
        .distinct()
        .subquery()
    )
    kind = case(
        # A buy or sale is valued by what it gave or received; one whose value the user set is read as a
        # trade, which takes each flow at its own value (TREATMENTS.md).
        (
            and_(overridden.c.transaction_id.is_not(None), Transaction.type.in_(VALUED_BY_COUNTERPART)),
            Type.TRADE.value,
        ),
        (
            and_(Transaction.is_taxable.is_(False), Transaction.type.in_(INCOME_LEDGER_TYPES)),
            NOT_TAXABLE_AS.value,
        ),
        (and_(Transaction.is_taxable.is_(True), Transaction.type == NOT_TAXABLE_AS), TAXABLE_AS.value),
        (untaxed_reward(user_id), NOT_TAXABLE_AS.value),
        (and_(Flow.is_fee.is_(False), carried(user_id)), CARRY_TYPE),
        else_=cast(Transaction.type, String),
    )
    tx_id = cast(Transaction.id, String)
    query = (
        select(
            tx_id.label("tx_id"),
            Transaction.timestamp.label("timestamp"),
            cast(Transaction.account_id, String).label("account"),
            kind.label("type"),
            case((fiat, Asset.symbol), else_=Asset.id).label("asset"),
            cast(Flow.direction, String).label("direction"),
            cast(Flow.quantity, String).label("quantity"),
            cast(value, String).label("value"),
            Flow.is_fee.label("is_fee"),
            case((Flow.is_fee, null()), else_=cast(links.c.link_id, String)).label("link_id"),
        )
        .join(Transaction, flow_of_transaction())
        .join(Asset, Asset.id == Flow.asset_id)
        .outerjoin(links, links.c.transaction_id == Transaction.id)
        .outerjoin(overridden, overridden.c.transaction_id == Transaction.id)
    )
    if within is not None:
        query = query.where(Transaction.timestamp >= within[0], Transaction.timestamp < within[1])
    return (
        valuation.joined(query)
        .where(
            Transaction.user_id == user_id,
            Transaction.is_ignored.is_(False),
            Transaction.type != Type.SPAM,
            not_spam(user_id),
            ~left_in_lending(user_id, links.c.link_id),
        )
        .order_by(tx_id.collate("C"), Flow.id)
    )


def flow_batches(session: Session, user_id: int) -> Iterator[pl.DataFrame]:
    """The flows query's rows as Arrow record batches (ADBC reads them with COPY … TO STDOUT in its
    binary format, straight into columns), each as a Polars frame; on a connection of its own."""
    with ledger_read(session, user_id) as read:
        yield from read.batches()


class LedgerRead:
    """A cost-basis run's read of the user's ledger, in one REPEATABLE READ transaction on an ADBC
    connection of its own: the changes logged since a checkpoint (ledger.writes.cost_basis_checkpoints)
    and the flows are read as of the same moment, `snapshot` (pg_current_snapshot, as text)."""

    def __init__(self, cursor: Any, user_id: int) -> None:
        self._cursor, self._user_id = cursor, user_id
        cursor.execute("SELECT pg_current_snapshot()::text")  # the transaction's first: its snapshot
        (self.snapshot,) = cursor.fetchone()

    def changed_from(self, through: datetime, checkpoint_snapshot: str) -> datetime | None:
        """Where the changes this read sees, and the checkpoint's read did not, begin: the start of the
        earliest UTC day one touched, else `through` when none did; None when one touched what comes
        before `through`."""
        self._cursor.execute(
            CHANGED_FROM, parameters=(self._user_id, through.isoformat(), checkpoint_snapshot)
        )
        before, since = self._cursor.fetchone()
        return None if before else since

    def _after_last_day(self) -> datetime:
        """The start of the UTC day after the user's last transaction, which a read from a time on reads
        up to: a bound that leaves out no row and tells the planner how many there are (`from_on`)."""
        self._cursor.execute(LAST_TRANSACTION, parameters=(self._user_id,))
        (last,) = self._cursor.fetchone()
        return (
            utc_day_start(last) + timedelta(days=1) if last is not None else datetime.max.replace(tzinfo=UTC)
        )

    def batches(self, since: datetime | None = None) -> Iterator[pl.DataFrame]:
        """The flows query's rows (of the transactions from `since`, a UTC day's start, on) as Arrow
        record batches (ADBC reads them with COPY … TO STDOUT in its binary format, straight into
        columns), each as a Polars frame."""
        within = None if since is None else (since, self._after_last_day())
        statement = flows_query(self._user_id, IMPLIED_TABLE, within).compile(
            dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}
        )
        for stored in store_implied_prices(self._user_id, *(within or ())):
            self._cursor.execute(stored)
        self._cursor.execute(str(statement))
        for batch in self._cursor.fetch_record_batch():
            yield pl.DataFrame(pl.from_arrow(batch))


@contextmanager
def ledger_read(session: Session, user_id: int) -> Iterator[LedgerRead]:
    uri = session.get_bind().engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with adbc.connect(uri, autocommit=True) as connection, connection.cursor() as cursor:
        cursor.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        cursor.execute(LEDGER_SETTINGS)
        try:
            yield LedgerRead(cursor, user_id)
        finally:
            cursor.execute("ROLLBACK")


# The settings of a transaction that reads or writes a user's ledger or results. A statement over a whole
# ledger (a million transactions) hashes and sorts millions of rows: in memory, not in batches on disk
# (the load's sort and hashes at the default 4 MB: about a fifth slower). Its tables are read from memory,
# where a row found through an index costs little more than one read in order: at the default random
# page cost (4, for spinning disks) a run from a checkpoint scanned every flow of the user to find the
# tenth it reads (asset day changes 0.56 → 0.20 s, the flows 1.15 → 0.73 s, implied prices 0.55 → 0.30 s).
# A row a parallel worker hands over is priced at a hundredth of the default (0.1 of a page read): at the
# default, a statement that answers millions of rows is never run in parallel, though two workers take
# a million-transaction year's flows from 7.7 to 4.3 s (EXPLAIN ANALYZE, 30 November).
LEDGER_SETTINGS = (
    "SELECT set_config('work_mem', '128MB', true), set_config('random_page_cost', '1.1', true),"
    " set_config('parallel_tuple_cost', '0.001', true)"
)

# of the changes the checkpoint's snapshot did not see (by MVCC, the reading transaction sees exactly those
# whose data it sees): whether one is before `through` ($2), and the earliest from `through` on, else
# `through` (a change to the whole ledger is since -infinity, which stays in PostgreSQL)
CHANGED_FROM = (
    "SELECT coalesce(min(since) < $2::text::timestamptz, false), greatest(min(since), $2::text::timestamptz)"
    " FROM cost_basis_changes WHERE (user_id = $1 OR user_id IS NULL)"
    " AND xid >= pg_snapshot_xmin($3::text::pg_snapshot)::text::bigint"  # older: seen (an index's range)
    " AND NOT pg_visible_in_snapshot(xid::text::xid8, $3::text::pg_snapshot)"
)

LAST_TRANSACTION = "SELECT max(timestamp) FROM transactions WHERE user_id = $1"


# Results

RESULT_MODELS: dict[str, type[TaxLot] | type[DisposedLot] | type[IncomeEvent]] = {
    "lots": TaxLot,
    "disposals": DisposedLot,
    "income": IncomeEvent,
}
# each result table's stored columns, in the engine's order
STORED_COLUMNS = {
    name: tuple(STORED_NAMES.get(column, column) for column in columns)
    for name, columns in RESULT_COLUMNS.items()
}


@dataclass(frozen=True)
class Continuation:
    """A run that continues from a checkpoint (ledger.writes.cost_basis_checkpoints): it computed the
    results from `through` on, starting from the lots open then (`opening`, their lots-table rows then).
    `touched`: the ids of those whose stored rows differ from then (None: not known, all).
    `ledger_since`: the day the ledger's day totals and callouts are rewritten from, the earliest a change
    since the checkpoint's read touched (`through` when none did): each day's depends on that day and
    those before it only, and those before it were written after the changes before them."""

    through: datetime
    opening: pl.DataFrame
    touched: pl.Series | None
    ledger_since: datetime

    def rewritten(self, lots: pl.DataFrame) -> tuple[pl.DataFrame, pl.Series]:
        """Of rows of the run's lots table: those to write, and the ids of the opening lots among them
        whose rows now differ from then. An opening lot whose row neither this run nor the stored
        results change is the same row in both: it is left as stored."""
        opening = self.opening.select(lots.columns).cast(lots.schema).with_columns(opening=pl.lit(True))
        rest = [column for column in lots.columns if column != "lot_id"]
        then = lots.join(opening, on="lot_id", how="left", suffix="_then", maintain_order="left")
        same = pl.all_horizontal(pl.col(column).eq_missing(pl.col(f"{column}_then")) for column in rest)
        opened = pl.col("opening").fill_null(False)
        marked = then.select(as_then=opened & same, touched=opened & ~same)
        touched = lots.get_column("lot_id").filter(marked["touched"])
        if self.touched is None:
            return lots, touched
        before = lots.get_column("lot_id").is_in(self.touched.cast(pl.String).implode())
        return lots.filter(~(marked["as_then"] & ~before)), touched

    def rewritten_opening_lots(self, touched: pl.Series) -> pl.Series:
        """The ids of the opening lots the run rewrites (staged in OPEN_LOTS): those whose rows it or the
        stored results change."""
        if self.touched is None:
            return self.opening.get_column("lot_id")
        return pl.concat([touched, self.touched.cast(pl.String)]).unique()

    def replaced(self, name: str, rows: Any) -> Any:
        """The stored rows of the result table `name` (`rows`: its model or an alias of it) such a run
        replaces: disposals and income from `through` on; lots open at `through` that it rewrites (staged
        in OPEN_LOTS), or made from then on: acquired then, or moved then by a transfer (a moved piece's
        id ends with the receiving flow, `{transaction id}:{ordinal}`)."""
        if name == "disposals":
            return rows.disposed_at >= self.through
        if name == "income":
            return rows.received_at >= self.through
        moved_by = cast(func.split_part(func.regexp_replace(rows.lot_id, "^.*>", ""), ":", 1), BigInteger)
        made_before = (
            select(Transaction.id)
            .where(
                Transaction.user_id == rows.user_id,
                Transaction.id == moved_by,
                Transaction.timestamp < self.through,
            )
            .exists()
        )
        return or_(
            rows.acquired_at >= self.through,
            rows.lot_id.in_(select(OPEN_LOTS.c.lot_id)),
            and_(rows.lot_id.contains(">"), ~made_before),
        )


class StoredResults:
    """A run's results written over the user's previous ones, in one database transaction: the
    previous rows are deleted, the engine's tables COPYed in batch by batch (a run of assets at a
    time, never row by row), and the run marked finished; readers see the previous results until
    it commits. The engine's writer thread makes it, writes it and closes (or discards) it.

    Foreign keys are checked once per run instead of once per row where the role may say so (as bulk
    imports do, ledger.writes.bulk_import): the user row is locked FOR KEY SHARE from the start, and
    before the commit the accounts and transactions the new rows reference are (what each row's check
    would take, one statement per table); rows of a transaction or account deleted meanwhile are then
    deleted, as the cascade would have deleted them had the deletion come just after this run.
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        user_id: int,
        run_id: uuid.UUID,
        continuing: Continuation | None = None,
        kept_read: str | None = None,
    ) -> None:
        """`kept_read`: the snapshot of the run's read, whose flows it keeps (finish_run)."""
        self._user_id, self._run_id = user_id, run_id
        self._continuing, self._kept_read = continuing, kept_read
        self._session = sessions()
        self._session.begin()
        self._session.execute(_USER_KEY_LOCK, {"user_id": user_id})
        # the engine keys crypto by asset id (flows_query); the results name the asset by its symbol
        owned = or_(Asset.user_id.is_(None), Asset.user_id == user_id)
        self._symbols = {
            asset_id: symbol
            for asset_id, symbol in self._session.execute(select(Asset.id, Asset.symbol).where(owned))
        }
        if continuing is None:
            # the checkpoint is made anew from these results (activities.cost_basis); the one before
            # describes results this transaction replaces, so it goes with them
            self._session.execute(delete(CostBasisCheckpoint).where(CostBasisCheckpoint.user_id == user_id))
            # a frozen year's rows are kept (ledger.writes.freezing)
            for name, model in RESULT_MODELS.items():
                self._session.execute(delete(model).where(*self._replaceable(name, model)))
            self._into = {name: model.__tablename__ for name, model in RESULT_MODELS.items()}
        else:  # staged, then merged (`_merge`)
            for name, model in RESULT_MODELS.items():
                columns = ", ".join(("user_id", "run_id", *STORED_COLUMNS[name]))
                self._session.execute(
                    text(_STAGE.format(staged=_staged(name), columns=columns, table=model.__tablename__))
                )
            self._into = {name: _staged(name) for name in RESULT_MODELS}
        self._referenced: dict[str, list[pl.Series]] = {column: [] for column in _REFERENCES}
        self._touched: list[pl.Series] = []  # of a continuing run: the opening lots whose rows changed
        self._rows_unchecked = bool(self._session.scalar(_MAY_SKIP_ROW_CHECKS))
        if self._rows_unchecked:
            self._session.execute(_SKIP_ROW_CHECKS)
        self._session.execute(text(LEDGER_SETTINGS))
        # what needs no result is written now, while the ledger is read and the engine computes: the
        # ledger's day totals, and the callouts of the ledger (which read them)
        since = None if continuing is None else continuing.ledger_since
        store_ledger_day_totals(self._session, user_id, since)
        store_ledger_callouts(self._session, user_id, since)

    def write(self, parts: Sequence[tuple[str, pl.DataFrame]]) -> None:
        for name, frame in parts:
            if self._continuing is not None and name == "lots":
                frame, touched = self._continuing.rewritten(frame)
                self._touched.append(touched)
            if self._continuing is None:  # a continuing run's new rows are those its merge inserts
                for column, seen in self._referenced.items():
                    seen.append(frame.get_column(column).unique())
            frame = frame.with_columns(pl.col("asset").replace(self._symbols))
            lines = frame.select(
                pl.lit(str(self._user_id)).alias("user_id"),
                pl.lit(str(self._run_id)).alias("run_id"),
                *copy_fields(frame.schema),
            )
            columns = ("user_id", "run_id", *STORED_COLUMNS[name])
            copy_text(self._session, self._into[name], columns, copy_lines(lines))

    def close(self) -> None:
        since = None
        if self._continuing is not None:
            touched = pl.concat(self._touched) if self._touched else pl.Series("lot_id", [], pl.String)
            self._stage_open_lots(self._continuing.rewritten_opening_lots(touched))
            self._merge()
            keep_touched(self._session, self._user_id, touched)
            since = self._continuing.through
        if self._rows_unchecked:
            self._session.execute(_CHECK_ROWS)
            self._keep_referenced()
            self._keep_ledger_referenced()
        store_result_day_totals(self._session, self._user_id, since)
        store_result_callouts(self._session, self._user_id, since)
        finish_run(self._session, self._user_id, self._run_id, since, self._kept_read)
        self._session.commit()
        self._session.close()

    def discard(self) -> None:
        self._session.rollback()
        self._session.close()

    def _stage_open_lots(self, lot_ids: pl.Series) -> None:
        """The opening lots the run rewrites, staged once for the statements that replace their rows (a
        bound array of a few hundred thousand ids would be sent, and read, with each)."""
        self._session.execute(text(_STAGE_OPEN_LOTS.format(table=OPEN_LOTS.name)))
        ids = pl.DataFrame({"lot_id": lot_ids.cast(pl.String)})
        copy_text(self._session, OPEN_LOTS.name, ("lot_id",), copy_lines(ids.select(copy_fields(ids.schema))))
        self._session.execute(text(f"ANALYZE {OPEN_LOTS.name}"))

    def _replaceable(self, name: str, model: Any) -> list[Any]:
        """The stored rows this run replaces: the user's, but a frozen year's (ledger.writes.freezing)
        and, for a run that continues from a checkpoint, those before it."""
        rows = [model.user_id == self._user_id, model.run_id.not_in(pinned_run_ids(self._user_id))]
        return rows if self._continuing is None else [*rows, self._continuing.replaced(name, model)]

    def _merge(self) -> None:
        """A continuing run writes only what differs, since an edit changes few of the rows from the
        checkpoint on (the lots it carries above all): the replaced rows no staged row repeats are deleted,
        then the staged rows not stored yet inserted. A row kept so keeps the run id that wrote it."""
        for name, model in RESULT_MODELS.items():
            columns = STORED_COLUMNS[name]
            staged = sql_table(
                _staged(name), *(sql_column(field) for field in ("user_id", "run_id", *columns))
            )
            # its size and its key's statistics, for the planner to hash on the key (all columns': 2-3 times
            # as long, for no other plan)
            self._session.execute(text(f"ANALYZE {_staged(name)} ({columns[0]})"))

            def same(row: Any, columns: Sequence[str] = columns, staged: Any = staged) -> list[Any]:
                key = columns[0]  # lot_id, flow_id: never null, so the planner may hash on it
                rest = (staged.c[field].is_not_distinct_from(getattr(row, field)) for field in columns[1:])
                return [staged.c[key] == getattr(row, key), *rest]

            repeated = select(literal(1)).select_from(staged).where(*same(model)).exists()
            self._session.execute(
                delete(model)
                .where(*self._replaceable(name, model), ~repeated)
                .execution_options(synchronize_session=False)
            )
            stored = aliased(model)  # a staged row repeats a stored row of the replaced range, if any
            kept = (
                select(literal(1)).select_from(stored).where(*self._replaceable(name, stored), *same(stored))
            )
            inserted = self._session.execute(
                insert(model)
                .from_select(
                    ["user_id", "run_id", *columns],
                    select(*(staged.c[field] for field in ("user_id", "run_id", *columns))).where(
                        ~kept.exists()
                    ),
                )
                .returning(*(getattr(model, key) for _, key in _REFERENCES.values()))
            ).all()
            for index, seen in enumerate(self._referenced.values()):
                seen.append(pl.Series([row[index] for row in inserted], dtype=pl.Int64))

    def _keep_ledger_referenced(self) -> None:
        """The same for the rows of the ledger's day totals and callouts written first: what they
        reference is locked, and the rows that reference what was deleted meanwhile are deleted."""
        for table, column, referenced in _LEDGER_REFERENCES:
            names = {"table": table, "column": column, "referenced": referenced}
            self._session.execute(text(_HOLD_LEDGER.format(**names)), {"user_id": self._user_id})
            self._session.execute(text(_GONE_LEDGER.format(**names)), {"user_id": self._user_id})

    def _keep_referenced(self) -> None:
        """Lock the accounts and transactions the new rows reference against deletion until the commit
        (FOR KEY SHARE, what each row's check would take); when fewer are found than referenced, one
        was deleted meanwhile: delete the rows that reference what is gone."""
        for column, (table, key) in _REFERENCES.items():
            seen = self._referenced[column]
            if not seen:
                continue
            ids = pl.concat(seen).unique().cast(pl.Int64).to_list()
            hold = text(_HOLD.format(table=table))
            held = self._session.scalar(hold, {"user_id": self._user_id, "ids": ids})
            if held == len(ids):
                continue
            for model in RESULT_MODELS.values():
                gone = _GONE.format(result=model.__tablename__, table=table, column=key)
                self._session.execute(text(gone), {"user_id": self._user_id})


_LEDGER_REFERENCES = (  # the rows written before the results: (table, column, the table it references)
    ("transaction_callouts", "transaction_id", "transactions"),
    ("asset_day_changes", "account_id", "accounts"),
    ("asset_day_changes", "asset_id", "assets"),
)
_HOLD_LEDGER = (
    "SELECT 1 FROM {referenced} WHERE id IN (SELECT {column} FROM {table} WHERE user_id = :user_id)"
    " FOR KEY SHARE"
)
_GONE_LEDGER = (
    "DELETE FROM {table} WHERE user_id = :user_id AND NOT EXISTS ("
    "SELECT 1 FROM {referenced} WHERE {referenced}.id = {table}.{column})"
)
_STAGE = "CREATE TEMPORARY TABLE {staged} ON COMMIT DROP AS SELECT {columns} FROM {table} WITH NO DATA"
_STAGE_OPEN_LOTS = "CREATE TEMPORARY TABLE {table} (lot_id text NOT NULL) ON COMMIT DROP"
OPEN_LOTS = sql_table("cairn_open_lots", sql_column("lot_id"))


def _staged(name: str) -> str:
    return f"cairn_staged_{name}"


_MAY_SKIP_ROW_CHECKS = text("SELECT has_parameter_privilege('session_replication_role', 'SET')")
_SKIP_ROW_CHECKS = text("SET LOCAL session_replication_role = replica")
_CHECK_ROWS = text("SET LOCAL session_replication_role = origin")
_USER_KEY_LOCK = text("SELECT 1 FROM users WHERE id = :user_id FOR KEY SHARE")
_GONE = (
    "DELETE FROM {result} WHERE user_id = :user_id AND NOT EXISTS ("
    "SELECT 1 FROM {table} WHERE {table}.id = {result}.{column} AND {table}.user_id = :user_id)"
)
# the engine's columns that name a referenced row: (its table, the stored column)
_REFERENCES = {"account": ("accounts", "account_id"), "tx_id": ("transactions", "transaction_id")}
_HOLD = (
    "SELECT count(*) FROM (SELECT 1 FROM {table}"
    " WHERE user_id = :user_id AND id = ANY(CAST(:ids AS bigint[])) FOR KEY SHARE) AS held"
)
