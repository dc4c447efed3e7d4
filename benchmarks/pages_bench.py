"""The pages of a user with 1,000,000 transactions, read through the real API as the browser reads them:
each page's GraphQL operations (the frontend's own documents) sent 100 times with a signed-in session,
the p95 of the time each took; then one edit to a transaction's cost basis, timed until the page shows
the new result.

The user's ledger goes through the import path (two custom wallets of generic CSVs, upload → check →
import → transfer matching → cost-basis run) once, into benchmarks/out/pages-<rows>/; a later run reuses
that database. The time is the request's round trip on this machine's loopback, an upper bound of the
server's time.

    python benchmarks/pages_bench.py [--rows 1000000] [--requests 100]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from graphql import (
    DocumentNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    Node,
    OperationDefinitionNode,
    parse,
    print_ast,
)
from import_bench import generic_csv
from playwright.sync_api import sync_playwright
from product import MiB, import_wallet, running_product

from stack.api_client import ApiError, CairnApi

ROOT = Path(__file__).resolve().parent
FEATURES = ROOT.parent / "frontend" / "src" / "features"
EMAIL, PASSWORD = "pages-bench@cairn.local", "pages-bench-password"
WALLET_SHARES = (("Exchange", 0.8, 7), ("Cold storage", 0.2, 11))  # name, share of the rows, CSV seed
TAX_YEAR = 2019  # inside the generated history (2018 on, 90 s apart)
EDIT_DEADLINE = 600.0  # the target is 30 s; a slower run is still timed
PAGE_FEATURES = ("transactions", "tax", "lots", "portfolio", "status")
PAGE_BUDGET = 60.0  # seconds of requests per page; a slower page is sampled fewer times (at least 5)
BROWSER_LOADS = 5
INTERACTIVE_SECONDS = 2.0
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]


def operations(names: tuple[str, ...] = PAGE_FEATURES) -> dict[str, str]:
    """Each operation of the features' pages, with the fragments it spreads (the features' own or the
    shared ones of src/lib), as the frontend sends it."""
    paths = [path for name in names for path in sorted((FEATURES / name / "api").glob("*.graphql"))]
    paths += sorted((FEATURES.parent / "lib").rglob("*.graphql"))
    definitions = [d for path in paths for d in parse(path.read_text()).definitions]
    fragments = {d.name.value: d for d in definitions if isinstance(d, FragmentDefinitionNode)}

    def spread(node: Node, found: dict[str, FragmentDefinitionNode]) -> None:
        for key in node.keys:
            value = getattr(node, key, None)
            for child in value if isinstance(value, tuple | list) else [value]:
                if isinstance(child, FragmentSpreadNode) and child.name.value not in found:
                    found[child.name.value] = fragments[child.name.value]
                    spread(fragments[child.name.value], found)
                elif isinstance(child, Node):
                    spread(child, found)

    documents = {}
    for definition in definitions:
        if isinstance(definition, OperationDefinitionNode) and definition.name is not None:
            used: dict[str, FragmentDefinitionNode] = {}
            spread(definition, used)
            documents[definition.name.value] = print_ast(
                DocumentNode(definitions=(definition, *used.values()))
            )
    return documents


class Pages:
    """The API as the pages call it: an operation of the frontend's documents by its name."""

    def __init__(self, api: CairnApi, features: tuple[str, ...] = PAGE_FEATURES) -> None:
        self.api = api
        self.documents = operations(features)

    def call(self, operation: str, variables: dict[str, Any] | None = None) -> tuple[float, dict[str, Any]]:
        """The operation's data and the seconds its request took."""
        started = time.perf_counter()
        response = self.api.http.post(
            "/graphql", json={"query": self.documents[operation], "variables": variables or {}}
        )
        elapsed = time.perf_counter() - started
        response.raise_for_status()
        body = response.json()
        if body.get("errors"):
            raise ApiError(f"{operation}: {body['errors']}")
        return elapsed, body["data"]

    def status(self) -> dict[str, Any]:
        status: dict[str, Any] = self.call("GetCostBasisStatus")[1]["costBasisStatus"]
        return status


@dataclass(frozen=True)
class Page:
    label: str
    target_ms: float | None  # None: shown, not judged (a transactions page's total, asked beside it)
    operations: list[tuple[str, dict[str, Any]]]  # what the page sends on opening, one after the other


def build_dataset(api: CairnApi, pages: Pages, rows: int) -> None:
    for name, share, seed in WALLET_SHARES:
        count = round(rows * share)
        started = time.perf_counter()
        job = import_wallet(api, name, generic_csv(count, seed), timeout=1800)
        if not job["success"]:
            raise ApiError(f"{name}: the import failed: {job['errorMessage']}")
        print(f"pages: imported {name}: {count:,} rows in {time.perf_counter() - started:.1f} s", flush=True)
    started = time.perf_counter()
    wait_for_run(pages, None, 1800)
    print(f"pages: the cost-basis run after the imports ended {time.perf_counter() - started:.1f} s later")


