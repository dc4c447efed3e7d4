"""Ledger rows the cost-basis tests start from, written as an import writes them: a transaction, its
flows (quantity, optional value with its currency, fee flag) and transfer links between two of them."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy.orm import Session

from ledger.models import Account, Asset, Flow, TaxLot, Transaction, TransactionLink, User
from ledger.scope.catalog import CSV_INTEGRATION_SLUG
from vocabulary.enums import (
    AccountKind,
    CurrencyType,
    FlowDirection,
    IntegrationCategory,
    TransactionLinkType,
)
from vocabulary.enums import TransactionType as Type


@dataclass(frozen=True)
class Move:
    direction: FlowDirection
    asset_id: str
    quantity: str
    value: str | None = None
    currency: str | None = None
    is_fee: bool = False


def into(asset_id: str, quantity: str, value: str | None = None, currency: str = "USD") -> Move:
    return Move(FlowDirection.INFLOW, asset_id, quantity, value, None if value is None else currency)


def out(
    asset_id: str, quantity: str, value: str | None = None, currency: str = "USD", *, fee: bool = False
) -> Move:
    return Move(FlowDirection.OUTFLOW, asset_id, quantity, value, None if value is None else currency, fee)


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def add_wallet(session: Session, user: User, name: str = "Wallet") -> Account:
    account = Account(
        user_id=user.id,
        kind=AccountKind.CUSTOM_WALLET,
        name=name,
        integration_slug=CSV_INTEGRATION_SLUG,
        integration_category=IntegrationCategory.WALLET,
    )
    session.add(account)
    session.flush()
    return account


def add_user_token(session: Session, user: User, symbol: str) -> str:
    asset = Asset(
        id=f"user_asset_{uuid.uuid4()}",
        symbol=symbol,
        name=symbol,
        type=CurrencyType.USER_DEFINED_TOKEN,
        user_id=user.id,
    )
    session.add(asset)
    session.flush()
    return asset.id


def add_transaction(
    session: Session, account: Account, when: str, kind: Type, *moves: Move, ignored: bool = False
) -> Transaction:
    transaction = Transaction(
        user_id=account.user_id,
        account_id=account.id,
        natural_key=str(uuid.uuid4()),
        timestamp=at(when),
        type=kind,
        is_ignored=ignored,
    )
    session.add(transaction)
    session.flush()
    session.add_all(
        Flow(
            transaction_id=transaction.id,
            user_id=transaction.user_id,
            direction=move.direction,
            asset_id=move.asset_id,
            quantity=Decimal(move.quantity),
            value=None if move.value is None else Decimal(move.value),
            value_currency=move.currency,
            is_fee=move.is_fee,
        )
        for move in moves
    )
    session.flush()
    return transaction


def link_transfer(session: Session, sent: Transaction, received: Transaction) -> TransactionLink:
    link = TransactionLink(
        user_id=sent.user_id,
        link_type=TransactionLinkType.TRANSFER,
        from_transaction_id=sent.id,
        to_transaction_id=received.id,
        created_by="user",
    )
    session.add(link)
    session.flush()
    return link


def stored_lot(
    transaction: Transaction,
    asset: str,
    *,
    remaining: Decimal,
    remaining_cost_basis: Decimal,
    quantity: Decimal | None = None,
    cost_basis: Decimal | None = None,
    lot_id: str | None = None,
) -> TaxLot:
    """A lot as a cost-basis run stores it (named by `asset`'s symbol), acquired by `transaction`; by
    default all of it is left."""
    lot_id = lot_id or str(uuid.uuid4())
    return TaxLot(
        user_id=transaction.user_id,
        run_id=uuid.uuid4(),
        lot_id=lot_id,
        origin_lot_id=lot_id,
        transaction_id=transaction.id,
        account_id=transaction.account_id,
        asset=asset,
        acquired_at=transaction.timestamp,
        quantity=remaining if quantity is None else quantity,
        remaining=remaining,
        cost_basis=remaining_cost_basis if cost_basis is None else cost_basis,
        remaining_cost_basis=remaining_cost_basis,
        transfer_chain="",
    )
