"""Starting the local servers: clear refusal on a taken port, nothing left behind."""

import socket

import pytest

from ledger.infra.settings import Settings
from stack.servers import LocalServers, ServerError, free_port, free_s3_port, require_free


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
