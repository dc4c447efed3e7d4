"""Linking exchanges and wallets (spec 000 §3 "Payloads for adding accounts", §5, §7, §8): the exchange
forms (key; key and secret; key, secret and passphrase; customer id, key and secret) and their updates,
the address, xpub, two-xpub and multi-address forms, and the actions on linked accounts (rename, delete,
sync now, resync all, mining).

Exchange credentials are checked by one authenticated call before the account is created or updated:
they are sealed into a `credential_checks` row and VerifyCredentialsWorkflow, given only that row's id,
makes the call in the worker while the request waits. Credentials are never returned, never logged and
never in Temporal's history; syncs get account ids only. Each linked account syncs at once
(AccountSyncWorkflow) and then on its own Temporal schedule, deleted with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import uuid
from typing import Annotated

import httpx
import strawberry
from temporalio.client import WorkflowFailureError
from temporalio.service import RPCError

from api.context import CairnInfo, Context
from api.jobs import start_work
from api.limits import MAX_ADDRESS_CHARS, MAX_NAME_CHARS, MAX_SLUG_CHARS, MAX_STRING_CHARS
from api.schema.accounts import Account, account_id_of
from api.schema.common import MutationResult
from api.schema.freezing import frozen_period_refusal
from api.string_bounds import MaxLength, max_length
from contracts.account_deletion import deletion
from contracts.account_sync import (
    account_sync,
    credentials_check,
    delete_sync_schedule,
    ensure_sync_schedule,
)
from ingest.addresses import detected_crypto_networks
from ingest.addresses.ens import is_ens_name
from ingest.catalogue import find_integration
from ingest.chains.coverage import NOT_SYNCED_CHAINS
from ingest.chains.ens import ENS_NETWORK, resolve_ens
from ingest.chains.hd import ExtendedKey, InvalidExtendedKey, two_key_problem
from ingest.chains.history_size import HistoryServices, history_size
from ingest.chains.http import ChainServiceError
from ingest.chains.networks import UTXO_NETWORKS
from ledger.infra.credentials import CredentialsError, seal, unseal
from ledger.models import Account as AccountRow
from ledger.models import Integration
from ledger.scope.linking import fed_by_files
from vocabulary.enums import AccountKind, IntegrationCategory, JobKind
from vocabulary.errors import (
    EXCHANGE_ADD_FAILED,
    EXCHANGE_ADDED,
    EXCHANGE_UPDATED,
    FIELD_REQUIRED,
    THIS_FIELD_REQUIRED,
    WALLET_ADD_ERROR_MESSAGES,
    WALLET_ADDED,
    AccountError,
    MultiAddressImportError,
    WalletAddError,
    account_error_message,
)
from vocabulary.plans import TOO_MANY_TRANSACTIONS_PAID, TaxPlan

VERIFY_WAIT = 25.0  # seconds a request waits for the exchange to answer the check (under the 30 s bound)
ENS_TIMEOUT_SECONDS = 10.0  # an ENS name is resolved while the request waits
HISTORY_WAIT_SECONDS = 10.0  # what one request may spend counting its addresses' transactions
MAX_PUBLIC_KEYS_CHARS = 50_000  # the multi-address form's text
MAX_PUBLIC_KEYS = 100  # addresses one multi-address request may add
PAYLOAD_ERRORS = {  # the payload field a blank value or a refused check is reported on
    "customerId": AccountError.INVALID_CUSTOMER_ID,
    "apiKey": AccountError.INVALID_API_KEY,
    "apiSecret": AccountError.INVALID_API_SECRET,
    "passphrase": AccountError.INVALID_PASSPHRASE,
}
SPEC_EXCHANGE_TEXTS = (
    AccountError.ACCOUNT_ALREADY_LINKED,
    AccountError.INVALID_ACCOUNT,
    AccountError.INVALID_API_KEY,
)
MULTI_ADDRESS_JOB_PREFIX = "multi-address/"


def exchange_error_message(code: AccountError) -> str:
    """Spec 000 §8: three codes have their own text, any other error the generic one."""
    return account_error_message(code) if code in SPEC_EXCHANGE_TEXTS else EXCHANGE_ADD_FAILED


def wallet_error_message(code: WalletAddError) -> str:
    return WALLET_ADD_ERROR_MESSAGES[code]


# Exchanges


@strawberry.input
class AddExchangeWithApiKeyInput:
    api_key: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    account_type_slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])


@strawberry.input
class UpdateExchangeWithApiKeyInput(AddExchangeWithApiKeyInput):
    public_id: strawberry.ID


@strawberry.input
class AddExchangeWithApiKeyAndSecretInput:
    api_key: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    api_secret: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    account_type_slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])


@strawberry.input
class UpdateExchangeWithApiKeyAndSecretInput(AddExchangeWithApiKeyAndSecretInput):
    public_id: strawberry.ID


@strawberry.input
class AddExchangeWithCustomerIdInput:
    customer_id: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    api_key: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    api_secret: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    account_type_slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])


@strawberry.input
class UpdateExchangeWithCustomerIdInput(AddExchangeWithCustomerIdInput):
    public_id: strawberry.ID


@strawberry.input
class AddExchangeInput:
    """The passphrase form's payload (spec 000 §7: addExchangeInput)."""

    api_key: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    api_secret: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    passphrase: str = strawberry.field(directives=[MaxLength(chars=MAX_STRING_CHARS)])
    account_type_slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])


