"""OAuth 2 for the redirect-based exchanges (Coinbase, CoinJar, Uphold): the authorization code grant
with PKCE (RFC 7636, S256) and a state, and refreshing an access token before it expires.

Each provider's addresses are its documented ones; CAIRN_OAUTH_URLS puts another origin in their place
(a local fake, a proxy), as CAIRN_EXCHANGE_URLS does for the exchanges' APIs. Pure: no database.

A provider's refusal text and a transport error's are cleaned as an exchange's error texts are
(`cleaned`: no address, no query string, none of the code, verifier, tokens or client secret sent)
and raised without the original as cause, so they reach logs and Temporal's history clean.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import time
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

import httpx

from ingest.exchanges.failures import cleaned

REFRESH_BEFORE = 300.0  # seconds before expiry a token is refreshed


OWNER = "owner_id"  # the provider's id of the person whose account the tokens open, kept with them


@dataclass(frozen=True)
class Provider:
    authorize_url: str  # "{client_id}" in it is the application's (Uphold names it in the path)
    token_url: str
    scope: str
    owner_url: str | None = None  # the API call that answers OWNER, where the provider has one


PROVIDERS = {  # by integration slug
    "coinbase": Provider(
        "https://login.coinbase.com/oauth2/auth",
        "https://login.coinbase.com/oauth2/token",
        "wallet:accounts:read,wallet:transactions:read",
        # "Show current user" ({"data": {"id": …}}): its public part needs no scope
        owner_url="https://api.coinbase.com/v2/user",
    ),
    "coinjar": Provider(
        "https://secure.coinjar.com/oauth/authorize", "https://secure.coinjar.com/oauth/token", "read"
    ),
    "uphold": Provider(
        # GET /v0/me/transactions needs transactions:read
        "https://wallet.uphold.com/authorize/{client_id}",
        "https://api.uphold.com/oauth2/token",
        "transactions:read",
    ),
}


@dataclass(frozen=True)
class Client:
    """The application's registration with the provider; never printed."""

    client_id: str
    client_secret: str = ""

    def __repr__(self) -> str:
        return f"Client({self.client_id!r})"


@dataclass(frozen=True)
class Tokens:
    access_token: str
    refresh_token: str | None
    expires_at: float | None  # unix time; None: the provider did not say

    def __repr__(self) -> str:
        return "Tokens(…)"

    def as_credentials(self) -> dict[str, str]:
        """The ccxt credentials of the account (`token`), with what refreshing it needs."""
        values = {"token": self.access_token}
        if self.refresh_token:
            values["refresh_token"] = self.refresh_token
        if self.expires_at is not None:
            values["expires_at"] = str(self.expires_at)
        return values


class OAuthRefused(Exception):
    """The provider refused the code or the refresh token (invalid, expired or revoked)."""


class OAuthUnavailable(Exception):
    """The provider did not answer, or answered something that is not a token."""


def rebased(url: str, base: str | None) -> str:
    """`url` with its origin replaced by `base` (path kept)."""
    if not base:
        return url
    parts = urlsplit(url)
    return base.rstrip("/") + url[len(f"{parts.scheme}://{parts.netloc}") :]


def pkce_pair() -> tuple[str, str]:
    """A code verifier and its S256 challenge."""
    verifier = secrets.token_urlsafe(64)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def authorization_url(
    provider: Provider, base: str | None, client: Client, redirect_uri: str, state: str, challenge: str
) -> str:
    query = urlencode(
        {
            "response_type": "code",
            "client_id": client.client_id,
            "redirect_uri": redirect_uri,
            "scope": provider.scope,
            "state": state,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
    )
    return f"{rebased(provider.authorize_url.format(client_id=client.client_id), base)}?{query}"


def needs_refresh(credentials: dict[str, str], now: float | None = None) -> bool:
    expires_at = credentials.get("expires_at")
    if not credentials.get("refresh_token") or expires_at is None:
        return False
    return float(expires_at) - REFRESH_BEFORE <= (time.time() if now is None else now)


def _tokens(provider: Provider, base: str | None, client: Client, form: dict[str, str]) -> Tokens:
    body = {**form, "client_id": client.client_id}
    if client.client_secret:
        body["client_secret"] = client.client_secret
    sent = [body.get(name, "") for name in ("code", "code_verifier", "refresh_token", "client_secret")]
    try:
        response = httpx.post(rebased(provider.token_url, base), data=body, timeout=30.0)
    except httpx.TransportError as error:
        raise OAuthUnavailable(cleaned(repr(error), sent)) from None
    if response.status_code in (400, 401):
        raise OAuthRefused(cleaned(response.text, sent))
    if response.status_code != httpx.codes.OK:
        raise OAuthUnavailable(f"HTTP {response.status_code}")
    try:
        answer = response.json()
        access = str(answer["access_token"])
        expires_in = answer.get("expires_in")
        return Tokens(
            access,
            answer.get("refresh_token") or form.get("refresh_token"),
            None if expires_in is None else time.time() + float(expires_in),
        )
    except (ValueError, KeyError, TypeError) as error:
        raise OAuthUnavailable("the token answer is not one") from error


def exchange_code(
    provider: Provider, base: str | None, client: Client, code: str, verifier: str, redirect_uri: str
) -> Tokens:
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "code_verifier": verifier,
        "redirect_uri": redirect_uri,
    }
    return _tokens(provider, base, client, form)


def refresh_tokens(provider: Provider, base: str | None, client: Client, refresh_token: str) -> Tokens:
    return _tokens(provider, base, client, {"grant_type": "refresh_token", "refresh_token": refresh_token})


def owner_id(provider: Provider, base: str | None, access_token: str) -> str | None:
    """The provider's id of the tokens' owner (None when the provider has no such call); `base` replaces
    the API's origin as CAIRN_EXCHANGE_URLS does for its sync."""
    if provider.owner_url is None:
        return None
    try:
        response = httpx.get(
            rebased(provider.owner_url, base),
            headers={"Authorization": f"Bearer {access_token}"},
            timeout=30.0,
        )
    except httpx.TransportError as error:
        raise OAuthUnavailable(cleaned(repr(error), [access_token])) from None
    if response.status_code == httpx.codes.UNAUTHORIZED:
        raise OAuthRefused(cleaned(response.text, [access_token]))
    if response.status_code != httpx.codes.OK:
        raise OAuthUnavailable(f"HTTP {response.status_code}")
    try:
        return str(response.json()["data"]["id"])
    except (ValueError, KeyError, TypeError) as error:
        raise OAuthUnavailable("the user answer is not one") from error
