"""The whole product for a benchmark: PostgreSQL, Temporal and SeaweedFS, the worker and the API, on free
ports with their data in `home`; and the import path a browser takes, for the benchmarks that fill a
user's ledger through it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ledger.infra.settings import Settings, get_settings
from stack.api_client import ApiError, CairnApi
from stack.local import app_processes
from stack.seed import prepare_database
from stack.servers import (
    ChildProcess,
    LocalServers,
    answers_tcp,
    free_port,
    free_s3_port,
    stop_all,
    wait_until,
)

MiB = 2**20


@contextmanager
def running_product(
    home: Path, max_upload_bytes: int = 200 * MiB
) -> Iterator[tuple[Settings, list[ChildProcess]]]:
    """The servers and the app (worker first, then the API) with their data in `home` (kept, so a second
    run on the same `home` finds the first one's database), until the block ends."""
    os.environ.update(
        {
            "CAIRN_HOME": str(home),
            "CAIRN_PG_PORT": str(free_port()),
            "CAIRN_TEMPORAL_PORT": str(free_port()),
            "CAIRN_TEMPORAL_UI_PORT": str(free_port()),
            "CAIRN_S3_PORT": str(free_s3_port()),
            "CAIRN_API_PORT": str(free_port()),
            "CAIRN_MAX_UPLOAD_BYTES": str(max_upload_bytes),
        }
    )
    get_settings.cache_clear()
    settings = get_settings()
    with LocalServers(settings):
        prepare_database(settings)
        children = app_processes(settings)
        for child in children:
            child.start()
        try:
            wait_until(answers_tcp(settings.host, settings.api_port), "The API", 60, children[-1].log)
            yield settings, children
        finally:
            stop_all(children)


def import_wallet(api: CairnApi, name: str, content: bytes, timeout: float = 900) -> dict[str, object]:
    """A custom wallet of the generic CSV `content`, as the browser makes one: upload, check, create,
    then the import job polled until it is final (answered)."""
    url = api.upload(f"{name.lower()}.csv", content)
    validation = api.validate(url)
    if validation["csvValidationErrors"]:
        raise ApiError(f"{name}: the check failed: {validation['csvValidationErrors'][:5]}")
    return api.wait_for_job(api.create_custom_wallet(name, url), timeout=timeout)
