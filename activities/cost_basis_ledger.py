"""From the stored ledger to the lot engine's input: its types and directions, its method and scope.

Every transaction type of the ledger is read as one of the engine's flow types (TREATMENTS.md):
moves in and out of the user's accounts as transfers (non-taxable when linked, at market value
when not), rewards as income, fee variants as fees, realised losses as zero-proceeds disposals,
swaps of every kind as trades.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import timedelta

import polars as pl

from analytics.lots import Method, MethodTimeline, Period, Scope
from ledger.writes.cost_basis import MethodSettings
from vocabulary.enums import FlowDirection
from vocabulary.enums import TransactionType as Type

# The engine's flow type of each ledger type: (for an inflow, for an outflow). SPAM is never read.
ENGINE_TYPES: dict[Type, tuple[str, str]] = {
    Type.BUY: ("BUY", "BUY"),
    Type.SELL: ("SELL", "SELL"),
    Type.TRADE: ("TRADE", "TRADE"),
    Type.SEND: ("SEND", "SEND"),
    Type.RECEIVE: ("RECEIVE", "RECEIVE"),
    Type.TRANSFER: ("TRANSFER", "TRANSFER"),
    Type.DEPOSIT: ("TRANSFER", "TRANSFER"),
    Type.WITHDRAWAL: ("TRANSFER", "TRANSFER"),
    Type.FIAT_DEPOSIT: ("TRANSFER", "TRANSFER"),
    Type.FIAT_WITHDRAWAL: ("TRANSFER", "TRANSFER"),
    Type.STAKE: ("TRANSFER", "TRANSFER"),
    Type.UNSTAKE: ("TRANSFER", "TRANSFER"),
    Type.LENDING_DEPOSIT: ("TRANSFER", "TRANSFER"),
    Type.LENDING_WITHDRAWAL: ("TRANSFER", "TRANSFER"),
    Type.LOAN_BORROW: ("TRANSFER", "TRANSFER"),
    Type.LOAN_REPAYMENT: ("TRANSFER", "TRANSFER"),
    Type.BRIDGE: ("TRANSFER", "TRANSFER"),
    Type.STAKING_REWARD: ("STAKING_REWARD", "SEND"),
    Type.MINING_REWARD: ("MINING_REWARD", "SEND"),
    Type.AIRDROP: ("AIRDROP", "SEND"),
    Type.INTEREST: ("INTEREST", "SEND"),
    Type.INCOME: ("INCOME", "SEND"),
    Type.FORK: ("FORK", "SEND"),
    Type.REWARD: ("INCOME", "SEND"),
    Type.REFERRAL_REWARD: ("INCOME", "SEND"),
    Type.LIQUIDITY_REWARD: ("INCOME", "SEND"),
    Type.MARGIN_PROFIT: ("INCOME", "LOST"),
    Type.FUTURES_PROFIT: ("INCOME", "LOST"),
    Type.REALIZED_PNL: ("INCOME", "LOST"),
    Type.MARGIN_LOSS: ("RECEIVE", "LOST"),
    Type.FUTURES_LOSS: ("RECEIVE", "LOST"),
    Type.LIQUIDATION: ("TRADE", "TRADE"),
    Type.CASHBACK: ("RECEIVE", "SEND"),  # a rebate lowers a price paid: not income
    Type.FEE_REBATE: ("RECEIVE", "SEND"),
    Type.FEE: ("RECEIVE", "FEE"),
    Type.TRADE_FEE: ("RECEIVE", "FEE"),
    Type.NETWORK_FEE: ("RECEIVE", "FEE"),
    Type.MARGIN_FEE: ("RECEIVE", "FEE"),
    Type.FUNDING_FEE: ("RECEIVE", "FEE"),
    Type.MARGIN_TRADE: ("TRADE", "TRADE"),
    Type.ADD_LIQUIDITY: ("TRADE", "TRADE"),
    Type.REMOVE_LIQUIDITY: ("TRADE", "TRADE"),
    Type.WRAP: ("TRADE", "TRADE"),
    Type.UNWRAP: ("TRADE", "TRADE"),
    Type.LINKED_TRADE: ("TRADE", "TRADE"),
    Type.MULTI_OPERATION_TRANSACTION: ("TRADE", "TRADE"),
    Type.CONTRACT_INTERACTION: ("TRADE", "TRADE"),
    Type.UNKNOWN: ("TRADE", "TRADE"),
    Type.NFT_MINT: ("BUY", "BUY"),
    Type.NFT_PURCHASE: ("BUY", "BUY"),
    Type.NFT_SALE: ("SELL", "SELL"),
    Type.GIFT_RECEIVED: ("GIFT_RECEIVED", "SEND"),
    Type.GIFT_SENT: ("RECEIVE", "GIFT_SENT"),
    Type.DONATION: ("RECEIVE", "DONATION"),
    Type.LOST: ("RECEIVE", "LOST"),
    Type.STOLEN: ("RECEIVE", "STOLEN"),
}
_BY_TYPE_AND_DIRECTION = {
    f"{kind.value}/{direction.value}": pair[index]
    for kind, pair in ENGINE_TYPES.items()
    for index, direction in enumerate((FlowDirection.INFLOW, FlowDirection.OUTFLOW))
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


def method_and_scope(settings: MethodSettings) -> tuple[Method | MethodTimeline, Scope]:
    """The user's method (or timeline of methods) and allocation scope, as the engine names them."""
    scope = Scope.WALLET if settings.by_wallet else Scope.UNIVERSAL
    if not settings.timeline:
        return Method(settings.method.value), scope
    starts = [start for start, _ in settings.timeline]
    ends = [later - timedelta(days=1) for later in starts[1:]] + [None]
    periods = tuple(
        Period(start, end, Method(method.value))
        for (start, method), end in zip(settings.timeline, ends, strict=True)
    )
    return MethodTimeline(periods), scope
