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
from dataclasses import dataclass
from datetime import date
from typing import Any

import adbc_driver_postgresql.dbapi as adbc
import polars as pl
from sqlalchemy import (
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
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session, aliased, sessionmaker

from ledger.models import (
    Asset,
    CostBasisMethodPeriod,
    CostBasisStatus,
    DisposedLot,
    Flow,
    IncomeEvent,
    TaxLot,
    Transaction,
    TransactionLink,
    User,
)
from ledger.models.spam import not_spam
from ledger.writes.callouts import store_callouts
from ledger.writes.copy import copy_text
from ledger.writes.copy_format import copy_fields, copy_lines
from ledger.writes.day_totals import store_day_totals
from ledger.writes.freezing import pinned_run_ids
from ledger.writes.prices import IMPLIED_TABLE, FlowValuation, store_implied_prices
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


def finish_run(session: Session, user_id: int, run_id: uuid.UUID) -> None:
    """The run's results are stored: not running, unless a request came in during the run."""
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


def _transfer_links(user_id: int) -> Any:
    """Each transaction's transfer link (the lowest when it has several) whose two legs both count."""
    link = TransactionLink
    sender, receiver = aliased(Transaction), aliased(Transaction)
    links = (
        select(link.id, link.from_transaction_id, link.to_transaction_id)
        .join(sender, sender.id == link.from_transaction_id)
        .join(receiver, receiver.id == link.to_transaction_id)
        .where(
            link.user_id == user_id,
            link.link_type == TransactionLinkType.TRANSFER,
            sender.is_ignored.is_(False),
            receiver.is_ignored.is_(False),
        )
        .subquery()
    )
    ends = union_all(
        select(links.c.from_transaction_id.label("transaction_id"), links.c.id),
        select(links.c.to_transaction_id.label("transaction_id"), links.c.id),
    ).subquery()
    return (
        select(ends.c.transaction_id, func.min(ends.c.id).label("link_id"))
        .group_by(ends.c.transaction_id)
        .subquery()
    )


# ledger types the engine reads as BUY or SELL (activities.cost_basis_ledger.ENGINE_TYPES)
VALUED_BY_COUNTERPART = (Type.BUY, Type.SELL, Type.NFT_MINT, Type.NFT_PURCHASE, Type.NFT_SALE)


def flows_query(user_id: int, implied: Any = None) -> Select[Any]:
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
    by ledger.writes.prices.store_implied_prices, else computed inline.
    """
    links = _transfer_links(user_id)
    fiat = Asset.type == CurrencyType.FIAT
    valuation = FlowValuation(user_id, implied=implied)
    value = case((zero_basis(user_id), literal(0)), else_=func.round(cast(valuation.value, Numeric), SCALE))
    overridden = (
        select(Flow.transaction_id)
        .join(Transaction, Transaction.id == Flow.transaction_id)
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
        .join(Transaction, Transaction.id == Flow.transaction_id)
        .join(Asset, Asset.id == Flow.asset_id)
        .outerjoin(links, links.c.transaction_id == Transaction.id)
        .outerjoin(overridden, overridden.c.transaction_id == Transaction.id)
    )
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
    statement = flows_query(user_id, IMPLIED_TABLE).compile(
        dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}
    )
    uri = session.get_bind().engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with adbc.connect(uri) as connection, connection.cursor() as cursor:
        for stored in store_implied_prices(user_id):  # in the reading transaction (ADBC opens one)
            cursor.execute(stored)
        cursor.execute(str(statement))
        for batch in cursor.fetch_record_batch():
            yield pl.DataFrame(pl.from_arrow(batch))


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

    def __init__(self, sessions: sessionmaker[Session], user_id: int, run_id: uuid.UUID) -> None:
        self._user_id, self._run_id = user_id, run_id
        self._session = sessions()
        self._session.begin()
        self._session.execute(_USER_KEY_LOCK, {"user_id": user_id})
        # the engine keys crypto by asset id (flows_query); the results name the asset by its symbol
        owned = or_(Asset.user_id.is_(None), Asset.user_id == user_id)
        self._symbols = {
            asset_id: symbol
            for asset_id, symbol in self._session.execute(select(Asset.id, Asset.symbol).where(owned))
        }
        for model in RESULT_MODELS.values():  # a frozen year's rows are kept (ledger.writes.freezing)
            self._session.execute(
                delete(model).where(model.user_id == user_id, model.run_id.not_in(pinned_run_ids(user_id)))
            )
        self._referenced: dict[str, list[pl.Series]] = {column: [] for column in _REFERENCES}
        self._rows_unchecked = bool(self._session.scalar(_MAY_SKIP_ROW_CHECKS))
        if self._rows_unchecked:
            self._session.execute(_SKIP_ROW_CHECKS)

    def write(self, parts: Sequence[tuple[str, pl.DataFrame]]) -> None:
        for name, frame in parts:
            for column, seen in self._referenced.items():
                seen.append(frame.get_column(column).unique())
            frame = frame.with_columns(pl.col("asset").replace(self._symbols))
            lines = frame.select(
                pl.lit(str(self._user_id)).alias("user_id"),
                pl.lit(str(self._run_id)).alias("run_id"),
                *copy_fields(frame.schema),
            )
            columns = ("user_id", "run_id", *STORED_COLUMNS[name])
            copy_text(self._session, RESULT_MODELS[name].__tablename__, columns, copy_lines(lines))

    def close(self) -> None:
        if self._rows_unchecked:
            self._session.execute(_CHECK_ROWS)
            self._keep_referenced()
        store_callouts(self._session, self._user_id)
        store_day_totals(self._session, self._user_id)
        finish_run(self._session, self._user_id, self._run_id)
        self._session.commit()
        self._session.close()

    def discard(self) -> None:
        self._session.rollback()
        self._session.close()

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
