"""Delete user (spec 001 §7): the deleteUser mutation and DeleteUserWorkflow. A user seeded with everything
(an import of an upload in S3, transactions with their own token, a cost-basis run's results, a tax
report and their own data export in S3, the data teams' export, column mappings, tasks, edits, a
watchlist, sessions, staff audit rows about them, two-step verification with recovery codes and a
one-time code, a plan, a checkout, a credit and a coupon, the tax firm they alone belong to, an identity
at the OpenID Connect provider, analytics events and feedback) is deleted, and then no table holds a row
that names them (every column referencing `users.id`, read from the metadata, and every text column
searched for their e-mail and public id), their firm is gone and no S3 key carries their public id; the
other user keeps everything. A firm's only admin is refused while the firm has other members."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import httpx
import pyarrow.parquet as pq
import pytest
from fastapi import FastAPI
from sqlalchemy import JSON, String, Text, Uuid, cast, func, or_, select
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Session
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from activities.user_deletion import superseded_export_files
from analytics.exports.catalog import EXPORT_PREFIX
from analytics.exports.manifest import Manifest
from analytics.exports.partitions import ExportFile
from api.schema.user_deletion import LAST_FIRM_ADMIN
from contracts.account_sync import ensure_sync_schedule
from contracts.ids import account_sync_id, cost_basis_id, delete_user_id
from contracts.search import run_attributes
from contracts.user_deletion import DeleteUserInput
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage, report_key
from ledger.models import (
    Account,
    AdminAction,
    Base,
    CheckoutSession,
    Coupon,
    Credit,
    Feedback,
    OneTimeToken,
    SavedColumnMapping,
    Subscription,
    Task,
    TaxFirm,
    TaxFirmMember,
    TaxProInvite,
    TaxReport,
    TokenPurpose,
    Transaction,
    TransactionEdit,
    User,
    UserIdentity,
    UserSession,
    WatchlistEntry,
)
from ledger.scope.catalog import CSV_INTEGRATION_SLUG
from stack.staff import make_admin
from tests.api.graphql import gql
from tests.api.test_cost_basis import hand_worked_ledger, signed_up_user
from tests.api.test_mfa import enable_mfa
from tests.api.test_tax_pros import (
    ACCEPT,
    ADD_ADMIN,
    FIRM,
    FIRM_INVITE,
    INCOMING,
    MEMBERS,
    OK,
    call,
    register,
)
from tests.clients import PASSWORD, app_client, sign_up
from tests.workflows.ledger_rows import new_job, put_upload
from tests.workflows.test_cost_basis import run
from tests.workflows.test_csv_import import FILE, run_import
from tests.workflows.test_data_export import EXPORT_MY_DATA, export, exported, latest_manifest
from vocabulary.enums import AccountKind, IntegrationCategory, TaskType
from vocabulary.plans import CreditStatus, PaymentState, TaxPlan
from vocabulary.tax_pros import InviteInitiator, InviteKind
from workflows.delete_user import DeleteUserWorkflow

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

DELETE = """
mutation Delete($password: String, $confirmation: String) {
  deleteUser(password: $password, confirmation: $confirmation) { success error errorMessage }
}
"""
HOW = "query { accountDeletion { requiresPassword } }"
ME = "query { me { email } }"


@pytest.fixture
async def admin(app: FastAPI, servers: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with app_client(app) as http:
        assert make_admin(servers, await sign_up(http))
        yield http


def custom_wallet(session: Session, user: User) -> Account:
    account = Account(
        user_id=user.id,
        kind=AccountKind.CUSTOM_WALLET,
        name="Imported",
        integration_slug=CSV_INTEGRATION_SLUG,
        integration_category=IntegrationCategory.WALLET,
        is_syncing=True,
    )
    session.add(account)
    session.commit()
    return account


async def seed_everything(
    http: httpx.AsyncClient,
    admin: httpx.AsyncClient,
    session: Session,
    client: Client,
    task_queue: str,
    servers: Settings,
    tmp_path: Path,
) -> User:
    """A signed-in user with a row in every kind of table and objects under every prefix."""
    user = await signed_up_user(http, session)
    hand_worked_ledger(session, user)
    wallet = custom_wallet(session, user)
    await run_import(
        client, task_queue, new_job(session, user, wallet), wallet, put_upload(servers, user, "a.csv", FILE)
    )
    try:
        await run(client, task_queue, user)
    except WorkflowAlreadyStartedError:  # the import asked for one
        await client.get_workflow_handle(cost_basis_id(user.public_id)).result()
    started = (await gql(http, EXPORT_MY_DATA, format="CSV"))["exportMyData"]
    assert (await exported(http, started["jobId"]))["success"]
    report = tmp_path / "report.pdf"
    report.write_bytes(b"%PDF-1.4 a report")
    key = report_key(user.public_id, "form-8949.pdf")
    Storage(servers).put(key, report, "application/pdf")
    transaction = session.scalars(select(Transaction).where(Transaction.user_id == user.id)).first()
    assert transaction is not None
    session.add_all(
        [
            TaxReport(
                user_id=user.id,
                job_id=f"tax-report/{user.public_id}/FORM_8949/2023",
                type="FORM_8949",
                tax_year=2023,
                s3_key=key,
            ),
            SavedColumnMapping(user_id=user.id, header_signature="0" * 64, mapping={"date": 0}),
            Task(user_id=user.id, type=TaskType.FIX_API_CREDENTIALS, account_id=wallet.id, detail="x"),
            WatchlistEntry(user_id=user.id, symbol="BTC"),
            TransactionEdit(
                user_id=user.id,
                editor_id=user.id,
                transaction_public_id=transaction.public_id,
                field="description",
                old_value=None,
                new_value=f"mine, {user.email}",
            ),
        ]
    )
    await seed_people_rows(http, session, user)
    inviter = User(email=f"pro-{uuid.uuid4().hex[:12]}@example.com", password_hash="not used")
    session.add(inviter)
    session.flush()
    session.add(  # a tax pro's invite the user has not answered: it names them by their e-mail only
        TaxProInvite(
            kind=InviteKind.CLIENT_TAX_PRO,
            initiator=InviteInitiator.TAX_PRO,
            sender_id=inviter.id,
            invitee_email=user.email,
        )
    )
    session.commit()
    # staff look at the account: an audit row about the user and a session viewing as them
    assert (await admin.post("/user/view-as", data={"user-email": user.email})).status_code == 303
    await export(client, task_queue)
    return user


async def seed_people_rows(http: httpx.AsyncClient, session: Session, user: User) -> None:
    """The account's own rows beyond the books: security, plans, a firm, an identity, analytics."""
    await enable_mfa(http)
    # the firm is named after the user, so the text search below also finds it if it stays
    await register(http, firm=f"Firm of {user.email}")
    assert (await http.post("/save_page_view", json={"page_category": "app", "page_name": "Home"})).is_success
    assert (await http.post("/save_event", json={"event_name": "Wallet Added"})).is_success
    now = datetime.now(UTC)
    credit = Credit(
        user_id=user.id,
        amount=Decimal("25.00"),
        status=CreditStatus.ACTIVE,
        reason="Referral",
        expires_at=now + timedelta(days=30),
    )
    session.add(credit)
    session.flush()
    session.add_all(
        [
            OneTimeToken(
                user_id=user.id,
                purpose=TokenPurpose.EMAIL_CHANGE,
                token_hash=b"\0" * 32,
                new_email=f"new-{user.email}",
                expires_at=now + timedelta(minutes=10),
            ),
            Subscription(
                user_id=user.id,
                kind="tax",
                plan=TaxPlan.PRIME,
                payment_state=PaymentState.PAID,
                source="checkout",
                covers_through_year=2024,
            ),
            CheckoutSession(
                user_id=user.id,
                provider_id=f"cs_test_{uuid.uuid4().hex}",
                kind="tax",
                plan=TaxPlan.PRIME,
                amount=Decimal("74.00"),
                credit_id=credit.id,
            ),
            Coupon(code=f"MINE-{uuid.uuid4().hex[:8]}".upper(), credit=Decimal("10.00"), user_id=user.id),
            UserIdentity(user_id=user.id, issuer="https://id.example", subject=f"sub-{user.public_id}"),
            Feedback(user_id=user.id, message=f"from {user.email}", rating=9),
        ]
    )
    session.commit()


