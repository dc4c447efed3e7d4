"""The local SMTP sink of `cairn run` and the tests: accepts every message and keeps it as a .eml file
in CAIRN_HOME/mail, where the dev mailbox page (/dev/mailbox) reads it. Nothing is delivered.

Run alone with `python -m stack.smtp_sink DIRECTORY HOST PORT`.
"""

from __future__ import annotations

import asyncio
import sys
import time
import uuid
from pathlib import Path

from aiosmtpd.smtp import SMTP, Envelope, Session


class KeepInDirectory:
    """aiosmtpd's handler: each accepted message becomes `{time_ns}-{random}.eml` in `directory`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        name = f"{time.time_ns()}-{uuid.uuid4().hex[:8]}.eml"
        draft = self.directory / f".{name}"
        draft.write_bytes(content)
        draft.rename(self.directory / name)  # the mailbox never reads half a message
        return "250 Message accepted for delivery"


async def serve(directory: Path, host: str, port: int) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    handler = KeepInDirectory(directory)
    server = await asyncio.get_running_loop().create_server(lambda: SMTP(handler), host, port)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(serve(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])))
