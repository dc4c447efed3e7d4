"""`cairn api`: the API serving the built app on CAIRN_HOST:CAIRN_API_PORT, against the configured servers,
in CAIRN_API_WORKERS processes."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "api",
        help="serve the API and the built app against CAIRN_DATABASE_URL, CAIRN_TEMPORAL_ADDRESS "
        "and CAIRN_S3_ENDPOINT",
    )
    parser.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    import uvicorn  # the API's libraries load only for this command

    from ledger.infra.logs import configure_logging
    from ledger.infra.settings import get_settings

    settings = get_settings()
    configure_logging(settings.log_format)  # uvicorn's own lines, from the process that starts the workers
    uvicorn.run(
        f"{__name__}:served_app",
        factory=True,
        host=settings.host,
        port=settings.api_port,
        workers=settings.api_workers,
        access_log=False,
        log_config=None,  # uvicorn's loggers go to the one handler configure_logging set up
    )
    return 0


def served_app() -> FastAPI:
    """The app as each API process serves it, its logging and tracing set up first: uvicorn starts every
    worker but a lone one in a fresh process, which calls this and nothing else of `handle`."""
    from api.app import create_app
    from ledger.infra.logs import configure_logging
    from ledger.infra.settings import get_settings
    from ledger.infra.tracing import configure_tracing

    settings = get_settings()
    configure_logging(settings.log_format)
    configure_tracing(settings.otlp_endpoint, "cairn-api")
    return create_app(settings)
