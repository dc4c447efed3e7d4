"""`cairn admin make-admin EMAIL` on the real database: grants the role, in any case of the e-mail; an
e-mail nobody has is an error."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import User
from stack.cli import main
from tests.clients import sign_up

pytestmark = pytest.mark.servers


async def test_make_admin_grants_the_role(client: httpx.AsyncClient, db_session: Session) -> None:
    email = await sign_up(client)

    assert main(["admin", "make-admin", email.upper()]) == 0

    assert db_session.scalar(select(User.is_admin).where(User.email == email)) is True


def test_an_unknown_email_is_an_error(db_session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["admin", "make-admin", "nobody@example.com"]) == 1
    assert capsys.readouterr().err == "No user has the e-mail nobody@example.com.\n"
