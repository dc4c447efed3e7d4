"""`cairn admin make-admin EMAIL`: grant a user the admin role (the support console, view-as)."""

from __future__ import annotations

import argparse
import sys


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("admin", help="staff roles")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    make_admin = actions.add_parser("make-admin", help="grant the admin role to the user with EMAIL")
    make_admin.add_argument("email", metavar="EMAIL")
    make_admin.set_defaults(func=handle_make_admin)


def handle_make_admin(args: argparse.Namespace) -> int:
    from ledger.infra.settings import get_settings
    from stack.staff import make_admin

    if not make_admin(get_settings(), args.email):
        print(f"No user has the e-mail {args.email}.", file=sys.stderr)
        return 1
    print(f"{args.email} is an admin.")
    return 0
