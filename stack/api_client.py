"""A client of Cairn's own HTTP API that takes the browser's path: sign in, presign, upload to S3
(gzip-compressed), validate (polling the check), create the custom wallet, poll the import job; link an
exchange by its API key or add a wallet by its xpub or address, and poll the account until its sync ends.
The demo seed and the import benchmark use it, so both exercise the product exactly as a user does."""

from __future__ import annotations

import gzip
import time
from collections.abc import Callable
from typing import Any

import httpx

PRESIGN = """mutation presignFileUpload($filename: String!) {
  presignFileUpload(filename: $filename) {
    success error result { postUrl fileUrl uploadInfoFields { key value } }
  }
}"""
VALIDATE = """query csvValidation($url: String!, $slug: String!) {
  csvValidation(csvFileUrl: $url, isGeneric: true, accountTypeSlug: $slug) {
    jobId isStatusFinal csvValidationErrors format numberTotal numberIgnored
  }
}"""
VALIDATION_STATUS = """query csvValidationJobStatus($jobId: String!) {
  csvValidationJobStatus(jobId: $jobId) {
    jobId isStatusFinal csvValidationErrors format numberTotal numberIgnored
  }
}"""
CREATE_WALLET = """mutation createCustomWallet($input: CustomWalletInput!) {
  createCustomWallet(customWalletInput: $input) { success jobId error }
}"""
JOB_STATUS = """query csvImportJobStatus($jobId: String!) {
  csvImportJobStatus(jobId: $jobId) {
    isStatusFinal success errorMessage progress numberImported numberTotal numberIgnored numberSkipped
  }
}"""
CUSTOM_WALLETS = "query customWallets { customWallets(page: 1, limit: 50) { items { id name } } }"
ADD_EXCHANGE = """mutation addExchangeWithApiKeyAndSecret($input: AddExchangeWithApiKeyAndSecretInput!) {
  addExchangeWithApiKeyAndSecret(input: $input) { success errorMessage createdExchange { id } }
}"""
ADD_XPUB = """mutation addPublicXpub($publicXpubInput: PublicXpubInput!) {
  addPublicXpub(publicXpubInput: $publicXpubInput) { success errorMessage createdWallet { id } }
}"""
ADD_ADDRESS = """mutation addPublicAddress($publicAddressInput: PublicAddressInput!) {
  addPublicAddress(publicAddressInput: $publicAddressInput) { success errorMessage createdWallet { id } }
}"""
LINKED_ACCOUNTS = """query transactionAccounts {
  wallets(page: 1, limit: 200) { items { slug } } exchanges(page: 1, limit: 200) { items { slug } }
}"""
ACCOUNT = """query account($id: ID!) {
  account(id: $id) { id name computedTransactionCount errors syncInfo { isSyncing lastSynced } }
}"""
CSV_SLUG = "csv file import"


class ApiError(RuntimeError):
    pass


