"""The day totals of ledger.models.day_totals, rewritten from a run's stored results and the flows it
read, in the run's own database transaction (StoredResults.close), before it commits."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Date, and_, case, cast, delete, func, insert, literal, select
from sqlalchemy.orm import Session

from ledger.models import (
    Asset,
    AssetDayChange,
    DisposalDayTotal,
    DisposedLot,
    Flow,
    IncomeDayTotal,
    IncomeEvent,
    OpenLotDayTotal,
    TaxLot,
    Transaction,
    TransactionDayTotal,
)
from ledger.models.spam import not_spam
from ledger.models.transactions import flow_of_transaction, from_on, signed_quantity
from vocabulary.enums import FlowDirection
from vocabulary.enums import TransactionType as Type


def utc_day(at: Any) -> Any:
    return cast(func.timezone("UTC", at), Date)


def counted_flows(user_id: int) -> list[Any]:
    """The flows that make the portfolio: not ignored, not spam (as the cost-basis run reads them);
    over flows joined to their transaction and asset."""
    return [
        Transaction.user_id == user_id,
        Transaction.is_ignored.is_(False),
        Transaction.type != Type.SPAM,
        not_spam(user_id),
    ]


def asset_day_changes(user_id: int, *only: Any) -> Any:
    """Per account, asset and UTC day, the net quantity the user's counted flows moved and the quantity
    they took out (columns account_id, asset_id, day, change, outflow)."""
    day = utc_day(Transaction.timestamp)
    signed = signed_quantity()
    taken = case((Flow.direction == FlowDirection.OUTFLOW, Flow.quantity), else_=0)
    return (
        select(
            Transaction.account_id,
            Flow.asset_id,
            day.label("day"),
            func.sum(signed).label("change"),
            func.sum(taken).label("outflow"),
        )
        .join(Transaction, flow_of_transaction())
        .join(Asset, Asset.id == Flow.asset_id)
        .where(*counted_flows(user_id), *only)
        .group_by(Transaction.account_id, Flow.asset_id, day)
    )


def store_ledger_day_totals(session: Session, user_id: int, since: datetime | None = None) -> None:
    """Rewrite the user's day totals of their ledger (of the UTC days from `since`, a day's start, on):
    transactions per day, and each account's net change of each asset per day."""
    _delete_days(session, user_id, since, TransactionDayTotal, AssetDayChange)
    happened = utc_day(Transaction.timestamp)
    session.execute(
        insert(TransactionDayTotal).from_select(
            ["user_id", "day", "transactions"],
            select(literal(user_id), happened, func.count())
            .where(
                Transaction.user_id == user_id,
                Transaction.is_ignored.is_(False),
                *from_on(user_id, since),
            )
            .group_by(happened),
        )
    )
    changes = asset_day_changes(user_id, *from_on(user_id, since)).subquery()
    session.execute(
        insert(AssetDayChange).from_select(
            ["user_id", "account_id", "asset_id", "day", "change", "outflow"],
            select(
                literal(user_id),
                changes.c.account_id,
                changes.c.asset_id,
                changes.c.day,
                changes.c.change,
                changes.c.outflow,
            ),
        )
    )


def store_result_day_totals(session: Session, user_id: int, since: datetime | None = None) -> None:
    """Rewrite the user's day totals of their cost-basis results (of the UTC days from `since`, a day's
    start, on): disposals and income per day and type, and all of their open lots' totals."""
    _delete_days(session, user_id, since, DisposalDayTotal, IncomeDayTotal)
    day = utc_day(DisposedLot.disposed_at)
    mine = and_(DisposedLot.user_id == user_id, *_later(DisposedLot.disposed_at, since))
    # a transaction with slices of both terms counts once in its day and type
    per_type = (
        select(
            day.label("day"),
            DisposedLot.type,
            func.count(func.distinct(DisposedLot.transaction_id)).label("transactions"),
        )
        .where(mine)
        .group_by(day, DisposedLot.type)
        .subquery()
    )
    slices = (
        select(
            day.label("day"),
            DisposedLot.type,
            DisposedLot.term,
            func.count().label("slices"),
            func.sum(DisposedLot.proceeds).label("proceeds"),
            func.sum(DisposedLot.cost_basis).label("cost_basis"),
            func.sum(DisposedLot.gain).label("gain"),
        )
        .where(mine)
        .group_by(day, DisposedLot.type, DisposedLot.term)
        .subquery()
    )
    session.execute(
        insert(DisposalDayTotal).from_select(
            ["user_id", "day", "type", "term", "slices", "transactions", "proceeds", "cost_basis", "gain"],
            select(
                literal(user_id),
                slices.c.day,
                slices.c.type,
                slices.c.term,
                slices.c.slices,
                per_type.c.transactions,
                slices.c.proceeds,
                slices.c.cost_basis,
                slices.c.gain,
            ).join(per_type, and_(per_type.c.day == slices.c.day, per_type.c.type == slices.c.type)),
        )
    )
    received = utc_day(IncomeEvent.received_at)
    session.execute(
        insert(IncomeDayTotal).from_select(
            ["user_id", "day", "type", "events", "value"],
            select(literal(user_id), received, IncomeEvent.type, func.count(), func.sum(IncomeEvent.value))
            .where(IncomeEvent.user_id == user_id, *_later(IncomeEvent.received_at, since))
            .group_by(received, IncomeEvent.type),
        )
    )
    session.execute(delete(OpenLotDayTotal).where(OpenLotDayTotal.user_id == user_id))
    acquired = utc_day(TaxLot.acquired_at)
    session.execute(
        insert(OpenLotDayTotal).from_select(
            ["user_id", "account_id", "asset", "day", "lots", "remaining_cost_basis"],
            select(
                literal(user_id),
                TaxLot.account_id,
                TaxLot.asset,
                acquired,
                func.count(),
                func.sum(TaxLot.remaining_cost_basis),
            )
            .where(TaxLot.user_id == user_id, TaxLot.remaining > 0)
            .group_by(TaxLot.account_id, TaxLot.asset, acquired),
        )
    )


def _delete_days(session: Session, user_id: int, since: datetime | None, *models: Any) -> None:
    for model in models:
        replaced = [model.user_id == user_id]
        if since is not None:
            replaced.append(model.day >= since.date())
        session.execute(delete(model).where(*replaced))


def _later(moment: Any, since: datetime | None) -> list[Any]:
    return [] if since is None else [moment >= since]
