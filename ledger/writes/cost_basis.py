"""What a cost-basis run reads and writes: the user's status row through its states, the user's flows
as the lot engine reads them, and the replacement of the stored results.

Status: a request marks the row Enqueued (or, while a run is Started, only records the request in
`recomputation_date`); a run claims the row (Started, request cleared), then either finishes (results
stored; Enqueued again if a request came in meanwhile, else no state) or fails (Failed, with the error).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import (
    Date,
    Numeric,
    Row,
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
from sqlalchemy.dialects.postgresql import Insert, insert
from sqlalchemy.orm import Session, aliased

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
from ledger.writes.copy import copy_rows
from vocabulary.enums import CostBasisMethod, CostBasisState, CurrencyType, QueuePriority, TransactionLinkType
from vocabulary.enums import TransactionType as Type

USD = "USD"  # the currency of every stored value (prices are USD closes)
SCALE = 18  # decimals of every quantity and value the engine reads
COST_BASIS_FAILED = "We were not able to calculate your tax, portfolio, and performance values."
ENQUEUE_FAILED = "There was a problem while enqueuing portfolio and tax calculations. Please try again."

# The columns of the flows query, in order; `value` is in USD (None: no value and no price known).
FLOW_COLUMNS = (
    "tx_id",
    "timestamp",
    "account",
    "type",
    "asset",
    "direction",
    "quantity",
    "value",
    "is_fee",
    "link_id",
)


# Status


def enqueue_statement(user_id: int, priority: QueuePriority) -> Insert:
    """Record a request: Enqueued unless a run is Started (that run then makes one more pass)."""
    status = CostBasisStatus.__table__
    return (
        insert(CostBasisStatus)
        .values(
            user_id=user_id, state=CostBasisState.ENQUEUED, priority=priority, recomputation_date=func.now()
        )
        .on_conflict_do_update(
            index_elements=[status.c.user_id],
            set_={
                "state": case(
                    (status.c.state == CostBasisState.STARTED.value, status.c.state),
                    else_=literal(CostBasisState.ENQUEUED.value),
                ),
                "priority": priority.value,
                "recomputation_date": func.coalesce(status.c.recomputation_date, func.now()),
                "updated_at": func.now(),
            },
        )
    )


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
    timeline: tuple[tuple[date, CostBasisMethod], ...]  # (effective from, method), oldest first
    by_wallet: bool


def method_settings(session: Session, user_id: int) -> MethodSettings:
    user = session.execute(
        select(User.cost_basis_method, User.cost_basis_by_wallet).where(User.id == user_id)
    ).one()
    periods = session.execute(
        select(CostBasisMethodPeriod.effective_from, CostBasisMethodPeriod.method)
        .where(CostBasisMethodPeriod.user_id == user_id)
        .order_by(CostBasisMethodPeriod.effective_from)
    )
    return MethodSettings(
        user.cost_basis_method, tuple((day, method) for day, method in periods), user.cost_basis_by_wallet
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


def _close(alias: Any, symbol: Any, quote: Any, day: Any) -> Any:
    return and_(alias.symbol == symbol, alias.quote == quote, alias.date == day)


def flows_query(user_id: int) -> Select[Any]:
    """The user's flows the engine reads (FLOW_COLUMNS), by time, transaction and flow.

    Ignored transactions, spam and flows of spam assets are left out. `value` is the flow's stated
    value in USD, converted at that UTC day's FX close when stated in another currency; failing that,
    the quantity at that day's USD close of the asset (a USD flow is worth its quantity).
    """
    day = cast(func.timezone("UTC", Transaction.timestamp), Date)
    asset_close, asset_inverse = aliased(Price), aliased(Price)
    fx_close, fx_inverse = aliased(Price), aliased(Price)
    links = _transfer_links(user_id)
    shared = Asset.user_id.is_(None)
    fiat = Asset.type == CurrencyType.FIAT

    def in_usd(amount: Any, direct: Any, inverse: Any) -> Any:
        """`amount` at the day's close: times the X/USD close, else divided by the USD/X close."""
        return case(
            (direct.close.is_not(None), amount * direct.close), else_=amount / func.nullif(inverse.close, 0)
        )

    stated = case((Flow.value_currency == USD, Flow.value), else_=in_usd(Flow.value, fx_close, fx_inverse))
    market = case(
        (and_(fiat, Asset.symbol == USD), Flow.quantity),
        else_=in_usd(Flow.quantity, asset_close, asset_inverse),
    )
    value = func.round(cast(func.coalesce(stated, market), Numeric), SCALE)
    return (
        select(
            cast(Transaction.id, String).label("tx_id"),
            Transaction.timestamp,
            cast(Transaction.account_id, String).label("account"),
            Transaction.type,
            Asset.symbol.label("asset"),
            Flow.direction,
            Flow.quantity,
            value.label("value"),
            Flow.is_fee,
            case((Flow.is_fee, null()), else_=cast(links.c.link_id, String)).label("link_id"),
        )
        .join(Transaction, Transaction.id == Flow.transaction_id)
        .join(Asset, Asset.id == Flow.asset_id)
        .outerjoin(links, links.c.transaction_id == Transaction.id)
        .outerjoin(asset_close, and_(shared, _close(asset_close, Asset.symbol, USD, day)))
        .outerjoin(asset_inverse, and_(shared, fiat, _close(asset_inverse, USD, Asset.symbol, day)))
        .outerjoin(fx_close, _close(fx_close, Flow.value_currency, USD, day))
        .outerjoin(fx_inverse, _close(fx_inverse, USD, Flow.value_currency, day))
        .where(
            Transaction.user_id == user_id,
            Transaction.is_ignored.is_(False),
            Transaction.type != Type.SPAM,
            or_(Asset.is_spam.is_(None), Asset.is_spam.is_(False)),
        )
        .order_by(Transaction.timestamp, Transaction.id, Flow.id)
    )


