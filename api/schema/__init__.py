"""The GraphQL schema of /graphql, one module per area; frontend/schema.graphql is its export
(`strawberry export-schema api.schema:schema`)."""

from __future__ import annotations

import strawberry
from strawberry.schema.config import StrawberryConfig
from strawberry.tools import merge_types

from api.schema.accounts import AccountsMutation, AccountsQuery
from api.schema.cost_basis import CostBasisMutation, CostBasisQuery
from api.schema.imports import ImportsMutation, ImportsQuery
from api.schema.integrations import IntegrationsQuery
from api.schema.scalars import SCALARS
from api.schema.tax_lots import TaxLotsQuery
from api.schema.transactions import TransactionsQuery, TransfersMutation
from api.schema.uploads import UploadsMutation, UploadsQuery
from api.schema.users import UsersQuery

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
    ),
)
Mutation = merge_types(
    "Mutation", (UploadsMutation, ImportsMutation, AccountsMutation, CostBasisMutation, TransfersMutation)
)

schema = strawberry.Schema(query=Query, mutation=Mutation, config=StrawberryConfig(scalar_map=SCALARS))
