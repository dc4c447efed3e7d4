"""Bringing a database up to date (migrations, catalogue, assets, prices) and adding the demo user."""

from __future__ import annotations

import gzip
import time
from typing import Any

import httpx

from ingest.catalogue import load_integrations
from ledger.db import sync_engine, sync_sessions
from ledger.migrate import upgrade_to_head
from ledger.seed import seed_integrations, seed_reference_data
from ledger.settings import Settings
from stack.demo import DEMO_EMAIL, DEMO_PASSWORD, demo_history, load_prices

PRESIGN = """mutation presignFileUpload($filename: String!) {
  presignFileUpload(filename: $filename) {
    success error result { postUrl fileUrl uploadInfoFields { key value } }
  }
}"""
CREATE_WALLET = """mutation createCustomWallet($input: CustomWalletInput!) {
  createCustomWallet(customWalletInput: $input) { success jobId error }
}"""
JOB_STATUS = """query csvImportJobStatus($jobId: String!) {
  csvImportJobStatus(jobId: $jobId) { isStatusFinal success errorMessage numberImported numberTotal }
}"""
CUSTOM_WALLETS = "query customWallets { customWallets(page: 1, limit: 50) { items { name } } }"


def prepare_database(settings: Settings) -> None:
    """Migrations and reference data; every step is idempotent, so this runs at every start."""
    upgrade_to_head(settings.db_url)
    engine = sync_engine(settings.db_url)
    try:
        with sync_sessions(engine)() as session, session.begin():
            seed_integrations(session, [entry.to_json() for entry in load_integrations()])
            seed_reference_data(session)
    finally:
        engine.dispose()


def add_demo_user(settings: Settings) -> None:
    """Signs the demo user up and imports its wallets through the running API, as a browser would."""
    with httpx.Client(base_url=settings.origin, timeout=60) as api:
        if api.post("/auth/signup", json={"email": DEMO_EMAIL, "password": DEMO_PASSWORD}).status_code == 409:
            api.post("/auth/login", json={"email": DEMO_EMAIL, "password": DEMO_PASSWORD}).raise_for_status()
        existing = {item["name"] for item in _graphql(api, CUSTOM_WALLETS, {})["customWallets"]["items"]}
        for wallet in demo_history(load_prices()):
            if wallet.name in existing:
                continue
            filename = f"{wallet.name.lower().replace(' ', '-')}.csv"
            presigned = _graphql(api, PRESIGN, {"filename": filename})["presignFileUpload"]["result"]
            fields = {field["key"]: field["value"] for field in presigned["uploadInfoFields"]}
            upload = httpx.post(
                presigned["postUrl"],
                data=fields,
                files={"file": (filename, gzip.compress(wallet.csv_bytes()))},
                timeout=60,
            )
            upload.raise_for_status()
            created = _graphql(
                api,
                CREATE_WALLET,
                {
                    "input": {
                        "walletName": wallet.name,
                        "csvUrl": presigned["fileUrl"],
                        "accountTypeSlug": "csv file import",
                    }
                },
            )
            job_id = created["createCustomWallet"]["jobId"]
            _wait_for_import(api, job_id, wallet.name)


def _wait_for_import(api: httpx.Client, job_id: str, name: str) -> None:
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        job = _graphql(api, JOB_STATUS, {"jobId": job_id})["csvImportJobStatus"]
        if job["isStatusFinal"]:
            if not job["success"]:
                raise RuntimeError(f"The demo wallet {name} did not import: {job['errorMessage']}")
            print(f"  demo: {name}: imported {job['numberImported']} of {job['numberTotal']} transactions")
            return
        time.sleep(0.5)
    raise RuntimeError(f"The demo wallet {name} did not finish importing within 5 minutes.")


def _graphql(api: httpx.Client, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    response = api.post("/graphql", json={"query": query, "variables": variables})
    response.raise_for_status()
    body = response.json()
    if body.get("errors"):
        raise RuntimeError(f"GraphQL error: {body['errors']}")
    data: dict[str, Any] = body["data"]
    return data
