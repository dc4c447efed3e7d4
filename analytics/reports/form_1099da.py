"""A broker's Form 1099-DA, read from its CSV or, when that is all the user has, its PDF's text.

Followed: IRS Form 1099-DA "Digital Asset Proceeds From Broker Transactions" (2025) and its
instructions; the boxes kept, one line per sale (each becomes a row of `FORM_SCHEMA`):
  applicable checkbox on Form 8949 (G, H, J, K; A, B, D, E on a 1099-B-style statement) → checkbox
  box 1a code for digital asset (DTIF code, 999999999 when unregistered) → code
  box 1b name of digital asset → name;  a ticker column (not a box, brokers add one) → symbol
  box 1c number of units → units;  box 1d date acquired (blank or VARIOUS allowed) → acquired
  box 1e date sold or disposed → sold;  box 1f proceeds → proceeds
  box 1g cost or other basis → cost_basis;  box 1h accrued market discount → market_discount
  box 1i wash sale loss disallowed → wash_sale_loss;  box 2 check if basis reported to IRS
  → basis_reported;  box 6 short-term / long-term / ordinary → term;  box 9 check if the digital
  asset is a noncovered security → noncovered.
A CSV header may be the box ("Box 1f", "1f Proceeds"), the form's words ("Date sold or
disposed"), or a broker's own (TaxBit's template: asset_symbol, asset_dtif_code, asset_quantity,
acquired_date, disposed_date, cost_basis, gain_loss_classification, is_noncovered_security …);
case, spaces and punctuation do not matter, and lines above the header are skipped.

A PDF's text is read line by line (pypdf, in its layout mode): a sale is a line with units, an
optional acquisition date, the sale date and the proceeds, then optionally the basis, market
discount and wash sale amounts, in the form's box order (`_PDF_SALE`). The description before
the units is the asset ("Bitcoin (BTC)": name and ticker). The section a sale is under gives
its term and reporting, as brokers' statements head them ("Short-term transactions for which
basis is reported to the IRS … Box G checked"); letters or words on the line itself (G,
Short-term) take precedence.
"""

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from functools import partial
from pathlib import Path
from typing import Any

import polars as pl

FORM_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "row": pl.Int64,  # the line's 1-based row among the file's data rows (PDF: its text line)
    "checkbox": pl.String,
    "code": pl.String,
    "name": pl.String,
    "symbol": pl.String,
    "units": pl.Decimal(38, 18),
    "acquired": pl.Date,
    "sold": pl.Date,
    "proceeds": pl.Decimal(38, 2),
    "cost_basis": pl.Decimal(38, 2),
    "market_discount": pl.Decimal(38, 2),
    "wash_sale_loss": pl.Decimal(38, 2),
    "basis_reported": pl.Boolean,
    "term": pl.String,  # SHORT, LONG or ORDINARY
    "noncovered": pl.Boolean,
}

_HEADERS = {
    "checkbox": (
        "applicablecheckboxonform8949",
        "applicablecheckbox",
        "form8949checkbox",
        "form8949box",
        "8949box",
        "checkbox",
        "reportingcategory",
    ),
    "code": ("1a", "codefordigitalasset", "digitalassetcode", "dtifcode", "assetdtifcode", "tokencode"),
    "name": (
        "1b",
        "nameofdigitalasset",
        "digitalassetname",
        "assetname",
        "tokenname",
        "description",
        "descriptionofproperty",
    ),
    "symbol": ("symbol", "ticker", "assetsymbol", "tokensymbol", "asset", "currency", "currencyname"),
    "units": ("1c", "numberofunits", "units", "quantity", "assetquantity", "unitssold"),
    "acquired": ("1d", "dateacquired", "acquireddate", "acquisitiondate", "purchasedate"),
    "sold": (
        "1e",
        "datesoldordisposed",
        "datesoldordisposedof",
        "datesold",
        "disposeddate",
        "datedisposed",
        "disposaldate",
        "dateofsale",
        "saledate",
    ),
    "proceeds": ("1f", "proceeds", "grossproceeds", "salesproceeds", "totalproceeds"),
    "cost_basis": ("1g", "costorotherbasis", "costbasis", "basis", "cost"),
    "market_discount": ("1h", "accruedmarketdiscount", "marketdiscount"),
    "wash_sale_loss": ("1i", "washsalelossdisallowed", "washsaleloss", "washsale"),
    "basis_reported": ("2", "checkifbasisreportedtoirs", "basisreportedtoirs", "basisreported"),
    "term": (
        "6",
        "gainorloss",
        "term",
        "holdingperiod",
        "shorttermorlongterm",
        "longorshort",
        "gainlossclassification",
    ),
    "noncovered": (
        "9",
        "checkifdigitalassetisanoncoveredsecurity",
        "noncoveredsecurity",
        "isnoncoveredsecurity",
        "noncovered",
    ),
}
_COLUMN_OF = {header: column for column, headers in _HEADERS.items() for header in headers}
# "Covered" / "Noncovered" in one column
_COVERED_HEADERS = ("covered", "coveredsecurity", "coveredornoncovered", "coveredstatus")
_BOX = re.compile(r"^(?:box)?(1[a-i]|[2-9])(?![0-9])")
_TRUE = frozenset({"x", "yes", "y", "true", "t", "1", "checked"})
_FALSE = frozenset({"", "no", "n", "false", "f", "0", "unchecked"})
_TERMS = {
    "s": "SHORT",
    "short": "SHORT",
    "l": "LONG",
    "long": "LONG",
    "o": "ORDINARY",
    "ordinary": "ORDINARY",
}


