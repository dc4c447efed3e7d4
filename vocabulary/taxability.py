"""Which transactions the user may call taxable or not, and what that changes: a receipt is income or a
plain acquisition at market value. The cost-basis run (ledger.writes.cost_basis) reads the user's word;
the API (ledger.scope.transaction_edits) refuses it for any other type."""

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
TAXABILITY_TYPES = INCOME_LEDGER_TYPES | {NOT_TAXABLE_AS}
