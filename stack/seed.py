"""Bringing a database up to date (migrations, catalogue, assets, prices) and adding the demo user."""

from __future__ import annotations

from ingest.catalogue import load_integrations
from ingest.files.registry import integration_import_types
from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.migrate import upgrade_to_head
from ledger.infra.settings import Settings
from ledger.reference.seed import seed_integrations, seed_reference_data
from stack.api_client import ApiError, CairnApi
from stack.demo import (
    DEMO_ADMIN_EMAIL,
    DEMO_ADMIN_PASSWORD,
    DEMO_BROKER_EMAIL,
    DEMO_BROKER_PASSWORD,
    DEMO_EMAIL,
    DEMO_ETH_ADDRESS,
    DEMO_KRAKEN_KEY,
    DEMO_KRAKEN_SECRET,
    DEMO_PASSWORD,
    DEMO_ZPUB,
    demo_history,
    load_prices,
)
from stack.staff import grant_plan, make_admin, make_broker
from vocabulary.broker import DEMO_BROKER_ID
from vocabulary.plans import TaxPlan

RESET_DEMO_USER = """mutation resetDemoUser($brokerId: String!) {
  resetDemoUser(input: { brokerId: $brokerId }) { success errorMessage }
}"""


def prepare_database(settings: Settings) -> None:
    """Migrations and reference data; every step is idempotent, so this runs at every start."""
    upgrade_to_head(settings.db_url)
    engine = sync_engine(settings.db_url)
    try:
        with sync_sessions(engine)() as session, session.begin():
            entries = [entry.to_json() for entry in load_integrations()]
            seed_integrations(session, entries, integration_import_types())
            seed_reference_data(session)
    finally:
        engine.dispose()


def add_demo_user(settings: Settings) -> None:
    """Signs the demo user up, imports its wallets' files and links its accounts through the running API,
    as a browser would; signs the demo admin up and grants it the role; adds the demo broker."""
    admin = CairnApi(settings.origin)
    try:
        admin.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
    finally:
        admin.close()
    make_admin(settings, DEMO_ADMIN_EMAIL)
    api = CairnApi(settings.origin)
    try:
        api.sign_in(DEMO_EMAIL, DEMO_PASSWORD)
        existing = api.custom_wallet_names()
        for wallet in demo_history(load_prices()):
            if wallet.name in existing:
                continue
            file_url = api.upload(f"{wallet.name.lower().replace(' ', '-')}.csv", wallet.csv_bytes())
            api.validate(file_url)  # the browser checks every file before it creates the wallet
            job = api.wait_for_job(api.create_custom_wallet(wallet.name, file_url))
            if not job["success"]:
                raise ApiError(f"The demo wallet {wallet.name} did not import: {job['errorMessage']}")
            imported, total = job["numberImported"], job["numberTotal"]
            print(f"  demo: {wallet.name}: imported {imported} of {total} transactions")
        grant_plan(settings, DEMO_EMAIL, TaxPlan.ULTRA)  # the demo shows every report
        link_demo_accounts(api)
    finally:
        api.close()
    add_demo_broker(settings)


def link_demo_accounts(api: CairnApi) -> None:
    """Links the signed-in user's Kraken account by its API key and adds its Bitcoin zpub and Ethereum
    address, as the Add-your-wallets modal does, unless linked already; waits for their first syncs,
    which reach the demo's fakes (stack/demo_fakes.py)."""
    linked = api.linked_slugs()
    adding = {
        "kraken": lambda: api.add_exchange("kraken", DEMO_KRAKEN_KEY, DEMO_KRAKEN_SECRET),
        "bitcoin": lambda: api.add_xpub("bitcoin", "BTC", "Bitcoin", DEMO_ZPUB),
        "ethereum": lambda: api.add_address("ethereum", "ETH", "Ethereum", DEMO_ETH_ADDRESS),
    }
    added = [add() for slug, add in adding.items() if slug not in linked]
    for account_id in added:
        account = api.wait_for_sync(account_id)
        if account["errors"]:
            raise ApiError(f"The demo account {account['name']} did not sync: {account['errors'][0]}")
        print(f"  demo: {account['name']}: synced {account['computedTransactionCount']} transactions")


def add_demo_broker(settings: Settings) -> None:
    """Signs the demo broker up, turns on broker mode with the demo user connected, and resets its demo
    account as the broker's menu does."""
    api = CairnApi(settings.origin)
    try:
        api.sign_in(DEMO_BROKER_EMAIL, DEMO_BROKER_PASSWORD)
        make_broker(settings, DEMO_BROKER_EMAIL, [DEMO_EMAIL])
        reset = api.graphql(RESET_DEMO_USER, {"brokerId": DEMO_BROKER_ID})["resetDemoUser"]
        if not reset["success"]:
            raise ApiError(f"The demo broker's account did not reset: {reset['errorMessage']}")
    finally:
        api.close()
