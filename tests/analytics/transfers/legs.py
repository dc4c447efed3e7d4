"""Leg builders and an independent statement of the matching rules, for the transfer tests."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from analytics.transfers import CLOCK_SKEW, Leg, plausible_fee

NOON = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


def send(transaction_id: str, account: str, quantity: str, minutes: float = 0, asset: str = "BTC") -> Leg:
    """A send `minutes` after NOON."""
    moment = NOON + timedelta(minutes=minutes)
    return Leg(transaction_id, account, asset, moment, Decimal(quantity), "OUT")


def receive(transaction_id: str, account: str, quantity: str, minutes: float = 0, asset: str = "BTC") -> Leg:
    """A receive `minutes` after NOON."""
    moment = NOON + timedelta(minutes=minutes)
    return Leg(transaction_id, account, asset, moment, Decimal(quantity), "IN")


def may_pair(out: Leg, into: Leg, window: timedelta = timedelta(hours=24)) -> bool:
    """The rules of an automatic match, written out plainly (forbidden pairs aside)."""
    return (
        out.asset == into.asset
        and out.account_id != into.account_id
        and out.timestamp - CLOCK_SKEW <= into.timestamp <= out.timestamp + window
        and Decimal(0) <= out.quantity - into.quantity <= plausible_fee(out.asset, out.quantity)
    )
