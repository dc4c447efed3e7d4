"""One user's transactions as the API sees them: the searched, keyset-paged list (with what to review,
values and gains), one transaction in detail (links, lots, lineage, edits), and linking or unlinking a
transfer's two legs by hand.

Like `UserScope`, every query is limited to its user: a transaction id of another user answers exactly
like one that does not exist.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, Select, and_, case, column, delete, func, literal, or_, select, union, values
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.locks import transfer_links_lock
from ledger.models import (
    Account,
    Asset,
    AssetCountDelta,
    DisposedLot,
    Flow,
    Label,
    ReviewCountDelta,
    TaxLot,
    Transaction,
    TransactionCallout,
    TransactionCountDelta,
    TransactionEdit,
    TransactionLabel,
    TransactionLink,
    TransactionLinkExclusion,
    TransactionReview,
)
from ledger.models.spam import not_spam
from ledger.scope.portfolio import usd_in
from ledger.scope.transaction_search import Cursor, Search
from ledger.scope.word_search import Part, Symbols, symbol_assets
from ledger.scope.word_search import conditions as word_conditions
from ledger.scope.word_search import parts as word_parts
from ledger.writes.prices import flow_values
from vocabulary.enums import CurrencyType, FlowDirection, TransactionLinkType, TransactionType
from vocabulary.errors import TransferError
from vocabulary.price_sources import ValueSource
from vocabulary.transfers import LINKED_BY_USER, RECEIVE_TYPES, SEND_TYPES

USD = "USD"
UNLINKED_BY_HAND = "unlinked by hand: check whether this transfer has another leg"


@dataclass(frozen=True, slots=True)
class FlowView:
    id: int
    direction: FlowDirection
    asset_id: str
    asset: str  # the symbol
    quantity: Decimal
    value: Decimal | None  # the user's override when there is one, else the stated value
    value_currency: str | None
    is_fee: bool
    is_overridden: bool


@dataclass(frozen=True, slots=True)
class TransactionView:
    transaction: Transaction
    account_name: str
    review_reason: str | None  # set when the transaction needs the user's review
    flows: list[FlowView]
    linked_transaction_id: int | None  # the other leg of its transfer
    link_confidence: Decimal | None
    gain: Decimal | None  # of its disposals in the last cost-basis run
    fiat_value: Decimal | None  # what it received (or else gave), as stated, else as the last run valued it
    # units of the base currency one USD bought on its day (gain, value and results are stored in USD);
    # None when the FX table has no close for that day
    rate: Decimal | None


@dataclass(frozen=True, slots=True)
class LinkView:
    id: int
    link_type: TransactionLinkType
    other_public_id: uuid.UUID
    outgoing: bool  # this transaction is the link's "from" end
    confidence: Decimal
    created_by: str


@dataclass(frozen=True, slots=True)
class FlowValue:
    """A flow's USD value as a cost-basis run takes it with today's prices, and where it comes from;
    both None when there is no price (ledger.writes.prices)."""

    flow_id: int
    value: Decimal | None
    source: ValueSource | None


@dataclass(frozen=True, slots=True)
class TransactionDetail:
    view: TransactionView
    labels: list[str]
    links: list[LinkView]
    lots: list[TaxLot]  # the lots it opened (an acquisition's cost basis)
    disposed_lots: list[DisposedLot]  # the lot slices it consumed, with their lineage
    edits: list[TransactionEdit]
    flow_values: list[FlowValue]


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
        self, search: Search, limit: int, currency: str, *, page: int = 1, after: Cursor | None = None
    ) -> tuple[list[TransactionView], Cursor | None]:
        """Newest first, with their flows, transfer links and results; the page after `after` when it
        is given (keyset), else page `page`. Answers the cursor of the next page (None on the last).

        A search with words takes the newest rows of each part of it (ledger.scope.word_search), as
        many as the page needs, and merges them."""
        newest = (Transaction.timestamp.desc(), Transaction.id.desc())
        keyset = () if after is None else (after.condition(),)
        symbols = await symbol_assets(self.session, self.user_id, search.words)
        parts = word_parts(self.user_id, search, symbols)
        if len(parts) == 1 and parts[0].asset_terms < 2:
            where = [*word_conditions(self.user_id, search, symbols), *keyset]
        else:
            needed = limit + 1 + (0 if after is not None else (page - 1) * limit)
            found = union(
                *(_newest(self.user_id, part, symbols, keyset, needed) for part in parts)
            ).subquery()
            where = [Transaction.id.in_(select(found.c.id))]
        statement = (
            select(Transaction, Account.name, TransactionReview.reason)
            .join(Account, Account.id == Transaction.account_id)
            .outerjoin(TransactionReview, TransactionReview.transaction_id == Transaction.id)
            .where(*where)
            .order_by(*newest)
            .limit(limit + 1)
        )
        if after is None:
            statement = statement.offset((page - 1) * limit)
        rows = (await self.session.execute(statement)).all()
        views = await self._views([(row[0], row[1], row[2]) for row in rows[:limit]], currency)
        last = rows[limit - 1][0] if len(rows) > limit else None
        return views, None if last is None else Cursor(last.timestamp, last.id)

    async def count(self, search: Search) -> int:
        """Read when the database keeps it (`_read_total`); a search with words sums its parts
        (ledger.scope.word_search), each read or counted by index."""
        if not search.words:
            return await self._total(search, {}, ())
        symbols = await symbol_assets(self.session, self.user_id, search.words)
        total = 0
        for part in word_parts(self.user_id, search, symbols):
            total += await self._total(part.search, symbols, part.where)
        return total

    async def _total(self, search: Search, symbols: Symbols, where: Sequence[Any]) -> int:
        read = None if where else _read_total(self.user_id, search)
        if read is not None:
            return int(await self.session.scalar(read) or 0)
        counted = select(func.count()).select_from(Transaction)
        found = await self.session.scalar(
            counted.where(*word_conditions(self.user_id, search, symbols), *where)
        )
        return found or 0

    async def detail(self, public_id: uuid.UUID, currency: str) -> TransactionDetail | None:
        row = (
            await self.session.execute(
                select(Transaction, Account.name, TransactionReview.reason)
                .join(Account, Account.id == Transaction.account_id)
                .outerjoin(TransactionReview, TransactionReview.transaction_id == Transaction.id)
                .where(Transaction.user_id == self.user_id, Transaction.public_id == public_id)
            )
        ).first()
        if row is None:
            return None
        [view] = await self._views([(row[0], row[1], row[2])], currency)
        tx_id = view.transaction.id
        labels = await self.session.scalars(
            select(Label.name)
            .join(TransactionLabel, TransactionLabel.label_id == Label.id)
            .where(TransactionLabel.transaction_id == tx_id)
            .order_by(Label.name)
        )
        lots = await self.session.scalars(
            select(TaxLot)
            .where(TaxLot.user_id == self.user_id, TaxLot.transaction_id == tx_id)
            .order_by(TaxLot.id)
        )
        disposed = await self.session.scalars(
            select(DisposedLot)
            .where(DisposedLot.user_id == self.user_id, DisposedLot.transaction_id == tx_id)
            .order_by(DisposedLot.id)
        )
        edits = await self.session.scalars(
            select(TransactionEdit)
            .where(
                TransactionEdit.user_id == self.user_id, TransactionEdit.transaction_public_id == public_id
            )
            .order_by(TransactionEdit.id.desc())
        )
        valued = await self.session.execute(flow_values(self.user_id, tx_id, view.transaction.timestamp))
        return TransactionDetail(
            view,
            list(labels),
            await self._links(tx_id),
            list(lots),
            list(disposed),
            list(edits),
            [
                FlowValue(flow_id, value, None if source is None else ValueSource(source))
                for flow_id, value, source in valued
            ],
        )

    async def assets(self, search: str, limit: int) -> list[Asset]:
        """Assets a transaction of the user's may hold (shared, and the user's own tokens) whose symbol or
        name starts with `search` (any case): exact symbols first, then by market-cap rank."""
        needle = search.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        found = await self.session.scalars(
            select(Asset)
            .where(
                or_(Asset.user_id.is_(None), Asset.user_id == self.user_id),
                not_spam(self.user_id),
                or_(
                    Asset.symbol.ilike(f"{needle}%", escape="\\"), Asset.name.ilike(f"{needle}%", escape="\\")
                ),
            )
            .order_by(
                (func.upper(Asset.symbol) != needle.upper()),
                Asset.rank.asc().nulls_last(),
                Asset.symbol,
                Asset.id,
            )
            .limit(limit)
        )
        return list(found)

    async def _views(
        self, rows: Sequence[tuple[Transaction, str, str | None]], currency: str
    ) -> list[TransactionView]:
        ids = [transaction.id for transaction, _, _ in rows]
        flows = await self._flows(ids)
        links = await self._transfer_links(ids)
        gains, valued = await self._results(ids)
        rates = await self._rates({_utc_day(transaction) for transaction, _, _ in rows}, currency)
        views = []
        for transaction, name, reason in rows:
            own = flows.get(transaction.id, [])
            link = links.get(transaction.id)
            views.append(
                TransactionView(
                    transaction=transaction,
                    account_name=name,
                    review_reason=reason,
                    flows=own,
                    linked_transaction_id=None if link is None else link[0],
                    link_confidence=None if link is None else link[1],
                    gain=gains.get(transaction.id),
                    fiat_value=_stated_value(own) or valued.get(transaction.id),
                    rate=rates.get(_utc_day(transaction)),
                )
            )
        return views

    async def _rates(self, days: set[date], currency: str) -> dict[date, Decimal | None]:
        """Units of `currency` one USD bought on each of `days`, at the FX table's close."""
        if currency == USD or not days:
            return dict.fromkeys(days, Decimal(1))
        table = values(column("day", Date), name="days").data([(day,) for day in days])
        rows = await self.session.execute(select(table.c.day, usd_in(currency, table.c.day)))
        return {day: rate for day, rate in rows}

    async def _results(self, ids: Sequence[int]) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
        """Per transaction, the gain of its disposals and the value the last run gave it: the cost basis
        of the lots it opened, else the proceeds of its disposals."""
        disposed = await self.session.execute(
            select(DisposedLot.transaction_id, func.sum(DisposedLot.gain), func.sum(DisposedLot.proceeds))
            .where(DisposedLot.user_id == self.user_id, DisposedLot.transaction_id.in_(ids))
            .group_by(DisposedLot.transaction_id)
        )
        opened = await self.session.execute(
            select(TaxLot.transaction_id, func.sum(TaxLot.cost_basis))
            .where(
                TaxLot.user_id == self.user_id,
                TaxLot.transaction_id.in_(ids),
                TaxLot.lot_id == TaxLot.origin_lot_id,
            )
            .group_by(TaxLot.transaction_id)
        )
        gains: dict[int, Decimal] = {}
        valued: dict[int, Decimal] = {}
        for tx_id, gain, proceeds in disposed:
            gains[tx_id] = gain
            valued[tx_id] = proceeds
        for tx_id, cost in opened:
            valued[tx_id] = cost
        return gains, valued

    async def _flows(self, ids: Sequence[int]) -> dict[int, list[FlowView]]:
        found: dict[int, list[FlowView]] = {}
        rows = await self.session.execute(
            select(Flow, Asset.symbol)
            .join(Asset, Asset.id == Flow.asset_id)
            .where(Flow.transaction_id.in_(ids))
            .order_by(Flow.transaction_id, Flow.id)
        )
        for flow, symbol in rows:
            overridden = flow.value_override is not None
            found.setdefault(flow.transaction_id, []).append(
                FlowView(
                    id=flow.id,
                    direction=flow.direction,
                    asset_id=flow.asset_id,
                    asset=symbol,
                    quantity=flow.quantity,
                    value=flow.value_override if overridden else flow.value,
                    value_currency=USD if overridden else flow.value_currency,
                    is_fee=flow.is_fee,
                    is_overridden=overridden,
                )
            )
        return found

    async def _links(self, tx_id: int) -> list[LinkView]:
        other = case(
            (TransactionLink.from_transaction_id == tx_id, TransactionLink.to_transaction_id),
            else_=TransactionLink.from_transaction_id,
        )
        rows = await self.session.execute(
            select(TransactionLink, Transaction.public_id)
            .join(Transaction, Transaction.id == other)
            .where(
                TransactionLink.user_id == self.user_id,
                or_(TransactionLink.from_transaction_id == tx_id, TransactionLink.to_transaction_id == tx_id),
            )
            .order_by(TransactionLink.id)
        )
        return [
            LinkView(
                link.id,
                link.link_type,
                public_id,
                link.from_transaction_id == tx_id,
                link.confidence,
                link.created_by,
            )
            for link, public_id in rows
        ]

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
        await self.session.execute(transfer_links_lock(self.user_id))
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
        await self.session.execute(transfer_links_lock(self.user_id))
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
                    ["transaction_id", "user_id", "reason", "account_id", "timestamp"],
                    owned.add_columns(
                        literal(self.user_id), literal(reason), Transaction.account_id, Transaction.timestamp
                    ),
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


