"""1099-DA reconciliation: each sale a broker reported, against Cairn's disposals, and its report.

Cairn's side is its sales of the tax year: the engine's disposal slices summed per disposal
(`flow_id`), gifts and donations given left out as on Form 8949. A form line pairs with a Cairn
sale of the same asset (the line's ticker, name, or code — each also looked up in `names`, a
lower-case name → ticker map — equal to Cairn's asset, any case), sold on the same day give or
take one (brokers date in their own time zone, Cairn in UTC), and either of the same number of
units (to UNITS_TOLERANCE) or of the same proceeds (to AMOUNT_TOLERANCE). The closest date, then
the closest proceeds, then the earlier sale (by date sold, then flow_id) wins; pairing is one to one,
each line in the form's order taking its best sale no earlier line took (in the C core's `pair` when
it is built). A broker that splits a sale into its lots reports several lines for it: lines still
unpaired are then grouped by asset and date sold, and a group pairs with the unpaired Cairn sales of
that asset and day when their units add up alike.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from enum import StrEnum
from pathlib import Path

import polars as pl

from analytics.lots.c_core import paired
from analytics.reports.files import write_csv
from analytics.reports.form8949 import NOT_SALES, plain_quantity
from analytics.reports.money import CENTS, cents, shown
from analytics.reports.pdf import Column, FormPdf

AMOUNT_TOLERANCE = Decimal("1.00")
UNITS_TOLERANCE = Decimal("0.00000001")
DATE_TOLERANCE = timedelta(days=1)
_DAYS = list(range(-DATE_TOLERANCE.days, DATE_TOLERANCE.days + 1))
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


class Status(StrEnum):
    MATCHED = "Matched"
    PROCEEDS_DIFFER = "Proceeds differ"
    BASIS_DIFFERS = "Basis differs"
    MISSING_IN_CAIRN = "Missing in Cairn"
    MISSING_ON_FORM = "Missing on the form"


# the disposal columns `reconcile` reads
SALE_COLUMNS = (
    "flow_id",
    "tx_id",
    "type",
    "asset",
    "account",
    "disposed_at",
    "quantity",
    "proceeds",
    "cost_basis",
)
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


def reconcile(
    form: pl.DataFrame, disposals: pl.DataFrame, names: Mapping[str, str] | None = None
) -> Reconciliation:
    """`form`: a 1099-DA's lines (form_1099da.FORM_SCHEMA); `disposals`: the engine's, of the year.
    Each line takes its sale (`_paired`), the lines left are then matched in lots (`_in_lots`); each row
    then sums its group's lines and sales."""
    sales = _sales(disposals)
    lines = _with_assets(form, sales, names or {}).with_columns(
        pl.int_range(pl.len(), dtype=pl.Int64).alias("line")
    )
    pairing = _paired(lines, sales)
    pair_lines = lines[pairing.get_column("line")]
    pair_sales = sales[pairing.get_column("sale")]
    unpaired_lines = lines.filter(~_marked(lines.height, pairing.get_column("line")))
    unpaired_sales = sales.filter(~_marked(sales.height, pairing.get_column("sale")))
    in_lots = _in_lots(unpaired_lines, unpaired_sales)
    lot_lines = lines.join(in_lots.select("line", "group").unique(), on="line")
    lot_sales = sales.join(in_lots.select("sale", "group").unique(), on="sale")
    brokers = pl.concat([pair_sales.get_column("account"), lot_sales.get_column("account")]).unique()
    pairs = _row(_form(pair_lines), _cairn(pair_sales))
    in_form_order = pl.concat(
        [
            pairs,
            _row(_form_of_lots(lot_lines), _cairn_of_lots(lot_sales)),
            _row(_form(unpaired_lines.join(lot_lines, on="line", how="anti"))),
        ]
    ).sort("first_row", maintain_order=True)
    missing_on_form = unpaired_sales.join(lot_sales, on="sale", how="anti").filter(
        pl.col("account").is_in(brokers.implode())
    )
    rows = pl.concat([in_form_order, _row(cairn=_cairn(missing_on_form))])
    lot_reported = (
        lot_lines.sort("line").group_by("group").agg(_BASIS_REPORTED.first().alias("basis_reported"))
    )
    reported = pl.concat(
        [
            pl.DataFrame([pair_sales.get_column("flow_id"), pairs.get_column("basis_reported")]),
            lot_sales.join(lot_reported, on="group").select("flow_id", "basis_reported"),
        ]
    ).drop_nulls("basis_reported")
    return Reconciliation(rows.select(*RECONCILIATION_SCHEMA), reported)