@strawberry.input
class UpdateExchangeInput(AddExchangeInput):
    public_id: strawberry.ID


@strawberry.type
class AddExchangeResult:
    success: bool
    error: str | None = None
    error_message: str | None = None
    message: str | None = None
    created_exchange: Account | None = None


@strawberry.type
class UpdateExchangeResult:
    success: bool
    error: str | None = None
    error_message: str | None = None
    message: str | None = None
    updated_exchange: Account | None = None


class _Refused(Exception):
    def __init__(self, code: AccountError, message: str | None = None) -> None:
        super().__init__(code.value)
        self.code, self.message = code, message or exchange_error_message(code)


async def _verified(context: Context, exchange: str, sealed: bytes) -> None:
    """One authenticated call with the credentials, in the worker; raises _Refused when it fails."""
    linking = context.scope.linking
    check_id = await linking.start_check(exchange, sealed)
    started = await start_work(context, credentials_check(check_id))
    try:
        if not started.ok or started.job_id is None:
            raise _Refused(AccountError.GENERIC_ERROR)
        client = await context.services.temporal()
        code = await asyncio.wait_for(client.get_workflow_handle(started.job_id).result(), VERIFY_WAIT)
    except (TimeoutError, WorkflowFailureError, RPCError):
        raise _Refused(AccountError.ERROR_WITH_PARTNER_CONNECTION) from None
    finally:
        await linking.end_check(check_id)
        await context.session.commit()
    if code is not None:
        raise _Refused(AccountError(code))


async def start_syncing(context: Context, account: AccountRow, *, new: bool) -> AccountRow | None:
    """The account's first sync, and its schedule; answers the account as stored (its integration
    loaded), or None when the sync could not start (a new account goes again)."""
    account_id = account.id

    async def discard() -> None:
        await context.scope.accounts.discard_account(account_id)

    started = await start_work(
        context, account_sync(account_id, context.user.id), undo=discard if new else None
    )
    if not started.ok:
        return None
    await _ensure_schedule(context, account_id)
    return await context.scope.accounts.account(account_id)


async def _ensure_schedule(context: Context, account_id: int) -> None:
    """The account's periodic sync. A Temporal that refuses leaves the account without one until its
    next manual sync, which tries again."""
    with contextlib.suppress(RPCError):
        client = await context.services.temporal()
        await ensure_sync_schedule(client, context.services.settings.task_queue, account_id, context.user.id)


