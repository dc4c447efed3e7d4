"""The status panel's poll on its hot path (api/status_poll.py): the frontend's document is recognised,
answered exactly as the general path answers it, only with the session's own user's status, and every
other request — no session, an expired one, a view-as one, another document, bad bodies — is left to the
general path."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from graphql import OperationDefinitionNode, parse, print_ast
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from api.observability import API_LATENCY
from api.schema.cost_basis import CostBasisStatus as CostBasisStatusType
from api.status_poll import DOCUMENT, OPERATION, StatusPolls, is_the_poll
from ledger.infra.settings import Settings
from ledger.models import CostBasisStatus, TaxYearFreeze, User, UserSession
from stack.staff import make_admin
from tests.clients import app_client, sign_up
from vocabulary.enums import CostBasisState, FreezingStatus, QueuePriority

pytestmark = pytest.mark.servers

FRONTEND = Path(__file__).resolve().parents[2] / "frontend" / "src" / "features" / "status" / "api"
# the same document, on the general path: GraphQL ignores comments, the hot path takes none
GENERAL = "# answered by Strawberry\n" + DOCUMENT
AT = datetime(2026, 11, 29, 12, 30, 15, 123456, tzinfo=UTC)


def frontend_document() -> str:
    """The poll as the frontend's codegen sends it: the operation alone, printed from its source."""
    (operation,) = [
        definition
        for definition in parse((FRONTEND / "status.graphql").read_text()).definitions
        if isinstance(definition, OperationDefinitionNode)
        and definition.name is not None
        and definition.name.value == OPERATION
    ]
    return print_ast(operation)


def body(**request: Any) -> bytes:
    return json.dumps(request).encode()


def test_the_frontends_document_is_the_poll_and_nothing_else_is() -> None:
    sent = frontend_document()
    assert is_the_poll(body(operationName=OPERATION, query=sent, variables={}))
    assert is_the_poll(body(query=" ".join(sent.split())))  # whitespace aside
    assert is_the_poll(body(query=sent.replace("\n", ",\n")))  # commas are whitespace in GraphQL
    for other in (
        sent.replace("costBasisPaused", "costBasisPaused\n    __typename"),
        sent.replace("isCostBasisRunning", "running: isCostBasisRunning"),
        sent.replace("error\n", ""),
        GENERAL,
        "query GetCostBasisStatus { costBasisStatus { isCostBasisRunning } }",
    ):
        assert not is_the_poll(body(query=other))
    for ignored_by_python_only in (
        "\u00a0",
        "\x0b",
        "\u2028",
    ):  # GraphQL refuses these: the general path says so
        assert not is_the_poll(body(query=sent.replace("\n", ignored_by_python_only)))
    assert is_the_poll(body(query=sent, variables=None, extensions={}))
    refused: list[object] = [{"a": 1}, [], "", 0, False]  # the general path refuses all but the first
    for variables in refused:
        assert not is_the_poll(body(query=sent, variables=variables))
    assert not is_the_poll(body(query=sent, extensions="x"))
    assert not is_the_poll(body(query=sent + " " * 5000))  # beyond the bound, even in one piece
    assert not is_the_poll(body(query=sent, operationName="Other"))
    assert not is_the_poll(body(query=sent, unknown=1))
    assert not is_the_poll(b"GetCostBasisStatus not json")
    assert not is_the_poll(b'["GetCostBasisStatus"]')


