"""Kraken through its private REST API: the ledger, which holds every trade, deposit, withdrawal and reward.

The ledger's entries are read by the Kraken ledgers file parser itself, so an API sync and a ledgers
or trades export of the same history have the same natural keys (refids) and the same transactions.
Trades, deposit and withdrawal status are not fetched apart: each is in the ledger already.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from ingest.exchanges.client import ExchangeClient
from ingest.exchanges.model import Batch, Cursor
from ingest.files.formats.kraken import GROUP_WINDOW, parse_ledgers
from ingest.files.model import ParsedTransaction, RowError, Sheet

LEDGER = "ledger"
PAGE = 50  # Ledgers' page size
COLUMNS = ("txid", "refid", "time", "type", "subtype", "aclass", "asset", "amount", "fee")


Entry = tuple[str, dict[str, Any]]  # ledger id, entry


class KrakenConnector:
    def __init__(self, client: ExchangeClient) -> None:
        self.client = client

    def verify(self) -> None:
        self._result("private_post_balance", {})

    def sync(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        """The entries after the cursor, a batch per page from the oldest page to the newest.

        Kraken pages newest first by offset; asking the offsets from the last one down, with the
        range's end pinned to its newest entry, reads time forwards, so each stored batch can move
        the cursor and a sync stopped midway resumes where it was. The entries of the last
        `GROUP_WINDOW` of a page wait for the next one, so no trade is split between batches."""
        start = cursors.get(LEDGER, {}).get("start")
        newest, count = self._page(start, None, 0)
        if not count:
            return
        with self.client.reading("Kraken Ledgers page"):
            end = max(_time(entry) for _, entry in newest)
        seen: set[str] = set()
        held: list[Entry] = []
        cursor = dict(cursors.get(LEDGER, {}))
        for offset in [*range(count - PAGE, 0, -PAGE), 0]:
            page, _ = self._page(start, str(end), offset)
            held += [(ledger_id, entry) for ledger_id, entry in page if ledger_id not in seen]
            seen.update(ledger_id for ledger_id, _ in page)
            held.sort(key=lambda item: (_time(item[1]), item[0]))
            if offset == 0:
                ready, held = held, []
                cursor = {"start": str(end)}
            else:
                ready, held = _settled(held)
                # Once stored, every entry up to the newest ready one is in, unless an older one
                # waits for its refid's other entries.
                if ready and (not held or _time(held[0][1]) > _time(ready[-1][1])):
                    cursor = {"start": str(_time(ready[-1][1]))}
            if ready:
                yield Batch(LEDGER, self._transactions(ready), cursor)

    def _page(self, start: str | None, end: str | None, offset: int) -> tuple[list[Entry], int]:
        """One Ledgers page: entries after `start` up to `end` (unix times), the `offset`-th newest first."""
        params = {"ofs": offset} | ({"start": start} if start else {}) | ({"end": end} if end else {})
        result = self._result("private_post_ledgers", params)
        with self.client.reading("Kraken Ledgers page"):
            return list(result["ledger"].items()), int(result["count"])

    def _transactions(self, entries: list[Entry]) -> list[ParsedTransaction]:
        def rows() -> Iterator[tuple[int, list[str]]]:
            for number, (ledger_id, entry) in enumerate(entries, start=1):
                when = datetime.fromtimestamp(float(entry["time"]), UTC).isoformat()
                yield number, [ledger_id, entry["refid"], when, *(str(entry.get(c, "")) for c in COLUMNS[3:])]

        transactions = []
        with self.client.reading("Kraken ledger"):
            for item in parse_ledgers(Sheet(COLUMNS, rows)):
                if isinstance(item, RowError):
                    raise self.client.malformed(f"ledger entry {entries[item.row - 1][0]}: {item.problem}")
                if isinstance(item, ParsedTransaction):
                    transactions.append(item)
        return transactions

    def _result(self, method: str, params: dict[str, Any]) -> Any:
        answer = self.client.call(method, params)
        if not isinstance(answer, dict) or "result" not in answer:
            raise self.client.malformed(f"{method} answered {str(answer)[:200]!r}")
        return answer["result"]


def _time(entry: dict[str, Any]) -> Decimal:
    return Decimal(str(entry["time"]))


def _settled(entries: list[Entry]) -> tuple[list[Entry], list[Entry]]:
    """Time-ordered entries split into those no later page can add to, and the rest: the entries of the
    page's last `GROUP_WINDOW`, and every entry sharing a refid with them."""
    cut = _time(entries[-1][1]) - Decimal(GROUP_WINDOW.total_seconds())
    waiting = {entry["refid"] for _, entry in entries if _time(entry) >= cut}
    ready = [item for item in entries if item[1]["refid"] not in waiting]
    return ready, [item for item in entries if item[1]["refid"] in waiting]