async def _link_exchange(
    info: CairnInfo, slug: str, given: dict[str, str], public_id: strawberry.ID | None
) -> AccountRow:
    """Checks the payload and the credentials, then creates (or, with `public_id`, updates) the exchange
    account and starts its sync; raises _Refused."""
    context = info.context
    linking = context.scope.linking
    values = {field: value.strip() for field, value in given.items()}
    for field, value in values.items():
        if not value:
            raise _Refused(PAYLOAD_ERRORS[field], FIELD_REQUIRED)
    integration = await linking.integration(slug.strip(), IntegrationCategory.EXCHANGE)
    catalogued = find_integration(slug.strip(), "Exchange")
    if integration is None or catalogued is None:
        raise _Refused(
            AccountError.ACCOUNT_TYPE_SLUG_NOT_FOUND,
            account_error_message(AccountError.ACCOUNT_TYPE_SLUG_NOT_FOUND),
        )
    fields = {f.field for f in catalogued.credential_fields}
    if catalogued.ccxt_id is None or fields != set(values):
        raise _Refused(
            AccountError.INVALID_ACCOUNT_TYPE_SLUG,
            account_error_message(AccountError.INVALID_ACCOUNT_TYPE_SLUG),
        )
    existing: AccountRow | None = None
    if public_id is not None:
        account_id = account_id_of(public_id)
        existing = (
            None if account_id is None else await linking.linked_account(account_id, AccountKind.EXCHANGE)
        )
        if existing is None or existing.integration_slug != integration.slug:
            raise _Refused(
                AccountError.ACCOUNT_NOT_FOUND, account_error_message(AccountError.ACCOUNT_NOT_FOUND)
            )
    credentials = {f.credential: values[f.field] for f in catalogued.credential_fields}
    keys = context.services.settings.sealing_keys
    for other_id, other in await linking.sealed_credentials(integration.slug):
        if existing is not None and other_id == existing.id:
            continue
        with contextlib.suppress(CredentialsError):
            if unseal(other, keys).get("apiKey") == credentials.get("apiKey"):
                raise _Refused(AccountError.ACCOUNT_ALREADY_LINKED)
    sealed = seal(credentials, keys)
    await _verified(context, catalogued.ccxt_id, sealed)
    if existing is None:
        account = await linking.create_linked(
            AccountKind.EXCHANGE, integration, integration.name, credentials=sealed
        )
    else:
        account = existing
        account.credentials = sealed
        account.is_disabled = False
    linked = await start_syncing(context, account, new=existing is None)
    if linked is None:
        raise _Refused(AccountError.GENERIC_ERROR)
    return linked


async def _add(info: CairnInfo, slug: str, given: dict[str, str]) -> AddExchangeResult:
    try:
        account = await _link_exchange(info, slug, given, None)
    except _Refused as refused:
        return AddExchangeResult(success=False, error=refused.code.value, error_message=refused.message)
    return AddExchangeResult(success=True, message=EXCHANGE_ADDED, created_exchange=Account.of(account))


async def _update(
    info: CairnInfo, slug: str, given: dict[str, str], public_id: strawberry.ID
) -> UpdateExchangeResult:
    try:
        account = await _link_exchange(info, slug, given, public_id)
    except _Refused as refused:
        return UpdateExchangeResult(success=False, error=refused.code.value, error_message=refused.message)
    return UpdateExchangeResult(success=True, message=EXCHANGE_UPDATED, updated_exchange=Account.of(account))


# Wallets


@strawberry.input
class PublicAddressInput:
    coin_symbol: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])
    crypto_network: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])
    slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])
    wallet_address: str = strawberry.field(directives=[MaxLength(chars=MAX_ADDRESS_CHARS)])
    wallet_name: str = strawberry.field(directives=[MaxLength(chars=MAX_NAME_CHARS)])
    crypto_networks_to_add: list[str] | None = None


@strawberry.type
class AddPublicAddressResult:
    # Spec 000 §7 answers `success` as the success message; here it is the Boolean every mutation answers,
    # and the message is `message`.
    success: bool
    message: str | None = None
    warning: str | None = None
    error: str | None = None
    error_message: str | None = None
    multi_add_warning: str | None = None
    multi_add_error: str | None = None
    created_wallet: Account | None = None
    created_exchange: Account | None = None


@strawberry.input
class PublicXpubInput:
    coin_symbol: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])
    crypto_network: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])
    xpub_key: str = strawberry.field(directives=[MaxLength(chars=MAX_ADDRESS_CHARS)])
    account_type_slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])


@strawberry.type
class AddPublicXpubResult:
    success: bool
    error: str | None = None
    error_message: str | None = None
    created_wallet: Account | None = None


@strawberry.input
class TwoXpubInput:
    coin_symbol: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])
    crypto_network: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])
    receive_address_xpub: str = strawberry.field(directives=[MaxLength(chars=MAX_ADDRESS_CHARS)])
    change_address_xpub: str = strawberry.field(directives=[MaxLength(chars=MAX_ADDRESS_CHARS)])
    account_type_slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])


@strawberry.type
class AddTwoXpubResult:
    success: bool
    error: str | None = None
    message: str | None = None
    created_wallet: Account | None = None


@strawberry.input
class MultiAddressInput:
    public_keys: str = strawberry.field(directives=[MaxLength(chars=MAX_PUBLIC_KEYS_CHARS)])
    account_type_slug: str = strawberry.field(directives=[MaxLength(chars=MAX_SLUG_CHARS)])


