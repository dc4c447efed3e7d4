"""The lot allocation methods of the universal → per-wallet migration (Rev. Proc. 2024-28).

From 1 January 2025 a US taxpayer's basis is tracked wallet by wallet. The basis of the units still
held at the end of 2024 ("unused basis") is allocated once to the units each wallet holds, by one of
the revenue procedure's two safe-harbor methods. The spec names the setting (`lotAllocationMethod`)
but not its values: these are ours.
"""

from __future__ import annotations

from enum import StrEnum


class LotAllocationMethod(StrEnum):
    # Specific unit allocation: the taxpayer identifies which units, with their basis and dates, sit
    # in each wallet; Cairn identifies them from its universal record.
    SPECIFIC_UNIT = "SPECIFIC_UNIT"
    # Global allocation: one written, reasonable rule applied to all wallets alike.
    GLOBAL = "GLOBAL"


# Each method's name and Cairn's rule, as the banner, the API and the allocation report state them.
ALLOCATION_RULES: dict[LotAllocationMethod, tuple[str, str]] = {
    LotAllocationMethod.SPECIFIC_UNIT: (
        "Specific unit allocation",
        "Each lot stays in the wallet Cairn's universal record placed it in, up to that wallet's balance; "
        "units beyond it go to the wallets still short of their balance, oldest lot first.",
    ),
    LotAllocationMethod.GLOBAL: (
        "Global allocation",
        "One rule for all wallets: the lots, oldest first, fill the wallets in the order you added them, "
        "each up to its balance.",
    ),
}


# The migration's cut: the open lots after every flow up to 2024-12-31 23:59:59 (spec 001 §9).
MIGRATION_YEAR = 2024


class MigrationError(StrEnum):
    """Why a migration or a lot allocation method was refused (the spec shows one text: START_FAILED)."""

    NOT_AVAILABLE = "migration_not_available"
    ALREADY_PER_WALLET = "already_per_wallet"
    NO_ALLOCATION_METHOD = "lot_allocation_method_unset"
    IN_PROGRESS = "migration_in_progress"
    ALREADY_MIGRATED = "already_migrated"
    START_FAILED = "migration_start_failed"


MIGRATION_ERROR_MESSAGES: dict[MigrationError, str] = {
    MigrationError.NOT_AVAILABLE: "The universal to per-wallet migration is for US taxpayers.",
    MigrationError.ALREADY_PER_WALLET: "Your cost basis is already tracked per wallet.",
    MigrationError.NO_ALLOCATION_METHOD: "Choose a lot allocation method before migrating.",
    MigrationError.IN_PROGRESS: "The migration is under way.",
    MigrationError.ALREADY_MIGRATED: "Your cost basis was migrated; the migration is irreversible.",
    # spec 001 §8
    MigrationError.START_FAILED: "There was an error while starting the universal to per-wallet migration.",
}
