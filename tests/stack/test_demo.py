"""The demo user's history: importable as it stands, several years long, and never selling what it lacks."""

from collections import defaultdict
from decimal import Decimal

from ingest.files.check import inspect_file, iter_transactions
from stack.demo import demo_history, load_prices


def test_every_demo_wallet_imports_without_errors_or_ignored_rows() -> None:
    wallets = demo_history(load_prices())
    assert [wallet.name for wallet in wallets] == ["Coinbase", "Kraken", "Ledger Nano", "Staking wallet"]
    for wallet in wallets:
        report = inspect_file(wallet.csv_bytes(), f"{wallet.name}.csv")
        assert report.format_id == "generic"
        assert report.errors == [] and report.ignored == []
        assert report.transactions == len(wallet.rows) > 10


def test_the_history_spans_years_and_balances_never_go_negative() -> None:
    held: dict[str, Decimal] = defaultdict(Decimal)
    transactions = sorted(
        (
            tx
            for wallet in demo_history(load_prices())
            for tx in iter_transactions(wallet.csv_bytes(), "w.csv")
        ),
        key=lambda tx: tx.timestamp,
    )
    assert transactions[-1].timestamp.year - transactions[0].timestamp.year >= 5
    for tx in transactions:
        for flow in tx.flows:
            held[flow.asset] += flow.quantity if flow.direction == "IN" else -flow.quantity
            if flow.asset != "USD":
                assert held[flow.asset] >= 0, (tx, held[flow.asset])


def test_the_history_is_the_same_every_time() -> None:
    prices = load_prices()
    assert [w.csv_bytes() for w in demo_history(prices)] == [w.csv_bytes() for w in demo_history(prices)]