@strawberry.type
class AddMultiAddressResult:
    success: bool
    job_id: str | None = None
    error: str | None = None
    error_message: str | None = None


@strawberry.type
class MultiAddressFailure:
    public_key: str
    error: str  # a wallet add error code
    error_message: str


@strawberry.type
class MultiAddressImportJob:
    job_id: str
    is_status_final: bool
    success: bool
    error: str | None
    error_message: str | None
    success_message: str | None
    warning_message: str | None
    created_wallets: list[Account]
    failed_public_keys: list[MultiAddressFailure]


class _WalletRefused(Exception):
    def __init__(self, code: WalletAddError, message: str | None = None) -> None:
        super().__init__(code.value)
        self.code, self.message = code, message or wallet_error_message(code)


def network_slug(name: str) -> str:
    """Spec 000 §3: the chain name lowercased, runs of non-word characters replaced by hyphens."""
    return re.sub(r"\W+", "-", name.strip().lower()).strip("-")


async def _blockchain(context: Context, slug: str) -> Integration:
    """The blockchain integration a wallet is added to; a chain Cairn does not sync yet is refused."""
    integration = await context.scope.linking.integration(slug.strip(), IntegrationCategory.BLOCKCHAIN)
    if integration is None:
        raise _WalletRefused(WalletAddError.UNKNOWN_WALLET_TYPE)
    if integration.crypto_network in NOT_SYNCED_CHAINS:
        raise _WalletRefused(WalletAddError.INVALID_CRYPTO_CURRENCY)
    return integration


async def _wallet_integration(context: Context, slug: str, network: str) -> Integration:
    integration = await _blockchain(context, slug)
    if network_slug(network) != (integration.crypto_network or ""):
        raise _WalletRefused(WalletAddError.INVALID_CRYPTO_CURRENCY)
    return integration


def _default_name(integration: Integration, typed: str) -> str:
    """Spec 000 §5: {chain} Wallet ...{last 6 characters of the address as typed}."""
    return f"{integration.name} Wallet ...{typed[-6:]}"


def _count_deadline() -> float:
    """The event-loop time by which a request's transaction counts must be done."""
    return asyncio.get_running_loop().time() + HISTORY_WAIT_SECONDS


async def _refuse_by_history(context: Context, network: str, address: str, deadline: float) -> None:
    """Spec 000 §8: an address with no transactions is not added (has_zero_transactions), nor one whose
    transactions alone exceed what the user's tax plan may ever hold (too_many_transactions). That is the
    plan's lifetime limit, which counts every stored transaction as a chain's count does; the net limit
    is the soft one the transaction-limit card shows. A chain service that fails, or does not answer
    before `deadline`, lets the wallet in: its sync reports the failure."""
    terms = (await context.scope.plans.tax_plan()).terms
    limit = terms.lifetime_limit
    settings = context.services.settings
    services = HistoryServices(
        settings.esplora_urls, settings.etherscan_url, settings.etherscan_api_key, settings.solana_rpc_url
    )
    try:
        async with (
            asyncio.timeout_at(deadline),
            httpx.AsyncClient(timeout=HISTORY_WAIT_SECONDS) as client,
        ):
            size = await history_size(client, services, network, address, 1 if limit is None else limit + 1)
    except (ChainServiceError, TimeoutError):
        return
    if size == 0:
        raise _WalletRefused(WalletAddError.HAS_ZERO_TRANSACTIONS)
    if size is not None and limit is not None and size > limit:
        paid_text = None if terms.plan is TaxPlan.FREE else TOO_MANY_TRANSACTIONS_PAID
        raise _WalletRefused(WalletAddError.TOO_MANY_TRANSACTIONS, paid_text)


async def _link_wallet(
    context: Context, integration: Integration, address: str, name: str, *, count_by: float | None
) -> AccountRow:
    """`address` is one address, whose transactions are counted first (until `count_by`, a loop time),
    or extended keys (`count_by` None: not counted)."""
    linking = context.scope.linking
    if await linking.wallet_linked(integration.slug, address):
        raise _WalletRefused(WalletAddError.WALLET_ALREADY_LINKED)
    if count_by is not None:
        await _refuse_by_history(context, integration.crypto_network or "", address, count_by)
    account = await linking.create_linked(
        AccountKind.WALLET,
        integration,
        name or _default_name(integration, address),
        address=address,
        currency_symbol=integration.symbol,
    )
    linked = await start_syncing(context, account, new=True)
    if linked is None:
        raise _WalletRefused(WalletAddError.UNKNOWN_ERROR)
    return linked


