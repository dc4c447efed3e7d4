"""The transfer-matching activity the import workflows call after an import."""

from __future__ import annotations

from dataclasses import dataclass

MATCH_TRANSFERS = "match_transfers_for_user"


@dataclass(frozen=True)
class TransferMatching:
    legs: int
    new_links: int
    to_review: int
