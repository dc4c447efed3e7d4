"""The API process starts work in the worker by name and never computes: importing the app loads none of
the worker's code or its heavy libraries (DESIGN: the API reads results and starts workflows)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import REPO

WORKER_ONLY = ("polars", "duckdb", "analytics", "ingest.files", "activities", "workflows")


def test_importing_the_app_loads_nothing_of_the_worker() -> None:
    listed = subprocess.run(
        [sys.executable, "-c", "import json, sys, api.app; print(json.dumps(sorted(sys.modules)))"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = json.loads(listed.stdout)

    assert [
        name for name in loaded if any(name == top or name.startswith(f"{top}.") for top in WORKER_ONLY)
    ] == []
    assert "contracts.imports" in loaded  # what the API starts work with
