"""Where a flow's fiat value comes from, in the order a cost-basis run looks (ledger.writes.prices):
the user's word, the transaction's own fiat side (stated, or implied by the user's fiat trades of the
asset that day), a price provider's close, the bundled price table's close. A flow with none has no
value: a MISSING_PRICE_HISTORY callout, never a zero. Not a spec enum: the words are ours."""

from enum import StrEnum


class ValueSource(StrEnum):
    USER = "USER"
    TRADE = "TRADE"
    PROVIDER = "PROVIDER"
    TABLE = "TABLE"


# The price table's `source` of the closes Cairn ships (ledger/reference/data/prices.csv.gz); every
# other source is a provider's.
BUNDLED_PRICE_SOURCE = "crypto-dataset"
COINGECKO = "coingecko"
CRYPTOCOMPARE = "cryptocompare"
KRAKEN_OHLCVT = "kraken-ohlcvt"
