"""Activities of linked accounts: check credentials a user is linking, and sync an exchange (ccxt) or a
blockchain wallet (Esplora, Etherscan v2 + JSON-RPC, Solana JSON-RPC) into its account.

Credentials are read sealed from PostgreSQL and opened here only, never passed through Temporal. A sync
stores what is new in parts of about `STORE_EVERY` transactions, each in one database transaction with
the cursors that follow it, so a sync stopped midway (a worker killed) resumes after the last stored
part and never stores anything twice. 429 and 5xx answers are retried inside the connectors, then by
Temporal (OUTAGE_RETRY); a refused key or an answer of the wrong shape fails at once with the text the
user reads.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.client import Client
from temporalio.exceptions import ApplicationError

from activities.heartbeat import heartbeating
from contracts.account_sync import (
    CREDENTIALS_REFUSED,
    FINISH_SYNC,
    START_SCHEDULED_SYNC,
    SYNC_ACCOUNT,
    SYNC_FAILED,
    VERIFY_CREDENTIALS,
    AccountSyncInput,
    CredentialsCheck,
    FinishSyncInput,
    SyncJob,
    SyncResult,
    account_sync,
    delete_sync_schedule,
)
from contracts.starting import start_workflow
from ingest.addresses.ens import is_ens_name
from ingest.catalogue import find_integration
from ingest.chains.ens import ENS_NETWORK, resolve_ens
from ingest.chains.esplora import sync_addresses, sync_extended_keys
from ingest.chains.etherscan import CHAIN_IDS, EvmEndpoints
from ingest.chains.evm import sync_evm_address
from ingest.chains.hd import ExtendedKey, InvalidExtendedKey
from ingest.chains.model import ChainSync
from ingest.chains.networks import UTXO_NETWORKS
from ingest.chains.solana import NETWORK as SOLANA
from ingest.chains.solana import sync_solana_address
from ingest.exchanges.client import Backoff, Credentials
from ingest.exchanges.connect import connect
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.model import Connector
from ingest.exchanges.oauth import OWNER, PROVIDERS, OAuthRefused, needs_refresh, refresh_tokens
from ingest.exchanges.oauth import Client as OAuthClient
from ingest.files.model import ParsedTransaction
from ledger.infra.credentials import CredentialsError, seal, unseal
from ledger.infra.settings import Settings
from ledger.models import CredentialCheck
from ledger.writes.account_sync import (
    ChainBalance,
    ChainToken,
    SyncedAccount,
    account_syncs,
    begin_sync,
    finish_sync,
    forget_abandoned_checks,
    store_chain_tokens,
    store_credentials,
    store_reported_balances,
    store_synced,
    stored_cursors,
)
from ledger.writes.tasks import open_task, resolve_task
from vocabulary.enums import AccountKind, TaskType
from vocabulary.errors import AccountError, account_error_message

STORE_EVERY = 5_000  # transactions per stored part of a sync
CHAIN_STREAM = "chain"  # a wallet's one cursor row: the chain connector's cursors
VERIFY_BACKOFF = Backoff(attempts=3, first=0.5)  # a user waits on the check: a short retry only
CHAIN_TIMEOUT = httpx.Timeout(30.0)
OAUTH_ONLY = frozenset({"refresh_token", "expires_at", OWNER})  # what refreshing needs, not ccxt


def sync_failed(code: AccountError) -> ApplicationError:
    """A failure a retry cannot mend; its message is the account's error."""
    kind = CREDENTIALS_REFUSED if code is AccountError.INVALID_API_KEY else SYNC_FAILED
    return ApplicationError(account_error_message(code), type=kind, non_retryable=True)


