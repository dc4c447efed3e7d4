"""Running a connector's sync to the end, as the sync activity will, for the tests."""

from __future__ import annotations

from collections.abc import Mapping

from ingest.exchanges.model import Connector, Cursor
from ingest.files.model import ParsedTransaction


class Sleeps(list[float]):
    """A `sleep` that records the waits instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


class Beats(list[None]):
    """A `heartbeat` that counts the beats."""

    def __call__(self) -> None:
        self.append(None)


def synced(
    connector: Connector, cursors: Mapping[str, Cursor]
) -> tuple[dict[str, ParsedTransaction], dict[str, Cursor]]:
    """Every transaction of the sync by natural key (each key once), and the cursors after it."""
    transactions: dict[str, ParsedTransaction] = {}
    after = dict(cursors)
    for batch in connector.sync(cursors):
        for transaction in batch.transactions:
            assert transaction.key not in transactions
            transactions[transaction.key] = transaction
        after[batch.stream] = batch.cursor
    return transactions, after
