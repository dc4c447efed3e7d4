"""Transactions: the paged list (50 a page, spec 000 §9), the legs to review that transfer matching
left unpaired, and linking or unlinking a transfer's two legs by hand."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import strawberry

from api.context import CairnInfo
from api.schema.accounts import MAX_PAGE_SIZE, account_id_of
from api.schema.common import MutationResult
from ledger.scope.transactions import TransactionView
from vocabulary.errors import TRANSFER_ERROR_MESSAGES, TransferError

PAGE_SIZE = 50


@strawberry.type
class TransactionFlow:
    direction: str  # INFLOW or OUTFLOW
    asset: str
    quantity: Decimal
    value: Decimal | None
    is_fee: bool


@strawberry.type
class TransactionItem:
    id: strawberry.ID
    public_id: strawberry.ID
    timestamp: datetime
    type: str
    account_id: strawberry.ID
    account_name: str
    needs_review: bool
    review_reason: str | None
    linked_transaction_id: strawberry.ID | None  # the other leg of its transfer
    link_confidence: Decimal | None  # 0 to 1; 1 for a link made by hand
    flows: list[TransactionFlow]

    @classmethod
    def of(cls, view: TransactionView) -> TransactionItem:
        row = view.transaction
        linked = view.linked_transaction_id
        return cls(
            id=strawberry.ID(str(row.id)),
            public_id=strawberry.ID(str(row.public_id)),
            timestamp=row.timestamp,
            type=row.type.value,
            account_id=strawberry.ID(str(row.account_id)),
            account_name=view.account_name,
            needs_review=view.review_reason is not None,
            review_reason=view.review_reason,
            linked_transaction_id=None if linked is None else strawberry.ID(str(linked)),
            link_confidence=view.link_confidence,
            flows=[
                TransactionFlow(
                    direction=flow.direction.value,
                    asset=flow.asset,
                    quantity=flow.quantity,
                    value=flow.value,
                    is_fee=flow.is_fee,
                )
                for flow in view.flows
            ],
        )


@strawberry.type
class TransactionPage:
    items: list[TransactionItem]
    total: int
    page: int
    limit: int


def _failed(code: TransferError) -> MutationResult:
    return MutationResult(success=False, error=code.value, error_message=TRANSFER_ERROR_MESSAGES[code])


def _pair(send: strawberry.ID, receive: strawberry.ID) -> tuple[int, int] | None:
    send_id, receive_id = account_id_of(send), account_id_of(receive)
    return None if send_id is None or receive_id is None else (send_id, receive_id)


@strawberry.type
class TransactionsQuery:
    @strawberry.field
    async def transactions(
        self,
        info: CairnInfo,
        page: int = 1,
        limit: int = PAGE_SIZE,
        needs_review: bool | None = None,
        account_id: strawberry.ID | None = None,
    ) -> TransactionPage:
        if page < 1:
            raise ValueError("page must be 1 or more")
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise ValueError(f"limit must be between 1 and {MAX_PAGE_SIZE}")
        account = None if account_id is None else account_id_of(account_id)
        if account_id is not None and account is None:
            return TransactionPage(items=[], total=0, page=page, limit=limit)
        views, total = await info.context.transactions.page(
            page, limit, needs_review=needs_review, account_id=account
        )
        return TransactionPage(
            items=[TransactionItem.of(view) for view in views], total=total, page=page, limit=limit
        )


@strawberry.type
class TransfersMutation:
    @strawberry.mutation(description="Link a send and a receive of the same asset as one transfer.")
    async def link_transfer(
        self, info: CairnInfo, send_transaction_id: strawberry.ID, receive_transaction_id: strawberry.ID
    ) -> MutationResult:
        return await _change_link(
            info, send_transaction_id, receive_transaction_id, TransferError.TRANSACTION_NOT_FOUND, link=True
        )

    @strawberry.mutation(description="Undo a transfer link; matching will not pair the two legs again.")
    async def unlink_transfer(
        self, info: CairnInfo, send_transaction_id: strawberry.ID, receive_transaction_id: strawberry.ID
    ) -> MutationResult:
        return await _change_link(
            info, send_transaction_id, receive_transaction_id, TransferError.LINK_NOT_FOUND, link=False
        )


async def _change_link(
    info: CairnInfo, send_id: strawberry.ID, receive_id: strawberry.ID, unknown: TransferError, *, link: bool
) -> MutationResult:
    pair = _pair(send_id, receive_id)
    if pair is None:
        return _failed(unknown)
    scope = info.context.transactions
    problem = await (scope.link_transfer(*pair) if link else scope.unlink_transfer(*pair))
    if problem is not None:
        return _failed(problem)
    await info.context.session.commit()
    return MutationResult.ok()
