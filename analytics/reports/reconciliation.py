"""1099-DA reconciliation: each sale a broker reported, against Cairn's disposals, and its report.

Cairn's side is its sales of the tax year: the engine's disposal slices summed per disposal
(`flow_id`), gifts and donations given left out as on Form 8949. A form line pairs with a Cairn
sale of the same asset (the line's ticker, name, or code — each also looked up in `names`, a
lower-case name → ticker map — equal to Cairn's asset, any case), sold on the same day give or
take one (brokers date in their own time zone, Cairn in UTC), and either of the same number of
units (to UNITS_TOLERANCE) or of the same proceeds (to AMOUNT_TOLERANCE). The closest date, then
the closest proceeds, wins; pairing is one to one. A broker that splits a sale into its lots
reports several lines for it: lines still unpaired are then grouped by asset and date sold, and a
group pairs with the unpaired Cairn sales of that asset and day when their units add up alike.

Each row of the reconciliation is then, in this order of precedence:
- "Proceeds differ": box 1f and Cairn's proceeds differ by more than AMOUNT_TOLERANCE;
- "Basis differs": the form shows a basis (box 1g) that differs from Cairn's by more than it;
- "Matched": otherwise;
- "Missing in Cairn": a form line no Cairn sale pairs with;
- "Missing on the form": a Cairn sale no line pairs with, in an account the form covers (an
  account at least one line paired in: the broker's), since sales elsewhere are not the broker's.
AMOUNT_TOLERANCE is a dollar: brokers round per lot and may report whole dollars, which the IRS
allows, while Cairn's amounts are exact until rounded to the cent here.

The form also says, per line, whether the broker reported the basis to the IRS, which chooses the
Form 8949 box (form8949.py): box 2 when given; else the applicable-checkbox letter (G, J, A, D:
reported; H, K, B, E: not); else box 9 (a covered security's basis is reported, a noncovered one's
need not be); a line that says none of these is taken as not reported (box H / K).
"""

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from enum import StrEnum
from pathlib import Path
from typing import Any

import polars as pl

from analytics.reports.files import write_csv
from analytics.reports.form8949 import NOT_SALES, plain_quantity
from analytics.reports.money import CENTS, cent, shown
from analytics.reports.pdf import Column, FormPdf

AMOUNT_TOLERANCE = Decimal("1.00")
UNITS_TOLERANCE = Decimal("0.00000001")
DATE_TOLERANCE = timedelta(days=1)
_REPORTED_LETTERS = {
    "G": True,
    "J": True,
    "A": True,
    "D": True,
    "H": False,
    "K": False,
    "B": False,
    "E": False,
}


_SALE_COLUMNS = ("flow_id", "tx_id", "asset", "account", "sold", "quantity", "proceeds", "cost_basis")


class Status(StrEnum):
    MATCHED = "Matched"
    PROCEEDS_DIFFER = "Proceeds differ"
    BASIS_DIFFERS = "Basis differs"
    MISSING_IN_CAIRN = "Missing in Cairn"
    MISSING_ON_FORM = "Missing on the form"


RECONCILIATION_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "status": pl.String,
    "asset": pl.String,
    "form_rows": pl.String,  # the form's data rows ("3", or "3; 4" for a sale reported in lots)
    "form_sold": pl.Date,
    "sold": pl.Date,
    "form_units": pl.Decimal(38, 18),
    "units": pl.Decimal(38, 18),
    "form_proceeds": CENTS,
    "proceeds": CENTS,
    "proceeds_difference": CENTS,  # form − Cairn
    "form_cost_basis": CENTS,
    "cost_basis": CENTS,
    "cost_basis_difference": CENTS,
    "form_term": pl.String,
    "basis_reported": pl.Boolean,
    "account": pl.String,
    "tx_ids": pl.String,
}


@dataclass(frozen=True)
class Reconciliation:
    rows: pl.DataFrame  # RECONCILIATION_SCHEMA, in the form's order, then the sales missing on it
    reported: pl.DataFrame  # flow_id, basis_reported: the Cairn disposals the form reported

    def count(self, status: Status) -> int:
        return self.rows.filter(pl.col("status") == status.value).height