class Form1099DAError(ValueError):
    """A 1099-DA that cannot be read, with the data row (1-based) and column at fault."""

    def __init__(self, message: str, *, row: int | None = None, column: str | None = None) -> None:
        where = ", ".join(part for part in (f"row {row}" if row else "", column or "") if part)
        super().__init__(f"{where}: {message}" if where else message)


def read_1099da(path: Path) -> pl.DataFrame:
    """The sales of a 1099-DA file (`FORM_SCHEMA`), from its CSV or its PDF (by the file's suffix)."""
    if not path.exists():
        raise Form1099DAError(f"file not found: {path}")
    if path.suffix.lower() == ".pdf":
        return _frame(_pdf_sales(_pdf_lines(path)))
    text = path.read_bytes().decode("utf-8-sig", errors="replace")
    return read_1099da_csv(text)


def read_1099da_csv(text: str) -> pl.DataFrame:
    """The cells are converted a column at a time; a row with a cell not converted so, or without its
    date sold or proceeds, is read cell by cell (`_sale`), which names the first bad cell."""
    lines = io.StringIO(text, newline="")
    rows = csv.reader(iter(lines.readline, ""))
    for header in rows:
        columns = _columns(header)
        if "sold" in columns.values() and "proceeds" in columns.values():
            break
    else:
        raise Form1099DAError("no header with a date sold (box 1e) and proceeds (box 1f) column")
    if not {"symbol", "name", "code"} & set(columns.values()):
        raise Form1099DAError("no digital asset column (box 1a code, box 1b name, or a ticker)")
    cells = _cells(text[lines.tell() :], len(header))
    converted, faults = _converted(cells, columns)
    parsed = (
        cells.lazy()
        .select(
            "row",
            *(
                converted.get(name, pl.lit(None)).cast(kind).alias(name)
                for name, kind in list(FORM_SCHEMA.items())[1:]
            ),
            pl.any_horizontal(faults).alias("faulty"),
        )
        .with_columns(pl.col("faulty") | pl.col("sold").is_null() | pl.col("proceeds").is_null())
        .collect()
    )
    faulty = cells.filter(parsed["faulty"])
    if faulty.is_empty():
        return parsed.drop("faulty")
    by_cell = _frame(_sale(row[0], list(row[1:]), columns, header) for row in faulty.iter_rows())
    return pl.concat([parsed.filter(~pl.col("faulty")).drop("faulty"), by_cell]).sort("row")


def _cells(body: str, width: int) -> pl.DataFrame:
    """The data rows' cells, stripped ("" when absent), numbered from 1 leaving out the blank rows."""
    names = [f"c{position}" for position in range(width)]
    if not body.strip():
        return pl.DataFrame(schema={"row": pl.Int64} | dict.fromkeys(names, pl.String))
    read = pl.read_csv(
        body.encode(), has_header=False, schema=dict.fromkeys(names, pl.String), truncate_ragged_lines=True
    ).select(pl.col(names).fill_null("").str.strip_chars())
    return read.filter(pl.any_horizontal(pl.col(names) != "")).select(
        pl.int_range(1, pl.len() + 1, dtype=pl.Int64).alias("row"), *names
    )