def exported_users(storage: Storage, keys: list[str], directory: Path) -> set[str]:
    """The users whose rows the data teams' export files at `keys` hold (a file holds a bucket of users)."""
    found: set[str] = set()
    for key in keys:
        storage.download(key, directory / "exported.parquet")
        found.update(
            pq.read_table(directory / "exported.parquet", columns=["user"]).column("user").to_pylist()
        )
    return found


def firm_of(session: Session, user_id: int) -> uuid.UUID:
    firm = session.scalar(
        select(TaxFirm.public_id).join(TaxFirmMember).where(TaxFirmMember.user_id == user_id)
    )
    assert firm is not None
    return firm


def rows_naming(session: Session, user_id: int) -> dict[str, int]:
    """Every column that references `users.id`, with how many rows name the user (read from the metadata,
    so tables added later are checked too)."""
    found = {}
    for table in Base.metadata.sorted_tables:
        for key in table.foreign_keys:
            if key.column.table is User.__table__:
                statement = select(func.count()).select_from(table).where(key.parent == user_id)
                found[f"{table.name}.{key.parent.name}"] = session.scalar(statement) or 0
    return found


def text_mentions(session: Session, *needles: str) -> dict[str, int]:
    """Rows of every text, JSON or UUID column holding one of `needles`."""
    found = {}
    for table in Base.metadata.sorted_tables:
        for column in table.columns:
            if not isinstance(column.type, String | Text | JSON | JSONB | Uuid):
                continue
            as_text = cast(column, Text)
            matches = [as_text.contains(needle) for needle in needles]
            count = session.scalar(select(func.count()).select_from(table).where(or_(*matches))) or 0
            if count:
                found[f"{table.name}.{column.name}"] = count
    return found


