"""The broker demo (CBE, spec 001 §2, §6): the broker's connected users (connectedCtUsers) with their
deposit information and history, currencies, tax method and pipeline stages, the exchange-level report
of a tax year, the broker's settings (allowUserWalletConnect), and the demo account's writes: add a
deposit, add a disposal (the sell order), reset the demo user (broker id cbe_demo).

Only a broker signed in as themselves gets anything (ledger.scope.broker): for anyone else, and for a
user id not connected to them, queries answer null and mutations "Not found.". Deposits and disposals are
manual transactions, validated as such and followed by one cost-basis run; the reset deletes the demo
user's accounts in ResetDemoUserWorkflow and seeds a new demo account at once."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

import strawberry
from graphql import GraphQLError

from api.context import CairnInfo
from api.jobs import start_work
from api.limits import MAX_ASSET_CHARS
from api.pagination import check_offset
from api.schema.common import MutationResult
from api.schema.cost_basis import request_run
from api.schema.portfolio import Holding
from api.string_bounds import MaxLength
from contracts.broker_demo import reset_demo_user
from ledger.models import Transaction
from ledger.scope.broker import (
    BrokerSettings,
    ConnectedUser,
    DemoDeposit,
    DemoSellOrder,
    Deposit,
    StageState,
    UserYear,
)
from ledger.scope.cost_basis import TaxSummary
from ledger.scope.portfolio import today_utc
from vocabulary.broker import DEMO_BROKER_ID, NOT_FOUND, RESET_FAILED, CbePipelineStage, CbeStageStatus
from vocabulary.enums import CostBasisMethod, QueuePriority, TransactionType
from vocabulary.errors import ENQUEUE_FAILED, TRANSACTION_EDIT_ERROR_MESSAGES, TransactionEditError

FIRST_TAX_YEAR, LAST_TAX_YEAR = 2009, 2100  # no crypto before 2009; bounds keep dates valid

strawberry.enum(CbePipelineStage, name="CbePipelineStage")
strawberry.enum(CbeStageStatus, name="CbeStageStatus")


@strawberry.type
class ConnectedCtUser:
    public_id: strawberry.ID
    email: str
    connected_at: datetime
    deposit_count: int
    last_deposit_at: datetime | None

    @classmethod
    def of(cls, found: ConnectedUser) -> ConnectedCtUser:
        return cls(
            public_id=strawberry.ID(str(found.user.public_id)),
            email=found.user.email,
            connected_at=found.connected_at,
            deposit_count=found.deposit_count,
            last_deposit_at=found.last_deposit_at,
        )


@strawberry.type
class CbeDeposit:
    transaction_public_id: strawberry.ID
    timestamp: datetime
    type: TransactionType
    account_name: str
    asset_id: str
    quantity: Decimal
    value: Decimal | None = strawberry.field(description="The value it arrived with, in valueCurrency.")
    value_currency: str | None

    @classmethod
    def of(cls, row: Deposit) -> CbeDeposit:
        return cls(
            transaction_public_id=strawberry.ID(str(row.transaction_public_id)),
            timestamp=row.timestamp,
            type=row.type,
            account_name=row.account_name,
            asset_id=row.asset_id,
            quantity=row.quantity,
            value=row.value,
            value_currency=row.value_currency,
        )


@strawberry.type
class CbeDepositPage:
    items: list[CbeDeposit]
    total: int


@strawberry.type(description="Gains and income of a tax year in USD, from the last cost-basis run.")
class CbeYearTotals:
    proceeds: Decimal
    cost_basis: Decimal
    capital_gain: Decimal
    short_term_gain: Decimal
    long_term_gain: Decimal
    taxable_income_total: Decimal

    @classmethod
    def of(cls, summary: TaxSummary) -> CbeYearTotals:
        return cls(
            proceeds=summary.proceeds,
            cost_basis=summary.cost_basis,
            capital_gain=summary.capital_gain,
            short_term_gain=summary.short_term_gain,
            long_term_gain=summary.long_term_gain,
            taxable_income_total=summary.taxable_income_total,
        )


@strawberry.type
class CbeUserYear:
    public_id: strawberry.ID
    email: str
    totals: CbeYearTotals

    @classmethod
    def of(cls, year: UserYear) -> CbeUserYear:
        return cls(
            public_id=strawberry.ID(str(year.user.public_id)),
            email=year.user.email,
            totals=CbeYearTotals.of(year.summary),
        )


@strawberry.type(description="One tax year across every user connected to the broker.")
class ExchangeLevelReport:
    tax_year: int
    users: list[CbeUserYear]

    @strawberry.field
    def totals(self) -> CbeYearTotals:
        return CbeYearTotals(
            **{
                name: sum((getattr(user.totals, name) for user in self.users), Decimal(0))
                for name in (
                    "proceeds",
                    "cost_basis",
                    "capital_gain",
                    "short_term_gain",
                    "long_term_gain",
                    "taxable_income_total",
                )
            }
        )


@strawberry.type(description="A connected user's tax method: the cost basis method and its scope.")
class CbeTaxMethod:
    cost_basis_method: CostBasisMethod
    cost_basis_by_wallet: bool


@strawberry.type
class CbePipelineStageState:
    stage: CbePipelineStage
    status: CbeStageStatus
    updated_at: datetime | None = strawberry.field(description="When the stage last finished.")

    @classmethod
    def of(cls, state: StageState) -> CbePipelineStageState:
        return cls(stage=state.stage, status=state.status, updated_at=state.updated_at)


@strawberry.type(description="The broker's settings, kept by the server (the client mirrors them).")
class CbeSettings:
    allow_user_wallet_connect: bool


@strawberry.input
class CbeSettingsInput:
    allow_user_wallet_connect: bool


@strawberry.type
class CbeSettingsResult(MutationResult):
    settings: CbeSettings | None = None


@strawberry.input
class CbeDepositInput:
    asset_id: str = strawberry.field(directives=[MaxLength(chars=MAX_ASSET_CHARS)])
    quantity: Decimal
    cost_basis: Decimal = strawberry.field(description="In USD.")
    timestamp: datetime


@strawberry.input
class CbeDisposalInput:
    asset_id: str = strawberry.field(directives=[MaxLength(chars=MAX_ASSET_CHARS)])
    quantity: Decimal
    proceeds: Decimal = strawberry.field(description="In USD.")
    timestamp: datetime


@strawberry.input
class ResetDemoUserInput:
    broker_id: str = strawberry.field(directives=[MaxLength(chars=50)])


@strawberry.type
class CbeTransactionResult(MutationResult):
    public_id: strawberry.ID | None = None  # of the transaction added


def _not_found() -> MutationResult:
    return MutationResult(success=False, error="not_found", error_message=NOT_FOUND)


def _user_id(value: strawberry.ID) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


async def _connected(info: CairnInfo, user_id: strawberry.ID) -> ConnectedUser | None:
    found = _user_id(user_id)
    if found is None or info.context.viewing_as:
        return None
    return await info.context.scope.broker.connected_user(found)


async def _added(info: CairnInfo, added: Transaction | TransactionEditError) -> CbeTransactionResult:
    """A deposit's or disposal's answer: refused (nothing written), or committed with a run requested."""
    if isinstance(added, TransactionEditError):
        await info.context.session.rollback()
        if added is TransactionEditError.ACCOUNT_NOT_FOUND:  # not a broker: no demo account
            return CbeTransactionResult(success=False, error="not_found", error_message=NOT_FOUND)
        message = TRANSACTION_EDIT_ERROR_MESSAGES[added]
        return CbeTransactionResult(success=False, error=added.value, error_message=message)
    public_id = strawberry.ID(str(added.public_id))
    run = await request_run(info, QueuePriority.HIGH, ENQUEUE_FAILED)
    return CbeTransactionResult(
        success=run.success, error=run.error, error_message=run.error_message, public_id=public_id
    )


@strawberry.type
class BrokerQuery:
    @strawberry.field(description="Users connected to the broker (null for anyone but a broker).")
    async def connected_ct_users(self, info: CairnInfo) -> list[ConnectedCtUser] | None:
        if info.context.viewing_as:
            return None
        found = await info.context.scope.broker.connected_users()
        return None if found is None else [ConnectedCtUser.of(user) for user in found]

    @strawberry.field(description="One connected user's deposit information.")
    async def connected_ct_user(self, info: CairnInfo, user_id: strawberry.ID) -> ConnectedCtUser | None:
        found = await _connected(info, user_id)
        return None if found is None else ConnectedCtUser.of(found)

    @strawberry.field(description="One connected user's deposits, newest first.")
    async def cbe_deposit_history(
        self, info: CairnInfo, user_id: strawberry.ID, limit: int = 50, offset: int = 0
    ) -> CbeDepositPage | None:
        check_offset(offset, limit)
        found = await _connected(info, user_id)
        if found is None:
            return None
        rows, total = await info.context.scope.broker.deposit_history(found.user, limit, offset)
        return CbeDepositPage(items=[CbeDeposit.of(row) for row in rows], total=total)

    @strawberry.field(description="What one connected user holds, in USD, largest first.")
    async def cbe_user_currencies(self, info: CairnInfo, user_id: strawberry.ID) -> list[Holding] | None:
        found = await _connected(info, user_id)
        if found is None:
            return None
        rows = await info.context.scope.broker.user_currencies(found.user, today_utc())
        total = sum((row.value for row in rows if row.value is not None), Decimal(0))
        return [Holding.of(row, total) for row in rows]

    @strawberry.field(description="One connected user's tax method.")
    async def cbe_tax_method(self, info: CairnInfo, user_id: strawberry.ID) -> CbeTaxMethod | None:
        found = await _connected(info, user_id)
        if found is None:
            return None
        user = found.user
        return CbeTaxMethod(
            cost_basis_method=user.cost_basis_method, cost_basis_by_wallet=user.cost_basis_by_wallet
        )

    @strawberry.field(description="Where one connected user's books are: import, then cost basis.")
    async def cbe_pipeline_stages(
        self, info: CairnInfo, user_id: strawberry.ID
    ) -> list[CbePipelineStageState] | None:
        found = await _connected(info, user_id)
        if found is None:
            return None
        stages = await info.context.scope.broker.pipeline_stages(found.user)
        return [CbePipelineStageState.of(state) for state in stages]

    @strawberry.field(description="The broker's settings.")
    async def cbe_settings(self, info: CairnInfo) -> CbeSettings | None:
        if info.context.viewing_as:
            return None
        found = await info.context.scope.broker.settings()
        return (
            None if found is None else CbeSettings(allow_user_wallet_connect=found.allow_user_wallet_connect)
        )

    @strawberry.field(description="The tax year of every connected user and their totals, in USD.")
    async def exchange_level_report(self, info: CairnInfo, tax_year: int) -> ExchangeLevelReport | None:
        if not FIRST_TAX_YEAR <= tax_year <= LAST_TAX_YEAR:
            raise GraphQLError(f"taxYear must be between {FIRST_TAX_YEAR} and {LAST_TAX_YEAR}")
        if info.context.viewing_as:
            return None
        years = await info.context.scope.broker.exchange_report(tax_year)
        if years is None:
            return None
        return ExchangeLevelReport(tax_year=tax_year, users=[CbeUserYear.of(year) for year in years])

    @strawberry.field(description="The broker's demo account, where deposits, sales and uploads go.")
    async def cbe_demo_account_id(self, info: CairnInfo) -> strawberry.ID | None:
        if info.context.viewing_as:
            return None
        found = await info.context.scope.broker.existing_demo_account_id()
        return None if found is None else strawberry.ID(str(found))


@strawberry.type
class BrokerMutation:
    @strawberry.mutation(description="Add a deposit, with its cost basis, to the demo account.")
    async def add_cbe_deposit(self, info: CairnInfo, input: CbeDepositInput) -> CbeTransactionResult:
        if info.context.viewing_as:
            return CbeTransactionResult(success=False, error="not_found", error_message=NOT_FOUND)
        entered = DemoDeposit(input.asset_id, input.quantity, input.cost_basis, input.timestamp)
        return await _added(info, await info.context.scope.broker.add_deposit(entered))

    @strawberry.mutation(description="Add a disposal (a sell order for US dollars) to the demo account.")
    async def add_cbe_disposal(self, info: CairnInfo, input: CbeDisposalInput) -> CbeTransactionResult:
        if info.context.viewing_as:
            return CbeTransactionResult(success=False, error="not_found", error_message=NOT_FOUND)
        entered = DemoSellOrder(input.asset_id, input.quantity, input.proceeds, input.timestamp)
        return await _added(info, await info.context.scope.broker.add_sell_order(entered))

    @strawberry.mutation(description="Store the broker's settings.")
    async def update_cbe_settings(self, info: CairnInfo, input: CbeSettingsInput) -> CbeSettingsResult:
        context = info.context
        changed = BrokerSettings(allow_user_wallet_connect=input.allow_user_wallet_connect)
        stored = None if context.viewing_as else await context.scope.broker.update_settings(changed)
        if stored is None:
            return CbeSettingsResult(success=False, error="not_found", error_message=NOT_FOUND)
        await context.session.commit()
        return CbeSettingsResult(
            success=True, settings=CbeSettings(allow_user_wallet_connect=stored.allow_user_wallet_connect)
        )

    @strawberry.mutation(description="Delete the demo user's accounts and seed the demo account again.")
    async def reset_demo_user(self, info: CairnInfo, input: ResetDemoUserInput) -> MutationResult:
        context = info.context
        broker = context.scope.broker
        if context.viewing_as or input.broker_id != DEMO_BROKER_ID:
            return _not_found()
        marked = await broker.mark_demo_accounts()
        if marked is None:
            return _not_found()
        started = await start_work(
            context,
            reset_demo_user(context.user.id, context.user.public_id, marked),
            undo=lambda: broker.unmark_demo_accounts(marked),
        )
        if not started.ok:
            return MutationResult(success=False, error="reset_failed", error_message=RESET_FAILED)
        await broker.seed_demo()
        await broker.update_settings(BrokerSettings(allow_user_wallet_connect=False))  # spec 001 §6
        # the workflow asks again once the old accounts are gone; this run shows the seed meanwhile
        return await request_run(info, QueuePriority.HIGH, ENQUEUE_FAILED)
