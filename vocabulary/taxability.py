"""Which transactions the user may call taxable or not, and what that changes: a receipt is income or a
plain acquisition at market value; and the kinds of transactions (`TaxabilityCategory`) the user's
settings call taxable or not. The cost-basis run (ledger.writes.cost_basis) reads the user's word;
the API (ledger.scope.transaction_edits) refuses it for any other type."""

from enum import StrEnum

from vocabulary.enums import TransactionType as Type

# Ledger types whose receipts the cost-basis run reads as income, and whose other flows it reads as a
# receive's (activities.cost_basis_ledger.ENGINE_TYPES). Derivative profits are left out: their losses
# are read as lost, not sent, so they are not a receive that happens to be income.
INCOME_LEDGER_TYPES = frozenset(
    {
        Type.STAKING_REWARD,
        Type.MINING_REWARD,
        Type.AIRDROP,
        Type.INTEREST,
        Type.INCOME,
        Type.FORK,
        Type.REWARD,
        Type.REFERRAL_REWARD,
        Type.LIQUIDITY_REWARD,
    }
)
NOT_TAXABLE_AS = Type.RECEIVE  # what an income transaction the user calls not taxable is read as
TAXABLE_AS = Type.INCOME  # what a receive the user calls taxable is read as
# conversions of one asset into another: a trade when taxable, else a carry (vocabulary.lot_engine)
CARRY_LEDGER_TYPES = frozenset(
    {Type.WRAP, Type.UNWRAP, Type.STAKE, Type.UNSTAKE, Type.ADD_LIQUIDITY, Type.REMOVE_LIQUIDITY}
)
TAXABILITY_TYPES = INCOME_LEDGER_TYPES | {NOT_TAXABLE_AS} | CARRY_LEDGER_TYPES


class TaxabilityCategory(StrEnum):
    """Kinds of transactions the user calls taxable or not all at once (spec 001 §7 "Settings", the
    taxability of lending, liquid staking, liquidity, staking rewards and wrapping); each is taxable
    until they say otherwise."""

    LENDING = "LENDING"
    LIQUID_STAKING = "LIQUID_STAKING"
    LIQUIDITY = "LIQUIDITY"
    STAKING_REWARDS = "STAKING_REWARDS"
    WRAPPING = "WRAPPING"


# The ledger types each category covers; what a category that is not taxable changes is in
# analytics/TREATMENTS.md ("Taxability settings"), and ledger.writes.cost_basis.flows_query applies it.
CATEGORY_TYPES: dict[TaxabilityCategory, frozenset[Type]] = {
    TaxabilityCategory.LENDING: frozenset({Type.LENDING_DEPOSIT, Type.LENDING_WITHDRAWAL}),
    TaxabilityCategory.STAKING_REWARDS: frozenset({Type.STAKING_REWARD}),
    TaxabilityCategory.LIQUID_STAKING: frozenset({Type.STAKE, Type.UNSTAKE}),
    TaxabilityCategory.LIQUIDITY: frozenset({Type.ADD_LIQUIDITY, Type.REMOVE_LIQUIDITY}),
    TaxabilityCategory.WRAPPING: frozenset({Type.WRAP, Type.UNWRAP}),
}
# the categories whose transactions, when not taxable, are carries
CARRY_CATEGORIES = (
    TaxabilityCategory.LIQUID_STAKING,
    TaxabilityCategory.LIQUIDITY,
    TaxabilityCategory.WRAPPING,
)
# where users.settings keeps the user's word on each category: {"LENDING": false, ...}
TAXABILITY_KEY = "taxability"
