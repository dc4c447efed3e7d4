"""Compact ledger building for the hand-worked and property tests."""

import polars as pl

from vocabulary.lot_engine import LEDGER_COLUMNS


def flows(*rows: tuple[str, ...]) -> pl.DataFrame:
    """Rows of (tx_id, timestamp, account, type, asset, direction, quantity, value[, is_fee[, link_id]])."""
    padded = [(*row, *(("false", "")[len(row) - 8 :])) for row in rows]
    return pl.DataFrame(padded, schema=dict.fromkeys(LEDGER_COLUMNS, pl.String), orient="row")


def buy(
    tx: str, when: str, asset: str, quantity: str, usd: str, account: str = "exchange"
) -> list[tuple[str, ...]]:
    return [
        (tx, when, account, "BUY", asset, "IN", quantity, ""),
        (tx, when, account, "BUY", "USD", "OUT", usd, ""),
    ]


def sell(
    tx: str, when: str, asset: str, quantity: str, usd: str, account: str = "exchange"
) -> list[tuple[str, ...]]:
    return [
        (tx, when, account, "SELL", asset, "OUT", quantity, ""),
        (tx, when, account, "SELL", "USD", "IN", usd, ""),
    ]


def transfer(
    tx: str, when: str, asset: str, quantity: str, source: str, target: str
) -> list[tuple[str, ...]]:
    return [
        (tx, when, source, "TRANSFER", asset, "OUT", quantity, "", "false", tx),
        (tx, when, target, "TRANSFER", asset, "IN", quantity, "", "false", tx),
    ]
