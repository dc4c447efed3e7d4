"""`cairn db upgrade`: apply the migrations and seed the catalogue and prices (production's one-shot job)."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("db", help="database maintenance")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    upgrade = actions.add_parser(
        "upgrade", help="apply migrations, seed the integration catalogue and prices"
    )
    upgrade.set_defaults(func=handle_upgrade)


def handle_upgrade(args: argparse.Namespace) -> int:
    from ledger.infra.settings import get_settings
    from stack.seed import prepare_database

    prepare_database(get_settings())
    return 0
