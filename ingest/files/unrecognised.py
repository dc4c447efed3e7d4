"""Rows of a type a parser does not know: imported by what they move, flagged for the user's review.

Exchanges add transaction types all the time; one row of a new type must never reject the file. Every
family parser hands such a row here with the flows it reads from the row's amount columns: one inflow
is a receipt, one outflow a send, both a trade. The exchange's own type is kept as the label, and the
review reason names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ingest.files.model import Flow, Ignored, ParsedTransaction
from ingest.files.values import Row, trade_type
from vocabulary.enums import TransactionType

_MOVES = {
    TransactionType.RECEIVE: "a receipt",
    TransactionType.SEND: "a send",
    TransactionType.FEE: "a fee",
}


def review_reason(source: str, source_type: str, tx_type: TransactionType) -> str:
    """What the review list says about a row of a type the parser did not recognise."""
    moved = _MOVES.get(tx_type, "a trade")
    return (
        f"The {source} type {source_type!r} was not recognised: imported as {moved} of what it moves. "
        "Check that this is what happened."
    )


def signed_flows(row: Row, column: str, asset: str) -> list[Flow]:
    """The movement a signed amount cell states: in when positive, out when negative, none when zero."""
    amount = row.decimal(column)
    return [Flow("IN" if amount > 0 else "OUT", asset, abs(amount))] if amount else []


def by_movement(
    row: int,
    key: str | None,
    timestamp: datetime,
    flows: Sequence[Flow],
    *,
    source: str,
    source_type: str,
    description: str = "",
    tx_hash: str | None = None,
) -> ParsedTransaction | Ignored:
    """The row as a receipt, send or trade of its flows, flagged for review; ignored when it moves nothing
    or its `key` is None (the same transaction listed again, by the family's key rules)."""
    shown = source_type.strip() or "(empty)"
    if key is None:
        return Ignored(row, "the same transaction is listed again")
    moving = [flow for flow in flows if flow.quantity]
    if not moving:
        return Ignored(row, f"the {source} type {shown!r} was not recognised and the row moves nothing")
    received = [flow.asset for flow in moving if flow.direction == "IN" and not flow.is_fee]
    sent = [flow.asset for flow in moving if flow.direction == "OUT" and not flow.is_fee]
    if received and sent:
        tx_type = trade_type(received[0], sent[0])
    elif received:
        tx_type = TransactionType.RECEIVE
    elif sent:
        tx_type = TransactionType.SEND
    else:
        tx_type = TransactionType.FEE
    return ParsedTransaction(
        key,
        timestamp,
        tx_type,
        tuple(moving),
        row,
        description=description,
        tx_hash=tx_hash,
        label=shown,
        review=review_reason(source, shown, tx_type),
    )
