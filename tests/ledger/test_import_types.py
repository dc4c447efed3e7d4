"""The one map from file formats to import types covers every format ingest reads, and decides which
import types each kind of account takes."""

from __future__ import annotations

from ingest.files.registry import all_formats
from ledger.import_types import FORMAT_IMPORTS, allowed_import_types, import_type_of
from vocabulary.enums import AccountKind, ImportType


def test_every_format_has_an_import_type() -> None:
    assert {fmt.id for fmt in all_formats()} == set(FORMAT_IMPORTS)


def test_formats_are_typed_by_what_their_files_hold() -> None:
    assert import_type_of("generic") == ImportType.GENERIC_CSV
    assert import_type_of("kraken-trades") == ImportType.TRADE_IMPORTS
    assert import_type_of("bittrex-transfers") == ImportType.TRADE_TRANSFERS
    assert import_type_of("kraken-ledgers") == ImportType.TRANSACTION_HISTORY


def test_allowed_import_types_by_account() -> None:
    assert allowed_import_types(AccountKind.CUSTOM_WALLET, "csv file import") == [1, 2, 3, 7]
    assert allowed_import_types(AccountKind.EXCHANGE, "kraken") == [1, 2, 7]
    assert allowed_import_types(AccountKind.EXCHANGE, "bitbank") == [1, 3]
    assert allowed_import_types(AccountKind.EXCHANGE, "gemini") == [1]  # no export of its own: generic only
    assert allowed_import_types(AccountKind.WALLET, "ethereum") == []
