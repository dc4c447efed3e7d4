"""The transactions page's search (spec 001 §2): free words and the filters `has:review`, `wallet:{id}`,
`is:uncategorized`, `asset_id:{id}` (and its kinds `crypto_id`, `fiat_id`, `user_asset_id`, `nft_id`,
`blockchain_token_id`), `from:` and `to:` days (inclusive, UTC), `tax_year:{year}` (the user's tax year)
and `callout:{TYPE}` (a callout of the last cost-basis run, as the tax year page links them), all
combined. Paging is by keyset on (timestamp, id), newest first: a cursor names the last row of the page
before."""

from __future__ import annotations

import contextlib
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import exists, func, or_, select, tuple_
from sqlalchemy.orm import aliased

from ledger.models import Asset, Flow, Transaction, TransactionReview
from ledger.scope.callouts import has_callout
from ledger.scope.cost_basis import tax_year_bounds
from vocabulary.enums import CalloutType, TransactionType

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
    callouts: tuple[CalloutType, ...] = ()

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
            # its own alias: in the transactions export the search is put inside a query of the flows
            flow = aliased(Flow)
            where.append(exists().where(flow.transaction_id == Transaction.id, flow.asset_id == asset_id))
        if self.start is not None:
            where.append(Transaction.timestamp >= self.start)
        if self.end is not None:
            where.append(Transaction.timestamp < self.end)
        for word in self.words:
            where.append(_matches(word))
        for callout in self.callouts:
            where.append(has_callout(callout))
        return where


def _matches(word: str) -> Any:
    """A word is an asset symbol of a flow, a hash, a public id, or in the description."""
    symbol = (
        select(Flow.id)
        .join(Asset, Asset.id == Flow.asset_id)
        .where(Flow.transaction_id == Transaction.id, func.upper(Asset.symbol) == word.upper())
    )
    return or_(symbol.exists(), other_matches(word))


SHORT_WORD = 3  # a word shorter has no trigram of its own: the description index cannot find it inside words


def other_matches(word: str) -> Any:
    """The word as a hash, a public id or in the description (any case): anywhere in it, or, for a word
    under SHORT_WORD characters, at the start of one of its words (after a space), which the trigram
    index finds by the word's padded trigram; one or two letters inside words match nearly every
    description and would be looked for in each."""
    escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    described: Any
    if len(word) >= SHORT_WORD:
        described = Transaction.description.ilike(f"%{escaped}%", escape="\\")
    else:
        described = or_(
            Transaction.description.ilike(f"{escaped}%", escape="\\"),
            Transaction.description.ilike(f"% {escaped}%", escape="\\"),
        )
    matches = [Transaction.tx_hash == word, described]
    with contextlib.suppress(ValueError):
        matches.append(Transaction.public_id == uuid.UUID(word))
    return or_(*matches)


def parse(query: str, tax_year_start: tuple[int, int] = (1, 1)) -> Search:
    """The search `query` names; `tax_year:` years start on `tax_year_start` (month, day), the user's."""
    needs_review: bool | None = None
    uncategorized = False
    accounts: list[int] = []
    assets: list[str] = []
    words: list[str] = []
    callouts: list[CalloutType] = []
    starts: list[datetime] = []
    ends: list[datetime] = []
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
                starts.append(datetime.combine(day, time(), UTC))
            else:
                ends.append(datetime.combine(day + timedelta(days=1), time(), UTC))
        elif key == "tax_year":
            year_start, year_end = tax_year_bounds(_year(term, value), *tax_year_start)
            starts.append(year_start)
            ends.append(year_end)
        elif key == "callout":
            callouts.append(_callout(term, value))
        else:
            raise SearchError(f"unknown filter {term!r}")
    return Search(
        needs_review,
        uncategorized,
        tuple(accounts),
        tuple(assets),
        max(starts, default=None),  # the bounds all hold: the latest start, the earliest end
        min(ends, default=None),
        tuple(words),
        tuple(callouts),
    )


def _day(term: str, value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise SearchError(f"{term!r}: a day is written YYYY-MM-DD") from None


def _year(term: str, value: str) -> int:
    year = int(value) if len(value) == 4 and value.isdecimal() else 0
    if not 1 <= year < 9999:  # the next year's start must be a date too
        raise SearchError(f"{term!r}: a tax year is written YYYY")
    return year


def _callout(term: str, value: str) -> CalloutType:
    try:
        return CalloutType(value)
    except ValueError:
        raise SearchError(f"{term!r}: a callout is one of {', '.join(CalloutType)}") from None


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
