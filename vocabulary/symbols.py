"""What an asset symbol may be, wherever one comes in: a file's currency column (ingest.files.values) or a
user's own token typed on the custom currencies page (ledger.scope.user_assets).

Symbols as exchanges, chains and tax tools write them: BTC, USDC.E, UNI-V2, 1000SATS, $BAE, ID:15347335
(Koinly's unnamed tokens), YDAI+YUSDC+YUSDT+YTUSD, OETH $500 CALL 11/20/20, the XRP Ledger's 40-hex
currency codes. Never what starts a spreadsheet formula (= + - @, a tab, a line break)."""

from __future__ import annotations

import re

MAX_SYMBOL_CHARS = 40  # the ledger's symbol column
_SYMBOL = re.compile(r"(?:[^\W_]|\$)[\w .\-/+$:#&]*")
SYMBOL_RULE = (
    f"a symbol is 1 to {MAX_SYMBOL_CHARS} letters, digits, spaces and . - _ / + $ : # &, "
    "starting with a letter, a digit or $"
)


def is_symbol(symbol: str) -> bool:
    return len(symbol) <= MAX_SYMBOL_CHARS and _SYMBOL.fullmatch(symbol) is not None


def symbol_problem(symbol: str) -> str | None:
    """Why `symbol` (normalised) is not a plausible asset symbol; None when it is."""
    if is_symbol(symbol):
        return None
    shown = symbol if len(symbol) <= 60 else symbol[:60] + "…"
    return f"{shown!r} is not an asset symbol ({SYMBOL_RULE})"
