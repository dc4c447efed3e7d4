"""What a connector gives its caller: batches of transactions per stream, each with the stream's cursor."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ingest.files.model import ParsedTransaction

# A stream's position, opaque to the caller: JSON-serialisable, stored as given and handed back.
Cursor = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Batch:
    """Transactions of one stream, and that stream's cursor once they are stored.

    Natural keys equal the file importers', so storing a batch twice (a retried activity) or a batch
    that overlaps a file import adds nothing twice."""

    stream: str  # "ledger", "trades:BTC/USDT", "deposits", …
    transactions: list[ParsedTransaction]
    cursor: Cursor


class Connector(Protocol):
    def verify(self) -> None:
        """One real authenticated call (the balance); raises ExchangeFailure when the key is refused."""

    def sync(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        """What is new since `cursors` (stream → cursor of an earlier sync; empty: everything)."""
        ...
