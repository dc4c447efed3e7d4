"""The whole product running on this machine: the servers, then the worker and the API, until stopped."""

from __future__ import annotations

import os
import signal
import sys
import threading
from types import FrameType

from ledger.infra.settings import Settings, get_settings
from stack.demo import (
    DEMO_ADMIN_EMAIL,
    DEMO_ADMIN_PASSWORD,
    DEMO_BROKER_EMAIL,
    DEMO_BROKER_PASSWORD,
    DEMO_EMAIL,
    DEMO_PASSWORD,
)
from stack.demo_fakes import start_demo_fakes
from stack.seed import add_demo_user, prepare_database
from stack.servers import (
    ChildProcess,
    LocalServers,
    ServerError,
    answers_tcp,
    require_free,
    stop_all,
    wait_until,
)
from stack.supervision import Supervisor


def run_locally(*, demo: bool) -> int:
    """Start everything and serve until Ctrl-C (or SIGTERM); the exit status."""
    settings = get_settings()
    if not (settings.frontend_dist / "index.html").exists():
        print(
            f"The app is not built: {settings.frontend_dist}/index.html is missing. Run `make run`.",
            file=sys.stderr,
        )
        return 1
    stop = threading.Event()

    def on_signal(number: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        require_free(settings.host, {"CAIRN_API_PORT": settings.api_port})
        with LocalServers(settings) as servers:
            prepare_database(settings)
            return serve(settings, stop, servers.children, demo=demo)
    except ServerError as error:
        print(f"cairn: {error}", file=sys.stderr)
        return 1


def app_processes(settings: Settings, env: dict[str, str] | None = None) -> list[ChildProcess]:
    """The worker and the API (`cairn worker`, `cairn api`); `env` replaces the environment they inherit."""
    logs = settings.home.resolve() / "logs"
    cairn = [sys.executable, "-m", "stack.cli"]
    return [
        ChildProcess("worker", [*cairn, "worker"], logs / "worker.log", env=env, stop_signal=signal.SIGINT),
        ChildProcess("API", [*cairn, "api"], logs / "api.log", env=env),
    ]


def serve(settings: Settings, stop: threading.Event, servers: list[ChildProcess], *, demo: bool) -> int:
    """Runs the worker and the API, and keeps them and `servers` running until `stop` is set. The demo's
    worker and API reach the demo's fakes instead of the outside services (stack/demo_fakes.py)."""
    fakes = start_demo_fakes(settings) if demo else None
    apps = app_processes(settings, None if fakes is None else {**os.environ, **fakes.settings()})
    children = apps if fakes is None else [fakes.process, *apps]
    try:
        for child in apps:
            child.start()
        wait_until(answers_tcp(settings.host, settings.api_port), "The API", 60, apps[-1].log)
        if demo:
            print("Adding the demo user, importing its files and linking its accounts…", flush=True)
            add_demo_user(settings)
        print(banner(settings, demo=demo), flush=True)
        Supervisor([*servers, *children]).watch(stop)
        print("\nStopping…", flush=True)
        return 0
    finally:
        stop_all(children)


def banner(settings: Settings, *, demo: bool) -> str:
    home = settings.home.resolve()
    return "\n".join(
        [
            "",
            "Cairn is running. A process that stops is started again; Ctrl-C stops everything.",
            f"  App              {settings.origin}",
            f"  GraphQL API      {settings.origin}/graphql",
            f"  Temporal UI      http://{settings.host}:{settings.temporal_ui_port}",
            f"  Temporal gRPC    {settings.temporal}",
            f"  S3 (SeaweedFS)   {settings.s3}  bucket {settings.s3_bucket}",
            *([f"  Mailbox          {settings.origin}/dev/mailbox"] if settings.dev_mailbox else []),
            f"  PostgreSQL       postgresql://cairn@{settings.host}:{settings.pg_port}/cairn"
            f"  password in {home / 'postgres-password'}",
            f"  Data and logs    {home}",
            *([f"  Demo sign-in     {DEMO_EMAIL} / {DEMO_PASSWORD}"] if demo else []),
            *([f"  Demo admin       {DEMO_ADMIN_EMAIL} / {DEMO_ADMIN_PASSWORD}"] if demo else []),
            *([f"  Demo broker      {DEMO_BROKER_EMAIL} / {DEMO_BROKER_PASSWORD}"] if demo else []),
            *(["  Demo services    local fakes of Kraken, Esplora, Etherscan, Ethereum"] if demo else []),
            "",
        ]
    )
