"""The checks every GraphQL document passes before it runs, on /graphql and /public/graphql alike: its
size in tokens, its depth and aliases (validation rules beside GraphQL's own), its cost, and the length
of its strings.

A document is parsed and validated once per distinct text: the pages poll the same few documents, and
parsing and validating each request again was most of its time. Both caches are bounded LRUs, shared by
every request, so unseen texts only push older ones out."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from graphql import ASTValidationRule
from strawberry.extensions import (
    AddValidationRules,
    MaxTokensLimiter,
    ParserCache,
    SchemaExtension,
    ValidationCache,
)
from strawberry.extensions.max_aliases import create_validator as aliases_rule
from strawberry.extensions.query_depth_limiter import create_validator as depth_rule

from api.limits import MAX_ALIASES, MAX_QUERY_DEPTH, MAX_QUERY_TOKENS
from api.query_cost import QueryCostLimiter
from api.string_bounds import StringBounds

DOCUMENT_CACHE_SIZE = 512  # distinct documents kept parsed and validated; the app sends about 160

# Made once: ValidationCache keys on the rules, and QueryDepthLimiter and MaxAliasesLimiter would make
# new rule classes with every request, so no validation would ever be found in the cache.
_RULES: list[type[ASTValidationRule]] = [
    depth_rule(MAX_QUERY_DEPTH, should_ignore=None),
    aliases_rule(MAX_ALIASES),
]

DOCUMENT_BOUNDS: list[Callable[[], SchemaExtension]] = [
    partial(MaxTokensLimiter, max_token_count=MAX_QUERY_TOKENS),  # the parse cache keys on this bound
    partial(ParserCache, maxsize=DOCUMENT_CACHE_SIZE),
    partial(AddValidationRules, _RULES),
    partial(ValidationCache, maxsize=DOCUMENT_CACHE_SIZE),
    QueryCostLimiter,
    StringBounds,
]
