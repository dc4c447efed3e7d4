"""Linking exchanges and wallets in a real browser on the real servers, against the local fakes of
Kraken, Esplora and Etherscan + JSON-RPC: a bad Kraken key gets the spec's message and the right one
brings its trades, which a second sync does not add again and its ledger file imported into the synced
account does not duplicate, and its credentials are updated from its ⋯ menu; a zpub shows its balance
with change recognised (its sends are not listed as receipts, and the chain's balance agrees with the
calculated one); an ENS name on Ethereum shows its tokens; four addresses at once with one invalid show
the partial result with the failure's code. Screenshots go to tests/e2e/screenshots/linking_*.png."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from ingest.chains.hd import ExtendedKey
from ingest.chains.networks import BITCOIN
from ledger.infra.settings import Settings
from tests.e2e.conftest import forget_sign_up_attempts, own_app
from tests.e2e.screenshots import screenshots
from tests.e2e.test_account_imports import toast, upload_and_validate
from tests.e2e.test_csv_import import sign_up
from tests.fakes.esplora import EsploraServer, WalletHistory, hd_wallet_history
from tests.fakes.etherscan import EtherscanServer
from tests.fakes.evm_rpc import EvmRpcServer
from tests.fakes.kraken import KrakenFake
from tests.ingest.chains.test_esplora import ZPUB, btc
from tests.ingest.chains.test_evm import OWN, history

shot = screenshots("linking_")
KEY, SECRET = "kraken-key", "a3Jha2VuIHNlY3JldCBieXRlcw=="  # base64, as Kraken's secrets are
TRADES = 60
KRAKEN_ENTRIES = TRADES + 3 + 1  # the fake's trades, deposits (every 25th) and staking rewards (every 40th)
BTC_ADDRESSES = [  # BIP-84's test vector (m/84'/0'/0'/0/0 and /1) and a P2PKH one of the Bitcoin wiki
    "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
]


class Fakes:
    def __init__(self, zpub_wallet: WalletHistory, kraken_ledgers: bytes) -> None:
        self.zpub_wallet = zpub_wallet
        self.kraken_ledgers = kraken_ledgers  # the fake's history as Kraken's ledger export


@pytest.fixture(scope="module")
def linking_app(servers: Settings) -> Iterator[tuple[str, Fakes]]:
    """The worker and the API of the product, their outside services being the fakes (a port and a
    task queue of their own, so the session's live app is not disturbed)."""
    if not (servers.frontend_dist / "index.html").exists():
        pytest.fail(f"{servers.frontend_dist} is not built: run `make frontend` (make test does).")
    from stack.seed import prepare_database

    prepare_database(servers)
    with (
        KrakenFake(KEY, SECRET, trades=TRADES) as kraken,
        EsploraServer() as esplora,
        EtherscanServer() as etherscan,
        EvmRpcServer(etherscan.accounts, 1, ens={"cairn-demo.eth": OWN}) as node,
    ):
        fakes = Fakes(
            hd_wallet_history(esplora, ExtendedKey(ZPUB, BITCOIN), used_receive=5), kraken.ledgers_csv()
        )
        history(etherscan)
        # The zpub's history funds the first two addresses; a wallet without transactions is not added.
        esplora.add([("", 20_000)], [(BTC_ADDRESSES[2], 10_000)], fee=10_000)
        outside = {
            "CAIRN_EXCHANGE_URLS": json.dumps({"kraken": kraken.url}),
            "CAIRN_EXCHANGE_RATE_LIMITS": "false",
            "CAIRN_ESPLORA_URLS": json.dumps({"bitcoin": esplora.url}),
            "CAIRN_ETHERSCAN_URL": etherscan.url,
            "CAIRN_EVM_RPC_URLS": json.dumps({"ethereum": node.url}),
        }
        with own_app(servers, "linking", outside) as origin:
            yield origin, fakes


@pytest.fixture
def linking_page(browser: Browser, linking_app: tuple[str, Fakes], servers: Settings) -> Iterator[Page]:
    origin = linking_app[0]
    forget_sign_up_attempts(servers)
    context = browser.new_context(base_url=origin, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)

    def upload(route: Route) -> None:
        """The session's S3 lets only the session's app origin upload (CORS); this app has a port of
        its own, so its uploads are passed on and answered as S3 would answer that origin."""
        answer = route.fetch()
        route.fulfill(response=answer, headers={**answer.headers, "access-control-allow-origin": origin})

    context.route(f"{servers.s3_public}/**", upload)
    page = context.new_page()
    yield page
    context.close()


def open_integration(page: Page, search: str, slug: str) -> Locator:
    page.get_by_test_id("open-add-wallets").click()
    modal = page.get_by_test_id("add-wallets-modal")
    modal.get_by_placeholder("Search...").fill(search)
    modal.get_by_test_id(f"integration-card-{slug}").click()
    expect(modal.get_by_role("tab", name="Automatic sync", selected=True)).to_be_visible()
    return modal


def test_kraken_by_key_bad_key_then_its_trades_then_its_ledger_file(
    linking_page: Page, linking_app: tuple[str, Fakes], tmp_path: Path
) -> None:
    page = linking_page
    sign_up(page)
    modal = open_integration(page, "Kraken", "kraken")
    expect(modal.get_by_role("heading", name="Add Kraken")).to_be_visible()

    modal.get_by_label("API Key").fill("not-the-key")
    modal.get_by_label("API Secret").fill(SECRET)
    modal.get_by_test_id("link-submit").click()
    expect(modal.get_by_test_id("link-error")).to_have_text("API key is invalid.", timeout=40_000)
    shot(page, "kraken_bad_key")

    modal.get_by_label("API Key").fill(KEY)
    modal.get_by_test_id("link-submit").click()
    expect(page.get_by_test_id("add-wallets-modal")).to_be_hidden(timeout=40_000)
    expect(page.get_by_test_id("toast").filter(has_text="Added new exchange").first).to_be_visible()
    row = page.get_by_test_id("exchange-row").filter(has_text="Kraken")
    expect(row.get_by_test_id("exchange-tx-count")).to_have_text(str(KRAKEN_ENTRIES), timeout=60_000)
    expect(row.get_by_test_id("exchange-syncing")).to_be_hidden(timeout=30_000)
    shot(page, "kraken_synced")

    row.get_by_test_id("wallet-actions").click()
    page.get_by_test_id("wallet-sync").click()
    expect(page.get_by_test_id("toast").filter(has_text="Sync started.").first).to_be_visible()
    expect(row.get_by_test_id("exchange-syncing")).to_be_visible()
    expect(row.get_by_test_id("exchange-syncing")).to_be_hidden(timeout=60_000)
    expect(row.get_by_test_id("exchange-tx-count")).to_have_text(str(KRAKEN_ENTRIES))  # nothing added twice

    ledgers = tmp_path / "ledgers.csv"
    ledgers.write_bytes(linking_app[1].kraken_ledgers)
    row.get_by_test_id("exchange-name").click()
    expect(page).to_have_url(re.compile(r"/accounts/\d+$"))
    page.get_by_test_id("exchange-import").click()
    expect(page).to_have_url(re.compile(r"/accounts/\d+/import$"))
    page.get_by_test_id("import-type-choice").get_by_label("Transaction history import").check()
    upload_and_validate(page, ledgers)
    page.get_by_test_id("account-import-button").click()
    toast(page, f"Successfully imported 0 out of {KRAKEN_ENTRIES} crypto transactions.")
    toast(page, f"Skipped {KRAKEN_ENTRIES} transaction(s) that were already imported.")
    expect(page.get_by_test_id("exchange-page-tx-count")).to_have_text(str(KRAKEN_ENTRIES))
    shot(page, "kraken_ledger_file_into_synced")

    page.get_by_test_id("wallet-actions").click()
    page.get_by_test_id("wallet-credentials").click()
    expect(page).to_have_url(re.compile(r"/accounts/\d+/credentials$"))
    page.get_by_label("API Key").fill("not-the-key")
    page.get_by_label("API Secret").fill(SECRET)
    page.get_by_role("button", name="Update account").click()
    expect(page.get_by_test_id("link-error")).to_have_text("API key is invalid.", timeout=40_000)
    shot(page, "kraken_update_credentials_bad_key")
    page.get_by_label("API Key").fill(KEY)
    page.get_by_role("button", name="Update account").click()
    toast(page, "Updated exchange details")
    expect(page).to_have_url(re.compile(r"/accounts/\d+$"), timeout=40_000)
    expect(page.get_by_test_id("exchange-page-tx-count")).to_have_text(str(KRAKEN_ENTRIES))


def test_zpub_balance_eth_tokens_and_four_addresses_with_one_invalid(
    linking_page: Page, linking_app: tuple[str, Fakes]
) -> None:
    page = linking_page
    zpub_wallet = linking_app[1].zpub_wallet
    sign_up(page)

    modal = open_integration(page, "Bitcoin", "bitcoin")
    modal.get_by_test_id("xpub-key").fill(ZPUB)
    modal.get_by_test_id("link-submit").click()
    expect(page.get_by_test_id("add-wallets-modal")).to_be_hidden(timeout=40_000)
    row = page.get_by_test_id("blockchain-wallet-row").first
    expect(row.get_by_test_id("blockchain-wallet-tx-count")).to_have_text(
        str(zpub_wallet.transactions), timeout=60_000
    )
    exact = f"{btc(zpub_wallet.balance).normalize():f} BTC"  # change outputs are the wallet's own
    amount = row.get_by_test_id("blockchain-wallet-balances").locator("td[title]").first
    expect(amount).to_have_attribute("title", exact)
    reported = row.get_by_test_id("reported-balance-row")
    expect(reported).to_have_attribute("data-significant", "false")
    expect(reported.locator("td[title]").first).to_have_attribute("title", exact)
    shot(page, "zpub")
    wallet_id = row.get_attribute("data-wallet-id")
    page.goto(f"/transactions?q=wallet:{wallet_id}")
    listed = page.get_by_test_id("transaction-row")
    expect(listed).to_have_count(zpub_wallet.transactions)
    expect(listed.filter(has_text="Receive")).to_have_count(zpub_wallet.used_receive)  # change is no receipt
    expect(listed.filter(has_text="Send")).to_have_count(zpub_wallet.transactions - zpub_wallet.used_receive)
    shot(page, "zpub_transactions")
    page.goto("/wallets")

    modal = open_integration(page, "Ethereum", "ethereum")
    modal.get_by_test_id("wallet-address").fill("cairn-demo.eth")
    modal.get_by_test_id("link-submit").click()
    extra = page.get_by_test_id("additional-wallets")
    expect(extra.get_by_role("heading", name="Add additional wallets")).to_be_visible(timeout=40_000)
    shot(page, "additional_wallets")
    extra.get_by_test_id("additional-wallets-skip").click()
    eth_row = page.get_by_test_id("blockchain-wallet-row").filter(has_text="Ethereum")
    expect(eth_row.get_by_test_id("blockchain-wallet-balances")).to_contain_text("USDC", timeout=60_000)
    expect(eth_row.get_by_test_id("blockchain-wallet-balances")).to_contain_text("2,000")
    shot(page, "eth_tokens")

    modal = open_integration(page, "Bitcoin", "bitcoin")
    modal.get_by_test_id("link-form-MultiAddress").click()
    modal.get_by_test_id("public-keys").fill("\n".join([*BTC_ADDRESSES, "bc1qnotanaddress"]))
    modal.get_by_test_id("link-submit").click()
    failures = modal.get_by_test_id("multi-address-failures")
    expect(failures).to_contain_text("1 of 4 addresses could not be added.", timeout=40_000)
    expect(failures).to_contain_text(re.compile(r"bc1qnotanaddress: .*\(wallet_validation_error\)"))
    expect(modal.get_by_test_id("multi-address-created").get_by_role("listitem")).to_have_count(3)
    shot(page, "multi_address")
    modal.get_by_test_id("multi-address-done").click()
    expect(page.get_by_test_id("blockchain-wallet-row")).to_have_count(5)
