"""The transactions page's search (spec 001 §2): free words and the filters `has:review`, `wallet:{id}`,
`is:uncategorized`, `asset_id:{id}` (and its kinds `crypto_id`, `fiat_id`, `user_asset_id`, `nft_id`,
`blockchain_token_id`), plus `from:` and `to:` days (inclusive, UTC), all combined. Paging is by keyset
on (timestamp, id), newest first: a cursor names the last row of the page before."""

from __future__ import annotations

import contextlib
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import exists, func, or_, select, tuple_
from sqlalchemy.orm import aliased

from ledger.models import Asset, Flow, Transaction, TransactionReview
from vocabulary.enums import TransactionType

# the spec's asset filters, each naming an asset id (the kinds carry the prefix of their ids)
ASSET_FILTERS = ("asset_id", "crypto_id", "fiat_id", "user_asset_id", "nft_id", "blockchain_token_id")
UNCATEGORIZED = (TransactionType.UNKNOWN, TransactionType.CONTRACT_INTERACTION)


class SearchError(ValueError):
    """A search the page cannot run; its text names the term at fault."""


@dataclass(frozen=True)
class Search:
    needs_review: bool | None = None  # None: either
    uncategorized: bool = False
    account_ids: tuple[int, ...] = ()
    asset_ids: tuple[str, ...] = ()
    start: datetime | None = None
    end: datetime | None = None  # exclusive
    words: tuple[str, ...] = field(default=())

    def conditions(self) -> list[Any]:
        where: list[Any] = []
        if self.needs_review is not None:
            review = aliased(TransactionReview)  # the page itself joins the reviews, for their reasons
            flagged = exists().where(review.transaction_id == Transaction.id)
            where.append(flagged if self.needs_review else ~flagged)
        if self.uncategorized:
            where.append(Transaction.type.in_(UNCATEGORIZED))
        if self.account_ids:
            where.append(Transaction.account_id.in_(self.account_ids))
        for asset_id in self.asset_ids:
            where.append(exists().where(Flow.transaction_id == Transaction.id, Flow.asset_id == asset_id))
        if self.start is not None:
            where.append(Transaction.timestamp >= self.start)
        if self.end is not None:
            where.append(Transaction.timestamp < self.end)
        for word in self.words:
            where.append(_matches(word))
        return where


def _matches(word: str) -> Any:
    """A word is an asset symbol of a flow, a hash, a public id, or part of the description."""
    symbol = (
        select(Flow.id)
        .join(Asset, Asset.id == Flow.asset_id)
        .where(Flow.transaction_id == Transaction.id, func.upper(Asset.symbol) == word.upper())
    )
    escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    matches = [
        symbol.exists(),
        Transaction.tx_hash == word,
        Transaction.description.ilike(f"%{escaped}%", escape="\\"),
    ]
    with contextlib.suppress(ValueError):
        matches.append(Transaction.public_id == uuid.UUID(word))
    return or_(*matches)


def parse(query: str) -> Search:
    needs_review: bool | None = None
    uncategorized = False
    accounts: list[int] = []
    assets: list[str] = []
    words: list[str] = []
    start = end = None
    for term in query.split():
        key, colon, value = term.partition(":")
        if not colon:
            words.append(term)
        elif term == "has:review":
            needs_review = True
        elif term == "is:uncategorized":
            uncategorized = True
        elif key == "wallet" and value.isdecimal():
            accounts.append(int(value))
        elif key in ASSET_FILTERS and value:
            assets.append(value)
        elif key in ("from", "to"):
            day = _day(term, value)
            if key == "from":
                start = datetime.combine(day, time(), UTC)
            else:
                end = datetime.combine(day + timedelta(days=1), time(), UTC)
        else:
            raise SearchError(f"unknown filter {term!r}")
    return Search(needs_review, uncategorized, tuple(accounts), tuple(assets), start, end, tuple(words))


def _day(term: str, value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise SearchError(f"{term!r}: a day is written YYYY-MM-DD") from None


@dataclass(frozen=True)
class Cursor:
    """The last row of a page: the next page holds the rows after it (older, or older ids at one time)."""

    timestamp: datetime
    id: int

    def __str__(self) -> str:
        return f"{self.timestamp.isoformat()}~{self.id}"

    @classmethod
    def parse(cls, text: str) -> Cursor:
        moment, _, row = text.rpartition("~")
        try:
            timestamp = datetime.fromisoformat(moment)
        except ValueError:
            raise SearchError("this page's cursor is not one the API gave") from None
        if not row.isdecimal() or timestamp.tzinfo is None:
            raise SearchError("this page's cursor is not one the API gave")
        return cls(timestamp, int(row))

    def condition(self) -> Any:
        return tuple_(Transaction.timestamp, Transaction.id) < tuple_(self.timestamp, self.id)
