"""Object storage (S3): where users' uploads are kept, how the browser posts them, how workers download them.

Uploads live under `uploads/{user public id}/{uuid}/{file name}`; a file is named to the rest of the
product by its URL `s3://{bucket}/{key}`. The API signs POST policies against the public endpoint (as
the browser reaches it) and reads objects through the internal one.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

from minio import Minio
from minio.datatypes import PostPolicy
from minio.deleteobjects import DeleteObject
from minio.error import S3Error

from ledger.infra.settings import Settings

UPLOAD_POLICY_LIFETIME = timedelta(hours=1)
DOWNLOAD_LINK_LIFETIME = timedelta(hours=1)
MAX_FILENAME_CHARS = 120
MAX_EXTENSION_CHARS = 10
DOWNLOAD_CHUNK_BYTES = 1 << 20
REMOVE_BATCH = 1000  # S3's DeleteObjects takes at most 1,000 keys a request
_UNSAFE_FILENAME_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


class StoredFileMissing(LookupError):
    """No object at that key (never uploaded, or expired)."""


class StoredFileTooLarge(ValueError):
    """The object is larger than uploads may be."""


@dataclass(frozen=True, slots=True)
class PresignedPost:
    url: str
    fields: dict[str, str]
    file_url: str


def sanitise_filename(filename: str) -> str:
    """The file name as stored: its last path part in [A-Za-z0-9._-], extension kept, at most 120 chars."""
    name = filename.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, extension = name.rpartition(".")
    if not dot:
        stem, extension = name, ""
    extension = _UNSAFE_FILENAME_CHARS.sub("", extension)[:MAX_EXTENSION_CHARS]
    stem = _UNSAFE_FILENAME_CHARS.sub("_", stem).strip("._") or "file"
    stem = stem[: MAX_FILENAME_CHARS - len(extension) - 1]
    return f"{stem}.{extension}" if extension else stem


def user_upload_prefix(user_public_id: uuid.UUID | str) -> str:
    return f"uploads/{user_public_id}/"


def user_report_prefix(user_public_id: uuid.UUID | str) -> str:
    return f"reports/{user_public_id}/"


def report_key(user_public_id: uuid.UUID, filename: str) -> str:
    """Where a generated report is kept: `reports/{user public id}/{uuid}/{file name}`."""
    return f"{user_report_prefix(user_public_id)}{uuid.uuid4()}/{sanitise_filename(filename)}"


def _client(endpoint: str, settings: Settings) -> Minio:
    parts = urlsplit(endpoint)
    return Minio(
        parts.netloc,
        access_key=settings.s3_access_key,
        secret_key=settings.s3_secret_key,
        secure=parts.scheme == "https",
        region=settings.s3_region,
    )


class Storage:
    def __init__(self, settings: Settings) -> None:
        self.bucket = settings.s3_bucket
        self.max_upload_bytes = settings.max_upload_bytes
        self.max_workbook_bytes = settings.max_workbook_bytes
        self._internal = _client(settings.s3, settings)
        self._public = _client(settings.s3_public, settings)
        self._public_url = settings.s3_public.rstrip("/")

    def bucket_reachable(self) -> bool:
        """S3 answers and holds the bucket (/readyz)."""
        return bool(self._internal.bucket_exists(self.bucket))

    def file_url(self, key: str) -> str:
        return f"s3://{self.bucket}/{key}"

    def key_of(self, file_url: str, user_public_id: uuid.UUID) -> str | None:
        """The key of a file URL naming one of this user's uploads in our bucket; None for any other URL."""
        prefix = f"s3://{self.bucket}/"
        if not file_url.startswith(prefix):
            return None
        key = file_url.removeprefix(prefix)
        parts = key.split("/")
        if (
            not key.startswith(user_upload_prefix(user_public_id))
            or len(parts) != 4
            or "" in parts
            or ".." in parts
        ):
            return None
        return key

    def presign_upload(self, user_public_id: uuid.UUID, filename: str) -> PresignedPost:
        """A POST policy for one new upload of at most max_upload_bytes, valid for an hour."""
        key = f"{user_upload_prefix(user_public_id)}{uuid.uuid4()}/{sanitise_filename(filename)}"
        policy = PostPolicy(self.bucket, datetime.now(UTC) + UPLOAD_POLICY_LIFETIME)
        policy.add_equals_condition("key", key)
        policy.add_content_length_range_condition(1, self.max_upload_bytes)
        fields = {"key": key, **self._public.presigned_post_policy(policy)}
        return PresignedPost(
            url=f"{self._public_url}/{self.bucket}", fields=fields, file_url=self.file_url(key)
        )

    def download(self, key: str, path: Path) -> None:
        """Write the object to `path` a chunk at a time; raises StoredFileMissing or StoredFileTooLarge."""
        too_large = StoredFileTooLarge(f"The file is larger than {self.max_upload_bytes} bytes.")
        try:
            size = self._internal.stat_object(self.bucket, key).size
            if size is not None and size > self.max_upload_bytes:
                raise too_large
            response = self._internal.get_object(self.bucket, key)
        except S3Error as exc:
            if exc.code in {"NoSuchKey", "NoSuchObject", "NotFound"}:
                raise StoredFileMissing(key) from exc
            raise
        try:
            written = 0
            with open(path, "wb") as file:
                for chunk in response.stream(DOWNLOAD_CHUNK_BYTES):
                    written += len(chunk)
                    if written > self.max_upload_bytes:
                        raise too_large
                    file.write(chunk)
        finally:
            response.close()
            response.release_conn()

    def keys(self, prefix: str) -> list[str]:
        """The keys of every object under `prefix`."""
        listed = self._internal.list_objects(self.bucket, prefix=prefix, recursive=True)
        return [found.object_name for found in listed if found.object_name is not None]

    def remove_prefix(self, prefix: str) -> int:
        """Delete every object under `prefix`; answers how many there were."""
        keys = self.keys(prefix)
        for start in range(0, len(keys), REMOVE_BATCH):
            batch = (DeleteObject(key) for key in keys[start : start + REMOVE_BATCH])
            errors = list(self._internal.remove_objects(self.bucket, batch))
            if errors:
                raise RuntimeError(f"S3 kept {len(errors)} of the objects, the first: {errors[0]}")
        return len(keys)

    def put(self, key: str, path: Path, content_type: str) -> None:
        """Store the file at `path` under `key` (a generated report)."""
        self._internal.fput_object(self.bucket, key, str(path), content_type=content_type)

    def presign_download(self, key: str) -> str:
        """A GET link to the object, as the browser reaches S3, valid for an hour; it downloads the
        file under its stored name."""
        name = key.rsplit("/", 1)[-1]
        return self._public.presigned_get_object(
            self.bucket,
            key,
            expires=DOWNLOAD_LINK_LIFETIME,
            response_headers={"response-content-disposition": f'attachment; filename="{name}"'},
        )
