"""Linking a user's exchanges and wallets: credentials under check, new linked accounts, new credentials,
mining, which of the user's accounts sync, and the balances their chains report. Every query is limited
to the user."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Account, Asset, CredentialCheck, Integration, Job, ReportedBalance
from vocabulary.enums import AccountKind, IntegrationCategory, JobKind, JobStatus

LINKED_KINDS = (AccountKind.EXCHANGE, AccountKind.WALLET)  # the kinds that sync; custom wallets take files
# Accounts that sync: wallets, and exchanges linked by API (one made from a file has no credentials).
SYNCS = and_(
    Account.kind.in_(LINKED_KINDS),
    Account.will_be_deleted.is_(False),
    or_(Account.kind != AccountKind.EXCHANGE, Account.credentials.is_not(None)),
)


def fed_by_files(account: Account) -> bool:
    """An exchange made from a file, not linked by API: it has nothing to sync (SYNCS leaves it out)."""
    return account.kind is AccountKind.EXCHANGE and account.credentials is None


class LinkingScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def integration(self, slug: str, category: IntegrationCategory) -> Integration | None:
        return await self.session.get(Integration, (slug, category))

    async def start_check(self, exchange: str, sealed: bytes) -> int:
        check = CredentialCheck(user_id=self.user_id, exchange=exchange, credentials=sealed)
        self.session.add(check)
        await self.session.flush()
        return check.id

    async def end_check(self, check_id: int) -> None:
        await self.session.execute(
            delete(CredentialCheck).where(
                CredentialCheck.id == check_id, CredentialCheck.user_id == self.user_id
            )
        )

    async def sealed_credentials(self, slug: str) -> list[tuple[int, bytes]]:
        """The sealed credentials of the user's exchange accounts of one integration."""
        rows = await self.session.execute(
            select(Account.id, Account.credentials).where(
                Account.user_id == self.user_id,
                Account.kind == AccountKind.EXCHANGE,
                Account.integration_slug == slug,
                Account.credentials.is_not(None),
            )
        )
        return [(account_id, sealed) for account_id, sealed in rows if sealed is not None]

    async def create_linked(
        self,
        kind: AccountKind,
        integration: Integration,
        name: str,
        *,
        credentials: bytes | None = None,
        address: str | None = None,
        currency_symbol: str | None = None,
    ) -> Account:
        """A new exchange (with its sealed credentials) or wallet (with its address), syncing."""
        account = Account(
            user_id=self.user_id,
            kind=kind,
            name=name,
            integration_slug=integration.slug,
            integration_category=integration.category,
            credentials=credentials,
            address=address,
            currency_symbol=currency_symbol,
            is_syncing=True,
        )
        self.session.add(account)
        await self.session.flush()
        return account

    async def linked_account(self, account_id: int, kind: AccountKind | None = None) -> Account | None:
        """One of the user's exchanges or wallets, not being deleted."""
        query = select(Account).where(
            Account.id == account_id,
            Account.user_id == self.user_id,
            Account.kind.in_(LINKED_KINDS if kind is None else (kind,)),
            Account.will_be_deleted.is_(False),
        )
        return await self.session.scalar(query)

    async def wallet_linked(self, slug: str, address: str) -> bool:
        """The user has a wallet of this integration with this address (in any case)."""
        found = await self.session.scalar(
            select(Account.id).where(
                Account.user_id == self.user_id,
                Account.kind == AccountKind.WALLET,
                Account.integration_slug == slug,
                func.lower(Account.address) == address.lower(),
            )
        )
        return found is not None

    async def linked_accounts(self) -> list[Account]:
        """Every exchange and wallet of the user that syncs (not being deleted, not fed by files)."""
        rows = await self.session.scalars(
            select(Account).where(Account.user_id == self.user_id, SYNCS).order_by(Account.id)
        )
        return list(rows)

    async def stop_syncing(self, account_id: int) -> None:
        """A sync that could not be started: the account is no longer shown syncing."""
        await self.session.execute(
            update(Account)
            .where(Account.id == account_id, Account.user_id == self.user_id)
            .values(is_syncing=False)
        )

    async def reported_balances(
        self, account_ids: Sequence[int]
    ) -> dict[int, list[tuple[ReportedBalance, Asset]]]:
        """What the chain reported at each account's latest sync, per asset (none for accounts never
        synced or not the user's)."""
        rows = await self.session.execute(
            select(ReportedBalance, Asset)
            .join(Asset, Asset.id == ReportedBalance.asset_id)
            .join(Account, Account.id == ReportedBalance.account_id)
            .where(Account.user_id == self.user_id, ReportedBalance.account_id.in_(account_ids))
            .order_by(ReportedBalance.account_id, Asset.symbol)
        )
        found: dict[int, list[tuple[ReportedBalance, Asset]]] = {account_id: [] for account_id in account_ids}
        for reported, asset in rows:
            found[reported.account_id].append((reported, asset))
        return found

    async def blockchain_of_network(self, network: str) -> Integration | None:
        """The blockchain integration of a cryptoNetwork (its best-ranked, when several share it)."""
        return await self.session.scalar(
            select(Integration)
            .where(
                Integration.category == IntegrationCategory.BLOCKCHAIN, Integration.crypto_network == network
            )
            .order_by(Integration.rank, Integration.slug)
            .limit(1)
        )

    async def record_multi_address_job(self, job_id: str, result: dict[str, Any]) -> None:
        """The outcome of adding several addresses at once (final when written: each wallet syncs apart)."""
        self.session.add(
            Job(
                id=job_id,
                user_id=self.user_id,
                kind=JobKind.MULTI_ADDRESS_IMPORT,
                status=JobStatus.FINISHED,
                progress=100,
                result=result,
                finished_at=func.now(),
            )
        )
        await self.session.flush()
