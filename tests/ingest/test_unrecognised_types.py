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
    "bisq": ("bisq/rotki__bisq_trades.csv", "Offer type"),
    "bitcoin-tax-trades": ("bitcoin-tax/rotki__bitcoin_tax_trades.csv", "Action"),
    "bithomp": ("bithomp/koinly-bithomp-import__3-accounts-30days-test.csv", "Type"),
    "bithomp-legacy": ("bithomp/koinly-bithomp-import__test.csv", "Type"),
    "bitmex": ("bitmex/rotki__bitmex_wallet_history.csv", "transactType"),
    "bitstamp": ("bitstamp/rotki__bitstamp.csv", "Type"),
    "bittrex-orders": ("bittrex/rotki__bittrex_order_history.csv", "Transaction"),
    "bittrex-orders-old": ("bittrex/rotki__bittrex_order_history_old.csv", "Type"),
    "bittrex-orders-older": ("bittrex/rotki__bittrex_order_history_older.csv", "ORDERTYPE"),
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
    "generic": ("cointracker/dali-rp2__test_pionex_trades.csv", "Tag"),
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


GENERIC = "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"


def test_generic_tags_name_types_and_any_other_tag_is_imported_for_review() -> None:
    parsed = parse_text(
        GENERIC
        + "2024-01-01 00:00:00,1,ETH,,,,,Staking\n"
        + "2024-01-02 00:00:00,,,2,ETH,,,Zorblax Payout\n"
        + "2024-01-03 00:00:00,1,BTC,30000,USD,,,gift\n"  # a tag of one side on a trade
        + "2024-01-04 00:00:00,,,,,0.1,ETH,staking\n"  # a tag on a fee
    )
    assert (parsed.format_id, parsed.errors, parsed.ignored) == ("generic", [], [])
    reward, payout, trade, fee = parsed.transactions
    assert (reward.type, reward.label, reward.review) == ("STAKING_REWARD", "staking", None)
    assert [(tx.type, tx.label) for tx in (payout, trade, fee)] == [
        ("SEND", INVENTED),
        ("BUY", "gift"),
        ("FEE", "staking"),
    ]
    assert payout.review == (
        "The generic CSV type 'Zorblax Payout' was not recognised: imported as a send of what it moves. "
        "Check that this is what happened."
    )
    assert all(tx.review is not None for tx in (trade, fee))


KRAKEN_LEDGER = '"txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"\n'


def test_kraken_earn_and_transfer_subtypes_kraken_documents_are_mapped_and_others_reviewed() -> None:
    parsed = parse_text(
        KRAKEN_LEDGER
        + '"L1","R1","2024-01-01 00:00:00","earn","reward","currency","DOT.S",0.5,0,0\n'
        + '"L2","R2","2024-01-02 00:00:00","transfer","spottostaking","currency","DOT",-5,0,0\n'
        + '"L3","R3","2024-01-03 00:00:00","transfer","","currency","FLR",20,0,0\n'  # an airdrop
        + '"L4","R4","2024-01-04 00:00:00","earn","zorblax","currency","DOT.S",1,0,0\n'
        + '"L5","R5","2024-01-05 00:00:00","transfer","zorblax","currency","DOT",-1,0,0\n'
        + '"L6","R6","2024-01-06 00:00:00","earn","","currency","DOT",-2,0,0\n'
    )
    assert (parsed.format_id, parsed.errors, parsed.ignored) == ("kraken-ledgers", [], [])
    known, unknown = parsed.transactions[:3], parsed.transactions[3:]
    assert [(tx.type, tx.review) for tx in known] == [
        ("STAKING_REWARD", None),
        ("STAKE", None),
        ("RECEIVE", None),
    ]
    assert [(tx.type, tx.label) for tx in unknown] == [
        ("RECEIVE", "earn / zorblax"),
        ("SEND", "transfer / zorblax"),
        ("SEND", "earn / (no subtype)"),
    ]
    assert unknown[0].review is not None and "type 'earn / zorblax' was not recognised" in unknown[0].review


def test_xrpl_types_outside_the_documented_list_are_imported_for_review() -> None:
    relative, _ = FAMILIES["bithomp"]
    parsed = parse_bytes((EXPORTS / relative).read_bytes(), Path(relative).name)
    assert parsed.transactions and all(tx.review is None for tx in parsed.transactions)
    data, _ = _with_invented_type(relative, "Type")
    invented = parse_bytes(data.replace(INVENTED.encode(), b"XChainCommit"), "bithomp.csv")
    [transaction] = invented.transactions
    assert (transaction.label, transaction.tx_hash) == ("XChainCommit", transaction.key.split(":")[0])
    assert transaction.review is not None and "XRP Ledger type 'XChainCommit'" in transaction.review
