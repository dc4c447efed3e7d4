"""The engine's vocabulary: methods, scopes, flow types and callouts."""

from enum import StrEnum


class Method(StrEnum):
    FIFO = "FIFO"
    LIFO = "LIFO"
    HIFO = "HIFO"
    LOFO = "LOFO"
    ACB = "ACB"
    WAC = "WAC"
    SP = "SP"


POOLED_METHODS = frozenset({Method.ACB, Method.WAC, Method.SP})
TAXPAYER_WIDE_METHODS = frozenset({Method.ACB, Method.SP})


class Scope(StrEnum):
    UNIVERSAL = "universal"
    WALLET = "wallet"


class Callout(StrEnum):
    INSUFFICIENT_QUANTITY = "INSUFFICIENT_QUANTITY"
    MISSING_PRICE_HISTORY = "MISSING_PRICE_HISTORY"


class SpRule(StrEnum):
    SAME_DAY = "SAME_DAY"
    BED_AND_BREAKFAST = "BED_AND_BREAKFAST"
    SECTION_104 = "SECTION_104"


INCOME_TYPES = frozenset({"STAKING_REWARD", "MINING_REWARD", "AIRDROP", "INTEREST", "INCOME", "FORK"})
EXCHANGE_TYPES = frozenset({"BUY", "SELL", "TRADE"})
ZERO_PROCEEDS_TYPES = frozenset({"LOST", "STOLEN"})
FLOW_TYPES = frozenset(
    {
        "BUY",
        "SELL",
        "TRADE",
        "SEND",
        "RECEIVE",
        "TRANSFER",
        "GIFT_RECEIVED",
        "GIFT_SENT",
        "DONATION",
        "LOST",
        "STOLEN",
        "FEE",
    }
    | INCOME_TYPES
)
FEE_TYPE = "FEE"

# Quantities and money are integers in units of 10**-SCALE inside the engine.
SCALE = 18
UNIT = 10**SCALE
