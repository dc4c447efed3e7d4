"""Configuration, read once from the environment (prefix CAIRN_) and the project's .env file."""

from functools import lru_cache
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CAIRN_", env_file=".env", extra="ignore")

    home: Path = Path(".cairn")  # data of the local servers, kept across restarts
    host: str = "127.0.0.1"
    api_port: int = 8000
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
    secret_key: str = "dev-only-secret-change-me"  # signs sessions, encrypts API secrets at rest
    session_days: int = 30
    secure_cookies: bool = False
    max_upload_bytes: int = 200 * 1024 * 1024
    app_origin: str = ""  # defaults to http://{host}:{api_port}
    frontend_dist: Path = Path("frontend/dist")
    maintenance_mode: bool = False  # the SPA shows maintenance_message and holds back changes
    maintenance_message: str = ""

    @property
    def db_url(self) -> str:
        return self.database_url or f"postgresql+psycopg://cairn@{self.host}:{self.pg_port}/cairn"

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
    def origin(self) -> str:
        return self.app_origin or f"http://{self.host}:{self.api_port}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
