"""FreezeTaxYearWorkflow: freeze a user's tax year (and every year before it), or unfreeze it (and every
year after it), per spec 001 §4: unfrozen → freezing_in_progress → frozen, frozen →
unfreezing_in_progress → unfrozen; a failure leaves errored_with_unfrozen_periods (a freeze) or
errored_with_frozen_periods (an unfreeze). The id is `freeze/{user}/{year}` (contracts.ids)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum

from contracts.ids import freeze_id
from contracts.starting import WorkflowStart

FREEZE_WORKFLOW = "FreezeTaxYearWorkflow"

# Activities
FREEZE_TAX_YEARS = "freeze_tax_years"  # (FreezingInput) → FreezeStep value
UNFREEZE_TAX_YEARS = "unfreeze_tax_years"  # (FreezingInput) → None; requests a cost-basis run
RECORD_FREEZING_FAILURE = "record_freezing_failure"  # (FreezingFailure) → None


class FreezeStep(StrEnum):
    DONE = "done"
    WAIT = "wait"  # a cost-basis run is asked for or running: the stored results are not the ledger's yet


@dataclass(frozen=True)
class FreezingInput:
    user_id: int
    year: int
    freeze: bool  # False: unfreeze


@dataclass(frozen=True)
class FreezingFailure:
    user_id: int
    year: int
    freeze: bool
    error: str


def freezing_start(user_id: int, user_public_id: uuid.UUID, year: int, freeze: bool) -> WorkflowStart:
    return WorkflowStart(
        FREEZE_WORKFLOW, FreezingInput(user_id, year, freeze), freeze_id(user_public_id, year)
    )
