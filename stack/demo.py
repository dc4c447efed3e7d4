"""The demo user's history: several wallets over several years, priced from the real price table.

The history is written as files in the generic CSV format and imported through the same path a
user's upload takes, so the demo exercises the product rather than bypassing it.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from decimal import ROUND_DOWN, Decimal

from ingest.files.formats.generic import COLUMNS as GENERIC_COLUMNS
from ledger.reference.seed import bundled_prices

DEMO_EMAIL = "demo@cairn.local"
DEMO_PASSWORD = "cairn-demo"
DEMO_ADMIN_EMAIL = "admin@cairn.local"  # the support console and view-as
DEMO_ADMIN_PASSWORD = "cairn-admin"
DEMO_BROKER_EMAIL = "broker@cairn.local"  # the broker demo (CBE), connected to the demo user
DEMO_BROKER_PASSWORD = "cairn-broker"
# What the demo user links, served by the demo's fakes (stack/demo_fakes.py): a Kraken API key, the zpub
# of account 0 of a BIP-84 wallet from a seed of the demo's own (no mainnet history), and an address.
DEMO_KRAKEN_KEY = "cairn-demo-kraken-key"
DEMO_KRAKEN_SECRET = "Y2Fpcm4gZGVtbyBrcmFrZW4gc2VjcmV0"  # base64, as Kraken's secrets are
DEMO_ZPUB = (
    "zpub6rgmqzMMZ5RAWSJsJwB8JmAm2CAQ33A32e4YeKBnWwNSsvyizBBaHU2MD"
    "AEvcxqzbBB5UckFMPff4jfSd4VCM4vco3xw1WNVUHRgj72bVLo"
)
DEMO_ETH_ADDRESS = "0xcb48ffb8db3cfea3f854bba0943f595d2ba98bf2"
START, END = date(2019, 1, 1), date(2024, 12, 31)


def load_prices() -> dict[tuple[str, date], Decimal]:
    """Daily USD closes of the crypto assets in the bundled price table."""
    return {(row.symbol, row.date): row.close for row in bundled_prices() if row.quote == "USD"}


@dataclass
class Wallet:
    name: str
    rows: list[tuple[str, ...]] = field(default_factory=list)

    def add(
        self,
        when: datetime,
        received: tuple[Decimal, str] | None = None,
        sent: tuple[Decimal, str] | None = None,
        fee: tuple[Decimal, str] | None = None,
        tag: str = "",
    ) -> None:
        def cells(pair: tuple[Decimal, str] | None) -> tuple[str, str]:
            return (format(pair[0], "f"), pair[1]) if pair else ("", "")

        self.rows.append(
            (when.strftime("%Y-%m-%d %H:%M:%S"), *cells(received), *cells(sent), *cells(fee), tag)
        )

    def csv_bytes(self) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(GENERIC_COLUMNS)
        writer.writerows(sorted(self.rows))
        return out.getvalue().encode()


def _days(step: int) -> Iterator[date]:
    day = START
    while day <= END:
        yield day
        day += timedelta(days=step)


def _quantity(usd: Decimal, price: Decimal, places: int = 8) -> Decimal:
    return (usd / price).quantize(Decimal(1).scaleb(-places), rounding=ROUND_DOWN)


def demo_history(prices: dict[tuple[str, date], Decimal], seed: int = 2019) -> list[Wallet]:
    """Coinbase DCA buys, a Kraken trading account, a hardware wallet and a staking wallet."""
    rng = random.Random(seed)
    coinbase, kraken, ledger, staking = (
        Wallet("Coinbase"),
        Wallet("Kraken"),
        Wallet("Ledger Nano"),
        Wallet("Staking wallet"),
    )
    held: dict[str, Decimal] = {}

    def at(day: date, hour: int) -> datetime:
        return datetime.combine(day, time(hour, rng.randrange(60), rng.randrange(60)), UTC)

    for day in _days(14):  # fortnightly dollar-cost averaging on Coinbase, moved to cold storage quarterly
        for asset, budget in (("BTC", Decimal(150)), ("ETH", Decimal(75))):
            price = prices.get((asset, day))
            if price is None:
                continue
            quantity = _quantity(budget, price)
            coinbase.add(
                at(day, 9), received=(quantity, asset), sent=(budget, "USD"), fee=(Decimal("1.99"), "USD")
            )
            held[asset] = held.get(asset, Decimal(0)) + quantity
        if day.month in (3, 6, 9, 12) and day.day <= 14 and held.get("BTC"):
            fee = Decimal("0.00005")
            moved = held["BTC"] - fee  # everything, the network fee paid from it
            when = at(day, 18)
            coinbase.add(when, sent=(moved, "BTC"), fee=(fee, "BTC"))
            ledger.add(when + timedelta(minutes=25), received=(moved, "BTC"))
            held["BTC"] = Decimal(0)

    for day in _days(9):  # active trading on Kraken
        asset = rng.choice(["SOL", "ADA", "LINK", "DOT", "XRP", "LTC"])
        price = prices.get((asset, day))
        if price is None:
            continue
        usd = Decimal(rng.randrange(200, 2000))
        quantity = _quantity(usd, price, 6)
        if rng.random() < 0.6 or held.get(asset, Decimal(0)) < quantity:
            kraken.add(
                at(day, 14),
                received=(quantity, asset),
                sent=(usd, "USD"),
                fee=((usd * Decimal("0.0026")).quantize(Decimal("0.01")), "USD"),
            )
            held[asset] = held.get(asset, Decimal(0)) + quantity
        else:
            proceeds = (quantity * price).quantize(Decimal("0.01"))
            kraken.add(
                at(day, 15),
                received=(proceeds, "USD"),
                sent=(quantity, asset),
                fee=((proceeds * Decimal("0.0026")).quantize(Decimal("0.01")), "USD"),
            )
            held[asset] -= quantity

    staked = Decimal(0)
    for day in _days(7):  # ETH staking rewards, after an initial deposit
        price = prices.get(("ETH", day))
        if price is None or day < date(2021, 1, 4):
            continue
        if staked == 0:
            staked = Decimal(4)
            staking.add(at(day, 8), received=(staked, "ETH"), tag="gift")
            continue
        reward = (staked * Decimal("0.0008")).quantize(Decimal("0.00000001"))
        staking.add(at(day, 0), received=(reward, "ETH"), tag="staking")
        staked += reward
    return [coinbase, kraken, ledger, staking]
