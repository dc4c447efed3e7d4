"""Reported against calculated balances, and when their difference is worth showing
(`vocabulary.balances`, which the API's account queries use too)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from ingest.chains.model import ChainAsset
from ingest.files.model import ParsedTransaction
from vocabulary.balances import is_balance_difference_significant


@dataclass(frozen=True, slots=True)
class AssetBalance:
    asset: ChainAsset
    reported: Decimal
    calculated: Decimal

    @property
    def is_difference_significant(self) -> bool:
        return is_balance_difference_significant(self.reported, self.calculated, self.asset.decimals)


def calculated_balances(transactions: Iterable[ParsedTransaction]) -> dict[str, Decimal]:
    """What the flows add up to per asset: receipts less sends and fees."""
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for transaction in transactions:
        for flow in transaction.flows:
            totals[flow.asset] += flow.quantity if flow.direction == "IN" else -flow.quantity
    return dict(totals)


def asset_balances(
    assets: Mapping[str, ChainAsset], reported: Mapping[str, Decimal], calculated: Mapping[str, Decimal]
) -> list[AssetBalance]:
    """Every asset either side knows, with both figures (zero where a side has none); spam tokens'
    balances are not compared (they are not asked for)."""
    keys = sorted(key for key in reported.keys() | calculated.keys() if not assets[key].is_spam)
    return [
        AssetBalance(assets[key], reported.get(key, Decimal(0)), calculated.get(key, Decimal(0)))
        for key in keys
    ]
