"""Errors of /graphql as clients see them: what a resolver or the schema's limits raise as a
`GraphQLError` is the client's to read (validation, bounds, "not found"); any other exception is a
fault of ours, and its text (a driver's message may quote SQL and values) stays in the server's log
under a reference the client is given instead."""

from __future__ import annotations

import logging
import secrets

from graphql import GraphQLError
from strawberry.extensions import MaskErrors

logger = logging.getLogger(__name__)


def is_unexpected(error: GraphQLError) -> bool:
    original = error.original_error
    return original is not None and not isinstance(original, GraphQLError)


class MaskUnexpectedErrors(MaskErrors):
    def __init__(self) -> None:
        super().__init__(should_mask_error=is_unexpected)

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        reference = secrets.token_hex(6)
        logger.error("unexpected error %s at %s", reference, error.path, exc_info=error.original_error)
        return GraphQLError(
            message=f"Unexpected error (reference {reference}).",
            nodes=error.nodes,
            source=error.source,
            positions=error.positions,
            path=error.path,
        )
