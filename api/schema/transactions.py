"""Transactions (spec 001 §2, §7): the searched list (50 a page, keyset-paged), its count, one
transaction in detail, the legs to review that transfer matching left unpaired, and linking or unlinking
a transfer's two legs by hand. Edits are in api.schema.transaction_edits."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import Annotated

import strawberry
from graphql import GraphQLError

from api.context import CairnInfo
from api.limits import MAX_ID_CHARS, MAX_SEARCH_CHARS
from api.pagination import check_offset, check_page
from api.schema.accounts import account_id_of
from api.schema.common import MutationResult
from api.string_bounds import MaxLength, max_length
from ledger.scope.transaction_search import Cursor, Search, SearchError, parse
from ledger.scope.transactions import FlowView, TransactionView
from ledger.scope.transactions import TransactionDetail as Detail
from vocabulary.errors import TRANSFER_ERROR_MESSAGES, TransferError

PAGE_SIZE = 50  # spec 001 §9


@strawberry.type
class TransactionFlow:
    id: strawberry.ID
    direction: str  # INFLOW or OUTFLOW
    asset_id: str
    asset: str
    quantity: Decimal
    value: Decimal | None
    value_currency: str | None
    is_fee: bool
    is_overridden: bool = strawberry.field(
        description="The value is the user's cost basis or proceeds (USD)."
    )

    @classmethod
    def of(cls, flow: FlowView) -> TransactionFlow:
        return cls(
            id=strawberry.ID(str(flow.id)),
            direction=flow.direction.value,
            asset_id=flow.asset_id,
            asset=flow.asset,
            quantity=flow.quantity,
            value=flow.value,
            value_currency=flow.value_currency,
            is_fee=flow.is_fee,
            is_overridden=flow.is_overridden,
        )


@strawberry.type
class TransactionItem:
    id: strawberry.ID
    public_id: strawberry.ID
    timestamp: datetime
    type: str
    account_id: strawberry.ID
    account_name: str
    description: str
    is_manual: bool
    is_ignored: bool
    is_taxable: bool | None = strawberry.field(description="The user's word on its receipts; null: by type.")
    needs_review: bool
    review_reason: str | None
    linked_transaction_id: strawberry.ID | None  # the other leg of its transfer
    link_confidence: Decimal | None  # 0 to 1; 1 for a link made by hand
    flows: list[TransactionFlow]
    fiat_value: Decimal | None = strawberry.field(
        description="In `currency` at its day's FX close: as stated, else as the last run valued it."
    )
    gain: Decimal | None = strawberry.field(
        description="Of its disposals in the last cost-basis run, in `currency` at its day's FX close."
    )
    currency: str = strawberry.field(description="The user's base currency, which every amount is in.")

    @classmethod
    def of(cls, view: TransactionView, currency: str) -> TransactionItem:
        row = view.transaction
        linked = view.linked_transaction_id
        return cls(
            id=strawberry.ID(str(row.id)),
            public_id=strawberry.ID(str(row.public_id)),
            timestamp=row.timestamp,
            type=row.type.value,
            account_id=strawberry.ID(str(row.account_id)),
            account_name=view.account_name,
            description=row.description,
            is_manual=row.is_manual,
            is_ignored=row.is_ignored,
            is_taxable=row.is_taxable,
            needs_review=view.review_reason is not None,
            review_reason=view.review_reason,
            linked_transaction_id=None if linked is None else strawberry.ID(str(linked)),
            link_confidence=view.link_confidence,
            flows=[TransactionFlow.of(flow) for flow in view.flows],
            fiat_value=in_base(view.fiat_value, view.rate),
            gain=in_base(view.gain, view.rate),
            currency=currency,
        )


@strawberry.type
class TransactionPage:
    items: list[TransactionItem]
    page: int
    limit: int
    next_cursor: str | None = strawberry.field(
        description="Pass as `after` for the next page; null on the last."
    )
    search: strawberry.Private[Search | None]

    @strawberry.field(
        description="How many transactions match, counted only when asked for: the transactions page asks"
        " `transactionCount` beside the page, so its rows are not kept waiting for a count."
    )
    async def total(self, info: CairnInfo) -> int:
        return 0 if self.search is None else await info.context.scope.transactions.count(self.search)


@strawberry.type
class TransactionLinkInfo:
    id: strawberry.ID
    link_type: str  # bridge, linked_trade or transfer
    other_public_id: strawberry.ID
    outgoing: bool
    confidence: Decimal
    created_by: str  # user or auto


@strawberry.type
class TransactionLot:
    """A lot the transaction opened: its cost basis (an acquisition's), and what remains of it."""

    lot_id: str
    asset: str
    quantity: Decimal
    cost_basis: Decimal | None  # null: no FX close for its day
    remaining: Decimal
    remaining_cost_basis: Decimal | None  # null: no FX close for its day
    transfer_chain: str


@strawberry.type
class TransactionDisposedLot:
    """A lot slice the transaction disposed of, with its lineage back to the acquisition."""

    id: strawberry.ID
    flow_id: str
    lot_id: str | None
    origin_lot_id: str | None
    transfer_chain: str | None
    asset: str
    acquired_at: datetime
    quantity: Decimal
    proceeds: Decimal | None  # null: no FX close for its day
    cost_basis: Decimal | None  # null: no FX close for its day
    gain: Decimal | None  # null: no FX close for its day
    term: str
    rule: str | None
    callout: str | None


@strawberry.type
class TransactionEditInfo:
    field: str
    old_value: str | None
    new_value: str | None
    edited_at: datetime


@strawberry.type(description="A flow's value as a cost-basis run takes it, and where it comes from.")
class TransactionFlowValue:
    flow_id: strawberry.ID
    value: Decimal | None = strawberry.field(
        description="In the base currency; null: no price (a MISSING_PRICE_HISTORY callout) or no FX close."
    )
    source: str | None = strawberry.field(
        description="USER, TRADE (stated, or implied by the user's fiat trades that day), PROVIDER or TABLE."
    )


@strawberry.type
class TransactionDetail:
    transaction: TransactionItem
    labels: list[str]
    links: list[TransactionLinkInfo]
    lots: list[TransactionLot]
    disposed_lots: list[TransactionDisposedLot]
    edits: list[TransactionEditInfo]
    flow_values: list[TransactionFlowValue]

    @classmethod
    def of(cls, detail: Detail, currency: str) -> TransactionDetail:
        rate = detail.view.rate
        return cls(
            transaction=TransactionItem.of(detail.view, currency),
            labels=detail.labels,
            links=[
                TransactionLinkInfo(
                    id=strawberry.ID(str(link.id)),
                    link_type=link.link_type.value,
                    other_public_id=strawberry.ID(str(link.other_public_id)),
                    outgoing=link.outgoing,
                    confidence=link.confidence,
                    created_by=link.created_by,
                )
                for link in detail.links
            ],
            lots=[
                TransactionLot(
                    lot_id=lot.lot_id,
                    asset=lot.asset,
                    quantity=lot.quantity,
                    cost_basis=in_base(lot.cost_basis, rate),
                    remaining=lot.remaining,
                    remaining_cost_basis=in_base(lot.remaining_cost_basis, rate),
                    transfer_chain=lot.transfer_chain,
                )
                for lot in detail.lots
            ],
            disposed_lots=[
                TransactionDisposedLot(
                    id=strawberry.ID(str(slice_.id)),
                    flow_id=slice_.flow_id,
                    lot_id=slice_.lot_id,
                    origin_lot_id=slice_.origin_lot_id,
                    transfer_chain=slice_.transfer_chain,
                    asset=slice_.asset,
                    acquired_at=slice_.acquired_at,
                    quantity=slice_.quantity,
                    proceeds=in_base(slice_.proceeds, rate),
                    cost_basis=in_base(slice_.cost_basis, rate),
                    gain=in_base(slice_.gain, rate),
                    term=slice_.term,
                    rule=slice_.rule,
                    callout=slice_.callout,
                )
                for slice_ in detail.disposed_lots
            ],
            edits=[
                TransactionEditInfo(
                    field=edit.field,
                    old_value=edit.old_value,
                    new_value=edit.new_value,
                    edited_at=edit.edited_at,
                )
                for edit in detail.edits
            ],
            flow_values=[
                TransactionFlowValue(
                    flow_id=strawberry.ID(str(valued.flow_id)),
                    value=in_base(valued.value, rate),
                    source=None if valued.source is None else valued.source.value,
                )
                for valued in detail.flow_values
            ],
        )


def in_base(usd: Decimal | None, rate: Decimal | None) -> Decimal | None:
    """A USD amount in the base currency at `rate`; None without either."""
    return None if usd is None or rate is None else usd * rate


def _failed(code: TransferError) -> MutationResult:
    return MutationResult(success=False, error=code.value, error_message=TRANSFER_ERROR_MESSAGES[code])


def _pair(send: strawberry.ID, receive: strawberry.ID) -> tuple[int, int] | None:
    send_id, receive_id = account_id_of(send), account_id_of(receive)
    return None if send_id is None or receive_id is None else (send_id, receive_id)


def public_id_of(value: strawberry.ID) -> uuid.UUID | None:
    """The transaction public id an ID names; None for anything that is not one."""
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def _search(
    info: CairnInfo, query: str, needs_review: bool | None, account_id: strawberry.ID | None
) -> Search | None:
    """The page's search; None when it names an account that cannot be the user's."""
    user = info.context.user
    try:
        search = parse(query, (user.tax_year_start_month, user.tax_year_start_day))
    except SearchError as error:
        raise GraphQLError(str(error)) from None
    if needs_review is not None:
        search = replace(search, needs_review=needs_review)
    if account_id is not None:
        account = account_id_of(account_id)
        if account is None:
            return None
        search = replace(search, account_ids=(*search.account_ids, account))
    return search


Query = Annotated[
    str,
    strawberry.argument(
        description="Words and the filters has:review, wallet:{id}, is:uncategorized, asset_id:{id}, "
        "crypto_id:{id}, fiat_id:{id}, user_asset_id:{id}, nft_id:{id}, blockchain_token_id:{id}, "
        "from:YYYY-MM-DD, to:YYYY-MM-DD, tax_year:YYYY (the user's tax year) and callout:{TYPE} (of the "
        "last cost-basis run), all combined.",
        directives=[MaxLength(chars=MAX_SEARCH_CHARS)],
    ),
]


@strawberry.type
class TransactionAsset:
    id: strawberry.ID
    symbol: str
    name: str
    type: str  # CRYPTO_CURRENCY, FIAT, USER_DEFINED_TOKEN …


@strawberry.type
class TransactionsQuery:
    @strawberry.field(description="Newest first; `after` (a page's nextCursor) pages by keyset.")
    async def transactions(
        self,
        info: CairnInfo,
        page: int = 1,
        limit: int = PAGE_SIZE,
        query: Query = "",
        after: Annotated[str | None, max_length(MAX_ID_CHARS)] = None,
        needs_review: bool | None = None,
        account_id: strawberry.ID | None = None,
    ) -> TransactionPage:
        check_page(page, limit)
        search = _search(info, query, needs_review, account_id)
        if search is None:
            return TransactionPage(items=[], page=page, limit=limit, next_cursor=None, search=None)
        try:
            cursor = None if after is None else Cursor.parse(after)
        except SearchError as error:
            raise GraphQLError(str(error)) from None
        scope = info.context.scope.transactions
        currency = info.context.user.base_currency
        views, next_cursor = await scope.page(search, limit, currency, page=page, after=cursor)
        return TransactionPage(
            items=[TransactionItem.of(view, currency) for view in views],
            page=page,
            limit=limit,
            next_cursor=None if next_cursor is None else str(next_cursor),
            search=search,
        )

    @strawberry.field(description="How many transactions match the search.")
    async def transaction_count(self, info: CairnInfo, query: Query = "") -> int:
        search = _search(info, query, None, None)
        return 0 if search is None else await info.context.scope.transactions.count(search)

    @strawberry.field(description="Assets a transaction may hold whose symbol or name starts with `query`.")
    async def currency_search(
        self, info: CairnInfo, query: Annotated[str, max_length(MAX_SEARCH_CHARS)], limit: int = 20
    ) -> list[TransactionAsset]:
        check_offset(0, limit)
        found = await info.context.scope.transactions.assets(query, limit)
        return [
            TransactionAsset(
                id=strawberry.ID(asset.id), symbol=asset.symbol, name=asset.name, type=asset.type.value
            )
            for asset in found
        ]

    @strawberry.field(
        description="One transaction with its flows, links, lots and lineage; null when not found."
    )
    async def transaction(self, info: CairnInfo, public_id: strawberry.ID) -> TransactionDetail | None:
        found = public_id_of(public_id)
        currency = info.context.user.base_currency
        detail = None if found is None else await info.context.scope.transactions.detail(found, currency)
        return None if detail is None else TransactionDetail.of(detail, currency)


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
    scope = info.context.scope.transactions
    problem = await (scope.link_transfer(*pair) if link else scope.unlink_transfer(*pair))
    if problem is not None:
        return _failed(problem)
    await info.context.session.commit()
    return MutationResult.ok()
