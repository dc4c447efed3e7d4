"""The catalogue of integrations (exchanges, blockchains, wallets) a user can link, seeded from ingest's
catalogue (spec 000 §3 "Integration"). A slug is unique within its category."""

from __future__ import annotations

from sqlalchemy import ARRAY, Index, Integer, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, text_enum
from vocabulary.enums import FormId, IntegrationCategory, SyncMethod


class Integration(Base):
    __tablename__ = "integrations"
    __table_args__ = (Index("ix_integrations_rank", "rank"),)

    slug: Mapped[str] = mapped_column(String(100), primary_key=True)
    category: Mapped[IntegrationCategory] = mapped_column(
        text_enum(IntegrationCategory, "integration_category"), primary_key=True
    )
    name: Mapped[str] = mapped_column(String(200))
    rank: Mapped[int] = mapped_column(Integer)
    sync_method: Mapped[SyncMethod] = mapped_column(text_enum(SyncMethod, "sync_method"))
    form_id: Mapped[FormId | None] = mapped_column(text_enum(FormId, "form_id"))
    image_url: Mapped[str] = mapped_column(Text)
    is_disabled: Mapped[bool] = mapped_column(server_default=text("false"))
    supports_hd_wallet: Mapped[bool] = mapped_column(server_default=text("false"))
    instructions: Mapped[str] = mapped_column(Text, server_default="")
    website_url: Mapped[str | None] = mapped_column(Text)
    symbol: Mapped[str | None] = mapped_column(String(40))
    crypto_network: Mapped[str | None] = mapped_column(String(100))
    is_evm_chain: Mapped[bool] = mapped_column(server_default=text("false"))
    supported_crypto_networks: Mapped[list[str]] = mapped_column(ARRAY(Text), server_default="{}")
    circle_icon_url: Mapped[str] = mapped_column(Text, server_default="")
    is_institutional: Mapped[bool] = mapped_column(server_default=text("false"))
    csv_coverage_info: Mapped[str] = mapped_column(Text, server_default="")
    sync_coverage_info: Mapped[str | None] = mapped_column(Text)
    supported_file_formats: Mapped[list[str]] = mapped_column(ARRAY(Text), server_default="{}")
    # ImportType values of the exports the integration writes itself (ingest's file formats declare them)
    import_types: Mapped[list[int]] = mapped_column(ARRAY(Integer), server_default="{}")
