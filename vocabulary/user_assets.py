"""A user's own tokens (spec 001 §2 /currencies/custom, §3 "User asset", §7 "add/edit user asset"): the
bounds of what the user types for one and the errors of adding or editing one. The codes are ours; the
spec lists none."""

from __future__ import annotations

from enum import StrEnum

from vocabulary.symbols import SYMBOL_RULE

MAX_NAME_CHARS = 200  # assets.name
MAX_DESCRIPTION_CHARS = 1_000  # assets.description


class UserAssetError(StrEnum):
    NOT_FOUND = "not_found"
    INVALID_SYMBOL = "invalid_symbol"
    SYMBOL_TAKEN = "symbol_taken"
    INVALID_NAME = "invalid_name"
    NEGATIVE_PRICE = "negative_price"
    TOO_PRECISE = "too_precise"


USER_ASSET_ERROR_MESSAGES = {
    UserAssetError.NOT_FOUND: "Not found.",
    UserAssetError.INVALID_SYMBOL: f"This is not an asset symbol: {SYMBOL_RULE}.",
    UserAssetError.SYMBOL_TAKEN: "You already have a custom currency with this symbol.",
    UserAssetError.INVALID_NAME: f"A name is 1 to {MAX_NAME_CHARS} characters.",
    UserAssetError.NEGATIVE_PRICE: "The price must be zero or more.",
    UserAssetError.TOO_PRECISE: (
        "Prices may have at most 18 decimal places and 20 digits before the decimal point."
    ),
}
