"""Quantities the ledger can hold exactly: at most 18 decimal places (its NUMERIC(38, 18), the lot
engine's SCALE). PostgreSQL would round a finer quantity silently; a file row that states one is
refused instead, naming the row, the asset and the quantity."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal

from ingest.files.model import ParsedTransaction, ParseItem, RowError
from vocabulary.lot_engine import SCALE


def too_fine(quantity: Decimal) -> bool:
    """More decimal places than the ledger keeps (trailing zeros do not count)."""
    exponent = quantity.normalize().as_tuple().exponent
    return isinstance(exponent, int) and exponent < -SCALE


def exact_quantities(items: Iterable[ParseItem]) -> Iterator[ParseItem]:
    """The parser's items; a transaction with a quantity finer than the ledger keeps becomes a row error."""
    for item in items:
        if isinstance(item, ParsedTransaction):
            fine = next((flow for flow in item.flows if too_fine(flow.quantity)), None)
            if fine is not None:
                yield RowError(
                    item.row,
                    "quantity",
                    f"{fine.asset} {format(fine.quantity, 'f')} has more than {SCALE} decimal places; "
                    f"Cairn keeps quantities exact to {SCALE} places and does not round them",
                )
                continue
        yield item
