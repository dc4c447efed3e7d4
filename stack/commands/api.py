"""`cairn api`: the API serving the built app on CAIRN_HOST:CAIRN_API_PORT, against the configured servers."""

from __future__ import annotations

import argparse


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
    from ledger.infra.tracing import configure_tracing

    settings = get_settings()
    configure_logging(settings.log_format)
    configure_tracing(settings.otlp_endpoint, "cairn-api")
    uvicorn.run(
        "api.app:create_app",
        factory=True,
        host=settings.host,
        port=settings.api_port,
        access_log=False,
        log_config=None,  # uvicorn's loggers go to the one handler configure_logging set up
    )
    return 0
