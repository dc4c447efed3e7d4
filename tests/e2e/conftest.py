"""The whole product — servers, worker, API serving the built app — driven by Debian's Chromium."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from sqlalchemy import delete

from ledger.infra.db import sync_engine
from ledger.infra.settings import Settings
from ledger.models import AuthAttempts
from stack.local import app_processes
from stack.servers import answers_tcp, free_port, stop_all, wait_until
from tests.fakes.oidc import OidcProvider, Person
from tests.fakes.stripe import FakeStripe

expect.set_options(timeout=20_000)  # a whole import runs behind some assertions

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


STRIPE_SECRET_KEY = "sk_test_e2e"
STRIPE_WEBHOOK_SECRET = "whsec_e2e"


@pytest.fixture(scope="session")
def stripe(servers: Settings) -> Iterator[FakeStripe]:
    """The payment provider the app checks out with: a local Stripe that posts its signed webhook."""
    webhook = f"{servers.origin}/webhooks/stripe"
    with FakeStripe(STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, webhook_url=webhook) as fake:
        yield fake


OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_PROVIDER_NAME = "cairn-e2e", "cairn-e2e-secret", "Example ID"


@pytest.fixture(scope="session")
def oidc() -> Iterator[OidcProvider]:
    """The identity provider "Sign in with Example ID" goes to; tests set who signs in (`person`)."""
    with OidcProvider(OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, Person("nobody", "nobody@example.com")) as fake:
        yield fake


@pytest.fixture(scope="session")
def live_app(servers: Settings, stripe: FakeStripe, oidc: OidcProvider) -> Iterator[str]:
    if not (servers.frontend_dist / "index.html").exists():
        pytest.fail(f"{servers.frontend_dist} is not built: run `make frontend` (make test does).")
    from stack.seed import prepare_database

    prepare_database(servers)
    # A queue of their own: the in-process test worker is idle while these synchronous tests run.
    payments = {
        "CAIRN_STRIPE_API_URL": stripe.url,
        "CAIRN_STRIPE_SECRET_KEY": STRIPE_SECRET_KEY,
        "CAIRN_STRIPE_WEBHOOK_SECRET": STRIPE_WEBHOOK_SECRET,
    }
    identity = {
        "CAIRN_OIDC_ISSUER": oidc.issuer,
        "CAIRN_OIDC_CLIENT_ID": OIDC_CLIENT_ID,
        "CAIRN_OIDC_CLIENT_SECRET": OIDC_CLIENT_SECRET,
        "CAIRN_OIDC_PROVIDER_NAME": OIDC_PROVIDER_NAME,
    }
    env = {**os.environ, "CAIRN_TASK_QUEUE": f"{servers.task_queue}-e2e", **payments, **identity}
    with _running(servers, env, servers.api_port):
        yield servers.origin


@contextlib.contextmanager
def own_app(servers: Settings, name: str, outside: dict[str, str]) -> Iterator[str]:
    """The product's worker and API with `outside` services set (the fakes' addresses), on an API port, a
    task queue and a worker metrics port of their own, so the session's live app is not disturbed; its
    origin while it runs."""
    port = free_port(servers.host)
    env = {
        **os.environ,
        "CAIRN_API_PORT": str(port),
        "CAIRN_APP_ORIGIN": f"http://{servers.host}:{port}",
        "CAIRN_TASK_QUEUE": f"{servers.task_queue}-{name}",
        **outside,
    }
    with _running(servers, env, port):
        yield f"http://{servers.host}:{port}"


@contextlib.contextmanager
def _running(servers: Settings, env: dict[str, str], api_port: int) -> Iterator[None]:
    """The worker and the API started with `env`, until both answer; the worker's metrics on a port chosen
    now (one chosen when the session started may since have been taken by another test's server, and a
    worker that cannot bind it exits, leaving the jobs waiting)."""
    metrics = free_port(servers.host)
    children = app_processes(servers, env={**env, "CAIRN_WORKER_METRICS_PORT": str(metrics)})
    try:
        for child in children:
            child.start()
        wait_until(answers_tcp(servers.host, api_port), "The API", 60, children[-1].log)
        wait_until(answers_tcp(servers.host, metrics), "The worker", 60, children[0].log)
        yield
    finally:
        stop_all(children)


def forget_sign_up_attempts(servers: Settings) -> None:
    """Each browser test is a new visitor, but they all come from 127.0.0.1: without this, the suite's
    sign-ups pass the per-address limit (tests/api/test_auth.py tests the throttle itself)."""
    engine = sync_engine(servers.db_url)
    try:
        with engine.begin() as connection:
            connection.execute(delete(AuthAttempts))
    finally:
        engine.dispose()


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    """Closed when the tests leave this package: Playwright's sync API keeps an event loop running in
    this thread while the browser lives, where the async tests need the thread's loop to themselves
    (run in parallel, a worker's test files come in any order)."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Browser tests need Debian's chromium (make test installs it when run as root).")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, live_app: str, servers: Settings) -> Iterator[Page]:
    forget_sign_up_attempts(servers)
    context = browser.new_context(base_url=live_app, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    page = context.new_page()
    yield page
    context.close()
