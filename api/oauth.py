"""The redirect-based connections (Coinbase, CoinJar, Uphold): /oauth/{slug}/start sends the signed-in
user to the provider with a state and a PKCE challenge; /oauth/{slug}/callback takes the code back,
exchanges it for tokens, seals them on a new exchange account and starts its sync, then returns to the
wallets page with the spec's message in `successMessage` or `errorMessage` (spec 000 §8).

The state and the code verifier travel in a short-lived HttpOnly cookie, sealed like account credentials,
so nothing is stored before the provider answers. The exchange of the code is one call to the provider's
token endpoint while the browser waits, like the check of an API key.

A provider's refusal (its `error` redirect, or a refused code) is logged cleaned as exchange error texts
are (`cleaned`); the browser only ever gets the spec's message.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import secrets
import time
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query
from fastapi.responses import RedirectResponse
from starlette.requests import HTTPConnection

from api.auth import DbSession, current_user
from api.context import Context
from api.limits import MAX_ID_CHARS, MAX_STRING_CHARS, MAX_URL_CHARS
from api.schema.linking import start_syncing
from api.services import Services, services
from ingest.exchanges.failures import cleaned
from ingest.exchanges.oauth import (
    OWNER,
    PROVIDERS,
    Client,
    OAuthRefused,
    OAuthUnavailable,
    authorization_url,
    exchange_code,
    owner_id,
    pkce_pair,
)
from ledger.infra.credentials import CredentialsError, seal, unseal
from ledger.models import User
from vocabulary.enums import AccountKind, IntegrationCategory
from vocabulary.errors import (
    EXCHANGE_ADD_FAILED,
    EXCHANGE_ADDED,
    EXCHANGE_UPDATED,
    AccountError,
    account_error_message,
)

logger = logging.getLogger(__name__)
router = APIRouter(prefix="/oauth")
COOKIE = "cairn_oauth"
COOKIE_SECONDS = 600  # the user has ten minutes at the provider
RETURN_TO = "/wallets"

SignedIn = Annotated[User, Depends(current_user)]
App = Annotated[Services, Depends(services)]


def _back(return_to: str = RETURN_TO, **message: str) -> RedirectResponse:
    response = RedirectResponse(f"{return_to}?{urlencode(message)}", status_code=303)
    response.delete_cookie(COOKIE, path="/oauth")
    return response


def own_path(path: str | None, fallback: str = RETURN_TO) -> str:
    """Where to return: a path of the app itself (never another site), else `fallback`."""
    if path and path.startswith("/") and not path.startswith("//") and "\\" not in path:
        return path.split("?", 1)[0]
    return fallback


def _redirect_uri(app: Services, slug: str) -> str:
    return f"{app.settings.origin}/oauth/{slug}/callback"


def _client(app: Services, slug: str) -> Client | None:
    registered = app.settings.oauth_clients.get(slug)
    if slug not in PROVIDERS or not registered or not registered.get("client_id"):
        return None
    return Client(registered["client_id"], registered.get("client_secret", ""))


@router.get("/{slug}/start")
async def start(
    slug: str,
    user: SignedIn,
    app: App,
    authorized_redirect_url: Annotated[str | None, Query(max_length=MAX_URL_CHARS)] = None,
    account_id: Annotated[str | None, Query(max_length=MAX_ID_CHARS)] = None,
) -> RedirectResponse:
    """`account_id`: an exchange of the user's to connect again (its tokens replaced); the user returns
    to `authorized_redirect_url` (a path of the app) or the wallets page."""
    return_to = own_path(authorized_redirect_url)
    client = _client(app, slug)
    if client is None:
        message = account_error_message(AccountError.NOT_SUPPORTED_ACCOUNT_FOR_OAUTH)
        return _back(return_to, errorMessage=message)
    state = secrets.token_urlsafe(32)
    verifier, challenge = pkce_pair()
    pending = {
        "slug": slug,
        "state": state,
        "verifier": verifier,
        "user": str(user.id),
        "at": str(time.time()),
    }
    pending |= {"return_to": return_to, "account": account_id or ""}
    sealed = seal(pending, app.settings.sealing_keys)
    target = authorization_url(
        PROVIDERS[slug], app.settings.oauth_urls.get(slug), client, _redirect_uri(app, slug), state, challenge
    )
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(
        COOKIE,
        base64.urlsafe_b64encode(sealed).decode(),
        max_age=COOKIE_SECONDS,
        path="/oauth",
        httponly=True,
        secure=app.settings.secure_cookies,
        samesite="lax",
    )
    return response


def _pending(connection: HTTPConnection, app: Services) -> dict[str, str] | None:
    cookie = connection.cookies.get(COOKIE)
    if not cookie:
        return None
    try:
        return unseal(base64.urlsafe_b64decode(cookie.encode()), app.settings.sealing_keys)
    except (CredentialsError, ValueError, json.JSONDecodeError):
        return None


@router.get("/{slug}/callback")
async def callback(
    slug: str,
    connection: HTTPConnection,
    user: SignedIn,
    app: App,
    session: DbSession,
    code: str = "",
    state: str = "",
    error: Annotated[str, Query(max_length=MAX_STRING_CHARS)] = "",
    error_description: Annotated[str, Query(max_length=MAX_STRING_CHARS)] = "",
) -> RedirectResponse:
    """`error`: the provider's refusal instead of a code (RFC 6749 §4.1.2.1), e.g. the user said no."""
    pending = _pending(connection, app)
    client = _client(app, slug)
    if (
        client is None
        or pending is None
        or pending.get("slug") != slug
        or pending.get("user") != str(user.id)
        or not secrets.compare_digest(pending.get("state", ""), state)
        or time.time() - float(pending.get("at", "0")) > COOKIE_SECONDS
    ):
        return _back(errorMessage=account_error_message(AccountError.INVALID_CODE))
    return_to = own_path(pending.get("return_to"))
    if error:
        logger.warning(
            "%s refused the connection: %s", slug, cleaned(f"{error}: {error_description}", [state])
        )
        return _back(return_to, errorMessage=account_error_message(AccountError.INVALID_CODE))
    provider = PROVIDERS[slug]
    try:
        tokens = await asyncio.to_thread(
            exchange_code,
            provider,
            app.settings.oauth_urls.get(slug),
            client,
            code,
            pending["verifier"],
            _redirect_uri(app, slug),
        )
        owner = await asyncio.to_thread(
            owner_id, provider, app.settings.exchange_urls.get(slug), tokens.access_token
        )
    except OAuthRefused as refusal:  # its text is cleaned where it is raised
        logger.warning("%s refused the code: %s", slug, refusal)
        return _back(return_to, errorMessage=account_error_message(AccountError.INVALID_CODE))
    except OAuthUnavailable as unavailable:
        logger.warning("%s could not exchange the code: %s", slug, unavailable)
        return _back(return_to, errorMessage=EXCHANGE_ADD_FAILED)
    context = Context(app, session, user)
    linking = context.scope.linking
    credentials = tokens.as_credentials() | ({} if owner is None else {OWNER: owner})
    sealed = seal(credentials, app.settings.sealing_keys)
    reconnected = pending.get("account", "")
    if not reconnected and owner is not None and owner in await _owners(context, slug):
        refused = AccountError.COINBASE_ACCOUNT_ALREADY_ADDED
        return _back(return_to, errorMessage=account_error_message(refused))
    if reconnected:
        account = None
        if reconnected.isdecimal():
            account = await linking.linked_account(int(reconnected), AccountKind.EXCHANGE)
        if account is None or account.integration_slug != slug:
            return _back(return_to, errorMessage=account_error_message(AccountError.ACCOUNT_NOT_FOUND))
        account.credentials = sealed
        done = EXCHANGE_UPDATED
    else:
        integration = await linking.integration(slug, IntegrationCategory.EXCHANGE)
        if integration is None:
            message = account_error_message(AccountError.ACCOUNT_TYPE_SLUG_NOT_FOUND)
            return _back(return_to, errorMessage=message)
        account = await linking.create_linked(
            AccountKind.EXCHANGE, integration, integration.name, credentials=sealed
        )
        done = EXCHANGE_ADDED
    if await start_syncing(context, account, new=not reconnected) is None:
        return _back(return_to, errorMessage=EXCHANGE_ADD_FAILED)
    return _back(return_to, successMessage=done)


async def _owners(context: Context, slug: str) -> set[str]:
    """The provider's owner ids of the user's accounts of this integration."""
    owners = set()
    for _, sealed in await context.scope.linking.sealed_credentials(slug):
        try:
            owners.add(unseal(sealed, context.services.settings.sealing_keys).get(OWNER))
        except CredentialsError:
            continue
    return {owner for owner in owners if owner}