@pytest.fixture
def answered(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Per request the hot path looked up: whether it answered (else the general path did)."""
    seen: list[bool] = []
    looked_up = StatusPolls.status

    async def status(polls: StatusPolls, token: str) -> CostBasisStatusType | None:
        found = await looked_up(polls, token)
        seen.append(found is not None)
        return found

    monkeypatch.setattr(StatusPolls, "status", status)
    return seen


async def poll(http: httpx.AsyncClient, query: str = DOCUMENT) -> httpx.Response:
    return await http.post("/graphql", json={"operationName": OPERATION, "query": query, "variables": {}})


async def both(http: httpx.AsyncClient) -> tuple[Any, Any]:
    hot, general = await poll(http), await poll(http, GENERAL)
    assert hot.status_code == general.status_code == 200, (hot.text, general.text)
    return hot.json(), general.json()


def user_of(session: Session, email: str) -> User:
    found = session.scalar(select(User).where(User.email == email))
    assert found is not None
    return found


STATES: list[dict[str, Any]] = [
    {},  # never asked for: no row
    {"state": CostBasisState.STARTED, "priority": QueuePriority.HIGH, "compute_start_time": AT},
    {
        "state": None,
        "priority": QueuePriority.LOW,
        "compute_start_time": AT,
        "compute_end_time": AT + timedelta(seconds=3),
        "last_synced_at": AT + timedelta(seconds=3),
        "recomputation_date": AT + timedelta(minutes=1),
        "is_paused": True,
    },
    {"state": CostBasisState.FAILED, "priority": QueuePriority.NORMAL, "is_undergoing_allocation": True},
]


@pytest.mark.parametrize("state", STATES)
async def test_the_poll_answers_as_the_general_path_does(
    app: FastAPI, db_session: Session, answered: list[bool], state: dict[str, Any]
) -> None:
    async with app_client(app) as http:
        user = user_of(db_session, await sign_up(http))
        if state:
            db_session.add(CostBasisStatus(user_id=user.id, **state))
            db_session.add(
                TaxYearFreeze(
                    user_id=user.id,
                    year=2023,
                    status=FreezingStatus.ERRORED_WITH_UNFROZEN_PERIODS
                    if state.get("state") is CostBasisState.FAILED
                    else FreezingStatus.FREEZING_IN_PROGRESS,
                    start_time=AT,
                    error="Frozen years could not be computed.",
                )
            )
            db_session.commit()
        before = API_LATENCY.labels("query", "costBasisStatus")._sum.get()
        hot, general = await both(http)
        assert hot == general
        assert answered == [True]  # the first on the hot path, the second (with a comment) not looked up
        assert API_LATENCY.labels("query", "costBasisStatus")._sum.get() > before
    if state.get("state") is CostBasisState.STARTED:
        assert hot["data"]["costBasisStatus"]["isCostBasisRunning"] is True
        assert hot["data"]["costBasisStatus"]["costBasisStatus"] == {"state": "Started", "priority": "HIGH"}


async def test_each_session_reads_its_own_users_status(
    app: FastAPI, db_session: Session, answered: list[bool]
) -> None:
    async with app_client(app) as first, app_client(app) as second:
        one = user_of(db_session, await sign_up(first))
        await sign_up(second)
        db_session.add(
            CostBasisStatus(user_id=one.id, state=CostBasisState.ENQUEUED, priority=QueuePriority.HIGH)
        )
        db_session.commit()
        mine, theirs = (await poll(first)).json(), (await poll(second)).json()
    assert answered == [True, True]
    assert mine["data"]["costBasisStatus"]["costBasisStatus"]["state"] == "Enqueued"
    assert theirs["data"]["costBasisStatus"]["costBasisStatus"] == {"state": None, "priority": None}


async def test_without_a_valid_session_the_general_path_refuses(app: FastAPI, db_session: Session) -> None:
    async with app_client(app) as http:
        assert (await poll(http)).status_code == 401  # no cookie
        email = await sign_up(http)
        db_session.execute(
            update(UserSession)
            .where(UserSession.user_id == user_of(db_session, email).id)
            .values(expires_at=datetime.now(UTC) - timedelta(seconds=1))
        )
        db_session.commit()
        assert (await poll(http)).status_code == 401  # expired
        http.cookies.set("cairn_session", "not-a-session-token")
        assert (await poll(http)).status_code == 401


async def test_an_admin_viewing_as_a_user_reads_the_users_status(
    app: FastAPI, servers: Settings, db_session: Session, answered: list[bool]
) -> None:
    async with app_client(app) as admin, app_client(app) as viewed:
        admin_email, viewed_email = await sign_up(admin), await sign_up(viewed)
        assert make_admin(servers, admin_email)
        user = user_of(db_session, viewed_email)
        db_session.add(
            CostBasisStatus(user_id=user.id, state=CostBasisState.SCHEDULED, priority=QueuePriority.LOW)
        )
        db_session.commit()
        assert (await admin.post("/user/view-as", data={"user-email": viewed_email})).status_code == 303
        hot, general = await both(admin)
    assert answered == [False]  # left to the general path, which chooses whose status it reads
    assert hot == general
    assert hot["data"]["costBasisStatus"]["costBasisStatus"] == {"state": "Scheduled", "priority": "LOW"}


async def test_bad_bodies_go_to_the_general_path(app: FastAPI, answered: list[bool]) -> None:
    async with app_client(app) as http:
        await sign_up(http)
        broken = await http.post(
            "/graphql", content=b'{"query": "GetCostBasisStatus', headers={"content-type": "application/json"}
        )
        assert broken.status_code == 400
        as_text = await http.post(
            "/graphql",
            content=json.dumps({"query": DOCUMENT}).encode(),
            headers={"content-type": "text/plain"},
        )
        assert as_text.status_code == 400  # the general path's "Unsupported content type"
        padded = {"operationName": OPERATION, "query": DOCUMENT + " " * 5000, "variables": {}}
        beyond = await http.post("/graphql", json=padded)  # beyond the hot path's bound: still answered
        assert answered == []  # none of them looked up
        assert beyond.status_code == 200 and beyond.json() == (await poll(http)).json()
        assert answered == [True]


async def test_a_database_error_leaves_the_poll_to_the_general_path(
    app: FastAPI, answered: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app_client(app) as http:
        await sign_up(http)
        hot = (await poll(http)).json()
        monkeypatch.setattr("api.status_poll.SESSION_PANEL", "SELECT * FROM no_such_table")
        fallen_back = await poll(http)
    assert answered == [True, False]
    assert fallen_back.status_code == 200 and fallen_back.json() == hot
