"""Initial schema: users, sessions, integrations, accounts, assets, prices, transactions, flows,
labels, links, imports, jobs, cost-basis status and tax-year freezing.

Revision ID: 0001
Revises:
Create Date: 2026-11-21 21:14:10.000361
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "integrations",
        sa.Column("slug", sa.String(length=100), nullable=False),
        sa.Column(
            "category",
            sa.Enum(
                "Blockchain",
                "Exchange",
                "Wallet",
                name="integration_category",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column(
            "sync_method",
            sa.Enum(
                "Automatic sync",
                "Custom file",
                "Cairn CSV",
                "Automatic sync and custom file",
                name="sync_method",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column(
            "form_id",
            sa.Enum(
                "Public",
                "PublicXpub",
                "TwoXpub",
                "MultiAddress",
                "Address",
                "ApiKey",
                "Passphrase",
                "CustomerId",
                "Coinbase",
                "Coinjar",
                "Uphold",
                name="form_id",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=True,
        ),
        sa.Column("image_url", sa.Text(), nullable=False),
        sa.Column("is_disabled", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("supports_hd_wallet", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("instructions", sa.Text(), server_default="", nullable=False),
        sa.Column("website_url", sa.Text(), nullable=True),
        sa.Column("symbol", sa.String(length=40), nullable=True),
        sa.Column("crypto_network", sa.String(length=100), nullable=True),
        sa.Column("is_evm_chain", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("supported_crypto_networks", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column("circle_icon_url", sa.Text(), server_default="", nullable=False),
        sa.Column("is_institutional", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("csv_coverage_info", sa.Text(), server_default="", nullable=False),
        sa.Column("sync_coverage_info", sa.Text(), nullable=True),
        sa.Column("supported_file_formats", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.PrimaryKeyConstraint("slug", "category", name=op.f("pk_integrations")),
    )
    op.create_index("ix_integrations_rank", "integrations", ["rank"], unique=False)
    op.create_table(
        "prices",
        sa.Column("symbol", sa.String(length=40), nullable=False),
        sa.Column("quote", sa.String(length=10), nullable=False),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("close", sa.Numeric(precision=38, scale=18), nullable=False),
        sa.Column("source", sa.String(length=40), nullable=False),
        sa.PrimaryKeyConstraint("symbol", "quote", "date", name=op.f("pk_prices")),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("public_id", sa.Uuid(), server_default=sa.text("gen_random_uuid()"), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("base_currency", sa.String(length=10), server_default="USD", nullable=False),
        sa.Column("country", sa.String(length=2), nullable=True),
        sa.Column("is_admin", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column(
            "cost_basis_method",
            sa.Enum(
                "ACB",
                "FIFO",
                "HIFO",
                "LIFO",
                "LOFO",
                "SP",
                "WAC",
                name="cost_basis_method",
                native_enum=False,
                create_constraint=True,
            ),
            server_default="FIFO",
            nullable=False,
        ),
        sa.Column("cost_basis_by_wallet", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("tax_year_start_month", sa.SmallInteger(), server_default="1", nullable=False),
        sa.Column("tax_year_start_day", sa.SmallInteger(), server_default="1", nullable=False),
        sa.Column(
            "settings",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default=sa.text("'{}'::jsonb"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("email = lower(email)", name=op.f("ck_users_email_lower_case")),
        sa.CheckConstraint("tax_year_start_day BETWEEN 1 AND 31", name=op.f("ck_users_tax_year_start_day")),
        sa.CheckConstraint(
            "tax_year_start_month BETWEEN 1 AND 12", name=op.f("ck_users_tax_year_start_month")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("email", name=op.f("uq_users_email")),
        sa.UniqueConstraint("public_id", name=op.f("uq_users_public_id")),
    )
    op.create_table(
        "accounts",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.SmallInteger(), nullable=False),
        sa.Column("integration_slug", sa.String(length=100), nullable=True),
        sa.Column(
            "integration_category",
            sa.Enum(
                "Blockchain",
                "Exchange",
                "Wallet",
                name="integration_category",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=True,
        ),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("address", sa.Text(), nullable=True),
        sa.Column("currency_symbol", sa.String(length=40), nullable=True),
        sa.Column("parent_id", sa.BigInteger(), nullable=True),
        sa.Column("is_mining", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("credentials", sa.LargeBinary(), nullable=True),
        sa.Column("is_syncing", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("will_be_deleted", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("is_disabled", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("last_synced_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("kind BETWEEN 1 AND 4", name=op.f("ck_accounts_kind")),
        sa.ForeignKeyConstraint(
            ["integration_slug", "integration_category"],
            ["integrations.slug", "integrations.category"],
            name="fk_accounts_integration",
        ),
        sa.ForeignKeyConstraint(
            ["parent_id"], ["accounts.id"], name=op.f("fk_accounts_parent_id_accounts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_accounts_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
    )
    op.create_index(op.f("ix_accounts_parent_id"), "accounts", ["parent_id"], unique=False)
    op.create_index("ix_accounts_user_id_kind", "accounts", ["user_id", "kind", "id"], unique=False)
    op.create_table(
        "assets",
        sa.Column("id", sa.String(length=200), nullable=False),
        sa.Column("symbol", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column(
            "type",
            sa.Enum(
                "BLOCKCHAIN_TOKEN",
                "CRYPTO_CURRENCY",
                "EXCHANGE_TOKEN",
                "FIAT",
                "NFT",
                "UNKNOWN",
                "USER_DEFINED_TOKEN",
                "VIRTUAL_TOKEN",
                name="currency_type",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column("cmc_id", sa.Integer(), nullable=True),
        sa.Column("rank", sa.Integer(), nullable=True),
        sa.Column("contract_address", sa.String(length=200), nullable=True),
        sa.Column("crypto_network", sa.String(length=100), nullable=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("is_spam", sa.Boolean(), nullable=True),
        sa.Column("was_automarked_as_spam", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.CheckConstraint(
            "(type = 'USER_DEFINED_TOKEN') = (user_id IS NOT NULL)", name=op.f("ck_assets_user_token_owner")
        ),
        sa.CheckConstraint(
            "id ~ '^(crypto|fiat|user_asset|nft|blockchain)_'", name=op.f("ck_assets_id_prefix")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_assets_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_assets")),
    )
    op.create_index(
        "ix_assets_symbol", "assets", ["symbol"], unique=False, postgresql_where=sa.text("user_id IS NULL")
    )
    op.create_index(
        "uq_assets_user_id_symbol",
        "assets",
        ["user_id", "symbol"],
        unique=True,
        postgresql_where=sa.text("user_id IS NOT NULL"),
    )
    op.create_table(
        "cost_basis_method_periods",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("effective_from", sa.Date(), nullable=False),
        sa.Column(
            "method",
            sa.Enum(
                "ACB",
                "FIFO",
                "HIFO",
                "LIFO",
                "LOFO",
                "SP",
                "WAC",
                name="cost_basis_method",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_cost_basis_method_periods_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "effective_from", name=op.f("pk_cost_basis_method_periods")),
    )
    op.create_table(
        "cost_basis_status",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "state",
            sa.Enum(
                "Enqueued",
                "Scheduled",
                "Started",
                "Failed",
                name="cost_basis_state",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=True,
        ),
        sa.Column(
            "priority",
            sa.Enum(
                "HIGH", "LOW", "NORMAL", name="queue_priority", native_enum=False, create_constraint=True
            ),
            nullable=True,
        ),
        sa.Column("compute_start_time", sa.DateTime(timezone=True), nullable=True),
        sa.Column("compute_end_time", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_synced_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("recomputation_date", sa.DateTime(timezone=True), nullable=True),
        sa.Column("is_paused", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("is_undergoing_allocation", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_cost_basis_status_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_cost_basis_status")),
    )
    op.create_table(
        "labels",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_labels_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_labels")),
        sa.UniqueConstraint("user_id", "name", name="uq_labels_user_id_name"),
    )
    op.create_table(
        "tax_year_freezes",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("year", sa.SmallInteger(), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "errored_with_frozen_periods",
                "errored_with_unfrozen_periods",
                "freezing_in_progress",
                "frozen",
                "unfreezing_in_progress",
                "unfrozen",
                name="freezing_status",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column("start_time", sa.DateTime(timezone=True), nullable=True),
        sa.Column("end_time", sa.DateTime(timezone=True), nullable=True),
        sa.Column(
            "last_updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False
        ),
        sa.Column("error", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_tax_year_freezes_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "year", name=op.f("pk_tax_year_freezes")),
    )
    op.create_table(
        "user_sessions",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("token_hash", sa.LargeBinary(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_user_sessions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_user_sessions_token_hash")),
    )
    op.create_index("ix_user_sessions_expires_at", "user_sessions", ["expires_at"], unique=False)
    op.create_index(op.f("ix_user_sessions_user_id"), "user_sessions", ["user_id"], unique=False)
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(length=200), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "csv_import",
                "multi_address_import",
                "cost_basis",
                "sync",
                name="job_kind",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column(
            "status",
            sa.Enum(
                "CANCELLED",
                "ENQUEUED",
                "FAILED",
                "FINISHED",
                "SCHEDULED",
                "STARTED",
                "UNKNOWN",
                name="job_status",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column("progress", sa.SmallInteger(), server_default="0", nullable=False),
        sa.Column("number_total", sa.Integer(), server_default="0", nullable=False),
        sa.Column("number_imported", sa.Integer(), server_default="0", nullable=False),
        sa.Column("number_ignored", sa.Integer(), server_default="0", nullable=False),
        sa.Column("number_skipped", sa.Integer(), server_default="0", nullable=False),
        sa.Column("number_user_defined_tokens", sa.Integer(), server_default="0", nullable=False),
        sa.Column("error_message", sa.Text(), nullable=True),
        sa.Column("result", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("account_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("progress BETWEEN 0 AND 100", name=op.f("ck_jobs_progress_percent")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_jobs_account_id_accounts"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_jobs_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_jobs")),
    )
    op.create_index("ix_jobs_account_id_created_at", "jobs", ["account_id", "created_at"], unique=False)
    op.create_index("ix_jobs_user_id_created_at", "jobs", ["user_id", "created_at"], unique=False)
    op.create_table(
        "imports",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.BigInteger(), nullable=False),
        sa.Column("job_id", sa.String(length=200), nullable=True),
        sa.Column("import_type", sa.SmallInteger(), nullable=False),
        sa.Column("file_key", sa.Text(), nullable=False),
        sa.Column("format_id", sa.String(length=100), nullable=False),
        sa.Column("format_name", sa.String(length=200), nullable=False),
        sa.Column("number_total", sa.Integer(), nullable=False),
        sa.Column("number_imported", sa.Integer(), nullable=False),
        sa.Column("number_ignored", sa.Integer(), nullable=False),
        sa.Column("number_skipped", sa.Integer(), nullable=False),
        sa.Column("number_user_defined_tokens", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("import_type IN (1, 2, 3, 7)", name=op.f("ck_imports_import_type")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_imports_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["job_id"], ["jobs.id"], name=op.f("fk_imports_job_id_jobs"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_imports_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_imports")),
        sa.UniqueConstraint("job_id", name=op.f("uq_imports_job_id")),
    )
    op.create_index(op.f("ix_imports_account_id"), "imports", ["account_id"], unique=False)
    op.create_index(op.f("ix_imports_user_id"), "imports", ["user_id"], unique=False)
    op.create_table(
        "transactions",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("public_id", sa.Uuid(), server_default=sa.text("gen_random_uuid()"), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.BigInteger(), nullable=False),
        sa.Column("natural_key", sa.Text(), nullable=False),
        sa.Column("timestamp", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "type",
            sa.Enum(
                "BUY",
                "SELL",
                "TRADE",
                "SEND",
                "RECEIVE",
                "TRANSFER",
                "DEPOSIT",
                "WITHDRAWAL",
                "FIAT_DEPOSIT",
                "FIAT_WITHDRAWAL",
                "STAKE",
                "UNSTAKE",
                "STAKING_REWARD",
                "MINING_REWARD",
                "AIRDROP",
                "INTEREST",
                "INCOME",
                "FORK",
                "REWARD",
                "CASHBACK",
                "REFERRAL_REWARD",
                "FEE",
                "TRADE_FEE",
                "NETWORK_FEE",
                "FEE_REBATE",
                "MARGIN_TRADE",
                "MARGIN_FEE",
                "MARGIN_PROFIT",
                "MARGIN_LOSS",
                "FUTURES_PROFIT",
                "FUTURES_LOSS",
                "FUNDING_FEE",
                "LENDING_DEPOSIT",
                "LENDING_WITHDRAWAL",
                "LOAN_BORROW",
                "LOAN_REPAYMENT",
                "LIQUIDATION",
                "ADD_LIQUIDITY",
                "REMOVE_LIQUIDITY",
                "LIQUIDITY_REWARD",
                "WRAP",
                "UNWRAP",
                "BRIDGE",
                "GIFT_RECEIVED",
                "GIFT_SENT",
                "DONATION",
                "LOST",
                "STOLEN",
                "NFT_MINT",
                "NFT_PURCHASE",
                "NFT_SALE",
                "SPAM",
                "CONTRACT_INTERACTION",
                "REALIZED_PNL",
                "LINKED_TRADE",
                "MULTI_OPERATION_TRANSACTION",
                "UNKNOWN",
                name="transaction_type",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column("description", sa.Text(), server_default="", nullable=False),
        sa.Column("tx_hash", sa.Text(), nullable=True),
        sa.Column("is_manual", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("is_ignored", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("import_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_transactions_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["import_id"], ["imports.id"], name=op.f("fk_transactions_import_id_imports"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_transactions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_transactions")),
        sa.UniqueConstraint("account_id", "natural_key", name="uq_transactions_account_id_natural_key"),
        sa.UniqueConstraint("public_id", name=op.f("uq_transactions_public_id")),
    )
    op.create_index("ix_transactions_import_id", "transactions", ["import_id"], unique=False)
    op.create_index(
        "ix_transactions_user_id_timestamp", "transactions", ["user_id", "timestamp"], unique=False
    )
    op.create_table(
        "flows",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("transaction_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "direction",
            sa.Enum("INFLOW", "OUTFLOW", name="flow_direction", native_enum=False, create_constraint=True),
            nullable=False,
        ),
        sa.Column("asset_id", sa.String(length=200), nullable=False),
        sa.Column("quantity", sa.Numeric(precision=38, scale=18), nullable=False),
        sa.Column("value", sa.Numeric(precision=38, scale=18), nullable=True),
        sa.Column("value_currency", sa.String(length=10), nullable=True),
        sa.Column("is_fee", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.CheckConstraint(
            "(value IS NULL) = (value_currency IS NULL)", name=op.f("ck_flows_value_with_currency")
        ),
        sa.CheckConstraint("quantity > 0", name=op.f("ck_flows_quantity_positive")),
        sa.ForeignKeyConstraint(["asset_id"], ["assets.id"], name=op.f("fk_flows_asset_id_assets")),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["transactions.id"],
            name=op.f("fk_flows_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_flows")),
    )
    op.create_index(op.f("ix_flows_asset_id"), "flows", ["asset_id"], unique=False)
    op.create_index(op.f("ix_flows_transaction_id"), "flows", ["transaction_id"], unique=False)
    op.create_table(
        "transaction_labels",
        sa.Column("transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("label_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["label_id"],
            ["labels.id"],
            name=op.f("fk_transaction_labels_label_id_labels"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["transactions.id"],
            name=op.f("fk_transaction_labels_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("transaction_id", "label_id", name=op.f("pk_transaction_labels")),
    )
    op.create_index(op.f("ix_transaction_labels_label_id"), "transaction_labels", ["label_id"], unique=False)
    op.create_table(
        "transaction_links",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "link_type",
            sa.Enum(
                "bridge",
                "linked_trade",
                "transfer",
                name="link_type",
                native_enum=False,
                create_constraint=True,
            ),
            nullable=False,
        ),
        sa.Column("from_transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("to_transaction_id", sa.BigInteger(), nullable=False),
        sa.Column("confidence", sa.Numeric(precision=5, scale=4), server_default="1", nullable=False),
        sa.Column("created_by", sa.String(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("created_by IN ('user', 'auto')", name=op.f("ck_transaction_links_created_by")),
        sa.CheckConstraint(
            "confidence >= 0 AND confidence <= 1", name=op.f("ck_transaction_links_confidence_range")
        ),
        sa.CheckConstraint(
            "from_transaction_id <> to_transaction_id", name=op.f("ck_transaction_links_distinct_ends")
        ),
        sa.ForeignKeyConstraint(
            ["from_transaction_id"],
            ["transactions.id"],
            name=op.f("fk_transaction_links_from_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["to_transaction_id"],
            ["transactions.id"],
            name=op.f("fk_transaction_links_to_transaction_id_transactions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_transaction_links_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_transaction_links")),
        sa.UniqueConstraint(
            "from_transaction_id", "to_transaction_id", "link_type", name="uq_transaction_links"
        ),
    )
    op.create_index(
        op.f("ix_transaction_links_to_transaction_id"),
        "transaction_links",
        ["to_transaction_id"],
        unique=False,
    )
    op.create_index(op.f("ix_transaction_links_user_id"), "transaction_links", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_transaction_links_user_id"), table_name="transaction_links")
    op.drop_index(op.f("ix_transaction_links_to_transaction_id"), table_name="transaction_links")
    op.drop_table("transaction_links")
    op.drop_index(op.f("ix_transaction_labels_label_id"), table_name="transaction_labels")
    op.drop_table("transaction_labels")
    op.drop_index(op.f("ix_flows_transaction_id"), table_name="flows")
    op.drop_index(op.f("ix_flows_asset_id"), table_name="flows")
    op.drop_table("flows")
    op.drop_index("ix_transactions_user_id_timestamp", table_name="transactions")
    op.drop_index("ix_transactions_import_id", table_name="transactions")
    op.drop_table("transactions")
    op.drop_index(op.f("ix_imports_user_id"), table_name="imports")
    op.drop_index(op.f("ix_imports_account_id"), table_name="imports")
    op.drop_table("imports")
    op.drop_index("ix_jobs_user_id_created_at", table_name="jobs")
    op.drop_index("ix_jobs_account_id_created_at", table_name="jobs")
    op.drop_table("jobs")
    op.drop_index(op.f("ix_user_sessions_user_id"), table_name="user_sessions")
    op.drop_index("ix_user_sessions_expires_at", table_name="user_sessions")
    op.drop_table("user_sessions")
    op.drop_table("tax_year_freezes")
    op.drop_table("labels")
    op.drop_table("cost_basis_status")
    op.drop_table("cost_basis_method_periods")
    op.drop_index(
        "uq_assets_user_id_symbol", table_name="assets", postgresql_where=sa.text("user_id IS NOT NULL")
    )
    op.drop_index("ix_assets_symbol", table_name="assets", postgresql_where=sa.text("user_id IS NULL"))
    op.drop_table("assets")
    op.drop_index("ix_accounts_user_id_kind", table_name="accounts")
    op.drop_index(op.f("ix_accounts_parent_id"), table_name="accounts")
    op.drop_table("accounts")
    op.drop_table("users")
    op.drop_table("prices")
    op.drop_index("ix_integrations_rank", table_name="integrations")
    op.drop_table("integrations")
