"""Starting the local servers: clear refusal on a taken port, nothing left behind."""

import socket
from typing import Any

import pytest

from ledger.infra.settings import Settings
from stack import servers
from stack.servers import LocalServers, ServerError, free_port, free_s3_port, require_free, seaweedfs_ports


def test_a_taken_port_is_named_with_its_variable() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ServerError, match=f"Port {port} on 127.0.0.1 is already in use.*CAIRN_PG_PORT"):
            require_free("127.0.0.1", {"CAIRN_PG_PORT": port})


def test_servers_refuse_to_start_on_a_taken_port(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        settings = Settings(
            home=tmp_path,
            pg_port=free_port(),
            temporal_port=taken.getsockname()[1],
            temporal_ui_port=free_port(),
            s3_port=free_s3_port(),
        )
        with pytest.raises(ServerError, match="CAIRN_TEMPORAL_PORT"), LocalServers(settings):
            pass
    assert not (tmp_path / "postgres").exists()  # refused before anything started


def test_seaweedfs_never_gets_a_port_handed_out_before_its_server_took_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A port `free_port` chose is free until its server binds it: SeaweedFS's range (its gRPC twins
    at +10000 lie among the system's ephemeral ports) must not fall on it, nor `free_port` on theirs."""
    monkeypatch.setattr(servers.os, "getpid", lambda: 777)
    first = 21000 + 777 * 20  # the first range free_s3_port tries
    twin = seaweedfs_ports(first)["master"] + 10000

    class Ephemeral(socket.socket):  # the system's next ephemeral port happens to be that twin
        def bind(self, address: Any) -> None:
            super().bind((address[0], twin) if address[1] == 0 else address)

    with monkeypatch.context() as system:
        system.setattr(servers.socket, "socket", Ephemeral)
        assert free_port() == twin
    assert free_s3_port() != first
    assert free_port() != twin
