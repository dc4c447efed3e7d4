"""How much smaller a receive may be than its send: the plausible network (withdrawal) fee.

A withdrawal usually arrives short of what left by the network fee or the exchange's withdrawal
fee, which are fixed amounts of the asset rather than a share of it. The plausible fee for a
quantity q of an asset is

    max(absolute tolerance of the asset, RELATIVE_TOLERANCE × q)

so small transfers may lose a typical fixed fee and large ones up to 1 %. Absolute tolerances are
generous upper ends of exchange withdrawal fees; an asset not listed gets the relative tolerance
alone. Tokens (ERC-20 and the like) pay their network fee in the chain's coin, so their
transfers usually arrive whole; the stablecoin figures cover exchanges that charge the fee in
the token itself.
"""

from decimal import Decimal

RELATIVE_TOLERANCE = Decimal("0.01")

_STABLECOIN_FEE = Decimal("5")

ABSOLUTE_TOLERANCES: dict[str, Decimal] = {
    "BTC": Decimal("0.001"),
    "BCH": Decimal("0.001"),
    "LTC": Decimal("0.01"),
    "ETH": Decimal("0.01"),
    "SOL": Decimal("0.01"),
    "ADA": Decimal("1"),
    "XRP": Decimal("1"),
    "DOGE": Decimal("5"),
    "USDT": _STABLECOIN_FEE,
    "USDC": _STABLECOIN_FEE,
    "DAI": _STABLECOIN_FEE,
    "BUSD": _STABLECOIN_FEE,
    "TUSD": _STABLECOIN_FEE,
    "USDP": _STABLECOIN_FEE,
    "PYUSD": _STABLECOIN_FEE,
    "FDUSD": _STABLECOIN_FEE,
}


def plausible_fee(asset: str, quantity: Decimal) -> Decimal:
    """The largest shortfall of a receive against a send of `quantity` still taken for a fee."""
    relative = RELATIVE_TOLERANCE * quantity
    absolute = ABSOLUTE_TOLERANCES.get(asset.upper())
    return relative if absolute is None else max(absolute, relative)
