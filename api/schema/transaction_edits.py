"""Editing transactions (spec 001 §7 "Transactions"): manual transactions created, updated and deleted;
ignore and unignore, taxability, type and labels (operation purpose), cost basis and proceeds,
date-time, links, and the asset of many transactions at once.

Every edit is validated and recorded by the scope (ledger.scope.transaction_edits), committed, and
followed by one request for the user's cost-basis run, which coalesces with any run already asked for.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Annotated

import strawberry
from graphql import GraphQLError

from api.context import CairnInfo
from api.limits import MAX_ASSET_CHARS, MAX_PAGE_SIZE
from api.schema.accounts import account_id_of
from api.schema.common import MutationResult
from api.schema.cost_basis import request_run
from api.schema.transactions import public_id_of
from api.string_bounds import MaxLength, max_length
from ledger.scope.transaction_edits import FlowInput, ManualTransaction
from vocabulary.enums import FlowDirection, QueuePriority, TransactionLinkType, TransactionType
from vocabulary.errors import (
    ENQUEUE_FAILED,
    TRANSACTION_EDIT_ERROR_MESSAGES,
    TRANSFER_ERROR_MESSAGES,
    TransactionEditError,
    TransferError,
)

strawberry.enum(TransactionType, name="TransactionType")
strawberry.enum(FlowDirection, name="FlowDirection")
strawberry.enum(TransactionLinkType, name="TransactionLinkType")

AssetId = Annotated[str, max_length(MAX_ASSET_CHARS)]


@strawberry.input
class ManualFlowInput:
    direction: FlowDirection
    asset_id: str = strawberry.field(directives=[MaxLength(chars=MAX_ASSET_CHARS)])
    quantity: Decimal
    value: Decimal | None = strawberry.field(default=None, description="Its fiat value, in valueCurrency.")
    value_currency: str = strawberry.field(default="USD", directives=[MaxLength(chars=10)])
    is_fee: bool = False


@strawberry.input
class ManualTransactionInput:
    account_id: strawberry.ID
    timestamp: datetime
    type: TransactionType
    flows: list[ManualFlowInput]
    description: str = strawberry.field(default="", directives=[MaxLength(chars=1_000)])
    labels: list[str] = strawberry.field(default_factory=list)


@strawberry.type
class TransactionMutationResult(MutationResult):
    public_id: strawberry.ID | None = None  # of the transaction created

    @classmethod
    def of(cls, result: MutationResult, public_id: strawberry.ID | None = None) -> TransactionMutationResult:
        return cls(
            success=result.success,
            error=result.error,
            error_message=result.error_message,
            public_id=public_id,
        )


def _failed(problem: TransactionEditError | TransferError) -> MutationResult:
    message = (
        TRANSFER_ERROR_MESSAGES[problem]
        if isinstance(problem, TransferError)
        else TRANSACTION_EDIT_ERROR_MESSAGES[problem]
    )
    return MutationResult(success=False, error=problem.value, error_message=message)


async def _done(info: CairnInfo, problem: TransactionEditError | TransferError | None) -> MutationResult:
    """The edit's answer: its problem (nothing written), else the edit committed with a run requested."""
    if problem is not None:
        await info.context.session.rollback()
        return _failed(problem)
    return await request_run(info, QueuePriority.HIGH, ENQUEUE_FAILED)


def _public_ids(values: list[strawberry.ID]) -> list[uuid.UUID] | None:
    """The public ids named, None when one is not a public id (so not found)."""
    if not 1 <= len(values) <= MAX_PAGE_SIZE:
        raise GraphQLError(f"publicIds must hold 1 to {MAX_PAGE_SIZE} ids")
    found = [public_id_of(value) for value in values]
    return None if None in found else [value for value in found if value is not None]


def _manual(entered: ManualTransactionInput) -> ManualTransaction | None:
    account = account_id_of(entered.account_id)
    if account is None:
        return None
    return ManualTransaction(
        account_id=account,
        timestamp=entered.timestamp,
        type=entered.type,
        description=entered.description,
        labels=entered.labels,
        flows=[
            FlowInput(
                flow.direction, flow.asset_id, flow.quantity, flow.value, flow.value_currency, flow.is_fee
            )
            for flow in entered.flows
        ],
    )


NOT_FOUND = TransactionEditError.TRANSACTION_NOT_FOUND


