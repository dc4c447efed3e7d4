"""Outgoing mail over SMTP (settings.smtp_*), and the dev mailbox that shows what the local sink kept.

Messages are plain text; SMTP runs in a thread so the event loop never waits on the mail server.
"""

from __future__ import annotations

import asyncio
import smtplib
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formatdate, make_msgid, parsedate_to_datetime
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, status
from pydantic import BaseModel

from api.services import Services, services
from ledger.infra.settings import Settings

SMTP_TIMEOUT_SECONDS = 10
MAILBOX_MESSAGES = 50  # the newest ones the dev mailbox lists


def _send(settings: Settings, message: EmailMessage) -> None:
    with smtplib.SMTP(settings.smtp_server, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_username:
            smtp.login(settings.smtp_username, settings.smtp_password)
        smtp.send_message(message)


async def send_mail(settings: Settings, to: str, subject: str, body: str) -> None:
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="cairn")
    message.set_content(body)
    await asyncio.to_thread(_send, settings, message)


class MailboxMessage(BaseModel):
    id: str
    to: str
    subject: str
    sentAt: str
    body: str


def read_mailbox(settings: Settings) -> list[MailboxMessage]:
    directory = settings.mail_sink_dir
    if not directory.is_dir():
        return []
    names = sorted((path for path in directory.glob("*.eml")), reverse=True)[:MAILBOX_MESSAGES]
    messages = []
    for path in names:
        parsed = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        text = parsed.get_body(preferencelist=("plain",))
        messages.append(
            MailboxMessage(
                id=path.stem,
                to=str(parsed["To"] or ""),
                subject=str(parsed["Subject"] or ""),
                sentAt=parsedate_to_datetime(str(parsed["Date"])).isoformat() if parsed["Date"] else "",
                body=text.get_content().replace("\r\n", "\n") if text is not None else "",  # SMTP's line ends
            )
        )
    return messages


router = APIRouter(prefix="/dev", tags=["dev"])


@router.get("/mailbox/messages")
async def mailbox(app: Annotated[Services, Depends(services)]) -> list[MailboxMessage]:
    """What the local SMTP sink received, newest first; not found unless settings.dev_mailbox is on."""
    if not app.settings.dev_mailbox:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail="Not Found")
    return await asyncio.to_thread(read_mailbox, app.settings)
