"""The error catalogue of the specification (spec 000 §3 "Enumerations", §8): codes and user-facing texts.

Mutations answer `error` with a code from these enums and `errorMessage` with its text. Codes whose
text the spec does not show carry a text of ours, written in the same voice.
"""

from __future__ import annotations

from enum import StrEnum


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
}

CSV_IMPORT_FAILED = "There was an error while trying to import the CSV"
CUSTOM_WALLET_CREATION_FAILED = "There was an issue while trying to upload your csv. Please try again"
WALLET_NAME_REQUIRED = "Wallet name is required"


def only_formats_allowed(formats: list[str]) -> str:
    """Spec 000 §5: a file whose extension the integration does not accept."""
    return f"Only {', '.join(formats)} files are allowed for this CSV import."


def wrong_import_type(format_name: str, detected: str, requested: str) -> str:
    """A file whose detected format is of another import type than the one chosen for it."""
    return f"This file is a {format_name} export, a {detected} import, not a {requested} import."


VIEW_AS_IMPORT_FORBIDDEN = "Files cannot be imported while viewing another user's account."


def account_error_message(code: AccountError) -> str:
    return ACCOUNT_ERROR_MESSAGES.get(code, ACCOUNT_ERROR_MESSAGES[AccountError.GENERIC_ERROR])
