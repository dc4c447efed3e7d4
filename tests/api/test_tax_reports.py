"""Tax reports through the API on the real servers: generateTaxReport starts TaxReportWorkflow (a repeated
request joins it), taxReportPollResult answers cost_basis_in_process while a run is pending and success
with a download link once it ends, the downloaded files add up to taxSummary, a 1099-DA uploaded as the
SPA uploads files is reconciled line by line, and every answer is limited to its user."""

from __future__ import annotations

import asyncio
import csv
import io
from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import httpx
import polars as pl
import pytest
from pypdf import PdfReader
from sqlalchemy import func, literal, select
from sqlalchemy.orm import Session

from activities.cost_basis_ledger import EngineLedger
from activities.cost_basis_snapshot import LEDGER, snapshot_key
from analytics.reports.types import ReportType
from contracts.tax_report import REPORT_TYPES
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import CostBasisStatus, KeptLedger, TaxReport, User
from ledger.scope.portfolio import usd_in
from ledger.writes.cost_basis import flow_batches
from ledger.writes.plans import grant_tax_plan
from stack.cli import main
from tests.api.graphql import gql, upload
from tests.api.test_cost_basis import ENQUEUE, TAX_SUMMARY, calculated, hand_worked_ledger
from tests.api.test_cost_basis import signed_up_user as signed_up_free_user
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import CostBasisMethod, CostBasisState
from vocabulary.enums import TransactionType as Type
from vocabulary.plans import TaxPlan

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

GENERATE = """
mutation generateTaxReport($type: String!, $taxYear: Int!, $search: String, $form1099daFileUrl: String,
                           $startDate: Date, $endDate: Date) {
  generateTaxReport(type: $type, taxYear: $taxYear, query: $search, form1099daFileUrl: $form1099daFileUrl,
                    startDate: $startDate, endDate: $endDate) {
    success jobId status errorMessage
  }
}
"""
POLL = """
query taxReportPollResult($jobId: String!) {
  taxReportPollResult(jobId: $jobId) {
    success status isStatusFinal url errorMessage
    report { type taxYear fileName reconciliation { status asset formProceeds proceeds } }
  }
}
"""
REPORTS = "query Reports($taxYear: Int) { taxReports(taxYear: $taxYear) { jobId type taxYear fileName url } }"
# the sale of 0.4 BTC on 2021-06-01 reported with the wrong proceeds, and a sale Cairn does not have
FORM_1099DA = b"""\
Box 1a Code for digital asset,Box 1b Name of digital asset,Box 1c Number of units,Box 1d Date acquired,\
Box 1e Date sold or disposed,Box 1f Proceeds,Box 1g Cost or other basis,Box 2 Check if basis reported to IRS
999999999,Bitcoin,0.4,01/01/2021,06/01/2021,"$11,000.00","$4,004.00",X
999999999,Solana,5,,07/01/2021,$500.00,,
"""


async def signed_up_user(http: httpx.AsyncClient, session: Session) -> User:
    """A new user on the Prime plan, whose reports include every type (tests/api/test_plans.py holds
    the plans' limits)."""
    user = await signed_up_free_user(http, session)
    grant_tax_plan(session, user.id, TaxPlan.PRIME)
    session.commit()
    return user


async def generated(http: httpx.AsyncClient, report_type: str, year: int, **options: Any) -> dict[str, Any]:
    answer: dict[str, Any] = (await gql(http, GENERATE, type=report_type, taxYear=year, **options))[
        "generateTaxReport"
    ]
    return answer