async def test_a_deleted_user_leaves_no_row_and_no_object_behind(
    client: httpx.AsyncClient,
    other_user: httpx.AsyncClient,
    admin: httpx.AsyncClient,
    db_session: Session,
    temporal_client: Client,
    task_queue: str,
    servers: Settings,
    tmp_path: Path,
) -> None:
    user = await seed_everything(client, admin, db_session, temporal_client, task_queue, servers, tmp_path)
    other = await seed_everything(
        other_user, admin, db_session, temporal_client, task_queue, servers, tmp_path
    )
    user_id, public_id, email = user.id, str(user.public_id), user.email
    storage = Storage(servers)
    assert any(public_id in key for key in storage.keys(""))
    assert public_id in latest_manifest(storage, tmp_path).users
    assert public_id in exported_users(storage, storage.keys(f"{EXPORT_PREFIX}/data/"), tmp_path)
    named = rows_naming(db_session, user_id)
    seeded = (
        *("accounts.user_id", "transactions.user_id", "tax_lots.user_id", "jobs.user_id"),
        *("mfa_secrets.user_id", "mfa_recovery_codes.user_id", "one_time_tokens.user_id"),
        *("subscriptions.user_id", "checkout_sessions.user_id", "credits.user_id", "coupons.user_id"),
        *("tax_firm_members.user_id", "user_identities.user_id", "analytics_events.user_id"),
        "feedback.user_id",
    )
    for column in seeded:
        assert named[column] > 0, column
    firm = firm_of(db_session, user_id)
    others_before = rows_naming(db_session, other.id)

    # work of the user's still under way (a run no worker picks up) and an account's periodic sync
    stuck = await temporal_client.start_workflow(
        "CsvImportWorkflow",
        id=f"stuck/{uuid.uuid4()}",
        task_queue=f"nobody-polls-{uuid.uuid4()}",
        search_attributes=run_attributes("CsvImportWorkflow", user_id, None),
    )
    synced = db_session.scalars(select(Account.id).where(Account.user_id == user_id)).first()
    assert synced is not None
    await ensure_sync_schedule(temporal_client, task_queue, synced, user_id)
    scheduled = await temporal_client.start_workflow(  # as its schedule starts it: no search attributes
        "AccountSyncWorkflow", id=account_sync_id(synced), task_queue=f"nobody-polls-{uuid.uuid4()}"
    )

    assert (await gql(client, HOW))["accountDeletion"] == {"requiresPassword": True}
    answer = (await gql(client, DELETE, password=PASSWORD))["deleteUser"]
    assert answer == {"success": True, "error": None, "errorMessage": None}
    assert (await client.post("/graphql", json={"query": ME})).status_code == 401  # signed out at once
    assert (await client.post("/auth/login", json={"email": email, "password": PASSWORD})).status_code == 401
    await temporal_client.get_workflow_handle(delete_user_id(public_id)).result()

    assert (await stuck.describe()).status == WorkflowExecutionStatus.TERMINATED
    assert (await scheduled.describe()).status == WorkflowExecutionStatus.TERMINATED
    with pytest.raises(RPCError):
        await temporal_client.get_schedule_handle(account_sync_id(synced)).describe()
    db_session.expire_all()
    assert {name: found for name, found in rows_naming(db_session, user_id).items() if found} == {}
    assert text_mentions(db_session, public_id, email) == {}
    # the firm the user alone belonged to went with them
    assert db_session.scalar(select(func.count()).where(TaxFirm.public_id == firm)) == 0
    assert [key for key in storage.keys("") if public_id in key] == []
    latest = latest_manifest(storage, tmp_path)
    assert public_id not in latest.users
    # no file of the data teams' export holds the user's rows any more (the latest's, nor an earlier one's)
    assert public_id not in exported_users(storage, storage.keys(f"{EXPORT_PREFIX}/data/"), tmp_path)
    latest_files = [f"{EXPORT_PREFIX}/{file.path}" for file in latest.files]
    assert str(other.public_id) in exported_users(storage, latest_files, tmp_path)
    # staff's audit row stays, naming nobody; the other user keeps every row and object
    audited = db_session.scalars(
        select(AdminAction).where(AdminAction.user_id.is_(None), AdminAction.workflow_id.is_(None))
    ).all()
    assert audited
    assert rows_naming(db_session, other.id) == others_before
    assert any(str(other.public_id) in key for key in storage.keys("uploads/"))
    assert str(other.public_id) in latest_manifest(storage, tmp_path).users
    assert (await gql(other_user, ME))["me"]["email"] == other.email


