"""Tax-loss harvesting (spec 001 §2 /tax-loss-harvest, §7 "tax-loss harvest"): the open lots a sale
today would realize a loss on, the largest first, and the warning of the user's country about buying
the same asset around the sale, from the purchases of the last 30 days and the buys the user plans.
Planned buys are arguments of the query, kept by the browser, never stored."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import strawberry
from graphql import GraphQLError

from api.context import CairnInfo
from api.limits import MAX_ASSET_CHARS
from api.string_bounds import MaxLength
from ledger.scope.harvest_rules import RULE_OF_COUNTRY, WINDOW, Candidate, HarvestRule
from ledger.scope.harvest_rules import Purchase as PurchaseRow
from ledger.scope.harvest_rules import harvest as harvest_lots
from ledger.scope.portfolio import today_utc
from ledger.scope.transaction_edits import amount_problem
from vocabulary.errors import TRANSACTION_EDIT_ERROR_MESSAGES

strawberry.enum(HarvestRule, name="HarvestRule")

MAX_PLANNED_BUYS = 20
PLANNED_TOO_MANY = f"At most {MAX_PLANNED_BUYS} planned buys can be considered at once."
PLANNED_OUT_OF_WINDOW = "A planned buy must be dated from today to 30 days after it."


@strawberry.input
class PlannedBuy:
    asset: str = strawberry.field(directives=[MaxLength(chars=MAX_ASSET_CHARS)])
    day: date
    quantity: Decimal


@strawberry.type
class HarvestPurchase:
    day: date
    quantity: Decimal
    planned: bool


@strawberry.type
class HarvestWarning:
    rule: HarvestRule
    applies: bool = strawberry.field(
        description="False: information only (the US wash-sale rule and crypto)."
    )
    matched_quantity: Decimal
    affected_loss: Decimal = strawberry.field(description="The part of the loss the rule reaches.")
    purchases: list[HarvestPurchase]


@strawberry.type
class HarvestCandidate:
    lot_id: str
    asset: str
    acquired_on: date
    quantity: Decimal
    cost_basis: Decimal
    market_value: Decimal
    loss: Decimal = strawberry.field(description="The gain selling the lot today would realize (negative).")
    term: str
    warning: HarvestWarning | None

    @classmethod
    def of(cls, row: Candidate) -> HarvestCandidate:
        warning = row.warning
        return cls(
            lot_id=row.lot.lot_id,
            asset=row.lot.asset,
            acquired_on=row.lot.acquired,
            quantity=row.lot.quantity,
            cost_basis=row.lot.cost_basis,
            market_value=row.lot.market_value,
            loss=row.loss,
            term=row.term,
            warning=None
            if warning is None
            else HarvestWarning(
                rule=warning.rule,
                applies=warning.applies,
                matched_quantity=warning.matched_quantity,
                affected_loss=warning.affected_loss,
                purchases=[
                    HarvestPurchase(day=p.day, quantity=p.quantity, planned=p.planned)
                    for p in warning.purchases
                ],
            ),
        )


@strawberry.type
class TaxLossHarvest:
    base_currency: str
    country: str | None
    rule: HarvestRule | None = strawberry.field(description="The country's rule; None: none known here.")
    sale_day: date
    short_term_loss: Decimal
    long_term_loss: Decimal
    candidates: list[HarvestCandidate]


def _planned(buys: list[PlannedBuy], today: date) -> list[PurchaseRow]:
    if len(buys) > MAX_PLANNED_BUYS:
        raise GraphQLError(PLANNED_TOO_MANY)
    for buy in buys:
        problem = amount_problem(buy.quantity)
        if problem is not None:
            raise GraphQLError(TRANSACTION_EDIT_ERROR_MESSAGES[problem])
        if not today <= buy.day <= today + WINDOW:
            raise GraphQLError(PLANNED_OUT_OF_WINDOW)
    return [
        PurchaseRow(asset=buy.asset.strip(), day=buy.day, quantity=buy.quantity, planned=True) for buy in buys
    ]


@strawberry.type
class HarvestQuery:
    @strawberry.field
    async def tax_loss_harvest(
        self, info: CairnInfo, planned: list[PlannedBuy] | None = None
    ) -> TaxLossHarvest:
        """Open lots at a loss if sold today, in the base currency, with the country's warning."""
        user = info.context.user
        scope = info.context.scope.harvest
        today = today_utc()
        planned_buys = _planned(planned or [], today)
        lots = await scope.losing_lots(user.base_currency, today)
        assets = sorted({lot.asset for lot in lots})
        recent = await scope.recent_purchases(assets, today)
        held = await scope.held(assets)
        candidates = harvest_lots(lots, [*recent, *planned_buys], held, user.country, today)
        return TaxLossHarvest(
            base_currency=user.base_currency,
            country=user.country,
            rule=RULE_OF_COUNTRY.get(user.country or ""),
            sale_day=today,
            short_term_loss=sum((c.loss for c in candidates if c.term == "SHORT"), Decimal(0)),
            long_term_loss=sum((c.loss for c in candidates if c.term == "LONG"), Decimal(0)),
            candidates=[HarvestCandidate.of(candidate) for candidate in candidates],
        )
