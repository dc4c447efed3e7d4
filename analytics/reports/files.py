"""The files tax software imports, and Cairn's own CSV reports.

Every CSV goes through the lot engine's CSV safety (`analytics.lots.c_core.csv_text`): a text
cell a spreadsheet would run as a formula (= + - @ tab CR first) gets a leading single quote.
Money columns stay numbers (two decimals), so a loss keeps its minus sign. Instants are ISO 8601 in
UTC, as the engine's CSV files write them.

Formats followed:
- TurboTax Online: the "TurboTax Universal" crypto CSV template, Intuit's help article "How do I
  create a CSV file for an unsupported source?" (ttlc.intuit.com, article L1yhp71Nt, the template
  TurboTax Online takes for an "other" crypto source, tax years 2023–2025). Its columns: Date, Type,
  Sent Asset, Sent Amount, Received Asset, Received Amount, Fee Asset, Fee Amount, Market Value
  Currency, Market Value, Description, Transaction Hash, Transaction ID; headers case-insensitive;
  Date and Type required; types Buy, Sale, …; no negative numbers; at most 8 decimal places.
  The template is one of transactions, not of gains: TurboTax pairs sales with buys itself. So each
  Form 8949 line is written as two rows, a Buy of the lot slice it sold (its cost basis in USD) and
  its Sale (the proceeds in USD), with the same quantity: per asset, the year's proceeds and basis
  are Cairn's whatever the method; line by line, they are Cairn's where TurboTax pairs them as
  Cairn did (first in, first out). Intuit's earlier version of the article described a gains
  layout (Currency Name, Purchase Date, Cost Basis, Date Sold, Proceeds); it no longer does.
- TurboTax Desktop: TXF, Tax Exchange Format version 042 (Intuit, change date 11/30/2011):
  header V042 / A<program> / D <date>, then one detail record per sale in record format 4
  (TD, N<refnum>, C1, L1, P<description>, D<acquired>, D<sold>, $<cost basis>, $<sales net>), each
  ended by "^". Refnums per Form 8949 box: 321/323 (A/D), 711/713 (B/E), 712/714 (C/F). TXF 042
  has no refnums for the 2025 digital-asset boxes G–L: they are given the refnums of the same
  reporting (G/J → 321/323, H/K → 711/713, I/L → 712/714), and TurboTax asks which form reported them.
- TaxAct: "Form 1099-B - Create Your Own Spreadsheet (CSV File)" (TaxAct support article 882,
  www.taxact.com/support/882): Description, Date Sold, Sales Proceeds, Date Acquired, Cost or Other
  Basis, Adjustment Code and Adjustment Amount (the 8949's columns (f) and (g), blank where none
  applies), Reporting Category (the Form 8949 box letter; the article lists A–F, the 2025 digital-asset
  boxes G–L are written as the 2025 form's letters).
- CCH (ProSystem fx / Axcess Tax): no published import layout for capital gains was found (the README's
  design notes say where it was looked for). The CCH file is therefore Cairn's CCH worksheet layout, not
  a CCH format: one row per 8949 line under the field names of CCH Axcess Tax's Income > Gains and
  Losses > Capital Gains and Losses worksheet as CCH's help names them (Schedule D field map,
  z001download.cchaxcess.com/taxprodhelp/2020I/Worksheetx/Content/Hlp35316.htm: "Sales Price", "Cost or
  other basis"), with the dates, the term (S/L) and the Form 8949 box (the worksheet gets the box from
  its 1099-B code A/B/C and the term: …/taxprodhelp/2021F/Worksheet/Content/hlp9305.htm), to map.
"""

from datetime import date
from pathlib import Path

import polars as pl
import polars.selectors as cs

from analytics.lots.c_core import csv_text
from analytics.reports.form8949 import plain_quantity
from analytics.reports.money import CENTS, rounded_lines

TXF_REFNUMS = {"A": 321, "D": 323, "B": 711, "E": 713, "C": 712, "F": 714}
TXF_REFNUMS |= dict(zip("GJHKIL", (321, 323, 711, 713, 712, 714), strict=True))


def write_csv(frame: pl.DataFrame, path: Path) -> None:
    frame.with_columns(csv_text(frame.select(cs.string() | cs.datetime(time_zone="UTC")))).write_csv(path)


def _us_date(column: str) -> pl.Expr:
    return pl.col(column).dt.strftime("%m/%d/%Y")


def capital_gains_csv(lines: pl.DataFrame, path: Path) -> None:
    """Cairn's capital gains CSV: the Form 8949 lines, with the box and term."""
    write_csv(
        lines.select(
            pl.col("box").alias("Form 8949 Box"),
            pl.col("description").alias("Description"),
            pl.col("asset").alias("Asset"),
            plain_quantity(pl.col("quantity")).alias("Quantity"),
            pl.col("acquired").dt.strftime("%Y-%m-%d").alias("Date Acquired"),
            pl.col("sold").dt.strftime("%Y-%m-%d").alias("Date Sold"),
            pl.col("proceeds").alias("Proceeds"),
            pl.col("cost_basis").alias("Cost Basis"),
            pl.col("gain").alias("Gain or Loss"),
            pl.col("term").str.to_titlecase().alias("Term"),
        ),
        path,
    )