def _converted(cells: pl.DataFrame, columns: dict[int, str]) -> tuple[dict[str, pl.Expr], list[pl.Expr]]:
    """`FORM_SCHEMA`'s columns from the cells, and where a cell could not be converted so."""
    converted: dict[str, pl.Expr] = {}
    faults: list[pl.Expr] = [pl.lit(False)]
    for position, column in columns.items():
        cell = pl.col(f"c{position}")
        name = "noncovered" if column == "covered" else column
        kind = FORM_SCHEMA[name]
        if column in ("checkbox", "symbol", "code", "name"):
            converted[name] = pl.when(cell != "").then(
                cell.str.to_uppercase() if column in ("checkbox", "symbol") else cell
            )
            continue
        if column in ("units", "proceeds", "cost_basis", "market_discount", "wash_sale_loss"):
            if column == "units":
                text = cell.str.replace_all(",", "", literal=True)
                value, blank = text.cast(kind, strict=False), text == ""
            else:
                text = cell.str.replace_all(r"[$, ]", "")
                amount = text.str.strip_chars("()").cast(kind, strict=False)
                negative = text.str.starts_with("(") & text.str.ends_with(")")
                value = pl.when(negative).then(-amount).otherwise(amount)
                blank = text.is_in(["", "-", "--"])
            converted[name] = pl.when(~blank).then(value)
            faults.append(~blank & value.is_null())
        else:
            # dates, checkboxes and terms: a few distinct texts (a year has 365 days), each read once
            values, failed = _each_distinct(cells.get_column(f"c{position}"), partial(_value, column))
            converted[name] = cell.replace_strict(values, default=None, return_dtype=kind)
            faults.append(cell.is_in(failed))
    return converted, faults


def _each_distinct(cells: pl.Series, convert: Callable[[str], Any]) -> tuple[dict[str, Any], list[str]]:
    """`convert` of each distinct cell, and the cells it fails on."""
    values: dict[str, Any] = {}
    failed: list[str] = []
    for cell in cells.unique().to_list():
        try:
            values[cell] = convert(cell)
        except (ValueError, InvalidOperation):
            failed.append(cell)
    return values, failed


def _value(column: str, cell: str) -> Any:
    return _cell(column, cell).get("noncovered" if column == "covered" else column)


def _sale(number: int, row: list[str], columns: dict[int, str], header: list[str]) -> dict[str, Any]:
    sale: dict[str, Any] = {"row": number}
    for position, column in columns.items():
        cell = row[position]
        try:
            sale.update(_cell(column, cell))
        except (ValueError, InvalidOperation) as error:
            raise Form1099DAError(f"{error} (got {cell!r})", row=number, column=header[position]) from None
    if sale.get("sold") is None or sale.get("proceeds") is None:
        raise Form1099DAError("a sale needs its date sold and proceeds", row=number)
    return sale


def _columns(header: list[str]) -> dict[int, str]:
    """The header's cells that name a column we read, by position."""
    found: dict[int, str] = {}
    for position, cell in enumerate(header):
        key = re.sub(r"[^a-z0-9]", "", cell.lower())
        box = _BOX.match(key)
        key = box.group(1) if box else key
        column = "covered" if key in _COVERED_HEADERS else _COLUMN_OF.get(key)
        if column and column not in found.values():
            found[position] = column
    return found


def _cell(column: str, cell: str) -> dict[str, Any]:
    if column in ("checkbox", "code", "name", "symbol"):
        return {column: cell.upper() if column in ("checkbox", "symbol") else cell} if cell else {}
    if column == "units":
        return {"units": Decimal(cell.replace(",", "")) if cell else None}
    if column in ("acquired", "sold"):
        return {column: _date(cell)}
    if column in ("basis_reported", "noncovered"):
        return {column: _flag(cell)}
    if column == "covered":
        words = cell.lower().replace("-", "").replace(" ", "")
        if words in ("covered", "noncovered"):
            return {"noncovered": words == "noncovered"}
        flag = _flag(cell)
        return {"noncovered": None if flag is None else not flag}
    if column == "term":
        return {"term": _term(cell)}
    return {column: _money(cell)}


def _money(cell: str) -> Decimal | None:
    text = cell.replace("$", "").replace(",", "").replace(" ", "")
    if text in ("", "-", "--"):
        return None
    negative = text.startswith("(") and text.endswith(")")
    amount = Decimal(text.strip("()"))
    if not amount.is_finite():
        raise ValueError("not an amount")
    return -amount if negative else amount