def _valid_address(address: str, network: str) -> None:
    if not address:
        raise _WalletRefused(WalletAddError.WALLET_VALIDATION_ERROR, THIS_FIELD_REQUIRED)
    if network not in detected_crypto_networks(address):
        raise _WalletRefused(WalletAddError.WALLET_VALIDATION_ERROR)


def _valid_extended_key(key: str, network: str) -> None:
    utxo = UTXO_NETWORKS.get(network)
    if utxo is None:
        raise _WalletRefused(WalletAddError.INVALID_CRYPTO_CURRENCY)
    try:
        ExtendedKey(key, utxo)
    except InvalidExtendedKey:
        raise _WalletRefused(WalletAddError.WALLET_VALIDATION_ERROR) from None


async def _ens_address(context: Context, name: str) -> str:
    """The address an ENS name resolves to now; the wallet is that address (a name can later point
    elsewhere, and the same wallet must not be added once by name and once by address)."""
    rpc_url = context.services.settings.evm_rpc_urls.get(ENS_NETWORK)
    if rpc_url is None:
        raise _WalletRefused(WalletAddError.WALLET_VALIDATION_ERROR)
    try:
        async with httpx.AsyncClient(timeout=ENS_TIMEOUT_SECONDS) as client:
            resolved = await resolve_ens(client, rpc_url, name)
    except ChainServiceError:
        raise _WalletRefused(WalletAddError.UNKNOWN_ERROR) from None
    if resolved is None:
        raise _WalletRefused(WalletAddError.WALLET_VALIDATION_ERROR)
    return resolved


async def _add_public_address(info: CairnInfo, params: PublicAddressInput) -> AddPublicAddressResult:
    context = info.context
    integration = await _wallet_integration(context, params.slug, params.crypto_network)
    typed = params.wallet_address.strip()
    _valid_address(typed, integration.crypto_network or "")
    address = await _ens_address(context, typed) if is_ens_name(typed) else typed
    name = params.wallet_name.strip() or _default_name(integration, typed)
    deadline = _count_deadline()
    account = await _link_wallet(context, integration, address, name, count_by=deadline)
    result = AddPublicAddressResult(success=True, message=WALLET_ADDED, created_wallet=Account.of(account))
    failed: list[str] = []
    for network in dict.fromkeys(network_slug(n) for n in params.crypto_networks_to_add or ()):
        if network == integration.crypto_network:
            continue
        try:
            other = await _network_integration(context, network)
            _valid_address(address, network)
            await _link_wallet(context, other, address, "", count_by=deadline)
        except _WalletRefused:
            failed.append(network)
    if failed:
        result.multi_add_warning = f"These networks were not added: {', '.join(failed)}."
    return result


async def _network_integration(context: Context, network: str) -> Integration:
    """The blockchain integration of an EVM network the additional-wallets modal offers."""
    integration = await context.scope.linking.blockchain_of_network(network)
    if integration is None:
        raise _WalletRefused(WalletAddError.INVALID_CRYPTO_CURRENCY)
    return integration


async def _add_xpub(info: CairnInfo, params: PublicXpubInput) -> AddPublicXpubResult:
    context = info.context
    integration = await _wallet_integration(context, params.account_type_slug, params.crypto_network)
    key = params.xpub_key.strip()
    if not key:
        raise _WalletRefused(WalletAddError.WALLET_VALIDATION_ERROR, THIS_FIELD_REQUIRED)
    _valid_extended_key(key, integration.crypto_network or "")
    account = await _link_wallet(context, integration, key, "", count_by=None)
    return AddPublicXpubResult(success=True, created_wallet=Account.of(account))


async def _add_two_xpub(info: CairnInfo, params: TwoXpubInput) -> AddTwoXpubResult:
    context = info.context
    receive, change = params.receive_address_xpub.strip(), params.change_address_xpub.strip()
    problem = two_key_problem(receive, change)
    if problem is not None:
        code = (
            WalletAddError.RECEIVE_CHANGE_XPUB_SAME
            if receive == change and receive
            else WalletAddError.WALLET_VALIDATION_ERROR
        )
        raise _WalletRefused(code, problem)
    integration = await _wallet_integration(context, params.account_type_slug, params.crypto_network)
    for key in (receive, change):
        _valid_extended_key(key, integration.crypto_network or "")
    account = await _link_wallet(context, integration, f"{receive}\n{change}", "", count_by=None)
    return AddTwoXpubResult(success=True, message=WALLET_ADDED, created_wallet=Account.of(account))


