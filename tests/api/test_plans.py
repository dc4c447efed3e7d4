"""Plans through the API on the real servers: the unified subscription with the net transaction count
against the plan's limits, the report blockers of generateTaxReport, checkout through the local Stripe
(its signed webhook gives the plan; a bad signature, an old one or a replayed event changes nothing), a
checkout of another user's that stays theirs, every coupon message, and credits ACTIVE, REDEEMED and
EXPIRED."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import select, text, update
from sqlalchemy.orm import Session

from ledger.infra.settings import Settings
from ledger.models import Coupon, Credit, Subscription, TaxFirm, TaxFirmMember, TaxProInvite, User
from ledger.writes.plans import grant_tax_plan
from tests.api.graphql import gql
from tests.api.test_cost_basis import signed_up_user
from tests.fakes.stripe import FakeStripe
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, link_transfer, out
from vocabulary.enums import TransactionType as Type
from vocabulary.plans import TOO_MANY_TRANSACTIONS_PAID, CreditStatus, PaymentState, TaxPlan
from vocabulary.tax_pros import InviteInitiator, InviteKind, TaxFirmRole

pytestmark = pytest.mark.servers

SECRET_KEY = "sk_test_cairn"
WEBHOOK_SECRET = "whsec_cairn_tests"

SUBSCRIPTION = """
query UnifiedSubscription {
  unifiedSubscription {
    subscriptionPlan { name internalName transactionLimit lifetimeLimit }
    isPaid paymentState coversThroughTaxYear transactionLimit lifetimeLimit
    transactionCounts { netTransactionCount lifetimeTransactionCount }
    progressPercent exceedsLimit tooManyTransactionsMessage
    recommendedPlanForTax { internalName price { original final discount discountReason } }
  }
}
"""
CHECKOUT = """
mutation CreateCheckoutSession($plan: String!) {
  createCheckoutSession(plan: $plan) { success url errorMessage }
}
"""
CHECKOUT_STATUS = (
    "query CheckoutStatus($id: String!) { checkoutStatus(sessionId: $id) { plan name completed } }"
)
COUPON = "mutation RedeemCoupon($code: String!) { redeemCoupon(code: $code) { success message } }"
CREDITS = "query Credits { credits { amount status reason } }"
REPORT = """
mutation generateTaxReport($type: String!, $taxYear: Int!) {
  generateTaxReport(type: $type, taxYear: $taxYear) { success jobId status blocker errorMessage }
}
"""


@pytest.fixture
def stripe(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeStripe]:
    with FakeStripe(SECRET_KEY, WEBHOOK_SECRET) as fake:
        monkeypatch.setattr(servers, "stripe_api_url", fake.url)
        monkeypatch.setattr(servers, "stripe_secret_key", SECRET_KEY)
        monkeypatch.setattr(servers, "stripe_webhook_secret", WEBHOOK_SECRET)
        yield fake


async def subscription(http: httpx.AsyncClient) -> dict[str, Any]:
    found: dict[str, Any] = (await gql(http, SUBSCRIPTION))["unifiedSubscription"]
    return found


async def report(http: httpx.AsyncClient, report_type: str, year: int = 2021) -> dict[str, Any]:
    answer: dict[str, Any] = (await gql(http, REPORT, type=report_type, taxYear=year))["generateTaxReport"]
    return answer


def add_transactions(session: Session, user: User, count: int, *, ignored: bool = False) -> None:
    """`count` receipts in one statement, as a bulk import writes them."""
    wallet = add_wallet(session, user, f"Wallet {datetime.now(UTC).timestamp()}")
    session.execute(
        text(
            """
            INSERT INTO transactions (user_id, account_id, natural_key, timestamp, type, is_ignored)
            SELECT :user_id, :account_id, 'row-' || n, timestamp '2021-01-01' + n * interval '1 hour',
                   'RECEIVE', :ignored
            FROM generate_series(1, :count) AS n
            """
        ),
        {"user_id": user.id, "account_id": wallet.id, "count": count, "ignored": ignored},
    )
    session.commit()


async def deliver(http: httpx.AsyncClient, payload: bytes, header: str) -> httpx.Response:
    return await http.post(
        "/webhooks/stripe",
        content=payload,
        headers={"Stripe-Signature": header, "Content-Type": "application/json"},
    )


async def bought(http: httpx.AsyncClient, stripe: FakeStripe, plan: str) -> str:
    """Checks out `plan` and pays at the fake; answers the session id (the webhook not delivered yet)."""
    answer = (await gql(http, CHECKOUT, plan=plan))["createCheckoutSession"]
    assert (answer["success"], answer["errorMessage"]) == (True, None)
    session_id: str = answer["url"].rsplit("/", 1)[-1]
    stripe.pay(session_id)
    return session_id


async def test_a_free_user_over_the_limit_sees_the_card_and_the_blocker_then_buys_prime(
    client: httpx.AsyncClient, db_session: Session, stripe: FakeStripe
) -> None:
    user = await signed_up_user(client, db_session)
    fresh = await subscription(client)
    assert fresh["subscriptionPlan"] == {
        "name": "Free",
        "internalName": "FREE",
        "transactionLimit": 25,
        "lifetimeLimit": 250,
    }
    assert (fresh["isPaid"], fresh["transactionCounts"]["netTransactionCount"], fresh["progressPercent"]) == (
        False,
        0,
        "0",
    )
    assert (fresh["exceedsLimit"], fresh["tooManyTransactionsMessage"]) == (False, None)

    add_transactions(db_session, user, 40)
    add_transactions(db_session, user, 5, ignored=True)
    over = await subscription(client)
    assert over["transactionCounts"] == {"netTransactionCount": 40, "lifetimeTransactionCount": 45}
    assert (over["progressPercent"], over["exceedsLimit"]) == ("100", True)  # 160 %, capped
    assert over["tooManyTransactionsMessage"] == (
        "This wallet exceeds the number of transactions allowed for your current plan."
    )
    assert over["recommendedPlanForTax"]["internalName"] == "BASE"
    assert await report(client, "FORM_8949") == {
        "success": False,
        "jobId": None,
        "status": "insufficient_tax_plan",
        "blocker": "NO_REPORTS_IN_FREE_PLAN",
        "errorMessage": None,
    }
    assert (await report(client, "TRANSACTIONS_CSV"))["success"]  # the user's own data is never held back

    session_id = await bought(client, stripe, "PRIME")
    assert stripe.sessions[session_id]["amount_total"] == 19_900
    assert stripe.sessions[session_id]["client_reference_id"] == str(user.public_id)
    waiting = (await gql(client, CHECKOUT_STATUS, id=session_id))["checkoutStatus"]
    assert waiting == {"plan": "PRIME", "name": "Prime", "completed": False}
    [event] = stripe.events
    delivered = await deliver(client, event.payload, event.header)
    assert delivered.json() == {"received": True, "applied": True}

    assert (await gql(client, CHECKOUT_STATUS, id=session_id))["checkoutStatus"]["completed"]
    prime = await subscription(client)
    assert (prime["subscriptionPlan"]["name"], prime["isPaid"], prime["paymentState"]) == (
        "Prime",
        True,
        "PAID",
    )
    assert (prime["progressPercent"], prime["exceedsLimit"], prime["tooManyTransactionsMessage"]) == (
        "4",
        False,
        None,
    )
    made = await report(client, "FORM_8949")
    assert (made["success"], made["status"], made["blocker"]) == (True, None, None)
    again = (await gql(client, CHECKOUT, plan="PRIME"))["createCheckoutSession"]
    assert again == {"success": False, "url": None, "errorMessage": "You already have this plan."}
    # bought in an earlier year, the same plan is bought again to renew it
    db_session.execute(
        update(Subscription).where(Subscription.user_id == user.id).values(covers_through_year=2020)
    )
    db_session.commit()
    assert (await gql(client, CHECKOUT, plan="PRIME"))["createCheckoutSession"]["success"]


async def test_a_bad_or_old_signature_and_a_replayed_event_change_nothing(
    client: httpx.AsyncClient, db_session: Session, stripe: FakeStripe
) -> None:
    user = await signed_up_user(client, db_session)
    session_id = await bought(client, stripe, "BASE")
    [event] = stripe.events
    forged = json.loads(event.payload)
    forged["data"]["object"]["metadata"]["plan"] = "FULL_SERVICE"
    for payload, header in (
        (event.payload, event.header.replace("v1=", "v1=0")),
        (json.dumps(forged).encode(), event.header),  # signed for another body
        (event.payload, stripe.sign(event.payload, int(datetime.now(UTC).timestamp()) - 600).header),
        (event.payload, ""),
        (b"not json", stripe.sign(b"not json").header),
    ):
        refused = await deliver(client, payload, header)
        assert (refused.status_code, refused.json()) == (400, {"detail": "Invalid signature or payload."})
    assert db_session.scalar(select(Subscription).where(Subscription.user_id == user.id)) is None

    assert (await deliver(client, event.payload, event.header)).json()["applied"]
    db_session.execute(update(Subscription).where(Subscription.user_id == user.id).values(plan="FREE"))
    db_session.commit()
    replayed = await deliver(client, event.payload, event.header)
    assert (replayed.status_code, replayed.json()) == (200, {"received": True, "applied": False})
    assert (await subscription(client))["subscriptionPlan"]["internalName"] == "FREE"
    # a new event for a checkout already completed is not applied twice either
    second = stripe.sign(event.payload.replace(b'"evt_', b'"evt_again_'))
    assert (await deliver(client, second.payload, second.header)).json()["applied"] is False
    assert session_id in stripe.sessions


async def test_another_users_checkout_stays_theirs(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session, stripe: FakeStripe
) -> None:
    await signed_up_user(client, db_session)
    session_id = await bought(client, stripe, "ULTRA")
    assert (await gql(other_user, CHECKOUT_STATUS, id=session_id))["checkoutStatus"] is None
    [event] = stripe.events
    # the other user delivering the event (it is signed, so anyone may) still gives the plan to its buyer
    assert (await deliver(other_user, event.payload, event.header)).json()["applied"]
    assert (await subscription(other_user))["subscriptionPlan"]["internalName"] == "FREE"
    assert (await subscription(client))["subscriptionPlan"]["internalName"] == "ULTRA"


async def test_checkout_refuses_bad_plans_and_an_unavailable_provider(
    client: httpx.AsyncClient,
    db_session: Session,
    stripe: FakeStripe,
    servers: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await signed_up_user(client, db_session)
    for plan in ("GOLD", "FREE", "basic", ""):
        answer = (await gql(client, CHECKOUT, plan=plan))["createCheckoutSession"]
        assert answer == {"success": False, "url": None, "errorMessage": "There is no such plan."}
    monkeypatch.setattr(servers, "stripe_secret_key", "sk_refused")
    unavailable = (await gql(client, CHECKOUT, plan="BASE"))["createCheckoutSession"]
    assert unavailable["errorMessage"] == "Checkout is not available right now. Please try again later."
    monkeypatch.setattr(servers, "stripe_secret_key", "")
    assert (await gql(client, CHECKOUT, plan="BASE"))["createCheckoutSession"]["success"] is False
    assert stripe.sessions == {}


async def test_limits_past_due_and_tiers_block_reports_for_paying_users(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    grant_tax_plan(db_session, user.id, TaxPlan.BASE)
    db_session.commit()
    assert (await report(client, "FORM_8949"))["success"]
    assert (await report(client, "CAPITAL_GAINS_TURBOTAX_ONLINE"))["blocker"] == "NOT_AVAILABLE"
    assert (await report(client, "CAPITAL_GAINS_TURBOTAX_ONLINE"))["status"] == "insufficient_plan"

    # a transfer between two of the user's wallets counts once, ignored transactions not at all
    add_transactions(db_session, user, 99)
    wallet, other = add_wallet(db_session, user, "A"), add_wallet(db_session, user, "B")
    sent = add_transaction(db_session, wallet, "2021-03-01 10:00", Type.SEND, out("crypto_BTC", "1"))
    received = add_transaction(db_session, other, "2021-03-01 10:05", Type.RECEIVE, into("crypto_BTC", "1"))
    link_transfer(db_session, sent, received)
    db_session.commit()
    counted = await subscription(client)
    assert counted["transactionCounts"] == {"netTransactionCount": 100, "lifetimeTransactionCount": 101}
    assert (counted["exceedsLimit"], counted["progressPercent"]) == (False, "100")
    add_transactions(db_session, user, 1)
    blocked = await subscription(client)
    assert blocked["tooManyTransactionsMessage"] == TOO_MANY_TRANSACTIONS_PAID
    assert blocked["recommendedPlanForTax"]["internalName"] == "BASE_PLUS"
    assert (await report(client, "FORM_8949"))["blocker"] == "EXCEEDED_TRANSACTION_LIMIT"

    grant_tax_plan(db_session, user.id, TaxPlan.PRIME, PaymentState.UNPAID)
    db_session.commit()
    assert (await report(client, "FORM_8949"))["blocker"] == "PAST_DUE"
    this_year = datetime.now(UTC).year
    grant_tax_plan(db_session, user.id, TaxPlan.PRIME, covers_through=this_year - 1)
    db_session.commit()
    assert (await subscription(client))["coversThroughTaxYear"] == this_year - 1
    assert (await report(client, "FORM_8949", this_year))["blocker"] == "NEEDS_EARLY_RENEWAL"
    assert (await report(client, "FORM_8949", this_year - 1))["blocker"] is None
    grant_tax_plan(db_session, user.id, TaxPlan.PRIME)
    db_session.commit()
    assert (await report(client, "FORM_8949", this_year + 1))["blocker"] == "TAX_YEAR_NOT_AVAILABLE"
    add_transactions(db_session, user, 10_000, ignored=True)
    assert (await report(client, "FORM_8949"))["blocker"] == "EXCEEDED_LIFETIME_TRANSACTION_LIMIT"


async def test_a_tax_firms_client_needs_prime_and_above_for_forms(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    grant_tax_plan(db_session, user.id, TaxPlan.BASE)
    db_session.commit()
    assert (await report(client, "FORM_8949"))["success"]
    # the user works with a pro who is a member of a firm: a client of the firm
    their_id = (await gql(other_user, "query { me { publicId } }"))["me"]["publicId"]
    pro = db_session.scalar(select(User).where(User.public_id == uuid.UUID(their_id)))
    assert pro is not None
    firm = TaxFirm(name="Ledger & Co")
    db_session.add(firm)
    db_session.flush()
    db_session.add_all(
        [
            TaxFirmMember(firm_id=firm.id, user_id=pro.id, role=TaxFirmRole.TAX_PRO),
            TaxProInvite(
                kind=InviteKind.CLIENT_TAX_PRO,
                initiator=InviteInitiator.CLIENT,
                sender_id=user.id,
                invitee_email=pro.email.lower(),
                client_id=user.id,
                tax_pro_id=pro.id,
                accepted_at=datetime.now(UTC),
            ),
        ]
    )
    db_session.commit()

    held_back = await report(client, "FORM_8949", 2022)
    assert (held_back["success"], held_back["status"], held_back["blocker"]) == (
        False,
        "insufficient_plan",
        "TAX_FIRM_CLIENTS_NEED_PRIME_AND_ABOVE",
    )
    assert (await report(client, "TAX_LOTS_CSV", 2022))["success"]  # their own data is never held back
    grant_tax_plan(db_session, user.id, TaxPlan.PRIME)
    db_session.commit()
    assert (await report(client, "FORM_8949", 2022))["success"]


async def test_every_coupon_message_and_a_plan_coupon(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    their_id = (await gql(other_user, "query { me { publicId } }"))["me"]["publicId"]
    stranger = db_session.scalar(select(User).where(User.public_id == uuid.UUID(their_id)))
    assert stranger is not None and stranger.id != user.id
    db_session.add_all(
        [
            Coupon(code="PRIMEGIFT", plan="PRIME"),
            Coupon(code="BASEGIFT", plan="BASE"),
            Coupon(code="THEIRS", plan="PRIME", user_id=stranger.id),
        ]
    )
    db_session.commit()

    async def redeemed(http: httpx.AsyncClient, code: str) -> dict[str, Any]:
        answer: dict[str, Any] = (await gql(http, COUPON, code=code))["redeemCoupon"]
        return answer

    assert await redeemed(client, "  ") == {"success": False, "message": "No code provided."}
    assert await redeemed(client, "NOPE") == {"success": False, "message": "Invalid code."}
    assert await redeemed(client, "theirs") == {
        "success": False,
        "message": "Code is associated with another user.",
    }
    assert await redeemed(client, "primegift") == {"success": True, "message": None}
    assert (await subscription(client))["subscriptionPlan"]["internalName"] == "PRIME"
    assert await redeemed(other_user, "PRIMEGIFT") == {
        "success": False,
        "message": "Premium tier has already been claimed.",
    }
    assert await redeemed(client, "BASEGIFT") == {  # a lower tier than the one held
        "success": False,
        "message": "Premium tier has already been claimed.",
    }
    assert (await subscription(other_user))["subscriptionPlan"]["internalName"] == "FREE"


async def test_a_credit_lowers_the_price_once_and_expires_unused(
    client: httpx.AsyncClient, db_session: Session, stripe: FakeStripe
) -> None:
    user = await signed_up_user(client, db_session)
    db_session.add(Coupon(code="WELCOME50", credit=Decimal("50"), credit_days=30))
    db_session.commit()
    assert (await gql(client, COUPON, code="WELCOME50"))["redeemCoupon"]["success"]
    assert (await gql(client, CREDITS))["credits"] == [
        {"amount": "50", "status": "ACTIVE", "reason": "Code WELCOME50"}
    ]
    price = (await subscription(client))["recommendedPlanForTax"]["price"]
    assert price == {"original": "59", "final": "9", "discount": "50", "discountReason": "Code WELCOME50"}

    session_id = await bought(client, stripe, "BASE")
    assert stripe.sessions[session_id]["amount_total"] == 900
    [event] = stripe.events
    await deliver(client, event.payload, event.header)
    assert [credit["status"] for credit in (await gql(client, CREDITS))["credits"]] == ["REDEEMED"]

    db_session.add(
        Credit(
            user_id=user.id,
            amount=Decimal("20"),
            status=CreditStatus.ACTIVE,
            reason="Partner offer",
            expires_at=datetime.now(UTC) - timedelta(minutes=1),
        )
    )
    db_session.commit()
    assert [credit["status"] for credit in (await gql(client, CREDITS))["credits"]] == ["EXPIRED", "REDEEMED"]
    assert (await subscription(client))["recommendedPlanForTax"]["price"]["discount"] == "0"


async def test_the_portfolio_premium_plan_is_bought_with_its_trial(
    client: httpx.AsyncClient, db_session: Session, stripe: FakeStripe
) -> None:
    await signed_up_user(client, db_session)
    portfolio = "query { portfolioSubscription { subscriptionPlan { internalName trialDays } trialEndDate } }"
    basic = (await gql(client, portfolio))["portfolioSubscription"]
    assert basic == {"subscriptionPlan": {"internalName": "basic", "trialDays": 0}, "trialEndDate": None}
    session_id = await bought(client, stripe, "premium")
    assert stripe.sessions[session_id]["amount_total"] == 999
    [event] = stripe.events
    await deliver(client, event.payload, event.header)
    premium = (await gql(client, portfolio))["portfolioSubscription"]
    assert premium["subscriptionPlan"] == {"internalName": "premium", "trialDays": 7}
    trial_end = datetime.fromisoformat(premium["trialEndDate"])
    assert timedelta(days=6, hours=23) < trial_end - datetime.now(UTC) <= timedelta(days=7)
    assert (await subscription(client))["subscriptionPlan"]["internalName"] == "FREE"  # the tax plan is apart
