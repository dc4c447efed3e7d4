"""Reading a user's uploaded file in an activity: only a file URL naming one of that user's uploads.

The file is downloaded to a temporary file, never held in memory: ingest reads it from there within
the upload limit (CAIRN_MAX_UPLOAD_BYTES), which bounds its decompressed size too.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

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
    path: Path
    max_bytes: int  # the most it may hold once decompressed
    max_workbook_bytes: int  # the same for a workbook


@contextmanager
def read_upload(
    sessions: sessionmaker[Session], storage: Storage, user_id: int, file_url: str
) -> Iterator[Upload]:
    """The user's upload at `file_url`, downloaded for the block; raises UploadUnavailable."""
    with sessions() as session:
        public_id = session.scalar(select(User.public_id).where(User.id == user_id))
    key = None if public_id is None else storage.key_of(file_url, public_id)
    if key is None:
        raise UploadUnavailable(account_error_message(AccountError.INVALID_FILE_URL))
    with tempfile.TemporaryDirectory(prefix="cairn-upload-") as directory:
        path = Path(directory) / "upload"
        try:
            storage.download(key, path)
        except StoredFileMissing:
            raise UploadUnavailable(account_error_message(AccountError.INVALID_FILE_URL)) from None
        except StoredFileTooLarge as exc:
            raise UploadUnavailable(str(exc)) from None
        yield Upload(
            key=key,
            filename=key.rsplit("/", 1)[-1],
            path=path,
            max_bytes=storage.max_upload_bytes,
            max_workbook_bytes=storage.max_workbook_bytes,
        )
