"""The user's taxability settings (vocabulary.taxability.TaxabilityCategory) as the flows query applies
them (analytics/TREATMENTS.md, "Taxability settings"): conditions on a flow, its transaction and its
transfer link, each read once per query."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, and_, or_, select
from sqlalchemy.orm import aliased

from ledger.models import Asset, Flow, Transaction, User
from ledger.models.spam import not_spam
from vocabulary.enums import CurrencyType, FlowDirection
from vocabulary.taxability import (
    CARRY_CATEGORIES,
    CARRY_LEDGER_TYPES,
    CATEGORY_TYPES,
    TAXABILITY_KEY,
    TaxabilityCategory,
)


def _not_taxable(user_id: int, category: TaxabilityCategory) -> ColumnElement[bool]:
    """The user has said transactions of `category` are not taxable."""
    said = User.settings[TAXABILITY_KEY][category.value].as_boolean()
    return select(User.id).where(User.id == user_id, said.is_(False)).exists()


def _of(category: TaxabilityCategory) -> ColumnElement[bool]:
    return Transaction.type.in_(sorted(CATEGORY_TYPES[category]))


def untaxed_reward(user_id: int) -> ColumnElement[bool]:
    """A staking reward that is not income: the user said nothing of this one transaction's taxability
    and staking rewards are not taxable to them. It is read as a receive (vocabulary.taxability)."""
    category = TaxabilityCategory.STAKING_REWARDS
    return and_(Transaction.is_taxable.is_(None), _of(category), _not_taxable(user_id, category))


def zero_basis(user_id: int) -> ColumnElement[bool]:
    """What an untaxed reward receives: a lot with no cost (unless the user set its cost basis)."""
    return and_(
        untaxed_reward(user_id),
        Flow.direction == FlowDirection.INFLOW,
        Flow.is_fee.is_(False),
        Flow.value_override.is_(None),
    )


def left_in_lending(user_id: int, link_id: Any) -> ColumnElement[bool]:
    """A flow into or out of lending, not a fee nor a leg of a transfer between the user's own
    accounts, when lending is not taxable to the user: left out, what was lent stays in its lots."""
    category = TaxabilityCategory.LENDING
    return and_(_of(category), Flow.is_fee.is_(False), link_id.is_(None), _not_taxable(user_id, category))


def carried(user_id: int) -> ColumnElement[bool]:
    """A conversion that is not a disposal, whose legs are read as a carry (vocabulary.lot_engine
    CARRY_TYPE): a wrap, liquid stake or liquidity move the user called not taxable, or of a category
    not taxable to them when they said nothing of this one transaction; with crypto going out and
    crypto coming in (else it keeps its usual reading)."""
    by_setting = or_(*(and_(_of(category), _not_taxable(user_id, category)) for category in CARRY_CATEGORIES))
    said = and_(Transaction.is_taxable.is_(False), Transaction.type.in_(sorted(CARRY_LEDGER_TYPES)))
    chosen = or_(said, and_(Transaction.is_taxable.is_(None), by_setting))
    return and_(
        chosen, _crypto_leg(user_id, FlowDirection.OUTFLOW), _crypto_leg(user_id, FlowDirection.INFLOW)
    )


def _crypto_leg(user_id: int, direction: FlowDirection) -> ColumnElement[bool]:
    """The transaction has a flow of crypto (not spam) in `direction` that is not a fee."""
    leg, asset = aliased(Flow), aliased(Asset)
    return (
        select(leg.id)
        .join(asset, asset.id == leg.asset_id)
        .where(
            leg.transaction_id == Transaction.id,
            leg.direction == direction,
            leg.is_fee.is_(False),
            asset.type != CurrencyType.FIAT,
            not_spam(user_id, asset),
        )
        .exists()
    )
