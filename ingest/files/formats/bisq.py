"""Bisq trade history: every trade is BTC against another currency (fiat, BSQ or an altcoin).

`Offer type` says what the user did ("Buy BTC", "Sell DASH"); `Amount in BTC` and `Amount` (in
`Currency`) are the two legs. The user pays the mining fee (`Transaction Fee`, BTC) and the Bisq
trade fee (`Trade Fee BTC` or `Trade Fee BSQ`). Mediated and arbitrated trades completed.
"""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement
from ingest.files.values import Row, SourceKeys, header_has, trade_type
from vocabulary.enums import ImportType

COLUMNS = (
    "Trade ID",
    "Date/Time",
    "Market",
    "Amount in BTC",
    "Amount",
    "Currency",
    "Transaction Fee",
    "Trade Fee BTC",
    "Trade Fee BSQ",
    "Offer type",
    "Status",
)
DONE = frozenset({"completed", "mediated", "arbitrated"})
FEES = (("Transaction Fee", "BTC"), ("Trade Fee BTC", "BTC"), ("Trade Fee BSQ", "BSQ"))


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date/Time")
        status = row.text("Status")
        if status.casefold() not in DONE:
            return row.ignored(f"the trade is {status or 'without a status'}, not completed")
        offer = row.required("Offer type")
        side, _, offered = offer.partition(" ")
        side, offered = side.casefold(), offered.strip().upper()
        other = row.asset("Currency")
        btc, amount = row.quantity("Amount in BTC"), row.quantity("Amount")
        if not btc or not amount:
            return row.ignored("the trade has a zero amount")
        known = side in ("buy", "sell") and offered in ("BTC", other)
        # An offer type Bisq did not document is read as a purchase of BTC and left for review.
        bought_btc = not known or (side == "buy") == (offered == "BTC")
        received, sent = (("BTC", btc), (other, amount)) if bought_btc else ((other, amount), ("BTC", btc))
        flows = [Flow("IN", received[0], received[1]), Flow("OUT", sent[0], sent[1])]
        for column, asset in FEES:
            fee = magnitude(row, column)
            if fee:
                flows.append(Flow("OUT", asset, fee, is_fee=True))
        key = keys.key(row.required("Trade ID"), *row.cells)
        description = f"{offer} on {row.text('Market')}"
        if not known:
            return by_movement(
                row.number, key, timestamp, flows, source="Bisq", source_type=offer, description=description
            )
        if key is None:
            return row.ignored("the same trade is listed again")
        return ParsedTransaction(
            key,
            timestamp,
            trade_type(received[0], sent[0]),
            tuple(flows),
            row.number,
            description=description,
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "bisq",
        "Bisq trades",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_IMPORTS,
        integration=None,
    ),
)
