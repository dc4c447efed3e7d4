"""Shared by the role matrix (tests/security/test_role_matrix.py): one call of any root field, written from
the schema with argument values chosen by name, and a snapshot of everything some users own, to tell
that a refused call changed nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLScalarType,
    get_named_type,
    is_required_argument,
    is_required_input_field,
)
from sqlalchemy import Connection, Table, text

from ledger.models import Base, User
from ledger.writes.user_deletion import owned_columns

SELECTION_DEPTH = 3  # deep enough that an item of a page (a transaction, a lot) shows whose it is
SCALAR_VALUES: dict[str, Any] = {
    "Boolean": False,
    "Int": 1,
    "Float": 1.0,
    "String": "x",
    "ID": "x",
    "Decimal": "1",
    "Date": "2024-01-01",
    "DateTime": "2024-01-01T00:00:00+00:00",
}
# Rows that change as a session is used, not as its user's data changes.
NOT_DATA = {"user_sessions", "analytics_events"}


def _value(name: str, type_: GraphQLInputType, named: Mapping[str, Any]) -> Any:
    if isinstance(type_, GraphQLNonNull):
        return _value(name, type_.of_type, named)
    if isinstance(type_, GraphQLList):
        given = named.get(name)
        return given if isinstance(given, list) else [_value(name, type_.of_type, named)]
    given = named.get(name)
    if isinstance(type_, GraphQLScalarType) and given is not None:
        if type_.name == "Int" and str(given).isdigit():
            return int(given)
        if type_.name not in ("Int", "Boolean") and not isinstance(given, bool):
            return str(given)
    if isinstance(type_, GraphQLEnumType):
        return next(iter(type_.values))
    if isinstance(type_, GraphQLInputObjectType):
        return {
            field_name: _value(field_name, field.type, named)
            for field_name, field in type_.fields.items()
            if is_required_input_field(field) or field_name in named
        }
    assert isinstance(type_, GraphQLScalarType)
    return given if isinstance(given, bool) and type_.name == "Boolean" else SCALAR_VALUES[type_.name]


def _selection(type_: GraphQLOutputType, depth: int) -> str:
    named = get_named_type(type_)
    if not isinstance(named, GraphQLObjectType):
        return "" if isinstance(named, GraphQLScalarType | GraphQLEnumType) else "{ __typename }"
    fields = [
        f"{name} {_selection(field.type, depth - 1)}".strip()
        for name, field in named.fields.items()
        if not any(is_required_argument(arg) for arg in field.args.values())
        and (depth > 1 or isinstance(get_named_type(field.type), GraphQLScalarType | GraphQLEnumType))
    ]
    return "{ " + " ".join(fields or ["__typename"]) + " }"


def operation(kind: str, name: str, field: GraphQLField, named: Mapping[str, Any]) -> dict[str, Any]:
    """The request body calling `name` (a field of the root `kind`, "query" or "mutation") with every
    required argument, and every optional one that `named` names, set from `named` or else by type."""
    given = {
        arg: _value(arg, spec.type, named)
        for arg, spec in field.args.items()
        if is_required_argument(spec) or arg in named
    }
    declared = ", ".join(f"${arg}: {field.args[arg].type}" for arg in given)
    passed = ", ".join(f"{arg}: ${arg}" for arg in given)
    call = f"{name}({passed})" if passed else name
    head = f"{kind} Matrix({declared})" if declared else f"{kind} Matrix"
    return {"query": f"{head} {{ {call} {_selection(field.type, SELECTION_DEPTH)} }}", "variables": given}


def _owned_tables() -> list[tuple[Table, str]]:
    """Every table that holds rows of a user, with the condition that picks a user's: their own column,
    or a key into a table that has one (a transaction's flows)."""
    owned = [(table, column.name) for table, column in owned_columns() if table.name not in NOT_DATA]
    parents = {table for table, _ in owned}
    picked = [(table, f'"{column}" = ANY(:users)') for table, column in owned]
    for table in Base.metadata.sorted_tables:
        for key in table.foreign_keys:
            parent = key.column.table
            if table not in parents and parent in parents and key.ondelete == "CASCADE":
                owners = " OR ".join(f'"{column}" = ANY(:users)' for t, column in owned if t is parent)
                inner = f'SELECT "{key.column.name}" FROM "{parent.name}" WHERE {owners}'
                picked.append((table, f'"{key.parent.name}" IN ({inner})'))
    users = User.__table__
    assert isinstance(users, Table)
    return [*picked, (users, "id = ANY(:users)")]


def snapshot(
    connection: Connection, user_ids: list[int], extra: Mapping[str, str] = {}, **params: object
) -> dict[str, str]:
    """A digest of every row the users own, table by table; `extra` adds a table's rows by a condition
    of its own (a firm's row, which no user column names), whose bound values are `params`."""
    parts = [*((table.name, where) for table, where in _owned_tables()), *extra.items()]
    union = " UNION ALL ".join(
        f"SELECT {index} AS part, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest "
        f'FROM "{table}" t WHERE {where}'
        for index, (table, where) in enumerate(parts)
    )
    found = connection.execute(text(union), {"users": user_ids, **params})
    return {" WHERE ".join(parts[row.part]): row.digest for row in found}


def mentions(body: object, markers: list[str]) -> list[str]:
    """The markers (ids, addresses) that a response shows, as JSON strings."""
    dumped = json.dumps(body)
    return [marker for marker in markers if json.dumps(marker) in dumped]
