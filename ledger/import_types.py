"""Which import type (spec 000 §3: generic CSV 1, trade imports 2, trade transfers 3, transaction
history 7) each file format is, which integration it comes from, and so which import types an account
takes. The one place that maps ingest's format ids to import types; a test keeps it complete.
"""

from __future__ import annotations

from dataclasses import dataclass

from vocabulary.enums import AccountKind, ImportType


@dataclass(frozen=True, slots=True)
class FormatImport:
    import_type: ImportType
    integration_slug: str | None  # the exchange whose export it is; None for tools and explorers


_GENERIC = FormatImport(ImportType.GENERIC_CSV, None)


def _trades(slug: str | None) -> FormatImport:
    return FormatImport(ImportType.TRADE_IMPORTS, slug)


def _transfers(slug: str | None) -> FormatImport:
    return FormatImport(ImportType.TRADE_TRANSFERS, slug)


def _history(slug: str | None) -> FormatImport:
    return FormatImport(ImportType.TRANSACTION_HISTORY, slug)


FORMAT_IMPORTS: dict[str, FormatImport] = {
    "generic": _GENERIC,
    # Trades only: orders filled, with what they cost.
    "binance-auto-invest": _trades("binance"),
    "bisq": _trades(None),
    "bitcoin-tax-trades": _trades(None),
    "bittrex-orders": _trades(None),
    "bittrex-orders-old": _trades(None),
    "bittrex-orders-older": _trades(None),
    "coincheck-buys": _trades("coincheck"),
    "coinmama": _trades(None),
    "kraken-trades": _trades("kraken"),
    "kucoin-trades": _trades("kucoin"),
    "relai": _trades(None),
    "shapeshift": _trades(None),
    # Deposits and withdrawals only.
    "bitbank-fiat-deposits": _transfers("bitbank"),
    "bitbank-withdrawals": _transfers("bitbank"),
    "bittrex-transfers": _transfers(None),
    "bittrex-deposits-old": _transfers(None),
    "pionex-transfers": _transfers(None),
    # Every movement of the account: trades, transfers, income, fees.
    "binance": _history("binance"),
    "binance-eth-staking": _history("binance"),
    "bithomp": _history(None),
    "bithomp-legacy": _history(None),
    "bitmex": _history(None),
    "bitstamp": _history("bitstamp"),
    "bitstamp-v2": _history("bitstamp"),
    "bitvavo": _history("bitvavo"),
    "blockfi": _history(None),
    "blockpit": _history(None),
    "coinbase": _history("coinbase"),
    "coinbase-pro": _history("coinbaseexchange"),
    "coinledger": _history(None),
    "cointracking": _history(None),
    "cryptocom": _history("cryptocom"),
    "delta": _history("delta"),
    "etherscan": _history(None),
    "etherscan-internal": _history(None),
    "etherscan-erc20": _history(None),
    "koinly-universal": _history(None),
    "koinly-simple": _history(None),
    "kraken-ledgers": _history("kraken"),
    "nexo": _history(None),
    "nexo-older": _history(None),
    "revolut-crypto": _history(None),
    "trezor": _history(None),
    "uphold": _history("uphold"),
}

IMPORT_TYPE_NAMES: dict[ImportType, str] = {  # spec 000 §3 "Import types"
    ImportType.GENERIC_CSV: "generic CSV",
    ImportType.TRADE_IMPORTS: "trade",
    ImportType.TRADE_TRANSFERS: "trade transfers",
    ImportType.TRANSACTION_HISTORY: "transaction history",
}
FILE_IMPORT_TYPES = tuple(IMPORT_TYPE_NAMES)


def import_type_of(format_id: str) -> ImportType:
    """The import type of a file of this format; a format not listed counts as a transaction history."""
    found = FORMAT_IMPORTS.get(format_id)
    return ImportType.TRANSACTION_HISTORY if found is None else found.import_type


def allowed_import_types(kind: AccountKind, integration_slug: str | None) -> list[ImportType]:
    """Import types an account takes: a custom wallet any file; an exchange the generic CSV and the kinds
    of export its exchange writes; blockchain wallets and other transactions none (they sync)."""
    if kind == AccountKind.CUSTOM_WALLET:
        return list(FILE_IMPORT_TYPES)
    if kind != AccountKind.EXCHANGE:
        return []
    own = {
        found.import_type for found in FORMAT_IMPORTS.values() if found.integration_slug == integration_slug
    }
    return sorted({ImportType.GENERIC_CSV} | own)
