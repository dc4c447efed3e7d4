"""Configuration, read once from the environment (prefix CAIRN_) and the project's .env file."""

import contextlib
import os
import secrets
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CAIRN_", env_file=".env", extra="ignore")

    home: Path = Path(".cairn")  # data of the local servers, kept across restarts
    host: str = "127.0.0.1"
    api_port: int = 8000
    api_workers: int = 1  # processes of `cairn api`, each with its own pool and /metrics
    pg_port: int = 5433
    temporal_port: int = 7233
    temporal_ui_port: int = 8233
    s3_port: int = 8333

    # Where the servers are; empty means "the local ones `cairn run` starts".
    database_url: str = ""
    temporal_address: str = ""
    s3_endpoint: str = ""
    s3_public_endpoint: str = ""  # as the browser reaches it (presigned POST target)
    s3_access_key: str = "cairn"
    s3_secret_key: str = "cairn-secret-key"
    s3_bucket: str = "cairn-uploads"
    s3_region: str = "us-east-1"

    task_queue: str = "cairn"
    secret_key: str = "dev-only-secret-change-me"  # keys the hashes of one-time tokens and MFA recovery codes
    # Keys that seal stored secrets (ledger/infra/credentials.py), newest first: secrets are sealed under
    # the first and opened under any, so an old key stays listed until `cairn admin reseal` has run.
    # None given: secret_key alone, as before the two were told apart.
    credential_keys: list[str] = []
    session_days: int = 30
    secure_cookies: bool = False
    max_upload_bytes: int = 200 * 1024 * 1024  # as uploaded, and once decompressed
    max_workbook_bytes: int = 100 * 1024 * 1024  # an XLS/XLSX's data once unzipped (read whole)
    app_origin: str = ""  # defaults to http://{host}:{api_port}
    frontend_dist: Path = Path("frontend/dist")
    maintenance_mode: bool = False  # the SPA shows maintenance_message and holds back changes
    maintenance_message: str = ""
    exchange_urls: dict[str, str] = {}  # ccxt exchange id → API base in place of ccxt's (fakes, proxies)
    exchange_rate_limits: bool = True  # ccxt's limiter on the exchanges' documented limits; off for fakes
    oauth_urls: dict[str, str] = {}  # redirect-based integration slug → OAuth origin in place of its own
    oauth_clients: dict[str, dict[str, str]] = {}  # slug → {"client_id": …, "client_secret": …}
    # OpenID Connect sign-in (api/oidc.py): no issuer, no "Sign in with …" button.
    oidc_issuer: str = ""  # its discovery document is {issuer}/.well-known/openid-configuration
    oidc_client_id: str = ""
    oidc_client_secret: str = ""
    oidc_provider_name: str = ""  # shown as "Sign in with {name}"

    # Outgoing mail (api/mail.py). An empty smtp_host means the local sink `cairn run` starts
    # (stack/smtp_sink.py), which keeps every message in CAIRN_HOME/mail for the dev mailbox page.
    smtp_host: str = ""
    smtp_port: int = 8025
    smtp_username: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    mail_from: str = "Cairn <no-reply@cairn.localhost>"
    dev_mailbox: bool = False  # serves /dev/mailbox (the sink's messages); never on in production

    # Blockchain services wallets sync from (ingest/chains); maps are JSON in the environment.
    esplora_urls: dict[str, str] = {  # network → Esplora API base; a network without one is not synced
        "bitcoin": "https://blockstream.info/api",
        "bitcoin-testnet": "https://blockstream.info/testnet/api",
        "litecoin": "https://litecoinspace.org/api",
    }
    etherscan_url: str = "https://api.etherscan.io/v2/api"  # Etherscan v2: every EVM chain, by chainid
    etherscan_api_key: str = ""
    evm_rpc_urls: dict[str, str] = {  # chain → JSON-RPC for balances and ENS; else Etherscan's balances
        "ethereum": "https://ethereum-rpc.publicnode.com",
    }
    solana_rpc_url: str = "https://api.mainnet-beta.solana.com"  # Solana JSON-RPC

    # The payment provider (api/stripe_adapter.py): Stripe's API base, Cairn's secret key (no key: no
    # checkout) and the webhook endpoint's signing secret.
    stripe_api_url: str = "https://api.stripe.com"
    stripe_secret_key: str = ""
    stripe_webhook_secret: str = ""

    # Price providers (ingest/prices), asked by the daily price fetch in this order.
    coingecko_url: str = "https://api.coingecko.com/api/v3"
    coingecko_api_key: str = ""  # a demo key, sent as x-cg-demo-api-key
    cryptocompare_url: str = "https://min-api.cryptocompare.com"
    cryptocompare_api_key: str = ""
    price_rate_limits: bool = True  # calls paced to each provider's published limit; false only for fakes

    # What operators see (ledger/infra/logs.py, ledger/infra/tracing.py, stack/worker_telemetry.py).
    log_format: Literal["plain", "json"] = "plain"  # json: one JSON object per log line
    otlp_endpoint: str = ""  # an OTLP/HTTP collector (http://host:4318) receiving traces; none: no export
    metrics_token: str = ""  # /metrics asks for "Authorization: Bearer {token}"; none: loopback clients only
    worker_metrics_port: int = 9464  # the worker's Prometheus /metrics (Temporal SDK), on CAIRN_HOST

    @field_validator("credential_keys")
    @classmethod
    def _no_blank_key(cls, keys: list[str]) -> list[str]:
        if any(not key.strip() for key in keys):
            raise ValueError("CAIRN_CREDENTIAL_KEYS holds a blank key")
        return keys

    @property
    def sealing_keys(self) -> tuple[str, ...]:
        return tuple(self.credential_keys) or (self.secret_key,)

    @property
    def db_url(self) -> str:
        return (
            self.database_url
            or f"postgresql+psycopg://cairn:{self.pg_password}@{self.host}:{self.pg_port}/cairn"
        )

    @property
    def pg_password(self) -> str:
        """The local PostgreSQL's password for the `cairn` role: random, made once, kept in CAIRN_HOME."""
        return _kept_secret(self.home / "postgres-password")

    @property
    def temporal(self) -> str:
        return self.temporal_address or f"{self.host}:{self.temporal_port}"

    @property
    def s3(self) -> str:
        return self.s3_endpoint or f"http://{self.host}:{self.s3_port}"

    @property
    def s3_public(self) -> str:
        return self.s3_public_endpoint or self.s3

    @property
    def smtp_server(self) -> str:
        return self.smtp_host or self.host

    @property
    def mail_sink_dir(self) -> Path:
        return self.home.resolve() / "mail"

    @property
    def export_copies_dir(self) -> Path:
        """Where `cairn query` keeps its local copies of exports on S3."""
        return self.home.resolve() / "export-copies"

    @property
    def origin(self) -> str:
        return self.app_origin or f"http://{self.host}:{self.api_port}"


def _kept_secret(path: Path) -> str:
    """The secret in `path`, created there (readable by this user only) when there is none yet."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        draft = path.with_name(f"{path.name}.{os.getpid()}")
        with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
            file.write(secrets.token_hex(32))
        with contextlib.suppress(FileExistsError):  # another process made it first: theirs stands
            os.link(draft, path)
        draft.unlink()
    return path.read_text().strip()


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