def test_the_deleted_users_bucket_loses_its_files_older_than_the_latest_export() -> None:
    earlier, latest_id, later = (f"20261125T020000{n:06d}Z-{n:08x}" for n in (1, 2, 3))
    keys = [
        f"{EXPORT_PREFIX}/data/lots/bucket=03/{export_id}.parquet"
        for export_id in (earlier, latest_id, later)
    ]
    latest = Manifest(
        2,
        latest_id,
        "2026-11-25T02:00:00+00:00",
        earlier,
        {},
        {"lots": "data/lots/schema-v2.parquet"},
        [ExportFile(f"data/lots/bucket=03/{latest_id}.parquet", "lots", 3, 1)],
    )

    # the latest export's file holds the bucket's users but the deleted one; a later export's was
    # written after the user's rows went
    assert superseded_export_files(keys, latest) == [keys[0]]


async def test_a_wrong_or_missing_confirmation_deletes_nothing(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)

    for password in ("wrong password", None):
        answer = (await gql(client, DELETE, password=password, confirmation="DELETE"))["deleteUser"]
        assert answer == {"success": False, "error": "WRONG_PASSWORD", "errorMessage": "Incorrect password."}
    db_session.expire_all()
    assert db_session.get(User, user.id) is not None and db_session.get(User, user.id).email == user.email  # type: ignore[union-attr]
    assert (await gql(client, ME))["me"]["email"] == user.email


