"""POST /webhooks/stripe: the payment provider's events. Only a body signed with the endpoint's secret
(api.stripe_adapter) is read; a paid `checkout.session.completed` gives the user the plan of its checkout,
once (a replayed event id is acknowledged and changes nothing). Every other event is acknowledged unread,
as Stripe expects a 2xx for events an endpoint does not handle."""

from __future__ import annotations

import json
import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from sqlalchemy.ext.asyncio import AsyncSession

from api.services import Services, db_session, services
from api.stripe_adapter import BadSignature, verify_signature
from ledger.scope.plans import complete_checkout

router = APIRouter()
log = logging.getLogger(__name__)
COMPLETED = "checkout.session.completed"


@router.post("/webhooks/stripe", include_in_schema=False)
async def stripe_webhook(
    request: Request,
    app: Annotated[Services, Depends(services)],
    session: Annotated[AsyncSession, Depends(db_session)],
) -> JSONResponse:
    payload = await request.body()
    try:
        verify_signature(payload, request.headers.get("stripe-signature"), app.settings.stripe_webhook_secret)
        event: dict[str, Any] = json.loads(payload)
        kind, event_id, paid = event["type"], str(event["id"]), event["data"]["object"]
    except (BadSignature, ValueError, KeyError, TypeError) as error:
        log.warning("refused a payment webhook: %s", error)
        return JSONResponse({"detail": "Invalid signature or payload."}, status_code=400)
    if kind == COMPLETED and paid.get("payment_status") == "paid":
        applied = await complete_checkout(session, event_id, str(paid.get("id")))
        return JSONResponse({"received": True, "applied": applied})
    return JSONResponse({"received": True, "applied": False})
