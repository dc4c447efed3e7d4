"""From the stored ledger to the lot engine's input: its types and directions, its method and scope.

Every transaction type of the ledger is read as one of the engine's flow types (TREATMENTS.md):
moves in and out of the user's accounts as transfers (non-taxable when linked, at market value
when not), rewards as income, fee variants as fees, realised losses as zero-proceeds disposals,
swaps of every kind as trades. A conversion the user's taxability settings make no disposal (a wrap,
liquid stake or liquidity move) comes as CARRY legs and stays one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import polars as pl

from analytics.lots import MethodTimeline, settings_timeline
from ledger.writes.cost_basis import MethodSettings
from vocabulary.enums import AllocationScope, CostBasisMethod, FlowDirection
from vocabulary.enums import TransactionType as Type
from vocabulary.lot_engine import CARRY_TYPE

# The engine's flow type (one of FLOW_TYPES) of each ledger type: (for an inflow, for an outflow).
# SPAM is never read.
ENGINE_TYPES: dict[Type, tuple[Type, Type]] = {
    Type.BUY: (Type.BUY, Type.BUY),
    Type.SELL: (Type.SELL, Type.SELL),
    Type.TRADE: (Type.TRADE, Type.TRADE),
    Type.SEND: (Type.SEND, Type.SEND),
    Type.RECEIVE: (Type.RECEIVE, Type.RECEIVE),
    Type.TRANSFER: (Type.TRANSFER, Type.TRANSFER),
    Type.DEPOSIT: (Type.TRANSFER, Type.TRANSFER),
    Type.WITHDRAWAL: (Type.TRANSFER, Type.TRANSFER),
    Type.FIAT_DEPOSIT: (Type.TRANSFER, Type.TRANSFER),
    Type.FIAT_WITHDRAWAL: (Type.TRANSFER, Type.TRANSFER),
    Type.STAKE: (Type.TRANSFER, Type.TRANSFER),
    Type.UNSTAKE: (Type.TRANSFER, Type.TRANSFER),
    Type.LENDING_DEPOSIT: (Type.TRANSFER, Type.TRANSFER),
    Type.LENDING_WITHDRAWAL: (Type.TRANSFER, Type.TRANSFER),
    Type.LOAN_BORROW: (Type.TRANSFER, Type.TRANSFER),
    Type.LOAN_REPAYMENT: (Type.TRANSFER, Type.TRANSFER),
    Type.BRIDGE: (Type.TRANSFER, Type.TRANSFER),
    Type.STAKING_REWARD: (Type.STAKING_REWARD, Type.SEND),
    Type.MINING_REWARD: (Type.MINING_REWARD, Type.SEND),
    Type.AIRDROP: (Type.AIRDROP, Type.SEND),
    Type.INTEREST: (Type.INTEREST, Type.SEND),
    Type.INCOME: (Type.INCOME, Type.SEND),
    Type.FORK: (Type.FORK, Type.SEND),
    Type.REWARD: (Type.INCOME, Type.SEND),
    Type.REFERRAL_REWARD: (Type.INCOME, Type.SEND),
    Type.LIQUIDITY_REWARD: (Type.INCOME, Type.SEND),
    Type.MARGIN_PROFIT: (Type.INCOME, Type.LOST),
    Type.FUTURES_PROFIT: (Type.INCOME, Type.LOST),
    Type.REALIZED_PNL: (Type.INCOME, Type.LOST),
    Type.MARGIN_LOSS: (Type.RECEIVE, Type.LOST),
    Type.FUTURES_LOSS: (Type.RECEIVE, Type.LOST),
    Type.LIQUIDATION: (Type.TRADE, Type.TRADE),
    Type.CASHBACK: (Type.RECEIVE, Type.SEND),  # a rebate lowers a price paid: not income
    Type.FEE_REBATE: (Type.RECEIVE, Type.SEND),
    Type.FEE: (Type.RECEIVE, Type.FEE),
    Type.TRADE_FEE: (Type.RECEIVE, Type.FEE),
    Type.NETWORK_FEE: (Type.RECEIVE, Type.FEE),
    Type.MARGIN_FEE: (Type.RECEIVE, Type.FEE),
    Type.FUNDING_FEE: (Type.RECEIVE, Type.FEE),
    Type.MARGIN_TRADE: (Type.TRADE, Type.TRADE),
    Type.ADD_LIQUIDITY: (Type.TRADE, Type.TRADE),
    Type.REMOVE_LIQUIDITY: (Type.TRADE, Type.TRADE),
    Type.WRAP: (Type.TRADE, Type.TRADE),
    Type.UNWRAP: (Type.TRADE, Type.TRADE),
    Type.LINKED_TRADE: (Type.TRADE, Type.TRADE),
    Type.MULTI_OPERATION_TRANSACTION: (Type.TRADE, Type.TRADE),
    Type.CONTRACT_INTERACTION: (Type.TRADE, Type.TRADE),
    Type.UNKNOWN: (Type.TRADE, Type.TRADE),
    Type.NFT_MINT: (Type.BUY, Type.BUY),
    Type.NFT_PURCHASE: (Type.BUY, Type.BUY),
    Type.NFT_SALE: (Type.SELL, Type.SELL),
    Type.GIFT_RECEIVED: (Type.GIFT_RECEIVED, Type.SEND),
    Type.GIFT_SENT: (Type.RECEIVE, Type.GIFT_SENT),
    Type.DONATION: (Type.RECEIVE, Type.DONATION),
    Type.LOST: (Type.RECEIVE, Type.LOST),
    Type.STOLEN: (Type.RECEIVE, Type.STOLEN),
}
_DIRECTIONS_IN_ORDER = (FlowDirection.INFLOW, FlowDirection.OUTFLOW)
_BY_TYPE_AND_DIRECTION: dict[str, str] = {
    f"{kind.value}/{direction.value}": pair[index].value
    for kind, pair in ENGINE_TYPES.items()
    for index, direction in enumerate(_DIRECTIONS_IN_ORDER)
} | {
    # the legs of a conversion the user's taxability makes a carry (ledger.writes.taxability.carried)
    f"{CARRY_TYPE}/{direction.value}": CARRY_TYPE
    for direction in _DIRECTIONS_IN_ORDER
}
_DIRECTIONS = {FlowDirection.INFLOW.value: "IN", FlowDirection.OUTFLOW.value: "OUT"}


@dataclass
class EngineLedger:
    """Batches of the user's flows (ledger.writes.cost_basis.flow_batches) as the engine reads them:
    the ledger's type and direction of each flow become the engine's. `flows` counts those read."""

    batches: Iterable[pl.DataFrame]
    flows: int = 0

    def __iter__(self) -> Iterator[pl.DataFrame]:
        for batch in self.batches:
            self.flows += batch.height
            yield batch.with_columns(
                (pl.col("type") + "/" + pl.col("direction")).replace_strict(
                    _BY_TYPE_AND_DIRECTION, return_dtype=pl.String
                ),
                pl.col("direction").replace_strict(_DIRECTIONS, return_dtype=pl.String),
            )


def method_and_scope(settings: MethodSettings) -> tuple[CostBasisMethod | MethodTimeline, AllocationScope]:
    """The user's method (or timeline of methods) and allocation scope, as the engine reads them."""
    scope = AllocationScope.WALLET if settings.by_wallet else AllocationScope.UNIVERSAL
    if not settings.timeline:
        return settings.method, scope
    return settings_timeline(settings.timeline, settings.method), scope
