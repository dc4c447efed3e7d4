"""Editing transactions through GraphQL (spec 001 §7): every mutation refuses a bad input and another
user's id ("not found") without writing anything, records each change (who, when, field, old → new) and
requests one cost-basis run, whose results follow the edit (overridden cost basis and proceeds,
taxability)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import CostBasisStatus, IncomeEvent, Transaction, TransactionEdit, User
from tests.api.graphql import gql
from tests.api.test_cost_basis import calculated, signed_up_user
from tests.api.test_transactions_page import DETAIL
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

RESULT = "{ success error errorMessage }"
CREATE = """
mutation createTransaction($input: ManualTransactionInput!) {
  createTransaction(input: $input) { success error errorMessage publicId }
}"""
UPDATE = f"""
mutation updateTransaction($publicId: ID!, $input: ManualTransactionInput!) {{
  updateTransaction(publicId: $publicId, input: $input) {RESULT}
}}"""
DELETE = f"mutation del($ids: [ID!]!) {{ deleteManualTransactions(publicIds: $ids) {RESULT} }}"
IGNORE = f"mutation ignore($ids: [ID!]!) {{ ignoreTransactions(publicIds: $ids) {RESULT} }}"
UNIGNORE = f"mutation unignore($ids: [ID!]!) {{ unignoreTransactions(publicIds: $ids) {RESULT} }}"
TAXABILITY = f"""
mutation taxability($publicId: ID!, $isTaxable: Boolean) {{
  updateTransactionTaxability(publicId: $publicId, isTaxable: $isTaxable) {RESULT}
}}"""
PURPOSE = f"""
mutation purpose($publicId: ID!, $type: TransactionType!, $labels: [String!]!) {{
  updateTransactionOperationPurpose(publicId: $publicId, type: $type, labels: $labels) {RESULT}
}}"""
DATETIME = f"""
mutation when($publicId: ID!, $timestamp: DateTime!) {{
  updateTransactionDatetime(publicId: $publicId, timestamp: $timestamp) {RESULT}
}}"""
COST_BASIS = f"""
mutation costBasis($flowId: ID!, $amount: Decimal) {{
  updateTransactionCostBasis(flowId: $flowId, costBasis: $amount) {RESULT}
}}"""
PROCEEDS = f"""
mutation proceeds($flowId: ID!, $amount: Decimal) {{
  updateTransactionProceeds(flowId: $flowId, proceeds: $amount) {RESULT}
}}"""
BULK_ASSET = f"""
mutation bulk($ids: [ID!]!, $from: String!, $to: String!) {{
  bulkUpdateTransactionAsset(publicIds: $ids, fromAssetId: $from, toAssetId: $to) {RESULT}
}}"""
LINK = f"""
mutation link($from: ID!, $to: ID!, $type: TransactionLinkType!) {{
  createTransactionLink(fromPublicId: $from, toPublicId: $to, linkType: $type) {RESULT}
}}"""
UNLINK = f"mutation unlink($linkId: ID!) {{ removeTransactionLink(linkId: $linkId) {RESULT} }}"
OK = {"success": True, "error": None, "errorMessage": None}


def refused(answer: dict[str, Any], code: str) -> bool:
    [result] = answer.values()
    return result["success"] is False and result["error"] == code and bool(result["errorMessage"])


def manual(account_id: int, **changes: Any) -> dict[str, Any]:
    """A buy of 1 BTC for 10,000 USD entered by hand."""
    return {
        "accountId": str(account_id),
        "timestamp": "2021-01-01T10:00:00+00:00",
        "type": "BUY",
        "flows": [
            {"direction": "OUTFLOW", "assetId": "fiat_USD", "quantity": "10000", "value": "10000"},
            {"direction": "INFLOW", "assetId": "crypto_BTC", "quantity": "1"},
        ],
        "labels": ["cold storage"],
        **changes,
    }


def edits(session: Session, transaction_public_id: Any) -> list[tuple[str, str | None, str | None]]:
    session.expire_all()
    rows = session.scalars(
        select(TransactionEdit)
        .where(TransactionEdit.transaction_public_id == transaction_public_id)
        .order_by(TransactionEdit.id)
    )
    return [(row.field, row.old_value, row.new_value) for row in rows]


def requested(session: Session, user: User) -> bool:
    session.expire_all()
    return session.get(CostBasisStatus, user.id) is not None


async def detail(http: httpx.AsyncClient, public_id: Any) -> dict[str, Any]:
    found: dict[str, Any] = (await gql(http, DETAIL, publicId=str(public_id)))["transaction"]
    return found


async def test_a_manual_transaction_is_created_changed_and_deleted_with_its_audit(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    db_session.commit()

    created = (await gql(client, CREATE, input=manual(wallet.id)))["createTransaction"]

    assert created["success"], created
    assert requested(db_session, user)
    public_id = created["publicId"]
    shown = await detail(client, public_id)
    assert (shown["transaction"]["isManual"], shown["labels"]) == (True, ["cold storage"])
    assert edits(db_session, public_id) == [("transaction", None, "created by hand")]
    editor = db_session.scalar(
        select(TransactionEdit.editor_id).where(TransactionEdit.transaction_public_id == public_id)
    )
    assert editor == user.id

    changed = manual(wallet.id, timestamp="2021-02-01T10:00:00+00:00", labels=[])
    changed["flows"][1]["quantity"] = "1.5"
    assert (await gql(client, UPDATE, publicId=public_id, input=changed))["updateTransaction"] == OK
    assert edits(db_session, public_id)[1:] == [
        ("timestamp", "2021-01-01T10:00:00+00:00", "2021-02-01T10:00:00+00:00"),
        (
            "flows",
            "OUTFLOW 10000 fiat_USD worth 10000 USD; INFLOW 1 crypto_BTC",
            "OUTFLOW 10000 fiat_USD worth 10000 USD; INFLOW 1.5 crypto_BTC",
        ),
        ("labels", "cold storage", None),
    ]

    assert refused(await gql(other_user, DELETE, ids=[public_id]), "transaction_not_found")
    assert (await gql(client, DELETE, ids=[public_id]))["deleteManualTransactions"] == OK
    assert await detail(client, public_id) is None
    assert edits(db_session, public_id)[-1] == ("transaction", "entered by hand", "deleted")


async def test_a_manual_transaction_is_validated_and_kept_to_its_user(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    imported = add_transaction(db_session, wallet, "2021-03-01 10:00", Type.RECEIVE, into("crypto_ETH", "1"))
    db_session.commit()
    fee_in = manual(
        wallet.id, flows=[{"direction": "INFLOW", "assetId": "crypto_BTC", "quantity": "1", "isFee": True}]
    )

    for bad, code in (
        (manual(wallet.id, flows=[]), "no_flows"),
        (manual(wallet.id, timestamp="2999-01-01T00:00:00+00:00"), "in_the_future"),
        (
            manual(wallet.id, flows=[{"direction": "INFLOW", "assetId": "crypto_BTC", "quantity": "-1"}]),
            "not_positive",
        ),
        (
            manual(
                wallet.id,
                flows=[{"direction": "INFLOW", "assetId": "crypto_BTC", "quantity": "0.1234567890123456789"}],
            ),
            "too_precise",
        ),
        (
            manual(wallet.id, flows=[{"direction": "INFLOW", "assetId": "crypto_NOPE", "quantity": "1"}]),
            "asset_not_found",
        ),
        (fee_in, "fee_not_outflow"),
        (manual(wallet.id, labels=["x" * 101]), "invalid_label"),
    ):
        assert refused(await gql(client, CREATE, input=bad), code), code
    assert refused(await gql(other_user, CREATE, input=manual(wallet.id)), "account_not_found")
    assert refused(
        await gql(client, UPDATE, publicId=str(imported.public_id), input=manual(wallet.id)), "not_manual"
    )
    assert refused(await gql(client, DELETE, ids=[str(imported.public_id)]), "not_manual")
    assert refused(
        await gql(other_user, UPDATE, publicId=str(imported.public_id), input=manual(wallet.id)),
        "transaction_not_found",
    )
    db_session.expire_all()
    assert db_session.scalars(select(Transaction.id).where(Transaction.user_id == user.id)).all() == [
        imported.id
    ]
    assert edits(db_session, imported.public_id) == []
    assert not requested(db_session, user)


async def test_each_edit_refuses_another_users_ids_and_bad_inputs_and_records_what_it_changes(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    spot, cold = add_wallet(db_session, user, "Spot"), add_wallet(db_session, user, "Cold")
    buy = add_transaction(
        db_session, spot, "2021-01-01 10:00", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    sent = add_transaction(db_session, spot, "2021-02-01 10:00", Type.SEND, out("crypto_BTC", "1"))
    came = add_transaction(db_session, cold, "2021-02-01 10:05", Type.RECEIVE, into("crypto_BTC", "1"))
    db_session.commit()
    paid, got = (await detail(client, buy.public_id))["transaction"]["flows"]
    ids = {"buy": str(buy.public_id), "sent": str(sent.public_id), "came": str(came.public_id)}

    theirs: list[tuple[str, dict[str, Any], str]] = [
        (IGNORE, {"ids": [ids["buy"]]}, "transaction_not_found"),
        (UNIGNORE, {"ids": [ids["buy"]]}, "transaction_not_found"),
        (TAXABILITY, {"publicId": ids["came"], "isTaxable": True}, "transaction_not_found"),
        (PURPOSE, {"publicId": ids["buy"], "type": "TRADE", "labels": []}, "transaction_not_found"),
        (
            DATETIME,
            {"publicId": ids["buy"], "timestamp": "2021-01-02T00:00:00+00:00"},
            "transaction_not_found",
        ),
        (COST_BASIS, {"flowId": got["id"], "amount": "50"}, "flow_not_found"),
        (PROCEEDS, {"flowId": paid["id"], "amount": "50"}, "flow_not_found"),
        (
            BULK_ASSET,
            {"ids": [ids["buy"]], "from": "crypto_BTC", "to": "crypto_ETH"},
            "transaction_not_found",
        ),
        (LINK, {"from": ids["sent"], "to": ids["came"], "type": "TRANSFER"}, "transaction_not_found"),
    ]
    for mutation, variables, code in theirs:
        assert refused(await gql(other_user, mutation, **variables), code), mutation
    bad: list[tuple[str, dict[str, Any], str]] = [
        (TAXABILITY, {"publicId": ids["buy"], "isTaxable": False}, "taxability_not_editable"),
        (PURPOSE, {"publicId": ids["buy"], "type": "TRADE", "labels": [""]}, "invalid_label"),
        (DATETIME, {"publicId": ids["buy"], "timestamp": "2999-01-01T00:00:00+00:00"}, "in_the_future"),
        (COST_BASIS, {"flowId": got["id"], "amount": "0"}, "not_positive"),
        (COST_BASIS, {"flowId": got["id"], "amount": "-5"}, "not_positive"),
        (COST_BASIS, {"flowId": paid["id"], "amount": "5"}, "not_an_inflow"),
        (PROCEEDS, {"flowId": got["id"], "amount": "5"}, "not_an_outflow"),
        (BULK_ASSET, {"ids": [ids["buy"]], "from": "crypto_BTC", "to": "crypto_NOPE"}, "asset_not_found"),
        (LINK, {"from": ids["buy"], "to": ids["buy"], "type": "BRIDGE"}, "same_transaction"),
        (LINK, {"from": ids["came"], "to": ids["sent"], "type": "TRANSFER"}, "not_a_transfer"),
        (UNLINK, {"linkId": "999999999"}, "link_not_found"),
    ]
    for mutation, variables, code in bad:
        assert refused(await gql(client, mutation, **variables), code), (mutation, code)
    assert edits(db_session, buy.public_id) == []
    assert not requested(db_session, user)

    for mutation, variables in (
        (IGNORE, {"ids": [ids["buy"]]}),
        (UNIGNORE, {"ids": [ids["buy"]]}),
        (TAXABILITY, {"publicId": ids["came"], "isTaxable": True}),
        (PURPOSE, {"publicId": ids["buy"], "type": "TRADE", "labels": ["dca"]}),
        (DATETIME, {"publicId": ids["buy"], "timestamp": "2021-01-02T00:00:00+00:00"}),
        (COST_BASIS, {"flowId": got["id"], "amount": "150.25"}),
        (PROCEEDS, {"flowId": paid["id"], "amount": "99"}),
        (BULK_ASSET, {"ids": [ids["buy"], ids["sent"]], "from": "crypto_BTC", "to": "crypto_ETH"}),
        (LINK, {"from": ids["sent"], "to": ids["came"], "type": "BRIDGE"}),
    ):
        [answer] = (await gql(client, mutation, **variables)).values()
        assert answer == OK, (mutation, answer)
    assert refused(
        await gql(client, LINK, **{"from": ids["sent"], "to": ids["came"], "type": "BRIDGE"}),
        "already_linked",
    )

    assert edits(db_session, buy.public_id) == [
        ("is_ignored", "False", "True"),
        ("is_ignored", "True", "False"),
        ("type", "BUY", "TRADE"),
        ("labels", None, "dca"),
        ("timestamp", "2021-01-01T10:00:00+00:00", "2021-01-02T00:00:00+00:00"),
        ("cost_basis", None, "150.25"),
        ("proceeds", None, "99"),
        ("asset", "crypto_BTC", "crypto_ETH"),
    ]
    assert edits(db_session, came.public_id) == [
        ("is_taxable", None, "True"),
        ("link", None, f"bridge from {ids['sent']}"),
    ]
    [link] = (await detail(client, sent.public_id))["links"]
    assert (link["linkType"], link["outgoing"], link["otherPublicId"]) == ("bridge", True, ids["came"])
    assert requested(db_session, user)
    link_id = await gql(
        client, "query($p: ID!) { transaction(publicId: $p) { links { id } } }", p=ids["sent"]
    )
    assert refused(
        await gql(other_user, UNLINK, linkId=link_id["transaction"]["links"][0]["id"]), "link_not_found"
    )
    assert (await gql(client, UNLINK, linkId=link_id["transaction"]["links"][0]["id"]))[
        "removeTransactionLink"
    ] == OK
    assert (await detail(client, sent.public_id))["links"] == []
    assert edits(db_session, sent.public_id)[-1] == ("link", "bridge", None)


async def test_the_run_takes_the_overridden_cost_basis_and_proceeds_and_the_users_taxability(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    buy = add_transaction(
        db_session,
        wallet,
        "2021-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "100", "100"),
        into("crypto_BTC", "1"),
    )
    sell = add_transaction(
        db_session,
        wallet,
        "2021-06-01 10:00",
        Type.SELL,
        out("crypto_BTC", "1"),
        into("fiat_USD", "300", "300"),
    )
    reward = add_transaction(
        db_session, wallet, "2021-07-01 10:00", Type.STAKING_REWARD, into("crypto_ETH", "1", "2000")
    )
    db_session.commit()
    got = (await detail(client, buy.public_id))["transaction"]["flows"][1]
    gave = (await detail(client, sell.public_id))["transaction"]["flows"][0]

    await gql(client, COST_BASIS, flowId=got["id"], amount="250")
    await gql(client, PROCEEDS, flowId=gave["id"], amount="400")
    await gql(client, TAXABILITY, publicId=str(reward.public_id), isTaxable=False)
    await calculated(client)

    [slice_] = (await detail(client, sell.public_id))["disposedLots"]
    assert (slice_["costBasis"], slice_["proceeds"], slice_["gain"]) == ("250", "400", "150")
    db_session.expire_all()
    assert db_session.scalars(select(IncomeEvent).where(IncomeEvent.user_id == user.id)).all() == []
    [lot] = (await detail(client, reward.public_id))["lots"]
    assert lot["costBasis"] == "2000"  # a plain acquisition at its value, not income

    # An omitted amount or taxability is null: the override goes and the engine's own figures return.
    for field, argument, value in (
        ("updateTransactionCostBasis", "flowId", got["id"]),
        ("updateTransactionProceeds", "flowId", gave["id"]),
        ("updateTransactionTaxability", "publicId", str(reward.public_id)),
    ):
        omitted = f"mutation($id: ID!) {{ {field}({argument}: $id) {RESULT} }}"
        assert (await gql(client, omitted, id=value))[field]["success"] is True
    await calculated(client)
    [slice_] = (await detail(client, sell.public_id))["disposedLots"]
    assert (slice_["costBasis"], slice_["proceeds"], slice_["gain"]) == ("100", "300", "200")
    db_session.expire_all()
    assert len(db_session.scalars(select(IncomeEvent).where(IncomeEvent.user_id == user.id)).all()) == 1
