"""The callouts a cost-basis run stores with its results (spec 001 §3), one row per transaction and type
in `transaction_callouts`, replaced in the run's own database transaction so they always describe the
results beside them. The ledger read is the run's: transactions not ignored, not SPAM, and flows of
assets not marked as spam.

- INSUFFICIENT_QUANTITY, MISSING_PRICE_HISTORY: the engine's, on a lot, disposal or income the
  transaction made (analytics/TREATMENTS.md).
- MISSING_BALANCE: a transaction takes more of a crypto asset out of an account than the account held:
  its net outflow of the asset leaves the account's running balance of it (every flow of the account
  in that asset up to and including this transaction, by time then id) below zero. It is per account
  whatever the allocation scope, where the engine's INSUFFICIENT_QUANTITY is per scope (universal: all
  accounts together). Money (fiat) is not checked: the engine keeps no lots of it.
- UNBALANCED_TRANSACTION: a two-sided type (TWO_SIDED: a trade, buy, sale …) without both a non-fee
  inflow and a non-fee outflow, or a TRANSFER between the user's own accounts with no transfer link
  to its other leg.
- VALUE_OUT_OF_BOUNDS: a non-fee flow whose stated value (in USD at the day's FX close) is more than
  VALUE_BOUND times, or less than 1/VALUE_BOUND of, its quantity at the asset's USD close that day. A
  flow whose value the user set (an override) is the user's word and is not checked.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    Date,
    DateTime,
    and_,
    cast,
    delete,
    exists,
    func,
    insert,
    literal,
    not_,
    or_,
    select,
    true,
    union,
)
from sqlalchemy.orm import Session, aliased

from ledger.models import (
    Asset,
    AssetDayChange,
    DisposedLot,
    Flow,
    IncomeEvent,
    Price,
    TaxLot,
    Transaction,
    TransactionCallout,
    TransactionLink,
)
from ledger.models.spam import not_spam
from ledger.models.transactions import flow_of_transaction, from_on, signed_quantity
from ledger.writes.usd_values import USD, close_match, stated_in_usd
from vocabulary.enums import CalloutType, CurrencyType, FlowDirection, TransactionLinkType
from vocabulary.enums import TransactionType as Type

# a stated value this many times above, or below 1/this of, the price table's is implausible
VALUE_BOUND = Decimal(10)
# types whose flows go both ways: something given for something received
TWO_SIDED = (
    Type.BUY,
    Type.SELL,
    Type.TRADE,
    Type.MARGIN_TRADE,
    Type.LINKED_TRADE,
    Type.ADD_LIQUIDITY,
    Type.REMOVE_LIQUIDITY,
    Type.WRAP,
    Type.UNWRAP,
    Type.NFT_PURCHASE,
    Type.NFT_SALE,
)
ENGINE_CALLOUTS = (CalloutType.INSUFFICIENT_QUANTITY, CalloutType.MISSING_PRICE_HISTORY)
LEDGER_CALLOUTS = (
    CalloutType.MISSING_BALANCE,
    CalloutType.UNBALANCED_TRANSACTION,
    CalloutType.VALUE_OUT_OF_BOUNDS,
)


def store_ledger_callouts(session: Session, user_id: int, since: datetime | None = None) -> None:
    """Replace the user's callouts of the ledger (LEDGER_CALLOUTS, of the transactions from `since`, a UTC
    day's start, on), over its day totals just written in `session`'s transaction
    (ledger.writes.day_totals)."""
    _replace(
        session,
        user_id,
        LEDGER_CALLOUTS,
        since,
        _missing_balance(user_id, since),
        *_unbalanced(user_id, since),
        _out_of_bounds(user_id, since),
    )


def store_result_callouts(session: Session, user_id: int, since: datetime | None = None) -> None:
    """Replace the engine's callouts (ENGINE_CALLOUTS, of the transactions from `since` on) with those of
    the results just written in `session`'s transaction."""
    flagged = (flagged for callout in ENGINE_CALLOUTS for flagged in _engine(user_id, callout, since))
    _replace(session, user_id, ENGINE_CALLOUTS, since, *flagged)


