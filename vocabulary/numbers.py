"""Numbers as files write them, read exactly: the one reading of a number cell that the file importers
(ingest.files) and the lot engine's ledger reader (analytics.lots.ledger_input) share.

Accepted: plain decimals, exponents ("1.5E-7"), thousands separators ("1,234.56", "1.234,56", "1 234"),
decimal commas ("0,25"), currency signs ("$1,234.56", "-€0.35") and parentheses for negatives
("(12.50)"). Never floats: the result is the `Decimal` the text states.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

_NON_NUMERIC_MARKS = re.compile(r"[^\x00-\x7f]|\$")
_SPACES = dict.fromkeys(map(ord, " \u00a0\u202f\u2009'’_"), None)
MAX_EXPONENT = 30  # no quantity or amount reaches 10^31; bigger values are corrupt cells
MIN_EXPONENT = -40
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def parse_decimal(text: str, *, decimal_comma: bool = False) -> Decimal | None:
    """An exact number from a cell, or None for an empty cell; raises ValueError when not a number.

    Accepts thousands separators, currency signs ("$1,234.56", "-€0.35"), parentheses negatives,
    exponents ("1.5E-7") and decimal commas ("0,25"; with `decimal_comma` also "1,234" = 1.234).
    """
    if not text:
        return None
    if not decimal_comma:
        try:
            value = Decimal(text)
        except InvalidOperation:
            pass
        else:
            if value.is_finite() and "_" not in text:
                return _in_range(value, text)
            raise ValueError(f"{text!r} is not a number")
    decorated = _parse_decorated_number(text, decimal_comma)
    return None if decorated is None else _in_range(decorated, text)


def _in_range(value: Decimal, text: str) -> Decimal:
    if value and not MIN_EXPONENT <= value.adjusted() <= MAX_EXPONENT:
        raise ValueError(f"{text!r} is out of range")
    return value


@lru_cache(maxsize=4096)
def _parse_decorated_number(text: str, decimal_comma: bool) -> Decimal | None:
    cleaned = text.strip().translate(_SPACES)
    if not cleaned:
        return None
    negative = cleaned.startswith("(") and cleaned.endswith(")")
    if negative:
        cleaned = cleaned[1:-1]
    # Currency signs, and their mojibake when a cp1252 file was re-saved as UTF-8 ("â‚¬"), are
    # the only non-ASCII characters a number cell carries.
    cleaned = _NON_NUMERIC_MARKS.sub("", cleaned)
    sign = ""
    if cleaned[:1] in ("+", "-"):
        sign, cleaned = cleaned[0], cleaned[1:]
    number = sign + _drop_grouping(cleaned, decimal_comma)
    if not _PLAIN_NUMBER.fullmatch(number) or (negative and sign):
        raise ValueError(f"{text!r} is not a number")
    value = Decimal(number)
    return -value if negative else value


def _drop_grouping(number: str, decimal_comma: bool) -> str:
    commas, dots = number.count(","), number.count(".")
    if commas and dots:
        if number.rfind(",") > number.rfind("."):
            return number.replace(".", "").replace(",", ".")
        return number.replace(",", "")
    if commas == 1:
        whole, _, fraction = number.partition(",")
        grouped = len(fraction) == 3 and whole.lstrip("+-") not in ("", "0") and fraction.isdigit()
        return number.replace(",", "") if grouped and not decimal_comma else number.replace(",", ".")
    if commas > 1:
        return number.replace(",", "")
    if dots > 1:
        return number.replace(".", "")
    return number
