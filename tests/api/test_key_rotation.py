"""Rotating the key that seals stored secrets (CAIRN_CREDENTIAL_KEYS, newest first): what was sealed under
the old key — an exchange's credentials, a credential check, an MFA seed — is still read once the new key
comes first; `cairn admin reseal` seals it all under the new key, changes nothing when run again, and the
old key can then be dropped. A secret no configured key opens is reported, never read as garbage.

The session's own key (servers.secret_key) plays the new key, so that resealing leaves every other test's
secrets as they are."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from ledger.infra.credentials import seal, unseal
from ledger.infra.db import sync_sessions
from ledger.infra.settings import Settings
from ledger.models import Account, CredentialCheck, MfaSecret, User
from ledger.writes.resealing import reseal_all
from stack.cli import main
from tests.api.graphql import gql
from tests.api.test_linking_exchanges import ACTIONS, KEY, account, added, kraken, synced
from tests.api.test_mfa import enable_mfa, login
from tests.clients import sign_up
from tests.fakes.kraken import KrakenFake
from tests.workflows.ledger_rows import new_wallet

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]
__all__ = ["kraken"]  # the fixture, used by name

OLD = "the key before the rotation"


async def sync_now(http: httpx.AsyncClient, temporal: Client, account_id: str) -> None:
    assert (await gql(http, ACTIONS["syncExchange"], id=account_id))["syncExchange"]["success"]
    assert await synced(temporal, account_id) is not None
    assert (await account(http, account_id))["errors"] == []


async def test_secrets_sealed_under_the_old_key_are_read_after_rotation_and_resealed_for_it_to_go(
    client: httpx.AsyncClient,
    kraken: KrakenFake,
    servers: Settings,
    monkeypatch: pytest.MonkeyPatch,
    temporal_client: Client,
    db_session: Session,
    db_engine: Engine,
) -> None:
    new = servers.secret_key
    monkeypatch.setattr(servers, "credential_keys", [OLD])
    email = await sign_up(client)
    account_id = await added(client, temporal_client)
    totp, step, _ = await enable_mfa(client)
    user_id = db_session.scalar(select(User.id).where(User.email == email))
    check = CredentialCheck(user_id=user_id, exchange="kraken", credentials=seal({"apiKey": "k"}, (OLD,)))
    db_session.add(check)
    db_session.commit()

    def stored() -> list[bytes]:
        """The exchange's credentials, the check's and the MFA seed, as stored."""
        db_session.expire_all()
        found = [
            db_session.scalars(select(column).where(key == value)).one()
            for column, key, value in [
                (Account.credentials, Account.id, int(account_id)),
                (CredentialCheck.credentials, CredentialCheck.id, check.id),
                (MfaSecret.sealed_seed, MfaSecret.user_id, user_id),
            ]
        ]
        return [sealed for sealed in found if sealed is not None]

    monkeypatch.setattr(servers, "credential_keys", [new, OLD])  # the rotation: the new key first
    await sync_now(client, temporal_client, account_id)  # the exchange's credentials, read under OLD

    first = reseal_all(sync_sessions(db_engine), servers.sealing_keys)
    resealed = stored()
    assert first.resealed >= 3
    assert unseal(resealed[0], (new,))["apiKey"] == KEY
    assert unseal(resealed[1], (new,)) == {"apiKey": "k"}
    assert unseal(resealed[2], (new,))["seed"] == totp.secret
    again = reseal_all(sync_sessions(db_engine), servers.sealing_keys)
    assert stored() == resealed  # idempotent: each secret is already under the newest key
    assert again.current >= 3

    monkeypatch.setattr(servers, "credential_keys", [])  # the old key dropped: the session's key alone
    await sync_now(client, temporal_client, account_id)
    assert (await login(client, email)).status_code == 202  # the password, then the code
    verified = await client.post("/auth/mfa/verify", json={"code": totp.generate_otp(step + 1)})
    assert verified.status_code == 200, verified.text


def test_reseal_reports_a_secret_no_configured_key_opens_and_leaves_it(
    db_session: Session, capsys: pytest.CaptureFixture[str]
) -> None:
    user, _ = new_wallet(db_session)
    stranger = seal({"apiKey": "k"}, ("a key nobody configured",))
    check = CredentialCheck(user_id=user.id, exchange="kraken", credentials=stranger)
    db_session.add(check)
    db_session.commit()

    assert main(["admin", "reseal"]) == 1

    out, err = capsys.readouterr()
    assert out.startswith("Resealed ")
    assert "could not be opened with any key of CAIRN_CREDENTIAL_KEYS" in err
    assert f"credential_checks {check.id}" in err
    db_session.expire_all()
    assert db_session.get(CredentialCheck, check.id).credentials == stranger  # type: ignore[union-attr]
