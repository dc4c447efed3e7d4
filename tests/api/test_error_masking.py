"""Only the errors meant for clients reach them: anything else is masked, with a reference in the log."""

from __future__ import annotations

import logging
import re

import pytest
import strawberry
from graphql import GraphQLError

from api.error_masking import MaskUnexpectedErrors
from api.schema import schema as app_schema


@strawberry.type
class Query:
    @strawberry.field
    def fault(self) -> str:
        raise RuntimeError('duplicate key value violates unique constraint "users_email" (SELECT 1)')

    @strawberry.field
    def refused(self) -> str:
        raise GraphQLError("limit must be between 1 and 100")


schema = strawberry.Schema(query=Query, extensions=[MaskUnexpectedErrors])


def test_an_unexpected_exception_is_masked_and_logged_under_its_reference(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.ERROR, logger="api.error_masking"):
        result = schema.execute_sync("{ fault }")
    assert result.errors is not None
    [error] = result.errors
    match = re.fullmatch(r"Unexpected error \(reference ([0-9a-f]{12})\)\.", error.message)
    assert match, error.message
    assert error.path == ["fault"]
    logged = [record for record in caplog.records if match.group(1) in record.getMessage()]
    assert logged and "users_email" in caplog.text


def test_a_graphql_error_and_a_malformed_query_keep_their_messages() -> None:
    refused = schema.execute_sync("{ refused }")
    assert [error.message for error in refused.errors or []] == ["limit must be between 1 and 100"]
    malformed = schema.execute_sync("{ nope }")
    assert [error.message for error in malformed.errors or []] == [
        "Cannot query field 'nope' on type 'Query'."
    ]


def test_the_apps_schema_masks() -> None:
    assert MaskUnexpectedErrors in app_schema.extensions
