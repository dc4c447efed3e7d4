"""One user's transactions as the API sees them: the paged list (with what to review), and linking or
unlinking a transfer's two legs by hand.

Like `UserScope`, every query is limited to its user: a transaction id of another user answers exactly
like one that does not exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import and_, delete, func, literal, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import (
    Account,
    Asset,
    Flow,
    Transaction,
    TransactionLink,
    TransactionLinkExclusion,
    TransactionReview,
)
from ledger.writes.transfers import LINKED_BY_USER, RECEIVE_TYPES, SEND_TYPES
from vocabulary.enums import CurrencyType, FlowDirection, TransactionLinkType, TransactionType
from vocabulary.errors import TransferError

UNLINKED_BY_HAND = "unlinked by hand: check whether this transfer has another leg"


@dataclass(frozen=True, slots=True)
class FlowView:
    direction: FlowDirection
    asset: str  # the symbol
    quantity: Decimal
    value: Decimal | None
    is_fee: bool


@dataclass(frozen=True, slots=True)
class TransactionView:
    transaction: Transaction
    account_name: str
    review_reason: str | None  # set when the transaction needs the user's review
    flows: list[FlowView]
    linked_transaction_id: int | None  # the other leg of its transfer
    link_confidence: Decimal | None


@dataclass(frozen=True, slots=True)
class _LegShape:
    account_id: int
    type: TransactionType
    moves: list[tuple[FlowDirection, str, CurrencyType]]  # its flows that are not fees


class TransactionsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def page(
        self, page: int, limit: int, *, needs_review: bool | None, account_id: int | None
    ) -> tuple[list[TransactionView], int]:
        """Newest first, with their flows and transfer links, and how many match in all."""
        flagged = Transaction.id.in_(select(TransactionReview.transaction_id).correlate(None))
        where = [Transaction.user_id == self.user_id]
        if needs_review is not None:
            where.append(flagged if needs_review else ~flagged)
        if account_id is not None:
            where.append(Transaction.account_id == account_id)
        total = await self.session.scalar(select(func.count()).select_from(Transaction).where(*where))
        rows = (
            await self.session.execute(
                select(Transaction, Account.name, TransactionReview.reason)
                .join(Account, Account.id == Transaction.account_id)
                .outerjoin(TransactionReview, TransactionReview.transaction_id == Transaction.id)
                .where(*where)
                .order_by(Transaction.timestamp.desc(), Transaction.id.desc())
                .offset((page - 1) * limit)
                .limit(limit)
            )
        ).all()
        ids = [transaction.id for transaction, _, _ in rows]
        flows = await self._flows(ids)
        links = await self._transfer_links(ids)
        views = [
            TransactionView(
                transaction=transaction,
                account_name=name,
                review_reason=reason,
                flows=flows.get(transaction.id, []),
                linked_transaction_id=links[transaction.id][0] if transaction.id in links else None,
                link_confidence=links[transaction.id][1] if transaction.id in links else None,
            )
            for transaction, name, reason in rows
        ]
        return views, total or 0

    async def _flows(self, ids: Sequence[int]) -> dict[int, list[FlowView]]:
        found: dict[int, list[FlowView]] = {}
        rows = await self.session.execute(
            select(Flow, Asset.symbol)
            .join(Asset, Asset.id == Flow.asset_id)
            .where(Flow.transaction_id.in_(ids))
            .order_by(Flow.transaction_id, Flow.id)
        )
        for flow, symbol in rows:
            found.setdefault(flow.transaction_id, []).append(
                FlowView(flow.direction, symbol, flow.quantity, flow.value, flow.is_fee)
            )
        return found

    async def _transfer_links(self, ids: Sequence[int]) -> dict[int, tuple[int, Decimal]]:
        rows = await self.session.execute(
            select(
                TransactionLink.from_transaction_id,
                TransactionLink.to_transaction_id,
                TransactionLink.confidence,
            ).where(
                TransactionLink.user_id == self.user_id,
                TransactionLink.link_type == TransactionLinkType.TRANSFER,
                or_(TransactionLink.from_transaction_id.in_(ids), TransactionLink.to_transaction_id.in_(ids)),
            )
        )
        found: dict[int, tuple[int, Decimal]] = {}
        for send_id, receive_id, confidence in rows:
            found[send_id] = (receive_id, confidence)
            found[receive_id] = (send_id, confidence)
        return found

    async def link_transfer(self, send_id: int, receive_id: int) -> TransferError | None:
        """Link a send and a receive as one transfer by hand (replacing links either leg had)."""
        legs = await self._leg_shapes((send_id, receive_id))
        if send_id not in legs or receive_id not in legs:
            return TransferError.TRANSACTION_NOT_FOUND
        send, receive = legs[send_id], legs[receive_id]
        if not (_is_leg(send, sending=True) and _is_leg(receive, sending=False)):
            return TransferError.NOT_A_TRANSFER
        if send.account_id == receive.account_id or send.moves[0][1] != receive.moves[0][1]:
            return TransferError.NOT_A_TRANSFER
        ends = (send_id, receive_id)
        await self.session.execute(
            delete(TransactionLink).where(
                TransactionLink.user_id == self.user_id,
                TransactionLink.link_type == TransactionLinkType.TRANSFER,
                or_(
                    TransactionLink.from_transaction_id.in_(ends), TransactionLink.to_transaction_id.in_(ends)
                ),
            )
        )
        await self.session.execute(
            delete(TransactionLinkExclusion).where(
                TransactionLinkExclusion.user_id == self.user_id,
                TransactionLinkExclusion.from_transaction_id == send_id,
                TransactionLinkExclusion.to_transaction_id == receive_id,
            )
        )
        self.session.add(
            TransactionLink(
                user_id=self.user_id,
                link_type=TransactionLinkType.TRANSFER,
                from_transaction_id=send_id,
                to_transaction_id=receive_id,
                confidence=Decimal(1),
                created_by=LINKED_BY_USER,
            )
        )
        await self._set_review(ends, None)
        return None

    async def unlink_transfer(self, send_id: int, receive_id: int) -> TransferError | None:
        """Undo the transfer link of the pair; matching never pairs them again, and both legs are
        flagged for review."""
        removed = await self.session.execute(
            delete(TransactionLink)
            .where(
                TransactionLink.user_id == self.user_id,
                TransactionLink.link_type == TransactionLinkType.TRANSFER,
                TransactionLink.from_transaction_id == send_id,
                TransactionLink.to_transaction_id == receive_id,
            )
            .returning(TransactionLink.id)
        )
        if removed.first() is None:
            return TransferError.LINK_NOT_FOUND
        await self.session.execute(
            insert(TransactionLinkExclusion)
            .values(user_id=self.user_id, from_transaction_id=send_id, to_transaction_id=receive_id)
            .on_conflict_do_nothing()
        )
        await self._set_review((send_id, receive_id), UNLINKED_BY_HAND)
        return None

    async def _set_review(self, ids: Sequence[int], reason: str | None) -> None:
        """Flag the user's transactions with the reason, or clear them (None); other users' ids are left."""
        owned = select(Transaction.id).where(Transaction.user_id == self.user_id, Transaction.id.in_(ids))
        await self.session.execute(
            delete(TransactionReview).where(TransactionReview.transaction_id.in_(owned.scalar_subquery()))
        )
        if reason is not None:
            await self.session.execute(
                insert(TransactionReview).from_select(
                    ["transaction_id", "reason"], owned.add_columns(literal(reason))
                )
            )

    async def _leg_shapes(self, ids: Sequence[int]) -> dict[int, _LegShape]:
        rows = await self.session.execute(
            select(
                Transaction.id,
                Transaction.account_id,
                Transaction.type,
                Flow.direction,
                Asset.symbol,
                Asset.type,
            )
            .outerjoin(Flow, and_(Flow.transaction_id == Transaction.id, Flow.is_fee.is_(False)))
            .outerjoin(Asset, Asset.id == Flow.asset_id)
            .where(
                Transaction.user_id == self.user_id,
                Transaction.id.in_(ids),
                Transaction.is_ignored.is_(False),
            )
        )
        shapes: dict[int, _LegShape] = {}
        for tx_id, account_id, kind, direction, symbol, asset_type in rows:
            shape = shapes.setdefault(tx_id, _LegShape(account_id, kind, []))
            if direction is not None:
                shape.moves.append((direction, symbol, asset_type))
        return shapes


def _is_leg(shape: _LegShape, *, sending: bool) -> bool:
    """One non-fee flow of a crypto asset, in the direction of the transaction's type."""
    if len(shape.moves) != 1 or shape.type not in (SEND_TYPES if sending else RECEIVE_TYPES):
        return False
    direction, _, asset_type = shape.moves[0]
    expected = FlowDirection.OUTFLOW if sending else FlowDirection.INFLOW
    return direction == expected and asset_type != CurrencyType.FIAT
