"""Every port `cairn run` listens on is on the configured host, and each one refuses a client without
credentials: the API without a session, PostgreSQL without a password, S3 without a signature, and
SeaweedFS's master, volume, filer and admin ports (HTTP and gRPC) without the client certificate that
exists only in CAIRN_HOME. The one exception is Temporal: its dev server has no authentication to
turn on, so its ports are only kept on the configured host (loopback unless CAIRN_HOST says otherwise),
and so is the worker's metrics port."""

from __future__ import annotations

import socket
import ssl
from pathlib import Path

import httpx
import psutil
import psycopg
import pytest

from stack.servers import answers_tcp, seaweedfs_ports, wait_until
from tests.stack.conftest import RunningStack

pytestmark = pytest.mark.servers


def listening(process: psutil.Process) -> set[tuple[str, int]]:
    """The TCP addresses `process` and its own children listen on."""
    return {
        (connection.laddr.ip, connection.laddr.port)
        for member in (process, *process.children(recursive=True))
        for connection in member.net_connections("inet")
        if connection.status == psutil.CONN_LISTEN
    }


HTTP_REQUEST = b"GET / HTTP/1.1\r\nHost: cairn\r\nConnection: close\r\n\r\n"
GRPC_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes.fromhex("000000040000000000")  # + empty SETTINGS


def tls_answer(host: str, port: int, grpc: bool, certificate: tuple[Path, Path] | None = None) -> bytes:
    """The first bytes a TLS server answers to an HTTP/1.1 request or to a gRPC client's HTTP/2 preface;
    raises OSError (ssl.SSLError among them) when it refuses the client."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    if grpc:
        context.set_alpn_protocols(["h2"])
    if certificate is not None:
        context.load_cert_chain(*certificate)
    with socket.create_connection((host, port), timeout=5) as raw, context.wrap_socket(raw) as tls:
        tls.sendall(GRPC_PREFACE if grpc else HTTP_REQUEST)
        answer = tls.recv(64)
        if not answer:
            raise ConnectionResetError("closed without an answer")
        return answer


def test_every_listening_port_is_on_the_host_and_refuses_a_client_without_credentials(
    cairn_run: RunningStack,
) -> None:
    settings = cairn_run.settings
    host = settings.host
    security = settings.home / "seaweedfs-security"
    certificate = (security / "node.crt", security / "node.key")
    # The banner comes once the servers answer; the worker opens its metrics port when it has started.
    wait_until(answers_tcp(host, settings.worker_metrics_port), "The worker's metrics", 60)
    owners = {
        name: listening(cairn_run.child(name)) for name in ("postgres", "temporal", "weed", "api", "worker")
    }
    every = set().union(*owners.values())
    assert {address for address, _ in every} == {host}
    # The worker's Prometheus metrics (Temporal SDK's server, no authentication to turn on): on the host only.
    assert owners["worker"] == {(host, settings.worker_metrics_port)}
    assert owners["api"] == {(host, settings.api_port)}
    assert owners["postgres"] == {(host, settings.pg_port)}
    assert (host, settings.temporal_port) in owners["temporal"]
    assert (host, settings.temporal_ui_port) in owners["temporal"]
    # The SMTP sink, like Temporal, takes any client: it keeps mail in CAIRN_HOME/mail and sends none on.
    assert listening(cairn_run.child(str(settings.smtp_port))) == {(host, settings.smtp_port)}

    # The API: nothing without a session.
    assert httpx.post(f"{settings.origin}/graphql", json={"query": "{ __typename }"}).status_code == 401

    # PostgreSQL: no role logs in without its password, the superuser not at all over TCP.
    for user in ("cairn", "postgres"):
        with pytest.raises(psycopg.OperationalError, match="password"):
            psycopg.connect(host=host, port=settings.pg_port, user=user, dbname="cairn", connect_timeout=5)
    with psycopg.connect(settings.db_url.replace("+psycopg", "")) as conn:
        assert conn.execute("SELECT current_user").fetchone() == ("cairn",)

    # S3: an anonymous request is denied.
    assert httpx.get(f"{settings.s3}/{settings.s3_bucket}").status_code == 403
    assert httpx.put(f"{settings.s3}/{settings.s3_bucket}/planted.txt", content=b"x").status_code == 403

    # SeaweedFS's other ports: TLS that wants the client certificate (their HTTP ports, and the
    # gRPC ports of every component); with it, the volume server and the filer still want a signed JWT.
    http = seaweedfs_ports(settings.s3_port)
    inner = {port for _, port in owners["weed"]} - {settings.s3_port}
    assert set(http.values()) <= inner
    for port in sorted(inner):
        grpc = port not in http.values()
        with pytest.raises(OSError):
            tls_answer(host, port, grpc)
        assert tls_answer(host, port, grpc, certificate)  # so refused above for want of the certificate
    for name in ("volume", "filer"):
        answer = tls_answer(host, http[name], grpc=False, certificate=certificate)
        assert answer.startswith(b"HTTP/1.1 401"), (name, answer)