def iter_flow_batches(session: Session, user_id: int, batch_size: int) -> Iterator[Sequence[Row[Any]]]:
    """The flows query streamed from a server-side cursor, `batch_size` rows at a time."""
    result = session.execute(flows_query(user_id).execution_options(yield_per=batch_size))
    yield from result.partitions()


# Results

LOT_COLUMNS = (
    "lot_id",
    "origin_lot_id",
    "transfer_chain",
    "transaction_id",
    "asset",
    "account_id",
    "acquired_at",
    "quantity",
    "remaining",
    "cost_basis",
    "remaining_cost_basis",
    "callout",
)
DISPOSAL_COLUMNS = (
    "flow_id",
    "transaction_id",
    "type",
    "asset",
    "account_id",
    "lot_id",
    "origin_lot_id",
    "transfer_chain",
    "acquired_at",
    "disposed_at",
    "holding_days",
    "quantity",
    "proceeds",
    "cost_basis",
    "gain",
    "denied_loss",
    "term",
    "rule",
    "callout",
)
INCOME_COLUMNS = (
    "flow_id",
    "transaction_id",
    "asset",
    "account_id",
    "received_at",
    "quantity",
    "value",
    "type",
    "callout",
)


@dataclass(frozen=True)
class StoredCounts:
    lots: int
    disposals: int
    income: int


def replace_results(
    session: Session,
    user_id: int,
    run_id: uuid.UUID,
    lots: Iterable[Sequence[Any]],
    disposals: Iterable[Sequence[Any]],
    income: Iterable[Sequence[Any]],
) -> StoredCounts:
    """Replace the user's stored results with the rows given (in the *_COLUMNS order), by COPY.

    Runs inside the caller's transaction: readers see the previous run's rows until it commits.
    """
    tables = (
        (TaxLot, LOT_COLUMNS, lots),
        (DisposedLot, DISPOSAL_COLUMNS, disposals),
        (IncomeEvent, INCOME_COLUMNS, income),
    )
    counts = []
    for model, columns, rows in tables:
        session.execute(delete(model).where(model.user_id == user_id))
        counts.append(
            copy_rows(
                session,
                model.__tablename__,
                ("user_id", "run_id", *columns),
                ((user_id, run_id, *row) for row in rows),
            )
        )
    return StoredCounts(*counts)
