"""Starting the local servers: clear refusal on a taken port, nothing left behind."""

import socket
from pathlib import Path

import psycopg
import pytest

from ledger.infra.settings import Settings
from stack import servers
from stack.servers import (
    LocalServers,
    ServerError,
    ephemeral_ports_start,
    free_port,
    free_s3_port,
    require_free,
    start_postgres,
    stop_all,
)


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


def test_ports_are_handed_out_below_the_systems_ephemeral_ports_once_each() -> None:
    """Below the ephemeral ports, which a server that picks its own takes from (Temporal's dev server):
    a port handed out is free until its server binds it, so none is handed out twice."""
    ports = [free_port() for _ in range(50)]
    assert len(set(ports)) == len(ports)
    assert all(10000 <= port < ephemeral_ports_start() for port in ports)


def test_seaweedfs_never_gets_a_port_handed_out_before_its_server_took_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed_out = next(port for port in iter(free_port, None) if port > 21000 and (port - 21001) % 20 == 0)
    # the process whose first SeaweedFS range would have its master port on it
    monkeypatch.setattr(servers.os, "getpid", lambda: (handed_out - 21001) // 20)
    assert free_s3_port() != handed_out - 1


def test_postgres_starts_in_a_home_too_deep_for_its_unix_socket(tmp_path: Path) -> None:
    """A Unix socket's path holds at most 107 bytes: in a deeper home the socket goes to a short
    directory of its own (a test's temporary directory gets deeper with every pytest run)."""
    home = tmp_path / ("deep-" * 20)
    settings = Settings(home=home, pg_port=free_port())
    assert len(str(home / "postgres-socket" / f".s.PGSQL.{settings.pg_port}")) > 107
    server = start_postgres(home, settings.host, settings.pg_port, settings.pg_password)
    try:
        with psycopg.connect(settings.db_url.replace("+psycopg", ""), connect_timeout=5) as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
    finally:
        stop_all([server])