@strawberry.type
class TransactionEditsMutation:
    @strawberry.mutation(description="Enter a transaction by hand into one of the user's accounts.")
    async def create_transaction(
        self, info: CairnInfo, input: ManualTransactionInput
    ) -> TransactionMutationResult:
        entered = _manual(input)
        if entered is None:
            return TransactionMutationResult.of(_failed(TransactionEditError.ACCOUNT_NOT_FOUND))
        created = await info.context.scope.transaction_edits.create_manual(entered)
        if isinstance(created, TransactionEditError):
            return TransactionMutationResult.of(await _done(info, created))
        public_id = strawberry.ID(str(created.public_id))
        return TransactionMutationResult.of(await _done(info, None), public_id)

    @strawberry.mutation(description="Change a transaction entered by hand.")
    async def update_transaction(
        self, info: CairnInfo, public_id: strawberry.ID, input: ManualTransactionInput
    ) -> MutationResult:
        found, entered = public_id_of(public_id), _manual(input)
        if found is None:
            return _failed(NOT_FOUND)
        if entered is None:
            return _failed(TransactionEditError.ACCOUNT_NOT_FOUND)
        return await _done(info, await info.context.scope.transaction_edits.update_manual(found, entered))

    @strawberry.mutation(description="Delete transactions entered by hand: all of them, or none.")
    async def delete_manual_transactions(
        self, info: CairnInfo, public_ids: list[strawberry.ID]
    ) -> MutationResult:
        found = _public_ids(public_ids)
        if found is None:
            return _failed(NOT_FOUND)
        return await _done(info, await info.context.scope.transaction_edits.delete_manual(found))

    @strawberry.mutation(description="Leave transactions out of every calculation.")
    async def ignore_transactions(self, info: CairnInfo, public_ids: list[strawberry.ID]) -> MutationResult:
        return await _ignore(info, public_ids, ignored=True)

    @strawberry.mutation(description="Count ignored transactions again.")
    async def unignore_transactions(self, info: CairnInfo, public_ids: list[strawberry.ID]) -> MutationResult:
        return await _ignore(info, public_ids, ignored=False)

    @strawberry.mutation(
        description="Whether a receipt or reward is taxable income; null returns to what its type says."
    )
    async def update_transaction_taxability(
        self, info: CairnInfo, public_id: strawberry.ID, is_taxable: bool | None = None
    ) -> MutationResult:
        found = public_id_of(public_id)
        if found is None:
            return _failed(NOT_FOUND)
        return await _done(info, await info.context.scope.transaction_edits.set_taxability(found, is_taxable))

    @strawberry.mutation(description="The transaction's type and labels.")
    async def update_transaction_operation_purpose(
        self, info: CairnInfo, public_id: strawberry.ID, type: TransactionType, labels: list[str]
    ) -> MutationResult:
        found = public_id_of(public_id)
        if found is None:
            return _failed(NOT_FOUND)
        edits = info.context.scope.transaction_edits
        return await _done(info, await edits.set_operation_purpose(found, type, labels))

    @strawberry.mutation(description="The date and time of a transaction.")
    async def update_transaction_datetime(
        self, info: CairnInfo, public_id: strawberry.ID, timestamp: datetime
    ) -> MutationResult:
        found = public_id_of(public_id)
        if found is None:
            return _failed(NOT_FOUND)
        return await _done(info, await info.context.scope.transaction_edits.set_timestamp(found, timestamp))

    @strawberry.mutation(
        description="The cost basis in USD of what a transaction received (positive); null removes it."
    )
    async def update_transaction_cost_basis(
        self, info: CairnInfo, flow_id: strawberry.ID, cost_basis: Decimal | None = None
    ) -> MutationResult:
        return await _override(info, flow_id, cost_basis, FlowDirection.INFLOW)

    @strawberry.mutation(
        description="The proceeds in USD of what a transaction sent (a positive number); null removes them."
    )
    async def update_transaction_proceeds(
        self, info: CairnInfo, flow_id: strawberry.ID, proceeds: Decimal | None = None
    ) -> MutationResult:
        return await _override(info, flow_id, proceeds, FlowDirection.OUTFLOW)

    @strawberry.mutation(description="In these transactions, what was one asset becomes another.")
    async def bulk_update_transaction_asset(
        self, info: CairnInfo, public_ids: list[strawberry.ID], from_asset_id: AssetId, to_asset_id: AssetId
    ) -> MutationResult:
        found = _public_ids(public_ids)
        if found is None:
            return _failed(NOT_FOUND)
        edits = info.context.scope.transaction_edits
        return await _done(info, await edits.bulk_update_asset(found, from_asset_id, to_asset_id))

    @strawberry.mutation(
        description="Link two transactions: a transfer's legs, a bridge or a trade in two parts."
    )
    async def create_transaction_link(
        self,
        info: CairnInfo,
        from_public_id: strawberry.ID,
        to_public_id: strawberry.ID,
        link_type: TransactionLinkType,
    ) -> MutationResult:
        start, end = public_id_of(from_public_id), public_id_of(to_public_id)
        if start is None or end is None:
            return _failed(NOT_FOUND)
        edits = info.context.scope.transaction_edits
        return await _done(info, await edits.create_link(start, end, link_type))

    @strawberry.mutation(description="Remove a link; an unlinked transfer is never matched again.")
    async def remove_transaction_link(self, info: CairnInfo, link_id: strawberry.ID) -> MutationResult:
        link = account_id_of(link_id)
        if link is None:
            return _failed(TransactionEditError.LINK_NOT_FOUND)
        return await _done(info, await info.context.scope.transaction_edits.remove_link(link))


async def _ignore(info: CairnInfo, public_ids: list[strawberry.ID], *, ignored: bool) -> MutationResult:
    found = _public_ids(public_ids)
    if found is None:
        return _failed(NOT_FOUND)
    return await _done(info, await info.context.scope.transaction_edits.set_ignored(found, ignored))


async def _override(
    info: CairnInfo, flow_id: strawberry.ID, amount: Decimal | None, direction: FlowDirection
) -> MutationResult:
    flow = account_id_of(flow_id)
    if flow is None:
        return _failed(TransactionEditError.FLOW_NOT_FOUND)
    edits = info.context.scope.transaction_edits
    return await _done(info, await edits.set_value_override(flow, amount, direction))
