"""An export's manifest (`manifests/{export id}.json`, and `latest.json` for the newest): the schema
version, when it was made, every user with the cost-basis run its tables came from and the export that
wrote them, and every table's bucket files with their row counts. An incremental export rewrites the
buckets holding a user whose run changed (or who is new, or gone) and keeps the others' entries and files."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from analytics.exports.partitions import ExportFile, bucket_of


@dataclass(frozen=True)
class UserEntry:
    run_id: str
    exported_in: str  # the export that wrote the files holding this user's rows


@dataclass
class Manifest:
    version: int
    export_id: str
    created_at: str  # ISO 8601, UTC
    previous: str | None
    users: dict[str, UserEntry] = field(default_factory=dict)  # by user public id
    schema_files: dict[str, str] = field(default_factory=dict)  # table → its empty schema file
    files: list[ExportFile] = field(default_factory=list)

    def table_files(self, table: str) -> list[str]:
        """The table's files, its schema file first."""
        return [self.schema_files[table], *(file.path for file in self.files if file.table == table)]

    def paths(self) -> list[str]:
        """Every file the export is read from, relative to its root: the schema files, then the data files."""
        return [*self.schema_files.values(), *(file.path for file in self.files)]

    def rows(self) -> dict[str, int]:
        counts = dict.fromkeys(self.schema_files, 0)
        for file in self.files:
            counts[file.table] += file.rows
        return counts

    def to_json(self) -> str:
        document: dict[str, Any] = asdict(self)
        document["rows"] = self.rows()
        return json.dumps(document, indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Manifest:
        document = json.loads(text)
        return cls(
            version=document["version"],
            export_id=document["export_id"],
            created_at=document["created_at"],
            previous=document["previous"],
            users={user: UserEntry(**entry) for user, entry in document["users"].items()},
            schema_files=document["schema_files"],
            files=[ExportFile(**file) for file in document["files"]],
        )


def stale_buckets(runs: dict[str, str], previous: Manifest | None) -> set[int]:
    """The buckets to write anew: those of the users (public ids in `runs`, with their latest finished
    run) whose run is not the one the previous export holds, and of the users it holds who are gone."""
    if previous is None:
        return {bucket_of(user) for user in runs}
    changed = {
        user
        for user, run_id in runs.items()
        if user not in previous.users or previous.users[user].run_id != run_id
    }
    return {bucket_of(user) for user in changed | (previous.users.keys() - runs.keys())}


def carried_files(
    previous: Manifest | None, rewritten: set[int]
) -> tuple[dict[str, UserEntry], list[ExportFile]]:
    """The previous export's user entries and files outside the `rewritten` buckets."""
    if previous is None:
        return {}, []
    users = {user: entry for user, entry in previous.users.items() if bucket_of(user) not in rewritten}
    return users, [file for file in previous.files if file.bucket not in rewritten]
