"""The lot engine's columns: the ledger it reads (one row per flow) and the tables it writes.

The engine (analytics/lots), the ledger it is given from PostgreSQL and the stored results
(ledger/writes/cost_basis.py), and the files `cairn lots compute` writes all use these names in
this order. The stored tables name a transaction and an account by their keys (STORED_NAMES).
"""

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
