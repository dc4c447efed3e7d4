"""The integration modules here link accounts whose syncs must not outlive the module."""

from collections.abc import AsyncIterator

import pytest
from temporalio.client import Client

from tests.syncs import end_account_syncs


@pytest.fixture(autouse=True, scope="module")
async def syncs_end_with_the_module(temporal_client: Client) -> AsyncIterator[None]:
    yield
    await end_account_syncs(temporal_client)
