"""Sign-in through an OpenID Connect provider (spec 001 §2 /auth0/login, /auth0/signup, /auth0/logout;
the spec's "external identity provider"), when CAIRN_OIDC_ISSUER is set.

/auth0/login sends the browser to the issuer's authorization endpoint (authorization code flow with
PKCE S256, a state and a nonce); /auth0/callback exchanges the code at the token endpoint and verifies
the ID token: its signature against the issuer's JWKS, its issuer, audience, expiry and nonce. The state,
nonce and code verifier travel in a short-lived sealed HttpOnly cookie, as the exchanges' OAuth does
(api/oauth.py), so nothing is stored before the provider answers.

Who signs in: the user linked to the token's subject; else, on a first sign-in, a new user with the
token's e-mail, which the provider must say is verified. An e-mail that already has a Cairn account is
refused, with a message to sign in with the password: linking an identity to an existing account would
let whoever controls that e-mail at the provider into it. A user who turned on two-step verification
(api.mfa) is not signed in yet: the callback opens the same challenge as a right password does
(api.auth.challenge_second_factor) and sends the browser to the sign-in page's code step.
"""

from __future__ import annotations

import base64
import json
import secrets
import time
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlencode

import httpx
from fastapi import APIRouter, Depends, Query
from fastapi.responses import RedirectResponse
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from pydantic import BaseModel
from starlette.requests import HTTPConnection

from api.auth import (
    SESSION_COOKIE,
    DbSession,
    challenge_second_factor,
    clear_cookies,
    is_email,
    start_session,
)
from api.limits import MAX_URL_CHARS
from api.oauth import own_path
from api.services import Services, services
from contracts.user_deletion import MARKED_DOMAIN
from ingest.exchanges.oauth import pkce_pair
from ledger.infra.credentials import CredentialsError, seal, unseal
from ledger.infra.settings import Settings
from ledger.scope.identities import create_identity_user, user_for_identity
from ledger.scope.security import mfa_enabled
from ledger.scope.sessions import EmailTaken, close_session, user_by_email

router = APIRouter(prefix="/auth0", tags=["auth"])
COOKIE = "cairn_oidc"
COOKIE_SECONDS = 600  # the user has ten minutes at the provider
SIGNED_IN_HOME = "/home"
MFA_STEP = "mfa"  # /login?step=mfa opens on the code step (frontend routes/login.tsx)
ALGORITHMS = ["RS256", "ES256", "PS256", "EdDSA"]
TIMEOUT = httpx.Timeout(10.0)

FAILED = "Signing in with {provider} did not work. Please try again."
UNVERIFIED_EMAIL = "{provider} has not verified your email address, so it cannot sign you in."
EMAIL_TAKEN = "An account with this email already exists. Sign in with your email and password."
BEING_DELETED = "This account is being deleted."

App = Annotated[Services, Depends(services)]
Next = Annotated[str | None, Query(max_length=MAX_URL_CHARS)]


class Provider(BaseModel):
    name: str | None  # None: no provider configured


@dataclass(frozen=True)
class Discovery:
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str


class ProviderError(Exception):
    """The provider refused, did not answer, or answered something that does not verify."""


def _configured(settings: Settings) -> bool:
    return bool(settings.oidc_issuer and settings.oidc_client_id)


def _name(settings: Settings) -> str:
    return settings.oidc_provider_name or "your identity provider"


def _redirect_uri(settings: Settings) -> str:
    return f"{settings.origin}/auth0/callback"


async def _get_json(http: httpx.AsyncClient, url: str) -> Any:
    try:
        response = await http.get(url)
        response.raise_for_status()
        return response.json()
    except (httpx.HTTPError, ValueError) as error:
        raise ProviderError(f"{url}: {error}") from error


async def _discover(http: httpx.AsyncClient, issuer: str) -> Discovery:
    document = await _get_json(http, f"{issuer.rstrip('/')}/.well-known/openid-configuration")
    if not isinstance(document, dict) or document.get("issuer") != issuer:
        raise ProviderError("the discovery document names another issuer")
    try:
        return Discovery(document["authorization_endpoint"], document["token_endpoint"], document["jwks_uri"])
    except KeyError as missing:
        raise ProviderError(f"the discovery document has no {missing}") from None


@router.get("/provider")
async def provider(app: App) -> Provider:
    """What the login page offers: "Sign in with {name}" when a provider is configured."""
    return Provider(name=_name(app.settings) if _configured(app.settings) else None)


