"""Enumerations of the product specification (spec 000 §3, spec 001 §3), kept with their exact values."""

from enum import IntEnum, StrEnum


class AccountKind(IntEnum):
    EXCHANGE = 1
    WALLET = 2
    CUSTOM_WALLET = 3
    OTHER_TRANSACTIONS = 4


class ImportType(IntEnum):
    GENERIC_CSV = 1
    TRADE_IMPORTS = 2
    TRADE_TRANSFERS = 3
    TRANSACTION_HISTORY = 7


IMPORT_TYPE_NAMES: dict[ImportType, str] = {  # spec 000 §3 "Import types"
    ImportType.GENERIC_CSV: "generic CSV",
    ImportType.TRADE_IMPORTS: "trade",
    ImportType.TRADE_TRANSFERS: "trade transfers",
    ImportType.TRANSACTION_HISTORY: "transaction history",
}


class FlowDirection(StrEnum):
    INFLOW = "INFLOW"
    OUTFLOW = "OUTFLOW"


class TransactionLinkType(StrEnum):
    BRIDGE = "bridge"
    LINKED_TRADE = "linked_trade"
    TRANSFER = "transfer"


class TransactionType(StrEnum):
    """Every transaction type the ledger stores; parsers and the lot engine speak these names."""

    BUY = "BUY"
    SELL = "SELL"
    TRADE = "TRADE"
    SEND = "SEND"
    RECEIVE = "RECEIVE"
    TRANSFER = "TRANSFER"
    DEPOSIT = "DEPOSIT"
    WITHDRAWAL = "WITHDRAWAL"
    FIAT_DEPOSIT = "FIAT_DEPOSIT"
    FIAT_WITHDRAWAL = "FIAT_WITHDRAWAL"
    STAKE = "STAKE"
    UNSTAKE = "UNSTAKE"
    STAKING_REWARD = "STAKING_REWARD"
    MINING_REWARD = "MINING_REWARD"
    AIRDROP = "AIRDROP"
    INTEREST = "INTEREST"
    INCOME = "INCOME"
    FORK = "FORK"
    REWARD = "REWARD"
    CASHBACK = "CASHBACK"
    REFERRAL_REWARD = "REFERRAL_REWARD"
    FEE = "FEE"
    TRADE_FEE = "TRADE_FEE"
    NETWORK_FEE = "NETWORK_FEE"
    FEE_REBATE = "FEE_REBATE"
    MARGIN_TRADE = "MARGIN_TRADE"
    MARGIN_FEE = "MARGIN_FEE"
    MARGIN_PROFIT = "MARGIN_PROFIT"
    MARGIN_LOSS = "MARGIN_LOSS"
    FUTURES_PROFIT = "FUTURES_PROFIT"
    FUTURES_LOSS = "FUTURES_LOSS"
    FUNDING_FEE = "FUNDING_FEE"
    LENDING_DEPOSIT = "LENDING_DEPOSIT"
    LENDING_WITHDRAWAL = "LENDING_WITHDRAWAL"
    LOAN_BORROW = "LOAN_BORROW"
    LOAN_REPAYMENT = "LOAN_REPAYMENT"
    LIQUIDATION = "LIQUIDATION"
    ADD_LIQUIDITY = "ADD_LIQUIDITY"
    REMOVE_LIQUIDITY = "REMOVE_LIQUIDITY"
    LIQUIDITY_REWARD = "LIQUIDITY_REWARD"
    WRAP = "WRAP"
    UNWRAP = "UNWRAP"
    BRIDGE = "BRIDGE"
    GIFT_RECEIVED = "GIFT_RECEIVED"
    GIFT_SENT = "GIFT_SENT"
    DONATION = "DONATION"
    LOST = "LOST"
    STOLEN = "STOLEN"
    NFT_MINT = "NFT_MINT"
    NFT_PURCHASE = "NFT_PURCHASE"
    NFT_SALE = "NFT_SALE"
    SPAM = "SPAM"
    CONTRACT_INTERACTION = "CONTRACT_INTERACTION"
    REALIZED_PNL = "REALIZED_PNL"
    LINKED_TRADE = "LINKED_TRADE"
    MULTI_OPERATION_TRANSACTION = "MULTI_OPERATION_TRANSACTION"
    UNKNOWN = "UNKNOWN"


class CalloutType(StrEnum):
    INSUFFICIENT_QUANTITY = "INSUFFICIENT_QUANTITY"
    MISSING_BALANCE = "MISSING_BALANCE"
    MISSING_PRICE_HISTORY = "MISSING_PRICE_HISTORY"
    UNBALANCED_TRANSACTION = "UNBALANCED_TRANSACTION"
    VALUE_OUT_OF_BOUNDS = "VALUE_OUT_OF_BOUNDS"


class TaskStatus(StrEnum):
    IGNORED = "IGNORED"
    TO_DO = "TO_DO"


class TaskType(StrEnum):
    FIX_API_CREDENTIALS = "FIX_API_CREDENTIALS"  # counts as a sync issue (spec 001 §3)


