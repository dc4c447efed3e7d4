"""An OAuth 2 authorization server as the redirect-based exchanges run one (RFC 6749 authorization code
grant, RFC 7636 PKCE with S256, refresh tokens), at Coinbase's paths (/oauth2/auth, /oauth2/token)
unless given a provider's own (`paths`: authorize, token).

The authorize endpoint stands for the user's consent: it redirects at once to `redirect_uri` with a
code and the state it was given, or after `deny()` with RFC 6749's `error=access_denied`. The token
endpoint checks the client, the code's redirect URI and the PKCE verifier, and issues access tokens that
expire after `lifetime` seconds; `revoke()` makes every refresh token invalid, as a user disconnecting
the app at the provider does. Refusals are as talkative as a careless provider's: they quote the grant
refused and link to documentation with it in the query."""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from urllib.parse import urlencode

from tests.fakes.server import Answer, FakeExchange, Request


@dataclass
class _Grant:
    redirect_uri: str
    challenge: str


class OAuthServer(FakeExchange):
    def __init__(
        self,
        client_id: str,
        client_secret: str,
        lifetime: int = 3600,
        access_token: str | None = None,
        paths: tuple[str, str] = ("/oauth2/auth", "/oauth2/token"),
    ) -> None:
        """`access_token`: the one every grant issues (the exchange fake's), else a new one each time."""
        super().__init__()
        self.client_id, self.client_secret, self.lifetime = client_id, client_secret, lifetime
        self.paths = paths
        self._access_token = access_token
        self._codes: dict[str, _Grant] = {}
        self.refresh_tokens: set[str] = set()
        self.access_tokens: list[str] = []  # issued, newest last
        self._denied = False

    def revoke(self) -> None:
        self.refresh_tokens.clear()

    def deny(self) -> None:
        """The user refuses the next consents."""
        self._denied = True

    def answer(self, request: Request) -> Answer:
        if request.method == "GET" and request.path == self.paths[0]:
            return self._authorize(request.query)
        if request.method == "POST" and request.path == self.paths[1]:
            return self._token(request.form)
        return Answer(404, {"error": "not_found"})

    def invalid_key(self) -> Answer:
        return Answer(401, {"error": "invalid_client"})

    def _authorize(self, query: dict[str, str]) -> Answer:
        if query.get("client_id") != self.client_id or query.get("code_challenge_method") != "S256":
            return Answer(400, {"error": "invalid_request"})
        state = query.get("state", "")
        if self._denied:
            refusal = {
                "error": "access_denied",
                "error_description": f"The user denied {self.url}/oauth2/auth?client_id={self.client_id}",
                "state": state,
            }
            return Answer(302, b"", location=f"{query['redirect_uri']}?{urlencode(refusal)}")
        code = secrets.token_urlsafe(16)
        self._codes[code] = _Grant(query["redirect_uri"], query["code_challenge"])
        target = f"{query['redirect_uri']}?{urlencode({'code': code, 'state': state})}"
        return Answer(302, b"", location=target)

    def _token(self, form: dict[str, str]) -> Answer:
        if (form.get("client_id"), form.get("client_secret")) != (self.client_id, self.client_secret):
            return self.invalid_key()
        if form.get("grant_type") == "authorization_code":
            grant = self._codes.pop(form.get("code", ""), None)
            verifier = form.get("code_verifier", "").encode()
            challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b"=").decode()
            if (
                grant is None
                or grant.redirect_uri != form.get("redirect_uri")
                or grant.challenge != challenge
            ):
                return self._invalid_grant(form.get("code", ""))
        elif form.get("grant_type") == "refresh_token":
            if form.get("refresh_token") not in self.refresh_tokens:
                return self._invalid_grant(form.get("refresh_token", ""))
            self.refresh_tokens.discard(form["refresh_token"])
        else:
            return Answer(400, {"error": "unsupported_grant_type"})
        access, refresh = self._access_token or secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        self.access_tokens.append(access)
        self.refresh_tokens.add(refresh)
        return Answer(
            200,
            {
                "access_token": access,
                "token_type": "bearer",
                "expires_in": self.lifetime,
                "refresh_token": refresh,
                "scope": "wallet:accounts:read,wallet:transactions:read",
            },
        )

    def _invalid_grant(self, grant: str) -> Answer:
        return Answer(
            400,
            {
                "error": "invalid_grant",
                "error_description": f"The grant {grant} is invalid, expired or revoked.",
                "error_uri": f"{self.url}/docs/errors?grant={grant}",
            },
        )
