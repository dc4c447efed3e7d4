"""The feedback prompt (spec 001 §4, §6, §9): whether to show it, and what the user answers
(spec 001 §7 "Feedback (message, rating)"): a 0–10 rating, a required message, or both."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.schema.common import MutationResult
from api.string_bounds import max_length
from ledger.scope.onboarding import feedback_due

MAX_FEEDBACK_CHARS = 5_000
INVALID_FEEDBACK = "invalid_feedback"
INVALID_FEEDBACK_MESSAGE = "Enter your feedback, or a rating from 0 to 10."


@strawberry.type
class FeedbackQuery:
    @strawberry.field(description="Spec 001 §6: only accounts over 30 days old are asked for feedback.")
    async def feedback_prompt_due(self, info: CairnInfo) -> bool:
        return feedback_due(await info.context.scope.user(), datetime.now(UTC))


@strawberry.type
class FeedbackMutation:
    @strawberry.mutation
    async def submit_feedback(
        self,
        info: CairnInfo,
        message: Annotated[str | None, max_length(MAX_FEEDBACK_CHARS)] = None,
        rating: int | None = None,
    ) -> MutationResult:
        if not await info.context.scope.onboarding.save_feedback(message, rating):
            return MutationResult(
                success=False, error=INVALID_FEEDBACK, error_message=INVALID_FEEDBACK_MESSAGE
            )
        await info.context.session.commit()
        return MutationResult.ok()
