"""The broker demo as one broker sees it (spec 001 §2, §6): the users connected to them with their
deposits, currencies, tax method and pipeline stages, the exchange-level report of a tax year, the
broker's settings, and the demo account the broker deposits and sells in (their own books, which the
consumer view shows), reset to its seed on request.

Only a broker (enable_cbe with is_broker) gets anything: for anyone else every read answers None and
every write refuses, like a connected user's id that is not theirs. Deposits and sell orders are manual
transactions (ledger.scope.transaction_edits); the reset marks the demo user's accounts for the
account-deletion activity. The caller commits."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Account, BrokerConnection, Flow, Transaction, User
from ledger.models.cost_basis import RUNNING_STATES
from ledger.scope.accounts import AccountsScope
from ledger.scope.catalog import CSV_INTEGRATION_SLUG, integration_by_slug
from ledger.scope.cost_basis import USD, CostBasisScope, TaxSummary
from ledger.scope.performance import DEPOSIT_TYPES
from ledger.scope.portfolio import Holding, PortfolioScope
from ledger.scope.transaction_edits import FlowInput, ManualTransaction, TransactionEditsScope
from vocabulary.broker import DEMO_ACCOUNT_NAME, CbePipelineStage, CbeStageStatus
from vocabulary.enums import AccountKind, CostBasisState, FlowDirection
from vocabulary.enums import TransactionType as Type
from vocabulary.errors import TransactionEditError as Problem

DEMO_ACCOUNT_KEY = "cbeDemoAccountId"  # user settings: the broker's demo account
ALLOW_CONNECT_KEY = "cbeAllowUserWalletConnect"  # user settings: the broker's CBE setting
USD_ASSET = "fiat_USD"


@dataclass(frozen=True)
class ConnectedUser:
    user: User
    connected_at: datetime
    deposit_count: int
    last_deposit_at: datetime | None


@dataclass(frozen=True)
class Deposit:
    transaction_public_id: uuid.UUID
    timestamp: datetime
    type: Type
    account_name: str
    asset_id: str
    quantity: Decimal
    value: Decimal | None  # in value_currency; None when the source gave none
    value_currency: str | None


@dataclass(frozen=True)
class UserYear:
    user: User
    summary: TaxSummary  # in USD, over the user's own tax year


@dataclass(frozen=True)
class BrokerSettings:
    allow_user_wallet_connect: bool


@dataclass(frozen=True)
class StageState:
    stage: CbePipelineStage
    status: CbeStageStatus
    updated_at: datetime | None  # when the stage last finished; None if it never has


@dataclass(frozen=True)
class DemoDeposit:
    asset_id: str
    quantity: Decimal
    cost_basis: Decimal  # USD
    timestamp: datetime


@dataclass(frozen=True)
class DemoSellOrder:
    asset_id: str
    quantity: Decimal
    proceeds: Decimal  # USD
    timestamp: datetime


# What a reset leaves in the demo account: two deposits and a sale in the broker's tax year.
SEED_DEPOSITS = (
    DemoDeposit("crypto_BTC", Decimal("0.5"), Decimal("21000"), datetime(2025, 1, 15, 15, 0, tzinfo=UTC)),
    DemoDeposit("crypto_ETH", Decimal("4"), Decimal("9600"), datetime(2025, 2, 3, 10, 30, tzinfo=UTC)),
)
SEED_SELL_ORDERS = (
    DemoSellOrder("crypto_BTC", Decimal("0.2"), Decimal("16000"), datetime(2025, 3, 10, 18, 45, tzinfo=UTC)),
)


def _deposit_flows(user_id: Any) -> list[ColumnElement[bool]]:
    """A user's deposits: receipts of the types that cross the portfolio's edge, not ignored."""
    return [
        Transaction.user_id == user_id,
        Transaction.type.in_(DEPOSIT_TYPES),
        Transaction.is_ignored.is_(False),
        Flow.transaction_id == Transaction.id,
        Flow.direction == FlowDirection.INFLOW,
        Flow.is_fee.is_(False),
    ]


class BrokerScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def is_broker(self) -> bool:
        return bool(
            await self.session.scalar(
                select(User.id).where(User.id == self.user_id, User.enable_cbe, User.is_broker)
            )
        )

    # Reads

    async def connected_users(self) -> list[ConnectedUser] | None:
        """The broker's connected users, the broker's own demo account first, then first connected first,
        with their deposit counts."""
        if not await self.is_broker():
            return None
        return await self._connected()

    async def connected_user(self, public_id: uuid.UUID) -> ConnectedUser | None:
        if not await self.is_broker():
            return None
        found = await self._connected(User.public_id == public_id)
        return found[0] if found else None

    async def deposit_history(self, user: User, limit: int, offset: int) -> tuple[list[Deposit], int]:
        """Deposits of a user `connected_user` answered, newest first."""
        where = _deposit_flows(user.id)
        total = await self.session.scalar(select(func.count()).select_from(Transaction, Flow).where(*where))
        rows = await self.session.execute(
            select(
                Transaction.public_id,
                Transaction.timestamp,
                Transaction.type,
                Account.name,
                Flow.asset_id,
                Flow.quantity,
                Flow.value,
                Flow.value_currency,
            )
            .where(*where, Account.id == Transaction.account_id)
            .order_by(Transaction.timestamp.desc(), Flow.id)
            .offset(offset)
            .limit(limit)  # checked by the API's pagination rule
        )
        return [Deposit(*row) for row in rows], total or 0

    async def exchange_report(self, year: int) -> list[UserYear] | None:
        """The tax year of every connected user, in USD, from their last cost-basis run."""
        connected = await self.connected_users()
        if connected is None:
            return None
        return [
            UserYear(
                found.user,
                await CostBasisScope(self.session, found.user.id).tax_summary(
                    year, found.user.tax_year_start_month, found.user.tax_year_start_day, USD
                ),
            )
            for found in connected
        ]

    async def user_currencies(self, user: User, today: date) -> list[Holding]:
        """What a user `connected_user` answered holds, in USD at the last closes on or before `today`."""
        portfolio = PortfolioScope(self.session, user.id)
        return await portfolio.holdings(USD, min(today, await portfolio.latest_close_day() or today))

    async def pipeline_stages(self, user: User) -> list[StageState]:
        """Where the books of a user `connected_user` answered are: their accounts' syncs, then the
        cost-basis run the exchange-level report reads."""
        syncing, accounts, synced = (
            await self.session.execute(
                select(
                    func.bool_or(Account.is_syncing),
                    func.count(Account.id),
                    func.max(Account.last_synced_at),
                ).where(Account.user_id == user.id, Account.will_be_deleted.is_(False))
            )
        ).one()
        imported = (
            CbeStageStatus.RUNNING
            if syncing
            else CbeStageStatus.DONE
            if accounts
            else CbeStageStatus.NOT_STARTED
        )
        run = await CostBasisScope(self.session, user.id).status()
        if run is None or (run.state is None and run.last_synced_at is None):
            calculated = CbeStageStatus.NOT_STARTED
        elif run.state in RUNNING_STATES:
            calculated = CbeStageStatus.RUNNING
        elif run.state is CostBasisState.FAILED:
            calculated = CbeStageStatus.FAILED
        else:
            calculated = CbeStageStatus.DONE
        return [
            StageState(CbePipelineStage.IMPORT, imported, synced),
            StageState(CbePipelineStage.COST_BASIS, calculated, None if run is None else run.last_synced_at),
        ]

    async def settings(self) -> BrokerSettings | None:
        """The broker's CBE settings; user wallet connect is off until the broker turns it on."""
        if not await self.is_broker():
            return None
        return BrokerSettings(bool((await self._user()).settings.get(ALLOW_CONNECT_KEY, False)))

    async def existing_demo_account_id(self) -> int | None:
        """The broker's demo account, if they have one not being deleted."""
        if not await self.is_broker():
            return None
        kept = (await self._user()).settings.get(DEMO_ACCOUNT_KEY)
        if not isinstance(kept, int):
            return None
        account = await AccountsScope(self.session, self.user_id).account(kept)
        return None if account is None or account.will_be_deleted else account.id

    # Writes

    async def add_deposit(self, entered: DemoDeposit) -> Transaction | Problem:
        """A deposit into the demo account, its cost basis the value it arrives with."""
        account_id = await self._demo_account_id()
        if account_id is None:
            return Problem.ACCOUNT_NOT_FOUND
        flow = FlowInput(FlowDirection.INFLOW, entered.asset_id, entered.quantity, entered.cost_basis)
        return await self._manual(ManualTransaction(account_id, entered.timestamp, Type.DEPOSIT, [flow]))

    async def add_sell_order(self, entered: DemoSellOrder) -> Transaction | Problem:
        """A sale in the demo account: the asset out, its proceeds in US dollars in."""
        account_id = await self._demo_account_id()
        if account_id is None:
            return Problem.ACCOUNT_NOT_FOUND
        flows = [
            FlowInput(FlowDirection.OUTFLOW, entered.asset_id, entered.quantity),
            FlowInput(FlowDirection.INFLOW, USD_ASSET, entered.proceeds, entered.proceeds),
        ]
        return await self._manual(ManualTransaction(account_id, entered.timestamp, Type.SELL, flows))

    async def update_settings(self, changed: BrokerSettings) -> BrokerSettings | None:
        """Stores the broker's CBE settings; None (nothing stored) for anyone but a broker."""
        if not await self.is_broker():
            return None
        user = await self._user()
        user.settings = {**user.settings, ALLOW_CONNECT_KEY: changed.allow_user_wallet_connect}
        await self.session.flush()
        return changed

    async def mark_demo_accounts(self) -> list[int] | None:
        """The reset's first step: every account of the demo user marked for deletion (the deletion
        activity's condition); answers them, None for anyone but a broker."""
        if not await self.is_broker():
            return None
        return list(
            await self.session.scalars(
                update(Account)
                .where(Account.user_id == self.user_id, Account.parent_id.is_(None))
                .values(will_be_deleted=True)
                .returning(Account.id)
            )
        )

    async def unmark_demo_accounts(self, account_ids: list[int]) -> None:
        """Undoes `mark_demo_accounts` when their deletion could not be started."""
        await self.session.execute(
            update(Account)
            .where(Account.user_id == self.user_id, Account.id.in_(account_ids))
            .values(will_be_deleted=False)
        )

    async def seed_demo(self) -> None:
        """The reset's last step: a new demo account holding the seed."""
        seeded: list[Transaction | Problem] = [await self.add_deposit(entered) for entered in SEED_DEPOSITS]
        seeded += [await self.add_sell_order(entered) for entered in SEED_SELL_ORDERS]
        refused = [found for found in seeded if isinstance(found, Problem)]
        if refused:
            raise LookupError(f"the demo seed was refused: {refused[0].value}")

    # Inside

    async def _user(self) -> User:
        user = await self.session.get(User, self.user_id)
        if user is None:
            raise LookupError(f"user {self.user_id} no longer exists")
        return user

    async def _demo_account_id(self) -> int | None:
        """The broker's demo account, made when they have none (or it is being deleted)."""
        found = await self.existing_demo_account_id()
        if found is not None or not await self.is_broker():
            return found
        integration = await integration_by_slug(self.session, CSV_INTEGRATION_SLUG)
        if integration is None:
            raise LookupError("the integration catalogue is not seeded")
        accounts = AccountsScope(self.session, self.user_id)
        account = await accounts.create_account(AccountKind.CUSTOM_WALLET, DEMO_ACCOUNT_NAME, integration)
        account.is_syncing = False  # nothing is being imported into it
        user = await self._user()
        user.settings = {**user.settings, DEMO_ACCOUNT_KEY: account.id}
        await self.session.flush()
        return account.id

    async def _manual(self, entered: ManualTransaction) -> Transaction | Problem:
        return await TransactionEditsScope(self.session, self.user_id).create_manual(entered)

    async def _connected(self, *only: ColumnElement[bool]) -> list[ConnectedUser]:
        deposits = (
            select(
                Transaction.user_id,
                func.count(func.distinct(Transaction.id)).label("count"),
                func.max(Transaction.timestamp).label("last"),
            )
            .select_from(BrokerConnection)
            .join(Transaction, Transaction.user_id == BrokerConnection.user_id)
            .join(Flow, and_(*_deposit_flows(BrokerConnection.user_id)))
            .where(BrokerConnection.broker_user_id == self.user_id)
            .group_by(Transaction.user_id)
            .subquery()
        )
        rows = await self.session.execute(
            select(User, BrokerConnection.created_at, deposits.c.count, deposits.c.last)
            .join(BrokerConnection, BrokerConnection.user_id == User.id)
            .outerjoin(deposits, deposits.c.user_id == User.id)
            .where(BrokerConnection.broker_user_id == self.user_id, *only)
            .order_by(User.id != self.user_id, BrokerConnection.created_at, User.id)
        )
        return [ConnectedUser(user, since, count or 0, last) for user, since, count, last in rows]
