"""A local Stripe for checkout: `POST /v1/checkout/sessions` (form-encoded, bearer secret key) answers a
session with the URL of a checkout page this server serves; paying on that page marks the session paid,
posts the signed `checkout.session.completed` event to the webhook (when one is set) and sends the browser
to the session's success URL, as Stripe does. The signature is Stripe's scheme, computed here on its own
(`t=…,v1=` hex HMAC-SHA256 of "{t}.{body}" under the webhook secret), not by the code under test.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self
from urllib.parse import parse_qsl, urlsplit

import httpx


@dataclass
class SignedEvent:
    payload: bytes
    header: str


@dataclass
class FakeStripe:
    secret_key: str
    webhook_secret: str
    webhook_url: str | None = None  # where paying posts the event; None: the test delivers it
    sessions: dict[str, dict[str, Any]] = field(default_factory=dict)
    events: list[SignedEvent] = field(default_factory=list)

    def __post_init__(self) -> None:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _reply(
                self, status: int, body: bytes, content_type: str, location: str | None = None
            ) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                if location is not None:
                    self.send_header("Location", location)
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                path = urlsplit(self.path).path
                length = int(self.headers.get("Content-Length") or 0)
                form = dict(parse_qsl(self.rfile.read(length).decode()))
                if path == "/v1/checkout/sessions":
                    if self.headers.get("Authorization") != f"Bearer {fake.secret_key}":
                        error = {
                            "error": {"type": "invalid_request_error", "message": "Invalid API Key provided"}
                        }
                        self._reply(401, json.dumps(error).encode(), "application/json")
                        return
                    self._reply(200, json.dumps(fake.create(form)).encode(), "application/json")
                elif path.startswith("/c/pay/") and path.removeprefix("/c/pay/") in fake.sessions:
                    paid = fake.pay(path.removeprefix("/c/pay/"))
                    success = paid["success_url"].replace("{CHECKOUT_SESSION_ID}", paid["id"])
                    self._reply(303, b"", "text/plain", location=success)
                else:
                    self._reply(
                        404, b'{"error": {"message": "Unrecognized request URL"}}', "application/json"
                    )

            def do_GET(self) -> None:
                session_id = urlsplit(self.path).path.removeprefix("/c/pay/")
                found = fake.sessions.get(session_id)
                if found is None:
                    self._reply(404, b"Not found", "text/plain")
                    return
                self._reply(200, fake.page(found).encode(), "text/html; charset=utf-8")

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def create(self, form: dict[str, str]) -> dict[str, Any]:
        session_id = f"cs_test_{secrets.token_hex(16)}"
        session = {
            "id": session_id,
            "object": "checkout.session",
            "mode": form.get("mode"),
            "status": "open",
            "payment_status": "unpaid",
            "amount_total": int(form["line_items[0][price_data][unit_amount]"]),
            "currency": form["line_items[0][price_data][currency]"],
            "client_reference_id": form.get("client_reference_id"),
            "customer_email": form.get("customer_email"),
            "metadata": {
                key[len("metadata[") : -1]: value
                for key, value in form.items()
                if key.startswith("metadata[")
            },
            "product": form["line_items[0][price_data][product_data][name]"],
            "success_url": form["success_url"],
            "cancel_url": form["cancel_url"],
            "url": f"{self.url}/c/pay/{session_id}",
            "created": int(time.time()),
        }
        self.sessions[session_id] = session
        return session

    def page(self, session: dict[str, Any]) -> str:
        amount = f"${session['amount_total'] / 100:,.2f}"
        return f"""<!doctype html><html><head><title>Checkout</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 4rem auto">
<h1>Pay {html.escape(session["product"])}</h1>
<p data-testid="amount">{amount}</p><p>{html.escape(session["customer_email"] or "")}</p>
<form method="post" action="/c/pay/{session["id"]}"><button type="submit">Pay {amount}</button></form>
<p><a href="{html.escape(session["cancel_url"])}">Back</a></p></body></html>"""

    def pay(self, session_id: str) -> dict[str, Any]:
        """The customer pays: the session is complete and its event is signed (and posted, if a webhook is
        set)."""
        session = self.sessions[session_id] | {"status": "complete", "payment_status": "paid"}
        self.sessions[session_id] = session
        event = {
            "id": f"evt_{secrets.token_hex(12)}",
            "object": "event",
            "type": "checkout.session.completed",
            "created": int(time.time()),
            "data": {"object": session},
        }
        signed = self.sign(json.dumps(event).encode())
        self.events.append(signed)
        if self.webhook_url is not None:
            httpx.post(
                self.webhook_url,
                content=signed.payload,
                headers={"Stripe-Signature": signed.header, "Content-Type": "application/json"},
            ).raise_for_status()
        return session

    def sign(self, payload: bytes, timestamp: int | None = None) -> SignedEvent:
        at = int(time.time()) if timestamp is None else timestamp
        digest = hmac.new(
            self.webhook_secret.encode(), f"{at}.".encode() + payload, hashlib.sha256
        ).hexdigest()
        return SignedEvent(payload, f"t={at},v1={digest}")

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._server.shutdown()
        self._server.server_close()
