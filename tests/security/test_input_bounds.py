"""Every input is bounded before any work is done on it (api.limits), and each bound answers at once with
an error in the endpoint's shape, never a 500: the body's size and nesting, the query's tokens, depth,
aliases and cost, the pagination rule, and string lengths per field."""

from __future__ import annotations

import asyncio
import json
import threading
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
import strawberry.schema.schema as strawberry_schema
from graphql.language import parser
from starlette.types import Receive, Scope, Send

from api import limits
from api.request_limits import RequestTimeout
from api.schema import integrations

pytestmark = pytest.mark.servers

TRANSACTIONS_PAGE = "transactions(limit: 200) { items { id flows { asset quantity } } }"


def counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[object]:
    """The calls of `module.name` from now on (their first arguments), each still made."""
    calls: list[object] = []
    original = getattr(module, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0])
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


async def graphql_errors(http: httpx.AsyncClient, query: str, **variables: Any) -> list[str]:
    """The messages of a GraphQL call that must fail as GraphQL fails: HTTP 200 with `errors`."""
    response = await http.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    return [error["message"] for error in response.json()["errors"]]


async def test_a_body_over_the_limit_is_refused_unread(user: httpx.AsyncClient) -> None:
    body = json.dumps({"query": "query { me { email } }", "padding": "x" * limits.MAX_BODY_BYTES})

    response = await user.post("/graphql", content=body, headers={"Content-Type": "application/json"})

    assert response.status_code == 413
    assert response.json() == {
        "errors": [{"message": f"The request body is larger than {limits.MAX_BODY_BYTES} bytes."}]
    }


