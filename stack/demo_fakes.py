"""The demo's outside services: the local fakes of Kraken, Esplora, Etherscan and an Ethereum node, and the
settings that point the worker and the API at them. Only `cairn run --demo` starts them.

The fakes are test code (tests/fakes) and are not installed with the package, so `stack` never imports
them: it runs `python -m tests.fakes.demo` from the checkout as a child process, on ports it chooses,
which keep the settings right when the child is started again.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from ledger.infra.settings import Settings
from stack.servers import ChildProcess, ServerError, answers_tcp, free_port, stop_all, wait_until

CHECKOUT = Path(__file__).resolve().parents[1]
MODULE = "tests.fakes.demo"
HOST = "127.0.0.1"  # where the fakes listen (tests/fakes/server.py)
FAKES = ("kraken", "esplora", "etherscan", "evm_rpc")  # in the order the module takes their ports


@dataclass(frozen=True)
class DemoFakes:
    process: ChildProcess
    ports: dict[str, int]

    def url(self, fake: str) -> str:
        return f"http://{HOST}:{self.ports[fake]}"

    def settings(self) -> dict[str, str]:
        """The CAIRN_* variables of the worker and the API that send their outside requests to the fakes."""
        return {
            "CAIRN_EXCHANGE_URLS": json.dumps({"kraken": self.url("kraken")}),
            "CAIRN_EXCHANGE_RATE_LIMITS": "false",
            "CAIRN_ESPLORA_URLS": json.dumps({"bitcoin": self.url("esplora")}),
            "CAIRN_ETHERSCAN_URL": self.url("etherscan"),
            "CAIRN_EVM_RPC_URLS": json.dumps({"ethereum": self.url("evm_rpc")}),
        }


def start_demo_fakes(settings: Settings) -> DemoFakes:
    """Starts the fakes' process and waits until each fake listens."""
    if not (CHECKOUT / "tests" / "fakes" / "demo.py").exists():
        raise ServerError(f"The demo's fakes are in {CHECKOUT / 'tests' / 'fakes'}: run it from a checkout.")
    ports = {fake: free_port(HOST) for fake in FAKES}
    path = os.pathsep.join(filter(None, [str(CHECKOUT), os.environ.get("PYTHONPATH")]))
    process = ChildProcess(
        "demo fakes",
        [sys.executable, "-m", MODULE, *(str(ports[fake]) for fake in FAKES)],
        settings.home.resolve() / "logs" / "demo-fakes.log",
        env={**os.environ, "PYTHONPATH": path},
    )
    process.start()
    try:
        for fake in FAKES:
            wait_until(answers_tcp(HOST, ports[fake]), f"The demo's {fake} fake", 30, process.log)
    except BaseException:
        stop_all([process])
        raise
    return DemoFakes(process, ports)
