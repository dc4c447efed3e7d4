"""`cairn run` brings everything up, answers on its port, and Ctrl-C leaves no process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil

from stack.servers import free_port, free_s3_port

REPO = Path(__file__).resolve().parents[2]


def processes_under(home: Path) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        if any(str(home) in part for part in process.info["cmdline"] or []):
            found.append(process)
    return found


def test_run_serves_the_app_and_ctrl_c_stops_everything(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><title>Cairn</title><div id=root></div>")
    home = tmp_path / "home"
    api_port = free_port()
    env = {
        **os.environ,
        "CAIRN_HOME": str(home),
        "CAIRN_FRONTEND_DIST": str(dist),
        "CAIRN_API_PORT": str(api_port),
        "CAIRN_PG_PORT": str(free_port()),
        "CAIRN_TEMPORAL_PORT": str(free_port()),
        "CAIRN_TEMPORAL_UI_PORT": str(free_port()),
        "CAIRN_S3_PORT": str(free_s3_port()),
        "CAIRN_SMTP_PORT": str(free_port()),
        "CAIRN_WORKER_METRICS_PORT": str(free_port()),
    }
    run = subprocess.Popen(
        [sys.executable, "-m", "stack.cli", "run"], cwd=REPO, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        banner = ""
        assert run.stdout is not None
        while "Data and logs" not in banner:
            line = run.stdout.readline()
            assert line, f"cairn run ended early: {banner}"
            banner += line
        for name in ("App", "GraphQL API", "Temporal UI", "S3 (SeaweedFS)", "PostgreSQL"):
            assert name in banner
        assert "IDE" not in banner  # none is served (api.graphql)
        origin = f"http://127.0.0.1:{api_port}"
        assert httpx.get(f"{origin}/healthz").status_code == 200
        assert "<div id=root>" in httpx.get(f"{origin}/wallets").text  # the SPA, for a client-side route
        assert httpx.get(f"http://127.0.0.1:{env['CAIRN_TEMPORAL_UI_PORT']}/").status_code == 200
        assert len(processes_under(home)) >= 3  # PostgreSQL, Temporal, SeaweedFS at least
    finally:
        run.send_signal(signal.SIGINT)
        assert run.wait(60) == 0
    deadline = time.monotonic() + 10
    while processes_under(home) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert processes_under(home) == []
    assert (home / "postgres" / "PG_VERSION").exists()  # data kept for the next start


def test_a_port_in_use_stops_run_with_a_clear_message(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html>")
    with __import__("socket").socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {
            **os.environ,
            "CAIRN_HOME": str(tmp_path / "home"),
            "CAIRN_FRONTEND_DIST": str(dist),
            "CAIRN_API_PORT": str(port),
        }
        result = subprocess.run(
            [sys.executable, "-m", "stack.cli", "run"],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert f"Port {port} on 127.0.0.1 is already in use" in result.stderr
    assert "CAIRN_API_PORT" in result.stderr
