"""Upload keys: sanitised file names, and file URLs accepted only under their user's prefix."""

from __future__ import annotations

import uuid

import pytest

from ledger.infra.settings import Settings
from ledger.infra.storage import Storage, sanitise_filename


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("trades.csv", "trades.csv"),
        ("C:\\Users\\me\\My Trades (1).xlsx", "My_Trades_1.xlsx"),
        ("../../etc/passwd", "passwd"),
        ("..", "file"),
        ("名前.csv", "file.csv"),
        (".bashrc", "file.bashrc"),
        ("README", "README"),
        ("a" * 300 + ".csv", "a" * 116 + ".csv"),
    ],
)
def test_file_names_are_sanitised(given: str, stored: str) -> None:
    assert sanitise_filename(given) == stored


def test_only_the_users_own_upload_keys_are_accepted() -> None:
    storage = Storage(Settings(s3_bucket="bucket"))
    owner, stranger = uuid.uuid4(), uuid.uuid4()
    key = f"uploads/{owner}/{uuid.uuid4()}/trades.csv"

    assert storage.key_of(f"s3://bucket/{key}", owner) == key
    assert storage.key_of(f"s3://bucket/{key}", stranger) is None
    assert storage.key_of(f"s3://other-bucket/{key}", owner) is None
    assert storage.key_of(f"s3://bucket/uploads/{owner}/../{stranger}/x/trades.csv", owner) is None
    assert storage.key_of(f"s3://bucket/uploads/{owner}/trades.csv", owner) is None