async def test_a_streamed_body_is_counted_as_it_comes(user: httpx.AsyncClient) -> None:
    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: the body's size is unknown until read
        for _ in range(limits.MAX_BODY_BYTES // 1024 + 2):
            yield b" " * 1024

    response = await user.post("/graphql", content=chunks(), headers={"Content-Type": "application/json"})

    assert response.status_code == 413
    assert "larger than" in response.json()["errors"][0]["message"]


async def test_variables_nested_100000_deep_answer_a_graphql_error(user: httpx.AsyncClient) -> None:
    depth = 100_000
    body = (
        '{"query": "query ($v: String) { me { email } }", "variables": {"v": '
        + "[" * depth
        + "]" * depth
        + "}}"
    )

    response = await user.post("/graphql", content=body, headers={"Content-Type": "application/json"})

    assert response.status_code == 400
    assert response.json() == {"errors": [{"message": "The request's JSON is nested too deeply."}]}


async def test_a_query_over_the_token_limit_is_refused(user: httpx.AsyncClient) -> None:
    fields = " ".join(["__typename"] * limits.MAX_QUERY_TOKENS)
    [message] = await graphql_errors(user, f"query {{ {fields} }}")
    assert "token" in message.lower()


async def test_a_query_over_the_depth_limit_is_refused(user: httpx.AsyncClient) -> None:
    deepest_of_the_app = (
        'csvImportJobStatus(jobId: "x") { createdCustomWallet { balances { currency { symbol } } } }'
    )
    assert (
        "errors"
        not in (await user.post("/graphql", json={"query": f"query {{ {deepest_of_the_app} }}"})).json()
    )

    nested = "name"  # the schema nests no deeper than the app goes, so the limit guards the fields to come
    for _ in range(limits.MAX_QUERY_DEPTH + 1):  # one level deeper than allowed
        nested = f"me {{ {nested} }}"

    messages = await graphql_errors(user, f"query Deep {{ {nested} }}")

    assert f"'Deep' exceeds maximum operation depth of {limits.MAX_QUERY_DEPTH}" in messages


async def test_more_aliases_than_allowed_are_refused(user: httpx.AsyncClient) -> None:
    aliases = " ".join(f"a{n}: appInfo {{ maxUploadBytes }}" for n in range(limits.MAX_ALIASES + 1))
    [message] = await graphql_errors(user, f"query {{ {aliases} }}")
    assert message == f"{limits.MAX_ALIASES + 1} aliases found. Allowed: {limits.MAX_ALIASES}"


async def test_a_document_is_parsed_and_validated_once_and_a_refused_one_stays_refused(
    user: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages poll the same documents, so each text is parsed and validated on its first request only
    (api.document_bounds); what validation refused is refused again from the cache."""
    parsed, validated = (
        counted(monkeypatch, parser, "Parser"),
        counted(monkeypatch, strawberry_schema, "validate"),
    )
    once = f"query Once {{ appInfo {{ maxUploadBytes }} }} # {uuid.uuid4()}"
    aliases = " ".join(f"a{n}: appInfo {{ maxUploadBytes }}" for n in range(limits.MAX_ALIASES + 1))
    refused = f"query {{ {aliases} }} # {uuid.uuid4()}"

    for _ in range(3):
        assert "errors" not in (await user.post("/graphql", json={"query": once})).json()
        assert await graphql_errors(user, refused) == [
            f"{limits.MAX_ALIASES + 1} aliases found. Allowed: {limits.MAX_ALIASES}"
        ]

    assert (len(parsed), len(validated)) == (2, 2)


async def test_a_query_asking_for_too_many_objects_is_refused(user: httpx.AsyncClient) -> None:
    one_page = 200 * (1 + limits.UNPAGED_LIST_COST)  # 200 transactions, each with its flows
    pages = limits.MAX_QUERY_COST // one_page + 1
    aliases = " ".join(f"p{n}: {TRANSACTIONS_PAGE}" for n in range(pages))

    [message] = await graphql_errors(user, f"query {{ {aliases} }}")

    cost = pages * (1 + one_page)
    assert message == (
        f"This query asks for up to {cost} objects; at most {limits.MAX_QUERY_COST} may be asked for at once."
    )


async def test_the_cost_reads_page_sizes_from_the_variables(user: httpx.AsyncClient) -> None:
    query = """
    query Pages($limit: Int!) {
      a: transactions(limit: $limit) { items { flows { asset } } }
      b: transactions(limit: $limit) { items { flows { asset } } }
      c: transactions(limit: $limit) { items { flows { asset } } }
      d: transactions(limit: $limit) { items { flows { asset } } }
      e: transactions(limit: $limit) { items { flows { asset } } }
    }
    """
    small = await user.post("/graphql", json={"query": query, "variables": {"limit": 10}})
    assert "errors" not in small.json()
    [message] = await graphql_errors(user, query, limit=200)
    assert message.startswith("This query asks for up to")


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("taxLots(limit: -1)", f"limit must be between 1 and {limits.MAX_PAGE_SIZE}"),
        ("taxLots(limit: 201)", f"limit must be between 1 and {limits.MAX_PAGE_SIZE}"),
        ("taxLots(offset: -1)", f"offset must be between 0 and {limits.MAX_OFFSET}"),
        ("disposedLots(offset: 2147483647)", f"offset must be between 0 and {limits.MAX_OFFSET}"),
        ("disposedLots(limit: 0)", f"limit must be between 1 and {limits.MAX_PAGE_SIZE}"),
        ("transactions(page: 0)", "page must be 1 or more"),
        ("transactions(limit: 1000)", f"limit must be between 1 and {limits.MAX_PAGE_SIZE}"),
        (
            "wallets(page: 2147483647)",
            f"page must be at most {limits.MAX_OFFSET // 50 + 1} with a limit of 50",
        ),
        ("exchanges(limit: -5)", f"limit must be between 1 and {limits.MAX_PAGE_SIZE}"),
        ("customWallets(page: -1)", "page must be 1 or more"),
    ],
)
async def test_every_paginated_field_follows_one_rule(
    user: httpx.AsyncClient, field: str, message: str
) -> None:
    assert await graphql_errors(user, f"query {{ {field} {{ total }} }}") == [message]


@pytest.mark.parametrize(
    ("query", "variables", "message"),
    [
        (
            "query ($a: String!) { detectedCryptoNetworks(address: $a) { cryptoNetworkName } }",
            {"a": "1" * (limits.MAX_ADDRESS_CHARS + 1)},
            f"address must be at most {limits.MAX_ADDRESS_CHARS} characters long.",
        ),
        (
            "query ($s: String) { integrations(search: $s) { slug } }",
            {"s": "b" * (limits.MAX_SEARCH_CHARS + 1)},
            f"search must be at most {limits.MAX_SEARCH_CHARS} characters long.",
        ),
        (
            'mutation ($n: String!) { renameCustomWallet(id: "1", name: $n) { success } }',
            {"n": "n" * (limits.MAX_NAME_CHARS + 1)},
            f"name must be at most {limits.MAX_NAME_CHARS} characters long.",
        ),
        (
            "mutation ($i: CustomWalletInput!) { createCustomWallet(customWalletInput: $i) { success } }",
            {"i": {"walletName": "w" * (limits.MAX_NAME_CHARS + 1), "csvUrl": "u", "accountTypeSlug": "s"}},
            f"customWalletInput.walletName must be at most {limits.MAX_NAME_CHARS} characters long.",
        ),
        (
            "query ($id: ID!) { account(id: $id) { id } }",
            {"id": "9" * (limits.MAX_ID_CHARS + 1)},
            f"id must be at most {limits.MAX_ID_CHARS} characters long.",
        ),
        (
            "query ($a: String) { taxLots(asset: $a) { total } }",
            {"a": "A" * (limits.MAX_ASSET_CHARS + 1)},
            f"asset must be at most {limits.MAX_ASSET_CHARS} characters long.",
        ),
        (
            "mutation ($f: String!) { presignFileUpload(filename: $f) { success } }",
            {"f": "f" * (limits.MAX_FILENAME_CHARS + 1)},
            f"filename must be at most {limits.MAX_FILENAME_CHARS} characters long.",
        ),
    ],
)
async def test_strings_are_held_to_their_fields_bounds(
    user: httpx.AsyncClient, query: str, variables: dict[str, Any], message: str
) -> None:
    assert await graphql_errors(user, query, **variables) == [message]


async def test_a_string_without_a_bound_of_its_own_is_held_to_the_default(user: httpx.AsyncClient) -> None:
    query = (
        "mutation ($i: ImportAccountTransactionsInput!) { importAccountTransactions(input: $i) { success } }"
    )
    given = {"accountId": "1", "csvUrl": "u" * (limits.MAX_STRING_CHARS + 1), "importType": 1}
    assert await graphql_errors(user, query, i=given) == [
        f"input.csvUrl must be at most {limits.MAX_URL_CHARS} characters long."
    ]


async def test_address_detection_runs_off_the_event_loop(
    user: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads = []
    detect = integrations.detected_crypto_networks

    def recorded(address: str) -> list[str]:
        threads.append(threading.current_thread())
        return detect(address)

    monkeypatch.setattr(integrations, "detected_crypto_networks", recorded)
    query = "query ($a: String!) { detectedCryptoNetworks(address: $a) { cryptoNetworkName } }"
    response = await user.post(
        "/graphql", json={"query": query, "variables": {"a": "0x52908400098527886E0F7030069857D2E4169EE7"}}
    )

    assert {"cryptoNetworkName": "ethereum"} in response.json()["data"]["detectedCryptoNetworks"]
    assert threads and threads[0] is not threading.main_thread()


@pytest.mark.parametrize(("path", "body"), [("/graphql", "errors"), ("/auth/login", "detail")])
async def test_a_request_over_the_time_limit_is_stopped_with_a_503(path: str, body: str) -> None:
    cancelled = asyncio.Event()

    async def endless(scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await asyncio.Event().wait()
        finally:
            cancelled.set()

    app = RequestTimeout(endless, seconds=0.01)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as http:
        response = await http.post(path, json={})

    assert response.status_code == 503 and response.headers["Retry-After"] == "1"
    message = "The request took longer than 0.01 seconds and was stopped. Please try again."
    assert response.json() == (
        {"errors": [{"message": message}]} if body == "errors" else {"detail": message}
    )
    assert cancelled.is_set()


async def test_a_response_under_way_is_not_cut_by_the_time_limit() -> None:
    async def slow_stream(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await asyncio.sleep(0.05)
        await send({"type": "http.response.body", "body": b"done"})

    app = RequestTimeout(slow_stream, seconds=0.01)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as http:
        response = await http.get("/")

    assert (response.status_code, response.text) == (200, "done")
