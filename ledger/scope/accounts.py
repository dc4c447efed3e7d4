"""A user's accounts, what they hold, and their jobs. Every query is limited to the user: an id that
belongs to another user answers exactly like an id that does not exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import distinct_on
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import (
    Account,
    Asset,
    Flow,
    Integration,
    Price,
    Transaction,
)
from ledger.models.spam import not_spam
from ledger.models.transactions import flow_of_transaction, signed_quantity
from vocabulary.enums import AccountKind, CurrencyType

PRICE_QUOTE = "USD"


@dataclass(frozen=True, slots=True)
class Balance:
    account_id: int
    asset_id: str
    symbol: str
    name: str
    type: CurrencyType
    quantity: Decimal
    price_usd: Decimal | None

    @property
    def value_usd(self) -> Decimal | None:
        return None if self.price_usd is None else self.quantity * self.price_usd


@dataclass(frozen=True, slots=True)
class TransactionCounts:
    total: int = 0
    crypto: int = 0  # transactions moving at least one asset that is not fiat
    manual: int = 0


class AccountsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    # Accounts

    async def account_counts(self) -> dict[AccountKind, int]:
        rows = await self.session.execute(
            select(Account.kind, func.count())
            .where(Account.user_id == self.user_id, Account.parent_id.is_(None))
            .group_by(Account.kind)
        )
        return {AccountKind(kind): count for kind, count in rows}

    async def accounts_page(self, kind: AccountKind, page: int, limit: int) -> tuple[list[Account], int]:
        """Top-level accounts of one kind, oldest first, and how many there are in all."""
        where = (Account.user_id == self.user_id, Account.kind == kind, Account.parent_id.is_(None))
        total = await self.session.scalar(select(func.count()).select_from(Account).where(*where))
        accounts = await self.session.scalars(
            select(Account).where(*where).order_by(Account.id).offset((page - 1) * limit).limit(limit)
        )
        return list(accounts), total or 0

    async def account(self, account_id: int, kind: AccountKind | None = None) -> Account | None:
        query = select(Account).where(Account.id == account_id, Account.user_id == self.user_id)
        if kind is not None:
            query = query.where(Account.kind == kind)
        return await self.session.scalar(query)

    async def create_account(self, kind: AccountKind, name: str, integration: Integration) -> Account:
        account = Account(
            user_id=self.user_id,
            kind=kind,
            name=name,
            integration_slug=integration.slug,
            integration_category=integration.category,
            is_syncing=True,
        )
        self.session.add(account)
        await self.session.flush()
        return account

    async def rename_account(self, account_id: int, kind: AccountKind, name: str) -> Account | None:
        account = await self.account(account_id, kind)
        if account is not None:
            account.name = name
            await self.session.flush()
        return account

    async def mark_account_for_deletion(
        self, account_id: int, kind: AccountKind, marked: bool = True
    ) -> Account | None:
        account = await self.account(account_id, kind)
        if account is not None:
            account.will_be_deleted = marked
            await self.session.flush()
        return account

    async def discard_account(self, account_id: int) -> None:
        """Remove an account whose creation could not be completed (it holds nothing yet)."""
        await self.session.execute(
            delete(Account).where(Account.id == account_id, Account.user_id == self.user_id)
        )

    # What the accounts hold

    async def balances(self, account_ids: Sequence[int]) -> dict[int, list[Balance]]:
        """Non-zero balances per account (inflows less outflows of its transactions not ignored), each
        priced at the latest USD close of its asset, a user's own token at the price they gave it. Assets
        marked as spam are left out: the spam center lists them, and no balance or value counts them."""
        signed = signed_quantity()
        quantity = func.sum(signed).label("quantity")
        sums = (
            select(Transaction.account_id, Flow.asset_id, quantity)
            .join(Transaction, flow_of_transaction())
            .where(
                Transaction.user_id == self.user_id,
                Transaction.account_id.in_(account_ids),
                Transaction.is_ignored.is_(False),
            )
            .group_by(Transaction.account_id, Flow.asset_id)
            .having(func.sum(signed) != 0)
            .subquery()
        )
        rows = await self.session.execute(
            select(sums.c.account_id, sums.c.quantity, Asset)
            .join(Asset, Asset.id == sums.c.asset_id)
            .where(not_spam(self.user_id))
            .order_by(sums.c.account_id, Asset.symbol)
        )
        held = list(rows)
        prices = await self._latest_prices_usd(
            {asset.symbol for _, _, asset in held if asset.user_id is None}
        )
        result: dict[int, list[Balance]] = {account_id: [] for account_id in account_ids}
        for account_id, amount, asset in held:
            price = prices.get(asset.symbol) if asset.user_id is None else asset.price_usd
            result[account_id].append(
                Balance(account_id, asset.id, asset.symbol, asset.name, asset.type, amount, price)
            )
        return result

    async def _latest_prices_usd(self, symbols: set[str]) -> dict[str, Decimal]:
        """USD per unit: the latest SYMBOL/USD close, else the inverse of the latest USD/SYMBOL close."""
        if not symbols:
            return {}
        direct = await self.session.execute(
            select(Price.symbol, Price.close)
            .where(Price.symbol.in_(symbols), Price.quote == PRICE_QUOTE)
            .order_by(Price.symbol, Price.date.desc())
            .ext(distinct_on(Price.symbol))
        )
        prices = dict(direct.all())
        inverse = await self.session.execute(
            select(Price.quote, Price.close)
            .where(Price.symbol == PRICE_QUOTE, Price.quote.in_(symbols - prices.keys()))
            .order_by(Price.quote, Price.date.desc())
            .ext(distinct_on(Price.quote))
        )
        prices.update({quote: 1 / close for quote, close in inverse if close})
        if PRICE_QUOTE in symbols:
            prices[PRICE_QUOTE] = Decimal(1)
        return prices

    async def entry_counts(self, account_ids: Sequence[int]) -> dict[int, int]:
        """Per account: the flows of its transactions not ignored."""
        rows = await self.session.execute(
            select(Transaction.account_id, func.count())
            .join(Flow, flow_of_transaction())
            .where(
                Transaction.user_id == self.user_id,
                Transaction.account_id.in_(account_ids),
                Transaction.is_ignored.is_(False),
            )
            .group_by(Transaction.account_id)
        )
        return {account_id: count for account_id, count in rows}

    async def transaction_counts(self, account_ids: Sequence[int]) -> dict[int, TransactionCounts]:
        """Per account: its transactions not ignored, those moving crypto, and those entered by hand. The
        crypto ones are found by one join of the accounts' flows (hashed), not a lookup per transaction,
        so an address flooded with spam transfers costs milliseconds."""
        counted = (
            select(Transaction.id, Transaction.account_id, Transaction.is_manual)
            .where(
                Transaction.user_id == self.user_id,
                Transaction.account_id.in_(account_ids),
                Transaction.is_ignored.is_(False),
            )
            .cte("counted")
        )
        moving_crypto = (
            select(Flow.transaction_id)
            .join(counted, counted.c.id == Flow.transaction_id)
            .join(Asset, Asset.id == Flow.asset_id)
            .where(Asset.type != CurrencyType.FIAT)
            .distinct()
            .cte("moving_crypto")
        )
        rows = await self.session.execute(
            select(
                counted.c.account_id,
                func.count(),
                func.count(moving_crypto.c.transaction_id),
                func.count().filter(counted.c.is_manual),
            )
            .select_from(counted)
            .outerjoin(moving_crypto, moving_crypto.c.transaction_id == counted.c.id)
            .group_by(counted.c.account_id)
        )
        counts = {account_id: TransactionCounts() for account_id in account_ids}
        for account_id, total, crypto, manual in rows:
            counts[account_id] = TransactionCounts(total, crypto, manual)
        return counts
