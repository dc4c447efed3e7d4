"""The one rule every paginated field follows: a page holds 1 to MAX_PAGE_SIZE items and starts at most
MAX_OFFSET items in, whether it is asked for by page number or by offset. A bad argument is a GraphQL
error naming it, before any query runs."""

from __future__ import annotations

from graphql import GraphQLError

from api.limits import MAX_OFFSET, MAX_PAGE_SIZE


def _check_limit(limit: int) -> None:
    if not 1 <= limit <= MAX_PAGE_SIZE:
        raise GraphQLError(f"limit must be between 1 and {MAX_PAGE_SIZE}")


def check_page(page: int, limit: int) -> None:
    """A page by number, the first being 1."""
    _check_limit(limit)
    if page < 1:
        raise GraphQLError("page must be 1 or more")
    last = MAX_OFFSET // limit + 1
    if page > last:
        raise GraphQLError(f"page must be at most {last} with a limit of {limit}")


def check_offset(offset: int, limit: int) -> None:
    """A page by the number of items before it."""
    _check_limit(limit)
    if not 0 <= offset <= MAX_OFFSET:
        raise GraphQLError(f"offset must be between 0 and {MAX_OFFSET}")