def wait_for_run(pages: Pages, previous_end: str | None, timeout: float) -> None:
    """Until a cost-basis run has ended after `previous_end` and none is queued or running."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = pages.status()
        end = status["costBasisComputeEndTime"]
        idle = not status["isCostBasisRunning"] and status["costBasisStatus"]["state"] in (None, "Failed")
        if idle and end is not None and end != previous_end:
            if status["costBasisStatus"]["state"] == "Failed":
                raise ApiError("The cost-basis run failed")
            return
        time.sleep(0.5)
    raise ApiError(f"No cost-basis run ended within {timeout:.0f} s")


def measured_pages(pages: Pages) -> list[Page]:
    wallets = pages.api.graphql("query { customWallets(page: 1, limit: 50) { items { id name } } }")
    wallet_ids = {item["name"]: item["id"] for item in wallets["customWallets"]["items"]}
    btc = pages.call("transactionAssets", {"query": "BTC"})[1]["currencySearch"][0]["id"]

    def transactions(label: str, query: str) -> list[Page]:
        """The page's rows, and its total, which the browser asks beside them (the pager waits for it,
        the rows do not)."""
        rows = [("transactionsPage", {"page": 1, "limit": 50, "query": query, "after": None})]
        return [
            Page(f"transactions {label}", 150, rows),
            Page("  its total (asked beside)", None, [("transactionCount", {"query": query})]),
        ]

    filters = [
        ("", "first page"),
        ("has:review", "has:review"),
        (f"wallet:{wallet_ids['Cold storage']}", "wallet:{id} (20% of rows)"),
        ("is:uncategorized", "is:uncategorized (none match)"),
        (f"asset_id:{btc}", "asset_id: BTC"),
        ("callout:MISSING_PRICE_HISTORY", "callout:MISSING_PRICE_HISTORY"),
        ("callout:INSUFFICIENT_QUANTITY", "callout:INSUFFICIENT_QUANTITY"),
        (f"tax_year:{TAX_YEAR}", f"tax_year:{TAX_YEAR}"),
        ("ETH", "q: ETH (a symbol)"),
        ("coffee", "q: coffee (no match)"),
        (f"has:review wallet:{wallet_ids['Exchange']} tax_year:{TAX_YEAR}", "combined"),
        ("ETH has:review", "q: ETH has:review"),
        (f"ETH wallet:{wallet_ids['Cold storage']}", "q: ETH wallet:{id}"),
        (f"ETH tax_year:{TAX_YEAR}", f"q: ETH tax_year:{TAX_YEAR}"),
        ("ab", "q: ab (a short word)"),
    ]
    lots = {"asset": None, "sort": "ACQUIRED_AT", "desc": False, "limit": 50, "offset": 0}
    return [
        *(page for query, label in filters for page in transactions(label, query)),
        Page(
            f"tax year {TAX_YEAR}",
            200,
            [("taxYear", {"taxYear": TAX_YEAR, "taskStatus": "TO_DO"}), ("GetCostBasisStatus", {})],
        ),
        Page("lots (open, by acquired)", 150, [("openTaxLots", lots)]),
        Page("lots (open, by unrealized gain)", 150, [("openTaxLots", {**lots, "sort": "UNREALIZED_GAIN"})]),
        Page("disposed lots", 150, [("disposedLots", {"flowId": None, "limit": 50, "offset": 0})]),
        Page(
            "home (one year chart)",
            300,
            [("portfolioSummary", {}), ("performanceHistory", {"duration": "ONE_YEAR"})],
        ),
        Page(
            "home (all-time chart)",
            300,
            [("portfolioSummary", {}), ("performanceHistory", {"duration": "ALL_TIME"})],
        ),
    ]


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20, method="inclusive")[-1]


def measure(pages: Pages, page: Page, requests: int) -> bool:
    """The page opened `requests` times (fewer when that would take over PAGE_BUDGET seconds)."""
    for operation, variables in page.operations:
        pages.call(operation, variables)  # warm: the first request of a page pays the plan cache
    totals: list[float] = []
    started = time.perf_counter()
    while len(totals) < requests and (len(totals) < 5 or time.perf_counter() - started < PAGE_BUDGET):
        totals.append(sum(pages.call(operation, variables)[0] for operation, variables in page.operations))
    high = p95(totals) * 1000
    met = page.target_ms is None or high <= page.target_ms
    verdict = (
        "" if page.target_ms is None else f"  target ≤ {page.target_ms:.0f} ms: {'met' if met else 'NOT met'}"
    )
    print(
        f"  {page.label:<42} p95 {high:8.1f} ms  median {statistics.median(totals) * 1000:8.1f} ms  "
        f"n={len(totals):<3}{verdict}",
        flush=True,
    )
    return met


def measure_edit(pages: Pages, label: str = "edit → new result shown") -> bool:
    """A buy's cost basis changed on its detail page, timed until the detail shows the new lot's basis."""
    found = pages.call("transactionsPage", {"page": 1, "limit": 50, "query": "", "after": None})[1]
    buy = next(item for item in found["transactions"]["items"] if item["type"] == "BUY")
    flow = next(f for f in buy["flows"] if f["direction"] == "INFLOW" and not f["isFee"])
    basis = Decimal(random.randrange(10**5, 10**6)) / 100
    before = pages.status()["costBasisComputeEndTime"]

    def lot_basis() -> list[Decimal]:  # the override plus the buy's fee
        detail = pages.call("transactionByPublicId", {"publicId": buy["publicId"]})[1]["transaction"]
        return [Decimal(lot["costBasis"]) for lot in detail["lots"]]

    shown_before = lot_basis()

    started = time.perf_counter()
    edited = pages.call("updateTransactionCostBasis", {"flowId": flow["id"], "costBasis": str(basis)})[1]
    try:
        if not edited["updateTransactionCostBasis"]["success"]:
            raise ApiError(f"The edit failed: {edited['updateTransactionCostBasis']['errorMessage']}")
        wait_for_run(pages, before, EDIT_DEADLINE)
    except ApiError as error:  # the pages are still measured, on the last results stored
        print(f"  {label:<42} {error}: NOT met", flush=True)
        return False
    while lot_basis() == shown_before:
        if time.perf_counter() - started > EDIT_DEADLINE:
            raise ApiError("The edit's result was not shown")
        time.sleep(0.5)
    seconds = time.perf_counter() - started
    met = seconds <= 30
    print(f"  {label:<42} {seconds:7.1f} s   target ≤ 30 s: {'met' if met else 'NOT met'}", flush=True)
    return met


def measure_home_in_browser(origin: str) -> bool:
    """Home opened in Debian's Chromium, signed in, each time in a new context (nothing cached), timed
    from navigation until its value chart is drawn and its holdings are listed."""
    executable = shutil.which("chromium")
    if executable is None:
        print("  home in the browser: not measured (Debian's chromium is not installed)", flush=True)
        return False
    loads = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        signing_in = browser.new_context(base_url=origin)
        page = signing_in.new_page()
        page.goto("/login")
        page.get_by_label("Email").fill(EMAIL)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(lambda url: "/login" not in url)
        signed_in = signing_in.storage_state()
        signing_in.close()
        for _ in range(BROWSER_LOADS):
            context = browser.new_context(base_url=origin, storage_state=signed_in)
            page = context.new_page()
            started = time.perf_counter()
            page.goto("/home")
            page.locator(".value-chart .recharts-area-area").wait_for(state="visible", timeout=60_000)
            page.get_by_test_id("holdings").wait_for(state="visible", timeout=60_000)
            loads.append(time.perf_counter() - started)
            context.close()
        browser.close()
    met = max(loads) <= INTERACTIVE_SECONDS
    print(
        f"  {'home in the browser (chart drawn)':<42} max {max(loads):6.2f} s  median "
        f"{statistics.median(loads):6.2f} s  n={len(loads)}  target ≤ {INTERACTIVE_SECONDS:.0f} s: "
        f"{'met' if met else 'NOT met'} ({', '.join(f'{load:.2f}' for load in loads)} s)",
        flush=True,
    )
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=100)
    args = parser.parse_args()
    home = ROOT / "out" / f"pages-{args.rows}"
    built = home / "dataset.json"
    with running_product(home, max_upload_bytes=400 * MiB) as (settings, _):
        api = CairnApi(settings.origin, timeout=600)
        if built.exists():  # signing in, not up: sign-ups of a taken address are throttled
            api.http.post("/auth/login", json={"email": EMAIL, "password": PASSWORD}).raise_for_status()
        else:
            api.sign_in(EMAIL, PASSWORD)
        pages = Pages(api)
        if not built.exists():
            print(f"pages: importing {args.rows:,} transactions into {home} (once)…", flush=True)
            build_dataset(api, pages, args.rows)
            built.write_text(json.dumps({"email": EMAIL, "rows": args.rows}))
        else:
            print(f"pages: the {args.rows:,}-transaction user of {home}", flush=True)
        # past onboarding, so the browser lands on home; the same country again requests no run
        api.graphql('mutation { confirmOnboardingCountry(countryCode: "US") { success } }')
        # first, so the pages read the results of a run of this code; the first is a full run when no
        # checkpoint is usable (none yet, or a change before it) and makes one; the next one continues
        measure_edit(pages, "edit → new result shown (1st)")
        results = [measure_edit(pages, "edit → new result shown (2nd)")]
        print(f"pages: p95 over {args.requests} requests per page (the page's operations summed)", flush=True)
        results += [measure(pages, page, args.requests) for page in measured_pages(pages)]
        results.append(measure_home_in_browser(settings.origin))
        api.close()
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