async def _add_multi_address(info: CairnInfo, params: MultiAddressInput) -> AddMultiAddressResult:
    """Each key becomes a wallet of the integration, or a failure with its code; the job row keeps both and
    is final at once (each wallet's sync is its own workflow)."""
    context = info.context
    keys = (
        list(dict.fromkeys(re.split(r"[\s,;]+", params.public_keys.strip())))
        if params.public_keys.strip()
        else []
    )
    if not keys:
        raise _WalletRefused(WalletAddError.INVALID_PUBLIC_KEYS)
    if len(keys) > MAX_PUBLIC_KEYS:
        raise _WalletRefused(
            WalletAddError.INVALID_PUBLIC_KEYS, f"Add at most {MAX_PUBLIC_KEYS} public keys at once."
        )
    integration = await _blockchain(context, params.account_type_slug)
    network = integration.crypto_network or ""
    created: list[int] = []
    failed: list[dict[str, str]] = []
    deadline = _count_deadline()
    for key in keys:
        try:
            if network in UTXO_NETWORKS and network not in detected_crypto_networks(key):
                _valid_extended_key(key, network)  # not an address of the chain: an xpub, or invalid
                count_by = None
            else:
                _valid_address(key, network)
                count_by = deadline
            created.append((await _link_wallet(context, integration, key, "", count_by=count_by)).id)
        except _WalletRefused as refused:
            failed.append({"publicKey": key, "error": refused.code.value, "errorMessage": refused.message})
    job_id = f"{MULTI_ADDRESS_JOB_PREFIX}{uuid.uuid4()}"
    await context.scope.linking.record_multi_address_job(job_id, {"created": created, "failed": failed})
    await context.session.commit()
    return AddMultiAddressResult(success=True, job_id=job_id)


async def _multi_address_job(info: CairnInfo, job_id: str) -> MultiAddressImportJob:
    context = info.context
    job = await context.scope.jobs.job(job_id, JobKind.MULTI_ADDRESS_IMPORT)
    if job is None or job.result is None:
        code = MultiAddressImportError.UNKNOWN_JOB_ID
        return MultiAddressImportJob(
            job_id=job_id,
            is_status_final=True,
            success=False,
            error=code.value,
            error_message=wallet_error_message(WalletAddError.UNKNOWN_ERROR),
            success_message=None,
            warning_message=None,
            created_wallets=[],
            failed_public_keys=[],
        )
    created_ids: list[int] = list(job.result.get("created", []))
    failures = [
        MultiAddressFailure(public_key=f["publicKey"], error=f["error"], error_message=f["errorMessage"])
        for f in job.result.get("failed", [])
    ]
    rows = [row for row in [await context.scope.accounts.account(i) for i in created_ids] if row is not None]
    if not created_ids:
        error: MultiAddressImportError | None = MultiAddressImportError.FAILED_TO_IMPORT_ALL_ADDRESSES
    else:
        error = MultiAddressImportError.FAILED_TO_IMPORT_SOME_ADDRESSES if failures else None
    total = len(failures) + len(created_ids)
    return MultiAddressImportJob(
        job_id=job_id,
        is_status_final=job.is_final,
        success=bool(created_ids),
        error=None if error is None else error.value,
        error_message=None if created_ids else "None of these addresses could be added.",
        success_message=f"Added {len(created_ids)} wallet(s)." if created_ids else None,
        warning_message=f"{len(failures)} of {total} addresses could not be added."
        if created_ids and failures
        else None,
        created_wallets=[Account.of(row) for row in rows],
        failed_public_keys=failures,
    )


# Actions on linked accounts


async def _rename(info: CairnInfo, id: strawberry.ID, name: str, kind: AccountKind) -> MutationResult:
    name = name.strip()
    if not name:
        return MutationResult.failed(AccountError.INVALID_ACCOUNT, FIELD_REQUIRED)
    account_id = account_id_of(id)
    renamed = (
        None
        if account_id is None
        else await info.context.scope.accounts.rename_account(account_id, kind, name)
    )
    if renamed is None:
        return MutationResult.failed(AccountError.ACCOUNT_NOT_FOUND)
    await info.context.session.commit()
    return MutationResult.ok()


