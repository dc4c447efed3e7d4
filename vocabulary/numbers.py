"""Numbers as files write them, read exactly: the one reading of a number cell that the file importers
(ingest.files) and the lot engine's ledger reader (analytics.lots.ledger_input) share.

Accepted: plain decimals, exponents ("1.5E-7"), thousands separators in groups of three ("1,234.56",
"1.234,56", "1 234", "1'234"), currency signs at either end ("$1,234.56", "-€0.35", "12,50 €"),
parentheses for negatives ("(12.50)") and the Unicode minus signs ("−0.5"). Never floats: the result
is the `Decimal` the text states.

Whether "1,234" is 1234 or 1.234 is never guessed from the cell: the reader states its file's decimal
mark (`DecimalMark`). A known format states it (they all write points, as do Cairn's own generic CSV and
ledger); a file nobody knows is read with `decimal_mark`, the mark of its first number that reads only
one way, and with no mark (None) only cells that read the same either way are numbers.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from functools import lru_cache


class DecimalMark(StrEnum):
    POINT = "POINT"  # 1,234.56
    COMMA = "COMMA"  # 1.234,56


MAX_EXPONENT = 30  # no quantity or amount reaches 10^31; bigger values are corrupt cells
MIN_EXPONENT = -40
# Hyphen, non-breaking hyphen, figure dash, en dash, minus sign, small and full-width hyphen-minus.
_MINUSES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d"), "-")
# Currency signs of a cp1252 file re-saved as UTF-8.
_MOJIBAKE = (("â‚¬", "€"), ("Â£", "£"), ("Â¥", "¥"))
_GROUPING_SPACES = " \u00a0\u202f\u2009'’"
_MANTISSA_AND_EXPONENT = re.compile(r"(.*?)([eE][+-]?[0-9]+)?", re.DOTALL)
_DIGITS = re.compile(r"[0-9]*")
_GROUPS = {
    mark: re.compile(f"[{re.escape(other + _GROUPING_SPACES)}]")
    for mark, other in ((DecimalMark.POINT, ","), (DecimalMark.COMMA, "."))
}
_POINTS = {DecimalMark.POINT: ".", DecimalMark.COMMA: ","}


def parse_decimal(text: str, mark: DecimalMark | None = DecimalMark.POINT) -> Decimal | None:
    """An exact number from a cell, or None for an empty cell; raises ValueError when not a number.

    `mark` is the file's decimal mark; the other separator (and spaces, apostrophes) may only group
    thousands. With `mark=None` a cell that reads differently with either mark ("1,234") is refused.
    """
    if not text:
        return None
    if mark is None:
        return _either_mark(text)
    if mark is DecimalMark.POINT or "." not in text:
        try:
            value = Decimal(text)
        except InvalidOperation:
            pass
        else:
            if value.is_finite() and "_" not in text:
                return _in_range(value, text)
            raise ValueError(f"{text!r} is not a number")
    decorated = _parse_decorated_number(text, mark)
    return None if decorated is None else _in_range(decorated, text)


def decimal_mark(cells: Iterable[str]) -> DecimalMark | None:
    """The decimal mark of the first cell that reads with only one ("0,5", "1.25"); None when none does.

    One locale writes a whole file, so a later cell that shows the other mark is then no number.
    """
    for cell in cells:
        readable = [mark for mark in DecimalMark if _reads(cell, mark)]
        if len(readable) == 1:
            return readable[0]
    return None


def _reads(text: str, mark: DecimalMark) -> bool:
    try:
        return parse_decimal(text, mark) is not None
    except ValueError:
        return False


def _either_mark(text: str) -> Decimal | None:
    readings = {}
    for mark in DecimalMark:
        try:
            readings[mark] = parse_decimal(text, mark)
        except ValueError:
            continue
    point, comma = readings.get(DecimalMark.POINT), readings.get(DecimalMark.COMMA)
    if point is not None and comma is not None and point != comma:
        raise ValueError(
            f"{text!r} is {point} with a decimal point but {comma} with a decimal comma, and the file "
            "does not show which it uses"
        )
    if not readings:
        raise ValueError(f"{text!r} is not a number")
    return point if point is not None else comma


def _in_range(value: Decimal, text: str) -> Decimal:
    if value and not MIN_EXPONENT <= value.adjusted() <= MAX_EXPONENT:
        raise ValueError(f"{text!r} is out of range")
    return value


@lru_cache(maxsize=4096)
def _parse_decorated_number(text: str, mark: DecimalMark) -> Decimal | None:
    cleaned = text.translate(_MINUSES).strip()
    for garbled, sign in _MOJIBAKE:
        cleaned = cleaned.replace(garbled, sign)
    if not cleaned:
        return None
    negative = cleaned.startswith("(") and cleaned.endswith(")")
    cleaned = _undecorated(cleaned[1:-1] if negative else cleaned)
    sign = ""
    if cleaned[:1] in ("+", "-"):
        sign, cleaned = cleaned[0], _undecorated(cleaned[1:])
    number = _plain(cleaned, mark)
    if number is None or (negative and sign):
        raise ValueError(f"{text!r} is not a number")
    value = Decimal(sign + number)
    return -value if negative else value


def _undecorated(text: str) -> str:
    """The text without the spaces and currency signs around it."""
    start, end = 0, len(text)
    while start < end and _decoration(text[start]):
        start += 1
    while end > start and _decoration(text[end - 1]):
        end -= 1
    return text[start:end]


def _decoration(character: str) -> bool:
    return character.isspace() or unicodedata.category(character) == "Sc"


def _plain(number: str, mark: DecimalMark) -> str | None:
    """The number as `Decimal` reads it, grouping dropped, or None when it is malformed for `mark`."""
    parts = _MANTISSA_AND_EXPONENT.fullmatch(number)
    assert parts is not None  # every text matches
    mantissa, exponent = parts.groups()
    whole, point, fraction = mantissa.partition(_POINTS[mark])
    groups = _GROUPS[mark].split(whole)
    if len(groups) > 1 and not _grouped(whole, groups, exponent):
        return None
    digits = "".join(groups)
    if not (_DIGITS.fullmatch(digits) and _DIGITS.fullmatch(fraction)) or not (digits or fraction):
        return None
    return f"{digits}{point and '.'}{fraction}{exponent or ''}"


def _grouped(whole: str, groups: list[str], exponent: str | None) -> bool:
    """Thousands grouped as written: one separator, 1 to 3 leading digits then groups of 3."""
    separators = {character for character in whole if not character.isdigit()}
    first, *rest = groups
    return (
        exponent is None
        and len(separators) == 1
        and 1 <= len(first) <= 3
        and not first.startswith("0")
        and all(len(group) == 3 for group in rest)
    )
