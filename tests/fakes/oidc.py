"""An OpenID Connect provider (OpenID Connect Core 1.0, Discovery 1.0): its discovery document, an
authorization endpoint (code flow, PKCE S256 required), a token endpoint answering an RS256-signed ID
token, and the JWKS that verifies it. The issuer is the server's own URL.

The authorize endpoint stands for the person signing in at the provider: `person` says who they are
(subject, e-mail, whether the provider verified it), and it redirects at once with a code and the state.
`forge` makes the next ID token go wrong one way: signed by a key not in the JWKS, for another audience,
with another nonce, or already expired."""

from __future__ import annotations

import base64
import hashlib
import secrets
import time
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import urlencode

from joserfc import jwt
from joserfc.jwk import KeySet, RSAKey

from tests.fakes.server import Answer, FakeExchange, Request


@dataclass(frozen=True)
class Person:
    subject: str
    email: str
    email_verified: bool = True


class Forgery(StrEnum):
    FOREIGN_KEY = "foreign-key"
    OTHER_AUDIENCE = "other-audience"
    OTHER_NONCE = "other-nonce"
    EXPIRED = "expired"


@dataclass
class _Grant:
    redirect_uri: str
    challenge: str
    nonce: str
    person: Person


def _key(kid: str) -> RSAKey:
    return RSAKey.generate_key(2048, parameters={"kid": kid, "use": "sig", "alg": "RS256"})


class OidcProvider(FakeExchange):
    def __init__(self, client_id: str, client_secret: str, person: Person) -> None:
        super().__init__()
        self.client_id, self.client_secret, self.person = client_id, client_secret, person
        self.forge: Forgery | None = None
        self._keys = KeySet([_key("fake-oidc-1")])
        self._codes: dict[str, _Grant] = {}

    @property
    def issuer(self) -> str:
        return self.url

    def answer(self, request: Request) -> Answer:
        routes = {
            ("GET", "/.well-known/openid-configuration"): lambda: self._discovery(),
            ("GET", "/authorize"): lambda: self._authorize(request.query),
            ("POST", "/token"): lambda: self._token(request.form),
            ("GET", "/jwks"): lambda: Answer(200, self._keys.as_dict(private=False)),
        }
        route = routes.get((request.method, request.path))
        return route() if route else Answer(404, {"error": "not_found"})

    def invalid_key(self) -> Answer:
        return Answer(401, {"error": "invalid_client"})

    def _discovery(self) -> Answer:
        return Answer(
            200,
            {
                "issuer": self.issuer,
                "authorization_endpoint": f"{self.url}/authorize",
                "token_endpoint": f"{self.url}/token",
                "jwks_uri": f"{self.url}/jwks",
                "response_types_supported": ["code"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256"],
                "code_challenge_methods_supported": ["S256"],
                "token_endpoint_auth_methods_supported": ["client_secret_post"],
            },
        )

    def _authorize(self, query: dict[str, str]) -> Answer:
        if (
            query.get("client_id") != self.client_id
            or query.get("response_type") != "code"
            or "openid" not in query.get("scope", "").split()
            or query.get("code_challenge_method") != "S256"
            or not query.get("nonce")
        ):
            return Answer(400, {"error": "invalid_request"})
        code = secrets.token_urlsafe(16)
        self._codes[code] = _Grant(
            query["redirect_uri"], query["code_challenge"], query["nonce"], self.person
        )
        target = f"{query['redirect_uri']}?{urlencode({'code': code, 'state': query.get('state', '')})}"
        return Answer(302, b"", location=target)

    def _token(self, form: dict[str, str]) -> Answer:
        if (form.get("client_id"), form.get("client_secret")) != (self.client_id, self.client_secret):
            return self.invalid_key()
        grant = self._codes.pop(form.get("code", ""), None)
        verifier = form.get("code_verifier", "").encode()
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b"=").decode()
        if (
            form.get("grant_type") != "authorization_code"
            or grant is None
            or grant.redirect_uri != form.get("redirect_uri")
            or grant.challenge != challenge
        ):
            return Answer(400, {"error": "invalid_grant"})
        return Answer(
            200,
            {
                "access_token": secrets.token_urlsafe(24),
                "token_type": "Bearer",
                "expires_in": 3600,
                "id_token": self._id_token(grant),
            },
        )

    def _id_token(self, grant: _Grant) -> str:
        forge, self.forge = self.forge, None
        now = int(time.time())
        claims = {
            "iss": self.issuer,
            "sub": grant.person.subject,
            "aud": "another-client" if forge is Forgery.OTHER_AUDIENCE else self.client_id,
            "iat": now - (7200 if forge is Forgery.EXPIRED else 0),
            "exp": now + (-3600 if forge is Forgery.EXPIRED else 300),
            "nonce": "another-nonce" if forge is Forgery.OTHER_NONCE else grant.nonce,
            "email": grant.person.email,
            "email_verified": grant.person.email_verified,
        }
        keys = KeySet([_key("fake-oidc-1")]) if forge is Forgery.FOREIGN_KEY else self._keys
        return jwt.encode({"alg": "RS256", "kid": "fake-oidc-1"}, claims, keys)
