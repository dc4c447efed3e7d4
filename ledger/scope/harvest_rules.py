"""Tax-loss harvesting, the rules alone (spec 001 §2 /tax-loss-harvest): which open lots would realize a
loss if sold on a day, ranked by loss, and what the user's country says about buying the same asset
around that sale. Pure: no database, no clock; ledger/scope/harvest.py feeds it.

It lives in ledger/ rather than analytics/ because the API, which answers the page, may not load
analytics/ (tests/api/test_api_footprint.py); it is a read-time check on stored lots, like the
unrealized gains of the lots page, not a lot computation.

The windows (a sale on day S):
- US wash sale (IRC §1091): a purchase from S-30 to S+30. The rule names stock and securities, and under
  current US law it does not apply to crypto: the notice is information only, no loss is deferred.
- CA superficial loss (ITA s.54): a purchase from S-30 to S+30, and units still held at the end of day
  S+30. The denied part of the loss is loss × min(units sold, units bought in the window, units held at
  the end) / units sold, as the lot engine's ACB applies it (analytics/TREATMENTS.md).
- UK 30-day rule (TCGA 1992 s.106A, HMRC CRYPTO22200+): acquisitions on day S, then in S+1 … S+30, are
  matched to the sale before the pool, so the loss is worked out against their cost, not this lot's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from enum import StrEnum

WINDOW = timedelta(days=30)


class HarvestRule(StrEnum):
    WASH_SALE = "WASH_SALE"  # US, information only for crypto
    SUPERFICIAL_LOSS = "SUPERFICIAL_LOSS"  # CA
    BED_AND_BREAKFAST = "BED_AND_BREAKFAST"  # GB, the 30-day rule


RULE_OF_COUNTRY: dict[str, HarvestRule] = {
    "US": HarvestRule.WASH_SALE,
    "CA": HarvestRule.SUPERFICIAL_LOSS,
    "GB": HarvestRule.BED_AND_BREAKFAST,
}
APPLIED: frozenset[HarvestRule] = frozenset({HarvestRule.SUPERFICIAL_LOSS, HarvestRule.BED_AND_BREAKFAST})


@dataclass(frozen=True, slots=True)
class OpenLot:
    """An open lot as it stands: what remains of it, its basis and market value in one currency."""

    lot_id: str
    asset: str
    acquired: date
    quantity: Decimal
    cost_basis: Decimal
    market_value: Decimal

    @property
    def gain(self) -> Decimal:
        return self.market_value - self.cost_basis


@dataclass(frozen=True, slots=True)
class Purchase:
    """Units of an asset acquired (or, when planned, to be acquired) on a day; `lot_id` names the
    lot a recorded purchase opened, so that a lot's own purchase never counts against its sale."""

    asset: str
    day: date
    quantity: Decimal
    planned: bool = False
    lot_id: str | None = None


@dataclass(frozen=True, slots=True)
class Warning:
    rule: HarvestRule
    applies: bool  # False: shown as information (the US wash-sale rule and crypto)
    purchases: tuple[Purchase, ...]  # the purchases in the rule's window, by day
    matched_quantity: Decimal  # units of the sale the rule reaches
    affected_loss: Decimal  # the part of the loss the rule reaches (negative, like the loss)


@dataclass(frozen=True, slots=True)
class Candidate:
    lot: OpenLot
    loss: Decimal  # negative: the gain the sale would realize
    term: str  # SHORT or LONG
    warning: Warning | None


def term_of(acquired: date, sold: date) -> str:
    """IRS: long term when held more than one year, counted from the day after acquisition; the
    anniversary of 29 February is 28 February (as the lot engine counts it)."""
    try:
        anniversary = acquired.replace(year=acquired.year + 1)
    except ValueError:
        anniversary = date(acquired.year + 1, 2, 28)
    return "LONG" if sold > anniversary else "SHORT"


def window_of(rule: HarvestRule, sale: date) -> tuple[date, date]:
    """The days, both included, whose purchases the rule looks at."""
    if rule is HarvestRule.BED_AND_BREAKFAST:
        return sale, sale + WINDOW
    return sale - WINDOW, sale + WINDOW


def warning_for(
    rule: HarvestRule, lot: OpenLot, sale: date, purchases: Iterable[Purchase], held: Decimal
) -> Warning | None:
    """What `rule` says about selling all of `lot` on `sale`, `held` being the units of its asset held
    before the sale (this lot's included); None when no purchase falls in its window."""
    first, last = window_of(rule, sale)
    found = tuple(
        sorted(
            (
                purchase
                for purchase in purchases
                if purchase.asset == lot.asset
                and first <= purchase.day <= last
                and (purchase.lot_id is None or purchase.lot_id != lot.lot_id)
            ),
            key=lambda purchase: (purchase.day, not purchase.planned, purchase.quantity),
        )
    )
    if not found or lot.quantity <= 0:
        return None
    bought = sum((purchase.quantity for purchase in found), Decimal(0))
    matched = min(lot.quantity, bought)
    if rule is HarvestRule.SUPERFICIAL_LOSS:
        # held at the end of day S+30: what was held, less the sale, plus what is bought after it
        later = sum((purchase.quantity for purchase in found if purchase.day > sale), Decimal(0))
        matched = max(Decimal(0), min(matched, held - lot.quantity + later))
        if matched == 0:
            return None
    loss = min(lot.gain, Decimal(0))
    return Warning(
        rule=rule,
        applies=rule in APPLIED,
        purchases=found,
        matched_quantity=matched,
        affected_loss=loss * matched / lot.quantity,
    )


def harvest(
    lots: Iterable[OpenLot],
    purchases: Iterable[Purchase],
    held: Mapping[str, Decimal],
    country: str | None,
    sale: date,
) -> list[Candidate]:
    """The lots that would realize a loss if sold on `sale`, the largest loss first, each with what
    the country's rule says (None for a country without one here). `held`: units held per asset."""
    rule = RULE_OF_COUNTRY.get(country or "")
    bought = list(purchases)
    losing = sorted(
        (lot for lot in lots if lot.gain < 0), key=lambda lot: (lot.gain, lot.acquired, lot.lot_id)
    )
    return [
        Candidate(
            lot=lot,
            loss=lot.gain,
            term=term_of(lot.acquired, sale),
            warning=None
            if rule is None
            else warning_for(rule, lot, sale, bought, held.get(lot.asset, lot.quantity)),
        )
        for lot in losing
    ]
