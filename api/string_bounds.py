"""String arguments held to a length before their resolver runs.

A field declares its bound in the schema, where clients see it (`address: String! @maxLength(chars: 256)`):
`max_length(256)` on an argument, `strawberry.field(directives=[MaxLength(chars=256)])` on an input
field. An ID without a bound of its own is held to MAX_ID_CHARS and any other string to
MAX_STRING_CHARS, so no string reaches a resolver unbounded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import strawberry
from graphql import (
    GraphQLArgument,
    GraphQLError,
    GraphQLID,
    GraphQLInputField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLResolveInfo,
)
from strawberry.extensions import SchemaExtension
from strawberry.schema.schema_converter import GraphQLCoreConverter
from strawberry.schema_directive import Location
from strawberry.types.arguments import StrawberryArgumentAnnotation

from api.limits import MAX_ID_CHARS, MAX_STRING_CHARS


@strawberry.schema_directive(
    locations=[Location.ARGUMENT_DEFINITION, Location.INPUT_FIELD_DEFINITION],
    name="maxLength",
    description="The most characters the string may have; a longer one is refused before any work.",
)
class MaxLength:
    chars: int


def max_length(chars: int) -> StrawberryArgumentAnnotation:
    """An argument bounded to `chars`: `address: Annotated[str, max_length(MAX_ADDRESS_CHARS)]`."""
    return strawberry.argument(directives=[MaxLength(chars=chars)])


def bound_of(definition: GraphQLArgument | GraphQLInputField) -> int:
    """The most characters a string given to this argument or input field may have."""
    declared = definition.extensions.get(GraphQLCoreConverter.DEFINITION_BACKREF)
    for directive in getattr(declared, "directives", ()):
        if isinstance(directive, MaxLength):
            return directive.chars
    named = definition.type.of_type if isinstance(definition.type, GraphQLNonNull) else definition.type
    return MAX_ID_CHARS if named is GraphQLID else MAX_STRING_CHARS


def _check_value(value: object, type_: GraphQLInputType, bound: int, label: str) -> None:
    if isinstance(type_, GraphQLNonNull):
        _check_value(value, type_.of_type, bound, label)
    elif isinstance(type_, GraphQLList) and isinstance(value, list):
        for item in value:
            _check_value(item, type_.of_type, bound, label)
    elif isinstance(type_, GraphQLInputObjectType) and isinstance(value, Mapping):
        _check_fields(type_.fields, value, f"{label}.")
    elif isinstance(value, str) and len(value) > bound:
        raise GraphQLError(f"{label} must be at most {bound} characters long.")


def _check_fields(
    definitions: Mapping[str, GraphQLArgument] | Mapping[str, GraphQLInputField],
    values: Mapping[str, Any],
    prefix: str = "",
) -> None:
    for name, definition in definitions.items():
        value = values.get(definition.out_name or name)
        if value is not None:
            _check_value(value, definition.type, bound_of(definition), f"{prefix}{name}")


class StringBounds(SchemaExtension):
    """Refuses a field whose string arguments exceed their bounds, before its resolver runs."""

    def resolve(
        self, _next: Callable[..., Any], root: Any, info: GraphQLResolveInfo, *args: Any, **kwargs: Any
    ) -> Any:
        field = info.parent_type.fields.get(info.field_name)  # None for __type, which names a type
        if kwargs and field is not None:
            _check_fields(field.args, kwargs)
        return _next(root, info, *args, **kwargs)