def _read_total(user_id: int, search: Search) -> Select[Any] | None:
    """The total of `search` read from rows that hold it, when there are such: the counts the database
    keeps (models.transaction_counts) for the whole ledger, its wallets and spans of whole UTC days, one
    asset, or the rows to review (or not to review); the review rows of wallets or a span (an index of
    them); the last run's rows of one callout (one per transaction, gone with it). Any other search is
    counted row by row."""
    if len(search.callouts) == 1 and replace(search, callouts=()) == Search():
        return (
            select(func.count())
            .select_from(TransactionCallout)
            .where(TransactionCallout.user_id == user_id, TransactionCallout.type == search.callouts[0])
        )
    if len(search.asset_ids) == 1 and replace(search, asset_ids=()) == Search():
        return select(func.coalesce(func.sum(AssetCountDelta.delta), 0)).where(
            AssetCountDelta.user_id == user_id, AssetCountDelta.asset_id == search.asset_ids[0]
        )
    spans = (search.start, search.end)
    if replace(search, account_ids=(), start=None, end=None) == Search() and all(map(_whole_day, spans)):
        kept = select(func.sum(TransactionCountDelta.delta)).where(TransactionCountDelta.user_id == user_id)
        if search.account_ids:
            kept = kept.where(TransactionCountDelta.account_id.in_(search.account_ids))
        if search.start is not None:
            kept = kept.where(TransactionCountDelta.utc_day >= search.start.astimezone(UTC).date())
        if search.end is not None:
            kept = kept.where(TransactionCountDelta.utc_day < search.end.astimezone(UTC).date())
        return kept
    spanned = replace(search, account_ids=(), start=None, end=None)
    if spanned == Search(needs_review=True) and spanned != search:
        # rows to review of wallets or days: an index of the review rows, which carry both
        reviewed = select(func.count()).where(TransactionReview.user_id == user_id)
        if search.account_ids:
            reviewed = reviewed.where(TransactionReview.account_id.in_(search.account_ids))
        if search.start is not None:
            reviewed = reviewed.where(TransactionReview.timestamp >= search.start)
        if search.end is not None:
            reviewed = reviewed.where(TransactionReview.timestamp < search.end)
        return reviewed
    if search.needs_review is None or replace(search, needs_review=None) != Search():
        return None
    reviews = select(func.coalesce(func.sum(ReviewCountDelta.delta), 0)).where(
        ReviewCountDelta.user_id == user_id
    )
    if search.needs_review:
        return reviews
    every = select(func.coalesce(func.sum(TransactionCountDelta.delta), 0)).where(
        TransactionCountDelta.user_id == user_id
    )
    return select(every.scalar_subquery() - reviews.scalar_subquery())


