"""Every export fixture under shared/data/exports, uploaded to S3 and imported by CsvImportWorkflow on the
real servers into a custom wallet of its own: each file imports its transactions and ignores what its
format documents (the counts of tests/ingest), a few stored values per family are exact, and the files
that are rejected on purpose end FAILED with their reason and leave nothing behind."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from contracts.imports import CsvImportInput, CsvImportOutcome
from ledger.infra.db import sync_sessions
from ledger.infra.settings import Settings
from ledger.models import Account, Asset, Flow, Import, Job, Transaction, User
from ledger.scope.catalog import CSV_INTEGRATION_SLUG
from tests.ingest.exports import EXPORTS, export_bytes, report
from tests.ingest.test_formats import EXPECTED as FAMILY_TABLE
from tests.workflows.ledger_rows import new_job, new_wallet, put_upload
from vocabulary.enums import AccountKind, IntegrationCategory, JobStatus
from workflows.csv_import import CsvImportWorkflow

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

# file → (format id, transactions, ignored, errors) for the families tests/ingest/formats/test_<family>.py
# checks one by one (their counts, gathered); tests/ingest/test_formats.py's table holds the others.
PER_FAMILY_TESTS = {
    "bisq/rotki__bisq_trades.csv": ("bisq", 9, 1, 0),
    "bitbank/dali-rp2__test_bitbank_fiat_deposits.csv": ("bitbank-fiat-deposits", 1, 1, 0),
    "bitbank/dali-rp2__test_bitbank_withdrawals.csv": ("bitbank-withdrawals", 2, 1, 0),
    "bitcoin-tax/rotki__bitcoin_tax_trades.csv": ("bitcoin-tax-trades", 3, 0, 0),
    "bithomp/koinly-bithomp-import__3-accounts-30days-test.csv": ("bithomp", 331, 0, 0),
    "bithomp/koinly-bithomp-import__test.csv": ("bithomp-legacy", 45, 0, 0),
    "bitmex/rotki__bitmex_wallet_history.csv": ("bitmex", 9, 1, 0),
    "blockfi/rotki__blockfi-transactions.csv": ("blockfi", 9, 0, 0),
    "blockpit/rotki__blockpit_transactions.csv": ("blockpit", 17, 0, 0),
    "coincheck/dali-rp2__test_coincheck_buys.csv": ("coincheck-buys", 1, 0, 0),
    "coinledger/rotki__coinledger_export.csv": ("coinledger", 26, 0, 0),
    "coinmama/privatefolio__coinmama.csv": ("coinmama", 2, 3, 0),
    "delta/Export-To-Ghostfolio__delta-export.csv": ("delta", 5, 2, 0),
    "etherscan/privatefolio__0x003dc_etherscan-erc20.csv": ("etherscan-erc20", 318, 9, 0),
    "etherscan/privatefolio__0x003dc_etherscan-internal.csv": ("etherscan-internal", 48, 0, 0),
    "etherscan/privatefolio__0xf98_etherscan-internal.csv": ("etherscan-internal", 0, 0, 1),  # no data rows
    "etherscan/privatefolio__0xf98_etherscan.csv": ("etherscan", 9, 0, 0),
    "pionex/dali-rp2__test_pionex_transfers.csv": ("pionex-transfers", 2, 0, 0),
    "relai/Export-To-Ghostfolio__relai-export.csv": ("relai", 3, 0, 0),
    "revolut/Export-To-Ghostfolio__revolut-crypto-export.csv": ("revolut-crypto", 12, 1, 0),
    "shapeshift/rotki__shapeshift-trade-history.csv": ("shapeshift", 2, 1, 0),
    "trezor/dali-rp2__test_trezor_alice_btc.csv": ("trezor", 2, 0, 0),
}
EXPECTED = {**FAMILY_TABLE, **PER_FAMILY_TESTS}
REJECTED_REASONS = {  # the reasons tests/ingest states word for word
    "nexo/GhostfolioSidekick__Invalid_fiat_to_fiat.csv": (
        "Row 1, column Output Currency: an exchange from EUR to EUR exchanges nothing"
    ),
    "nexo/rotki__corrupt_nexo.csv": "Row 17, column Currency: a value is required but the cell is empty",
    "etherscan/privatefolio__0xf98_etherscan-internal.csv": (
        "The file has no data rows: there is nothing to import."
    ),
}

FlowView = tuple[str, str, Decimal, bool]  # direction, symbol, quantity, is fee
IN, OUT = "INFLOW", "OUTFLOW"


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


@dataclass(frozen=True)
class Stored:
    """One transaction a file must have stored, exactly: natural key, time, type and one of its flows."""

    file: str
    key: str
    timestamp: datetime
    type: str
    flow: FlowView


STORED = [
    Stored(
        "kraken/kraken-ledger-report__ledgers.csv",
        "TIIAWV-NWCDG-SZ4WV2",
        utc("2024-11-02T08:39:43Z"),
        "BUY",
        (IN, "USDT", Decimal(1909), False),
    ),
    Stored(
        "kraken/portfolio_monitor__ledger_UQHZ_trades.csv",
        "T7W3FR-W72ZP-WDJQUL",
        utc("2021-01-08T23:04:42.339Z"),
        "TRADE",
        (OUT, "BTC", Decimal("0.0000023457"), True),
    ),
    Stored(
        "koinly/redot2koinly__data_expected.csv",
        "60a4481e17d76d7e3d22609e466a8868",
        utc("2025-01-02T10:13:00Z"),
        "SEND",
        (OUT, "BTC", Decimal("0.00403854"), False),
    ),
    Stored(
        "nexo/GhostfolioSidekick__BuyOrders_single_buy.csv",
        "NXTyPxhiopNL3",
        utc("2023-08-25T14:44:46Z"),
        "BUY",
        (IN, "USDC", Decimal("161.90485771"), False),
    ),
    Stored(
        "coinbase-pro/rotki__coinbasepro.csv",
        "a1b2c3d4-5678-9abc-def0-111111111111",
        utc("2018-03-15T10:42:31.215Z"),
        "DEPOSIT",
        (IN, "BTC", Decimal("2.5"), False),
    ),
    Stored(
        "cryptocom/rotki__cryptocom_special_events.csv",
        "924aa67101847f796532c98a7ca95aed",
        utc("2021-01-05T22:00:00Z"),
        "TRADE",
        (OUT, "MCO", Decimal("0.1"), False),
    ),
    Stored(
        "kucoin/rotki__kucoin_order_history.csv",
        "36cb5484316e5bc6896c000a440f74ce",
        utc("2022-04-28T12:36:00Z"),
        "TRADE",
        (OUT, "USDT", Decimal("0.00373590975"), True),
    ),
    Stored(
        "uphold/rotki__uphold-transaction-history.csv",
        "1a2b3c4d-5e6f-1a2b-3c4d-5e6f1a2b3c4d",
        utc("2020-05-26T18:06:28Z"),
        "WITHDRAWAL",
        (OUT, "BTC", Decimal("0.0000021"), True),
    ),
    Stored(
        "bittrex/rotki__bittrex_order_history.csv",
        "a3a27e1a-2b6c-3b82-c275-d61e375d35a2",
        utc("2017-08-13T21:32:03Z"),
        "TRADE",
        (OUT, "EDGELESS", Decimal("857.78221905"), False),
    ),
    Stored(
        "cointracking/Export-To-Ghostfolio__cointracking-export.csv",
        "49bea42bafa9047de39149a93c2d6aae",
        utc("2025-01-18T15:18:55Z"),
        "STAKING_REWARD",
        (IN, "BTC", Decimal("0.001"), False),
    ),
    Stored(
        "bisq/rotki__bisq_trades.csv",
        "xxcz",
        utc("2021-03-10T10:16:00Z"),
        "SELL",
        (IN, "EUR", Decimal(505), False),
    ),
    Stored(
        "bitbank/dali-rp2__test_bitbank_withdrawals.csv",
        "TXID12345",
        utc("2022-04-20T07:20:00Z"),
        "WITHDRAWAL",
        (OUT, "XLM", Decimal(900), False),
    ),
    Stored(
        "bitcoin-tax/rotki__bitcoin_tax_trades.csv",
        "Coinbase Pro:256343",
        utc("2018-06-03T21:16:15Z"),
        "BUY",
        (OUT, "EUR", Decimal("3.01495511"), True),
    ),
    Stored(
        "bithomp/koinly-bithomp-import__test.csv",
        "5BB713EC5F49EFCEAD0143B1428005814D8A8C997B25AB2975AA27B39DD4A0BF:r4JDoQzeTYensJJNxFWsnSchbpkcuU5Y7M",
        utc("2025-01-22T09:16:20Z"),
        "TRADE",
        (IN, "DONNIE", Decimal("28320.4362474"), False),
    ),
    Stored(
        "bitmex/rotki__bitmex_wallet_history.csv",
        "063ea362c78bfecaa79ddae13ed9d8f2",
        utc("2019-12-25T05:47:25Z"),
        "WITHDRAWAL",
        (OUT, "BTC", Decimal("0.05646216"), False),
    ),
    Stored(
        "coincheck/dali-rp2__test_coincheck_buys.csv",
        "151515",
        utc("2022-04-20T16:20:00Z"),
        "BUY",
        (IN, "BTC", Decimal("0.005"), False),
    ),
    Stored(
        "coinledger/rotki__coinledger_export.csv",
        "4709588684",
        utc("2025-03-06T00:00:00Z"),
        "TRADE",
        (IN, "TRX", Decimal("283.9"), False),
    ),
    Stored(
        "etherscan/privatefolio__0x003dc_etherscan-erc20.csv",
        "0x35b1d2ef648a40dfa7492dfd188c30257565a205b6559c18955e9598c23c70d8:erc20",
        utc("2018-01-07T13:02:04Z"),
        "RECEIVE",
        (IN, "MANA", Decimal("3067.671"), False),
    ),
    Stored(
        "pionex/dali-rp2__test_pionex_transfers.csv",
        "12345",
        utc("2022-02-27T12:02:00Z"),
        "DEPOSIT",
        (IN, "BUSD", Decimal(115), False),
    ),
    Stored(
        "relai/Export-To-Ghostfolio__relai-export.csv",
        "39a4ed08-b7f2-4c5e-a1d3-f8e2c9b4a7d6",
        utc("2024-09-15T14:23:17Z"),
        "SELL",
        (OUT, "BTC", Decimal("0.02847593"), False),
    ),
    Stored(
        "shapeshift/rotki__shapeshift-trade-history.csv",
        "cf333e89a424cbe46b34be2b",
        utc("2019-06-26T12:11:55.670Z"),
        "TRADE",
        (IN, "DASH", Decimal("0.59620343"), False),
    ),
    Stored(
        "trezor/dali-rp2__test_trezor_alice_btc.csv",
        "73085629ae85678f90238d45239815ee94237fb2340634355fac24982e245b234",
        utc("2022-02-09T11:45:34Z"),
        "SEND",
        (OUT, "BTC", Decimal("0.019"), False),
    ),
]


@dataclass(frozen=True)
class Imported:
    account_id: int
    job_id: str
    outcome: CsvImportOutcome


def _fixture_files() -> list[str]:
    return sorted(str(path.relative_to(EXPORTS)) for path in EXPORTS.rglob("*.csv"))


def _add_wallet(session: Session, user: User, name: str) -> Account:
    account = Account(
        user_id=user.id,
        kind=AccountKind.CUSTOM_WALLET,
        name=name[:200],
        integration_slug=CSV_INTEGRATION_SLUG,
        integration_category=IntegrationCategory.WALLET,
        is_syncing=True,
    )
    session.add(account)
    session.commit()
    return account


@pytest.fixture(scope="module")
async def imported(
    servers: Settings, db_engine: Engine, temporal_client: Client, worker: None
) -> dict[str, Imported]:
    """Every fixture imported at once (the worker runs them side by side), each into its own wallet of one
    user."""
    started: dict[str, tuple[int, int, str, str]] = {}
    with sync_sessions(db_engine)() as session:
        user, _ = new_wallet(session)
        for relative in _fixture_files():
            account = _add_wallet(session, user, relative)
            job_id = new_job(session, user, account)
            url = put_upload(servers, user, Path(relative).name, export_bytes(relative))
            started[relative] = (account.id, user.id, job_id, url)

    async def run(account_id: int, user_id: int, job_id: str, url: str) -> CsvImportOutcome:
        return await temporal_client.execute_workflow(
            CsvImportWorkflow.run,
            CsvImportInput(job_id=job_id, account_id=account_id, user_id=user_id, file_url=url),
            id=job_id,
            task_queue=servers.task_queue,
        )

    outcomes = await asyncio.gather(*(run(*started[relative]) for relative in started))
    return {
        relative: Imported(started[relative][0], started[relative][2], outcome)
        for relative, outcome in zip(started, outcomes, strict=True)
    }


def _flows(session: Session, transaction_id: int) -> list[FlowView]:
    rows = session.execute(
        select(Flow.direction, Asset.symbol, Flow.quantity, Flow.is_fee)
        .join(Asset, Asset.id == Flow.asset_id)
        .where(Flow.transaction_id == transaction_id)
    )
    return [(direction.value, symbol, quantity, is_fee) for direction, symbol, quantity, is_fee in rows]


def test_every_fixture_has_its_expected_counts() -> None:
    assert set(_fixture_files()) == set(EXPECTED)


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_each_file_imports_its_transactions_and_ignores_what_its_format_documents(
    relative: str, imported: dict[str, Imported], db_session: Session
) -> None:
    format_id, transactions, ignored, errors = EXPECTED[relative]
    done = imported[relative]
    job = db_session.get(Job, done.job_id)
    assert job is not None
    stored = db_session.scalar(select(func.count()).where(Transaction.account_id == done.account_id))
    imports = db_session.scalars(select(Import.format_id).where(Import.account_id == done.account_id)).all()
    if errors:
        reason = REJECTED_REASONS.get(relative, report(relative).errors[0])
        assert not done.outcome.success and done.outcome.error_message == reason
        assert (job.status, job.error_message) == (JobStatus.FAILED, reason)
        assert (stored, imports) == (0, [])
        return
    assert done.outcome.success, done.outcome.error_message
    assert job.status == JobStatus.FINISHED
    assert (job.number_imported, job.number_ignored, job.number_skipped) == (transactions, ignored, 0)
    assert job.number_total == transactions + ignored
    assert (stored, imports) == (transactions, [format_id])


@pytest.mark.parametrize("expected", STORED, ids=[item.file.split("/")[0] for item in STORED])
def test_stored_values_per_family(
    expected: Stored, imported: dict[str, Imported], db_session: Session
) -> None:
    transaction = db_session.scalar(
        select(Transaction).where(
            Transaction.account_id == imported[expected.file].account_id,
            Transaction.natural_key == expected.key,
        )
    )
    assert transaction is not None
    assert (transaction.timestamp, transaction.type.value) == (expected.timestamp, expected.type)
    assert expected.flow in _flows(db_session, transaction.id)
