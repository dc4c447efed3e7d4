"""How sure a match is, from the time between its legs and the share of the fee allowance used.

    time_share = max(0, |receive time − send time| − PROMPT) / window      (0 … <1)
    fee_share  = (sent − received) / plausible fee of the sent quantity    (0 … 1)
    penalty    = TIME_WEIGHT × time_share + FEE_WEIGHT × fee_share
    confidence = 1 − penalty, rounded half-even to 0.01

An exact quantity within PROMPT (10 minutes) scores 1.00; a whole-window delay costs up to 0.50
and a fee at the edge of the allowance 0.30, so an automatic match never scores below 0.20.
Matching takes the pairs with the smallest penalty first. The penalty is kept as an integer
count of 10⁻¹² (each part rounded down) so that ranking many candidates compares plain ints.
"""

from datetime import timedelta
from decimal import ROUND_HALF_EVEN, Decimal

PROMPT = timedelta(minutes=10)
TIME_WEIGHT = Decimal("0.5")
FEE_WEIGHT = Decimal("0.3")
PENALTY_UNITS = 10**12

_PROMPT_US = PROMPT // timedelta(microseconds=1)
_TIME_UNITS = int(TIME_WEIGHT * PENALTY_UNITS)
_FEE_UNITS = int(FEE_WEIGHT * PENALTY_UNITS)
_HUNDREDTH = Decimal("0.01")


def penalty(gap_us: int, fee: Decimal, allowance: Decimal, window_us: int) -> int:
    """The penalty, in 10⁻¹², of a pair `gap_us` microseconds apart (either way)."""
    late_us = max(0, gap_us - _PROMPT_US)
    return _TIME_UNITS * late_us // window_us + int(_FEE_UNITS * fee / allowance)


def confidence(pair_penalty: int) -> Decimal:
    return (Decimal(PENALTY_UNITS - pair_penalty) / PENALTY_UNITS).quantize(
        _HUNDREDTH, rounding=ROUND_HALF_EVEN
    )
