"""Bad input to every GraphQL field with arguments, generated from the schema: each argument (and each
field of an input object) is made empty, oversized, negative, of the wrong type or null in turn, the
others kept plausible. A mutation refuses it with a GraphQL error or its own error fields; a query answers
a well-formed GraphQL response. Never a 500: the ASGI transport re-raises any exception the app lets out.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from graphql import (
    GraphQLArgument,
    GraphQLBoolean,
    GraphQLEnumType,
    GraphQLField,
    GraphQLID,
    GraphQLInputField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLInt,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLString,
    get_named_type,
)

from api.schema import schema
from api.string_bounds import bound_of
from tests.clients import app_client, sign_up

pytestmark = pytest.mark.servers


def plausible(type_: GraphQLInputType) -> Any:
    named = get_named_type(type_)
    if isinstance(named, GraphQLInputObjectType):
        return {name: plausible(field.type) for name, field in named.fields.items()}
    if isinstance(named, GraphQLEnumType):
        return next(iter(named.values))
    return {GraphQLInt: 1, GraphQLBoolean: True, GraphQLID: "1"}.get(named, "x")  # type: ignore[call-overload]


def bad_values(definition: GraphQLArgument | GraphQLInputField) -> Iterator[tuple[str, Any]]:
    named = get_named_type(definition.type)
    if isinstance(definition.type, GraphQLNonNull):
        yield "null", None
    if named in (GraphQLString, GraphQLID):
        yield "empty", ""
        yield "oversized", "9" * (bound_of(definition) + 1)
        yield "wrong type", {"not": "a string"}
    if named is GraphQLID:
        yield "negative", "-1"
        yield "injection", "1 OR 1=1"
    if named is GraphQLInt:
        yield "negative", -1
        yield "beyond 32 bits", 2**31
        yield "wrong type", "one"
    if named is GraphQLBoolean:
        yield "wrong type", "yes"
    if isinstance(named, GraphQLEnumType):
        yield "unknown", "NOT_A_VALUE"
    if named.name == "Decimal":
        yield "not a number", "one"
        yield "NaN", "NaN"
        yield "infinite", "Infinity"
        yield "huge", "1e1000000"
        yield "negative", "-1"
    if named.name in ("DateTime", "Date"):
        yield "not a date", "yesterday"
        yield "wrong type", 20210101


@dataclass(frozen=True)
class Case:
    root: str
    field: str
    query: str
    variables: dict[str, Any]

    @property
    def mutation(self) -> bool:
        return self.root == "Mutation"


def _operation(root: str, name: str, field: GraphQLField) -> str:
    declared = ", ".join(f"${arg}: {definition.type}" for arg, definition in field.args.items())
    passed = ", ".join(f"{arg}: ${arg}" for arg in field.args)
    returned = get_named_type(field.type)
    fields = returned.fields if isinstance(returned, GraphQLObjectType) else {}
    # how an answer says "refused": `success: false`, or a file check's errors with no job started
    selection = (
        "success"
        if "success" in fields
        else "jobId csvValidationErrors"
        if "csvValidationErrors" in fields
        else "__typename"
    )
    kind = "mutation" if root == "Mutation" else "query"
    return f"{kind} Bad({declared}) {{ {name}({passed}) {{ {selection} }} }}"


def _inputs(
    name: str, definition: GraphQLArgument | GraphQLInputField
) -> Iterator[tuple[tuple[str, ...], GraphQLArgument | GraphQLInputField]]:
    """An argument's fields at any depth (a list of input objects holds one), by their path, or the
    argument itself."""
    named = get_named_type(definition.type)
    if not isinstance(named, GraphQLInputObjectType):
        yield (name,), definition
        return
    for field_name, field in named.fields.items():
        if isinstance(get_named_type(field.type), GraphQLInputObjectType):
            yield (name, field_name), field  # the object itself: null
        for path, member in _inputs(field_name, field):
            yield (name, *path), member


def _replaced(values: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    head, *rest = path
    return {**values, head: _replaced(values[head], tuple(rest), value) if rest else value}


def cases() -> Iterator[tuple[str, Case]]:
    for root in (schema._schema.query_type, schema._schema.mutation_type):
        assert isinstance(root, GraphQLObjectType)
        for name, field in root.fields.items():
            query = _operation(root.name, name, field)
            good = {arg: plausible(definition.type) for arg, definition in field.args.items()}
            for arg, definition in field.args.items():
                for path, member in _inputs(arg, definition):
                    for label, value in bad_values(member):
                        given = _replaced(good, path, value)
                        named = ".".join(path)
                        yield f"{root.name}.{name}({named}: {label})", Case(root.name, name, query, given)


CASES = dict(cases())


@pytest.fixture(scope="module")
async def signed_in(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with app_client(app) as http:
        await sign_up(http)
        yield http


def test_every_mutation_has_bad_input_cases() -> None:
    mutation = schema._schema.mutation_type
    assert mutation is not None
    with_arguments = {name for name, field in mutation.fields.items() if field.args}
    assert {case.field for case in CASES.values() if case.mutation} == with_arguments


@pytest.mark.parametrize("name", sorted(CASES))
async def test_bad_input_is_refused_without_a_server_error(signed_in: httpx.AsyncClient, name: str) -> None:
    case = CASES[name]

    response = await signed_in.post("/graphql", json={"query": case.query, "variables": case.variables})

    assert response.status_code == 200, response.text
    body = response.json()
    assert body.keys() <= {"data", "errors"} and (body.get("data") or body.get("errors"))
    if case.mutation:
        answer = (body.get("data") or {}).get(case.field) or {}
        refused_check = bool(answer.get("csvValidationErrors")) and answer.get("jobId") is None
        assert body.get("errors") or answer.get("success") is False or refused_check, body