async def _start(app: Services, next: str | None, fallback: str) -> RedirectResponse:
    settings = app.settings
    if not _configured(settings):
        query = f"?{urlencode({'next': next})}" if next else ""
        return RedirectResponse(f"{fallback}{query}", status_code=303)
    try:
        async with httpx.AsyncClient(timeout=TIMEOUT) as http:
            discovery = await _discover(http, settings.oidc_issuer)
    except ProviderError:
        return _back(errorMessage=FAILED.format(provider=_name(settings)))
    state, nonce = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    verifier, challenge = pkce_pair()
    pending = {
        "state": state,
        "nonce": nonce,
        "verifier": verifier,
        "next": own_path(next, SIGNED_IN_HOME),
        "at": str(time.time()),
    }
    query = urlencode(
        {
            "response_type": "code",
            "client_id": settings.oidc_client_id,
            "redirect_uri": _redirect_uri(settings),
            "scope": "openid email profile",
            "state": state,
            "nonce": nonce,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
    )
    response = RedirectResponse(f"{discovery.authorization_endpoint}?{query}", status_code=303)
    response.set_cookie(
        COOKIE,
        base64.urlsafe_b64encode(seal(pending, settings.sealing_keys)).decode(),
        max_age=COOKIE_SECONDS,
        path="/auth0",
        httponly=True,
        secure=settings.secure_cookies,
        samesite="lax",
    )
    return response


@router.get("/login")
async def login(app: App, next: Next = None) -> RedirectResponse:
    return await _start(app, next, "/login")


@router.get("/signup")
async def signup(app: App, next: Next = None) -> RedirectResponse:
    """A first sign-in at the provider makes the account."""
    return await _start(app, next, "/signup")


@router.get("/logout")
async def logout(connection: HTTPConnection, session: DbSession, app: App) -> RedirectResponse:
    token = connection.cookies.get(SESSION_COOKIE)
    if token:
        await close_session(session, token)
    response = RedirectResponse("/login", status_code=303)
    clear_cookies(response, app.settings.secure_cookies)
    return response


def _back(path: str = "/login", **message: str) -> RedirectResponse:
    response = RedirectResponse(f"{path}?{urlencode(message)}" if message else path, status_code=303)
    response.delete_cookie(COOKIE, path="/auth0")
    return response


def _pending(connection: HTTPConnection, settings: Settings) -> dict[str, str] | None:
    cookie = connection.cookies.get(COOKIE)
    if not cookie:
        return None
    try:
        return unseal(base64.urlsafe_b64decode(cookie.encode()), settings.sealing_keys)
    except (CredentialsError, ValueError, json.JSONDecodeError):
        return None


async def _verified_claims(settings: Settings, code: str, verifier: str, nonce: str) -> dict[str, Any]:
    """The claims of the ID token the code is exchanged for, once its signature and claims check out."""
    async with httpx.AsyncClient(timeout=TIMEOUT) as http:
        discovery = await _discover(http, settings.oidc_issuer)
        try:
            answer = await http.post(
                discovery.token_endpoint,
                data={
                    "grant_type": "authorization_code",
                    "code": code,
                    "redirect_uri": _redirect_uri(settings),
                    "client_id": settings.oidc_client_id,
                    "client_secret": settings.oidc_client_secret,
                    "code_verifier": verifier,
                },
            )
            answer.raise_for_status()
            id_token = answer.json()["id_token"]
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as error:
            raise ProviderError(f"token endpoint: {error}") from error
        keys = await _get_json(http, discovery.jwks_uri)
    try:
        token = jwt.decode(id_token, KeySet.import_key_set(keys), algorithms=ALGORITHMS)
        jwt.JWTClaimsRegistry(
            iss={"essential": True, "value": settings.oidc_issuer},
            aud={"essential": True, "value": settings.oidc_client_id},
            sub={"essential": True},
            exp={"essential": True},
            nonce={"essential": True, "value": nonce},
        ).validate(token.claims)
    except (JoseError, ValueError, TypeError) as error:
        raise ProviderError(f"ID token: {error}") from error
    return token.claims


@router.get("/callback")
async def callback(
    connection: HTTPConnection,
    session: DbSession,
    app: App,
    code: Annotated[str, Query(max_length=MAX_URL_CHARS)] = "",
    state: Annotated[str, Query(max_length=MAX_URL_CHARS)] = "",
) -> RedirectResponse:
    settings = app.settings
    failed = FAILED.format(provider=_name(settings))
    pending = _pending(connection, settings)
    if (
        not _configured(settings)
        or pending is None
        or not code
        or not secrets.compare_digest(pending.get("state", ""), state)
        or time.time() - float(pending.get("at", "0")) > COOKIE_SECONDS
    ):
        return _back(errorMessage=failed)
    try:
        claims = await _verified_claims(settings, code, pending["verifier"], pending["nonce"])
    except ProviderError:
        return _back(errorMessage=failed)
    issuer, subject = settings.oidc_issuer, str(claims["sub"])
    user = await user_for_identity(session, issuer, subject)
    if user is None:
        email = claims.get("email")
        if not isinstance(email, str) or not is_email(email) or claims.get("email_verified") is not True:
            return _back(errorMessage=UNVERIFIED_EMAIL.format(provider=_name(settings)))
        if await user_by_email(session, email) is not None:
            return _back(errorMessage=EMAIL_TAKEN)
        try:
            user = await create_identity_user(session, email, issuer, subject)
        except EmailTaken:
            return _back(errorMessage=EMAIL_TAKEN)
    elif user.email.endswith(f"@{MARKED_DOMAIN}"):
        return _back(errorMessage=BEING_DELETED)
    next_path = pending.get("next") or SIGNED_IN_HOME
    if await mfa_enabled(session, user.id):
        response = _back("/login", step=MFA_STEP, next=next_path)
        await challenge_second_factor(session, app, user, response)
        return response
    response = _back(next_path)
    await start_session(session, app, user, connection, response)
    return response
