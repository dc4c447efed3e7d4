"""Linking blockchain wallets (addPublicAddress, addPublicXpub, addTwoXpub, addMultiAddress with
multiAddressImportJobStatus) and syncing them (AccountSyncWorkflow on a real worker) against the local
Esplora, Etherscan and JSON-RPC fakes."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client

from ingest.addresses import detected_crypto_networks
from ingest.chains.hd import ExtendedKey
from ingest.chains.http import ATTEMPTS
from ingest.chains.networks import BITCOIN
from ledger.infra.settings import Settings
from ledger.models import User
from ledger.writes.plans import grant_tax_plan
from tests.api.graphql import gql
from tests.api.test_linking_exchanges import account, synced
from tests.clients import sign_up
from tests.fakes.esplora import EsploraServer, hd_wallet_history
from tests.fakes.etherscan import EtherscanServer, EvmWallet
from tests.fakes.evm_rpc import EvmRpcServer
from tests.fakes.server import Fault
from tests.fakes.solana_rpc import SolanaRpcServer, pubkey
from tests.ingest.chains.test_esplora import ZPUB, btc
from tests.ingest.chains.test_evm import OUTSIDE, OWN, USDC_KEY, history
from vocabulary.plans import TERMS, TOO_MANY_TRANSACTIONS_PAID, TaxPlan

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

ADDRESS = """
mutation Add($input: PublicAddressInput!) {
  addPublicAddress(publicAddressInput: $input) {
    success message warning error errorMessage multiAddWarning createdWallet { id name address }
  }
}
"""
XPUB = """
mutation Add($input: PublicXpubInput!) {
  addPublicXpub(publicXpubInput: $input) { success error errorMessage createdWallet { id name } }
}
"""
TWO_XPUB = """
mutation Add($input: TwoXpubInput!) { addTwoXpub(twoXpubInput: $input) { success error message } }
"""
MULTI = """
mutation Add($input: MultiAddressInput!) {
  addMultiAddress(multiAddressInput: $input) { success jobId error errorMessage }
}
"""
MULTI_STATUS = """
query Status($jobId: String!) {
  multiAddressImportJobStatus(jobId: $jobId) {
    isStatusFinal success error errorMessage successMessage warningMessage
    createdWallets { id address }
    failedPublicKeys { publicKey error errorMessage }
  }
}
"""
BALANCES = """
query Account($id: ID!) {
  account(id: $id) { computedTransactionCount balances { balance currency { symbol uaid } } }
}
"""
SINGLE_CURRENCY = """
query Account($id: ID!) {
  account(id: $id) {
    network sanitizedCryptoSymbol parentAccountName currency { symbol uaid } balance calculatedBalance
    calculatedValue entryCount computedTransactionCount tokens { balance currency { uaid } }
  }
}
"""
WALLET_ACTIONS = {
    "renameWallet": 'mutation($id: ID!) { renameWallet(id: $id, name: "Mine") { success error } }',
    "syncWallet": "mutation($id: ID!) { syncWallet(id: $id) { success error } }",
    "deleteWallet": "mutation($id: ID!) { deleteWallet(id: $id) { success error } }",
}
# Addresses of BIP-84's test vector (m/84'/0'/0'/0/0 and /1) and a P2PKH one of the Bitcoin wiki.
LTC_ADDRESS = "ltc1qx88q7zjd74lxwgkjmmwlqv5pd3vujuehexfttt"
DOGE_ADDRESS = "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"
BTC_ADDRESSES = [
    "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
]


@pytest.fixture
def esplora(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[EsploraServer]:
    with EsploraServer() as server:
        monkeypatch.setitem(servers.esplora_urls, "bitcoin", server.url)
        yield server


@pytest.fixture
def ethereum(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[EtherscanServer]:
    with (
        EtherscanServer() as etherscan,
        EvmRpcServer(etherscan.accounts, 1, ens={"cairn-demo.eth": OWN}) as node,
    ):
        monkeypatch.setattr(servers, "etherscan_url", etherscan.url)
        monkeypatch.setitem(servers.evm_rpc_urls, "ethereum", node.url)
        yield etherscan


async def balances(http: httpx.AsyncClient, account_id: str) -> tuple[int, dict[str, Decimal]]:
    found: dict[str, Any] = (await gql(http, BALANCES, id=account_id))["account"]
    held = {b["currency"]["uaid"]: Decimal(str(b["balance"])) for b in found["balances"]}
    return found["computedTransactionCount"], held


def deposit(esplora: EsploraServer, address: str, count: int = 1) -> None:
    for index in range(count):
        esplora.add([("", 20_000 + index)], [(address, 10_000 + index)], fee=10_000)


def xpub_input(key: str = ZPUB) -> dict[str, str]:
    return {"coinSymbol": "BTC", "cryptoNetwork": "Bitcoin", "xpubKey": key, "accountTypeSlug": "bitcoin"}


async def test_a_zpub_syncs_its_balance_with_change_recognised_and_again_adds_nothing(
    user: httpx.AsyncClient, esplora: EsploraServer, temporal_client: Client
) -> None:
    wallet = hd_wallet_history(esplora, ExtendedKey(ZPUB, BITCOIN), used_receive=7)

    answer = (await gql(user, XPUB, input=xpub_input()))["addPublicXpub"]

    assert (answer["success"], answer["error"]) == (True, None)
    account_id = answer["createdWallet"]["id"]
    first = await synced(temporal_client, account_id)
    assert first["number_imported"] == wallet.transactions
    count, held = await balances(user, account_id)
    assert count == wallet.transactions
    [(btc_id, balance)] = held.items()
    assert btc_id.startswith("crypto_") and balance == btc(wallet.balance)

    assert (await gql(user, WALLET_ACTIONS["syncWallet"], id=account_id))["syncWallet"]["success"]
    assert (await synced(temporal_client, account_id))["number_imported"] == 0
    assert (await balances(user, account_id))[0] == wallet.transactions


async def test_an_ens_name_on_ethereum_syncs_its_coins_and_tokens(
    user: httpx.AsyncClient, ethereum: EtherscanServer, temporal_client: Client
) -> None:
    history(ethereum)
    given = {
        "coinSymbol": "ETH",
        "cryptoNetwork": "Ethereum",
        "slug": "ethereum",
        "walletAddress": "cairn-demo.eth",
        "walletName": "",
    }

    answer = (await gql(user, ADDRESS, input=given))["addPublicAddress"]

    assert (answer["success"], answer["message"], answer["error"]) == (True, "Wallet added", None)
    created = answer["createdWallet"]
    assert (created["name"], created["address"]) == ("Ethereum Wallet ...mo.eth", OWN)  # resolved when added
    account_id = created["id"]
    assert (await synced(temporal_client, account_id))["number_imported"] > 0
    _, held = await balances(user, account_id)
    assert held[USDC_KEY] == Decimal(2000)
    assert any(asset.startswith("crypto_") for asset in held)  # the ETH of the swaps and sends
    coin = (await gql(user, SINGLE_CURRENCY, id=account_id))["account"]
    assert (coin["network"], coin["sanitizedCryptoSymbol"], coin["parentAccountName"]) == (
        "ethereum",
        "ETH",
        None,
    )
    assert coin["currency"]["symbol"] == "ETH" and coin["currency"]["uaid"].startswith("crypto_")
    eth = next(Decimal(str(amount)) for asset, amount in held.items() if asset == coin["currency"]["uaid"])
    assert Decimal(str(coin["calculatedBalance"])) == eth
    assert Decimal(str(coin["balance"])) == eth  # the chain agrees with the flows here
    assert [t["currency"]["uaid"] for t in coin["tokens"]] == [USDC_KEY]  # the lure token is spam
    assert coin["entryCount"] >= coin["computedTransactionCount"]


async def test_four_addresses_with_one_invalid_give_a_partial_result(
    user: httpx.AsyncClient, esplora: EsploraServer, temporal_client: Client
) -> None:
    for address in BTC_ADDRESSES:
        deposit(esplora, address)
    keys = [*BTC_ADDRESSES, "bc1qnotanaddress"]
    answer = (await gql(user, MULTI, input={"publicKeys": "\n".join(keys), "accountTypeSlug": "bitcoin"}))[
        "addMultiAddress"
    ]
    assert answer["success"] and answer["jobId"], answer

    status = (await gql(user, MULTI_STATUS, jobId=answer["jobId"]))["multiAddressImportJobStatus"]

    assert (status["isStatusFinal"], status["success"], status["error"]) == (
        True,
        True,
        "failed_to_import_some_addresses",
    )
    assert status["warningMessage"] == "1 of 4 addresses could not be added."
    assert sorted(w["address"] for w in status["createdWallets"]) == sorted(BTC_ADDRESSES)
    assert status["failedPublicKeys"] == [
        {
            "publicKey": "bc1qnotanaddress",
            "error": "wallet_validation_error",
            "errorMessage": (
                "We could not add your wallet as this address is invalid. Please follow the instructions "
                "below and try again."
            ),
        }
    ]
    for wallet in status["createdWallets"]:
        await synced(temporal_client, wallet["id"])
    other = (await gql(user, MULTI_STATUS, jobId="multi-address/unknown"))["multiAddressImportJobStatus"]
    assert (other["success"], other["error"]) == (False, "unknown_job_id")


@pytest.mark.parametrize(
    ("given", "error", "message"),
    [
        ({"walletAddress": ""}, "wallet_validation_error", "This field is required"),
        (
            {"walletAddress": "0x1234"},
            "wallet_validation_error",
            "We could not add your wallet as this address is invalid. Please follow the instructions "
            "below and try again.",
        ),
        (
            {"cryptoNetwork": "Bitcoin"},
            "invalid_crypto_currency",
            "Wallets of this coin are not supported yet.",
        ),
        ({"slug": "no-such-chain"}, "unknown_wallet_type", "Wallets of this coin are not supported yet."),
    ],
)
async def test_bad_addresses_are_refused_in_the_spec_words(
    user: httpx.AsyncClient, given: dict[str, str], error: str, message: str
) -> None:
    base = {"coinSymbol": "ETH", "cryptoNetwork": "ethereum", "slug": "ethereum", "walletName": "Mine"}
    answer = (await gql(user, ADDRESS, input={**base, "walletAddress": OWN, **given}))["addPublicAddress"]

    assert (answer["success"], answer["error"], answer["errorMessage"]) == (False, error, message)


async def test_two_xpub_keys_must_differ_and_be_30_to_120_characters(user: httpx.AsyncClient) -> None:
    base = {"coinSymbol": "BTC", "cryptoNetwork": "bitcoin", "accountTypeSlug": "bitcoin"}
    same = {**base, "receiveAddressXpub": ZPUB, "changeAddressXpub": ZPUB}
    short = {**base, "receiveAddressXpub": ZPUB, "changeAddressXpub": "zpub-too-short"}

    assert (await gql(user, TWO_XPUB, input=same))["addTwoXpub"] == {
        "success": False,
        "error": "receive_change_xpub_same",
        "message": "Receive and Change address cannot be the same.",
    }
    assert (await gql(user, TWO_XPUB, input=short))["addTwoXpub"] == {
        "success": False,
        "error": "wallet_validation_error",
        "message": "Field must be between 30 and 120 characters long.",
    }
    bad = (await gql(user, XPUB, input=xpub_input("x" * 111)))["addPublicXpub"]
    assert (bad["success"], bad["error"]) == (False, "wallet_validation_error")


async def test_a_wallet_twice_is_already_linked_and_another_users_wallet_is_not_found(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient, esplora: EsploraServer, temporal_client: Client
) -> None:
    answer = (await gql(user, XPUB, input=xpub_input()))["addPublicXpub"]
    account_id = answer["createdWallet"]["id"]
    await synced(temporal_client, account_id)

    again = (await gql(user, XPUB, input=xpub_input()))["addPublicXpub"]
    assert (again["error"], again["errorMessage"]) == (
        "wallet_already_linked",
        "This wallet has already been added to the product. Please see below.",
    )
    for name, mutation in WALLET_ACTIONS.items():
        refused = (await gql(other_user, mutation, id=account_id))[name]
        assert refused == {"success": False, "error": "account_not_found"}, name
    assert (await account(user, account_id))["syncInfo"]["willBeDeleted"] is False


REPORTED = """
query Account($id: ID!) {
  account(id: $id) {
    isBalanceDifferenceSignificant
    reportedBalances { balance calculatedBalance isBalanceDifferenceSignificant currency { symbol uaid } }
  }
}
"""


async def test_reported_and_calculated_balances_are_kept_per_asset_and_a_gap_is_flagged(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient, ethereum: EtherscanServer, temporal_client: Client
) -> None:
    history(ethereum)
    ethereum.accounts[(1, OWN)].wei += 10**18  # the chain holds 1 ETH the flows do not explain
    given = {"coinSymbol": "ETH", "cryptoNetwork": "Ethereum", "slug": "ethereum", "walletAddress": OWN}

    answer = (await gql(user, ADDRESS, input=given | {"walletName": "Gap"}))["addPublicAddress"]
    account_id = answer["createdWallet"]["id"]
    await synced(temporal_client, account_id)

    found = (await gql(user, REPORTED, id=account_id))["account"]
    compared = {b["currency"]["symbol"]: b for b in found["reportedBalances"]}
    assert set(compared) == {"ETH", "USDC"}  # the lure token is spam: not compared
    eth = compared["ETH"]
    assert Decimal(str(eth["balance"])) - Decimal(str(eth["calculatedBalance"])) == Decimal(1)
    assert eth["isBalanceDifferenceSignificant"] and eth["currency"]["uaid"].startswith("crypto_")
    usdc = compared["USDC"]
    assert (Decimal(str(usdc["balance"])), Decimal(str(usdc["calculatedBalance"]))) == (2000, 2000)
    assert not usdc["isBalanceDifferenceSignificant"]
    assert found["isBalanceDifferenceSignificant"]
    assert (await gql(other_user, REPORTED, id=account_id))["account"] is None

    ethereum.accounts[(1, OWN)].wei -= 10**18  # the next sync reports the balance the flows give
    assert (await gql(user, WALLET_ACTIONS["syncWallet"], id=account_id))["syncWallet"]["success"]
    await synced(temporal_client, account_id)
    found = (await gql(user, REPORTED, id=account_id))["account"]
    assert not found["isBalanceDifferenceSignificant"]
    assert all(b["balance"] == b["calculatedBalance"] for b in found["reportedBalances"])


async def test_an_ens_name_is_resolved_when_added_so_a_bad_name_or_the_same_wallet_twice_is_refused(
    user: httpx.AsyncClient, ethereum: EtherscanServer, temporal_client: Client
) -> None:
    history(ethereum)
    base = {"coinSymbol": "ETH", "cryptoNetwork": "Ethereum", "slug": "ethereum", "walletName": ""}

    async def add(address: str) -> dict[str, Any]:
        answer: dict[str, Any] = (await gql(user, ADDRESS, input={**base, "walletAddress": address}))[
            "addPublicAddress"
        ]
        return answer

    unknown = await add("nobody-here.eth")
    assert (unknown["success"], unknown["error"], unknown["errorMessage"]) == (
        False,
        "wallet_validation_error",
        "We could not add your wallet as this address is invalid. Please follow the instructions below and "
        "try again.",
    )
    by_name = await add("cairn-demo.eth")
    assert by_name["success"], by_name
    await synced(temporal_client, by_name["createdWallet"]["id"])

    by_address = await add(OWN)
    assert (by_address["error"], by_address["errorMessage"]) == (
        "wallet_already_linked",
        "This wallet has already been added to the product. Please see below.",
    )
    assert (await add("cairn-demo.eth"))["error"] == "wallet_already_linked"
    wallets = (await gql(user, "query { wallets { total } }"))["wallets"]
    assert wallets["total"] == 1


async def test_a_litecoin_address_syncs_through_esplora(
    user: httpx.AsyncClient, servers: Settings, monkeypatch: pytest.MonkeyPatch, temporal_client: Client
) -> None:
    with EsploraServer() as esplora:
        monkeypatch.setitem(servers.esplora_urls, "litecoin", esplora.url)
        deposit = esplora.add([("", 250_000_000)], [(LTC_ADDRESS, 249_990_000)], fee=10_000)
        esplora.add([(deposit, 0)], [("outside", 100_000_000), (LTC_ADDRESS, 149_980_000)], fee=10_000)
        given = {
            "coinSymbol": "LTC",
            "cryptoNetwork": "Litecoin",
            "slug": "litecoin",
            "walletAddress": LTC_ADDRESS,
            "walletName": "",
        }

        answer = (await gql(user, ADDRESS, input=given))["addPublicAddress"]

        assert (answer["success"], answer["error"]) == (True, None)
        account_id = answer["createdWallet"]["id"]
        assert (await synced(temporal_client, account_id))["number_imported"] == 2
        assert any(path.startswith(f"/address/{LTC_ADDRESS}") for path in esplora.asked)
    coin = (await gql(user, SINGLE_CURRENCY, id=account_id))["account"]
    assert (coin["network"], coin["sanitizedCryptoSymbol"], coin["currency"]["symbol"]) == (
        "litecoin",
        "LTC",
        "LTC",
    )
    assert Decimal(str(coin["balance"])) == Decimal(str(coin["calculatedBalance"])) == btc(149_980_000)


@pytest.mark.parametrize("mutation", ["address", "xpub", "multi"])
async def test_a_wallet_on_a_chain_not_synced_yet_is_refused(user: httpx.AsyncClient, mutation: str) -> None:
    doge = {"coinSymbol": "DOGE", "cryptoNetwork": "Dogecoin"}
    if mutation == "address":
        given = {**doge, "slug": "dogecoin", "walletAddress": DOGE_ADDRESS, "walletName": ""}
        answer = (await gql(user, ADDRESS, input=given))["addPublicAddress"]
    elif mutation == "xpub":
        given = {**doge, "xpubKey": ZPUB, "accountTypeSlug": "dogecoin"}
        answer = (await gql(user, XPUB, input=given))["addPublicXpub"]
    else:
        given = {"publicKeys": DOGE_ADDRESS, "accountTypeSlug": "dogecoin"}
        answer = (await gql(user, MULTI, input=given))["addMultiAddress"]

    assert (answer["success"], answer["error"], answer["errorMessage"]) == (
        False,
        "invalid_crypto_currency",
        "Wallets of this coin are not supported yet.",
    )


ZERO = "We could not add your wallet as it has zero transactions."
FREE_LIMIT = TERMS[TaxPlan.FREE].lifetime_limit or 0
BASE_LIMIT = TERMS[TaxPlan.BASE].lifetime_limit or 0


def address_input(coin: str, chain: str, address: str, **more: Any) -> dict[str, Any]:
    return {
        "coinSymbol": coin,
        "cryptoNetwork": chain,
        "slug": chain.lower(),
        "walletAddress": address,
        "walletName": "",
        **more,
    }


async def add_address(http: httpx.AsyncClient, given: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = (await gql(http, ADDRESS, input=given))["addPublicAddress"]
    return answer


def refusal(answer: dict[str, Any]) -> tuple[bool, str, str]:
    return answer["success"], answer["error"], answer["errorMessage"]


async def test_an_address_without_transactions_is_refused_but_one_in_the_mempool_is_added(
    user: httpx.AsyncClient, esplora: EsploraServer, temporal_client: Client
) -> None:
    empty, pending, used = BTC_ADDRESSES
    deposit(esplora, used)

    refused = await add_address(user, address_input("BTC", "Bitcoin", empty))
    assert refusal(refused) == (False, "has_zero_transactions", ZERO)
    esplora.unconfirmed[pending] = 1  # a first payment waiting for its block
    added = await add_address(user, address_input("BTC", "Bitcoin", pending))
    assert (added["success"], added["error"]) == (True, None)
    await synced(temporal_client, added["createdWallet"]["id"])

    job = await gql(user, MULTI, input={"publicKeys": f"{used}\n{empty}", "accountTypeSlug": "bitcoin"})
    status = (await gql(user, MULTI_STATUS, jobId=job["addMultiAddress"]["jobId"]))[
        "multiAddressImportJobStatus"
    ]
    assert [w["address"] for w in status["createdWallets"]] == [used]
    assert status["failedPublicKeys"] == [
        {"publicKey": empty, "error": "has_zero_transactions", "errorMessage": ZERO}
    ]
    await synced(temporal_client, status["createdWallets"][0]["id"])


async def test_an_esplora_that_fails_the_count_does_not_stop_the_wallet(
    user: httpx.AsyncClient, esplora: EsploraServer, temporal_client: Client
) -> None:
    esplora.fail_next(*[Fault.SERVER_ERROR] * ATTEMPTS)  # every try of the count

    added = await add_address(user, address_input("BTC", "Bitcoin", BTC_ADDRESSES[0]))

    assert (added["success"], added["error"]) == (True, None)
    assert (await synced(temporal_client, added["createdWallet"]["id"]))["number_imported"] == 0


async def test_an_address_with_more_transactions_than_the_plan_holds_is_refused_in_the_plans_words(
    client: httpx.AsyncClient, esplora: EsploraServer, db_session: Session, temporal_client: Client
) -> None:
    email = await sign_up(client)
    over_free, over_base = BTC_ADDRESSES[:2]
    deposit(esplora, over_free, FREE_LIMIT + 1)
    deposit(esplora, over_base, BASE_LIMIT + 1)

    free = await add_address(client, address_input("BTC", "Bitcoin", over_free))
    assert refusal(free) == (
        False,
        "too_many_transactions",
        "This wallet exceeds the number of transactions allowed for your current plan.",
    )
    user_id = db_session.scalars(select(User.id).where(User.email == email)).one()
    grant_tax_plan(db_session, user_id, TaxPlan.BASE)
    db_session.commit()
    paid = await add_address(client, address_input("BTC", "Bitcoin", over_base))
    assert refusal(paid) == (False, "too_many_transactions", TOO_MANY_TRANSACTIONS_PAID)
    within = await add_address(client, address_input("BTC", "Bitcoin", over_free))  # Base holds it
    assert within["success"], within
    assert (await synced(temporal_client, within["createdWallet"]["id"]))["number_imported"] == FREE_LIMIT + 1


async def test_evm_addresses_are_counted_with_one_row_etherscan_calls(
    user: httpx.AsyncClient, ethereum: EtherscanServer, temporal_client: Client
) -> None:
    history(ethereum)
    chain = EvmWallet(ethereum, 1)
    empty, busy, airdropped = ("0x" + byte * 20 for byte in ("c8", "b7", "e5"))
    for _ in range(FREE_LIMIT + 1):
        chain.send(busy, OUTSIDE, 1)
    chain.airdrop("0x" + "5" * 40, airdropped, "0x" + "f6" * 20, 10**18, "AIR", "Air")  # no txlist row

    assert refusal(await add_address(user, address_input("ETH", "Ethereum", empty))) == (
        False,
        "has_zero_transactions",
        ZERO,
    )
    ethereum.calls.clear()
    too_many = await add_address(user, address_input("ETH", "Ethereum", busy))
    assert refusal(too_many)[:2] == (False, "too_many_transactions")
    assert [(c["action"], c["page"], c["offset"]) for c in ethereum.calls] == [
        ("txlist", str(FREE_LIMIT + 1), "1")
    ]
    tokens_only = await add_address(user, address_input("ETH", "Ethereum", airdropped))
    assert tokens_only["success"], tokens_only
    await synced(temporal_client, tokens_only["createdWallet"]["id"])

    with_others = await add_address(
        user, address_input("ETH", "Ethereum", OWN, cryptoNetworksToAdd=["Polygon"])
    )
    assert with_others["success"], with_others
    assert with_others["multiAddWarning"] == "These networks were not added: polygon."  # nothing there
    await synced(temporal_client, with_others["createdWallet"]["id"])


@pytest.fixture
def solana(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[SolanaRpcServer]:
    with SolanaRpcServer() as node:
        monkeypatch.setattr(servers, "solana_rpc_url", node.url)
        yield node


def solana_address(seed: str) -> str:
    """A fake account's key that is a Solana address (32 bytes of base58)."""
    return next(
        key
        for key in (pubkey(f"{seed}-{n}") for n in range(1_000))
        if "solana" in detected_crypto_networks(key)
    )


async def test_solana_addresses_are_counted_by_their_signatures(
    user: httpx.AsyncClient, solana: SolanaRpcServer
) -> None:
    empty, busy = solana_address("empty"), solana_address("busy")
    for _ in range(FREE_LIMIT + 1):
        solana.add(busy, {busy: -1, pubkey("outside"): 1})

    assert refusal(await add_address(user, address_input("SOL", "Solana", empty))) == (
        False,
        "has_zero_transactions",
        ZERO,
    )
    assert refusal(await add_address(user, address_input("SOL", "Solana", busy)))[:2] == (
        False,
        "too_many_transactions",
    )
    assert (await gql(user, "query { wallets { total } }"))["wallets"]["total"] == 0
