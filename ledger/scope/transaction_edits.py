"""One user's edits to their transactions (spec 001 §7 "Transactions"): manual transactions made, changed
and deleted; ignoring, taxability, type and labels, cost basis and proceeds, date-time, links, and the
asset of many at once. Each is validated here, and each change is recorded in `transaction_edits`
(who, when, field, old → new) in the same database transaction.

Like `UserScope`, every query is limited to its user: an id of another user answers "not found". The
caller commits and requests the cost-basis run that makes the edit count.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import delete, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.locks import transfer_links_lock
from ledger.models import (
    Account,
    Asset,
    Flow,
    Label,
    Transaction,
    TransactionEdit,
    TransactionLabel,
    TransactionLink,
)
from ledger.scope.freezing import touches_frozen
from ledger.scope.transactions import TransactionsScope
from vocabulary.enums import FlowDirection, TransactionLinkType, TransactionType
from vocabulary.errors import TransactionEditError as Problem
from vocabulary.errors import TransferError
from vocabulary.taxability import TAXABILITY_TYPES
from vocabulary.transfers import LINKED_BY_USER

MAX_LABELS = 20
MAX_LABEL_CHARS = 100
MAX_DIGITS, MAX_DECIMALS = 38, 18  # NUMERIC(38, 18): never rounded, so refused beyond it
MANUAL_KEY_PREFIX = "manual:"  # natural key of a transaction entered by hand, with a fresh UUID


@dataclass(frozen=True)
class FlowInput:
    direction: FlowDirection
    asset_id: str
    quantity: Decimal
    value: Decimal | None = None  # in value_currency
    value_currency: str = "USD"
    is_fee: bool = False


@dataclass(frozen=True)
class ManualTransaction:
    account_id: int
    timestamp: datetime
    type: TransactionType
    flows: Sequence[FlowInput]
    description: str = ""
    labels: Sequence[str] = ()


def amount_problem(amount: Decimal) -> Problem | None:
    """Why an amount cannot be stored exactly as a positive NUMERIC(38, 18), if it cannot."""
    if not amount.is_finite() or amount <= 0:
        return Problem.NOT_POSITIVE
    exponent = amount.normalize().as_tuple().exponent
    if (
        isinstance(exponent, int) and exponent < -MAX_DECIMALS
    ) or amount.adjusted() >= MAX_DIGITS - MAX_DECIMALS:
        return Problem.TOO_PRECISE
    return None


def _text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat()
    if isinstance(value, TransactionType | FlowDirection | TransactionLinkType):
        return value.value
    return str(value)


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class TransactionEditsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id
        self.transactions = TransactionsScope(session, user_id)

    # Manual transactions

    async def create_manual(self, entered: ManualTransaction) -> Transaction | Problem:
        problem = await self._manual_problem(entered)
        if problem is not None:
            return problem
        if await touches_frozen(self.session, self.user_id, [_utc(entered.timestamp)]):
            return Problem.FROZEN_PERIOD
        transaction = Transaction(
            user_id=self.user_id,
            account_id=entered.account_id,
            natural_key=f"{MANUAL_KEY_PREFIX}{uuid.uuid4()}",
            timestamp=_utc(entered.timestamp),
            type=entered.type,
            description=entered.description,
            is_manual=True,
        )
        self.session.add(transaction)
        await self.session.flush()
        self._add_flows(transaction.id, entered.flows)
        await self._set_labels(transaction.id, entered.labels)
        self._record(transaction.public_id, "transaction", None, "created by hand")
        return transaction

    async def update_manual(self, public_id: uuid.UUID, entered: ManualTransaction) -> Problem | None:
        transaction = await self._owned(public_id)
        if transaction is None:
            return Problem.TRANSACTION_NOT_FOUND
        if not transaction.is_manual:
            return Problem.NOT_MANUAL
        problem = await self._manual_problem(entered)
        if problem is not None:
            return problem
        if await touches_frozen(self.session, self.user_id, [transaction.timestamp, _utc(entered.timestamp)]):
            return Problem.FROZEN_PERIOD
        changes = {
            "account": (transaction.account_id, entered.account_id),
            "timestamp": (transaction.timestamp, _utc(entered.timestamp)),
            "type": (transaction.type, entered.type),
            "description": (transaction.description, entered.description),
        }
        transaction.account_id = entered.account_id
        transaction.timestamp = _utc(entered.timestamp)
        transaction.type = entered.type
        transaction.description = entered.description
        for field, (old, new) in changes.items():
            if old != new:
                self._record(public_id, field, old, new)
        old_flows = await self._flows_text(transaction.id)
        await self.session.execute(delete(Flow).where(Flow.transaction_id == transaction.id))
        self._add_flows(transaction.id, entered.flows)
        await self.session.flush()
        new_flows = await self._flows_text(transaction.id)
        if old_flows != new_flows:
            self._record(public_id, "flows", old_flows, new_flows)
        await self._change_labels(transaction, entered.labels)
        return None

    async def delete_manual(self, public_ids: Sequence[uuid.UUID]) -> Problem | None:
        """Delete them all, or none when one is not found or was not entered by hand."""
        await self.session.execute(transfer_links_lock(self.user_id))  # their links go with them
        found = await self._owned_many(public_ids)
        if found is None:
            return Problem.TRANSACTION_NOT_FOUND
        if not all(transaction.is_manual for transaction in found):
            return Problem.NOT_MANUAL
        if await touches_frozen(self.session, self.user_id, [t.timestamp for t in found]):
            return Problem.FROZEN_PERIOD
        for transaction in found:
            self._record(transaction.public_id, "transaction", "entered by hand", "deleted")
        await self.session.execute(delete(Transaction).where(Transaction.id.in_([t.id for t in found])))
        return None

    # Fields of any transaction

    async def set_ignored(self, public_ids: Sequence[uuid.UUID], ignored: bool) -> Problem | None:
        found = await self._owned_many(public_ids)
        if found is None:
            return Problem.TRANSACTION_NOT_FOUND
        if await touches_frozen(self.session, self.user_id, [t.timestamp for t in found]):
            return Problem.FROZEN_PERIOD
        for transaction in found:
            if transaction.is_ignored != ignored:
                self._record(transaction.public_id, "is_ignored", transaction.is_ignored, ignored)
                transaction.is_ignored = ignored
        return None

    async def set_taxability(self, public_id: uuid.UUID, taxable: bool | None) -> Problem | None:
        """The user's word on whether its receipts are income (or, for a conversion, whether it is a
        disposal); None returns to what its type and the user's settings say."""
        transaction = await self._owned(public_id)
        if transaction is None:
            return Problem.TRANSACTION_NOT_FOUND
        if transaction.type not in TAXABILITY_TYPES:
            return Problem.TAXABILITY_NOT_EDITABLE
        if await touches_frozen(self.session, self.user_id, [transaction.timestamp]):
            return Problem.FROZEN_PERIOD
        if transaction.is_taxable != taxable:
            self._record(public_id, "is_taxable", transaction.is_taxable, taxable)
            transaction.is_taxable = taxable
        return None

    async def set_operation_purpose(
        self, public_id: uuid.UUID, kind: TransactionType, labels: Sequence[str]
    ) -> Problem | None:
        transaction = await self._owned(public_id)
        if transaction is None:
            return Problem.TRANSACTION_NOT_FOUND
        if _labels_problem(labels):
            return Problem.INVALID_LABEL
        if await touches_frozen(self.session, self.user_id, [transaction.timestamp]):
            return Problem.FROZEN_PERIOD
        if transaction.type != kind:
            self._record(public_id, "type", transaction.type, kind)
            transaction.type = kind
        await self._change_labels(transaction, labels)
        return None

    async def set_timestamp(self, public_id: uuid.UUID, moment: datetime) -> Problem | None:
        transaction = await self._owned(public_id)
        if transaction is None:
            return Problem.TRANSACTION_NOT_FOUND
        if _utc(moment) > datetime.now(UTC):
            return Problem.IN_THE_FUTURE
        if await touches_frozen(self.session, self.user_id, [transaction.timestamp, _utc(moment)]):
            return Problem.FROZEN_PERIOD
        if transaction.timestamp != _utc(moment):
            self._record(public_id, "timestamp", transaction.timestamp, _utc(moment))
            transaction.timestamp = _utc(moment)
        return None

    async def set_value_override(
        self, flow_id: int, amount: Decimal | None, direction: FlowDirection
    ) -> Problem | None:
        """The cost basis (an inflow's) or proceeds (an outflow's) in USD the cost-basis run takes
        instead of the flow's value; None removes the override."""
        row = (
            await self.session.execute(
                select(Flow, Transaction.public_id, Transaction.timestamp)
                .join(Transaction, Transaction.id == Flow.transaction_id)
                .where(Flow.id == flow_id, Transaction.user_id == self.user_id)
                .with_for_update(of=Flow, key_share=True)
            )
        ).first()
        if row is None:
            return Problem.FLOW_NOT_FOUND
        flow, public_id, moment = row
        if flow.direction is not direction:
            return Problem.NOT_AN_INFLOW if direction is FlowDirection.INFLOW else Problem.NOT_AN_OUTFLOW
        if amount is not None and (problem := amount_problem(amount)) is not None:
            return problem
        if await touches_frozen(self.session, self.user_id, [moment]):
            return Problem.FROZEN_PERIOD
        if flow.value_override != amount:
            field = "cost_basis" if direction is FlowDirection.INFLOW else "proceeds"
            self._record(public_id, field, flow.value_override, amount)
            flow.value_override = amount
        return None

    async def bulk_update_asset(
        self, public_ids: Sequence[uuid.UUID], from_asset_id: str, to_asset_id: str
    ) -> Problem | None:
        """The flows of `from_asset_id` in these transactions become flows of `to_asset_id`."""
        found = await self._owned_many(public_ids)
        if found is None:
            return Problem.TRANSACTION_NOT_FOUND
        if await self._missing_assets((from_asset_id, to_asset_id)):
            return Problem.ASSET_NOT_FOUND
        if await touches_frozen(self.session, self.user_id, [t.timestamp for t in found]):
            return Problem.FROZEN_PERIOD
        changed = await self.session.execute(
            update(Flow)
            .where(Flow.transaction_id.in_([t.id for t in found]), Flow.asset_id == from_asset_id)
            .values(asset_id=to_asset_id)
            .returning(Flow.transaction_id)
        )
        by_id = {transaction.id: transaction.public_id for transaction in found}
        for tx_id in sorted(set(changed.scalars())):
            self._record(by_id[tx_id], "asset", from_asset_id, to_asset_id)
        return None

    # Links

    async def create_link(
        self, from_id: uuid.UUID, to_id: uuid.UUID, link_type: TransactionLinkType
    ) -> Problem | TransferError | None:
        """Link two of the user's transactions; a transfer must be a send and the receive of it."""
        if from_id == to_id:
            return Problem.SAME_TRANSACTION
        await self.session.execute(transfer_links_lock(self.user_id))
        found = await self._owned_many((from_id, to_id))
        if found is None:
            return Problem.TRANSACTION_NOT_FOUND
        if await touches_frozen(self.session, self.user_id, [t.timestamp for t in found]):
            return Problem.FROZEN_PERIOD
        ids = {transaction.public_id: transaction.id for transaction in found}
        problem: Problem | TransferError | None
        if link_type is TransactionLinkType.TRANSFER:
            problem = await self.transactions.link_transfer(ids[from_id], ids[to_id])
        else:
            added = await self.session.execute(
                insert(TransactionLink)
                .values(
                    user_id=self.user_id,
                    link_type=link_type,
                    from_transaction_id=ids[from_id],
                    to_transaction_id=ids[to_id],
                    confidence=Decimal(1),
                    created_by=LINKED_BY_USER,
                )
                .on_conflict_do_nothing()
                .returning(TransactionLink.id)
            )
            problem = Problem.ALREADY_LINKED if added.first() is None else None
        if problem is None:
            self._record(from_id, "link", None, f"{link_type.value} to {to_id}")
            self._record(to_id, "link", None, f"{link_type.value} from {from_id}")
        return problem

    async def remove_link(self, link_id: int) -> Problem | TransferError | None:
        """Remove one of the user's links; an unlinked transfer is never matched again (as by hand)."""
        await self.session.execute(transfer_links_lock(self.user_id))
        row = (
            await self.session.execute(
                select(TransactionLink).where(
                    TransactionLink.id == link_id, TransactionLink.user_id == self.user_id
                )
            )
        ).scalar_one_or_none()
        if row is None:
            return Problem.LINK_NOT_FOUND
        ends_and_moments = (
            await self.session.execute(
                select(Transaction.public_id, Transaction.timestamp).where(
                    Transaction.id.in_((row.from_transaction_id, row.to_transaction_id))
                )
            )
        ).all()
        if await touches_frozen(self.session, self.user_id, [moment for _, moment in ends_and_moments]):
            return Problem.FROZEN_PERIOD
        ends = [public_id for public_id, _ in ends_and_moments]
        if row.link_type is TransactionLinkType.TRANSFER:
            problem = await self.transactions.unlink_transfer(row.from_transaction_id, row.to_transaction_id)
            if problem is not None:
                return problem
        else:
            await self.session.delete(row)
        for public_id in ends:
            self._record(public_id, "link", row.link_type.value, None)
        return None

    # Helpers

    def _record(self, public_id: uuid.UUID, field: str, old: object, new: object) -> None:
        self.session.add(
            TransactionEdit(
                user_id=self.user_id,
                editor_id=self.user_id,  # the signed-in user; view-as would name the admin or tax pro here
                transaction_public_id=public_id,
                field=field,
                old_value=_text(old),
                new_value=_text(new),
            )
        )

    async def _owned(self, public_id: uuid.UUID) -> Transaction | None:
        return await self.session.scalar(
            select(Transaction)
            .where(Transaction.user_id == self.user_id, Transaction.public_id == public_id)
            .with_for_update(key_share=True)
        )

    async def _owned_many(self, public_ids: Sequence[uuid.UUID]) -> list[Transaction] | None:
        """All of them, or None when one is not the user's."""
        wanted = set(public_ids)
        found = list(
            await self.session.scalars(
                select(Transaction)
                .where(Transaction.user_id == self.user_id, Transaction.public_id.in_(wanted))
                .order_by(Transaction.id)
                .with_for_update(key_share=True)
            )
        )
        return found if wanted and len(found) == len(wanted) else None

    async def _missing_assets(self, asset_ids: Sequence[str]) -> bool:
        visible = await self.session.scalars(
            select(Asset.id).where(
                Asset.id.in_(asset_ids), or_(Asset.user_id.is_(None), Asset.user_id == self.user_id)
            )
        )
        return set(asset_ids) - set(visible) != set()

    async def _manual_problem(self, entered: ManualTransaction) -> Problem | None:
        account = await self.session.scalar(
            select(Account.id).where(Account.id == entered.account_id, Account.user_id == self.user_id)
        )
        if account is None:
            return Problem.ACCOUNT_NOT_FOUND
        if _utc(entered.timestamp) > datetime.now(UTC):
            return Problem.IN_THE_FUTURE
        if not entered.flows:
            return Problem.NO_FLOWS
        for flow in entered.flows:
            if flow.is_fee and flow.direction is not FlowDirection.OUTFLOW:
                return Problem.FEE_NOT_OUTFLOW
            for amount in (flow.quantity, flow.value):
                if amount is not None and (problem := amount_problem(amount)) is not None:
                    return problem
        if await self._missing_assets([flow.asset_id for flow in entered.flows]):
            return Problem.ASSET_NOT_FOUND
        if _labels_problem(entered.labels):
            return Problem.INVALID_LABEL
        return None

    def _add_flows(self, tx_id: int, flows: Sequence[FlowInput]) -> None:
        self.session.add_all(
            Flow(
                transaction_id=tx_id,
                user_id=self.user_id,
                direction=flow.direction,
                asset_id=flow.asset_id,
                quantity=flow.quantity,
                value=flow.value,
                value_currency=None if flow.value is None else flow.value_currency,
                is_fee=flow.is_fee,
            )
            for flow in flows
        )

    async def _flows_text(self, tx_id: int) -> str:
        rows = await self.session.execute(
            select(Flow.direction, Flow.quantity, Flow.asset_id, Flow.value, Flow.value_currency, Flow.is_fee)
            .where(Flow.transaction_id == tx_id)
            .order_by(Flow.id)
        )
        return "; ".join(
            f"{'fee ' if fee else ''}{direction.value} {_text(quantity)} {asset}"
            + ("" if value is None else f" worth {_text(value)} {currency}")
            for direction, quantity, asset, value, currency, fee in rows
        )

    async def _labels(self, tx_id: int) -> list[str]:
        names = await self.session.scalars(
            select(Label.name)
            .join(TransactionLabel, TransactionLabel.label_id == Label.id)
            .where(TransactionLabel.transaction_id == tx_id)
            .order_by(Label.name)
        )
        return list(names)

    async def _change_labels(self, transaction: Transaction, labels: Sequence[str]) -> None:
        old = await self._labels(transaction.id)
        new = sorted({label.strip() for label in labels})
        if old != new:
            await self.session.execute(
                delete(TransactionLabel).where(TransactionLabel.transaction_id == transaction.id)
            )
            await self._set_labels(transaction.id, new)
            self._record(transaction.public_id, "labels", ", ".join(old) or None, ", ".join(new) or None)

    async def _set_labels(self, tx_id: int, labels: Sequence[str]) -> None:
        names = sorted({label.strip() for label in labels})
        if not names:
            return
        await self.session.execute(
            insert(Label)
            .values([{"user_id": self.user_id, "name": name} for name in names])
            .on_conflict_do_nothing()
        )
        label_ids = await self.session.scalars(
            select(Label.id).where(Label.user_id == self.user_id, Label.name.in_(names))
        )
        await self.session.execute(
            insert(TransactionLabel).values(
                [{"transaction_id": tx_id, "label_id": label_id} for label_id in label_ids]
            )
        )


def _labels_problem(labels: Sequence[str]) -> bool:
    return len(labels) > MAX_LABELS or any(not 1 <= len(label.strip()) <= MAX_LABEL_CHARS for label in labels)
