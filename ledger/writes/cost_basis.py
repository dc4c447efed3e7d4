"""What a cost-basis run reads and writes: the user's status row through its states, the user's flows
as the lot engine reads them (Arrow batches, streamed by PostgreSQL's COPY through ADBC), and the
stored results, replaced batch by batch by COPY in one transaction.

Status: a request marks the row Enqueued (or, while a run is Started, only records the request in
`recomputation_date`); a run claims the row (Started, request cleared), then either finishes (results
stored; Enqueued again if a request came in meanwhile, else no state) or fails (Failed, with the error).
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
    Date,
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
    Price,
    TaxLot,
    Transaction,
    TransactionLink,
    User,
)
from ledger.writes.callouts import store_callouts
from ledger.writes.copy import copy_text
from ledger.writes.copy_format import copy_fields, copy_lines
from ledger.writes.day_totals import store_day_totals
from ledger.writes.taxability import carried, left_in_lending, untaxed_reward, zero_basis
from ledger.writes.usd_values import USD, close_match, in_usd, stated_in_usd
from vocabulary.enums import CostBasisMethod, CostBasisState, CurrencyType, TransactionLinkType
from vocabulary.enums import TransactionType as Type
from vocabulary.lot_engine import CARRY_TYPE, RESULT_COLUMNS, SCALE, STORED_NAMES
from vocabulary.taxability import INCOME_LEDGER_TYPES, NOT_TAXABLE_AS, TAXABLE_AS

# Status


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


def flows_query(user_id: int) -> Select[Any]:
    """The user's flows the engine reads (LEDGER_COLUMNS), by transaction (its id as text, the
    order the engine reads ledgers in) and flow, quantities and values as exact decimal text.

    An asset is its id (two tokens may share a symbol, never lots), but money, which the engine
    knows by its currency code. Ignored transactions, spam and flows of spam assets are left out.
    `value` is the user's override of the flow's cost basis or proceeds; else its stated value in USD,
    converted at that UTC day's FX close when stated in another currency; failing that, the quantity at
    that day's USD close of the asset (a USD flow is worth its quantity). `type` follows the user's word
    on a transaction's taxability (vocabulary.taxability), and `type`, `value` and the flows read follow
    the user's taxability settings (ledger.writes.taxability).
    """
    day = cast(func.timezone("UTC", Transaction.timestamp), Date)
    asset_close, asset_inverse = aliased(Price), aliased(Price)
    fx_close, fx_inverse = aliased(Price), aliased(Price)
    links = _transfer_links(user_id)
    shared = Asset.user_id.is_(None)
    fiat = Asset.type == CurrencyType.FIAT

    stated = stated_in_usd(fx_close, fx_inverse)
    market = case(
        (and_(fiat, Asset.symbol == USD), Flow.quantity),
        else_=in_usd(Flow.quantity, asset_close, asset_inverse),
    )
    value = case(
        (zero_basis(user_id), literal(0)),
        else_=func.round(cast(func.coalesce(Flow.value_override, stated, market), Numeric), SCALE),
    )
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
    return (
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
        .outerjoin(asset_close, and_(shared, close_match(asset_close, Asset.symbol, USD, day)))
        .outerjoin(asset_inverse, and_(shared, fiat, close_match(asset_inverse, USD, Asset.symbol, day)))
        .outerjoin(fx_close, close_match(fx_close, Flow.value_currency, USD, day))
        .outerjoin(fx_inverse, close_match(fx_inverse, USD, Flow.value_currency, day))
        .where(
            Transaction.user_id == user_id,
            Transaction.is_ignored.is_(False),
            Transaction.type != Type.SPAM,
            or_(Asset.is_spam.is_(None), Asset.is_spam.is_(False)),
            ~left_in_lending(user_id, links.c.link_id),
        )
        .order_by(tx_id.collate("C"), Flow.id)
    )


def flow_batches(session: Session, user_id: int) -> Iterator[pl.DataFrame]:
    """The flows query's rows as Arrow record batches (ADBC reads them with COPY … TO STDOUT in its
    binary format, straight into columns), each as a Polars frame; on a connection of its own."""
    statement = flows_query(user_id).compile(
        dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}
    )
    uri = session.get_bind().engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with adbc.connect(uri) as connection, connection.cursor() as cursor:
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
    """

    def __init__(self, sessions: sessionmaker[Session], user_id: int, run_id: uuid.UUID) -> None:
        self._user_id, self._run_id = user_id, run_id
        self._session = sessions()
        self._session.begin()
        # the engine keys crypto by asset id (flows_query); the results name the asset by its symbol
        owned = or_(Asset.user_id.is_(None), Asset.user_id == user_id)
        self._symbols = {
            asset_id: symbol
            for asset_id, symbol in self._session.execute(select(Asset.id, Asset.symbol).where(owned))
        }
        for model in RESULT_MODELS.values():
            self._session.execute(delete(model).where(model.user_id == user_id))

    def write(self, parts: Sequence[tuple[str, pl.DataFrame]]) -> None:
        for name, frame in parts:
            frame = frame.with_columns(pl.col("asset").replace(self._symbols))
            lines = frame.select(
                pl.lit(str(self._user_id)).alias("user_id"),
                pl.lit(str(self._run_id)).alias("run_id"),
                *copy_fields(frame.schema),
            )
            columns = ("user_id", "run_id", *STORED_COLUMNS[name])
            copy_text(self._session, RESULT_MODELS[name].__tablename__, columns, copy_lines(lines))

    def close(self) -> None:
        store_callouts(self._session, self._user_id)
        store_day_totals(self._session, self._user_id)
        finish_run(self._session, self._user_id, self._run_id)
        self._session.commit()
        self._session.close()

    def discard(self) -> None:
        self._session.rollback()
        self._session.close()
