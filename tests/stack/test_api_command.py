"""`cairn api` serves from CAIRN_API_WORKERS processes, each of which sets up its own logging: uvicorn
starts every worker in a fresh process that runs nothing of the command but the app's factory."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from stack.servers import free_port
from tests.stack.conftest import REPO

STARTUP_SECONDS = 60


def _started_workers(lines: list[str]) -> set[str]:
    """The JSON lines of workers that started (plain lines are not counted: those were not set up)."""
    return {
        line
        for line in lines
        if line.startswith("{") and "Started server process" in json.loads(line)["message"]
    }


def test_each_api_worker_serves_and_logs_as_configured(tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "CAIRN_HOME": str(tmp_path),
        "CAIRN_API_PORT": str(port),
        "CAIRN_API_WORKERS": "2",
        "CAIRN_LOG_FORMAT": "json",
    }
    api = subprocess.Popen(
        [sys.executable, "-m", "stack.cli", "api"], cwd=REPO, env=env, stderr=subprocess.PIPE, text=True
    )
    assert api.stderr is not None
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(api.stderr or ()), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while len(_started_workers(lines)) < 2:
            assert api.poll() is None and time.monotonic() < deadline, "".join(lines)
            time.sleep(0.5)
        assert httpx.get(f"http://127.0.0.1:{port}/healthz").json() == {"status": "ok"}
    finally:
        api.send_signal(signal.SIGINT)
        api.wait(timeout=30)
        reader.join(timeout=5)
