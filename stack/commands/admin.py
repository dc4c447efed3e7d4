"""`cairn admin make-admin EMAIL`: grant a user the admin role (the support console, view-as);
`cairn admin make-broker EMAIL [--connect EMAIL …]`: broker mode of the CBE demo (spec 001 §6);
`cairn admin reseal`: every stored secret sealed again under the newest of CAIRN_CREDENTIAL_KEYS."""

from __future__ import annotations

import argparse
import sys


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("admin", help="staff roles")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    make_admin = actions.add_parser("make-admin", help="grant the admin role to the user with EMAIL")
    make_admin.add_argument("email", metavar="EMAIL")
    make_admin.set_defaults(func=handle_make_admin)
    reseal = actions.add_parser(
        "reseal", help="seal every stored secret again under the newest credential key"
    )
    reseal.set_defaults(func=handle_reseal)
    make_broker = actions.add_parser(
        "make-broker", help="turn on broker mode for the user with EMAIL, connected to themselves"
    )
    make_broker.add_argument("email", metavar="EMAIL")
    make_broker.add_argument(
        "--connect", action="append", default=[], metavar="EMAIL", help="also connect this user to the broker"
    )
    make_broker.set_defaults(func=handle_make_broker)


def handle_make_admin(args: argparse.Namespace) -> int:
    from ledger.infra.settings import get_settings
    from stack.staff import make_admin

    if not make_admin(get_settings(), args.email):
        print(f"No user has the e-mail {args.email}.", file=sys.stderr)
        return 1
    print(f"{args.email} is an admin.")
    return 0


def handle_make_broker(args: argparse.Namespace) -> int:
    from ledger.infra.settings import get_settings
    from stack.staff import make_broker

    missing = make_broker(get_settings(), args.email, args.connect)
    if missing is not None:
        print(f"No user has the e-mail {missing}.", file=sys.stderr)
        return 1
    print(f"{args.email} is a broker with {len(args.connect) + 1} connected users.")
    return 0


def handle_reseal(args: argparse.Namespace) -> int:
    from ledger.infra.db import sync_engine, sync_sessions
    from ledger.infra.settings import get_settings
    from ledger.writes.resealing import reseal_all

    settings = get_settings()
    engine = sync_engine(settings.db_url)
    try:
        report = reseal_all(sync_sessions(engine), settings.sealing_keys)
    finally:
        engine.dispose()
    print(f"Resealed {report.resealed} secret(s) under the newest key; {report.current} already were.")
    if report.unreadable:
        rows = ", ".join(f"{table} {key}" for table, key in report.unreadable)
        print(
            f"{len(report.unreadable)} secret(s) could not be opened with any key of CAIRN_CREDENTIAL_KEYS "
            f"and were left as they are ({rows}). Add the key they were sealed under and run again.",
            file=sys.stderr,
        )
        return 1
    return 0
