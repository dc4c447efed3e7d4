"""The spam center through GraphQL on the real servers (spec 000 §3, §7 "spam assets"; spec 001 §2, §7
"toggle spam"): a synced Ethereum wallet's lure token listed with why the heuristic marked it; the
user's verdicts, which move the token in or out of balances and the cost basis, are the user's alone, and
clear the sidebar's dot; another user's asset is not found; coins, fiat and over-long ids are refused."""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy.orm import Session
from temporalio.client import Client

from ledger.models import Asset
from tests.api.graphql import gql
from tests.api.test_cost_basis import TAX_LOTS, calculated, signed_up_user
from tests.api.test_linking_exchanges import synced
from tests.api.test_linking_wallets import ADDRESS, REPORTED, balances, ethereum
from tests.fakes.etherscan import EtherscanServer
from tests.ingest.chains.test_evm import LOOKALIKE, USDC_KEY, history
from tests.workflows.cost_basis_rows import add_transaction, add_user_token, add_wallet, into, out
from vocabulary.enums import CurrencyType
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]
__all__ = ["ethereum"]  # the fixture, used by name

SPAM_ASSETS = """
query spamAssets {
  spamAssets {
    id symbol name contractAddress cryptoNetwork isSpam wasAutomarkedAsSpam spamReason spamReasonText
  }
}
"""
TOGGLE = """
mutation toggleSpam($assetId: ID!, $isSpam: Boolean!) {
  toggleSpam(assetId: $assetId, isSpam: $isSpam) {
    success error errorMessage spamAsset { id isSpam wasAutomarkedAsSpam }
  }
}
"""
SIDEBAR = "query { sidebarInfo { unresolvedSpamAssets } }"
LURE = "blockchain_ethereum_0x" + "e5" * 20
LOOKALIKE_KEY = f"blockchain_ethereum_{LOOKALIKE}"


async def toggle(http: httpx.AsyncClient, asset_id: str, is_spam: bool) -> dict[str, Any]:
    answer: dict[str, Any] = (await gql(http, TOGGLE, assetId=asset_id, isSpam=is_spam))["toggleSpam"]
    return answer


async def unresolved(http: httpx.AsyncClient) -> int:
    count: int = (await gql(http, SIDEBAR))["sidebarInfo"]["unresolvedSpamAssets"]
    return count


async def lot_assets(http: httpx.AsyncClient) -> set[str]:
    lots = (await gql(http, TAX_LOTS, asset=None, limit=200, offset=0))["taxLots"]["items"]
    return {lot["asset"] for lot in lots}


async def last_run_end(http: httpx.AsyncClient) -> str | None:
    end: str | None = (await calculated(http))["costBasisComputeEndTime"]
    return end


