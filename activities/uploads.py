"""Reading a user's uploaded file in an activity: only a file URL naming one of that user's uploads."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from ledger.infra.storage import Storage, StoredFileMissing, StoredFileTooLarge
from ledger.models import User
from vocabulary.errors import AccountError, account_error_message


class UploadUnavailable(ValueError):
    """The file cannot be read for this user; the message is the user's to read."""


@dataclass(frozen=True, slots=True)
class Upload:
    key: str
    filename: str
    data: bytes


def read_upload(sessions: sessionmaker[Session], storage: Storage, user_id: int, file_url: str) -> Upload:
    """The bytes of the user's upload at `file_url`; raises UploadUnavailable."""
    with sessions() as session:
        public_id = session.scalar(select(User.public_id).where(User.id == user_id))
    key = None if public_id is None else storage.key_of(file_url, public_id)
    if key is None:
        raise UploadUnavailable(account_error_message(AccountError.INVALID_FILE_URL))
    try:
        data = storage.read(key)
    except StoredFileMissing:
        raise UploadUnavailable(account_error_message(AccountError.INVALID_FILE_URL)) from None
    except StoredFileTooLarge as exc:
        raise UploadUnavailable(str(exc)) from None
    return Upload(key=key, filename=key.rsplit("/", 1)[-1], data=data)
