"""The GraphQL schema of /graphql, one module per area; frontend/schema.graphql is its export
(`strawberry export-schema api.schema:schema`)."""

from __future__ import annotations

import strawberry
from strawberry.schema.config import StrawberryConfig
from strawberry.tools import merge_types

from api.document_bounds import DOCUMENT_BOUNDS
from api.error_masking import MaskUnexpectedErrors
from api.observability import OperationLatency
from api.schema.accounts import AccountsMutation, AccountsQuery
from api.schema.admin import AdminMutation, AdminQuery
from api.schema.broker import BrokerMutation, BrokerQuery
from api.schema.column_mappings import ColumnMappingsMutation
from api.schema.cost_basis import CostBasisMutation, CostBasisQuery
from api.schema.data_export import DataExportMutation, DataExportQuery
from api.schema.feedback import FeedbackMutation, FeedbackQuery
from api.schema.freezing import FreezingMutation, FreezingQuery
from api.schema.harvest import HarvestQuery
from api.schema.imports import ImportsMutation, ImportsQuery
from api.schema.integrations import IntegrationsQuery
from api.schema.linking import LinkingMutation, LinkingQuery
from api.schema.migration import MigrationMutation, MigrationQuery
from api.schema.onboarding import OnboardingMutation, OnboardingQuery
from api.schema.performance import PerformanceQuery
from api.schema.plans import PlansMutation, PlansQuery
from api.schema.portfolio import PortfolioQuery
from api.schema.prices import WatchlistMutation, WatchlistQuery
from api.schema.scalars import SCALARS
from api.schema.settings import SettingsMutation, SettingsQuery
from api.schema.spam import SpamMutation, SpamQuery
from api.schema.tasks import TasksMutation, TasksQuery
from api.schema.tax_lots import TaxLotsQuery
from api.schema.tax_pros import TaxProsMutation, TaxProsQuery
from api.schema.tax_reports import TaxReportsMutation, TaxReportsQuery
from api.schema.transaction_edits import TransactionEditsMutation
from api.schema.transactions import TransactionsQuery, TransfersMutation
from api.schema.uploads import UploadsMutation, UploadsQuery
from api.schema.user_assets import UserAssetsMutation, UserAssetsQuery
from api.schema.user_deletion import UserDeletionMutation, UserDeletionQuery
from api.schema.users import UsersQuery
from api.schema.view_as import ViewAsMutation
from api.tax_pro_view import TaxProAudit
from api.view_as import ReadOnlyViewAs

Query = merge_types(
    "Query",
    (
        UsersQuery,
        UserDeletionQuery,
        IntegrationsQuery,
        UploadsQuery,
        ImportsQuery,
        AccountsQuery,
        LinkingQuery,
        CostBasisQuery,
        FreezingQuery,
        TaxLotsQuery,
        TaxReportsQuery,
        MigrationQuery,
        TasksQuery,
        SpamQuery,
        TransactionsQuery,
        PortfolioQuery,
        PerformanceQuery,
        HarvestQuery,
        SettingsQuery,
        DataExportQuery,
        AdminQuery,
        WatchlistQuery,
        PlansQuery,
        TaxProsQuery,
        OnboardingQuery,
        FeedbackQuery,
        BrokerQuery,
        UserAssetsQuery,
    ),
)
Mutation = merge_types(
    "Mutation",
    (
        UploadsMutation,
        ColumnMappingsMutation,
        ImportsMutation,
        AccountsMutation,
        LinkingMutation,
        CostBasisMutation,
        FreezingMutation,
        TasksMutation,
        SpamMutation,
        TransfersMutation,
        TransactionEditsMutation,
        SettingsMutation,
        TaxReportsMutation,
        MigrationMutation,
        DataExportMutation,
        AdminMutation,
        ViewAsMutation,
        UserDeletionMutation,
        WatchlistMutation,
        PlansMutation,
        TaxProsMutation,
        OnboardingMutation,
        FeedbackMutation,
        BrokerMutation,
        UserAssetsMutation,
    ),
)

schema = strawberry.Schema(
    query=Query,
    mutation=Mutation,
    config=StrawberryConfig(scalar_map=SCALARS),
    extensions=[
        OperationLatency,
        *DOCUMENT_BOUNDS,
        ReadOnlyViewAs,
        TaxProAudit,
        MaskUnexpectedErrors,
    ],
)