async def test_a_user_without_a_password_confirms_by_typing_delete(
    client: httpx.AsyncClient, temporal_client: Client, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    user.password_hash = "!"  # as a user made by the identity provider's first sign-in
    db_session.commit()
    assert (await gql(client, HOW))["accountDeletion"] == {"requiresPassword": False}

    refused = (await gql(client, DELETE, confirmation="delete"))["deleteUser"]
    assert (refused["success"], refused["error"]) == (False, "NOT_CONFIRMED")
    user_id, public_id = user.id, user.public_id
    assert (await gql(client, DELETE, confirmation="DELETE"))["deleteUser"]["success"]
    await temporal_client.get_workflow_handle(delete_user_id(public_id)).result()
    db_session.expunge_all()
    assert db_session.get(User, user_id) is None


async def test_staff_viewing_as_the_user_cannot_delete_them(
    client: httpx.AsyncClient, admin: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    grant = "mutation { updateDebugPermission(granted: true) { success } }"
    assert (await gql(client, grant))["updateDebugPermission"]["success"]
    await admin.post("/user/view-as", data={"user-email": user.email})

    answer = (await gql(admin, DELETE, password=PASSWORD))["deleteUser"]

    assert (answer["success"], answer["error"]) == (False, "NOT_ALLOWED")
    db_session.expire_all()
    assert db_session.get(User, user.id) is not None
    assert db_session.scalar(select(func.count()).where(UserSession.user_id == user.id)) == 1


async def test_the_workflow_leaves_a_user_not_marked_for_deletion_alone(
    client: httpx.AsyncClient,
    temporal_client: Client,
    task_queue: str,
    servers: Settings,
    db_session: Session,
) -> None:
    user = await signed_up_user(client, db_session)
    put_upload(servers, user, "kept.csv", FILE)

    deleted = await temporal_client.execute_workflow(
        DeleteUserWorkflow.run,
        DeleteUserInput(user.id, str(user.public_id)),
        id=f"{delete_user_id(user.public_id)}-{uuid.uuid4()}",
        task_queue=task_queue,
    )

    assert deleted == 0
    db_session.expire_all()
    assert db_session.get(User, user.id) is not None
    assert Storage(servers).keys(f"uploads/{user.public_id}/")


async def test_a_firms_only_admin_is_refused_until_another_member_is_an_admin(
    client: httpx.AsyncClient,
    other_user: httpx.AsyncClient,
    temporal_client: Client,
    db_session: Session,
) -> None:
    user = await signed_up_user(client, db_session)
    member = await signed_up_user(other_user, db_session)
    await register(client, firm="Ledger & Co")
    firm_id = (await gql(client, FIRM))["taxFirm"]["publicId"]
    await register(other_user)
    assert await call(client, FIRM_INVITE, firm=firm_id, email=member.email) == OK
    [invite] = (await gql(other_user, INCOMING))["incomingInvites"]
    assert await call(other_user, ACCEPT, id=invite["publicId"]) == OK

    answer = (await gql(client, DELETE, password=PASSWORD))["deleteUser"]

    assert answer == {"success": False, "error": "LAST_FIRM_ADMIN", "errorMessage": LAST_FIRM_ADMIN}
    db_session.expire_all()
    assert db_session.get(User, user.id) is not None and (await gql(client, ME))["me"]["email"] == user.email

    # with the member made an admin, the user goes and the firm stays, the member its admin
    assert await call(client, ADD_ADMIN, firm=firm_id, user=str(member.public_id)) == OK
    assert (await gql(client, DELETE, password=PASSWORD))["deleteUser"]["success"]
    await temporal_client.get_workflow_handle(delete_user_id(user.public_id)).result()
    members = (await gql(other_user, MEMBERS, firm=firm_id, **{"with": False}))["taxFirmMembers"]
    assert [(m["email"], m["role"]) for m in members] == [(member.email, "TAX_FIRM_ADMIN")]
