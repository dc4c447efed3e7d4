"""When a wallet's reported balance and its calculated one differ enough to show
(`isBalanceDifferenceSignificant`, spec 000).

They must differ by more than 0.1 % of the larger and by at least 1,000 of the asset's smallest units:
smaller gaps are dust, rounding or a fee an explorer books differently, and flagging them would only
alarm."""

from __future__ import annotations

from decimal import Decimal

SIGNIFICANT_SHARE = Decimal("0.001")
DUST_UNITS = 1000


def is_balance_difference_significant(reported: Decimal, calculated: Decimal, decimals: int) -> bool:
    difference = abs(reported - calculated)
    if difference < Decimal(DUST_UNITS).scaleb(-decimals):
        return False
    return difference > SIGNIFICANT_SHARE * max(abs(reported), abs(calculated))
