"""A user's own tokens (spec 001 §2 /currencies/custom, §7 "User assets", "add/edit user asset"): the
USER_DEFINED_TOKEN assets an import made for symbols Cairn does not know, and those the user adds, with
the description and USD price the user gives them. Only the user's own: another user's asset id answers
"not found" and changes nothing. The caller commits."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import ColumnElement, func, or_, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Asset
from ledger.scope.transaction_edits import amount_problem
from vocabulary.enums import ASSET_ID_PREFIX, CurrencyType
from vocabulary.symbols import is_symbol
from vocabulary.user_assets import MAX_NAME_CHARS, UserAssetError


@dataclass(frozen=True)
class UserAssetEntry:
    """What the user typed for one of their tokens."""

    symbol: str
    name: str
    description: str | None = None
    price_usd: Decimal | None = None


@dataclass(frozen=True)
class Saved:
    asset: Asset
    symbol_changed: bool  # the cost-basis results name a token by its symbol: they need a new run


def _checked(entry: UserAssetEntry) -> UserAssetEntry | UserAssetError:
    """The entry normalised as imports write symbols (trimmed, upper case), or why it cannot be saved."""
    symbol, name = entry.symbol.strip().upper(), entry.name.strip()
    description = (entry.description or "").strip() or None
    price = entry.price_usd
    if not is_symbol(symbol):
        return UserAssetError.INVALID_SYMBOL
    if not 1 <= len(name) <= MAX_NAME_CHARS:
        return UserAssetError.INVALID_NAME
    if price is not None and (not price.is_finite() or price < 0):
        return UserAssetError.NEGATIVE_PRICE
    if price is not None and price > 0 and amount_problem(price) is not None:
        return UserAssetError.TOO_PRECISE
    return UserAssetEntry(symbol, name, description, price)


class UserAssetsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    def _matching(self, search: str) -> list[ColumnElement[bool]]:
        where = [Asset.user_id == self.user_id]
        needle = search.strip()
        if needle:
            where.append(
                or_(
                    Asset.symbol.icontains(needle, autoescape=True),
                    Asset.name.icontains(needle, autoescape=True),
                )
            )
        return where

    async def page(self, search: str, offset: int, limit: int) -> tuple[list[Asset], int]:
        """The user's tokens whose symbol or name contains `search`, by symbol, and how many match."""
        where = self._matching(search)
        total = await self.session.scalar(select(func.count()).select_from(Asset).where(*where))
        found = await self.session.scalars(
            select(Asset).where(*where).order_by(Asset.symbol, Asset.id).offset(offset).limit(limit)
        )
        return list(found), total or 0

    async def _taken(self, symbol: str, other_than: str | None = None) -> bool:
        query = select(Asset.id).where(Asset.user_id == self.user_id, Asset.symbol == symbol)
        if other_than is not None:
            query = query.where(Asset.id != other_than)
        return await self.session.scalar(query.limit(1)) is not None

    async def add(self, entry: UserAssetEntry) -> Asset | UserAssetError:
        checked = _checked(entry)
        if isinstance(checked, UserAssetError):
            return checked
        added = await self.session.scalar(
            insert(Asset)
            .values(
                id=f"{ASSET_ID_PREFIX[CurrencyType.USER_DEFINED_TOKEN]}{uuid.uuid4()}",
                symbol=checked.symbol,
                name=checked.name,
                type=CurrencyType.USER_DEFINED_TOKEN,
                user_id=self.user_id,
                description=checked.description,
                price_usd=checked.price_usd,
            )
            .on_conflict_do_nothing(
                index_elements=[Asset.user_id, Asset.symbol], index_where=text("user_id IS NOT NULL")
            )
            .returning(Asset)
        )
        return UserAssetError.SYMBOL_TAKEN if added is None else added

    async def edit(self, asset_id: str, entry: UserAssetEntry) -> Saved | UserAssetError:
        asset = await self.session.scalar(
            select(Asset).where(Asset.id == asset_id, Asset.user_id == self.user_id).with_for_update()
        )
        if asset is None:
            return UserAssetError.NOT_FOUND
        checked = _checked(entry)
        if isinstance(checked, UserAssetError):
            return checked
        if await self._taken(checked.symbol, other_than=asset.id):
            return UserAssetError.SYMBOL_TAKEN
        symbol_changed = asset.symbol != checked.symbol
        asset.symbol, asset.name = checked.symbol, checked.name
        asset.description, asset.price_usd = checked.description, checked.price_usd
        await self.session.flush()
        return Saved(asset, symbol_changed)
