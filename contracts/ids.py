"""Every workflow id. An id is derived from what the workflow works on, so a repeated request joins the
running workflow instead of doubling the work; the id of a job's workflow is the job id the client polls.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping


def csv_import_id() -> str:
    """A new import of a file into the account created for it."""
    return f"csv-import/{uuid.uuid4()}"


def account_import_id() -> str:
    """A new import of a file into an account the user already has."""
    return f"account-import/{uuid.uuid4()}"


def csv_validation_id(user_id: int, file_url: str) -> str:
    """The check of one user's upload: the same user and file always get the same id."""
    digest = hashlib.sha256(f"{user_id}\n{file_url}".encode()).hexdigest()
    return f"csv-validate/{digest}"


def csv_mapping_validation_id(user_id: int, file_url: str, mapping: Mapping[str, object]) -> str:
    """The check of one user's upload read with a column mapping: one per mapping."""
    made = f"{user_id}\n{file_url}\n{json.dumps(mapping, sort_keys=True)}"
    digest = hashlib.sha256(made.encode()).hexdigest()
    return f"csv-validate-mapped/{digest}"


def cost_basis_id(user_public_id: uuid.UUID) -> str:
    return f"cost-basis/{user_public_id}"


def delete_account_id(account_id: int) -> str:
    return f"delete-account/{account_id}"


def migration_id(user_public_id: uuid.UUID) -> str:
    """The user's one universal → per-wallet migration."""
    return f"migration/{user_public_id}"


def delete_user_id(user_public_id: uuid.UUID | str) -> str:
    return f"delete-user/{user_public_id}"


def reset_demo_user_id(user_public_id: uuid.UUID) -> str:
    """One reset of a broker's demo account: each reset deletes the accounts it found."""
    return f"reset-demo-user/{user_public_id}/{uuid.uuid4()}"


def freeze_id(user_public_id: uuid.UUID, year: int) -> str:
    """Freezing or unfreezing one tax year of one user: one at a time per year."""
    return f"freeze/{user_public_id}/{year}"


def tax_report_id(
    user_public_id: uuid.UUID, report_type: str, tax_year: int, options: tuple[object, ...]
) -> str:
    """One report of one user and year; a report with options (a transactions filter, a date, a 1099-DA)
    gets their digest after it, so only the same request joins the running one."""
    made = f"tax-report/{user_public_id}/{report_type}/{tax_year}"
    if not any(option is not None for option in options):
        return made
    return f"{made}/{hashlib.sha256(repr(options).encode()).hexdigest()[:16]}"


def account_sync_id(account_id: int) -> str:
    """The sync of one linked exchange or wallet; also the id of its periodic schedule."""
    return f"sync/{account_id}"


def scheduled_sync_id(account_id: int) -> str:
    """The schedule's runs, which start (or join) the account's sync; Temporal appends each run's time."""
    return f"scheduled-sync/{account_id}"


def price_fetch_id() -> str:
    """The one price fetch for every user's assets: a fetch asked for while one runs joins it."""
    return "price-fetch"


def price_fetch_schedule_id() -> str:
    return "price-fetch-daily"


def credentials_check_id(check_id: int) -> str:
    return f"verify-credentials/{check_id}"
