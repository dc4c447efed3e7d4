"""The error catalogue of the specification (spec 000 §3 "Enumerations", §8): codes and user-facing texts.

Mutations answer `error` with a code from these enums and `errorMessage` with its text. Codes whose
text the spec does not show carry a text of ours, written in the same voice.
"""

from __future__ import annotations

from enum import StrEnum

NOT_ON_BEHALF = "You can't view this page on behalf of a user"  # spec 001 §8


class AccountError(StrEnum):
    ACCOUNT_ALREADY_LINKED = "account_already_linked"
    ACCOUNT_NOT_FOUND = "account_not_found"
    ACCOUNT_TYPE_SLUG_NOT_FOUND = "account_type_slug_not_found"
    COINBASE_ACCOUNT_ALREADY_ADDED = "coinbase_account_already_added"
    ERROR_WITH_PARTNER_CONNECTION = "error_with_partner_connection"
    GENERIC_ERROR = "generic_error"
    INVALID_ACCOUNT = "invalid_account"
    INVALID_ACCOUNT_TYPE_SLUG = "invalid_account_type_slug"
    INVALID_API_KEY = "invalid_api_key"
    INVALID_API_SECRET = "invalid_api_secret"
    INVALID_CODE = "invalid_code"
    INVALID_CUSTOMER_ID = "invalid_customer_id"
    INVALID_FILE_URL = "invalid_file_url"
    INVALID_IMPORT_TYPE = "invalid_import_type"
    INVALID_PASSPHRASE = "invalid_passphrase"
    INVALID_PUBLIC_ID = "invalid_public_id"
    INVALID_REDIRECT_URI = "invalid_redirect_uri"
    NOT_SUPPORTED_ACCOUNT_FOR_OAUTH = "not_supported_account_for_oauth"


class WalletAddError(StrEnum):
    HAS_ZERO_TRANSACTIONS = "has_zero_transactions"
    INVALID_CRYPTO_CURRENCY = "invalid_crypto_currency"
    INVALID_PUBLIC_KEYS = "invalid_public_keys"
    RECEIVE_CHANGE_XPUB_SAME = "receive_change_xpub_same"
    TOO_MANY_TRANSACTIONS = "too_many_transactions"
    UNKNOWN_ERROR = "unknown_error"
    UNKNOWN_WALLET_TYPE = "unknown_wallet_type"
    VALUE_ERROR = "value_error"
    WALLET_ALREADY_LINKED = "wallet_already_linked"
    WALLET_VALIDATION_ERROR = "wallet_validation_error"


class MultiAddressImportError(StrEnum):
    FAILED_TO_IMPORT_ALL_ADDRESSES = "failed_to_import_all_addresses"
    FAILED_TO_IMPORT_MULTI_ADDRESS_WALLET = "failed_to_import_multi_address_wallet"
    FAILED_TO_IMPORT_SOME_ADDRESSES = "failed_to_import_some_addresses"
    UNKNOWN_JOB_ID = "unknown_job_id"


class TransferError(StrEnum):
    """Linking or unlinking a transfer by hand (codes of ours: the spec lists none for this)."""

    TRANSACTION_NOT_FOUND = "transaction_not_found"
    NOT_A_TRANSFER = "not_a_transfer"
    LINK_NOT_FOUND = "link_not_found"


TRANSFER_ERROR_MESSAGES: dict[TransferError, str] = {
    TransferError.TRANSACTION_NOT_FOUND: "This transaction could not be found.",
    TransferError.NOT_A_TRANSFER: (
        "Only a send of one crypto asset and a receive of the same asset into another account "
        "can be linked as a transfer."
    ),
    TransferError.LINK_NOT_FOUND: "These two transactions are not linked as a transfer.",
}


class TransactionEditError(StrEnum):
    """Editing transactions by hand (spec 001 §7 "Transactions"; codes of ours: the spec lists none)."""

    TRANSACTION_NOT_FOUND = "transaction_not_found"
    FLOW_NOT_FOUND = "flow_not_found"
    ACCOUNT_NOT_FOUND = "account_not_found"
    ASSET_NOT_FOUND = "asset_not_found"
    LINK_NOT_FOUND = "link_not_found"
    NOT_MANUAL = "not_manual"
    NOT_POSITIVE = "not_positive"
    TOO_PRECISE = "too_precise"
    NOT_AN_INFLOW = "not_an_inflow"
    NOT_AN_OUTFLOW = "not_an_outflow"
    TAXABILITY_NOT_EDITABLE = "taxability_not_editable"
    NO_FLOWS = "no_flows"
    FEE_NOT_OUTFLOW = "fee_not_outflow"
    IN_THE_FUTURE = "in_the_future"
    INVALID_LABEL = "invalid_label"
    SAME_TRANSACTION = "same_transaction"
    ALREADY_LINKED = "already_linked"
    FROZEN_PERIOD = "frozen_period"


