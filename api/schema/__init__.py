"""The GraphQL schema of /graphql, one module per area; frontend/schema.graphql is its export
(`strawberry export-schema api.schema:schema`)."""

from __future__ import annotations

from functools import partial

import strawberry
from strawberry.extensions import MaxAliasesLimiter, MaxTokensLimiter, QueryDepthLimiter
from strawberry.schema.config import StrawberryConfig
from strawberry.tools import merge_types

from api.limits import MAX_ALIASES, MAX_QUERY_DEPTH, MAX_QUERY_TOKENS
from api.query_cost import QueryCostLimiter
from api.schema.accounts import AccountsMutation, AccountsQuery
from api.schema.cost_basis import CostBasisMutation, CostBasisQuery
from api.schema.imports import ImportsMutation, ImportsQuery
from api.schema.integrations import IntegrationsQuery
from api.schema.portfolio import PortfolioQuery
from api.schema.scalars import SCALARS
from api.schema.settings import SettingsMutation, SettingsQuery
from api.schema.tax_lots import TaxLotsQuery
from api.schema.transaction_edits import TransactionEditsMutation
from api.schema.transactions import TransactionsQuery, TransfersMutation
from api.schema.uploads import UploadsMutation, UploadsQuery
from api.schema.users import UsersQuery
from api.string_bounds import StringBounds

Query = merge_types(
    "Query",
    (
        UsersQuery,
        IntegrationsQuery,
        UploadsQuery,
        ImportsQuery,
        AccountsQuery,
        CostBasisQuery,
        TaxLotsQuery,
        TransactionsQuery,
        PortfolioQuery,
        SettingsQuery,
    ),
)
Mutation = merge_types(
    "Mutation",
    (
        UploadsMutation,
        ImportsMutation,
        AccountsMutation,
        CostBasisMutation,
        TransfersMutation,
        TransactionEditsMutation,
        SettingsMutation,
    ),
)

schema = strawberry.Schema(
    query=Query,
    mutation=Mutation,
    config=StrawberryConfig(scalar_map=SCALARS),
    extensions=[
        partial(MaxTokensLimiter, max_token_count=MAX_QUERY_TOKENS),
        partial(QueryDepthLimiter, max_depth=MAX_QUERY_DEPTH),
        partial(MaxAliasesLimiter, max_alias_count=MAX_ALIASES),
        QueryCostLimiter,
        StringBounds,
    ],
)
