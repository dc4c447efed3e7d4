"""A ledger of 20,000 sends and 20,000 receives goes through in one call (figures: benchmarks/)."""

import random
from datetime import timedelta
from decimal import Decimal

from analytics.transfers import Leg, match_transfers
from tests.analytics.transfers.legs import NOON, may_pair

ASSETS = ("BTC", "ETH", "SOL", "USDC", "DOT")
ACCOUNTS = tuple(f"account-{n}" for n in range(8))
UNITS = Decimal("0.00000001")


def _ledger(count: int, seed: int) -> tuple[list[Leg], list[Leg], dict[str, str]]:
    """Sends, receives and the planted send → receive pairs: 90 % of sends arrive somewhere."""
    rng = random.Random(seed)
    sends: list[Leg] = []
    receives: list[Leg] = []
    planted: dict[str, str] = {}
    for n in range(count):
        asset = rng.choice(ASSETS)
        source, target = rng.sample(ACCOUNTS, 2)
        sent_at = NOON + timedelta(seconds=rng.randrange(365 * 24 * 3600))
        units = rng.randrange(10**6, 10**10)
        sends.append(Leg(f"s{n}", source, asset, sent_at, units * UNITS, "OUT"))
        if n % 10:
            arrived_at = sent_at + timedelta(seconds=rng.randrange(-300, 3 * 3600))
            received = (units - rng.randrange(units // 1000)) * UNITS
            receives.append(Leg(f"r{n}", target, asset, arrived_at, received, "IN"))
            planted[f"s{n}"] = f"r{n}"
        else:
            arrived_at = NOON + timedelta(seconds=rng.randrange(365 * 24 * 3600))
            receives.append(
                Leg(f"r{n}", target, asset, arrived_at, rng.randrange(10**6, 10**10) * UNITS, "IN")
            )
    rng.shuffle(sends)
    rng.shuffle(receives)
    return sends, receives, planted


def test_twenty_thousand_each_way() -> None:
    sends, receives, planted = _ledger(20_000, seed=3)
    legs = {leg.transaction_id: leg for leg in sends + receives}

    result = match_transfers(sends, receives)

    matched = {match.send_id: match.receive_id for match in result.matches}
    assert len(matched) + len(result.unmatched_sends) == len(sends)
    assert len(set(matched.values())) + len(result.unmatched_receives) == len(receives)
    assert all(may_pair(legs[send_id], legs[receive_id]) for send_id, receive_id in matched.items())
    found = sum(matched.get(send_id) == receive_id for send_id, receive_id in planted.items())
    assert found >= 0.99 * len(planted)