def _newest(user_id: int, part: Part, symbols: Symbols, keyset: Sequence[Any], needed: int) -> Select[Any]:
    """The ids of the `needed` newest rows of `part`; with two asset conditions or more, chosen among all
    its rows (a LIMIT would have the planner walk the newest transactions, probing each for both
    assets, which reads them all when few hold both)."""
    where = [*word_conditions(user_id, part.search, symbols), *part.where, *keyset]
    if part.asset_terms < 2:
        newest = (Transaction.timestamp.desc(), Transaction.id.desc())
        return select(Transaction.id).where(*where).order_by(*newest).limit(needed).subquery().select()
    rows = select(Transaction.id, Transaction.timestamp).where(*where).cte().prefix_with("MATERIALIZED")
    return (
        select(rows.c.id)
        .order_by(rows.c.timestamp.desc(), rows.c.id.desc())
        .limit(needed)
        .subquery()
        .select()
    )


def _whole_day(moment: datetime | None) -> bool:
    return moment is None or moment.astimezone(UTC).time() == time()


def _utc_day(transaction: Transaction) -> date:
    return transaction.timestamp.astimezone(UTC).date()


def _stated_value(flows: Sequence[FlowView]) -> Decimal | None:
    """What the transaction received in USD as stated (or overridden), else what it gave; None when
    a side has a flow without a USD value."""
    for direction in (FlowDirection.INFLOW, FlowDirection.OUTFLOW):
        side = [flow for flow in flows if flow.direction is direction and not flow.is_fee]
        if side:
            values = [flow.value for flow in side if flow.value is not None and flow.value_currency == USD]
            return sum(values, Decimal(0)) if len(values) == len(side) else None
    return None


def _is_leg(shape: _LegShape, *, sending: bool) -> bool:
    """One non-fee flow of a crypto asset, in the direction of the transaction's type."""
    if len(shape.moves) != 1 or shape.type not in (SEND_TYPES if sending else RECEIVE_TYPES):
        return False
    direction, _, asset_type = shape.moves[0]
    expected = FlowDirection.OUTFLOW if sending else FlowDirection.INFLOW
    return direction == expected and asset_type != CurrencyType.FIAT
