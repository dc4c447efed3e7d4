"""The generic CSV read a column at a time, for files of a million rows and more.

Polars reads the file a block of lines at a time and every rule of `generic._transaction` runs as a
column expression, so the interpreter touches each row only to hash its natural key, and memory holds
one block, never the file. The file is read twice: once to check it and count what it holds, then,
for an import, to build its transactions batch by batch. This path takes files whose every row is
plainly written: no quotes, an ISO date and time without a zone (UTC), plain positive numbers, ASCII
symbols and tags. Anything else — a row error, or a tag the row parser imports for review, included —
returns None, and the row parser reads the file instead, so both paths always agree
(tests/ingest/formats/test_generic_columns.py holds them to it).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator

import polars as pl

from ingest.files.model import ColumnarFile, DelimitedText, IgnoredRows, Sheet, TransactionColumns
from ingest.files.values import KeyCounter
from vocabulary.enums import TransactionType
from vocabulary.fiat import FIAT_CODES

NOTHING_MOVES = "no quantity is received, sent or paid as a fee"
# Separator of `values.digest`'s parts.
_PART_SEPARATOR = "\x1f"
_DATE = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}:[0-9]{2}$"
# ASCII digits only: Rust's \d, like Python's Decimal, also takes other scripts' digits.
_NUMBER = r"^[0-9]{1,20}(\.[0-9]{1,18})?$"  # within QUANTITY's precision and parse_decimal's range
_ZERO = r"^0+(\.0+)?$"
_SYMBOL = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$"
_TAG = r"^[A-Za-z_]*$"
_AMOUNTS = ("received", "sent", "fee")
BLOCK_BYTES = 1 << 20  # of text per Polars frame; the frame's working memory is tens of times that


class _NeedsRowParser(Exception):
    """Some row is written in a way only the row parser reads, or breaks a rule it reports."""


def parse_columns(
    sheet: Sheet, positions: tuple[int, ...], tags: dict[str, dict[str, TransactionType]]
) -> ColumnarFile | None:
    """The file's transactions, or None when some row needs the row parser.

    `positions` are the columns of Date, Received Quantity/Currency, Sent Quantity/Currency,
    Fee Amount/Currency and Tag; `tags` maps "received" and "sent" to their tag → type tables."""
    source = sheet.source
    if source is None:
        return None
    width = len(sheet.header)
    transactions = 0
    ignored = IgnoredRows()
    assets: set[str] = set()
    try:
        for rows in _blocks(source, width, positions, tags):
            moving = rows.filter(pl.col("type").is_not_null())
            transactions += moving.height
            ignored.extend_rows(rows.filter(pl.col("type").is_null())["row"], NOTHING_MOVES)
            for amount in _AMOUNTS:
                assets.update(moving.filter(pl.col(amount).is_not_null())[f"{amount}_asset"].unique())
    except _NeedsRowParser:
        return None

    def batches(size: int) -> Iterator[TransactionColumns]:
        keys = KeyCounter()  # in file order across batches, as the row parser counts repeats
        held: pl.DataFrame | None = None  # moving rows not yet in a batch
        for rows in _blocks(source, width, positions, tags):
            moving = rows.filter(pl.col("type").is_not_null())
            held = moving if held is None else pl.concat([held, moving], rechunk=False)
            while held.height >= size:
                yield _columns(held.slice(0, size), keys)
                held = held.slice(size)
        if held is not None and held.height:
            yield _columns(held, keys)

    return ColumnarFile(transactions, ignored, frozenset(assets), batches)


def _blocks(
    source: DelimitedText,
    width: int,
    positions: tuple[int, ...],
    tags: dict[str, dict[str, TransactionType]],
) -> Iterator[pl.DataFrame]:
    """The data rows read (`_read`) a block of lines at a time, numbered across blocks; raises
    _NeedsRowParser at the first block that needs the row parser."""
    schema = {f"c{index}": pl.String for index in range(width)}
    first_row = 1
    whole_lines = True
    for block in source.spool.blocks(source.data_start, BLOCK_BYTES):
        if not whole_lines or b'"' in block or b"\x00" in block or block.count(b"\r") != block.count(b"\r\n"):
            raise _NeedsRowParser
        whole_lines = block.endswith(b"\n")  # else a line longer than a block: no plain row is
        try:
            table = pl.read_csv(
                io.BytesIO(block),
                has_header=False,
                schema=schema,
                separator=source.delimiter,
                quote_char=None,
                empty_string_is_null=False,
            )
        except pl.exceptions.PolarsError:  # a row wider than the header, say: the row parser decides
            raise _NeedsRowParser from None
        table = table.fill_null("")
        # Blank lines are not rows, as for the row reader; what is left is numbered on from the last block.
        table = table.filter(pl.any_horizontal(pl.all() != "")).select(
            pl.int_range(first_row, first_row + pl.len(), dtype=pl.Int64).alias("row"),
            *(pl.col(f"c{position}").alias(name) for position, name in zip(positions, _CELLS, strict=True)),
        )
        first_row += table.height
        rows = _read(table, tags)
        if rows is None:
            raise _NeedsRowParser
        yield rows


_CELLS = ("date", "received", "received_currency", "sent", "sent_currency", "fee", "fee_currency", "tag")


def _read(table: pl.DataFrame, tags: dict[str, dict[str, TransactionType]]) -> pl.DataFrame | None:
    """Each row's timestamp, amounts, tag and type (null when nothing moves); None when a row breaks a
    rule, or is written in a way only the row parser reads."""
    date = pl.col("date")
    checks = [date.str.contains(_DATE), pl.col("tag").str.contains(_TAG)]
    for amount in _AMOUNTS:
        quantity, currency = pl.col(amount), pl.col(f"{amount}_currency")
        present = quantity.str.contains(_NUMBER) & ~quantity.str.contains(_ZERO)
        checks += [
            (quantity == "") | quantity.str.contains(_NUMBER),
            (currency == "") | currency.str.contains(_SYMBOL),
            ~present | (currency != ""),  # a quantity names its currency
        ]
        if amount != "fee":
            checks.append((quantity != "") | (currency == ""))  # a currency needs its quantity
    readable = table.select(pl.all_horizontal(checks).all()).item()
    if not readable:
        return None
    rows = table.select(
        "row",
        date.str.replace("T", " ")
        .str.to_datetime("%Y-%m-%d %H:%M:%S", time_zone="UTC", strict=False)
        .alias("timestamp"),
        pl.col("tag").str.to_lowercase().alias("tag"),
        *(
            pl.when(pl.col(amount).str.contains(_ZERO) | (pl.col(amount) == ""))
            .then(None)
            .otherwise(pl.col(amount))
            .alias(amount)
            for amount in _AMOUNTS
        ),
        *(pl.col(f"{amount}_currency").str.to_uppercase().alias(f"{amount}_asset") for amount in _AMOUNTS),
    )
    rows = rows.with_columns(_type(tags))
    known = rows.select(
        pl.col("timestamp").is_not_null().all(),
        (pl.col("type") != "").all(),
    ).row(0)
    return rows if all(known) else None


def _type(tags: dict[str, dict[str, TransactionType]]) -> pl.Expr:
    """`generic._type` as an expression: null when nothing moves, "" for a tag unknown or not applying
    (a row the row parser imports for review)."""
    received, sent, fee = (pl.col(amount).is_not_null() for amount in _AMOUNTS)
    tag = pl.col("tag")
    fiat = sorted(FIAT_CODES)
    received_fiat = pl.col("received_asset").is_in(fiat)
    sent_fiat = pl.col("sent_asset").is_in(fiat)
    trade = (
        pl.when(received_fiat & ~sent_fiat)
        .then(pl.lit(TransactionType.SELL))
        .when(sent_fiat & ~received_fiat)
        .then(pl.lit(TransactionType.BUY))
        .otherwise(pl.lit(TransactionType.TRADE))
    )
    return (
        pl.when(received & sent)
        .then(pl.when(tag == "").then(trade).otherwise(pl.lit("")))
        .when(received)
        .then(tag.replace_strict(tags["received"], default=""))
        .when(sent)
        .then(tag.replace_strict(tags["sent"], default=""))
        .when(fee)
        .then(pl.when(tag == "").then(pl.lit(TransactionType.FEE)).otherwise(pl.lit("")))
        .otherwise(None)
        .alias("type")
    )


def _decimal_str(quantity: pl.Expr) -> pl.Expr:
    """`str(Decimal(text))` of a plain positive number: without leading zeros."""
    return quantity.str.replace(r"^0+([0-9])", "$1")


def _canonical(quantity: pl.Expr) -> pl.Expr:
    """`values.decimal_text` of a plain positive number: no leading or trailing zeros."""
    return _decimal_str(quantity).str.replace(r"(\.[0-9]*?)0+$", "$1").str.replace(r"\.$", "")


def _columns(rows: pl.DataFrame, keys: KeyCounter) -> TransactionColumns:
    parts = [
        pl.when(pl.col(amount).is_null())
        .then(pl.lit(""))
        .otherwise(pl.concat_str(_canonical(pl.col(amount)), pl.lit(" "), pl.col(f"{amount}_asset")))
        for amount in _AMOUNTS
    ]
    content = rows.select(
        pl.concat_str(
            pl.col("timestamp").dt.strftime("%Y-%m-%dT%H:%M:%S+00:00"),
            *parts,
            pl.col("tag"),
            separator=_PART_SEPARATOR,
        )
    ).to_series()
    natural_keys = [
        keys.key(hashlib.blake2b(text.encode(), digest_size=16).hexdigest()) for text in content.to_list()
    ]
    transactions = rows.select(
        pl.int_range(pl.len(), dtype=pl.Int64).alias("seq"),
        "row",
        pl.Series("key", natural_keys, dtype=pl.String),
        "timestamp",
        "type",
        pl.lit("").alias("description"),
        pl.lit(None, dtype=pl.String).alias("tx_hash"),
        pl.when(pl.col("tag") == "").then(None).otherwise(pl.col("tag")).alias("label"),
    )
    indexed = rows.with_row_index("seq")
    legs = []
    earlier = pl.lit(0, dtype=pl.Int32)
    for amount, direction in zip(_AMOUNTS, ("IN", "OUT", "OUT"), strict=True):
        present = pl.col(amount).is_not_null()
        legs.append(
            indexed.filter(present).select(
                pl.col("seq").cast(pl.Int64),
                earlier.alias("position"),
                pl.lit(direction).alias("direction"),
                pl.col(f"{amount}_asset").alias("asset"),
                _decimal_str(pl.col(amount)).alias("quantity"),
                pl.lit(amount == "fee").alias("is_fee"),
                pl.lit(None, dtype=pl.String).alias("value"),
                pl.lit(None, dtype=pl.String).alias("value_currency"),
            )
        )
        earlier = earlier + present.cast(pl.Int32)
    flows = pl.concat(legs).sort("seq", "position")
    return TransactionColumns(transactions, flows)