class PerformanceDuration(StrEnum):
    ONE_DAY = "ONE_DAY"
    ONE_WEEK = "ONE_WEEK"
    ONE_MONTH = "ONE_MONTH"
    THREE_MONTH = "THREE_MONTH"
    ONE_YEAR = "ONE_YEAR"
    FIVE_YEAR = "FIVE_YEAR"
    ALL_TIME = "ALL_TIME"


class Theme(StrEnum):
    DARK = "DARK"
    LIGHT = "LIGHT"
    SYSTEM = "SYSTEM"


class EmailChangeError(StrEnum):
    EMAIL_ALREADY_EXISTED = "EMAIL_ALREADY_EXISTED"
    NOT_ALLOWED = "NOT_ALLOWED"
    UNKNOWN_ERROR = "UNKNOWN_ERROR"


class EmailChangeBlockedReason(StrEnum):
    HAS_SOCIAL_PROFILES = "HAS_SOCIAL_PROFILES"
    MAX_CHANGE_LIMIT_REACHED = "MAX_CHANGE_LIMIT_REACHED"
    MAX_CHANGE_REQUEST_LIMIT_REACHED = "MAX_CHANGE_REQUEST_LIMIT_REACHED"


class OtpError(StrEnum):
    OTP_NOT_MATCHED = "OTP_NOT_MATCHED"


class CurrencyType(StrEnum):
    BLOCKCHAIN_TOKEN = "BLOCKCHAIN_TOKEN"
    CRYPTO_CURRENCY = "CRYPTO_CURRENCY"
    EXCHANGE_TOKEN = "EXCHANGE_TOKEN"
    FIAT = "FIAT"
    NFT = "NFT"
    UNKNOWN = "UNKNOWN"
    USER_DEFINED_TOKEN = "USER_DEFINED_TOKEN"
    VIRTUAL_TOKEN = "VIRTUAL_TOKEN"


ASSET_ID_PREFIX: dict[CurrencyType, str] = {
    CurrencyType.CRYPTO_CURRENCY: "crypto_",
    CurrencyType.EXCHANGE_TOKEN: "crypto_",
    CurrencyType.VIRTUAL_TOKEN: "crypto_",
    CurrencyType.UNKNOWN: "crypto_",
    CurrencyType.FIAT: "fiat_",
    CurrencyType.USER_DEFINED_TOKEN: "user_asset_",
    CurrencyType.NFT: "nft_",
    CurrencyType.BLOCKCHAIN_TOKEN: "blockchain_",
}


class CostBasisMethod(StrEnum):
    ACB = "ACB"
    FIFO = "FIFO"
    HIFO = "HIFO"
    LIFO = "LIFO"
    LOFO = "LOFO"
    SP = "SP"
    WAC = "WAC"


class AllocationScope(StrEnum):
    UNIVERSAL = "UNIVERSAL"
    WALLET = "WALLET"


class JobStatus(StrEnum):
    CANCELLED = "CANCELLED"
    ENQUEUED = "ENQUEUED"
    FAILED = "FAILED"
    FINISHED = "FINISHED"
    SCHEDULED = "SCHEDULED"
    STARTED = "STARTED"
    UNKNOWN = "UNKNOWN"


class JobKind(StrEnum):
    CSV_IMPORT = "csv_import"
    CSV_VALIDATION = "csv_validation"
    MULTI_ADDRESS_IMPORT = "multi_address_import"
    COST_BASIS = "cost_basis"
    SYNC = "sync"
    DATA_EXPORT = "data_export"


class CostBasisState(StrEnum):
    ENQUEUED = "Enqueued"
    SCHEDULED = "Scheduled"
    STARTED = "Started"
    FAILED = "Failed"


class QueuePriority(StrEnum):
    HIGH = "HIGH"
    LOW = "LOW"
    NORMAL = "NORMAL"


class FreezingStatus(StrEnum):
    ERRORED_WITH_FROZEN_PERIODS = "errored_with_frozen_periods"
    ERRORED_WITH_UNFROZEN_PERIODS = "errored_with_unfrozen_periods"
    FREEZING_IN_PROGRESS = "freezing_in_progress"
    FROZEN = "frozen"
    UNFREEZING_IN_PROGRESS = "unfreezing_in_progress"
    UNFROZEN = "unfrozen"


class IntegrationCategory(StrEnum):
    BLOCKCHAIN = "Blockchain"
    EXCHANGE = "Exchange"
    WALLET = "Wallet"


class SyncMethod(StrEnum):
    AUTOMATIC = "Automatic sync"
    CUSTOM_FILE = "Custom file"
    CSV = "Cairn CSV"
    AUTOMATIC_AND_FILE = "Automatic sync and custom file"


class FormId(StrEnum):
    PUBLIC = "Public"
    PUBLIC_XPUB = "PublicXpub"
    TWO_XPUB = "TwoXpub"
    MULTI_ADDRESS = "MultiAddress"
    ADDRESS = "Address"
    API_KEY = "ApiKey"
    PASSPHRASE = "Passphrase"
    CUSTOMER_ID = "CustomerId"
    COINBASE = "Coinbase"
    COINJAR = "Coinjar"
    UPHOLD = "Uphold"