def _sales(disposals: pl.DataFrame) -> pl.DataFrame:
    """Cairn's sales of the year, one per disposal, numbered (`sale`) by date sold, asset and flow_id.
    Sorted so, a disposal's slices are together: their sums are taken over runs, not by hashing ids."""
    flow_id = pl.col("flow_id")
    slices = (
        disposals.lazy()
        .filter(~pl.col("type").is_in(NOT_SALES))
        .select(
            "flow_id",
            "tx_id",
            "asset",
            "account",
            pl.col("disposed_at").dt.date().alias("sold"),
            *(pl.col(name).cast(pl.Decimal(38, 18)) for name in ("quantity", "proceeds", "cost_basis")),
        )
        .sort("sold", "asset", "flow_id")
        .with_columns(flow_id.ne_missing(flow_id.shift(1)).cum_sum().cast(pl.Int64).sub(1).alias("sale"))
        .collect()
    )
    if slices.height and slices.item(-1, "sale") == slices.height - 1:  # a slice per disposal
        return slices.rename({"quantity": "units"})
    return slices.group_by("sale", maintain_order=True).agg(
        pl.col("flow_id", "tx_id", "asset", "account", "sold").first(),
        pl.col("quantity").sum().alias("units"),
        pl.col("proceeds", "cost_basis").sum(),
    )


def _with_assets(form: pl.DataFrame, sales: pl.DataFrame, names: Mapping[str, str]) -> pl.DataFrame:
    """The lines with their asset (`_asset`), worked out once per distinct ticker, name and code."""
    last = sales.select("asset").unique(keep="last", maintain_order=True)
    assets = {asset.upper(): asset for asset in last.get_column("asset").to_list()}
    keys = ["symbol", "name", "code"]
    found = form.select(keys).unique()
    found = found.with_columns(
        pl.Series("asset", [_asset(given, assets, names) for given in found.rows()], dtype=pl.String)
    )
    return form.join(found, on=keys, how="left", nulls_equal=True, maintain_order="left")


def _asset(given: tuple[str | None, ...], assets: Mapping[str, str], names: Mapping[str, str]) -> str:
    """Cairn's asset a line is about, else the line's own ticker, name or code."""
    present = [each for each in given if each]
    for each in present:
        for candidate in (each, names.get(each.lower(), "")):
            if candidate.upper() in assets:
                return assets[candidate.upper()]
    return present[0] if present else ""


def _paired(lines: pl.DataFrame, sales: pl.DataFrame) -> pl.DataFrame:
    """(line, sale), in the form's order: each line takes the closest fitting sale not taken before it
    (by date, then proceeds, then the first); in the C core when it is built (`paired`), else here
    (`_choices`, then `_first_free`)."""
    # codes in the assets' order, so that the sales stay sorted by day and code
    codes = {asset: code for code, asset in enumerate(sales.get_column("asset").unique().sort().to_list())}
    line_keys, sale_keys = (
        frame.lazy()
        .select(
            index,
            pl.col("asset").replace_strict(codes, default=None, return_dtype=pl.Int32).alias("asset"),
            pl.col("sold").cast(pl.Int32).alias("day"),
            *(_exact(pl.col(name)).alias(name) for name in ("units", "proceeds")),
        )
        .drop_nulls(("asset", "proceeds"))
        .collect()
        for frame, index in ((lines, "line"), (sales, "sale"))
    )
    tolerances = (_scaled(UNITS_TOLERANCE), _scaled(AMOUNT_TOLERANCE), DATE_TOLERANCE.days)
    took = paired(line_keys, sale_keys, *tolerances)
    if took is not None:
        return pl.DataFrame(
            {
                "line": line_keys.get_column("line").filter(took >= 0),
                "sale": sale_keys.get_column("sale").gather(took.filter(took >= 0)),
            }
        )
    choices = _choices(line_keys.lazy(), sale_keys.lazy())
    keeper = _first_free(_ints(choices.get_column("line")), _ints(choices.get_column("sale")), sales.height)
    return (
        pl.DataFrame(
            {"line": keeper, "sale": range(sales.height)}, schema={"line": pl.Int64, "sale": pl.Int64}
        )
        .drop_nulls()
        .sort("line")
    )


def _marked(count: int, positions: pl.Series) -> pl.Series:
    """`count` booleans, true at `positions`."""
    return pl.repeat(False, count, eager=True).scatter(positions, True)


def _scaled(tolerance: Decimal) -> int:
    return int(tolerance * 10**18)


def _choices(line_keys: pl.LazyFrame, sale_keys: pl.LazyFrame) -> pl.DataFrame:
    """(line, sale) of every fitting sale, each line's together in the form's order, its best first.

    The sales a line fits are found by joins on the asset, the day and a bucket of the units (or the
    proceeds), then checked exactly, and ordered by the line's preference."""
    return (
        pl.concat(
            [
                _fitting(line_keys, sale_keys, "units", UNITS_TOLERANCE, 8),
                _fitting(line_keys, sale_keys, "proceeds", AMOUNT_TOLERANCE, 0),
            ]
        )
        .sort("line", "days_apart", "proceeds_apart", "sale")
        .select("line", "sale")
        .collect()
    )