async def test_a_synced_lure_token_is_listed_with_its_reason_and_unmarking_it_counts_it(
    user: httpx.AsyncClient,
    other_user: httpx.AsyncClient,
    ethereum: EtherscanServer,
    temporal_client: Client,
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
    assert answer["success"], answer
    account_id = answer["createdWallet"]["id"]
    await synced(temporal_client, account_id)

    listed = (await gql(user, SPAM_ASSETS))["spamAssets"]
    assert [asset["id"] for asset in listed] == [LURE]  # the look-alike moved nothing: not in a flow
    [lure] = listed
    assert lure == {
        "id": LURE,
        "symbol": "ETHG",
        "name": "Visit eth-gift.com to claim",
        "contractAddress": "0x" + "e5" * 20,
        "cryptoNetwork": "ethereum",
        "isSpam": None,
        "wasAutomarkedAsSpam": True,
        "spamReason": "ADVERTISES",
        "spamReasonText": "Its name or symbol advertises a website or asks you to claim, visit or redeem "
        "something, as phishing tokens do.",
    }
    assert await unresolved(user) == 1
    assert LURE not in (await balances(user, account_id))[1]
    assert LOOKALIKE_KEY not in (await balances(user, account_id))[1]
    assert (await gql(other_user, SPAM_ASSETS))["spamAssets"] == []
    not_found = await toggle(other_user, LURE, False)
    assert (not_found["success"], not_found["error"], not_found["spamAsset"]) == (
        False,
        "spam_asset_not_found",
        None,
    )
    assert not_found["errorMessage"] == "This asset is not in your transactions."

    before = await last_run_end(user)
    unmarked = await toggle(user, LURE, False)
    assert (unmarked["success"], unmarked["error"]) == (True, None)
    assert unmarked["spamAsset"] == {"id": LURE, "isSpam": False, "wasAutomarkedAsSpam": True}
    assert await unresolved(user) == 0
    assert (await balances(user, account_id))[1][LURE] == Decimal(500)
    assert await last_run_end(user) != before  # the run the verdict asked for
    assert "ETHG" in await lot_assets(user)  # lots name their asset by symbol
    assert [asset["isSpam"] for asset in (await gql(user, SPAM_ASSETS))["spamAssets"]] == [False]

    marked = await toggle(user, LURE, True)
    assert (marked["success"], marked["spamAsset"]["isSpam"]) == (True, True)
    assert LURE not in (await balances(user, account_id))[1]
    await calculated(user)
    assert "ETHG" not in await lot_assets(user)

    # A priced token the user calls spam leaves the balances, and the chain's figure for it is not compared.
    assert (await gql(user, REPORTED, id=account_id))["account"]["isBalanceDifferenceSignificant"] is False
    assert (await toggle(user, USDC_KEY, True))["success"]
    assert USDC_KEY not in (await balances(user, account_id))[1]
    found = (await gql(user, REPORTED, id=account_id))["account"]
    assert [b["currency"]["symbol"] for b in found["reportedBalances"]] == ["ETH"]
    assert found["isBalanceDifferenceSignificant"] is False


async def test_verdicts_are_the_users_own_and_bad_input_is_refused(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    suspected = Asset(
        id=f"blockchain_ethereum_0x{uuid.uuid4().hex}",
        symbol="PEPEG",
        name="Pepe Gold",
        type=CurrencyType.BLOCKCHAIN_TOKEN,
        contract_address="0x" + uuid.uuid4().hex,
        crypto_network="ethereum",
        is_spam=True,
        was_automarked_as_spam=True,
    )
    db_session.add(suspected)
    db_session.flush()
    scam = add_user_token(db_session, user, "SCAM")
    add_transaction(db_session, wallet, "2024-01-01 10:00", Type.AIRDROP, into(suspected.id, "1000"))
    add_transaction(
        db_session, wallet, "2024-01-02 10:00", Type.BUY, out("fiat_USD", "10", "10"), into(scam, "5", "10")
    )
    other = await signed_up_user(other_user, db_session)
    others_wallet = add_wallet(db_session, other)
    others_token = add_user_token(db_session, other, "MINE")
    add_transaction(db_session, others_wallet, "2024-01-01 10:00", Type.AIRDROP, into(suspected.id, "7"))
    add_transaction(db_session, others_wallet, "2024-01-01 11:00", Type.AIRDROP, into(others_token, "1"))
    db_session.commit()

    [listed] = (await gql(client, SPAM_ASSETS))["spamAssets"]
    assert (listed["id"], listed["isSpam"], listed["spamReason"]) == (suspected.id, None, "UNSOLICITED")
    assert listed["spamReasonText"] == (
        "It was sent to you unsolicited: it never moved in a transaction your wallet sent, "
        "and it has no price."
    )

    # Confirming the heuristic resolves the asset and changes no result: no run is asked for.
    confirmed = await toggle(client, suspected.id, True)
    assert (confirmed["success"], confirmed["spamAsset"]["isSpam"]) == (True, True)
    assert await last_run_end(client) is None  # no run was ever asked for
    assert (await unresolved(client), await unresolved(other_user)) == (0, 1)

    # Marking a token the heuristic let through leaves it out of the balances.
    assert scam in (await balances(client, str(wallet.id)))[1]
    assert (await toggle(client, scam, True))["success"]
    assert scam not in (await balances(client, str(wallet.id)))[1]
    [scam_listed] = [a for a in (await gql(client, SPAM_ASSETS))["spamAssets"] if a["id"] == scam]
    assert (scam_listed["isSpam"], scam_listed["wasAutomarkedAsSpam"], scam_listed["spamReason"]) == (
        True,
        False,
        None,
    )
    assert await last_run_end(client) is not None  # the run this verdict asked for

    # Unmarking for one user leaves the other's verdict as it was.
    assert (await toggle(other_user, suspected.id, False))["success"]
    assert (await unresolved(other_user), await unresolved(client)) == (0, 0)
    assert (await balances(other_user, str(others_wallet.id)))[1][suspected.id] == Decimal(7)
    [others_view] = (await gql(other_user, SPAM_ASSETS))["spamAssets"]
    assert others_view["isSpam"] is False
    assert [
        a["isSpam"] for a in (await gql(client, SPAM_ASSETS))["spamAssets"] if a["id"] == suspected.id
    ] == [True]

    for asset_id, error in (
        (others_token, "spam_asset_not_found"),  # another user's token
        (f"blockchain_ethereum_0x{uuid.uuid4().hex}", "spam_asset_not_found"),
        ("", "spam_asset_not_found"),
        ("fiat_USD", "not_a_token"),
    ):
        refused = await toggle(client, asset_id, True)
        assert (refused["success"], refused["error"], refused["spamAsset"]) == (False, error, None), asset_id
    assert (await toggle(client, "fiat_USD", True))["errorMessage"] == "Only tokens can be marked as spam."
    too_long = await client.post(
        "/graphql", json={"query": TOGGLE, "variables": {"assetId": "x" * 101, "isSpam": True}}
    )
    assert too_long.json()["data"] is None and "assetId" in too_long.json()["errors"][0]["message"]
    no_verdict = await client.post("/graphql", json={"query": TOGGLE, "variables": {"assetId": scam}})
    assert no_verdict.json()["errors"]
