"""Types several areas share: the mutation result and the queue priority."""

from __future__ import annotations

import strawberry

from vocabulary.enums import QueuePriority
from vocabulary.errors import AccountError, account_error_message

strawberry.enum(QueuePriority, name="QueuePriority")  # the GraphQL enum of ledger's QueuePriority


@strawberry.type
class MutationResult:
    success: bool
    error: str | None = None
    error_message: str | None = None

    @classmethod
    def ok(cls) -> MutationResult:
        return cls(success=True)

    @classmethod
    def failed(cls, code: AccountError, message: str | None = None) -> MutationResult:
        return cls(success=False, error=code.value, error_message=message or account_error_message(code))
