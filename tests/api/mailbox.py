"""What the tests' SMTP sink (stack/smtp_sink.py, started with the servers) received."""

from __future__ import annotations

import re

from api.mail import MailboxMessage, read_mailbox
from ledger.infra.settings import Settings


def mail_to(settings: Settings, address: str) -> list[MailboxMessage]:
    """The messages sent to `address`, newest first."""
    return [message for message in read_mailbox(settings) if message.to == address]


def last_mail_to(settings: Settings, address: str) -> MailboxMessage:
    found = mail_to(settings, address)
    assert found, f"no mail to {address}"
    return found[0]


def find(pattern: str, text: str) -> str:
    """The first group of `pattern` in `text`."""
    match = re.search(pattern, text)
    assert match is not None, f"{pattern!r} not in {text!r}"
    return match.group(1)
