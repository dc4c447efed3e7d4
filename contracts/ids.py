"""Every workflow id. An id is derived from what the workflow works on, so a repeated request joins the
running workflow instead of doubling the work; the id of a job's workflow is the job id the client polls.
"""

from __future__ import annotations

import hashlib
import uuid


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


def cost_basis_id(user_public_id: uuid.UUID) -> str:
    return f"cost-basis/{user_public_id}"


def delete_account_id(account_id: int) -> str:
    return f"delete-account/{account_id}"
