"""Plans given outside a checkout: by an operator, the demo seed, or a test's fixture."""

from __future__ import annotations

from datetime import date

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from ledger.models import Subscription
from vocabulary.plans import PaymentState, TaxPlan

TAX = "tax"  # ledger.scope.plans.TAX; the scope is the API's side and is not imported here


def grant_tax_plan(
    session: Session,
    user_id: int,
    plan: TaxPlan,
    payment_state: PaymentState = PaymentState.PAID,
    covers_through: int | None = None,
) -> None:
    """The user holds the tax plan from now on, covering the tax years up to `covers_through` (this one
    by default), in place of the one they held (not committed)."""
    values = {
        "plan": plan.value,
        "payment_state": payment_state,
        "source": "granted",
        "trial_ends_at": None,
        "covers_through_year": covers_through or date.today().year,
    }
    session.execute(
        insert(Subscription)
        .values(user_id=user_id, kind=TAX, **values)
        .on_conflict_do_update(constraint="uq_subscriptions_user_id_kind", set_=values)
    )
