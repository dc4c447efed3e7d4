"""Non-fungible tokens as flows name them: the asset id of one token, its contract and token id.

Each NFT is its own asset (`nft_{contract}_{token id}`), never resolved by a symbol: a collection's
symbol is shared by all its tokens, and may be a fungible token's symbol too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vocabulary.enums import ASSET_ID_PREFIX, CurrencyType

_PREFIX = ASSET_ID_PREFIX[CurrencyType.NFT]
_ASSET_ID = re.compile(rf"{_PREFIX}(?P<contract>0x[0-9a-f]{{40}})_(?P<token_id>0|[1-9][0-9]*)")
SYMBOL_LENGTH = 40  # assets.symbol


@dataclass(frozen=True, slots=True)
class Nft:
    contract: str  # lower-case 0x address
    token_id: int

    @property
    def asset_id(self) -> str:
        return f"{_PREFIX}{self.contract}_{self.token_id}"

    @property
    def symbol(self) -> str:
        """`#` and the token id, cut to fit (the asset id, not the symbol, tells tokens apart)."""
        return f"#{self.token_id}"[:SYMBOL_LENGTH]

    @property
    def name(self) -> str:
        return f"#{self.token_id} of {self.contract}"


def nft(contract: str, token_id: int) -> Nft:
    """The token; raises ValueError unless the contract is a 0x address and the id is not negative."""
    found = Nft(contract.lower(), token_id)
    if token_id < 0 or _ASSET_ID.fullmatch(found.asset_id) is None:
        raise ValueError(f"{contract!r} #{token_id} is not an NFT's contract and token id")
    return found


def parse_nft_asset_id(asset_id: str) -> Nft | None:
    """The token an NFT asset id names; None for any other asset name."""
    match = _ASSET_ID.fullmatch(asset_id)
    return None if match is None else Nft(match["contract"], int(match["token_id"]))