def _replace(
    session: Session,
    user_id: int,
    types: tuple[CalloutType, ...],
    since: datetime | None,
    *selects: Any,
) -> None:
    replaced = [TransactionCallout.user_id == user_id, TransactionCallout.type.in_(types)]
    if since is not None:
        replaced.append(TransactionCallout.timestamp >= since)
    session.execute(delete(TransactionCallout).where(*replaced))
    flagged = union(*selects).subquery()
    session.execute(
        insert(TransactionCallout).from_select(
            ["transaction_id", "type", "user_id", "timestamp"],
            select(flagged.c.transaction_id, flagged.c.type, literal(user_id), flagged.c.timestamp),
        )
    )


def _counted(user_id: int, since: datetime | None) -> list[Any]:
    """The transactions the run reads (from `since` on)."""
    return [
        Transaction.user_id == user_id,
        Transaction.is_ignored.is_(False),
        Transaction.type != Type.SPAM,
        *from_on(user_id, since),
    ]


def _flagged_as(callout: CalloutType, transaction_id: Any, timestamp: Any) -> list[Any]:
    return [
        transaction_id.label("transaction_id"),
        literal(callout.value).label("type"),
        timestamp.label("timestamp"),
    ]


def _engine(user_id: int, callout: CalloutType, since: datetime | None) -> list[Any]:
    """Transactions that made a lot, a disposal or an income the engine flagged with `callout` (a row's
    callouts are `;`-separated)."""
    pattern = f"%{callout.value}%"
    return [
        select(*_flagged_as(callout, Transaction.id, Transaction.timestamp))
        .join(model, model.transaction_id == Transaction.id)
        .where(
            Transaction.user_id == user_id,
            model.user_id == user_id,
            model.callout.is_not(None),  # the flagged rows' index
            model.callout.like(pattern),
            *from_on(user_id, since),
        )
        for model in (TaxLot, DisposedLot, IncomeEvent)
    ]


def _missing_balance(user_id: int, since: datetime | None) -> Any:
    """A transaction can only take a balance below zero on a day whose outflows exceed what the account
    held of the asset at the day's start: only those days' transactions are walked. The days are the
    day changes the run just stored (ledger.writes.day_totals: the same flows, summed per account, asset
    and UTC day, with what each day took out)."""
    days = AssetDayChange
    held_before = func.sum(days.change).over(
        partition_by=(days.account_id, days.asset_id), order_by=days.day, rows=(None, -1)
    )
    opening = (
        select(
            days.account_id,
            days.asset_id,
            days.day,
            days.outflow,
            func.coalesce(held_before, 0).label("held"),
        )
        .where(days.user_id == user_id)
        .subquery()
    )
    later = [] if since is None else [opening.c.day >= since.date()]
    short = (
        select(opening.c.account_id, opening.c.asset_id, opening.c.day, opening.c.held)
        .join(Asset, Asset.id == opening.c.asset_id)
        .where(opening.c.held < opening.c.outflow, Asset.type != CurrencyType.FIAT, *later)
        .subquery()
    )
    signed = signed_quantity()
    # each short day's transactions through the (user, account, timestamp) index, one day at a time
    in_day = (
        select(Transaction.id, Transaction.timestamp, func.sum(signed).label("net"))
        .join(Flow, flow_of_transaction())
        .join(Asset, Asset.id == Flow.asset_id)
        .where(
            *_counted(user_id, None),
            Transaction.account_id == short.c.account_id,
            Transaction.timestamp >= func.timezone("UTC", cast(short.c.day, DateTime)),
            Transaction.timestamp < func.timezone("UTC", cast(short.c.day + 1, DateTime)),
            Flow.asset_id == short.c.asset_id,
            not_spam(user_id),
        )
        .group_by(Transaction.id, Transaction.timestamp)
        .lateral()
    )
    moved = (
        select(
            in_day.c.id,
            in_day.c.timestamp,
            in_day.c.net,
            short.c.account_id,
            short.c.asset_id,
            short.c.day,
            short.c.held,
        )
        .join(in_day, true())
        .subquery()
    )
    balance = moved.c.held + func.sum(moved.c.net).over(
        partition_by=(moved.c.account_id, moved.c.asset_id, moved.c.day),
        order_by=(moved.c.timestamp, moved.c.id),
    )
    balances = select(moved.c.id, moved.c.timestamp, moved.c.net, balance.label("balance")).subquery()
    return select(*_flagged_as(CalloutType.MISSING_BALANCE, balances.c.id, balances.c.timestamp)).where(
        balances.c.net < 0, balances.c.balance < 0
    )


