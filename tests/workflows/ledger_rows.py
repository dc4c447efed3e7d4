"""Rows the workflow tests start from: a user with a custom wallet, and an uploaded file."""

from __future__ import annotations

import io
import uuid
from urllib.parse import urlsplit

from minio import Minio
from sqlalchemy.orm import Session

from ledger.infra.settings import Settings
from ledger.infra.storage import Storage, user_upload_prefix
from ledger.models import Account, Job, User
from ledger.scope.catalog import CSV_INTEGRATION_SLUG
from vocabulary.enums import AccountKind, IntegrationCategory, JobKind, JobStatus


def new_wallet(session: Session) -> tuple[User, Account]:
    user = User(email=f"wf-{uuid.uuid4().hex[:12]}@example.com", password_hash="not used")
    session.add(user)
    session.flush()
    account = Account(
        user_id=user.id,
        kind=AccountKind.CUSTOM_WALLET,
        name="Workflow wallet",
        integration_slug=CSV_INTEGRATION_SLUG,
        integration_category=IntegrationCategory.WALLET,
        is_syncing=True,
    )
    session.add(account)
    session.commit()
    return user, account


def new_job(session: Session, user: User, account: Account) -> str:
    job_id = f"csv-import/{uuid.uuid4()}"
    session.add(
        Job(
            id=job_id,
            user_id=user.id,
            kind=JobKind.CSV_IMPORT,
            status=JobStatus.ENQUEUED,
            account_id=account.id,
        )
    )
    session.commit()
    return job_id


def put_upload(settings: Settings, user: User, filename: str, content: bytes) -> str:
    """Stores a file where a presigned POST of this user would have put it; answers its file URL."""
    key = f"{user_upload_prefix(user.public_id)}{uuid.uuid4()}/{filename}"
    _put(settings, key, content)
    return Storage(settings).file_url(key)


def overwrite_upload(settings: Settings, file_url: str, content: bytes) -> None:
    """Replaces the content of an uploaded file."""
    _put(settings, urlsplit(file_url).path.lstrip("/"), content)


def _put(settings: Settings, key: str, content: bytes) -> None:
    endpoint = settings.s3.split("://", 1)[1]
    client = Minio(
        endpoint, settings.s3_access_key, settings.s3_secret_key, secure=False, region=settings.s3_region
    )
    client.put_object(settings.s3_bucket, key, io.BytesIO(content), len(content))
