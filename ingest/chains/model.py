"""What a chain sync produces: the wallet's new transactions, the assets they move, the balances the
chain reports and the cursors to resume from."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ingest.files.model import ParsedTransaction


@dataclass(frozen=True, slots=True)
class ChainAsset:
    """A coin or token as the chain knows it. `key` is what the wallet's flows name it by."""

    network: str  # cryptoNetwork slug of the catalogue
    symbol: str
    name: str
    decimals: int
    contract: str | None = None  # token contract or mint; None for the chain's native coin
    is_spam: bool | None = None  # None: not resolved
    was_automarked_as_spam: bool = False

    @property
    def key(self) -> str:
        """The native coin's symbol, or a token's asset id (`blockchain_` + network + contract), which
        keeps apart tokens that share a symbol — a spam "USDT" is not USDT."""
        if self.contract is None:
            return self.symbol
        return f"blockchain_{self.network}_{self.contract}"


@dataclass(frozen=True, slots=True)
class ChainSync:
    """One sync of a wallet: the transactions new since the cursors it was given, and where to resume.

    `reported` is what the chain says the wallet holds now, by asset key, for every asset it holds or
    its transactions name; the account's calculated balance is the sum of all its flows, old and new
    (`ingest.chains.balances`)."""

    transactions: list[ParsedTransaction]
    assets: dict[str, ChainAsset]  # by ChainAsset.key
    reported: dict[str, Decimal]
    cursors: dict[str, str] = field(default_factory=dict)
