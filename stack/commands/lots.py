"""`cairn lots compute`: a ledger file in, lots, disposals, income and a summary out."""

import argparse
import sys
from pathlib import Path

from analytics.lots import (
    LedgerError,
    Method,
    MethodTimeline,
    Scope,
    compute,
    read_ledger,
    read_timeline,
    write_outputs,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    lots = subparsers.add_parser("lots", help="the lot engine")
    commands = lots.add_subparsers(dest="lots_command", required=True)
    parser = commands.add_parser(
        "compute",
        help="compute lots, disposals, gains and income from a ledger",
        description="LEDGER is a CSV or Parquet file with the columns tx_id, timestamp, account, type, "
        "asset, direction, quantity, value, is_fee, link_id.",
    )
    parser.add_argument("ledger", type=Path, metavar="LEDGER")
    parser.add_argument("--method", type=str.upper, choices=[m.value for m in Method], default=None)
    parser.add_argument("--scope", choices=[s.value for s in Scope], default=Scope.UNIVERSAL.value)
    parser.add_argument("--timeline", type=Path, metavar="FILE", help="CSV: start_date,end_date,method")
    parser.add_argument("--base-currency", default="USD", help="the currency values are in (default USD)")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR")
    parser.set_defaults(func=handle_compute)


def handle_compute(args: argparse.Namespace) -> int:
    if (args.method is None) == (args.timeline is None):
        print("cairn lots compute: give --method or --timeline (one of them)", file=sys.stderr)
        return 2
    try:
        method: Method | MethodTimeline = (
            read_timeline(args.timeline) if args.timeline else Method(args.method)
        )
        result = compute(
            read_ledger(args.ledger, validate=False),  # compute validates it
            method,
            Scope(args.scope),
            base_currency=args.base_currency.upper(),
        )
    except (LedgerError, ValueError) as error:
        print(f"cairn lots compute: {args.ledger}: {error}", file=sys.stderr)
        return 1
    write_outputs(result, args.out)
    print(
        f"{result.lots.height} lots, {result.disposals.height} disposal slices, "
        f"{result.income.height} income rows → {args.out}"
    )
    return 0
