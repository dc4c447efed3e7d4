"""Mail goes out over SMTP to the local sink; the dev mailbox shows it only when the setting is on."""

from __future__ import annotations

import uuid

import httpx
import pytest
from temporalio.client import Client

from api.app import create_app
from api.mail import send_mail
from ledger.infra.settings import Settings
from tests.clients import app_client

pytestmark = pytest.mark.servers


async def test_the_dev_mailbox_shows_what_the_sink_received(
    servers: Settings, temporal_client: Client
) -> None:
    to = f"reader-{uuid.uuid4().hex[:8]}@example.com"
    await send_mail(
        servers, to, "Hello from Cairn", "First line\nhttp://127.0.0.1/reset-password?token=abc\n"
    )
    app = create_app(servers.model_copy(update={"dev_mailbox": True}), temporal_client)
    async with app.router.lifespan_context(app), app_client(app) as http:
        messages = (await http.get("/dev/mailbox/messages")).json()
    mine = [message for message in messages if message["to"] == to]
    assert len(mine) == 1
    assert mine[0]["subject"] == "Hello from Cairn"
    assert mine[0]["body"] == "First line\nhttp://127.0.0.1/reset-password?token=abc\n"
    assert mine[0]["sentAt"]


async def test_the_dev_mailbox_is_not_found_when_off(client: httpx.AsyncClient) -> None:
    assert (await client.get("/dev/mailbox/messages")).status_code == 404