TRANSACTION_EDIT_ERROR_MESSAGES: dict[TransactionEditError, str] = {
    TransactionEditError.TRANSACTION_NOT_FOUND: "This transaction could not be found.",
    TransactionEditError.FLOW_NOT_FOUND: "This entry of the transaction could not be found.",
    TransactionEditError.ACCOUNT_NOT_FOUND: "This account could not be found.",
    TransactionEditError.ASSET_NOT_FOUND: "This asset could not be found.",
    TransactionEditError.LINK_NOT_FOUND: "This link could not be found.",
    TransactionEditError.NOT_MANUAL: "Only transactions entered by hand can be changed this way or deleted.",
    TransactionEditError.NOT_POSITIVE: "Cost basis, proceeds and quantities must be positive numbers.",
    TransactionEditError.TOO_PRECISE: (
        "Amounts may have at most 18 decimal places and 20 digits before the decimal point."
    ),
    TransactionEditError.NOT_AN_INFLOW: "Cost basis can only be set on what the transaction received.",
    TransactionEditError.NOT_AN_OUTFLOW: "Proceeds can only be set on what the transaction sent.",
    TransactionEditError.TAXABILITY_NOT_EDITABLE: (
        "Only receipts, rewards, wraps, stakes and liquidity moves can be marked taxable or not taxable."
    ),
    TransactionEditError.NO_FLOWS: "A transaction needs at least one amount received or sent.",
    TransactionEditError.FEE_NOT_OUTFLOW: "A fee is always sent, never received.",
    TransactionEditError.IN_THE_FUTURE: "A transaction cannot be dated in the future.",
    TransactionEditError.INVALID_LABEL: "Labels are 1 to 100 characters, and a transaction has at most 20.",
    TransactionEditError.SAME_TRANSACTION: "A transaction cannot be linked to itself.",
    TransactionEditError.ALREADY_LINKED: "These two transactions are already linked this way.",
    TransactionEditError.FROZEN_PERIOD: (
        "This change touches a frozen tax year. Unfreeze the year on its tax page to change it."
    ),
}


class FreezingError(StrEnum):
    """Freezing and unfreezing a tax year (spec 001 §7; the codes are ours, the spec lists none)."""

    INVALID_TAX_YEAR = "invalid_tax_year"
    IN_PROGRESS = "freezing_in_progress"
    ALREADY_FROZEN = "already_frozen"
    NOT_FROZEN = "not_frozen"
    UNFREEZE_NOT_ALLOWED = "unfreeze_not_allowed"
    MIGRATED = "migrated_to_per_wallet"
    FREEZING_FAILED = "freezing_failed"


# spec 001 §8
FREEZING_FAILED = (
    "We weren't able to freeze (or unfreeze) your transactions. Please try again later or contact us if you "
    "continue to experience problems."
)
FREEZING_ERROR_MESSAGES: dict[FreezingError, str] = {
    FreezingError.INVALID_TAX_YEAR: "Only tax years that have ended, from 2009 on, can be frozen.",
    FreezingError.IN_PROGRESS: "A tax year is being frozen or unfrozen. Please wait until it is done.",
    FreezingError.ALREADY_FROZEN: "This tax year is already frozen.",
    FreezingError.NOT_FROZEN: "This tax year is not frozen.",
    FreezingError.UNFREEZE_NOT_ALLOWED: (
        "This tax year was frozen with the years before it and cannot be unfrozen on its own."
    ),
    FreezingError.MIGRATED: (
        "Years through 2024 stay frozen after the move to per-wallet cost basis: it cannot be undone."
    ),
    FreezingError.FREEZING_FAILED: FREEZING_FAILED,
}


ACCOUNT_ERROR_MESSAGES: dict[AccountError, str] = {
    # Texts of spec 000 §8.
    AccountError.ACCOUNT_ALREADY_LINKED: "Account is already linked.",
    AccountError.INVALID_ACCOUNT: "Account is invalid.",
    AccountError.INVALID_API_KEY: "API key is invalid.",
    # Codes the spec lists without a text.
    AccountError.ACCOUNT_NOT_FOUND: "This account could not be found.",
    AccountError.ACCOUNT_TYPE_SLUG_NOT_FOUND: "This integration could not be found.",
    AccountError.INVALID_ACCOUNT_TYPE_SLUG: "This integration does not take this kind of account.",
    AccountError.INVALID_FILE_URL: "This file could not be found among your uploads. Please upload it again.",
    AccountError.INVALID_IMPORT_TYPE: "This account does not take files of this import type.",
    AccountError.GENERIC_ERROR: "Something went wrong. Please try again or contact support.",
    AccountError.INVALID_CODE: "The connection was not authorized. Please try again.",
    AccountError.NOT_SUPPORTED_ACCOUNT_FOR_OAUTH: "This exchange cannot be connected this way yet.",
    AccountError.COINBASE_ACCOUNT_ALREADY_ADDED: "This Coinbase account has already been added.",
    AccountError.ERROR_WITH_PARTNER_CONNECTION: (
        "The exchange answered something Cairn could not read. Cairn will try again at the next sync."
    ),
}