class AccountSyncActivities:
    def __init__(self, sessions: sessionmaker[Session], settings: Settings, client: Client) -> None:
        self._sessions = sessions
        self._settings = settings
        self._client = client

    def _opened(self, sealed: bytes) -> dict[str, str]:
        try:
            return unseal(sealed, self._settings.sealing_keys)
        except CredentialsError:  # sealed under a key no longer configured: linking it again fixes it
            raise sync_failed(AccountError.INVALID_API_KEY) from None

    def _connector(self, exchange: str, credentials: dict[str, str], **client: Any) -> Connector:
        ccxt_credentials = {name: value for name, value in credentials.items() if name not in OAUTH_ONLY}
        return connect(
            exchange,
            Credentials(ccxt_credentials),
            self._settings.exchange_urls.get(exchange),
            throttle=self._settings.exchange_rate_limits,
            **client,
        )

    def _refreshed(self, account_id: int, slug: str, credentials: dict[str, str]) -> dict[str, str]:
        """An OAuth access token refreshed before it expires, stored sealed; a refused refresh token
        (revoked) fails the sync for the user to connect again."""
        provider, registered = PROVIDERS.get(slug), self._settings.oauth_clients.get(slug)
        if provider is None or not registered:
            raise sync_failed(AccountError.INVALID_API_KEY)
        client = OAuthClient(registered.get("client_id", ""), registered.get("client_secret", ""))
        try:
            tokens = refresh_tokens(
                provider, self._settings.oauth_urls.get(slug), client, credentials["refresh_token"]
            )
        except OAuthRefused:
            raise sync_failed(AccountError.INVALID_API_KEY) from None
        fresh = tokens.as_credentials() | ({OWNER: credentials[OWNER]} if OWNER in credentials else {})
        with self._sessions.begin() as session:
            store_credentials(session, account_id, seal(fresh, self._settings.sealing_keys))
        return fresh

    @activity.defn(name=VERIFY_CREDENTIALS)
    def verify_credentials(self, check: CredentialsCheck) -> str | None:
        """None when the exchange accepts the credentials, else the spec's account error code."""
        with self._sessions.begin() as session:
            forget_abandoned_checks(session)
            row = session.get(CredentialCheck, check.check_id)
            if row is None:
                return AccountError.INVALID_ACCOUNT.value
            exchange, sealed = row.exchange, row.credentials
        try:
            self._connector(exchange, self._opened(sealed), backoff=VERIFY_BACKOFF).verify()
        except ExchangeFailure as failure:
            return failure.account_error.value
        except ApplicationError:
            return AccountError.INVALID_API_KEY.value
        return None

    @activity.defn(name=SYNC_ACCOUNT)
    def sync_account(self, job: SyncJob) -> SyncResult:
        with self._sessions.begin() as session:
            account = begin_sync(session, job.job_id, job.account_id, job.user_id)
        if account is None:
            raise sync_failed(AccountError.ACCOUNT_NOT_FOUND)
        with heartbeating():
            if account.kind is AccountKind.EXCHANGE:
                return self._sync_exchange(job, account)
            if account.kind is AccountKind.WALLET:
                return self._sync_wallet(job, account)
        raise sync_failed(AccountError.INVALID_ACCOUNT)

    @activity.defn(name=START_SCHEDULED_SYNC)
    async def start_scheduled_sync(self, params: AccountSyncInput) -> None:
        """The schedule's sync, started (or joined) as `sync/{account}` like a manual one; an account that
        no longer syncs (deleted, or an exchange fed by files) has its schedule removed instead."""
        if await asyncio.to_thread(self._syncs, params):
            sync = account_sync(params.account_id, params.user_id)
            await start_workflow(self._client, self._settings.task_queue, sync)
        else:
            await delete_sync_schedule(self._client, params.account_id)

    def _syncs(self, params: AccountSyncInput) -> bool:
        with self._sessions() as session:
            return account_syncs(session, params.account_id, params.user_id)

    @activity.defn(name=FINISH_SYNC)
    def finish_account_sync(self, params: FinishSyncInput) -> None:
        job = params.job
        with self._sessions.begin() as session:
            finish_sync(
                session,
                job.job_id,
                job.account_id,
                params.result,
                params.error_message,
                passes_again=params.passes_again,
            )
            if params.credentials_refused:
                detail = params.error_message or ""
                open_task(session, job.user_id, TaskType.FIX_API_CREDENTIALS, job.account_id, detail)
            elif params.result is not None:
                resolve_task(session, job.user_id, TaskType.FIX_API_CREDENTIALS, job.account_id)

    def _sync_exchange(self, job: SyncJob, account: SyncedAccount) -> SyncResult:
        integration = find_integration(account.integration_slug, "Exchange")
        if integration is None or integration.ccxt_id is None or account.credentials is None:
            raise sync_failed(AccountError.INVALID_ACCOUNT)
        credentials = self._opened(account.credentials)
        if needs_refresh(credentials):
            credentials = self._refreshed(job.account_id, integration.slug, credentials)
        connector = self._connector(integration.ccxt_id, credentials)
        with self._sessions.begin() as session:
            cursors = stored_cursors(session, job.account_id)
        total = SyncResult(0, 0)
        pending: list[ParsedTransaction] = []
        moved: dict[str, dict[str, Any]] = {}

        def store() -> None:
            nonlocal total, pending, moved
            with self._sessions.begin() as session:
                stored = store_synced(
                    session,
                    user_id=job.user_id,
                    account_id=job.account_id,
                    source=integration.name,
                    transactions=pending,
                    cursors=moved,
                )
            total = SyncResult(
                total.number_imported + stored.number_imported, total.number_skipped + stored.number_skipped
            )
            pending, moved = [], {}

        try:
            for batch in connector.sync(cursors):
                pending.extend(batch.transactions)
                moved[batch.stream] = batch.cursor
                if len(pending) >= STORE_EVERY:
                    store()
        except ExchangeFailure as failure:
            if moved:
                store()  # what was read before the failure is kept, with its cursors
            if failure.kind in (FailureKind.AUTH, FailureKind.MALFORMED):
                raise sync_failed(failure.account_error) from None
            raise  # still refused after the connector's backoff: Temporal tries again later
        if moved:
            store()
        return total

    def _sync_wallet(self, job: SyncJob, account: SyncedAccount) -> SyncResult:
        network, address = account.crypto_network, account.address
        if network is None or not address:
            raise sync_failed(AccountError.INVALID_ACCOUNT)
        with self._sessions.begin() as session:
            cursors: dict[str, str] = stored_cursors(session, job.account_id).get(CHAIN_STREAM, {})
        synced = asyncio.run(self._read_chain(network, address, cursors))
        if synced is None:  # a chain Cairn does not sync yet
            return SyncResult(0, 0)
        tokens = [
            ChainToken(
                key=asset.key,
                symbol=asset.symbol,
                name=asset.name,
                network=asset.network,
                contract=asset.contract,
                is_spam=asset.is_spam,
                was_automarked_as_spam=asset.was_automarked_as_spam,
            )
            for asset in synced.assets.values()
            if asset.contract is not None
        ]
        reported = [  # spam tokens' balances are not compared (ingest.chains.balances)
            ChainBalance(key, quantity, synced.assets[key].decimals)
            for key, quantity in synced.reported.items()
            if key in synced.assets and not synced.assets[key].is_spam
        ]
        with self._sessions.begin() as session:
            asset_ids = store_chain_tokens(session, tokens)
            stored = store_synced(
                session,
                user_id=job.user_id,
                account_id=job.account_id,
                source=network,
                transactions=synced.transactions,
                cursors={CHAIN_STREAM: dict(synced.cursors)},
                assets=asset_ids,
            )
            store_reported_balances(session, job.account_id, reported)
            return stored

    async def _read_chain(self, network: str, address: str, cursors: dict[str, str]) -> ChainSync | None:
        settings = self._settings
        async with httpx.AsyncClient(timeout=CHAIN_TIMEOUT) as client:
            utxo = UTXO_NETWORKS.get(network)
            if utxo is not None and network in settings.esplora_urls:
                base = settings.esplora_urls[network]
                lines = address.split()
                try:
                    keys = [ExtendedKey(line, utxo) for line in lines]
                except InvalidExtendedKey:
                    return await sync_addresses(client, base, utxo, lines, cursors)
                return await sync_extended_keys(client, base, keys, cursors)
            if network in CHAIN_IDS:
                endpoints = EvmEndpoints(
                    settings.etherscan_url, settings.etherscan_api_key, settings.evm_rpc_urls.get(network)
                )
                if is_ens_name(address):  # a wallet linked before names were resolved when it is added
                    rpc_url = settings.evm_rpc_urls.get(ENS_NETWORK)
                    resolved = None if rpc_url is None else await resolve_ens(client, rpc_url, address)
                    if resolved is None:
                        raise sync_failed(AccountError.INVALID_ACCOUNT)
                    address = resolved
                return await sync_evm_address(client, endpoints, network, address, cursors)
            if network == SOLANA:
                return await sync_solana_address(client, settings.solana_rpc_url, address, cursors)
        return None
