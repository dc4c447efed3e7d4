"""The cost of a GraphQL operation: how many objects it may ask for, refused above MAX_QUERY_COST before
anything runs.

Every object a field returns counts one. A list below a field with a `limit` argument (a page's items)
holds `limit` objects, any other list UNPAGED_LIST_COST, and what is selected inside a list counts once
per object. The limit is read from the operation and its variables, as the resolver will receive it.
Introspection is left to graphql-core's own bound on its depth.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLField,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    SelectionSetNode,
    VariableNode,
    get_named_type,
    get_operation_ast,
)
from strawberry.extensions import SchemaExtension

from api.limits import MAX_PAGE_SIZE, MAX_QUERY_COST, UNPAGED_LIST_COST

TOO_COSTLY = "This query asks for up to {cost} objects; at most {limit} may be asked for at once."


class _Costing:
    def __init__(self, schema: GraphQLSchema, document: DocumentNode, variables: Mapping[str, Any]) -> None:
        self.schema = schema
        self.variables = variables
        self.fragments = {
            definition.name.value: definition
            for definition in document.definitions
            if isinstance(definition, FragmentDefinitionNode)
        }

    def fields(
        self, selection_set: SelectionSetNode, parent: GraphQLNamedType
    ) -> Iterator[tuple[FieldNode, GraphQLField]]:
        """The selected fields, fragments expanded, with their definitions (unknown ones left out)."""
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                if isinstance(parent, GraphQLObjectType | GraphQLInterfaceType):
                    field = parent.fields.get(selection.name.value)
                    if field is not None:
                        yield selection, field
                continue
            if isinstance(selection, FragmentSpreadNode):
                fragment: FragmentDefinitionNode | InlineFragmentNode | None = self.fragments.get(
                    selection.name.value
                )
            else:
                assert isinstance(selection, InlineFragmentNode)
                fragment = selection
            if fragment is None:
                continue
            condition = fragment.type_condition
            inner = parent if condition is None else self.schema.get_type(condition.name.value)
            if inner is not None:
                yield from self.fields(fragment.selection_set, inner)

    def page_size(self, node: FieldNode, field: GraphQLField) -> int | None:
        """The `limit` a field is asked for, at most MAX_PAGE_SIZE; None for a field without one."""
        if "limit" not in field.args:
            return None
        given = next(
            (argument.value for argument in node.arguments or () if argument.name.value == "limit"), None
        )
        if isinstance(given, IntValueNode):
            value: object = int(given.value)
        elif isinstance(given, VariableNode):
            value = self.variables.get(given.name.value, MAX_PAGE_SIZE)
        else:
            value = field.args["limit"].default_value
        return min(value, MAX_PAGE_SIZE) if isinstance(value, int) else MAX_PAGE_SIZE

    def cost(self, selection_set: SelectionSetNode, parent: GraphQLNamedType, page: int | None) -> int:
        """Objects asked for in `selection_set`, inside a field with `page` as its limit, if any."""
        total = 0
        for node, field in self.fields(selection_set, parent):
            if node.selection_set is None:
                continue  # a scalar: read from an object already counted
            type_ = field.type.of_type if isinstance(field.type, GraphQLNonNull) else field.type
            objects = (page or UNPAGED_LIST_COST) if isinstance(type_, GraphQLList) else 1
            inner = self.cost(node.selection_set, get_named_type(field.type), self.page_size(node, field))
            total += objects * (1 + inner)
        return total


def query_cost(
    schema: GraphQLSchema, document: DocumentNode, operation_name: str | None, variables: Mapping[str, Any]
) -> int:
    operation = get_operation_ast(document, operation_name)
    root = None if operation is None else schema.get_root_type(operation.operation)
    if operation is None or root is None:
        return 0
    return _Costing(schema, document, variables).cost(operation.selection_set, root, None)


class QueryCostLimiter(SchemaExtension):
    """Answers an operation over MAX_QUERY_COST with an error instead of running it."""

    def on_execute(self) -> Iterator[None]:
        context = self.execution_context
        assert context.graphql_document is not None
        cost = query_cost(
            context.schema._schema, context.graphql_document, context.operation_name, context.variables or {}
        )
        if cost > MAX_QUERY_COST:
            error = GraphQLError(TOO_COSTLY.format(cost=cost, limit=MAX_QUERY_COST))
            context.result = ExecutionResult(data=None, errors=[error])
        yield
