"""The broker demo of spec 001 §2, §6 (a demo portal of an exchange-reporting cost basis engine, CBE): its
one broker id, the words it answers with, the tax year its sidebar opens and the stages of a connected
user's books."""

from __future__ import annotations

from enum import StrEnum

DEMO_BROKER_ID = "cbe_demo"  # spec 001 §6: reset demo account (broker id cbe_demo)
BROKER_TAX_YEAR = 2025  # spec 001 §9: the broker sidebar uses 2025
DEMO_ACCOUNT_NAME = "Cairn Exchange"  # the exchange account the demo deposits and sells in

NOT_FOUND = "Not found."
RESET_FAILED = "The demo account could not be reset. Try again."


class CbePipelineStage(StrEnum):
    """What a connected user's books go through before the exchange-level report shows them."""

    IMPORT = "IMPORT"  # their accounts' transactions synced or imported
    COST_BASIS = "COST_BASIS"  # the cost-basis run the report reads


class CbeStageStatus(StrEnum):
    NOT_STARTED = "NOT_STARTED"
    RUNNING = "RUNNING"
    DONE = "DONE"
    FAILED = "FAILED"
