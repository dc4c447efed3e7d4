"""RP2 on the benchmark's transactions: its own venv, its ODS input and INI config.

RP2 (PyPI `rp2`) reads an ODS spreadsheet (one sheet per asset with IN, OUT and INTRA tables)
and an INI file naming the columns. The same generated transactions become Cairn's ledger and
RP2's input: buys (fiat fee), sells (crypto fee), trades (a sell of one asset and a buy of the
other for the same value, fiat fee on the buy), transfers (INTRA, network fee = sent − received)
and staking/interest income.
"""

import subprocess
import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import polars as pl

HERE = Path(__file__).resolve().parent
VENV = HERE / ".rp2-venv"
HOLDER = "Bob"
MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
IN_COLUMNS = (
    "timestamp",
    "asset",
    "exchange",
    "holder",
    "transaction_type",
    "spot_price",
    "crypto_in",
    "crypto_fee",
    "fiat_in_no_fee",
    "fiat_in_with_fee",
    "fiat_fee",
    "unique_id",
    "notes",
)
OUT_COLUMNS = (
    "timestamp",
    "asset",
    "exchange",
    "holder",
    "transaction_type",
    "spot_price",
    "crypto_out_no_fee",
    "crypto_fee",
    "crypto_out_with_fee",
    "fiat_out_no_fee",
    "fiat_fee",
    "unique_id",
    "notes",
)
INTRA_COLUMNS = (
    "timestamp",
    "asset",
    "from_exchange",
    "from_holder",
    "to_exchange",
    "to_holder",
    "spot_price",
    "crypto_sent",
    "crypto_received",
    "unique_id",
    "notes",
)


def ensure_venv() -> Path:
    """benchmarks/.rp2-venv with rp2 from PyPI; returns its bin directory."""
    bin_dir = VENV / "bin"
    if not (bin_dir / "rp2_us").exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(bin_dir / "pip"), "install", "--quiet", "rp2"], check=True)
    return bin_dir


def write_input(txs: pl.DataFrame, directory: Path) -> tuple[Path, Path]:
    """Write RP2's config.ini and input.ods for these transactions."""
    directory.mkdir(parents=True, exist_ok=True)
    tables: dict[str, dict[str, list[list[object]]]] = {}

    def table(asset: str, name: str) -> list[list[object]]:
        return tables.setdefault(asset, {"IN": [], "OUT": [], "INTRA": []})[name]

    for tx in txs.iter_rows(named=True):
        when = tx["timestamp"].isoformat()
        spot = _cents(tx["price_cents"])
        quantity = _satoshis(tx["quantity"])
        value = _exact(tx["quantity"] * tx["price_cents"], 10)
        asset, account, kind = tx["asset"], tx["account"], tx["kind"]
        if kind in ("BUY", "STAKING_REWARD", "INTEREST"):
            rp2_kind = {"BUY": "Buy", "STAKING_REWARD": "Staking", "INTEREST": "Interest"}[kind]
            fee = _cents(tx["fiat_fee_cents"])
            table(asset, "IN").append(
                [
                    when,
                    asset,
                    account,
                    HOLDER,
                    rp2_kind,
                    spot,
                    quantity,
                    None,
                    value,
                    None,
                    fee,
                    tx["tx_id"],
                    None,
                ]
            )
        elif kind in ("SELL", "TRADE"):
            # a trade is a sale of one asset and a buy of the other, its fee on the buy
            crypto_fee = _satoshis(tx["crypto_fee"]) if kind == "SELL" else "0"
            table(asset, "OUT").append(
                [
                    when,
                    asset,
                    account,
                    HOLDER,
                    "Sell",
                    spot,
                    quantity,
                    crypto_fee,
                    None,
                    None,
                    None,
                    tx["tx_id"],
                    None,
                ]
            )
            if kind == "TRADE":
                other = tx["to_asset"]
                table(other, "IN").append(
                    [
                        when,
                        other,
                        account,
                        HOLDER,
                        "Buy",
                        _cents(tx["to_price_cents"]),
                        _satoshis(tx["to_quantity"]),
                        None,
                        value,
                        None,
                        _cents(tx["fiat_fee_cents"]),
                        tx["tx_id"] + "b",
                        None,
                    ]
                )
        else:
            table(asset, "INTRA").append(
                [
                    when,
                    asset,
                    account,
                    HOLDER,
                    tx["to_account"],
                    HOLDER,
                    spot,
                    _satoshis(tx["quantity"] + tx["crypto_fee"]),
                    quantity,
                    tx["tx_id"],
                    None,
                ]
            )

    ods = directory / "input.ods"
    _write_ods(ods, tables)
    config = directory / "config.ini"
    accounts = sorted(set(txs["account"]) | set(txs["to_account"]))
    sections = [
        "[general]",
        f"assets = {', '.join(sorted(tables))}",
        f"exchanges = {', '.join(accounts)}",
        f"holders = {HOLDER}",
    ]
    for name, columns in (
        ("in_header", IN_COLUMNS),
        ("out_header", OUT_COLUMNS),
        ("intra_header", INTRA_COLUMNS),
    ):
        sections += ["", f"[{name}]", *(f"{column} = {index}" for index, column in enumerate(columns))]
    config.write_text("\n".join(sections) + "\n")
    return config, ods


def _satoshis(amount: int) -> str:
    return _exact(amount, 8)


def _cents(amount: int) -> str:
    return _exact(amount, 2)


def _exact(amount: int, scale: int) -> str:
    sign = "-" if amount < 0 else ""
    whole, fraction = divmod(abs(amount), 10**scale)
    return f"{sign}{whole}.{fraction:0{scale}d}"


def _cell(value: object) -> str:
    if value is None:
        return "<table:table-cell/>"
    text = str(value)
    if isinstance(value, str) and _is_number(text):
        kind = f'office:value-type="float" office:value="{text}"'
    else:
        kind, text = 'office:value-type="string"', escape(text)
    return f"<table:table-cell {kind}><text:p>{text}</text:p></table:table-cell>"


def _is_number(text: str) -> bool:
    return text.lstrip("-").replace(".", "", 1).isdigit()


def _row(cells: list[object]) -> str:
    return "<table:table-row>" + "".join(_cell(cell) for cell in cells) + "</table:table-row>"


def _write_ods(path: Path, tables: dict[str, dict[str, list[list[object]]]]) -> None:
    """A minimal ODS file (the OpenDocument zip: mimetype, manifest, content)."""
    headers = {"IN": IN_COLUMNS, "OUT": OUT_COLUMNS, "INTRA": INTRA_COLUMNS}
    sheets = []
    for asset in sorted(tables):
        rows = []
        for name in ("IN", "OUT", "INTRA"):
            if tables[asset][name]:
                rows.append(_row([name]))
                rows.append(_row(list(headers[name])))
                rows.extend(_row(cells) for cells in tables[asset][name])
                rows.append(_row(["TABLE END"]))
        sheets.append(f'<table:table table:name="{asset}">{"".join(rows)}</table:table>')
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f"<office:body><office:spreadsheet>{''.join(sheets)}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
        'manifest:version="1.2">'
        f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{MIMETYPE}"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), MIMETYPE)
        archive.writestr("META-INF/manifest.xml", manifest, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
