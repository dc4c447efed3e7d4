"""What keeps SeaweedFS's inner servers closed: only its S3 port serves clients, and only with credentials.

`weed mini` also runs a master, a volume server, a filer and an admin server, each on an HTTP and a
gRPC port. Its `security.toml` (written here, with a new key and certificate at every start) makes
every one of those ports require a client certificate signed by a certificate authority that exists
only in this directory (mutual TLS), and makes the volume server and the filer also require a JWT
signed with keys that exist only in this file. The S3 gateway holds both and stays plain HTTP with
AWS signatures.
"""

from __future__ import annotations

import datetime
import ipaddress
import json
import os
import secrets
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

SERVERS = ("master", "volume", "filer", "admin")  # each serves HTTP(S) and gRPC
GRPC_ONLY = ("s3", "worker", "client")  # the S3 gateway's gRPC, mini's admin worker, outgoing calls
JWT_KEYS = ("jwt.signing", "jwt.signing.read", "jwt.filer_signing", "jwt.filer_signing.read")


def write_security(directory: Path, host: str) -> Path:
    """Writes a new certificate authority, a certificate for `host` and `security.toml` in `directory`,
    readable by this user only; SeaweedFS reads them with `-config_dir=directory`."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    directory.chmod(0o700)
    authority_key = ec.generate_private_key(ec.SECP256R1())
    authority = _certificate("Cairn local SeaweedFS authority", authority_key, authority_key, None, host)
    node_key = ec.generate_private_key(ec.SECP256R1())
    node = _certificate("Cairn local SeaweedFS", node_key, authority_key, authority, host)
    ca, cert, key = directory / "ca.crt", directory / "node.crt", directory / "node.key"
    _write_private(ca, authority.public_bytes(serialization.Encoding.PEM))
    _write_private(cert, node.public_bytes(serialization.Encoding.PEM))
    _write_private(
        key,
        node_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ),
    )
    pair: dict[str, object] = {"cert": str(cert), "key": str(key)}
    sections: dict[str, dict[str, object]] = {
        **{name: {"key": secrets.token_hex(32)} for name in JWT_KEYS},
        "grpc": {"ca": str(ca)},
        **{f"grpc.{name}": pair for name in (*SERVERS, *GRPC_ONLY)},
        **{f"https.{name}": {**pair, "ca": str(ca)} for name in SERVERS},
        "https.client": {"enabled": True, **pair, "ca": str(ca)},
    }
    toml = "".join(
        f"[{name}]\n" + "".join(f"{field} = {json.dumps(value)}\n" for field, value in values.items())
        for name, values in sections.items()
    )
    _write_private(directory / "security.toml", toml.encode())
    return directory


def _certificate(
    name: str,
    key: ec.EllipticCurvePrivateKey,
    signer: ec.EllipticCurvePrivateKey,
    issuer: x509.Certificate | None,
    host: str,
) -> x509.Certificate:
    """The authority's own certificate when `issuer` is None, else one for every SeaweedFS server, as
    server and as client (its servers call each other), valid for `host`."""
    now = datetime.datetime.now(datetime.UTC)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject if issuer is None else issuer.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=issuer is None, path_length=None), critical=True)
    )
    if issuer is not None:
        builder = builder.add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]),
            critical=False,
        ).add_extension(x509.SubjectAlternativeName([_alt_name(host)]), critical=False)
    return builder.sign(signer, hashes.SHA256())


def _alt_name(host: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        return x509.DNSName(host)


def _write_private(path: Path, content: bytes) -> None:
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
        file.write(content)