class CairnApi:
    def __init__(self, origin: str, timeout: float = 120) -> None:
        self.http = httpx.Client(base_url=origin, timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def sign_in(self, email: str, password: str) -> None:
        """Signs up, or signs in when the account exists."""
        credentials = {"email": email, "password": password}
        if self.http.post("/auth/signup", json=credentials).status_code == 409:
            self.http.post("/auth/login", json=credentials).raise_for_status()

    def graphql(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        response = self.http.post("/graphql", json={"query": query, "variables": variables or {}})
        response.raise_for_status()
        body = response.json()
        if body.get("errors"):
            raise ApiError(f"GraphQL error: {body['errors']}")
        data: dict[str, Any] = body["data"]
        return data

    def upload(self, filename: str, content: bytes) -> str:
        """Presigns, POSTs the gzip-compressed file straight to S3, and returns its file URL."""
        answer = self.graphql(PRESIGN, {"filename": filename})["presignFileUpload"]
        if not answer["success"]:
            raise ApiError(f"Failed to presign: {answer['error']}")
        presigned = answer["result"]
        fields = {field["key"]: field["value"] for field in presigned["uploadInfoFields"]}
        posted = httpx.post(
            presigned["postUrl"],
            data=fields,
            files={"file": (filename, gzip.compress(content, 6))},
            timeout=300,
        )
        if posted.status_code not in (200, 204):
            raise ApiError(f"Failed to upload: {posted.status_code} {posted.text[:200]}")
        url: str = presigned["fileUrl"]
        return url

    def validate(self, file_url: str, timeout: float = 600) -> dict[str, Any]:
        """Starts the worker's check of the file and polls it until it is final; answers the check."""
        check: dict[str, Any] = self.graphql(VALIDATE, {"url": file_url, "slug": CSV_SLUG})["csvValidation"]
        deadline = time.monotonic() + timeout
        while not check["isStatusFinal"]:
            if time.monotonic() > deadline:
                raise ApiError(f"The check of {file_url} did not finish within {timeout:.0f} s.")
            time.sleep(0.2)
            check = self.graphql(VALIDATION_STATUS, {"jobId": check["jobId"]})["csvValidationJobStatus"]
        return check

    def create_custom_wallet(self, name: str, file_url: str) -> str:
        created = self.graphql(
            CREATE_WALLET, {"input": {"walletName": name, "csvUrl": file_url, "accountTypeSlug": CSV_SLUG}}
        )["createCustomWallet"]
        if not created["success"]:
            raise ApiError(f"The wallet was not created: {created['error']}")
        job_id: str = created["jobId"]
        return job_id

    def wait_for_job(
        self, job_id: str, timeout: float = 600, on_poll: Callable[[dict[str, Any]], None] | None = None
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            job: dict[str, Any] = self.graphql(JOB_STATUS, {"jobId": job_id})["csvImportJobStatus"]
            if on_poll is not None:
                on_poll(job)
            if job["isStatusFinal"]:
                return job
            time.sleep(0.5)
        raise ApiError(f"The import job {job_id} did not finish within {timeout:.0f} s.")

    def custom_wallet_names(self) -> set[str]:
        return {item["name"] for item in self.graphql(CUSTOM_WALLETS)["customWallets"]["items"]}

    def linked_slugs(self) -> set[str]:
        """The integrations of the user's linked exchanges and blockchain wallets."""
        found = self.graphql(LINKED_ACCOUNTS)
        return {item["slug"] for kind in ("wallets", "exchanges") for item in found[kind]["items"]}

    def add_exchange(self, slug: str, api_key: str, api_secret: str) -> str:
        """Links the exchange by its API key and secret (the worker checks them first); its account id."""
        given = {"accountTypeSlug": slug, "apiKey": api_key, "apiSecret": api_secret}
        answer = self.graphql(ADD_EXCHANGE, {"input": given})["addExchangeWithApiKeyAndSecret"]
        return _created(answer, "createdExchange", slug)

    def add_xpub(self, slug: str, coin: str, network: str, xpub: str) -> str:
        given = {"accountTypeSlug": slug, "coinSymbol": coin, "cryptoNetwork": network, "xpubKey": xpub}
        answer = self.graphql(ADD_XPUB, {"publicXpubInput": given})["addPublicXpub"]
        return _created(answer, "createdWallet", xpub)

    def add_address(self, slug: str, coin: str, network: str, address: str) -> str:
        given = {"slug": slug, "coinSymbol": coin, "cryptoNetwork": network, "walletAddress": address}
        answer = self.graphql(ADD_ADDRESS, {"publicAddressInput": {**given, "walletName": ""}})
        return _created(answer["addPublicAddress"], "createdWallet", address)

    def wait_for_sync(self, account_id: str, timeout: float = 600) -> dict[str, Any]:
        """Polls the account until its sync has ended; answers the account."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            account: dict[str, Any] = self.graphql(ACCOUNT, {"id": account_id})["account"]
            if account["syncInfo"]["lastSynced"] and not account["syncInfo"]["isSyncing"]:
                return account
            time.sleep(0.5)
        raise ApiError(f"The sync of account {account_id} did not end within {timeout:.0f} s.")


def _created(answer: dict[str, Any], field: str, what: str) -> str:
    if not answer["success"]:
        raise ApiError(f"{what} was not added: {answer['errorMessage']}")
    account_id: str = answer[field]["id"]
    return account_id
