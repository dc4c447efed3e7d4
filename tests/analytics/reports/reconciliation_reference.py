"""The 1099-DA pairing as it was first written, line by line in Python: the reference that
analytics.reports.reconciliation's column-at-a-time pairing is checked against (test_reconciliation)."""

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import polars as pl

from analytics.reports.form8949 import NOT_SALES
from analytics.reports.money import cent
from analytics.reports.reconciliation import (
    _REPORTED_LETTERS,
    AMOUNT_TOLERANCE,
    DATE_TOLERANCE,
    RECONCILIATION_SCHEMA,
    UNITS_TOLERANCE,
    Status,
)

_SALE_COLUMNS = ("flow_id", "tx_id", "asset", "account", "sold", "quantity", "proceeds", "cost_basis")


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


def reconciled(
    form: pl.DataFrame, disposals: pl.DataFrame, names: Mapping[str, str]
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The reconciliation's rows and reported disposals (sorted by flow_id)."""
    sales = _sales(disposals)
    by_day: dict[tuple[str, date], list[_Sale]] = defaultdict(list)
    for sale in sales:
        by_day[sale.asset, sale.sold].append(sale)
    sorted_days = {key: _SortedDay(day) for key, day in by_day.items()}
    assets = {sale.asset.upper(): sale.asset for sale in sales}
    lines = [{**line, "asset": _asset(line, assets, names)} for line in form.iter_rows(named=True)]

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
    return (
        pl.DataFrame(rows, schema=RECONCILIATION_SCHEMA),
        pl.DataFrame(
            reported, schema={"flow_id": pl.String, "basis_reported": pl.Boolean}, orient="row"
        ).sort("flow_id"),
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
    given = [line[key] for key in ("symbol", "name", "code") if line[key]]
    for each in given:
        for candidate in (each, names.get(each.lower(), "")):
            if candidate.upper() in assets:
                return assets[candidate.upper()]
    return given[0] if given else ""


class _SortedDay:
    def __init__(self, sales: list[_Sale]) -> None:
        self.by_units = sorted(sales, key=lambda sale: sale.units)
        self.units = [sale.units for sale in self.by_units]
        self.by_proceeds = sorted(sales, key=lambda sale: sale.proceeds)
        self.proceeds = [sale.proceeds for sale in self.by_proceeds]

    def fitting(self, units: Decimal | None, proceeds: Decimal) -> Iterator[_Sale]:
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
        key=lambda sale: (
            abs((sale.sold - sold).days),
            abs(line["proceeds"] - sale.proceeds),
            sale.sold,
            sale.flow_id,
        ),
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
