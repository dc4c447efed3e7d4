"""A file quantity finer than the ledger's 18 decimal places is refused with its row, never rounded."""

from decimal import Decimal

import pytest

from ingest.files.check import InvalidFile, inspect_file, iter_transactions
from ingest.files.formats.generic import COLUMNS

TOO_FINE = "0.1234567890123456789"  # 19 decimal places
REFUSED = (
    f"Row 2, column quantity: BTC {TOO_FINE} has more than 18 decimal places; "
    "Cairn keeps quantities exact to 18 places and does not round them"
)


def generic(*received: str) -> bytes:
    lines = [",".join(COLUMNS)]
    lines += [f"2024-01-0{day} 10:00:00,{quantity},BTC,,,,,," for day, quantity in enumerate(received, 1)]
    return "\n".join(lines).encode()


def koinly(received: str) -> bytes:
    return (
        "Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,"
        "Net Worth Amount,Net Worth Currency,Label,Description,TxHash\n"
        f"2024-01-01T10:00:00.000Z,,,{received},BTC,,,,,,,\n"
    ).encode()


@pytest.mark.parametrize("data", [generic("1", TOO_FINE), koinly(TOO_FINE)], ids=["generic", "koinly"])
def test_a_quantity_beyond_18_decimals_is_refused_with_its_row(data: bytes) -> None:
    report = inspect_file(data, "upload.csv")
    assert not report.importable
    row = "Row 2" if data.startswith(b"Date,Received") else "Row 1"
    assert report.errors == [REFUSED.replace("Row 2", row)]
    with pytest.raises(InvalidFile, match="more than 18 decimal places"):
        list(iter_transactions(data, "upload.csv"))


def test_18_decimals_and_trailing_zeros_are_exact_and_kept() -> None:
    data = generic("0.123456789012345678", "1.50000000000000000000000")
    assert inspect_file(data, "upload.csv").errors == []
    quantities = [tx.flows[0].quantity for tx in iter_transactions(data, "upload.csv")]
    assert quantities == [Decimal("0.123456789012345678"), Decimal("1.5")]