async def _delete(info: CairnInfo, id: strawberry.ID, kind: AccountKind) -> MutationResult:
    context = info.context
    accounts = context.scope.accounts
    account_id = account_id_of(id)
    if account_id is not None and await context.scope.freezing.holds_frozen(account_id):
        return frozen_period_refusal()
    marked = None if account_id is None else await accounts.mark_account_for_deletion(account_id, kind)
    if marked is None:
        return MutationResult.failed(AccountError.ACCOUNT_NOT_FOUND)
    marked_id = marked.id
    started = await start_work(
        context,
        deletion(marked_id, context.user.id),
        undo=lambda: accounts.mark_account_for_deletion(marked_id, kind, marked=False),
    )
    if not started.ok:
        return MutationResult.failed(AccountError.GENERIC_ERROR)
    with contextlib.suppress(RPCError):  # a schedule left behind finds no account and starts nothing
        await delete_sync_schedule(await context.services.temporal(), marked_id)
    return MutationResult.ok()


async def _sync(context: Context, account: AccountRow) -> bool:
    account.is_syncing = True
    account_id = account.id

    async def stop() -> None:
        await context.scope.linking.stop_syncing(account_id)

    started = await start_work(context, account_sync(account_id, context.user.id), undo=stop)
    if started.ok:
        await _ensure_schedule(context, account_id)
    return started.ok


async def _sync_one(info: CairnInfo, id: strawberry.ID, kind: AccountKind) -> MutationResult:
    account_id = account_id_of(id)
    account = (
        None if account_id is None else await info.context.scope.linking.linked_account(account_id, kind)
    )
    if account is None:
        return MutationResult.failed(AccountError.ACCOUNT_NOT_FOUND)
    if fed_by_files(account):  # nothing to sync until its API is linked (updateExchangeWith…)
        return MutationResult.failed(AccountError.INVALID_ACCOUNT)
    return (
        MutationResult.ok()
        if await _sync(info.context, account)
        else MutationResult.failed(AccountError.GENERIC_ERROR)
    )


@strawberry.type
class LinkingQuery:
    @strawberry.field
    async def multi_address_import_job_status(
        self, info: CairnInfo, job_id: Annotated[str, max_length(MAX_SLUG_CHARS)]
    ) -> MultiAddressImportJob:
        return await _multi_address_job(info, job_id)


