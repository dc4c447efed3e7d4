"""The demo's linked accounts: `cairn run --demo`'s fakes process (stack/demo_fakes.py running
tests/fakes/demo.py) serves a Kraken account, a zpub and an Ethereum address that the demo seed links
through the API and the worker syncs in full, once; `cairn run` without --demo starts no fake."""

from __future__ import annotations

from collections.abc import Iterator

import psutil
import pytest
from sqlalchemy import Engine, func, select

from ledger.infra.settings import Settings
from ledger.models import Account, Job, Transaction, User
from stack.api_client import CairnApi
from stack.demo import load_prices
from stack.demo_fakes import MODULE, DemoFakes, start_demo_fakes
from stack.seed import link_demo_accounts
from stack.servers import stop_all
from tests.e2e.conftest import own_app
from tests.fakes.demo import ETH_TRANSACTIONS, bitcoin_history, kraken_history
from tests.fakes.esplora import EsploraServer
from tests.fakes.kraken import KrakenFake
from tests.stack.conftest import RunningStack
from vocabulary.enums import JobStatus

EMAIL = "demo-linking@example.com"
DEMO_SETTINGS = (  # what the demo's worker and API get (DemoFakes.settings)
    "CAIRN_EXCHANGE_URLS",
    "CAIRN_EXCHANGE_RATE_LIMITS",
    "CAIRN_ESPLORA_URLS",
    "CAIRN_ETHERSCAN_URL",
    "CAIRN_EVM_RPC_URLS",
)


@pytest.fixture(scope="module")
def demo_fakes(servers: Settings) -> Iterator[DemoFakes]:
    fakes = start_demo_fakes(servers)
    try:
        yield fakes
    finally:
        stop_all([fakes.process])


@pytest.mark.servers
def test_the_demo_links_kraken_a_zpub_and_an_address_and_syncs_each_fakes_history(
    servers: Settings, demo_fakes: DemoFakes, db_engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    with own_app(servers, "demo", demo_fakes.settings()) as origin:
        api = CairnApi(origin)
        try:
            api.sign_in(EMAIL, "demo-linking-password")
            link_demo_accounts(api)
            first = capsys.readouterr().out
            link_demo_accounts(api)  # as at the next `make demo`: nothing is linked twice
            again = capsys.readouterr().out
        finally:
            api.close()

    with EsploraServer() as esplora, KrakenFake("", "") as kraken:
        expected = {
            "Kraken": kraken_history(kraken, load_prices()),
            "Bitcoin": bitcoin_history(esplora).transactions,
            "Ethereum": ETH_TRANSACTIONS,
        }
    user_id = select(User.id).where(User.email == EMAIL).scalar_subquery()
    with db_engine.connect() as connection:
        stored = connection.execute(
            select(Account.id, Account.name, func.count(Transaction.id))
            .join(Transaction, Transaction.account_id == Account.id)
            .where(Account.user_id == user_id, Transaction.user_id == user_id)
            .group_by(Account.id, Account.name)
        ).all()
        statuses = connection.execute(select(Job.status).where(Job.user_id == user_id)).scalars().all()
    assert {name.split()[0]: count for _, name, count in stored} == expected  # "Bitcoin Wallet ...", …
    assert statuses and set(statuses) == {JobStatus.FINISHED}  # the syncs, none failed
    for _, name, count in stored:
        assert f"  demo: {name}: synced {count} transactions\n" in first
    assert again == ""


def test_run_without_demo_starts_no_fake_and_points_nothing_at_one(cairn_run: RunningStack) -> None:
    run = psutil.Process(cairn_run.process.pid)
    for name in ("worker", "api"):
        worker_or_api = cairn_run.child(name).environ()
        for variable in DEMO_SETTINGS:
            assert worker_or_api.get(variable) == run.environ().get(variable), variable  # inherited as is
    assert not any(MODULE in " ".join(child.cmdline()) for child in run.children(recursive=True))