def _unbalanced(user_id: int, since: datetime | None) -> list[Any]:
    """Two-sided transactions without a non-fee flow each way (by one pass over their flows), and
    transfers linked to no other leg."""
    two_sided = [*_counted(user_id, since), Transaction.type.in_(TWO_SIDED)]

    def moves(direction: FlowDirection) -> Any:
        return func.bool_or(and_(Flow.direction == direction, Flow.is_fee.is_(False)))

    sides = (
        select(
            Flow.transaction_id,
            moves(FlowDirection.INFLOW).label("receives"),
            moves(FlowDirection.OUTFLOW).label("gives"),
        )
        .join(Transaction, flow_of_transaction())
        .where(*two_sided)
        .group_by(Flow.transaction_id)
        .subquery()
    )
    one_sided = (
        select(*_flagged_as(CalloutType.UNBALANCED_TRANSACTION, Transaction.id, Transaction.timestamp))
        .outerjoin(sides, sides.c.transaction_id == Transaction.id)
        .where(*two_sided, not_(and_(sides.c.receives.is_(True), sides.c.gives.is_(True))))
    )

    def linked(end: Any) -> Any:
        return exists().where(
            TransactionLink.user_id == user_id,
            TransactionLink.link_type == TransactionLinkType.TRANSFER,
            end == Transaction.id,
        )

    unlinked = select(
        *_flagged_as(CalloutType.UNBALANCED_TRANSACTION, Transaction.id, Transaction.timestamp)
    ).where(
        *_counted(user_id, since),
        Transaction.type == Type.TRANSFER,
        ~linked(TransactionLink.from_transaction_id),
        ~linked(TransactionLink.to_transaction_id),
    )
    return [one_sided, unlinked]


def _out_of_bounds(user_id: int, since: datetime | None) -> Any:
    """The flows to check are found first, then each looks up its closes: joined in one step, the
    planner (misjudging how many of a day's closes a range of transactions meets) would join every
    close of each transaction's day before its flows, over a million rows for a month's edit."""
    checked = (
        select(
            Transaction.id,
            Transaction.timestamp,
            cast(func.timezone("UTC", Transaction.timestamp), Date).label("day"),
            Asset.symbol,
            Flow.quantity,
            Flow.value,
            Flow.value_currency,
        )
        .join(Flow, flow_of_transaction())
        .join(Asset, Asset.id == Flow.asset_id)
        .where(
            *_counted(user_id, since),
            Asset.user_id.is_(None),
            Asset.type != CurrencyType.FIAT,
            not_spam(user_id),
            Flow.is_fee.is_(False),
            Flow.value.is_not(None),
            Flow.value_override.is_(None),
            Flow.quantity > 0,
        )
        .cte("checked_values")
        .prefix_with("MATERIALIZED")
    )
    flow = checked.c
    asset_close = aliased(Price)
    fx_close, fx_inverse = aliased(Price), aliased(Price)
    stated = stated_in_usd(fx_close, fx_inverse, flow)
    market = flow.quantity * asset_close.close
    return (
        select(*_flagged_as(CalloutType.VALUE_OUT_OF_BOUNDS, flow.id, flow.timestamp))
        .join(asset_close, close_match(asset_close, flow.symbol, USD, flow.day))
        .outerjoin(fx_close, close_match(fx_close, flow.value_currency, USD, flow.day))
        .outerjoin(fx_inverse, close_match(fx_inverse, USD, flow.value_currency, flow.day))
        .where(asset_close.close > 0, or_(stated > market * VALUE_BOUND, stated * VALUE_BOUND < market))
        .distinct()
    )