async def polled(http: httpx.AsyncClient, job_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = (await gql(http, POLL, jobId=job_id))["taxReportPollResult"]
    return answer


async def made(http: httpx.AsyncClient, job_id: str, timeout: float = 60) -> dict[str, Any]:
    """Polls taxReportPollResult (as the reports page does, but faster) until it is final."""
    async with asyncio.timeout(timeout):
        while not (found := await polled(http, job_id))["isStatusFinal"]:
            await asyncio.sleep(0.2)
    return found


async def downloaded_csv(url: str) -> list[dict[str, str]]:
    async with httpx.AsyncClient() as s3:
        response = await s3.get(url)
    assert response.status_code == 200, response.text
    return list(csv.DictReader(io.StringIO(response.text)))


def column_total(rows: list[dict[str, str]], column: str) -> Decimal:
    return sum((Decimal(row[column]) for row in rows), Decimal(0))


def test_the_contract_names_every_report_type_the_report_code_makes() -> None:
    assert set(REPORT_TYPES) == {kind.value for kind in ReportType}


async def test_a_report_waits_for_the_pending_run_then_adds_up_to_the_tax_summary(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    # a run asked for (an import just ended) that no worker has taken yet: the results are stale
    db_session.add(CostBasisStatus(user_id=user.id, state=CostBasisState.ENQUEUED))
    db_session.commit()

    first = await generated(client, "CAPITAL_GAINS_CSV", 2021)
    again = await generated(client, "CAPITAL_GAINS_CSV", 2021)

    job_id = f"tax-report/{user.public_id}/CAPITAL_GAINS_CSV/2021"
    assert first == again == {"success": True, "jobId": job_id, "status": None, "errorMessage": None}
    waiting = await polled(client, job_id)
    assert (waiting["status"], waiting["success"], waiting["isStatusFinal"]) == (
        "cost_basis_in_process",
        False,
        False,
    )
    rows = db_session.scalar(select(func.count()).select_from(TaxReport).where(TaxReport.user_id == user.id))
    assert rows == 1  # the second request joined the first

    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    done = await made(client, job_id)

    assert (done["status"], done["success"], done["errorMessage"]) == ("success", True, None)
    assert done["report"]["fileName"] == "capital_gains_csv_2021.csv"
    lines = await downloaded_csv(done["url"])
    summary = (await gql(client, TAX_SUMMARY, year=2021))["taxSummary"]
    assert column_total(lines, "Proceeds") == Decimal(summary["proceeds"]) == Decimal("11995")
    assert column_total(lines, "Cost Basis") == Decimal(summary["costBasis"]) == Decimal("4004")
    assert column_total(lines, "Gain or Loss") == Decimal(summary["capitalGain"])

    listed = (await gql(client, REPORTS, taxYear=2021))["taxReports"]
    assert [(report["jobId"], report["type"], report["fileName"]) for report in listed] == [
        (job_id, "CAPITAL_GAINS_CSV", "capital_gains_csv_2021.csv")
    ]
    assert (await downloaded_csv(listed[0]["url"])) == lines
    assert (await gql(client, REPORTS, taxYear=2022))["taxReports"] == []


async def test_a_failed_run_answers_cost_basis_failed(client: httpx.AsyncClient, db_session: Session) -> None:
    user = await signed_up_user(client, db_session)
    db_session.add(CostBasisStatus(user_id=user.id, state=CostBasisState.FAILED))
    db_session.commit()

    job_id = (await generated(client, "FORM_8949", 2021))["jobId"]
    done = await made(client, job_id)

    assert (done["status"], done["success"], done["url"]) == ("cost_basis_failed", False, None)


async def test_another_users_job_id_and_bad_requests(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    job_id = (await generated(client, "FORM_1040_SD", 2022))["jobId"]
    assert (await made(client, job_id))["status"] == "success"

    theirs = await polled(other_user, job_id)
    assert theirs == {
        "success": False,
        "status": "unauthorized",
        "isStatusFinal": True,
        "url": None,
        "errorMessage": None,
        "report": None,
    }
    assert theirs == await polled(other_user, "tax-report/nothing")
    assert (await gql(other_user, REPORTS))["taxReports"] == []

    refused = {"success": False, "jobId": None}
    assert await generated(client, "FORM_9999", 2021) == {
        **refused,
        "status": "invalid_report_type",
        "errorMessage": None,
    }
    assert await generated(client, "FORM_8949", 1990) == {
        **refused,
        "status": None,
        "errorMessage": "There is no such tax year.",
    }
    assert (await generated(client, "TRANSACTIONS_CSV", 2021, search="color:blue"))["errorMessage"] == (
        "unknown filter 'color:blue'"
    )
    assert (await generated(client, "EXCHANGE_1099_RECONCILIATION_CSV", 2021))["errorMessage"] == (
        "Upload the broker's 1099-DA to reconcile it."
    )
    # an upload of another user is not this user's to reconcile
    their_upload = await upload(other_user, "1099-da.csv", FORM_1099DA)
    assert (
        await generated(client, "EXCHANGE_1099_RECONCILIATION_CSV", 2021, form1099daFileUrl=their_upload)
    )["errorMessage"] == "That 1099-DA upload could not be found."


async def reconciled(http: httpx.AsyncClient, session: Session, form_1099da: bytes) -> dict[str, Any]:
    """The final poll of the 2021 reconciliation CSV of `form_1099da`, for a new user's hand-worked
    ledger once its cost basis is calculated."""
    user = await signed_up_user(http, session)
    hand_worked_ledger(session, user)
    assert (await gql(http, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(http)
    form = await upload(http, "1099-da.csv", form_1099da)
    job_id = (await generated(http, "EXCHANGE_1099_RECONCILIATION_CSV", 2021, form1099daFileUrl=form))[
        "jobId"
    ]
    return await made(http, job_id)


async def test_an_uploaded_1099da_is_reconciled_line_by_line(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    done = await reconciled(client, db_session, FORM_1099DA)

    assert done["status"] == "success", done
    assert done["report"]["reconciliation"] == [
        {"status": "Proceeds differ", "asset": "BTC", "formProceeds": "11000.00", "proceeds": "11995.00"},
        {"status": "Missing in Cairn", "asset": "Solana", "formProceeds": "500.00", "proceeds": None},
    ]
    lines = await downloaded_csv(done["url"])
    assert [line["Status"] for line in lines] == ["Proceeds differ", "Missing in Cairn"]


async def test_a_1099da_that_cannot_be_read_fails_the_report_with_its_reason(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    done = await reconciled(client, db_session, b"Asset,Units\nBTC,1\n")

    assert (done["success"], done["status"], done["url"]) == (False, None, None)
    assert done["errorMessage"] == (
        "The 1099-DA could not be read: no header with a date sold (box 1e) and proceeds (box 1f) column"
    )


async def test_the_transactions_export_follows_the_pages_filter(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    span = {"startDate": "2009-01-01", "endDate": datetime.now(UTC).date().isoformat()}

    everything = await made(client, (await generated(client, "TRANSACTIONS_CSV", 2021, **span))["jobId"])
    staking = await made(
        client, (await generated(client, "TRANSACTIONS_CSV", 2021, search="ETH", **span))["jobId"]
    )
    holding_eth = await made(
        client,
        (await generated(client, "TRANSACTIONS_CSV", 2021, search="crypto_id:crypto_ETH", **span))["jobId"],
    )

    rows = await downloaded_csv(everything["url"])
    assert {row["Date"][:4] for row in rows} == {"2021", "2022"}
    assert {row["Asset"] for row in rows} >= {"BTC", "USD", "ETH", "ZZTOKEN"}
    staked = await downloaded_csv(staking["url"])
    assert [(row["Type"], row["Asset"]) for row in staked] == [("STAKING_REWARD", "ETH")]
    assert staked[0]["Value (USD)"] == "1000.00"
    # an asset filter (crypto_id:, inside the flows query): exactly the transactions with an ETH flow
    assert holding_eth["status"] == "success", holding_eth
    eth_rows = await downloaded_csv(holding_eth["url"])
    by_transaction = {row["Transaction ID"] for row in eth_rows}
    assert {row["Transaction ID"] for row in eth_rows if row["Asset"] == "ETH"} == by_transaction
    assert ("STAKING_REWARD", "ETH") in {(row["Type"], row["Asset"]) for row in eth_rows}
    assert {row["Transaction ID"] for row in rows if row["Asset"] == "ETH"} == by_transaction
    assert db_session.scalar(select(User.base_currency).where(User.id == user.id)) == "USD"


async def test_cairns_reports_are_in_the_base_currency_and_us_forms_in_dollars(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    user.base_currency = "EUR"
    db_session.commit()
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)

    income = await made(client, (await generated(client, "INCOME_BY_MONTH", 2021))["jobId"])
    gains = await made(client, (await generated(client, "CAPITAL_GAINS_CSV", 2021))["jobId"])

    summary = (await gql(client, TAX_SUMMARY, year=2021))["taxSummary"]  # in euros
    in_euros = column_total(await downloaded_csv(income["url"]), "Income")
    assert in_euros == Decimal(summary["taxableIncomeTotal"]).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert in_euros != Decimal("1000")  # the reward's $1,000 at its day's EUR close
    assert column_total(await downloaded_csv(gains["url"]), "Proceeds") == Decimal("11995")


async def test_lots_as_of_a_date_are_those_the_command_line_gives_on_the_same_ledger(
    client: httpx.AsyncClient, db_session: Session, tmp_path: Path
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    # the ledger the cost-basis run read, as a ledger file for `cairn tax report`
    ledger = tmp_path / "ledger.csv"
    pl.concat(list(EngineLedger(flow_batches(db_session, user.id)))).write_csv(ledger)
    method = db_session.scalar(select(User.cost_basis_method).where(User.id == user.id))
    assert method is not None

    async def both(day: str) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
        done = await made(client, (await generated(client, "LOTS_AS_OF_DATE", 2021, endDate=day))["jobId"])
        assert done["status"] == "success", done
        out = tmp_path / f"lots_{day}.csv"
        argv = ["tax", "report", "--type", "LOTS_AS_OF_DATE", "--year", "2021", "--as-of", day]
        assert main([*argv, str(ledger), "--method", method.value, "--out", str(out)]) == 0
        with out.open() as file:
            return await downloaded_csv(done["url"]), list(csv.DictReader(file))

    # the app names the transaction, account and asset as the user knows them; the lots are the same
    same = ("Lot ID", "Date Acquired", "Quantity Held", "Cost Basis")
    for day, btc in (("2021-05-31", ("1", "10010.00")), ("2021-06-01", ("0.6", "6006.00"))):
        app, command_line = await both(day)
        assert [[row[key] for key in same] for row in app] == [
            [row[key] for key in same] for row in command_line
        ]
        held = [(row["Quantity Held"], row["Cost Basis"]) for row in app if row["Asset"] == "BTC"]
        assert held == [btc]  # the sale at 10:00 on 2021-06-01 counts by the end of that day


def two_buys_three_sales(session: Session, user: User) -> None:
    """1 BTC bought for $10,000 on 1 January 2021 and 1 for $20,000 on 1 March; 0.5 sold for $25,000 on
    5 April 2021, 1 for $30,000 on 1 June 2021 and 0.25 for $10,000 on 1 February 2022."""
    wallet = add_wallet(session, user)
    for when, kind, money, btc in (
        ("2021-01-01 10:00", Type.BUY, "10000", "1"),
        ("2021-03-01 10:00", Type.BUY, "20000", "1"),
        ("2021-04-05 10:00", Type.SELL, "25000", "0.5"),
        ("2021-06-01 10:00", Type.SELL, "30000", "1"),
        ("2022-02-01 10:00", Type.SELL, "10000", "0.25"),
    ):
        dollars, coins = ("fiat_USD", money, money), ("crypto_BTC", btc)
        moves = (out(*dollars), into(*coins)) if kind is Type.BUY else (out(*coins), into(*dollars))
        add_transaction(session, wallet, when, kind, *moves)
    session.commit()


def rate(session: Session, currency: str, day: str) -> Decimal:
    """Units of `currency` a dollar bought that day, as the app reads the FX closes."""
    found = session.scalar(select(usd_in(currency, literal(date.fromisoformat(day)))))
    assert found is not None
    return Decimal(found)


async def test_canada_and_the_uk_pool_costs_in_their_currency_at_each_acquisitions_day(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    two_buys_three_sales(db_session, user)
    assert user.cost_basis_method is CostBasisMethod.FIFO  # the law's method is used, not the user's
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)

    async def figures(kind: str, year: int) -> tuple[str, list[tuple[str, str]]]:
        done = await made(client, (await generated(client, kind, year))["jobId"])
        assert done["status"] == "success", done
        return done["report"]["fileName"], [
            (row["Line"], row["Amount"]) for row in await downloaded_csv(done["url"])
        ]

    def cents(value: Decimal) -> str:
        return str(value.quantize(Decimal("0.01"), ROUND_HALF_UP))

    # Canada, 2021: the pool's cost is each purchase in CAD at its own day's rate; ACB, so the 1.5 BTC
    # sold cost 0.75 of it; proceeds at each sale's day
    cad = {
        day: rate(db_session, "CAD", day) for day in ("2021-01-01", "2021-03-01", "2021-04-05", "2021-06-01")
    }
    pool = 10000 * cad["2021-01-01"] + 20000 * cad["2021-03-01"]
    proceeds = 25000 * cad["2021-04-05"] + 30000 * cad["2021-06-01"]
    gain = Decimal(cents(proceeds)) - Decimal(cents(pool * Decimal("0.75")))
    assert await figures("CA_SCHEDULE_3", 2021) == (
        "ca_schedule_3_2021.csv",
        [
            ("15300", cents(proceeds)),
            ("15300", cents(pool * Decimal("0.75"))),
            ("15300", "0.00"),
            ("15300", cents(gain)),
            ("19700", cents(gain)),
            ("19900", cents(gain / 2)),
        ],
    )

    # the UK, 2021 to 2022 (6 April 2021 to 5 April 2022, whatever the user's tax-year start): the sales
    # of 1 June 2021 and 1 February 2022 (not 5 April 2021), 1.25 BTC from the section 104 pool in GBP
    gbp = {
        day: rate(db_session, "GBP", day) for day in ("2021-01-01", "2021-03-01", "2021-06-01", "2022-02-01")
    }
    pool = 10000 * gbp["2021-01-01"] + 20000 * gbp["2021-03-01"]
    proceeds = 30000 * gbp["2021-06-01"] + 10000 * gbp["2022-02-01"]
    costs = pool * Decimal("0.625")
    assert await figures("UK_CAPITAL_GAINS_SUMMARY", 2021) == (
        "uk_capital_gains_summary_2021_to_2022.csv",
        [
            ("", "2"),
            ("", cents(proceeds)),
            ("", cents(costs)),
            ("", cents(proceeds - costs)),  # each sale a gain
            ("", "0.00"),
        ],
    )


async def test_a_reconciled_1099da_chooses_the_8949_boxes_of_the_years_forms_and_files(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)

    async def boxes() -> list[str]:
        done = await made(client, (await generated(client, "CAPITAL_GAINS_CSV", 2021))["jobId"])
        assert done["status"] == "success", done
        assert done["report"]["reconciliation"] is None  # a gains file is no reconciliation
        return [line["Form 8949 Box"] for line in await downloaded_csv(done["url"])]

    assert await boxes() == ["C"]  # no broker's form: not reported
    form = await upload(client, "1099-da.csv", FORM_1099DA)
    reconciled = await generated(client, "EXCHANGE_1099_RECONCILIATION_CSV", 2021, form1099daFileUrl=form)
    assert (await made(client, reconciled["jobId"]))["status"] == "success"

    # the broker reported the sale of 0.4 BTC with its basis: box A (short-term, covered)
    assert await boxes() == ["A"]
    eight_949 = await made(client, (await generated(client, "FORM_8949", 2021))["jobId"])
    async with httpx.AsyncClient() as s3:
        pdf = (await s3.get(eight_949["url"])).content
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "[X] (A) Short-term transactions reported on Form(s) 1099-B showing basis was reported" in text
    # another year's forms are not the 2021 1099-DA's; one given with the request is used as given
    assert (await generated(client, "FORM_1040_SD", 2022))["jobId"] == (
        f"tax-report/{user.public_id}/FORM_1040_SD/2022"
    )
    given = await generated(client, "FORM_1040_SD", 2021, form1099daFileUrl=form)
    assert (await made(client, given["jobId"]))["status"] == "success"


async def test_a_transactions_export_reads_the_values_the_run_read_and_without_them_values_in_sql(
    client: httpx.AsyncClient, db_session: Session, servers: Settings, tmp_path: Path
) -> None:
    """The export reads the values the user's last run read (its snapshot's ledger file: here one
    value changed in it, to show it is read) instead of valuing every flow again; without that file it
    values them all in SQL."""
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    db_session.expire_all()
    kept = db_session.scalars(select(KeptLedger.run_id).where(KeptLedger.user_id == user.id)).one()
    storage, key = Storage(servers), snapshot_key(user.public_id, kept, LEDGER)
    path = tmp_path / "ledger.parquet"
    storage.download(key, path)
    read = pl.read_parquet(path)
    reward = pl.col("type") == Type.STAKING_REWARD.value
    read.with_columns(value=pl.when(reward).then(pl.lit("1234.5")).otherwise("value")).write_parquet(path)
    storage.put(key, path, "application/vnd.apache.parquet")
    span = {"startDate": "2009-01-01", "endDate": datetime.now(UTC).date().isoformat()}

    from_the_run = await made(client, (await generated(client, "TRANSACTIONS_CSV", 2021, **span))["jobId"])
    assert storage.remove_prefix(key) == 1
    in_sql = await made(client, (await generated(client, "TRANSACTIONS_CSV", 2021, **span))["jobId"])

    rows, valued = await downloaded_csv(from_the_run["url"]), await downloaded_csv(in_sql["url"])
    assert {row["Date"][:4] for row in rows} == {"2021", "2022"}
    rewards = [index for index, row in enumerate(rows) if row["Type"] == "STAKING_REWARD"]
    assert rewards and {rows[index]["Value (USD)"] for index in rewards} == {"1234.50"}
    assert "1234.50" not in {valued[index]["Value (USD)"] for index in rewards}
    assert [row for index, row in enumerate(rows) if index not in rewards] == [
        row for index, row in enumerate(valued) if index not in rewards
    ]