@strawberry.type
class LinkingMutation:
    @strawberry.mutation
    async def add_exchange_with_api_key(
        self, info: CairnInfo, input: AddExchangeWithApiKeyInput
    ) -> AddExchangeResult:
        return await _add(info, input.account_type_slug, {"apiKey": input.api_key})

    @strawberry.mutation
    async def update_exchange_with_api_key(
        self, info: CairnInfo, input: UpdateExchangeWithApiKeyInput
    ) -> UpdateExchangeResult:
        return await _update(info, input.account_type_slug, {"apiKey": input.api_key}, input.public_id)

    @strawberry.mutation
    async def add_exchange_with_api_key_and_secret(
        self, info: CairnInfo, input: AddExchangeWithApiKeyAndSecretInput
    ) -> AddExchangeResult:
        return await _add(
            info, input.account_type_slug, {"apiKey": input.api_key, "apiSecret": input.api_secret}
        )

    @strawberry.mutation
    async def update_exchange_with_api_key_and_secret(
        self, info: CairnInfo, input: UpdateExchangeWithApiKeyAndSecretInput
    ) -> UpdateExchangeResult:
        given = {"apiKey": input.api_key, "apiSecret": input.api_secret}
        return await _update(info, input.account_type_slug, given, input.public_id)

    @strawberry.mutation
    async def add_exchange_with_customer_id(
        self, info: CairnInfo, input: AddExchangeWithCustomerIdInput
    ) -> AddExchangeResult:
        given = {"customerId": input.customer_id, "apiKey": input.api_key, "apiSecret": input.api_secret}
        return await _add(info, input.account_type_slug, given)

    @strawberry.mutation
    async def update_exchange_with_customer_id(
        self, info: CairnInfo, input: UpdateExchangeWithCustomerIdInput
    ) -> UpdateExchangeResult:
        given = {"customerId": input.customer_id, "apiKey": input.api_key, "apiSecret": input.api_secret}
        return await _update(info, input.account_type_slug, given, input.public_id)

    @strawberry.mutation
    async def add_exchange_with_passphrase(
        self, info: CairnInfo, add_exchange_input: AddExchangeInput
    ) -> AddExchangeResult:
        given = {
            "apiKey": add_exchange_input.api_key,
            "apiSecret": add_exchange_input.api_secret,
            "passphrase": add_exchange_input.passphrase,
        }
        return await _add(info, add_exchange_input.account_type_slug, given)

    @strawberry.mutation
    async def update_exchange_with_passphrase(
        self, info: CairnInfo, update_exchange_input: UpdateExchangeInput
    ) -> UpdateExchangeResult:
        given = {
            "apiKey": update_exchange_input.api_key,
            "apiSecret": update_exchange_input.api_secret,
            "passphrase": update_exchange_input.passphrase,
        }
        return await _update(
            info, update_exchange_input.account_type_slug, given, update_exchange_input.public_id
        )

    @strawberry.mutation
    async def add_public_address(
        self, info: CairnInfo, public_address_input: PublicAddressInput
    ) -> AddPublicAddressResult:
        try:
            return await _add_public_address(info, public_address_input)
        except _WalletRefused as refused:
            return AddPublicAddressResult(
                success=False, error=refused.code.value, error_message=refused.message
            )

    @strawberry.mutation
    async def add_public_xpub(
        self, info: CairnInfo, public_xpub_input: PublicXpubInput
    ) -> AddPublicXpubResult:
        try:
            return await _add_xpub(info, public_xpub_input)
        except _WalletRefused as refused:
            return AddPublicXpubResult(success=False, error=refused.code.value, error_message=refused.message)

    @strawberry.mutation
    async def add_two_xpub(self, info: CairnInfo, two_xpub_input: TwoXpubInput) -> AddTwoXpubResult:
        try:
            return await _add_two_xpub(info, two_xpub_input)
        except _WalletRefused as refused:
            return AddTwoXpubResult(success=False, error=refused.code.value, message=refused.message)

    @strawberry.mutation
    async def add_multi_address(
        self, info: CairnInfo, multi_address_input: MultiAddressInput
    ) -> AddMultiAddressResult:
        try:
            return await _add_multi_address(info, multi_address_input)
        except _WalletRefused as refused:
            return AddMultiAddressResult(
                success=False, error=refused.code.value, error_message=refused.message
            )

    @strawberry.mutation
    async def rename_exchange(
        self, info: CairnInfo, id: strawberry.ID, name: Annotated[str, max_length(MAX_NAME_CHARS)]
    ) -> MutationResult:
        return await _rename(info, id, name, AccountKind.EXCHANGE)

    @strawberry.mutation
    async def rename_wallet(
        self, info: CairnInfo, id: strawberry.ID, name: Annotated[str, max_length(MAX_NAME_CHARS)]
    ) -> MutationResult:
        return await _rename(info, id, name, AccountKind.WALLET)

    @strawberry.mutation
    async def delete_exchange(self, info: CairnInfo, id: strawberry.ID) -> MutationResult:
        return await _delete(info, id, AccountKind.EXCHANGE)

    @strawberry.mutation
    async def delete_wallet(self, info: CairnInfo, id: strawberry.ID) -> MutationResult:
        return await _delete(info, id, AccountKind.WALLET)

    @strawberry.mutation
    async def sync_exchange(self, info: CairnInfo, id: strawberry.ID) -> MutationResult:
        return await _sync_one(info, id, AccountKind.EXCHANGE)

    @strawberry.mutation
    async def sync_wallet(self, info: CairnInfo, id: strawberry.ID) -> MutationResult:
        return await _sync_one(info, id, AccountKind.WALLET)

    @strawberry.mutation(description="Sync every exchange and wallet of the user now.")
    async def resync_all(self, info: CairnInfo) -> MutationResult:
        for account in await info.context.scope.linking.linked_accounts():
            if not await _sync(info.context, account):
                return MutationResult.failed(AccountError.GENERIC_ERROR)
        return MutationResult.ok()

    @strawberry.mutation(description="Mark a wallet or exchange as mining (not a custom wallet).")
    async def set_mining_status(self, info: CairnInfo, id: strawberry.ID, is_mining: bool) -> MutationResult:
        account_id = account_id_of(id)
        linking = info.context.scope.linking
        account = None if account_id is None else await linking.linked_account(account_id)
        if account is None:
            return MutationResult.failed(AccountError.ACCOUNT_NOT_FOUND)
        account.is_mining = is_mining
        await info.context.session.commit()
        return MutationResult.ok()