# Adding or updating an exchange (spec 000 §8 "Exchange add and update").
EXCHANGE_ADD_FAILED = "There was a problem while trying to add your exchange. Try again or contact support."
EXCHANGE_ADDED = "Added new exchange"
EXCHANGE_UPDATED = "Updated exchange details"
FIELD_REQUIRED = "Field is required"  # spec 000 §5, the exchange forms
THIS_FIELD_REQUIRED = "This field is required"  # spec 000 §5, the address, xpub and multi-address forms
SYNC_FAILED_MESSAGE = "Syncing this account failed. Cairn will try again at the next sync."

WALLET_ADD_ERROR_MESSAGES: dict[WalletAddError, str] = {  # spec 000 §8 "Wallet add"
    WalletAddError.HAS_ZERO_TRANSACTIONS: "We could not add your wallet as it has zero transactions.",
    WalletAddError.TOO_MANY_TRANSACTIONS: (
        "This wallet exceeds the number of transactions allowed for your current plan."
    ),
    WalletAddError.WALLET_ALREADY_LINKED: (
        "This wallet has already been added to the product. Please see below."
    ),
    WalletAddError.WALLET_VALIDATION_ERROR: (
        "We could not add your wallet as this address is invalid. Please follow the instructions below and "
        "try again."
    ),
    WalletAddError.INVALID_CRYPTO_CURRENCY: "Wallets of this coin are not supported yet.",
    WalletAddError.UNKNOWN_ERROR: "An error has occurred, please try again.",
    WalletAddError.VALUE_ERROR: "An error has occurred, please try again.",
    # Codes the spec lists without a text.
    WalletAddError.INVALID_PUBLIC_KEYS: "Please enter at least one public key",
    WalletAddError.RECEIVE_CHANGE_XPUB_SAME: "Receive and Change address cannot be the same.",
    WalletAddError.UNKNOWN_WALLET_TYPE: "Wallets of this coin are not supported yet.",
}
WALLET_ADDED = "Wallet added"

CSV_IMPORT_FAILED = "There was an error while trying to import the CSV"
CUSTOM_WALLET_CREATION_FAILED = "There was an issue while trying to upload your csv. Please try again"
WALLET_NAME_REQUIRED = "Wallet name is required"
VALIDATION_FAILED = "There was an issue while trying to validate the file's format."  # spec 000 §8
VALIDATE_FIRST = "This file has not been checked yet. Please check it before importing it."
COST_BASIS_FAILED = "We were not able to calculate your tax, portfolio, and performance values."
ENQUEUE_FAILED = "There was a problem while enqueuing portfolio and tax calculations. Please try again."
RECALCULATION_FAILED = "There was an error while trying to request the recalculation. Please try again later."


def only_formats_allowed(formats: list[str]) -> str:
    """Spec 000 §5: a file whose extension the integration does not accept."""
    return f"Only {', '.join(formats)} files are allowed for this CSV import."


def wrong_import_type(format_name: str, detected: str, requested: str) -> str:
    """A file whose detected format is of another import type than the one chosen for it."""
    return f"This file is a {format_name} export, a {detected} import, not a {requested} import."


VIEW_AS_IMPORT_FORBIDDEN = "Files cannot be imported while viewing another user's account."


def account_error_message(code: AccountError) -> str:
    return ACCOUNT_ERROR_MESSAGES.get(code, ACCOUNT_ERROR_MESSAGES[AccountError.GENERIC_ERROR])


class SettingsError(StrEnum):
    """Why a settings change was refused (spec 001 §7 "Settings"; the spec shows no texts)."""

    INVALID_BASE_CURRENCY = "invalid_base_currency"
    INVALID_COUNTRY = "invalid_country"
    INVALID_TAX_YEAR_START = "invalid_tax_year_start"
    INVALID_PERIOD = "invalid_period"
    PERIOD_NOT_FOUND = "period_not_found"
    UNIVERSAL_NOT_ALLOWED = "universal_not_allowed"
    PERIOD_ENDS_BEFORE_START = "period_ends_before_start"
    PERIODS_OVERLAP = "periods_overlap"
    YEARS_FROZEN = "years_frozen"


SETTINGS_ERROR_MESSAGES: dict[SettingsError, str] = {
    SettingsError.INVALID_BASE_CURRENCY: "Cairn has no daily exchange rates for this currency.",
    SettingsError.INVALID_COUNTRY: "Choose a country by its two-letter code.",
    SettingsError.INVALID_TAX_YEAR_START: "This day does not exist in that month.",
    SettingsError.INVALID_PERIOD: "A method period needs a start date no later than next year.",
    SettingsError.PERIOD_NOT_FOUND: "This method period was not found.",
    SettingsError.UNIVERSAL_NOT_ALLOWED: (
        "Universal cost basis is not accepted from January 1, 2025 for US taxpayers: choose per wallet."
    ),
    SettingsError.PERIOD_ENDS_BEFORE_START: "A method period must end after the day it starts.",
    SettingsError.PERIODS_OVERLAP: "Method periods may not overlap: this one covers another period's dates.",
    SettingsError.YEARS_FROZEN: (
        "This setting cannot change while a tax year is frozen: unfreeze your frozen years first."
    ),
}