def _first_free(line_of: Sequence[int], sale_of: Sequence[int], count: int) -> list[int | None]:
    """Per sale, the line that takes it: the choices in order (each line's together, the lines in the
    form's order, a line's best first), each line taking its first sale no earlier line took."""
    keeper: list[int | None] = [None] * count
    paired = -1
    for line, sale in zip(line_of, sale_of, strict=True):
        if line != paired and keeper[sale] is None:
            keeper[sale] = paired = line
    return keeper


def _ints(column: pl.Series) -> Sequence[int]:
    """A column of integers, without nulls, read in place: millions, each read once."""
    array = column.cast(pl.Int64).rechunk().to_arrow()
    return memoryview(array.buffers()[1]).cast("q")[array.offset : array.offset + len(array)]


def _exact(amount: pl.Expr) -> pl.Expr:
    """A decimal as the integer of its 10**-18 units."""
    return amount.cast(pl.Decimal(38, 18)).to_physical()


def _fitting(
    lines: pl.LazyFrame, sales: pl.LazyFrame, column: str, tolerance: Decimal, scale: int
) -> pl.LazyFrame:
    """(line, sale, how many days and how much proceeds apart) of the same asset, sold within
    a day, whose `column` agrees within `tolerance` (10**-scale, the width of the buckets: two values
    that agree are in the same bucket or the next)."""
    bucket = (pl.col(column) // pl.lit(10 ** (18 - scale), pl.Int128)).alias("bucket")
    by_line = (
        lines.filter(pl.col(column).is_not_null())
        .select("line", "asset", "day", "units", bucket, value=column, line_proceeds="proceeds")
        .join(pl.LazyFrame({"near": [-1, 0, 1]}, schema={"near": pl.Int128}), how="cross")
        .select(pl.exclude("near", "bucket"), pl.col("bucket") + pl.col("near"))
    )
    by_sale = (
        sales.select(
            "sale",
            "asset",
            bucket,
            sold="day",
            sale_value=column,
            sale_units="units",
            sale_proceeds="proceeds",
        )
        .join(pl.LazyFrame({"near": _DAYS}, schema={"near": pl.Int32}), how="cross")
        .select(pl.exclude("near"), (pl.col("sold") + pl.col("near")).alias("day"))
    )
    fits = (pl.col("value") - pl.col("sale_value")).abs() <= _scaled(tolerance)
    if column == "proceeds":  # the pairs that fit by units too are found by units
        fits &= ((pl.col("units") - pl.col("sale_units")).abs() > _scaled(UNITS_TOLERANCE)).fill_null(True)
    return (
        by_line.join(by_sale, on=("asset", "day", "bucket"))
        .filter(fits)
        .select(
            "line",
            "sale",
            (pl.col("sold") - pl.col("day")).abs().alias("days_apart"),
            (pl.col("line_proceeds") - pl.col("sale_proceeds")).abs().alias("proceeds_apart"),
        )
    )


def _in_lots(lines: pl.DataFrame, sales: pl.DataFrame) -> pl.DataFrame:
    """(line, sale, group) of the lines left unpaired that, taken per asset and date sold, add up to
    the units of that asset's sales of that day left unpaired (a sale the broker reported in lots)."""
    by_day = (
        lines.sort("line")
        .group_by("asset", "sold", maintain_order=True)
        .agg(pl.col("line"), pl.col("units").fill_null(0).sum().alias("form_units"))
    )
    day_sales = sales.group_by("asset", "sold").agg(pl.col("sale"), pl.col("units").sum())
    return (
        by_day.join(day_sales, on=("asset", "sold"))
        .filter((pl.col("form_units") - pl.col("units")).abs() <= UNITS_TOLERANCE)
        .select(pl.col("line").list.first().alias("group"), "line", "sale")
        .explode("line")
        .explode("sale")
    )


_BASIS_REPORTED = pl.coalesce(
    pl.col("basis_reported"),
    pl.col("checkbox").replace_strict(_REPORTED_LETTERS, default=None, return_dtype=pl.Boolean),
    pl.col("noncovered").eq_missing(False),
)
_FORM_SIDE = pl.Schema(
    {
        "first_row": pl.Int64,
        **{
            name: RECONCILIATION_SCHEMA[name]
            for name in ("form_rows", "form_sold", "form_units", "form_proceeds")
        },
        **{name: RECONCILIATION_SCHEMA[name] for name in ("form_cost_basis", "form_term", "basis_reported")},
        "form_asset": pl.String,
    }
)
_CAIRN_SIDE = pl.Schema(
    {
        **{name: RECONCILIATION_SCHEMA[name] for name in ("asset", "sold", "units", "account", "tx_ids")},
        **dict.fromkeys(("proceeds", "cost_basis"), pl.Decimal(38, 18)),
    }
)


def _form(lines: pl.DataFrame) -> pl.DataFrame:
    """A row's form side, for rows of one line each."""
    return lines.select(
        pl.col("row").alias("first_row"),
        pl.col("row").cast(pl.String).alias("form_rows"),
        pl.col("sold").alias("form_sold"),
        pl.col("units").alias("form_units"),
        pl.col("proceeds").alias("form_proceeds"),
        pl.col("cost_basis").alias("form_cost_basis"),
        pl.col("term").alias("form_term"),
        _BASIS_REPORTED.alias("basis_reported"),
        pl.col("asset").alias("form_asset"),
    ).cast(_FORM_SIDE)


def _form_of_lots(lines: pl.DataFrame) -> pl.DataFrame:
    """A row's form side, for rows of the lines of a `group`, by group (its first line)."""
    return (
        lines.sort("line")
        .group_by("group")
        .agg(
            pl.col("row").first().alias("first_row"),
            pl.col("row").cast(pl.String).str.join("; ").alias("form_rows"),
            pl.col("sold").first().alias("form_sold"),
            *(_total(name).alias(f"form_{name}") for name in ("units", "proceeds", "cost_basis")),
            _joined(pl.col("term").drop_nulls().unique().sort()).alias("form_term"),
            _BASIS_REPORTED.first().alias("basis_reported"),
            pl.col("asset").first().alias("form_asset"),
        )
        .sort("group")
        .select(*_FORM_SIDE)
        .cast(_FORM_SIDE)
    )


def _cairn(sales: pl.DataFrame) -> pl.DataFrame:
    """A row's Cairn side, for rows of one sale each."""
    return sales.select(
        "asset",
        "sold",
        "units",
        "account",
        pl.col("tx_id").alias("tx_ids"),
        "proceeds",
        "cost_basis",
    ).cast(_CAIRN_SIDE)


def _cairn_of_lots(sales: pl.DataFrame) -> pl.DataFrame:
    """A row's Cairn side, for rows of the sales of a `group` (in their order), by group."""
    return (
        sales.sort("sale")
        .group_by("group")
        .agg(
            pl.col("asset", "sold").first(),
            pl.col("units").sum(),
            _joined(pl.col("account").unique().sort()).alias("account"),
            pl.col("tx_id").str.join("; ").alias("tx_ids"),
            pl.col("proceeds", "cost_basis").sum(),
        )
        .sort("group")
        .select(*_CAIRN_SIDE)
        .cast(_CAIRN_SIDE)
    )


def _total(column: str) -> pl.Expr:
    return pl.when(pl.col(column).count() > 0).then(pl.col(column).sum())


def _joined(texts: pl.Expr) -> pl.Expr:
    return pl.when(texts.len() > 0).then(texts.str.join("; "))


def _row(form: pl.DataFrame | None = None, cairn: pl.DataFrame | None = None) -> pl.DataFrame:
    """Rows from their form side and their Cairn side (side by side; either may be absent), with the
    proceeds and basis to the cent, the differences and the status."""
    height = next(side.height for side in (form, cairn) if side is not None)
    sides = [
        side if side is not None else pl.DataFrame(schema=schema).clear(height)
        for side, schema in ((form, _FORM_SIDE), (cairn, _CAIRN_SIDE))
    ]
    rows = pl.concat(sides, how="horizontal")
    rows = rows.with_columns(cents(rows.get_column(name)) for name in ("proceeds", "cost_basis"))
    proceeds_difference = (pl.col("form_proceeds") - pl.col("proceeds")).cast(CENTS)
    basis_difference = (pl.col("form_cost_basis") - pl.col("cost_basis")).cast(CENTS)
    return (
        rows.with_columns(
            pl.coalesce("form_asset", "asset").alias("asset"),
            proceeds_difference.alias("proceeds_difference"),
            basis_difference.alias("cost_basis_difference"),
            pl.when(pl.col("tx_ids").is_null())
            .then(pl.lit(Status.MISSING_IN_CAIRN.value))
            .when(pl.col("form_rows").is_null())
            .then(pl.lit(Status.MISSING_ON_FORM.value))
            .when(proceeds_difference.abs() > AMOUNT_TOLERANCE)
            .then(pl.lit(Status.PROCEEDS_DIFFER.value))
            .when(basis_difference.abs() > AMOUNT_TOLERANCE)
            .then(pl.lit(Status.BASIS_DIFFERS.value))
            .otherwise(pl.lit(Status.MATCHED.value))
            .alias("status"),
        )
        .select(*RECONCILIATION_SCHEMA, "first_row")
        .cast(pl.Schema(RECONCILIATION_SCHEMA))
    )


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
