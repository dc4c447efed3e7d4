"""`cairn lots compute`: a ledger file in, lots, disposals, income and a summary out."""

import argparse
import sys
from pathlib import Path

from analytics.lots import (
    LedgerError,
    Method,
    MethodTimeline,
    Scope,
    read_timeline,
)
from analytics.lots.run import compute_and_write_file
from analytics.lots.writers import OutputFiles


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
    parser.add_argument(
        "--timeline",
        type=Path,
        metavar="FILE",
        help="CSV: start_date,end_date,method (with --method: that method outside its periods)",
    )
    parser.add_argument("--base-currency", default="USD", help="the currency values are in (default USD)")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR")
    parser.set_defaults(func=handle_compute)


def handle_compute(args: argparse.Namespace) -> int:
    if args.method is None and args.timeline is None:
        print("cairn lots compute: give --method, --timeline or both", file=sys.stderr)
        return 2
    try:
        method: Method | MethodTimeline
        if args.timeline is None:
            method = Method(args.method)
        else:
            timeline = read_timeline(args.timeline)
            method = timeline if args.method is None else timeline.outside(Method(args.method))
        written = compute_and_write_file(
            args.ledger,
            method,
            Scope(args.scope),
            OutputFiles(args.out),
            base_currency=args.base_currency.upper(),
        )
    except (LedgerError, ValueError) as error:
        print(f"cairn lots compute: {args.ledger}: {error}", file=sys.stderr)
        return 1
    print(
        f"{written.lots} lots, {written.disposals} disposal slices, {written.income} income rows → {args.out}"
    )
    return 0