@dataclass
class _Sale:
    flow_id: str
    tx_id: str
    asset: str
    account: str
    sold: date
    units: Decimal
    proceeds: Decimal
    cost_basis: Decimal
    paired: bool = False


def reconcile(
    form: pl.DataFrame, disposals: pl.DataFrame, names: Mapping[str, str] | None = None
) -> Reconciliation:
    """`form`: a 1099-DA's lines (form_1099da.FORM_SCHEMA); `disposals`: the engine's, of the year."""
    sales = _sales(disposals)
    by_day: dict[tuple[str, date], list[_Sale]] = defaultdict(list)
    for sale in sales:
        by_day[sale.asset, sale.sold].append(sale)
    sorted_days = {key: _SortedDay(day) for key, day in by_day.items()}
    assets = {sale.asset.upper(): sale.asset for sale in sales}
    lines = [{**line, "asset": _asset(line, assets, names or {})} for line in form.iter_rows(named=True)]

    pairs: list[tuple[list[dict[str, Any]], list[_Sale]]] = []
    unpaired: list[dict[str, Any]] = []
    for line in lines:
        found = _pair(line, sorted_days)
        if found is None:
            unpaired.append(line)
        else:
            found.paired = True
            pairs.append(([line], [found]))
    missing_in_cairn = []
    for group in _by_asset_and_day(unpaired):
        first = group[0]
        day = [sale for sale in by_day.get((first["asset"], first["sold"]), []) if not sale.paired]
        units = sum((line["units"] or Decimal(0) for line in group), Decimal(0))
        if day and abs(units - sum((sale.units for sale in day), Decimal(0))) <= UNITS_TOLERANCE:
            for sale in day:
                sale.paired = True
            pairs.append((group, day))
        else:
            missing_in_cairn.extend(group)

    rows = [_row(group, paired) for group, paired in pairs]
    rows += [_row([line], []) for line in missing_in_cairn]
    rows.sort(key=lambda row: int(row["form_rows"].split(";")[0]))
    brokers = {sale.account for _, paired in pairs for sale in paired}
    rows += [_row([], [sale]) for sale in sales if not sale.paired and sale.account in brokers]
    reported = [(sale.flow_id, _basis_reported(group)) for group, paired in pairs for sale in paired]
    return Reconciliation(
        pl.DataFrame(rows, schema=RECONCILIATION_SCHEMA),
        pl.DataFrame(reported, schema={"flow_id": pl.String, "basis_reported": pl.Boolean}, orient="row"),
    )


def _sales(disposals: pl.DataFrame) -> list[_Sale]:
    per_flow = (
        disposals.filter(~pl.col("type").is_in(NOT_SALES))
        .group_by("flow_id", maintain_order=True)
        .agg(
            pl.col("tx_id", "asset", "account").first(),
            pl.col("disposed_at").first().dt.date().alias("sold"),
            pl.col("quantity", "proceeds", "cost_basis").sum(),
        )
        .sort("sold", "asset", "flow_id")
    )
    return [_Sale(*row) for row in per_flow.select(*_SALE_COLUMNS).iter_rows()]


def _asset(line: Mapping[str, Any], assets: Mapping[str, str], names: Mapping[str, str]) -> str:
    """Cairn's asset the line is about, else the line's own ticker, name or code."""
    given = [line[key] for key in ("symbol", "name", "code") if line[key]]
    for each in given:
        for candidate in (each, names.get(each.lower(), "")):
            if candidate.upper() in assets:
                return assets[candidate.upper()]
    return given[0] if given else ""


class _SortedDay:
    """An asset's sales of a day, sorted by units and by proceeds: the sales a line fits are found by
    bisection, not by trying each (a busy day has thousands)."""

    def __init__(self, sales: list[_Sale]) -> None:
        self.by_units = sorted(sales, key=lambda sale: sale.units)
        self.units = [sale.units for sale in self.by_units]
        self.by_proceeds = sorted(sales, key=lambda sale: sale.proceeds)
        self.proceeds = [sale.proceeds for sale in self.by_proceeds]

    def fitting(self, units: Decimal | None, proceeds: Decimal) -> Iterator[_Sale]:
        """The unpaired sales of the same units or the same proceeds, each within its tolerance (a sale
        of both may come twice)."""
        ranges = [(self.by_proceeds, self.proceeds, proceeds, AMOUNT_TOLERANCE)]
        if units is not None:
            ranges.append((self.by_units, self.units, units, UNITS_TOLERANCE))
        for sales, keys, value, tolerance in ranges:
            first, last = bisect_left(keys, value - tolerance), bisect_right(keys, value + tolerance)
            yield from (sale for sale in sales[first:last] if not sale.paired)