def _date(cell: str) -> date | None:
    if cell.lower() in ("", "various", "-"):
        return None
    text = cell.split("T")[0].split(" ")[0]
    for layout in ("%m/%d/%Y", "%Y-%m-%d", "%m/%d/%y", "%m-%d-%Y"):
        try:
            return datetime.strptime(text, layout).date()
        except ValueError:
            continue
    raise ValueError("not a date (MM/DD/YYYY or YYYY-MM-DD)")


def _flag(cell: str) -> bool | None:
    text = cell.lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return None if text == "" else False
    raise ValueError("not a checkbox (X, yes, true, 1 or blank)")


def _term(cell: str) -> str | None:
    if not cell:
        return None
    word = re.split(r"[^a-z]", cell.lower())[0]
    if word not in _TERMS:
        raise ValueError("not a term (short-term, long-term or ordinary)")
    return _TERMS[word]


def _frame(sales: Iterable[dict[str, Any]]) -> pl.DataFrame:
    return pl.DataFrame(list(sales), schema=FORM_SCHEMA)


_DATE = r"\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2}"
_AMOUNT = r"\(?-?\$?\s?\d[\d,]*\.\d{2}\)?"
_PDF_SALE = re.compile(
    rf"^(?P<description>.*?\S)\s+(?P<units>\d[\d,]*(?:\.\d+)?)\s+"
    rf"(?:(?P<acquired>{_DATE}|various)\s+)?(?P<sold>{_DATE})\s+(?P<proceeds>{_AMOUNT})"
    rf"(?:\s+(?P<cost_basis>{_AMOUNT}))?(?:\s+(?P<market_discount>{_AMOUNT}))?"
    rf"(?:\s+(?P<wash_sale_loss>{_AMOUNT}))?(?P<rest>.*)$",
    re.IGNORECASE,
)
_TICKER = re.compile(r"^(?P<name>.*?)\s*\((?P<symbol>[A-Za-z0-9.\-]+)\)$")
_SECTION_BOX = re.compile(r"\bbox ([A-L])\b", re.IGNORECASE)


def _pdf_lines(path: Path) -> Iterator[str]:
    from pypdf import PdfReader

    for page in PdfReader(path).pages:
        # the layout mode keeps a table's row on one line, as it is printed
        yield from page.extract_text(extraction_mode="layout").splitlines()


def _pdf_sales(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    section: dict[str, Any] = {}
    for number, raw in enumerate(lines, start=1):
        line = " ".join(raw.split())
        sale = _PDF_SALE.match(line)
        if sale is None:
            section = _section(line, section)
            continue
        found = {key: value for key, value in sale.groupdict().items() if value is not None}
        described = _TICKER.match(found["description"])
        assets = (
            {"name": described["name"], "symbol": described["symbol"].upper()}
            if described
            else {"name": found["description"]}
        )
        yield {
            "row": number,
            **section,
            **assets,
            "units": Decimal(found["units"].replace(",", "")),
            "acquired": _date(found.get("acquired", "")),
            "sold": _date(found["sold"]),
            **{
                key: _money(found.get(key, ""))
                for key in ("proceeds", "cost_basis", "market_discount", "wash_sale_loss")
            },
            **_marks(found.get("rest", "")),
        }


def _section(line: str, section: dict[str, Any]) -> dict[str, Any]:
    """A heading's term and reporting, kept for the sales under it (a new heading replaces them)."""
    lower = line.lower()
    box = _SECTION_BOX.search(line)
    term = "SHORT" if "short-term" in lower else "LONG" if "long-term" in lower else None
    reported = (
        False
        if re.search(r"basis (is )?not reported|basis wasn't reported|noncovered", lower)
        else True
        if re.search(r"basis (is |was )?reported", lower)
        else None
    )
    if box is None and term is None and reported is None:
        return section
    return {
        "checkbox": box.group(1).upper() if box else None,
        "term": term,
        "basis_reported": reported,
        "noncovered": True if "noncovered" in lower else None,
    }


def _marks(rest: str) -> dict[str, Any]:
    """Letters and words after a sale's amounts: its 8949 checkbox and term."""
    marks: dict[str, Any] = {}
    for word in rest.split():
        lower = word.lower().rstrip(",;")
        if len(word) == 1 and word.upper() in "GHJKABDE":
            marks["checkbox"] = word.upper()
        elif lower.split("-")[0] in _TERMS and (len(lower) > 1 or lower in "sl"):
            marks["term"] = _TERMS[lower.split("-")[0]]
    return marks
