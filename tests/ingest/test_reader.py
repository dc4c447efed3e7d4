import gzip
import io
from pathlib import Path

import pytest
import xlwt

from ingest.files.reader import UnreadableFile, read_sheet
from tests.ingest.exports import export_bytes
from tests.ingest.workbook import xlsx_bytes

GENERIC = (
    b"Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
)


def rows(data: bytes, name: str = "f.csv") -> list[list[str]]:
    return [list(cells) for _, cells in read_sheet(data, name).rows()]


def test_gzip_is_decompressed_whatever_the_name() -> None:
    data = GENERIC + b"2021-01-01 00:00:00,1,BTC,,,,,\n"
    sheet = read_sheet(gzip.compress(data), "upload.csv")
    assert sheet.header[1] == "Received Quantity"
    assert [list(c) for _, c in sheet.rows()] == [["2021-01-01 00:00:00", "1", "BTC", "", "", "", "", ""]]


def test_truncated_gzip_is_unreadable() -> None:
    with pytest.raises(UnreadableFile, match="truncated"):
        read_sheet(gzip.compress(GENERIC * 50)[:40], "x.csv.gz")


def test_xlsx_is_read_by_magic_bytes_with_preamble_and_numbers() -> None:
    data = xlsx_bytes(
        [
            ["Statement for Ada"],
            [],
            ["Date", "Amount", "Asset"],
            ["2021-01-02", 0.1, "ETH"],
            ["2021-01-03", 1e-05, "BTC"],
        ]
    )
    sheet = read_sheet(data, "statement.csv")
    assert sheet.header == ("Date", "Amount", "Asset")
    assert sheet.preamble == ("Statement for Ada",)
    assert [list(c) for _, c in sheet.rows()] == [
        ["2021-01-02", "0.1", "ETH"],
        ["2021-01-03", "0.00001", "BTC"],
    ]


def test_corrupt_workbook_is_unreadable() -> None:
    with pytest.raises(UnreadableFile, match="spreadsheet"):
        read_sheet(b"PK\x03\x04" + b"\x00" * 64, "x.xlsx")


def test_cp1252_bytes_decode_to_euro_signs() -> None:
    sheet = read_sheet(export_bytes("coinbase/GhostfolioSidekick__BuyOrders_single_buy.csv"), "x.csv")
    cells = next(iter(sheet.rows()))[1]
    assert cells[-1] == "Bought 0.00213232 ETH for €4.85 EUR"
    assert len(sheet.preamble) == 3


def test_bom_is_dropped_from_the_first_header_cell() -> None:
    sheet = read_sheet("\ufeffA,B\n1,2\n".encode(), "x.csv")
    assert sheet.header == ("A", "B")


def test_utf16_with_bom_and_tabs() -> None:
    sheet = read_sheet("Date\tAmount\n2021-01-01\t5\n".encode("utf-16"), "x.txt")
    assert sheet.header == ("Date", "Amount")
    assert rows("Date\tAmount\n2021-01-01\t5\n".encode("utf-16")) == [["2021-01-01", "5"]]


def test_semicolons_win_over_commas_inside_cells() -> None:
    data = b"Date & Time;Type;Fee\n1/25/2022, 2:58:40 AM;RECV;0,0003\n"
    sheet = read_sheet(data, "x.csv")
    assert sheet.header == ("Date & Time", "Type", "Fee")
    assert rows(data) == [["1/25/2022, 2:58:40 AM", "RECV", "0,0003"]]


def test_preamble_lines_before_the_header_are_kept_apart() -> None:
    data = b"Name: JOHN DOE\nUser,someone,abc\n\nTXID,Time,Amount,Asset\nx1,2021-01-01,1,BTC\n\n"
    sheet = read_sheet(data, "x.csv")
    assert sheet.header == ("TXID", "Time", "Amount", "Asset")
    assert sheet.preamble == ("Name: JOHN DOE", "User,someone,abc")
    assert [(n, list(c)) for n, c in sheet.rows()] == [(1, ["x1", "2021-01-01", "1", "BTC"])]


def test_rows_can_be_iterated_again() -> None:
    sheet = read_sheet(GENERIC + b"2021-01-01,1,BTC,,,,,\n2021-01-02,2,BTC,,,,,\n", "x.csv")
    assert list(sheet.rows()) == list(sheet.rows())


def test_nul_padding_inside_cells_is_removed() -> None:
    assert rows(b"A,B\nOAR\x00\x00\x00,1\n") == [["OAR", "1"]]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"  \n\n", "empty"),
        (bytes(range(256)) * 8, "binary"),
        (b"just one line\n", "No header"),
    ],
)
def test_unreadable_inputs_say_why(data: bytes, message: str) -> None:
    with pytest.raises(UnreadableFile, match=message):
        read_sheet(data, "x.csv")


def test_legacy_xls_is_read_by_magic_bytes() -> None:
    workbook = xlwt.Workbook()
    sheet = workbook.add_sheet("Transactions")
    rows: list[list[str | float]] = [
        ["Exported from my exchange"],
        [],
        ["Date", "Received Quantity", "Received Currency", "Sent Quantity", "Sent Currency"],
        ["2021-01-02 10:00:00", 0.25, "BTC", 7000, "USD"],
        ["2021-01-03 11:30:00", 2, "ETH", "", ""],
    ]
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            sheet.write(r, c, value)
    out = io.BytesIO()
    workbook.save(out)
    data = out.getvalue()
    assert data[:8] == bytes.fromhex("d0cf11e0a1b11ae1")  # the OLE2 compound-file signature of .xls
    read = read_sheet(data, "history.csv")  # the name lies; the bytes decide
    assert read.header == ("Date", "Received Quantity", "Received Currency", "Sent Quantity", "Sent Currency")
    assert [list(cells) for _, cells in read.rows()] == [
        ["2021-01-02 10:00:00", "0.25", "BTC", "7000", "USD"],
        ["2021-01-03 11:30:00", "2", "ETH", "", ""],
    ]


@pytest.mark.parametrize("compress", [False, True])
def test_a_path_reads_like_its_bytes(tmp_path: Path, compress: bool) -> None:
    table = GENERIC + b"2021-01-01,1,BTC,,,,,\n2021-01-02,2,ETH,,,,,\n"
    workbook = xlsx_bytes([["Date", "Amount", "Asset"], ["2021-01-02", 0.1, "ETH"]])
    for name, data in (("upload.csv", table), ("upload.xlsx", workbook)):
        path = tmp_path / name
        path.write_bytes(gzip.compress(data) if compress else data)
        from_path, from_bytes = read_sheet(path, name), read_sheet(data, name)
        assert from_path.header == from_bytes.header
        assert list(from_path.rows()) == list(from_bytes.rows())
