"""A row of a type its family's parser does not know is imported by what it moves, flagged for review:
for every family with a type column, a real export row with its type replaced by an invented one."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import pytest

from ingest.files.model import Flow, ParsedTransaction
from ingest.files.reader import read_sheet
from ingest.files.registry import detect
from ingest.files.unrecognised import by_movement
from ingest.files.values import Columns
from tests.ingest.formats.fixtures import EXPORTS, flows, parse_bytes, parse_text, utc

INVENTED = "Zorblax Payout"
# family id → (a real export of it, the column holding the row's type)
FAMILIES = {
    "binance": ("binance/privatefolio__binance.csv", "Operation"),
    "bitcoin-tax-trades": ("bitcoin-tax/rotki__bitcoin_tax_trades.csv", "Action"),
    "bitmex": ("bitmex/rotki__bitmex_wallet_history.csv", "transactType"),
    "bitstamp": ("bitstamp/rotki__bitstamp.csv", "Type"),
    "bittrex-transfers": ("bittrex/rotki__bittrex_tx_history.csv", "Type"),
    "bitvavo": ("bitvavo/Export-To-Ghostfolio__bitvavo-export.csv", "Type"),
    "blockfi": ("blockfi/rotki__blockfi-transactions.csv", "Transaction Type"),
    "blockpit": ("blockpit/rotki__blockpit_transactions.csv", "Transaction Type"),
    "coinbase": ("coinbase/Export-To-Ghostfolio__coinbase-export.csv", "Transaction Type"),
    "coinbase-pro": ("coinbase-pro/rotki__coinbasepro.csv", "Type"),
    "coinledger": ("coinledger/rotki__coinledger_export.csv", "Type"),
    "coinmama": ("coinmama/privatefolio__coinmama.csv", "Transaction"),
    "cointracking": ("cointracking/Export-To-Ghostfolio__cointracking-export.csv", "Type"),
    "cryptocom": ("cryptocom/Export-To-Ghostfolio__cryptocom-export.csv", "Transaction Kind"),
    "delta": ("delta/Export-To-Ghostfolio__delta-export.csv", "Way"),
    "kraken-ledgers": ("kraken/kraken-ledger-report__ledgers.csv", "type"),
    "nexo": ("nexo/GhostfolioSidekick__BuyOrders_single_buy.csv", "Type"),
    "nexo-older": ("nexo/rotki__corrupt_nexo.csv", "Type"),
    "pionex-transfers": ("pionex/dali-rp2__test_pionex_transfers.csv", "tx_type"),
    "relai": ("relai/Export-To-Ghostfolio__relai-export.csv", "Transaction Type"),
    "revolut-crypto": ("revolut/Export-To-Ghostfolio__revolut-crypto-export.csv", "Type"),
    "trezor": ("trezor/dali-rp2__test_trezor_alice_btc.csv", "Type"),
    "uphold": ("uphold/rotki__uphold-transaction-history.csv", "Type"),
}


def _with_invented_type(relative: str, column: str) -> tuple[bytes, int]:
    """The export's header and its first row that imports, the type replaced; and that row's number."""
    sheet = read_sheet((EXPORTS / relative).read_bytes(), Path(relative).name)
    fmt = detect(sheet)
    assert fmt is not None
    first = next(item.row for item in fmt.parse(sheet) if isinstance(item, ParsedTransaction))
    cells = list(next(cells for number, cells in sheet.rows() if number == first))
    position = Columns(sheet.header).position(column)
    assert position is not None
    cells[position] = INVENTED
    out = io.StringIO()
    csv.writer(out).writerows([sheet.header, cells])
    return out.getvalue().encode(), first


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_invented_type_is_imported_for_review(family: str) -> None:
    relative, column = FAMILIES[family]
    data, _ = _with_invented_type(relative, column)
    parsed = parse_bytes(data, Path(relative).name)
    assert (parsed.format_id, parsed.errors, parsed.ignored) == (family, [], [])
    [transaction] = parsed.transactions
    assert transaction.label == INVENTED
    assert transaction.review is not None and f"{INVENTED!r} was not recognised" in transaction.review
    moving = [flow for flow in transaction.flows if not flow.is_fee]
    directions = {flow.direction for flow in moving}
    expected = {frozenset({"IN"}): "RECEIVE", frozenset({"OUT"}): "SEND"}.get(frozenset(directions))
    if expected is None:
        assert directions == {"IN", "OUT"} and transaction.type in ("BUY", "SELL", "TRADE")
    else:
        assert transaction.type == expected


def test_bitstamp_v2_invented_type() -> None:
    parsed = parse_text(
        "ID,Account,Object,Date,Type,Subtype,Amount,Amount currency,Value,Value currency,Fee,Fee currency\n"
        "7,Main,order,2023-01-02T03:04:05Z,Zorblax Payout,,-0.5,ETH,,,0.001,ETH\n"
    )
    [transaction] = parsed.transactions
    assert (parsed.format_id, transaction.type, transaction.label) == ("bitstamp-v2", "SEND", INVENTED)
    assert flows(transaction) == [
        ("OUT", "ETH", Decimal("0.5"), False),
        ("OUT", "ETH", Decimal("0.001"), True),
    ]


def test_movement_decides_the_type() -> None:
    at = utc("2024-01-01T00:00:00+00:00")
    kwargs = {"source": "Acme", "source_type": "Odd"}
    received = by_movement(1, "k", at, [Flow("IN", "BTC", Decimal(1))], **kwargs)
    sent = by_movement(1, "k", at, [Flow("OUT", "BTC", Decimal(1))], **kwargs)
    bought = by_movement(
        1, "k", at, [Flow("IN", "BTC", Decimal(1)), Flow("OUT", "EUR", Decimal(9))], **kwargs
    )
    fee = by_movement(1, "k", at, [Flow("OUT", "BTC", Decimal(1), is_fee=True)], **kwargs)
    assert [getattr(item, "type", None) for item in (received, sent, bought, fee)] == [
        "RECEIVE",
        "SEND",
        "BUY",
        "FEE",
    ]
    assert isinstance(received, ParsedTransaction)
    assert received.review == (
        "The Acme type 'Odd' was not recognised: imported as a receipt of what it moves. "
        "Check that this is what happened."
    )
    nothing = by_movement(3, "k", at, [Flow("IN", "BTC", Decimal(0))], **kwargs)
    repeated = by_movement(4, None, at, [Flow("IN", "BTC", Decimal(1))], **kwargs)
    assert [type(item).__name__ for item in (nothing, repeated)] == ["Ignored", "Ignored"]
