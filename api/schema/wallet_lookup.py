"""The public wallet check (spec 001 §1, §2 /wallet and /wallet/{nameOrSymbol}, §7 "public wallet
balance by address and coin symbol"): an address and a coin give the address's balance, asked once of
the chain's explorer or node. One balance call needs no workflow; each client address may ask
WALLET_LOOKUPS_PER_ADDRESS times in a window, counted across API processes."""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Annotated

import httpx
import strawberry
from graphql import GraphQLError

from api.auth import too_many_attempts
from api.limits import MAX_ADDRESS_CHARS, MAX_SLUG_CHARS, WALLET_LOOKUPS_PER_ADDRESS
from api.public_context import PublicInfo
from api.string_bounds import max_length
from ingest.addresses import detected_crypto_networks
from ingest.chains.address_balance import LOOKUP_COINS, ChainEndpoints, address_balance, endpoint_of
from ingest.chains.http import ChainServiceError
from ledger.infra.settings import Settings
from ledger.scope.throttle import attempt_key, take_attempt

LOOKUP_TIMEOUT_SECONDS = 10.0
INVALID_ADDRESS = "invalid_address"
UNSUPPORTED_COIN = "unsupported_coin"
EXPLORER_FAILED = "explorer_failed"


@strawberry.type
class WalletLookupCoin:
    symbol: str
    name: str
    network: str = strawberry.field(description="The integration slug of the coin's blockchain.")


@strawberry.type
class PublicWalletBalance:
    success: bool
    address: str
    coin: str
    balance: Decimal | None = strawberry.field(default=None, description="Confirmed, in coins.")
    value_usd: Decimal | None = strawberry.field(default=None, description="At the coin's latest close.")
    error: str | None = None
    error_message: str | None = None


def _endpoints(settings: Settings) -> ChainEndpoints:
    return ChainEndpoints(settings.esplora_urls, settings.evm_rpc_urls, settings.solana_rpc_url)


def _failed(address: str, coin: str, error: str, message: str) -> PublicWalletBalance:
    return PublicWalletBalance(success=False, address=address, coin=coin, error=error, error_message=message)


async def _throttle(info: PublicInfo) -> None:
    key = attempt_key("wallet-lookup", "address", info.context.client_address)
    wait = await take_attempt(info.context.session, key, WALLET_LOOKUPS_PER_ADDRESS)
    if wait is not None:
        raise GraphQLError(too_many_attempts(max(1, math.ceil(wait.total_seconds()))))


@strawberry.type
class WalletLookupQuery:
    @strawberry.field(description="The coins the wallet check can look up, with a service configured.")
    async def wallet_lookup_coins(self, info: PublicInfo) -> list[WalletLookupCoin]:
        endpoints = _endpoints(info.context.services.settings)
        names = {coin.symbol: coin.name for coin in await info.context.prices.coins()}
        return [
            WalletLookupCoin(
                symbol=coin.symbol, name=names.get(coin.symbol, coin.symbol), network=coin.network
            )
            for coin in LOOKUP_COINS.values()
            if endpoint_of(coin, endpoints)
        ]

    @strawberry.field(description="An address's balance of a coin, asked of the chain.")
    async def public_wallet_balance(
        self,
        info: PublicInfo,
        address: Annotated[str, max_length(MAX_ADDRESS_CHARS)],
        coin: Annotated[str, max_length(MAX_SLUG_CHARS)],
    ) -> PublicWalletBalance:
        address, symbol = address.strip(), coin.strip().upper()
        found = LOOKUP_COINS.get(symbol)
        url = endpoint_of(found, _endpoints(info.context.services.settings)) if found else None
        if found is None or url is None:
            return _failed(address, symbol, UNSUPPORTED_COIN, f"The wallet check does not look up {symbol}.")
        if found.network not in detected_crypto_networks(address):
            return _failed(address, symbol, INVALID_ADDRESS, f"This is not a {symbol} address.")
        await _throttle(info)
        try:
            async with httpx.AsyncClient(timeout=LOOKUP_TIMEOUT_SECONDS) as client:
                balance = await address_balance(client, found, url, address)
        except ChainServiceError:
            return _failed(
                address, symbol, EXPLORER_FAILED, "The blockchain explorer did not answer. Try again later."
            )
        quotes = await info.context.prices.quotes(
            [known for known in await info.context.prices.coins() if known.symbol == symbol]
        )
        value = balance * quotes[0].price if quotes else None
        return PublicWalletBalance(
            success=True, address=address, coin=symbol, balance=balance, value_usd=value
        )