def turbotax_online_csv(lines: pl.DataFrame, path: Path) -> None:
    """The Universal template: per 8949 line, the Buy of its lot slice and its Sale, in time order (a
    buy before a sale of the same minute)."""
    quantity = _eight_places(pl.col("quantity"))
    described = pl.concat_str(pl.lit("Form 8949 box "), pl.col("box"), pl.lit(": "), pl.col("description"))
    usd, blank = pl.lit("USD"), pl.lit(None, pl.String)

    def rows(
        kind: str, at: str, sent: tuple[pl.Expr, pl.Expr], received: tuple[pl.Expr, pl.Expr], value: str
    ) -> pl.DataFrame:
        return lines.select(
            pl.col(at).alias("at"),
            pl.lit(kind).alias("Type"),
            sent[0].alias("Sent Asset"),
            sent[1].alias("Sent Amount"),
            received[0].alias("Received Asset"),
            received[1].alias("Received Amount"),
            blank.alias("Fee Asset"),
            blank.alias("Fee Amount"),
            usd.alias("Market Value Currency"),
            pl.col(value).cast(pl.String).alias("Market Value"),
            described.alias("Description"),
            blank.alias("Transaction Hash"),
            blank.alias("Transaction ID"),
        )

    buys = rows(
        "Buy",
        "acquired_at",
        (usd, pl.col("cost_basis").cast(pl.String)),
        (pl.col("asset"), quantity),
        "cost_basis",
    )
    sales = rows(
        "Sale", "sold_at", (pl.col("asset"), quantity), (usd, pl.col("proceeds").cast(pl.String)), "proceeds"
    )
    both = pl.concat([buys, sales]).sort(pl.col("at").dt.truncate("1m"), pl.col("Type"), maintain_order=True)
    write_csv(both.select(pl.col("at").dt.strftime("%m/%d/%Y %H:%M").alias("Date"), pl.exclude("at")), path)


def _eight_places(quantity: pl.Expr) -> pl.Expr:
    """An exact quantity as text with at most 8 decimal places (the template's limit), rounded up so that
    a slice of dust never reads 0; the buy and the sale of a line get the same text."""
    units = pl.lit(0, pl.Int128) - ((pl.lit(0, pl.Int128) - quantity.to_physical()) // 10**10)
    text = pl.format("{}.{}", units // 10**8, (units % 10**8).cast(pl.String).str.zfill(8))
    return text.str.strip_chars_end("0").str.strip_chars_end(".")


def taxact_csv(lines: pl.DataFrame, path: Path) -> None:
    write_csv(
        lines.select(
            pl.col("description").alias("Description"),
            _us_date("sold").alias("Date Sold"),
            pl.col("proceeds").alias("Sales Proceeds"),
            _us_date("acquired").alias("Date Acquired"),
            pl.col("cost_basis").alias("Cost or Other Basis"),
            pl.when(pl.col("code") != "").then(pl.col("code")).alias("Adjustment Code"),
            pl.col("adjustment").alias("Adjustment Amount"),
            pl.col("box").alias("Reporting Category"),
        ),
        path,
    )


def cch_csv(lines: pl.DataFrame, path: Path) -> None:
    """Cairn's CCH worksheet layout (see the module's note: CCH has no published import layout)."""
    write_csv(
        lines.select(
            pl.col("description").alias("Description"),
            _us_date("acquired").alias("Date Acquired"),
            _us_date("sold").alias("Date Sold"),
            pl.col("proceeds").alias("Sales Price"),
            pl.col("cost_basis").alias("Cost or other basis"),
            pl.when(pl.col("term") == "LONG").then(pl.lit("L")).otherwise(pl.lit("S")).alias("Term"),
            pl.col("box").alias("Form 8949 Box"),
        ),
        path,
    )


def turbotax_txf(lines: pl.DataFrame, path: Path, exported: date) -> None:
    """TXF 042: a header, then a record-format-4 detail record per line."""
    records = lines.select(
        pl.concat_str(
            pl.lit("TD\nN"),
            pl.col("box").replace_strict(TXF_REFNUMS, return_dtype=pl.String),
            pl.lit("\nC1\nL1\nP"),
            pl.col("description").str.replace_all(r"[\r\n^]", " "),
            pl.lit("\nD"),
            _us_date("acquired"),
            pl.lit("\nD"),
            _us_date("sold"),
            pl.lit("\n$"),
            pl.col("cost_basis").cast(pl.String),
            pl.lit("\n$"),
            pl.col("proceeds").cast(pl.String),
            pl.lit("\n^\n"),
        )
    ).to_series()
    with path.open("w", encoding="ascii", errors="replace", newline="\n") as file:
        file.write(f"V042\nACairn\nD {exported:%m/%d/%Y}\n^\n")
        file.write("".join(records.to_list()))


def tax_lots_csv(lots: pl.DataFrame, path: Path) -> None:
    """The lots still held (all of them, or as of a date when `lots` is an engine run until then)."""
    held = lots.filter(pl.col("remaining") > 0).sort("asset", "acquired_at", "lot_id")
    held = rounded_lines(held, ("remaining_cost_basis",), over="asset")
    write_csv(
        held.select(
            pl.col("asset").alias("Asset"),
            pl.col("account").alias("Account"),
            pl.col("lot_id").alias("Lot ID"),
            pl.col("acquired_at").dt.strftime("%Y-%m-%d").alias("Date Acquired"),
            plain_quantity(pl.col("remaining")).alias("Quantity Held"),
            pl.col("remaining_cost_basis").cast(CENTS).alias("Cost Basis"),
        ),
        path,
    )


def income_csv(by_month: pl.DataFrame, path: Path) -> None:
    write_csv(
        by_month.select(
            pl.col("category").alias("Category"),
            pl.col("month").alias("Month"),
            pl.col("receipts").alias("Receipts"),
            pl.col("value").alias("Income"),
        ),
        path,
    )
