"""A batch encoded for COPY a column at a time is byte for byte the batch encoded row by row."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.files.model import Flow, ParsedTransaction
from ledger.writes.bulk_import import encode_batch, encode_columns

TEXT = st.text(alphabet=st.sampled_from("ab\\\t\n\r é\x1f,;\"'N"), max_size=6)
DECIMALS = st.decimals(min_value=Decimal("1e-18"), max_value=Decimal("1e19"), places=18, allow_nan=False)
FLOWS = st.builds(
    Flow,
    direction=st.sampled_from(["IN", "OUT"]),
    asset=st.text(alphabet="ABC\t\\", min_size=1, max_size=4),
    quantity=DECIMALS.map(lambda value: value.normalize() if value > 1 else value),
    is_fee=st.booleans(),
    value=st.none() | DECIMALS,
    value_currency=st.none() | st.sampled_from(["USD", "E\tR"]),
)
TRANSACTIONS = st.builds(
    ParsedTransaction,
    key=TEXT,
    timestamp=st.datetimes(
        min_value=datetime(1990, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
    ),
    type=st.sampled_from(["BUY", "TRADE", "RECEIVE", "FEE"]),
    flows=st.lists(FLOWS, min_size=1, max_size=3).map(tuple),
    row=st.integers(1, 10**6),
    description=TEXT,
    tx_hash=st.none() | TEXT,
    label=st.none() | TEXT,
)


def as_frames(batch: list[ParsedTransaction]) -> tuple[pl.DataFrame, pl.DataFrame]:
    transactions = pl.DataFrame(
        {
            "seq": list(range(len(batch))),
            "key": [tx.key for tx in batch],
            "timestamp": [tx.timestamp for tx in batch],
            "type": [tx.type for tx in batch],
            "description": [tx.description for tx in batch],
            "tx_hash": [tx.tx_hash for tx in batch],
            "label": [tx.label for tx in batch],
        },
        schema_overrides={"timestamp": pl.Datetime("us", "UTC"), "tx_hash": pl.String, "label": pl.String},
    )
    flows = [(seq, position, flow) for seq, tx in enumerate(batch) for position, flow in enumerate(tx.flows)]
    return transactions, pl.DataFrame(
        {
            "seq": [seq for seq, _, _ in flows],
            "position": [position for _, position, _ in flows],
            "direction": [flow.direction for _, _, flow in flows],
            "asset": [flow.asset for _, _, flow in flows],
            "quantity": [format(flow.quantity, "f") for _, _, flow in flows],
            "is_fee": [flow.is_fee for _, _, flow in flows],
            "value": [None if flow.value is None else format(flow.value, "f") for _, _, flow in flows],
            "value_currency": [flow.value_currency for _, _, flow in flows],
        },
        schema_overrides={"value": pl.String, "value_currency": pl.String},
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(TRANSACTIONS, min_size=1, max_size=12))
def test_columns_encode_to_the_same_bytes_as_rows(batch: list[ParsedTransaction]) -> None:
    assert encode_columns(*as_frames(batch)) == encode_batch(batch)


def test_unknown_types_and_directions_are_refused() -> None:
    good = ParsedTransaction(
        "k", datetime(2024, 1, 1, tzinfo=UTC), "BUY", (Flow("IN", "BTC", Decimal(1)),), 1
    )
    transactions, flows = as_frames([good])
    with pytest.raises(ValueError, match="'SWAP' is not a transaction type"):
        encode_columns(transactions.with_columns(type=pl.lit("SWAP")), flows)
    with pytest.raises(ValueError, match="'UP' is not a flow direction"):
        encode_columns(transactions, flows.with_columns(direction=pl.lit("UP")))
