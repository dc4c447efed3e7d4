"""Prices from providers in a real browser: the trading-volume ranking and a coin page show the market
cap and 24 h volume the price fetch stored, and a transaction's page says where each flow's value comes
from ("Price source"): a provider's close, or no price at all. The provider's rows are deleted after.
Screenshots go to tests/e2e/screenshots/price_sources_*.png."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from ledger.models import User
from ledger.reference.seed import PriceRow
from ledger.writes.prices import MarketRow, store_closes, store_market_data
from tests.e2e.screenshots import screenshots
from tests.fakes.price_providers import restore_price_table
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into
from vocabulary.enums import TransactionType as Type
from vocabulary.price_sources import COINGECKO

shot = screenshots("price_sources_")
UPDATED = datetime(2025, 2, 17, tzinfo=UTC)


@pytest.fixture
def provider_data(db_engine: Engine) -> Iterator[None]:
    try:
        with Session(db_engine) as session, session.begin():
            store_closes(session, [PriceRow("BTC", "USD", date(2025, 2, 13), Decimal("96500.5"), COINGECKO)])
            store_market_data(
                session,
                [
                    MarketRow(
                        "BTC",
                        Decimal("96500.5"),
                        Decimal("1.92e12"),
                        Decimal("3.3e10"),
                        None,
                        UPDATED,
                        COINGECKO,
                    ),
                    MarketRow(
                        "ETH",
                        Decimal("2700"),
                        Decimal("3.25e11"),
                        Decimal("4.1e10"),
                        None,
                        UPDATED,
                        COINGECKO,
                    ),
                ],
            )
        yield
    finally:
        restore_price_table(db_engine)


@pytest.mark.usefixtures("provider_data")
def test_rankings_and_coin_pages_show_the_providers_market_data(page: Page) -> None:
    page.goto("/coins/trading-volume")
    expect(page.get_by_role("heading", level=1)).to_have_text("Cryptocurrencies by trading volume")
    rows = page.get_by_test_id("price-table").locator("tbody tr")
    expect(rows.nth(0)).to_contain_text("Ethereum")  # the larger 24 h volume first
    expect(rows.nth(0).locator("td").nth(-2)).to_have_text("$325B")
    expect(rows.nth(1).locator("td").nth(-1)).to_have_text("$33B")
    shot(page, "trading_volume")

    rows.nth(1).get_by_role("link", name="Bitcoin BTC").click()
    expect(page).to_have_url(re.compile(r"/price/bitcoin$"))
    expect(page.get_by_test_id("coin-market-cap")).to_have_text("$1.92T")
    expect(page.get_by_test_id("coin-volume")).to_have_text("$33B")
    expect(page.get_by_text(re.compile(r"^Market cap and volume as of"))).to_be_visible()
    shot(page, "bitcoin")


@pytest.mark.usefixtures("provider_data")
def test_a_transactions_page_names_each_flows_price_source(page: Page, db_engine: Engine) -> None:
    email = f"e2e-{uuid.uuid4().hex[:10]}@example.com"
    page.goto("/signup?next=%2Ftransactions")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/transactions"))
    with Session(db_engine) as session:
        user = session.scalar(select(User).where(User.email == email))
        assert user is not None
        wallet = add_wallet(session, user)
        priced = add_transaction(session, wallet, "2025-02-13 12:00", Type.RECEIVE, into("crypto_BTC", "0.5"))
        unpriced = add_transaction(session, wallet, "2031-01-01 12:00", Type.RECEIVE, into("crypto_BTC", "1"))
        session.commit()
        ids = str(priced.public_id), str(unpriced.public_id)

    page.goto(f"/transactions/{ids[0]}")
    flows = page.get_by_test_id("transaction-flows")
    expect(flows.get_by_role("columnheader", name="Price source")).to_be_visible()
    expect(flows.get_by_test_id("price-source")).to_have_text(["Price provider"])
    expect(flows.locator("tbody tr td").nth(1)).to_have_text("≈ $48,250.25")
    shot(page, "transaction")

    page.goto(f"/transactions/{ids[1]}")
    expect(page.get_by_test_id("transaction-flows").get_by_test_id("price-source")).to_have_text(["No price"])
