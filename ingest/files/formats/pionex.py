"""Pionex deposits and withdrawals: `date(UTC+0),tx_type,amount,coin,network,txid,fee`.

The coin carries its network as a suffix ("BUSDBEP20" on network "BEP20" is BUSD). Pionex's trades
come as a CoinTracker-style sheet, which the generic format reads.
"""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement, signed_flows
from ingest.files.values import KeyCounter, Row, SourceKeys, digest, fiat_transfer, header_has
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("date(UTC+0)", "tx_type", "amount", "coin", "network", "txid", "fee")
KINDS = {
    "deposit": TransactionType.DEPOSIT,
    "withdraw": TransactionType.WITHDRAWAL,
    "withdrawal": TransactionType.WITHDRAWAL,
}


def coin_asset(coin: str, network: str) -> str:
    """The asset without the network suffix Pionex appends to the coin name."""
    coin, network = coin.strip().upper(), network.strip().upper()
    if network and coin.endswith(network) and len(coin) > len(network):
        return coin[: -len(network)]
    return coin


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    source_keys, content_keys = SourceKeys(), KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("date(UTC+0)")
        kind = row.required("tx_type").casefold()
        tx_type = KINDS.get(kind)
        asset = coin_asset(row.required("coin"), row.text("network"))
        txid = row.text("txid")
        key = source_keys.key(txid, *row.cells) if txid else content_keys.key(digest(*row.cells))
        if tx_type is None:
            flows = signed_flows(row, "amount", asset)
            if magnitude(row, "fee"):
                flows.append(Flow("OUT", asset, magnitude(row, "fee"), is_fee=True))
            return by_movement(
                row.number,
                key,
                timestamp,
                flows,
                source="Pionex",
                source_type=row.text("tx_type"),
                tx_hash=txid or None,
            )
        amount = row.quantity("amount")
        fee = magnitude(row, "fee")
        if not amount and not fee:
            return row.ignored("the amount and the fee are zero")
        flows = [Flow("IN" if tx_type == TransactionType.DEPOSIT else "OUT", asset, amount)] if amount else []
        if fee:
            flows.append(Flow("OUT", asset, fee, is_fee=True))
        tx_type = fiat_transfer(tx_type, asset)
        if key is None:
            return row.ignored("the same transfer is listed again")
        return ParsedTransaction(
            key,
            timestamp,
            tx_type,
            tuple(flows),
            row.number,
            tx_hash=txid or None,
            label=row.text("network") or None,
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "pionex-transfers",
        "Pionex deposits and withdrawals",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_TRANSFERS,
        integration=None,
    ),
)
