"""Accounts: the wallet, exchange and custom-wallet lists, one account, and renaming or deleting a
custom wallet (deletion runs as DeleteAccountWorkflow)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.jobs import start_work
from api.limits import MAX_NAME_CHARS
from api.pagination import check_page
from api.schema.common import MutationResult
from api.schema.freezing import frozen_period_refusal
from api.string_bounds import max_length
from contracts.account_deletion import deletion
from ledger.models import Account as AccountRow
from ledger.scope.accounts import Balance as BalanceRow
from ledger.scope.catalog import allowed_import_types
from vocabulary.balances import is_balance_difference_significant
from vocabulary.enums import AccountKind, CurrencyType, JobStatus, SyncMethod
from vocabulary.errors import WALLET_NAME_REQUIRED, AccountError


@strawberry.type
class Currency:
    symbol: str
    name: str
    type: str  # a CurrencyType: CRYPTO_CURRENCY, FIAT, USER_DEFINED_TOKEN, …
    uaid: str  # the asset id, with its crypto_/fiat_/user_asset_/nft_/blockchain_ prefix
    price_usd: Decimal | None


@strawberry.type
class Balance:
    currency: Currency
    balance: Decimal
    value: Decimal | None  # in USD; None when the asset has no price

    @classmethod
    def of(cls, row: BalanceRow) -> Balance:
        currency = Currency(
            symbol=row.symbol, name=row.name, type=row.type.value, uaid=row.asset_id, price_usd=row.price_usd
        )
        return cls(currency=currency, balance=row.quantity, value=row.value_usd)


@strawberry.type(description="What the chain reported at the latest sync against what the flows add up to.")
class ReportedBalance:
    currency: Currency
    balance: Decimal  # reported by the chain
    calculated_balance: Decimal  # inflows less outflows of the account's transactions not ignored
    is_balance_difference_significant: bool


@strawberry.type
class SyncInfo:
    is_syncing: bool
    will_be_deleted: bool
    is_disabled: bool
    last_synced: datetime | None


@strawberry.type
class Account:
    account_id: strawberry.Private[int]
    parent_id: strawberry.Private[int | None]
    currency_symbol: strawberry.Private[str | None]  # a blockchain wallet's coin
    id: strawberry.ID
    kind: int
    name: str
    slug: str
    image_url: str
    address: str | None
    is_mining: bool
    sync_info: SyncInfo
    integration_name: str
    sync_method: str  # the integration's: Automatic sync, Custom file, Cairn CSV, or both
    is_synced_integration: bool = strawberry.field(
        description="The integration syncs automatically: importing files into it may duplicate transactions."
    )
    allowed_import_types: list[int] = strawberry.field(
        description="Import types a file import into this account may have (empty: it takes no files)."
    )
    network: str | None = strawberry.field(description="A blockchain wallet's chain (its integration slug).")

    @classmethod
    def of(cls, row: AccountRow) -> Account:
        integration = row.integration
        sync_method = None if integration is None else integration.sync_method
        return cls(
            account_id=row.id,
            parent_id=row.parent_id,
            currency_symbol=row.currency_symbol,
            network=(
                integration.slug if integration is not None and row.kind is AccountKind.WALLET else None
            ),
            id=strawberry.ID(str(row.id)),
            kind=int(row.kind),
            name=row.name,
            slug="" if integration is None else integration.slug,
            image_url="" if integration is None else integration.image_url,
            address=row.address,
            is_mining=row.is_mining,
            integration_name="" if integration is None else integration.name,
            sync_method="" if sync_method is None else sync_method.value,
            is_synced_integration=sync_method in (SyncMethod.AUTOMATIC, SyncMethod.AUTOMATIC_AND_FILE),
            allowed_import_types=[int(kind) for kind in allowed_import_types(row.kind, integration)],
            sync_info=SyncInfo(
                is_syncing=row.is_syncing,
                will_be_deleted=row.will_be_deleted,
                is_disabled=row.is_disabled,
                last_synced=row.last_synced_at,
            ),
        )

    @strawberry.field
    async def balances(self, info: CairnInfo) -> list[Balance]:
        return [Balance.of(row) for row in await info.context.balances.load(self.account_id)]

    @strawberry.field(description="A blockchain wallet's coin; null for other accounts.")
    async def currency(self, info: CairnInfo) -> Currency | None:
        own = await self._own_coin(info)
        if own is not None:
            return own.currency
        for _, asset in await info.context.reported_balances.load(self.account_id):
            if asset.symbol == self.currency_symbol:
                return Currency(
                    symbol=asset.symbol, name=asset.name, type=asset.type.value, uaid=asset.id, price_usd=None
                )
        return None

    @strawberry.field(description="The coin's balance as the chain reported it at the latest sync.")
    async def balance(self, info: CairnInfo) -> Decimal | None:
        for reported, asset in await info.context.reported_balances.load(self.account_id):
            if asset.symbol == self.currency_symbol:
                return reported.quantity
        return None

    @strawberry.field(description="The coin's balance as the account's transactions add up.")
    async def calculated_balance(self, info: CairnInfo) -> Decimal | None:
        if self.currency_symbol is None:
            return None
        own = await self._own_coin(info)
        return Decimal(0) if own is None else own.balance

    @strawberry.field(description="The coin's calculated balance in USD; null without a price.")
    async def calculated_value(self, info: CairnInfo) -> Decimal | None:
        own = await self._own_coin(info)
        return None if own is None else own.value

    @strawberry.field(description="The coin's symbol in capitals, letters and digits only.")
    def sanitized_crypto_symbol(self) -> str | None:
        if self.currency_symbol is None:
            return None
        return "".join(c for c in self.currency_symbol.upper() if c.isalnum())

    @strawberry.field(description="A blockchain wallet's token balances (spam left out).")
    async def tokens(self, info: CairnInfo) -> list[Balance]:
        held = await info.context.balances.load(self.account_id)
        return [Balance.of(row) for row in held if row.type is CurrencyType.BLOCKCHAIN_TOKEN]

    @strawberry.field(description="How many flows (ledger entries) the account's transactions have.")
    async def entry_count(self, info: CairnInfo) -> int:
        return await info.context.entry_counts.load(self.account_id)

    @strawberry.field(description="The name of the account this one belongs to (an exchange's wallet).")
    async def parent_account_name(self, info: CairnInfo) -> str | None:
        if self.parent_id is None:
            return None
        parent = await info.context.scope.accounts.account(self.parent_id)
        return None if parent is None else parent.name

    async def _own_coin(self, info: CairnInfo) -> Balance | None:
        for row in await info.context.balances.load(self.account_id):
            if row.symbol == self.currency_symbol and row.type is not CurrencyType.BLOCKCHAIN_TOKEN:
                return Balance.of(row)
        return None

    @strawberry.field(description="Per asset, a synced wallet's reported and calculated balances.")
    async def reported_balances(self, info: CairnInfo) -> list[ReportedBalance]:
        calculated = {row.asset_id: row for row in await info.context.balances.load(self.account_id)}
        verdicts = await info.context.scope.spam.verdicts()
        compared = []
        for reported, asset in await info.context.reported_balances.load(self.account_id):
            if verdicts.get(asset.id, bool(asset.is_spam)):
                continue  # spam holds no balance to compare
            held = calculated.get(asset.id)
            quantity = Decimal(0) if held is None else held.quantity
            currency = Currency(
                symbol=asset.symbol,
                name=asset.name,
                type=asset.type.value,
                uaid=asset.id,
                price_usd=None if held is None else held.price_usd,
            )
            significant = is_balance_difference_significant(reported.quantity, quantity, reported.decimals)
            compared.append(
                ReportedBalance(
                    currency=currency,
                    balance=reported.quantity,
                    calculated_balance=quantity,
                    is_balance_difference_significant=significant,
                )
            )
        return compared

    @strawberry.field(description="Some asset's reported and calculated balances differ significantly.")
    async def is_balance_difference_significant(self, info: CairnInfo) -> bool:
        return any(
            balance.is_balance_difference_significant for balance in await self.reported_balances(info)
        )

    @strawberry.field(description="Total USD value of the priced balances; null when none has a price.")
    async def value(self, info: CairnInfo) -> Decimal | None:
        balances = await info.context.balances.load(self.account_id)
        values = [row.value_usd for row in balances if row.value_usd is not None]
        if balances and not values:
            return None
        return sum(values, Decimal(0))

    @strawberry.field
    async def assets_count(self, info: CairnInfo) -> int:
        return len(await info.context.balances.load(self.account_id))

    @strawberry.field
    async def computed_transaction_count(self, info: CairnInfo) -> int:
        return (await info.context.transaction_counts.load(self.account_id)).total

    @strawberry.field
    async def computed_crypto_transaction_count(self, info: CairnInfo) -> int:
        return (await info.context.transaction_counts.load(self.account_id)).crypto

    @strawberry.field
    async def num_manual_edits(self, info: CairnInfo) -> int:
        return (await info.context.transaction_counts.load(self.account_id)).manual

    @strawberry.field(description="Why the account's latest sync or import failed, if it did.")
    async def errors(self, info: CairnInfo) -> list[str]:
        job = await info.context.latest_jobs.load(self.account_id)
        if job is None or job.status != JobStatus.FAILED or not job.error_message:
            return []
        return [job.error_message]


@strawberry.type
class AccountPage:
    items: list[Account]
    total: int
    page: int
    limit: int


async def _page(info: CairnInfo, kind: AccountKind, page: int, limit: int) -> AccountPage:
    check_page(page, limit)
    rows, total = await info.context.scope.accounts.accounts_page(kind, page, limit)
    return AccountPage(items=[Account.of(row) for row in rows], total=total, page=page, limit=limit)


def account_id_of(value: strawberry.ID) -> int | None:
    """The account (or transaction) id an ID names; None for anything that is not one."""
    return int(value) if str(value).isdecimal() else None


@strawberry.type
class AccountsQuery:
    @strawberry.field
    async def wallets(self, info: CairnInfo, page: int = 1, limit: int = 50) -> AccountPage:
        return await _page(info, AccountKind.WALLET, page, limit)

    @strawberry.field
    async def exchanges(self, info: CairnInfo, page: int = 1, limit: int = 50) -> AccountPage:
        return await _page(info, AccountKind.EXCHANGE, page, limit)

    @strawberry.field
    async def custom_wallets(self, info: CairnInfo, page: int = 1, limit: int = 50) -> AccountPage:
        return await _page(info, AccountKind.CUSTOM_WALLET, page, limit)

    @strawberry.field
    async def account(self, info: CairnInfo, id: strawberry.ID) -> Account | None:
        account_id = account_id_of(id)
        row = None if account_id is None else await info.context.scope.accounts.account(account_id)
        return None if row is None else Account.of(row)


@strawberry.type
class AccountsMutation:
    @strawberry.mutation
    async def rename_custom_wallet(
        self, info: CairnInfo, id: strawberry.ID, name: Annotated[str, max_length(MAX_NAME_CHARS)]
    ) -> MutationResult:
        name = name.strip()
        if not name:
            return MutationResult.failed(AccountError.INVALID_ACCOUNT, WALLET_NAME_REQUIRED)
        account_id = account_id_of(id)
        scope = info.context.scope.accounts
        renamed = (
            None
            if account_id is None
            else await scope.rename_account(account_id, AccountKind.CUSTOM_WALLET, name)
        )
        if renamed is None:
            return MutationResult.failed(AccountError.ACCOUNT_NOT_FOUND)
        await info.context.session.commit()
        return MutationResult.ok()

    @strawberry.mutation
    async def delete_custom_wallet(self, info: CairnInfo, id: strawberry.ID) -> MutationResult:
        context = info.context
        accounts = context.scope.accounts
        account_id = account_id_of(id)
        if account_id is not None and await context.scope.freezing.holds_frozen(account_id):
            return frozen_period_refusal()
        marked = (
            None
            if account_id is None
            else await accounts.mark_account_for_deletion(account_id, AccountKind.CUSTOM_WALLET)
        )
        if marked is None:
            return MutationResult.failed(AccountError.ACCOUNT_NOT_FOUND)
        started = await start_work(
            context,
            deletion(marked.id, context.user.id),
            undo=lambda: accounts.mark_account_for_deletion(
                marked.id, AccountKind.CUSTOM_WALLET, marked=False
            ),
        )
        return MutationResult.ok() if started.ok else MutationResult.failed(AccountError.GENERIC_ERROR)
