"""Transfer matching throughput: N sends and N receives (default 100,000 each).

    python benchmarks/transfers_bench.py [N]

Two ledgers: "spread" moves eight assets between twelve accounts over four years; "busy" moves
one asset over ninety days (a thousand legs inside any 24-hour window, about six receives that
fit each send). In both, 85 % of the sends have a receive (a fee-sized shortfall, minutes to
hours later, a few minutes early now and then) and the rest of the legs have none. Prints the
best and slowest of three matching runs and what was matched.
"""

from __future__ import annotations

import random
import sys
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from analytics.transfers import Leg, match_transfers

SPREAD_ASSETS = ("BTC", "ETH", "SOL", "ADA", "USDC", "USDT", "DOT", "XRP")
TYPICAL_FEES = {"BTC": 50_000, "ETH": 500_000, "SOL": 100_000, "ADA": 50_000_000, "USDC": 100_000_000}
ACCOUNTS = tuple(f"account-{n}" for n in range(12))
START = datetime(2021, 1, 1, tzinfo=UTC)
UNITS = Decimal("0.00000001")
RUNS = 3


def generate(count: int, assets: tuple[str, ...], span: timedelta, seed: int) -> tuple[list[Leg], list[Leg]]:
    rng = random.Random(seed)
    span_s = int(span.total_seconds())
    paired = count * 85 // 100
    sends: list[Leg] = []
    receives: list[Leg] = []
    for n in range(count):
        asset = rng.choice(assets)
        source, target = rng.sample(ACCOUNTS, 2)
        sent_at = START + timedelta(seconds=rng.randrange(span_s))
        units = rng.randrange(10**5, 10**11)
        sends.append(Leg(f"s{n}", source, asset, sent_at, units * UNITS, "OUT"))
        if n < paired:
            fee = rng.randrange(min(TYPICAL_FEES.get(asset, 0), units // 200) + 1)
            delay = timedelta(seconds=rng.randrange(-300, 6 * 3600))
            receives.append(Leg(f"r{n}", target, asset, sent_at + delay, (units - fee) * UNITS, "IN"))
        else:
            received_at = START + timedelta(seconds=rng.randrange(span_s))
            receives.append(
                Leg(f"r{n}", target, asset, received_at, rng.randrange(10**5, 10**11) * UNITS, "IN")
            )
    rng.shuffle(sends)
    rng.shuffle(receives)
    return sends, receives


def run(name: str, count: int, assets: tuple[str, ...], span: timedelta) -> None:
    sends, receives = generate(count, assets, span, seed=11)
    timings = []
    for _ in range(RUNS):
        began = time.perf_counter()
        result = match_transfers(sends, receives)
        timings.append(time.perf_counter() - began)
    confidences = sorted(match.confidence for match in result.matches)
    median = confidences[len(confidences) // 2] if confidences else None
    print(
        f"{name:>6}: {count:,} sends × {count:,} receives in {min(timings):.2f} s "
        f"(best of {RUNS}; slowest {max(timings):.2f} s) — {len(result.matches):,} matches, "
        f"median confidence {median}; unmatched: {len(result.unmatched_sends):,} sends, "
        f"{len(result.unmatched_receives):,} receives"
    )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    run("spread", count, SPREAD_ASSETS, timedelta(days=4 * 365))
    run("busy", count, ("BTC",), timedelta(days=90))


if __name__ == "__main__":
    main()
