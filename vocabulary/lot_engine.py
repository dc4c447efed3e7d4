"""The lot engine's words: the flow types it reads, the ledger's columns (one row per flow) and the
tables it writes.

The engine (analytics/lots), the ledger it is given from PostgreSQL (activities/cost_basis_ledger.py
reads every ledger type as one of FLOW_TYPES) and the stored results (ledger/writes/cost_basis.py),
and the files `cairn lots compute` writes all use these names, the columns in this order. The
stored tables name a transaction and an account by their keys (STORED_NAMES).
"""

from vocabulary.enums import TransactionType as Type

# acquisitions that are income at their market value
# Quantities and money are integers in units of 10**-SCALE inside the engine; the ledger it reads
# holds no finer decimals.
SCALE = 18

INCOME_TYPES = frozenset(
    {Type.STAKING_REWARD, Type.MINING_REWARD, Type.AIRDROP, Type.INTEREST, Type.INCOME, Type.FORK}
)
# exchanges of one asset for another: their transaction's fees go into their cost or proceeds
EXCHANGE_TYPES = frozenset({Type.BUY, Type.SELL, Type.TRADE})
# disposals without proceeds
ZERO_PROCEEDS_TYPES = frozenset({Type.LOST, Type.STOLEN})
FEE_TYPE = Type.FEE
# A conversion of one asset into another that is not a disposal (a wrap, liquid stake or liquidity move
# the user calls not taxable): every non-fee leg of its transaction has this type, OUT of what is
# converted, IN of what it becomes; the lots of the first carry their basis and dates into the second
# (analytics/TREATMENTS.md, "Carries").
CARRY_TYPE = "CARRY"
# every flow type the engine reads (as plain text: CARRY_TYPE is no ledger type)
FLOW_TYPES: frozenset[str] = frozenset(
    str(name)
    for name in EXCHANGE_TYPES
    | INCOME_TYPES
    | ZERO_PROCEEDS_TYPES
    | {
        Type.SEND,
        Type.RECEIVE,
        Type.TRANSFER,
        Type.GIFT_RECEIVED,
        Type.GIFT_SENT,
        Type.DONATION,
        FEE_TYPE,
        CARRY_TYPE,
    }
)

LEDGER_COLUMNS = (
    "tx_id",
    "timestamp",
    "account",
    "type",
    "asset",
    "direction",
    "quantity",
    "value",
    "is_fee",
    "link_id",
)

LOT_COLUMNS = (
    "lot_id",
    "origin_lot_id",
    "transfer_chain",
    "tx_id",
    "asset",
    "account",
    "acquired_at",
    "quantity",
    "remaining",
    "cost_basis",
    "remaining_cost_basis",
    "callout",
)
DISPOSAL_COLUMNS = (
    "flow_id",
    "tx_id",
    "type",
    "asset",
    "account",
    "lot_id",
    "origin_lot_id",
    "transfer_chain",
    "acquired_at",
    "disposed_at",
    "holding_days",
    "quantity",
    "proceeds",
    "cost_basis",
    "gain",
    "denied_loss",
    "term",
    "rule",
    "callout",
)
INCOME_COLUMNS = (
    "flow_id",
    "tx_id",
    "asset",
    "account",
    "received_at",
    "quantity",
    "value",
    "type",
    "callout",
)
# each result table by its name (the files' and the database tables' names)
RESULT_COLUMNS = {"lots": LOT_COLUMNS, "disposals": DISPOSAL_COLUMNS, "income": INCOME_COLUMNS}

# The stored result tables' names for the engine's text ids, which are those keys as text.
STORED_NAMES = {"tx_id": "transaction_id", "account": "account_id"}