def _pair(line: Mapping[str, Any], days: Mapping[tuple[str, date], _SortedDay]) -> _Sale | None:
    sold: date = line["sold"]
    fitting = [
        sale
        for offset in (0, -1, 1)
        if (day := days.get((line["asset"], sold + offset * DATE_TOLERANCE))) is not None
        for sale in day.fitting(line["units"], line["proceeds"])
    ]
    return min(
        fitting,
        key=lambda sale: (abs((sale.sold - sold).days), abs(line["proceeds"] - sale.proceeds), sale.flow_id),
        default=None,
    )


def _by_asset_and_day(lines: Iterable[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    groups: dict[tuple[str, date], list[dict[str, Any]]] = defaultdict(list)
    for line in lines:
        groups[line["asset"], line["sold"]].append(line)
    return list(groups.values())


def _basis_reported(lines: list[dict[str, Any]]) -> bool:
    line = lines[0]
    if line["basis_reported"] is not None:
        return bool(line["basis_reported"])
    if line["checkbox"] in _REPORTED_LETTERS:
        return _REPORTED_LETTERS[line["checkbox"]]
    return line["noncovered"] is False


def _row(lines: list[dict[str, Any]], sales: list[_Sale]) -> dict[str, Any]:
    def total(values: Iterable[Decimal | None]) -> Decimal | None:
        present = [value for value in values if value is not None]
        return sum(present, Decimal(0)) if present else None

    form_proceeds = total(line["proceeds"] for line in lines)
    form_basis = total(line["cost_basis"] for line in lines)
    proceeds = cent(sum((sale.proceeds for sale in sales), Decimal(0))) if sales else None
    basis = cent(sum((sale.cost_basis for sale in sales), Decimal(0))) if sales else None
    proceeds_difference = (
        form_proceeds - proceeds if form_proceeds is not None and proceeds is not None else None
    )
    basis_difference = form_basis - basis if form_basis is not None and basis is not None else None
    if not sales:
        status = Status.MISSING_IN_CAIRN
    elif not lines:
        status = Status.MISSING_ON_FORM
    elif proceeds_difference is not None and abs(proceeds_difference) > AMOUNT_TOLERANCE:
        status = Status.PROCEEDS_DIFFER
    elif basis_difference is not None and abs(basis_difference) > AMOUNT_TOLERANCE:
        status = Status.BASIS_DIFFERS
    else:
        status = Status.MATCHED
    terms = {line["term"] for line in lines if line["term"]}
    return {
        "status": status.value,
        "asset": lines[0]["asset"] if lines else sales[0].asset,
        "form_rows": "; ".join(str(line["row"]) for line in lines) or None,
        "form_sold": lines[0]["sold"] if lines else None,
        "sold": sales[0].sold if sales else None,
        "form_units": total(line["units"] for line in lines),
        "units": sum((sale.units for sale in sales), Decimal(0)) if sales else None,
        "form_proceeds": form_proceeds,
        "proceeds": proceeds,
        "proceeds_difference": proceeds_difference,
        "form_cost_basis": form_basis,
        "cost_basis": basis,
        "cost_basis_difference": basis_difference,
        "form_term": "; ".join(sorted(terms)) or None,
        "basis_reported": _basis_reported(lines) if lines else None,
        "account": "; ".join(sorted({sale.account for sale in sales})) or None,
        "tx_ids": "; ".join(sale.tx_id for sale in sales) or None,
    }


_HEADINGS = {
    "status": "Status",
    "asset": "Asset",
    "form_rows": "1099-DA Row",
    "form_sold": "Date Sold (1099-DA)",
    "sold": "Date Sold (Cairn)",
    "form_units": "Units (1099-DA)",
    "units": "Units (Cairn)",
    "form_proceeds": "Proceeds (1099-DA)",
    "proceeds": "Proceeds (Cairn)",
    "proceeds_difference": "Proceeds Difference",
    "form_cost_basis": "Cost Basis (1099-DA)",
    "cost_basis": "Cost Basis (Cairn)",
    "cost_basis_difference": "Cost Basis Difference",
    "form_term": "Term (1099-DA)",
    "basis_reported": "Basis Reported to IRS",
    "account": "Account",
    "tx_ids": "Transaction IDs",
}


def reconciliation_csv(reconciliation: Reconciliation, path: Path) -> None:
    rows = reconciliation.rows.with_columns(
        pl.col("form_sold", "sold").dt.strftime("%Y-%m-%d"),
        plain_quantity(pl.col("form_units")),
        plain_quantity(pl.col("units")),
        pl.col("form_term").str.to_titlecase(),
        pl.col("basis_reported").replace_strict(
            {True: "Yes", False: "No"}, default=None, return_dtype=pl.String
        ),
    )
    write_csv(rows.rename(_HEADINGS), path)


def reconciliation_pdf(reconciliation: Reconciliation, year: int, name: str, path: Path) -> None:
    """A summary (rows per status, totals of each side), then a line per row, differences first."""
    title = "Reconciliation with Cairn's disposals"
    pdf = FormPdf(path, "Form 1099-DA", title, str(year), f"Form 1099-DA: {title}")
    head = [f"Name: {name}", f"Tax year {year}: each sale the broker reported, against Cairn's disposals"]
    pdf.new_page(head)
    rows = reconciliation.rows
    summary = (Column(("Status",), 200), Column(("Rows",), 80, right=True))
    pdf.table(
        summary,
        [[status.value, f"{reconciliation.count(status):,}"] for status in Status],
        lambda: pdf.new_page(head),
    )
    pdf.y -= 6
    for side, proceeds, basis in (
        ("1099-DA", "form_proceeds", "form_cost_basis"),
        ("Cairn", "proceeds", "cost_basis"),
    ):
        pdf.text(
            f"Total proceeds ({side}): {shown(_sum(rows, proceeds))}    "
            f"Total cost basis ({side}): {shown(_sum(rows, basis))}"
        )
    pdf.y -= 6
    columns = (
        Column(("Status",), 78),
        Column(("Asset",), 44),
        Column(("1099-DA", "row"), 34),
        Column(("Date sold",), 52),
        Column(("Units",), 62, right=True),
        Column(("Proceeds", "(1099-DA)"), 60, right=True),
        Column(("Proceeds", "(Cairn)"), 60, right=True),
        Column(("Cost basis", "(1099-DA)"), 60, right=True),
        Column(("Cost basis", "(Cairn)"), 60, right=True),
        Column(("Difference",), 46, right=True),
    )
    order = {status.value: position for position, status in enumerate(Status)}
    ordered = rows.with_columns(rank=pl.col("status").replace_strict(order, return_dtype=pl.Int64)).sort(
        pl.col("rank") == 0, "rank", maintain_order=True
    )

    def amount(value: Decimal | None) -> str:
        return "" if value is None else shown(value)

    lines = (
        [
            row["status"],
            row["asset"],
            row["form_rows"] or "",
            (row["form_sold"] or row["sold"]).strftime("%m/%d/%Y"),
            _units(row["form_units"] if row["form_units"] is not None else row["units"]),
            amount(row["form_proceeds"]),
            amount(row["proceeds"]),
            amount(row["form_cost_basis"]),
            amount(row["cost_basis"]),
            amount(
                row["cost_basis_difference"]
                if row["status"] == Status.BASIS_DIFFERS.value
                else row["proceeds_difference"]
            ),
        ]
        for row in ordered.iter_rows(named=True)
    )
    pdf.table(columns, lines, lambda: pdf.new_page([*head, "(continued)"]))
    pdf.save()


def _sum(rows: pl.DataFrame, column: str) -> Decimal:
    value = rows.get_column(column).sum()
    return Decimal(value) if value is not None else Decimal(0)


def _units(units: Decimal | None) -> str:
    return "" if units is None else f"{units.normalize():f}"
