"""The transactions page's free words and asset filters, by index (migration 0040).

A word matches a transaction that has a flow of an asset of that symbol (any case), whose hash is the word,
whose public id it is, or whose description holds it (any case). `Search.conditions` says so in one OR,
which no index serves: the planner reads every flow of the symbol's assets, or every transaction of the
user, for each page and for the total. Here each symbol is first resolved to the assets of that symbol the
user's transactions hold (from the kept asset counts, models.transaction_counts), and the search is split
into disjoint parts (`parts`), per word: the rows holding its symbol's assets (with one asset, simply the
search with that `asset_id:` filter, whose total may be read), and the rows matching it otherwise
outside them (`other_matches`: the hash by (user, hash), the public id by its unique index, the
description by its trigram index). The page takes the newest rows of each part and merges them; the total
sums the parts'. An asset condition is a semi-join on the flows' (user, asset, transaction) index, two of
them the intersection of their flows' transactions. A word under 3 characters has no trigram of its own:
it matches where a word of the description starts with it, which the index finds by its padded trigram.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, intersect, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Asset, AssetCountDelta, Flow, Transaction
from ledger.scope.transaction_search import Search, other_matches

# per word: the assets of that symbol the user's transactions hold
Symbols = Mapping[str, Sequence[str]]


async def symbol_assets(session: AsyncSession, user_id: int, words: Sequence[str]) -> Symbols:
    """For each of `words`, the assets of that symbol (any case) some transaction of the user holds: read
    from the kept asset counts, so an asset the user holds no flow of is left out (it can match
    nothing)."""
    wanted = {word.upper() for word in words}
    if not wanted:
        return {}
    held = (
        select(AssetCountDelta.asset_id)
        .where(AssetCountDelta.user_id == user_id)
        .group_by(AssetCountDelta.asset_id)
        .having(func.sum(AssetCountDelta.delta) > 0)
        .subquery()
    )
    rows = await session.execute(
        select(func.upper(Asset.symbol), Asset.id)
        .join(held, held.c.asset_id == Asset.id)
        .where(func.upper(Asset.symbol).in_(wanted))
        .order_by(Asset.id)
    )
    found: dict[str, list[str]] = {}
    for symbol, asset_id in rows:
        found.setdefault(symbol, []).append(asset_id)
    return {word: found.get(word.upper(), []) for word in words}


def holds_any(user_id: int, asset_ids: Sequence[str]) -> Any:
    """The transaction has a flow of one of `asset_ids`: a semi-join on the flows' (user, asset,
    transaction) index, which the planner may drive from either side (the flows of a rare asset, or the
    newest transactions when the asset is common), reading only that index."""
    return (
        select(Flow.id)
        .where(Flow.user_id == user_id, Flow.asset_id.in_(asset_ids), Flow.transaction_id == Transaction.id)
        .exists()
    )


def word_matches(user_id: int, word: str, symbols: Symbols) -> Any:
    """The whole of a word's match, as `transaction_search._matches` has it, with its symbol resolved."""
    asset_ids = symbols[word]
    if not asset_ids:
        return other_matches(word)
    return or_(holds_any(user_id, asset_ids), other_matches(word))


def conditions(user_id: int, search: Search, symbols: Symbols) -> list[Any]:
    """`search.conditions()` of the user's transactions, with each word's symbol resolved to asset ids
    and each asset filter on the flows' (user, asset, transaction) index."""
    return [
        Transaction.user_id == user_id,
        *replace(search, words=(), asset_ids=()).conditions(),
        *holds_all(user_id, search.asset_ids),
        *(word_matches(user_id, word, symbols) for word in search.words),
    ]


def holds_all(user_id: int, asset_ids: Sequence[str]) -> list[Any]:
    """The transaction has a flow of each of `asset_ids`; two or more as the intersection of their flows'
    transactions, read from the index (as semi-joins, the planner would join the user's every
    transaction to the first asset's flows before the second's)."""
    if len(asset_ids) < 2:
        return [holds_any(user_id, asset_ids)] if asset_ids else []
    each = [select(Flow.transaction_id).where(Flow.user_id == user_id, Flow.asset_id == a) for a in asset_ids]
    return [Transaction.id.in_(intersect(*each))]


@dataclass(frozen=True)
class Part:
    """Rows of a search with words, split by which way each of its first words matches: `search` (its
    other words, and the asset a word's symbol names when that is one asset) and `where` (the way each
    split word matches, and does not match another way)."""

    search: Search
    where: tuple[Any, ...]
    held: int = 0  # how many of `where` ask for a flow of some assets

    @property
    def asset_terms(self) -> int:
        """How many asset conditions its rows meet: with two or more, the newest rows are best found
        among all its rows (their flows joined), not by walking the newest transactions and probing."""
        return len(self.search.asset_ids) + self.held


SPLIT_WORDS = 3  # words past these are matched whole (an OR the planner cannot drive by index)


def parts(user_id: int, search: Search, symbols: Symbols) -> list[Part]:
    """The rows `search` finds, split into disjoint parts that each can be found by index: per word, the
    rows holding its symbol's assets, and the rows matching it otherwise outside them."""
    found = [Part(replace(search, words=search.words[SPLIT_WORDS:]), ())]
    for word in reversed(search.words[:SPLIT_WORDS]):
        asset_ids = symbols[word]
        split = []
        for part in found:
            if len(asset_ids) == 1:
                assets = tuple(dict.fromkeys((*part.search.asset_ids, asset_ids[0])))
                split.append(Part(replace(part.search, asset_ids=assets), part.where, part.held))
            elif asset_ids:
                split.append(Part(part.search, (*part.where, holds_any(user_id, asset_ids)), part.held + 1))
            outside = (~holds_any(user_id, asset_ids),) if asset_ids else ()
            split.append(Part(part.search, (*part.where, *outside, other_matches(word)), part.held))
        found = split
    return found
