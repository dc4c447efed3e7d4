"""`cairn run` as a user starts it, on free ports, shared by the tests that look at what it runs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import pytest

from ledger.infra.settings import Settings
from stack.servers import free_port, free_s3_port

REPO = Path(__file__).resolve().parents[2]


@dataclass
class RunningStack:
    """A `cairn run` process, the settings it runs with, and what it has written to stderr so far."""

    process: subprocess.Popen[str]
    settings: Settings
    stderr: list[str] = field(default_factory=list)

    def child(self, name: str) -> psutil.Process:
        """The direct child whose executable or command line names `name` (the worker is `cairn worker`)."""
        for child in psutil.Process(self.process.pid).children():
            if child.name() == name or child.cmdline()[-1:] == [name]:
                return child
        raise LookupError(f"cairn run has no {name} process")


@pytest.fixture(scope="session")
def cairn_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningStack]:
    dist = tmp_path_factory.mktemp("dist")
    (dist / "index.html").write_text("<!doctype html><title>Cairn</title><div id=root></div>")
    settings = Settings(
        home=tmp_path_factory.mktemp("cairn-run-home"),
        frontend_dist=dist,
        api_port=free_port(),
        pg_port=free_port(),
        temporal_port=free_port(),
        temporal_ui_port=free_port(),
        s3_port=free_s3_port(),
        smtp_port=free_port(),
        worker_metrics_port=free_port(),
    )
    env = {
        "CAIRN_HOME": str(settings.home),
        "CAIRN_FRONTEND_DIST": str(dist),
        "CAIRN_API_PORT": str(settings.api_port),
        "CAIRN_PG_PORT": str(settings.pg_port),
        "CAIRN_TEMPORAL_PORT": str(settings.temporal_port),
        "CAIRN_TEMPORAL_UI_PORT": str(settings.temporal_ui_port),
        "CAIRN_S3_PORT": str(settings.s3_port),
        "CAIRN_SMTP_PORT": str(settings.smtp_port),
        "CAIRN_WORKER_METRICS_PORT": str(settings.worker_metrics_port),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "stack.cli", "run"],
        cwd=REPO,
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    stack = RunningStack(process, settings)
    assert process.stdout is not None and process.stderr is not None
    errors = process.stderr
    threading.Thread(target=lambda: stack.stderr.extend(iter(errors.readline, "")), daemon=True).start()
    try:
        banner = ""
        while "Data and logs" not in banner:
            line = process.stdout.readline()
            assert line, f"cairn run ended early: {banner}{''.join(stack.stderr)}"
            banner += line
        yield stack
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(60) == 0
