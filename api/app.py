"""The API application: /graphql (the status panel's poll on a hot path of its own, api/status_poll.py),
/auth/*, /healthz, /readyz, /metrics and the single-page app.

`cairn api` serves it (what `cairn run` and docker-compose run), in CAIRN_API_WORKERS processes that
each set up their logging and tracing before calling create_app (stack/commands/api.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from temporalio.client import Client

from api import (
    auth,
    email_change,
    events,
    mail,
    mfa,
    oauth,
    observability,
    oidc,
    password_reset,
    payments,
    sessions,
    tax_pro_view,
    view_as,
)
from api.graphql import JsonTooDeep, graphql_router, json_too_deep
from api.limits import MAX_BODY_BYTES, REQUEST_TIMEOUT_SECONDS
from api.public_graphql import public_graphql_router
from api.request_limits import BodySizeLimit, RequestTimeout
from api.services import Services
from api.spa import spa_router
from api.status_poll import StatusPollPath, StatusPolls
from ledger.infra.settings import Settings, get_settings


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    """422 with one readable sentence in `detail`, as every other error of the API answers."""
    assert isinstance(exc, RequestValidationError)
    problems = [
        f"{'.'.join(str(part) for part in error['loc'][1:]) or 'body'}: {error['msg']}"
        for error in exc.errors()
    ]
    return JSONResponse({"detail": "; ".join(problems)}, status_code=status.HTTP_422_UNPROCESSABLE_CONTENT)


def create_app(settings: Settings | None = None, temporal: Client | None = None) -> FastAPI:
    """The app; `temporal` is connected on first use when not given."""
    settings = settings or get_settings()
    services = Services(settings, temporal)
    polls = StatusPolls(settings.db_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        try:
            await polls.close()
        finally:
            await services.close()

    app = FastAPI(title="Cairn", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.services = services
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(JsonTooDeep, json_too_deep)
    app.add_middleware(StatusPollPath, polls=polls)  # innermost: inside the body and time limits
    app.add_middleware(BodySizeLimit, max_bytes=MAX_BODY_BYTES)
    app.add_middleware(RequestTimeout, seconds=REQUEST_TIMEOUT_SECONDS)  # outermost: it times the body too

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    observability.trace_requests(app)
    app.include_router(observability.router)
    app.include_router(auth.router)
    for security_router in (mfa.router, password_reset.router, email_change.router, sessions.router):
        app.include_router(security_router)
    app.include_router(mail.router)
    app.include_router(events.router)
    app.include_router(graphql_router(), prefix="/graphql")
    app.include_router(public_graphql_router(), prefix="/public/graphql")
    app.include_router(oauth.router)
    app.include_router(oidc.router)
    app.include_router(payments.router)
    app.include_router(view_as.router)
    app.include_router(tax_pro_view.router)
    app.include_router(spa_router(settings.frontend_dist))
    return app
