"""Trezor Suite account export (';'-delimited): `Date & Time;Type;Transaction ID;Addresses;Fee;Total`.

One file is one account of one coin, and the file does not name the coin: it is read from the file
name ("…_btc.csv", "ltc-account.csv"), else from an unambiguous address prefix (bc1, ltc1, 0x).
`Total` is what left or reached the account without the fee; the fee is the sender's, so it is
booked on SENT (and self-sends) only. Times are taken as UTC.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement, signed_flows
from ingest.files.values import CellError, Row, SourceKeys, header_has
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("Date & Time", "Type", "Transaction ID", "Addresses", "Fee", "Total")
# Coins Trezor Suite exports accounts for, as they appear in file names.
COINS = frozenset(
    {
        "btc",
        "ltc",
        "bch",
        "doge",
        "dash",
        "zec",
        "dgb",
        "nmc",
        "vtc",
        "btg",
        "eth",
        "etc",
        "xrp",
        "ada",
        "sol",
    }
)
ADDRESS_PREFIXES = (("bc1", "BTC"), ("ltc1", "LTC"), ("0x", "ETH"))
_NAME_TOKENS = re.compile(r"[a-z0-9]+")


def coin_from_filename(filename: str) -> str | None:
    tokens = [token for token in _NAME_TOKENS.findall(filename.lower().rsplit(".", 1)[0]) if token in COINS]
    return tokens[-1].upper() if len(set(tokens)) == 1 else None


def coin_from_addresses(addresses: str) -> str | None:
    for prefix, coin in ADDRESS_PREFIXES:
        if addresses.lower().startswith(prefix):
            return coin
    return None


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()
    file_coin = coin_from_filename(sheet.filename)

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date & Time")
        kind = row.required("Type").upper()
        asset = file_coin or coin_from_addresses(row.text("Addresses"))
        if asset is None:
            raise CellError(
                "Addresses",
                "the coin of this Trezor account is unknown: name the file after it "
                "(for example trezor_btc.csv)",
            )
        total, fee = row.quantity("Total"), magnitude(row, "Fee")
        tx_type: TransactionType | None
        if kind == "RECV":
            if not total:
                return row.ignored("nothing was received (a dust or zero-value transaction)")
            tx_type, flows = TransactionType.RECEIVE, [Flow("IN", asset, total)]
        elif kind in ("SENT", "SELF"):
            flows = [Flow("OUT", asset, total)] if total and kind == "SENT" else []
            if fee:
                flows.append(Flow("OUT", asset, fee, is_fee=True))
            if not flows:
                return row.ignored("the amount and the fee are zero")
            tx_type = TransactionType.SEND if len(flows) > 1 or not flows[0].is_fee else TransactionType.FEE
        else:
            flows = signed_flows(row, "Total", asset)
            if fee:
                flows.append(Flow("OUT", asset, fee, is_fee=True))
            tx_type = None
        txid = row.required("Transaction ID")
        key = keys.key(txid, *row.cells)
        if tx_type is None:
            return by_movement(
                row.number,
                key,
                timestamp,
                flows,
                source="Trezor",
                source_type=row.text("Type"),
                description=row.text("Addresses"),
                tx_hash=txid,
            )
        if key is None:
            return row.ignored("the same transaction is listed again")
        return ParsedTransaction(
            key, timestamp, tx_type, tuple(flows), row.number, tx_hash=txid, description=row.text("Addresses")
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "trezor",
        "Trezor Suite transactions",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
