"""`cairn tax report`: the lot engine on a ledger file, then one tax report of one year."""

import argparse
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from stack.commands.engine_options import add_engine_arguments, engine_method, method_missing


def register(subparsers: argparse._SubParsersAction) -> None:
    from analytics.reports.types import ReportType
    from analytics.reports.year import Country

    tax = subparsers.add_parser("tax", help="tax reports")
    commands = tax.add_subparsers(dest="tax_command", required=True)
    parser = commands.add_parser(
        "report",
        help="a tax report of one year from a ledger file, without a server",
        description="LEDGER is a ledger file as `cairn lots compute` reads it.",
    )
    parser.add_argument(
        "--type", dest="report_type", type=str.upper, choices=[t.value for t in ReportType], required=True
    )
    parser.add_argument("--year", type=int, required=True)
    parser.add_argument("--country", type=str.upper, choices=[c.value for c in Country], default=None)
    add_engine_arguments(parser)
    parser.add_argument(
        "--as-of",
        type=date.fromisoformat,
        metavar="DATE",
        help="LOTS_AS_OF_DATE: lots held at the end of DATE, UTC (default: the end of the year)",
    )
    parser.add_argument("--name", default="", help="the filer's name on the forms")
    parser.add_argument(
        "--1099da",
        dest="form_1099da",
        type=Path,
        metavar="FILE",
        help="a broker's Form 1099-DA (CSV, or PDF): reconciled, and its reporting chooses the 8949 boxes",
    )
    parser.add_argument("--out", type=Path, required=True, metavar="FILE")
    parser.set_defaults(func=handle_report)


def handle_report(args: argparse.Namespace) -> int:
    from analytics.lots import LedgerError, compute, read_ledger
    from analytics.reports.catalogue import ReportInput, write_report
    from analytics.reports.form_1099da import Form1099DAError, read_1099da
    from analytics.reports.types import COUNTRY_OF, METHOD_OF, ReportType
    from analytics.reports.year import Country, TaxYear
    from ledger.reference.seed import bundled_assets
    from vocabulary.enums import AllocationScope

    if method_missing(args, "cairn tax report"):
        return 2
    form_1099da = None
    if args.form_1099da is not None:
        try:
            form_1099da = read_1099da(args.form_1099da)
        except Form1099DAError as error:
            print(f"cairn tax report: {args.form_1099da}: {error}", file=sys.stderr)
            return 1
    elif ReportType(args.report_type).value.startswith("EXCHANGE_1099"):
        print("cairn tax report: give the broker's 1099-DA with --1099da FILE", file=sys.stderr)
        return 2
    kind = ReportType(args.report_type)
    # a return's country is its form's (Schedule 3: Canada; SA108: the UK, 6 April), whatever --country says
    country = COUNTRY_OF.get(kind) or (Country(args.country) if args.country else Country.US)
    tax_year = TaxYear(args.year, country)
    law = METHOD_OF.get(kind)
    if law is not None and (args.method != law or args.timeline is not None):
        print(
            f"cairn tax report: {kind.value} is computed with the {law} method: give --method {law}",
            file=sys.stderr,
        )
        return 2
    try:
        method = engine_method(args)
        ledger = read_ledger(args.ledger, validate=False)
        result = compute(ledger, method, AllocationScope(args.scope))
        lots = result.lots
        if kind is ReportType.LOTS_AS_OF_DATE:
            until = (
                datetime.combine(args.as_of + timedelta(days=1), datetime.min.time(), UTC)
                if args.as_of
                else tax_year.end
            )
            lots = compute(ledger, method, AllocationScope(args.scope), until=until).lots
    except (LedgerError, ValueError) as error:
        print(f"cairn tax report: {args.ledger}: {error}", file=sys.stderr)
        return 1
    given = ReportInput(
        tax_year,
        result.disposals,
        result.income,
        lots,
        name=args.name,
        made_on=date.today(),
        ledger=ledger,
        form_1099da=form_1099da,
        asset_names={asset["name"].lower(): asset["symbol"] for asset in bundled_assets()},
    )
    write_report(kind, given, args.out)
    print(f"{kind.value} {tax_year.label} → {args.out}")
    return 0
