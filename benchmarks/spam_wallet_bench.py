"""An Ethereum address with 10,000 spam token transfers, through the product (issue 12: it must not slow
the wallet page): the whole product on local servers with the Etherscan and EVM RPC fakes, an address
of a few real transfers added first and measured, then the flooded address added (addPublicAddress), synced by
AccountSyncWorkflow, and the same pages measured again — the wallets list, the account, and the
transactions page filtered to the wallet — each the frontend's own operations, p95 over the requests.

    python benchmarks/spam_wallet_bench.py [--transfers 10000] [--requests 50]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.fakes, from the repository

from exchange_sync_bench import until_synced
from pages_bench import PAGE_FEATURES, Page, Pages, measure
from product import running_product

from stack.api_client import CairnApi
from tests.fakes.etherscan import ETHER, EtherscanServer, EvmWallet, spam_flood
from tests.fakes.evm_rpc import EvmRpcServer

TARGET_MS = 300.0
PLAIN, FLOODED = "0x" + "a1" * 20, "0x" + "b2" * 20
FRIEND = "0x" + "c3" * 20
ADD = """
mutation Add($input: PublicAddressInput!) {
  addPublicAddress(publicAddressInput: $input) { success errorMessage createdWallet { id } }
}
"""


def history(wallet: EvmWallet, address: str) -> None:
    """A few real transfers: ether in from a friend, some sent back."""
    for _ in range(10):
        wallet.send(FRIEND, address, 2 * ETHER)
        wallet.send(address, FRIEND, ETHER // 4)


def add_address(api: CairnApi, address: str, name: str) -> tuple[str, float, dict[str, Any]]:
    given = {
        "coinSymbol": "ETH",
        "cryptoNetwork": "ethereum",
        "slug": "ethereum",
        "walletAddress": address,
        "walletName": name,
    }
    started = time.perf_counter()
    answer = api.graphql(ADD, {"input": given})["addPublicAddress"]
    if not answer["success"]:
        raise RuntimeError(answer["errorMessage"])
    wallet_id: str = answer["createdWallet"]["id"]
    seconds, account = until_synced(api, wallet_id, started)
    if account["errors"]:
        raise RuntimeError(f"{name}: the sync failed: {account['errors']}")
    return wallet_id, seconds, account


def wallet_pages(wallet_id: str) -> list[Page]:
    return [
        Page("wallets list", TARGET_MS, [("blockchainWallets", {"page": 1, "limit": 50})]),
        Page("the wallet", TARGET_MS, [("account", {"id": wallet_id})]),
        Page(
            "its transactions, first page",
            TARGET_MS,
            [("transactionsPage", {"page": 1, "limit": 50, "query": f"wallet:{wallet_id}", "after": None})],
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transfers", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=50)
    args = parser.parse_args()
    with EtherscanServer() as etherscan, EvmRpcServer(etherscan.accounts, 1) as node:
        wallet = EvmWallet(etherscan, 1)
        history(wallet, PLAIN)
        history(wallet, FLOODED)
        spam_flood(wallet, FLOODED, args.transfers)
        os.environ["CAIRN_ETHERSCAN_URL"] = etherscan.url
        os.environ["CAIRN_EVM_RPC_URLS"] = json.dumps({"ethereum": node.url})
        with tempfile.TemporaryDirectory() as home, running_product(Path(home)) as (settings, _):
            api = CairnApi(settings.origin)
            api.sign_in(f"bench-{uuid.uuid4().hex[:8]}@example.com", "correct horse battery")
            pages = Pages(api, (*PAGE_FEATURES, "wallets"))
            plain_id, seconds, account = add_address(api, PLAIN, "Plain")
            count = account["computedTransactionCount"]
            print(f"plain address: {count} transactions, synced in {seconds:.1f} s")
            for page in wallet_pages(plain_id):
                measure(pages, page, args.requests)
            flooded_id, seconds, account = add_address(api, FLOODED, "Flooded")
            print(
                f"address with {args.transfers:,} spam transfers: {account['computedTransactionCount']:,} "
                f"transactions, synced in {seconds:.1f} s"
            )
            for page in wallet_pages(flooded_id):
                measure(pages, page, args.requests)
            held = api.graphql(pages.documents["account"], {"id": flooded_id})["account"]["balances"]
            print(f"its balances (spam left out): {sorted(b['currency']['symbol'] for b in held)}")
            api.close()


if __name__ == "__main__":
    main()
