"""Reported against calculated balances, and when their difference is worth showing.

`isBalanceDifferenceSignificant` holds when the two differ by more than 0.1 % of the larger and by
at least 1,000 of the asset's smallest units: smaller gaps are dust, rounding or a fee an explorer
books differently, and flagging them would only alarm.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from ingest.chains.model import ChainAsset
from ingest.files.model import ParsedTransaction

SIGNIFICANT_SHARE = Decimal("0.001")
DUST_UNITS = 1000


@dataclass(frozen=True, slots=True)
class AssetBalance:
    asset: ChainAsset
    reported: Decimal
    calculated: Decimal

    @property
    def is_difference_significant(self) -> bool:
        difference = abs(self.reported - self.calculated)
        if difference < Decimal(DUST_UNITS).scaleb(-self.asset.decimals):
            return False
        return difference > SIGNIFICANT_SHARE * max(abs(self.reported), abs(self.calculated))


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
